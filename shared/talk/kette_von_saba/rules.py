"""The rules of Die Kette von Saba as its talk tells them: the goal and the end in a line each,
the rules by topic (the sections the talk's `topic` points at, phase by phase) and the table's
pieces and symbols by name."""

from __future__ import annotations

from typing import Any

from shared.games.kette_von_saba.bank import DRAW_PRICE
from shared.games.kette_von_saba.necklace import JOKER, PIECES
from shared.talk import Section, piece, say
from shared.talk.kette_von_saba.words import card_name, laid_name, marks

GOAL = say(
    "kette-von-saba.talk",
    "Be the richest player at the end: buy and sell the necklace's pieces at auction, then "
    "earn rewards by laying them back into the necklace.",
)
END = say(
    "kette-von-saba.talk",
    "Stage 1 ends when the deck is empty; the game ends when no card held can be laid any "
    "more (the necklace is complete). Only money counts: the most marks win.",
)
RULES: list[Section] = [
    Section(
        "cards",
        say("kette-von-saba.talk", "The cards"),
        [
            say(
                "kette-von-saba.talk",
                "Five kinds of stone (ruby, emerald, sapphire, pearl, amethyst), each as "
                "pieces of 1 to 4 stones, two of every piece, and four lion heads that "
                "stand in for a piece. Everyone starts with 20,000 marks; money is public, "
                "hands are secret.",
            ),
        ],
    ),
    Section(
        "auction",
        say("kette-von-saba.talk", "Stage 1: the auction"),
        [
            say(
                "kette-von-saba.talk",
                "In turn each player is the auctioneer and puts one card from hand up for "
                "sale (with an empty hand, or after a whole round without a card bought from "
                "the deck, the deck's top card instead).",
            ),
            say(
                "kette-von-saba.talk",
                "The others bid in turn from the auctioneer's left, in steps of 1,000 and "
                "never more than their own money, or pass; a player who passed may bid again "
                "when the turn comes round. The bidding ends when everyone else has passed "
                "after the highest bid.",
            ),
            say(
                "kette-von-saba.talk",
                "Nobody bids: the auctioneer lays the card on the necklace himself, without "
                "reward.",
            ),
        ],
    ),
    Section(
        "price",
        say("kette-von-saba.talk", "Selling or asking a higher price"),
        [
            say(
                "kette-von-saba.talk",
                "After the bidding the auctioneer sells to the highest bidder, or, once per "
                "card, asks a higher price. The others in turn may pay it (it becomes the "
                "highest bid and the bidding goes on) or decline.",
            ),
            say(
                "kette-von-saba.talk",
                "If nobody pays the price asked, there is no sale: the auctioneer gets no "
                "money and must lay the card himself, without reward.",
            ),
        ],
    ),
    Section(
        "sale",
        say("kette-von-saba.talk", "After the sale"),
        [
            say(
                "kette-von-saba.talk",
                "The buyer pays the auctioneer and either keeps the card in hand (to lay it "
                "in stage 2 or to sell it again) or lays it on the necklace at once for a "
                "double reward.",
            ),
            say(
                "kette-von-saba.talk",
                "Whatever happened, the auctioneer may then buy the deck's top card for "
                "2,000 marks paid to the bank. Stage 1 ends when the deck is empty.",
            ),
        ],
    ),
    Section(
        "placing",
        say("kette-von-saba.talk", "Where a card may go"),
        [
            say(
                "kette-von-saba.talk",
                "Each column holds one kind of stone; going down a column each card has one "
                "stone more than the one above; the left and right halves mirror each other. "
                "Only the centre column holds a piece once.",
            ),
            say(
                "kette-von-saba.talk",
                "A lion head may go only where the piece is already certain; it stands for "
                "that piece. A card that fits nowhere is a forgery: it is set aside and is "
                "worth nothing.",
            ),
        ],
    ),
    Section(
        "reward",
        say("kette-von-saba.talk", "Rewards"),
        [
            say(
                "kette-von-saba.talk",
                "Laying a card pays, in each of the six directions, the length of the unbroken "
                "line of cards touching it plus one (the new card counts), all in thousands; "
                "a card touching none pays 1,000. Laid by its buyer right after the sale it "
                "pays double; laid by the auctioneer after a failed sale it pays nothing.",
            ),
        ],
    ),
    Section(
        "reconstruction",
        say("kette-von-saba.talk", "Stage 2: the reconstruction"),
        [
            say(
                "kette-von-saba.talk",
                "The richest player begins. In turn each player lays one card from hand on "
                "the necklace and takes its reward, or sets one forgery aside instead (a way "
                "to wait). Players without a card that can be played are skipped.",
            ),
        ],
    ),
    Section(
        "end",
        say("kette-von-saba.talk", "The end"),
        [
            say(
                "kette-von-saba.talk",
                "The game ends when no player can lay or set aside a card; lion heads left "
                "when the necklace is full are forgeries. The richest player wins; tied "
                "players share the win.",
            ),
        ],
    ),
]

# The rules section that matters in each phase.
TOPICS: dict[str, str] = {
    "offer": "auction",
    "bidding": "auction",
    "reserve": "price",
    "reserve_offer": "price",
    "buyer": "sale",
    "lay": "sale",
    "draw": "sale",
    "reconstruction": "reconstruction",
    "over": "end",
}


def table_pieces() -> dict[str, dict[str, Any]]:
    """Every card by name (what a card is, the entry "card" says once), a lion head laid for
    each piece by the piece it stands for, and the table's other symbols."""
    pieces: dict[str, dict[str, Any]] = {
        "card": piece(
            say("kette-von-saba.talk", "a card"),
            say(
                "kette-von-saba.talk",
                "A piece of the necklace. Each column holds one kind of stone, one stone more"
                " going down, the halves mirrored: a card goes only where it fits that. Laid, it"
                " pays a reward.",
            ),
        ),
        "lion": piece(
            card_name(JOKER),
            say(
                "kette-von-saba.talk",
                "A lion head stands in for a piece: it may go only where the piece is already"
                " certain, and pays like it. Left over when the necklace is full, it is a"
                " forgery.",
            ),
        ),
    }
    for card in PIECES:
        pieces[f"card:{card}"] = piece(card_name(card))
        pieces[f"lion:{card}"] = piece(laid_name(JOKER, card))
    pieces["ghost"] = piece(
        say("kette-von-saba.talk", "a faint piece"),
        say("kette-von-saba.talk", "Only this piece can still go on this space."),
    )
    pieces["could"] = piece(
        say("kette-von-saba.talk", "a dotted space"),
        say("kette-von-saba.talk", "The card on sale could go here."),
    )
    pieces["forgeries"] = piece(
        say("kette-von-saba.talk", "Forgeries"),
        say(
            "kette-von-saba.talk",
            "cards that fit nowhere on the necklace: set aside, worth nothing",
        ),
    )
    pieces["deck"] = piece(
        say("kette-von-saba.talk", "Deck"),
        say(
            "kette-von-saba.talk",
            "Stage 1 ends when it is empty. After each sale the auctioneer may buy its top card"
            " for {amount}.",
            amount=marks(DRAW_PRICE),
        ),
    )
    return pieces
