"""Das Kollier's talk of each legal move: its label, what it does or costs, and a warning where
it may hurt the mover (a bid, start price, acceptance or pre-emption beyond what the seat can
pay — decision 10 of the rules notes —, an overpayment with gems, a sale to the bank below the
gems' worth); also for a payment or a sale that a client put together itself."""

from __future__ import annotations

from typing import Any

from shared.games.das_kollier.gems import VALUE, best_necklace, necklace_value
from shared.games.das_kollier.hands import can_pay
from shared.games.das_kollier.tables import (
    COMPENSATION,
    FALLING_MIN_COMMISSION,
    MARKER,
    PENALTY,
    SALE_CAP,
    half_up,
)
from shared.talk import Line, Moment, move, say, seat
from shared.talk.das_kollier.terms import gem_card, gem_list, money


def cannot_pay() -> Line:
    """Decision 10's warning: an offer beyond what the seat can pay is legal, and costs this."""
    return say(
        "das-kollier.talk",
        "You cannot pay this: you would pay {penalty} or a gem as a penalty",
        penalty=money(PENALTY),
    )


def offer_warning(view: dict[str, Any], price: int, mixed: bool) -> Line | None:
    """The warning for an offer (a bid, a start price, an acceptance, a pre-emption) at `price`,
    when the seat's cash (and from round 7 in an open auction its gems) cannot pay it; for
    clients that build an amount of their own (a typed bid) as for the listed ones."""
    if can_pay(view.get("cash", 0), view.get("gems", []), price, mixed):
        return None
    return cannot_pay()


def sale_payout(view: dict[str, Any], value: int) -> tuple[int, int]:
    """What the bank pays now for a sale worth `value`, and what it then owes (it pays at most
    SALE_CAP, only from what it holds, nothing while older debts wait, and during the commission
    choice keeps the cash commission the auctioneer may still take)."""
    credit = min(value, SALE_CAP)
    if view.get("debts"):
        return 0, credit
    kept = 0
    auction = view.get("auction") or {}
    if view.get("phase") == "commission":
        kept = half_up(auction.get("paid_cash", 0))
    spare = max(0, view.get("bank", 0) - kept)
    paid = min(credit, spare)
    return paid, credit - paid


