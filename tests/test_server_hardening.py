"""Hardening, over real sockets: table passwords cannot be guessed at speed, a full disk refuses
what it cannot save (and the server carries on by itself once there is room), and a data file
that is no Jewel Table database stops `serve` with one line and is left as it was."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from client.net.connection import AsyncClient
from server import tables as tables_module
from server.guesses import LIMIT, WINDOW, GuessLimiter
from server.store import APPLICATION_ID, DB_NAME, Store
from shared.protocol import PROTOCOL_VERSION, hello
from tests.test_server_kit import HOST, arun, connect, latest, make_table, running_server

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parent.parent
GAME = "magie-des-bijoux"
FULL_REASON = "the server cannot save moves; its disk is full"


# ---------------------------------------------------------------------- password guessing
async def connect_from(server: Any, address: str, name: str) -> AsyncClient:
    """A client whose connection comes from `address` (any 127.x.y.z is this machine)."""
    reader, writer = await asyncio.open_connection(HOST, server.port, local_addr=(address, 0))
    client = AsyncClient(reader, writer)
    client.send(hello(name))
    client.welcome = await client.expect("welcome")
    client.token = client.welcome["token"]
    return client


async def locked_table(owner: AsyncClient, password: str) -> int:
    owner.send({"t": "create", "game": GAME, "seats": 4, "password": password})
    return (await owner.expect("joined"))["table"]


async def attempt(
    server: Any, table: int, password: str | None, kind: str = "join", address: str = HOST
) -> dict:
    """One try over a fresh connection, as a guesser makes them: the `joined` or `error`."""
    client = await connect_from(server, address, "Mallory")
    msg: dict[str, Any] = {"t": kind, "table": table}
    if password is not None:
        msg["password"] = password
    client.send(msg)
    reply = await client.wait_for(lambda m: m["t"] in ("joined", "error"))
    await client.close()
    return reply


@arun(60)
async def test_wrong_passwords_are_limited_per_address_and_table(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        table = await locked_table(ada, "opal")
        for n in range(LIMIT):
            assert (await attempt(server, table, f"guess {n}"))["code"] == "password"
        limited = await attempt(server, table, "guess again")
        assert limited["code"] == "rate_limited"
        assert limited["table"] == table
        assert 0 < limited["retry_after"] <= WINDOW
        assert f"try again in {limited['retry_after']} s" in limited["reason"]
        # The right password waits too, or the limit would be none; watching is the same door.
        assert (await attempt(server, table, "opal"))["code"] == "rate_limited"
        assert (await attempt(server, table, "opal", kind="watch"))["code"] == "rate_limited"
        # Another address is not held up, and this one may still try another table.
        assert (await attempt(server, table, "opal", address="127.0.0.2"))["t"] == "joined"
        other = await locked_table(ada, "onyx")
        assert (await attempt(server, other, "opal"))["code"] == "password"
        assert (await attempt(server, other, "onyx", kind="watch"))["t"] == "joined"
    told = [r.getMessage() for r in caplog.records if "guessed the password" in r.getMessage()]
    assert told == [
        f"127.0.0.1 guessed the password of table {table} wrong 5 times within 60 s;"
        " its tries there wait"
    ]


@arun(60)
async def test_the_wait_ends_once_the_oldest_wrong_guess_is_a_window_old(tmp_path):
    async with running_server(tmp_path) as server:
        server.lobby.guesses.window = 1.0
        ada = await connect(server, "Ada")
        table = await locked_table(ada, "opal")
        for n in range(LIMIT):
            assert (await attempt(server, table, f"guess {n}", kind="watch"))["code"] == "password"
        limited = await attempt(server, table, "opal")
        assert (limited["code"], limited["retry_after"]) == ("rate_limited", 1)
        await asyncio.sleep(1.05)
        assert (await attempt(server, table, "opal"))["t"] == "joined"


@arun(60)
async def test_a_missing_password_and_people_at_the_table_are_not_counted(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        table = await locked_table(ada, "opal")
        bob = await connect(server, "Bob")
        bob.send({"t": "join", "table": table, "password": "opal"})
        await bob.expect("joined")
        # Asking without a password only learns that one is needed.
        for _ in range(2 * LIMIT):
            assert (await attempt(server, table, None))["code"] == "password"
        for n in range(LIMIT):
            assert (await attempt(server, table, f"guess {n}"))["code"] == "password"
        assert (await attempt(server, table, "opal"))["code"] == "rate_limited"
        # Bob and Ada, from the same address, are at the table: they need no password.
        bob.send({"t": "watch", "table": table})
        assert (await bob.expect("joined"))["spectator"] is True
        ada.send({"t": "join", "table": table, "seat": 3})
        assert (await ada.expect("joined"))["seats"] == [0, 3]


class GatewaySession:
    """What another way in (the web gateway) hands the lobby: the client's address as `peer`,
    and somewhere to send."""

    def __init__(self, peer: str) -> None:
        self.peer = peer
        self.identity: Any = None
        self.sent: list[dict] = []

    def send(self, msg: dict) -> None:
        self.sent.append(msg)

    def send_frame(self, frame: bytes) -> None:
        pass

    def close(self, code: str, reason: str) -> None:
        self.sent.append({"t": "bye", "code": code, "reason": reason})


@arun(60)
async def test_guesses_through_another_way_in_count_by_the_address_it_gives(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        table = await locked_table(ada, "opal")

        async def through_gateway(password: str) -> dict:
            session = GatewaySession("198.51.100.7")
            await server.lobby.handle(session, {"t": "hello", "v": PROTOCOL_VERSION, "name": "W"})
            await server.lobby.handle(session, {"t": "join", "table": table, "password": password})
            server.lobby.disconnected(session)
            return session.sent[-1]

        for n in range(LIMIT):
            assert (await through_gateway(f"guess {n}"))["code"] == "password"
        assert (await through_gateway("opal"))["code"] == "rate_limited"
        # The socket clients of this machine have their own count.
        assert (await attempt(server, table, "opal"))["t"] == "joined"


def test_the_guess_limiter_counts_within_a_sliding_window():
    now = [100.0]
    limiter = GuessLimiter(limit=3, window=10.0, clock=lambda: now[0])
    reached = []
    for _ in range(3):
        assert limiter.wait("10.0.0.1", 1) == 0.0
        reached.append(limiter.wrong("10.0.0.1", 1))
        now[0] += 2.0
    assert reached == [False, False, True]
    # Wrong at 100, 102 and 104; now 106: the first leaves the window at 110.
    assert limiter.wait("10.0.0.1", 1) == pytest.approx(4.0)
    assert limiter.wait("10.0.0.1", 2) == 0.0
    assert limiter.wait("10.0.0.2", 1) == 0.0
    now[0] = 110.0
    assert limiter.wait("10.0.0.1", 1) == 0.0
    # One more try, and the limit again: no second report while the guessing goes on.
    assert limiter.wrong("10.0.0.1", 1) is False
    assert limiter.wait("10.0.0.1", 1) == pytest.approx(2.0)
    now[0] = 200.0
    limiter.forget_old()
    assert limiter._wrong == {}
    assert [limiter.wrong("10.0.0.1", 1) for _ in range(3)] == [False, False, True]


# ---------------------------------------------------------------------- a full disk
class FillingDisk:
    """The store's connection on a disk that can fill up. While `full`, writes fail as SQLite's
    do on a full disk: at the statement (`where="statement"`), or only at COMMIT with the
    transaction left open (`where="commit"`, as when the journal file cannot grow)."""

    def __init__(self, conn: sqlite3.Connection, where: str) -> None:
        self.conn = conn
        self.full = False
        self.fails = {"COMMIT"} if where == "commit" else {"INSERT", "UPDATE"}

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if self.full and sql.split(None, 1)[0].upper() in self.fails:
            exc = sqlite3.OperationalError("database or disk is full")
            exc.sqlite_errorcode = sqlite3.SQLITE_FULL
            exc.sqlite_errorname = "SQLITE_FULL"
            raise exc
        return self.conn.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def fill_up(server: Any, where: str = "commit") -> FillingDisk:
    disk = FillingDisk(server.journal.store.conn, where)
    server.journal.store.conn = disk
    return disk


async def try_move(server: Any, clients: list[AsyncClient], table: int, ref: int) -> tuple:
    """The first legal move of the first seat to act, sent by its holder: (reply, seat, move)
    where the reply is that seat's update acknowledging it, or the error refusing it."""
    t = server.lobby.tables[table]
    seat = t.game.to_act(t.state)[0]
    move = t.game.legal_moves(t.state, seat)[0]
    clients[seat].send({"t": "move", "table": table, "seat": seat, "move": move, "id": ref})
    reply = await clients[seat].wait_for(
        lambda m: m.get("ack") == ref or (m["t"] == "error" and m.get("ref") == ref)
    )
    return reply, seat, move


