"""Saba – Palast der Königin's game log (a sentence per event) and what the results add."""

from __future__ import annotations

from typing import Any

from shared.talk import Line, say, say_n, seat
from shared.talk.saba_palast.terms import (
    MATERIAL_NAMES,
    QUARTER_PLACES,
    card_name,
    card_object,
    card_start,
    cost,
)
from shared.talk.scores import Row, number, part_rows, row


def event_line(event: dict[str, Any], view: dict[str, Any]) -> Line | None:
    """The game log's sentence for one event as the seat sees it (None: it says nothing).

    Only the event is read: its hidden part (the card a seat draws or discards) is in it
    only for the seats that may see it. `taken_back` the clients say themselves."""
    kind = event.get("type")
    who = seat(event["seat"]) if event.get("seat") is not None else None
    if kind == "turn_started":
        return say("saba-palast.log", "{name}'s turn.", name=who)
    if kind == "harbour_taken":
        return say(
            "saba-palast.log",
            "{name} takes {count} {material} from harbour field {field}.",
            name=who,
            count=event["count"],
            material=MATERIAL_NAMES[event["material"]],
            field=event["field"],
        )
    if kind == "card_drawn":
        if "card" in event:
            return say(
                "saba-palast.log",
                "{name} draws an action card: {material}.",
                name=who,
                material=MATERIAL_NAMES[event["card"]],
            )
        return say("saba-palast.log", "{name} draws an action card.", name=who)
    if kind == "card_discarded":
        if "card" in event:
            return say(
                "saba-palast.log",
                "{name} discards an action card: {material}.",
                name=who,
                material=MATERIAL_NAMES[event["card"]],
            )
        return say("saba-palast.log", "{name} discards an action card.", name=who)
    if kind == "card_played":
        if event.get("count"):
            return say(
                "saba-palast.log",
                "{name} plays an action card and takes 1 {material}.",
                name=who,
                material=MATERIAL_NAMES[event["card"]],
            )
        return say(
            "saba-palast.log",
            "{name} plays an action card, but no {material} is left in the supply.",
            name=who,
            material=MATERIAL_NAMES[event["card"]],
        )
    if kind == "vizier_moved":
        return say(
            "saba-palast.log",
            "{name} sends the vizier to the {quarter}.",
            name=who,
            quarter=QUARTER_PLACES[event["to"]],
        )
    if kind == "quarter_action":
        return quarter_line(event, who)
    if kind == "built":
        return say(
            "saba-palast.log",
            "{name} builds {card}, paying {cost}.",
            name=who,
            card=card_object(event["card"]),
            cost=cost(event["cost"]),
        )
    if kind == "fulfilled":
        return say(
            "saba-palast.log",
            "{name} fulfils {card}, paying {cost}.",
            name=who,
            card=card_object(event["card"]),
            cost=cost(event["cost"]),
        )
    if kind == "balcony":
        if who is not None:
            return say(
                "saba-palast.log",
                "{name} steps onto the balcony of garden field {field}.",
                name=who,
                field=event["field"],
            )
        return say(
            "saba-palast.log",
            "No figure goes up to the balcony of garden field {field}.",
            field=event["field"],
        )
    if kind == "figure_returned":
        return say(
            "saba-palast.log",
            "{name}'s figure comes back from the balcony of garden field {field}.",
            name=who,
            field=event["field"],
        )
    if kind == "serail_marker":
        return say(
            "saba-palast.log",
            "{name} lays a marker on the first space of the serail.",
            name=who,
        )
    if kind == "serail_marker_returned":
        return say("saba-palast.log", "{name}'s last marker is pushed out of the serail.", name=who)
    if kind == "serail_figure":
        if event.get("choosing"):
            return say(
                "saba-palast.log",
                "{name} leads the serail and names the quarter the figure leaves.",
                name=who,
            )
        return say("saba-palast.log", "{name} leads the serail and puts a figure there.", name=who)
    if kind == "figure_sent":
        if event.get("to") == "treasury":
            return say(
                "saba-palast.log",
                "{name}'s figure leaves the {quarter} for the treasury.",
                name=who,
                quarter=QUARTER_PLACES[event["quarter"]],
            )
        return say(
            "saba-palast.log",
            "{name}'s figure leaves the {quarter} for the serail.",
            name=who,
            quarter=QUARTER_PLACES[event["quarter"]],
        )
    if kind == "serail_figure_returned":
        return say(
            "saba-palast.log", "{name} loses the serail lead; the figure goes back.", name=who
        )
    if kind == "over_limits":
        return say(
            "saba-palast.log",
            "{name} holds too much and gives back what is over the limits.",
            name=who,
        )
    if kind == "no_action_card":
        return say("saba-palast.log", "No action card is left for {name}.", name=who)
    if kind == "passed":
        return say("saba-palast.log", "{name} goes on to the next step.", name=who)
    if kind == "material_left":
        return say(
            "saba-palast.log",
            "{name} leaves 1 {material} on garden field {field}.",
            name=who,
            material=MATERIAL_NAMES[event["material"]],
            field=event["field"],
        )
    if kind == "material_returned":
        return say(
            "saba-palast.log",
            "{name} gives back 1 {material}.",
            name=who,
            material=MATERIAL_NAMES[event["material"]],
        )
    if kind == "card_left":
        # A card built or fulfilled has its own sentence already.
        if event.get("reason") == "removed":
            return say(
                "saba-palast.log",
                "{card} is taken out of the game.",
                card=card_start(event["card"]),
            )
        if event.get("reason") == "obsolete":
            return say(
                "saba-palast.log",
                "{card} can no longer be built and leaves.",
                card=card_start(event["card"]),
            )
        return None
    if kind == "card_revealed":
        return say(
            "saba-palast.log",
            "New on the building fields: {card}.",
            card=card_name(event["card"]),
        )
    if kind == "treasury_scored":
        if who is None:
            return say("saba-palast.log", "Treasury scoring: nobody enters the treasury.")
        if event.get("choosing"):
            return say(
                "saba-palast.log",
                "Treasury scoring: {name} leads and names the quarter the figure leaves.",
                name=who,
            )
        return say(
            "saba-palast.log",
            "Treasury scoring: {name} leads and puts a figure into the treasury.",
            name=who,
        )
    if kind == "figure_placed":
        return say(
            "saba-palast.log",
            "{name} pays {gold} gold and puts a figure into the {quarter}.",
            name=who,
            gold=event["gold"],
            quarter=QUARTER_PLACES[event["quarter"]],
        )
    if kind == "figure_moved":
        return say(
            "saba-palast.log",
            "{name} moves a figure from the {src} to the {dst}.",
            name=who,
            src=QUARTER_PLACES[event["from"]],
            dst=QUARTER_PLACES[event["to"]],
        )
    if kind == "action_deck_reshuffled":
        return say("saba-palast.log", "The discarded action cards are shuffled into a new pile.")
    if kind == "game_over":
        if event.get("reason") == "end_card":
            return say("saba-palast.log", "The end card is fulfilled: the game ends at once.")
        return say("saba-palast.log", "Every palace card is built or gone: the game ends.")
    # harbour_refilled is seen on the board; taken_back the clients say themselves.
    return None


