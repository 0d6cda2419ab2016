"""Saba – Palast der Königin's goal, end and rules by topic (the rules sheet)."""

from __future__ import annotations

from shared.talk import Line, Section, say

GOAL = say(
    "saba-palast.talk",
    "Build the queen's palace and get the most figures onto its balconies and into the"
    " treasury: each one is a point (★).",
)
END = say(
    "saba-palast.talk",
    "The game ends at once when the end card is fulfilled or every palace card is built or"
    " gone; most points wins, and a tie goes to the player ahead in the serail.",
)


def _section(id: str, title: Line, *text: Line) -> Section:
    return Section(id, title, list(text))


RULES: list[Section] = [
    _section(
        "board",
        say("saba-palast.talk", "The board"),
        say(
            "saba-palast.talk",
            "The palace has 8 garden fields; each takes an arch, a fountain and a column (levels"
            " 1, 2 and 3), and each has one balcony on the roof.",
        ),
        say(
            "saba-palast.talk",
            "3 building fields show the palace cards you can build; a card on the 2nd field costs"
            " 1 gold more, on the 3rd 2 gold more.",
        ),
        say(
            "saba-palast.talk",
            "Materials: alabaster (white block), sandstone (brown brick), ebony (black log) and"
            " gold (yellow ingot), 15 of each in the common supply.",
        ),
        say(
            "saba-palast.talk",
            "Also on the board: the harbour with 4 fields of materials, 6 city quarters and the"
            " vizier, the serail and the treasury.",
        ),
    ),
    _section(
        "turn",
        say("saba-palast.talk", "Your turn"),
        say(
            "saba-palast.talk",
            "In order: 1. take materials from the harbour (must); 2. build a palace part (may);"
            " 3. put a figure into a city quarter (may, only after building); 4. draw an action"
            " card.",
        ),
        say(
            "saba-palast.talk",
            "At any time in your turn you may play action cards (each gives the material it"
            " shows, as far as the supply holds) and use each quarter once per figure of yours"
            " there, unless the vizier stands on it.",
        ),
    ),
    _section(
        "harbour",
        say("saba-palast.talk", "1. The harbour"),
        say(
            "saba-palast.talk",
            "Your two harbour cards each show one harbour field: you may take only those two."
            " Take all the materials of one of them; that card then turns over (field 1 and"
            " field 4 are the two sides of one card, field 3 and field 2 of the other).",
        ),
        say(
            "saba-palast.talk",
            "Field 1 (2 materials) also gives an action card; field 2 (2) also takes a palace"
            " card off the building fields and out of the game; field 3 (3) also sends the vizier"
            " to another quarter, whose action you then take at once (or decline); field 4 (4)"
            " gives just its materials.",
        ),
        say(
            "saba-palast.talk",
            "The other fields then move on toward field 4, field 1 starts again with the"
            " material just taken, and each is topped up from the supply as far as it holds.",
        ),
    ),
    _section(
        "build",
        say("saba-palast.talk", "2. Building"),
        say(
            "saba-palast.talk",
            "Build at most one palace part a turn: pay the materials on its card plus the gold of"
            " its building field. The part goes onto the garden field named on the card.",
        ),
        say(
            "saba-palast.talk",
            "Put one of your figures onto that field's balcony. A figure already there goes back"
            " to its owner, who lays a serail marker. With no figure left in your supply you may"
            " take one from a quarter, or build without one (the balcony then stays as it is).",
        ),
        say(
            "saba-palast.talk",
            "A lower level can never follow a higher one on a garden field: such cards leave the"
            " building fields at once. When a card leaves, the others slide toward field 1 and"
            " the deck fills field 3.",
        ),
    ),
    _section(
        "treasury",
        say("saba-palast.talk", "Treasury and end cards"),
        say(
            "saba-palast.talk",
            "Instead of or besides building, you may fulfil a treasury card or the end card by"
            " paying its materials (plus its building field's gold).",
        ),
        say(
            "saba-palast.talk",
            "A treasury card scores at once: the player with the most points puts one of his"
            " figures into the treasury, where it stays for good. A tie is broken by the serail;"
            " if it is still tied, nobody does.",
        ),
        say("saba-palast.talk", "The end card ends the game at once."),
    ),
    _section(
        "quarter",
        say("saba-palast.talk", "3. The city quarters"),
        say(
            "saba-palast.talk",
            "Only after building a palace part you may put a figure from your supply into any"
            " quarter: 1 gold for your first quarter figure, 2 for the second, and so on. It"
            " works from your next turn on.",
        ),
        say(
            "saba-palast.talk",
            "Stonemasons: +1 alabaster; masons: +1 sandstone; carpenters: +1 ebony; goldsmiths:"
            " +1 gold; exchange: swap 1 gold for 1 alabaster, sandstone or ebony, or back;"
            " bazaar: swap 1 alabaster, sandstone or ebony for another of them.",
        ),
        say(
            "saba-palast.talk",
            "Each figure lets you use its quarter once a turn. The vizier blocks the quarter he"
            " stands on; when he leaves it, it works again at once.",
        ),
    ),
    _section(
        "limits",
        say("saba-palast.talk", "4. Drawing, and the limits"),
        say(
            "saba-palast.talk",
            "Draw one action card; when the pile is empty, the discarded cards are shuffled into"
            " a new one.",
        ),
        say(
            "saba-palast.talk",
            "At the end of your turn you keep at most 7 materials and 3 action cards; you choose"
            " what goes back.",
        ),
    ),
    _section(
        "serail",
        say("saba-palast.talk", "Points and the serail"),
        say(
            "saba-palast.talk",
            "★ is a point: each of your figures on a balcony or in the treasury counts 1.",
        ),
        say(
            "saba-palast.talk",
            "A serail marker goes onto space 1 and pushes the others on; a marker pushed past the"
            " last space in use goes back to its owner (2 players use 4 spaces, 3 use 5, 4 use"
            " 6). Every tie goes to the player with more markers in the serail, then to the"
            " marker nearest space 1.",
        ),
    ),
    _section(
        "choices",
        say("saba-palast.talk", "Figures when your supply is empty"),
        say(
            "saba-palast.talk",
            "A figure you owe the treasury (or, in the professional game, the serail) comes from"
            " a quarter when your supply is empty; with figures in several quarters you choose"
            " which, even in another player's turn.",
        ),
    ),
    _section(
        "end",
        say("saba-palast.talk", "The end"),
        END,
        say(
            "saba-palast.talk",
            "Each figure on a balcony or in the treasury is a point; a tie the serail cannot"
            " break shares the win.",
        ),
    ),
    _section(
        "profi",
        say("saba-palast.talk", "Professional game"),
        say(
            "saba-palast.talk",
            "4 action cards in hand; once a turn you may move a quarter figure to a quarter the"
            " vizier does not block; the serail's leader keeps a figure there, worth a point;"
            " a builder may leave one material on his garden field, and the next part there"
            " costs one more of it.",
        ),
    ),
]
