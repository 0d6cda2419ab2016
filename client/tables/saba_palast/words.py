"""Saba – Palast der Königin in words: names, log sentences, labels and the rules help.

English source strings stand here; the catalogs hold the German and French. Game terms carry
a context starting with "saba-palast." (a material, a quarter's tile name, a quarter in a
sentence, a card, a board label, a step), so a short word never takes another game's
translation. German names a card differently as the subject and as the object of a sentence
("der Torbogen …" / "baut den Torbogen …"): those are separate messages, told apart by their
context ("saba-palast.card" / "saba-palast.card-object")."""

from __future__ import annotations

from typing import Any

from client import i18n
from client.i18n import C_, N_, Term
from shared.games.saba_palast.data import CARDS, LEVEL_PARTS, MATERIALS

MATERIAL_NAMES: dict[str, Term] = {
    "alabaster": C_("saba-palast.material", "alabaster"),
    "sandstone": C_("saba-palast.material", "sandstone"),
    "ebony": C_("saba-palast.material", "ebony"),
    "gold": C_("saba-palast.material", "gold"),
}

# The quarters' names on their tiles. A "-" marks where a name may break over two lines on a
# small board (shown as "Stone-" / "masons"); written whole, the name has no hyphen.
QUARTER_NAMES: dict[str, Term] = {
    "stonemason": C_("saba-palast.quarter", "Stone-masons"),
    "mason": C_("saba-palast.quarter", "Masons"),
    "carpenter": C_("saba-palast.quarter", "Car-penters"),
    "goldsmith": C_("saba-palast.quarter", "Gold-smiths"),
    "exchange": C_("saba-palast.quarter", "Ex-change"),
    "bazaar": C_("saba-palast.quarter", "Bazaar"),
}

# The quarters in sentences: "at the goldsmiths' quarter", "im Goldschmiedeviertel".
QUARTER_PLACES: dict[str, Term] = {
    "stonemason": C_("saba-palast.quarter-place", "stonemasons' quarter"),
    "mason": C_("saba-palast.quarter-place", "masons' quarter"),
    "carpenter": C_("saba-palast.quarter-place", "carpenters' quarter"),
    "goldsmith": C_("saba-palast.quarter-place", "goldsmiths' quarter"),
    "exchange": C_("saba-palast.quarter-place", "exchange quarter"),
    "bazaar": C_("saba-palast.quarter-place", "bazaar quarter"),
}

# A building card as the subject of a sentence or named on its own ("New on the building
# fields: the arch for garden field 3").
CARD_NAMES: dict[str, Term] = {
    "arch": C_("saba-palast.card", "the arch for garden field {field}"),
    "fountain": C_("saba-palast.card", "the fountain for garden field {field}"),
    "column": C_("saba-palast.card", "the column for garden field {field}"),
    "treasury": C_("saba-palast.card", "treasury card {n}"),
    "end": C_("saba-palast.card", "the end card"),
}

# The same card as what a player builds or fulfils (German: the accusative, "den Torbogen").
CARD_OBJECTS: dict[str, Term] = {
    "arch": C_("saba-palast.card-object", "the arch for garden field {field}"),
    "fountain": C_("saba-palast.card-object", "the fountain for garden field {field}"),
    "column": C_("saba-palast.card-object", "the column for garden field {field}"),
    "treasury": C_("saba-palast.card-object", "treasury card {n}"),
    "end": C_("saba-palast.card-object", "the end card"),
}

# The turn's four steps, as the own tray and the title bar name them.
STEPS: tuple[Term, ...] = (
    C_("saba-palast.step", "Harbour"),
    C_("saba-palast.step", "Build"),
    C_("saba-palast.step", "Quarter"),
    C_("saba-palast.step", "Draw"),
)

# Labels and short sentences of the table, by the role the view asks for.
UI_TEXT: dict[str, str] = {
    # What to do now, in a step without a button.
    "step_harbour": N_("choose a harbour field"),
    "step_vizier": N_("now the vizier's quarter"),
    "step_remove": N_("now the card to remove"),
    "step_return": N_("give back what is too much"),
    "step_send_treasury": N_("treasury: tap a quarter"),
    "step_send_serail": N_("serail: tap a quarter"),
    # The title bar while a player names the quarter his figure leaves.
    "status_send_treasury": N_("a figure for the treasury: from which quarter?"),
    "status_send_serail": N_("a figure for the serail: from which quarter?"),
    # The step button, and the title bar's word for a turn's end.
    "give_back": C_("saba-palast.button", "Give back"),
    "pass_build": C_("saba-palast.button", "Build nothing"),
    "pass_quarter": C_("saba-palast.button", "No figure"),
    "draw": C_("saba-palast.button", "Draw a card"),
    "end_turn": C_("saba-palast.button", "End turn"),
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
    # A price of nothing.
    "nothing": C_("saba-palast.cost", "nothing"),
    # The results.
    "end_card_result": N_("The end card was fulfilled."),
    "palace_result": N_("The palace was completed."),
    "serail_result": N_("Ties are broken by the serail."),
    # Banners over the table.
    "game_over": C_("saba-palast.banner", "Game over"),
    "treasury_banner": C_("saba-palast.banner", "Treasury scoring"),
}

