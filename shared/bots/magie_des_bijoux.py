"""Bots for La Magie des Bijoux (perfect information: the view is the whole game).

Rules of thumb (basic): look one move ahead for each target — what I win or spoil on the plaque,
the extra move a filled plaque gives — and assume the next player then takes his best reply; a
move that ends the game is judged by the final score.

Strong (search, `strong_search`): nothing is hidden and nothing is drawn once the grid is dealt,
so the bot searches the position itself instead of sampling it: iterative deepening on a `Board`
that plays and takes back moves in place (the engine's rules on plain lists, no copies or
events), each position judged by the points each seat would score if the game ended there, a
won game above any lead. Two players: alpha-beta on the difference of points; three: max^n,
each mover taking what leaves him furthest ahead of the best other seat. An extra move is simply
the same seat moving again. The deepest depth searched to its end decides; one iteration is one
position reached, so a fixed count of iterations gives the same move whatever the machine's
load. (The generic tree search, judging each new position by who leads, won 1.20–1.28× its fair
share against basic at three players; random play-outs to the end did worse. A softer
judgement — part of a plaque's worth to its leader before he owns it, less for a plaque still
open to be taken — did worse again than the plain points over 60 three-player games.)

Four players (`tree_search`): the depth-first search sees only the bot's move and two replies
there and won less than a Monte Carlo tree search judging each new position by who leads; so at
four the strong bot runs that tree search, on the same board in place (its play and undo, no
copies), a fixed count of iterations (`ITERATIONS`).
"""

from __future__ import annotations

import math
import random
import time

from shared.bots.base import Policy
from shared.engine import Move, State, View, get_game
from shared.games.magie_des_bijoux import SHAPES, owners, row_winner

GAME = get_game("magie-des-bijoux")


def determinize(view: View, rng: random.Random) -> State:
    """Nothing is hidden: the view rebuilt as a state."""
    cols = view["cols"]

    def cell(rc: list[int] | None) -> int | None:
        return None if rc is None else rc[0] * cols + rc[1]

    return {
        "game": GAME.id,
        "seed": 0,
        "players": view["players"],
        "options": view["options"],
        "rng": rng.getrandbits(63),
        "rows": view["rows"],
        "cols": cols,
        "settings": view["settings"],
        "stones": [row[:] for row in view["stones"]],
        "pawn": cell(view["pawn"]),
        "previous": cell(view["previous"]),
        "turn": view["turn"],
        "extra": view["extra"],
        "supply": view["supply"][:],
        "end": view["end"],
    }


def points(state: State) -> list[int]:
    """Points each seat would score if the game ended now."""
    scores = [0] * state["players"]
    for owner, settings in zip(owners(state), state["settings"], strict=True):
        if owner is not None:
            scores[owner] += settings
    return scores


def evaluate(state: State) -> list[float]:
    """Per seat in [0, 1]: mostly who leads (or won), partly the share of points."""
    n = state["players"]
    total = sum(state["settings"])
    if n == 1:
        empty = sum(s - sum(st) for s, st in zip(state["settings"], state["stones"], strict=True))
        return [1.0 - empty / total]
    scores = points(state)
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    return [
        0.6 * (1 / len(leaders) if i in leaders else 0.0) + 0.4 * scores[i] / total
        for i in range(n)
    ]


def margin(state: State, seat: int) -> float:
    """How far `seat` is ahead of the best other seat (solitaire: settings filled)."""
    if state["players"] == 1:
        return -sum(s - sum(st) for s, st in zip(state["settings"], state["stones"], strict=True))
    scores = points(state)
    mine = scores[seat]
    others = max(s for i, s in enumerate(scores) if i != seat)
    if GAME.is_over(state):
        return 1000.0 if mine > others else (0.0 if mine == others else -1000.0)
    return float(mine - others)


def best_reply(state: State, seat: int, depth: int) -> float:
    """The value for `seat` once the mover (maybe `seat` again) has played his best move."""
    if depth == 0 or GAME.is_over(state):
        return margin(state, seat)
    mover = GAME.to_act(state)[0]
    results = []
    for move in GAME.legal_moves(state, mover):
        after, _ = GAME.apply(state, mover, move)
        results.append((margin(after, mover), margin(after, seat), after))
    if mover == seat:
        return max(best_reply(after, seat, depth - 1) for _, _, after in results)
    return max(results, key=lambda r: r[0])[1]


