"""Das Kollier's auction moves: the sealed bids for the first auction, the auctioneer's choice
of auction, bidding, passing and the knock-down of an open auction, accepting or declining a
falling price, and the auctioneer's right to take a lot bought below its base value. Each plays
one move on the working copy `apply` gives it (see `copies`) and returns its events."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.das_kollier.bank import bank_in
from shared.games.das_kollier.checks import check_offer, parse_amount
from shared.games.das_kollier.copies import own_all
from shared.games.das_kollier.deck import finish_lot
from shared.games.das_kollier.hands import lot_value
from shared.games.das_kollier.tables import CASH_ONLY_ROUNDS, MAX_PRICE, STEP, money
from shared.games.das_kollier.turns import knock_down_due, wait_reason


def move_sealed_bid(state: State, seat: int, move: Move) -> list[Event]:
    """A sealed bid for the right to run the first auction; once every seat has bid, the highest
    (the tie nearest the first seat clockwise) pays it to the bank and runs it."""
    amount = parse_amount(move, "amount", "a sealed bid")
    if amount > state["cash"][seat]:
        raise IllegalMove(f"you can only put down cash you hold: {money(state['cash'][seat])}")
    bids = state["sealed_bids"] = state["sealed_bids"][:]
    bids[seat] = amount
    events: list[Event] = [
        {"type": "sealed_bid", "seat": seat, "hidden": {"amount": amount}, "seen_by": [seat]}
    ]
    if None in bids:
        return events
    first, n = state["options"]["first_seat"], state["players"]
    # max() keeps the first of equal bids: the tied bidder nearest the first seat clockwise.
    winner = max(((first + k) % n for k in range(n)), key=lambda s: bids[s])
    state["cash"][winner] -= bids[winner]
    events.append(
        {"type": "first_auctioneer", "seat": winner, "bids": bids[:], "paid": bids[winner]}
    )
    bank_in(state, bids[winner], events)
    state.update(auctioneer=winner, sealed_bids=None, phase="choose")
    return events


def move_open_auction(state: State, seat: int, move: Move) -> list[Event]:
    """The auctioneer opens the bidding at a start price of at least the lot's base value."""
    price = move.get("start_price")
    if type(price) is not int or not 0 <= price <= MAX_PRICE or price % STEP:
        price = parse_amount(move, "start_price", "the start price")
    base = lot_value(state["lot"])
    if price < base:
        raise IllegalMove(f"the start price must be at least the lot's base value, {money(base)}")
    cash_only = state["round"] <= CASH_ONLY_ROUNDS
    if cash_only and state["cash"][state["auctioneer"]] < base:  # `must_fall`
        raise IllegalMove(
            f"in rounds 1–6 an auctioneer holding less cash than the lot's base value"
            f" ({money(base)}) must run a falling auction"
        )
    if seat in state["defaulters"]:
        check_offer(state, seat, price, not cash_only)
    state["phase"] = "open"
    state["auction"] = {"start_price": price, "bid": None, "bidder": None, "passed": []}
    return [{"type": "auction_opened", "seat": seat, "start_price": price}]


def move_falling_auction(state: State, seat: int, move: Move) -> list[Event]:
    """The auctioneer offers the lot at its base value, in turn from his left."""
    price = lot_value(state["lot"])
    asked = (seat + 1) % state["players"]
    state["phase"] = "falling"
    state["auction"] = {"price": price, "asked": asked}
    return [{"type": "falling_auction", "seat": seat, "price": price, "asked": asked}]


def move_bid(state: State, seat: int, move: Move) -> list[Event]:
    """A bid: the start price or more at first, then at least 1,000 above the last."""
    if seat == state["auctioneer"]:
        raise IllegalMove("the auctioneer may not bid in his own auction")
    amount = move.get("amount")
    if type(amount) is not int or not 0 <= amount <= MAX_PRICE or amount % STEP:
        amount = parse_amount(move, "amount", "a bid")
    auction = state["auction"]
    bid = auction["bid"]
    if bid is None and amount < auction["start_price"]:
        raise IllegalMove(
            f"the first bid must be at least the start price, {money(auction['start_price'])}"
        )
    if bid is not None and amount < bid + STEP:
        raise IllegalMove(f"bids must rise by 1,000; the current bid is {money(bid)}")
    if seat in state["defaulters"]:
        check_offer(state, seat, amount, state["round"] > CASH_ONLY_ROUNDS)
    auction["bid"], auction["bidder"], auction["passed"] = amount, seat, []
    return [{"type": "bid", "seat": seat, "amount": amount}]


