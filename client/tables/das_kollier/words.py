"""What Das Kollier's table says: gem names, money, counted things, log sentences and the rules
help (in our own words). English stands here; the catalogs hold German and French (see
client/i18n.py). Labels used in one place stand where they are drawn."""

from __future__ import annotations

from collections import Counter

from client import i18n
from client.i18n import C_, CNN_, N_
from shared.games.das_kollier.gems import RANK

# Each gem's name, and its name counted ("2 rubies").
GEM_NAMES: dict[str, i18n.Term] = {
    "diamant": C_("das-kollier.gem", "diamond"),
    "rubin": C_("das-kollier.gem", "ruby"),
    "topas": C_("das-kollier.gem", "topaz"),
    "smaragd": C_("das-kollier.gem", "emerald"),
    "granat": C_("das-kollier.gem", "garnet"),
    "turmalin": C_("das-kollier.gem", "tourmaline"),
    "amethyst": C_("das-kollier.gem", "amethyst"),
    "opal": C_("das-kollier.gem", "opal"),
    "tuerkis": C_("das-kollier.gem", "turquoise"),
    "achat": C_("das-kollier.gem", "agate"),
}
GEMS_COUNTED: dict[str, i18n.Plural] = {
    "diamant": CNN_("das-kollier.gem", "{n} diamond", "{n} diamonds"),
    "rubin": CNN_("das-kollier.gem", "{n} ruby", "{n} rubies"),
    "topas": CNN_("das-kollier.gem", "{n} topaz", "{n} topazes"),
    "smaragd": CNN_("das-kollier.gem", "{n} emerald", "{n} emeralds"),
    "granat": CNN_("das-kollier.gem", "{n} garnet", "{n} garnets"),
    "turmalin": CNN_("das-kollier.gem", "{n} tourmaline", "{n} tourmalines"),
    "amethyst": CNN_("das-kollier.gem", "{n} amethyst", "{n} amethysts"),
    "opal": CNN_("das-kollier.gem", "{n} opal", "{n} opals"),
    "tuerkis": CNN_("das-kollier.gem", "{n} turquoise", "{n} turquoises"),
    "achat": CNN_("das-kollier.gem", "{n} agate", "{n} agates"),
}
number = i18n.number


def money(amount: int) -> str:
    """An amount of dollars as the language writes it: $15,000 · 15.000 $ · 15 000 $."""
    sign = "−" if amount < 0 else ""
    return sign + i18n.pgettext("das-kollier", "${n}", n=number(abs(amount)))


def gem_name(gem: str) -> str:
    """A gem's name."""
    return i18n._(GEM_NAMES[gem])


def gem_title(gem: str) -> str:
    """A gem's name as a card's title (capitalised)."""
    name = gem_name(gem)
    return name[:1].upper() + name[1:]


def gem_list(gems: list[str]) -> str:
    """Gems in words, most valuable first: "ruby, 2 topazes, 4 agates"."""
    counts = Counter(gems)
    parts = [
        gem_name(g) if counts[g] == 1 else i18n.counted(GEMS_COUNTED[g], counts[g])
        for g in sorted(counts, key=RANK.__getitem__)
    ]
    return ", ".join(parts)


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

# The phases, as the status line names them.
PHASE_TEXT: dict[str, i18n.Term] = {
    "sealed": C_("das-kollier.phase", "sealed bids"),
    "choose": C_("das-kollier.phase", "choice of auction"),
    "open": C_("das-kollier.phase", "open auction"),
    "falling": C_("das-kollier.phase", "falling auction"),
    "preempt": C_("das-kollier.phase", "first refusal"),
    "pay": C_("das-kollier.phase", "payment"),
    "commission": C_("das-kollier.phase", "commission"),
    "over": C_("das-kollier.phase", "game over"),
}

# The tie-breaks after an equal necklace, by what decided the game (fewer gems: see speech.py).
TIE_BREAKS: dict[str, str] = {
    "outside": N_("Tie on the necklace: the best gem outside it wins ({name}: {value})."),
    "money": N_("Tie on the necklace and the gems: the most money wins ({name}: {value})."),
}

# The rules help, a paragraph each.
HELP: list[str] = [
    N_("Das Kollier — buy gems at auction and string the most valuable necklace."),
    N_(
        "Gems, most valuable first: diamond 10,000 · ruby 9,000 · topaz 8,000 · emerald 7,000 · "
        "garnet 6,000 · tourmaline 5,000 · amethyst 4,000 · opal 3,000 · turquoise 2,000 · agate "
        "1,000. Each kind has its own colour and cut."
    ),
    N_(
        "A necklace is one centre gem of a kind dearer than every other kind in it, and at least "
        "one pair of cheaper gems, each kind in pairs, laid symmetrically. Its value is the sum of "
        "its gems times the number of kinds: a ruby, 2 topazes and 4 agates make 29,000 × 3 = "
        "87,000. The table always shows your best one."
    ),
    N_("Cash and gems are secret; everyone sees only how many gems each player holds."),
    N_(
        "The lot: the auctioneer turns cards until they are worth at least 6,000 (5,000 with 5 "
        "players, 4,000 with 6) and then chooses:"
    ),
    N_(
        "• Open auction: name a start price of at least the base value; everyone else bids at "
        "once, in thousands (+1,000, +5,000 or type an amount), or passes. Once everyone else "
        "has passed, the auctioneer knocks it down — or the clock does after a quiet spell. No "
        "bid: the auctioneer buys it at the start price."
    ),
    N_(
        "• Falling auction: the lot is offered at its base value to each player in turn from the "
        "auctioneer's left; when all decline, the price drops by 1,000. If someone buys below the "
        "base value, the auctioneer may take it at that price instead, and the other buyer gets "
        "1,000 from the bank."
    ),
    N_(
        "In rounds 1–6 you pay in cash, and an auctioneer with less cash than the base value must "
        "let the lot fall. From round 7, an open auction may be paid with cash, single gems (base "
        "value) and whole necklaces (necklace value); gems worth more than the price get no "
        "change, and cash never pays more than the rest."
    ),
    N_(
        "Commission: half the cash paid, rounded up to 1,000, or — if gems were paid — one of "
        "them. A falling auction always pays at least 4,000. The buyer runs the next auction."
    ),
    N_("Cannot pay? Give the bank 3,000 or a gem of your choice; the lot goes up again."),
    N_(
        "Once a game, at any moment — also when it is not your turn — you may sell gems (base "
        "value) or one necklace to the bank for at most 10,000 — what it lacks it owes you — and "
        "you lay down a 1,000 marker."
    ),
    N_(
        "When the deck runs out, everyone gets 3,000 and the bank's gems with the diamond, rubies "
        "and topazes form a second deck. After it, the best necklace wins; ties go to fewer gems, "
        "then the best gem outside, then money."
    ),
]