def basic(view: View, legal: list[Move], rng: random.Random) -> Move | None:
    state = determinize(view, rng)
    seat = view["turn"]
    scored = []
    for move in legal:
        after, _ = GAME.apply(state, seat, move)
        scored.append((best_reply(after, seat, 1), rng.random(), move))
    return max(scored, key=lambda t: (t[0], t[1]))[2]


# ---------------------------------------------------------------------------- strong: the search


class Board:
    """A position for the search, changed in place by `play` and restored by `undo`: the
    engine's rules on plain lists and bitmasks, without copies or events."""

    __slots__ = (
        "cells",
        "ended",
        "extra",
        "filled",
        "full",
        "lines",
        "owner",
        "pawn",
        "players",
        "previous",
        "scores",
        "settings",
        "stones",
        "supply",
        "turn",
    )

    def __init__(self, view: View) -> None:
        cols = view["cols"]
        grid = SHAPES[view["rows"], cols]
        self.lines = grid.lines
        self.players = n = view["players"]
        self.settings = view["settings"][:]
        self.cells = len(self.settings)
        self.stones = [row[:] for row in view["stones"]]
        self.filled = [sum(row) for row in self.stones]
        self.full = 0
        for c, size in enumerate(self.settings):
            if self.filled[c] >= size:
                self.full |= 1 << c

        def cell(rc: list[int] | None) -> int | None:
            return None if rc is None else rc[0] * cols + rc[1]

        self.pawn = cell(view["pawn"])
        self.previous = cell(view["previous"])
        self.turn = view["turn"]
        self.extra = view["extra"]
        self.supply = view["supply"][:]
        self.owner = list(map(row_winner, self.stones, self.settings))
        self.scores = [0] * n
        for c, seat in enumerate(self.owner):
            if seat is not None:
                self.scores[seat] += self.settings[c]
        self.ended = view["end"] is not None

    def moves(self) -> list[int]:
        """The cells the mover may go to (every cell while the pawn is still to be placed)."""
        if self.pawn is None:
            return list(range(self.cells))
        full, previous = self.full, self.previous
        return [c for c in self.lines[self.pawn] if not full >> c & 1 and c != previous]

    def play(self, cell: int) -> tuple:
        """The mover goes to `cell` (and sets a stone there); returns what `undo` needs."""
        undo = (cell, self.pawn, self.previous, self.turn, self.extra, self.owner[cell], self.full)
        seat, n = self.turn, self.players
        if self.pawn is None:
            self.pawn = cell
            self.turn = (seat + 1) % n
            self.extra = False
            self._check_end()
            return undo
        self.previous, self.pawn = self.pawn, cell
        row = self.stones[cell]
        row[seat] += 1
        self.supply[seat] -= 1
        filled = self.filled[cell] = self.filled[cell] + 1
        size = self.settings[cell]
        before = self.owner[cell]
        after = self.owner[cell] = row_winner(row, size)
        if after != before:
            if before is not None:
                self.scores[before] -= size
            if after is not None:
                self.scores[after] += size
        if filled == size:
            self.full |= 1 << cell
            if self.extra:
                self.extra = False
                self.turn = (seat + 1) % n
            else:
                self.extra = True
        else:
            self.extra = False
            self.turn = (seat + 1) % n
        self._check_end()
        return undo

    def undo(self, undo: tuple) -> None:
        cell, pawn, previous, turn, extra, owner, full = undo
        self.ended = False
        if pawn is not None:
            self.stones[cell][turn] -= 1
            self.supply[turn] += 1
            self.filled[cell] -= 1
            now = self.owner[cell]
            if now != owner:
                size = self.settings[cell]
                if now is not None:
                    self.scores[now] -= size
                if owner is not None:
                    self.scores[owner] += size
            self.owner[cell] = owner
        self.pawn, self.previous, self.turn, self.extra, self.full = (
            pawn,
            previous,
            turn,
            extra,
            full,
        )

    def _check_end(self) -> None:
        if self.supply[self.turn] == 0:
            self.ended = True
            return
        full, previous = self.full, self.previous
        self.ended = not any(not full >> c & 1 and c != previous for c in self.lines[self.pawn])


# A won game outweighs any lead in points.
WIN = 1000.0
# The search checks the clock once per this many positions.
CLOCK_EVERY = 256


class _Stop(Exception):
    """The search ran out of positions or time in the middle of a depth."""


