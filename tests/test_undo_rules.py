"""The engine's half of undo: `Game.may_take_back` for each game, from its rules.

A move the hook lets a seat take back must have drawn nothing by chance (the state's rng is
untouched) and told nobody anything hidden: played from a state that a seat cannot tell apart
from the real one (the game test's `perturb_hidden`), it leaves that seat's view the same as
the real move does. Random games check both for every move the hook allows; the tests below
name the moves each game's rules allow or forbid. No auction move is ever taken back: a bid, a
pass, an acceptance or a refusal binds the moment it is made (RULES-NOTES.md, decision 11).
"""

from __future__ import annotations

import importlib
import random

import pytest

from shared import engine
from shared.randomplay import random_step

GAMES = engine.list_games()
# Das Kollier takes nothing back: each of its moves is an auction move, which binds the moment it
# is made (RULES-NOTES.md, decision 11), or shows or settles something.
TAKING_BACK = [g for g in GAMES if g != "das-kollier"]


def perturb_of(game_id: str):
    """The game's own statement of what is hidden (tests/test_<module>.py), None if nothing."""
    module = importlib.import_module(f"tests.test_{game_id.replace('-', '_')}")
    return getattr(module, "perturb_hidden", None)


def players(game: engine.Game) -> int:
    return min(max(game.min_players, 3), game.max_players)


@pytest.mark.parametrize("game_id", TAKING_BACK)
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


# ---------------------------------------------------------------------- auctions (decision 11)

# Every move of an auction: a bid, a pass, an acceptance or a refusal, the auctioneer's own
# announcement and his answer to the bids. Each binds the moment it is made (RULES-NOTES.md,
# decision 11), even before anyone answers.
AUCTION_MOVES = {
    "das-kollier": {
        "open_auction",
        "falling_auction",
        "sealed_bid",
        "bid",
        "pass",
        "knock_down",
        "accept",
        "decline",
        "preempt",
        "waive",
    },
    "kette-von-saba": {"bid", "pass", "reserve", "sell", "accept", "decline"},
}


@pytest.mark.parametrize("game_id", sorted(AUCTION_MOVES))
def test_no_auction_move_of_a_random_game_may_be_taken_back(game_id):
    game = engine.get_game(game_id)
    seen: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        # Das Kollier's sealed bids for the first auctioneer are an option: every other game.
        options = {"sealed_first_auctioneer": True} if game_id == "das-kollier" and seed % 2 else {}
        state = game.new_game(seed, players(game), options)
        while not game.is_over(state):
            seat, move = random_step(game, state, rng)
            after, events = game.apply(state, seat, move)
            if move["type"] in AUCTION_MOVES[game_id]:
                seen.add(move["type"])
                assert not game.may_take_back(state, seat, move, events), (seat, move)
            state = after
    assert seen == AUCTION_MOVES[game_id], "some auction move was never played"


# ---------------------------------------------------------------------- Das Kollier


def kollier(seed: int = 5, **options) -> tuple[engine.Game, dict]:
    game = engine.get_game("das-kollier")
    return game, game.new_game(seed, 3, {"first_seat": 0, **options})


def open_auction(game: engine.Game, state: dict) -> tuple[dict, dict]:
    """The move opening an auction at the lowest start price, and the state after it."""
    opened = next(m for m in game.legal_moves(state, 0) if m["type"] == "open_auction")
    return opened, game.apply(state, 0, opened)[0]


def falling_price_accepted(game: engine.Game, state: dict) -> dict:
    """A falling auction (seat 0 auctioneer) that both others declined at the base value,
    then seat 1 accepted 1,000 below it: the auctioneer may take the lot at that price."""
    state, _ = game.apply(state, 0, {"type": "falling_auction"})
    for seat in (1, 2):
        state, _ = game.apply(state, seat, {"type": "decline"})
    state, _ = game.apply(state, 1, {"type": "accept"})
    assert state["phase"] == "preempt" and game.to_act(state) == [0]
    return state


def test_kollier_takes_no_move_back():
    """Each move is an auction move (binding) or shows or settles something."""
    game = engine.get_game("das-kollier")
    kinds: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_game(seed, 4)
        while not game.is_over(state):
            seat, move = random_step(game, state, rng)
            after, events = game.apply(state, seat, move)
            assert not game.may_take_back(state, seat, move, events), (seat, move)
            kinds.add(move["type"])
            state = after
    assert {"pay", "commission", "sell"} <= kinds


