"""Lobby news is gathered: a table that changes several times within the news interval reaches
the lobby once, as it is by then, and only connections looking at the lobby (or at that table)
hear of it."""

from __future__ import annotations

import asyncio

from tests.test_server_kit import arun, connect, running_server

GAME = "magie-des-bijoux"


def seat_names(msg: dict) -> list:
    return [seat["name"] for seat in msg["table"]["seats"]]


@arun(30)
async def test_changes_within_the_news_interval_reach_the_lobby_once(tmp_path, monkeypatch):
    import server.news

    monkeypatch.setattr(server.news, "NEWS_EVERY", 1.0)
    async with running_server(tmp_path) as srv:
        watcher = await connect(srv, "Lobby")
        ada, bob, cyd = [await connect(srv, name) for name in ("Ada", "Bob", "Cyd")]
        ada.send({"t": "create", "game": GAME, "seats": 3})
        table = (await ada.expect("joined"))["table"]
        first = await watcher.wait_for(lambda m: m["t"] == "table")
        assert seat_names(first) == ["Ada", None, None]
        # Both join within the second after the first news: the lobby hears of them together.
        for seat, person in ((1, bob), (2, cyd)):
            person.send({"t": "join", "table": table, "seat": seat})
            await person.expect("joined", table=table)
        second = await watcher.wait_for(lambda m: m["t"] == "table", timeout=5)
        assert seat_names(second) == ["Ada", "Bob", "Cyd"]
        await asyncio.sleep(1.5)
        assert watcher.log is not None
        news = [m for m in watcher.log if m["t"] == "table" and m["table"]["id"] == table]
        assert news == [first, second]


@arun(30)
async def test_people_at_a_table_hear_nothing_of_other_tables(tmp_path):
    async with running_server(tmp_path) as srv:
        dora, ada, watcher = [await connect(srv, name) for name in ("Dora", "Ada", "Lobby")]
        dora.send({"t": "create", "game": GAME, "seats": 2})
        hers = (await dora.expect("joined"))["table"]
        ada.send({"t": "create", "game": GAME, "seats": 2})
        other = (await ada.expect("joined"))["table"]
        await watcher.wait_for(lambda m: m["t"] == "table" and m["table"]["id"] == other)
        await asyncio.sleep(0.3)
        assert dora.log is not None
        heard = {m["table"]["id"] for m in dora.log if m["t"] == "table"}
        assert heard == {hers}
