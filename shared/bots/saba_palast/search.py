"""Saba – Palast der Königin's strong bot: a flat search over a few ways of going on, each played
out by the rules of thumb (see the package's doc)."""

from __future__ import annotations

import random
import time

from shared.bots.saba_palast.basic import (
    basic,
    build_options,
    demand,
    harbour_choices,
    harbour_score,
)
from shared.bots.saba_palast.evaluation import QUARTER_OF, evaluate
from shared.bots.saba_palast.hidden import determinize, seat_board
from shared.engine import IllegalMove, Move, State, View
from shared.games.saba_palast.data import CARDS, MATERIALS
from shared.games.saba_palast.game import GAME

# Turns a play-out finishes (the one under way counts) before the evaluation judges it.
PLAYOUT_TURNS = 2
PLAYOUT_MOVES = 120


def playout(state: State, turns: int | None = None) -> State:
    """Everybody plays by the rules of thumb until `turns` turns have ended (the one under way
    first) or the game is over. Chance inside comes from the imagined state's own seed."""
    rng = random.Random(state["rng"])
    turns = PLAYOUT_TURNS if turns is None else turns
    for _ in range(PLAYOUT_MOVES):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_moves(state, seat)
        if len(legal) == 1:
            move = legal[0]
        else:
            move = basic(seat_board(state, seat), legal, rng, state)
        turn = state["turn"]
        state, _ = GAME.apply(state, seat, move)
        if state["turn"] != turn:
            turns -= 1
            if turns <= 0:
                break
    return state


# ---------------------------------------------------------------------- the strong search

# Root moves weighed at each kind of decision (the rules of thumb's own choice among them).
HARBOUR_CHOICES = 4
BUILD_CHOICES = 3
# How much better than the rules of thumb's move another must look to be chosen instead.
MARGIN = 0.01


def root_choices(view: View, legal: list[Move], rng: random.Random) -> list[list[Move | str]]:
    """The ways of going on the search compares, each as the moves it plays in a row (the
    first is the one to play now; a card's id stands for building or fulfilling it as
    `best_build` would), the rules of thumb's own way first. One way: no search is needed."""
    seat, phase = view["seat"], view["phase"]
    mine = basic(view, legal, rng)
    if view["pending"] or phase not in ("harbour", "build", "quarter"):
        return [[mine]]
    if phase == "harbour":
        moves = harbour_choices(view, seat, legal)
        scored = sorted(
            ((harbour_score(view, seat, m, rng), i) for i, m in enumerate(moves)), reverse=True
        )
        ways: list[list[Move | str]] = [[mine]]
        ways += [[moves[i]] for _, i in scored if moves[i] != mine]
        return ways[:HARBOUR_CHOICES]
    if phase == "build":
        ways = []
        for _, card, plan in sorted(build_options(view, seat), key=lambda f: -f[0]):
            first = plan[0] if plan else build_move(view, card, legal)
            if first is not None:
                ways.append([first, *plan[1:], card] if plan else [first])
            if len(ways) >= BUILD_CHOICES:
                break
        if {"type": "pass"} in legal:
            ways.append([{"type": "pass"}])
        own = next((w for w in ways if w[0] == mine), None)
        if own is None:
            return [[mine]]
        return [own, *(w for w in ways if w is not own)]
    ways = [[mine]]
    want = demand(view, seat)
    for move in (
        {"type": "pass"},
        *(
            {"type": "place_figure", "quarter": QUARTER_OF[m]}
            for m in sorted(MATERIALS, key=lambda m: -want[m])[:2]
        ),
    ):
        if move in legal and [move] not in ways:
            ways.append([move])
    return ways


def build_move(board: dict, card: str, legal: list[Move]) -> Move | None:
    """The move building or fulfilling `card` as `best_build` makes it, if legal."""
    kind = "build" if CARDS[card]["kind"] == "palace" else "fulfil"
    moves = [m for m in legal if m["type"] == kind and m["card"] == card and "leave" not in m]
    moves.sort(key=lambda m: (bool(m.get("no_figure")), m.get("from_quarter") != board["vizier"]))
    return moves[0] if moves else None


def follow(state: State, seat: int, way: list[Move | str]) -> State:
    """`state` after the seat plays `way` (as far as its moves stay legal)."""
    for step in way:
        move = (
            build_move(state, step, GAME.legal_moves(state, seat))
            if isinstance(step, str)
            else step
        )
        if move is None:
            break
        try:
            state, _ = GAME.apply(state, seat, move)
        except IllegalMove:
            break
    return state


def flat_search(bot, view: View, legal: list[Move]) -> Move:
    """Compare the ways of going on (`root_choices`) on the same imagined states: each plays
    its moves, then everybody plays by the rules of thumb for a while (`playout`), and the
    evaluation judges the outcome for the seat; the best mean wins, the rules of thumb's way
    unless another is better by `MARGIN`. One iteration is one way played out once."""
    rng, seat = bot.rng, bot.seat
    ways = root_choices(view, legal, rng)
    bot.iterations = 0
    if len(ways) == 1:
        return ways[0][0]
    totals = [0.0] * len(ways)
    rounds = 0
    deadline = time.perf_counter() + bot.budget_ms / 1000
    limit = bot.max_iterations or 1 << 30
    while True:
        imagined = determinize(view, rng)
        for i, way in enumerate(ways):
            totals[i] += evaluate(playout(follow(imagined, seat, way)))[seat]
            bot.iterations += 1
        rounds += 1
        if bot.iterations >= limit or time.perf_counter() >= deadline:
            break
    best = max(range(len(ways)), key=lambda i: totals[i])
    if totals[best] - totals[0] <= MARGIN * rounds:
        best = 0
    return ways[best][0]