def test_kollier_the_start_price_of_an_open_auction_is_binding():
    # Nobody outbidding it, the auctioneer buys at that price: it is his own bid.
    game, state = kollier()
    opened, after = open_auction(game, state)
    events = game.apply(state, 0, opened)[1]
    assert game.timer(after) is not None, "the open auction runs: still the auctioneer's turn"
    assert not game.may_take_back(state, 0, opened, events)


def test_kollier_choosing_a_falling_auction_is_binding():
    # It says the auctioneer will not bid the base value himself.
    game, state = kollier()
    falling = {"type": "falling_auction"}
    after, events = game.apply(state, 0, falling)
    assert game.to_act(after) == [1]
    assert not game.may_take_back(state, 0, falling, events)


def test_kollier_a_bid_is_binding_before_anyone_answers():
    game, state = kollier()
    _, state = open_auction(game, state)
    bid = next(m for m in game.legal_moves(state, 1) if m["type"] == "bid")
    after, events = game.apply(state, 1, bid)
    assert game.timer(after) is not None, "nobody answered: the auction still runs"
    assert not game.may_take_back(state, 1, bid, events)


def test_kollier_a_pass_is_binding():
    game, state = kollier()
    _, state = open_auction(game, state)
    after, events = game.apply(state, 1, {"type": "pass"})
    assert not game.may_take_back(state, 1, {"type": "pass"}, events)


def test_kollier_a_knock_down_sells_the_lot_and_stays():
    game, state = kollier()
    _, state = open_auction(game, state)
    bid = next(m for m in game.legal_moves(state, 1) if m["type"] == "bid")
    state, _ = game.apply(state, 1, bid)
    state, _ = game.apply(state, 2, {"type": "pass"})
    knock = {"type": "knock_down"}
    after, events = game.apply(state, 0, knock)
    assert not game.may_take_back(state, 0, knock, events)


def test_kollier_accepting_a_falling_price_is_binding():
    game, state = kollier()
    state, _ = game.apply(state, 0, {"type": "falling_auction"})
    accept = {"type": "accept"}
    after, events = game.apply(state, 1, accept)
    assert not game.may_take_back(state, 1, accept, events)


def test_kollier_declining_a_falling_price_is_binding():
    game, state = kollier()
    state, _ = game.apply(state, 0, {"type": "falling_auction"})
    decline = {"type": "decline"}
    after, events = game.apply(state, 1, decline)
    assert game.to_act(after) == [2], "the next seat is asked: nothing is settled yet"
    assert not game.may_take_back(state, 1, decline, events)


@pytest.mark.parametrize("kind", ["preempt", "waive"])
def test_kollier_taking_the_lot_at_the_accepted_price_or_waiving_it_is_binding(kind):
    game, state = kollier()
    state = falling_price_accepted(game, state)
    move = {"type": kind}
    after, events = game.apply(state, 0, move)
    assert not game.may_take_back(state, 0, move, events)


def test_kollier_a_payment_shows_what_was_paid_and_stays():
    game, state = kollier()
    _, state = open_auction(game, state)
    for seat in (1, 2):
        state, _ = game.apply(state, seat, {"type": "pass"})
    state, _ = game.apply(state, 0, {"type": "knock_down"})
    pay = next(m for m in game.legal_moves(state, 0) if m["type"] == "pay")
    after, events = game.apply(state, 0, pay)
    assert not game.may_take_back(state, 0, pay, events)


def test_kollier_a_sealed_bid_is_binding_also_before_the_last():
    game, state = kollier(sealed_first_auctioneer=True)
    first = {"type": "sealed_bid", "amount": 1000}
    after, events = game.apply(state, 0, first)
    assert game.to_act(after) == [1, 2], "the others have not bid yet"
    assert not game.may_take_back(state, 0, first, events)
    state, _ = game.apply(after, 1, first)
    last, events = game.apply(state, 2, first)
    assert any(e["type"] == "first_auctioneer" for e in events)
    assert not game.may_take_back(state, 2, first, events)


