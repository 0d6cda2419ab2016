"""Das Kollier's game log: the sentence for each event as the seat sees it. A hidden part (a
sealed bid's amount, the gems of a payment, a commission, a penalty or a sale) is only in the
event for seats that may see it: the sentence says it where it is there, and only that it
happened where it is not."""

from __future__ import annotations

from typing import Any

from shared.talk import Line, say, say_n, seat
from shared.talk.das_kollier.terms import GEM_NAMES, gem_count, gem_list, money


def by_seat(amounts: list[int]) -> list[Line]:
    """An amount for each seat, in seat order: "Ada $3,000, Ben $0" (said joined by commas)."""
    return [
        say("das-kollier.log", "{name} {amount}", name=seat(i), amount=money(amount))
        for i, amount in enumerate(amounts)
    ]


def event_line(event: dict[str, Any], view: dict[str, Any]) -> Line | None:
    """The game log's sentence for one event as the seat sees it (None: it says nothing).
    A hidden part (a sealed bid's amount, the gems of a payment, a commission, a penalty or
    a sale) is only in the event for seats that may see it: the sentence says it where it is
    there, and only that it happened where it is not. `taken_back` is the clients' own."""
    kind = event.get("type")
    who = seat(event["seat"]) if "seat" in event else None
    if kind == "sealed_bid":
        if "amount" in event:
            return say(
                "das-kollier.log",
                "{name} puts {amount} face down.",
                name=who,
                amount=money(event["amount"]),
            )
        return say("das-kollier.log", "{name} puts a sealed bid face down.", name=who)
    if kind == "first_auctioneer":
        return say(
            "das-kollier.log",
            "The sealed bids are opened: {bids}. {name} pays {paid} and runs the first auction.",
            bids=by_seat(event["bids"]),
            name=who,
            paid=money(event["paid"]),
        )
    if kind == "auction_opened":
        return say(
            "das-kollier.log",
            "{name} opens the bidding at {price}.",
            name=who,
            price=money(event["start_price"]),
        )
    if kind == "falling_auction":
        return say(
            "das-kollier.log",
            "{name} offers the lot in turn at {price}, starting with {asked}.",
            name=who,
            price=money(event["price"]),
            asked=seat(event["asked"]),
        )
    if kind == "bid":
        return say(
            "das-kollier.log", "{name} bids {amount}.", name=who, amount=money(event["amount"])
        )
    if kind == "passed":
        return say("das-kollier.log", "{name} passes.", name=who)
    if kind == "knocked_down":
        return say(
            "das-kollier.log",
            "Going, going, gone: sold to {name} for {price}.",
            name=seat(event["buyer"]),
            price=money(event["price"]),
        )
    if kind == "accepted":
        return say(
            "das-kollier.log",
            "{name} takes it at {price}.",
            name=who,
            price=money(event["price"]),
        )
    if kind == "declined":
        return say(
            "das-kollier.log",
            "{name} declines at {price}.",
            name=who,
            price=money(event["price"]),
        )
    if kind == "price_fell":
        return say(
            "das-kollier.log",
            "Nobody bought: the price drops to {price}.",
            price=money(event["price"]),
        )
    if kind == "taken_for_nothing":
        return say(
            "das-kollier.log",
            "Nobody wanted it even for nothing: {name} keeps the lot for free.",
            name=who,
        )
    if kind == "preempted":
        return say(
            "das-kollier.log",
            "{name} uses the right of first refusal and buys at {price} instead of {accepter}.",
            name=who,
            price=money(event["price"]),
            accepter=seat(event["accepter"]),
        )
    if kind == "waived":
        return say(
            "das-kollier.log",
            "{name} lets {buyer} have it at {price}.",
            name=who,
            buyer=seat(event["buyer"]),
            price=money(event["price"]),
        )
    if kind == "paid":
        return paid_line(event, who)
    if kind == "compensation":
        return say(
            "das-kollier.log",
            "{name} gets {amount} from the bank for the lost purchase.",
            name=who,
            amount=money(event["amount"]),
        )
    if kind == "commission":
        if event.get("cash"):
            return say(
                "das-kollier.log",
                "{name} earns {cash} commission.",
                name=who,
                cash=money(event["cash"]),
            )
        if "gem" in event:
            return say(
                "das-kollier.log",
                "{name} takes as commission: {gem}.",
                name=who,
                gem=GEM_NAMES[event["gem"]],
            )
        return say("das-kollier.log", "{name} takes a gem as commission.", name=who)
    if kind == "default":
        return default_line(event, who)
    if kind == "rerun":
        return say(
            "das-kollier.log", "The same lot goes up again; {name} runs the auction.", name=who
        )
    if kind == "sold_to_bank":
        if "gems" in event:
            return say(
                "das-kollier.log",
                "{name} sells {gems} to the bank (worth {value}): {paid} now, {owed} owed.",
                name=who,
                gems=gem_list(event["gems"]),
                value=money(event["value"]),
                paid=money(event["paid"]),
                owed=money(event["owed"]),
            )
        return say(
            "das-kollier.log",
            "{name} sells {gems} to the bank and lays down the marker.",
            name=who,
            gems=gem_count(event["gem_count"]),
        )
    if kind == "debt_paid":
        if event.get("into") == "marker":
            return say(
                "das-kollier.log",
                "The bank pays {name} {amount} of the marker it owed.",
                name=who,
                amount=money(event["amount"]),
            )
        return say(
            "das-kollier.log",
            "The bank pays {name} {amount} it owed.",
            name=who,
            amount=money(event["amount"]),
        )
    if kind == "lot_won":
        return say(
            "das-kollier.log",
            "{name} takes the lot: {gems}.",
            name=who,
            gems=gem_list(event["gems"]),
        )
    if kind == "lot_revealed":
        return say(
            "das-kollier.log",
            "New lot for {name} to auction: {gems} (base value {value}).",
            name=who,
            gems=gem_list(event["gems"]),
            value=money(event["value"]),
        )
    if kind == "second_deck":
        return say(
            "das-kollier.log",
            "The first deck is used up: the bank hands out {gifts}, and a second deck of"
            " {cards} is shuffled.",
            gifts=by_seat(event["gifts"]),
            cards=say_n("das-kollier", "{n} card", "{n} cards", event["cards"]),
        )
    if kind == "game_over":
        return say("das-kollier.log", "The game is over.")
    return None


