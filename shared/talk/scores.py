"""Where the points came from: the results' table of every seat's scoring parts, said once.

A finished game's outcome carries `breakdown`: for each seat, the parts its score is the sum of,
each `{"id", "count", "points"}`, the same parts in the same order for every seat (the engine's
own scoring code returns them: docs/engine.md). A voice with `score_rows(outcome, view)` says
them as rows of a table (`row`): a label, and one cell per seat (a line, or None where the seat
has nothing there). Rows of kind "part" add up to the row of kind "total"; an "aside" row is a
fact beside the score (a tie-break) that adds nothing. `table` adds the order of the seats'
columns: the seat's own first, then the winners, then the others by score — so every client
shows a person's own parts beside the winner's and the rest where there is room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.talk import Line, say

Row = dict[str, Any]
Part = dict[str, Any]
ROW_KINDS = ("part", "total", "aside")


def row(label: Line, cells: list[Line | None], kind: str = "part") -> Row:
    """One row of the table: what it is, and each seat's cell (None: nothing there)."""
    if kind not in ROW_KINDS:
        raise ValueError(f"a row is one of {ROW_KINDS}, not {kind!r}")
    return {"label": label, "cells": cells, "kind": kind}


def number(n: int) -> Line:
    """A plain number in a cell, written with the language's separators."""
    return say("scores", "{n}", n=n)


def part_rows(
    outcome: dict[str, Any],
    label: Callable[[str], Line],
    cell: Callable[[Part], Line | None],
) -> list[Row]:
    """A "part" row for each part of the outcome's `breakdown` (in its order) that some seat
    has: `label(part_id)` and, for each seat, `cell(part)` (None where it counts nothing)."""
    breakdown = outcome["breakdown"]
    rows = []
    for i, first in enumerate(breakdown[0]):
        parts = [seat_parts[i] for seat_parts in breakdown]
        if all(not p["count"] and not p["points"] for p in parts):
            continue  # a part nobody has: the table leaves it out
        cells = [cell(p) if p["count"] or p["points"] else None for p in parts]
        rows.append(row(label(first["id"]), cells))
    return rows


def column_order(outcome: dict[str, Any], me: int | None) -> list[int]:
    """The seats in the order their columns are shown: `me` (the seat looking) first, then the
    winners, then the others by score, highest first."""
    scores = outcome["scores"]
    winners = [w for w in outcome.get("winners") or [] if w != me]
    rest = sorted(
        (s for s in range(len(scores)) if s != me and s not in winners),
        key=lambda s: (-scores[s], s),
    )
    return ([me] if me is not None and 0 <= me < len(scores) else []) + winners + rest


def is_breakdown(outcome: dict[str, Any]) -> bool:
    """Whether the outcome carries a breakdown of every seat's score that adds up to it (an
    outcome kept from before breakdowns, or a malformed one, has none to show)."""
    scores, breakdown = outcome.get("scores"), outcome.get("breakdown")
    if not isinstance(scores, list) or not isinstance(breakdown, list) or not scores:
        return False
    if len(breakdown) != len(scores) or not all(isinstance(b, list) for b in breakdown):
        return False
    ids = [[p.get("id") for p in parts] for parts in breakdown]
    return all(i == ids[0] for i in ids) and all(
        sum(p["points"] for p in parts) == score
        for parts, score in zip(breakdown, scores, strict=True)
    )


def table(voice: Any, outcome: dict[str, Any], view: dict[str, Any], me: int | None) -> Any:
    """The talk's `scores`: `{"order": [seats], "rows": [rows]}`, or None for a voice that
    says no parts or an outcome without a breakdown."""
    make = getattr(voice, "score_rows", None)
    if make is None or not is_breakdown(outcome):
        return None
    return {"order": column_order(outcome, me), "rows": make(outcome, view)}
