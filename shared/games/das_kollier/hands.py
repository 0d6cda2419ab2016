"""Das Kollier's hand arithmetic, remembered per hand or lot: a lot's base value, whether a
price can be paid, what listing moves needs to know of a hand (`HandFacts`), taking gems out of
a hand, and the payment of a hand's most valuable pieces."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from shared.engine import IllegalMove, ListedMove, Move
from shared.games.das_kollier.gems import (
    VALUE,
    base_value,
    best_necklace,
    best_split,
    necklace_value,
    sort_gems,
)
from shared.games.das_kollier.tables import (
    ACCEPT,
    BID_LISTS,
    DECLINE,
    START_LISTS,
    pay_move,
)

# The base value of a lot, by its gems in their order: a few thousand lots are ever dealt, so
# each is summed once (asked several times per lot). Remembering a lot by its list's identity
# as it was dealt cost more than it saved.
_LOT_VALUES: dict[tuple[str, ...], int] = {}
LOT_VALUES_KEPT = 20_000


def lot_value(lot: list[str]) -> int:
    """A lot is worth its gems' base value."""
    key = tuple(lot)
    value = _LOT_VALUES.get(key)
    if value is None:
        if len(_LOT_VALUES) >= LOT_VALUES_KEPT:
            _LOT_VALUES.clear()
        value = _LOT_VALUES[key] = base_value(lot)
    return value


def can_pay(cash: int, hand: list[str], price: int, mixed: bool) -> bool:
    """Whether `price` can be paid: in cash only, or (`mixed`) with cash, single gems at base
    value and necklaces at necklace value. Cheap bounds decide most cases before the exact
    search."""
    if cash >= price:
        return True
    if not mixed:
        return False
    facts = HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
    if cash + facts.worth >= price:  # `one_necklace_worth`
        return True
    if cash + facts.most < price:
        return False
    return cash + best_split(hand)[0] >= price


class HandFacts:
    """What listing moves needs to know of one hand (see `hand_facts`)."""

    __slots__ = (
        "necklace",
        "necklace_value",
        "top",
        "worth",
        "most",
        "sales",
        "take",
        "wait",
        "bids",
        "starts",
    )

    def __init__(self, hand: list[str]) -> None:
        # The best necklace (`best_necklace`), and what the hand pays as that necklace and
        # singles (`one_necklace_worth`).
        value, necklace = best_necklace(hand)
        self.necklace, self.necklace_value = tuple(necklace), value
        self.top = max(map(VALUE.__getitem__, hand), default=0)  # the most valuable gem's value
        self.worth = base_value(hand) - base_value(necklace) + value
        # At most: a gem is worth its base value times 1 + the number of kinds held in pairs.
        paired = sum(1 for count in Counter(hand).values() if count >= 2)
        self.most = base_value(hand) * (1 + paired)
        # The sales `legal_moves` lists: the best necklace, the gems outside it, the cheapest.
        sales: list[Move] = [ListedMove(type="sell", necklace=necklace)] if value else []
        if hand:
            outside = take_gems(hand, necklace)
            if len(outside) > 1:
                sales.append(ListedMove(type="sell", gems=outside))
            sales.append(ListedMove(type="sell", gems=[hand[-1]]))
        self.sales: tuple[Move, ...] = tuple(sales)
        # The asked seat's lists in a falling auction: accept or decline, or only decline.
        self.take = (ACCEPT, DECLINE, *sales)
        self.wait = (DECLINE, *sales)
        # The lists `legal_moves` answers a seat holding this hand that has not sold yet:
        # bids[minimum + k] and starts[base + k] (k as in BID_LISTS and START_LISTS: the
        # amounts are whole thousands, k is below 1,000), the sales after them.
        self.bids: dict[int, tuple[Move, ...]] = {}
        self.starts: dict[int, tuple[Move, ...]] = {}

    def bid_list(self, minimum: int, k: int) -> tuple[Move, ...]:
        moves = self.bids[minimum + k] = (*BID_LISTS[minimum][k], *self.sales)
        return moves

    def start_list(self, base: int, k: int) -> tuple[Move, ...]:
        moves = self.starts[base + k] = (*START_LISTS[base][k], *self.sales)
        return moves


HAND_FACTS: dict[tuple[str, ...], HandFacts] = {}
HAND_FACTS_KEPT = 20_000  # hands remembered; the memory starts afresh beyond that


def hand_facts(hand: list[str]) -> HandFacts:
    """The facts of a hand, worked out once per hand (the same gems in the same order)."""
    key = tuple(hand)
    facts = HAND_FACTS.get(key)
    if facts is None:
        facts = HandFacts(hand)
        if len(HAND_FACTS) >= HAND_FACTS_KEPT:
            HAND_FACTS.clear()
        HAND_FACTS[key] = facts
    return facts


def take_gems(hand: list[str], gems: list[str]) -> list[str]:
    """The hand without `gems`; `IllegalMove` when the hand does not hold them all."""
    rest = list(hand)
    remove = rest.remove
    try:
        for gem in gems:
            remove(gem)
    except ValueError:
        pass  # some gem is missing: said below
    else:
        return sort_gems(rest)
    missing = Counter(gems) - Counter(hand)
    if missing:
        gem = next(iter(missing))
        raise IllegalMove(f"you do not hold {'another' if gem in hand else 'a'} {gem}")
    rest = Counter(hand) - Counter(gems)
    return sort_gems(list(rest.elements()))


def biggest_pieces_payment(cash: int, hand: list[str], price: int) -> Move:
    """A payment from the hand's best split: its most valuable pieces until cash covers the
    rest. Taking pieces from the biggest down leaves none that could be spared."""
    gems: list[str] = []
    chosen: list[list[str]] = []
    worth = 0
    for value, gem, necklace in split_pieces(tuple(hand)):
        if worth + cash >= price:
            break
        worth += value
        if gem is None:
            chosen.append([*necklace])
        else:
            gems.append(gem)
    return pay_move(max(0, price - worth), gems, chosen)


@lru_cache(maxsize=4096)
def split_pieces(hand: tuple[str, ...]) -> tuple[tuple[int, str | None, tuple[str, ...]], ...]:
    """The pieces of a hand's best split, most valuable first (necklaces before single gems of
    the same value): (value, the single gem or None, the necklace or ()). Remembered per hand:
    a buyer short of cash is offered it again after each default."""
    _, necklaces = best_split(list(hand))
    singles = take_gems(list(hand), [g for n in necklaces for g in n])
    pieces = [(necklace_value(n), None, tuple(n)) for n in necklaces]
    pieces += [(VALUE[g], g, ()) for g in singles]
    return tuple(sorted(pieces, key=lambda piece: -piece[0]))