def paid_line(event: dict[str, Any], who: Line | None) -> Line:
    """A payment: its gems by name for the payer and the auctioneer, else how many."""
    gems = [*event.get("gems", []), *(g for n in event.get("necklaces", []) for g in n)]
    if not gems and not event.get("gem_count"):
        return say(
            "das-kollier.log",
            "{name} pays {price} in cash.",
            name=who,
            price=money(event["price"]),
        )
    return say(
        "das-kollier.log",
        "{name} pays {price}: {cash} in cash and {gems}.",
        name=who,
        price=money(event["price"]),
        cash=money(event["cash"]),
        gems=gem_list(gems) if gems else gem_count(event["gem_count"]),
    )


def default_line(event: dict[str, Any], who: Line | None) -> Line:
    """A buyer who cannot pay: the penalty in cash, or a gem (named only for the buyer)."""
    price = money(event["price"])
    if not event.get("penalty_gem"):
        return say(
            "das-kollier.log",
            "{name} cannot pay {price} and pays a penalty of {cash}.",
            name=who,
            price=price,
            cash=money(event["penalty_cash"]),
        )
    if "gem" in event:
        return say(
            "das-kollier.log",
            "{name} cannot pay {price} and gives up as a penalty: {gem}.",
            name=who,
            price=price,
            gem=GEM_NAMES[event["gem"]],
        )
    return say(
        "das-kollier.log",
        "{name} cannot pay {price} and gives up a gem as a penalty.",
        name=who,
        price=price,
    )
