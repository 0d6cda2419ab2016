"""Das Kollier's voice: what a moment of an auction for gems means, for every client.

Made only from a `Moment` (the seat's view, its legal moves, the seats to act): the lot with each
gem's name and value, the seat's cash and best necklace, what each listed move does or costs and
a warning where it may hurt the mover (a bid, start price, acceptance or pre-emption beyond what
the seat can pay — decision 10 of the rules notes —, an overpayment with gems, a sale to the bank
below the gems' worth), the game log's sentence for each event as the seat sees it
(`event_line`), and the rules by topic. The game's terms (gem names, phases, money) keep
the catalog contexts they had in the pygame view ("das-kollier.gem", "das-kollier.phase",
"das-kollier"); the talk's own lines are under "das-kollier.talk", the log's under
"das-kollier.log".

Cheap by design: a talk is made per seat per move on the server, so it reads the view as it is
(no copies) and uses only the engine's remembered hand arithmetic (`best_necklace`, `can_pay`).

The voice is made of rooms, one job each: `terms` (the game's words), `moment` (the headline,
the explanation and the topic), `moves` (each legal move's entry), `facts`, `log` (the game
log's sentences), `results` (the tie-breaks and the scores' table) and `rules`.
"""

from __future__ import annotations

from typing import Any

from shared.talk import Line, Moment, Section, Talk, say
from shared.talk.das_kollier.facts import facts_of
from shared.talk.das_kollier.log import event_line
from shared.talk.das_kollier.moment import moment_lines, topic
from shared.talk.das_kollier.moves import move_entry
from shared.talk.das_kollier.results import result_lines, score_rows
from shared.talk.das_kollier.rules import RULES
from shared.talk.das_kollier.terms import GEM_PIECES
from shared.talk.scores import Row


class Voice:
    """Das Kollier's voice (see the module doc)."""

    goal = say(
        "das-kollier.talk",
        "Das Kollier: buy gems at auction and string the most valuable necklace.",
    )
    end = say(
        "das-kollier.talk",
        "The game ends when the second deck has been auctioned; the best necklace wins (ties:"
        " fewer gems in it, then the best gem outside it, then money).",
    )

    @property
    def rules(self) -> list[Section]:
        return RULES

    pieces = {f"gem:{gem}": found for gem, found in GEM_PIECES.items()}

    def talk(self, moment: Moment) -> Talk:
        """The headline, the explanation, an entry per legal move, the facts and the topic."""
        headline, explain = moment_lines(moment)
        return {
            "headline": headline,
            "explain": explain,
            "moves": [move_entry(moment, listed) for listed in moment.legal],
            "facts": facts_of(moment),
            "topic": topic(moment),
        }

    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> Line | None:
        """The game log's sentence for one event as the seat sees it (None: it says nothing);
        `taken_back` is the clients' own."""
        return event_line(event, view)

    def result_lines(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Line]:
        """Which of the rules' tie-breaks decided an equal necklace (the engine names it)."""
        return result_lines(outcome, view)

    def score_rows(self, outcome: dict[str, Any], view: dict[str, Any]) -> list[Row]:
        """Where the necklace's value came from, and beside it the tie-breaks."""
        return score_rows(outcome, view)


VOICE = Voice()
