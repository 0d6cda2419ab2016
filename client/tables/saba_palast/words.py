"""Saba – Palast der Königin in words on the pygame table: log sentences and the table's labels.

The game's terms (materials, quarters, cards, the turn's steps), the moment, every move's label,
what it does and its warning, the facts and the rules are the table's talk, defined once in
shared/talk/saba_palast.py and said here through `i18n.say`; this module keeps what only the
pygame table draws (board labels, chips, the give-back dialog, banners) and the log sentences."""

from __future__ import annotations

from typing import Any

from client import i18n
from client.i18n import C_, N_
from shared.talk.saba_palast import (
    MATERIAL_NAMES,
    QUARTER_NAMES,
    QUARTER_PLACES,
    STEP_NAMES,
    STEPS,
    card_name,
)
from shared.talk.saba_palast import card_object as card_object_line
from shared.talk.saba_palast import cost as cost_line

# Labels and short sentences of the table, by the role the view asks for.
UI_TEXT: dict[str, str] = {
    # What to do now, in a step without a button, where the talk's explanation does not fit.
    "step_harbour": N_("choose a harbour field"),
    "step_return": N_("give back what is too much"),
    "step_send_treasury": N_("treasury: tap a quarter"),
    "step_send_serail": N_("serail: tap a quarter"),
    # What the second tap chooses, with harbour field 3 or 2 in hand.
    "step_vizier": N_("now the vizier's quarter"),
    "step_remove": N_("now the card to remove"),
    # The give-back dialog.
    "return_title": N_("Over the limits — tap what to give back"),
    "return_materials": N_("Materials: {have} of {limit}"),
    "return_cards": N_("Action cards: {have} of {limit}"),
    # The players' panels.
    "panel_points": N_("★ {points} · cards: {cards}"),
    "panel_stock": N_("materials: {materials}"),
    "panel_final": N_("final points: {points}"),
    # The board's labels ("treasury_short" where the whole word does not fit).
    "serail": C_("saba-palast.board", "Serail"),
    "treasury": C_("saba-palast.board", "Treasury"),
    "treasury_short": C_("saba-palast.board-short", "Treasury"),
    "supply": C_("saba-palast.board", "Supply"),
    "harbour": C_("saba-palast.board", "Harbour"),
    # A builder's choice chip: the material he leaves on the field, or no figure on the
    # balcony; the vizier's quarter: decline its action.
    "leave": C_("saba-palast.chip", "leave"),
    "no_figure": C_("saba-palast.chip", "none"),
    "decline": C_("saba-palast.chip", "decline"),
    # The results.
    "end_card_result": N_("The end card was fulfilled."),
    "palace_result": N_("The palace was completed."),
    "serail_result": N_("Ties are broken by the serail."),
    # Banners over the table.
    "game_over": C_("saba-palast.banner", "Game over"),
    "treasury_banner": C_("saba-palast.banner", "Treasury scoring"),
}


def material(name: str) -> str:
    return i18n.say(MATERIAL_NAMES[name]) if name in MATERIAL_NAMES else str(name)


def quarter(name: str) -> str:
    return "".join(quarter_parts(name))


def quarter_parts(name: str) -> list[str]:
    """The quarter's name in the pieces it may be broken into: ["Gold", "schmiede"]."""
    if name not in QUARTER_NAMES:
        return [str(name)]
    return i18n.say(QUARTER_NAMES[name]).split("-")


def quarter_lines(name: str, fits) -> tuple[str, ...]:
    """The quarter's name in as few lines as `fits(line)` allows, broken after a hyphen."""
    parts = quarter_parts(name)
    whole = "".join(parts)
    if len(parts) == 1 or fits(whole):
        return (whole,)
    return tuple(part + "-" for part in parts[:-1]) + (parts[-1],)


def place(name: str) -> str:
    """A quarter as it is named in a sentence."""
    return i18n.say(QUARTER_PLACES[name]) if name in QUARTER_PLACES else str(name)


def card(name: str) -> str:
    """A building card as a phrase: "the arch for garden field 3", "treasury card 1"."""
    return i18n.say(card_name(name)) if "-" in name or name == "end" else str(name)


def card_object(name: str) -> str:
    """A building card as what a player builds or fulfils (German: "den Torbogen …")."""
    return i18n.say(card_object_line(name)) if "-" in name or name == "end" else str(name)


def cost(amounts: dict[str, int]) -> str:
    """A price as words: "2 alabaster, 1 gold" (or "nothing")."""
    return i18n.say(cost_line(amounts))


def ui(key: str, **fields: Any) -> str:
    """The table's label or short sentence `key` (see UI_TEXT)."""
    return i18n._(UI_TEXT[key], **fields)


def steps() -> list[str]:
    """The turn's four steps by name."""
    return [i18n.say(STEP_NAMES[step]) for step in STEPS]


