"""The server over real sockets on 127.0.0.1: whole games, the lobby, refusals, reconnection."""

from __future__ import annotations

import asyncio
import random
import socket

import pytest

from client.connection import AsyncClient, ConnectionClosed
from server.tables import Seat
from shared import engine
from shared.protocol import PROTOCOL_VERSION, encode
from tests.test_server_kit import (
    HOST,
    Countdown,
    arun,
    check_wire,
    connect,
    latest,
    make_table,
    play_random,
    players_for,
    register_countdown,
    running_server,
)

pytestmark = pytest.mark.timeout(120)


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("game_id", engine.list_games())
@arun(90)
async def test_whole_game_over_the_wire_shows_each_seat_only_its_own_view(tmp_path, game_id):
    game = engine.get_game(game_id)
    players = players_for(game)
    async with running_server(tmp_path) as server:
        # Hot-seat: the first client holds seats 0 and 1; every other seat has its own client.
        first = await connect(server, "Ada")
        others = [await connect(server, f"P{i}") for i in range(2, players)]
        holders = [first, first, *others] if players >= 2 else [first]
        table = await make_table(server, game_id, holders, seed=11)
        early = await connect(server, "Early")
        early.send({"t": "watch", "table": table})
        await early.expect("joined", table=table)
        late = await connect(server, "Late")

        async def join_midway(seq: int) -> None:
            if seq == 5:
                late.send({"t": "watch", "table": table})
                await late.expect("joined", table=table)
                sync = await late.expect("sync", table=table)
                state = server.lobby.tables[table].state
                assert sync["seq"] == 5 and sync["view"] == game.view(state, None)

        final = await play_random(table, holders, early, random.Random(3), on_move=join_midway)
        assert final["status"] == "finished"
        state = server.lobby.tables[table].state
        assert final["outcome"] == game.outcome(state)
        seqs_late = [m["seq"] for m in late.log if m["t"] in ("sync", "update")]
        assert seqs_late == list(range(5, final["seq"] + 1))
        received = {
            "Ada": (first.log, {0, 1} if players >= 2 else {0}),
            "Early": (early.log, {None}),
            "Late": (late.log, {None}),
        }
        for seat, client in enumerate(others, start=2):
            received[f"P{seat}"] = (client.log, {seat})
    checked = check_wire(tmp_path, table, received)
    assert checked >= (players + 1) * final["seq"]


@pytest.mark.parametrize("game_id", engine.list_games())
@arun(90)
async def test_bots_fill_every_seat_and_finish_the_game(tmp_path, game_id):
    game = engine.get_game(game_id)
    players = players_for(game)
    async with running_server(tmp_path) as server:
        host = await connect(server, "Host")
        host.send({"t": "create", "game": game_id, "seats": players, "sit": False, "seed": 4})
        table = (await host.expect("joined"))["table"]
        for _ in range(players):
            host.send({"t": "bot", "table": table})
        host.send({"t": "start", "table": table})
        while True:
            msg = await host.recv(30)
            if msg["t"] == "error":
                pytest.fail(msg["reason"])
            if msg["t"] == "update" and msg["status"] == "finished":
                break
        assert msg["outcome"] == game.outcome(server.lobby.tables[table].state)
    check_wire(tmp_path, table, {"host": (host.log, {None})})


# ---------------------------------------------------------------------- refusals


async def _quiet(client: AsyncClient) -> list[dict]:
    """Everything the client got, after a ping round trip (so nothing is still in flight)."""
    client.send({"t": "ping", "id": "q"})
    await client.expect("pong", ref="q")
    return [m for m in client.pending() if m["t"] != "pong"]


