"""One table: its seats, its spectators, its game, and the single path every move takes.

A move (from a client, a bot or a timer) is checked by the engine, journaled and committed, and
only then applied and sent: each seat gets that seat's view, legal moves and events, each
spectator the spectator's. Requests a table refuses raise `Refused`; nothing changes then.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from server import bots
from server.clocks import TurnClock
from server.identities import Identity
from server.ratings import name_key
from server.store import UNDO, Journal, StorageFull, TableRecord
from server.undo import Takebacks, taken_back_event
from shared import engine, talk
from shared.engine import Game
from shared.protocol import encode

log = logging.getLogger(__name__)

DEFAULT_KEEP = 600

WAITING, PLAYING, FINISHED, ABANDONED = "waiting", "playing", "finished", "abandoned"


def as_played(move: dict[str, Any], by: str) -> dict[str, Any]:
    """A journaled move as the engine must see it again: one the table's clock played is a
    timer move, also in journals written before timer moves were marked."""
    if by == "timer" and isinstance(move, dict) and "timer" not in move:
        return {**move, "timer": True}
    return move


class Refused(Exception):
    """A request the table (or lobby) turns down: an `error` reply with `code` and `reason`
    (and `details`, further fields of the reply)."""

    def __init__(self, code: str, reason: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.details = details or {}


@dataclass
class Seat:
    """A seat: empty, held by a person (`holder`), or filled by a bot of level `bot`."""

    name: str | None = None
    holder: Identity | None = None
    holder_key: str | None = None
    bot: str | None = None
    bot_player: bots.Bot | None = None
    # The table's takeover bot while nobody plays this seat (not stored: made again on demand).
    stand_in: bots.Bot | None = None
    # The bot level the creator or host handed this person's seat to (`hand_to_bot`), until
    # the person takes it back (`reclaim`); not stored: after a restart the person plays again.
    handed: str | None = None

    @property
    def away(self) -> bool:
        """Nobody plays the seat now: it is empty, or its holder is disconnected."""
        if self.bot is not None:
            return False
        return self.holder_key is None or self.holder is None or not self.holder.connected

    @property
    def empty(self) -> bool:
        return self.holder_key is None and self.bot is None

    def stored(self) -> dict[str, Any]:
        return {"name": self.name, "holder": self.holder_key, "bot": self.bot}

    def public(self) -> dict[str, Any]:
        if self.bot is not None:
            return {"name": self.name, "kind": "bot", "level": self.bot, "connected": True}
        if self.holder_key is not None:
            connected = self.holder is not None and self.holder.connected
            return {"name": self.name, "kind": "human", "connected": connected}
        return {"name": None, "kind": "empty", "connected": False}


# A table password guards a seat for one evening, not an account: enough rounds that the stored
# hash is no plain text, few enough (well under a millisecond) that guesses cannot stall the loop.
PASSWORD_ROUNDS = 1000


def wants_talk(session: Any) -> bool:
    """Whether a connection asked for the table's talk with each update (`hello`'s `talk`)."""
    return getattr(session, "talk", False) is True


def hash_password(password: str) -> bytes:
    """Salt + PBKDF2 of a table password, so the store never holds it in the clear."""
    salt = secrets.token_bytes(16)
    return salt + hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ROUNDS)


def password_matches(stored: bytes, password: str) -> bool:
    salt, digest = stored[:16], stored[16:]
    attempt = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ROUNDS)
    return hmac.compare_digest(digest, attempt)


def _restored_bot(level: str, game: Game, seat: int) -> bots.Bot | None:
    """The bot of a restored seat; None (the seat waits) if its level is gone."""
    try:
        return bots.make(level, game, seat)
    except (KeyError, ValueError) as exc:
        log.warning("seat %s keeps no %s bot after the restart: %s", seat, level, exc)
        return None


# How many of the latest moves' events a `sync` carries for the game log.
HISTORY_MOVES = 40

# Bounds on a bot's pause before it acts, in seconds (each bot names its own human-like pause;
# a bot auctioneer in Das Kollier leaves people most of the quiet time, up to 120 s, to bid).
BOT_DELAY = (0.3, 120.0)

# While the disk is full, a bot's or timer's move that could not be saved is tried again after
# this many seconds (the bot thinks again, the timer runs again).
FULL_RETRY = 2.0


# A seat to act that has not moved for this many seconds is idle: its table's creator or the
# host may hand it to a bot although its person is connected.
IDLE_SEAT = 60.0
# A seat is nudged at most once in this many seconds.
NUDGE_EVERY = 5.0


def barred_name(name: str) -> str:
    """How a removed person's name is kept among a table's barred identity keys."""
    return "name:" + name_key(name)


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
    _timer: asyncio.TimerHandle | None = None
    _bot_tasks: dict[int, asyncio.Task] = field(default_factory=dict)
    _tasks: set[asyncio.Task] = field(default_factory=set)
    # The events of the latest moves, for the game log of whoever joins or comes back.
    recent: deque[list] = field(default_factory=lambda: deque(maxlen=HISTORY_MOVES))
    # Since when (monotonic seconds) no person at the table has been connected; None while
    # someone is (the lobby sweep keeps it, and lets a table go after IDLE_TABLE).
    unattended_since: float | None = None
    # Seats given up while the disk was full, not yet in the store (`save_pending` writes them).
    seats_unsaved: bool = False
    _retry: asyncio.TimerHandle | None = None
    # The table's own options: {"undo": bool, "clock": a clock spec or None} (server/clocks.py).
    rules: dict[str, Any] = field(default_factory=lambda: default_rules())
    takebacks: Takebacks = field(init=False)
    clock: TurnClock | None = None
    _clock_timer: asyncio.TimerHandle | None = None
    # Spectators' chat reaches the players too (server/social.py keeps and stores it).
    open_chat: bool = False
    # Paused by its creator or the host: no moves, no bots, the turn clocks stand still.
    paused: bool = False
    _paused_running: list[int] = field(default_factory=list)
    # Identity keys (and names, `barred_name`) removed from this game: they may not sit here.
    barred: set[str] = field(default_factory=set)
    # Since when (monotonic seconds) each seat to act has been waited for; when it was nudged.
    _acting_since: dict[int, float] = field(default_factory=dict)
    _nudged: dict[int, float] = field(default_factory=dict)
    # The talk last sent in full or in part to each stream (a seat; None: the spectators), the
    # base the next update's talk is told against (only its changed keys); None after a sync,
    # so the next update tells it whole.
    _told: dict[int | None, dict[str, Any] | None] = field(default_factory=dict)
    # When the next seat idle past the table's `idle_takeover` limit is handed to a stand-in,
    # and when the game's own quiet time last ran (nobody keeps the table waiting meanwhile).
    _idle_timer: asyncio.TimerHandle | None = None
    _quiet_at: float = 0.0

    def __post_init__(self) -> None:
        self.takebacks = Takebacks(self.game, self.rules["undo"])

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
        return _restored_bot(level, game, seat)

    def resume(self) -> None:
        """Start the clocks of a restored game (its timer, its bots)."""
        self._after_change()

    def close(self) -> None:
        """Stop timers and bots (server shutdown or table dropped from memory)."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        for task in [*self._bot_tasks.values(), *self._tasks]:
            task.cancel()
        self._bot_tasks.clear()

    # ------------------------------------------------------------------ what people see
    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "id": self.id,
            "name": self.rules.get("name"),
            "game": self.game.id,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "creator": self.creator.name if self.creator else None,
            "locked": self.password is not None,
            "keep": self.keep,
            "takeover": self.takeover,
            "undo": self.rules["undo"],
            "clock": self.rules["clock"],
            "spectators": len(self.spectators),
            "open_chat": self.open_chat,
            "friendly": self.rules["friendly"],
            "hints": self.rules["hints"],
            "idle_takeover": self.rules.get("idle_takeover"),
            "paused": self.paused,
            "seats": [self._public_seat(s) for s in self.seats],
        }

    def _public_seat(self, seat: Seat) -> dict[str, Any]:
        public = seat.public()
        if seat.handed is not None and self.status == PLAYING:
            public["stand_in"] = seat.handed  # handed to a bot until its person takes it back
            public["handed"] = True
        elif self.takeover is not None and self.status == PLAYING and seat.away:
            public["stand_in"] = self.takeover  # a bot plays this seat until its player is back
        if public["kind"] == "human" and self.hooks.rating is not None and seat.name:
            public["rating"] = self.hooks.rating(seat.name, self.game.id)
        return public

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
        """A `sync` or `update` for one seat (None: a spectator). `common` is `_common()`,
        computed once when many seats get a message for the same position. `with_talk` adds
        the table's talk for that seat (shared/talk), made from that message's own view."""
        assert self.state is not None
        common = common or self._common()
        msg: dict[str, Any] = {
            "t": kind,
            "table": self.id,
            "seq": self.seq,
            "seat": seat,
            "status": self.status,
            "view": self.game.view(self.state, seat),
            "to_act": common["to_act"],
            # Every seat's: a seat not to act may have moves it may make out of turn.
            "legal_moves": self.game.legal_moves(self.state, seat) if seat is not None else [],
            "timer": common["timer"],
            "clock": common["clock"],
            "paused": self.paused,
        }
        if seat is not None:
            msg["can_undo"] = self.status == PLAYING and self.takebacks.may(self.state, seat)
        if events is not None:
            msg["events"] = self.game.view_events(events, seat)
        elif kind == "sync":
            msg["history"] = [e for done in self.recent for e in self.game.view_events(done, seat)]
        if self.outcome is not None:
            msg["outcome"] = self.outcome
        if with_talk:
            said = talk.talk(
                self.game.id,
                talk.Moment(
                    view=msg["view"],
                    seat=seat,
                    legal=msg["legal_moves"],
                    to_act=msg["to_act"] if self.status == PLAYING else [],
                    events=msg.get("events") or msg.get("history") or [],
                    outcome=self.outcome,
                ),
            )
            msg["talk"] = said if kind == "sync" else talk.changed(self._told.get(seat), said)
            # A sync goes to one connection of the stream: the others' base is the last update,
            # so the next update is told whole to all of them.
            self._told[seat] = said if kind == "update" else None
        return msg

    def _common(self) -> dict[str, Any]:
        """What every seat's message shares: the seats to act and the timer."""
        assert self.state is not None
        timer = self.game.timer(self.state) if self.status == PLAYING else None
        return {
            "to_act": self.game.to_act(self.state),
            "timer": None
            if timer is None
            else {"seconds": timer["seconds"], "seat": timer["seat"]},
            "clock": self.clock.snapshot(time.monotonic()) if self.clock else None,
        }

    def joined_message(self, identity: Identity) -> dict[str, Any]:
        return {
            "t": "joined",
            "table": self.id,
            "seats": self.held_by(identity),
            "spectator": identity in self.spectators,
            "summary": self.summary(),
        }

    def sync(self, identity: Identity) -> None:
        """Send `identity` the full current state of every seat it holds (and as spectator)."""
        session = identity.session
        if session is None or self.state is None:
            return
        for seat in self.held_by(identity):
            session.send(self.seat_message("sync", seat, with_talk=wants_talk(session)))
        if identity in self.spectators:
            session.send(self.seat_message("sync", None, with_talk=wants_talk(session)))

    # ------------------------------------------------------------------ seats
    def needs_password(self, identity: Identity) -> bool:
        """Whether `identity` must give the table's password to sit or watch."""
        return not (
            self.password is None or identity in self.attendees() or identity is self.creator
        )

    def _check_password(self, identity: Identity, password: str | None) -> None:
        if not self.needs_password(identity):
            return
        assert self.password is not None
        if password is None or not password_matches(self.password, password):
            raise Refused("password", "this table is locked; the password is wrong or missing")

    async def sit(
        self, identity: Identity, seat: int | None, password: str | None, name: str | None = None
    ) -> None:
        """Give `identity` a seat (the first free one if `seat` is None), shown under `name`
        (one of the people sharing a device) or else the identity's name."""
        self._check_password(identity, password)
        if self.status not in (WAITING, PLAYING):
            raise Refused("no_seat", f"table {self.id} is {self.status}; you may only watch")
        if self.barred & {identity.key, barred_name(name or identity.name)}:
            raise Refused("removed", f"you were removed from this game at table {self.id}")
        free = [i for i, s in enumerate(self.seats) if s.empty]
        if seat is None:
            if not free:
                raise Refused("no_seat", f"table {self.id} has no free seat")
            seat = free[0]
        elif seat >= self.players:
            raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
        elif seat not in free:
            raise Refused("seat_taken", f"seat {seat} of table {self.id} is taken")
        self.seats[seat] = Seat(
            name=name or identity.name, holder=identity, holder_key=identity.key
        )
        try:
            await self._save_seats()
        except StorageFull:
            self.seats[seat] = Seat()  # not stored, so not given
            raise
        identity.tables.add(self)

    async def seat_again(
        self, people: dict[int, tuple[Identity, str]], bot_levels: dict[int, str], watching: set
    ) -> None:
        """A rematch: the last game's people (seat → identity, name), bots (seat → level) and
        spectators come to this new table at once, without its password."""
        for seat, (identity, name) in people.items():
            self.seats[seat] = Seat(name=name, holder=identity, holder_key=identity.key)
            identity.tables.add(self)
        for seat, level in bot_levels.items():
            player = bots.make(level, self.game, seat)
            self.seats[seat] = Seat(name=f"{level} bot {seat + 1}", bot=level, bot_player=player)
        for identity in watching:
            self.spectators.add(identity)
            identity.tables.add(self)
        await self._save_seats()

    def watch(self, identity: Identity, password: str | None) -> None:
        self._check_password(identity, password)
        self.spectators.add(identity)
        identity.tables.add(self)
        self.hooks.changed(self)

    async def add_bot(self, identity: Identity, seat: int | None, level: str) -> int:
        """Fill an empty seat with a bot; the creator or a seated player may."""
        self._check_host(identity, "add a bot")
        if self.status not in (WAITING, PLAYING):
            raise Refused("no_seat", f"table {self.id} is {self.status}")
        free = [i for i, s in enumerate(self.seats) if s.empty]
        if seat is None:
            if not free:
                raise Refused("no_seat", f"table {self.id} has no free seat")
            seat = free[0]
        elif seat >= self.players or seat not in free:
            raise Refused("seat_taken", f"seat {seat} of table {self.id} is not free")
        try:
            player = bots.make(level, self.game, seat)
        except (KeyError, ValueError) as exc:
            raise Refused("unknown_bot", str(exc.args[0])) from None
        name = f"{level} bot {seat + 1}"
        self.seats[seat] = Seat(name=name, bot=level, bot_player=player)
        try:
            await self._save_seats()
        except StorageFull:
            self.seats[seat] = Seat()
            raise
        if self.status == PLAYING:
            self._schedule_bots()
        return seat

    async def leave(self, identity: Identity, seat: int | None) -> None:
        """Give up one seat (or remove a bot from it), or everything here when `seat` is None."""
        if seat is not None:
            if seat >= self.players:
                raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
            target = self.seats[seat]
            if target.bot is not None:
                self._check_host(identity, "remove a bot")
            elif target.holder is not identity:
                raise Refused("not_your_seat", f"you do not hold seat {seat} of table {self.id}")
            seats = [seat]
        else:
            if identity not in self.attendees():
                raise Refused("not_at_table", f"you neither sit at nor watch table {self.id}")
            seats = self.held_by(identity)
            self.spectators.discard(identity)
        for i in seats:
            self.seats[i] = Seat()
        await self._people_left([identity])

    async def release_expired(self, now: float) -> None:
        """Free seats whose holders have been away longer than the table's keep time."""
        if self.status == FINISHED:
            return
        gone = set()
        for i, s in enumerate(self.seats):
            holder = s.holder
            if holder is None or holder.connected or holder.disconnected_since is None:
                continue
            if now - holder.disconnected_since >= self.keep:
                self.seats[i] = Seat()
                gone.add(holder)
        if gone:
            await self._people_left(list(gone))

    async def _people_left(self, people: list[Identity]) -> None:
        """After seats were freed: hand on the host role, abandon an empty waiting table, save."""
        for person in people:
            if not self.held_by(person) and person not in self.spectators:
                person.tables.discard(self)
        if self.creator in people and self.creator not in self.attendees():
            holders = [s.holder for s in self.seats if s.holder is not None]
            self.creator = holders[0] if holders else None
            self.creator_key = self.creator.key if self.creator else None
        if self.status == FINISHED:
            self.hooks.changed(self)
            return
        # Leaving is never refused: on a full disk the store catches up later (`save_pending`).
        self.seats_unsaved = True
        with contextlib.suppress(StorageFull):
            await self.save_pending()
        if self.seats_unsaved:
            self.hooks.changed(self)
        if self.status != ABANDONED:
            self.presence_changed()

    async def save_pending(self) -> None:
        """Store the seats given up while the disk was full (abandon a waiting table left
        empty). Raises `StorageFull` while it still is."""
        if not self.seats_unsaved or self.status in (FINISHED, ABANDONED):
            return
        if self.status == WAITING and not self.attendees():
            await self._abandon()
        else:
            await self._save_seats()

    def _check_host(self, identity: Identity, what: str) -> None:
        if identity is self.creator or (self.creator is None and self.held_by(identity)):
            return
        raise Refused("not_creator", f"only the table's creator may {what}")

    async def shut(self, identity: Identity) -> None:
        """The creator closes the table: a game not over is abandoned (its record stays)."""
        self._check_host(identity, "close the table")
        if self.status in (WAITING, PLAYING):
            await self._abandon()

    async def abandon_unattended(self) -> None:
        """Nobody has been at the table for a long while: let it go (its record stays)."""
        await self._abandon()

    async def _abandon(self) -> None:
        await self.journal.run(self.journal.store.set_status, self.id, ABANDONED)
        self.status = ABANDONED
        self.seats_unsaved = False
        for person in self.attendees():
            person.tables.discard(self)
        self.spectators.clear()
        self.close()
        self.hooks.changed(self)

    async def _save_seats(self) -> None:
        stored = [s.stored() for s in self.seats]
        await self.journal.run(self.journal.store.save_seats, self.id, stored, self.creator_key)
        self.seats_unsaved = False
        self.hooks.changed(self)

    # ------------------------------------------------------------------ play
    async def start(self, identity: Identity, stand_ins: bool = False) -> None:
        """The creator starts the game once every seat is filled (with `stand_ins`, a table
        with a takeover bot also starts with empty seats: the bot plays them)."""
        self._check_host(identity, "start the game")
        async with self.lock:
            if self.status != WAITING:
                raise Refused("already_started", f"table {self.id} is already {self.status}")
            empty = [i for i, s in enumerate(self.seats) if s.empty]
            if empty and not (stand_ins and self.takeover is not None):
                raise Refused("not_ready", f"seats {empty} are still empty")
            state = self.game.new_game(self.seed, self.players, self.options)
            await self.journal.run(self.journal.store.set_status, self.id, PLAYING)
            self.state, self.seq, self.status = state, 0, PLAYING
            self.clock = self._clock_after(None, state)
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
            clock = self._clock_after(seat, state)
            stored_clock = clock.snapshot(time.monotonic()) if clock else None
            write = functools.partial(
                store.append_move, self.id, self.seq + 1, seat, move, by, outcome, stored_clock
            )
            if over and self.hooks.finishing is not None:
                await self.hooks.finishing(self, outcome, write)
            else:
                await self.journal.run(write)
            self._acting_since.pop(seat, None)
            before = self.state
            self.takebacks.played(self.seq + 1, seat, by, before, move, state, events, self.clock)
            self.state, self.seq, self.clock = state, self.seq + 1, clock
            self.recent.append(events)
            if over:
                self.status, self.outcome = FINISHED, outcome
            self._moved(seat, move)
            self._broadcast(events, seat, ref)
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

    def _broadcast(self, events: list, mover: int, ref: Any) -> None:
        """Each seat's update to its holder; one packed spectator update to all spectators."""
        common = self._common()
        for i, s in enumerate(self.seats):
            for bot in (s.bot_player, s.stand_in):
                if bot is not None:
                    bot.observe(self.game.view_events(events, i))
            if s.holder is not None and s.holder.session is not None:
                session = s.holder.session
                msg = self.seat_message("update", i, events, common, with_talk=wants_talk(session))
                if i == mover and ref is not None:
                    msg["ack"] = ref
                session.send(msg)
        # One packed update for the spectators who draw the talk themselves, one for the rest.
        watching = [p.session for p in self.spectators if p.session is not None]
        for with_talk in (False, True):
            group = [session for session in watching if wants_talk(session) is with_talk]
            if group:
                frame = encode(
                    self.seat_message("update", None, events, common, with_talk=with_talk)
                )
                for session in group:
                    session.send_frame(frame)

    def _after_change(self) -> None:
        self._track_acting()
        self._schedule_idle_takeover()
        self._schedule_timer()
        self._schedule_bots()
        self._schedule_clock()

    def _schedule_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.status != PLAYING or self.state is None or self.paused:
            return
        timer = self.game.timer(self.state)
        if timer is not None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(timer["seconds"], self._fire_timer, self.seq, timer)

    def _fire_timer(self, seq: int, timer: dict[str, Any]) -> None:
        self._timer = None
        if self.seq == seq and self.status == PLAYING and not self.paused:
            self._spawn(self._quiet_move(timer["seat"], timer["move"], seq, "timer"))

    def _schedule_bots(self) -> None:
        if self.paused:
            for task in self._bot_tasks.values():
                task.cancel()
            self._bot_tasks.clear()
        if self.status != PLAYING or self.state is None or self.paused:
            return
        acting = self.game.to_act(self.state)
        for i in range(self.players):
            old = self._bot_tasks.pop(i, None)
            if old is not None:
                old.cancel()
            if i in acting and self.driver(i) is not None:
                self._bot_tasks[i] = self._spawn(self._bot_turn(i, self.seq))

    def driver(self, seat: int) -> bots.Bot | None:
        """The bot that plays `seat` now: its own bot, or the takeover bot while it is away."""
        s = self.seats[seat]
        if s.bot_player is not None:
            return s.bot_player
        if s.handed is not None:
            if s.stand_in is None:
                s.stand_in = bots.make(s.handed, self.game, seat)
            return s.stand_in
        if self.takeover is None or self.status != PLAYING or not s.away:
            return None
        if s.stand_in is None:
            s.stand_in = bots.make(self.takeover, self.game, seat)
        return s.stand_in

    def presence_changed(self) -> None:
        """Someone left, dropped or came back: the takeover bots step in or step aside."""
        self._schedule_bots()

    async def _bot_turn(self, seat: int, seq: int) -> None:
        player = self.driver(seat)
        if self.seq != seq or self.state is None or player is None:
            return
        legal = self.game.legal_moves(self.state, seat)
        if not legal:
            return
        # A view may share lists with the state: the bot gets its own copy, so that nothing a
        # bot does can touch the table's state.
        view = engine.plain_copy(self.game.view(self.state, seat))
        loop = asyncio.get_running_loop()
        started = loop.time()
        # On a worker thread, so that a bot that thinks long never stops the loop from serving.
        try:
            choice = await asyncio.to_thread(player.choose, view, legal)
        except Exception:
            # A broken bot must not stall the table: its seat plays a random legal move.
            log.exception(
                "table %s: the bot of seat %s failed; a random move instead", self.id, seat
            )
            choice = secrets.choice(legal)
        if choice is None:
            return
        low, high = self.hooks.bot_delay
        pause = min(high, max(low, player.delay(view, choice)))
        await asyncio.sleep(max(0.0, pause - (loop.time() - started)))
        if self.driver(seat) is player:  # the player may have come back meanwhile
            await self._quiet_move(seat, choice, seq, "bot")

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

    # ------------------------------------------------------------------ undo and turn clocks
    def _replay_journal(self, rows: list[tuple[int, dict, str]], clock: dict | None) -> None:
        """Rebuild the game from every journal row, moves taken back and undos included, so that
        the game log and what may still be taken back are as they were; then the stored clock."""
        state = self.game.new_game(self.seed, self.players, self.options)
        for seq, (seat, move, by) in enumerate(rows, start=1):
            if by == UNDO:
                state = self.takebacks.take().before
                self.recent.append([taken_back_event(seat)])
                continue
            move = as_played(move, by)
            after, events = self.game.apply(state, seat, move)
            self.takebacks.played(seq, seat, by, state, move, after, events)
            state = after
            self.recent.append(events)
        self.state, self.seq = state, len(rows)
        spec = self.rules["clock"]
        if spec is not None and not self.game.is_over(state):
            now = time.monotonic()
            self.clock = (
                TurnClock.loaded(spec, clock, now) if clock else self._clock_after(None, state)
            )

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
            self._broadcast(events, seat, ref)
        self._after_change()

    def _clock_after(self, mover: int | None, state: dict[str, Any]) -> TurnClock | None:
        """The turn clock after a move by `mover` (None: the game began) led to `state`: the
        seats to act run, unless the game's own quiet time runs or the game is over."""
        spec = self.rules["clock"]
        if spec is None:
            return None
        over = self.game.is_over(state)
        running = [] if over or self.game.timer(state) else self.game.to_act(state)
        clock = self.clock or TurnClock.new(spec, self.players)
        return clock.moved(mover, running, time.monotonic())

    def _schedule_clock(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self.status != PLAYING or self.clock is None or self.paused:
            return
        out = self.clock.next_out(time.monotonic())
        if out is not None:
            seat, wait = out
            loop = asyncio.get_running_loop()
            self._clock_timer = loop.call_later(wait, self._clock_ran_out, self.seq, seat)

    def _clock_ran_out(self, seq: int, seat: int) -> None:
        self._clock_timer = None
        if self.seq == seq and self.status == PLAYING and not self.paused:
            self._spawn(self._clock_move(seat, seq))

    async def _clock_move(self, seat: int, seq: int) -> None:
        """The seat's time is out: a stand-in bot (the seat's own level for a bot seat, else the
        table's takeover level, else basic) moves for it at once; a bot that would wait plays a
        pass where the rules list one. A bot of its own, so that it never thinks at the same
        time as the seat's bot on another thread."""
        if self.seq != seq or self.state is None:
            return
        legal = self.game.legal_moves(self.state, seat)
        if not legal:
            return
        view = engine.plain_copy(self.game.view(self.state, seat))
        level = self.seats[seat].bot or self.takeover or bots.DEFAULT_LEVEL
        try:
            player = bots.make(level, self.game, seat)
            choice = await asyncio.to_thread(player.choose, view, legal)
        except Exception:
            log.exception("table %s: no bot move for seat %s out of time", self.id, seat)
            choice = secrets.choice(legal)
        if choice is None:
            choice = next((m for m in legal if m["type"] == "pass"), legal[0])
        await self._quiet_move(seat, choice, seq, "clock")

    async def save_clock(self) -> None:
        """Store the turn clock's time left now (at shutdown, so a restart keeps it exactly)."""
        if self.clock is None or self.status != PLAYING:
            return
        with contextlib.suppress(StorageFull):
            snapshot = self.clock.snapshot(time.monotonic())
            if self.paused:  # a restart resumes the table: the clocks of those to act run again
                snapshot["running"] = list(self._paused_running)
            await self.journal.run(self.journal.store.save_clock, self.id, snapshot)

    # ------------------------------------------------------------------ a hand on idle seats
    def _check_steward(self, identity: Identity, what: str) -> None:
        """The table's creator or the server's host may; anyone else is refused."""
        if self.hooks.is_host is not None and self.hooks.is_host(identity):
            return
        if identity is self.creator or (self.creator is None and self.held_by(identity)):
            return
        raise Refused("not_creator", f"only the table's creator or the host may {what}")

    def _person_at(self, seat: int) -> Seat:
        if seat >= self.players:
            raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
        held = self.seats[seat]
        if held.holder_key is None or held.bot is not None:
            raise Refused("no_person", f"no person holds seat {seat} of table {self.id}")
        return held

    def _track_acting(self) -> None:
        """Note since when each seat to act has been waited for (an idle seat's measure)."""
        if self.status != PLAYING or self.state is None or self.paused:
            self._acting_since.clear()
            return
        acting = set(self.game.to_act(self.state))
        now = time.monotonic()
        self._acting_since = {s: self._acting_since.get(s, now) for s in acting}

    def idle(self, seat: int, now: float | None = None) -> bool:
        """Whether `seat` is to act and has been waited for IDLE_SEAT seconds or more."""
        since = self._acting_since.get(seat)
        now = time.monotonic() if now is None else now
        return since is not None and now - since >= IDLE_SEAT

    def acting_for(self, now: float) -> dict[int, float]:
        """How many seconds each seat to act has been waited for (none while paused)."""
        return {seat: now - since for seat, since in self._acting_since.items()}

    def _tell(self, identity: Identity | None, msg: dict[str, Any]) -> None:
        if identity is not None and identity.session is not None:
            identity.session.send(msg)

    async def hand_to_bot(self, identity: Identity, seat: int, level: str) -> None:
        """A bot of `level` plays an absent or idle person's seat now, until that person says
        `reclaim`; the seat stays theirs (its result counts for them)."""
        self._check_steward(identity, "hand a seat to a bot")
        if self.status != PLAYING:
            raise Refused("not_playing", f"table {self.id} is {self.status}")
        held = self._person_at(seat)
        if held.handed is not None:
            raise Refused("already_handed", f"a bot already plays seat {seat} of table {self.id}")
        if not (held.away or self.idle(seat)):
            raise Refused(
                "seat_active",
                f"{held.name} is here and has not kept the table waiting {IDLE_SEAT:g} s;"
                " nudge them first",
            )
        try:
            player = bots.make(level, self.game, seat)
        except (KeyError, ValueError) as exc:
            raise Refused("unknown_bot", str(exc.args[0])) from None
        held.handed, held.stand_in = level, player
        self._tell(
            held.holder,
            {"t": "handed", "table": self.id, "seat": seat, "level": level, "by": identity.name},
        )
        self.hooks.changed(self)
        self._schedule_bots()

    async def reclaim(self, identity: Identity, seat: int) -> None:
        """The seat's person plays it again after it was handed to a bot."""
        if seat >= self.players:
            raise Refused("bad_seat", f"table {self.id} has seats 0 to {self.players - 1}")
        held = self.seats[seat]
        if held.holder is not identity:
            raise Refused("not_your_seat", f"you do not hold seat {seat} of table {self.id}")
        if held.handed is None:
            raise Refused("not_handed", f"no bot plays seat {seat} for you")
        held.handed, held.stand_in = None, None
        self._acting_since.pop(seat, None)
        self._track_acting()  # the seat's idle time starts afresh
        self._schedule_idle_takeover()
        self.hooks.changed(self)
        self._schedule_bots()

    def nudge(self, identity: Identity, seat: int) -> bool:
        """Buzz the seat's person (a `nudge` to their connection); whether it reached one."""
        self._check_steward(identity, "nudge a seat")
        held = self._person_at(seat)
        now = time.monotonic()
        last = self._nudged.get(seat)
        if last is not None and now - last < NUDGE_EVERY:
            wait = max(1, round(NUDGE_EVERY - (now - last)))
            raise Refused(
                "rate_limited",
                f"seat {seat} was nudged a moment ago; again in {wait} s",
                {"retry_after": wait},
            )
        self._nudged[seat] = now
        reached = held.holder is not None and held.holder.session is not None
        self._tell(
            held.holder,
            {"t": "nudge", "table": self.id, "seat": seat, "by": identity.name, "cue": "buzz"},
        )
        return reached

    async def pause(self, identity: Identity, paused: bool) -> None:
        """Stop the game (no moves, no bots, the turn clocks stand still) or go on with it."""
        self._check_steward(identity, "pause or resume the game")
        if self.status != PLAYING:
            raise Refused("not_playing", f"table {self.id} is {self.status}")
        if paused == self.paused:
            code = "already_paused" if paused else "not_paused"
            raise Refused(code, f"table {self.id} is {'already' if paused else 'not'} paused")
        async with self.lock:
            now = time.monotonic()
            if self.clock is not None:
                running = list(self.clock.running) if paused else self._paused_running
                self._paused_running = list(self.clock.running) if paused else []
                self.clock = TurnClock(
                    self.clock.spec, self.clock.left(now), [] if paused else running, now
                )
            self.paused = paused
            self._acting_since.clear()  # idle time starts afresh after a pause
            clock = self.clock.snapshot(now) if self.clock else None
            said = {"t": "paused", "table": self.id, "paused": paused, "by": identity.name}
            frame = encode({**said, "clock": clock})
            for person in self.attendees():
                if person.session is not None:
                    person.session.send_frame(frame)
        self.hooks.changed(self)
        self._after_change()

    async def remove(self, identity: Identity, seat: int, to: str, level: str) -> None:
        """Take a person's seat from them for this game: it goes to a bot of `level` (`to`
        "bot") or becomes open ("open"); that identity may not sit at this table again."""
        self._check_steward(identity, "remove a person")
        if self.status not in (WAITING, PLAYING):
            raise Refused("not_playing", f"table {self.id} is {self.status}")
        held = self._person_at(seat)
        replacement = Seat()
        if to == "bot":
            try:
                player = bots.make(level, self.game, seat)
            except (KeyError, ValueError) as exc:
                raise Refused("unknown_bot", str(exc.args[0])) from None
            replacement = Seat(name=f"{level} bot {seat + 1}", bot=level, bot_player=player)
        assert held.holder_key is not None
        # The identity, and its name: a new connection under the same name is the same person.
        barred = self.barred | {held.holder_key, barred_name(held.name or "")}
        await self.journal.run(self.journal.store.save_barred, self.id, sorted(barred))
        self.barred = barred
        self.seats[seat] = replacement
        person = held.holder
        self._acting_since.pop(seat, None)
        self._tell(person, {"t": "removed", "table": self.id, "seat": seat, "by": identity.name})
        if person is not None:
            await self._people_left([person])
        else:
            self.seats_unsaved = True
            with contextlib.suppress(StorageFull):
                await self.save_pending()
            self.presence_changed()

    # ------------------------------------------------------------------ stand-ins for idle seats
    def _may_stand_in(self, seat: int) -> bool:
        """Whether a stand-in may take `seat` over when it idles: a person's seat that no bot
        plays now (not handed, no takeover bot playing it while its person is away)."""
        held = self.seats[seat]
        return (
            held.holder_key is not None
            and held.bot is None
            and held.handed is None
            and self.driver(seat) is None
        )

    def _schedule_idle_takeover(self) -> None:
        """On a table created with `idle_takeover`, wake up when the first seat to act has
        been waited for that many seconds."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        limit = self.rules.get("idle_takeover")
        if limit is None or self.status != PLAYING or self.paused or self.state is None:
            return
        if self.game.timer(self.state) is not None:
            # The game's own quiet time decides (an open auction): idle time starts after it.
            self._quiet_at = time.monotonic()
            return
        due = [
            max(since, self._quiet_at) + limit
            for seat, since in self._acting_since.items()
            if self._may_stand_in(seat)
        ]
        if due:
            wait = max(0.0, min(due) - time.monotonic())
            self._idle_timer = asyncio.get_running_loop().call_later(wait, self._idle_seats_due)

    def _idle_seats_due(self) -> None:
        """Hand every seat idle past the limit to a stand-in bot (the table's `takeover`
        level, else basic), as `hand_to_bot` would; its person takes it back with `reclaim`."""
        self._idle_timer = None
        limit = self.rules.get("idle_takeover")
        if limit is None or self.status != PLAYING or self.paused:
            return
        now = time.monotonic()
        level = self.takeover or bots.DEFAULT_LEVEL
        handed = False
        for seat, since in sorted(self._acting_since.items()):
            idle = now - max(since, self._quiet_at)
            if idle < limit or not self._may_stand_in(seat):
                continue
            held = self.seats[seat]
            try:
                player = bots.make(level, self.game, seat)
            except (KeyError, ValueError) as exc:  # a game with no bot of that level
                log.warning("table %s: no %s stand-in for seat %s: %s", self.id, level, seat, exc)
                continue
            held.handed, held.stand_in = level, player
            handed = True
            if self.hooks.stood_in is not None:
                self.hooks.stood_in(self, seat, level, idle)
            self._tell(
                held.holder,
                {
                    "t": "handed",
                    "table": self.id,
                    "seat": seat,
                    "level": level,
                    "by": None,
                    "idle": True,
                },
            )
        if handed:
            self.hooks.changed(self)
            self._schedule_bots()
        self._schedule_idle_takeover()