def sentence(event: dict[str, Any], name: str) -> str | None:
    """The log sentence for one engine event, or None for those the log leaves out."""
    kind = event.get("type")
    if kind == "turn_started":
        return i18n._("{name}'s turn.", name=name)
    if kind == "harbour_taken":
        return i18n._(
            "{name} takes {count} {material} from harbour field {field}.",
            name=name,
            count=event["count"],
            material=material(event["material"]),
            field=event["field"],
        )
    if kind == "card_drawn":
        if "card" in event:
            return i18n._(
                "{name} draws an action card: {material}.",
                name=name,
                material=material(event["card"]),
            )
        return i18n._("{name} draws an action card.", name=name)
    if kind == "card_discarded":
        if "card" in event:
            return i18n._(
                "{name} discards an action card: {material}.",
                name=name,
                material=material(event["card"]),
            )
        return i18n._("{name} discards an action card.", name=name)
    if kind == "card_played":
        if event.get("count"):
            return i18n._(
                "{name} plays an action card and takes 1 {material}.",
                name=name,
                material=material(event["card"]),
            )
        return i18n._(
            "{name} plays an action card, but no {material} is left in the supply.",
            name=name,
            material=material(event["card"]),
        )
    if kind == "vizier_moved":
        return i18n._(
            "{name} sends the vizier to the {quarter}.", name=name, quarter=place(event["to"])
        )
    if kind == "quarter_action":
        where = place(event["quarter"])
        if "give" in event:
            return i18n._(
                "{name} swaps 1 {give} for 1 {take} at the {quarter}.",
                name=name,
                give=material(event["give"]),
                take=material(event["take"]),
                quarter=where,
            )
        if event.get("declined"):
            return i18n._("{name} declines the {quarter}'s action.", name=name, quarter=where)
        if "material" not in event:
            return i18n._("{name} has nothing to swap at the {quarter}.", name=name, quarter=where)
        if event.get("count"):
            return i18n._(
                "{name} takes 1 {material} at the {quarter}.",
                name=name,
                material=material(event["material"]),
                quarter=where,
            )
        return i18n._(
            "{name} gets nothing at the {quarter}: the supply is out of {material}.",
            name=name,
            material=material(event["material"]),
            quarter=where,
        )
    if kind == "built":
        return i18n._(
            "{name} builds {card}, paying {cost}.",
            name=name,
            card=card_object(event["card"]),
            cost=cost(event["cost"]),
        )
    if kind == "fulfilled":
        return i18n._(
            "{name} fulfils {card}, paying {cost}.",
            name=name,
            card=card_object(event["card"]),
            cost=cost(event["cost"]),
        )
    if kind == "balcony":
        if event.get("seat") is not None:
            return i18n._(
                "{name} steps onto the balcony of garden field {field}.",
                name=name,
                field=event["field"],
            )
        return i18n._(
            "No figure goes up to the balcony of garden field {field}.", field=event["field"]
        )
    if kind == "figure_returned":
        return i18n._(
            "{name}'s figure comes back from the balcony of garden field {field}.",
            name=name,
            field=event["field"],
        )
    if kind == "serail_marker":
        return i18n._("{name} lays a marker on the first space of the serail.", name=name)
    if kind == "serail_marker_returned":
        return i18n._("{name}'s last marker is pushed out of the serail.", name=name)
    if kind == "serail_figure":
        if event.get("choosing"):
            return i18n._(
                "{name} leads the serail and names the quarter the figure leaves.", name=name
            )
        return i18n._("{name} leads the serail and puts a figure there.", name=name)
    if kind == "figure_sent":
        if event.get("to") == "treasury":
            return i18n._(
                "{name}'s figure leaves the {quarter} for the treasury.",
                name=name,
                quarter=place(event["quarter"]),
            )
        return i18n._(
            "{name}'s figure leaves the {quarter} for the serail.",
            name=name,
            quarter=place(event["quarter"]),
        )
    if kind == "serail_figure_returned":
        return i18n._("{name} loses the serail lead; the figure goes back.", name=name)
    if kind == "over_limits":
        return i18n._("{name} holds too much and gives back what is over the limits.", name=name)
    if kind == "no_action_card":
        return i18n._("No action card is left for {name}.", name=name)
    if kind == "passed":
        return i18n._("{name} goes on to the next step.", name=name)
    if kind == "material_left":
        return i18n._(
            "{name} leaves 1 {material} on garden field {field}.",
            name=name,
            material=material(event["material"]),
            field=event["field"],
        )
    if kind == "material_returned":
        return i18n._(
            "{name} gives back 1 {material}.", name=name, material=material(event["material"])
        )
    if kind == "card_left":
        reason = event.get("reason")
        if reason not in ("removed", "obsolete"):
            return None
        # The card opens the sentence.
        phrase = card(event["card"])
        phrase = phrase[:1].upper() + phrase[1:]
        if reason == "removed":
            return i18n._("{card} is taken out of the game.", card=phrase)
        return i18n._("{card} can no longer be built and leaves.", card=phrase)
    if kind == "card_revealed":
        return i18n._("New on the building fields: {card}.", card=card(event["card"]))
    if kind == "treasury_scored":
        if event.get("seat") is None:
            return i18n._("Treasury scoring: nobody enters the treasury.")
        if event.get("choosing"):
            return i18n._(
                "Treasury scoring: {name} leads and names the quarter the figure leaves.",
                name=name,
            )
        return i18n._(
            "Treasury scoring: {name} leads and puts a figure into the treasury.", name=name
        )
    if kind == "figure_placed":
        return i18n._(
            "{name} pays {gold} gold and puts a figure into the {quarter}.",
            name=name,
            gold=event["gold"],
            quarter=place(event["quarter"]),
        )
    if kind == "figure_moved":
        return i18n._(
            "{name} moves a figure from the {src} to the {dst}.",
            name=name,
            src=place(event["from"]),
            dst=place(event["to"]),
        )
    if kind == "action_deck_reshuffled":
        return i18n._("The discarded action cards are shuffled into a new pile.")
    if kind == "game_over":
        if event.get("reason") == "end_card":
            return i18n._("The end card is fulfilled: the game ends at once.")
        return i18n._("Every palace card is built or gone: the game ends.")
    return None
