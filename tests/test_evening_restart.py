"""`jeweltable serve --evening` as a process: its terminal logs the evening one fact a line (JSON
with --log-json, nothing with --quiet), and a `kill -9` mid-evening loses no finished result."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import signal
import sys
from pathlib import Path
from typing import Any

from client.net.connection import AsyncClient
from tests.test_evening import play_out, seat_table
from tests.test_server_kit import HOST, arun


class ServeProcess:
    """`jeweltable serve` on 127.0.0.1 (any port, no discovery, no page), its stdout read."""

    def __init__(self, data: Path, *options: str) -> None:
        self.args = [
            *("-m", "client.cli", "serve", "--host", HOST, "--port", "0", "--no-discovery"),
            *("--no-web", "--data", str(data), *options),
        ]
        self.lines: list[str] = []
        self.port = 0
        self.host_code = ""

    async def __aenter__(self) -> ServeProcess:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *self.args,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        assert self.proc.stdout is not None
        while not self.port or not self.host_code:
            line = (await asyncio.wait_for(self.proc.stdout.readline(), 30)).decode()
            assert line, "the server ended before it listened"
            self.lines.append(line.rstrip("\n"))
            found = re.search(r"listening on [\d.]+:(\d+)", line)
            if found:
                self.port = int(found.group(1))
            if line.startswith("host code: "):
                self.host_code = line.split(": ", 1)[1].strip()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode().rstrip("\n"))

    def facts(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.lines if line.startswith("{")]

    async def kill(self) -> None:
        """SIGKILL: the server gets no chance to finish anything."""
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self._reader

    async def __aexit__(self, *exc: object) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(self.proc.wait(), 20)
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


@arun(timeout=240)
async def test_kill_9_mid_evening_loses_no_finished_result_and_the_log_tells_it(
    tmp_path: Path,
) -> None:
    async with ServeProcess(tmp_path, "--evening", "Friday", "--log-json") as server:
        ann = await AsyncClient.connect(HOST, server.port, "Ann")
        bob = await AsyncClient.connect(HOST, server.port, "Bob")
        table = await seat_table([ann, bob], "magie-des-bijoux", seed=None)
        rng = random.Random(9)
        await asyncio.gather(
            play_out(ann, table, 0, random.Random(rng.random())),
            play_out(bob, table, 1, random.Random(rng.random())),
        )
        pushed = await ann.wait_for(lambda m: m["t"] == "standings" and m["tables"] == 1)
        # A second game runs when the server is killed.
        second = await seat_table([bob, ann], "saba-palast", seed=None)
        sync = await bob.wait_for(lambda m: m["t"] == "sync" and m["table"] == second)
        if 0 in sync["to_act"]:
            move = sync["legal_moves"][0]
            bob.send({"t": "move", "table": second, "seat": 0, "move": move, "seq": 0, "id": 1})
            await bob.wait_for(lambda m: m["t"] == "update" and m.get("ack") == 1)
        await server.kill()
        facts = server.facts()
    kinds = [f["fact"] for f in facts]
    for kind in ("evening_started", "in", "table_made", "table_started", "result", "standings"):
        assert kind in kinds, f"no {kind!r} fact in {kinds}"
    result = next(f for f in facts if f["fact"] == "result")
    assert result["table"] == table and {p["name"] for p in result["placings"]} == {"Ann", "Bob"}
    assert all(set(f) >= {"at", "fact"} for f in facts)

    async with ServeProcess(tmp_path, "--evening", "Friday", "--quiet") as server:
        ann = await AsyncClient.connect(HOST, server.port, "Ann")
        ann.send({"t": "standings", "id": "s"})
        after = await ann.expect("standings", ref="s")
        assert after["overall"] == pushed["overall"] and after["games"] == pushed["games"]
        assert after["evening"] == pushed["evening"]  # the same evening goes on
        await ann.close()
        await asyncio.sleep(0.2)
        # --quiet: the banner and the host code, and no fact.
        assert not [line for line in server.lines if re.match(r"\d\d:\d\d:\d\d |\{", line)]
