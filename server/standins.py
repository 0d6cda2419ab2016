"""Bots and stand-ins at a table: which bot plays a seat now (its own, one it was handed to,
the takeover bot while its person is away), their turns, how long each seat to act has been
waited for, nudges, and the stand-in that takes over a seat idle past the table's limit."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from server import bots
from server.identities import Identity
from server.refusals import Refused
from server.table_face import TableFace
from server.telling import tell
from shared import engine

log = logging.getLogger(__name__)

# A seat to act that has not moved for this many seconds is idle: its table's creator or the
# host may hand it to a bot although its person is connected.
IDLE_SEAT = 60.0
# A seat is nudged at most once in this many seconds.
NUDGE_EVERY = 5.0


class StandIns:
    """The bots of one table. Its own state: each seat's bot turn under way, since when
    (monotonic seconds) each seat to act has been waited for, when each seat was last nudged,
    the wake-up for the next idle seat, and when the game's own quiet time last ran (nobody
    keeps the table waiting meanwhile)."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self._turns: dict[int, asyncio.Task] = {}
        self._acting_since: dict[int, float] = {}
        self._nudged: dict[int, float] = {}
        self._idle_timer: asyncio.TimerHandle | None = None
        self._quiet_at = 0.0

    def close(self) -> None:
        """Stop the idle wake-up and every bot turn under way."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        self._cancel_turns()

    def _cancel_turns(self) -> None:
        for task in self._turns.values():
            task.cancel()
        self._turns.clear()

    # ------------------------------------------------------------------ the bots' turns
    def schedule(self) -> None:
        """A bot turn for every seat to act that a bot plays now (none while paused)."""
        table = self.table
        if table.paused:
            self._cancel_turns()
        if not table.playing or table.state is None or table.paused:
            return
        acting = table.game.to_act(table.state)
        for i in range(table.players):
            old = self._turns.pop(i, None)
            if old is not None:
                old.cancel()
            if i in acting and self.driver(i) is not None:
                self._turns[i] = table._spawn(self._turn(i, table.seq))

    def driver(self, seat: int) -> bots.Bot | None:
        """The bot that plays `seat` now: its own bot, or the takeover bot while it is away."""
        table = self.table
        s = table.seats[seat]
        if s.bot_player is not None:
            return s.bot_player
        if s.handed is not None:
            if s.stand_in is None:
                s.stand_in = bots.make(s.handed, table.game, seat)
            return s.stand_in
        if table.takeover is None or not table.playing or not s.away:
            return None
        if s.stand_in is None:
            s.stand_in = bots.make(table.takeover, table.game, seat)
        return s.stand_in

    async def _turn(self, seat: int, seq: int) -> None:
        table = self.table
        player = self.driver(seat)
        if table.seq != seq or table.state is None or player is None:
            return
        legal = table.game.legal_moves(table.state, seat)
        if not legal:
            return
        # A view may share lists with the state: the bot gets its own copy, so that nothing a
        # bot does can touch the table's state.
        view = engine.plain_copy(table.game.view(table.state, seat))
        loop = asyncio.get_running_loop()
        started = loop.time()
        # On a worker thread, so that a bot that thinks long never stops the loop from serving.
        try:
            choice = await asyncio.to_thread(player.choose, view, legal)
        except Exception:
            # A broken bot must not stall the table: its seat plays a random legal move.
            log.exception(
                "table %s: the bot of seat %s failed; a random move instead", table.id, seat
            )
            choice = secrets.choice(legal)
        if choice is None:
            return
        low, high = table.hooks.bot_delay
        pause = min(high, max(low, player.delay(view, choice)))
        await asyncio.sleep(max(0.0, pause - (loop.time() - started)))
        if self.driver(seat) is player:  # the player may have come back meanwhile
            await table._quiet_move(seat, choice, seq, "bot")

    # ------------------------------------------------------------------ idle seats
    def track_acting(self) -> None:
        """Note since when each seat to act has been waited for (an idle seat's measure)."""
        table = self.table
        if not table.playing or table.state is None or table.paused:
            self._acting_since.clear()
            return
        acting = set(table.game.to_act(table.state))
        now = time.monotonic()
        self._acting_since = {s: self._acting_since.get(s, now) for s in acting}

    def forget(self, seat: int | None = None) -> None:
        """`seat` (None: every seat) is waited for afresh: it moved, left, or the game paused."""
        if seat is None:
            self._acting_since.clear()
        else:
            self._acting_since.pop(seat, None)

    def idle(self, seat: int, now: float | None = None) -> bool:
        """Whether `seat` is to act and has been waited for IDLE_SEAT seconds or more."""
        since = self._acting_since.get(seat)
        now = time.monotonic() if now is None else now
        return since is not None and now - since >= IDLE_SEAT

    def acting_for(self, now: float) -> dict[int, float]:
        """How many seconds each seat to act has been waited for (none while paused)."""
        return {seat: now - since for seat, since in self._acting_since.items()}

    def _may_stand_in(self, seat: int) -> bool:
        """Whether a stand-in may take `seat` over when it idles: a person's seat that no bot
        plays now (not handed, no takeover bot playing it while its person is away)."""
        held = self.table.seats[seat]
        return (
            held.holder_key is not None
            and held.bot is None
            and held.handed is None
            and self.driver(seat) is None
        )

    def schedule_idle_takeover(self) -> None:
        """On a table created with `idle_takeover`, wake up when the first seat to act has
        been waited for that many seconds."""
        table = self.table
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        limit = table.rules.get("idle_takeover")
        if limit is None or not table.playing or table.paused or table.state is None:
            return
        if table.game.timer(table.state) is not None:
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
        table = self.table
        self._idle_timer = None
        limit = table.rules.get("idle_takeover")
        if limit is None or not table.playing or table.paused:
            return
        now = time.monotonic()
        level = table.takeover or bots.DEFAULT_LEVEL
        handed = False
        for seat, since in sorted(self._acting_since.items()):
            idle = now - max(since, self._quiet_at)
            if idle < limit or not self._may_stand_in(seat):
                continue
            held = table.seats[seat]
            try:
                player = bots.make(level, table.game, seat)
            except (KeyError, ValueError) as exc:  # a game with no bot of that level
                log.warning("table %s: no %s stand-in for seat %s: %s", table.id, level, seat, exc)
                continue
            held.handed, held.stand_in = level, player
            handed = True
            if table.hooks.stood_in is not None:
                table.hooks.stood_in(table, seat, level, idle)
            tell(
                held.holder,
                {
                    "t": "handed",
                    "table": table.id,
                    "seat": seat,
                    "level": level,
                    "by": None,
                    "idle": True,
                },
            )
        if handed:
            table.hooks.changed(table)
            table._schedule_bots()
        self.schedule_idle_takeover()

    # ------------------------------------------------------------------ a hand on idle seats
    async def hand_to_bot(self, identity: Identity, seat: int, level: str) -> None:
        """A bot of `level` plays an absent or idle person's seat now, until that person says
        `reclaim`; the seat stays theirs (its result counts for them)."""
        table = self.table
        table.check_steward(identity, "hand a seat to a bot")
        if not table.playing:
            raise Refused("not_playing", f"table {table.id} is {table.status}")
        held = table.person_at(seat)
        if held.handed is not None:
            raise Refused("already_handed", f"a bot already plays seat {seat} of table {table.id}")
        if not (held.away or self.idle(seat)):
            raise Refused(
                "seat_active",
                f"{held.name} is here and has not kept the table waiting {IDLE_SEAT:g} s;"
                " nudge them first",
            )
        try:
            player = bots.make(level, table.game, seat)
        except (KeyError, ValueError) as exc:
            raise Refused("unknown_bot", str(exc.args[0])) from None
        held.handed, held.stand_in = level, player
        tell(
            held.holder,
            {"t": "handed", "table": table.id, "seat": seat, "level": level, "by": identity.name},
        )
        table.hooks.changed(table)
        table._schedule_bots()

    async def reclaim(self, identity: Identity, seat: int) -> None:
        """The seat's person plays it again after it was handed to a bot."""
        table = self.table
        if seat >= table.players:
            raise Refused("bad_seat", f"table {table.id} has seats 0 to {table.players - 1}")
        held = table.seats[seat]
        if held.holder is not identity:
            raise Refused("not_your_seat", f"you do not hold seat {seat} of table {table.id}")
        if held.handed is None:
            raise Refused("not_handed", f"no bot plays seat {seat} for you")
        held.handed, held.stand_in = None, None
        self._acting_since.pop(seat, None)
        self.track_acting()  # the seat's idle time starts afresh
        self.schedule_idle_takeover()
        table.hooks.changed(table)
        table._schedule_bots()

    def nudge(self, identity: Identity, seat: int) -> bool:
        """Buzz the seat's person (a `nudge` to their connection); whether it reached one."""
        table = self.table
        table.check_steward(identity, "nudge a seat")
        held = table.person_at(seat)
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
        tell(
            held.holder,
            {"t": "nudge", "table": table.id, "seat": seat, "by": identity.name, "cue": "buzz"},
        )
        return reached
