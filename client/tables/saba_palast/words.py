"""Saba – Palast der Königin in words on the pygame table: the table's labels.

The game's terms (materials, quarters, cards, the turn's steps), the moment, every move's label,
what it does and its warning, the facts, the rules and the game log's sentences are the table's
talk, defined once in shared/talk/saba_palast/ and said here through `i18n.say` (the log by the
base view's `event_text`); this module keeps what only the pygame table draws (board labels,
chips, the give-back dialog, banners; the results' lines are the talk's too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.words import i18n
from client.words.i18n import C_, N_
from shared.talk.saba_palast.terms import QUARTER_NAMES, STEP_NAMES, STEPS

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
    # Banners over the table.
    "game_over": C_("saba-palast.banner", "Game over"),
    "treasury_banner": C_("saba-palast.banner", "Treasury scoring"),
}


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


def ui(key: str, **fields: Any) -> str:
    """The table's label or short sentence `key` (see UI_TEXT)."""
    return i18n._(UI_TEXT[key], **fields)


def steps() -> list[str]:
    """The turn's four steps by name."""
    return [i18n.say(STEP_NAMES[step]) for step in STEPS]


def panel_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's panel: its ★ and cards in hand (its final points at the end), its materials."""
    stock = ui("panel_stock", materials=sum(view["stocks"][seat].values()))
    if view.get("end") is not None:
        first = ui("panel_final", points=view["points"][seat])
    else:
        first = ui("panel_points", points=view["points"][seat], cards=view["hand_counts"][seat])
    return [first, stock]
