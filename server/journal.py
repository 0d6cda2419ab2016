"""The journal's writing: `Journal` commits each write on the event loop (or, with fsync, on one
writer thread with group commit), and `Checkpointer` copies the write-ahead log back into the
database file on a thread and a connection of its own, never inside a commit, so the event loop
never waits for the disk (server/store.py says what is stored)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from server.store import StorageFull, Store, is_disk_full

log = logging.getLogger(__name__)

T = TypeVar("T")


# A commit copies the log back itself only when the checkpoint thread has fallen this far behind
# (pages of 4 KiB): a bound on the log's size, never reached while the thread keeps up.
FALLBACK_CHECKPOINT_PAGES = 10_000


class Checkpointer:
    """Copies the write-ahead log into the database file, on its own thread and connection.

    SQLite does this by itself inside a commit once the log holds 1,000 pages; with
    synchronous=NORMAL that checkpoint syncs the log and the database file, which stalled the
    event loop for up to ~50 ms (about 1 commit in 250 took more than 5 ms). Here the commits do
    not checkpoint (unless this thread has fallen `FALLBACK_CHECKPOINT_PAGES` behind): after
    every `every` commits (about 1,000 pages) the thread runs PASSIVE checkpoints, which wait for
    nobody and block no writer, until one finds nothing new to copy. The next commit then starts
    the log over; that costs the committing connection one sync of the log's header, the only
    disk wait left on the event loop, once per `every` commits. (Checkpointing more often would
    start the log over more often, and each start is such a sync.) Checkpoints move committed
    data only, so nothing acknowledged depends on them; one that fails (a full disk) is tried
    again later.
    """

    ROUNDS = 8

    def __init__(self, store: Store, every: int = 400, interval: float = 0.25) -> None:
        self.store = store
        self.every = every
        self.interval = interval
        self.commits = 0  # since the last checkpoint (counted by the journal)
        self.checkpoints = 0  # times the thread caught up with the log
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            return
        store = self.store
        store.conn.execute(f"PRAGMA wal_autocheckpoint={FALLBACK_CHECKPOINT_PAGES}")
        ((sync,),) = store.conn.execute("PRAGMA synchronous").fetchall()
        conn = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA synchronous={int(sync)}")
        self._thread = threading.Thread(
            target=self._work, args=(conn,), name="jeweltable-checkpoint", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread (after the checkpoint under way, if any); the store stays open."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _work(self, conn: sqlite3.Connection) -> None:
        try:
            while not self._stop.wait(self.interval):
                if self.commits >= self.every:
                    self.commits = 0
                    self.checkpoints += 1
                    self._catch_up(conn)
        finally:
            conn.close()

    def _catch_up(self, conn: sqlite3.Connection) -> None:
        """Checkpoint until one finds nothing new to copy (commits that came in during one are
        copied by the next, a short one), at most `ROUNDS` times."""
        last = -1
        for _ in range(self.ROUNDS):
            try:
                # fetchall: a statement not run to its end would keep a read lock, and the log
                # cannot start over while anyone reads it.
                ((busy, logged, copied),) = conn.execute(
                    "PRAGMA wal_checkpoint(PASSIVE)"
                ).fetchall()
            except sqlite3.Error as exc:
                log.debug("checkpoint of %s failed: %s", self.store.path, exc)
                return
            if busy or copied < logged or logged == last:
                return  # a reader holds part of the log (next time), or all of it is copied
            last = logged


class Journal:
    """The store's writes as committed transactions: `await journal.run(fn, *args)`.

    Without fsync a commit costs tens of microseconds, so it runs at once on the event loop
    (handing it to a thread costs more, in GIL switches, than it saves). With fsync it runs on
    one writer thread with group commit: every call waiting when the thread wakes runs in one
    transaction, each in its own savepoint so that one failing call does not undo the others,
    and all of them resolve after the one commit.

    A full disk fails the whole transaction: it is rolled back and every call in it raises
    `StorageFull`. `full` tells whether the latest write failed so; the next one that succeeds
    clears it, so the server carries on by itself once there is room again.
    """

    def __init__(self, store: Store, threaded: bool = False) -> None:
        self.store = store
        self.full = False
        self.threaded = threaded
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.checkpointer = Checkpointer(store)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` inside a transaction; return once it is committed."""
        self.checkpointer.start()  # by the first write, so that reading needs no thread
        if not self.threaded:
            return self._run_now(fn, args)
        if self._thread is None:  # started by the first write, so that reading needs none
            self._thread = threading.Thread(
                target=self._work, name="jeweltable-journal", daemon=True
            )
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((fn, args, loop, future))
        return await future

    async def close(self) -> None:
        """Finish the queued writes, then stop the thread and close the database."""
        if self._thread is not None:
            self._queue.put(None)
            await asyncio.to_thread(self._thread.join)
        await asyncio.to_thread(self.checkpointer.stop)
        self.store.close()

    def _run_now(self, fn: Callable[..., T], args: tuple) -> T:
        conn = self.store.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            result = fn(*args)
            conn.execute("COMMIT")
        except BaseException as exc:
            self._roll_back()
            if is_disk_full(exc):
                raise self._disk_full() from None
            raise
        self._written()
        return result

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
            results = self._run_batch([(fn, args) for fn, args, _, _ in jobs]) if jobs else []
            for (_, _, loop, future), (ok, value) in zip(jobs, results, strict=True):
                # A closed loop (RuntimeError) means nobody waits for the result any more.
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(_resolve, future, ok, value)
            if stop:
                return

    def _run_batch(self, jobs: list[tuple[Callable, tuple]]) -> list[tuple[bool, Any]]:
        """Run the jobs in one transaction: (True, result) or (False, exception) for each."""
        conn = self.store.conn
        results: list[tuple[bool, Any]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for fn, args in jobs:
                conn.execute("SAVEPOINT job")
                try:
                    results.append((True, fn(*args)))
                except Exception as exc:  # the caller gets the exception; the rest commit
                    if is_disk_full(exc):
                        raise
                    conn.execute("ROLLBACK TO job")
                    conn.execute("RELEASE job")
                    results.append((False, exc))
                else:
                    conn.execute("RELEASE job")
            conn.execute("COMMIT")
        except Exception as exc:
            self._roll_back()
            if is_disk_full(exc):
                self._disk_full()
                return [(False, StorageFull()) for _ in jobs]
            return [(False, exc) for _ in jobs]
        self._written()
        return results

    def _roll_back(self) -> None:
        """Undo the open transaction, if SQLite has not already (it may, on a full disk)."""
        conn = self.store.conn
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")

    def _disk_full(self) -> StorageFull:
        if not self.full:
            self.full = True
            log.error(
                "the disk holding %s is full: new tables and moves are refused until there is"
                " room again (the server goes on by itself then)",
                self.store.path,
            )
        return StorageFull()

    def _written(self) -> None:
        self.checkpointer.commits += 1
        if self.full:
            self.full = False
            log.warning("there is room on the disk again: %s takes moves again", self.store.path)


def _resolve(future: asyncio.Future, ok: bool, value: Any) -> None:
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
