"""Bots that fill seats, by level name: `random`, `basic` and `strong` (see `shared.bots`).

A bot sees exactly what a player in its seat would: that seat's view, its legal moves and the
events as that seat saw them. It returns one of the legal moves (or None to hold back, as in a
real-time auction) and names a human-like pause; the table then plays the move through the same
path as a client's move. `choose` runs on a worker thread (it may think as long as it likes
without stalling the server) and must not change what it is given.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Protocol

from shared import bots as shared_bots
from shared.engine import Event, Game, Move, View


class Bot(Protocol):
    """Chooses a move for its seat from what that seat may know (None: no move now)."""

    def choose(self, view: View, legal_moves: list[Move]) -> Move | None: ...

    def delay(self, view: View, move: Move) -> float: ...

    def observe(self, events: list[Event]) -> None: ...


# A level makes a bot for one seat of one game; it raises KeyError or ValueError (with a
# readable message) when it has no bot for that game.
BotFactory = Callable[[Game, int], Bot]


def _level(name: str) -> BotFactory:
    def factory(game: Game, seat: int) -> Bot:
        return shared_bots.make_bot(game, seat, name, seed=secrets.randbits(32))

    return factory


LEVELS: dict[str, BotFactory] = {name: _level(name) for name in shared_bots.LEVELS}
DEFAULT_LEVEL = "basic"


def make(level: str, game: Game, seat: int) -> Bot:
    """A new bot of `level` for `seat`; `KeyError`/`ValueError` with a readable message when
    the level is unknown or has no bot for this game."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return LEVELS[level](game, seat)


def levels() -> list[str]:
    """The names of the bot levels, for the lobby."""
    return list(LEVELS)
