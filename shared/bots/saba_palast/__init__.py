"""Bots for Saba – Palast der Königin.

What a seat cannot see: the others' action cards, the action draw pile's order and which cards
lie in the discard pile, and the palace deck's order. `determinize` deals them at random: the 20
action cards minus the own hand go to the other hands, the draw pile and the discard pile by
their public counts; the palace deck is rebuilt from its fixed layout (level 1, treasury 1,
level 2, treasury 2, level 3, then three level-3 cards shuffled with the end card) with cards not
yet seen on the building fields or in the garden.

Rules of thumb (basic): take the harbour field after which the best build is affordable; build
where a figure gains a balcony it is likely to keep (a column stays for good; a level whose next
level is on display soon goes), sending another's figure home counts too; fulfil a treasury card
only when the treasury figure will be ours, the end card only when we win; play action cards and
use quarters just as far as a build needs them; put figures into quarters for the materials the
palace asks for; give back what the coming builds need least.

Strong: a flat search over a few ways of going on, not a tree (`flat_search`, through the
policy's "search" option). At a harbour, build or quarter decision it weighs the rules of thumb's
move and a few others (`root_choices`: the next best harbour moves by basic's own score, the
best builds — each with the cards and quarters paying for it — and passing, placing a figure or
not); every other decision is basic's. Each round of the search imagines one state from the
view and plays every way on that same state, so the ways are compared on the same hidden cards;
after the way, everybody plays by the rules of thumb (the opponents the bench seats, and a fair
guess at people) until two turns have ended (`playout`: the own turn and the next player's),
and the evaluation judges the position for the seat. The best mean wins; the rules of thumb's
move unless another is better by a margin. One iteration is one way played out once (a few
milliseconds), so a decision at the tables' 800 ms budget plays some 150–250.

Evaluation: each seat's expected points — balcony figures weighed by how likely they stay,
treasury figures, a share for materials, cards, quarter figures and serail markers — plus a look
at the coming round: each player in turn builds what serves him best with what he holds and his
next harbour field, and part of what that brings him (and costs the figure's owner it sends home)
counts, the more the sooner. The points become a soft share of the lead.

History: the tree search of the other games (`shared.bots.search`) judging each new node by this
evaluation at once won 54% of 120 two-player games against basic — random play-outs waste
materials, and a tree over single moves (a turn holds many) saw little past the own turn.
Comparing whole ways on shared imagined states, played on by basic, did better at a tenth of the
iterations (see docs/performance.md).

The bot is made of rooms by job: `hidden` (imagining what the seat cannot see), `evaluation`
(judging a position), `basic` (the rules of thumb) and `search` (the strong search).
"""

from __future__ import annotations

from shared.bots.base import Policy
from shared.bots.saba_palast.basic import basic
from shared.bots.saba_palast.evaluation import evaluate
from shared.bots.saba_palast.hidden import determinize
from shared.bots.saba_palast.search import flat_search

POLICY = Policy(
    basic=basic,
    determinize=determinize,
    evaluate=evaluate,
    rollout_depth=0,
    options={"search": flat_search},
)
