"""What the results of Die Kette von Saba add to the scores: the forgeries and the bank's
dealings, and the table of where each seat's money came from and went."""

from __future__ import annotations

from typing import Any

from shared.talk import Line, say, say_n
from shared.talk.kette_von_saba.words import marks
from shared.talk.scores import Row, part_rows, row


def result_lines(outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
    """The forgeries set aside and the bank's dealings of the whole game."""
    return [
        say("kette-von-saba.talk", "Forgeries set aside: {n}", n=len(view["forgeries"])),
        say(
            "kette-von-saba.talk",
            "The bank paid {paid} in rewards and took {fees} for cards from the deck.",
            paid=view["rewards_paid"],
            fees=view["fees_paid"],
        ),
    ]


def score_rows(outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
    """Where each seat's money came from and went: the starting money, cards sold, rewards
    for cards laid at once by their buyer (double) and in the reconstruction, cards bought
    at auction and from the deck; they add up to the money that decides the game."""
    labels = {
        "start": say("kette-von-saba.talk", "Starting money"),
        "sales": say("kette-von-saba.talk", "Cards sold"),
        "double_rewards": say("kette-von-saba.talk", "Rewards, laid at once (double)"),
        "rewards": say("kette-von-saba.talk", "Rewards, reconstruction"),
        "purchases": say("kette-von-saba.talk", "Cards bought"),
        "deck": say("kette-von-saba.talk", "Cards from the deck"),
    }

    def cell(part: dict[str, Any]) -> Line:
        # A bare amount beside its cards (the total says the marks), so cells stay narrow.
        amount = part["points"]
        if part["id"] == "start":
            return marks(amount)
        if amount < 0:
            return say_n(
                "kette-von-saba.talk",
                "−{amount} ({n} card)",
                "−{amount} ({n} cards)",
                part["count"],
                amount=-amount,
            )
        return say_n(
            "kette-von-saba.talk",
            "+{amount} ({n} card)",
            "+{amount} ({n} cards)",
            part["count"],
            amount=amount,
        )

    return [
        *part_rows(outcome, labels.__getitem__, cell),
        row(
            say("kette-von-saba.talk", "Money"),
            [marks(cash) for cash in outcome["scores"]],
            "total",
        ),
    ]
