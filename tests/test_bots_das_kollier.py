"""Das Kollier bots: imagined states agree with what a seat sees and remembers, the rules of
thumb, the played-out evaluation and the moves the search weighs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shared.bots.das_kollier.imagine import determinize, remember
from shared.bots.das_kollier.playout import Playout
from shared.bots.das_kollier.strong import candidates, evaluate
from shared.bots.das_kollier.thumb import KNOCK_DOWN_MIN, basic, delay
from shared.randomplay import random_step
from tests.test_das_kollier import GAME, KNOCK, bid, opened, run, table, won


def choose(state: dict, seat: int) -> dict | None:
    return basic(GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(0))


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (4, {"sealed_first_auctioneer": True}), (6, {})]
)
def test_imagined_states_look_like_the_real_one_and_keep_what_was_seen(players, options):
    rng = random.Random(players)
    state = GAME.new_game(players, players, options)
    seen: list[list[dict]] = [[] for _ in range(players)]
    step = 0
    while not GAME.is_over(state):
        if step % 7 == 0:
            for seat in {GAME.to_act(state)[0], step % players}:
                view = GAME.view(state, seat)
                imagined = determinize(remember(view, seen[seat]), rng)
                assert GAME.view(imagined, seat) == view
                assert GAME.legal_moves(imagined, seat) == GAME.legal_moves(state, seat)
                # Every payment is announced in cash: the imagined money is the real money.
                assert imagined["cash"] == state["cash"]
        seat, move = random_step(GAME, state, rng)
        state, events = GAME.apply(state, seat, move)
        for s in range(players):
            seen[s] += GAME.view_events(events, s)
        step += 1


def test_gems_others_won_stay_in_their_imagined_hands():
    rng = random.Random(9)
    state = GAME.new_game(9, 4)
    seen: list[dict] = []
    checked = 0
    while not GAME.is_over(state):
        seat, move = random_step(GAME, state, rng)
        state, events = GAME.apply(state, seat, move)
        seen += GAME.view_events(events, 0)
        view = remember(GAME.view(state, 0), seen)
        imagined = determinize(view, rng)
        for other in (1, 2, 3):
            known = Counter(view["memory"]["hands"][other])
            # A gem won stays known until its holder gives gems away unseen.
            if known and not view["memory"]["given"][other]:
                assert not known - Counter(state["hands"][other])
                assert not known - Counter(imagined["hands"][other])
                checked += 1
    assert checked


def test_a_bot_that_missed_events_imagines_the_money_at_random():
    state = GAME.new_game(2, 4)
    rng = random.Random(2)
    for _ in range(40):
        seat, move = random_step(GAME, state, rng)
        state, _ = GAME.apply(state, seat, move)
    view = remember(GAME.view(state, 0), [])
    if state["cash"] != [15_000] * 4:
        assert view["memory"]["cash"] is None
    imagined = determinize(view, rng)
    assert GAME.view(imagined, 0) == GAME.view(state, 0)


def test_the_auctioneer_knocks_down_and_waits_longer_than_any_bid():
    state = run(table(lot=["smaragd", "achat"]), (0, opened(8_000)), (1, bid(8_000)))[0]
    # While others may still bid, the quiet time decides (rules audit 2).
    assert choose(state, 0) is None
    state = run(state, (2, {"type": "pass"}), (3, {"type": "pass"}))[0]
    assert choose(state, 0) == KNOCK
    view = GAME.view(state, 0)
    rng = random.Random(0)
    knock = min(delay(view, KNOCK, rng) for _ in range(50))
    for seat in (2, 3):
        move = {"type": "bid", "amount": 9_000}
        assert max(delay(GAME.view(state, seat), move, rng) for _ in range(50)) < knock


@pytest.mark.parametrize("quiet", [1, 8, 30])
def test_the_auctioneer_leaves_people_most_of_the_quiet_time_to_bid(quiet):
    state = run(table(lot=["smaragd", "achat"]), (0, opened(8_000)), (1, bid(8_000)))[0]
    state["options"]["quiet_time"] = quiet
    view = GAME.view(state, 0)
    rng = random.Random(0)
    pauses = [delay(view, KNOCK, rng) for _ in range(50)]
    assert min(pauses) >= max(KNOCK_DOWN_MIN, 0.75 * quiet)
    assert max(pauses) <= max(KNOCK_DOWN_MIN, 0.95 * quiet)


def test_a_bidder_bids_the_minimum_within_his_limit_and_holds_back_beyond_it():
    # Seat 1 holds a Smaragd and two Turmaline: another Turmalin pair below makes the necklace
    # far more valuable, so he bids; at a price beyond his cash he holds back.
    hands = {1: ["smaragd", "turmalin", "turmalin"]}
    state = table(lot=["amethyst", "amethyst"], hands=hands, cash=[15_000, 12_000, 0, 0])
    state = run(state, (0, opened(8_000)))[0]
    assert choose(state, 1) == bid(8_000)
    state = run(state, (2, bid(12_000)))[0]
    assert choose(state, 1) is None


def test_the_auctioneer_choosing_his_commission_does_not_sell_instead():
    hands = {1: ["tuerkis"], 0: ["opal"]}
    state = table(lot=["smaragd"], hands=hands, cash=[15_000, 20_000, 15_000, 10_000], round=7)
    state = run(
        won(state, 11_000),
        (1, {"type": "pay", "cash": 9_000, "gems": ["tuerkis"], "necklaces": []}),
    )[0]
    legal = GAME.legal_moves(state, 0)
    assert {m["type"] for m in legal} == {"commission", "sell"}
    assert choose(state, 0)["type"] == "commission"


def test_the_buyer_pays_in_cash_when_it_suffices():
    state = won(table(lot=["smaragd"], hands={1: ["granat"]}, round=8), 8_000)
    assert choose(state, 1) == {"type": "pay", "cash": 8_000, "gems": [], "necklaces": []}


def test_a_buyer_short_of_cash_sells_to_the_bank_to_pay():
    state = table(lot=["smaragd"], hands={1: ["granat"]}, cash=[15_000, 2_000, 20_000, 13_000])
    state = won(state, 8_000)
    assert choose(state, 1) == {"type": "sell", "gems": ["granat"]}


def test_an_auctioneer_short_of_cash_lets_the_lot_fall():
    state = table(lot=["smaragd"], cash=[3_000, 15_000, 15_000, 15_000])
    assert choose(state, 0) == {"type": "falling_auction"}


def test_the_search_weighs_the_lowest_bid_or_passing_and_no_sales_outside_payment():
    state = run(table(lot=["smaragd", "achat"], hands={1: ["granat"]}), (0, opened(8_000)))[0]
    moves = candidates(state, 1, GAME.legal_moves(state, 1))
    assert moves == [{"type": "pass"}, bid(8_000)]


def test_evaluation_is_the_outcome_at_the_end_and_a_share_before():
    rng = random.Random(4)
    state = GAME.new_game(4, 4)
    while not GAME.is_over(state):
        values = evaluate(state)
        assert len(values) == 4 and all(0 <= v <= 1 for v in values)
        seat, move = random_step(GAME, state, rng)
        state, _ = GAME.apply(state, seat, move)
    winners = GAME.outcome(state)["winners"]
    assert evaluate(state) == [1 / len(winners) if s in winners else 0.0 for s in range(4)]


def test_the_playout_sells_every_card_still_to_come():
    state = GAME.new_game(6, 4)
    playout = Playout(state, random.Random(0))
    scores = playout.scores()
    assert len(scores) == 4 and not playout.deck and not playout.set_aside
    held = sum(sum(counts) for counts in playout.counts) + len(playout.bank_gems)
    assert held == 40
