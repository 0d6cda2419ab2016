"""Turn clocks: the bookkeeping (server/clocks.py), a seat out of time over a real socket, and
the time left surviving a restart."""

from __future__ import annotations

import asyncio

import pytest

from server.clocks import TurnClock, check_spec
from server.store import Store
from tests.test_server_kit import (
    Countdown,
    arun,
    connect,
    latest,
    make_table,
    register_countdown,
    running_server,
)

MOVE = {"kind": "move", "seconds": 30}
CHESS = {"kind": "chess", "seconds": 600, "increment": 10}


def test_a_clock_spec_is_checked_and_a_bad_one_says_why():
    assert check_spec(None) is None
    assert check_spec({"kind": "move", "seconds": 60}) == {"kind": "move", "seconds": 60}
    assert check_spec({"kind": "chess", "seconds": 600}) == {**CHESS, "increment": 0}
    for bad, words in [
        ({"kind": "hourglass", "seconds": 5}, "'kind'"),
        ({"kind": "move", "seconds": 0}, "from 1 to 3600"),
        ({"kind": "move", "seconds": 30, "increment": 5}, "no 'increment'"),
        ({"kind": "chess", "seconds": 60, "increment": -1}, "from 0 to 600"),
        ({"kind": "chess", "seconds": "ten"}, "whole number"),
        ([30], "a map"),
    ]:
        with pytest.raises(ValueError, match=words):
            check_spec(bad)


def test_per_move_each_seat_gets_the_full_limit_when_it_comes_to_act():
    clock = TurnClock.new(MOVE, 3).moved(None, [0], now=100.0)
    assert clock.left(112.0) == [18.0, 30.0, 30.0]
    clock = clock.moved(0, [1], now=112.0)
    assert clock.left(120.0) == [30.0, 22.0, 30.0]
    assert clock.next_out(120.0) == (1, 22.0)


def test_per_move_a_seat_that_stays_to_act_keeps_its_time_until_it_moves():
    clock = TurnClock.new(MOVE, 3).moved(None, [0, 1, 2], now=0.0)
    clock = clock.moved(1, [0, 2], now=10.0)  # a sealed bid: seats 0 and 2 still think
    assert clock.left(15.0) == [15.0, 30.0, 15.0]
    clock = clock.moved(2, [0, 2], now=15.0)  # seat 2 acts again: its time starts afresh
    assert clock.left(15.0) == [15.0, 30.0, 30.0]


def test_a_chess_clock_runs_only_for_the_seat_to_act_and_adds_the_increment():
    clock = TurnClock.new(CHESS, 2).moved(None, [0], now=0.0)
    clock = clock.moved(0, [1], now=100.0)
    assert clock.left(100.0) == [510.0, 600.0]
    clock = clock.moved(1, [0], now=160.0)
    assert clock.left(200.0) == [470.0, 550.0]


def test_a_chess_seat_out_of_time_gets_only_the_increment_back():
    clock = TurnClock.new({"kind": "chess", "seconds": 5, "increment": 2}, 2)
    clock = clock.moved(None, [0], now=0.0)
    assert clock.next_out(7.0) == (0, 0.0)
    clock = clock.moved(0, [1], now=7.5)
    assert clock.left(7.5) == [2.0, 5.0]


def test_a_clock_with_nobody_to_act_stands_still_and_shows_tenths():
    clock = TurnClock.new(MOVE, 2).moved(None, [], now=0.0)
    assert clock.next_out(99.0) is None
    assert clock.snapshot(99.0) == {"kind": "move", "remaining": [30.0, 30.0], "running": []}
    running = TurnClock.new(MOVE, 2).moved(None, [1], now=0.0)
    assert running.snapshot(40.04) == {"kind": "move", "remaining": [30.0, 0.0], "running": [1]}


def test_a_stored_clock_comes_back_as_it_was_stored():
    clock = TurnClock.new(CHESS, 2).moved(None, [1], now=0.0)
    stored = clock.snapshot(12.5)
    back = TurnClock.loaded(CHESS, stored, now=5000.0)
    assert back.left(5000.0) == [600.0, 587.5] and back.running == [1]


# ---------------------------------------------------------------------- over the wire


