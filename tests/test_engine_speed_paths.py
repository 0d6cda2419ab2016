"""The shortcuts the engines take for speed keep to the interface: listed moves are plain data
that no caller can change, remembered facts agree with the rules' own, and random play draws the
same numbers it always drew."""

from __future__ import annotations

import copy
import json
import pickle
import random
from itertools import product

import msgpack
import pytest

from shared import engine
from shared.engine import ListedMove
from shared.games import magie_des_bijoux as bijoux
from shared.games.kette_von_saba.necklace import board_live, live_layouts
from shared.randomplay import play_random_game, random_step


def test_a_listed_move_is_plain_data_equal_to_its_dict():
    move = ListedMove(type="move", plaque=[2, 3])
    assert move == {"type": "move", "plaque": [2, 3]}
    assert msgpack.unpackb(msgpack.packb(move)) == move
    assert json.loads(json.dumps(move)) == move
    for twin in (copy.deepcopy(move), pickle.loads(pickle.dumps(move)), engine.plain_copy(move)):
        assert type(twin) is dict and type(twin["plaque"]) is list and twin == move


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.__setitem__("type", "pass"),
        lambda m: m.update(type="pass"),
        lambda m: m.pop("type"),
        lambda m: m.clear(),
        lambda m: m["plaque"].append(1),
        lambda m: m["plaque"].__setitem__(0, 5),
    ],
)
def test_a_listed_move_and_its_lists_refuse_changes(change):
    move = ListedMove(type="move", plaque=[2, 3])
    with pytest.raises(TypeError, match="read-only"):
        change(move)
    assert move == {"type": "move", "plaque": [2, 3]}
    mine = dict(move) | {"type": "place_pawn"}  # a copy is the caller's to change
    assert mine["type"] == "place_pawn" and move["type"] == "move"


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("magie-des-bijoux", 4, None),
        ("kette-von-saba", 5, None),
        ("das-kollier", 3, {"sealed_first_auctioneer": True}),
        ("das-kollier", 6, None),
        ("saba-palast", 4, {"profi": True}),
    ],
)
def test_listed_moves_cannot_be_changed_and_apply_leaves_its_state_alone(game_id, players, options):
    # A whole random game: every listed move refuses a change, the lists are plain data, and
    # the state given to `apply` (which shares its unchanged parts with the new one) is intact.
    game = engine.get_game(game_id)
    rng = random.Random(players)
    state = game.new_game(players, players, options)
    listed = 0
    while seats := game.to_act(state):
        seat = rng.choice(seats)
        moves = game.legal_moves(state, seat)
        for move in moves:
            if isinstance(move, ListedMove):
                listed += 1
                with pytest.raises(TypeError):
                    move["type"] = "tampered"
        assert msgpack.unpackb(msgpack.packb(moves)) == moves
        before = msgpack.packb(state)
        after, _ = game.apply(state, seat, rng.choice(moves))
        assert msgpack.packb(state) == before
        state = after
    assert listed and game.is_over(state)


def test_random_games_draw_the_same_numbers_as_single_random_steps():
    # Headless play (client/net/headless.py) follows the same stream, move by move.
    for game_id in engine.list_games():
        game = engine.get_game(game_id)
        final, history = play_random_game(game, 11, game.min_players + 1)
        rng = random.Random(11 ^ 0x5EED)
        state = game.new_game(11, game.min_players + 1)
        for seat, move in history:
            assert random_step(game, state, rng) == (seat, move)
            state, _ = game.apply(state, seat, move)
        assert state == final and game.is_over(state)


def test_a_plaque_owner_from_the_stones_list_follows_the_plaque_rule():
    for settings in range(1, 7):
        for stones in product(range(settings + 1), repeat=3):
            if sum(stones) <= settings:
                expected = bijoux.plaque_winner(dict(enumerate(stones)), settings)
                assert bijoux.row_winner(list(stones), settings) == expected