# ---------------------------------------------------------------------- Die Kette von Saba


def kette(seed: int = 2) -> tuple[engine.Game, dict]:
    game = engine.get_game("kette-von-saba")
    return game, game.new_game(seed, 3, {"first_seat": 0})


def kette_bidding(game: engine.Game, state: dict) -> dict:
    """Seat 0 has offered its first hand card: seat 1 bids first."""
    state, _ = game.apply(state, 0, game.legal_moves(state, 0)[0])
    assert state["phase"] == "bidding" and game.to_act(state) == [1]
    return state


def kette_highest_bid(game: engine.Game, state: dict) -> dict:
    """Seat 1 bid 1,000 and seat 2 passed: seat 0 sells or names a reserve price."""
    state = kette_bidding(game, state)
    state, _ = game.apply(state, 1, {"type": "bid", "amount": 1000})
    state, _ = game.apply(state, 2, {"type": "pass"})
    assert state["phase"] == "reserve" and game.to_act(state) == [0]
    return state


def kette_reserve(game: engine.Game, state: dict) -> dict:
    """Seat 0 named a reserve of 3,000 over the highest bid: seat 1 answers first."""
    state, _ = game.apply(kette_highest_bid(game, state), 0, {"type": "reserve", "price": 3000})
    assert state["phase"] == "reserve_offer" and game.to_act(state) == [1]
    return state


def test_kette_offering_a_hand_card_shows_it_and_stays():
    game, state = kette()
    offer = game.legal_moves(state, 0)[0]
    after, events = game.apply(state, 0, offer)
    assert not game.may_take_back(state, 0, offer, events)


def test_kette_a_bid_is_binding_before_anyone_answers():
    game, state = kette()
    state = kette_bidding(game, state)
    bid = {"type": "bid", "amount": 1000}
    after, events = game.apply(state, 1, bid)
    assert after["phase"] == "bidding" and game.to_act(after) == [2]
    assert not game.may_take_back(state, 1, bid, events)


def test_kette_a_pass_is_binding():
    game, state = kette()
    state = kette_bidding(game, state)
    after, events = game.apply(state, 1, {"type": "pass"})
    assert after["phase"] == "bidding", "the bidding goes on"
    assert not game.may_take_back(state, 1, {"type": "pass"}, events)


def test_kette_the_pass_that_ends_the_bidding_settles_the_auction():
    game, state = kette()
    state = kette_bidding(game, state)
    state, _ = game.apply(state, 1, {"type": "bid", "amount": 1000})
    after, events = game.apply(state, 2, {"type": "pass"})
    assert any(e["type"] == "bidding_closed" for e in events)
    assert not game.may_take_back(state, 2, {"type": "pass"}, events)


def test_kette_naming_a_reserve_price_is_binding():
    game, state = kette()
    state = kette_highest_bid(game, state)
    reserve = {"type": "reserve", "price": 3000}
    after, events = game.apply(state, 0, reserve)
    assert not game.may_take_back(state, 0, reserve, events)


def test_kette_selling_at_the_highest_bid_is_binding():
    game, state = kette()
    state = kette_highest_bid(game, state)
    sell = {"type": "sell"}
    after, events = game.apply(state, 0, sell)
    assert not game.may_take_back(state, 0, sell, events)


@pytest.mark.parametrize("answer", ["accept", "decline"])
def test_kette_an_answer_to_the_reserve_price_is_binding(answer):
    game, state = kette()
    state = kette_reserve(game, state)
    move = {"type": answer}
    after, events = game.apply(state, 1, move)
    assert not game.may_take_back(state, 1, move, events)


@pytest.mark.parametrize("choice", ["keep", "place"])
def test_kette_the_buyer_keeping_or_laying_the_bought_card_may_be_taken_back(choice):
    # Not an auction move: the auction is decided, and the card was shown to everyone.
    game, state = kette()
    state, _ = game.apply(kette_highest_bid(game, state), 0, {"type": "sell"})
    assert state["phase"] == "buyer" and game.to_act(state) == [1]
    move = next(m for m in game.legal_moves(state, 1) if m["type"] == choice)
    after, events = game.apply(state, 1, move)
    assert game.may_take_back(state, 1, move, events)


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
