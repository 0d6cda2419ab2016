"""Stage 1 of Die Kette von Saba, the auction: each player in turn is the auctioneer and sells a
card (or the deck's top card); the others bid, the auctioneer sells or asks a higher price once,
the buyer keeps the card or lays it at once for a double reward, and the auctioneer may buy the
deck's top card. Stage 1 ends with the deck.

The auction (`state["auction"]`) is the one part of the state a move changes in place: `apply`
gives each move its own copy of it.
"""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State, parse_int
from shared.games.kette_von_saba.bank import (
    BID_STEP,
    BUYER_REWARD,
    DRAW_PRICE,
    UNSOLD_REWARD,
    book,
)
from shared.games.kette_von_saba.cards import (
    draw_top,
    full,
    give,
    lay,
    refusal,
    set_aside,
    spaces,
    take,
)
from shared.games.kette_von_saba.moves import space_of
from shared.games.kette_von_saba.necklace import JOKER
from shared.games.kette_von_saba.reconstruction import start_reconstruction


def start_auction(state: State, events: list[Event]) -> None:
    """Begin the turn of `state["auctioneer"]`: he offers a hand card, or the deck's top."""
    seat = state["auctioneer"]
    state["auction"] = None
    if state["hands"][seat] and state["quiet_auctions"] < state["players"]:
        state["phase"], state["turn"] = "offer", seat
        return
    reason = "round_without_draw" if state["hands"][seat] else "empty_hand"
    card = draw_top(state)
    events.append({"type": "deck_card_offered", "seat": seat, "card": card, "reason": reason})
    _open_bidding(state, card, True, events)


