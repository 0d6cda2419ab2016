"""Die Kette von Saba bots: imagined states agree with what a seat sees at every table size and
option, the rules of thumb, the evaluation and the moves the search weighs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shared.bots.kette_von_saba import (
    basic,
    candidates,
    card_pool,
    determinize,
    evaluate,
    likely_sale,
)
from shared.randomplay import random_step
from tests.test_kette_von_saba import GAME, act, reconstruction, table
from tests.test_kette_von_saba_board import board_with


def choose(state: dict, seat: int) -> dict:
    return basic(GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(0))


def sold_to_seat_one(hands: list[list[str]], board: list) -> dict:
    """Seat 0 offers his only card; seat 1 buys it for 1,000 and must keep it or lay it."""
    state = table(hands, board=board)
    state, _ = act(state, 0, "offer", card=hands[0][0])
    state, _ = act(state, 1, "bid", amount=1000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "sell")
    assert state["phase"] == "buyer"
    return state


@pytest.mark.parametrize(
    "players, options",
    [(3, {}), (5, {"no-jokers": True}), (7, {"joker-symmetry": True}), (4, {})],
)
def test_imagined_states_look_like_the_real_one(players, options):
    rng = random.Random(players)
    state = GAME.new_game(players, players, options)
    step = 0
    while not GAME.is_over(state):
        if step % 9 == 0:
            for seat in {GAME.to_act(state)[0], step % players}:
                view = GAME.view(state, seat)
                imagined = determinize(view, rng)
                assert GAME.view(imagined, seat) == view
                assert GAME.legal_moves(imagined, seat) == GAME.legal_moves(state, seat)
                assert GAME.to_act(imagined) == GAME.to_act(state)
        seat, move = random_step(GAME, state, rng)
        state, _ = GAME.apply(state, seat, move)
        step += 1


def test_the_player_to_act_in_stage_two_is_dealt_a_card_he_can_play():
    # On an empty board no piece is settled, so a joker has no space: seat 1, to act, must hold
    # the only real card seat 0 cannot see.
    hands = [["perle-2"], ["rubin-3"], ["joker", "joker"]]
    pool = card_pool(GAME.new_game(1, 3)["options"])
    pool.subtract(Counter(card for hand in hands for card in hand))
    state = reconstruction(hands, board_with({}), turn=1)
    state["forgeries"] = sorted(pool.elements())
    view = GAME.view(state, 0)
    for seed in range(20):
        imagined = determinize(view, random.Random(seed))
        assert imagined["hands"][1] == ["rubin-3"]
        assert GAME.view(imagined, 0) == view


def test_a_buyer_keeps_a_card_worth_more_later_than_double_now():
    # An isolated pearl earns 2 × 1,000 now; kept, it should earn more on a fuller board.
    state = sold_to_seat_one(
        [["perle-2"], ["saphir-3"], ["amethyst-4"]], board_with({(0, 0): "rubin-1"})
    )
    assert choose(state, 1) == {"type": "keep"}


def test_a_buyer_lays_his_card_at_once_when_the_double_reward_beats_keeping():
    # Between rubin-1 and rubin-3, next to saphir-2: 6,000, doubled.
    cards = {(0, 0): "rubin-1", (0, 2): "rubin-3", (1, 1): "saphir-2"}
    state = sold_to_seat_one([["rubin-2"], ["saphir-3"], ["amethyst-4"]], board_with(cards))
    assert choose(state, 1) == {"type": "place", "space": [0, 1]}


def test_in_stage_two_a_forgery_is_discarded_to_wait_for_a_fuller_board():
    # The second rubin-1 is false; the pearl would earn only 2,000 on the almost empty board.
    board = board_with({(0, 0): "rubin-1"})
    state = reconstruction([["rubin-1", "perle-2"], ["saphir-3"], ["amethyst-4"]], board)
    assert choose(state, 0) == {"type": "discard", "card": "rubin-1"}


def test_the_auctioneer_buys_the_deck_card_while_an_unseen_card_is_worth_its_price():
    state = table([["perle-2"], ["saphir-3"], ["amethyst-4"]])
    state, _ = act(state, 0, "offer", card="perle-2")
    state, _ = act(state, 1, "bid", amount=1000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "sell")
    state, _ = act(state, 1, "keep")
    assert state["phase"] == "draw"
    assert choose(state, 0) == {"type": "draw"}


def test_cards_that_fit_count_for_their_holder():
    # Same cash; seat 0 holds real cards, seat 1 only the false copy of the centre piece.
    board = board_with({(0, 0): "rubin-1"})
    hands = [["perle-2", "saphir-3"], ["rubin-1", "rubin-1"], ["amethyst-4", "smaragd-2"]]
    values = evaluate(reconstruction(hands, board))
    assert values[0] > values[1] and values[2] > values[1]
    assert all(0.0 <= v <= 1.0 for v in values)


def test_a_finished_game_is_judged_by_cash():
    state = GAME.new_game(2, 3)
    state.update(end="no_cards", phase="over", cash=[30_000, 50_000, 40_000])
    values = evaluate(state)
    assert values[1] > values[2] > values[0]


def test_a_reserve_above_what_anyone_would_pay_is_expected_to_fail():
    state = table([["perle-2"], ["saphir-3"], ["amethyst-4"]])
    state, _ = act(state, 0, "offer", card="perle-2")
    state, _ = act(state, 1, "bid", amount=1000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "reserve", price=15_000)
    assert likely_sale(state, 6000) == (None, 0)


def test_the_search_weighs_a_few_bids_among_them_passing_and_the_lowest():
    state = table([["perle-2"], ["saphir-3"], ["amethyst-4"]])
    state, _ = act(state, 0, "offer", card="perle-2")
    legal = GAME.legal_moves(state, 1)
    weighed = candidates(state, 1, legal)
    assert len(legal) == 21 and len(weighed) <= 6
    assert weighed[:2] == [{"type": "pass"}, {"type": "bid", "amount": 1000}]
    assert all(move in legal for move in weighed)