@arun(30)
async def test_a_seat_out_of_time_gets_a_move_from_its_stand_in(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send(
            {
                "t": "create",
                "game": "magie-des-bijoux",
                "seats": 2,
                "seed": 5,
                "options": {"first_seat": 0},
                "clock": {"kind": "move", "seconds": 1},
            }
        )
        joined = await ada.expect("joined")
        table = joined["table"]
        assert joined["summary"]["clock"] == {"kind": "move", "seconds": 1}
        bob.send({"t": "join", "table": table})
        await bob.expect("joined")
        ada.send({"t": "start", "table": table})
        start = await latest(bob, table, 1, 0)
        assert start["clock"] == {"kind": "move", "remaining": [1.0, 1.0], "running": [0]}
        loop = asyncio.get_running_loop()
        began = loop.time()
        moved = await latest(bob, table, 1, 1)
        assert loop.time() - began >= 0.5, "the clock ran out early"
        assert moved["events"][0]["seat"] == 0 and moved["to_act"] == [1]
        assert moved["clock"]["running"] == [1] and moved["clock"]["remaining"][1] == 1.0
        assert server.journal.store.journal(table)[0][2] == "clock"
        # Bob answers in time; nobody plays for him.
        bob.send({"t": "move", "table": table, "seat": 1, "move": moved["legal_moves"][0]})
        assert (await latest(bob, table, 1, 2))["clock"]["running"] == [0]


@arun(40)
async def test_the_time_left_survives_a_restart(tmp_path):
    spec = {"kind": "chess", "seconds": 60, "increment": 5}
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send(
            {
                "t": "create",
                "game": "magie-des-bijoux",
                "seats": 2,
                "seed": 5,
                "options": {"first_seat": 0},
                "clock": spec,
            }
        )
        table = (await ada.expect("joined"))["table"]
        bob.send({"t": "join", "table": table})
        await bob.expect("joined")
        ada.send({"t": "start", "table": table})
        start = await latest(ada, table, 0, 0)
        await asyncio.sleep(0.5)
        ada.send({"t": "move", "table": table, "seat": 0, "move": start["legal_moves"][0]})
        moved = (await latest(ada, table, 0, 1))["clock"]
        assert 63.5 <= moved["remaining"][0] <= 64.6 and moved["running"] == [1]
        await asyncio.sleep(1.0)
        tokens = ada.token, bob.token
    stored = Store(tmp_path).table(table).clock
    assert stored["running"] == [1] and 57.5 <= stored["remaining"][1] <= 59.1
    await asyncio.sleep(0.5)  # the server is down: nobody's time runs
    async with running_server(tmp_path) as server:
        bob = await connect(server, "Bob", token=tokens[1])
        back = (await latest(bob, table, 1, 1))["clock"]
        assert back["remaining"][0] == moved["remaining"][0]
        assert abs(back["remaining"][1] - stored["remaining"][1]) <= 0.2
        assert back["running"] == [1]


@arun(30)
async def test_the_clocks_stand_still_while_the_games_quiet_time_runs(tmp_path, monkeypatch):
    register_countdown(monkeypatch)
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        ada.send(
            {
                "t": "create",
                "game": Countdown.id,
                "seats": 2,
                "seed": 1,
                "options": {"quiet": 5},
                "clock": {"kind": "move", "seconds": 1},
            }
        )
        table = (await ada.expect("joined"))["table"]
        bob.send({"t": "join", "table": table})
        await bob.expect("joined")
        ada.send({"t": "start", "table": table})
        start = await latest(ada, table, 0, 0)
        assert start["clock"]["running"] == [] and start["timer"]["seconds"] == 0.5
        final = await latest(ada, table, 0, 1)
        assert final["status"] == "finished" and final["clock"]["running"] == []
        assert server.journal.store.journal(table)[-1][2] == "timer"


@arun(20)
async def test_a_bad_clock_is_refused_with_the_reason(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "clock": {"kind": "sand"}})
        refused = await ada.expect("error")
        assert refused["code"] == "bad_option" and "'kind'" in refused["reason"]
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        summary = (await ada.expect("joined"))["summary"]
        assert summary["clock"] is None and summary["undo"] is True


@arun(30)
async def test_a_table_without_a_clock_sends_none(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, "magie-des-bijoux", [ada, bob])
        assert (await latest(ada, table, 0, 0))["clock"] is None


@arun(30)
async def test_a_move_taken_back_takes_its_increment_back_but_not_the_time_spent(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        spec = {"kind": "chess", "seconds": 60, "increment": 5}
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 1, "seed": 3, "clock": spec})
        table = (await ada.expect("joined"))["table"]
        ada.send({"t": "start", "table": table})
        start = await latest(ada, table, 0, 0)
        ada.send({"t": "move", "table": table, "seat": 0, "move": start["legal_moves"][0]})
        moved = await latest(ada, table, 0, 1)
        assert 64.5 <= moved["clock"]["remaining"][0] <= 65.0
        await asyncio.sleep(0.4)
        ada.send({"t": "undo", "table": table, "seat": 0})
        undone = (await latest(ada, table, 0, 2))["clock"]
        assert 58.5 <= undone["remaining"][0] <= 59.7 and undone["running"] == [0]


def test_an_old_data_folder_gets_the_new_columns_and_a_stranger_column_is_refused(tmp_path):
    import sqlite3

    from server.store import NotADatabase

    old = tmp_path / "old"
    Store(old).close()
    conn = sqlite3.connect(old / "jeweltable.sqlite3")
    conn.execute("ALTER TABLE tables DROP COLUMN clock")
    conn.execute("ALTER TABLE tables DROP COLUMN rules")
    conn.execute(
        "INSERT INTO tables (game, players, options, seed, keep, seats, status,"
        " created, updated) VALUES ('magie-des-bijoux', 2, x'80', 1, 60, x'90',"
        " 'waiting', 0, 0)"
    )
    conn.commit()
    conn.close()
    store = Store(old)
    (record,) = store.tables()
    assert record.rules is None and record.clock is None
    store.close()
    strange = tmp_path / "strange"
    Store(strange).close()
    conn = sqlite3.connect(strange / "jeweltable.sqlite3")
    conn.execute("ALTER TABLE tables ADD COLUMN wallet TEXT")
    conn.commit()
    conn.close()
    with pytest.raises(NotADatabase, match="'tables' table is not ours"):
        Store(strange)