@arun(30)
async def test_refused_moves_get_an_error_for_the_sender_and_change_nothing(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        a, b, watcher = [await connect(server, n) for n in ("A", "B", "W")]
        table = await make_table(server, game.id, [a, b], options={"first_seat": 0})
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("sync", table=table)
        for client in (a, b, watcher):
            await _quiet(client)
        state = server.lobby.tables[table].state
        legal = game.legal_moves(state, 0)
        snapshot = game.copy_state(state)
        bad = [
            (b, {"seat": 1, "move": legal[0]}, "not_your_turn"),
            (b, {"seat": 0, "move": legal[0]}, "not_your_seat"),
            (a, {"seat": 0, "move": {"type": "place_pawn", "plaque": [99, 99]}}, None),
            (a, {"seat": 0, "move": {"type": "no-such-move"}}, None),
            (a, {"seat": 0, "move": {"kind": "place"}}, "malformed"),
            (a, {"seat": 0, "move": legal[0], "seq": 7}, "stale"),
            (a, {"seat": 5, "move": legal[0]}, "bad_seat"),
            (a, {"seat": 0, "move": "place"}, "malformed"),
            (a, {"seat": 0}, "malformed"),
            (a, {"seat": -1, "move": legal[0]}, "out_of_range"),
            (a, {"seat": 0, "move": {"type": "place_pawn", "plaque": [0, 1.5]}}, "malformed"),
        ]
        for n, (client, fields, code) in enumerate(bad):
            client.send({"t": "move", "table": table, "id": n, **fields})
            error = await client.expect("error", ref=n)
            assert error["reason"]
            if code is not None:
                assert error["code"] == code, (fields, error)
        assert server.lobby.tables[table].state == snapshot
        assert server.lobby.tables[table].seq == 0
        for client in (a, b, watcher):
            assert not [m for m in await _quiet(client) if m["t"] in ("update", "sync")]
        a.send({"t": "move", "table": table, "seat": 0, "move": legal[0], "seq": 0})
        assert (await latest(watcher, table, None, 1))["seq"] == 1


@arun(30)
async def test_moves_to_a_table_that_does_not_exist_or_has_not_started_are_refused(tmp_path):
    async with running_server(tmp_path) as server:
        a = await connect(server, "A")
        a.send({"t": "move", "table": 99, "seat": 0, "move": {"type": "x"}})
        assert (await a.expect("error"))["code"] == "no_table"
        a.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        table = (await a.expect("joined"))["table"]
        a.send({"t": "move", "table": table, "seat": 0, "move": {"type": "x"}})
        assert (await a.expect("error"))["code"] == "not_playing"


# ---------------------------------------------------------------------- lobby and seats


@arun(30)
async def test_the_lobby_hears_of_tables_as_they_are_created_filled_and_abandoned(tmp_path):
    async with running_server(tmp_path) as server:
        lobby = await connect(server, "Looker")
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        table = (await ada.expect("joined"))["table"]
        listed = await lobby.expect("table")
        assert listed["table"]["id"] == table
        assert [s["kind"] for s in listed["table"]["seats"]] == ["human", "empty"]
        bob = await connect(server, "Bob")
        assert [t["id"] for t in bob.welcome["tables"]] == [table]
        bob.send({"t": "join", "table": table})
        assert (await bob.expect("joined"))["seats"] == [1]
        filled = await lobby.expect("table")
        assert [s["name"] for s in filled["table"]["seats"]] == ["Ada", "Bob"]
        for client in (ada, bob):
            client.send({"t": "leave", "table": table})
            await client.expect("left")
        assert (await lobby.expect("table_removed"))["table"] == table
        assert (await bob.expect("tables"))["tables"] == []


@arun(30)
async def test_a_locked_table_needs_its_password_to_sit_or_watch(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "password": "opal"})
        table = (await ada.expect("joined"))["table"]
        for msg in (
            {"t": "join", "table": table},
            {"t": "join", "table": table, "password": "onyx"},
            {"t": "watch", "table": table, "password": "onyx"},
        ):
            bob.send(msg)
            assert (await bob.expect("error"))["code"] == "password"
        bob.send({"t": "join", "table": table, "password": "opal"})
        assert (await bob.expect("joined"))["summary"]["locked"] is True


@arun(30)
async def test_only_the_creator_starts_and_only_when_every_seat_is_filled(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 3})
        table = (await ada.expect("joined"))["table"]
        bob.send({"t": "join", "table": table})
        await bob.expect("joined")
        ada.send({"t": "start", "table": table})
        assert (await ada.expect("error"))["code"] == "not_ready"
        bob.send({"t": "bot", "table": table})
        assert (await bob.expect("error"))["code"] == "not_creator"
        ada.send({"t": "bot", "table": table, "level": "genius"})
        assert (await ada.expect("error"))["code"] == "unknown_bot"
        ada.send({"t": "bot", "table": table, "seat": 2})
        await ada.expect("table")
        bob.send({"t": "start", "table": table})
        assert (await bob.expect("error"))["code"] == "not_creator"
        ada.send({"t": "start", "table": table})
        sync = await bob.expect("sync", table=table)
        assert sync["seat"] == 1 and sync["seq"] == 0
        ada.send({"t": "start", "table": table})
        assert (await ada.expect("error"))["code"] == "already_started"


