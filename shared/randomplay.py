"""Whole games of uniformly random legal moves: for tests, benchmarks and headless play."""

from __future__ import annotations

import random
from collections.abc import Callable

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


def _index(getrandbits: Callable[[int], int], n: int) -> int:
    """The index `random.Random.choice` draws from a sequence of `n` items (n > 0): the fewest
    bits that hold n, drawn again until they are below n. `play_random_game` draws it inline."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _draws_as_choice() -> bool:
    """Whether `_index` draws what this Python's `Random.choice` draws (checked once)."""
    for seed in range(8):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (*range(1, 40), 100, 127, 128, 129, 1000):
            if _index(ours.getrandbits, n) != theirs.choice(range(n)):
                return False
    return True


DRAWS_AS_CHOICE = _draws_as_choice()


def play_random_game(
    game: Game, seed: int, num_players: int, options: dict | None = None
) -> tuple[State, list[tuple[int, Move]]]:
    """Play a game to its end with random legal moves drawn from `seed`; the final state and
    the ordered (seat, move) history."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.new_game(seed, num_players, options)
    history: list[tuple[int, Move]] = []
    if DRAWS_AS_CHOICE:
        state = _play_out(game, state, rng, history, seed)
    else:  # another Python's `choice`: the plain loop of `random_step`
        while game.to_act(state):
            if len(history) >= MAX_MOVES:
                raise AssertionError(
                    f"{game.id} did not end within {MAX_MOVES} moves (seed {seed})"
                )
            seat, move = random_step(game, state, rng)
            state, _ = game.apply(state, seat, move)
            history.append((seat, move))
    if not game.is_over(state):
        raise AssertionError(f"{game.id}: nobody is to act, yet the game is not over")
    return state, history


def _play_out(
    game: Game, state: State, rng: random.Random, history: list[tuple[int, Move]], seed: int
) -> State:
    """`random_step` and `apply` to the end, unrolled: the same draws from `rng` (`_index`
    inline), with `to_act` asked once per move; the final state."""
    to_act, legal_moves, apply = game.to_act, game.legal_moves, game.apply
    getrandbits, record = rng.getrandbits, history.append
    for _ in range(MAX_MOVES - len(history)):
        seats = to_act(state)
        if not seats:
            return state
        n = len(seats)
        if n == 1:
            while getrandbits(1):  # a choice from one item still draws: one bit, until 0
                pass
            seat = seats[0]
        else:
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            seat = seats[r]
        moves = legal_moves(state, seat)
        n = len(moves)
        if not n:
            raise AssertionError(f"seat {seat} is to act but has no legal move")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        move = moves[r]
        state, _ = apply(state, seat, move)
        record((seat, move))
    if to_act(state):
        raise AssertionError(f"{game.id} did not end within {MAX_MOVES} moves (seed {seed})")
    return state
