"""Bots playing whole games against each other, as the server would seat them.

Where several seats may act at once (a real-time auction), every bot that wants to act names its
move and its human-like delay; the quickest acts. When no bot wants to act, the game's timer move
(e.g. the quiet-time knock-down) is played, as the server would after the quiet time.
"""

from __future__ import annotations

import random
import time

from shared.bots import Bot
from shared.engine import Game


def play_match(
    game: Game,
    bots: list[Bot],
    seed: int,
    options: dict | None = None,
    timings: dict[int, list[float]] | None = None,
    max_moves: int = 20_000,
) -> dict:
    """Play one game; returns its outcome. Decision times (s) per seat go into `timings`."""
    rng = random.Random(seed)
    state = game.new_game(seed, len(bots), options)
    for _ in range(max_moves):
        if game.is_over(state):
            return game.outcome(state)
        offers = []
        for seat in game.to_act(state):
            start = time.perf_counter()
            move = bots[seat].choose(game.view(state, seat), game.legal_moves(state, seat))
            if timings is not None:
                timings.setdefault(seat, []).append(time.perf_counter() - start)
            if move is not None:
                view = game.view(state, seat)
                offers.append((bots[seat].delay(view, move), rng.random(), seat, move))
        if offers:
            _, _, seat, move = min(offers, key=lambda o: (o[0], o[1]))
        else:
            timer = game.timer(state)
            if timer is None:
                raise RuntimeError(f"no bot acts and {game.id} has no timer move")
            seat, move = timer["seat"], timer["move"]
        state, events = game.apply(state, seat, move)
        for s, bot in enumerate(bots):
            bot.observe(game.view_events(events, s))
    raise RuntimeError(f"{game.id} did not end within {max_moves} moves")
