"""Connections that never say hello (server/admission.py): capped per address and in all on both
ports, refused with a clear answer beyond the caps, bounded in what they may send, and released
at once when they end — not left for a collection of the oldest generation."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import io
import os
import weakref
from typing import Any

import msgpack
import pytest

from client.net.connection import AsyncClient
from server import app, web
from server.admission import (
    BUSY_ADDRESS,
    BUSY_TOTAL,
    MAX_HELLO_BYTES,
    TOO_LARGE_BEFORE_HELLO,
    Admission,
)
from shared.protocol import encode, hello
from tests.test_server_kit import HOST, arun, running_server
from tests.test_web_gateway import WebClient

pytestmark = pytest.mark.timeout(120)


class Raw:
    """A connection that speaks only what a test tells it to: an upgrade request, or nothing."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int) -> Raw:
        return cls(*await asyncio.open_connection(HOST, port))

    @classmethod
    async def upgrade(cls, port: int) -> tuple[Raw, int, dict[str, str], bytes]:
        """Ask `/ws` for the WebSocket upgrade: the connection, the status, headers and body."""
        raw = await cls.open(port)
        key = base64.b64encode(os.urandom(16)).decode()
        raw.writer.write(
            f"GET /ws HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = (await asyncio.wait_for(raw.reader.readuntil(b"\r\n\r\n"), 10)).decode("latin-1")
        lines = head.split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:] if line)
        headers = {k.lower(): v for k, v in headers.items()}
        body = b""
        if "content-length" in headers:
            body = await raw.reader.readexactly(int(headers["content-length"]))
        return raw, int(lines[0].split()[1]), headers, body

    async def messages_until_closed(self) -> list[dict[str, Any]]:
        """Every msgpack message the server sends on a TCP connection until it closes it."""
        data = await asyncio.wait_for(self.reader.read(), 10)
        return list(msgpack.Unpacker(io.BytesIO(data), raw=False))

    def close(self) -> None:
        self.writer.close()


async def until(condition: Any) -> None:
    """Wait for the server to get somewhere (the test's own time limit bounds it)."""
    while not condition():
        await asyncio.sleep(0.02)


# ---------------------------------------------------------------------- the caps


@arun(60)
async def test_beyond_the_cap_per_address_a_websocket_gets_503_with_the_reason(tmp_path):
    async with running_server(tmp_path, web_port=0, waiting_per_address=3) as server:
        silent = [await Raw.upgrade(server.web_port) for _ in range(3)]
        assert [status for _, status, _, _ in silent] == [101, 101, 101]
        refused, status, headers, body = await Raw.upgrade(server.web_port)
        assert status == 503
        assert body.decode().strip() == BUSY_ADDRESS
        assert headers["retry-after"] == "5"
        assert await asyncio.wait_for(refused.reader.read(), 10) == b""  # and closed
        # One place is given back when a waiting connection closes, and taken by the next.
        silent[0][0].close()
        await until(lambda: server.admission.waiting == 2)
        again, status, _, _ = await Raw.upgrade(server.web_port)
        assert status == 101


@arun(60)
async def test_the_cap_counts_both_ports_and_a_refused_tcp_client_hears_busy(tmp_path):
    async with running_server(tmp_path, web_port=0, waiting_per_address=2) as server:
        ws, status, _, _ = await Raw.upgrade(server.web_port)
        tcp = await Raw.open(server.port)
        await until(lambda: server.admission.waiting == 2)
        refused = await Raw.open(server.port)
        assert await refused.messages_until_closed() == [
            {"t": "bye", "code": "busy", "reason": BUSY_ADDRESS}
        ]
        _, status, _, body = await Raw.upgrade(server.web_port)
        assert (status, body.decode().strip()) == (503, BUSY_ADDRESS)
        ws.close()
        tcp.close()


