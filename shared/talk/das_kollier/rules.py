"""Das Kollier's rules by topic (rules notes §2 and the decisions of the rules audit and of
turn 3), the sections the talk's `topic` points at."""

from __future__ import annotations

from shared.games.das_kollier.gems import KINDS
from shared.games.das_kollier.tables import (
    COMPENSATION,
    FALLING_MIN_COMMISSION,
    MARKER,
    PENALTY,
    SALE_CAP,
    SECOND_DECK_GIFT,
)
from shared.talk import Section, say
from shared.talk.das_kollier.terms import SECRET, gem_card, money


def _rules() -> list[Section]:
    """The rules by topic (rules notes §2 and the decisions of the rules audit and of turn 3)."""
    values = say(
        "das-kollier.talk",
        "Gems, most valuable first: {gems}. Each kind has its own colour and cut.",
        gems=[gem_card(g) for g in KINDS],
    )
    return [
        Section(
            "gems",
            say("das-kollier.talk", "Gems and necklaces"),
            [
                values,
                say(
                    "das-kollier.talk",
                    "A necklace is one centre gem of a kind dearer than every other kind in it,"
                    " and at least one pair of cheaper gems, each kind in pairs. Its value is the"
                    " sum of its gems times the number of kinds: a ruby, 2 topazes and 4 agates"
                    " make 29,000 × 3 = 87,000. The table always shows your best one.",
                ),
                SECRET,
            ],
        ),
        Section(
            "lot",
            say("das-kollier.talk", "The lot"),
            [
                say(
                    "das-kollier.talk",
                    "The auctioneer turns cards until they are worth at least 6,000 (5,000 with 5"
                    " players, 4,000 with 6) and then chooses an open or a falling auction. The"
                    " buyer of a lot runs the next auction.",
                ),
                say(
                    "das-kollier.talk",
                    "In rounds 1–6 an auctioneer with less cash than the lot's base value must let"
                    " it fall.",
                ),
            ],
        ),
        Section(
            "open",
            say("das-kollier.talk", "Open auction"),
            [
                say(
                    "das-kollier.talk",
                    "The auctioneer names a start price of at least the base value; everyone else"
                    " bids at any time, in thousands, or passes. Once everyone else has passed,"
                    " the auctioneer knocks it down — or the clock does after a quiet spell. No"
                    " bid: the auctioneer buys it at the start price.",
                ),
                say(
                    "das-kollier.talk",
                    "You may bid beyond what you can pay: if you win and cannot pay, you pay the"
                    " penalty and the lot goes up again.",
                ),
            ],
        ),
        Section(
            "falling",
            say("das-kollier.talk", "Falling auction"),
            [
                say(
                    "das-kollier.talk",
                    "The lot is offered at its base value to each player in turn from the"
                    " auctioneer's left; when all decline, the price drops by 1,000. If all"
                    " decline even at 0, the auctioneer keeps the lot for nothing.",
                ),
                say(
                    "das-kollier.talk",
                    "If someone buys below the base value, the auctioneer may take it at that"
                    " price instead, and the other buyer gets {amount} from the bank.",
                    amount=money(COMPENSATION),
                ),
            ],
        ),
        Section(
            "paying",
            say("das-kollier.talk", "Paying"),
            [
                say(
                    "das-kollier.talk",
                    "In rounds 1–6, and always in a falling auction, you pay in cash. From round"
                    " 7, an open auction may be paid with cash, single gems (base value) and whole"
                    " necklaces (necklace value); gems worth more than the price get no change,"
                    " and cash never pays more than the rest.",
                ),
            ],
        ),
        Section(
            "commission",
            say("das-kollier.talk", "Commission"),
            [
                say(
                    "das-kollier.talk",
                    "The auctioneer earns half the cash paid, rounded up to 1,000, or — if gems"
                    " were paid — one of them. A falling auction always pays him at least"
                    " {least}, as far as the bank holds money.",
                    least=money(FALLING_MIN_COMMISSION),
                ),
            ],
        ),
        Section(
            "default",
            say("das-kollier.talk", "Cannot pay?"),
            [
                say(
                    "das-kollier.talk",
                    "Whoever cannot pay gives the bank {penalty} or a gem of his choice (all his"
                    " cash if he has neither); the same lot goes up again, and he may offer only"
                    " what he can pay for it.",
                    penalty=money(PENALTY),
                ),
            ],
        ),
        Section(
            "sale",
            say("das-kollier.talk", "Sale to the bank"),
            [
                say(
                    "das-kollier.talk",
                    "Once a game, at any moment — also when it is not your turn — you may sell"
                    " gems (base value) or one necklace to the bank for at most {cap}; what it"
                    " lacks it owes you and pays first. You lay down a {marker} marker, which"
                    " counts as money at the end.",
                    cap=money(SALE_CAP),
                    marker=money(MARKER),
                ),
            ],
        ),
        Section(
            "sealed",
            say("das-kollier.talk", "Sealed bids (advanced)"),
            [
                say(
                    "das-kollier.talk",
                    "With the advanced rule, everyone first puts down a sealed cash bid; the"
                    " highest pays it and runs the first auction.",
                ),
            ],
        ),
        Section(
            "end",
            say("das-kollier.talk", "The end"),
            [
                say(
                    "das-kollier.talk",
                    "When the first deck runs out, everyone gets {gift} from the bank (as far as"
                    " it holds money), and the bank's gems with the diamond, rubies and topazes"
                    " set aside form a second deck. When it has been auctioned, the best necklace"
                    " wins; ties go to fewer gems in it, then the best gem outside, then money"
                    " (cash and marker).",
                    gift=money(SECOND_DECK_GIFT),
                ),
            ],
        ),
    ]


RULES = _rules()
