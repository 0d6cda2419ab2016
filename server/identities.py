"""The people behind connections: a secret token names each one and owns its seats.

The token (from `secrets`) is given in `welcome`; the server keeps only its SHA-256, in memory
and in the store, so a stolen database does not hand out seats. A client that comes back with
its token gets the same identity, and with it its seats.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any, Protocol


def new_token() -> str:
    """A fresh secret token for a client."""
    return secrets.token_urlsafe(24)


def token_key(token: str) -> str:
    """What the server stores for a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Sitting(Protocol):
    """A table as its people know it (server.tables.Table is one): this module never imports
    the tables, so the two stay free of an import circle."""

    id: int

    def held_by(self, identity: Identity) -> bool: ...


@dataclass(eq=False)
class Identity:
    """One person (or one device in hot-seat play), connected or not."""

    key: str
    name: str
    # The live connection, or None while disconnected; it has `send(msg)` and `send_frame(b)`.
    session: Any = None
    disconnected_since: float | None = None
    # Tables where this identity holds a seat or watches.
    tables: set[Sitting] = field(default_factory=set)

    @property
    def connected(self) -> bool:
        return self.session is not None
