"""Das Kollier's shortcut for speed keeps to the rules' own answer: the best split of a hand with
room for one necklace only. (Its listed moves and `apply`'s shared state are checked with the
other engines' in tests/test_engine_speed_paths.py.)"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from shared.games.das_kollier.gems import KINDS, _best_split, best_split, sort_gems


def full_search(hand: list[str]) -> tuple[int, list[list[str]]]:
    total, necklaces = _best_split(tuple(hand.count(k) for k in KINDS))
    return total, [sort_gems(list(n)) for n in necklaces]


def test_best_split_of_a_hand_with_room_for_one_necklace_is_the_full_searchs():
    hands = [list(c) for size in range(6) for c in combinations_with_replacement(KINDS, size)]
    rng = random.Random(4)
    for _ in range(300):  # larger hands with fewer than two pairs
        hand = rng.sample(KINDS, rng.randrange(4, 11))
        hand += [hand[0]] * rng.randrange(0, 3)
        hands.append(sort_gems(hand))
    for hand in hands:
        assert best_split(hand) == full_search(hand), hand
