"""Das Kollier's legal moves: the sensible choices of each phase (the listed bids and start
prices up to the seat's means, the payments, the commissions, the penalties) and the sales to
the bank a seat may make at any moment (see the module doc of `game`)."""

from __future__ import annotations

from bisect import bisect_right

from shared.engine import Game, Move, State
from shared.games.das_kollier.checks import may_offer, must_fall
from shared.games.das_kollier.gems import VALUE
from shared.games.das_kollier.hands import (
    HAND_FACTS,
    biggest_pieces_payment,
    can_pay,
    hand_facts,
    lot_value,
)
from shared.games.das_kollier.tables import (
    ACCEPT,
    BID_LISTS,
    BIDS,
    CASH_ONLY_ROUNDS,
    COMMISSIONS,
    DECLINE,
    DEFAULT,
    DEFAULT_GEMS,
    FALLING_AUCTION,
    KNOCK_DOWN,
    LISTED_RAISES,
    OVERBID_ALLOWANCE,
    PASS,
    PAYMENTS,
    PENALTY,
    PREEMPT,
    SALE_PHASES,
    SEALED_BIDS,
    START_LISTS,
    START_PRICES,
    STEP,
    WAIVE,
)
from shared.games.das_kollier.turns import acting, knock_down_due


def legal_moves(game: Game, state: State, seat: int) -> list[Move]:
    """The engine's `legal_moves` (`DasKollier` has it as its method, so no call is added): for
    a seat of the table in a running game the base class's checks are decided at once; anything
    else goes to the base class."""
    # The commonest phases are listed here directly, the commonest of all first: the seat
    # asked in a falling auction (a seat of the table).
    phase = state["phase"]
    if phase == "falling" and type(seat) is int:
        auction = state["auction"]
        if seat == auction["asked"]:
            price, cash = auction["price"], state["cash"][seat]
            take = price <= cash + OVERBID_ALLOWANCE and (
                cash >= price or seat not in state["defaulters"]
            )
            hand = state["hands"][seat]
            if not hand or state["sold"][seat]:
                return [ACCEPT, DECLINE] if take else [DECLINE]
            facts = HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
            return [*facts.take] if take else [*facts.wait]
    if type(seat) is not int or not 0 <= seat < state["players"]:
        return Game.legal_moves(game, state, seat)
    if phase == "open":
        auction = state["auction"]
        if seat == state["auctioneer"]:
            if not knock_down_due(state):
                return sales(state, seat)
            moves = [KNOCK_DOWN]
        elif seat == auction["bidder"] or seat in auction["passed"]:
            return sales(state, seat)
        else:
            bid = auction["bid"]
            minimum = auction["start_price"] if bid is None else bid + STEP
            cash, hand = state["cash"][seat], state["hands"][seat]
            room = cash + OVERBID_ALLOWANCE - minimum
            mixed = state["round"] > CASH_ONLY_ROUNDS
            if hand:
                facts = HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
                if mixed:
                    room += facts.worth
            # (Half the time the seat cannot bid the minimum: only the pass is listed.)
            k = bisect_right(LISTED_RAISES, room) if room >= 0 else 0
            if seat in state["defaulters"]:
                # A seat that failed to pay for this lot is offered only the bids it can
                # pay (`may_offer`): a first part of the list, as a higher bid is never
                # easier to pay.
                while k and not can_pay(cash, hand, minimum + LISTED_RAISES[k - 1], mixed):
                    k -= 1
            if not hand or state["sold"][seat]:
                return [*BID_LISTS[minimum][k]]
            return [*(facts.bids.get(minimum + k) or facts.bid_list(minimum, k))]
    elif phase == "falling":  # a seat not asked (the asked seat is answered above)
        return sales(state, seat)
    elif phase == "choose":
        if seat != state["auctioneer"]:
            return sales(state, seat)
        hand = state["hands"][seat]
        base = lot_value(state["lot"])
        room = state["cash"][seat] + OVERBID_ALLOWANCE - base
        if state["round"] <= CASH_ONLY_ROUNDS:
            if room < OVERBID_ALLOWANCE:  # less cash than the lot's base value
                moves = [FALLING_AUCTION]
            elif seat in state["defaulters"]:
                return legal(state, seat)
            else:
                k = bisect_right(LISTED_RAISES, room)
                if not hand or state["sold"][seat]:
                    return [*START_LISTS[base][k]]
                facts = HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
                return [*(facts.starts.get(base + k) or facts.start_list(base, k))]
        elif seat in state["defaulters"]:
            return legal(state, seat)
        else:
            facts = HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
            k = bisect_right(LISTED_RAISES, room + facts.worth)
            if not hand or state["sold"][seat]:
                return [*START_LISTS[base][k]]
            return [*(facts.starts.get(base + k) or facts.start_list(base, k))]
    elif phase == "pay":
        if seat != state["auction"]["buyer"]:
            return sales(state, seat)
        moves = payments(state, seat) or defaults(state, seat)
    elif phase == "commission":
        if seat != state["auctioneer"]:
            return sales(state, seat)
        moves = commissions(state)
    elif phase == "over":
        return Game.legal_moves(game, state, seat)
    elif acting(state, seat):
        return legal(state, seat)
    else:
        return sales(state, seat)
    hand = state["hands"][seat]
    if hand and not state["sold"][seat]:
        moves += (HAND_FACTS.get(tuple(hand)) or hand_facts(hand)).sales
    return moves


