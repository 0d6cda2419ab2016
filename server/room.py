"""The room at a glance: every table's moment, for the screens that show the whole room.

A TV's overview (client/web/tv.js) lists every table with whose turn it is, for how long, and
the scores so far. Lobby news (`table`) says who sits where, not how a game stands, and watching
every table would make a screen a spectator of each. A connection that says `room` instead gets
a `room` message with one entry per table at once, and then, at most every ROOM_EVERY seconds,
the entries of the tables that moved or changed since (and the ids of tables gone).

An entry carries what any spectator of the table may see: its summary, the seats to act, how
long each has been waited for, and the spectator's view (`game.view(state, None)`), from which a
screen reads the scores so far in the game's own words. A locked table's entry has no view:
watching it needs its password.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from server.status import ABANDONED, PLAYING
from server.tables import Table
from shared.protocol import encode

# The room's news goes out at most this often (seconds); time waited is counted by the screen.
ROOM_EVERY = 1.0
# The room's news takes at most about this share of the server's time: after news that took t
# seconds to build, the next waits at least t / ROOM_SHARE (a thousand busy tables: a few s).
ROOM_SHARE = 0.1


class Room:
    """The connections that watch the room, and what each table last told them."""

    def __init__(self, tables: dict[int, Table], sessions: set[Any]) -> None:
        self.tables = tables
        # The lobby's live sessions: a watcher no longer among them has gone.
        self.sessions = sessions
        self.watchers: set[Any] = set()
        # Per table, what its latest entry stood for (seq, paused): a change is news.
        self._told: dict[int, tuple[int, bool]] = {}
        # Tables whose summary changed (seats, presence, status) since the last news.
        self._changed: set[int] = set()
        self._task: asyncio.Task | None = None

    def handlers(self) -> dict[str, Any]:
        return {"room": self._room}

    def table_changed(self, table: Table) -> None:
        """The lobby's hook: a table's summary changed."""
        if self.watchers:
            self._changed.add(table.id)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    # ------------------------------------------------------------------ requests
    async def _room(self, session: Any, msg: dict[str, Any]) -> None:
        if not msg.get("watch", True):
            self.watchers.discard(session)
            return
        if not self.watchers:
            self._told.clear()
            self._changed.clear()
        self.watchers.add(session)
        now = time.monotonic()
        entries = []
        for table in self._listed():
            entries.append(entry(table, now))
            self._told[table.id] = _mark(table)
        reply: dict[str, Any] = {"t": "room", "tables": entries, "gone": [], "whole": True}
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._tell_while_watched())

    # ------------------------------------------------------------------ news
    def _listed(self) -> list[Table]:
        """The tables the room shows: not the abandoned ones, nor anyone's lesson (the lobby
        does not list those either)."""
        return [
            t for t in self.tables.values() if t.status != ABANDONED and not t.rules.get("lesson")
        ]

    async def _tell_while_watched(self) -> None:
        wait = ROOM_EVERY
        try:
            while True:
                await asyncio.sleep(wait)
                self.watchers &= self.sessions
                if not self.watchers:
                    return
                started = time.perf_counter()
                self.tell()
                wait = max(ROOM_EVERY, (time.perf_counter() - started) / ROOM_SHARE)
        finally:
            self._task = None

    def tell(self) -> None:
        """Send the watchers the entries of the tables that changed, and the tables gone."""
        now = time.monotonic()
        listed = {t.id: t for t in self._listed()}
        gone = sorted(set(self._told) - set(listed))
        fresh = []
        for table_id, table in listed.items():
            mark = _mark(table)
            if self._told.get(table_id) != mark or table_id in self._changed:
                fresh.append(entry(table, now))
                self._told[table_id] = mark
        for table_id in gone:
            del self._told[table_id]
        self._changed.clear()
        if not fresh and not gone:
            return
        frame = encode({"t": "room", "tables": fresh, "gone": gone, "whole": False})
        for session in self.watchers:
            with contextlib.suppress(Exception):
                session.send_frame(frame)


def _mark(table: Table) -> tuple[int, bool]:
    return (table.seq, table.paused)


def entry(table: Table, now: float) -> dict[str, Any]:
    """One table as the room shows it (module docstring)."""
    playing = table.status == PLAYING and table.state is not None
    to_act = table.game.to_act(table.state) if playing and table.state is not None else []
    waited = table.acting_for(now)
    shown = table.state is not None and table.password is None
    return {
        "table": table.id,
        "summary": table.summary(),
        "seq": table.seq,
        "to_act": to_act,
        # Seconds each seat to act (in `to_act`'s order) has been waited for.
        "waited": [round(waited.get(seat, 0.0), 1) for seat in to_act],
        "view": table.game.view(table.state, None) if shown and table.state is not None else None,
        "outcome": table.outcome,
    }