def move_entry(moment: Moment, listed: dict[str, Any]) -> dict[str, Any]:
    """The talk's entry (label, what it does, a warning) for one legal move."""
    view = moment.view
    kind = listed.get("type")
    auction = view.get("auction") or {}
    open_mixed = not view.get("cash_only", True)  # an open auction from round 7
    if kind == "sell":
        return sale_entry(view, listed)
    if kind == "bid":
        amount = listed["amount"]
        return move(
            say("das-kollier.talk", "Bid {amount}", amount=money(amount)),
            say(
                "das-kollier.talk",
                "You buy the lot at {amount} if nobody bids more",
                amount=money(amount),
            ),
            offer_warning(view, amount, open_mixed),
        )
    if kind == "pass":
        return move(
            say("das-kollier.talk", "Pass"),
            say("das-kollier.talk", "You may bid again once someone else bids"),
        )
    if kind == "open_auction":
        price = listed["start_price"]
        return move(
            say("das-kollier.talk", "Open at {price}", price=money(price)),
            say(
                "das-kollier.talk",
                "The others bid from {price} up; if nobody bids, you buy it yourself at {price}",
                price=money(price),
            ),
            offer_warning(view, price, open_mixed),
        )
    if kind == "falling_auction":
        value = view.get("lot_value", 0)
        return move(
            say("das-kollier.talk", "Falling from {price}", price=money(value)),
            say(
                "das-kollier.talk",
                "Offered in turn from your left; when all decline, 1,000 less. You earn half"
                " the price, at least {least}",
                least=money(FALLING_MIN_COMMISSION),
            ),
        )
    if kind == "knock_down":
        bidder, bid = auction.get("bidder"), auction.get("bid")
        if bidder is None:
            price = auction.get("start_price", 0)
            return move(
                say("das-kollier.talk", "Knock down"),
                say(
                    "das-kollier.talk",
                    "Nobody bid: you buy it yourself at {price}",
                    price=money(price),
                ),
                offer_warning(view, price, open_mixed),
            )
        return move(
            say("das-kollier.talk", "Knock down"),
            say(
                "das-kollier.talk",
                "Sold to {name} for {price}; you earn the commission",
                name=seat(bidder),
                price=money(bid or 0),
            ),
        )
    if kind == "accept":
        price = auction.get("price", 0)
        below = price < view.get("lot_value", 0)
        does = (
            say(
                "das-kollier.talk",
                "You buy it at {price} in cash; below the base value the auctioneer may take"
                " it instead",
                price=money(price),
            )
            if below
            else say("das-kollier.talk", "You buy it at {price} in cash", price=money(price))
        )
        return move(
            say("das-kollier.talk", "Buy at {price}", price=money(price)),
            does,
            offer_warning(view, price, False),
        )
    if kind == "decline":
        return move(
            say("das-kollier.talk", "Decline"),
            say(
                "das-kollier.talk",
                "The next player is asked; when all decline, the price falls 1,000",
            ),
        )
    if kind == "preempt":
        price = auction.get("price", 0)
        return move(
            say("das-kollier.talk", "Take it at {price}", price=money(price)),
            say(
                "das-kollier.talk",
                "You buy it in cash; {name} gets {amount} from the bank",
                name=seat(auction.get("accepter", 0)),
                amount=money(COMPENSATION),
            ),
            offer_warning(view, price, False),
        )
    if kind == "waive":
        price = auction.get("price", 0)
        return move(
            say("das-kollier.talk", "Let it go"),
            say(
                "das-kollier.talk",
                "{name} buys it at {price}; you earn the commission",
                name=seat(auction.get("accepter", 0)),
                price=money(price),
            ),
        )
    if kind == "pay":
        return payment_entry(view, listed)
    if kind == "default":
        price = auction.get("price", 0)
        again = say(
            "das-kollier.talk",
            "You cannot pay {price}: the same lot goes up again, run by {name}",
            price=money(price),
            name=seat(view.get("auctioneer", 0)),
        )
        gem = listed.get("gem")
        if gem is None:
            return move(
                say("das-kollier.talk", "Pay the {amount} penalty", amount=money(PENALTY)),
                again,
            )
        return move(
            say("das-kollier.talk", "Give up {gem} as the penalty", gem=gem_card(gem)),
            again,
            say("das-kollier.talk", "You lose a gem worth {value}", value=money(VALUE[gem]))
            if VALUE[gem] > PENALTY
            else None,
        )
    if kind == "commission":
        take = listed.get("take")
        if take == "cash":
            half = half_up(auction.get("paid_cash", 0))
            return move(
                say("das-kollier.talk", "Cash: {amount}", amount=money(half)),
                say("das-kollier.talk", "Half the cash paid, rounded up to 1,000"),
            )
        return move(
            say("das-kollier.talk", "Take {gem}", gem=gem_card(take)),
            say("das-kollier.talk", "One of the gems paid goes into your hand"),
        )
    if kind == "sealed_bid":
        amount = listed["amount"]
        return move(
            say("das-kollier.talk", "Put down {amount}", amount=money(amount)),
            say("das-kollier.talk", "The highest sealed bid pays and runs the first auction"),
        )
    return move(say("das-kollier.talk", "Play {kind}", kind=str(kind)))


