"""Das Kollier's results: which tie-break decided an equal necklace, and where each seat's
points came from (the necklace's gems and kinds; beside them the tie-breaks)."""

from __future__ import annotations

from typing import Any

from shared.games.das_kollier.gems import KINDS, VALUE
from shared.talk import Line, say, seat
from shared.talk.das_kollier.terms import gem_count, gem_name, money
from shared.talk.scores import Row, part_rows, row


def result_lines(outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
    """Which of the rules' tie-breaks decided an equal necklace (the engine names it)."""
    decided = outcome.get("decided_by")
    if decided == "gems":
        return [say("das-kollier.talk", "Tie on the necklace: fewer gems in it wins.")]
    winners = outcome.get("winners") or []
    values = outcome.get("best_outside" if decided == "outside" else "money")
    if decided not in ("outside", "money") or not winners or not isinstance(values, list):
        return []
    lead = winners[0]
    if decided == "outside":
        return [
            say(
                "das-kollier.talk",
                "Tie on the necklace: the best gem outside it wins ({name}: {value}).",
                name=seat(lead),
                value=money(values[lead]),
            )
        ]
    return [
        say(
            "das-kollier.talk",
            "Tie on the necklace and the gems: the most money wins ({name}: {value}).",
            name=seat(lead),
            value=money(values[lead]),
        )
    ]


def score_rows(outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
    """Where the necklace's value came from: its gems' base values, and the same again for
    every kind beyond the first (the value is the sum times the kinds); beside it, the gems
    left outside and the money, which break a tie."""
    labels = {
        "gems": say("das-kollier.talk", "Gems in the necklace"),
        "kinds": say("das-kollier.talk", "Times the kinds"),
    }

    def cell(part: dict[str, Any]) -> Line:
        if part["id"] == "gems":
            return say(
                "das-kollier.talk",
                "{value} ({gems})",
                value=money(part["points"]),
                gems=gem_count(part["count"]),
            )
        return say(
            "das-kollier.talk",
            "+{value} (×{n})",
            value=money(part["points"]),
            n=part["count"],
        )

    n = len(outcome["scores"])
    # The tie-breaks: the best gem left outside (the engine gives its base value), then money.
    outside = outcome.get("best_outside") or []
    by_value = {VALUE[gem]: gem for gem in KINDS}
    best = [
        gem_name(by_value[value]) if value in by_value else None
        for value in (outside if len(outside) == n else [0] * n)
    ]
    wealth = outcome.get("money") or []
    return [
        *part_rows(outcome, labels.__getitem__, cell),
        row(say("das-kollier.talk", "Necklace"), [money(v) for v in outcome["scores"]], "total"),
        row(say("das-kollier.talk", "Best gem outside (breaks a tie)"), best, "aside"),
        row(
            say("das-kollier.talk", "Money (breaks a tie)"),
            [money(a) for a in wealth] if len(wealth) == n else [None] * n,
            "aside",
        ),
    ]
