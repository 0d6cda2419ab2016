"""The tables' facts in the evening's log (server/chronicle.py): a table made, started,
finished or given up is one line on the server's console."""

from __future__ import annotations

from server.chronicle import Chronicle
from server.status import ABANDONED, FINISHED, PLAYING
from server.tables import Table


class TableLog:
    """Tells the chronicle each table's change of status. Its own state: the status each table
    had when last told (a change is a fact for the log)."""

    def __init__(self, chronicle: Chronicle) -> None:
        self.chronicle = chronicle
        self._statuses: dict[int, str] = {}

    def known(self, table: Table) -> None:
        """A table back from the store: its status is no news."""
        self._statuses[table.id] = table.status

    def forget(self, table_id: int) -> None:
        self._statuses.pop(table_id, None)

    def note(self, table: Table) -> None:
        """A table made, started, finished or given up is a fact of the evening's log."""
        before = self._statuses.get(table.id)
        if before == table.status:
            return
        self._statuses[table.id] = table.status
        where = f"table {table.id} ({table.game.id}, {table.players} seats)"
        if before is None:
            made = "made" + (", friendly" if table.rules.get("friendly") else "")
            by = table.creator.name if table.creator else None
            self.chronicle.fact(
                "table_made", f"{where} {made} by {by}", table=table.id, game=table.game.id, by=by
            )
        if table.status == PLAYING:
            names = [s.name or "?" for s in table.seats]
            self.chronicle.fact(
                "table_started",
                f"{where} started: {', '.join(names)}",
                table=table.id,
                seats=names,
            )
        elif table.status == FINISHED and table.outcome is not None:
            scores = table.outcome.get("scores", [])
            said = ", ".join(f"{s.name} {p}" for s, p in zip(table.seats, scores, strict=False))
            self.chronicle.fact(
                "table_finished",
                f"{where} finished: {said}",
                table=table.id,
                seats=[s.name for s in table.seats],
                scores=scores,
                winners=table.outcome.get("winners", []),
            )
        elif table.status == ABANDONED:
            self.chronicle.fact("table_closed", f"{where} closed", table=table.id)
