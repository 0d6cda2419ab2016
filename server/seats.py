"""A table's seat and its holder: who sits there (a person, a bot, a stand-in), what is stored
and shown of it, and the table password that guards sitting down."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from server import bots
from server.identities import Identity
from server.ratings import name_key
from shared.engine import Game

log = logging.getLogger(__name__)


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


def restored_bot(level: str, game: Game, seat: int) -> bots.Bot | None:
    """The bot of a restored seat; None (the seat waits) if its level is gone."""
    try:
        return bots.make(level, game, seat)
    except (KeyError, ValueError) as exc:
        log.warning("seat %s keeps no %s bot after the restart: %s", seat, level, exc)
        return None


# A table password guards a seat for one evening, not an account: enough rounds that the stored
# hash is no plain text, few enough (well under a millisecond) that guesses cannot stall the loop.
PASSWORD_ROUNDS = 1000


def hash_password(password: str) -> bytes:
    """Salt + PBKDF2 of a table password, so the store never holds it in the clear."""
    salt = secrets.token_bytes(16)
    return salt + hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ROUNDS)


def password_matches(stored: bytes, password: str) -> bool:
    salt, digest = stored[:16], stored[16:]
    attempt = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, PASSWORD_ROUNDS)
    return hmac.compare_digest(digest, attempt)


def barred_name(name: str) -> str:
    """How a removed person's name is kept among a table's barred identity keys."""
    return "name:" + name_key(name)
