"""The gems of Das Kollier and the arithmetic of necklaces (pure functions, no game state).

A necklace (Kollier) is one centre gem of a kind strictly more valuable than every other kind in
it, plus at least one other kind, each other kind in pairs (an even count, at least two). Its value
is the sum of the base values times the number of kinds in it.
"""

from __future__ import annotations

from collections import Counter
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


def sort_gems(gems: list[str]) -> list[str]:
    """Gems most valuable first (the order hands and necklaces are kept in)."""
    return sorted(gems, key=RANK.__getitem__)


def check_known(gems: list[str]) -> None:
    """`ValueError` unless every entry is a gem id."""
    for gem in gems:
        if gem not in VALUE:
            raise ValueError(f"there is no gem {gem!r}; the gems are {', '.join(KINDS)}")


def base_value(gems: list[str]) -> int:
    """The sum of the gems' base values."""
    return sum(VALUE[g] for g in gems)


def necklace_value(gems: list[str]) -> int:
    """The value of one necklace given as gem ids; `ValueError` saying why it is no necklace."""
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
    return base_value(gems) * len(counts)


def best_necklace(gems: list[str]) -> tuple[int, list[str]]:
    """The most valuable necklace that can be made from a hand, and its gems; `(0, [])` when the
    hand makes none.

    Every pair of a lower kind adds to the sum, and every new kind to the multiplier, so the best
    necklace around a centre takes all the pairs below it. A more valuable centre then has at
    least the same pairs below it, so the best necklace is centred on the most valuable gem with
    a pair below it. Two centres never tie, so the rules' tie-breaks (fewer gems, the better gem
    left outside) never have to choose between necklaces of one hand.
    """
    check_known(gems)
    counts = Counter(gems)
    kinds = sort_gems(list(counts))
    for i, centre in enumerate(kinds):
        pairs = [gem for gem in kinds[i + 1 :] for _ in range(counts[gem] - counts[gem] % 2)]
        if pairs:
            necklace = [centre, *pairs]
            return necklace_value(necklace), necklace
    return 0, []


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
    total, necklaces = _best_split(tuple(counts[k] for k in KINDS))
    return total, [sort_gems(list(n)) for n in necklaces]


# An open necklace during the search: (kinds it will have, kinds it still lacks).
Opening = tuple[int, int]


@lru_cache(maxsize=4096)
def _best_split(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """Exact search over the kinds from the most valuable down.

    A gem is worth its base value times the number of kinds of the necklace it ends in (1 when
    single), so a necklace is opened at its centre with the number of kinds it will have, and
    lower kinds hand pairs to the open necklaces as the search goes down. Pairs beyond the first
    of a kind in a necklace go to the open necklace with the most kinds. Open necklaces of the
    same shape are interchangeable, so states are multisets; a state whose missing kinds cannot
    be supplied by the pairs below is cut off at once.
    """
    kinds = len(KINDS)
    pairs = [c // 2 for c in counts]
    pair_kinds = [sum(1 for p in pairs[i:] if p) for i in range(kinds + 1)]
    memo: dict[tuple[int, tuple[Opening, ...]], tuple[int, tuple] | None] = {}

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

    def solve(i: int, open_: tuple[Opening, ...]) -> int | None:
        if i == kinds:
            return None if open_ else 0
        key = (i, open_)
        if key in memo:
            return None if memo[key] is None else memo[key][0]
        best: tuple[int, tuple] | None = None
        if supplied(i, open_):
            count, value = counts[i], GEMS[i].value
            groups = sorted(Counter(open_).items())
            for take in product(*[range(n + 1) for _, n in groups]):
                spare = count - 2 * sum(take)
                if spare < 0:
                    continue
                top = max(
                    (shape[0] for (shape, _), t in zip(groups, take, strict=True) if t), default=0
                )
                for centres in range(spare + 1 if pair_kinds[i + 1] else 1):
                    for targets in combinations_with_replacement(
                        range(2, pair_kinds[i + 1] + 2), centres
                    ):
                        left = spare - centres
                        extra, singles = (left // 2, left % 2) if top else (0, left)
                        gain = value * (
                            sum(
                                2 * shape[0] * t for (shape, _), t in zip(groups, take, strict=True)
                            )
                            + 2 * extra * top
                            + sum(targets)
                            + singles
                        )
                        after: list[Opening] = []
                        for ((target, missing), n), t in zip(groups, take, strict=True):
                            after += [(target, missing)] * (n - t)
                            after += [(target, missing - 1)] * t if missing > 1 else []
                        after += [(target, target - 1) for target in targets]
                        rest = solve(i + 1, tuple(sorted(after)))
                        if rest is not None and (best is None or gain + rest > best[0]):
                            best = (gain + rest, (take, targets, extra))
        memo[key] = best
        return None if best is None else best[0]

    total = solve(0, ())
    assert total is not None
    # Walk the best decisions again, now with real necklaces, to name their gems.
    open_necklaces: list[tuple[int, int, list[str]]] = []
    done: list[tuple[str, ...]] = []
    for i, gem in enumerate(KINDS):
        shapes = tuple(sorted((target, missing) for target, missing, _ in open_necklaces))
        best = memo[(i, shapes)]
        assert best is not None
        take, targets, extra = best[1]
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
    return total, tuple(done)