def offer(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `offer`: the auctioneer puts a card from hand up for sale."""
    card = move.get("card")
    if card not in state["hands"][seat]:
        raise IllegalMove("offer a card from your hand")
    take(state, seat, card)
    events.append({"type": "card_offered", "seat": seat, "card": card})
    _open_bidding(state, card, False, events)


def _open_bidding(state: State, card: str, from_deck: bool, events: list[Event]) -> None:
    """Put `card` up for sale and let the bidding begin at the auctioneer's left."""
    state["lot"] = card
    state["auction"] = {
        "from_deck": from_deck,
        "bid": 0,
        "bidder": None,
        "passes": 0,
        "reserve": None,
    }
    state["phase"] = "bidding"
    state["turn"] = _next_bidder(state, state["auctioneer"])
    _settle_bidding(state, events)


def _next_bidder(state: State, seat: int) -> int:
    """The seat after `seat` clockwise, the auctioneer left out."""
    seat = (seat + 1) % state["players"]
    if seat == state["auctioneer"]:
        seat = (seat + 1) % state["players"]
    return seat


def _settle_bidding(state: State, events: list[Event]) -> None:
    """Pass for bidders who cannot afford a bid; end the bidding once everyone else passed."""
    auction, n, cash = state["auction"], state["players"], state["cash"]
    auctioneer, seat = state["auctioneer"], state["turn"]
    while True:
        bidder, passes = auction["bidder"], auction["passes"]
        if bidder is None:
            if passes >= n - 1:
                events.append({"type": "no_bid", "seat": auctioneer})
                _unsold(state, events)
                return
        elif passes >= n - 2:
            events.append({"type": "bidding_closed", "bid": auction["bid"], "bidder": bidder})
            if auction["reserve"] is None:
                state["phase"], state["turn"] = "reserve", auctioneer
            else:
                _sell(state, events)
            return
        if cash[seat] >= auction["bid"] + BID_STEP:
            return
        events.append({"type": "passed", "seat": seat, "forced": True})
        auction["passes"] = passes + 1
        seat = (seat + 1) % n  # `_next_bidder` inline
        if seat == auctioneer:
            seat = (seat + 1) % n
        state["turn"] = seat


def bid(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `bid`: a whole number of marks above the highest bid, up to the bidder's cash."""
    auction = state["auction"]
    amount = move.get("amount")
    if type(amount) is not int:
        amount = parse_int(move, "amount", "the bid")
    low, cash = auction["bid"] + BID_STEP, state["cash"][seat]
    if amount % BID_STEP:
        raise IllegalMove(f"bids go in steps of {BID_STEP:,}; {amount:,} is not one")
    if amount < low:
        raise IllegalMove(
            f"bids must rise by {BID_STEP:,}; the lowest bid now is {low:,}"
            if auction["bidder"] is not None
            else f"the lowest bid is {low:,}"
        )
    if amount > cash:
        raise IllegalMove(f"you cannot bid more than your cash ({cash:,})")
    auction["bid"], auction["bidder"], auction["passes"] = amount, seat, 0
    events.append({"type": "bid", "seat": seat, "amount": amount})
    n = state["players"]
    seat = (seat + 1) % n  # `_next_bidder` inline
    state["turn"] = (seat + 1) % n if seat == state["auctioneer"] else seat
    _settle_bidding(state, events)


def pass_bidding(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `pass`: no bid now (the seat may bid again when its turn comes round)."""
    state["auction"]["passes"] += 1
    events.append({"type": "passed", "seat": seat, "forced": False})
    n = state["players"]
    seat = (seat + 1) % n  # `_next_bidder` inline
    state["turn"] = (seat + 1) % n if seat == state["auctioneer"] else seat
    _settle_bidding(state, events)


def sell_now(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `sell`: the auctioneer sells to the highest bidder."""
    _sell(state, events)


def name_reserve(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `reserve`: the auctioneer asks a higher price, once per card."""
    auction = state["auction"]
    price = parse_int(move, "price", "the reserve price")
    if price % BID_STEP or price <= auction["bid"]:
        raise IllegalMove(
            f"the reserve price must be a multiple of {BID_STEP:,} above the highest bid"
            f" ({auction['bid']:,})"
        )
    auction["reserve"], auction["passes"] = price, 0
    events.append({"type": "reserve_named", "seat": seat, "price": price})
    state["phase"] = "reserve_offer"
    state["turn"] = _next_bidder(state, seat)
    _settle_reserve(state, events)


def _settle_reserve(state: State, events: list[Event]) -> None:
    """Decline for players who cannot pay the reserve; with no taker the sale fails."""
    auction = state["auction"]
    while True:
        if auction["passes"] >= state["players"] - 1:
            events.append({"type": "reserve_refused", "seat": state["auctioneer"]})
            _unsold(state, events)
            return
        seat = state["turn"]
        if state["cash"][seat] >= auction["reserve"]:
            return
        events.append({"type": "reserve_declined", "seat": seat, "forced": True})
        auction["passes"] += 1
        state["turn"] = _next_bidder(state, seat)


def accept(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `accept`: pay the price asked; it becomes the highest bid."""
    auction = state["auction"]
    auction["bid"], auction["bidder"], auction["passes"] = auction["reserve"], seat, 0
    events.append({"type": "reserve_accepted", "seat": seat, "price": auction["reserve"]})
    state["phase"] = "bidding"
    state["turn"] = _next_bidder(state, seat)
    _settle_bidding(state, events)


def decline(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `decline`: do not pay the price asked."""
    state["auction"]["passes"] += 1
    events.append({"type": "reserve_declined", "seat": seat, "forced": False})
    state["turn"] = _next_bidder(state, seat)
    _settle_reserve(state, events)


def _sell(state: State, events: list[Event]) -> None:
    """The highest bidder pays the auctioneer and may lay the card at once (one that fits
    nowhere goes into his hand)."""
    auction, seller = state["auction"], state["auctioneer"]
    buyer, price = auction["bidder"], auction["bid"]
    book(state, buyer, "purchases", -price)
    book(state, seller, "sales", price)
    events.append(
        {"type": "sold", "seller": seller, "buyer": buyer, "price": price, "card": state["lot"]}
    )
    if spaces(state, state["lot"]):
        state["phase"], state["turn"] = "buyer", buyer
    else:
        _lot_to_hand(state, buyer, events)


def keep(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `keep`: the buyer takes the card into hand."""
    _lot_to_hand(state, seat, events)


def _lot_to_hand(state: State, seat: int, events: list[Event]) -> None:
    """The buyer keeps the lot (a card that fits nowhere yet can only be kept)."""
    give(state, seat, state["lot"])
    events.append({"type": "kept", "seat": seat, "card": state["lot"]})
    _after_sale(state, events)


def place_lot(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `place` of the card for sale: laid by its buyer (double reward) or, unsold, by
    the auctioneer (no reward)."""
    card = state["lot"]
    index = space_of(move)
    if index not in spaces(state, card):
        raise IllegalMove(refusal(state, card, index))
    multiplier = BUYER_REWARD if state["phase"] == "buyer" else UNSOLD_REWARD
    lay(state, seat, card, index, multiplier, events)
    _after_sale(state, events)


def _unsold(state: State, events: list[Event]) -> None:
    """A lot nobody bought: the auctioneer must lay it himself, without reward."""
    card, seat = state["lot"], state["auctioneer"]
    if spaces(state, card):
        state["phase"], state["turn"] = "lay", seat
    elif card == JOKER and not full(state):
        give(state, seat, card)
        events.append({"type": "joker_returned", "seat": seat})
        _after_sale(state, events)
    else:
        set_aside(state, seat, card, events)
        _after_sale(state, events)


def _after_sale(state: State, events: list[Event]) -> None:
    """The lot is gone: the auctioneer may buy the deck's top card, if any and if he can pay."""
    state["lot"] = None
    seat = state["auctioneer"]
    if state["deck"] and state["cash"][seat] >= DRAW_PRICE:
        state["phase"], state["turn"] = "draw", seat
    else:
        _end_auction_turn(state, False, events)


def draw(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `draw`: the auctioneer buys the deck's top card from the bank."""
    card = draw_top(state)
    book(state, seat, "deck", -DRAW_PRICE)
    state["fees_paid"] += DRAW_PRICE
    give(state, seat, card)
    events.append(
        {
            "type": "drew",
            "seat": seat,
            "price": DRAW_PRICE,
            "hidden": {"card": card},
            "seen_by": [seat],
        }
    )
    _end_auction_turn(state, True, events)


def end_turn(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `end_turn`: the auctioneer buys nothing."""
    _end_auction_turn(state, False, events)


def _end_auction_turn(state: State, drew: bool, events: list[Event]) -> None:
    """The next player becomes the auctioneer; with the deck gone, stage 2 begins."""
    if drew or state["auction"]["from_deck"]:
        state["quiet_auctions"] = 0
    else:
        state["quiet_auctions"] += 1
    state["auction"] = None
    if not state["deck"]:
        start_reconstruction(state, events)
        return
    state["auctioneer"] = (state["auctioneer"] + 1) % state["players"]
    start_auction(state, events)