def quarter_line(event: dict[str, Any], who: Line | None) -> Line:
    """A quarter's action: a swap, declined, nothing to swap, a material taken or none left."""
    where = QUARTER_PLACES[event["quarter"]]
    if "give" in event:
        return say(
            "saba-palast.log",
            "{name} swaps 1 {give} for 1 {take} at the {quarter}.",
            name=who,
            give=MATERIAL_NAMES[event["give"]],
            take=MATERIAL_NAMES[event["take"]],
            quarter=where,
        )
    if event.get("declined"):
        return say(
            "saba-palast.log",
            "{name} declines the {quarter}'s action.",
            name=who,
            quarter=where,
        )
    if "material" not in event:
        return say(
            "saba-palast.log",
            "{name} has nothing to swap at the {quarter}.",
            name=who,
            quarter=where,
        )
    if event.get("count"):
        return say(
            "saba-palast.log",
            "{name} takes 1 {material} at the {quarter}.",
            name=who,
            material=MATERIAL_NAMES[event["material"]],
            quarter=where,
        )
    return say(
        "saba-palast.log",
        "{name} gets nothing at the {quarter}: the supply is out of {material}.",
        name=who,
        material=MATERIAL_NAMES[event["material"]],
        quarter=where,
    )


def result_lines(outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
    """How the game ended, and whether the serail broke a tie on points."""
    ended = outcome.get("end") or view.get("end")
    lines = [
        say("saba-palast.talk", "The end card was fulfilled.")
        if ended == "end_card"
        else say("saba-palast.talk", "The palace was completed.")
    ]
    scores = outcome.get("scores") or []
    if scores and len(outcome.get("winners") or []) == 1 and scores.count(max(scores)) > 1:
        lines.append(say("saba-palast.talk", "Ties are broken by the serail."))
    return lines


def score_rows(outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
    """Where the points came from: each seat's figures on balconies, in the treasury and
    (professional game) in the serail, a point each; and the serail markers that break a
    tie, beside the points."""
    labels = {
        "balconies": say("saba-palast.talk", "Figures on balconies"),
        "treasury": say("saba-palast.talk", "Figures in the treasury"),
        "serail": say("saba-palast.talk", "Figure in the serail"),
    }
    serail = view.get("serail") or []
    markers = [
        None
        if who not in serail
        else say_n(
            "saba-palast.talk",
            "{n} marker, space {space}",
            "{n} markers, space {space}",
            serail.count(who),
            space=serail.index(who) + 1,
        )
        for who in range(len(outcome["scores"]))
    ]
    return [
        *part_rows(outcome, labels.__getitem__, lambda part: number(part["points"])),
        row(
            say("saba-palast.talk", "Points"),
            [number(score) for score in outcome["scores"]],
            "total",
        ),
        row(say("saba-palast.talk", "Serail (breaks a tie)"), markers, "aside"),
    ]
