"""Persistence: the journal, restoring tables after a restart or a `kill -9`, and replay."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import sqlite3
import sys

import pytest

from client.cli import main
from client.net.connection import AsyncClient
from server.journal import Journal
from server.store import DB_NAME, Store
from shared import engine
from tests.test_server_kit import (
    HOST,
    Countdown,
    arun,
    connect,
    latest,
    make_table,
    play_random,
    players_for,
    register_countdown,
    running_server,
)

pytestmark = pytest.mark.timeout(150)


@pytest.fixture
def countdown(monkeypatch):
    register_countdown(monkeypatch)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


async def start_subprocess(data_dir) -> tuple[asyncio.subprocess.Process, int]:
    """`jeweltable serve` in a child process on 127.0.0.1, any port; (process, port)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "client.cli",
        "serve",
        "--host",
        HOST,
        "--port",
        "0",
        "--no-discovery",
        "--name",
        "crashy",
        "--data",
        str(data_dir),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
    found = re.search(r"listening on [\d.]+:(\d+)", line)
    assert found, f"unexpected first line from the server: {line!r}"
    return proc, int(found.group(1))


class Driver:
    """One table played by its own clients; remembers every move it saw acknowledged."""

    def __init__(self, game_id: str, rng: random.Random) -> None:
        self.game = engine.get_game(game_id)
        self.rng = rng
        self.tokens: list[str] = []
        self.clients: list[AsyncClient] = []
        self.table = 0
        self.seq = 0
        self.acked: list[tuple[int, dict]] = []
        self.finished = False
        self.resumed: list[dict] | None = None

    async def seat_everyone(self, port: int) -> None:
        players = players_for(self.game)
        self.clients = [
            await AsyncClient.connect(HOST, port, f"p{i}", keep_log=False) for i in range(players)
        ]
        self.tokens = [c.token for c in self.clients]
        self.clients[0].send({"t": "create", "game": self.game.id, "seats": players, "keep": 3600})
        self.table = (await self.clients[0].expect("joined"))["table"]
        for seat, client in enumerate(self.clients[1:], start=1):
            client.send({"t": "join", "table": self.table, "seat": seat})
            await client.expect("joined")
        self.clients[0].send({"t": "start", "table": self.table})

    async def come_back(self, port: int) -> None:
        """Reconnect every seat with its token after a restart: seats and a full sync."""
        self.clients = []
        for seat, token in enumerate(self.tokens):
            client = await AsyncClient.connect(HOST, port, f"p{seat}", token, keep_log=False)
            assert client.welcome["resumed"] == [self.table], "the seat did not come back"
            self.clients.append(client)
        syncs = [await latest(c, self.table, s, 0) for s, c in enumerate(self.clients)]
        assert {m["seq"] for m in syncs} == {syncs[0]["seq"]}
        assert syncs[0]["seq"] == len(self.acked)
        self.seq = syncs[0]["seq"]
        self.resumed = syncs

    async def play(self, pause: float = 0.0) -> None:
        """Random moves until the game ends (or the server dies under us)."""
        seen = self.resumed or [
            await latest(c, self.table, s, self.seq) for s, c in enumerate(self.clients)
        ]
        self.resumed = None
        while seen[0]["status"] != "finished":
            seat = self.rng.choice(seen[0]["to_act"])
            move = self.rng.choice(seen[seat]["legal_moves"])
            self.clients[seat].send(
                {"t": "move", "table": self.table, "seat": seat, "move": move, "seq": self.seq}
            )
            seen = [
                await latest(c, self.table, s, self.seq + 1) for s, c in enumerate(self.clients)
            ]
            # An update is sent only after the move is committed: it is the acknowledgement.
            self.seq += 1
            self.acked.append((seat, move))
            await asyncio.sleep(pause)
        self.finished = True

    async def close(self) -> None:
        for client in self.clients:
            await client.close()


@arun(140)
async def test_kill_9_in_the_middle_of_games_loses_no_acknowledged_move(tmp_path):
    rng = random.Random(2024)
    drivers = [Driver(game_id, random.Random(rng.random())) for game_id in engine.list_games()]
    proc, port = await start_subprocess(tmp_path)
    try:
        for driver in drivers:
            await driver.seat_everyone(port)
        for _ in range(2):
            acked_before = [len(d.acked) for d in drivers]
            playing = [asyncio.create_task(d.play(pause=0.003)) for d in drivers]
            await asyncio.sleep(rng.uniform(0.1, 0.3))
            os.kill(proc.pid, signal.SIGKILL)
            await proc.wait()
            await asyncio.wait(playing, timeout=15)
            # The crash came while moves were being acknowledged, so there was something to lose.
            assert sum(len(d.acked) for d in drivers) > sum(acked_before), "no move before kill"
            for task in playing:
                task.exception()  # the connections broke: expected
            store = Store(tmp_path)
            for driver in drivers:
                await driver.close()
                journaled = [(seat, move) for seat, move, _ in store.moves(driver.table)]
                assert journaled[: len(driver.acked)] == driver.acked, (
                    "an acknowledged move is lost"
                )
                # At most the one move in flight was committed without its acknowledgement arriving.
                assert len(journaled) - len(driver.acked) in (0, 1)
                driver.acked = journaled
                # The move in flight may have been the game's last: then there is no seat to
                # come back to.
                record = store.table(driver.table)
                if record is not None and record.status == "finished":
                    driver.finished = True
            store.close()
            proc, port = await start_subprocess(tmp_path)
            for driver in drivers:
                if not driver.finished:
                    await driver.come_back(port)
        assert not all(d.finished for d in drivers), "no game was still going at the last crash"
        await asyncio.gather(*(d.play() for d in drivers if not d.finished))
        for driver in drivers:
            await driver.close()
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 10)
    finally:
        if proc.returncode is None:  # a failure left our server running: end it
            proc.kill()
            await proc.wait()
    store = Store(tmp_path)
    assert {r.id: r.status for r in store.tables()} == {d.table: "finished" for d in drivers}
    store.close()