def legal(state: State, seat: int) -> list[Move]:
    """The legal moves of a seat to act (the base class checked the seat and the phase)."""
    phase = state["phase"]
    moves: list[Move]
    if phase == "falling":
        moves = [ACCEPT, DECLINE] if may_take(state, seat) else [DECLINE]
    elif phase == "open":
        moves = open_choices(state, seat)
    elif phase == "choose":
        moves = auction_choices(state, seat)
    elif phase == "preempt":
        moves = [PREEMPT, WAIVE] if may_take(state, seat) else [WAIVE]
    elif phase == "pay":
        moves = payments(state, seat) or defaults(state, seat)
    elif phase == "sealed":
        moves = [SEALED_BIDS[amount] for amount in range(0, state["cash"][seat] + 1, STEP)]
    else:
        moves = commissions(state)
    moves += shared_sales(state, seat)
    return moves


def listing_limit(state: State, seat: int, mixed: bool) -> int:
    """How high listed bids go: the seat's means (from round 7 with its gems as one necklace
    and singles) plus OVERBID_ALLOWANCE."""
    cash, hand = state["cash"][seat], state["hands"][seat]
    return cash + (hand_facts(hand).worth if mixed else 0) + OVERBID_ALLOWANCE


def listed_prices(
    state: State, seat: int, minimum: int, mixed: bool, raises: tuple[int, ...] = (0,)
) -> list[int]:
    """The offers worth listing from `minimum` up (see the module doc)."""
    limit = listing_limit(state, seat, mixed)
    if seat not in state["defaulters"]:
        return [minimum + r for r in raises if minimum + r <= limit]
    return [
        minimum + r
        for r in raises
        if minimum + r <= limit and may_offer(state, seat, minimum + r, mixed)
    ]


def may_take(state: State, seat: int) -> bool:
    """Whether accepting (or pre-empting at) the falling price is listed: the price is within
    the seat's cash plus OVERBID_ALLOWANCE, and a defaulter must be able to pay it."""
    price, cash = state["auction"]["price"], state["cash"][seat]
    if price > cash + OVERBID_ALLOWANCE:
        return False
    return seat not in state["defaulters"] or cash >= price


def auction_choices(state: State, seat: int) -> list[Move]:
    """The auctioneer's listed start prices (none when the lot must fall), then the falling
    auction."""
    if must_fall(state):
        return [FALLING_AUCTION]
    base = lot_value(state["lot"])
    prices = listed_prices(state, seat, base, state["round"] > CASH_ONLY_ROUNDS, LISTED_RAISES)
    return [*[START_PRICES[price] for price in prices], FALLING_AUCTION]


def open_choices(state: State, seat: int) -> list[Move]:
    """A bidder's listed bids and the pass; the auctioneer's knock-down."""
    if seat == state["auctioneer"]:
        return [KNOCK_DOWN]
    auction = state["auction"]
    minimum = auction["start_price"] if auction["bid"] is None else auction["bid"] + STEP
    prices = listed_prices(state, seat, minimum, state["round"] > CASH_ONLY_ROUNDS, LISTED_RAISES)
    return [*[BIDS[amount] for amount in prices], PASS]


def payments(state: State, seat: int) -> list[Move]:
    """Sensible payments: all cash; one gem plus cash; the best necklace plus cash; and, when
    none of those will do but the hand can pay, its most valuable pieces plus cash."""
    auction = state["auction"]
    price, cash, hand = auction["price"], state["cash"][seat], state["hands"][seat]
    moves: list[Move] = [PAYMENTS[price, None, ()]] if cash >= price else []
    if auction["kind"] != "open" or state["round"] <= CASH_ONLY_ROUNDS:  # not `mixed`
        return moves
    facts = HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
    if price - facts.top <= cash:  # else no single gem and cash will do
        for gem in dict.fromkeys(hand):
            rest = price - VALUE[gem]
            if rest <= cash:
                moves.append(PAYMENTS[rest if rest > 0 else 0, gem, ()])
    value = facts.necklace_value
    if value and price - value <= cash:
        rest = price - value
        moves.append(PAYMENTS[rest if rest > 0 else 0, None, facts.necklace])
    if not moves and (cash + facts.worth >= price or can_pay(cash, hand, price, True)):
        moves.append(biggest_pieces_payment(cash, hand, price))
    return moves


def commissions(state: State) -> list[Move]:
    """Half the cash paid, or one of the gems paid."""
    paid = state["auction"]["paid_gems"]
    return [COMMISSIONS["cash"], *map(COMMISSIONS.__getitem__, dict.fromkeys(paid))]


def defaults(state: State, seat: int) -> list[Move]:
    """The penalties of a buyer who cannot pay: the cash penalty (unless he holds less and has
    gems), and a gem of each kind he holds."""
    cash, hand = state["cash"][seat], state["hands"][seat]
    moves = [DEFAULT] if cash >= PENALTY or not hand else []
    return moves + [DEFAULT_GEMS[gem] for gem in dict.fromkeys(hand)]


def shared_sales(state: State, seat: int) -> tuple[Move, ...]:
    """Sensible sales to the bank: the best necklace, the gems outside it, the cheapest gem
    (shared, read-only moves; see `hand_facts`)."""
    hand = state["hands"][seat]
    if state["sold"][seat] or not hand or state["phase"] not in SALE_PHASES:
        return ()
    return hand_facts(hand).sales


def sales(state: State, seat: int) -> list[Move]:
    """The sales to the bank of a seat, also out of turn (a new list)."""
    return [*shared_sales(state, seat)]
