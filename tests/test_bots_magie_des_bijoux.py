"""La Magie des Bijoux's strong bot: its search board keeps the rules, and it plays endings
perfectly where it can see to the end."""

from __future__ import annotations

import math
import random

import pytest

from bench.bots import DEFAULT_ITERATIONS, game_iterations
from shared.bots import make_bot
from shared.bots.magie_des_bijoux import (
    ITERATIONS,
    WIN,
    Board,
    evaluate,
    lead_and_share,
    points,
    tree_search,
)
from shared.engine import get_game

GAME = get_game("magie-des-bijoux")


def cell_of(state, move) -> int:
    row, col = move["plaque"]
    return row * state["cols"] + col


def same_position(board: Board, state) -> bool:
    return (
        board.stones == state["stones"]
        and board.supply == state["supply"]
        and (board.pawn, board.previous) == (state["pawn"], state["previous"])
        and (board.turn, board.extra) == (state["turn"], state["extra"])
        and board.ended == GAME.is_over(state)
        and board.scores == points(state)
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_search_board_plays_and_takes_back_every_move_as_the_engine_does(players):
    rng = random.Random(players)
    for seed in range(6):
        state = GAME.new_game(seed, players)
        board = Board(GAME.view(state, 0))
        history = []
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_moves(state, seat)
            assert sorted(board.moves()) == sorted(cell_of(state, m) for m in legal)
            move = rng.choice(legal)
            history.append((board.play(cell_of(state, move)), state))
            state, _ = GAME.apply(state, seat, move)
            assert same_position(board, state)
        for undo, before in reversed(history):
            board.undo(undo)
            assert same_position(board, before)


def exact_value(state, limit: list[int], known: dict) -> float:
    """Seat 0's outcome against seat 1 with best play from both, to the end: a win counts
    `WIN`, then the points' difference (the search's own measure). `known`: the positions
    solved so far (the same position is reached by moves in another order); `limit` counts the
    positions solved."""
    key = repr(state)
    if key in known:
        return known[key]
    limit[0] -= 1
    if limit[0] < 0:
        raise OverflowError
    if GAME.is_over(state):
        outcome = GAME.outcome(state)
        scores, winners = outcome["scores"], outcome["winners"]
        share = [WIN / len(winners) if s in winners else 0.0 for s in range(2)]
        value = scores[0] + share[0] - scores[1] - share[1]
    else:
        seat = GAME.to_act(state)[0]
        values = [
            exact_value(GAME.apply(state, seat, m)[0], limit, known)
            for m in GAME.legal_moves(state, seat)
        ]
        value = max(values) if seat == 0 else min(values)
    known[key] = value
    return value


def endings(count: int) -> list:
    """Two-player positions a few moves before the end of random games, small enough to solve."""
    rng = random.Random(8)
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = GAME.new_game(seed, 2)
        history = []
        while not GAME.is_over(state):
            history.append(state)
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        for before in history[-9:-3]:
            seat = GAME.to_act(before)[0]
            if len(GAME.legal_moves(before, seat)) > 1:
                found.append(before)
                break
    return found


def test_the_strong_bot_plays_two_player_endings_as_well_as_an_exhaustive_search():
    solved = 0
    for state in endings(12):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_moves(state, seat)
        limit, known = [20_000], {}
        try:
            values = [exact_value(GAME.apply(state, seat, m)[0], limit, known) for m in legal]
        except OverflowError:
            continue
        best = max(values) if seat == 0 else min(values)
        bot = make_bot(GAME, seat, "strong", seed=3, budget_ms=600_000)
        move = bot.choose(GAME.view(state, seat), legal)
        assert values[legal.index(move)] == best
        solved += 1
    assert solved >= 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_strong_bot_stops_after_its_iterations_and_repeats_itself_for_a_seed(players):
    rng = random.Random(players)
    state = GAME.new_game(2, players)
    for _ in range(10):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    seat = GAME.to_act(state)[0]
    choices = []
    for _ in range(2):
        bot = make_bot(GAME, seat, "strong", seed=5, budget_ms=600_000)
        bot.max_iterations = 400
        choices.append(bot.choose(GAME.view(state, seat), GAME.legal_moves(state, seat)))
        assert bot.iterations <= 400
    assert choices[0] == choices[1]
    assert choices[0] in GAME.legal_moves(state, seat)


def test_the_strong_bot_plays_solitaire_and_four_players_to_the_end():
    """Found by the hints' tests: alone at the table the search had no other seat to measure
    its margin against. At four players the tree search on the board plays (TREE_SEARCH_FROM)."""
    for players in (1, 4):
        state = GAME.new_game(3, players)
        rng = random.Random(players)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_moves(state, seat)
            bot = make_bot(GAME, seat, "strong", seed=1, budget_ms=60_000)
            bot.max_iterations = 40
            chosen = bot.choose(GAME.view(state, seat), legal)
            assert chosen in legal
            state, _ = GAME.apply(state, seat, rng.choice(legal) if rng.random() < 0.5 else chosen)


def positions(players: int, count: int) -> list:
    """Positions of random games at `players`, from the first move to near the end."""
    rng = random.Random(players)
    found = []
    for seed in range(count):
        state = GAME.new_game(seed, players)
        for _ in range(rng.randrange(0, 40)):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        if not GAME.is_over(state):
            found.append(state)
    return found


def test_the_tree_search_judges_a_position_as_the_shared_evaluation_does():
    for state in positions(4, 12):
        board = Board(GAME.view(state, 0))
        values = lead_and_share(board, sum(state["settings"]))
        assert values == pytest.approx(evaluate(state))


def test_the_tree_search_leaves_the_board_as_it_found_it_and_picks_a_legal_cell():
    for state in positions(4, 8):
        seat = GAME.to_act(state)[0]
        board = Board(GAME.view(state, seat))
        order = board.moves()
        cell, iterations = tree_search(board, order, 300, math.inf, random.Random(1))
        assert same_position(board, state)
        assert cell in order
        assert iterations == 300


def test_at_four_players_the_strong_bot_thinks_its_own_count_of_iterations_at_a_table():
    """The tables' bot (no count given, a time budget) plays what the bench measures."""
    state = positions(4, 1)[0]
    seat = GAME.to_act(state)[0]
    bot = make_bot(GAME, seat, "strong", seed=2, budget_ms=600_000)
    bot.choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
    assert bot.iterations == ITERATIONS[4]
    assert game_iterations(GAME.id, 4) == ITERATIONS[4]
    assert game_iterations("das-kollier", 4) == DEFAULT_ITERATIONS  # a game that names none
