"""Saba – Palast der Königin: what the rules look up in a state (costs, the harbour fields a
seat sees, the figures and where they may come from, the limits) and in a move."""

from __future__ import annotations

from typing import Any

from shared.engine import IllegalMove, Move, State
from shared.games.saba_palast.data import (
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    HARBOUR_CARDS,
    MATERIALS,
    QUARTERS,
    STOCK_LIMIT,
    SURCHARGES,
    SWAPS,
)


def to_act(state: State) -> list[int]:
    """The seat to act: the owner of a pending figure, else the player whose turn it is; none
    once the game is over."""
    if state["end"] is not None:
        return []
    pending = state["pending"]
    return [pending["seat"] if pending else state["turn"]]


def fresh_step() -> dict[str, Any]:
    """What a player has done this turn, at its start."""
    return {"built": False, "fulfilled": False, "moved": False, "spent": {}}


# Where a pending figure goes, in words.
PENDING_FOR = {"treasury": "the treasury", "serail": "the serail"}


def fmt_cost(cost: dict[str, int]) -> str:
    """A cost as words: "2 alabaster, 1 gold" (or "nothing")."""
    parts = [f"{n} {m}" for m in MATERIALS if (n := cost.get(m, 0))]
    return ", ".join(parts) or "nothing"


def visible_fields(state: State, seat: int) -> list[int]:
    """The harbour fields (1–4) the seat's two harbour cards show now."""
    return [HARBOUR_CARDS[card][side] for card, side in state["harbour_cards"][seat].items()]


def card_cost(state: State, card: str, slot: int) -> dict[str, int]:
    """What fulfilling `card` on building field `slot` (0-based) costs now: the card's
    materials, the field's gold surcharge and (profi) the material left on its garden field."""
    info = CARDS[card]
    cost = dict(info["cost"])
    if SURCHARGES[slot]:
        cost["gold"] = cost.get("gold", 0) + SURCHARGES[slot]
    if info["kind"] == "palace":
        left = state["garden"][info["field"] - 1]["material"]
        if left is not None:
            cost[left] = cost.get(left, 0) + 1
    return cost


def can_pay(stock: dict[str, int], cost: dict[str, int]) -> bool:
    """Whether the stock holds the cost."""
    return all(stock[m] >= n for m, n in cost.items())


def obsolete(state: State, card: str) -> bool:
    """Whether a palace card can no longer be built: its field already holds its level or
    a higher one."""
    info = CARDS[card]
    if info["kind"] != "palace":
        return False
    levels = state["garden"][info["field"] - 1]["levels"]
    return bool(levels) and levels[-1] >= info["level"]


def swap_options(state: State, seat: int, quarter: str) -> list[tuple[str, str]]:
    """The (give, take) swaps the exchange or the bazaar allows the seat now."""
    stock, supply = state["stocks"][seat], state["supply"]
    return [(g, t) for g, t in SWAPS[quarter] if stock[g] > 0 and supply[t] > 0]


def figure_quarters(state: State, seat: int) -> list[str]:
    """The quarters holding one of the seat's figures, in the order a figure is taken from them
    when nobody chooses: the vizier's quarter (where it is idle) first, then board order."""
    order = [state["vizier"], *(q for q in QUARTERS if q != state["vizier"])]
    return [q for q in order if seat in state["quarters"][q]]


def has_figure(state: State, seat: int) -> bool:
    """Whether the seat has a figure to give: in his supply or in a quarter."""
    return state["figures"][seat] > 0 or bool(figure_quarters(state, seat))


def flag(move: Move, key: str) -> bool:
    """A move's yes/no field: true, or left out."""
    if key not in move:
        return False
    if move[key] is not True:
        raise IllegalMove(f"{key!r} is true or left out", "malformed")
    return True


def quarter_figures(state: State, seat: int) -> int:
    """How many of the seat's figures stand in the quarters."""
    return sum(figs.count(seat) for figs in state["quarters"].values())


def palace_cards_left(state: State) -> int:
    """How many palace cards are still in the deck or on display."""
    return sum(1 for c in (*state["deck"], *state["display"]) if c and CARDS[c]["kind"] == "palace")


# The palace cards and the garden field and level of each, looked up on every call.
PALACE_CARDS = frozenset(c for c, info in CARDS.items() if info["kind"] == "palace")
CARD_FIELD: dict[str, int] = {c: CARDS[c]["field"] - 1 for c in PALACE_CARDS}  # 0-based
CARD_LEVEL: dict[str, int] = {c: CARDS[c]["level"] for c in PALACE_CARDS}


def first_obsolete(garden: list[dict[str, Any]], cards: list[str | None]) -> str | None:
    """The first of `cards` that is `obsolete`, or None."""
    for card in cards:
        if card in PALACE_CARDS:
            levels = garden[CARD_FIELD[card]]["levels"]
            if levels and levels[-1] >= CARD_LEVEL[card]:
                return card
    return None


def figure_sources(state: State, seat: int, card: str) -> list[str | None]:
    """Where the builder's balcony figure may come from: [None] for his supply (or no
    figure at all), else the quarters holding one of his figures."""
    field = state["garden"][CARDS[card]["field"] - 1]
    if state["figures"][seat] > 0 or field["figure"] == seat:
        return [None]
    return [q for q in QUARTERS if seat in state["quarters"][q]] or [None]


def may_leave_balcony(state: State, seat: int, card: str) -> bool:
    """Whether the builder may build without putting a figure on the balcony: his supply is
    empty and the figure there (if any) is not his own, which would come back to him."""
    field = state["garden"][CARDS[card]["field"] - 1]
    return state["figures"][seat] == 0 and field["figure"] != seat


def hand_limit(state: State) -> int:
    """How many action cards a hand may hold at the end of a turn."""
    return HAND_LIMIT_PROFI if state["options"]["profi"] else HAND_LIMIT


def within_limits(state: State, seat: int) -> bool:
    """Whether the seat's materials and action cards are within the limits."""
    return sum(state["stocks"][seat].values()) <= STOCK_LIMIT and len(
        state["hands"][seat]
    ) <= hand_limit(state)