def move_pass(state: State, seat: int, move: Move) -> list[Event]:
    """A bidder leaves `to_act` until someone bids again."""
    if seat == state["auctioneer"]:
        raise IllegalMove("the auctioneer does not bid; he knocks the lot down ('knock_down')")
    auction = state["auction"]
    auction["passed"] = [*auction["passed"], seat]
    return [{"type": "passed", "seat": seat}]


def move_knock_down(state: State, seat: int, move: Move) -> list[Event]:
    """The lot goes to the highest bidder, or to the auctioneer at his start price when
    nobody bid; the buyer is asked to pay."""
    if seat != state["auctioneer"]:
        raise IllegalMove("only the auctioneer knocks the lot down", "not_your_turn")
    by_timer = move.get("timer", False)
    if not isinstance(by_timer, bool):
        raise IllegalMove("'timer' must be true or false", "malformed")
    if not by_timer and not knock_down_due(state):
        raise IllegalMove(wait_reason(state, seat), "not_your_turn")
    auction = state["auction"]
    if auction["bid"] is None:
        buyer, price = seat, auction["start_price"]
    else:
        buyer, price = auction["bidder"], auction["bid"]
    events: list[Event] = [{"type": "knocked_down", "buyer": buyer, "price": price}]
    ask_payment(state, "open", buyer, price, None)
    return events


def move_accept(state: State, seat: int, move: Move) -> list[Event]:
    """The asked seat takes the lot at the falling price; below the base value the
    auctioneer may take it instead."""
    price = state["auction"]["price"]
    if seat in state["defaulters"]:
        check_offer(state, seat, price, False)
    events: list[Event] = [{"type": "accepted", "seat": seat, "price": price}]
    if price < lot_value(state["lot"]):
        state["phase"] = "preempt"
        state["auction"] = {"price": price, "accepter": seat}
    else:
        ask_payment(state, "falling", seat, price, None)
    return events


def move_decline(state: State, seat: int, move: Move) -> list[Event]:
    """The asked seat declines: the next is asked; after a round of refusals the price falls
    by 1,000, and at 0 the auctioneer keeps the lot for nothing."""
    auction, auctioneer = state["auction"], state["auctioneer"]
    events: list[Event] = [{"type": "declined", "seat": seat, "price": auction["price"]}]
    asked = (seat + 1) % state["players"]
    if asked != auctioneer:
        auction["asked"] = asked
        return events
    if auction["price"] == 0:
        events.append({"type": "taken_for_nothing", "seat": auctioneer})
        own_all(state)
        finish_lot(state, auctioneer, events)
        return events
    auction["price"] -= STEP
    auction["asked"] = (auctioneer + 1) % state["players"]
    events.append({"type": "price_fell", "price": auction["price"]})
    return events


def move_preempt(state: State, seat: int, move: Move) -> list[Event]:
    """The auctioneer takes the lot at the accepted price; the accepter is compensated."""
    price, accepter = state["auction"]["price"], state["auction"]["accepter"]
    if seat in state["defaulters"]:
        check_offer(state, seat, price, False)
    ask_payment(state, "falling", seat, price, accepter)
    return [{"type": "preempted", "seat": seat, "price": price, "accepter": accepter}]


def move_waive(state: State, seat: int, move: Move) -> list[Event]:
    """The auctioneer lets the accepter buy at the price he accepted."""
    price, accepter = state["auction"]["price"], state["auction"]["accepter"]
    ask_payment(state, "falling", accepter, price, None)
    return [{"type": "waived", "seat": seat, "buyer": accepter, "price": price}]


def ask_payment(state: State, kind: str, buyer: int, price: int, frustrated: int | None) -> None:
    """The `pay` phase: `buyer` owes `price` for a lot of an auction of `kind` (`frustrated`:
    the seat whose purchase the auctioneer pre-empted)."""
    state["phase"] = "pay"
    state["auction"] = {"kind": kind, "buyer": buyer, "price": price, "frustrated": frustrated}
