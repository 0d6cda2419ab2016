"""Die Kette von Saba's lesson: a three-player game against Mira and Jonas from seed 3, the
learner the first auctioneer. The first auctions are taught move by move (a card put up for
sale and sold, the deck's top card bought, a bid won and the card laid at once for a double
reward, two passes); a fast-forward plays on to the reconstruction, where the learner lays a
card; a second one plays on until the learner holds two cards, which the learner lays; the end
explains the money on the learner's own result.
"""

from __future__ import annotations

from typing import Any

from shared.engine import State
from shared.lessons import FastForward, Lesson, Scripted, Step
from shared.talk import Line, say, seat
from shared.talk.kette_von_saba.words import card_name, marks

LEARNER, MIRA, JONAS = 0, 1, 2


def bid(amount: int) -> dict[str, Any]:
    return {"type": "bid", "amount": amount}


def place(row: int, col: int, card: str | None = None) -> dict[str, Any]:
    """Laying a card on the space [row, col]: the card just bought (stage 1), or `card` from
    the hand (stage 2)."""
    if card is None:
        return {"type": "place", "space": [row, col]}
    return {"type": "place", "card": card, "space": [row, col]}


PASS = {"type": "pass"}
SELL = {"type": "sell"}


def by(who: int, move: dict[str, Any], *words: Line) -> Scripted:
    return Scripted(who, [move], list(words))


def reconstruction(state: State) -> bool:
    """The condition: stage 2 has begun and the learner is to lay."""
    return state["stage"] == 2 and state["turn"] == LEARNER


def last_cards(state: State) -> bool:
    """The condition: the learner is to lay with two cards left in hand."""
    return state["turn"] == LEARNER and len(state["hands"][LEARNER]) <= 2


def result(outcome: dict[str, Any], view: dict[str, Any], learner: int) -> list[Line]:
    """The money on the learner's own result: every player's, and who won."""
    lines: list[Line] = [
        say(
            "kette-von-saba.lesson",
            "Money is the score: what you were paid for cards sold, and the rewards for cards"
            " laid, less what you paid.",
        )
    ]
    for who in range(view["players"]):
        if who == learner:
            lines.append(
                say(
                    "kette-von-saba.lesson",
                    "You end with {money}.",
                    money=marks(outcome["scores"][who]),
                )
            )
        else:
            lines.append(
                say(
                    "kette-von-saba.lesson",
                    "{name} ends with {money}.",
                    name=seat(who),
                    money=marks(outcome["scores"][who]),
                )
            )
    if outcome["winners"] == [learner]:
        lines.append(say("kette-von-saba.lesson", "You win: you are the richest."))
    elif learner in outcome["winners"]:
        lines.append(say("kette-von-saba.lesson", "A tie for the most money: you share the win."))
    else:
        lines.append(
            say(
                "kette-von-saba.lesson",
                "{name} is the richest and wins.",
                name=seat(outcome["winners"][0]),
            )
        )
    return lines


