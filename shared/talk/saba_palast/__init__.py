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

The voice is made of rooms by job: `terms` (the game's words), `rules` (the rules sheet), `moment`
(headline, explanation, topic), `moves` (each move's label, cost and warning), `facts`, and `log`
(the game log and the results).
"""

from __future__ import annotations

from shared.talk import Moment, Talk
from shared.talk.saba_palast.facts import facts_of
from shared.talk.saba_palast.log import event_line, result_lines, score_rows
from shared.talk.saba_palast.moment import headline_now, headline_over
from shared.talk.saba_palast.moves import move_talk
from shared.talk.saba_palast.rules import END, GOAL, RULES


class Voice:
    """The voice of Saba – Palast der Königin."""

    goal = GOAL
    end = END
    rules = RULES
    event_line = staticmethod(event_line)
    result_lines = staticmethod(result_lines)
    score_rows = staticmethod(score_rows)

    def talk(self, moment: Moment) -> Talk:
        view = moment.view
        me = moment.seat
        if view.get("end") is not None or moment.outcome is not None:
            headline, explain, topic = headline_over(view, moment.outcome)
        else:
            headline, explain, topic = headline_now(view, moment)
        return {
            "headline": headline,
            "explain": explain,
            "moves": [move_talk(view, me, m) for m in moment.legal],
            "facts": facts_of(view, moment),
            "topic": topic,
        }


VOICE = Voice()
