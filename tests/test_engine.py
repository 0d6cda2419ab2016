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
