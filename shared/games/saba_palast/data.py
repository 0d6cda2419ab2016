"""Saba – Palast der Königin: the game's material as data tables.

Most of the card data is a RECONSTRUCTION (rules notes §4): the rule text lost its pictures.
Every number the engine uses lives here, so a correction is a one-line change.
"""

from __future__ import annotations

MATERIALS: tuple[str, ...] = ("alabaster", "sandstone", "ebony", "gold")
BUILDING_MATERIALS: tuple[str, ...] = ("alabaster", "sandstone", "ebony")  # all but gold
MATERIAL_LETTERS: dict[str, str] = {"A": "alabaster", "S": "sandstone", "E": "ebony", "G": "gold"}
MATERIAL_COUNT = 15  # of each type, in the common supply

FIGURES = 8
SERAIL_MARKERS = 5
SERAIL_SPACES_BY_PLAYERS: dict[int, int] = {2: 4, 3: 5, 4: 6}
GARDEN_FIELDS = 8

# Palace parts by level (one card per garden field and level).
LEVEL_PARTS: dict[int, str] = {1: "arch", 2: "fountain", 3: "column"}

# RECONSTRUCTION: the cost of each palace building card, by garden field, for levels 1, 2, 3.
PALACE_COSTS: dict[int, tuple[str, str, str]] = {
    1: ("AA", "AAS", "AASE"),
    2: ("SS", "SSE", "SSEA"),
    3: ("EE", "EEA", "EEAS"),
    4: ("AS", "ASE", "AASS"),
    5: ("SE", "SEA", "SSEE"),
    6: ("EA", "EAS", "EEAA"),
    7: ("AS", "SSA", "ASEE"),
    8: ("SE", "EEA", "AASE"),
}

# The two treasury cards and the end card, with their costs.
SPECIAL_COSTS: dict[str, str] = {
    "treasury-1": "ASE",
    "treasury-2": "ASEG",
    "end": "AASSEE",
}

# Gold surcharge of building fields 1, 2 and 3.
SURCHARGES: tuple[int, ...] = (0, 1, 2)

# Harbour fields 1–4: how many materials each holds.
HARBOUR_CAPACITY: tuple[int, ...] = (2, 2, 3, 4)

# RECONSTRUCTION: the harbour field each side of a player's two harbour cards shows.
HARBOUR_CARDS: dict[str, dict[str, int]] = {
    "X": {"front": 1, "back": 4},
    "Y": {"front": 3, "back": 2},
}
TURNED = {"front": "back", "back": "front"}

# The six city quarters, in board order; the first four hand out one material.
QUARTERS: tuple[str, ...] = ("stonemason", "mason", "carpenter", "goldsmith", "exchange", "bazaar")
QUARTER_MATERIAL: dict[str, str] = {
    "stonemason": "alabaster",
    "mason": "sandstone",
    "carpenter": "ebony",
    "goldsmith": "gold",
}
VIZIER_START = "bazaar"

# RECONSTRUCTION: 20 action cards, each showing one material.
ACTION_CARDS_PER_MATERIAL = 5
HAND_LIMIT = 3
HAND_LIMIT_PROFI = 4
STOCK_LIMIT = 7

# Setup: materials each seat gets, by its place clockwise from the start player (who is 1st).
START_MATERIALS_BY_PLACE: tuple[int, ...] = (0, 1, 2, 2)


def parse_cost(letters: str) -> dict[str, int]:
    """A cost written as material letters ("AASE") as a count per material."""
    cost: dict[str, int] = {}
    for letter in letters:
        material = MATERIAL_LETTERS[letter]
        cost[material] = cost.get(material, 0) + 1
    return cost


def card_id(level: int, field: int) -> str:
    """The id of the palace building card for `level` on garden field `field` ("arch-3")."""
    return f"{LEVEL_PARTS[level]}-{field}"


# Every card of the palace deck: kind, level, garden field and cost.
CARDS: dict[str, dict] = {
    card_id(level, field): {
        "kind": "palace",
        "level": level,
        "field": field,
        "cost": parse_cost(costs[level - 1]),
    }
    for field, costs in PALACE_COSTS.items()
    for level in LEVEL_PARTS
}
CARDS.update(
    {
        name: {"kind": "end" if name == "end" else "treasury", "cost": parse_cost(letters)}
        for name, letters in SPECIAL_COSTS.items()
    }
)
PALACE_CARDS_BY_LEVEL: dict[int, list[str]] = {
    level: [card_id(level, field) for field in PALACE_COSTS] for level in LEVEL_PARTS
}
# Level-3 cards shuffled with the end card at the bottom of the deck.
BOTTOM_LEVEL3 = 3

# The swaps of the exchange and the bazaar, as (give, take).
SWAPS: dict[str, list[tuple[str, str]]] = {
    "exchange": [("gold", m) for m in BUILDING_MATERIALS]
    + [(m, "gold") for m in BUILDING_MATERIALS],
    "bazaar": [(a, b) for a in BUILDING_MATERIALS for b in BUILDING_MATERIALS if a != b],
}