def full_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "is full" in r.getMessage()]


def assert_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info], "a traceback went to the log"


@arun(60)
@pytest.mark.parametrize("where", ["statement", "commit"])
@pytest.mark.parametrize("fsync", [False, True], ids=["commit-at-once", "writer-thread"])
async def test_a_full_disk_refuses_with_storage_full_and_loses_nothing(
    tmp_path, caplog, where, fsync
):
    caplog.set_level(logging.INFO)
    async with running_server(tmp_path, fsync=fsync) as server:
        ada, bob, carol = [await connect(server, n) for n in ("Ada", "Bob", "Carol")]
        table = await make_table(server, GAME, [ada, bob], seed=5)
        ada.send({"t": "create", "game": GAME, "seats": 2})
        waiting = (await ada.expect("joined"))["table"]
        acked = []
        for ref in range(3):
            reply, seat, move = await try_move(server, [ada, bob], table, ref)
            assert reply["t"] == "update"
            acked.append((seat, move, "player"))
        disk = fill_up(server, where)
        disk.full = True

        reply, seat, move = await try_move(server, [ada, bob], table, 10)
        assert (reply["code"], reply["reason"], reply["table"]) == (
            "storage_full",
            FULL_REASON,
            table,
        )
        assert server.lobby.tables[table].seq == len(acked), "a move not saved was applied"
        ada.send({"t": "create", "game": GAME, "seats": 2, "id": 11})
        assert (await ada.expect("error", ref=11))["code"] == "storage_full"
        carol.send({"t": "join", "table": waiting, "id": 12})
        assert (await carol.expect("error", ref=12))["code"] == "storage_full"
        assert server.lobby.tables[waiting].seats[1].empty, "a seat not saved was given"
        for seat, client in enumerate([ada, bob]):
            client.send({"t": "sync", "table": table})
            synced = await client.wait_for(
                lambda m, seat=seat: m["t"] == "sync" and m["seat"] == seat and m["seq"] >= 3
            )
            assert synced["seq"] == len(acked)
        assert len(full_lines(caplog)) == 1
        assert full_lines(caplog)[0].levelno == logging.ERROR
        assert str(tmp_path / DB_NAME) in full_lines(caplog)[0].getMessage()

        disk.full = False
        reply, seat, move = await try_move(server, [ada, bob], table, 20)
        assert reply["t"] == "update" and reply["seq"] == len(acked) + 1
        acked.append((seat, move, "player"))
        carol.send({"t": "join", "table": waiting, "id": 21})
        assert (await carol.expect("joined", ref=21))["seats"] == [1]
        assert any("room on the disk again" in r.getMessage() for r in caplog.records)
        assert len(full_lines(caplog)) == 1
    assert_no_traceback(caplog)
    store = Store(tmp_path)
    try:
        assert store.moves(table) == acked
        assert store.table(waiting).seats[1]["name"] == "Carol"
    finally:
        store.close()


