"""Paying for a lot in Das Kollier: the buyer's payment (cash, and from round 7 in an open
auction single gems and necklaces), the auctioneer's commission, and the penalty of a buyer who
cannot pay (the same lot then goes up again)."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.das_kollier.bank import bank_out, settle
from shared.games.das_kollier.checks import gem_list, mixed, parse_amount
from shared.games.das_kollier.deck import finish_lot
from shared.games.das_kollier.gems import VALUE, necklace_value, sort_gems
from shared.games.das_kollier.hands import can_pay, take_gems
from shared.games.das_kollier.tables import (
    CASH_ONLY_ROUNDS,
    COMPENSATION,
    FALLING_MIN_COMMISSION,
    MAX_PRICE,
    PAYMENT_FACTS,
    PENALTY,
    STEP,
    half_up,
    money,
)


def move_pay(state: State, seat: int, move: Move) -> list[Event]:
    """The buyer pays the lot; the auctioneer's commission (or the choice of it, when gems
    were paid to another's auction), the bank's debts and the next lot follow."""
    auction, auctioneer = state["auction"], state["auctioneer"]
    price, cash = auction["price"], move.get("cash", 0)
    gems: list[str]
    necklaces: list[list[str]]
    if (
        type(cash) is int
        and cash == price
        and cash <= state["cash"][seat]
        and move.get("gems", []) == []
        and move.get("necklaces", []) == []
    ):
        # The price in cash alone, the commonest payment: what `checked_payment` accepts
        # at once (a price is whole thousands, checked as it was offered).
        gems, necklaces, paid_gems = [], [], []
    else:
        found = PAYMENT_FACTS.get(id(move))
        if (
            found is not None
            and found[0] is move
            and found[1]
            and auction["kind"] == "open"
            and state["round"] > CASH_ONLY_ROUNDS
            and cash <= state["cash"][seat]
            and cash == (price - found[3] if price > found[3] else 0)  # so worth enough
        ):
            # A listed payment with gems (`PAYMENTS`): its parts are known to be well
            # formed, so only what depends on this state is checked, as
            # `checked_payment` checks it (the hand must hold the gems).
            state["hands"][seat] = take_gems(state["hands"][seat], found[1])
            paid_gems = [*found[2]]
            gems, necklaces = move["gems"], [*move["necklaces"]]
        else:
            cash, gems, necklaces, rest, paid_gems = checked_payment(state, seat, move)
            if paid_gems:
                state["hands"][seat] = rest
    state["cash"][seat] -= cash
    events: list[Event] = [
        {
            "type": "paid",
            "seat": seat,
            "price": price,
            "cash": cash,
            "gem_count": len(paid_gems),
            "hidden": {"gems": gems, "necklaces": necklaces},
            "seen_by": [seat]
            if seat == auctioneer
            else [seat, auctioneer]
            if seat < auctioneer
            else [auctioneer, seat],
        }
    ]
    # The commission comes out of the payment before the bank settles its debts. The bank
    # then holds at least the cash just paid, so it pays a cash commission (half of it,
    # rounded up) in full.
    bank = state["bank"] + cash
    if seat == auctioneer:
        state["bank"] = bank
        if paid_gems:
            state["bank_gems"] = state["bank_gems"] + paid_gems
        if state["debts"]:
            settle(state, events)
        frustrated = auction["frustrated"]
        if frustrated is not None:
            paid = bank_out(state, frustrated, COMPENSATION)
            events.append({"type": "compensation", "seat": frustrated, "amount": paid})
    elif auction["kind"] == "falling":
        share = half_up(cash)
        state["bank"] = bank - share
        if state["debts"]:
            settle(state, events)
        if share < FALLING_MIN_COMMISSION:  # the bank tops it up as far as it can
            top_up = min(FALLING_MIN_COMMISSION - share, state["bank"])  # `bank_out`
            state["bank"] -= top_up
            share += top_up
        state["cash"][auctioneer] += share
        events.append({"type": "commission", "seat": auctioneer, "cash": share})
    elif paid_gems:
        state["bank"], state["phase"] = bank, "commission"
        auction = state["auction"] = auction.copy()  # shared with the state `apply` was given
        auction["paid_cash"], auction["paid_gems"] = cash, paid_gems
        return events
    else:
        share = half_up(cash)
        state["cash"][auctioneer] += share
        state["bank"] = bank - share
        events.append({"type": "commission", "seat": auctioneer, "cash": share})
        if state["debts"]:
            settle(state, events)
    finish_lot(state, seat, events)
    return events


def checked_payment(
    state: State, seat: int, move: Move
) -> tuple[int, list, list, list[str], list[str]]:
    """Cash, single gems and necklaces of a payment move, checked against the rules; the
    hand that is left, and the gems paid (most valuable first)."""
    price = state["auction"]["price"]
    cash = move.get("cash", 0)
    if type(cash) is not int or not 0 <= cash <= MAX_PRICE or cash % STEP:
        cash = parse_amount(move, "cash", "the cash paid")
    gems = gem_list(move.get("gems", []), "'gems'")
    necklaces = move.get("necklaces", [])
    if not isinstance(necklaces, list):
        raise IllegalMove("'necklaces' must be a list of necklaces", "malformed")
    necklaces = [gem_list(n, "each necklace") for n in necklaces] if necklaces else []
    if (gems or necklaces) and not mixed(state):
        raise IllegalMove(
            "this lot must be paid in cash: gems and necklaces are accepted only in open"
            " auctions from round 7"
        )
    if cash > state["cash"][seat]:
        raise IllegalMove(f"you hold only {money(state['cash'][seat])} in cash")
    hand = state["hands"][seat]
    if not gems and not necklaces:  # cash alone: the hand stays as it is
        worth, rest, paid = 0, hand, []
    else:
        paid = gems + [g for n in necklaces for g in n] if necklaces else gems
        rest = take_gems(hand, paid)
        paid = sort_gems(paid)  # a new list
        worth = sum(map(VALUE.__getitem__, gems))  # `base_value`
        for necklace in necklaces:
            try:
                worth += necklace_value(necklace)
            except ValueError as exc:
                raise IllegalMove(f"{', '.join(necklace)} is no necklace: {exc}") from None
    if cash + worth < price:
        raise IllegalMove(
            f"that payment is worth {money(cash + worth)}, less than the price of {money(price)}"
        )
    if cash != max(0, price - worth):
        raise IllegalMove(
            f"pay the rest of the price in cash, exactly {money(max(0, price - worth))}:"
            " cash is never paid beyond the price (gems and necklaces may pay more; there"
            " is no change)"
        )
    return cash, gems, necklaces, rest, paid


def move_commission(state: State, seat: int, move: Move) -> list[Event]:
    """The auctioneer takes half the cash paid or one of the gems paid; the gems he leaves go
    to the bank's pile."""
    auction = state["auction"]
    take, paid_gems = move.get("take"), auction["paid_gems"]
    if take != "cash" and take not in paid_gems:
        raise IllegalMove(
            "take 'cash' (half the cash paid, rounded up) or one of the gems paid:"
            f" {', '.join(dict.fromkeys(paid_gems))}"
        )
    events: list[Event]
    if take == "cash":
        share = min(half_up(auction["paid_cash"]), state["bank"])  # `bank_out`
        state["bank"] -= share
        state["cash"][seat] += share
        events = [{"type": "commission", "seat": seat, "cash": share}]
    else:
        paid_gems = paid_gems[:]  # shared with the state `apply` was given
        paid_gems.remove(take)
        state["hands"][seat] = sort_gems([*state["hands"][seat], take])
        buyer = auction["buyer"]
        events = [
            {
                "type": "commission",
                "seat": seat,
                "cash": 0,
                "gem_count": 1,
                "hidden": {"gem": take},
                "seen_by": [seat] if seat == buyer else sorted((seat, buyer)),
            }
        ]
    state["bank_gems"] = state["bank_gems"] + paid_gems
    if state["debts"]:
        settle(state, events)
    finish_lot(state, auction["buyer"], events)
    return events


