"""Bots at the server: every level fills seats, and a takeover bot stands in for a player who
dropped or left, giving the seat back the moment he returns."""

from __future__ import annotations

import asyncio

import pytest

from server.store import Store
from shared import engine
from tests.test_server_kit import arun, connect, latest, running_server

pytestmark = pytest.mark.timeout(60)

GAME = engine.get_game("magie-des-bijoux")


async def two_player_table(server, ada, bob, **create) -> int:
    ada.send(
        {
            "t": "create",
            "game": GAME.id,
            "seats": 2,
            "seed": 3,
            "options": {"first_seat": 0},
            **create,
        }
    )
    table = (await ada.expect("joined"))["table"]
    bob.send({"t": "join", "table": table, "seat": 1})
    await bob.expect("joined", table=table)
    ada.send({"t": "start", "table": table})
    await latest(ada, table, 0, 0)
    return table


async def play_seat0_until_seat1_to_act(server, ada, table: int) -> int:
    """Ada (seat 0) moves until it is seat 1's turn; the table's sequence number then."""
    t = server.lobby.tables[table]
    while t.game.to_act(t.state) == [0]:
        seq = t.seq
        ada.send(
            {
                "t": "move",
                "table": table,
                "seat": 0,
                "seq": seq,
                "move": GAME.legal_moves(t.state, 0)[0],
            }
        )
        await latest(ada, table, 0, seq + 1)
    return t.seq


@arun(40)
@pytest.mark.parametrize("level", ["random", "basic", "strong"])
async def test_every_bot_level_can_fill_a_seat(tmp_path, level):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": GAME.id, "seats": 2, "seed": 9})
        table = (await ada.expect("joined"))["table"]
        ada.send({"t": "bot", "table": table, "level": level})
        listed = await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["seats"][1]["name"])
        assert listed["table"]["seats"][1] == {
            "name": f"{level} bot 2",
            "kind": "bot",
            "level": level,
            "connected": True,
        }
        assert server.lobby.tables[table].seats[1].bot_player.level == level


@arun(40)
async def test_a_stand_in_bot_plays_for_a_dropped_player_and_gives_the_seat_back(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await two_player_table(server, ada, bob, takeover="basic")
        t = server.lobby.tables[table]
        token = bob.token
        await bob.close()
        gone = await ada.wait_for(
            lambda m: (
                m["t"] == "table"
                and m["table"]["seats"][1]["kind"] == "human"
                and not m["table"]["seats"][1]["connected"]
            )
        )
        assert gone["table"]["seats"][1]["stand_in"] == "basic"
        # Seat 1's turns are played for Bob while he is away.
        for _ in range(2):
            seq = await play_seat0_until_seat1_to_act(server, ada, table)
            update = await latest(ada, table, 0, seq + 1)
            assert any(e.get("seat") == 1 for e in update["events"])
        # Bob is back: his seat is his again, and nobody plays it for him.
        bob = await connect(server, "Bob", token=token)
        await bob.expect("sync", table=table)
        seq = await play_seat0_until_seat1_to_act(server, ada, table)
        await asyncio.sleep(0.5)
        assert t.seq == seq and t.game.to_act(t.state) == [1]
        bob.send(
            {
                "t": "move",
                "table": table,
                "seat": 1,
                "seq": seq,
                "move": GAME.legal_moves(t.state, 1)[0],
            }
        )
        assert (await latest(bob, table, 1, seq + 1)).get("events")


@arun(40)
async def test_a_stand_in_bot_plays_a_seat_given_up_until_someone_sits_there(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await two_player_table(server, ada, bob, takeover="random")
        t = server.lobby.tables[table]
        bob.send({"t": "leave", "table": table, "seat": 1})
        await bob.expect("left", table=table)
        seq = await play_seat0_until_seat1_to_act(server, ada, table)
        await latest(ada, table, 0, seq + 1)
        bob.send({"t": "join", "table": table, "seat": 1})
        await bob.expect("joined", table=table)
        seq = await play_seat0_until_seat1_to_act(server, ada, table)
        await asyncio.sleep(0.5)
        assert t.seq == seq and t.game.to_act(t.state) == [1]


@arun(30)
async def test_without_takeover_a_dropped_players_seat_waits_for_him(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await two_player_table(server, ada, bob)
        t = server.lobby.tables[table]
        await bob.close()
        seq = await play_seat0_until_seat1_to_act(server, ada, table)
        await asyncio.sleep(0.5)
        assert t.seq == seq


@arun(30)
async def test_an_unknown_takeover_level_is_refused(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": GAME.id, "seats": 2, "takeover": "genius"})
        error = await ada.expect("error")
        assert error["code"] == "unknown_bot" and "genius" in error["reason"]
        assert server.lobby.tables == {}


@arun(30)
async def test_the_takeover_level_is_stored_with_the_table(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": GAME.id, "seats": 2, "takeover": "strong"})
        table = (await ada.expect("joined"))["table"]
    store = Store(tmp_path)
    try:
        assert store.table(table).takeover == "strong"
    finally:
        store.close()


class BrokenBot:
    level = "broken"

    def choose(self, view, legal):
        raise RuntimeError("this bot is broken")

    def delay(self, view, move):
        return 0.0

    def observe(self, events):
        pass


@arun(40)
async def test_a_bot_that_fails_plays_random_legal_moves_and_the_game_goes_on(
    tmp_path, monkeypatch
):
    from server import bots

    monkeypatch.setitem(bots.LEVELS, "broken", lambda game, seat: BrokenBot())
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": GAME.id, "seats": 2, "seed": 9, "sit": False})
        table = (await ada.expect("joined"))["table"]
        for _ in range(2):
            ada.send({"t": "bot", "table": table, "level": "broken"})
        ada.send({"t": "start", "table": table})
        t = server.lobby.tables[table]
        while t.state is None or not GAME.is_over(t.state):
            await asyncio.sleep(0.05)
        assert GAME.outcome(t.state)["winners"]
