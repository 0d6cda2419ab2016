"""Saba – Palast der Königin: the table's talk (see shared/talk).

The game's terms (materials, quarters, cards, the turn's steps) are defined here once, as lines of
the catalogs under the contexts they always had ("saba-palast.material", "saba-palast.quarter",
"saba-palast.quarter-place", "saba-palast.card", "saba-palast.card-object", "saba-palast.step"
and "saba-palast.card-start" for a card opening a sentence), so every client names a thing alike;
the talk's own sentences are under "saba-palast.talk", the game log's under "saba-palast.log"
(`event_line`: one sentence per event, said alike by pygame, the phone and the TV).

Everything is said from the `Moment` alone — the seat's view (public board, its own hand), its
legal moves and the seats to act — with a few sums over small lists per move: no copy of the
view, no search. A move is warned about where it may hurt the mover: materials over the limit of
7, a balcony point or a quarter's action given up, a figure taken out of a quarter, a treasury
scoring or the end that favours another player, a quarter freed for others' figures.
"""

from __future__ import annotations

from typing import Any

from shared.games.saba_palast.data import (
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    HARBOUR_CARDS,
    MATERIALS,
    QUARTER_MATERIAL,
    QUARTERS,
    STOCK_LIMIT,
    SURCHARGES,
)
from shared.games.saba_palast.scoring import serail_preferred
from shared.talk import Line, Moment, Section, Talk, fact, move, say, say_n, seat
from shared.talk.scores import Row, number, part_rows, row

# ---------------------------------------------------------------------------- the game's terms
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


