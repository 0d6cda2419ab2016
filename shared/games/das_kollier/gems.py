"""The gems of Das Kollier and the arithmetic of necklaces (pure functions, no game state).

A necklace (Kollier) is one centre gem of a kind strictly more valuable than every other kind in
it, plus at least one other kind, each other kind in pairs (an even count, at least two). Its value
is the sum of the base values times the number of kinds in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product


@dataclass(frozen=True)
class Gem:
    id: str
    name: str
    value: int
    cards: int


# RECONSTRUCTION (rules notes §2): values and counts fit every worked example of the rules.
# Most valuable first; the order is used as the rank of a kind throughout.
GEMS: tuple[Gem, ...] = (
    Gem("diamant", "Diamant", 10_000, 1),
    Gem("rubin", "Rubin", 9_000, 2),
    Gem("topas", "Topas", 8_000, 2),
    Gem("smaragd", "Smaragd", 7_000, 2),
    Gem("granat", "Granat", 6_000, 3),
    Gem("turmalin", "Turmalin", 5_000, 4),
    Gem("amethyst", "Amethyst", 4_000, 5),
    Gem("opal", "Opal", 3_000, 6),
    Gem("tuerkis", "Türkis", 2_000, 7),
    Gem("achat", "Achat", 1_000, 8),
)
KINDS: tuple[str, ...] = tuple(g.id for g in GEMS)
VALUE: dict[str, int] = {g.id: g.value for g in GEMS}
RANK: dict[str, int] = {g.id: i for i, g in enumerate(GEMS)}
CARDS: dict[str, int] = {g.id: g.cards for g in GEMS}
# Kept out of the first deck and shuffled into the second.
SET_ASIDE: tuple[str, ...] = ("diamant", "rubin", "rubin", "topas", "topas")


def all_cards() -> list[str]:
    """The 40 gem cards, most valuable first."""
    return [g.id for g in GEMS for _ in range(g.cards)]


_RANK_OF = RANK.__getitem__


def sort_gems(gems: Iterable[str]) -> list[str]:
    """Gems most valuable first (the order hands and necklaces are kept in). A function, not
    `partial(sorted, key=...)`: a partial with a keyword builds a new keyword dict on every
    call, which costs more than the call it saves."""
    return sorted(gems, key=_RANK_OF)


def check_known(gems: list[str]) -> None:
    """`ValueError` unless every entry is a gem id."""
    for gem in gems:
        if gem not in VALUE:
            raise ValueError(f"there is no gem {gem!r}; the gems are {', '.join(KINDS)}")


def base_value(gems: list[str]) -> int:
    """The sum of the gems' base values."""
    return sum(map(VALUE.__getitem__, gems))


def necklace_value(gems: list[str]) -> int:
    """The value of one necklace given as gem ids; `ValueError` saying why it is no necklace."""
    base, kinds = necklace_parts(gems)
    return base * kinds


def necklace_parts(gems: list[str]) -> tuple[int, int]:
    """A necklace's value in its two factors: its gems' base values added up, and its number
    of kinds (the value is their product); `ValueError` saying why it is no necklace."""
    return _necklace_parts(tuple(gems))


@lru_cache(maxsize=4096)
def _necklace_parts(gems: tuple[str, ...]) -> tuple[int, int]:
    # Remembered per necklace (in its order); a refusal is not remembered, it is raised again.
    check_known(gems)
    counts = Counter(gems)
    if len(counts) < 2:
        raise ValueError("a necklace needs a centre gem and at least one pair of another kind")
    centre = min(counts, key=RANK.__getitem__)
    if counts[centre] != 1:
        raise ValueError(
            f"the centre of a necklace is a single gem of its most valuable kind,"
            f" but it holds {counts[centre]} of kind {centre}"
        )
    for gem, count in counts.items():
        if gem != centre and count % 2:
            raise ValueError(
                f"gems beside the centre must be laid in pairs, but there are {count} of {gem}"
            )
    return base_value(gems), len(counts)


