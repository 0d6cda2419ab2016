"""Bots that fill seats, by level name.

A bot sees exactly what a player in its seat would: that seat's view and legal moves. It returns
one of the legal moves; the table then plays it through the same path as a client's move.
`choose` runs on a worker thread (it may think as long as it likes without stalling the server)
and must not change what it is given. Other levels register themselves with `register`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from shared.engine import Game, Move, View


class Bot(Protocol):
    """Chooses a move for its seat from what that seat may know (None: no move now)."""

    def choose(self, view: View, legal_moves: list[Move]) -> Move | None: ...


class RandomBot:
    """Picks uniformly among the seat's legal moves."""

    def __init__(self, game: Game, seat: int) -> None:
        self.rng = random.Random()

    def choose(self, view: View, legal_moves: list[Move]) -> Move | None:
        return self.rng.choice(legal_moves) if legal_moves else None


# A level makes a bot for one seat of one game; it raises KeyError or ValueError (with a
# readable message) when it has no bot for that game.
BotFactory = Callable[[Game, int], Bot]

LEVELS: dict[str, BotFactory] = {"random": RandomBot}
DEFAULT_LEVEL = "random"


def register(level: str, factory: BotFactory) -> None:
    """Make a bot level available to tables (`bot` messages name it)."""
    LEVELS[level] = factory


def make(level: str, game: Game, seat: int) -> Bot:
    """A new bot of `level` for `seat`; `KeyError`/`ValueError` with a readable message when
    the level is unknown or has no bot for this game."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return LEVELS[level](game, seat)


def levels() -> list[str]:
    """The names of the bot levels, for the lobby."""
    return list(LEVELS)