def judge(board: Board) -> list[float]:
    """Per seat: the points it would score now, and `WIN` (shared) for a winner of an ended game."""
    values = [float(s) for s in board.scores]
    if board.ended and board.players > 1:
        best = max(board.scores)
        winners = [i for i, s in enumerate(board.scores) if s == best]
        for i in winners:
            values[i] += WIN / len(winners)
    return values


class Search:
    """Iterative deepening from one position, within a count of positions and a deadline."""

    def __init__(self, board: Board, limit: int, deadline: float) -> None:
        self.board = board
        self.limit = limit
        self.deadline = deadline
        self.nodes = 0
        self.depth = 0
        # Whether the last depth stopped anywhere short of the game's end.
        self.horizon = False

    def _tick(self) -> None:
        self.nodes += 1
        if self.depth > 1 and (
            self.nodes >= self.limit
            or (self.nodes % CLOCK_EVERY == 0 and time.perf_counter() >= self.deadline)
        ):
            raise _Stop

    def best(self, order: list[int]) -> int:
        """The mover's best cell: the choice of the deepest depth searched to its end."""
        board = self.board
        seat = board.turn
        chosen = order[0]
        depth = 1
        while True:
            self.depth = depth
            self.horizon = False
            try:
                ranked = self._root(order, depth, seat)
            except _Stop:
                break
            chosen = ranked[0][1]
            order = [c for _, c in ranked]
            if (
                not self.horizon  # every line was followed to the end: deeper shows nothing new
                or self.nodes >= self.limit
                or time.perf_counter() >= self.deadline
            ):
                break
            depth += 1
        return chosen

    def _root(self, order: list[int], depth: int, seat: int) -> list[tuple[float, int]]:
        board = self.board
        two = board.players == 2
        scored = []
        alpha = -math.inf  # the best value for the mover so far: later moves need only beat it
        for cell in order:
            undo = board.play(cell)
            self._tick()
            if two and seat == 0:
                value = self._alphabeta(depth - 1, alpha, math.inf)
            elif two:
                value = -self._alphabeta(depth - 1, -math.inf, -alpha)
            else:
                value = margin_of(self._maxn(depth - 1), seat)
            board.undo(undo)
            alpha = max(alpha, value)
            scored.append((value, cell))
        scored.sort(key=lambda t: -t[0])  # stable: earlier cells win ties
        return scored

    def _alphabeta(self, depth: int, alpha: float, beta: float) -> float:
        """Two players: seat 0's points minus seat 1's, seat 0 maximising."""
        board = self.board
        if board.ended or depth == 0:
            self.horizon = self.horizon or not board.ended
            values = judge(board)
            return values[0] - values[1]
        maximise = board.turn == 0
        best = -math.inf if maximise else math.inf
        for cell in board.moves():
            undo = board.play(cell)
            self._tick()
            value = self._alphabeta(depth - 1, alpha, beta)
            board.undo(undo)
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _maxn(self, depth: int) -> list[float]:
        """Three or more players: each mover takes what leaves him furthest ahead (max^n)."""
        board = self.board
        if board.ended or depth == 0:
            self.horizon = self.horizon or not board.ended
            return judge(board)
        mover = board.turn
        best: list[float] = []
        best_margin = -math.inf
        for cell in board.moves():
            undo = board.play(cell)
            self._tick()
            values = self._maxn(depth - 1)
            board.undo(undo)
            m = margin_of(values, mover)
            if m > best_margin:
                best, best_margin = values, m
        return best


def margin_of(values: list[float], seat: int) -> float:
    """How far `seat` is ahead of the best other seat (alone, in solitaire: its own value)."""
    return values[seat] - max((v for i, v in enumerate(values) if i != seat), default=0.0)


# ------------------------------------------------------------------- strong: the tree search


# UCB's exploration constant (the shared tree search's).
EXPLORATION = 0.9
# The tree search's iterations per decision: 150 won 1.55× its fair share against basic over
# the bench's 400 four-player games (1.71× over the first 100, where 1,000 won 1.65×: more
# iterations did not win more, docs/performance.md).
TREE_ITERATIONS = 150
# How much of a position's value is who leads (shared, if tied); the rest is the share of points.
LEAD = 0.6


class Node:
    """A position in the tree: who moves there, the moves not yet tried, the children tried."""

    __slots__ = ("children", "mover", "totals", "untried", "visits")

    def __init__(self, board: Board) -> None:
        self.mover = board.turn
        self.untried = [] if board.ended else board.moves()
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.totals = [0.0] * board.players


