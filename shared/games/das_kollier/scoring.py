"""Das Kollier's scoring: the best necklace wins; ties go to fewer gems in it, then the best gem
outside it, then money. The outcome's `breakdown` comes from the same sums (docs/engine.md)."""

from __future__ import annotations

from typing import Any

from shared.engine import State, winners_by
from shared.games.das_kollier.gems import VALUE, best_necklace, necklace_parts

# The tie-breaks after the necklace's value, in the order the rules apply them.
TIE_BREAKS = ("gems", "outside", "money")


def decided_by(keys: list[list[int]]) -> str | None:
    """The tie-break (of TIE_BREAKS) that last narrowed the seats with the best necklace down to
    the winners; None when the value alone decided or a tie remains among them all."""
    top = max(k[0] for k in keys)
    field = [s for s, k in enumerate(keys) if k[0] == top]
    decided = None
    for i, name in enumerate(TIE_BREAKS, start=1):
        best = max(keys[s][i] for s in field)
        kept = [s for s in field if keys[s][i] == best]
        if len(kept) < len(field):
            decided, field = name, kept
    return decided


def outcome(state: State) -> dict[str, Any]:
    """Best necklace; ties: fewer gems in it, then the best gem outside it, then money
    (cash, marker and what the bank still owes)."""
    owed = [0] * state["players"]
    for debt in state["debts"]:
        owed[debt["seat"]] += debt["amount"]
    scores, necklaces, outside, wealth, breakdown = [], [], [], [], []
    for seat, hand in enumerate(state["hands"]):
        _, necklace = best_necklace(hand)
        base, kinds = necklace_parts(necklace) if necklace else (0, 0)
        # The necklace's value is its gems' base values times its kinds: the gems once,
        # and every kind beyond the first once more.
        parts = [
            {"id": "gems", "count": len(necklace), "points": base},
            {"id": "kinds", "count": kinds, "points": base * max(0, kinds - 1)},
        ]
        rest = hand[:]
        for gem in necklace:
            rest.remove(gem)
        scores.append(sum(part["points"] for part in parts))
        breakdown.append(parts)
        necklaces.append(necklace)
        outside.append(max(map(VALUE.__getitem__, rest), default=0))
        wealth.append(state["cash"][seat] + state["markers"][seat] + owed[seat])
    keys = [[scores[s], -len(necklaces[s]), outside[s], wealth[s]] for s in range(len(scores))]
    return {
        "scores": scores,
        "winners": winners_by(scores, keys),
        "decided_by": decided_by(keys),
        "necklaces": necklaces,
        "best_outside": outside,
        "money": wealth,
        "hands": state["hands"],
        "breakdown": breakdown,
    }
