"""The host's evening as this client knows it: the latest `standings` the server pushed
(docs/protocol.md, The evening), and the final standings to reveal when the evening ends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def same_name(a: str, b: str) -> bool:
    """Whether two names are one person (the server's rule: any case and spacing)."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


@dataclass
class Evening:
    standings: dict[str, Any] | None = None
    # The final standings of an evening this client saw open and then end, until shown.
    reveal: dict[str, Any] | None = None
    revision: int = 0

    def receive(self, msg: dict[str, Any]) -> None:
        before = self.standings
        self.standings = msg
        self.revision += 1
        now, was = msg.get("evening"), before and before.get("evening")
        if now and now.get("ended") and was and was["id"] == now["id"] and not was.get("ended"):
            self.reveal = msg
        elif not now or not now.get("ended"):
            self.reveal = None

    @property
    def shown(self) -> bool:
        """Whether there is an evening to show (open, or ended and not yet followed by one)."""
        return bool(self.standings and self.standings.get("evening"))

    def row_of(self, name: str) -> dict[str, Any] | None:
        rows = (self.standings or {}).get("overall") or []
        return next((row for row in rows if same_name(row["name"], name)), None)
