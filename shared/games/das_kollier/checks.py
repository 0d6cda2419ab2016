"""Das Kollier's checks of a move: its amounts and gems well formed, what a seat that failed to
pay may still offer, and how a lot may be paid or auctioned."""

from __future__ import annotations

from typing import Any

from shared.engine import IllegalMove, Move, State, parse_int
from shared.games.das_kollier.gems import VALUE
from shared.games.das_kollier.hands import can_pay, lot_value
from shared.games.das_kollier.tables import CASH_ONLY_ROUNDS, MAX_PRICE, STEP, money


def gem_list(value: Any, what: str) -> list[str]:
    """A list of gem ids from a move, or `IllegalMove`."""
    if isinstance(value, list):
        for gem in value:
            if type(gem) is not str or gem not in VALUE:
                break
        else:
            return value  # the common case, checked at once; anything else said below
    if not isinstance(value, list) or not all(isinstance(g, str) for g in value):
        raise IllegalMove(f"{what} must be a list of gem names", "malformed")
    unknown = [g for g in value if g not in VALUE]
    if unknown:
        raise IllegalMove(f"there is no gem {unknown[0]!r}", "malformed")
    return value


def parse_amount(move: Move, key: str, what: str) -> int:
    """A sum of money from a move: whole thousands from 0 to MAX_PRICE."""
    amount = parse_int(move, key, what)
    if amount < 0 or amount % STEP:
        raise IllegalMove(f"{what} must be a whole number of thousands, like 7000", "malformed")
    if amount > MAX_PRICE:
        raise IllegalMove(f"{what} may be at most {money(MAX_PRICE)}")
    return amount


def mixed(state: State) -> bool:
    """Whether the lot being paid for may be paid with gems and necklaces."""
    return state["auction"]["kind"] == "open" and state["round"] > CASH_ONLY_ROUNDS


def must_fall(state: State) -> bool:
    """Rounds 1–6: an auctioneer with less cash than the lot's base value must let it fall."""
    short = state["cash"][state["auctioneer"]] < lot_value(state["lot"])
    return state["round"] <= CASH_ONLY_ROUNDS and short


def may_offer(state: State, seat: int, price: int, mixed: bool) -> bool:
    """A seat that failed to pay for this lot may offer only what it can pay."""
    if seat not in state["defaulters"]:
        return True
    return can_pay(state["cash"][seat], state["hands"][seat], price, mixed)


def check_offer(state: State, seat: int, price: int, mixed: bool) -> None:
    """`IllegalMove` for an offer the seat may not make (`may_offer`)."""
    if not may_offer(state, seat, price, mixed):
        raise IllegalMove(
            f"you could not pay for this lot before, so now you may only offer what you can"
            f" pay, and {money(price)} is more than that"
        )
