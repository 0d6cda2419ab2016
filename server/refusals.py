"""The one way a table or the lobby turns a request down."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A request the table (or lobby) turns down: an `error` reply with `code` and `reason`
    (and `details`, further fields of the reply)."""

    def __init__(self, code: str, reason: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.details = details or {}
