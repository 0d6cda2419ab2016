"""Das Kollier's bots judge a hand by its prospect: the best necklace, each single gem counted
as part of the pair it may still become (more likely the more copies of its kind are still to
come). A lot is worth what it adds to the prospect, turned into dollars at a price per point
that rises as the cards run out (money left at the end buys nothing), plus a little for its
gems as payment later (`Outlook`, one seat's judgement from its view)."""

from __future__ import annotations

from shared.engine import View
from shared.games.das_kollier.gems import CARDS, GEMS, KINDS, RANK, SET_ASIDE, base_value
from shared.games.das_kollier.tables import STEP

VALUES = [gem.value for gem in GEMS]
ALL_COUNTS = [CARDS[kind] for kind in KINDS]
TOTAL_CARDS = sum(ALL_COUNTS)

# A single gem becomes a pair with this chance per copy of its kind still to come, shared among
# the players, but at most with MAX_PAIR_CHANCE.
PAIR_CHANCE = 0.6
MAX_PAIR_CHANCE = 0.6
# Points of prospect a dollar buys with the whole game ahead; it falls with the share of the
# cards still to come (counted as at least FEW_LEFT).
POINTS_PER_DOLLAR = 5.0
FEW_LEFT = 0.05
# A lot is also worth this share of its base value as future payment.
RESALE_SHARE = 0.3


def counts_of(gems: list[str]) -> list[int]:
    counts = [0] * len(KINDS)
    for gem in gems:
        counts[RANK[gem]] += 1
    return counts


def prospect(counts: list[int], chances: list[float]) -> float:
    """The best necklace of a hand, each single gem counted as its pair times the chance that
    the pair is completed (kinds count likewise in part). With no chances it is the best
    necklace's value."""
    best = 0.0
    below_sum = 0.0
    below_kinds = 0.0
    for j in reversed(range(len(KINDS))):
        held = counts[j]
        if held:
            centre_sum = VALUES[j] + below_sum
            # Fewer than one other kind: a necklace only in part, up to its value with one.
            worth = (
                centre_sum * (1 + below_kinds) if below_kinds >= 1 else 2 * centre_sum * below_kinds
            )
            best = max(best, worth)
        if held >= 2:
            below_sum += 2 * (held // 2) * VALUES[j] + (held % 2) * chances[j] * 2 * VALUES[j]
            below_kinds += 1
        elif held == 1:
            below_sum += chances[j] * 2 * VALUES[j]
            below_kinds += chances[j]
    return best


def pair_chances(future: list[float], players: int) -> list[float]:
    """Per kind, the chance that a single gem finds its partner among `future` copies."""
    return [min(MAX_PAIR_CHANCE, PAIR_CHANCE * copies / players) for copies in future]


def points_per_dollar(after: float) -> float:
    """What a dollar buys in points of prospect when `after` (a share) of the game's cards are
    still to be auctioned after the lot on the table."""
    return POINTS_PER_DOLLAR * max(FEW_LEFT, after)


class Outlook:
    """One seat's judgement from its view: what gems add to its prospect, in dollars."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.counts = counts_of(view["gems"])
        self.cash: int = view["cash"]
        deck_one = view["deck_number"] == 1
        known = counts_of(view["gems"] + view["lot"] + paid_gems_seen(view))
        set_aside = counts_of(list(SET_ASIDE)) if set_aside_known(view) else [0] * len(KINDS)
        unseen = [ALL_COUNTS[j] - known[j] - set_aside[j] for j in range(len(KINDS))]
        # The deck (and in the first deck the bank's pile) is drawn from the unseen cards.
        drawn = view["deck_count"] + (view["bank_gem_count"] if deck_one else 0)
        hidden = sum(unseen)
        future = [
            (u * drawn / hidden if hidden else 0.0) + s
            for u, s in zip(unseen, set_aside, strict=True)
        ]
        coming = drawn + (view["set_aside_count"] if deck_one else 0)
        self.chances = pair_chances(future, view["players"])
        self.rate = points_per_dollar(coming / TOTAL_CARDS)
        self.now = prospect(self.counts, self.chances)

    def gain(self, gems: list[str]) -> float:
        """Points `gems` add to the prospect."""
        after = self.counts[:]
        for gem in gems:
            after[RANK[gem]] += 1
        return prospect(after, self.chances) - self.now

    def loss(self, gems: list[str]) -> float:
        """Points giving up `gems` takes from the prospect."""
        after = self.counts[:]
        for gem in gems:
            after[RANK[gem]] -= 1
        return self.now - prospect(after, self.chances)

    def worth(self, gems: list[str]) -> float:
        """What `gems` are worth to this seat, in dollars."""
        return self.gain(gems) / self.rate + RESALE_SHARE * base_value(gems)

    def means(self, mixed: bool) -> int:
        """Cash, and (when gems may pay) the base value of the gems outside the best necklace."""
        return self.cash + (outside_value(self.counts) if mixed else 0)

    def limit(self, mixed: bool) -> int:
        """The most this seat offers for the lot on the table, in whole thousands."""
        worth = self.worth(self.view["lot"])
        return int(min(worth, self.means(mixed))) // STEP * STEP


def paid_gems_seen(view: View) -> list[str]:
    auction = view["auction"]
    return list(auction.get("paid_gems", [])) if auction else []


def set_aside_known(view: View) -> bool:
    """The set-aside gems are known while the whole set waits for the second deck."""
    return view["deck_number"] == 1 and view["set_aside_count"] == len(SET_ASIDE)


def outside_value(counts: list[int]) -> int:
    """The base value of the gems outside the best necklace (centred on the most valuable gem
    with a pair below it, taking every pair below)."""
    total = sum(VALUES[j] * c for j, c in enumerate(counts))
    paired = [VALUES[j] * (c - c % 2) for j, c in enumerate(counts)]
    for j, held in enumerate(counts):
        below = sum(paired[j + 1 :])
        if held and below:
            return total - VALUES[j] - below
    return total
