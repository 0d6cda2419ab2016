"""Floods of silent WebSocket connections: does the server's memory come back?

    .venv/bin/python -m bench.flood [--floods 16] [--connections 2000] [--batch 200]
                                    [--hold 4] [--idle 10] [--json]

A `jeweltable serve` child process (127.0.0.1, no discovery, a temporary data folder, its web
port on) takes `--floods` floods. Each flood opens `--connections` WebSocket connections to
`/ws` (at most `--batch` of them in their opening handshake at once) that upgrade and then say
nothing; each is closed by the server (at its hello timeout, or when it refuses the connection)
or by this process after `--hold` seconds, and the flood ends when all of them are closed. After
each flood, and once more after `--idle` seconds of quiet at the end, the server's resident
memory is read. All the while one honest client, connected before the first flood, sends a
`ping` every 100 ms and times the `pong`.

Reported per flood: connections upgraded, refused (HTTP 503, with the server's reason) and
failed, the flood's seconds, the server's RSS, and the collector pauses of 10 ms or more the
server logged during it. At the end: RSS after the first flood, the highest after any flood,
after the idle pause, the growth over the first flood (`rss_growth_percent`; target ≤ 10), the
honest client's round trips (p50/p99/max) and the server's collector pauses over the whole run
(count, p99 and longest, from the line it logs when it stops). It stops by itself: every flood
is bounded by `--hold` plus a time limit, and the child is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import re
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect as ws_connect

from bench.server import gc_pauses, gc_summary, percentiles, rss_kb
from server.admission import WAITING_PER_ADDRESS, WAITING_TOTAL
from shared.protocol import ClientSide, encode, hello

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "127.0.0.1"
# A flood that has not ended this long after its last connection opened is cut short.
FLOOD_LIMIT = 60.0
PING_EVERY = 0.1


class Silent(asyncio.Protocol):
    """One flood connection: asks for the WebSocket upgrade, then says nothing."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.head = b""
        self.status = 0
        self.body = b""
        self.answered: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            f"GET /ws HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )

    def data_received(self, data: bytes) -> None:
        if self.status:
            if self.status != 101:
                self.body += data
            return  # frames from the server (a ping, a close): a silent client never answers
        self.head += data
        if b"\r\n\r\n" in self.head:
            head, _, self.body = self.head.partition(b"\r\n\r\n")
            self.status = int(head.split(b" ", 2)[1])
            if not self.answered.done():
                self.answered.set_result(None)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.answered.done():
            self.answered.set_result(None)
        self.closed.set_result(None)


class Honest:
    """A client that said hello and pings every PING_EVERY seconds, timing each pong."""

    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.lost = False

    async def run(self, port: int, stop: asyncio.Event) -> None:
        side = ClientSide()
        async with ws_connect(f"ws://{HOST}:{port}/ws", compression=None) as ws:
            await ws.send(encode(hello("honest")))
            side.receive_data(await ws.recv())
            n = 0
            while not stop.is_set():
                n += 1
                sent = time.perf_counter()
                await ws.send(encode({"t": "ping", "id": n}))
                while True:
                    msgs = side.receive_data(await asyncio.wait_for(ws.recv(), 30))
                    if any(m["t"] == "pong" and m.get("ref") == n for m in msgs):
                        break
                self.round_trips.append(time.perf_counter() - sent)
                await asyncio.sleep(PING_EVERY)


async def flood(port: int, count: int, batch: int, hold: float) -> dict[str, Any]:
    """One flood of `count` silent connections; what became of them."""
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(batch)
    peers: list[Silent] = []
    failed = 0

    async def one() -> None:
        nonlocal failed
        async with gate:
            try:
                _, peer = await loop.create_connection(lambda: Silent(port), HOST, port)
            except OSError:
                failed += 1
                return
            peers.append(peer)
            await peer.answered
        if peer.status == 101:
            # Silent until the server closes it, or `hold` seconds.
            await asyncio.wait([peer.closed], timeout=hold)
        assert peer.transport is not None
        peer.transport.close()
        await asyncio.wait([peer.closed], timeout=FLOOD_LIMIT)

    began = loop.time()
    await asyncio.wait_for(asyncio.gather(*(one() for _ in range(count))), hold + FLOOD_LIMIT)
    refused = [p for p in peers if p.status == 503]
    reasons = sorted({p.body.decode(errors="replace").strip() for p in refused})
    return {
        "upgraded": sum(p.status == 101 for p in peers),
        "refused_503": len(refused),
        "refusal_reasons": reasons,
        "other": sum(p.status not in (101, 503) for p in peers),
        "failed_to_connect": failed,
        "seconds": round(loop.time() - began, 2),
    }


