"""What the strong level's search needs of Das Kollier: a few telling moves to weigh
(`candidates`: the lowest bid or passing, no sales to the bank unless a price needs one), and
the value of a position (`evaluate`: the game played out by the rules of thumb)."""

from __future__ import annotations

import math
import random

from shared.bots.das_kollier.playout import Playout
from shared.engine import Move, State, get_game

GAME = get_game("das-kollier")
# The sealed bids for the right to run the first auction that the search weighs.
SEALED_CHOICES = (0, 1_000, 2_000, 4_000)

# evaluate: the played-out game's win counts WIN_WEIGHT, the rest a soft lead (over this many
# points) of the seat's necklace over the best other.
WIN_WEIGHT = 0.7
LEAD_SCALE = 40_000.0


def evaluate(state: State) -> list[float]:
    """Per seat in [0, 1]: the outcome once the game is over; before, the outcome of the rest
    of the game played out by the rules of thumb (`Playout`), partly softened by the margin."""
    n = state["players"]
    if state["phase"] == "over":
        winners = GAME.outcome(state)["winners"]
        return [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    playout = Playout(state, random.Random(state["rng"]))
    scores = playout.scores()
    keys = [(scores[s], playout.cash[s]) for s in range(n)]
    best = max(keys)
    winners = [s for s in range(n) if keys[s] == best]
    out = []
    for s in range(n):
        margin = (scores[s] - max(scores[:s] + scores[s + 1 :])) / LEAD_SCALE
        soft = 1 / (1 + math.exp(-max(-30.0, min(30.0, margin))))
        won = 1 / len(winners) if s in winners else 0.0
        out.append(WIN_WEIGHT * won + (1 - WIN_WEIGHT) * soft)
    return out


def candidates(state: State, seat: int, legal: list[Move]) -> list[Move]:
    """The moves the search weighs: no sale to the bank unless a price cannot be paid
    otherwise; in an open auction only the lowest bid or passing; as auctioneer the falling
    auction or the two lowest start prices; a few sealed bids."""
    phase = state["phase"]
    if phase == "pay":
        payments = [m for m in legal if m["type"] == "pay"]
        return payments or legal
    moves = [m for m in legal if m["type"] != "sell"]
    if phase == "open":
        bids = [m for m in moves if m["type"] == "bid"]
        return [m for m in moves if m["type"] != "bid"] + bids[:1]
    if phase == "choose":
        opens = [m for m in moves if m["type"] == "open_auction"]
        return [m for m in moves if m["type"] != "open_auction"] + opens[:2]
    if phase == "sealed":
        return [m for m in moves if m["amount"] in SEALED_CHOICES] or moves[:1]
    return moves or legal
