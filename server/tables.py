"""One table: the Table that composes a table's jobs, and the single path every move takes.

A move (from a client, a bot or a timer) is checked by the engine, journaled and committed, and
only then applied and sent: each seat gets that seat's view, legal moves and events, each
spectator the spectator's. Requests a table refuses raise `Refused`; nothing changes then.

The jobs have rooms of their own, each with its own small state: the seat and its holder
(server/seats.py), the seats' comings and goings (server/seating.py), the messages a table
sends (server/telling.py), bots and stand-ins (server/standins.py), the quiet-time timer and
the turn clock (server/timekeeping.py), and the journal's replay (server/restore.py).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from server import bots
from server.clocks import TurnClock
from server.identities import Identity
from server.journal import Journal
from server.refusals import Refused
from server.restore import replay_journal
from server.seating import Seating
from server.seats import Seat, hash_password, restored_bot
from server.standins import StandIns
from server.status import ABANDONED, FINISHED, PLAYING, WAITING
from server.store import StorageFull, TableRecord
from server.telling import Telling
from server.timekeeping import ClockKeeper, QuietTimer
from server.undo import Takebacks, taken_back_event
from shared import engine
from shared.engine import Game
from shared.protocol import encode

log = logging.getLogger(__name__)

DEFAULT_KEEP = 600

# How many of the latest moves' events a `sync` carries for the game log.
HISTORY_MOVES = 40

# Bounds on a bot's pause before it acts, in seconds (each bot names its own human-like pause;
# a bot auctioneer in Das Kollier leaves people most of the quiet time, up to 120 s, to bid).
BOT_DELAY = (0.3, 120.0)

# While the disk is full, a bot's or timer's move that could not be saved is tried again after
# this many seconds (the bot thinks again, the timer runs again).
FULL_RETRY = 2.0


def default_rules() -> dict[str, Any]:
    """A table's own options when `create` names none: undo allowed, no turn clock, counted
    (a `friendly` table's games add to no standings and no ratings), hints allowed (a table
    from before hints existed keeps them on), and no stand-in for idle seats (`idle_takeover`:
    after how many seconds of waiting a bot takes an idle seat over), and no name of its own
    (`name`: what the lobbies show beside its number)."""
    return {
        "undo": True,
        "clock": None,
        "friendly": False,
        "hints": True,
        "idle_takeover": None,
        "name": None,
    }


# Journals a game's last move with `write` (the store's call), and with it what the game means
# beyond the table (server/evening.py: placings and ratings), in one transaction.
Finishing = Callable[["Table", dict[str, Any], Callable[[], None]], Awaitable[None]]


@dataclass
class TableHooks:
    """What a table needs from the lobby: whom to tell when it changes, the bots' pause, how a
    game's end is journaled, the ratings shown beside names, and who the host is."""

    changed: Callable[[Table], None]
    bot_delay: tuple[float, float] = BOT_DELAY
    finishing: Finishing | None = None
    rating: Callable[[str, str], float | None] | None = None
    is_host: Callable[[Identity], bool] | None = None
    # A seat idle past the table's limit went to a stand-in (table, seat, level, seconds idle).
    stood_in: Callable[[Table, int, str, float], None] | None = None


