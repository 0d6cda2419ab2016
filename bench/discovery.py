"""LAN discovery speed over zeroconf bound to 127.0.0.1 (no other interface is touched).

    .venv/bin/python -m bench.discovery [--rounds 3] [--json]

Each round announces a server (an `Advertiser`, as `jeweltable serve` runs it) and measures:

- `first_answer_ms`: from the start screen's `LanBrowser` starting to the server being in its
  list, the server having been up for a while (target ≤ 300 ms);
- `discover_exit_ms`: how long `jeweltable discover --timeout 3` (`server.discovery.browse`)
  takes to return with the server in its answer (it returns once answers stop, 0.25 s after the
  last one; the timeout is only the upper bound);
- `new_server_ms`: from a server starting its announcement to a running `LanBrowser` listing it
  (target ≤ 1,500 ms; zeroconf first probes the name for about a second, so that two servers
  of the same name never share it).

Figures are the median of the rounds; `*_max_ms` the slowest round. It stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import uuid

from client.net.discovery import LanBrowser
from server.discovery import Advertiser, browse

HOST = "127.0.0.1"
INTERFACES = [HOST]
WAIT = 10.0
# A server that just announced itself does not multicast the same records again within a
# second (RFC 6762): the "running server" rounds start once that is over, as on a real evening.
SETTLE = 1.5


async def listed(browser: LanBrowser, name: str, started: float) -> float:
    """Milliseconds from `started` until `browser` reports `name` found."""
    deadline = time.perf_counter() + WAIT
    while time.perf_counter() < deadline:
        for change, instance, _info in browser.poll():
            if change == "found" and instance.startswith(name):
                return (time.perf_counter() - started) * 1000
        await asyncio.sleep(0.002)
    raise RuntimeError(f"{name} was not listed within {WAIT:g} s")


async def one_round(port: int) -> dict[str, float]:
    name = f"bench-{uuid.uuid4().hex[:8]}"
    running = Advertiser(name, port, host=HOST, interfaces=INTERFACES)
    fresh = Advertiser(f"{name}-new", port + 1, host=HOST, interfaces=INTERFACES)
    browser: LanBrowser | None = None
    try:
        await running.start()
        await asyncio.sleep(SETTLE)

        started = time.perf_counter()
        browser = LanBrowser(INTERFACES).start()
        first_answer = await listed(browser, name, started)

        started = time.perf_counter()
        servers = await browse(INTERFACES, 3.0)
        discover_exit = (time.perf_counter() - started) * 1000
        if not any(s["name"] == name for s in servers):
            raise RuntimeError(f"discover did not hear {name}")

        started = time.perf_counter()
        announcing = asyncio.create_task(fresh.start())
        new_server = await listed(browser, f"{name}-new", started)
        await announcing
    finally:
        if browser is not None:
            await asyncio.to_thread(browser.stop)
        await fresh.close()
        await running.close()
    return {
        "first_answer_ms": first_answer,
        "discover_exit_ms": discover_exit,
        "new_server_ms": new_server,
    }


async def measure(rounds: int) -> dict[str, object]:
    results = [await one_round(47000 + 2 * n) for n in range(rounds)]
    report: dict[str, object] = {"rounds": rounds, "interface": HOST, "discover_timeout_s": 3.0}
    for key in ("first_answer_ms", "discover_exit_ms", "new_server_ms"):
        values = [r[key] for r in results]
        report[key] = round(statistics.median(values), 1)
        report[key.replace("_ms", "_max_ms")] = round(max(values), 1)
    report["targets_ms"] = {"first_answer_ms": 300, "new_server_ms": 1500}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.discovery", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = asyncio.run(measure(max(1, args.rounds)))
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
