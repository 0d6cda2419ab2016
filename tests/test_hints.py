"""Hints (issue 28, docs/protocol.md `hint`): the strong bot's move for the asker's seat on its
own turn, on that seat's view only, with the table's talk for that move."""

from __future__ import annotations

import random

import pytest

from client.net.connection import AsyncClient
from server import hints
from shared import engine, talk
from shared.bots import LEVELS  # noqa: F401  (the bots exist for every game below)
from shared.randomplay import random_step
from tests.test_bots import perturb_of
from tests.test_server_kit import HOST, arun, make_table, running_server

GAMES = engine.list_games()


@pytest.fixture
def quick(monkeypatch):
    """Hints of a few iterations: the same code, a fraction of the time (and a time guard that
    never binds on a loaded machine, so every answer is the seeded search's)."""
    monkeypatch.setattr(hints, "ITERATIONS", dict.fromkeys(GAMES, 12))
    monkeypatch.setattr(hints, "ITERATIONS_AT", {})
    monkeypatch.setattr(hints, "BUDGET_MS", 60_000.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_is_legal_and_the_same_whatever_the_seat_cannot_see(game_id, quick):
    """Over random positions at two player counts: the hinted move is legal, its index and its
    talk are the talk's for that move, asking again gives the same, and poisoning what the seat
    cannot see (the game test's `perturb_hidden`) changes nothing."""
    game = engine.get_game(game_id)
    perturb = perturb_of(game_id)
    counts = sorted({game.min_players, min(game.max_players, game.min_players + 2)})
    checked = poisoned_checked = 0
    for players in counts:
        rng = random.Random(players)
        state = game.new_game(players * 7, players)
        seen: list[list] = []
        for step in range(40):
            if game.is_over(state):
                break
            if step % 4 == 0:
                for seat in game.to_act(state):
                    legal = game.legal_moves(state, seat)
                    to_act = game.to_act(state)
                    view = game.view(state, seat)
                    said = hints.advise(game, seat, 5, view, legal, to_act, [])
                    assert said["move"] in legal
                    assert legal[said["index"]] == said["move"]
                    moment = talk.Moment(view, seat, legal, to_act, [])
                    assert said["why"] == talk.talk(game_id, moment)["moves"][said["index"]]
                    assert hints.advise(game, seat, 5, view, legal, to_act, []) == said
                    checked += 1
                    poisoned = perturb(game.copy_state(state), seat, rng) if perturb else None
                    if poisoned is not None and poisoned != state:
                        again = hints.advise(
                            game,
                            seat,
                            5,
                            game.view(poisoned, seat),
                            game.legal_moves(poisoned, seat),
                            game.to_act(poisoned),
                            [],
                        )
                        assert again == said
                        poisoned_checked += 1
            seat, move = random_step(game, state, rng)
            state, events = game.apply(state, seat, move)
            seen.append(events)
    assert checked >= 10
    assert perturb is None or poisoned_checked > 0


async def hint(client: AsyncClient, table: int, seat: int, ident: int) -> dict:
    client.send({"t": "hint", "table": table, "seat": seat, "id": ident})
    return await client.wait_for(lambda m: m.get("ref") == ident and m["t"] in ("hint", "error"))


@arun(60)
async def test_over_a_socket_the_hint_is_the_bots_on_the_seats_view_with_its_talk(tmp_path, quick):
    game_id = "das-kollier"
    game = engine.get_game(game_id)
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        bea = await AsyncClient.connect(HOST, server.port, "Bea")
        table_id = await make_table(server, game_id, [ada, bea, bea], seed=3)
        table = server.lobby.tables[table_id]
        assert table.summary()["hints"] is True  # no evening, no clock: hints by default
        # The first auction's sealed bid: every seat acts; Ada asks for hers.
        assert 0 in game.to_act(table.state)
        answer = await hint(ada, table_id, 0, 1)
        assert answer["t"] == "hint" and answer["seat"] == 0 and answer["seq"] == table.seq
        view = game.view(table.state, 0)
        legal = game.legal_moves(table.state, 0)
        seen = [game.view_events(events, 0) for events in table.recent]
        to_act = game.to_act(table.state)
        expected = hints.advise(game, 0, hints.seed_for(table, 0), view, legal, to_act, seen)
        assert {k: answer[k] for k in ("move", "index", "why")} == expected
        assert answer["why"]["label"] is not None


@arun(60)
async def test_a_hint_only_for_your_own_seat_on_its_turn_and_not_too_often(tmp_path, quick):
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        bea = await AsyncClient.connect(HOST, server.port, "Bea")
        options = {"first_seat": 0}
        table_id = await make_table(server, "magie-des-bijoux", [ada, bea], options=options)
        first = await hint(ada, table_id, 0, 1)
        assert first["t"] == "hint"
        assert (await hint(ada, table_id, 0, 2))["move"] == first["move"]  # the same again
        assert (await hint(bea, table_id, 0, 3))["code"] == "not_your_seat"
        assert (await hint(bea, table_id, 1, 4))["code"] == "not_your_turn"
        assert (await hint(ada, table_id, 2, 5))["code"] == "bad_seat"
        assert (await hint(ada, table_id, 0, 6))["t"] == "hint"
        refused = await hint(ada, table_id, 0, 7)  # a fourth within the window
        assert refused["code"] == "rate_limited" and "wait" in refused["reason"]
        assert (await hint(ada, 999, 0, 8))["code"] == "no_table"


@arun(60)
async def test_a_table_without_hints_and_a_waiting_table_refuse_them(tmp_path, quick):
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        waiting = (await ada.expect("joined"))["table"]
        assert (await hint(ada, waiting, 0, 1))["code"] == "not_playing"
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "hints": False})
        table_id = (await ada.expect("joined"))["table"]
        ada.send({"t": "join", "table": table_id, "seat": 1})
        await ada.expect("joined")
        ada.send({"t": "start", "table": table_id})
        await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["status"] == "playing")
        assert server.lobby.tables[table_id].summary()["hints"] is False
        assert (await hint(ada, table_id, 0, 2))["code"] == "no_hints"
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "hints": "yes"})
        assert (await ada.expect("error"))["code"] == "malformed"


@arun(60)
async def test_a_table_with_a_clock_has_no_hints_unless_asked(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        clock = {"kind": "move", "seconds": 60}
        for asked, expected in [(None, False), (True, True)]:
            msg = {"t": "create", "game": "magie-des-bijoux", "seats": 2, "clock": clock}
            if asked is not None:
                msg["hints"] = asked
            ada.send(msg)
            joined = await ada.wait_for(lambda m: m["t"] in ("joined", "error"))
            assert joined["t"] == "joined", joined
            assert server.lobby.tables[joined["table"]].rules["hints"] is expected