@arun(30)
async def test_one_client_may_hold_several_seats_and_moves_for_each(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        ada, watcher = await connect(server, "Ada"), await connect(server, "W")
        table = await make_table(server, game.id, [ada, ada], options={"first_seat": 0})
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined")
        final = await play_random(table, [ada, ada], watcher, random.Random(5), max_moves=6)
        assert final["seq"] == 6


@arun(30)
async def test_table_creation_checks_game_options_and_seed(tmp_path):
    async with running_server(tmp_path, allow_seed=False) as server:
        ada = await connect(server, "Ada")
        for msg, code in [
            ({"game": "chess", "seats": 2}, "unknown_game"),
            ({"game": "magie-des-bijoux", "seats": 9}, "bad_option"),
            ({"game": "magie-des-bijoux", "seats": 2, "options": {"grid": "9x9"}}, "bad_option"),
            ({"game": "magie-des-bijoux", "seats": 2, "options": {"colour": 1}}, "bad_option"),
            ({"game": "magie-des-bijoux", "seats": 2, "seed": 5}, "seed_not_allowed"),
        ]:
            ada.send({"t": "create", **msg})
            assert (await ada.expect("error"))["code"] == code
        assert server.lobby.tables == {}


# ---------------------------------------------------------------------- reconnection


@arun(30)
async def test_a_returning_player_gets_the_seats_back_with_a_full_sync(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, game.id, [ada, bob], options={"first_seat": 0})
        state = server.lobby.tables[table].state
        ada.send({"t": "move", "table": table, "seat": 0, "move": game.legal_moves(state, 0)[0]})
        await latest(ada, table, 0, 1)
        token = ada.token
        await ada.close()
        await bob.wait_for(lambda m: m["t"] == "table" and not m["table"]["seats"][0]["connected"])
        back = await connect(server, "Ada", token=token)
        assert back.token == token and back.welcome["resumed"] == [table]
        assert (await back.expect("joined"))["seats"] == [0]
        sync = await back.expect("sync", table=table)
        state = server.lobby.tables[table].state
        assert sync["seq"] == 1 and sync["view"] == game.view(state, 0)
        await bob.wait_for(lambda m: m["t"] == "table" and m["table"]["seats"][0]["connected"])


@arun(30)
async def test_a_wrong_token_gets_nothing(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, game.id, [ada, bob], options={"first_seat": 0})
        await ada.close()
        thief = await connect(server, "Ada", token="guessed-token")
        assert thief.token != "guessed-token" and thief.welcome["resumed"] == []
        assert (await thief.expect("error"))["code"] == "unknown_token"
        move = game.legal_moves(server.lobby.tables[table].state, 0)[0]
        thief.send({"t": "move", "table": table, "seat": 0, "move": move})
        assert (await thief.expect("error"))["code"] == "not_your_seat"
        thief.send({"t": "sync", "table": table})
        assert (await thief.expect("error"))["code"] == "not_at_table"


@arun(30)
async def test_the_same_token_from_elsewhere_replaces_the_old_connection(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        again = await connect(server, "Ada", token=ada.token)
        assert again.token == ada.token
        assert (await ada.expect("bye"))["code"] == "replaced"
        with pytest.raises(ConnectionClosed):
            await ada.recv(5)


@arun(30)
async def test_a_seat_is_freed_when_its_player_stays_away_longer_than_keep(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "keep": 0})
        table = (await ada.expect("joined"))["table"]
        bob.send({"t": "join", "table": table})
        await bob.expect("joined")
        ada.send({"t": "start", "table": table})
        await bob.expect("sync")
        await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["status"] == "playing")
        ada.pending()
        await bob.close()
        await ada.wait_for(
            lambda m: m["t"] == "table" and m["table"]["seats"][1]["kind"] == "empty"
        )
        assert server.lobby.tables[table].seats[1] == Seat()
        carl = await connect(server, "Carl")
        carl.send({"t": "join", "table": table, "seat": 1})
        assert (await carl.expect("sync", table=table))["seat"] == 1


# ---------------------------------------------------------------------- timers


@pytest.fixture
def countdown(monkeypatch):
    register_countdown(monkeypatch)


@arun(30)
async def test_the_server_plays_the_timer_move_after_the_quiet_time(tmp_path, countdown):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, Countdown.id, [ada, bob], options={"quiet": 6})
        loop = asyncio.get_running_loop()
        for seq in range(3):
            last_raise = loop.time()
            bob.send({"t": "move", "table": table, "seat": 1, "move": {"type": "raise"}})
            update = await latest(bob, table, 1, seq + 1)
            assert update["timer"] == {"seconds": 0.6, "seat": 0}
            await asyncio.sleep(0.05)
        final = await latest(ada, table, 0, 4)
        assert final["status"] == "finished" and final["events"] == [{"type": "knock", "seat": 0}]
        # Each raise restarted the quiet time, so the knock came 0.6 s after the last one.
        assert loop.time() - last_raise >= 0.6
        assert server.journal.store.moves(table)[-1][2] == "timer"


# ---------------------------------------------------------------------- robustness


@arun(30)
async def test_a_client_that_does_not_read_does_not_delay_the_table(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        ada, bob, watcher = [await connect(server, n) for n in ("A", "B", "W")]
        table = await make_table(server, game.id, [ada, bob])
        sleeper = socket.create_connection((HOST, server.port))
        sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sleeper.sendall(encode({"t": "hello", "v": PROTOCOL_VERSION, "name": "Zzz"}))
        sleeper.sendall(encode({"t": "watch", "table": table}))
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined")
        loop = asyncio.get_running_loop()
        begun = loop.time()
        final = await play_random(table, [ada, bob], watcher, random.Random(2))
        assert final["status"] == "finished"
        assert loop.time() - begun < 10
        sleeper.close()


@arun(30)
async def test_a_client_with_another_protocol_version_is_told_clearly(tmp_path):
    async with running_server(tmp_path) as server:
        client = await AsyncClient.connect(HOST, server.port, None)
        client.send({"t": "hello", "v": PROTOCOL_VERSION + 1, "name": "Future"})
        error = await client.expect("error")
        assert error["code"] == "version" and str(PROTOCOL_VERSION) in error["reason"]
        assert (await client.expect("bye"))["code"] == "version"
        with pytest.raises(ConnectionClosed):
            await client.recv(5)
