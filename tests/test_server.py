"""The server over real sockets on 127.0.0.1: whole games, the lobby, refusals, reconnection."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket

import pytest

from client.net.connection import AsyncClient, ConnectionClosed
from server.seats import Seat
from shared import engine
from shared.protocol import PROTOCOL_VERSION, encode, hello
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
                assert sync["history"], "a spectator joining midway gets the latest events"

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
async def test_the_same_token_from_elsewhere_is_refused_while_the_first_is_live(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        with pytest.raises(ConnectionClosed) as refused:
            await connect(server, "Ada", token=ada.token)
        assert refused.value.code == "in_use"
        ada.send({"t": "ping", "id": 1})
        assert (await ada.expect("pong"))["ref"] == 1


@arun(30)
async def test_the_same_token_taking_over_replaces_the_old_connection(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        again = await connect(server, "Ada", token=ada.token, take_over=True)
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


# ---------------------------------------------------------------------- audit additions


@arun(30)
async def test_das_kollier_auction_is_knocked_down_by_the_server_after_the_quiet_time(tmp_path):
    game = engine.get_game("das-kollier")
    async with running_server(tmp_path) as server:
        a, b, c = [await connect(server, n) for n in ("A", "B", "C")]
        options = {"quiet_time": 1, "first_seat": 0}
        table = await make_table(server, game.id, [a, b, c], options=options)
        loop = asyncio.get_running_loop()
        first = await latest(a, table, 0, 0)
        assert first["timer"] is None  # no auction runs yet: nothing to knock down
        opening = next(m for m in first["legal_moves"] if m["type"] == "open_auction")
        a.send({"t": "move", "table": table, "seat": 0, "move": opening, "seq": 0})
        opened_at = loop.time()
        update = await latest(b, table, 1, 1)
        assert update["timer"] == {"seconds": 1, "seat": 0}
        await asyncio.sleep(0.5)
        bid = next(m for m in update["legal_moves"] if m["type"] == "bid")
        b.send({"t": "move", "table": table, "seat": 1, "move": bid, "seq": 1})
        bid_at = loop.time()
        await latest(b, table, 1, 2)
        knocked = await latest(c, table, 2, 3)
        # The bid restarted the quiet time: the knock-down came a full second after it.
        assert loop.time() - bid_at >= 1.0 and loop.time() - opened_at >= 1.5
        assert {"type": "knocked_down", "buyer": 1, "price": bid["amount"]} in knocked["events"]
        assert knocked["timer"] is None
        timer_move = {"type": "knock_down", "timer": True}
        assert server.journal.store.moves(table)[-1] == (0, timer_move, "timer")


async def _raw_client(port: int, name: str, rcvbuf: int = 4096) -> tuple[socket.socket, dict]:
    """A non-blocking socket with a tiny receive buffer that says hello, reads its welcome and
    then reads nothing more (the loop stays free, unlike a blocking socket)."""
    from shared.protocol import ClientSide

    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # Before connecting, so that the window it offers is small too.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.setblocking(False)
    await loop.sock_connect(sock, (HOST, port))
    await loop.sock_sendall(sock, encode(hello(name)))
    side = ClientSide()
    while True:
        data = await asyncio.wait_for(loop.sock_recv(sock, 65536), 10)
        assert data, "the server closed the connection"
        for msg in side.receive_data(data):
            if msg["t"] == "welcome":
                return sock, msg


def _session_of(server, name: str):
    found = [s for s in server.lobby.sessions if s.identity and s.identity.name == name]
    return found[0] if found else None


async def _until(condition, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the condition never came true"
        await asyncio.sleep(0.02)


@arun(60)
async def test_a_client_whose_queue_backs_up_does_not_delay_the_table(tmp_path):
    """The sleeper's backlog really sits in its own queue (the kernel's buffers are full) while
    the game goes on at full speed; it is not cut off while under the limit."""
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        ada, bob, watcher = [await connect(server, n) for n in ("A", "B", "W")]
        table = await make_table(server, game.id, [ada, bob])
        loop = asyncio.get_running_loop()
        sleeper, _ = await _raw_client(server.port, "Zzz")
        await loop.sock_sendall(sleeper, encode({"t": "watch", "table": table}))
        # Ask for full views until the kernel's buffers (megabytes, on loopback) are full and
        # megabytes more wait in the sleeper's own queue.
        # (By the clock, not a count of rounds: a loaded machine answers the syncs slowly.)
        deadline = loop.time() + 20
        while True:
            session = _session_of(server, "Zzz")
            if session is not None and session.transport.get_write_buffer_size() > 2_000_000:
                break
            if loop.time() > deadline:
                pytest.fail("the sleeper's queue never backed up")
            await loop.sock_sendall(sleeper, encode({"t": "sync", "table": table}) * 1000)
            await asyncio.sleep(0.05)
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined")
        begun = loop.time()
        final = await play_random(table, [ada, bob], watcher, random.Random(2))
        assert final["status"] == "finished"
        assert loop.time() - begun < 20  # a stalled table would never finish
        session = _session_of(server, "Zzz")
        assert session is not None and not session.transport.is_closing()
        sleeper.close()


@arun(40)
async def test_a_client_too_far_behind_is_cut_off_and_keeps_its_seat(tmp_path, monkeypatch):
    import server.app

    monkeypatch.setattr(server.app, "MAX_QUEUED_BYTES", 64 << 10)
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as srv:
        ada = await connect(srv, "Ada")
        ada.send({"t": "create", "game": game.id, "seats": 2, "seed": 1})
        table = (await ada.expect("joined"))["table"]
        loop = asyncio.get_running_loop()
        sleeper, welcome = await _raw_client(srv.port, "Zzz")
        await loop.sock_sendall(sleeper, encode({"t": "join", "table": table, "seat": 1}))
        await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["seats"][1]["name"] == "Zzz")
        ada.send({"t": "start", "table": table})
        await latest(ada, table, 0, 0)
        with contextlib.suppress(OSError):  # once cut off, sending fails
            for _ in range(200):
                if _session_of(srv, "Zzz") is None:
                    break
                await loop.sock_sendall(sleeper, encode({"t": "sync", "table": table}) * 1000)
                await asyncio.sleep(0.02)
        await ada.wait_for(
            lambda m: m["t"] == "table" and not m["table"]["seats"][1]["connected"], 15
        )
        assert _session_of(srv, "Zzz") is None
        kept = srv.lobby.tables[table].seats[1]
        assert kept.name == "Zzz" and kept.holder_key is not None, "the seat was not kept"
        sleeper.close()
        back = await connect(srv, "Zzz", token=welcome["token"])
        assert back.welcome["resumed"] == [table]
        assert (await latest(back, table, 1, 0))["view"] == game.view(
            srv.lobby.tables[table].state, 1
        )


@arun(30)
async def test_a_client_that_keeps_sending_garbage_is_disconnected(tmp_path):
    from shared.protocol import MAX_STRIKES

    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        mallory = await connect(server, "Mallory")
        for n in range(MAX_STRIKES):
            mallory.send({"t": "teleport", "id": n})
        codes = [(await mallory.expect("error", ref=n))["code"] for n in range(MAX_STRIKES)]
        assert codes == ["unknown_type"] * MAX_STRIKES
        assert (await mallory.expect("bye"))["code"] == "unknown_type"
        with pytest.raises(ConnectionClosed):
            await mallory.recv(5)
        await _until(lambda: len(server.lobby.sessions) == 1)
        assert [m["t"] for m in await _quiet(ada)] == []


@arun(30)
async def test_a_frame_over_one_mib_over_the_wire_is_refused_and_closes(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        mallory = await connect(server, "Mallory")
        # Every string and list within its limit; only the whole frame is too big.
        mallory.send({"t": "ping", "pad": [["x" * 4000] * 150] * 2})
        assert (await mallory.expect("error", 15))["code"] == "frame_too_large"
        assert (await mallory.expect("bye"))["code"] == "frame_too_large"
        with pytest.raises(ConnectionClosed):
            await mallory.recv(5)
        assert [m["t"] for m in await _quiet(ada)] == []


@arun(30)
async def test_a_connection_that_never_says_hello_is_closed(tmp_path, monkeypatch):
    import server.app

    monkeypatch.setattr(server.app, "HELLO_TIMEOUT", 0.3)
    async with running_server(tmp_path) as srv:
        silent = await AsyncClient.connect(HOST, srv.port, None)
        with pytest.raises(ConnectionClosed):
            await silent.recv(5)
        # A trickle of bytes (never a whole hello) does not stretch the deadline either.
        trickle = await AsyncClient.connect(HOST, srv.port, None)
        loop = asyncio.get_running_loop()
        begun, closed_at = loop.time(), None
        greeting = encode(hello("Slow" * 8))
        for byte in greeting[:-1]:  # about 2.4 s of bytes, 0.05 s apart
            trickle.send_raw(bytes([byte]))
            try:
                await trickle.recv(0.05)
            except TimeoutError:
                continue
            except ConnectionClosed:
                closed_at = loop.time()
                break
        assert closed_at is not None and closed_at - begun < 1.5


@arun(30)
async def test_sync_gives_each_seat_and_spectator_the_full_current_view(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        ada, bob, watcher = [await connect(server, n) for n in ("A", "B", "W")]
        ada.send({"t": "create", "game": game.id, "seats": 2, "options": {"first_seat": 0}})
        table = (await ada.expect("joined"))["table"]
        ada.send({"t": "sync", "table": table, "id": "early"})
        assert (await ada.expect("joined", table=table))["seats"] == [0]
        bob.send({"t": "join", "table": table})
        await bob.expect("joined", table=table)
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined", table=table)
        ada.send({"t": "start", "table": table})
        await latest(ada, table, 0, 0)
        state = server.lobby.tables[table].state
        ada.send({"t": "move", "table": table, "seat": 0, "move": game.legal_moves(state, 0)[0]})
        for client, seat in ((ada, 0), (bob, 1), (watcher, None)):
            await latest(client, table, seat, 1)
            client.pending()
            client.send({"t": "sync", "table": table})
            sync = await client.expect("sync", table=table)
            state = server.lobby.tables[table].state
            assert sync["seat"] == seat and sync["seq"] == 1
            assert sync["view"] == game.view(state, seat)
            legal = game.legal_moves(state, seat) if seat in game.to_act(state) else []
            assert sync["legal_moves"] == legal


@arun(30)
async def test_tokens_are_secret_random_and_only_their_hash_is_stored(tmp_path, monkeypatch):
    import hashlib
    import secrets

    import server.identities

    drawn: list[str] = []
    real = secrets.token_urlsafe

    def recording(nbytes=None):
        token = real(nbytes)
        drawn.append(token)
        return token

    monkeypatch.setattr(server.identities.secrets, "token_urlsafe", recording)
    async with running_server(tmp_path) as srv:
        clients = [await connect(srv, f"P{i}") for i in range(3)]
        tokens = [c.token for c in clients]
        assert tokens == drawn, "tokens must come from the secrets module"
        assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
        clients[0].send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        table = (await clients[0].expect("joined"))["table"]
        summary = srv.lobby.tables[table].summary()
        assert summary["keep"] == 600, "a disconnected player's seat is kept 10 minutes by default"
    store_bytes = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert tokens[0].encode() not in store_bytes, "the store holds a token in the clear"
    assert hashlib.sha256(tokens[0].encode()).hexdigest().encode() in store_bytes


@pytest.mark.parametrize("game_id", engine.list_games())
def test_headless_play_goes_through_the_server_for_every_game(game_id):
    from client.net.headless import play_sync

    game = engine.get_game(game_id)
    result = play_sync(game_id, players_for(game), 5)
    assert result["game"] == game_id and result["moves"] > 0 and result["winners"]


def test_headless_play_notices_a_spectator_view_that_differs_from_the_server(monkeypatch):
    from client.net.headless import HeadlessMismatch, play_sync
    from server.tables import Table

    real = Table.seat_message

    def doctored(self, kind, seat, events=None, common=None, with_talk=False):
        msg = real(self, kind, seat, events, common, with_talk)
        if seat is None and msg["status"] == "finished":
            msg["view"] = {**msg["view"], "doctored": True}
        return msg

    monkeypatch.setattr(Table, "seat_message", doctored)
    with pytest.raises(HeadlessMismatch, match="spectator"):
        play_sync("magie-des-bijoux", 2, 5)


@arun(30)
async def test_welcome_lists_the_server_name_every_game_with_options_and_player_range(tmp_path):
    async with running_server(tmp_path, name="Living room") as server:
        ada = await connect(server, "Ada")
        welcome = ada.welcome
        assert welcome["server"] == "Living room" and welcome["v"] == PROTOCOL_VERSION
        assert welcome["name"] == "Ada" and welcome["tables"] == [] and welcome["resumed"] == []
        games = {g["id"]: g for g in welcome["games"]}
        assert sorted(games) == sorted(engine.list_games())
        for game_id, described in games.items():
            game = engine.get_game(game_id)
            assert (described["min_players"], described["max_players"]) == (
                game.min_players,
                game.max_players,
            )
            assert "first_seat" in described["options"]
            assert set(described["options"]) == set(game.describe()["options"])
        assert welcome["bots"]


@arun(30)
async def test_the_creator_chooses_the_first_seat(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with running_server(tmp_path) as server:
        for first in (0, 1):
            ada, bob = await connect(server, f"A{first}"), await connect(server, f"B{first}")
            table = await make_table(server, game.id, [ada, bob], options={"first_seat": first})
            sync = await latest(bob, table, 1, 0)
            assert sync["to_act"] == [first]
            assert bool(sync["legal_moves"]) == (first == 1)


@arun(30)
async def test_a_das_kollier_seat_sells_to_the_bank_out_of_turn_and_timer_moves_stay_the_servers(
    tmp_path,
):
    game = engine.get_game("das-kollier")
    async with running_server(tmp_path) as server:
        clients = [await connect(server, n) for n in ("A", "B", "C")]
        options = {"quiet_time": 60, "first_seat": 0}
        table = await make_table(server, game.id, clients, options=options)
        seq = 0

        async def play(seat: int, move: dict) -> dict:
            nonlocal seq
            clients[seat].send({"t": "move", "table": table, "seat": seat, "move": move})
            seq += 1
            return await latest(clients[seat], table, seat, seq)

        await play(0, {"type": "falling_auction"})
        await play(1, {"type": "accept"})
        state = server.lobby.tables[table].state
        await play(1, next(m for m in game.legal_moves(state, 1) if m["type"] == "pay"))
        update = await play(1, {"type": "falling_auction"})
        # Seat 1 now holds gems and is not to act, yet is sent its sale and may make it.
        assert update["to_act"] == [2]
        sale = next(m for m in update["legal_moves"] if m["type"] == "sell")
        update = await play(1, sale)
        assert update["to_act"] == [2] and server.lobby.tables[table].state["sold"][1]
        # A move with the timer's mark is the table's clock's alone.
        clients[2].send(
            {"t": "move", "table": table, "seat": 2, "move": {"type": "decline", "timer": True}}
        )
        error = await clients[2].expect("error")
        assert error["code"] == "illegal" and "clock" in error["reason"]
        assert server.lobby.tables[table].seq == seq