def test_reachable_plaques_and_can_move_agree_on_every_square():
    #   the pawn on each square of a 4x6 grid whose plaques are filled at random: the rook's
    #   line without full plaques and the square just left, and can_move says whether any is left
    game = engine.get_game("magie-des-bijoux")
    rng = random.Random(5)
    state = game.new_game(5, 1, {"grid": "4x6"})  # other grids are solitaire's
    state["stones"] = [[rng.randrange(s + 1)] for s in state["settings"]]
    for pawn, previous in product(range(24), [None, *range(24)]):
        state.update(pawn=pawn, previous=previous)
        row, col = divmod(pawn, 6)
        expected = [
            c
            for c in range(24)
            if c not in (pawn, previous)
            and (c // 6 == row or c % 6 == col)
            and sum(state["stones"][c]) < state["settings"][c]
        ]
        assert bijoux.reachable(state) == expected
        assert bijoux.can_move(state) == bool(expected)


def test_live_layouts_remembered_by_board_agree_with_the_rules():
    game = engine.get_game("kette-von-saba")
    for seed in range(3):
        state = game.new_game(seed, 4)
        rng = random.Random(seed)
        while not game.is_over(state):
            assert board_live(state["board"]) == live_layouts(list(state["board"]))
            seat, move = random_step(game, state, rng)
            before = state["board"][:]
            after, _ = game.apply(state, seat, move)
            assert state["board"] == before  # laying a card replaces the list
            state = after


def test_random_games_draw_as_random_choice_with_or_without_the_inline_draws(monkeypatch):
    # play_random_game draws its indices inline; on a Python whose Random.choice drew otherwise
    # it would fall back to random_step, and both ways play the same games.
    from shared import randomplay

    assert randomplay.DRAWS_AS_CHOICE
    for game_id in ("magie-des-bijoux", "kette-von-saba"):
        game = engine.get_game(game_id)
        fast = [play_random_game(game, seed, 4) for seed in range(3)]
        monkeypatch.setattr(randomplay, "DRAWS_AS_CHOICE", False)
        assert [play_random_game(game, seed, 4) for seed in range(3)] == fast
        monkeypatch.setattr(randomplay, "DRAWS_AS_CHOICE", True)


def _outcome(apply, *args):
    try:
        state, events = apply(*args)
    except engine.IllegalMove as error:
        return ("refused", error.code, error.reason)
    return ("played", msgpack.packb(state), msgpack.packb(events))


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("magie-des-bijoux", 4),
        ("magie-des-bijoux", 1),
        ("kette-von-saba", 7),
        ("kette-von-saba", 3),
        ("das-kollier", 6),
        ("das-kollier", 3),
        ("saba-palast", 4),
        ("saba-palast", 2),
    ],
)
def test_the_one_call_verbs_agree_with_the_base_class_and_its_hooks(game_id, players):
    # Every engine answers to_act, legal_moves and apply for the seat to act in one call each;
    # the base class's verbs (its checks, then the hooks) must give the same answers, for the
    # listed moves, plain copies of them, and bad input alike.
    game = engine.get_game(game_id)
    base = engine.Game
    rng = random.Random(players)
    odd_moves = [
        None,
        {},
        "bid",
        {"type": []},
        {"type": "move"},
        {"type": "bid", "amount": True},
        {"type": "bid", "amount": -1000},
        {"type": "bid", "amount": 1500},
        {"type": "bid", "amount": 10**9},
        {"type": "bid"},
        {"type": "pass"},
        {"type": "decline"},
        {"type": "knock_down"},
        {"type": "harbour", "field": 9},
        {"type": "harbour", "field": 1, "vizier": "well"},
        {"type": "end_turn"},
        {"type": "send_figure", "quarter": "nowhere"},
    ]
    for seed in range(2):
        state = game.new_game(seed, players)
        while True:
            assert game.to_act(state) == base.to_act(game, state)
            for seat in (*range(players), players, -1, True, None):
                assert game.legal_moves(state, seat) == base.legal_moves(game, state, seat)
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            moves = game.legal_moves(state, seat)
            picked = rng.sample(moves, min(3, len(moves)))
            tries = [*picked, *(dict(move) for move in picked[:2]), *odd_moves]
            if state.get("phase") == "open":  # Das Kollier: bids at and just below the minimum
                bid = state["auction"]["bid"]
                low = state["auction"]["start_price"] - 1000 if bid is None else bid
                tries += [{"type": "bid", "amount": low}, {"type": "bid", "amount": low + 1000}]
            for who in (seat, (seat + 1) % players, True, players):
                for move in tries:
                    before = msgpack.packb(state)
                    assert _outcome(game.apply, state, who, move) == _outcome(
                        base.apply, game, state, who, move
                    )
                    assert msgpack.packb(state) == before
            state, _ = game.apply(state, seat, rng.choice(moves))


def test_bijoux_sees_stones_and_settings_changed_in_place_after_a_move():
    # The full plaques are remembered by the stones list; a position built by editing the lists
    # of a state the engine has already answered about is judged afresh.
    game = engine.get_game("magie-des-bijoux")
    state = game.new_game(4, 2, {"first_seat": 0})
    state, _ = game.apply(state, 0, game.legal_moves(state, 0)[0])  # the pawn to (0, 0)
    state, _ = game.apply(state, 1, game.legal_moves(state, 1)[0])  # a listed move: to (0, 1)
    targets = [tuple(m["plaque"]) for m in game.legal_moves(state, 0)]
    assert (0, 2) in targets and (1, 1) in targets
    cols = state["cols"]
    state["stones"][2] = [state["settings"][2], 0]  # (0, 2) filled by hand
    targets = [tuple(m["plaque"]) for m in game.legal_moves(state, 0)]
    assert (0, 2) not in targets and (1, 1) in targets
    to_0_2 = bijoux.SHAPES[state["rows"], cols].moves[2]  # the listed move, as a bot keeps it
    with pytest.raises(engine.IllegalMove, match="full"):
        game.apply(state, 0, to_0_2)
    state["settings"][cols + 1] = sum(state["stones"][cols + 1])  # (1, 1) shrunk to full
    targets = [tuple(m["plaque"]) for m in game.legal_moves(state, 0)]
    assert (1, 1) not in targets
    assert bijoux.reachable(state) == [cols * r + c for r, c in targets]
