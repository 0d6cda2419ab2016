"""The engine's half of undo: `Game.may_take_back` for each game, from its rules.

A move the hook lets a seat take back must have drawn nothing by chance (the state's rng is
untouched) and told nobody anything hidden: played from a state that a seat cannot tell apart
from the real one (the game test's `perturb_hidden`), it leaves that seat's view the same as
the real move does. Random games check both for every move the hook allows; the tests below
name the moves each game's rules allow or forbid.
"""

from __future__ import annotations

import importlib
import random

import pytest

from shared import engine
from shared.randomplay import random_step

GAMES = engine.list_games()


def perturb_of(game_id: str):
    """The game's own statement of what is hidden (tests/test_<module>.py), None if nothing."""
    module = importlib.import_module(f"tests.test_{game_id.replace('-', '_')}")
    return getattr(module, "perturb_hidden", None)


def players(game: engine.Game) -> int:
    return min(max(game.min_players, 3), game.max_players)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_that_may_be_taken_back_drew_nothing_and_revealed_nothing(game_id):
    game = engine.get_game(game_id)
    perturb = perturb_of(game_id)
    allowed = refused = compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_game(seed, players(game))
        while not game.is_over(state):
            seat, move = random_step(game, state, rng)
            after, events = game.apply(state, seat, move)
            if not game.may_take_back(state, seat, move, events):
                refused += 1
                state = after
                continue
            allowed += 1
            assert after["rng"] == state["rng"], f"{move!r} drew by chance"
            for viewer in [*range(state["players"]), None]:
                other = perturb(game.copy_state(state), viewer, rng) if perturb else None
                if other is None or other == state:
                    continue
                try:
                    other_after, _ = game.apply(other, seat, move)
                except engine.IllegalMove:
                    continue
                assert game.view(other_after, viewer) == game.view(after, viewer), (
                    f"{move!r} by seat {seat} told seat {viewer} something hidden"
                )
                compared += 1
            state = after
    assert allowed, "the hook allowed nothing: it checked nothing"
    if perturb is not None:
        assert compared, "no perturbed state was compared"


def test_a_game_that_says_nothing_takes_nothing_back():
    from tests.test_server_kit import Countdown

    game = Countdown()
    state = game.new_game(1, 2)
    after, events = game.apply(state, 1, {"type": "raise"})
    assert not game.may_take_back(state, 1, {"type": "raise"}, events)


# ---------------------------------------------------------------------- La Magie des Bijoux


def test_magie_every_move_may_be_taken_back_nothing_is_hidden_or_drawn():
    game = engine.get_game("magie-des-bijoux")
    state = game.new_game(3, 2, {"first_seat": 0})
    move = game.legal_moves(state, 0)[0]
    after, events = game.apply(state, 0, move)
    assert game.may_take_back(state, 0, move, events)


# ---------------------------------------------------------------------- Das Kollier


def kollier(seed: int = 5, **options) -> tuple[engine.Game, dict]:
    game = engine.get_game("das-kollier")
    return game, game.new_game(seed, 3, {"first_seat": 0, **options})


def test_kollier_the_kind_of_auction_and_its_start_price_may_be_taken_back():
    game, state = kollier()
    move = next(m for m in game.legal_moves(state, 0) if m["type"] == "open_auction")
    after, events = game.apply(state, 0, move)
    assert game.may_take_back(state, 0, move, events)
    assert game.timer(after) is not None, "the open auction runs: still the auctioneer's turn"


def test_kollier_a_knock_down_sells_the_lot_and_stays():
    game, state = kollier()
    opened = next(m for m in game.legal_moves(state, 0) if m["type"] == "open_auction")
    state, _ = game.apply(state, 0, opened)
    bid = next(m for m in game.legal_moves(state, 1) if m["type"] == "bid")
    after, events = game.apply(state, 1, bid)
    # A bid reveals nothing; the server keeps it once another seat answered (tests/test_undo.py).
    assert game.may_take_back(state, 1, bid, events)
    state, _ = game.apply(after, 2, {"type": "pass"})
    knock = {"type": "knock_down"}
    after, events = game.apply(state, 0, knock)
    assert not game.may_take_back(state, 0, knock, events)


