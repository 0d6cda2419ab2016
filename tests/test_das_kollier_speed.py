"""Das Kollier's shortcuts for speed keep to the rules' own answers: the best split of a hand
with room for one necklace only, the moves listed from tables (read-only, plain data), and
`apply` sharing parts of the state it was given without changing it."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import msgpack
import pytest

from shared.engine import ListedMove, get_game
from shared.games.das_kollier.gems import KINDS, _best_split, best_split, sort_gems

GAME = get_game("das-kollier")


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


@pytest.mark.parametrize("players", [3, 6])
def test_listed_moves_are_read_only_and_apply_leaves_its_state_alone(players):
    rng = random.Random(players)
    state = GAME.new_game(players, players, {"sealed_first_auctioneer": players == 3})
    listed = 0
    while seats := GAME.to_act(state):
        seat = rng.choice(seats)
        moves = GAME.legal_moves(state, seat)
        for move in moves:
            if isinstance(move, ListedMove):
                listed += 1
                with pytest.raises(TypeError):
                    move["type"] = "tampered"
        assert msgpack.unpackb(msgpack.packb(moves)) == moves
        before = msgpack.packb(state)
        after, _ = GAME.apply(state, seat, rng.choice(moves))
        assert msgpack.packb(state) == before
        state = after
    assert listed and GAME.is_over(state)
