"""The room at a glance and stand-ins for idle seats, over TCP.

`room` gives a screen every table's moment (whose turn, for how long, the spectator's view) and
then only what changed; nothing a spectator may not see, and no view of a locked table. A table
created with `idle_takeover` hands a seat idle past that many seconds to a stand-in bot; its
person takes it back with `reclaim`.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

from server.chronicle import Chronicle
from tests.test_evening_hand import refused, summary, three_seats
from tests.test_server_kit import (
    arun,
    connect,
    forbidden_keys,
    journal_states,
    register_countdown,
    running_server,
)

GAME = "magie-des-bijoux"


async def made(client: Any, **create: Any) -> int:
    client.send({"t": "create", "game": GAME, "seats": 2, "seed": 3, **create})
    return (await client.expect("joined"))["table"]


@arun(timeout=60)
async def test_the_room_lists_every_table_with_its_turn_and_the_spectators_view(
    tmp_path: Path,
) -> None:
    async with running_server(tmp_path) as server:
        table, ada, bob, cy, eve = await three_seats(server, first=1)
        locked = await made(bob, password="opal")
        waiting = await made(cy)
        tv = await connect(server, "TV")
        tv.send({"t": "room", "id": "r"})
        whole = await tv.expect("room", ref="r")
        assert whole["whole"] is True and whole["gone"] == []
        entries = {e["table"]: e for e in whole["tables"]}
        assert set(entries) == {table, locked, waiting}
        playing = entries[table]
        assert playing["summary"]["status"] == "playing" and playing["to_act"] == [1]
        assert len(playing["waited"]) == 1 and 0 <= playing["waited"][0] < 30
        game, states, _ = journal_states(tmp_path, table)
        assert playing["view"] == game.view(states[0], None)
        assert entries[waiting]["view"] is None and entries[waiting]["to_act"] == []
        assert entries[locked]["summary"]["locked"] is True and entries[locked]["view"] is None
        # Bob moves: the room hears of that table alone, at its new position.
        sync = await bob.wait_for(lambda m: m["t"] == "sync" and m["table"] == table)
        bob.send({"t": "move", "table": table, "seat": 1, "move": sync["legal_moves"][0]})
        news = await tv.wait_for(lambda m: m["t"] == "room" and m["tables"])
        assert [e["table"] for e in news["tables"]] == [table] and news["whole"] is False
        moved = news["tables"][0]
        game, states, _ = journal_states(tmp_path, table)
        assert moved["seq"] == 1 and moved["view"] == game.view(states[1], None)
        assert moved["to_act"] == game.to_act(states[1])
        # Cy leaves her waiting table: it is gone from the room.
        cy.send({"t": "leave", "table": waiting})
        gone = await tv.wait_for(lambda m: m["t"] == "room" and m["gone"])
        assert gone["gone"] == [waiting]
        for msg in (whole, news, gone):
            assert not forbidden_keys(msg)
        # A screen that stops watching the room hears no more of it.
        tv.send({"t": "room", "watch": False})
        await tv.close()


@arun(timeout=60)
async def test_an_idle_seat_goes_to_a_stand_in_on_a_table_that_allows_it(tmp_path: Path) -> None:
    async with running_server(tmp_path) as server:
        console = io.StringIO()
        server.lobby.chronicle = Chronicle(console, json_lines=True)
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        await refused(
            ada, {"t": "create", "game": GAME, "seats": 2, "idle_takeover": 0}, "out_of_range"
        )
        table = await made(ada, idle_takeover=1, options={"first_seat": 1})
        shown = await summary(ada, table, lambda t: True)
        assert shown["idle_takeover"] == 1
        bob.send({"t": "join", "table": table, "seat": 1})
        await bob.expect("joined", table=table)
        ada.send({"t": "start", "table": table})
        # Bob is to act and keeps the table waiting past the limit: a stand-in takes his seat.
        told = await bob.expect("handed", table=table, timeout=10)
        assert told == {
            "t": "handed",
            "table": table,
            "seat": 1,
            "level": "basic",
            "by": None,
            "idle": True,
        }
        shown = await summary(ada, table, lambda t: t["seats"][1].get("handed"))
        assert shown["seats"][1]["kind"] == "human" and shown["seats"][1]["stand_in"] == "basic"
        moved = await bob.wait_for(lambda m: m["t"] == "update" and m["seat"] == 1, timeout=10)
        assert moved["seq"] == 1 and moved["events"]
        # The server's console says so, as it says every hand on a table.
        facts = [json.loads(line) for line in console.getvalue().splitlines()]
        stood = [f for f in facts if f["fact"] == "idle_takeover"]
        assert [(f["table"], f["seat"], f["level"]) for f in stood] == [(table, 1, "basic")]
        # Bob takes his seat back; it is his to play again.
        bob.send({"t": "reclaim", "table": table, "seat": 1})
        await summary(ada, table, lambda t: not t["seats"][1].get("handed"))


@arun(timeout=60)
async def test_without_the_option_an_idle_seat_waits_for_its_person(tmp_path: Path) -> None:
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await made(ada, options={"first_seat": 1})
        bob.send({"t": "join", "table": table, "seat": 1})
        await bob.expect("joined", table=table)
        ada.send({"t": "start", "table": table})
        summary_seen = await summary(ada, table, lambda t: t["status"] == "playing")
        assert summary_seen["idle_takeover"] is None
        await asyncio.sleep(1.5)
        bob.send({"t": "sync", "table": table, "id": "s"})
        sync = await bob.wait_for(lambda m: m["t"] == "sync" and m["seat"] == 1)
        assert sync["seq"] == 0 and sync["to_act"] == [1]
        assert not [m for m in bob.pending() if m["t"] == "handed"]


@arun(timeout=60)
async def test_nobody_is_idle_while_the_games_own_quiet_time_runs(
    tmp_path: Path, monkeypatch: Any
) -> None:
    # Countdown (tests/test_server_kit.py): both seats may raise until 2.5 s pass quietly, then
    # the game's own clock knocks: an open auction's way. Nobody keeps the table waiting.
    register_countdown(monkeypatch)
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send(
            {
                "t": "create",
                "game": "test-countdown",
                "seats": 2,
                "options": {"quiet": 25},
                "idle_takeover": 1,
                "takeover": "random",  # the one level every game has
            }
        )
        table = (await ada.expect("joined"))["table"]
        bob.send({"t": "join", "table": table, "seat": 1})
        await bob.expect("joined", table=table)
        ada.send({"t": "start", "table": table})
        over = await bob.wait_for(
            lambda m: m["t"] == "update" and m["status"] == "finished", timeout=15
        )
        assert over["events"] == [{"type": "knock", "seat": 0}]
        assert not [m for m in ada.pending() + bob.pending() if m["t"] == "handed"]
