"""The end of Die Kette von Saba and its result: the richest player wins, and each seat's cash
is told by where it came from and went (its `accounts`)."""

from __future__ import annotations

from typing import Any

from shared.engine import Event, State
from shared.games.kette_von_saba.bank import ACCOUNTS


def finish(state: State, reason: str, events: list[Event]) -> None:
    """End the game for `reason` ("necklace_full", "no_card_fits", "no_cards")."""
    state["phase"], state["end"] = "over", reason
    events.append({"type": "game_over", "reason": reason, **outcome(state)})


def outcome(state: State) -> dict[str, Any]:
    """The richest player wins; `breakdown[seat]` is where its cash came from and went (its
    `accounts`, in the order of `ACCOUNTS`), which adds up to its cash (`bank.book`)."""
    breakdown = [
        [{"id": part, "count": book[part][0], "points": book[part][1]} for part in ACCOUNTS]
        for book in state["accounts"]
    ]
    cash = state["cash"]
    best = max(cash)
    return {
        "scores": list(cash),
        "winners": [s for s, c in enumerate(cash) if c == best],
        "breakdown": breakdown,
    }
