"""Das Kollier's shortcuts for speed keep to the rules' own answers: the best split of a hand with
room for one necklace only, the payments checked from facts worked out once, the shared events.
(Its listed moves and `apply`'s shared state are checked with the other engines' in
tests/test_engine_speed_paths.py.)"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import msgpack
import pytest

from shared import engine
from shared.engine import SharedEvent
from shared.games.das_kollier import tables as kollier
from shared.games.das_kollier.gems import KINDS, _best_split, best_split, sort_gems
from shared.randomplay import play_random_game

GAME = engine.get_game("das-kollier")


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


def _outcome(state, seat, move):
    try:
        after, events = GAME.apply(state, seat, move)
    except engine.IllegalMove as error:
        return ("refused", error.code, error.reason)
    return ("played", msgpack.packb(after), msgpack.packb(events))


def _variants(state, seat):
    """The state, and the same with the paying seat's hand, cash or round changed by hand: a
    listed payment offered before such a change must be judged by the new facts."""
    yield state
    hand = state["hands"][seat]
    for change in ("no_gems", "fewer_gems", "no_cash", "cash_only_round", "falling"):
        other = GAME.copy_state(state)
        if change == "no_gems":
            other["hands"][seat] = []
        elif change == "fewer_gems" and hand:
            other["hands"][seat] = hand[1:]
        elif change == "no_cash":
            other["cash"][seat] = 0
        elif change == "cash_only_round":
            other["round"] = kollier.CASH_ONLY_ROUNDS
        elif change == "falling":
            other["auction"]["kind"] = "falling"
        yield other


def test_listed_payments_are_judged_as_their_plain_copies():
    # `move_pay` checks a listed payment (PAYMENTS) from facts worked out when it was listed;
    # a plain dict of the same payment takes the full check. Both must agree, also when the
    # hand, the cash or the kind of sale changed after the payment was listed.
    checked = 0
    for seed in range(12):
        state = GAME.new_game(seed, 4)
        _, history = play_random_game(GAME, seed, 4)
        for seat, move in history:
            if state["phase"] == "pay" and seat == state["auction"]["buyer"]:
                for listed in GAME.legal_moves(state, seat):
                    if listed["type"] != "pay":
                        continue
                    for variant in _variants(state, seat):
                        assert _outcome(variant, seat, listed) == _outcome(
                            variant, seat, dict(listed)
                        )
                        checked += 1
            state, _ = GAME.apply(state, seat, move)
    assert checked > 500


def test_shared_events_are_read_only_plain_data_equal_to_their_dicts():
    events = []
    for seed in range(3):
        state = GAME.new_game(seed, 6)
        _, history = play_random_game(GAME, seed, 6)
        for seat, move in history:
            state, new = GAME.apply(state, seat, move)
            events += new
    shared = [e for e in events if isinstance(e, SharedEvent)]
    assert {e["type"] for e in shared} >= {"declined", "passed", "bid", "price_fell"}
    for event in shared:
        assert msgpack.unpackb(msgpack.packb(event)) == event == dict(event)
        with pytest.raises(TypeError, match="read-only"):
            event["seat"] = 99
    assert kollier.PASSED[2] is kollier.PASSED[2] and kollier.PASSED[2] == {
        "type": "passed",
        "seat": 2,
    }
    assert kollier.DECLINED[1][5000] == {"type": "declined", "seat": 1, "price": 5000}
    # By seat the tables are tuples, one entry for every seat a table can have.
    assert len(kollier.PASSED) == len(kollier.DECLINED) == len(kollier.BID_EVENTS)
    assert len(kollier.PASSED) == GAME.max_players
