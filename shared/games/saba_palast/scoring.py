"""Saba – Palast der Königin: the points, who leads the serail, and the outcome."""

from __future__ import annotations

from typing import Any

from shared.engine import State


def serail_preferred(serail: list[int], seats: list[int]) -> list[int]:
    """Among `seats`, those the serail rule prefers: most markers in the serail, then the
    marker nearest space 1. Returns one seat, or all still tied (none of them in the serail)."""
    counts = {s: serail.count(s) for s in seats}
    most = max(counts.values())
    tied = [s for s in seats if counts[s] == most]
    if len(tied) == 1 or most == 0:
        return tied
    return [next(s for s in serail if s in tied)]


def serail_leader(state: State) -> int | None:
    """The player leading in the serail, or None while it is empty."""
    if not state["serail"]:
        return None
    return serail_preferred(state["serail"], list(range(state["players"])))[0]


# Where a seat's points come from, in the order `point_parts` lists them.
POINT_PARTS = ("balconies", "treasury", "serail")


def point_parts(state: State) -> list[list[int]]:
    """Each seat's points now by where they stand (`POINT_PARTS`): its figures on balconies,
    in the treasury and (profi) in the serail — one point each."""
    parts = [[0, 0, 0] for _ in range(state["players"])]
    for field in state["garden"]:
        if field["figure"] is not None:
            parts[field["figure"]][0] += 1
    for seat in state["treasury"]:
        parts[seat][1] += 1
    if state["serail_figure"] is not None:
        parts[state["serail_figure"]][2] += 1
    return parts


def points(state: State) -> list[int]:
    """Each seat's points now: the sum of its `point_parts`."""
    return [sum(parts) for parts in point_parts(state)]


def outcome(state: State) -> dict[str, Any]:
    """The scores as the sum of their parts: `breakdown[seat]` lists the seat's figures on
    balconies, in the treasury and (profi) in the serail, a point each."""
    parts = point_parts(state)
    score = [sum(p) for p in parts]
    best = max(score)
    winners = serail_preferred(state["serail"], [s for s, p in enumerate(score) if p == best])
    breakdown = [
        [
            {"id": part, "count": n, "points": n}
            for part, n in zip(POINT_PARTS, seat_parts, strict=True)
            if part != "serail" or state["options"]["profi"]
        ]
        for seat_parts in parts
    ]
    return {"scores": score, "winners": winners, "end": state["end"], "breakdown": breakdown}
