"""Saba – Palast der Königin's moment: its headline, explanation and rules topic."""

from __future__ import annotations

from typing import Any

from shared.games.saba_palast.data import HAND_LIMIT, HAND_LIMIT_PROFI, STOCK_LIMIT
from shared.talk import Moment, say, say_n, seat
from shared.talk.saba_palast.terms import QUARTER_PLACES, TOPICS


def headline_over(view: dict[str, Any], outcome: dict[str, Any] | None) -> tuple:
    """The headline, explanation and topic once the game is over."""
    outcome = outcome or view.get("outcome") or {}
    scores = outcome.get("scores") or view["points"]
    winners = outcome.get("winners") or []
    best = max(scores) if scores else 0
    headline = say_n(
        "saba-palast.talk",
        "Game over: {names} wins with {points} points",
        "Game over: {names} win with {points} points",
        len(winners),
        names=[seat(w) for w in winners],
        points=best,
    )
    if (outcome.get("end") or view.get("end")) == "end_card":
        explain = say("saba-palast.talk", "The end card was fulfilled: the game ended at once.")
    else:
        explain = say("saba-palast.talk", "Every palace card was built or gone.")
    return headline, explain, "end"


def headline_now(view: dict[str, Any], moment: Moment) -> tuple:
    """The headline, explanation and topic of a running game's moment."""
    me = moment.seat
    pending = view.get("pending")
    if pending:
        who = pending["seat"]
        where = "treasury" if pending["for"] == "treasury" else "serail"
        if who == me:
            headline = (
                say("saba-palast.talk", "A figure of yours goes into the treasury")
                if where == "treasury"
                else say("saba-palast.talk", "A figure of yours goes into the serail")
            )
            explain = say(
                "saba-palast.talk",
                "Your supply is empty: choose the quarter it leaves ({quarters}).",
                quarters=[QUARTER_PLACES[q] for q in pending["quarters"]],
            )
        else:
            headline = say(
                "saba-palast.talk", "{name} chooses a quarter for a figure", name=seat(who)
            )
            explain = (
                say(
                    "saba-palast.talk",
                    "The figure leaves that quarter for the treasury, for good.",
                )
                if where == "treasury"
                else say("saba-palast.talk", "The figure leaves that quarter for the serail.")
            )
        return headline, explain, "choices"
    turn, phase = view["turn"], view["phase"]
    topic = TOPICS.get(phase, "turn")
    mine = me is not None and me == turn
    stock = view["stocks"][turn]
    held = sum(stock.values())
    hand = view["hand_counts"][turn]
    limit = HAND_LIMIT_PROFI if view["options"].get("profi") else HAND_LIMIT
    if phase == "harbour":
        a, b = sorted(view["harbour_fields"][turn])
        if mine:
            return (
                say("saba-palast.talk", "Step 1: take materials from the harbour"),
                say(
                    "saba-palast.talk",
                    "Your harbour cards show fields {a} and {b}: take one of them; its card"
                    " then turns over.",
                    a=a,
                    b=b,
                ),
                topic,
            )
        return (
            say("saba-palast.talk", "{name}: step 1, the harbour", name=seat(turn)),
            say(
                "saba-palast.talk",
                "{name} takes the materials of harbour field {a} or {b}.",
                name=seat(turn),
                a=a,
                b=b,
            ),
            topic,
        )
    if phase == "build":
        if mine:
            step = view["step"]
            can = any(m["type"] in ("build", "fulfil") for m in moment.legal)
            if step["built"]:
                explain = say(
                    "saba-palast.talk",
                    "You have built: you may still fulfil a treasury or end card.",
                )
            elif can:
                explain = say(
                    "saba-palast.talk",
                    "Pay a card's materials plus its building field's gold; your figure goes"
                    " onto its garden field's balcony (+1 ★).",
                )
            elif any(m["type"] in ("play_card", "use_quarter") for m in moment.legal):
                # Not "build nothing" while cards and quarters may still pay for one.
                explain = say(
                    "saba-palast.talk",
                    "You cannot pay for any card yet: your action cards and quarters may"
                    " give what is missing; or build nothing.",
                )
            else:
                explain = say(
                    "saba-palast.talk",
                    "You cannot pay for any card on the building fields: build nothing.",
                )
            return (say("saba-palast.talk", "Step 2: build a palace part"), explain, topic)
        return (
            say("saba-palast.talk", "{name}: step 2, building", name=seat(turn)),
            say(
                "saba-palast.talk",
                "{name} may build a palace part or fulfil a treasury or end card.",
                name=seat(turn),
            ),
            topic,
        )
    if phase == "quarter":
        price = sum(q.count(turn) for q in view["quarters"].values()) + 1
        if mine:
            return (
                say("saba-palast.talk", "Step 3: a figure into a city quarter?"),
                say(
                    "saba-palast.talk",
                    "It costs {gold} gold and works from your next turn on; or go on without one.",
                    gold=price,
                ),
                topic,
            )
        return (
            say("saba-palast.talk", "{name}: step 3, the quarters", name=seat(turn)),
            say(
                "saba-palast.talk",
                "{name} may put a figure into a quarter for {gold} gold.",
                name=seat(turn),
                gold=price,
            ),
            topic,
        )
    if phase == "draw":
        if mine:
            return (
                say("saba-palast.talk", "Step 4: draw an action card"),
                say(
                    "saba-palast.talk",
                    "Then end your turn; you may still play cards and use your quarters.",
                ),
                topic,
            )
        return (
            say("saba-palast.talk", "{name}: step 4, drawing", name=seat(turn)),
            say("saba-palast.talk", "{name} draws an action card.", name=seat(turn)),
            topic,
        )
    over = say(
        "saba-palast.talk",
        "{held} of {stock_limit} materials, {hand} of {hand_limit} action cards.",
        held=held,
        stock_limit=STOCK_LIMIT,
        hand=hand,
        hand_limit=limit,
    )
    if phase == "return":
        if mine:
            return (
                say("saba-palast.talk", "Over the limits: give back what is too much"),
                over,
                topic,
            )
        return (
            say("saba-palast.talk", "{name} gives back what is over the limits", name=seat(turn)),
            over,
            topic,
        )
    if mine:
        return (say("saba-palast.talk", "End your turn"), over, topic)
    return (
        say("saba-palast.talk", "{name} ends the turn", name=seat(turn)),
        over,
        topic,
    )
