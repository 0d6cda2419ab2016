"""The server's SQLite store: each table's settings, seed, seats and its journal of moves.

One database file in the data folder, in WAL mode. A move is acknowledged only after its
transaction is committed. With `synchronous=NORMAL` (the default) a commit is in the operating
system's hands when it returns, so a `kill -9` or crash of the server at any moment loses no
acknowledged move; `fsync=True` (`synchronous=FULL`) also waits for the disk, so that a power
cut loses none either, at a few milliseconds per move on slow disks.

`Store` is synchronous (the `replay` command and tests use it directly);
`Journal` runs it on one writer thread and commits whatever is waiting in one transaction
(group commit), so the event loop never blocks on the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgpack

log = logging.getLogger(__name__)

DB_NAME = "jeweltable.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options BLOB NOT NULL,
    seed INTEGER NOT NULL,
    keep INTEGER NOT NULL,
    password BLOB,
    creator TEXT,
    seats BLOB NOT NULL,
    status TEXT NOT NULL,
    outcome BLOB,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    takeover TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move BLOB NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""

T = TypeVar("T")


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/jeweltable`, else `~/.local/share/jeweltable`."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local/share")
    return Path(base) / "jeweltable"


def _pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _unpack(data: bytes | None) -> Any:
    return None if data is None else msgpack.unpackb(data, raw=False, strict_map_key=False)


@dataclass
class TableRecord:
    """One stored table. `seats` is a list of {"name", "holder" (token hash), "bot"}."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    keep: int
    password: bytes | None
    creator: str | None
    seats: list[dict[str, Any]]
    status: str
    outcome: dict[str, Any] | None
    created: float
    updated: float
    takeover: str | None = None
    moves: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)


