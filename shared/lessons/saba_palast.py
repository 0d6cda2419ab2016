"""Saba – Palast der Königin's lesson: a two-player game against Mira from seed 25, the learner
the start player (with no materials yet). The first two turns are taught move by move: the
harbour (only the fields the harbour cards show), the vizier's quarter, building an arch and the
figure on its balcony (★), a figure put into a quarter, the action card drawn, the turn's end;
then a harbour card turned over, the quarter's action, an action card played and a second arch.
A fast-forward plays on to the last palace cards, where the learner builds a column that sends
Mira's figure home; a second one ends the learner's turn, Mira builds the last palace card and
the game ends. The end explains the points on the learner's own result.
"""

from __future__ import annotations

from typing import Any

from shared.engine import State
from shared.lessons import FastForward, Lesson, Scripted, Step
from shared.talk import Line, say, seat
from shared.talk.saba_palast.terms import MATERIAL_NAMES, QUARTER_PLACES, card_object

LEARNER, MIRA = 0, 1


def harbour(field: int, **more: Any) -> dict[str, Any]:
    """Taking harbour field `field` (1–4), with what field 2 removes or where field 3 sends
    the vizier."""
    return {"type": "harbour", "field": field, **more}


def build(card: str) -> dict[str, Any]:
    return {"type": "build", "card": card}


def play(material: str) -> dict[str, Any]:
    """Playing the action card that shows `material`."""
    return {"type": "play_card", "card": material}


PASS = {"type": "pass"}
DRAW = {"type": "draw"}
END_TURN = {"type": "end_turn"}


def by(who: int, move: dict[str, Any], *words: Line) -> Scripted:
    return Scripted(who, [move], list(words))


def last_cards(state: State) -> bool:
    """The condition: only the end card is left in the palace deck, and the learner is to take
    from the harbour."""
    return len(state["deck"]) <= 1 and state["turn"] == LEARNER and state["phase"] == "harbour"


def miras_turn(state: State) -> bool:
    """The condition: the learner's turn is over and Mira is to take from the harbour."""
    return state["turn"] == MIRA and state["phase"] == "harbour"


def result(outcome: dict[str, Any], view: dict[str, Any], learner: int) -> list[Line]:
    """The points on the learner's own result: where each player's figures stand, and who
    won (a tie goes to the player ahead in the serail)."""
    if outcome["end"] == "end_card":
        ended = say("saba-palast.lesson", "The end card was fulfilled, so the game ends at once.")
    else:
        ended = say(
            "saba-palast.lesson",
            "The palace is complete: every palace card is built or gone, so the game ends.",
        )
    lines: list[Line] = [
        ended,
        say(
            "saba-palast.lesson",
            "Each figure on a balcony or in the treasury is one point (★).",
        ),
    ]
    for who in range(view["players"]):
        parts = {part["id"]: part["count"] for part in outcome["breakdown"][who]}
        if who == learner:
            lines.append(
                say(
                    "saba-palast.lesson",
                    "You: {balconies} on balconies, {treasury} in the treasury: {points} ★.",
                    balconies=parts["balconies"],
                    treasury=parts["treasury"],
                    points=outcome["scores"][who],
                )
            )
        else:
            lines.append(
                say(
                    "saba-palast.lesson",
                    "{name}: {balconies} on balconies, {treasury} in the treasury: {points} ★.",
                    name=seat(who),
                    balconies=parts["balconies"],
                    treasury=parts["treasury"],
                    points=outcome["scores"][who],
                )
            )
    if outcome["winners"] == [learner]:
        lines.append(say("saba-palast.lesson", "You win: the most points."))
    else:
        lines.append(
            say(
                "saba-palast.lesson",
                "{name} wins: with equal points, the player ahead in the serail wins.",
                name=seat(outcome["winners"][0]),
            )
        )
    return lines


