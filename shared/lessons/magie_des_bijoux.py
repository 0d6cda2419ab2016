"""La Magie des Bijoux's lesson: a whole two-player game on a 4×4 grid against Mira, eleven
moves of the learner (the first may take any of three plaques). Each rule is told when it first
matters: placing the pawn, the rook move and the barred way back, the extra move of a filled
plaque, holding a plaque, a tie that holds nothing, big plaques, and the end when the player to
move is stuck.

The grid of seed 33 (settings per plaque; rows and columns counted from 1 in the words):

    4 3 6 2
    2 2 4 1
    4 1 2 1
    1 5 6 4
"""

from __future__ import annotations

from typing import Any

from shared.lessons import Lesson, Scripted, Step
from shared.talk import Line, say, say_n, seat
from shared.talk.magie_des_bijoux import plaque_name

MIRA = 1


def to(row: int, col: int) -> dict[str, Any]:
    """The move of the pawn to the plaque at [row, col] (0-based, as the engine counts)."""
    return {"type": "move", "plaque": [row, col]}


def mira(row: int, col: int, *words: Line) -> Scripted:
    return Scripted(MIRA, [to(row, col)], list(words))


def result(outcome: dict[str, Any], view: dict[str, Any], learner: int) -> list[Line]:
    """The scoring on the learner's own result: the plaques each player holds and their
    points, what went to nobody, and who won."""
    lines: list[Line] = []
    for who in range(view["players"]):
        held = [
            plaque_name(settings)
            for settings, owner in zip(view["settings"], view["owners"], strict=True)
            if owner == who
        ]
        points = outcome["scores"][who]
        if who == learner:
            lines.append(
                say_n(
                    "magie-des-bijoux.lesson",
                    "You hold {n} plaque ({plaques}): {points} points.",
                    "You hold {n} plaques ({plaques}): {points} points.",
                    len(held),
                    plaques=held,
                    points=points,
                )
            )
        else:
            lines.append(
                say_n(
                    "magie-des-bijoux.lesson",
                    "{name} holds {n} plaque ({plaques}): {points} points.",
                    "{name} holds {n} plaques ({plaques}): {points} points.",
                    len(held),
                    name=seat(who),
                    plaques=held,
                    points=points,
                )
            )
    lines.append(
        say(
            "magie-des-bijoux.lesson",
            "The other plaques are nobody's — a tie, or not more stones than empty settings —"
            " so their {points} points count for no one.",
            points=outcome.get("neutral_points", 0),
        )
    )
    if outcome["winners"] == [learner]:
        lines.append(
            say("magie-des-bijoux.lesson", "You win: your plaques are worth the most points.")
        )
    elif learner in outcome["winners"]:
        lines.append(say("magie-des-bijoux.lesson", "A tie for first place: you share the win."))
    else:
        lines.append(
            say(
                "magie-des-bijoux.lesson",
                "{name} wins this time.",
                name=seat(outcome["winners"][0]),
            )
        )
    return lines


