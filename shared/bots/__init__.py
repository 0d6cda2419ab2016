"""Bots that fill empty seats: levels `random`, `basic` and `strong` for every game.

    bot = make_bot(game, seat, "strong", seed=1, budget_ms=500)
    move = bot.choose(view, legal)          # what the seat sees, and its legal moves

A game's rules of thumb and its way of imagining hidden cards live in
`shared/bots/<game module>.py` as `POLICY` (see `shared.bots.base.Policy`).
"""

from __future__ import annotations

import importlib

from shared.bots.base import Bot, Policy
from shared.bots.search import StrongBot
from shared.engine import Game, Move, View

LEVELS = ("random", "basic", "strong")


class RandomBot(Bot):
    level = "random"

    def choose(self, view: View, legal: list[Move]) -> Move | None:
        return self.rng.choice(legal) if legal else None


class BasicBot(Bot):
    level = "basic"

    def choose(self, view: View, legal: list[Move]) -> Move | None:
        return self.policy.basic(view, legal, self.rng) if legal else None


def policy_for(game_id: str) -> Policy:
    """The bot policy of a game; `KeyError` when the game has none."""
    name = game_id.replace("-", "_")
    try:
        module = importlib.import_module(f"shared.bots.{name}")
    except ModuleNotFoundError as exc:
        raise KeyError(f"no bots for {game_id!r} beyond the random level") from exc
    return module.POLICY


def make_bot(
    game: Game, seat: int, level: str, seed: int = 0, budget_ms: float | None = None
) -> Bot:
    """A bot of `level` for `seat`; `ValueError` for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot(game, seat, None, seed)
    policy = policy_for(game.id)
    if level == "basic":
        return BasicBot(game, seat, policy, seed)
    if budget_ms is None:
        return StrongBot(game, seat, policy, seed)
    return StrongBot(game, seat, policy, seed, budget_ms=budget_ms)