@arun(90)
async def test_bots_wait_out_a_full_disk_and_play_on_by_themselves(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(tables_module, "FULL_RETRY", 0.05)
    caplog.set_level(logging.INFO)
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": GAME, "seats": 2, "sit": False, "seed": 4})
        table = (await ada.expect("joined"))["table"]
        for _ in range(2):
            ada.send({"t": "bot", "table": table, "level": "random"})
        await ada.wait_for(
            lambda m: m["t"] == "table" and all(s["kind"] == "bot" for s in m["table"]["seats"])
        )
        disk = fill_up(server)
        ada.send({"t": "start", "table": table})
        await latest(ada, table, None, 1)
        disk.full = True
        t = server.lobby.tables[table]
        await asyncio.sleep(0.3)
        stuck = t.seq
        await asyncio.sleep(0.5)
        assert t.seq == stuck and t.status == "playing", "the bots played on a full disk"
        assert server.journal.full
        disk.full = False
        done = await ada.wait_for(
            lambda m: m["t"] == "update" and m["status"] == "finished", timeout=60
        )
        assert done["seq"] > stuck
    assert len(full_lines(caplog)) == 1
    assert_no_traceback(caplog)
    store = Store(tmp_path)
    try:
        assert len(store.moves(table)) == done["seq"]
    finally:
        store.close()


@arun(60)
async def test_leaving_on_a_full_disk_is_allowed_and_stored_once_there_is_room(tmp_path, caplog):
    async with running_server(tmp_path) as server:
        ada, bob, carol = [await connect(server, n) for n in ("Ada", "Bob", "Carol")]
        ada.send({"t": "create", "game": GAME, "seats": 2})
        table = (await ada.expect("joined"))["table"]
        bob.send({"t": "join", "table": table})
        await bob.expect("joined")
        carol.send({"t": "create", "game": GAME, "seats": 2})
        alone = (await carol.expect("joined"))["table"]
        disk = fill_up(server)
        disk.full = True
        bob.send({"t": "leave", "table": table})
        assert (await bob.expect("left"))["seats"] == []
        carol.send({"t": "leave", "table": alone})
        assert (await carol.expect("left"))["seats"] == []
        await asyncio.sleep(0.2)  # a few sweeps on the full disk
        assert server.lobby.tables[table].seats[1].empty

        def stored(table_id: int) -> Any:
            store = Store(tmp_path)
            try:
                return store.table(table_id)
            finally:
                store.close()

        assert stored(table).seats[1]["name"] == "Bob", "the store is behind while full"
        assert stored(alone).status == "waiting"
        disk.full = False
        gone = await carol.wait_for(lambda m: m["t"] == "table_removed" and m["table"] == alone)
        assert gone["table"] == alone
        for _ in range(100):
            if stored(table).seats[1]["holder"] is None:
                break
            await asyncio.sleep(0.02)
        assert stored(table).seats[1] == {"name": None, "holder": None, "bot": None}
        assert stored(alone).status == "abandoned"
    assert_no_traceback(caplog)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs, where this test may mount one (as root on Linux); else the test skips."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root on Linux")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        if subprocess.run(["umount", str(mount)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill_disk(path: Path) -> None:
    """Write `path` until the disk it is on has no room left."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, bytes(4096))
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)


@arun(90)
async def test_a_really_full_disk_refuses_moves_and_the_server_carries_on(small_disk, caplog):
    caplog.set_level(logging.INFO)
    async with running_server(small_disk) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, GAME, [ada, bob], seed=8)
        acked = []
        for ref in range(2):
            reply, seat, move = await try_move(server, [ada, bob], table, ref)
            acked.append((seat, move, "player"))
        fill_disk(small_disk / "ballast")
        # Commits may still fit into room the journal file already has; not for long.
        for ref in range(100, 200):
            reply, seat, move = await try_move(server, [ada, bob], table, ref)
            if reply["t"] == "error":
                break
            acked.append((seat, move, "player"))
        assert (reply["code"], reply["reason"]) == ("storage_full", FULL_REASON)
        assert server.lobby.tables[table].seq == len(acked)
        ada.send({"t": "create", "game": GAME, "seats": 2, "id": 300})
        assert (await ada.expect("error", ref=300))["code"] == "storage_full"
        assert len(full_lines(caplog)) == 1

        (small_disk / "ballast").unlink()
        reply, seat, move = await try_move(server, [ada, bob], table, 400)
        assert reply["t"] == "update"
        acked.append((seat, move, "player"))
        ada.send({"t": "create", "game": GAME, "seats": 2, "id": 401})
        assert (await ada.expect("joined", ref=401))["summary"]["status"] == "waiting"
    assert len(full_lines(caplog)) == 1
    assert_no_traceback(caplog)
    store = Store(small_disk)
    try:
        assert store.moves(table) == acked
    finally:
        store.close()


def serve_once(data: Path) -> subprocess.CompletedProcess:
    """`jeweltable serve` on loopback with `data`, expected to stop at once."""
    return subprocess.run(
        [sys.executable, "-m", "client.cli", "serve", "--host", HOST, "--port", "0"]
        + ["--no-discovery", "--name", "hardening", "--data", str(data)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.mark.timeout(60)
def test_serve_on_a_full_disk_says_so_in_one_line(small_disk):
    fill_disk(small_disk / "ballast")
    done = serve_once(small_disk / "data")
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"jeweltable: the disk holding {small_disk / 'data'} is full: make room there, then"
        " start the server again"
    ]


# ---------------------------------------------------------------------- a foreign data file
def not_sqlite(path: Path) -> None:
    path.write_bytes(random.Random(7).randbytes(20_000))


def another_programs_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('keep me')")
    conn.commit()
    conn.close()


def another_programs_marked_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()


def damaged_jewel_table_database(path: Path) -> None:
    store = Store(path.parent)
    for n in range(3):
        table = store.create_table(GAME, 2, {}, n, 600, None, None, [{}, {}])
        store.append_move(table, 1, 0, {"type": "move", "cell": n}, "player", None)
    store.close()
    data = bytearray(path.read_bytes())
    data[4096:] = bytes([0xA5]) * (len(data) - 4096)  # every page after the first
    path.write_bytes(bytes(data))


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "make",
    [
        not_sqlite,
        another_programs_database,
        another_programs_marked_database,
        damaged_jewel_table_database,
    ],
)
def test_serve_refuses_a_data_file_that_is_no_jewel_table_database_in_one_line(tmp_path, make):
    db = tmp_path / DB_NAME
    make(db)
    before = db.read_bytes()
    done = serve_once(tmp_path)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"{db} is not a Jewel Table database" in lines[0]
    assert "move it out of the way" in lines[0] and "--data" in lines[0]
    assert "Traceback" not in done.stdout + done.stderr
    assert db.read_bytes() == before, "the file was written to"
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]


def test_a_jewel_table_database_from_before_the_application_id_still_opens(tmp_path):
    store = Store(tmp_path)
    table = store.create_table(GAME, 2, {}, 1, 600, None, None, [{}, {}])
    store.conn.execute("PRAGMA application_id = 0")
    store.close()
    store = Store(tmp_path)
    try:
        assert [r.id for r in store.tables()] == [table]
        assert store.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        store.close()
