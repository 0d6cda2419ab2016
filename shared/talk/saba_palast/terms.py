"""Saba – Palast der Königin's terms, defined once: the materials, quarters, cards and the turn's
steps by name, and what each quarter does."""

from __future__ import annotations

from shared.games.saba_palast.data import HARBOUR_CARDS, MATERIALS
from shared.talk import Line, say

MATERIAL_NAMES: dict[str, Line] = {
    "alabaster": say("saba-palast.material", "alabaster"),
    "sandstone": say("saba-palast.material", "sandstone"),
    "ebony": say("saba-palast.material", "ebony"),
    "gold": say("saba-palast.material", "gold"),
}

# The quarters' names on their tiles. A "-" marks where a name may break over two lines on a
# small board ("Stone-" / "masons"); written whole, the name has no hyphen.
QUARTER_NAMES: dict[str, Line] = {
    "stonemason": say("saba-palast.quarter", "Stone-masons"),
    "mason": say("saba-palast.quarter", "Masons"),
    "carpenter": say("saba-palast.quarter", "Car-penters"),
    "goldsmith": say("saba-palast.quarter", "Gold-smiths"),
    "exchange": say("saba-palast.quarter", "Ex-change"),
    "bazaar": say("saba-palast.quarter", "Bazaar"),
}

# The quarters in sentences: "at the goldsmiths' quarter", "im Goldschmiedeviertel".
QUARTER_PLACES: dict[str, Line] = {
    "stonemason": say("saba-palast.quarter-place", "stonemasons' quarter"),
    "mason": say("saba-palast.quarter-place", "masons' quarter"),
    "carpenter": say("saba-palast.quarter-place", "carpenters' quarter"),
    "goldsmith": say("saba-palast.quarter-place", "goldsmiths' quarter"),
    "exchange": say("saba-palast.quarter-place", "exchange quarter"),
    "bazaar": say("saba-palast.quarter-place", "bazaar quarter"),
}

# The turn's four steps, as the own tray and the title bar name them.
STEP_NAMES: dict[str, Line] = {
    "harbour": say("saba-palast.step", "Harbour"),
    "build": say("saba-palast.step", "Build"),
    "quarter": say("saba-palast.step", "Quarter"),
    "draw": say("saba-palast.step", "Draw"),
}
STEPS: tuple[str, ...] = tuple(STEP_NAMES)


def card_name(card: str) -> Line:
    """A building card as the subject of a sentence or on its own: "the arch for garden field 3",
    "treasury card 1", "the end card"."""
    kind, _, n = card.partition("-")
    if kind == "arch":
        return say("saba-palast.card", "the arch for garden field {field}", field=int(n))
    if kind == "fountain":
        return say("saba-palast.card", "the fountain for garden field {field}", field=int(n))
    if kind == "column":
        return say("saba-palast.card", "the column for garden field {field}", field=int(n))
    if kind == "treasury":
        return say("saba-palast.card", "treasury card {n}", n=int(n))
    return say("saba-palast.card", "the end card")


def card_object(card: str) -> Line:
    """The same card as what a player builds or fulfils (German: the accusative, "den …")."""
    kind, _, n = card.partition("-")
    if kind == "arch":
        return say("saba-palast.card-object", "the arch for garden field {field}", field=int(n))
    if kind == "fountain":
        return say("saba-palast.card-object", "the fountain for garden field {field}", field=int(n))
    if kind == "column":
        return say("saba-palast.card-object", "the column for garden field {field}", field=int(n))
    if kind == "treasury":
        return say("saba-palast.card-object", "treasury card {n}", n=int(n))
    return say("saba-palast.card-object", "the end card")


def card_start(card: str) -> Line:
    """The same card opening a sentence, with its capital: "The arch for garden field 3"."""
    kind, _, n = card.partition("-")
    if kind == "arch":
        return say("saba-palast.card-start", "The arch for garden field {field}", field=int(n))
    if kind == "fountain":
        return say("saba-palast.card-start", "The fountain for garden field {field}", field=int(n))
    if kind == "column":
        return say("saba-palast.card-start", "The column for garden field {field}", field=int(n))
    if kind == "treasury":
        return say("saba-palast.card-start", "Treasury card {n}", n=int(n))
    return say("saba-palast.card-start", "The end card")


def amount(n: int, material: str) -> Line:
    """ "2 alabaster"."""
    return say("saba-palast.talk", "{n} {material}", n=n, material=MATERIAL_NAMES[material])


def cost(amounts: dict[str, int]) -> Line | list[Line]:
    """A price as a list of amounts ("2 alabaster, 1 gold"), or "nothing"."""
    parts = [amount(n, m) for m in MATERIALS if (n := amounts.get(m, 0))]
    return parts or say("saba-palast.cost", "nothing")


# The harbour field on the other side of the harbour card that shows a field.
TURNS_TO: dict[int, int] = {
    sides[side]: sides[other]
    for sides in HARBOUR_CARDS.values()
    for side, other in (("front", "back"), ("back", "front"))
}

# What each quarter does, as a quarter fact says it.
QUARTER_DOES: dict[str, Line] = {
    "stonemason": say("saba-palast.talk", "+1 alabaster from the supply, once a turn per figure"),
    "mason": say("saba-palast.talk", "+1 sandstone from the supply, once a turn per figure"),
    "carpenter": say("saba-palast.talk", "+1 ebony from the supply, once a turn per figure"),
    "goldsmith": say("saba-palast.talk", "+1 gold from the supply, once a turn per figure"),
    "exchange": say(
        "saba-palast.talk", "swap 1 gold for 1 alabaster, sandstone or ebony, or back, once a turn"
    ),
    "bazaar": say(
        "saba-palast.talk", "swap 1 alabaster, sandstone or ebony for another of them, once a turn"
    ),
}

# What each material looks like on the board.
MATERIAL_LOOKS: dict[str, Line] = {
    "alabaster": say("saba-palast.talk", "alabaster: the white block"),
    "sandstone": say("saba-palast.talk", "sandstone: the brown brick"),
    "ebony": say("saba-palast.talk", "ebony: the black log"),
    "gold": say("saba-palast.talk", "gold: the yellow ingot"),
}

# The section of the rules that matters in each phase.
TOPICS = {
    "harbour": "harbour",
    "build": "build",
    "quarter": "quarter",
    "draw": "limits",
    "finish": "limits",
    "return": "limits",
}
