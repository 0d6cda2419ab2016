"""Who is to act in Das Kollier: the bidders still in an open auction (then the auctioneer, to
knock down), the seat asked in a falling auction, the auctioneer or the buyer, the seats whose
sealed bid is still missing; and why a seat of the table waits."""

from __future__ import annotations

from shared.engine import State
from shared.games.das_kollier.tables import AUCTIONEER_ACTS, OPEN_BIDDERS, OPEN_ORDERS_KEPT, OTHERS


def to_act(state: State) -> list[int]:
    """The seats to act (nobody once the game is over)."""
    phase = state["phase"]
    if phase == "open":
        # The bidders still in; once all have passed, the auctioneer (to knock down).
        auction = state["auction"]
        passed = auction["passed"]
        entry = OPEN_BIDDERS[state["players"]][state["auctioneer"]].get(auction["bidder"])
        if entry is None:  # a bidder who is no seat (a hand-built position)
            return left_in_auction(state, OTHERS[state["players"]][state["auctioneer"]])
        if not passed:
            return [*entry[0]]
        left = entry[1].get(tuple(passed))
        if left is None:
            left = entry[1][tuple(passed)] = tuple(left_in_auction(state, entry[0]))
            if len(entry[1]) >= OPEN_ORDERS_KEPT:  # only hand-built passes get this far
                entry[1].clear()
        return [*left]
    if phase == "falling":
        return [state["auction"]["asked"]]
    if phase in AUCTIONEER_ACTS:
        return [state["auctioneer"]]
    if phase == "pay":
        return [state["auction"]["buyer"]]
    if phase == "sealed":
        return [s for s, bid in enumerate(state["sealed_bids"]) if bid is None]
    return []


def knock_down_due(state: State) -> bool:
    """Whether the auctioneer of an open auction is to act: every other seat has passed
    since the last bid (`to_act`, from what it remembered where it can)."""
    auction = state["auction"]
    auctioneer, passed = state["auctioneer"], auction["passed"]
    entry = OPEN_BIDDERS[state["players"]][auctioneer].get(auction["bidder"])
    left = entry[1].get(tuple(passed)) if entry is not None and passed else None
    if left is None:
        return auctioneer in to_act(state)
    return left[0] == auctioneer


def left_in_auction(state: State, seats: tuple[int, ...]) -> list[int]:
    """Who of `seats` has not passed and does not hold the bid; the auctioneer when nobody
    is left."""
    auction = state["auction"]
    bidder, passed = auction["bidder"], auction["passed"]
    return [s for s in seats if s != bidder and s not in passed] or [state["auctioneer"]]


def acting(state: State, seat: int) -> bool:
    """Whether `seat` (a seat of the table) is in `to_act`; the common cases at once."""
    phase = state["phase"]
    if phase == "falling":
        return seat == state["auction"]["asked"]
    if phase == "open":
        auction = state["auction"]
        if seat != state["auctioneer"]:
            return seat != auction["bidder"] and seat not in auction["passed"]
    elif phase == "choose" or phase == "preempt" or phase == "commission":
        return seat == state["auctioneer"]
    elif phase == "pay":
        return seat == state["auction"]["buyer"]
    return seat in to_act(state)


def wait_reason(state: State, seat: int) -> str | None:
    """Why a seat of the table outside `to_act` waits in an open auction or the sealed bids;
    None in the other phases (the engine's reason says it)."""
    phase = state["phase"]
    if phase == "open":
        if seat == state["auctioneer"]:
            return (
                "the auctioneer may not bid in his own auction; the others may still bid:"
                " you knock the lot down once every other seat has passed since the last"
                " bid, or the quiet time does it"
            )
        if seat == state["auction"]["bidder"]:
            return "you hold the highest bid; you may bid again once someone outbids you"
        return "you passed on the current bid; you may bid again once someone else bids"
    if phase == "sealed":
        return "you have made your sealed bid; the others are still deciding"
    return None