def serve_child(data: str, per_address: int | None, total: int | None) -> int:
    """The server of the bench, as `jeweltable serve` runs it (the same `server.app.run`), with
    the admission caps given (default: the server's own)."""
    from server.app import ServerConfig, run

    config = ServerConfig(
        host=HOST, port=0, name="flood", data_dir=Path(data), discovery=False, web_port=0
    )
    if per_address is not None:
        config.waiting_per_address = per_address
    if total is not None:
        config.waiting_total = total
    return run(config)


async def start_server(
    data: str, log_path: str, args: argparse.Namespace
) -> tuple[asyncio.subprocess.Process, int]:
    """The server in a child process, with its web port, as at an event; its web port."""
    caps = []
    if args.per_address is not None:
        caps += ["--per-address", str(args.per_address)]
    if args.total is not None:
        caps += ["--total", str(args.total)]
    log = open(log_path, "wb")  # noqa: SIM115 - the child writes to it until it ends
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "bench.flood", "--serve-child", data, *caps),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=log,
    )
    log.close()
    assert proc.stdout is not None
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        found = re.search(r"web: http://[\d.]+:(\d+)/", line)
        if found:
            return proc, int(found.group(1))
        if not line:
            raise RuntimeError("the server did not start")


async def stop_server(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), 20)
        except TimeoutError:
            proc.kill()
            await proc.wait()


async def run(args: argparse.Namespace, report: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="jeweltable-flood-") as data:
        log_path = os.environ.get("JEWELTABLE_BENCH_LOG") or os.path.join(data, "server.log")
        proc, port = await start_server(data, log_path, args)
        stop = asyncio.Event()
        honest = Honest()
        pinging = asyncio.create_task(honest.run(port, stop))
        try:
            await asyncio.sleep(1.0)
            rss_start = rss_kb(proc.pid) / 1024
            floods = []
            logged = 0
            for n in range(args.floods):
                result = await flood(port, args.connections, args.batch, args.hold)
                await asyncio.sleep(1.0)  # the server's last closes
                result["rss_mb"] = round(rss_kb(proc.pid) / 1024, 1)
                pauses = gc_pauses(log_path)
                result["gc_pauses_over_10ms"] = pauses["server_gc_pauses_over_10ms"] - logged
                logged = pauses["server_gc_pauses_over_10ms"]
                floods.append(result)
                report(n + 1, result)
            await asyncio.sleep(args.idle)
            rss_idle = rss_kb(proc.pid) / 1024
        finally:
            stop.set()
            try:
                await asyncio.wait_for(pinging, 5)
            except Exception:
                honest.lost = True
            await stop_server(proc)
        first = floods[0]["rss_mb"]
        highest = max(f["rss_mb"] for f in floods)
        return {
            "floods": args.floods,
            "waiting_per_address": args.per_address or WAITING_PER_ADDRESS,
            "waiting_total": args.total or WAITING_TOTAL,
            "connections_per_flood": args.connections,
            "hold_seconds": args.hold,
            "rss_mb_start": round(rss_start, 1),
            "rss_mb_after_first_flood": first,
            "rss_mb_highest_after_a_flood": highest,
            "rss_mb_after_idle": round(rss_idle, 1),
            "rss_growth_percent": round(100 * (highest - first) / first, 1),
            "upgraded": sum(f["upgraded"] for f in floods),
            "refused_503": sum(f["refused_503"] for f in floods),
            "refusal_reasons": sorted({r for f in floods for r in f["refusal_reasons"]}),
            "failed_to_connect": sum(f["failed_to_connect"] for f in floods),
            "honest_round_trip_ms": percentiles(honest.round_trips),
            "honest_client_lost": honest.lost,
            "per_flood": floods,
            **gc_pauses(log_path),
            **gc_summary(log_path),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.flood", description=__doc__.split("\n")[0])
    parser.add_argument("--floods", type=int, default=16)
    parser.add_argument("--connections", type=int, default=2000, help="per flood")
    parser.add_argument("--batch", type=int, default=200, help="opening at once")
    parser.add_argument(
        "--hold", type=float, default=4.0, help="seconds a silent connection is kept open"
    )
    parser.add_argument("--idle", type=float, default=10.0, help="quiet seconds at the end")
    parser.add_argument(
        "--per-address",
        type=int,
        help=f"the server's cap on connections waiting for welcome per address"
        f" (default {WAITING_PER_ADDRESS})",
    )
    parser.add_argument(
        "--total",
        type=int,
        help=f"the server's cap on connections waiting for welcome (default {WAITING_TOTAL})",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve-child", metavar="DATA", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_child:
        return serve_child(args.serve_child, args.per_address, args.total)

    def report(n: int, result: dict[str, Any]) -> None:
        if not args.json:
            print(f"flood {n}: {json.dumps(result)}", flush=True)

    result = asyncio.run(run(args, report))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for key, value in result.items():
            if key != "per_flood":
                print(f"{key}: {value}")
    return 0 if result["rss_growth_percent"] <= 10 else 1


if __name__ == "__main__":
    sys.exit(main())