def test_kollier_a_payment_shows_what_was_paid_and_stays():
    game, state = kollier()
    opened = next(m for m in game.legal_moves(state, 0) if m["type"] == "open_auction")
    state, _ = game.apply(state, 0, opened)
    for seat in (1, 2):
        state, _ = game.apply(state, seat, {"type": "pass"})
    state, _ = game.apply(state, 0, {"type": "knock_down"})
    pay = next(m for m in game.legal_moves(state, 0) if m["type"] == "pay")
    after, events = game.apply(state, 0, pay)
    assert not game.may_take_back(state, 0, pay, events)


def test_kollier_the_last_sealed_bid_opens_them_all_and_stays():
    game, state = kollier(sealed_first_auctioneer=True)
    first = {"type": "sealed_bid", "amount": 1000}
    after, events = game.apply(state, 0, first)
    assert game.may_take_back(state, 0, first, events)
    state, _ = game.apply(after, 1, first)
    last, events = game.apply(state, 2, first)
    assert any(e["type"] == "first_auctioneer" for e in events)
    assert not game.may_take_back(state, 2, first, events)


# ---------------------------------------------------------------------- Die Kette von Saba


def kette(seed: int = 2) -> tuple[engine.Game, dict]:
    game = engine.get_game("kette-von-saba")
    return game, game.new_game(seed, 3, {"first_seat": 0})


def test_kette_offering_a_hand_card_shows_it_and_stays():
    game, state = kette()
    offer = game.legal_moves(state, 0)[0]
    after, events = game.apply(state, 0, offer)
    assert not game.may_take_back(state, 0, offer, events)


def test_kette_laying_the_unsold_card_may_be_taken_back_drawing_may_not():
    game, state = kette()
    state, _ = game.apply(state, 0, game.legal_moves(state, 0)[0])
    while state["phase"] == "bidding":
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, {"type": "pass"})
    assert state["phase"] == "lay" and game.to_act(state) == [0]
    lay = game.legal_moves(state, 0)[0]
    after, events = game.apply(state, 0, lay)
    assert game.may_take_back(state, 0, lay, events)
    assert game.to_act(after) == [0], "the auctioneer may still draw: still his turn"
    draw = {"type": "draw"}
    _, events = game.apply(after, 0, draw)
    assert not game.may_take_back(after, 0, draw, events)


def test_kette_the_pass_that_ends_the_bidding_settles_the_auction():
    game, state = kette()
    state, _ = game.apply(state, 0, game.legal_moves(state, 0)[0])
    bid = {"type": "bid", "amount": 1000}
    seat = game.to_act(state)[0]
    after, events = game.apply(state, seat, bid)
    assert game.may_take_back(state, seat, bid, events)
    state = after
    while state["phase"] == "bidding":
        seat = game.to_act(state)[0]
        before = state
        state, events = game.apply(state, seat, {"type": "pass"})
    assert any(e["type"] == "bidding_closed" for e in events)
    assert not game.may_take_back(before, seat, {"type": "pass"}, events)


# ---------------------------------------------------------------------- Saba – Palast


def saba(seed: int = 4) -> tuple[engine.Game, dict]:
    game = engine.get_game("saba-palast")
    return game, game.new_game(seed, 2, {"first_seat": 0})


def test_saba_a_harbour_field_without_a_card_may_be_taken_back_one_with_a_card_not():
    game, state = saba()
    for move in game.legal_moves(state, 0):
        if move["type"] != "harbour":
            continue
        after, events = game.apply(state, 0, move)
        drew = any(e["type"] in ("card_drawn", "card_revealed") for e in events)
        assert game.may_take_back(state, 0, move, events) is not drew, move


def test_saba_drawing_playing_a_card_and_ending_the_turn_stay():
    game, state = saba()
    move = next(m for m in game.legal_moves(state, 0) if m["type"] == "harbour")
    state, _ = game.apply(state, 0, move)
    while state["phase"] != "draw":
        state, _ = game.apply(state, 0, {"type": "pass"})
    for kind in ("draw", "end_turn"):
        move = {"type": kind}
        after, events = game.apply(state, 0, move)
        assert not game.may_take_back(state, 0, move, events), kind
        state = after if kind == "draw" else state
    plays = [
        (s, m)
        for s in game.to_act(state)
        for m in game.legal_moves(state, s)
        if m["type"] == "play_card"
    ]
    for seat, move in plays[:1]:
        _, events = game.apply(state, seat, move)
        assert not game.may_take_back(state, seat, move, events)