class Store:
    """Synchronous access to the database; use it from one thread."""

    def __init__(self, data_dir: str | os.PathLike[str], fsync: bool = False) -> None:
        path = Path(data_dir)
        path.mkdir(parents=True, exist_ok=True)
        self.path = path / DB_NAME
        self.conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.executescript(SCHEMA)
        columns = {row[1] for row in self.conn.execute("PRAGMA table_info(tables)")}
        if "takeover" not in columns:  # a data folder from before stand-in bots
            self.conn.execute("ALTER TABLE tables ADD COLUMN takeover TEXT")

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------------ writes
    def create_table(
        self,
        game: str,
        players: int,
        options: dict,
        seed: int,
        keep: int,
        password: bytes | None,
        creator: str | None,
        seats: list[dict],
        takeover: str | None = None,
    ) -> int:
        now = time.time()
        cur = self.conn.execute(
            "INSERT INTO tables (game, players, options, seed, keep, password, creator, seats,"
            " status, created, updated, takeover)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?)",
            (
                game,
                players,
                _pack(options),
                seed,
                keep,
                password,
                creator,
                _pack(seats),
                now,
                now,
                takeover,
            ),
        )
        return int(cur.lastrowid)

    def save_seats(self, table_id: int, seats: list[dict], creator: str | None) -> None:
        self.conn.execute(
            "UPDATE tables SET seats = ?, creator = ?, updated = ? WHERE id = ?",
            (_pack(seats), creator, time.time(), table_id),
        )

    def set_status(self, table_id: int, status: str, outcome: dict | None = None) -> None:
        self.conn.execute(
            "UPDATE tables SET status = ?, outcome = ?, updated = ? WHERE id = ?",
            (status, None if outcome is None else _pack(outcome), time.time(), table_id),
        )

    def append_move(
        self, table_id: int, seq: int, seat: int, move: dict, by: str, outcome: dict | None
    ) -> None:
        """Journal move number `seq`; with `outcome`, the game ended with it."""
        now = time.time()
        self.conn.execute(
            "INSERT INTO moves (table_id, seq, seat, move, by, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, seq, seat, _pack(move), by, now),
        )
        if outcome is not None:
            self.set_status(table_id, "finished", outcome)

    # ------------------------------------------------------------------ reads
    def tables(self, statuses: tuple[str, ...] | None = None) -> list[TableRecord]:
        """Stored tables (optionally only those with one of `statuses`), oldest first."""
        records = self._records("", ())
        return [r for r in records if statuses is None or r.status in statuses]

    def table(self, table_id: int) -> TableRecord | None:
        """One table with its moves, or None."""
        found = self._records("WHERE id = ?", (table_id,))
        if not found:
            return None
        found[0].moves = self.moves(table_id)
        return found[0]

    def _records(self, where: str, params: tuple) -> list[TableRecord]:
        rows = self.conn.execute(
            "SELECT id, game, players, options, seed, keep, password, creator, seats, status,"
            f" outcome, created, updated, takeover FROM tables {where} ORDER BY id",
            params,
        ).fetchall()
        return [
            TableRecord(
                id=r[0],
                game=r[1],
                players=r[2],
                options=_unpack(r[3]),
                seed=r[4],
                keep=r[5],
                password=r[6],
                creator=r[7],
                seats=_unpack(r[8]),
                status=r[9],
                outcome=_unpack(r[10]),
                created=r[11],
                updated=r[12],
                takeover=r[13],
            )
            for r in rows
        ]

    def moves(self, table_id: int) -> list[tuple[int, dict[str, Any], str]]:
        """The journal of a table: (seat, move, by) in order."""
        rows = self.conn.execute(
            "SELECT seat, move, by FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [(seat, _unpack(move), by) for seat, move, by in rows]

    def move_counts(self) -> dict[int, int]:
        rows = self.conn.execute("SELECT table_id, COUNT(*) FROM moves GROUP BY table_id")
        return dict(rows.fetchall())


# How often (seconds) the checkpointer copies the write-ahead log into the database file.
CHECKPOINT_EVERY = 1.0


class Journal:
    """The store's writes as committed transactions: `await journal.run(fn, *args)`.

    Without fsync a commit costs tens of microseconds, so it runs on the event loop (handing it
    to a thread costs more, in GIL switches, than it saves): every call made during one turn of
    the loop is run at the end of that turn, in one transaction (group commit). With fsync the
    transaction runs on one writer thread, gathering every call waiting when it wakes. Either
    way each call has its own savepoint, so that one failing call does not undo the others,
    and all of them resolve after the one commit.

    The slow part of SQLite's write-ahead log, the checkpoint (copying the log into the
    database and waiting for the disk), would otherwise run inside an occasional commit and
    hold the loop up for milliseconds: it runs on a checkpointer thread of its own instead.
    """

    def __init__(self, store: Store, threaded: bool = False) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._batch: list[tuple[Callable[..., Any], tuple, asyncio.Future]] = []
        store.conn.execute("PRAGMA wal_autocheckpoint=0")
        self._stop_checkpoints = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoints, name="jeweltable-checkpoint", daemon=True
        )
        self._checkpointer.start()
        if threaded:
            self._thread = threading.Thread(
                target=self._work, name="jeweltable-journal", daemon=True
            )
            self._thread.start()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` inside a transaction; return once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if self._thread is None:
            if not self._batch:
                loop.call_soon(self._commit_batch)
            self._batch.append((fn, args, future))
        else:
            self._queue.put((fn, args, loop, future))
        return await future

    async def close(self) -> None:
        """Finish the queued writes, then stop the threads and close the database."""
        self._commit_batch()
        if self._thread is not None:
            self._queue.put(None)
            await asyncio.to_thread(self._thread.join)
        self._stop_checkpoints.set()
        await asyncio.to_thread(self._checkpointer.join)
        self.store.close()

    def _commit_batch(self) -> None:
        jobs, self._batch = self._batch, []
        if not jobs:
            return
        results = self._transaction([(fn, args) for fn, args, _ in jobs])
        for (_, _, future), (ok, value) in zip(jobs, results, strict=True):
            _resolve(future, ok, value)

    def _transaction(self, jobs: list[tuple[Callable[..., Any], tuple]]) -> list[tuple[bool, Any]]:
        """Run `jobs` in one transaction, each in its own savepoint: (ok, result or error)."""
        conn = self.store.conn
        results: list[tuple[bool, Any]] = []
        conn.execute("BEGIN IMMEDIATE")
        for fn, args in jobs:
            conn.execute("SAVEPOINT job")
            try:
                results.append((True, fn(*args)))
                conn.execute("RELEASE job")
            except Exception as exc:  # the caller gets the exception; the rest commit
                conn.execute("ROLLBACK TO job")
                conn.execute("RELEASE job")
                results.append((False, exc))
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            conn.execute("ROLLBACK")
            results = [(False, exc)] * len(jobs)
        return results

    def _work(self) -> None:
        while True:
            batch = [self._queue.get()]
            while True:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = None in batch
            jobs = [job for job in batch if job is not None]
            results = self._transaction([(fn, args) for fn, args, _, _ in jobs])
            for (_, _, loop, future), (ok, value) in zip(jobs, results, strict=True):
                # A closed loop (RuntimeError) means nobody waits for the result any more.
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(_resolve, future, ok, value)
            if stop:
                return

    def _checkpoints(self) -> None:
        conn = sqlite3.connect(self.store.path, isolation_level=None)
        try:
            while not self._stop_checkpoints.wait(CHECKPOINT_EVERY):
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error as exc:  # busy now: the next round catches up
                    log.debug("checkpoint skipped: %s", exc)
        finally:
            conn.close()


def _resolve(future: asyncio.Future, ok: bool, value: Any) -> None:
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
