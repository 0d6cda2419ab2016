"""The engine interface common to every game."""

from __future__ import annotations

import json

import msgpack
import pytest

from client.cli import main
from shared import engine
from shared.engine import IllegalMove, OptionError, event_view


def test_every_registered_game_states_its_facts():
    assert "magie-des-bijoux" in engine.list_games()
    for game_id in engine.list_games():
        game = engine.get_game(game_id)
        facts = game.describe()
        assert facts["id"] == game_id
        assert 1 <= facts["min_players"] <= facts["max_players"]
        assert "first_seat" in facts["options"]
        for option in facts["options"].values():
            assert option["description"]
        assert msgpack.unpackb(msgpack.packb(facts)) == facts


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="magie-des-bijoux"):
        engine.get_game("chess")


def test_first_seat_is_drawn_from_the_seed_unless_chosen():
    game = engine.get_game("magie-des-bijoux")
    drawn = {game.new_game(seed, 4)["options"]["first_seat"] for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert game.new_game(3, 4, {"first_seat": 2})["options"]["first_seat"] == 2


def test_bad_new_game_arguments_raise_option_errors():
    game = engine.get_game("magie-des-bijoux")
    for args in [("x", 2, None), (1, "2", None), (1, 2, ["grid"]), (1, 2, {"first_seat": "a"})]:
        with pytest.raises(OptionError):
            game.new_game(*args)


def test_a_seat_outside_the_table_is_refused():
    game = engine.get_game("magie-des-bijoux")
    state = game.new_game(1, 2)
    with pytest.raises(IllegalMove, match="no seat 5"):
        game.apply(state, 5, {"type": "move"})


def test_event_view_shows_hidden_fields_only_to_their_seats():
    event = {"type": "card_drawn", "seat": 1, "seen_by": [1], "hidden": {"card": "gold"}}
    assert event_view(event, 1) == {"type": "card_drawn", "seat": 1, "card": "gold"}
    assert event_view(event, 0) == {"type": "card_drawn", "seat": 1}
    assert event_view(event, None) == {"type": "card_drawn", "seat": 1}


def test_headless_play_prints_the_outcome_as_json(capsys):
    assert (
        main(
            [
                "play",
                "--headless",
                "--game",
                "magie-des-bijoux",
                "--players",
                "3",
                "--seed",
                "4",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert len(result["scores"]) == 3
    assert result["winners"]


def test_headless_play_refuses_an_unknown_game(capsys):
    assert main(["play", "--headless", "--game", "chess", "--players", "2"]) == 2
    assert "unknown game" in capsys.readouterr().err


class Shouting(engine.Game):
    """A toy game: seats take turns to `step` (three steps end it); any seat not to act may
    `shout`, once, out of turn."""

    id = "shouting"
    title = "Shouting"
    min_players = 2
    max_players = 3
    out_of_turn = frozenset({"shout"})

    def _setup(self, state, rng):
        state.update(turn=0, steps=0, shouted=[False] * state["players"])

    def _to_act(self, state):
        return [state["turn"]]

    def _legal_moves(self, state, seat):
        return [{"type": "step"}]

    def _out_of_turn_moves(self, state, seat):
        return [] if state["shouted"][seat] else [{"type": "shout"}]

    def _apply(self, state, seat, move):
        if move["type"] == "shout":
            if state["shouted"][seat]:
                raise IllegalMove("once is enough")
            state["shouted"][seat] = True
            return [{"type": "shouted", "seat": seat}]
        state["steps"] += 1
        state["turn"] = (state["turn"] + 1) % state["players"]
        return [{"type": "stepped", "seat": seat}]

    def _view(self, state, seat):
        return {"turn": state["turn"]}

    def _is_over(self, state):
        return state["steps"] >= 3

    def _outcome(self, state):
        return {"scores": [0] * state["players"], "winners": []}


def test_moves_a_seat_may_make_out_of_turn_are_listed_for_it_and_let_through():
    game = Shouting()
    state = game.new_game(1, 3, {"first_seat": 0})
    assert game.to_act(state) == [0]
    assert game.legal_moves(state, 0) == [{"type": "step"}]
    assert game.legal_moves(state, 1) == [{"type": "shout"}]
    assert game.legal_moves(state, 7) == [] and game.legal_moves(state, "1") == []
    state, events = game.apply(state, 1, {"type": "shout"})
    assert events == [{"type": "shouted", "seat": 1}] and game.to_act(state) == [0]
    assert game.legal_moves(state, 1) == []
    # Other moves still wait for the seat's turn; the game judges the out-of-turn ones.
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, 2, {"type": "step"})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove, match="once is enough"):
        game.apply(state, 1, {"type": "shout"})
    for seat in (0, 1, 2):
        state, _ = game.apply(state, seat, {"type": "step"})
    assert game.is_over(state) and game.legal_moves(state, 2) == []
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, 2, {"type": "shout"})
    assert refused.value.code == "game_over"