@arun(30)
async def test_a_restart_restores_waiting_tables_with_their_seats_and_creator(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 3, "password": "opal"})
        table = (await ada.expect("joined"))["table"]
        ada.send({"t": "bot", "table": table, "seat": 2})
        await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["seats"][2]["kind"] == "bot")
        token = ada.token
    async with running_server(tmp_path) as server:
        assert server.restored == [table]
        bob = await connect(server, "Bob")
        (listed,) = bob.welcome["tables"]
        assert [s["kind"] for s in listed["seats"]] == ["human", "empty", "bot"]
        assert listed["locked"] and not listed["seats"][0]["connected"]
        bob.send({"t": "join", "table": table, "password": "opal"})
        await bob.expect("joined")
        ada = await connect(server, "Ada", token=token)
        ada.send({"t": "start", "table": table})
        assert (await bob.expect("sync", table=table))["seq"] == 0


@pytest.mark.parametrize("fsync", [False, True])
@arun(30)
async def test_a_restored_game_restarts_its_timer(tmp_path, countdown, fsync):
    async with running_server(tmp_path, fsync=fsync) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, Countdown.id, [ada, bob], options={"quiet": 5})
        bob.send({"t": "move", "table": table, "seat": 1, "move": {"type": "raise"}})
        await latest(bob, table, 1, 1)
    # The server stopped before the quiet time ran out; the restored table starts it again.
    assert Store(tmp_path).moves(table) == [(1, {"type": "raise"}, "player")]
    async with running_server(tmp_path) as server:
        assert server.lobby.tables[table].state["count"] == 1
        watcher = await connect(server, "W")
        watcher.send({"t": "watch", "table": table})
        final = await latest(watcher, table, None, 2)
        assert final["status"] == "finished"
        assert server.journal.store.moves(table)[-1][1:] == ({"type": "knock"}, "timer")


@pytest.mark.parametrize("fsync", [False, True])
def test_a_failing_write_does_not_undo_the_others(tmp_path, fsync):
    store = Store(tmp_path, fsync=fsync)

    def broken() -> None:
        raise RuntimeError("disk on fire")

    async def scenario() -> tuple:
        journal = Journal(store, threaded=fsync)
        first = journal.run(store.create_table, "magie-des-bijoux", 2, {}, 1, 600, None, "k", [])
        results = await asyncio.gather(
            first,
            journal.run(broken),
            journal.run(store.set_status, 1, "playing"),
            return_exceptions=True,
        )
        await journal.close()
        return results

    table, failure, _ = asyncio.run(scenario())
    assert isinstance(failure, RuntimeError)
    reopened = Store(tmp_path)
    assert [(r.id, r.status) for r in reopened.tables()] == [(table, "playing")]
    reopened.close()


