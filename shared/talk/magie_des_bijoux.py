"""What La Magie des Bijoux's table says: the moment, each plaque the pawn may go to, the facts
and the rules (shared/talk). Everything comes from the seat's view: the game hides nothing."""

from __future__ import annotations

from typing import Any

from shared.games.magie_des_bijoux import PLAQUE_KINDS, MagieDesBijoux, row_winner
from shared.talk import Line, Moment, Section, Talk, fact, move, piece, say, say_n, seat
from shared.talk.scores import Row, number, part_rows, row

# The plaques by their number of settings (the engine's PLAQUE_KINDS), as the table names them.
PLAQUE_NAMES: dict[str, Line] = {
    "ring": say("magie-des-bijoux.plaque", "ring"),
    "ear clip": say("magie-des-bijoux.plaque", "pair of ear clips"),
    "brooch": say("magie-des-bijoux.plaque", "brooch"),
    "bangle": say("magie-des-bijoux.plaque", "bangle"),
    "diadem": say("magie-des-bijoux.plaque", "diadem"),
    "crown": say("magie-des-bijoux.plaque", "crown"),
}


def plaque_name(settings: int) -> Line:
    """The name of a plaque with `settings` settings."""
    return PLAQUE_NAMES[PLAQUE_KINDS[settings]]


def _points(view: dict[str, Any], who: int) -> int:
    return sum(s for s, o in zip(view["settings"], view["owners"], strict=True) if o == who)


def _pieces() -> dict[str, dict[str, Any]]:
    """The plaques by their number of settings, the stones of each seat, the pawn and the plaque
    it came from, and an empty setting: each by name, with what it is worth or does."""
    pieces = {
        f"plaque:{n}": piece(
            plaque_name(n),
            say_n(
                "magie-des-bijoux.talk",
                "{n} setting (the number in the corner): worth {n} point to whoever holds the"
                " plaque at the end.",
                "{n} settings (the number in the corner): worth {n} points to whoever holds the"
                " plaque at the end.",
                n,
            ),
        )
        for n in sorted(PLAQUE_KINDS)
    }
    for who in range(MagieDesBijoux.max_players):
        pieces[f"stone:{who}"] = piece(
            say("magie-des-bijoux.talk", "{name}'s stones", name=seat(who))
        )
    pieces["stone"] = piece(
        say("magie-des-bijoux.talk", "a stone"),
        say(
            "magie-des-bijoux.talk",
            "More stones on a plaque than anyone else and than its empty settings hold it.",
        ),
    )
    pieces["pawn"] = piece(
        say("magie-des-bijoux.talk", "the pawn"),
        say(
            "magie-des-bijoux.talk",
            "Everyone's pawn: it moves along its row or column to a plaque with a free setting,"
            " and the mover sets a stone there.",
        ),
    )
    pieces["previous"] = piece(
        say("magie-des-bijoux.talk", "where the pawn stood before"),
        say("magie-des-bijoux.talk", "The pawn may not go straight back to this plaque."),
    )
    pieces["setting"] = piece(
        say("magie-des-bijoux.talk", "an empty setting"),
        say(
            "magie-des-bijoux.talk",
            "Empty settings count like one more player: to hold a plaque you need more stones"
            " on it than its empty settings.",
        ),
    )
    return pieces


