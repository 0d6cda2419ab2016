"""Server load benchmark: many tables of random play (or of bots) over loopback.

    .venv/bin/python -m bench.server [--tables 20] [--seats 4] [--spectators 20] [--seconds 20]
                                     [--think 0] [--bots LEVEL] [--talk SHARE] [--json]

A `jeweltable serve` child process (127.0.0.1, no discovery, a temporary data folder) hosts
`--tables` tables cycling through the registered games that seat `--seats` players, each with
`--seats` seated clients and `--spectators` spectators, every one its own TCP connection. First
every client connects (many at once, as people arrive at an event), then every table is created,
filled and started; only then does the timed window of `--seconds` begin. In it each table's
driver plays random legal moves, one at a time: it sends a move through the seat's connection,
waits until every recipient at the table has the update, optionally pauses (a random time
averaging `--think` seconds; 0 saturates the server), and goes on; a finished game is followed
by a new table for the same people. It stops by itself after the window.

With `--talk SHARE` that share of the clients say `"talk": true` in their hello, as the browser
page and the TV do: the server then makes the table's talk (shared/talk) for each of them with
every update.

With `--bots LEVEL` every seat is a server-side bot of that level instead: each table has one
connection that created it and watches (plus `--spectators`), and a finished game is followed
by a new one. This is the memory run: `rss_mb_start` is taken once every table plays, after a
warm-up (`--warmup` seconds, default a tenth of the window; the first games take a few
minutes to fill up), and `rss_mb_end` at the end of the window.

Reported: `moves_timed` (moves in the window), the time from a move sent to each recipient's
update (`fanout_p50_ms`, `fanout_p99_ms`, `fanout_max_ms`; also `latency_ms`) and to the last
recipient's, moves per second, connect and set-up times, dropped connections, the CPU share of
the server and of this (client) process, the server's resident memory (`rss_mb_start`,
`rss_mb_end`) and per connection, and the server's garbage-collector pauses over its whole run:
those of 10 ms or more it logged, and from the summary it logs when it stops every collection's
count by generation, the p50, p99 and longest pause (`server_gc_pause_p99_ms`,
`server_gc_pause_max_ms`, the longest per generation) and the p99 and longest CPU time of one.
The collector's target (issue 31): no pause over 50 ms at 2,000 connections and 1,000 tables,

    .venv/bin/python -m bench.server --tables 1000 --seats 2 --spectators 0 --think 1
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from typing import Any

from shared import engine
from shared.protocol import ClientSide, encode, hello

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "127.0.0.1"
STEP_TIMEOUT = 10.0
# Connections opened at once, and tables set up at once.
CONNECTING = 256
SETTING_UP = 64


class Peer(asyncio.Protocol):
    """One benchmark connection: updates go to the table driver, everything else to an inbox."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.side = ClientSide()
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.transport: asyncio.Transport | None = None
        self.driver: TableDriver | BotTableDriver | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        for msg in self.side.receive_data(data):
            if msg["t"] == "update" and self.driver is not None:
                self.driver.arrived(self, msg, now)
            elif msg["t"] in ("welcome", "joined", "sync", "error"):
                self.inbox.put_nowait(msg)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.bench.stopping:
            self.bench.dropped += 1

    def send(self, msg: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(encode(msg))

    async def expect(self, kind: str, **fields: Any) -> dict[str, Any]:
        while True:
            msg = await asyncio.wait_for(self.inbox.get(), STEP_TIMEOUT)
            if msg["t"] == "error":
                raise RuntimeError(f"the server refused a setup step: {msg['reason']}")
            if msg["t"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                return msg


class TableDriver:
    """Plays one table after another with the same seated clients and spectators."""

    def __init__(self, bench: Bench, index: int, seats: list[Peer], spectators: list[Peer]):
        self.bench = bench
        self.game_id = bench.games[index % len(bench.games)]
        self.rng = random.Random(index)
        self.seats = seats
        self.spectators = spectators
        self.table = 0
        self.seen: dict[Peer, dict[str, Any]] = {}
        self.waiting_seq = -1
        self.sent_at = 0.0
        self.missing = 0
        self.all_arrived: asyncio.Future[None] | None = None
        for peer in [*seats, *spectators]:
            peer.driver = self

    async def new_table(self) -> None:
        """Create, fill and start a table; leave the previous one."""
        old = self.table
        owner = self.seats[0]
        owner.send({"t": "create", "game": self.game_id, "seats": len(self.seats)})
        self.table = (await owner.expect("joined"))["table"]
        for seat, peer in enumerate(self.seats[1:], start=1):
            peer.send({"t": "join", "table": self.table, "seat": seat})
            await peer.expect("joined", table=self.table)
        for peer in self.spectators:
            peer.send({"t": "watch", "table": self.table})
            await peer.expect("joined", table=self.table)
        owner.send({"t": "start", "table": self.table})
        for seat, peer in enumerate(self.seats):
            self.seen[peer] = await peer.expect("sync", table=self.table, seat=seat)
        for peer in self.spectators:
            self.seen[peer] = await peer.expect("sync", table=self.table)
        if old:
            for peer in [*self.seats, *self.spectators]:
                peer.send({"t": "leave", "table": old})

    def arrived(self, peer: Peer, msg: dict[str, Any], now: float) -> None:
        if msg["table"] != self.table or msg["seq"] != self.waiting_seq:
            return
        self.seen[peer] = msg
        self.bench.latencies.append(now - self.sent_at)
        self.missing -= 1
        if self.missing == 0 and self.all_arrived is not None and not self.all_arrived.done():
            self.bench.to_all.append(now - self.sent_at)
            self.all_arrived.set_result(None)

    async def run(self, deadline: float, think: float) -> None:
        """Play moves until `deadline` (the table is set up already)."""
        loop = asyncio.get_running_loop()
        if think:
            # Tables join the evening at different moments, as they do in the window: were all
            # of them to send their first move at once, the window would open with one burst of
            # every table's fan-out (2,000 updates at 80 tables of 25) that no evening has.
            await asyncio.sleep(self.rng.uniform(0, 2 * think))
        while loop.time() < deadline:
            watched = self.seen[self.spectators[0]] if self.spectators else self.seen[self.seats[0]]
            if watched["status"] == "finished":
                self.bench.games_finished += 1
                await self.new_table()
                continue
            seat = self.rng.choice(watched["to_act"])
            move = self.rng.choice(self.seen[self.seats[seat]]["legal_moves"])
            self.waiting_seq = watched["seq"] + 1
            self.missing = len(self.seats) + len(self.spectators)
            self.all_arrived = loop.create_future()
            self.sent_at = time.perf_counter()
            self.seats[seat].send(
                {
                    "t": "move",
                    "table": self.table,
                    "seat": seat,
                    "move": move,
                    "seq": watched["seq"],
                }
            )
            try:
                await asyncio.wait_for(self.all_arrived, STEP_TIMEOUT)
            except TimeoutError:
                self.bench.stalls += 1
                return
            self.bench.moves += 1
            if think:
                # Drawn, not fixed: tables that all wait the same time fall into lockstep and
                # move in bursts, which no real evening does.
                await asyncio.sleep(self.rng.uniform(0, 2 * think))


class BotTableDriver:
    """A table whose seats are all server-side bots: its creator watches, and starts a new game
    when one ends (the memory run)."""

    def __init__(self, bench: Bench, index: int, owner: Peer, spectators: list[Peer]):
        self.bench = bench
        self.game_id = bench.games[index % len(bench.games)]
        self.owner = owner
        self.spectators = spectators
        self.seats = bench.args.seats
        self.table = 0
        self.finished: asyncio.Event = asyncio.Event()
        for peer in [owner, *spectators]:
            peer.driver = self

    def arrived(self, peer: Peer, msg: dict[str, Any], now: float) -> None:
        if peer is self.owner and msg["table"] == self.table:
            self.bench.moves += 1
            if msg["status"] == "finished":
                self.finished.set()

    async def new_table(self) -> None:
        old, owner = self.table, self.owner
        owner.send({"t": "create", "game": self.game_id, "seats": self.seats, "sit": False})
        self.table = (await owner.expect("joined"))["table"]
        self.finished.clear()
        for peer in self.spectators:
            peer.send({"t": "watch", "table": self.table})
            await peer.expect("joined", table=self.table)
        for seat in range(self.seats):
            owner.send({"t": "bot", "table": self.table, "seat": seat, "level": self.bench.bots})
        owner.send({"t": "start", "table": self.table})
        await owner.expect("sync", table=self.table)
        if old:
            for peer in [owner, *self.spectators]:
                peer.send({"t": "leave", "table": old})

    async def run(self, deadline: float, think: float) -> None:
        loop = asyncio.get_running_loop()
        while loop.time() < deadline:
            try:
                await asyncio.wait_for(self.finished.wait(), deadline - loop.time())
            except TimeoutError:
                return
            self.bench.games_finished += 1
            try:
                await self.new_table()
            except TimeoutError:  # the server did not answer within STEP_TIMEOUT
                self.bench.stalls += 1
                return


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.bots: str | None = args.bots
        # The games that seat this many players.
        self.games = [
            g
            for g in engine.list_games()
            if engine.get_game(g).min_players <= args.seats <= engine.get_game(g).max_players
        ]
        self.latencies: list[float] = []
        self.to_all: list[float] = []
        self.moves = 0
        self.games_finished = 0
        self.dropped = 0
        self.stalls = 0
        self.stopping = False
        self.connected = 0
        self.talkers = 0

    async def connect(self, port: int, name: str, gate: asyncio.Semaphore) -> Peer:
        async with gate:
            loop = asyncio.get_running_loop()
            _, peer = await loop.create_connection(lambda: Peer(self), HOST, port)
            greeting = hello(name)
            # A share of the clients are browsers: they ask for the table's talk with each update.
            self.connected += 1
            if self.connected * self.args.talk >= self.talkers + 1:
                self.talkers += 1
                greeting["talk"] = True
            peer.send(greeting)
            await peer.expect("welcome")
            return peer

    async def run(self) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="jeweltable-bench-") as data:
            log_path = os.environ.get("JEWELTABLE_BENCH_LOG") or os.path.join(data, "server.log")
            proc, port = await start_server(data, log_path)
            try:
                result = await self._measure(proc.pid, port)
            finally:
                self.stopping = True
                if proc.returncode is None:
                    proc.send_signal(signal.SIGTERM)
                    try:
                        await asyncio.wait_for(proc.wait(), 15)
                    except TimeoutError:
                        proc.kill()
                        await proc.wait()
            # The server logs its collections' summary as it stops.
            result.update(gc_pauses(log_path))
            result.update(gc_summary(log_path))
            return result

    async def _measure(self, pid: int, port: int) -> dict[str, Any]:
        args = self.args
        await asyncio.sleep(0.5)
        rss_before = rss_kb(pid)
        loop = asyncio.get_running_loop()
        # Everyone arrives first, many at once (the server's listen backlog takes the rush).
        began = loop.time()
        gate = asyncio.Semaphore(CONNECTING)
        per_table = 1 + args.spectators if self.bots else args.seats + args.spectators
        names = [f"t{t}p{p}" for t in range(args.tables) for p in range(per_table)]
        peers = await asyncio.gather(*(self.connect(port, n, gate) for n in names))
        connect_seconds = loop.time() - began
        connections = len(peers)
        rss_connected = rss_kb(pid)
        groups = [peers[t * per_table : (t + 1) * per_table] for t in range(args.tables)]
        drivers: list[TableDriver | BotTableDriver]
        if self.bots:
            drivers = [BotTableDriver(self, i, g[0], g[1:]) for i, g in enumerate(groups)]
        else:
            drivers = [
                TableDriver(self, i, g[: args.seats], g[args.seats :]) for i, g in enumerate(groups)
            ]
        # Then every table is set up; the timed window starts once all of them play.
        began = loop.time()
        setup_cpu, own_setup_cpu = cpu_seconds(pid), time.process_time()
        setting_up = asyncio.Semaphore(SETTING_UP)

        async def set_up(driver: TableDriver | BotTableDriver) -> None:
            async with setting_up:
                await driver.new_table()

        await asyncio.gather(*(set_up(d) for d in drivers))
        setup_seconds = loop.time() - began
        setup_cpu = cpu_seconds(pid) - setup_cpu
        own_setup_cpu = time.process_time() - own_setup_cpu
        if self.bots:
            # Warm-up: memory grows while the first games fill up (game states, the events each
            # bot has seen, the tables' recent moves), and is flat from then on.
            await asyncio.sleep(args.seconds / 10 if args.warmup is None else args.warmup)
        self.latencies.clear()
        self.to_all.clear()
        self.moves = self.games_finished = 0
        rss_start = rss_kb(pid)
        # This process holds every client's latest view: a full collection of its garbage
        # stops it for a tenth of a second and more, which would be counted against the
        # server. The window is bounded, and the messages it drops hold no cycles.
        gc.collect()
        gc.disable()
        began = loop.time()
        server_cpu, own_cpu = cpu_seconds(pid), time.process_time()
        try:
            await asyncio.gather(*(d.run(began + args.seconds, args.think) for d in drivers))
        finally:
            gc.enable()
        elapsed = loop.time() - began
        server_cpu, own_cpu = cpu_seconds(pid) - server_cpu, time.process_time() - own_cpu
        rss_end = rss_kb(pid)
        self.stopping = True
        for peer in peers:
            if peer.transport is not None:
                peer.transport.close()
        fanout = percentiles(self.latencies)
        return {
            "tables": args.tables,
            "connections": connections,
            "talk_clients": self.talkers,
            "games": self.games,
            "bots": self.bots,
            "connect_seconds": round(connect_seconds, 2),
            "setup_seconds": round(setup_seconds, 2),
            "setup_server_cpu_seconds": round(setup_cpu, 2),
            "setup_clients_cpu_seconds": round(own_setup_cpu, 2),
            "seconds": round(elapsed, 2),
            "think_seconds": args.think,
            "moves": self.moves,
            "moves_timed": self.moves,
            "games_finished": self.games_finished,
            "moves_per_second": round(self.moves / elapsed, 1),
            "updates_per_second": round(len(self.latencies) / elapsed, 1),
            "latency_ms": fanout,
            "fanout_p50_ms": fanout.get("p50"),
            "fanout_p99_ms": fanout.get("p99"),
            "fanout_max_ms": fanout.get("max"),
            "latency_to_last_recipient_ms": percentiles(self.to_all),
            "dropped_connections": self.dropped,
            "server_cpu_share": round(server_cpu / elapsed, 2),
            "clients_cpu_share": round(own_cpu / elapsed, 2),
            "server_cpu_ms_per_move": round(server_cpu * 1000 / max(self.moves, 1), 2),
            "stalled_tables": self.stalls,
            "rss_mb_before": round(rss_before / 1024, 1),
            "rss_mb_connected": round(rss_connected / 1024, 1),
            "rss_mb_start": round(rss_start / 1024, 1),
            "rss_mb_end": round(rss_end / 1024, 1),
            "rss_growth_percent": round(100 * (rss_end - rss_start) / max(rss_start, 1), 1),
            "memory_per_connection_kb": round((rss_connected - rss_before) / connections, 1),
            # Other work on the machine shows in every latency: the load says how much there was.
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }


def percentiles(samples: list[float]) -> dict[str, float]:
    if len(samples) < 2:
        return {}
    cuts = statistics.quantiles(samples, n=100)
    return {
        "p50": round(cuts[49] * 1000, 2),
        "p99": round(cuts[98] * 1000, 2),
        "max": round(max(samples) * 1000, 2),
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def gc_pauses(log_path: str) -> dict[str, Any]:
    """The garbage collector's pauses the server logged (those of 10 ms and more): how many, the
    longest, and the most CPU time one of them took."""
    with open(log_path, encoding="utf-8", errors="replace") as log:
        found = re.findall(r"gc: .* paused the server ([\d.]+) ms \(([\d.]+) ms of CPU", log.read())
    return {
        "server_gc_pauses_over_10ms": len(found),
        "server_gc_longest_ms": max((float(wall) for wall, _ in found), default=0.0),
        "server_gc_longest_cpu_ms": max((float(cpu) for _, cpu in found), default=0.0),
    }


def gc_summary(log_path: str) -> dict[str, Any]:
    """Every collection of the server's run, from the line it logs when it stops: how many of
    each generation, and the p99 and longest pause (empty if it logged none)."""
    with open(log_path, encoding="utf-8", errors="replace") as log:
        found = re.search(
            r"gc: (\d+) collections while serving \(generation 0: (\d+), 1: (\d+), 2: (\d+)\);"
            r" pauses p50 ([\d.]+) ms, p99 ([\d.]+) ms, longest ([\d.]+) ms"
            r" \(by generation: ([\d.]+), ([\d.]+), ([\d.]+) ms\);"
            r" CPU p99 ([\d.]+) ms, longest ([\d.]+) ms",
            log.read(),
        )
    if not found:
        return {}
    numbers = [float(x) for x in found.groups()]
    return {
        "server_gc_collections": int(numbers[0]),
        "server_gc_collections_by_generation": [int(x) for x in numbers[1:4]],
        "server_gc_pause_p50_ms": numbers[4],
        "server_gc_pause_p99_ms": numbers[5],
        "server_gc_pause_max_ms": numbers[6],
        "server_gc_pause_max_by_generation_ms": numbers[7:10],
        "server_gc_cpu_p99_ms": numbers[10],
        "server_gc_cpu_max_ms": numbers[11],
    }


async def start_server(data: str, log_path: str) -> tuple[asyncio.subprocess.Process, int]:
    log = open(log_path, "wb")  # noqa: SIM115 - the child writes to it until it ends
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
        # The console's log of the evening's facts (a line per table made, started...) would
        # fill the pipe read here only for the first line, and hold the server up.
        "--quiet",
        "--name",
        "bench",
        "--data",
        data,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=log,
    )
    log.close()
    assert proc.stdout is not None
    line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
    found = re.search(r"listening on [\d.]+:(\d+)", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.server", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--spectators", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the play phase")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean pause after each move, per table"
    )
    parser.add_argument(
        "--bots", metavar="LEVEL", help="seat server-side bots of this level (the memory run)"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        help="with --bots: seconds of play before the window (default a tenth of --seconds)",
    )
    parser.add_argument(
        "--talk",
        type=float,
        default=0.0,
        help="share of the clients (0-1) that ask for the table's talk, as the page does",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(Bench(args).run())
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    ok = result["dropped_connections"] == 0 and result["stalled_tables"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
