"""The lobby's news: a table's new summary, or its removal, sent to everyone in the lobby and to
the people at that table, at most every NEWS_EVERY seconds (a table that changes ten times
meanwhile is sent once, as it is then); and the count of open tables that discovery announces."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from server.lessons import LessonTable
from server.status import ABANDONED
from server.tables import Table
from shared.protocol import encode

# Lobby news (a table's new summary, a table gone) goes out at most this often (seconds): a
# table that changes ten times meanwhile is sent once, as it is then.
NEWS_EVERY = 0.1


class TableNews:
    """The news not yet sent. Its own state: the tables with news, each with the sessions that
    must hear it even if they are no longer at it (people at a table that was just removed);
    the wake-up that sends it and when it was last sent; the open tables last counted."""

    def __init__(
        self,
        tables: dict[int, Table],
        sessions: set[Any],
        open_tables_changed: Callable[[int], None] | None = None,
    ) -> None:
        self.tables = tables
        self.sessions = sessions
        self._open_tables_changed = open_tables_changed
        self._open_tables = -1
        self._news: dict[int, set[Any]] = {}
        self._due: asyncio.TimerHandle | None = None
        self._sent = float("-inf")

    def changed(self, table_id: int, people: set[Any] | None = None) -> None:
        """Table `table_id` changed (or went: `people` were at it): news soon."""
        self._news.setdefault(table_id, set()).update(people or ())
        self._soon()

    def close(self) -> None:
        if self._due is not None:
            self._due.cancel()

    @property
    def open_tables(self) -> int:
        return max(self._open_tables, 0)

    def _soon(self) -> None:
        """Send the news at the end of this turn of the loop, or NEWS_EVERY after the last."""
        if self._due is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (restoring): nobody is connected yet
            self._send()
            return
        delay = max(0.0, self._sent + NEWS_EVERY - loop.time())
        self._due = loop.call_later(delay, self._send)

    def _send(self) -> None:
        """Each changed table's summary (or its removal), encoded once: to every session in the
        lobby (at no table) all of them, to the people at a table that table's."""
        self._due = None
        with contextlib.suppress(RuntimeError):
            self._sent = asyncio.get_running_loop().time()
        news, self._news = self._news, {}
        if not news:
            return
        frames: dict[int, bytes] = {}
        for table_id in news:
            table = self.tables.get(table_id)
            if table is None or table.status == ABANDONED:
                frames[table_id] = encode({"t": "table_removed", "table": table_id})
            else:
                frames[table_id] = encode({"t": "table", "table": table.summary()})
        in_lobby = [s for s in self.sessions if s.identity is not None and not s.identity.tables]
        # A lesson is news only for its learner (the lobby does not list it).
        listed = [
            frame
            for table_id, frame in frames.items()
            if not isinstance(self.tables.get(table_id), LessonTable)
        ]
        for session in in_lobby:
            for frame in listed:
                session.send_frame(frame)
        lobby = set(in_lobby)
        for table_id, told in news.items():
            table = self.tables.get(table_id)
            people = set(told)
            if table is not None:
                people.update(p.session for p in table.attendees() if p.session is not None)
            for session in people - lobby:
                session.send_frame(frames[table_id])
        self.count_open_tables()

    def count_open_tables(self) -> None:
        """Tell `open_tables_changed` when the number of tables with a free seat changed."""
        count = sum(1 for t in self.tables.values() if t.open_seats)
        if count != self._open_tables:
            self._open_tables = count
            if self._open_tables_changed is not None:
                self._open_tables_changed(count)
