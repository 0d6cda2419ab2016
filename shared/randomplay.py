"""Whole games of uniformly random legal moves: for tests, benchmarks and headless play."""

from __future__ import annotations

import random

from shared.engine import Game, Move, State

MAX_MOVES = 100_000


def random_step(game: Game, state: State, rng: random.Random) -> tuple[int, Move]:
    """One random (seat, move) among the seats to act and their legal moves."""
    seats = game.to_act(state)
    if not seats:
        raise ValueError("the game is over")
    seat = rng.choice(seats)
    moves = game.legal_moves(state, seat)
    if not moves:
        raise AssertionError(f"seat {seat} is to act but has no legal move")
    return seat, rng.choice(moves)


def play_random_game(
    game: Game, seed: int, num_players: int, options: dict | None = None
) -> tuple[State, list[tuple[int, Move]]]:
    """Play a game to its end with random legal moves drawn from `seed`; the final state and
    the ordered (seat, move) history."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.new_game(seed, num_players, options)
    history: list[tuple[int, Move]] = []
    # `random_step` unrolled: the same draws from `rng`, with `to_act` asked once per move.
    to_act, legal_moves, apply, choice = game.to_act, game.legal_moves, game.apply, rng.choice
    while seats := to_act(state):
        if len(history) >= MAX_MOVES:
            raise AssertionError(f"{game.id} did not end within {MAX_MOVES} moves (seed {seed})")
        seat = choice(seats)
        moves = legal_moves(state, seat)
        if not moves:
            raise AssertionError(f"seat {seat} is to act but has no legal move")
        move = choice(moves)
        state, _ = apply(state, seat, move)
        history.append((seat, move))
    if not game.is_over(state):
        raise AssertionError(f"{game.id}: nobody is to act, yet the game is not over")
    return state, history