# The rules help, a paragraph a line.
HELP: tuple[str, ...] = (
    N_(
        "Saba – Palace of the Queen: 2 to 4 builders finish the queen's palace and put their "
        "figures on its balconies."
    ),
    N_(
        "Board: the palace with 8 garden fields (each can hold an arch, a fountain and a "
        "column, levels 1, 2, 3) and one balcony per field; 3 building fields with palace "
        "cards (the 2nd costs 1 gold more, the 3rd 2 gold more); the harbour with 4 fields of "
        "materials (alabaster white block, sandstone brown brick, ebony black log, gold "
        "yellow ingot); 6 city quarters and the vizier; the serail and the treasury."
    ),
    N_("Your turn, step by step (what you may do now glows):"),
    N_(
        "1. Harbour (must): your two harbour cards each show a field; tap one of those fields "
        "and take its materials. Field 1 also draws an action card, field 2 takes a palace "
        "card off the building fields (tap the field, then the card), field 3 sends the "
        "vizier to another quarter and you use that quarter at once (tap the field or the "
        "vizier, then a quarter), field 4 gives just its materials. The card you used turns "
        "over."
    ),
    N_(
        "2. Build (may): tap a glowing card, then its garden field (or drag the card there). "
        "Pay its materials plus the field's gold. Your figure goes onto that field's balcony; "
        "a figure already there goes home and its owner puts a marker into the serail. A "
        "treasury or end card is fulfilled with one tap, instead of or besides building."
    ),
    N_(
        "3. Quarter (may, after building): pay 1 gold for your first quarter figure, 2 for "
        "the second and so on; tap a quarter. It works from your next turn on."
    ),
    N_(
        "4. Draw an action card, then end the turn. Over 7 materials or 3 cards, you give "
        "back the rest one by one."
    ),
    N_(
        "Any time in your turn: play an action card (tap it) for its material, and use each "
        "quarter once per figure of yours there (tap its badge) unless the vizier stands on "
        "it. Exchange: gold for another material or back; bazaar: one non-gold material for "
        "another."
    ),
    N_(
        "Treasury scoring: whoever has the most points puts a figure into the treasury for "
        "good. Points: figures on balconies and in the treasury. Ties: more markers in the "
        "serail, then the marker nearest space 1."
    ),
    N_(
        "End: when the end card is fulfilled or every palace card is built or gone. Most "
        "points wins."
    ),
    N_(
        "Your choices: with no figure left in your supply, your balcony figure comes from a "
        "quarter you pick, or you build without one (the figure on that balcony then stays). "
        "The vizier's quarter action may be declined. A figure you owe the treasury (or the "
        "serail) while your supply is empty leaves the quarter you pick, even in another "
        "player's turn."
    ),
    N_(
        "Professional game: 4 cards in hand, move a quarter figure once a turn (drag it), the "
        "serail leader's figure scores, and a builder may leave a material on the field that "
        "the next builder there must add."
    ),
)


def material(name: str) -> str:
    return i18n._(MATERIAL_NAMES[name]) if name in MATERIAL_NAMES else str(name)


def quarter(name: str) -> str:
    return "".join(quarter_parts(name))


def quarter_parts(name: str) -> list[str]:
    """The quarter's name in the pieces it may be broken into: ["Gold", "schmiede"]."""
    if name not in QUARTER_NAMES:
        return [str(name)]
    return i18n._(QUARTER_NAMES[name]).split("-")


def quarter_lines(name: str, fits) -> tuple[str, ...]:
    """The quarter's name in as few lines as `fits(line)` allows, broken after a hyphen."""
    parts = quarter_parts(name)
    whole = "".join(parts)
    if len(parts) == 1 or fits(whole):
        return (whole,)
    return tuple(part + "-" for part in parts[:-1]) + (parts[-1],)


def place(name: str) -> str:
    """A quarter as it is named in a sentence."""
    return i18n._(QUARTER_PLACES[name]) if name in QUARTER_PLACES else str(name)


def _card_phrase(name: str, table: dict[str, Term]) -> str:
    info = CARDS.get(name)
    if info is None:
        return str(name)
    kind = info["kind"]
    if kind == "palace":
        part = table[LEVEL_PARTS[info["level"]]]
        return i18n._(part, field=info["field"])
    phrase = table[kind]  # "treasury" or "end"
    if kind == "treasury":
        return i18n._(phrase, n=name.rsplit("-", 1)[-1])
    return i18n._(phrase)


def card(name: str) -> str:
    """A building card as a phrase: "the arch for garden field 3", "treasury card 1"."""
    return _card_phrase(name, CARD_NAMES)


def card_object(name: str) -> str:
    """A building card as what a player builds or fulfils (German: "den Torbogen …")."""
    return _card_phrase(name, CARD_OBJECTS)


def cost(amounts: dict[str, int]) -> str:
    """A price as words: "2 alabaster, 1 gold" (or "nothing")."""
    parts = [f"{n} {material(m)}" for m in MATERIALS if (n := amounts.get(m, 0))]
    return ", ".join(parts) or ui("nothing")


def ui(key: str, **fields: Any) -> str:
    """The table's label or short sentence `key` (see UI_TEXT)."""
    return i18n._(UI_TEXT[key], **fields)


def steps() -> list[str]:
    """The turn's four steps by name."""
    return [i18n._(step) for step in STEPS]


def help_text() -> str:
    """The rules help, a paragraph a line."""
    return "\n".join(i18n._(paragraph) for paragraph in HELP)


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
