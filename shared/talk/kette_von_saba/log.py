"""The game log of Die Kette von Saba: a sentence for each event as the seat sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.talk import Line, say, seat
from shared.talk.kette_von_saba.words import END_REASONS, card_name, laid_name

# Why the deck's top card goes up for auction (the log's sentence; {name}: the auctioneer).
DECK_OFFERED: dict[str, Callable[[Line, Line], Line]] = {
    "round_without_draw": lambda name, card: say(
        "kette-von-saba.talk",
        "A whole round without a card from the deck: {name} auctions its top card, {card}.",
        name=name,
        card=card,
    ),
    "empty_hand": lambda name, card: say(
        "kette-von-saba.talk",
        "{name} has no cards and auctions the top card of the deck, {card}.",
        name=name,
        card=card,
    ),
}


def event_line(event: dict[str, Any], view: dict[str, Any]) -> Line | None:
    """The game log's sentence for one event as the seat sees it (None: it says nothing;
    `taken_back` is said by the clients). A card drawn from the deck is named only in the
    event of the seat that may see it."""
    kind = event.get("type")
    name = seat(event["seat"]) if "seat" in event else None
    card = card_name(event["card"]) if "card" in event else None
    if kind == "card_offered":
        return say(
            "kette-von-saba.talk", "{name} puts {card} up for auction.", name=name, card=card
        )
    if kind == "deck_card_offered":
        tell = DECK_OFFERED.get(event.get("reason"), DECK_OFFERED["empty_hand"])
        return tell(name, card)
    if kind == "bid":
        return say(
            "kette-von-saba.talk", "{name} bids {amount}.", name=name, amount=event["amount"]
        )
    if kind == "reserve_named":
        return say(
            "kette-von-saba.talk",
            "{name} will not sell below {amount}.",
            name=name,
            amount=event["price"],
        )
    if kind == "reserve_accepted":
        return say(
            "kette-von-saba.talk",
            "{name} accepts the price of {amount}.",
            name=name,
            amount=event["price"],
        )
    if kind == "passed":
        if event.get("forced"):
            return say("kette-von-saba.talk", "{name} cannot raise and passes.", name=name)
        return say("kette-von-saba.talk", "{name} passes.", name=name)
    if kind == "reserve_declined":
        if event.get("forced"):
            return say("kette-von-saba.talk", "{name} cannot pay that much.", name=name)
        return say("kette-von-saba.talk", "{name} declines.", name=name)
    if kind == "no_bid":
        return say("kette-von-saba.talk", "Nobody bids.")
    if kind == "reserve_refused":
        return say("kette-von-saba.talk", "Nobody pays the price: the card stays unsold.")
    if kind == "bidding_closed":
        return say(
            "kette-von-saba.talk",
            "The bidding closes at {amount} ({name}).",
            amount=event["bid"],
            name=seat(event["bidder"]),
        )
    if kind == "sold":
        return say(
            "kette-von-saba.talk",
            "{seller} sells {card} to {buyer} for {amount}.",
            seller=seat(event["seller"]),
            buyer=seat(event["buyer"]),
            amount=event["price"],
            card=card,
        )
    if kind == "kept":
        return say("kette-von-saba.talk", "{name} takes {card} into hand.", name=name, card=card)
    if kind == "joker_returned":
        return say(
            "kette-von-saba.talk",
            "The lion head fits nowhere yet and goes back to {name}.",
            name=name,
        )
    if kind == "forgery":
        return say(
            "kette-von-saba.talk", "{name} sets a forgery aside: {card}.", name=name, card=card
        )
    if kind == "reconstruction_begins":
        return say(
            "kette-von-saba.talk",
            "The deck is empty. Stage 2: {name}, the richest, begins to rebuild the necklace.",
            name=name,
        )
    if kind == "placed":
        laid = laid_name(event["card"], event["piece"])
        if event["reward"]:
            return say(
                "kette-von-saba.talk",
                "{name} lays {card} on the necklace and earns {amount}.",
                name=name,
                card=laid,
                amount=event["reward"],
            )
        return say(
            "kette-von-saba.talk",
            "{name} lays {card} on the necklace, without reward.",
            name=name,
            card=laid,
        )
    if kind == "drew":
        if card is not None:
            return say(
                "kette-von-saba.talk",
                "{name} buys the top card of the deck for {amount}: {card}.",
                name=name,
                amount=event["price"],
                card=card,
            )
        return say(
            "kette-von-saba.talk",
            "{name} buys the top card of the deck for {amount}.",
            name=name,
            amount=event["price"],
        )
    if kind == "game_over":
        return END_REASONS.get(event.get("reason"), END_REASONS["no_cards"])
    return None