LESSON = Lesson(
    game="magie-des-bijoux",
    seed=33,
    players=2,
    options={"first_seat": 0},
    learner=0,
    names=[None, "Mira"],
    result=result,
    script=[
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Jewel plaques lie in a grid; you and Mira set your stones on them. Whoever"
                    " holds the plaques worth the most points wins.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "The number in a plaque's corner is its settings: that many stones fit on it,"
                    " and it is worth that many points.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "To begin, put the pawn on a plaque, without a stone: here, one of the glowing"
                    " plaques of the third row.",
                ),
            ],
            accept=[{"type": "place_pawn", "plaque": [2, col]} for col in range(3)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "For this lesson, put the pawn on one of the glowing plaques of the third row.",
            ),
        ),
        mira(
            2,
            3,
            say(
                "magie-des-bijoux.lesson",
                "Mira moves the pawn along its row and fills the ring there: a full plaque gives"
                " her an extra move at once.",
            ),
        ),
        mira(
            1,
            3,
            say(
                "magie-des-bijoux.lesson",
                "With her extra move she fills another ring. A plaque filled during an extra move"
                " gives no further move.",
            ),
        ),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Your turn. The pawn moves like a rook: along its row or its column, as far as"
                    " you like, to a plaque with a free setting; then you set a stone there.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "It may not go straight back to where it just stood (the faint pawn).",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "Move it along its row to the glowing pair of ear clips.",
                ),
            ],
            accept=[to(1, 0)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "This step moves the pawn along its row to the glowing ear clips (row 2,"
                " column 1).",
            ),
            light=["pawn", "previous"],
        ),
        mira(
            1,
            1,
            say("magie-des-bijoux.lesson", "Mira sets a stone on the other pair of ear clips."),
        ),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Filling a plaque's last setting gives you an extra move at once.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "The ring below is still empty: go down the column and fill it.",
                ),
            ],
            accept=[to(2, 1)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "Go down the pawn's column to the glowing ring: filling it gives an extra move.",
            ),
        ),
        Step(
            words=[
                say("magie-des-bijoux.lesson", "Extra move! Move the pawn again now."),
                say(
                    "magie-des-bijoux.lesson", "Set a stone on the glowing ear clips to the right."
                ),
            ],
            accept=[to(2, 2)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "For this extra move, go right along the row to the glowing ear clips.",
            ),
        ),
        mira(
            2,
            0,
            say(
                "magie-des-bijoux.lesson",
                "Mira sets a stone on the bangle at the left (4 settings).",
            ),
        ),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "A plaque belongs to whoever has more stones on it than every other player"
                    " and than its empty settings.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "Your ear clips above hold one stone and one empty setting: one is not more"
                    " than one. A second stone makes them yours, and fills them.",
                ),
            ],
            accept=[to(1, 0)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "Go up to your glowing ear clips: a second stone wins and fills them.",
            ),
        ),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Extra move. Mira has one stone on the ear clips beside yours.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "Fill them with yours: one stone against one holds nothing, so Mira can no"
                    " longer win them.",
                ),
            ],
            accept=[to(1, 1)],
            why_not=say(
                "magie-des-bijoux.lesson", "Spoil Mira's ear clips next door: set your stone there."
            ),
        ),
        mira(3, 1, say("magie-des-bijoux.lesson", "Mira sets a stone on the diadem (5 settings).")),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "The ring at the left is empty: one stone fills it, wins it and gives you an"
                    " extra move.",
                )
            ],
            accept=[to(3, 0)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "Go left to the glowing ring: one stone wins it and fills it.",
            ),
        ),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Extra move. Go up to Mira's bangle: with one stone each, she no longer"
                    " leads there.",
                )
            ],
            accept=[to(2, 0)],
            why_not=say("magie-des-bijoux.lesson", "Go up the column to the glowing bangle."),
        ),
        mira(
            2,
            2,
            say(
                "magie-des-bijoux.lesson",
                "Mira fills the ear clips you began: one stone each, so nobody holds them. The"
                " full plaque gives her an extra move.",
            ),
        ),
        mira(
            1,
            2,
            say("magie-des-bijoux.lesson", "With her extra move she sets a stone on a bangle."),
        ),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Only two plaques are in reach. Take the crown at the top: 6 points, but it"
                    " needs many stones before anyone holds it.",
                )
            ],
            accept=[to(0, 2)],
            why_not=say("magie-des-bijoux.lesson", "Go up to the glowing crown."),
        ),
        mira(0, 1, say("magie-des-bijoux.lesson", "Mira sets a stone on the brooch.")),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "Keep the pawn near full plaques: the game ends as soon as the player to move"
                    " has nowhere to go. Go right to the ear clips.",
                )
            ],
            accept=[to(0, 3)],
            why_not=say(
                "magie-des-bijoux.lesson", "Go right along the top row to the glowing ear clips."
            ),
        ),
        mira(0, 0, say("magie-des-bijoux.lesson", "Mira goes to the bangle in the corner.")),
        Step(
            words=[
                say(
                    "magie-des-bijoux.lesson",
                    "The game ends as soon as the player to move cannot move the pawn, or has no"
                    " stone left.",
                ),
                say(
                    "magie-des-bijoux.lesson",
                    "Go down to the bangle: two stones against Mira's one and one empty setting"
                    " make it yours, and from there every way is full or barred for Mira.",
                ),
            ],
            accept=[to(2, 0)],
            why_not=say(
                "magie-des-bijoux.lesson",
                "Go down to the glowing bangle: it becomes yours and Mira is stuck.",
            ),
        ),
    ],
)