# ---------------------------------------------------------------------------- the talk
class Voice:
    """The voice of Saba – Palast der Königin."""

    goal = GOAL
    end = END
    rules = RULES

    def talk(self, moment: Moment) -> Talk:
        view = moment.view
        me = moment.seat
        if view.get("end") is not None or moment.outcome is not None:
            headline, explain, topic = self._over(view, moment.outcome)
        else:
            headline, explain, topic = self._moment(view, moment)
        return {
            "headline": headline,
            "explain": explain,
            "moves": [self._move(view, me, m) for m in moment.legal],
            "facts": self._facts(view, moment),
            "topic": topic,
        }

    # ------------------------------------------------------------------ the game log
    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> Line | None:
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
            return self._quarter_line(event, who)
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
            return say(
                "saba-palast.log", "{name}'s last marker is pushed out of the serail.", name=who
            )
        if kind == "serail_figure":
            if event.get("choosing"):
                return say(
                    "saba-palast.log",
                    "{name} leads the serail and names the quarter the figure leaves.",
                    name=who,
                )
            return say(
                "saba-palast.log", "{name} leads the serail and puts a figure there.", name=who
            )
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
            return say(
                "saba-palast.log", "The discarded action cards are shuffled into a new pile."
            )
        if kind == "game_over":
            if event.get("reason") == "end_card":
                return say("saba-palast.log", "The end card is fulfilled: the game ends at once.")
            return say("saba-palast.log", "Every palace card is built or gone: the game ends.")
        # harbour_refilled is seen on the board; taken_back the clients say themselves.
        return None

    def _quarter_line(self, event: dict[str, Any], who: Line | None) -> Line:
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

    def result_lines(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
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

    def score_rows(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
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

    # ------------------------------------------------------------------ the moment
    def _over(self, view: dict[str, Any], outcome: dict[str, Any] | None) -> tuple:
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

    def _moment(self, view: dict[str, Any], moment: Moment) -> tuple:
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
                        "It costs {gold} gold and works from your next turn on; or go on"
                        " without one.",
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
                say(
                    "saba-palast.talk", "{name} gives back what is over the limits", name=seat(turn)
                ),
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

    # ------------------------------------------------------------------ the moves
    def _move(self, view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict[str, Any]:
        kind = m["type"]
        if kind == "harbour":
            return self._harbour(view, me, m)
        if kind == "build":
            return self._build(view, me, m)
        if kind == "fulfil":
            return self._fulfil(view, me, m)
        if kind == "pass":
            return self._pass(view, me)
        if kind == "place_figure":
            q = m["quarter"]
            price = sum(f.count(me) for f in view["quarters"].values()) + 1
            warn = None
            if view["vizier"] == q:
                warn = say(
                    "saba-palast.talk",
                    "The vizier stands there: the quarter works only once he moves on.",
                )
            return move(
                say("saba-palast.talk", "Figure into the {quarter}", quarter=QUARTER_PLACES[q]),
                say(
                    "saba-palast.talk",
                    "Pay {gold} gold; from your next turn: {does}.",
                    gold=price,
                    does=QUARTER_DOES[q],
                ),
                warn,
            )
        if kind == "draw":
            if view["action_deck_count"] or view["discard_count"]:
                does = say(
                    "saba-palast.talk",
                    "Take the top action card into your hand; then end your turn.",
                )
            else:
                does = say("saba-palast.talk", "No action card is left; go on to the turn's end.")
            return move(say("saba-palast.button", "Draw a card"), does)
        if kind == "end_turn":
            return self._end_turn(view, me)
        if kind == "return_material":
            return self._return(view, me, m["material"])
        if kind == "discard_card":
            return move(
                say(
                    "saba-palast.talk",
                    "Discard the {material} card",
                    material=MATERIAL_NAMES[m["card"]],
                ),
                say("saba-palast.talk", "The action card goes onto the discard pile."),
            )
        if kind == "play_card":
            return self._play(view, me, m["card"])
        if kind == "use_quarter":
            return self._use(view, me, m)
        if kind == "move_figure":
            src, dst = m["from"], m["to"]
            return move(
                say(
                    "saba-palast.talk",
                    "Move a figure from the {src} to the {dst}",
                    src=QUARTER_PLACES[src],
                    dst=QUARTER_PLACES[dst],
                ),
                say(
                    "saba-palast.talk",
                    "Once a turn; there it gives: {does}.",
                    does=QUARTER_DOES[dst],
                ),
            )
        if kind == "send_figure":
            q = m["quarter"]
            pending = view.get("pending") or {}
            does = (
                say("saba-palast.talk", "This figure leaves for the treasury: a point for good.")
                if pending.get("for") == "treasury"
                else say("saba-palast.talk", "This figure leaves for the serail: a point there.")
            )
            return move(
                say("saba-palast.talk", "From the {quarter}", quarter=QUARTER_PLACES[q]),
                does,
                self._losing_quarter(view, me, q, pending.get("quarters") or []),
            )
        return move(say("saba-palast.talk", "Another move"))

    def _over_limit(self, view: dict[str, Any], me: int | None, gain: int) -> Line | None:
        """The warning for a move that brings the seat over 7 materials."""
        if me is None:
            return None
        after = sum(view["stocks"][me].values()) + gain
        if gain <= 0 or after <= STOCK_LIMIT:
            return None
        return say(
            "saba-palast.talk",
            "You would hold {n} materials: what is over 7 goes back at the end of your turn"
            " unless you spend it.",
            n=after,
        )

    def _harbour(self, view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
        field = m["field"]
        slot = view["harbour"][field - 1]
        took = amount(slot["count"], slot["material"])
        turned = TURNS_TO[field]
        warn = self._over_limit(view, me, slot["count"])
        if field == 1:
            return move(
                say("saba-palast.talk", "Harbour field 1: {took}", took=took),
                say(
                    "saba-palast.talk",
                    "Also draw an action card; this harbour card then shows field {next}.",
                    next=turned,
                ),
                warn,
            )
        if field == 4:
            return move(
                say("saba-palast.talk", "Harbour field 4: {took}", took=took),
                say(
                    "saba-palast.talk",
                    "Just the materials; this harbour card then shows field {next}.",
                    next=turned,
                ),
                warn,
            )
        if field == 2:
            card = m.get("remove")
            if card is None:
                return move(
                    say("saba-palast.talk", "Harbour field 2: {took}", took=took),
                    say(
                        "saba-palast.talk",
                        "No palace card is on the building fields to remove; this harbour card"
                        " then shows field {next}.",
                        next=turned,
                    ),
                    warn,
                )
            return move(
                say(
                    "saba-palast.talk",
                    "Harbour field 2: {took}, remove {card}",
                    took=took,
                    card=card_object(card),
                ),
                say(
                    "saba-palast.talk",
                    "{card} leaves the game; this harbour card then shows field {next}.",
                    card=card_name(card),
                    next=turned,
                ),
                warn,
            )
        # Field 3: the vizier moves to `q`, whose action follows at once.
        q = m["vizier"]
        old = view["vizier"]
        label_args = {"took": took, "quarter": QUARTER_PLACES[q]}
        gain = slot["count"]
        if m.get("decline"):
            label = say(
                "saba-palast.talk",
                "Harbour field 3: {took}, vizier to the {quarter}, decline its action",
                **label_args,
            )
            does = say(
                "saba-palast.talk",
                "The vizier blocks the {quarter} and frees the {old}; you take nothing there.",
                quarter=QUARTER_PLACES[q],
                old=QUARTER_PLACES[old],
            )
            if q in QUARTER_MATERIAL and warn is None:
                warn = say(
                    "saba-palast.talk",
                    "You give up 1 {material} from the {quarter}.",
                    material=MATERIAL_NAMES[QUARTER_MATERIAL[q]],
                    quarter=QUARTER_PLACES[q],
                )
        elif "give" in m:
            label = say(
                "saba-palast.talk",
                "Harbour field 3: {took}, vizier to the {quarter}, swap {give} for {take}",
                give=MATERIAL_NAMES[m["give"]],
                take=MATERIAL_NAMES[m["take"]],
                **label_args,
            )
            does = say(
                "saba-palast.talk",
                "The vizier blocks the {quarter} and frees the {old}; you swap 1 {give} for"
                " 1 {take} at once.",
                quarter=QUARTER_PLACES[q],
                old=QUARTER_PLACES[old],
                give=MATERIAL_NAMES[m["give"]],
                take=MATERIAL_NAMES[m["take"]],
            )
        elif q in QUARTER_MATERIAL:
            gain += 1
            warn = self._over_limit(view, me, gain)
            label = say(
                "saba-palast.talk", "Harbour field 3: {took}, vizier to the {quarter}", **label_args
            )
            does = say(
                "saba-palast.talk",
                "The vizier blocks the {quarter} and frees the {old}; you take 1 {material}"
                " there at once, if the supply has one.",
                quarter=QUARTER_PLACES[q],
                old=QUARTER_PLACES[old],
                material=MATERIAL_NAMES[QUARTER_MATERIAL[q]],
            )
        else:
            label = say(
                "saba-palast.talk", "Harbour field 3: {took}, vizier to the {quarter}", **label_args
            )
            does = say(
                "saba-palast.talk",
                "The vizier blocks the {quarter} and frees the {old}; no swap is possible there"
                " now.",
                quarter=QUARTER_PLACES[q],
                old=QUARTER_PLACES[old],
            )
        if warn is None:
            freed = [s for s in dict.fromkeys(view["quarters"][old]) if s != me]
            if freed:
                warn = say(
                    "saba-palast.talk",
                    "This frees the {quarter} for the figures of {names}.",
                    quarter=QUARTER_PLACES[old],
                    names=[seat(s) for s in freed],
                )
        return move(label, does, warn)

    def _build(self, view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
        card = m["card"]
        slot = view["display"].index(card) if card in view["display"] else 0
        price = cost(view["display_costs"][slot] or {})
        field = CARDS[card]["field"]
        there = view["garden"][field - 1]["figure"]
        label = say("saba-palast.button", "Build {card}", card=card_object(card))
        source = m.get("from_quarter")
        warn = None
        if m.get("no_figure"):
            does = say(
                "saba-palast.talk",
                "Pay {cost}; no figure of yours goes onto balcony {field}, which stays as it is.",
                cost=price,
                field=field,
            )
            label = say("saba-palast.talk", "Build {card} without a figure", card=card_object(card))
            warn = say("saba-palast.talk", "You gain no point for this part.")
        elif source is None and there != me and me is not None and view["figures"][me] == 0:
            does = say(
                "saba-palast.talk",
                "Pay {cost}; you have no figure left to put onto balcony {field}, which stays as"
                " it is.",
                cost=price,
                field=field,
            )
        elif there is not None and there == me:
            does = say(
                "saba-palast.talk",
                "Pay {cost}; your figure on balcony {field} stays, and you lay a serail marker.",
                cost=price,
                field=field,
            )
        elif there is not None:
            does = say(
                "saba-palast.talk",
                "Pay {cost}; {name}'s figure on balcony {field} goes home ({name} lays a serail"
                " marker) and yours goes up: +1 ★.",
                cost=price,
                field=field,
                name=seat(there),
            )
        else:
            does = say(
                "saba-palast.talk",
                "Pay {cost}; your figure goes onto balcony {field}: +1 ★.",
                cost=price,
                field=field,
            )
        if source is not None:
            label = say(
                "saba-palast.talk",
                "Build {card}, figure from the {quarter}",
                card=card_object(card),
                quarter=QUARTER_PLACES[source],
            )
            warn = say(
                "saba-palast.talk",
                "Your figure leaves the {quarter}: you lose its action there.",
                quarter=QUARTER_PLACES[source],
            )
        if m.get("leave"):
            label = say(
                "saba-palast.talk",
                "{build}, leave 1 {material}",
                build=label,
                material=MATERIAL_NAMES[m["leave"]],
            )
            if warn is None:
                warn = say(
                    "saba-palast.talk",
                    "You give up 1 {material}; the next builder there must add one too.",
                    material=MATERIAL_NAMES[m["leave"]],
                )
        return move(label, does, warn)

    def _fulfil(self, view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
        card = m["card"]
        slot = view["display"].index(card) if card in view["display"] else 0
        price = cost(view["display_costs"][slot] or {})
        label = say("saba-palast.button", "Fulfil {card}", card=card_object(card))
        points = view["points"]
        best = max(points)
        top = [s for s, p in enumerate(points) if p == best]
        leaders = serail_preferred(view["serail"], top)
        if card == "end":
            winners = [seat(s) for s in leaders]
            does = say_n(
                "saba-palast.talk",
                "Pay {cost}: the game ends at once; {names} wins with {points} points.",
                "Pay {cost}: the game ends at once; {names} win with {points} points.",
                len(leaders),
                cost=price,
                names=winners,
                points=best,
            )
            warn = None
            if me is not None and me not in leaders:
                warn = say(
                    "saba-palast.talk",
                    "You would lose: you have {mine} points, the best {best}.",
                    mine=points[me],
                    best=best,
                )
            return move(label, does, warn)
        leader = leaders[0] if len(leaders) == 1 else None
        has_figure = leader is not None and (
            view["figures"][leader] > 0 or any(leader in q for q in view["quarters"].values())
        )
        if leader is None or not has_figure:
            does = say(
                "saba-palast.talk",
                "Pay {cost}: treasury scoring — nobody leads alone, so nobody enters the treasury.",
                cost=price,
            )
            return move(label, does)
        does = say(
            "saba-palast.talk",
            "Pay {cost}: treasury scoring — {name} leads with {points} points and puts a figure"
            " into the treasury for good.",
            cost=price,
            name=seat(leader),
            points=best,
        )
        warn = None
        if me is not None and leader != me:
            warn = say(
                "saba-palast.talk",
                "This helps {name}: a point that stays for good.",
                name=seat(leader),
            )
        return move(label, does, warn)

    def _pass(self, view: dict[str, Any], me: int | None) -> dict:
        if view["phase"] == "build":
            step = view["step"]
            if step["built"]:
                return move(
                    say("saba-palast.button", "Build nothing"),
                    say("saba-palast.talk", "Go on without fulfilling a card."),
                )
            return move(
                say("saba-palast.button", "Build nothing"),
                say(
                    "saba-palast.talk",
                    "Build nothing this turn; without a palace part no figure goes into a quarter"
                    " either.",
                ),
                self._could_build(view, me),
            )
        return move(
            say("saba-palast.button", "No figure"),
            say("saba-palast.talk", "Keep your gold and go on to drawing a card."),
        )

    def _could_build(self, view: dict[str, Any], me: int | None) -> Line | None:
        """The warning for building nothing while the seat could pay for a palace part."""
        if me is None:
            return None
        stock = view["stocks"][me]
        for slot, card in enumerate(view["display"]):
            info = CARDS.get(card) if card else None
            if info is None or info["kind"] != "palace":
                continue
            levels = view["garden"][info["field"] - 1]["levels"]
            if levels and levels[-1] >= info["level"]:
                continue
            price = view["display_costs"][slot] or {}
            if all(stock.get(k, 0) >= n for k, n in price.items()):
                return say(
                    "saba-palast.talk",
                    "You could build {card}: building nothing gives up a balcony this turn.",
                    card=card_object(card),
                )
        return None

    def _end_turn(self, view: dict[str, Any], me: int | None) -> dict:
        label = say("saba-palast.button", "End turn")
        does = say(
            "saba-palast.talk",
            "{name} plays next.",
            name=seat((view["turn"] + 1) % view["players"]),
        )
        if me is None:
            return move(label, does)
        held = sum(view["stocks"][me].values())
        hand = len(view.get("hand") or [])
        limit = HAND_LIMIT_PROFI if view["options"].get("profi") else HAND_LIMIT
        extra, cards = max(0, held - STOCK_LIMIT), max(0, hand - limit)
        if not extra and not cards:
            return move(label, does)
        return move(
            label,
            does,
            say(
                "saba-palast.talk",
                "Over the limits: first you give back {materials} materials and {cards} action"
                " cards of your choice.",
                materials=extra,
                cards=cards,
            ),
        )

    def _return(self, view: dict[str, Any], me: int | None, material: str) -> dict:
        label = say("saba-palast.talk", "Give back 1 {material}", material=MATERIAL_NAMES[material])
        held = sum(view["stocks"][me].values()) if me is not None else 0
        does = say_n(
            "saba-palast.talk",
            "It goes back to the supply; then {n} material is still over the limit.",
            "It goes back to the supply; then {n} materials are still over the limit.",
            max(0, held - 1 - STOCK_LIMIT),
        )
        warn = None
        if me is not None:
            stock = view["stocks"][me]
            for slot, card in enumerate(view["display"]):
                price = view["display_costs"][slot] if card else None
                if not price or price.get(material, 0) != stock[material]:
                    continue
                if all(stock.get(k, 0) >= n for k, n in price.items()):
                    warn = say(
                        "saba-palast.talk",
                        "Without it you can no longer pay for {card}.",
                        card=card_object(card),
                    )
                    break
        return move(label, does, warn)

    def _play(self, view: dict[str, Any], me: int | None, card: str) -> dict:
        label = say("saba-palast.talk", "Play the {material} card", material=MATERIAL_NAMES[card])
        if view["supply"][card] > 0:
            return move(
                label,
                say(
                    "saba-palast.talk",
                    "Take 1 {material} from the supply; the card is discarded.",
                    material=MATERIAL_NAMES[card],
                ),
                self._over_limit(view, me, 1),
            )
        return move(
            label,
            say(
                "saba-palast.talk",
                "The supply has no {material} left: the card is discarded for nothing.",
                material=MATERIAL_NAMES[card],
            ),
            say("saba-palast.talk", "You lose the card and get nothing."),
        )

    def _use(self, view: dict[str, Any], me: int | None, m: dict[str, Any]) -> dict:
        q = m["quarter"]
        if "give" in m:
            give, take = MATERIAL_NAMES[m["give"]], MATERIAL_NAMES[m["take"]]
            return move(
                say("saba-palast.talk", "Swap 1 {give} for 1 {take}", give=give, take=take),
                say(
                    "saba-palast.talk",
                    "At the {quarter}: 1 {give} goes to the supply, 1 {take} comes to you.",
                    quarter=QUARTER_PLACES[q],
                    give=give,
                    take=take,
                ),
            )
        material = MATERIAL_NAMES[QUARTER_MATERIAL[q]]
        return move(
            say("saba-palast.talk", "Use the {quarter}", quarter=QUARTER_PLACES[q]),
            say(
                "saba-palast.talk",
                "Take 1 {material} from the supply (once a turn per figure there).",
                material=material,
            ),
            self._over_limit(view, me, 1),
        )

    def _losing_quarter(
        self, view: dict[str, Any], me: int | None, q: str, choices: list[str]
    ) -> Line | None:
        """The warning for a figure leaving a working quarter while one of the choices is the
        vizier's, whose figure is idle there anyway."""
        vizier = view["vizier"]
        if me is None or q == vizier or vizier not in choices:
            return None
        return say(
            "saba-palast.talk",
            "Your figure in the {vizier} is idle under the vizier: this one leaves the {quarter}"
            " and you lose its action.",
            vizier=QUARTER_PLACES[vizier],
            quarter=QUARTER_PLACES[q],
        )

    # ------------------------------------------------------------------ the facts
    def _facts(self, view: dict[str, Any], moment: Moment) -> list[dict[str, Any]]:
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

VOICE = Voice()