LESSON = Lesson(
    game="kette-von-saba",
    seed=3,
    players=3,
    options={},
    learner=LEARNER,
    names=[None, "Mira", "Jonas"],
    result=result,
    script=[
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Rebuild the Queen of Sheba's necklace: buy stone cards at auction and lay"
                    " them on the necklace for rewards. The richest player at the end wins.",
                ),
                say(
                    "kette-von-saba.lesson",
                    "You are the first auctioneer: put a card from your hand up for sale, the"
                    " glowing one ({card}).",
                    card=card_name("amethyst-1"),
                ),
            ],
            accept=[{"type": "offer", "card": "amethyst-1"}],
            why_not=say(
                "kette-von-saba.lesson",
                "For this lesson, offer the glowing card ({card}).",
                card=card_name("amethyst-1"),
            ),
        ),
        by(
            MIRA,
            bid(1_000),
            say(
                "kette-von-saba.lesson",
                "The others bid in turn from your left, in steps of {step}, or pass. Mira bids.",
                step=marks(1_000),
            ),
        ),
        by(JONAS, bid(2_000), say("kette-von-saba.lesson", "Jonas bids more.")),
        by(MIRA, PASS, say("kette-von-saba.lesson", "Mira passes.")),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Everyone else has passed. Sell to the highest bidder, who pays you, or ask a"
                    " higher price once. Sell it to Jonas.",
                ),
            ],
            accept=[SELL],
            why_not=say("kette-von-saba.lesson", "Sell the card to Jonas."),
        ),
        by(
            JONAS,
            place(-1, 0),
            say(
                "kette-von-saba.lesson",
                "Jonas lays the card on the necklace at once: laid by its buyer right after the"
                " sale, a card pays a double reward.",
            ),
        ),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Your turn ends with a choice: buy the deck's top card for {price}, or not."
                    " Buy it: more cards, more to lay later.",
                    price=marks(2_000),
                ),
            ],
            accept=[{"type": "draw"}],
            why_not=say("kette-von-saba.lesson", "Buy the deck's top card."),
        ),
        by(
            MIRA,
            {"type": "offer", "card": "amethyst-2"},
            say(
                "kette-von-saba.lesson",
                "Now Mira is the auctioneer. She offers {card}.",
                card=card_name("amethyst-2"),
            ),
        ),
        by(JONAS, PASS, say("kette-von-saba.lesson", "Jonas passes.")),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "That card fits under the amethyst Jonas laid. Bid {price}.",
                    price=marks(1_000),
                ),
            ],
            accept=[bid(1_000)],
            why_not=say("kette-von-saba.lesson", "Bid {price}.", price=marks(1_000)),
        ),
        by(JONAS, PASS, say("kette-von-saba.lesson", "Jonas passes.")),
        by(MIRA, SELL, say("kette-von-saba.lesson", "Mira sells it to you.")),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Each column holds one kind of stone; going down, each card has one stone more"
                    " than the one above.",
                ),
                say(
                    "kette-von-saba.lesson",
                    "Lay your card at once, under the amethyst with one stone: a double reward,"
                    " and every line of cards it touches pays.",
                ),
            ],
            accept=[place(-1, 1)],
            why_not=say(
                "kette-von-saba.lesson",
                "Lay the card on the glowing space, under the amethyst with one stone.",
            ),
        ),
        by(MIRA, {"type": "end_turn"}, say("kette-von-saba.lesson", "Mira buys no card.")),
        by(
            JONAS,
            {"type": "offer", "card": "perle-2"},
            say(
                "kette-von-saba.lesson",
                "Jonas is the auctioneer. He offers {card}.",
                card=card_name("perle-2"),
            ),
        ),
        Step(
            words=[say("kette-von-saba.lesson", "You need no pearls now: pass.")],
            accept=[PASS],
            why_not=say("kette-von-saba.lesson", "Pass this time."),
        ),
        by(MIRA, bid(1_000), say("kette-von-saba.lesson", "Mira bids.")),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "A pass is not for good: after a new bid you are asked again. Pass once more.",
                ),
            ],
            accept=[PASS],
            why_not=say("kette-von-saba.lesson", "Pass again."),
        ),
        by(JONAS, SELL, say("kette-von-saba.lesson", "Jonas sells it to Mira.")),
        by(
            MIRA,
            {"type": "keep"},
            say(
                "kette-von-saba.lesson",
                "Mira keeps the card in hand, to lay it later or to sell it again.",
            ),
        ),
        FastForward(
            "the reconstruction",
            reconstruction,
            [
                say(
                    "kette-von-saba.lesson",
                    "Round after round the cards are auctioned, until the deck is gone. Then"
                    " stage 2 begins: the reconstruction.",
                )
            ],
        ),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Stage 2: in turn each player lays one card from hand and takes its reward,"
                    " or sets a card aside as a forgery to wait.",
                ),
                say(
                    "kette-von-saba.lesson",
                    "Lay your amethyst with three stones under those with one and two: the longer"
                    " the lines it touches, the more it pays.",
                ),
            ],
            accept=[place(-1, 2, "amethyst-3")],
            why_not=say(
                "kette-von-saba.lesson",
                "Lay the amethyst with three stones on the glowing space.",
            ),
        ),
        FastForward(
            "the last cards",
            last_cards,
            [
                say(
                    "kette-von-saba.lesson",
                    "Many cards later: the necklace is nearly whole, and you hold two cards.",
                )
            ],
        ),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Two cards left. Lay {card} first.",
                    card=card_name("saphir-2"),
                )
            ],
            accept=[place(2, 0, "saphir-2")],
            why_not=say(
                "kette-von-saba.lesson",
                "Lay {card} first.",
                card=card_name("saphir-2"),
            ),
        ),
        by(
            MIRA,
            {"type": "discard", "card": "rubin-3"},
            say("kette-von-saba.lesson", "Mira sets a card aside as a forgery."),
        ),
        by(JONAS, place(3, 2, "perle-4")),
        Step(
            words=[
                say(
                    "kette-von-saba.lesson",
                    "Your last card. When nobody can lay or set aside a card, the game ends.",
                )
            ],
            accept=[place(1, 1, "amethyst-2")],
            why_not=say("kette-von-saba.lesson", "Lay your last card, the amethyst."),
        ),
        by(MIRA, place(3, 0, "perle-2")),
        by(JONAS, place(2, 2, "saphir-4")),
        by(MIRA, place(1, 2, "amethyst-3")),
    ],
)
