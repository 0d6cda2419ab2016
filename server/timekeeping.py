"""A table's time: the game's own quiet time (an open auction's timer, which plays its move when
it runs out) and the turn clock (server/clocks.py), whose seat out of time is moved for."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any

from server import bots
from server.clocks import TurnClock
from server.store import StorageFull
from server.table_face import TableFace
from shared import engine

log = logging.getLogger(__name__)


class QuietTimer:
    """The game's quiet-time timer: when it runs out unchanged, the timer's move is played.
    Its own state is the pending wake-up."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self._handle: asyncio.TimerHandle | None = None

    def schedule(self) -> None:
        table = self.table
        self.cancel()
        if not table.playing or table.state is None or table.paused:
            return
        timer = table.game.timer(table.state)
        if timer is not None:
            loop = asyncio.get_running_loop()
            self._handle = loop.call_later(timer["seconds"], self._fire, table.seq, timer)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fire(self, seq: int, timer: dict[str, Any]) -> None:
        table = self.table
        self._handle = None
        if table.seq == seq and table.playing and not table.paused:
            table._spawn(table._quiet_move(timer["seat"], timer["move"], seq, "timer"))


class ClockKeeper:
    """Runs the table's turn clock (`table.clock`): what it is after each move, the wake-up
    when a seat's time runs out, and which seats ran before a pause. Its own state is that
    wake-up and those seats."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self._handle: asyncio.TimerHandle | None = None
        self.paused_running: list[int] = []

    def after(self, mover: int | None, state: dict[str, Any]) -> TurnClock | None:
        """The turn clock after a move by `mover` (None: the game began) led to `state`: the
        seats to act run, unless the game's own quiet time runs or the game is over."""
        table = self.table
        spec = table.rules["clock"]
        if spec is None:
            return None
        over = table.game.is_over(state)
        running = [] if over or table.game.timer(state) else table.game.to_act(state)
        clock = table.clock or TurnClock.new(spec, table.players)
        return clock.moved(mover, running, time.monotonic())

    def restored(self, stored: dict | None) -> TurnClock | None:
        """The clock of a game back from the journal: the stored one, else a fresh one."""
        table = self.table
        spec = table.rules["clock"]
        if spec is None or table.state is None or table.game.is_over(table.state):
            return table.clock
        now = time.monotonic()
        return TurnClock.loaded(spec, stored, now) if stored else self.after(None, table.state)

    def paused(self, paused: bool, now: float) -> TurnClock | None:
        """The table's clock stopped (`paused`) or running again for the seats that ran."""
        clock = self.table.clock
        if clock is None:
            return None
        running = list(clock.running) if paused else self.paused_running
        self.paused_running = list(clock.running) if paused else []
        return TurnClock(clock.spec, clock.left(now), [] if paused else running, now)

    def schedule(self) -> None:
        table = self.table
        self.cancel()
        if not table.playing or table.clock is None or table.paused:
            return
        out = table.clock.next_out(time.monotonic())
        if out is not None:
            seat, wait = out
            loop = asyncio.get_running_loop()
            self._handle = loop.call_later(wait, self._ran_out, table.seq, seat)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _ran_out(self, seq: int, seat: int) -> None:
        table = self.table
        self._handle = None
        if table.seq == seq and table.playing and not table.paused:
            table._spawn(self._move_for(seat, seq))

    async def _move_for(self, seat: int, seq: int) -> None:
        """The seat's time is out: a stand-in bot (the seat's own level for a bot seat, else the
        table's takeover level, else basic) moves for it at once; a bot that would wait plays a
        pass where the rules list one. A bot of its own, so that it never thinks at the same
        time as the seat's bot on another thread."""
        table = self.table
        if table.seq != seq or table.state is None:
            return
        legal = table.game.legal_moves(table.state, seat)
        if not legal:
            return
        view = engine.plain_copy(table.game.view(table.state, seat))
        level = table.seats[seat].bot or table.takeover or bots.DEFAULT_LEVEL
        try:
            player = bots.make(level, table.game, seat)
            choice = await asyncio.to_thread(player.choose, view, legal)
        except Exception:
            log.exception("table %s: no bot move for seat %s out of time", table.id, seat)
            choice = secrets.choice(legal)
        if choice is None:
            choice = next((m for m in legal if m["type"] == "pass"), legal[0])
        await table._quiet_move(seat, choice, seq, "clock")

    async def save(self) -> None:
        """Store the turn clock's time left now (at shutdown, so a restart keeps it exactly)."""
        table = self.table
        if table.clock is None or not table.playing:
            return
        with contextlib.suppress(StorageFull):
            snapshot = table.clock.snapshot(time.monotonic())
            if table.paused:  # a restart resumes the table: the clocks of those to act run again
                snapshot["running"] = list(self.paused_running)
            await table.journal.run(table.journal.store.save_clock, table.id, snapshot)