def test_finished_games_stay_available_for_replay(tmp_path, capsys):
    data = tmp_path / "data"
    args = ["--game", "magie-des-bijoux", "--players", "2", "--seed", "8", "--json"]
    assert main(["play", "--headless", *args, "--data", str(data)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert main(["replay", "--data", str(data), "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["status"] == "finished" and listed["moves"] == played["moves"]
    assert main(["replay", str(listed["id"]), "--data", str(data), "--json"]) == 0
    log = json.loads(capsys.readouterr().out)
    assert log["seed"] == 8 and len(log["moves"]) == played["moves"]
    assert log["outcome"]["scores"] == played["scores"]
    assert main(["replay", str(listed["id"]), "--data", str(data)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"table {listed['id']}: La Magie des Bijoux") and "outcome:" in text
    assert main(["replay", "99", "--data", str(data)]) == 2


def test_the_store_is_sqlite_in_wal_mode_in_the_data_folder(tmp_path):
    store = Store(tmp_path / "data")
    try:
        assert store.path.parent == tmp_path / "data"
        assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        store.close()
    # WAL is a property of the database file: a fresh connection finds it too.
    other = sqlite3.connect(tmp_path / "data" / DB_NAME)
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    other.close()


@pytest.mark.parametrize("fsync", [False, True])
@arun(60)
async def test_no_update_leaves_the_server_before_its_move_is_committed(
    tmp_path, monkeypatch, fsync
):
    """Every `update` is checked at the moment the server hands it to a connection: a second
    SQLite connection (which sees only committed transactions) must already hold its move."""
    import msgpack

    import server.app

    reader = sqlite3.connect(tmp_path / DB_NAME, check_same_thread=False)
    checked: list[int] = []
    early: list[int] = []
    real = server.app.Session.send_frame

    def send_frame(self, frame: bytes) -> None:
        msg = msgpack.unpackb(frame, raw=False, strict_map_key=False)
        if msg["t"] == "update":
            (committed,) = reader.execute(
                "SELECT COUNT(*) FROM moves WHERE table_id = ?", (msg["table"],)
            ).fetchone()
            (checked if committed >= msg["seq"] else early).append(msg["seq"])
        real(self, frame)

    monkeypatch.setattr(server.app.Session, "send_frame", send_frame)
    try:
        async with running_server(tmp_path, fsync=fsync) as srv:
            ada, bob, eve = [await connect(srv, n) for n in ("Ada", "Bob", "Eve")]
            table = await make_table(srv, "magie-des-bijoux", [ada, bob])
            eve.send({"t": "watch", "table": table})
            await eve.expect("joined")
            await play_random(table, [ada, bob], eve, random.Random(7), max_moves=12)
    finally:
        reader.close()
    assert not early, f"updates for moves {early} were sent before their commit"
    assert len(checked) >= 12 * 3


def test_a_store_with_every_table_of_ours_opens_again(tmp_path):
    """Each table the store makes (moves, chat, table settings) passes its own check for a
    foreign file when the server starts again."""
    from server.store import ChatLine, Store

    store = Store(tmp_path)
    table = store.create_table("magie-des-bijoux", 2, {}, 1, 60, None, None, [{}, {}])
    store.append_chat(table, ChatLine(0, "chat", "Ada", 0, "hello", False))
    store.save_social(table, True, ["someone"])
    store.close()
    again = Store(tmp_path)
    assert [line.text for line in again.chat(table)] == ["hello"]
    again.close()


def test_a_journal_from_before_timer_moves_were_marked_still_replays(tmp_path):
    # Das Kollier's quiet-time knock-down was journaled as a plain knock_down (by "timer"); the
    # rules now accept the auctioneer's own only once everyone has passed.
    from server.replay import table_log
    from server.restore import as_played

    game = engine.get_game("das-kollier")
    options = {"first_seat": 0}
    state = game.new_game(1, 3, options)
    opening = next(m for m in game.legal_moves(state, 0) if m["type"] == "open_auction")
    store = Store(tmp_path)
    try:
        table = store.create_table(game.id, 3, options, 1, 600, None, "k", [])
        store.set_status(table, "playing")
        store.append_move(table, 1, 0, opening, "person", None)
        store.append_move(table, 2, 0, {"type": "knock_down"}, "timer", None)
        log = table_log(store, table)
        assert log is not None and len(log["moves"]) == 2
        assert log["moves"][1]["events"][0]["type"] == "knocked_down"
        assert as_played({"type": "knock_down"}, "person") == {"type": "knock_down"}
    finally:
        store.close()


@pytest.mark.parametrize("fsync", [False, True])
def test_the_log_is_copied_back_off_the_event_loop_and_starts_over(tmp_path, fsync):
    """Commits never checkpoint on the event loop (SQLite's own checkpoint inside a commit, at
    1,000 pages, stalled it for tens of milliseconds): the checkpoint thread copies the log back,
    the log starts over instead of growing, and every move is there after a reopen."""
    store = Store(tmp_path, fsync=fsync)
    wal = store.path.with_name(store.path.name + "-wal")

    async def scenario() -> tuple[int, int]:
        journal = Journal(store, threaded=fsync)
        journal.checkpointer.every = 20
        journal.checkpointer.interval = 0.01
        table = await journal.run(
            store.create_table, "magie-des-bijoux", 2, {}, 1, 600, None, "k", []
        )
        largest = 0
        for seq in range(1, 301):
            move = {"type": "place", "cell": seq, "pad": "x" * 600}
            await journal.run(store.append_move, table, seq, seq % 2, move, "seat", None)
            largest = max(largest, os.path.getsize(wal))
            await asyncio.sleep(0.01)  # players think: 100 moves a second (a big evening's rate)
        checkpoints = journal.checkpointer.checkpoints
        await journal.close()
        return largest, checkpoints

    largest, checkpoints = asyncio.run(scenario())
    assert checkpoints >= 5
    # 300 commits of two pages or so: without a start over the log would hold them all (2.4 MB,
    # as it does when SQLite checkpoints by itself, at 1,000 pages).
    assert largest < 1_000_000, (largest, checkpoints)
    reopened = Store(tmp_path)
    assert len(reopened.moves(1)) == 300
    reopened.close()