LESSON = Lesson(
    game="saba-palast",
    seed=25,
    players=2,
    options={"first_seat": LEARNER},
    learner=LEARNER,
    names=[None, "Mira"],
    result=result,
    script=[
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Build the Queen of Sheba's palace: take materials from the harbour, build"
                    " palace parts and put your figures on their balconies. Each figure up"
                    " there at the end is a point (★); the most points win.",
                ),
                say(
                    "saba-palast.lesson",
                    "Each turn begins at the harbour. You may take only the fields your two"
                    " harbour cards show (⚓): now 1 and 3. Take field 3, {count} {material}, and"
                    " send the vizier to the {quarter}: its action is yours at once, 1 gold.",
                    count=3,
                    material=MATERIAL_NAMES["alabaster"],
                    quarter=QUARTER_PLACES["goldsmith"],
                ),
            ],
            accept=[harbour(3, vizier="goldsmith")],
            why_not=say(
                "saba-palast.lesson",
                "For this lesson, take harbour field 3 and send the vizier to the {quarter}:"
                " you will need its gold.",
                quarter=QUARTER_PLACES["goldsmith"],
            ),
            light=["harbour_cards"],
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Now build: a building card shows a palace part, its garden field and its"
                    " price; the 2nd and 3rd building fields cost 1 and 2 gold more.",
                ),
                say(
                    "saba-palast.lesson",
                    "Build {card} for 2 alabaster. Your figure goes up onto its balcony: one ★.",
                    card=card_object("arch-1"),
                ),
            ],
            accept=[build("arch-1")],
            why_not=say(
                "saba-palast.lesson",
                "Build {card}: the first building field, no gold on top.",
                card=card_object("arch-1"),
            ),
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Whoever builds may put a figure into a city quarter, for 1 gold (the second"
                    " costs 2). From your next turn on, its action is yours once a turn.",
                ),
                say(
                    "saba-palast.lesson",
                    "Put it into the {quarter}: 1 sandstone every turn.",
                    quarter=QUARTER_PLACES["mason"],
                ),
            ],
            accept=[{"type": "place_figure", "quarter": "mason"}],
            why_not=say(
                "saba-palast.lesson",
                "For this lesson, put your figure into the {quarter}.",
                quarter=QUARTER_PLACES["mason"],
            ),
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Last, draw an action card: played at any time in your turn, it gives the"
                    " material it shows.",
                )
            ],
            accept=[DRAW],
            why_not=say("saba-palast.lesson", "Draw an action card."),
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "End your turn. At its end you may keep at most 3 action cards and 7"
                    " materials.",
                )
            ],
            accept=[END_TURN],
            why_not=say("saba-palast.lesson", "End your turn now."),
            light=["tray"],
        ),
        by(
            MIRA,
            harbour(3, vizier="carpenter"),
            say(
                "saba-palast.lesson",
                "Mira takes field 3 and sends the vizier to the {quarter}: 1 ebony for her.",
                quarter=QUARTER_PLACES["carpenter"],
            ),
        ),
        by(
            MIRA,
            build("arch-3"),
            say(
                "saba-palast.lesson",
                "Mira builds {card}: her figure goes onto its balcony.",
                card=card_object("arch-3"),
            ),
        ),
        by(MIRA, PASS, say("saba-palast.lesson", "Mira has no gold for a quarter.")),
        by(MIRA, DRAW, say("saba-palast.lesson", "Mira draws an action card.")),
        by(MIRA, END_TURN, say("saba-palast.lesson", "Mira ends her turn.")),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Your harbour card for field 3 has turned over: it shows field 2 now, so"
                    " field 3 cannot be taken this turn. Take field 1: 2 sandstone and an action"
                    " card.",
                )
            ],
            accept=[harbour(1)],
            why_not=say(
                "saba-palast.lesson",
                "Take harbour field 1 this time: your cards show fields 1 and 2.",
            ),
            light=["harbour_cards"],
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Your figure in the {quarter} works now: take its 1 sandstone. The vizier"
                    " blocks the quarter he stands on.",
                    quarter=QUARTER_PLACES["mason"],
                )
            ],
            accept=[{"type": "use_quarter", "quarter": "mason"}],
            why_not=say(
                "saba-palast.lesson",
                "Use your figure in the {quarter}: 1 sandstone.",
                quarter=QUARTER_PLACES["mason"],
            ),
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Play your {material} action card, in your tray: it gives 1 {material}.",
                    material=MATERIAL_NAMES["ebony"],
                )
            ],
            accept=[play("ebony")],
            why_not=say(
                "saba-palast.lesson",
                "Play the {material} action card.",
                material=MATERIAL_NAMES["ebony"],
            ),
            light=["tray"],
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Build {card} for 1 sandstone and 1 ebony: a second figure on a balcony.",
                    card=card_object("arch-5"),
                )
            ],
            accept=[build("arch-5")],
            why_not=say(
                "saba-palast.lesson",
                "Build {card}.",
                card=card_object("arch-5"),
            ),
        ),
        FastForward(
            "the last palace cards",
            last_cards,
            [
                say(
                    "saba-palast.lesson",
                    "Some rounds later: fountains rise on the arches and columns on the"
                    " fountains. A higher level sends the figure on its balcony home. Twice a"
                    " treasury card was fulfilled: the player with the most ★ put a figure into"
                    " the treasury for good.",
                )
            ],
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Only the last palace cards are left. You and Mira have 5 ★ each. Take"
                    " harbour field 4: 4 gold.",
                )
            ],
            accept=[harbour(4)],
            why_not=say("saba-palast.lesson", "Take harbour field 4."),
            light=["points"],
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "{card} needs an ebony you lack: play your {material} action card, in"
                    " your tray.",
                    card=card_object("column-1"),
                    material=MATERIAL_NAMES["ebony"],
                )
            ],
            accept=[play("ebony")],
            why_not=say(
                "saba-palast.lesson",
                "Play the {material} action card.",
                material=MATERIAL_NAMES["ebony"],
            ),
            light=["tray"],
        ),
        Step(
            words=[
                say(
                    "saba-palast.lesson",
                    "Build {card}: your figure takes the balcony, Mira's goes home, and she lays"
                    " a marker in the serail, which breaks ties. A column is the top level:"
                    " nobody takes that balcony from you.",
                    card=card_object("column-1"),
                )
            ],
            accept=[build("column-1")],
            why_not=say(
                "saba-palast.lesson",
                "Build {card}.",
                card=card_object("column-1"),
            ),
            light=["serail"],
        ),
        FastForward(
            "Mira's turn",
            miras_turn,
            [say("saba-palast.lesson", "Your turn ends.")],
        ),
        by(
            MIRA,
            harbour(2, remove="column-6"),
            say(
                "saba-palast.lesson",
                "Mira takes field 2, which also removes a building card from the game: {card}.",
                card=card_object("column-6"),
            ),
        ),
        by(MIRA, play("ebony"), say("saba-palast.lesson", "Mira plays an action card.")),
        by(
            MIRA,
            build("column-8"),
            say(
                "saba-palast.lesson",
                "Mira builds {card}, the last palace card.",
                card=card_object("column-8"),
            ),
        ),
    ],
)