class MagieVoice:
    """La Magie des Bijoux's voice."""

    pieces = _pieces()

    goal = say(
        "magie-des-bijoux.talk",
        "Win jewel plaques: a plaque is yours while you have more stones on it than anyone "
        "else and than its empty settings; the most points in plaques wins.",
    )
    end = say(
        "magie-des-bijoux.talk",
        "The game ends when the player to move has no plaque to go to or no stone left; "
        "each plaque then scores its settings for the player who holds it.",
    )
    rules = [
        Section(
            "board",
            say("magie-des-bijoux.talk", "The board"),
            [
                say(
                    "magie-des-bijoux.talk",
                    "A grid of jewel plaques, each with 1 to 6 settings (a ring has one, a "
                    "crown six) and worth that many points. Everyone shares one pawn.",
                ),
                say(
                    "magie-des-bijoux.talk",
                    "At the start the first player puts the pawn on any plaque, without a stone.",
                ),
            ],
        ),
        Section(
            "turn",
            say("magie-des-bijoux.talk", "Your turn"),
            [
                say(
                    "magie-des-bijoux.talk",
                    "Move the pawn like a rook — along its row or column, as far as you like, "
                    "jumping over anything — to a plaque that still has a free setting, then set "
                    "one of your stones there.",
                ),
                say(
                    "magie-des-bijoux.talk",
                    "The pawn may not go straight back to the plaque it stood on just before "
                    "(marked with a faint pawn).",
                ),
            ],
        ),
        Section(
            "extra",
            say("magie-des-bijoux.talk", "Extra move"),
            [
                say(
                    "magie-des-bijoux.talk",
                    "Filling a plaque's last setting gives you one extra move at once; an extra "
                    "move never earns another.",
                ),
            ],
        ),
        Section(
            "scoring",
            say("magie-des-bijoux.talk", "Scoring"),
            [
                say(
                    "magie-des-bijoux.talk",
                    "A plaque is won with strictly more stones on it than every other player "
                    "and than its empty settings (they count as one more player). A tie wins "
                    "it for nobody.",
                ),
                say(
                    "magie-des-bijoux.talk",
                    "The most points wins; players with equal points share the win.",
                ),
            ],
        ),
        Section(
            "solitaire",
            say("magie-des-bijoux.talk", "Solitaire"),
            [
                say(
                    "magie-des-bijoux.talk",
                    "One player sets stones of all four colours; the fewer settings stay "
                    "empty, the better — none left empty is a win.",
                ),
            ],
        ),
    ]

    def talk(self, moment: Moment) -> Talk:
        view = moment.view
        solitaire = view["players"] == 1
        mover = view["turn"]
        who = say("magie-des-bijoux.talk", "You") if moment.my_turn else seat(mover)
        if view["end"] is not None:
            headline = say("magie-des-bijoux.talk", "The game is over.")
            explain = (
                say("magie-des-bijoux.talk", "The pawn has nowhere to go.")
                if view["end"] == "blocked"
                else say("magie-des-bijoux.talk", "{name} has no stone left.", name=seat(mover))
            )
            topic = "solitaire" if solitaire else "scoring"
        elif view["pawn"] is None:
            headline = say("magie-des-bijoux.talk", "{who}: place the pawn on any plaque", who=who)
            explain = say(
                "magie-des-bijoux.talk",
                "No stone is set now; from there the pawn moves like a rook.",
            )
            topic = "board"
        elif view["extra"]:
            headline = say("magie-des-bijoux.talk", "{who}: an extra move!", who=who)
            explain = say(
                "magie-des-bijoux.talk",
                "A plaque's last setting was filled: move the pawn once more (an extra move "
                "never earns another).",
            )
            topic = "extra"
        else:
            headline = say("magie-des-bijoux.talk", "{who}: move the pawn and set a stone", who=who)
            explain = say(
                "magie-des-bijoux.talk",
                "Along its row or column to a plaque with a free setting, not straight back.",
            )
            topic = "turn"
        return {
            "headline": headline,
            "explain": explain,
            "moves": [self._move(view, m, moment.seat) for m in moment.legal],
            "facts": self._facts(view, moment.seat),
            "topic": topic,
        }

    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> Line | None:
        """The game log's sentence for one event (None: it says nothing)."""
        kind = event.get("type")
        who = seat(event["seat"]) if "seat" in event else None
        if kind == "pawn_placed":
            return say(
                "magie-des-bijoux.talk",
                "{name} puts the pawn on a {kind}.",
                name=who,
                kind=self._plaque_at(view, event["plaque"]),
            )
        if kind == "stone_placed":
            return say(
                "magie-des-bijoux.talk",
                "{name} sets a stone in the {kind} ({filled} of {settings}).",
                name=who,
                kind=plaque_name(event["settings"]),
                filled=event["filled"],
                settings=event["settings"],
            )
        if kind == "plaque_filled":
            return say(
                "magie-des-bijoux.talk",
                "The {kind} is complete.",
                kind=self._plaque_at(view, event["plaque"]),
            )
        if kind == "extra_move":
            return say("magie-des-bijoux.talk", "{name} earns an extra move!", name=who)
        if kind == "game_over":
            if event.get("reason") == "no_stones":
                return say(
                    "magie-des-bijoux.talk",
                    "{name} has no stones left: the game is over.",
                    name=who,
                )
            return say("magie-des-bijoux.talk", "The pawn has nowhere to go: the game is over.")
        return None

    def result_lines(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
        """What the results add to the scores: the settings left empty in a solitaire, else the
        points of the plaques nobody won."""
        if outcome.get("solitaire"):
            empty = outcome.get("empty_settings", 0)
            if empty == 0:
                return [
                    say("magie-des-bijoux.talk", "Every setting is filled: a perfect solitaire!")
                ]
            return [
                say_n(
                    "magie-des-bijoux.talk",
                    "{n} setting stayed empty (0 wins the solitaire).",
                    "{n} settings stayed empty (0 wins the solitaire).",
                    empty,
                )
            ]
        return [
            say_n(
                "magie-des-bijoux.talk",
                "Plaques won by nobody: {n} point.",
                "Plaques won by nobody: {n} points.",
                outcome.get("neutral_points", 0),
            )
        ]

    def score_rows(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
        """Where the points came from: the plaques each seat won, by size ("crown (6 settings):
        2 × 6 = 12"); in solitaire the settings filled on each size and the plaques full."""
        solitaire = bool(outcome.get("solitaire"))

        def label(part: str) -> Line:
            settings = int(part.removeprefix("plaque-"))
            return say_n(
                "magie-des-bijoux.talk",
                "{plaque} ({n} setting)",
                "{plaque} ({n} settings)",
                settings,
                plaque=plaque_name(settings),
            )

        def cell(part: dict[str, Any]) -> Line:
            if solitaire:
                return say_n(
                    "magie-des-bijoux.talk",
                    "{points} filled · {n} plaque full",
                    "{points} filled · {n} plaques full",
                    part["count"],
                    points=part["points"],
                )
            return say(
                "magie-des-bijoux.talk",
                "{n} × {settings} = {points}",
                n=part["count"],
                settings=part["points"] // part["count"],
                points=part["points"],
            )

        total = (
            say("magie-des-bijoux.talk", "Settings filled")
            if solitaire
            else say("magie-des-bijoux.talk", "Points")
        )
        return [
            *part_rows(outcome, label, cell),
            row(total, [number(score) for score in outcome["scores"]], "total"),
        ]

    def _plaque_at(self, view: dict[str, Any], plaque: list[int]) -> Line:
        return plaque_name(view["settings"][plaque[0] * view["cols"] + plaque[1]])

    def _move(self, view: dict[str, Any], chosen: dict[str, Any], mover: int | None) -> dict:
        row, col = chosen["plaque"]
        cell = row * view["cols"] + col
        settings = view["settings"][cell]
        stones = view["stones"][cell]
        filled = sum(stones)
        name = plaque_name(settings)
        label = say(
            "magie-des-bijoux.talk",
            "{plaque} ({filled} of {settings}), row {row}, column {col}",
            plaque=name,
            filled=filled,
            settings=settings,
            row=row + 1,
            col=col + 1,
        )
        if chosen["type"] == "place_pawn":
            return move(
                label, say("magie-des-bijoux.talk", "The pawn starts here; no stone is set.")
            )
        after = list(stones)
        if mover is not None and mover < len(after):
            after[mover] += 1
        completes = filled + 1 == settings
        does: Line
        warn = None
        if view["players"] == 1:
            does = say(
                "magie-des-bijoux.talk",
                "Set a stone: {filled} of {settings} filled.",
                filled=filled + 1,
                settings=settings,
            )
        else:
            holder = row_winner(after, settings)
            worth = say_n("magie-des-bijoux.talk", "{n} point", "{n} points", settings)
            if holder == mover:
                does = say(
                    "magie-des-bijoux.talk",
                    "Set a stone: the {plaque} is yours for now ({worth}).",
                    plaque=name,
                    worth=worth,
                )
            elif holder is None:
                does = say(
                    "magie-des-bijoux.talk",
                    "Set a stone: nobody holds the {plaque} then.",
                    plaque=name,
                )
            else:
                does = say(
                    "magie-des-bijoux.talk",
                    "Set a stone: {name} still holds the {plaque}.",
                    name=seat(holder),
                    plaque=name,
                )
            if completes and holder is not None and holder != mover:
                warn = say(
                    "magie-des-bijoux.talk",
                    "This fills the {plaque} for good, and {name} wins it ({worth}).",
                    plaque=name,
                    name=seat(holder),
                    worth=worth,
                )
        if completes:
            extra = (
                say("magie-des-bijoux.talk", "Its last setting: an extra move.")
                if not view["extra"]
                else say(
                    "magie-des-bijoux.talk",
                    "Its last setting, but an extra move never earns another.",
                )
            )
            does = say("magie-des-bijoux.talk", "{does} {extra}", does=does, extra=extra)
        return move(label, does, warn)

    def _facts(self, view: dict[str, Any], who: int | None) -> list[dict[str, Any]]:
        if view["players"] == 1:
            empty = sum(s - sum(st) for s, st in zip(view["settings"], view["stones"], strict=True))
            return [
                fact(say("magie-des-bijoux.talk", "Empty settings"), empty),
                fact(say("magie-des-bijoux.talk", "Stones left"), view["supply"][0]),
            ]
        facts = []
        if who is not None:
            facts.append(
                fact(say("magie-des-bijoux.talk", "Your points so far"), _points(view, who))
            )
            facts.append(
                fact(say("magie-des-bijoux.talk", "Your stones left"), view["supply"][who])
            )
        scores = [_points(view, s) for s in range(view["players"])]
        best = max(scores)
        leaders = [seat(s) for s, points in enumerate(scores) if points == best]
        facts.append(
            fact(
                say("magie-des-bijoux.talk", "Leading"),
                say("magie-des-bijoux.talk", "{names} with {n}", names=leaders, n=best),
            )
        )
        neutral = sum(s for s, o in zip(view["settings"], view["owners"], strict=True) if o is None)
        facts.append(
            fact(
                say("magie-des-bijoux.talk", "Held by nobody"),
                say_n("magie-des-bijoux.talk", "{n} point", "{n} points", neutral),
            )
        )
        return facts


VOICE = MagieVoice()