@arun(60)
async def test_the_cap_in_all_refuses_with_its_own_reason(tmp_path):
    async with running_server(tmp_path, web_port=0, waiting_total=2) as server:
        first = [await Raw.open(server.port) for _ in range(2)]
        await until(lambda: server.admission.waiting == 2)
        _, status, _, body = await Raw.upgrade(server.web_port)
        assert (status, body.decode().strip()) == (503, BUSY_TOTAL)
        for raw in first:
            raw.close()


@arun(60)
async def test_a_welcomed_connection_waits_no_more_and_frees_its_place(tmp_path):
    async with running_server(tmp_path, web_port=0, waiting_per_address=2) as server:
        players = [await WebClient.open(server.web_port, f"P{n}") for n in range(4)]
        assert server.admission.waiting == 0
        silent = [await Raw.upgrade(server.web_port) for _ in range(2)]
        assert [status for _, status, _, _ in silent] == [101, 101]
        for player in players:
            player.send({"t": "ping", "id": 1})
            assert (await player.expect("pong"))["ref"] == 1


def test_an_address_is_the_host_part_of_a_peer_name():
    admission = Admission(per_address=1, total=10)
    ticket = admission.enter(("10.0.0.7", 50000))
    assert admission.enter(("10.0.0.7", 50001)) == BUSY_ADDRESS
    assert not isinstance(admission.enter(("10.0.0.8", 50000)), str)
    assert not isinstance(ticket, str)
    ticket.release()
    ticket.release()  # a place is given back once
    assert admission.waiting_from("10.0.0.7") == 0
    assert admission.waiting == 1


# ---------------------------------------------------------------------- before hello


@arun(60)
async def test_a_websocket_message_before_welcome_is_at_most_4_kib_after_it_1_mib(tmp_path):
    async with running_server(tmp_path, web_port=0) as server:
        early = await WebClient.open(server.web_port, None)
        early.send_raw(encode({"t": "hello", "v": 1, "name": "x" * (MAX_HELLO_BYTES + 1)}))
        error = await early.expect("error")
        assert (error["code"], error["reason"]) == ("frame_too_large", TOO_LARGE_BEFORE_HELLO)
        assert (await early.expect("bye"))["code"] == "frame_too_large"
        # Once welcomed, a bigger message is read and answered on its merits.
        player = await WebClient.open(server.web_port, "Ada")
        options = {f"option{n}": "x" * 100 for n in range(100)}
        player.send({"t": "create", "game": "no-such-game", "seats": 2, "options": options})
        assert (await player.expect("error"))["code"] == "unknown_game"
        player.send({"t": "ping", "id": 2})
        assert (await player.expect("pong"))["ref"] == 2


@arun(60)
async def test_tcp_bytes_before_welcome_are_at_most_4_kib(tmp_path):
    async with running_server(tmp_path) as server:
        early = await Raw.open(server.port)
        # The start of a message that would be 20 kB: no hello is that big.
        early.writer.write(encode({"t": "hello", "v": 1, "name": ["x" * 100] * 200})[:8000])
        got = await early.messages_until_closed()
        assert [m["code"] for m in got] == ["frame_too_large", "frame_too_large"]
        assert got[0]["reason"] == TOO_LARGE_BEFORE_HELLO
        # A hello and what follows it in the same write are read as before.
        quick = await Raw.open(server.port)
        quick.writer.write(encode(hello("Ada")) + encode({"t": "ping", "id": 3}) * 600)
        unpacker = msgpack.Unpacker(raw=False)
        pongs = 0
        while pongs < 600:
            unpacker.feed(await asyncio.wait_for(quick.reader.read(65536), 10))
            pongs += sum(m["t"] == "pong" for m in unpacker)
        quick.close()


# ---------------------------------------------------------------------- released


SERVER_SIDE_KINDS = (
    app.Session,
    app.StreamTransport,
    web.GatewayConnection,
    web.WebSocketTransport,
    web.GatewayProtocol,
    app.ServerSide,
)


