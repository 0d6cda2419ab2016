"""What Das Kollier's table says beyond the table's talk: the log's sentences and the results.
The game's terms (gem names, phases, money) and the rules are the voice's
(shared/talk/das_kollier.py), said here through `client.i18n.say`; English stands in the code,
the catalogs hold German and French (see client/i18n.py)."""

from __future__ import annotations

from client import i18n
from client.i18n import C_, N_
from shared.talk import das_kollier as voice

number = i18n.number


def money(amount: int) -> str:
    """An amount of dollars as the language writes it: $15,000 · 15.000 $ · 15 000 $."""
    sign = "−" if amount < 0 else ""
    return sign + i18n.say(voice.money(abs(amount)))


def gem_name(gem: str) -> str:
    """A gem's name."""
    return i18n.say(voice.gem_name(gem))


def gem_title(gem: str) -> str:
    """A gem's name as a card's title (capitalised)."""
    name = gem_name(gem)
    return name[:1].upper() + name[1:]


def gem_list(gems: list[str]) -> str:
    """Gems in words, most valuable first: "ruby, 2 topazes, 4 agates"."""
    return i18n.say(voice.gem_list(gems))


def gem_count(n: int) -> str:
    """ "1 gem", "3 gems"."""
    return i18n.npgettext("das-kollier", "{n} gem", "{n} gems", n)


def card_count(n: int) -> str:
    """ "1 card", "3 cards"."""
    return i18n.npgettext("das-kollier", "{n} card", "{n} cards", n)


# Log sentences: one per event type (some with a variant for what only the reader may see).
EVENT_TEXT: dict[str, str] = {
    "sealed_bid": N_("{name} puts a sealed bid face down."),
    "sealed_bid_own": N_("{name} puts {amount} face down."),
    "first_auctioneer": N_(
        "The sealed bids are opened: {bids}. {name} pays {paid} and runs the first auction."
    ),
    "auction_opened": N_("{name} opens the bidding at {price}."),
    "falling_auction": N_("{name} offers the lot in turn at {price}, starting with {asked}."),
    "bid": C_("das-kollier.log", "{name} bids {amount}."),
    "passed": C_("das-kollier.log", "{name} passes."),
    "knocked_down": N_("Going, going, gone: sold to {name} for {price}."),
    "accepted": C_("das-kollier.log", "{name} takes it at {price}."),
    "declined": C_("das-kollier.log", "{name} declines at {price}."),
    "price_fell": N_("Nobody bought: the price drops to {price}."),
    "taken_for_nothing": N_("Nobody wanted it even for nothing: {name} keeps the lot for free."),
    "preempted": N_(
        "{name} uses the right of first refusal and buys at {price} instead of {accepter}."
    ),
    "waived": N_("{name} lets {buyer} have it at {price}."),
    "paid": N_("{name} pays {price}: {cash} in cash and {gems}."),
    "paid_cash": C_("das-kollier.log", "{name} pays {price} in cash."),
    "commission": C_("das-kollier.log", "{name} earns {cash} commission."),
    "commission_gem": N_("{name} takes a gem as commission."),
    "commission_gem_seen": N_("{name} takes a {gem} as commission."),
    "compensation": N_("{name} gets {amount} from the bank for the lost purchase."),
    "default_cash": N_("{name} cannot pay {price} and pays a penalty of {cash}."),
    "default_gem": N_("{name} cannot pay {price} and gives up a gem as a penalty."),
    "default_gem_seen": N_("{name} cannot pay {price} and gives up a {gem} as a penalty."),
    "rerun": N_("The same lot goes up again; {name} runs the auction."),
    "sold_to_bank": N_("{name} sells {gems} to the bank and lays down the marker."),
    "sold_to_bank_seen": N_(
        "{name} sells {gems} to the bank (worth {value}): {paid} now, {owed} owed."
    ),
    "debt_paid": N_("The bank pays {name} {amount} it owed."),
    "debt_paid_marker": N_("The bank pays {name} {amount} of the marker it owed."),
    "lot_won": C_("das-kollier.log", "{name} takes the lot: {gems}."),
    "lot_revealed": N_("New lot for {name} to auction: {gems} (base value {value})."),
    "second_deck": N_(
        "The first deck is used up: the bank hands out {gifts}, and a second deck of {cards} is "
        "shuffled."
    ),
}

# The tie-breaks after an equal necklace, by what decided the game (fewer gems: see speech.py).
TIE_BREAKS: dict[str, str] = {
    "outside": N_("Tie on the necklace: the best gem outside it wins ({name}: {value})."),
    "money": N_("Tie on the necklace and the gems: the most money wins ({name}: {value})."),
}
