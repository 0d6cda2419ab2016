"""Bots for Das Kollier.

Only the best necklace counts at the end, so money is worth what it can still buy. A hand is
judged by its prospect: the best necklace, each single gem counted as part of the pair it may
still become (more likely the more copies of its kind are still to come). A lot is worth what it
adds to the prospect, turned into dollars at a price per point that rises as the cards run out
(money left at the end buys nothing), plus a little for its gems as payment later.

Rules of thumb (basic): bid the minimum, with a person's pause, while the price stays within the
lot's worth and one's means; accept a falling price within them. As auctioneer, let a lot worth
its base value to oneself fall (it may be pre-empted cheaply, or it brings at least 4,000), and
open the others at their base value; pre-empt when the lot is worth more than the commission
forgone; knock down once nobody outbids. Pay in cash while it suffices, else with the gems the
necklace misses least; sell to the bank when a price cannot be paid otherwise; take the
commission worth more.

Strong: the generic search weighs a few telling moves (`candidates`: the lowest bid or passing,
no sales to the bank unless a price needs one) and judges each position by playing the rest of
the game out fast by those rules of thumb (`Playout`). Money and lots won are secret in the
view but every cash amount and every lot won is announced, so the seat remembers them from the
events it saw (`remember`): the imagined states have everyone's true cash and the gems the
others are known to hold.

The rooms: `prospect` (a hand's prospect and a seat's `Outlook`), `thumb` (the rules of thumb
and a person's pauses), `imagine` (`remember` and `determinize`), `playout` (the rest of a game
played out fast) and `strong` (what the search weighs: `candidates` and `evaluate`).
"""

from shared.bots.base import Policy
from shared.bots.das_kollier.imagine import determinize, remember
from shared.bots.das_kollier.strong import candidates, evaluate
from shared.bots.das_kollier.thumb import basic, delay

POLICY = Policy(
    basic=basic,
    determinize=determinize,
    evaluate=evaluate,
    delay=delay,
    rollout_depth=0,
    candidates=candidates,
    remember=remember,
)
