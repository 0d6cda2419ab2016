"""Journal commits on the event loop: how long a move's commit keeps the loop, and the log's size.

    .venv/bin/python -m bench.journal [--commits 3000] [--rate 80] [--sqlite-checkpoints] [--json]

Commits `--commits` moves (spread over 80 tables, two pages or so each, like the server's) through
`server.journal.Journal` in a temporary data folder, `--rate` a second (0: back to back), and prints
the time each commit took on the event loop (`commit_p50_ms`, `commit_p99_ms`, `commit_max_ms`,
`commits_over_5ms`), the checkpoints the checkpoint thread made and the largest the write-ahead
log grew (`wal_mb_max`). `--sqlite-checkpoints` measures the way it was before: SQLite copies the
log back itself inside a commit every 1,000 pages (two syncs on the event loop). It stops by
itself after the commits asked for.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time

from server.journal import Journal
from server.store import Store

TABLES = 80


async def run(commits: int, rate: float, sqlite_checkpoints: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="jeweltable-journal-") as data:
        store = Store(data)
        journal = Journal(store)
        if sqlite_checkpoints:
            journal.checkpointer.every = 1 << 60  # the thread never checkpoints
        tables = [
            await journal.run(store.create_table, "das-kollier", 4, {}, t, 600, None, "k", [])
            for t in range(TABLES)
        ]
        if sqlite_checkpoints:
            store.conn.execute("PRAGMA wal_autocheckpoint=1000")
        wal = store.path.with_name(store.path.name + "-wal")
        times, largest = [], 0
        gap = 1 / rate if rate else 0.0
        began = time.perf_counter()
        for i in range(commits):
            move = {"type": "bid", "amount": i % 40, "gems": ["ruby", "pearl"] * 8}
            start = time.perf_counter()
            await journal.run(
                store.append_move, tables[i % TABLES], i // TABLES + 1, 0, move, "seat", None
            )
            times.append(time.perf_counter() - start)
            largest = max(largest, os.path.getsize(wal))
            if gap:
                # Keep to the rate (a commit that ran late does not shorten the next pause).
                await asyncio.sleep(max(0.0, began + (i + 1) * gap - time.perf_counter()))
        checkpoints = journal.checkpointer.checkpoints
        await journal.close()
    times.sort()
    n = len(times)
    return {
        "commits": n,
        "rate": rate,
        "sqlite_checkpoints": sqlite_checkpoints,
        "commit_p50_ms": round(times[n // 2] * 1000, 3),
        "commit_p99_ms": round(times[min(n - 1, int(n * 0.99))] * 1000, 3),
        "commit_max_ms": round(times[-1] * 1000, 2),
        "commits_over_5ms": sum(t > 0.005 for t in times),
        "thread_checkpoints": checkpoints,
        "wal_mb_max": round(largest / 1e6, 2),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.journal", description=__doc__.split("\n")[0])
    parser.add_argument("--commits", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=80.0, help="commits a second (0: at once)")
    parser.add_argument("--sqlite-checkpoints", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.commits, args.rate, args.sqlite_checkpoints))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