def payment_entry(view: dict[str, Any], listed: dict[str, Any]) -> dict[str, Any]:
    """The talk's entry (label, what it does, a warning) for a payment, listed or one that a
    client put together itself (gems and necklaces chosen by hand)."""
    auction = view.get("auction") or {}
    price = auction.get("price", 0)
    cash = listed.get("cash", 0)
    gems = list(listed.get("gems", []))
    necklaces = [list(n) for n in listed.get("necklaces", [])]
    if not gems and not necklaces:
        return move(
            say("das-kollier.talk", "Pay {price} in cash", price=money(price)),
            say(
                "das-kollier.talk",
                "Your cash after it: {amount}",
                amount=money(view.get("cash", 0) - cash),
            ),
        )
    worth = sum(VALUE[g] for g in gems) + sum(necklace_value(n) for n in necklaces)
    pieces = gem_list(gems)
    for necklace in necklaces:
        pieces.append(say("das-kollier.talk", "the necklace of {gems}", gems=gem_list(necklace)))
    label = (
        say("das-kollier.talk", "Pay {gems} and {cash}", gems=pieces, cash=money(cash))
        if cash
        else say("das-kollier.talk", "Pay {gems}", gems=pieces)
    )
    hand = list(view.get("gems", []))
    for gem in gems + [g for n in necklaces for g in n]:
        if gem in hand:
            hand.remove(gem)
    before = (view.get("best_necklace") or {}).get("value", 0)
    after = best_necklace(hand)[0]
    does = say(
        "das-kollier.talk",
        "The gems count {worth}; your best necklace is then worth {after}",
        worth=money(worth),
        after=money(after),
    )
    warn = None
    if worth > price:
        warn = say(
            "das-kollier.talk",
            "Gems worth {worth}: {amount} more than the price, and no change is given",
            worth=money(worth),
            amount=money(worth - price),
        )
    elif after < before:
        warn = say(
            "das-kollier.talk",
            "Your best necklace falls from {before} to {after}",
            before=money(before),
            after=money(after),
        )
    return move(label, does, warn)


def sale_entry(view: dict[str, Any], listed: dict[str, Any]) -> dict[str, Any]:
    """The talk's entry (label, what it does, a warning) for a sale to the bank, listed or one
    that a client put together itself (gems chosen by hand)."""
    necklace = "necklace" in listed
    gems = list(listed["necklace"] if necklace else listed.get("gems", []))
    value = necklace_value(gems) if necklace else sum(VALUE[g] for g in gems)
    paid, owed = sale_payout(view, value)
    label = (
        say("das-kollier.talk", "Sell the necklace of {gems}", gems=gem_list(gems))
        if necklace
        else say("das-kollier.talk", "Sell {gems}", gems=gem_list(gems))
    )
    does = (
        say(
            "das-kollier.talk",
            "Worth {value}: the bank pays {paid} now and owes you {owed}; you lay down the"
            " {marker} marker (once a game)",
            value=money(value),
            paid=money(paid),
            owed=money(owed),
            marker=money(MARKER),
        )
        if owed
        else say(
            "das-kollier.talk",
            "Worth {value}: the bank pays {paid} now; you lay down the {marker} marker (once"
            " a game)",
            value=money(value),
            paid=money(paid),
            marker=money(MARKER),
        )
    )
    hand = list(view.get("gems", []))
    for gem in gems:
        if gem in hand:
            hand.remove(gem)
    before = (view.get("best_necklace") or {}).get("value", 0)
    after = best_necklace(hand)[0]
    warns = []
    if value > SALE_CAP:
        warns.append(
            say(
                "das-kollier.talk",
                "The bank pays at most {cap}: {lost} of their worth is lost",
                cap=money(SALE_CAP),
                lost=money(value - SALE_CAP),
            )
        )
    if after < before:
        warns.append(
            say(
                "das-kollier.talk",
                "Your best necklace falls from {before} to {after}",
                before=money(before),
                after=money(after),
            )
        )
    warn = None
    if len(warns) == 2:
        warn = say("das-kollier.talk", "{first}. {second}", first=warns[0], second=warns[1])
    elif warns:
        warn = warns[0]
    return move(label, does, warn)
