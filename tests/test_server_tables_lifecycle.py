"""Tables come and go: the creator closes one, and unattended or finished tables leave the
list (their records stay in the store for replay)."""

from __future__ import annotations

import asyncio
import time

import pytest

from server.lobby import IDLE_TABLE
from shared import engine
from tests.test_server_kit import arun, connect, make_table, running_server

pytestmark = pytest.mark.timeout(60)


async def removed(client, table: int) -> bool:
    while True:
        msg = await client.recv(5)
        if msg["t"] == "table_removed" and msg["table"] == table:
            return True


@arun(30)
async def test_the_creator_closes_a_running_game_and_everyone_is_told(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, "magie-des-bijoux", [ada, bob])
        bob.send({"t": "close", "table": table})
        assert (await bob.expect("error"))["code"] == "not_creator"
        ada.send({"t": "close", "table": table})
        assert await removed(ada, table) and await removed(bob, table)
        assert table not in server.lobby.tables
        record = server.lobby.journal.store.table(table)
        assert record.status == "abandoned" and record.moves == []


@arun(30)
async def test_the_creator_closes_a_waiting_table(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "das-kollier", "seats": 4})
        joined = await ada.expect("joined")
        ada.send({"t": "close", "table": joined["table"]})
        assert await removed(ada, joined["table"])


@arun(30)
async def test_a_table_nobody_has_been_at_for_ten_minutes_leaves_the_list(tmp_path):
    async with running_server(tmp_path, sweep_every=3600) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, "magie-des-bijoux", [ada, bob])
        watcher = await connect(server, "Cleo")
        now = time.monotonic()
        await server.lobby.sweep(now)
        await ada.close()
        await bob.close()
        while any(p.connected for p in server.lobby.tables[table].attendees()):
            await asyncio.sleep(0.01)
        await server.lobby.sweep(now)
        await server.lobby.sweep(now + IDLE_TABLE - 1)
        assert table in server.lobby.tables
        await server.lobby.sweep(now + IDLE_TABLE + 1)
        assert table not in server.lobby.tables
        assert await removed(watcher, table)
        assert server.lobby.journal.store.table(table).status == "abandoned"


@arun(30)
async def test_a_table_with_someone_connected_stays(tmp_path):
    async with running_server(tmp_path, sweep_every=3600) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, "magie-des-bijoux", [ada, bob])
        now = time.monotonic()
        for later in (0, IDLE_TABLE, 3 * IDLE_TABLE):
            await server.lobby.sweep(now + later)
        assert table in server.lobby.tables
        assert engine.get_game("magie-des-bijoux")
