"""Saba – Palast der Königin's facts: what a player weighs, as label and value lines."""

from __future__ import annotations

from typing import Any

from shared.games.saba_palast.data import MATERIALS, QUARTERS, SURCHARGES
from shared.talk import Line, Moment, fact, say, say_n, seat
from shared.talk.saba_palast.terms import (
    MATERIAL_LOOKS,
    QUARTER_DOES,
    QUARTER_PLACES,
    TURNS_TO,
    cost,
)


def facts_of(view: dict[str, Any], moment: Moment) -> list[dict[str, Any]]:
    """What a player weighs. The facts that never change are made once (`FIXED_FACTS`,
    `QUARTER_FACTS`): they are computed per seat and move on the server."""
    me = moment.seat
    # The harbour: which fields the seat (or the player to act) may take, and why.
    who = me if me is not None else view["turn"]
    a, b = sorted(view["harbour_fields"][who])
    c, d = HARBOUR_BACKS[a, b]
    facts = [
        fact(
            HARBOUR_LABEL
            if me is not None
            else say("saba-palast.talk", "Harbour fields of {name}", name=seat(who)),
            say(
                "saba-palast.talk",
                "{a} and {b}: the harbour cards show them ({c} and {d} are on their backs and"
                " come up when a card is used).",
                a=a,
                b=b,
                c=c,
                d=d,
            ),
        ),
        # ★: what scores, and everyone's points now.
        fact(
            POINTS_LABEL,
            say(
                "saba-palast.talk",
                "1 per figure on a balcony, in the treasury or on the serail: {points}",
                points=_points(view),
            )
            if view["options"].get("profi")
            else say(
                "saba-palast.talk",
                "1 per figure on a balcony or in the treasury: {points}",
                points=_points(view),
            ),
        ),
    ]
    if me is not None:
        stock = view["stocks"][me]
        facts.append(
            fact(
                STOCK_LABEL,
                say(
                    "saba-palast.talk",
                    "{stock} — {n} of at most 7 at the end of your turn",
                    stock=cost(stock),
                    n=sum(stock.values()),
                ),
            )
        )
    facts += FIXED_FACTS
    vizier, quarters = view["vizier"], view["quarters"]
    for q in QUARTERS:
        figures = quarters[q]
        if q == vizier:
            value = say(
                "saba-palast.talk", "{does} — blocked by the vizier now", does=QUARTER_DOES[q]
            )
        elif figures:
            value = say(
                "saba-palast.talk",
                "{does} — figures of {names}",
                does=QUARTER_DOES[q],
                names=[seat(s) for s in dict.fromkeys(figures)],
            )
        else:
            facts.append(QUARTER_FACTS[q])
            continue
        facts.append(fact(QUARTER_PLACES[q], value))
    leader = view.get("serail_leader")
    facts.append(
        fact(
            SERAIL_LABEL,
            say(
                "saba-palast.talk",
                "breaks every tie; {name} leads it ({n} of {spaces} spaces taken)",
                name=seat(leader),
                n=len(view["serail"]),
                spaces=view["serail_spaces"],
            )
            if leader is not None
            else SERAIL_EMPTY,
        )
    )
    left = view["deck_count"]
    facts.append(
        fact(
            DECK_LABEL,
            say_n(
                "saba-palast.talk",
                "{n} card left; the end card is one of the last four",
                "{n} cards left; the end card is one of the last four",
                left,
            )
            if left and "end" not in view["display"]
            else say_n("saba-palast.talk", "{n} card left", "{n} cards left", left),
        )
    )
    return facts


def _points(view: dict[str, Any]) -> list[Line]:
    return [
        say("saba-palast.talk", "{name} {n}", name=seat(s), n=p)
        for s, p in enumerate(view["points"])
    ]


# The facts' labels, and the facts that never change.
HARBOUR_LABEL = say("saba-palast.talk", "Harbour fields")
POINTS_LABEL = say("saba-palast.talk", "★ points")
STOCK_LABEL = say("saba-palast.talk", "Your materials")
SERAIL_LABEL = say("saba-palast.talk", "Serail")
DECK_LABEL = say("saba-palast.talk", "Palace deck")
SERAIL_EMPTY = say(
    "saba-palast.talk",
    "breaks every tie: more markers, then the marker nearest space 1; still empty",
)
FIXED_FACTS = [
    fact(say("saba-palast.talk", "Materials"), [MATERIAL_LOOKS[m] for m in MATERIALS]),
    fact(
        say("saba-palast.talk", "Building fields"),
        say(
            "saba-palast.talk",
            "the card's materials; field 2 costs {one} gold more, field 3 {two} gold more",
            one=SURCHARGES[1],
            two=SURCHARGES[2],
        ),
    ),
]
QUARTER_FACTS = {q: fact(QUARTER_PLACES[q], QUARTER_DOES[q]) for q in QUARTERS}
# The two harbour fields on the backs of the cards showing a pair of fields.
HARBOUR_BACKS = {
    (a, b): tuple(sorted(TURNS_TO[f] for f in (a, b)))
    for a in range(1, 5)
    for b in range(a + 1, 5)
    if a in TURNS_TO and b in TURNS_TO
}
