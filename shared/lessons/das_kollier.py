"""Das Kollier's lesson: a three-player game against Mira and Jonas from seed 5, the learner
the first auctioneer. The first three rounds are taught move by move (an open auction run and
knocked down, a bid and a pass in someone else's, a falling auction declined, taken and paid in
cash); a fast-forward plays on to round 7, where gems may pay; the learner pays with gems and
sells to the bank; a second fast-forward plays on to the last lot, which the learner plays, and
the end explains the necklaces on the learner's own result.
"""

from __future__ import annotations

from typing import Any

from shared.engine import State
from shared.lessons import FastForward, Lesson, Scripted, Step
from shared.talk import Line, say, seat
from shared.talk.das_kollier.terms import GEM_NAMES, money

LEARNER, MIRA, JONAS = 0, 1, 2


def bid(amount: int) -> dict[str, Any]:
    return {"type": "bid", "amount": amount}


def cash(amount: int) -> dict[str, Any]:
    """Paying `amount` in cash alone."""
    return {"type": "pay", "cash": amount, "gems": [], "necklaces": []}


PASS = {"type": "pass"}
KNOCK_DOWN = {"type": "knock_down"}
FALLING = {"type": "falling_auction"}
DECLINE = {"type": "decline"}
ACCEPT = {"type": "accept"}


def by(who: int, move: dict[str, Any], *words: Line) -> Scripted:
    return Scripted(who, [move], list(words))


def round_reached(number: int) -> Any:
    """The condition: round `number` has begun (its lot is on the table)."""

    def reached(state: State) -> bool:
        return state["round"] >= number and state["phase"] == "choose"

    return reached


def last_lot(state: State) -> bool:
    """The condition: the second deck's last lot is on the table."""
    return state["deck_number"] == 2 and not state["deck"] and state["phase"] == "choose"


