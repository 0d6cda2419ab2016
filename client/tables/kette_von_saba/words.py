"""What Die Kette von Saba's table writes besides the table's talk: money, log sentences, the
lines of the players' panels and of the results. Card names, why the game ended, the moment, the
moves and the rules are the talk's (shared/talk/kette_von_saba.py), said here through
`i18n.say`. English stands here; German and French come from the catalogs."""

from __future__ import annotations

from collections.abc import Callable

from client import i18n
from client.i18n import N_
from client.tables.base import Event, View
from shared.talk import kette_von_saba as voice

# Why the deck's top card goes up for auction.
DECK_OFFERED: dict[str, str] = {
    "round_without_draw": N_(
        "A whole round without a card from the deck: {name} auctions its top card, {card}."
    ),
    "empty_hand": N_("{name} has no cards and auctions the top card of the deck, {card}."),
}


def money(amount: int) -> str:
    """An amount of marks with the language's thousands separator."""
    return i18n.number(amount)


def marks(amount: int) -> str:
    """An amount of marks in words: "20,000 marks", "20.000 Mark"."""
    return i18n.pgettext("kette-von-saba", "{amount} marks", amount=money(amount))


def card_name(card: str) -> str:
    """A card in words as the table's talk names it: "3 rubies", "1 Perle", "une tête de lion"."""
    return i18n.say(voice.card_name(card))


def laid_name(card: str, piece: str) -> str:
    """A laid card in words; a joker says which piece it stands for."""
    if card == voice.JOKER:
        return i18n.pgettext(
            "kette-von-saba.card", "a lion head (as {piece})", piece=card_name(piece)
        )
    return card_name(card)


def event_text(event: Event, name_of: Callable[[int | None], str]) -> str | None:
    """One log sentence for `event`; `name_of` names a seat."""
    kind = event.get("type")
    name = name_of(event.get("seat"))
    card = card_name(event["card"]) if "card" in event else ""
    if kind == "card_offered":
        return i18n._("{name} puts {card} up for auction.", name=name, card=card)
    if kind == "deck_card_offered":
        why = DECK_OFFERED[event["reason"]]
        return i18n._(why, name=name, card=card)
    amount = money(event.get("amount", event.get("price", 0)))
    if kind == "bid":
        return i18n._("{name} bids {amount}.", name=name, amount=amount)
    if kind == "reserve_named":
        return i18n._("{name} will not sell below {amount}.", name=name, amount=amount)
    if kind == "reserve_accepted":
        return i18n._("{name} accepts the price of {amount}.", name=name, amount=amount)
    if kind == "passed":
        if event.get("forced"):
            return i18n._("{name} cannot raise and passes.", name=name)
        return i18n._("{name} passes.", name=name)
    if kind == "reserve_declined":
        if event.get("forced"):
            return i18n._("{name} cannot pay that much.", name=name)
        return i18n._("{name} declines.", name=name)
    if kind == "no_bid":
        return i18n._("Nobody bids.")
    if kind == "reserve_refused":
        return i18n._("Nobody pays the price: the card stays unsold.")
    if kind == "bidding_closed":
        amount = money(event["bid"])
        bidder = name_of(event["bidder"])
        return i18n._("The bidding closes at {amount} ({name}).", amount=amount, name=bidder)
    if kind == "sold":
        return i18n._(
            "{seller} sells {card} to {buyer} for {amount}.",
            seller=name_of(event["seller"]),
            buyer=name_of(event["buyer"]),
            amount=money(event["price"]),
            card=card,
        )
    if kind == "kept":
        return i18n._("{name} takes {card} into hand.", name=name, card=card)
    if kind == "joker_returned":
        return i18n._("The lion head fits nowhere yet and goes back to {name}.", name=name)
    if kind == "forgery":
        return i18n._("{name} sets a forgery aside: {card}.", name=name, card=card)
    if kind == "reconstruction_begins":
        return i18n._(
            "The deck is empty. Stage 2: {name}, the richest, begins to rebuild the necklace.",
            name=name,
        )
    if kind == "placed":
        laid = laid_name(event["card"], event["piece"])
        if event["reward"]:
            amount = money(event["reward"])
            return i18n._(
                "{name} lays {card} on the necklace and earns {amount}.",
                name=name,
                card=laid,
                amount=amount,
            )
        return i18n._("{name} lays {card} on the necklace, without reward.", name=name, card=laid)
    if kind == "drew":
        amount = money(event["price"])
        if "card" in event:
            return i18n._(
                "{name} buys the top card of the deck for {amount}: {card}.",
                name=name,
                amount=amount,
                card=card,
            )
        return i18n._(
            "{name} buys the top card of the deck for {amount}.", name=name, amount=amount
        )
    if kind == "game_over":
        return end_text(event.get("reason", "no_cards"))
    return None


def end_text(reason: str) -> str:
    """Why the game ended, in a sentence (the talk's)."""
    return i18n.say(voice.END_REASONS[reason])


def status(view: View) -> str | None:
    """The stage being played, for the top bar."""
    if not view or view.get("end") is not None:
        return None
    return i18n.pgettext("kette-von-saba", "Stage {n}", n=view["stage"])


def panel_lines(view: View, seat: int) -> list[str]:
    """A seat's marks and cards in hand, for its panel."""
    if not view:
        return []
    return [
        marks(view["cash"][seat]),
        i18n.pgettext("kette-von-saba", "Cards in hand: {n}", n=view["hand_counts"][seat]),
    ]


def result_lines(view: View) -> list[str]:
    """The forgeries and the bank's dealings, for the results."""
    if not view:
        return []
    return [
        i18n._("Forgeries set aside: {n}", n=len(view["forgeries"])),
        i18n._(
            "The bank paid {paid} in rewards and took {fees} for cards from the deck.",
            paid=money(view["rewards_paid"]),
            fees=money(view["fees_paid"]),
        ),
    ]