def alive() -> dict[str, int]:
    """Objects of each kind a connection leaves on the server, alive or waiting in a cycle for
    the collector (which is off while this is used: a cycle would stay counted)."""
    counts = dict.fromkeys((kind.__name__ for kind in SERVER_SIDE_KINDS), 0)
    for obj in gc.get_objects():
        if type(obj) in SERVER_SIDE_KINDS:
            counts[type(obj).__name__] += 1
    return counts


@arun(90)
async def test_silent_connections_are_released_at_once_not_at_a_collection(tmp_path, monkeypatch):
    monkeypatch.setattr(app, "HELLO_TIMEOUT", 0.5)
    async with running_server(tmp_path, web_port=0) as server:
        player = await WebClient.open(server.web_port, "Ada")
        gc.collect()
        gc.disable()
        try:
            before = alive()
            # Silent WebSockets and TCP connections: half closed by the server at the hello
            # timeout (their peers never answer its close), half by themselves.
            raws = [(await Raw.upgrade(server.web_port))[0] for _ in range(20)]
            raws += [await Raw.open(server.port) for _ in range(20)]
            for raw in raws[::2]:
                raw.close()
            await until(lambda: server.admission.waiting == 0)
            await until(lambda: len(server.web._transports) == 1 and not server._sessions)
            for raw in raws[1::2]:
                raw.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(until(lambda: alive() == before), 20)
            assert alive() == before
            player.send({"t": "ping", "id": 4})
            assert (await player.expect("pong"))["ref"] == 4
        finally:
            gc.enable()


@arun(60)
async def test_a_websockets_socket_transport_goes_by_reference_counting(tmp_path, monkeypatch):
    # asyncio's transport (Python 3.11) keeps its read callback, a bound method of itself: the
    # gateway lets it go once the connection is lost, so the transport needs no collection.
    transports: list[weakref.ref] = []
    lost = web.GatewayConnection.connection_lost

    def watched(self: web.GatewayConnection, exc: Exception | None) -> None:
        transports.append(weakref.ref(self.transport))
        lost(self, exc)

    monkeypatch.setattr(web.GatewayConnection, "connection_lost", watched)
    async with running_server(tmp_path, web_port=0, waiting_per_address=4) as server:
        gc.collect()
        gc.disable()
        try:
            # Four silent, two refused (503): each closed by its peer.
            raws = [(await Raw.upgrade(server.web_port)) for _ in range(6)]
            assert [status for _, status, _, _ in raws] == [101] * 4 + [503] * 2
            for raw, _, _, _ in raws:
                raw.close()
            await until(lambda: len(transports) == 6)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(until(lambda: all(t() is None for t in transports)), 10)
            assert [t() for t in transports] == [None] * 6
        finally:
            gc.enable()


@arun(60)
async def test_a_tcp_sessions_socket_transport_goes_by_reference_counting(tmp_path, monkeypatch):
    # The same cycle on the TCP port (asyncio's streams): the server lets the read callback go
    # once the connection is lost, so a closed TCP session's transport needs no collection.
    transports: list[weakref.ref] = []
    accept = app.Server._accept

    async def watched(self: app.Server, reader, writer) -> None:
        transports.append(weakref.ref(writer.transport))
        await accept(self, reader, writer)

    monkeypatch.setattr(app.Server, "_accept", watched)
    monkeypatch.setattr(app, "HELLO_TIMEOUT", 0.5)
    async with running_server(tmp_path, waiting_per_address=4) as server:
        gc.collect()
        gc.disable()
        try:
            # Four silent (two closed by the server at the hello timeout, two by themselves),
            # one refused as busy, and one that says hello and leaves.
            raws = [await Raw.open(server.port) for _ in range(5)]
            for raw in raws[1::2]:
                raw.close()
            await until(lambda: server.admission.waiting == 0)
            for raw in raws[::2]:
                raw.close()
            player = await AsyncClient.connect(HOST, server.port, "Ada")
            await player.close()
            await until(lambda: len(transports) == 6 and not server._sessions)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(until(lambda: all(t() is None for t in transports)), 10)
            assert [t() for t in transports] == [None] * 6
        finally:
            gc.enable()