def result(outcome: dict[str, Any], view: dict[str, Any], learner: int) -> list[Line]:
    """The necklaces on the learner's own result: each player's best necklace and its value,
    and who won."""
    lines: list[Line] = []
    for who in range(view["players"]):
        necklace = outcome["necklaces"][who]
        points = money(outcome["scores"][who])
        kinds = len(set(necklace))
        if who == learner:
            lines.append(
                say(
                    "das-kollier.lesson",
                    "Your best necklace has {gems} gems of {kinds} kinds: their base values add"
                    " up to {sum}, times {kinds} kinds makes {value}.",
                    gems=len(necklace),
                    kinds=kinds,
                    sum=money(outcome["scores"][who] // max(1, kinds)),
                    value=points,
                )
            )
        else:
            lines.append(
                say(
                    "das-kollier.lesson",
                    "{name}'s best necklace: {gems} gems of {kinds} kinds, {value}.",
                    name=seat(who),
                    gems=len(necklace),
                    kinds=kinds,
                    value=points,
                )
            )
    if outcome["winners"] == [learner]:
        lines.append(say("das-kollier.lesson", "You win: your necklace is the most valuable."))
    elif learner in outcome["winners"]:
        lines.append(say("das-kollier.lesson", "A tie for first place: you share the win."))
    else:
        lines.append(
            say(
                "das-kollier.lesson",
                "{name} wins with the most valuable necklace. More kinds multiply: a cheap"
                " pair of a new kind may be worth more than a dear gem.",
                name=seat(outcome["winners"][0]),
            )
        )
    return lines


LESSON = Lesson(
    game="das-kollier",
    seed=5,
    players=3,
    options={"first_seat": LEARNER},
    learner=LEARNER,
    names=[None, "Mira", "Jonas"],
    result=result,
    script=[
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Buy gems at auction and string the most valuable necklace: a centre gem"
                    " dearer than the rest and pairs of cheaper gems; the more kinds, the more"
                    " it is worth.",
                ),
                say(
                    "das-kollier.lesson",
                    "You run the first auction. The lot is worth {price} (the gems' base values)."
                    " Open the bidding at that price: an open auction at {price}.",
                    price=money(10_000),
                ),
            ],
            accept=[{"type": "open_auction", "start_price": 10_000}],
            why_not=say(
                "das-kollier.lesson",
                "For this lesson, choose the open auction at {price}, the lowest start.",
                price=money(10_000),
            ),
        ),
        by(
            MIRA,
            bid(10_000),
            say("das-kollier.lesson", "In an open auction the others bid: Mira bids."),
        ),
        by(JONAS, bid(11_000), say("das-kollier.lesson", "Jonas bids more.")),
        by(MIRA, PASS, say("das-kollier.lesson", "Mira passes.")),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Everyone but the highest bidder has passed: now you knock the lot down."
                    " The buyer pays, and you earn half the cash as your commission.",
                ),
            ],
            accept=[KNOCK_DOWN],
            why_not=say("das-kollier.lesson", "Knock the lot down to Jonas."),
        ),
        by(
            JONAS,
            cash(11_000),
            say(
                "das-kollier.lesson",
                "Jonas pays {price}; {share} of it is yours. The buyer runs the next auction.",
                price=money(11_000),
                share=money(6_000),
            ),
        ),
        by(JONAS, {"type": "open_auction", "start_price": 8_000}),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Jonas opens the bidding at {price}. Bid {price}: in thousands, at any time.",
                    price=money(8_000),
                ),
            ],
            accept=[bid(8_000)],
            why_not=say("das-kollier.lesson", "Bid {price}, the start price.", price=money(8_000)),
        ),
        by(MIRA, bid(9_000), say("das-kollier.lesson", "Mira bids {price}.", price=money(9_000))),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Keep your money for better lots: pass. You are out until someone bids again.",
                ),
            ],
            accept=[PASS],
            why_not=say("das-kollier.lesson", "Pass this time."),
        ),
        by(JONAS, KNOCK_DOWN, say("das-kollier.lesson", "Jonas knocks it down to Mira.")),
        by(MIRA, cash(9_000)),
        by(
            MIRA,
            FALLING,
            say(
                "das-kollier.lesson",
                "Mira chooses a falling auction: the lot is offered to each player in turn.",
            ),
        ),
        by(
            JONAS,
            DECLINE,
            say("das-kollier.lesson", "Jonas declines at {price}.", price=money(8_000)),
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "A falling auction: the lot is offered at its base value to each player in"
                    " turn; when all decline, the price drops by {step}. Decline at {price}.",
                    step=money(1_000),
                    price=money(8_000),
                ),
            ],
            accept=[DECLINE],
            why_not=say("das-kollier.lesson", "Decline: the price will fall."),
        ),
        by(
            JONAS,
            DECLINE,
            say(
                "das-kollier.lesson",
                "The price fell to {price}. Jonas declines again.",
                price=money(7_000),
            ),
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "{price} now, before someone else takes it: accept.",
                    price=money(7_000),
                )
            ],
            accept=[ACCEPT],
            why_not=say("das-kollier.lesson", "Accept the lot at {price}.", price=money(7_000)),
        ),
        by(
            MIRA,
            {"type": "waive"},
            say(
                "das-kollier.lesson",
                "Bought below its base value: the auctioneer may take it at that price"
                " instead. Mira lets you have it.",
            ),
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Pay {price}. In rounds 1–6, and always in a falling auction, you pay in cash.",
                    price=money(7_000),
                ),
            ],
            accept=[cash(7_000)],
            why_not=say("das-kollier.lesson", "Pay the {price} in cash.", price=money(7_000)),
        ),
        FastForward(
            "round 7",
            round_reached(7),
            [
                say(
                    "das-kollier.lesson",
                    "Some rounds later: everyone buys, sells and runs auctions in turn. From"
                    " round 7 gems may pay too.",
                )
            ],
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Round 7, and you run the auction. Open the bidding at {price}.",
                    price=money(6_000),
                ),
            ],
            accept=[{"type": "open_auction", "start_price": 6_000}],
            why_not=say(
                "das-kollier.lesson", "Choose the open auction at {price}.", price=money(6_000)
            ),
        ),
        by(MIRA, PASS, say("das-kollier.lesson", "Mira passes.")),
        by(JONAS, PASS, say("das-kollier.lesson", "Jonas passes.")),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Nobody bid: knocked down, the lot is yours at your own start price.",
                ),
            ],
            accept=[KNOCK_DOWN],
            why_not=say("das-kollier.lesson", "Knock the lot down: nobody bid."),
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "From round 7 an open auction may be paid with gems at their base value, and"
                    " with whole necklaces. Pay with your {gem} ({value}) and {price} in cash.",
                    gem=GEM_NAMES["amethyst"],
                    value=money(4_000),
                    price=money(2_000),
                ),
            ],
            accept=[{"type": "pay", "cash": 2_000, "gems": ["amethyst"], "necklaces": []}],
            why_not=say(
                "das-kollier.lesson",
                "Pay with the {gem} and {price} in cash.",
                gem=GEM_NAMES["amethyst"],
                price=money(2_000),
            ),
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Once a game, at any moment, you may sell gems or a necklace to the bank"
                    " (for at most {cap}) and lay down a {marker} marker that counts as money at"
                    " the end. Sell a spare {gem} now.",
                    cap=money(10_000),
                    marker=money(1_000),
                    gem=GEM_NAMES["achat"],
                ),
            ],
            accept=[{"type": "sell", "gems": ["achat"]}],
            why_not=say(
                "das-kollier.lesson", "Sell one {gem} to the bank.", gem=GEM_NAMES["achat"]
            ),
        ),
        FastForward(
            "the last lot",
            last_lot,
            [
                say(
                    "das-kollier.lesson",
                    "Many lots later: the first deck ran out, the second deck is nearly gone.",
                )
            ],
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "The last lot, and you run it: when it is sold the game ends. Open the"
                    " bidding at {price}.",
                    price=money(4_000),
                ),
            ],
            accept=[{"type": "open_auction", "start_price": 4_000}],
            why_not=say(
                "das-kollier.lesson", "Choose the open auction at {price}.", price=money(4_000)
            ),
        ),
        by(MIRA, PASS, say("das-kollier.lesson", "Mira passes.")),
        by(JONAS, PASS, say("das-kollier.lesson", "Jonas passes.")),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Nobody bid: knock it down, and the {gem} is yours.",
                    gem=GEM_NAMES["amethyst"],
                )
            ],
            accept=[KNOCK_DOWN],
            why_not=say("das-kollier.lesson", "Knock the lot down."),
        ),
        Step(
            words=[
                say(
                    "das-kollier.lesson",
                    "Your cash is gone, so pay with a gem: one your best necklace does not use —"
                    " the {a}, the {b} or the {c} (no change is given).",
                    a=GEM_NAMES["topas"],
                    b=GEM_NAMES["smaragd"],
                    c=GEM_NAMES["granat"],
                ),
            ],
            accept=[
                {"type": "pay", "cash": 0, "gems": [gem], "necklaces": []}
                for gem in ("topas", "smaragd", "granat")
            ],
            why_not=say(
                "das-kollier.lesson",
                "That gem is in your best necklace: pay with the {a}, the {b} or the {c}.",
                a=GEM_NAMES["topas"],
                b=GEM_NAMES["smaragd"],
                c=GEM_NAMES["granat"],
            ),
        ),
    ],
)