def move_default(state: State, seat: int, move: Move) -> list[Event]:
    """A buyer who cannot pay gives a penalty (cash, or a gem); the same lot goes up again."""
    price = state["auction"]["price"]
    cash, hand = state["cash"][seat], state["hands"][seat]
    if can_pay(cash, hand, price, mixed(state)):
        raise IllegalMove(f"you can pay the price of {money(price)}, so you must")
    gem = move.get("gem")
    events: list[Event]
    if gem is None:
        if cash < PENALTY and hand:
            raise IllegalMove(
                f"you hold less than {money(PENALTY)} in cash, so the penalty is a gem of your"
                " choice: name it"
            )
        fine = min(cash, PENALTY)
        state["cash"][seat] -= fine
        events = [
            {
                "type": "default",
                "seat": seat,
                "price": price,
                "penalty_cash": fine,
                "penalty_gem": False,
            }
        ]
        state["bank"] += fine  # `bank_in`
        if state["debts"]:
            settle(state, events)
    else:
        state["hands"][seat] = take_gems(hand, gem_list([gem], "the gem"))
        state["bank_gems"] = [*state["bank_gems"], gem]
        events = [
            {
                "type": "default",
                "seat": seat,
                "price": price,
                "penalty_cash": 0,
                "penalty_gem": True,
                "hidden": {"gem": gem},
                "seen_by": [seat],
            }
        ]
    if seat not in state["defaulters"]:
        state["defaulters"] = [*state["defaulters"], seat]
    state["phase"], state["auction"] = "choose", None
    events.append({"type": "rerun", "seat": state["auctioneer"], "lot": state["lot"][:]})
    return events
