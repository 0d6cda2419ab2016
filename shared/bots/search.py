"""The strong level: information-set Monte Carlo tree search within a time budget.

Each iteration imagines one full state consistent with the bot's view (`Policy.determinize`),
walks one shared tree of moves with UCB, restricted to the moves legal in that imagined state,
adds one node, plays a short random rollout, and backs up one value per seat (each seat picks
what is best for itself: max^n). The tree only ever sees imagined states, so the bot's choice
depends on nothing its seat cannot see.

A game may bring its own search instead: `Policy.options["search"]`, called as
`search(bot, view, legal)` with the bot's rng, seat, `budget_ms` and `max_iterations`, setting
`bot.iterations` (Saba – Palast does: see `shared.bots.saba_palast.search.flat_search`; so does
La Magie des Bijoux, `shared.bots.magie_des_bijoux.strong_search`).
"""

from __future__ import annotations

import math
import time

import msgpack

from shared.bots.base import Bot, Policy
from shared.engine import Game, Move, State, View

EXPLORATION = 0.9


def move_key(move: Move) -> bytes:
    return msgpack.packb(move)


class Node:
    __slots__ = ("children", "visits", "totals", "available")

    def __init__(self, players: int) -> None:
        self.children: dict[tuple[int, bytes], Node] = {}
        self.visits = 0
        self.totals = [0.0] * players
        # How often each child was selectable (information sets make some moves rare).
        self.available: dict[tuple[int, bytes], int] = {}


class StrongBot(Bot):
    level = "strong"

    def __init__(
        self,
        game: Game,
        seat: int,
        policy: Policy,
        seed: int = 0,
        budget_ms: float = 800.0,
        max_iterations: int | None = None,
    ) -> None:
        super().__init__(game, seat, policy, seed)
        self.policy: Policy = policy
        self.budget_ms = budget_ms
        self.max_iterations = max_iterations
        self.iterations = 0

    def choose(self, view: View, legal: list[Move]) -> Move | None:
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        players = view["players"]
        if self.policy.remember is not None:
            view = self.policy.remember(view, self.seen)
        own = self.policy.options.get("search")
        if own is not None:
            # The game's own search (see its policy), within the same budget and iterations;
            # None leaves the position to the tree search below.
            chosen = own(self, view, legal)
            if chosen is not None:
                return chosen
        root = Node(players)
        deadline = time.perf_counter() + self.budget_ms / 1000
        self.iterations = 0
        while self.iterations < (self.max_iterations or 1 << 30):
            self._iterate(root, self.policy.determinize(view, self.rng), players)
            self.iterations += 1
            if time.perf_counter() >= deadline and self.iterations >= 2 * len(legal):
                break
        by_key = {move_key(m): m for m in legal}
        best = max(
            (c.visits, c.totals[self.seat] / c.visits, k)
            for (s, k), c in root.children.items()
            if s == self.seat and k in by_key and c.visits
        )
        return by_key[best[2]]

    def _iterate(self, root: Node, state: State, players: int) -> None:
        game, rng = self.game, self.rng
        node, path = root, [root]
        while not game.is_over(state):
            seats = game.to_act(state)
            seat = self.seat if node is root and self.seat in seats else rng.choice(seats)
            moves = {move_key(m): m for m in self._moves(state, seat)}
            for k in moves:
                node.available[(seat, k)] = node.available.get((seat, k), 0) + 1
            untried = [k for k in moves if (seat, k) not in node.children]
            if untried:
                k = rng.choice(untried)
                child = node.children[(seat, k)] = Node(players)
                state, _ = game.apply(state, seat, moves[k])
                path.append(child)
                break
            k = max(moves, key=lambda k: self._ucb(node, seat, k))
            state, _ = game.apply(state, seat, moves[k])
            node = node.children[(seat, k)]
            path.append(node)
        values = self._rollout(state)
        for n in path:
            n.visits += 1
            for i in range(players):
                n.totals[i] += values[i]

    def _moves(self, state: State, seat: int) -> list[Move]:
        """The moves the tree considers for `seat`: the policy's candidates, or all legal."""
        legal = self.game.legal_moves(state, seat)
        pick = self.policy.candidates
        return pick(state, seat, legal) if pick is not None and legal else legal

    def _ucb(self, node: Node, seat: int, key: bytes) -> float:
        child = node.children[(seat, key)]
        mean = child.totals[seat] / child.visits
        return mean + EXPLORATION * math.sqrt(math.log(node.available[(seat, key)]) / child.visits)

    def _rollout(self, state: State) -> list[float]:
        game, rng = self.game, self.rng
        for _ in range(self.policy.rollout_depth):
            if game.is_over(state):
                break
            seat = rng.choice(game.to_act(state))
            state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        return self.policy.evaluate(state)
