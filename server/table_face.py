"""A table as its jobs see it (server/tables.py's `Table` is one): what the seating, the
messages, the stand-ins, the time and the journal's replay may read and call. The jobs' modules
import this, never server/tables.py, so the table and its jobs stay free of an import circle."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Coroutine
from typing import Any, Protocol

from server.clocks import TurnClock
from server.identities import Identity
from server.journal import Journal
from server.seats import Seat
from server.undo import Takebacks
from shared.engine import Game


class Waiting(Protocol):
    """The stand-ins' measure of how long each seat to act has been waited for."""

    def forget(self, seat: int | None = None) -> None: ...


class Restoring(Protocol):
    """The turn clock of a game back from its journal."""

    def restored(self, stored: dict | None) -> TurnClock | None: ...


class TableFace(Protocol):
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
    # server/tables.py's TableHooks: changed, bot_delay, rating, is_host, stood_in.
    hooks: Any
    takeover: str | None
    status: str
    state: dict[str, Any] | None
    seq: int
    outcome: dict[str, Any] | None
    spectators: set[Identity]
    recent: deque[list]
    rules: dict[str, Any]
    takebacks: Takebacks
    clock: TurnClock | None
    open_chat: bool
    paused: bool
    barred: set[str]
    standins: Waiting
    clocks: Restoring

    @property
    def playing(self) -> bool: ...

    def attendees(self) -> set[Identity]: ...

    def held_by(self, identity: Identity) -> list[int]: ...

    def summary(self) -> dict[str, Any]: ...

    def seat_message(
        self,
        kind: str,
        seat: int | None,
        events: list | None = None,
        common: dict[str, Any] | None = None,
        with_talk: bool = False,
    ) -> dict[str, Any]: ...

    def check_host(self, identity: Identity, what: str) -> None: ...

    def check_steward(self, identity: Identity, what: str) -> None: ...

    def person_at(self, seat: int) -> Seat: ...

    def presence_changed(self) -> None: ...

    def _schedule_bots(self) -> None: ...

    async def _people_left(self, people: list[Identity]) -> None: ...

    async def _abandon(self) -> None: ...

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task: ...

    async def _quiet_move(self, seat: int, move: dict, seq: int, by: str) -> None: ...
