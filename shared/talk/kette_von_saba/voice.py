"""The voice of Die Kette von Saba: what a moment of the auction or the reconstruction means to
one seat (or a spectator), each legal move's label, what it does and what it may cost, the facts
a player weighs (what the card on sale would pay where, the bids, the money, the forgeries), and
the rules by topic.

Made only from the `Moment` (the seat's view, its legal moves, the seats to act): the hands of
others and the deck stay unknown here as they are in the view. Cheap by design: a few lookups
and, per card considered, the rewards of the spaces its legal moves name (`reward_at`).

Card names keep the context the pygame table gave them ("kette-von-saba.card"), the move labels
theirs ("kette-von-saba.button") and amounts of money "kette-von-saba"; the talk's own lines are
under "kette-von-saba.talk".

The voice gathers its parts, each a room of this package: `moment` (the headline and its
explanation), `moves` (each legal move's entry), `facts`, `rules` (goal, end, sections, pieces),
`log` (the game log's sentences), `results` (the results' lines and table), and `words` (cards,
money and why a game ended, which they all say).
"""

from __future__ import annotations

from shared.talk import Moment, Talk
from shared.talk.kette_von_saba import log, results
from shared.talk.kette_von_saba.facts import facts_of
from shared.talk.kette_von_saba.moment import moment_lines
from shared.talk.kette_von_saba.moves import move_entry
from shared.talk.kette_von_saba.rewards import Rewards
from shared.talk.kette_von_saba.rules import END, GOAL, RULES, TOPICS, table_pieces


class KetteVonSabaVoice:
    pieces = table_pieces()
    goal = GOAL
    end = END
    rules = RULES
    # The game log's sentence of an event, and what the results add to the scores.
    event_line = staticmethod(log.event_line)
    result_lines = staticmethod(results.result_lines)
    score_rows = staticmethod(results.score_rows)

    def talk(self, moment: Moment) -> Talk:
        view = moment.view
        rewards = Rewards(view["board"])
        headline, explain = moment_lines(moment, rewards)
        return {
            "headline": headline,
            "explain": explain,
            "moves": [move_entry(moment, m, rewards) for m in moment.legal],
            "facts": facts_of(moment, rewards),
            "topic": TOPICS.get(view["phase"], "auction"),
        }