def lead_and_share(board: Board, total: int) -> list[float]:
    """Per seat in [0, 1]: mostly who leads (or won), partly the share of all points
    (`evaluate` on the board)."""
    scores = board.scores
    best = max(scores)
    leaders = scores.count(best)
    return [(LEAD / leaders if s == best else 0.0) + (1 - LEAD) * s / total for s in scores]


def tree_search(
    board: Board, order: list[int], limit: int, deadline: float, rng: random.Random
) -> tuple[int, int]:
    """Monte Carlo tree search on the board, in place: each iteration walks down by UCB (each
    mover after his own value, max^n), adds one position and judges it by `lead_and_share`.
    Returns the most visited of the mover's cells (`order` breaks ties) and the iterations."""
    total = sum(board.settings)
    sqrt = math.sqrt
    root = Node(board)
    root.untried = order[::-1]  # popped from the end: tried in `order`
    iterations = 0
    while iterations < limit:
        node, path, undos = root, [root], []
        while True:
            untried = node.untried
            if untried:
                cell = (
                    untried.pop(rng.randrange(len(untried))) if node is not root else untried.pop()
                )
                undos.append(board.play(cell))
                child = node.children[cell] = Node(board)
                path.append(child)
                break
            if not node.children:  # the game has ended here
                break
            mover = node.mover
            spread = EXPLORATION * EXPLORATION * math.log(node.visits)
            top = -math.inf
            for each, child in node.children.items():
                visits = child.visits
                value = child.totals[mover] / visits + sqrt(spread / visits)
                if value > top:
                    top, cell, chosen = value, each, child
            node = chosen
            undos.append(board.play(cell))
            path.append(node)
        values = lead_and_share(board, total)
        for undo in reversed(undos):
            board.undo(undo)
        for n in path:
            n.visits += 1
            totals = n.totals
            for i, v in enumerate(values):
                totals[i] += v
        iterations += 1
        if iterations % CLOCK_EVERY == 0 and time.perf_counter() >= deadline:
            break
    seat = root.mover
    rank = {cell: i for i, cell in enumerate(order)}
    best = max(
        root.children.items(),
        key=lambda kv: (kv[1].visits, kv[1].totals[seat] / kv[1].visits, -rank[kv[0]]),
    )
    return best[0], iterations


# From this many players on, the strong level searches with the tree search on the board:
# against basic bots over 400 games the position search won 1.89× its fair share at 2 players
# and 1.61× at 3, but 1.25× at 4, where the tree search won more (docs/performance.md).
TREE_SEARCH_FROM = 4
# The strong search's iterations per decision, by player count: positions of the position
# search in the bench's matchups (the tables search them until their time budget: a position
# costs 5–8 µs of a core, and 800 ms reach over 20,000 even on a heavily loaded machine), tree
# iterations of the tree search everywhere (28–46 µs each).
ITERATIONS = {1: 3000, 2: 3000, 3: 3000, 4: TREE_ITERATIONS}


def strong_search(bot, view: View, legal: list[Move]) -> Move:
    """The strong level: search the position from the view (nothing is hidden). Below
    TREE_SEARCH_FROM players as deep as the budget allows, one iteration being one position
    reached; from there on the tree search on the board, `ITERATIONS` of them unless the bot
    is given its own count, the time budget only a guard."""
    board = Board(view)
    cols = view["cols"]
    players = view["players"]
    by_cell = {m["plaque"][0] * cols + m["plaque"][1]: m for m in legal}
    order = list(by_cell)
    bot.rng.shuffle(order)  # ties go to a cell drawn from the bot's seed
    deadline = time.perf_counter() + bot.budget_ms / 1000
    if players >= TREE_SEARCH_FROM:
        limit = bot.max_iterations or ITERATIONS[players]
        cell, bot.iterations = tree_search(board, order, limit, deadline, bot.rng)
        return by_cell[cell]
    search = Search(board, bot.max_iterations or 1 << 30, deadline)
    cell = search.best(order)
    bot.iterations = search.nodes
    return by_cell[cell]


POLICY = Policy(
    basic=basic,
    determinize=determinize,
    evaluate=evaluate,
    # The game's own search plays every position (the shared tree search never runs).
    options={"search": strong_search, "iterations": ITERATIONS},
)