def best_necklace(gems: list[str]) -> tuple[int, list[str]]:
    """The most valuable necklace that can be made from a hand, and its gems; `(0, [])` when the
    hand makes none.

    Every pair of a lower kind adds to the sum, and every new kind to the multiplier, so the best
    necklace around a centre takes all the pairs below it. A more valuable centre then has at
    least the same pairs below it, so the best necklace is centred on the most valuable gem with
    a pair below it. Two centres never tie, so the rules' tie-breaks (fewer gems, the better gem
    left outside) never have to choose between necklaces of one hand.
    """
    value, necklace = _best_necklace(tuple(gems))
    return value, [*necklace]


@lru_cache(maxsize=4096)
def _best_necklace(gems: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    # Remembered per hand (in its order); a refusal is not remembered, it is raised again.
    check_known(gems)
    counts = Counter(gems)
    kinds = sort_gems(list(counts))
    for i, centre in enumerate(kinds):
        pairs = [gem for gem in kinds[i + 1 :] for _ in range(counts[gem] - counts[gem] % 2)]
        if pairs:
            necklace = [centre, *pairs]
            return necklace_value(necklace), tuple(necklace)
    return 0, ()


def one_necklace_worth(gems: list[str]) -> int:
    """What a hand is worth as payment with its best necklace and the rest as single gems: a
    quick lower bound of `best_split` (the best necklace also adds the most to the base value)."""
    value, necklace = best_necklace(gems)
    return base_value(gems) - base_value(necklace) + value


def best_split(gems: list[str]) -> tuple[int, list[list[str]]]:
    """The most a hand is worth as payment: cut into necklaces (at necklace value) and single gems
    (at base value). Returns the total and the necklaces; the gems left over count singly."""
    check_known(gems)
    counts = Counter(gems)
    if len(gems) < 6 or sum(c // 2 for c in counts.values()) < 2:
        # Room for one necklace at most (two need two centres and two pairs): the best one,
        # which beats any other (see `best_necklace`) and the gems alone.
        value, necklace = best_necklace(gems)
        return base_value(gems) - base_value(necklace) + value, [necklace] if value else []
    total, necklaces = _best_split(tuple(counts[k] for k in KINDS))
    return total, [sort_gems(list(n)) for n in necklaces]


# An open necklace during the search: (kinds it will have, kinds it still lacks).
Opening = tuple[int, int]
# A choice at one kind: how many open necklaces of each shape take a pair, the kinds of the
# necklaces centred here, and the extra pairs for the taker with the most kinds.
Choice = tuple[tuple[int, ...], tuple[int, ...], int]
# Memo entry: (value, exact, choice). An inexact value is only a bound below the `need` the
# state was asked for; an impossible state is worth -inf.
Known = tuple[float, bool, Choice | None]
IMPOSSIBLE = float("-inf")


def search_bounds(counts: tuple[int, ...], i: int, most: list[int]) -> list[int]:
    """Bounds for `_best_split` at kind i: entry `largest` bounds what kinds i.. can add when
    the open necklaces have at most `largest` kinds (`most[j]`: the most kinds a necklace
    centred on kind j can have).

    A gem in a pair counts at most as often as the largest necklace it could end in: an open
    one or one centred on a gem held from kind i down. A gem that is no member (the odd one out
    of a kind, or any gem of the top kind held when no necklace is open) counts at most as
    often as the necklace it is the centre of. Those necklaces need distinct kinds below the
    top kind, each kind serving at most as many necklaces as it has pairs; the most their
    centres can add under that is found greedily, most valuable centre first (the sizes such
    necklaces can take form a polymatroid)."""
    values = [gem.value for gem in GEMS]
    held = [j for j in range(i, len(counts)) if counts[j]]
    if not held:
        return [0] * (len(counts) + 2)
    top = held[0]
    supply = [c // 2 for c in counts[top + 1 :] if c >= 2]
    # capacity[q]: the most memberships q necklaces can take.
    capacity = [sum(min(p, q) for p in supply) for q in range(sum(counts) + 1)]

    def centres(candidates: list[int]) -> int:
        sizes: list[int] = []  # members taken, largest first
        total = 0
        for j in candidates:
            room, before = most[j] - 1, 0
            for q, size in enumerate([*sizes, 0], 1):
                room = min(room, capacity[q] - before)
                before += size
            room = max(room, 0)
            sizes.append(room)
            sizes.sort(reverse=True)
            total += values[j] * (1 + room)
        return total

    def paired(j: int) -> int:
        return values[j] * (counts[j] - counts[j] % 2)

    odd = [j for j in held for _ in range(counts[j] % 2)]
    alone = [top] * counts[top] + [j for j in odd if j != top]
    row = [sum(paired(j) for j in held[1:]) * most[top] + centres(alone)]
    with_top = sum(paired(j) for j in held)
    odd_total = centres(odd)
    row += [with_top * max(largest, most[top]) + odd_total for largest in range(1, len(counts) + 2)]
    return row


@lru_cache(maxsize=4096)
def _best_split(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """Exact search over the kinds from the most valuable down, pruned by bounds.

    A gem is worth its base value times the number of kinds of the necklace it ends in (1 when
    single), so a necklace is opened at its centre with the number of kinds it will have, and
    lower kinds hand pairs to the open necklaces as the search goes down. Pairs beyond the first
    of a kind in a necklace go to the open necklace with the most kinds. Open necklaces of the
    same shape are interchangeable, so states are multisets; a state whose missing kinds cannot
    be supplied by the pairs below is cut off at once.

    The search is branch and bound (a plain search takes seconds for 30 gems): it needs to beat
    the worth of the hand as one best necklace and single gems (a split that exists) and drops
    every branch whose bound (`search_bounds`, less what smaller open necklaces must lose)
    cannot reach the best found so far. A state searched against a higher need keeps only a
    bound, and is searched again if a lower need comes. The choices are tried most promising
    first, but a tie goes to the one first in the plain search's order, so the necklaces
    returned do not depend on the pruning.
    """
    kinds = len(KINDS)
    values = [gem.value for gem in GEMS]
    pairs = [c // 2 for c in counts]
    pair_kinds = [sum(1 for p in pairs[i:] if p) for i in range(kinds + 1)] + [0]
    # most[j]: the most kinds a necklace centred on kind j can have.
    most = [pair_kinds[j + 1] + 1 for j in range(kinds)]
    bounds = [search_bounds(counts, i, most) for i in range(kinds + 1)]
    # An open necklace smaller than the bound's largest takes its missing pairs at its own size:
    # at least the cheapest kinds still paired, each counted that much less.
    top_most = [next((most[j] for j in range(i, kinds) if counts[j]), 0) for i in range(kinds)]
    cheapest = []
    for i in range(kinds):
        paired_values = sorted(values[j] for j in range(i, kinds) if pairs[j])
        cheapest.append([2 * sum(paired_values[:m]) for m in range(kinds + 1)])
    memo: dict[tuple[int, tuple[Opening, ...]], Known] = {}

    def supplied(i: int, open_: tuple[Opening, ...]) -> bool:
        # Gale–Ryser: necklaces needing m_j distinct kinds, kind t serving at most pairs[t].
        needs = sorted((missing for _, missing in open_), reverse=True)
        supply = [p for p in pairs[i:] if p]
        total = 0
        for k, need in enumerate(needs, 1):
            total += need
            if total > sum(min(p, k) for p in supply):
                return False
        return True

    def candidates(
        i: int, open_: tuple[Opening, ...], need: float
    ) -> tuple[list[tuple[float, int, int, tuple[Opening, ...], Choice]], float]:
        """The choices at kind i whose bound reaches `need`, each as (bound, place in the fixed
        order, gain, next state, choice); and the highest bound of those left out."""
        found = []
        ceiling = IMPOSSIBLE
        count, value = counts[i], values[i]
        below = pair_kinds[i + 1]
        groups = sorted(Counter(open_).items())
        for take in product(*[range(n + 1) for _, n in groups]):
            spare = count - 2 * sum(take)
            if spare < 0:
                continue
            top = max(
                (shape[0] for (shape, _), t in zip(groups, take, strict=True) if t), default=0
            )
            kept: list[Opening] = []
            for ((target, missing), n), t in zip(groups, take, strict=True):
                kept += [(target, missing)] * (n - t)
                kept += [(target, missing - 1)] * t if missing > 1 else []
            taken = value * sum(
                2 * shape[0] * t for (shape, _), t in zip(groups, take, strict=True)
            )
            kept_largest = max((target for target, _ in kept), default=0)
            for centres in range(spare + 1 if below else 1):
                left = spare - centres
                extra, singles = (left // 2, left % 2) if top else (0, left)
                fixed = taken + value * (2 * extra * top + singles)
                # The most any choice of centres here can reach.
                widest = below + 1 if centres else 0
                reach = fixed + value * centres * widest + bounds[i + 1][max(kept_largest, widest)]
                if reach < need:
                    ceiling = max(ceiling, reach)
                    continue
                for targets in combinations_with_replacement(range(2, below + 2), centres):
                    gain = fixed + value * sum(targets)
                    reach = gain + bounds[i + 1][max(kept_largest, targets[-1] if targets else 0)]
                    if reach < need:
                        ceiling = max(ceiling, reach)
                        continue
                    after = tuple(sorted(kept + [(target, target - 1) for target in targets]))
                    found.append((reach, len(found), gain, after, (take, targets, extra)))
        return found, ceiling

    def solve(i: int, open_: tuple[Opening, ...], need: float) -> float:
        """The most kinds i.. can add given the open necklaces: exact when it is at least
        `need`; otherwise a bound below `need`."""
        if i == kinds:
            return IMPOSSIBLE if open_ else 0
        key = (i, open_)
        known = memo.get(key)
        if known is not None and (known[1] or known[0] < need):
            return known[0]
        largest = open_[-1][0] if open_ else 0
        cap = bounds[i][largest]
        widest = max(largest, top_most[i])
        for target, missing in open_:
            cap -= (widest - target) * cheapest[i][missing]
        if cap < need:
            memo[key] = (cap, False, None)
            return cap
        if not supplied(i, open_):
            memo[key] = (IMPOSSIBLE, True, None)
            return IMPOSSIBLE
        found, ceiling = candidates(i, open_, need)
        # The most promising first, so the best is found early and prunes the rest; a tie goes
        # to the choice first in the fixed order, as the plain search would keep it.
        found.sort(key=lambda c: (-c[0], c[1]))
        best, first, choice = IMPOSSIBLE, len(found), None
        for reach, order, gain, after, decision in found:
            limit = max(need, best if order < first else best + 1)
            if reach < limit:
                ceiling = max(ceiling, reach)
                continue
            rest = solve(i + 1, after, limit - gain)
            if gain + rest > best or (gain + rest == best and order < first):
                best, first, choice = gain + rest, order, decision
        if best >= need:
            memo[key] = (best, True, choice)
            return best
        best = max(best, ceiling)
        memo[key] = (best, False, None)
        return best

    hand = [gem for gem, c in zip(KINDS, counts, strict=True) for _ in range(c)]
    total = solve(0, (), one_necklace_worth(hand))
    assert total != IMPOSSIBLE
    # Walk the best decisions again, now with real necklaces, to name their gems.
    open_necklaces: list[tuple[int, int, list[str]]] = []
    done: list[tuple[str, ...]] = []
    for i, gem in enumerate(KINDS):
        shapes = tuple(sorted((target, missing) for target, missing, _ in open_necklaces))
        exact, decision = memo[(i, shapes)][1:]
        assert exact and decision is not None
        take, targets, extra = decision
        takers: list[int] = []
        for ((target, missing), _), t in zip(sorted(Counter(shapes).items()), take, strict=True):
            same = [k for k, n in enumerate(open_necklaces) if n[:2] == (target, missing)]
            takers += same[:t]
        top = max(takers, key=lambda k: open_necklaces[k][0], default=None)
        still_open = []
        for k, (target, missing, held) in enumerate(open_necklaces):
            if k in takers:
                held = held + [gem] * (2 + 2 * extra * (k == top))
                missing -= 1
            if missing:
                still_open.append((target, missing, held))
            else:
                done.append(tuple(held))
        open_necklaces = still_open + [(target, target - 1, [gem]) for target in targets]
    return int(total), tuple(done)
