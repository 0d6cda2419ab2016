"""LAN discovery, bound to 127.0.0.1 (never any other interface of this machine), and between
two network namespaces joined by a veth pair where the machine allows it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import uuid

import pytest
from zeroconf import ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser

from server.discovery import Advertiser, browse, instance_label, make_zeroconf
from shared import engine
from shared.protocol import PROTOCOL_VERSION, SERVICE_TYPE
from tests.test_server_kit import HOST, arun, connect, running_server

pytestmark = pytest.mark.timeout(90)

LOOPBACK = [HOST]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def unique_name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def heard(name: str, interfaces: list[str], timeout: float = 1.5) -> dict | None:
    """The server called `name` if a browser on `interfaces` hears it (three tries, since a
    busy machine may answer late)."""
    for _ in range(3):
        for server in await browse(interfaces, timeout):
            if server["name"] == name:
                return server
    return None


def test_instance_labels_fit_dns():
    assert instance_label("a.b") == "a b"
    assert len(instance_label("é" * 40).encode()) <= 63
    assert instance_label("") == "Jewel Table"


@arun(60)
async def test_a_stopping_server_says_goodbye_at_once():
    """Browsers drop a closed server right away (goodbye packets), not after its TTL."""
    prefix = name = unique_name("bye")
    changes: asyncio.Queue = asyncio.Queue()

    def on_change(zeroconf, service_type, name, state_change):  # zeroconf passes by keyword
        if name.startswith(prefix):
            changes.put_nowait(state_change)

    listener = make_zeroconf(LOOPBACK)
    browser = AsyncServiceBrowser(listener.zeroconf, SERVICE_TYPE, handlers=[on_change])
    advertiser = Advertiser(name, 45999, host=HOST, interfaces=LOOPBACK)
    try:
        await advertiser.start()
        assert await asyncio.wait_for(changes.get(), 20) is ServiceStateChange.Added
        await advertiser.close()
        while (
            change := await asyncio.wait_for(changes.get(), 5)
        ) is not ServiceStateChange.Removed:
            assert change is ServiceStateChange.Updated
    finally:
        await advertiser.close()
        await browser.async_cancel()
        await listener.async_close()


@arun(60)
async def test_a_server_is_heard_on_loopback_with_its_txt_properties(tmp_path):
    name = unique_name("loop")
    async with running_server(tmp_path, name=name, discovery=True, interfaces=LOOPBACK) as server:
        found = await heard(name, LOOPBACK)
        assert found is not None, "the browser did not hear the server on 127.0.0.1"
        assert found["addresses"] == [HOST] and found["port"] == server.port
        assert found["version"] == PROTOCOL_VERSION and found["compatible"]
        assert found["games"] == engine.list_games()
        assert found["open_tables"] == 0
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        await ada.expect("joined")
        await asyncio.sleep(1.5)  # the TXT record follows within a second
        found = await heard(name, LOOPBACK)
        assert found is not None and found["open_tables"] == 1


def serve_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "client.cli", "serve", "--port", "0", *args]


def discover_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "client.cli", "discover", "--timeout", "1.5", "--json", *args]


def wait_listening(proc: subprocess.Popen) -> int:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"listening on [\d.]+:(\d+)", line)
    assert found, f"unexpected first line from the server: {line!r}"
    return int(found.group(1))


def stop(proc: subprocess.Popen) -> None:
    """End a server we started (by its own PID) and wait for it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def test_serve_and_discover_commands_find_each_other_and_unregister_on_exit(tmp_path):
    name = unique_name("cli")
    proc = subprocess.Popen(
        serve_command("--host", HOST, "--interface", HOST, "--name", name, "--data", str(tmp_path)),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        port = wait_listening(proc)
        found = []
        for _ in range(3):  # a busy machine may answer late: three tries, as `heard` does
            out = subprocess.run(
                discover_command("--interface", HOST), cwd=ROOT, capture_output=True, text=True
            )
            found = [s for s in json.loads(out.stdout) if s["name"] == name]
            if found:
                break
        assert found and found[0]["port"] == port
    finally:
        stop(proc)
    assert proc.returncode == 0
    out = subprocess.run(
        discover_command("--interface", HOST), cwd=ROOT, capture_output=True, text=True
    )
    assert name not in [s["name"] for s in json.loads(out.stdout)], "not unregistered on exit"


# ---------------------------------------------------------------------- two namespaces


class Namespaces:
    """Two network namespaces joined by a veth pair in 10.200.0.0/24; always removed."""

    def __init__(self) -> None:
        tag = uuid.uuid4().hex[:6]
        self.server_ns, self.client_ns = f"jts{tag}", f"jtc{tag}"
        self.server_if, self.client_if = f"jtvs{tag}", f"jtvc{tag}"
        self.server_ip, self.client_ip = "10.200.0.1", "10.200.0.2"
        self.created: list[str] = []

    def __enter__(self) -> Namespaces:
        if shutil.which("ip") is None:
            pytest.skip("the 'ip' command is not installed, so no network namespaces")
        for ns in (self.server_ns, self.client_ns):
            done = subprocess.run(["ip", "netns", "add", ns], capture_output=True, text=True)
            if done.returncode != 0:
                self.__exit__()
                pytest.skip(f"'ip netns add' is not permitted here: {done.stderr.strip()}")
            self.created.append(ns)
        try:
            for cmd in (
                f"link add {self.server_if} type veth peer name {self.client_if}",
                f"link set {self.server_if} netns {self.server_ns}",
                f"link set {self.client_if} netns {self.client_ns}",
                f"-n {self.server_ns} addr add {self.server_ip}/24 dev {self.server_if}",
                f"-n {self.client_ns} addr add {self.client_ip}/24 dev {self.client_if}",
                f"-n {self.server_ns} link set {self.server_if} up",
                f"-n {self.client_ns} link set {self.client_if} up",
                f"-n {self.server_ns} link set lo up",
                f"-n {self.client_ns} link set lo up",
            ):
                subprocess.run(["ip", *cmd.split()], check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as exc:
            self.__exit__()
            pytest.skip(f"cannot build a veth pair between namespaces: {exc.stderr.strip()}")
        return self

    def __exit__(self, *exc: object) -> None:
        # Deleting a namespace deletes the veth end inside it, and with it the pair.
        for ns in self.created:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        self.created = []

    def run_in(self, ns: str) -> list[str]:
        return ["ip", "netns", "exec", ns]


CONNECT_AND_SAY_HELLO = """
import asyncio, json, sys
from client.net.connection import AsyncClient
async def main():
    client = await AsyncClient.connect(sys.argv[1], int(sys.argv[2]), "Ada")
    print(json.dumps({"server": client.welcome["server"]}))
    await client.close()
asyncio.run(main())
"""


def test_discovery_and_play_between_two_network_namespaces(tmp_path):
    name = unique_name("ns")
    with Namespaces() as nets:
        proc = subprocess.Popen(
            nets.run_in(nets.server_ns)
            + serve_command(
                "--host",
                nets.server_ip,
                "--interface",
                nets.server_ip,
                "--name",
                name,
                "--data",
                str(tmp_path),
            ),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            port = wait_listening(proc)
            out = subprocess.run(
                nets.run_in(nets.client_ns) + discover_command("--interface", nets.client_ip),
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=30,
            )
            found = [s for s in json.loads(out.stdout) if s["name"] == name]
            assert found, f"not heard across the veth pair: {out.stdout} {out.stderr}"
            assert found[0]["addresses"] == [nets.server_ip] and found[0]["port"] == port
            hello = subprocess.run(
                nets.run_in(nets.client_ns)
                + [sys.executable, "-c", CONNECT_AND_SAY_HELLO, nets.server_ip, str(port)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=30,
            )
            assert json.loads(hello.stdout) == {"server": name}, hello.stderr
        finally:
            stop(proc)


@arun(60)
async def test_the_advertiser_registers_with_allow_name_change(monkeypatch):
    """`allow_name_change=True`, so a second server of the same name gets a new instance name
    instead of failing. (Two zeroconf instances on one host cannot show the rename itself: the
    defending answer is unicast to port 5353, which the kernel may hand to either of them.)"""
    from zeroconf.asyncio import AsyncZeroconf

    calls: list[dict] = []
    real = AsyncZeroconf.async_register_service

    async def spy(self, info, *args, **kwargs):
        calls.append(kwargs)
        return await real(self, info, *args, **kwargs)

    monkeypatch.setattr(AsyncZeroconf, "async_register_service", spy)
    name = unique_name("twin")
    advertiser = Advertiser(name, 45997, host=HOST, interfaces=LOOPBACK)
    try:
        await advertiser.start()
        assert calls == [{"allow_name_change": True}]
        assert advertiser.instance == f"{name}.{SERVICE_TYPE}"
    finally:
        await advertiser.close()


def test_serve_options_reach_the_server_config(monkeypatch, tmp_path):
    """`serve` flags without starting anything: `--interface` repeats, `--no-discovery` turns
    discovery off, `--port 0` is kept (a free port, printed when listening)."""
    import server.app
    from client.cli import main

    seen = []
    monkeypatch.setattr(server.app, "run", lambda config: seen.append(config) or 0)
    argv = ["serve", "--host", HOST, "--port", "0", "--name", "N", "--data", str(tmp_path)]
    assert main([*argv, "--interface", HOST, "--interface", "127.0.0.2"]) == 0
    assert main([*argv, "--no-discovery"]) == 0
    with_interfaces, without = seen
    assert with_interfaces.interfaces == [HOST, "127.0.0.2"] and with_interfaces.discovery
    assert with_interfaces.port == 0 and with_interfaces.name == "N"
    assert with_interfaces.data_dir == tmp_path
    assert not without.discovery and without.interfaces == []


@arun(30)
async def test_without_discovery_the_server_starts_no_zeroconf(tmp_path, monkeypatch):
    import server.discovery

    def refuse(*args, **kwargs):
        raise AssertionError("zeroconf was started although discovery is off")

    monkeypatch.setattr(server.discovery, "make_zeroconf", refuse)
    async with running_server(tmp_path, discovery=False) as server:
        assert server.advertiser is None
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        await ada.expect("joined")