@dataclass(eq=False)
class Table:
    """A table in memory. Create with `Table.new` or `Table.restore`."""

    id: int
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    keep: int
    password: bytes | None
    creator: Identity | None
    creator_key: str | None
    seats: list[Seat]
    journal: Journal
    hooks: TableHooks
    # Bot level that plays for a player who left or lost the connection, until he is back.
    takeover: str | None = None
    status: str = WAITING
    state: dict[str, Any] | None = None
    seq: int = 0
    outcome: dict[str, Any] | None = None
    spectators: set[Identity] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _tasks: set[asyncio.Task] = field(default_factory=set)
    # The events of the latest moves, for the game log of whoever joins or comes back.
    recent: deque[list] = field(default_factory=lambda: deque(maxlen=HISTORY_MOVES))
    # Since when (monotonic seconds) no person at the table has been connected; None while
    # someone is (the lobby sweep keeps it, and lets a table go after IDLE_TABLE).
    unattended_since: float | None = None
    _retry: asyncio.TimerHandle | None = None
    # The table's own options: {"undo": bool, "clock": a clock spec or None} (server/clocks.py).
    rules: dict[str, Any] = field(default_factory=lambda: default_rules())
    takebacks: Takebacks = field(init=False)
    clock: TurnClock | None = None
    # Spectators' chat reaches the players too (server/social.py keeps and stores it).
    open_chat: bool = False
    # Paused by its creator or the host: no moves, no bots, the turn clocks stand still.
    paused: bool = False
    # Identity keys (and names, `barred_name`) removed from this game: they may not sit here.
    barred: set[str] = field(default_factory=set)
    # The table's jobs, each with its own state.
    seating: Seating = field(init=False)
    telling: Telling = field(init=False)
    standins: StandIns = field(init=False)
    quiet_timer: QuietTimer = field(init=False)
    clocks: ClockKeeper = field(init=False)

    def __post_init__(self) -> None:
        self.takebacks = Takebacks(self.game, self.rules["undo"])
        self.seating = Seating(self)
        self.telling = Telling(self)
        self.standins = StandIns(self)
        self.quiet_timer = QuietTimer(self)
        self.clocks = ClockKeeper(self)

    @property
    def playing(self) -> bool:
        return self.status == PLAYING

    # ------------------------------------------------------------------ creating, restoring
    @classmethod
    async def new(
        cls,
        journal: Journal,
        hooks: TableHooks,
        *,
        game: Game,
        players: int,
        options: dict[str, Any],
        seed: int,
        keep: int,
        password: str | bytes | None,
        creator: Identity,
        takeover: str | None = None,
        rules: dict[str, Any] | None = None,
    ) -> Table:
        """A new waiting table, stored. `OptionError` if the game refuses the settings,
        `Refused` if there is no `takeover` bot of that level for the game. A `password` given
        as bytes is an earlier table's hash (a rematch)."""
        game.new_game(seed, players, options)  # checks player count and options
        if takeover is not None:
            try:
                bots.make(takeover, game, 0)
            except (KeyError, ValueError) as exc:
                raise Refused("unknown_bot", str(exc.args[0])) from None
        resolved = game.resolve_options(options, players)
        hashed = password if isinstance(password, bytes) else None
        if isinstance(password, str) and password:
            hashed = hash_password(password)
        seats = [Seat() for _ in range(players)]
        rules = {**default_rules(), **(rules or {})}
        table_id = await journal.run(
            journal.store.create_table,
            game.id,
            players,
            resolved,
            seed,
            keep,
            hashed,
            creator.key,
            [s.stored() for s in seats],
            takeover,
            rules,
        )
        return cls(
            id=table_id,
            game=game,
            players=players,
            options=resolved,
            seed=seed,
            keep=keep,
            password=hashed,
            creator=creator,
            creator_key=creator.key,
            seats=seats,
            journal=journal,
            hooks=hooks,
            takeover=takeover,
            rules=rules,
        )

    @classmethod
    def restore(
        cls,
        record: TableRecord,
        journal: Journal,
        hooks: TableHooks,
        identity_for: Callable[[str, str], Identity],
    ) -> Table:
        """A stored table back in memory, its game rebuilt by replaying the journal."""
        game = engine.get_game(record.game)
        seats = []
        for stored in record.seats:
            seat = Seat(name=stored["name"], holder_key=stored["holder"], bot=stored["bot"])
            if seat.holder_key is not None:
                seat.holder = identity_for(seat.holder_key, seat.name or "player")
            if seat.bot is not None:
                seat.bot_player = cls._restored_player(seat.bot, game, len(seats))
            seats.append(seat)
        table = cls(
            id=record.id,
            game=game,
            players=record.players,
            options=record.options,
            seed=record.seed,
            keep=record.keep,
            password=record.password,
            creator=None,
            creator_key=None,
            seats=seats,
            journal=journal,
            hooks=hooks,
            takeover=record.takeover,
            status=record.status,
            rules={**default_rules(), **(record.rules or {})},
            barred=set(record.barred),
        )
        holders = [seat.holder for seat in seats if seat.holder is not None]
        for holder in holders:
            holder.tables.add(table)
        # Spectators are not stored: a creator who only watched hands the role to a seated player.
        seated_creator = [h for h in holders if h.key == record.creator]
        table.creator = seated_creator[0] if seated_creator else (holders[0] if holders else None)
        table.creator_key = table.creator.key if table.creator else None
        if record.status in (PLAYING, FINISHED):
            table._replay_journal(journal.store.journal(record.id), record.clock)
            state = table.state
            if game.is_over(state):
                table.status = FINISHED
                table.outcome = game.outcome(state)
        return table

    @classmethod
    def _restored_player(cls, level: str, game: Game, seat: int) -> bots.Bot | None:
        """The bot of a restored bot seat (a lesson table makes its scripted seats itself)."""
        return restored_bot(level, game, seat)

    def resume(self) -> None:
        """Start the clocks of a restored game (its timer, its bots)."""
        self._after_change()

    def close(self) -> None:
        """Stop timers and bots (server shutdown or table dropped from memory)."""
        self.standins.close()
        self.clocks.cancel()
        self.quiet_timer.cancel()
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        for task in self._tasks:
            task.cancel()

    # ------------------------------------------------------------------ what people see
    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it (`Telling.summary`; a lesson table names its
        lesson)."""
        return self.telling.summary()

    @property
    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s.empty) if self.status == WAITING else 0

    def attendees(self) -> set[Identity]:
        """Everybody at the table: seat holders and spectators."""
        people = {s.holder for s in self.seats if s.holder is not None}
        return people | self.spectators

    def held_by(self, identity: Identity) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.holder is identity]

    def seat_message(
        self,
        kind: str,
        seat: int | None,
        events: list | None = None,
        common: dict[str, Any] | None = None,
        with_talk: bool = False,
    ) -> dict[str, Any]:
        """A `sync` or `update` for one seat (None: a spectator). `common` is what every seat's
        message shares (`Telling.common`), computed once when many seats get a message for the
        same position. `with_talk` adds the table's talk for that seat (shared/talk), made from
        that message's own view. Every message a seat gets is made here (a lesson table adds
        its step)."""
        return self.telling.message(kind, seat, events, common, with_talk)

    def joined_message(self, identity: Identity) -> dict[str, Any]:
        return self.telling.joined(identity)

    def sync(self, identity: Identity) -> None:
        """Send `identity` the full current state of every seat it holds (and as spectator)."""
        self.telling.sync(identity)

    # ------------------------------------------------------------------ the table's life
    async def _people_left(self, people: list[Identity]) -> None:
        """After seats were freed (`Seating.people_left`; a lesson table goes with its
        learner)."""
        await self.seating.people_left(people)

    def check_host(self, identity: Identity, what: str) -> None:
        """The table's creator may (or, with none left, a seated player); anyone else is
        refused."""
        if identity is self.creator or (self.creator is None and self.held_by(identity)):
            return
        raise Refused("not_creator", f"only the table's creator may {what}")

    async def shut(self, identity: Identity) -> None:
        """The creator closes the table: a game not over is abandoned (its record stays)."""
        self.check_host(identity, "close the table")
        if self.status in (WAITING, PLAYING):
            await self._abandon()

    async def abandon_unattended(self) -> None:
        """Nobody has been at the table for a long while: let it go (its record stays)."""
        await self._abandon()

    async def _abandon(self) -> None:
        await self.journal.run(self.journal.store.set_status, self.id, ABANDONED)
        self.status = ABANDONED
        self.seating.unsaved = False
        for person in self.attendees():
            person.tables.discard(self)
        self.spectators.clear()
        self.close()
        self.hooks.changed(self)

    # ------------------------------------------------------------------ play
    async def start(self, identity: Identity, stand_ins: bool = False) -> None:
        """The creator starts the game once every seat is filled (with `stand_ins`, a table
        with a takeover bot also starts with empty seats: the bot plays them)."""
        self.check_host(identity, "start the game")
        async with self.lock:
            if self.status != WAITING:
                raise Refused("already_started", f"table {self.id} is already {self.status}")
            empty = [i for i, s in enumerate(self.seats) if s.empty]
            if empty and not (stand_ins and self.takeover is not None):
                raise Refused("not_ready", f"seats {empty} are still empty")
            state = self.game.new_game(self.seed, self.players, self.options)
            await self.journal.run(self.journal.store.set_status, self.id, PLAYING)
            self.state, self.seq, self.status = state, 0, PLAYING
            self.clock = self.clocks.after(None, state)
        for person in self.attendees():
            self.sync(person)
        self.hooks.changed(self)
        self._after_change()

    async def move(
        self,
        seat: int,
        move: dict[str, Any],
        *,
        by: str,
        actor: Identity | None = None,
        expect_seq: int | None = None,
        ref: Any = None,
    ) -> None:
        """Play `move` for `seat`: refused, or journaled, committed, applied and sent.

        `actor` is the client that sent it (None for bots and timers, which the table trusts).
        """
        async with self.lock:
            if self.status != PLAYING:
                reason = "has not started" if self.status == WAITING else f"is {self.status}"
                raise Refused("not_playing", f"table {self.id} {reason}")
            assert self.state is not None
            if self.paused:
                raise Refused("paused", f"table {self.id} is paused; wait until it resumes")
            if seat >= self.players:
                raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
            if actor is not None and self.seats[seat].holder is not actor:
                raise Refused("not_your_seat", f"you do not hold seat {seat} of table {self.id}")
            if by != "timer" and isinstance(move, dict) and move.get("timer") is not None:
                raise Refused("illegal", "only the table's quiet-time clock makes timer moves")
            if expect_seq is not None and expect_seq != self.seq:
                raise Refused(
                    "stale",
                    f"the table moved on (now at move {self.seq}, your move was for"
                    f" {expect_seq}); look at the latest update",
                )
            self._admit(seat, move, actor)
            try:
                state, events = self.game.apply(self.state, seat, move)
            except engine.IllegalMove as exc:
                raise Refused(exc.code, exc.reason) from None
            except Exception:
                log.exception("table %s: the engine failed on %r by seat %s", self.id, move, seat)
                raise Refused("illegal", "the rules engine could not apply that move") from None
            over = self.game.is_over(state)
            outcome = self.game.outcome(state) if over else None
            store = self.journal.store
            clock = self.clocks.after(seat, state)
            stored_clock = clock.snapshot(time.monotonic()) if clock else None
            write = functools.partial(
                store.append_move, self.id, self.seq + 1, seat, move, by, outcome, stored_clock
            )
            if over and self.hooks.finishing is not None:
                await self.hooks.finishing(self, outcome, write)
            else:
                await self.journal.run(write)
            self.standins.forget(seat)
            before = self.state
            self.takebacks.played(self.seq + 1, seat, by, before, move, state, events, self.clock)
            self.state, self.seq, self.clock = state, self.seq + 1, clock
            self.recent.append(events)
            if over:
                self.status, self.outcome = FINISHED, outcome
            self._moved(seat, move)
            self.telling.broadcast(events, seat, ref)
        if over:
            self.hooks.changed(self)
        self._after_change()

    def _admit(self, seat: int, move: dict[str, Any], actor: Identity | None) -> None:
        """Raise `Refused` for a move this table will not take before the rules judge it (a
        lesson table takes only the current step's); under the table's lock."""
        return None

    def _moved(self, seat: int, move: dict[str, Any]) -> None:
        """A move was committed, before anyone is told (a lesson table follows its script)."""
        return None

    def _after_change(self) -> None:
        """The position, the seats or the pause changed: every job that waits looks again."""
        self.standins.track_acting()
        self.standins.schedule_idle_takeover()
        self._schedule_timer()
        self._schedule_bots()
        self.clocks.schedule()

    def _schedule_timer(self) -> None:
        """The game's quiet-time timer (a lesson table has none: its script says when)."""
        self.quiet_timer.schedule()

    def _schedule_bots(self) -> None:
        """A turn for every bot to act (a lesson table also plays its fast-forward)."""
        self.standins.schedule()

    def driver(self, seat: int) -> bots.Bot | None:
        """The bot that plays `seat` now: its own bot, or the takeover bot while it is away."""
        return self.standins.driver(seat)

    def presence_changed(self) -> None:
        """Someone left, dropped or came back: the takeover bots step in or step aside."""
        self._schedule_bots()

    async def _quiet_move(self, seat: int, move: dict, seq: int, by: str) -> None:
        """A move by a bot or a timer; a refusal (the table moved on) is no error."""
        try:
            await self.move(seat, move, by=by, expect_seq=seq)
        except Refused as exc:
            if exc.code not in ("stale", "paused"):
                log.warning("table %s: %s move for seat %s refused: %s", self.id, by, seat, exc)
        except StorageFull:
            # Nothing was played (the journal has said why): bots and timer try again later.
            if self._retry is None:
                loop = asyncio.get_running_loop()
                self._retry = loop.call_later(FULL_RETRY, self._try_again, seq)

    def _try_again(self, seq: int) -> None:
        self._retry = None
        if self.seq == seq and self.status == PLAYING:
            self._after_change()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: background task failed", self.id, exc_info=task.exception())

    # ------------------------------------------------------------------ undo and the journal
    def _replay_journal(self, rows: list[tuple[int, dict, str]], clock: dict | None) -> None:
        """The game back from every journal row (server/restore.py; a lesson table keeps its
        script's moves too)."""
        replay_journal(self, rows, clock)

    async def undo(self, seat: int, actor: Identity, ref: Any = None) -> None:
        """`seat` takes back its last move (server/undo.py says when it may): journaled, then
        everyone gets the position before it and "took back a move" in the log."""
        async with self.lock:
            if self.status != PLAYING:
                raise Refused("not_playing", f"table {self.id} is {self.status}")
            assert self.state is not None
            if self.paused:
                raise Refused("paused", f"table {self.id} is paused; wait until it resumes")
            if seat >= self.players:
                raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
            if self.seats[seat].holder is not actor:
                raise Refused("not_your_seat", f"you do not hold seat {seat} of table {self.id}")
            reason = self.takebacks.refusal(self.state, seat)
            if reason is not None:
                raise Refused("cannot_undo", reason)
            step = self.takebacks.steps[-1]
            # The clock from before the move; a move from before a restart keeps today's clock.
            clock = step.clock or self.clock
            stored_clock = clock.snapshot(time.monotonic()) if clock else None
            await self.journal.run(
                self.journal.store.take_back, self.id, self.seq + 1, seat, step.seq, stored_clock
            )
            self.takebacks.take()
            self.state, self.seq, self.clock = step.before, self.seq + 1, clock
            events = [taken_back_event(seat)]
            self.recent.append(events)
            self.telling.broadcast(events, seat, ref)
        self._after_change()

    async def save_clock(self) -> None:
        """Store the turn clock's time left now (at shutdown, so a restart keeps it exactly)."""
        await self.clocks.save()

    # ------------------------------------------------------------------ a hand on idle seats
    def check_steward(self, identity: Identity, what: str) -> None:
        """The table's creator or the server's host may; anyone else is refused."""
        if self.hooks.is_host is not None and self.hooks.is_host(identity):
            return
        if identity is self.creator or (self.creator is None and self.held_by(identity)):
            return
        raise Refused("not_creator", f"only the table's creator or the host may {what}")

    def person_at(self, seat: int) -> Seat:
        """The seat a person holds (no bot): `Refused` for a bot's or an empty seat."""
        if seat >= self.players:
            raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
        held = self.seats[seat]
        if held.holder_key is None or held.bot is not None:
            raise Refused("no_person", f"no person holds seat {seat} of table {self.id}")
        return held

    def acting_for(self, now: float) -> dict[int, float]:
        """How many seconds each seat to act has been waited for (none while paused)."""
        return self.standins.acting_for(now)

    async def pause(self, identity: Identity, paused: bool) -> None:
        """Stop the game (no moves, no bots, the turn clocks stand still) or go on with it."""
        self.check_steward(identity, "pause or resume the game")
        if self.status != PLAYING:
            raise Refused("not_playing", f"table {self.id} is {self.status}")
        if paused == self.paused:
            code = "already_paused" if paused else "not_paused"
            raise Refused(code, f"table {self.id} is {'already' if paused else 'not'} paused")
        async with self.lock:
            now = time.monotonic()
            self.clock = self.clocks.paused(paused, now)
            self.paused = paused
            self.standins.forget()  # idle time starts afresh after a pause
            clock = self.clock.snapshot(now) if self.clock else None
            said = {"t": "paused", "table": self.id, "paused": paused, "by": identity.name}
            frame = encode({**said, "clock": clock})
            for person in self.attendees():
                if person.session is not None:
                    person.session.send_frame(frame)
        self.hooks.changed(self)
        self._after_change()
