"""The web port under a hostile hand, over real sockets on 127.0.0.1: a frame is one message and
nothing more, nesting has one limit and one answer on both ports, only this server's own page
may open its WebSocket and only its own names reach it, and every HTTP request gets an answer
or a prompt end (docs/protocol.md, Browser gateway)."""

from __future__ import annotations

import asyncio
import base64
import os
import re
import socket
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect

from client.net.connection import AsyncClient, ConnectionClosed
from server import web, web_files
from shared.protocol import (
    HELLO_TOKEN_LEN,
    MAX_NESTING,
    ONE_MESSAGE,
    TOO_DEEP,
    encode,
    hello,
)
from tests.test_server_kit import HOST, arun, connect
from tests.test_web_gateway import WebClient, gateway

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parent.parent
NIL = b"\xc0"


async def everything_until_closed(client: AsyncClient) -> list[dict]:
    """Every message the server sends from now until it closes the connection."""
    got = []
    while True:
        try:
            got.append(await client.recv(10))
        except ConnectionClosed:
            return got


async def exchange(port: int, data: bytes, wait: float = 10.0) -> bytes:
    """`data` written to the web port as it is; everything read until the server ends the
    connection (TimeoutError if it has not within `wait` seconds)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), wait)
    finally:
        writer.close()


def responses(raw: bytes) -> list[tuple[int, dict[str, str], bytes]]:
    """The HTTP responses in `raw`, in order: status, headers (lower-case names), body."""
    found = []
    while raw:
        head, _, rest = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
        size = int(headers.get("content-length", "0"))
        found.append((int(lines[0].split()[1]), headers, rest[:size]))
        raw = rest[size:]
    return found


def upgrade(host: str | None, origin: str | None = None, path: str = "/ws") -> bytes:
    """A browser's WebSocket handshake request, with this `Host` and `Origin` (None: none)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade"]
    lines += [f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if host is not None:
        lines.append(f"Host: {host}")
    if origin is not None:
        lines.append(f"Origin: {origin}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


async def status_of(port: int, request: bytes) -> tuple[int, bytes]:
    """The status and body of the first answer to `request` (the connection is then dropped)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(request)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        size = re.search(rb"Content-Length: (\d+)", head)
        body = await asyncio.wait_for(reader.readexactly(int(size.group(1))), 10) if size else b""
        return int(head.split()[1]), body
    finally:
        writer.close()


def nested(depth: int) -> bytes:
    """A ping whose `id` is lists inside one another, `depth` deep with the message's own map."""
    return b"\x82" + encode("t") + encode("ping") + encode("id") + b"\x91" * (depth - 1) + NIL


# ---------------------------------------------------------------------- one message a frame


@pytest.mark.parametrize(
    "frame",
    [
        NIL * 6 + encode({"t": "ping", "id": 9}),
        NIL * 8 + encode({"t": "ping", "id": 9}),
        encode({"t": "ping", "id": 9}) + NIL * 70_000,
        encode({"t": "ping", "id": 9}) + encode({"t": "ping", "id": 10}),
    ],
    ids=["six nils and a ping", "eight nils and a ping", "a ping and 70,000 nils", "two pings"],
)
@arun(30)
async def test_a_frame_of_more_than_one_message_is_refused_whole_and_nothing_of_it_is_handled(
    tmp_path, frame
):
    async with gateway(tmp_path) as server:
        mallory = await WebClient.open(server.web_port, "Mallory")
        mallory.send_raw(frame)
        got = await everything_until_closed(mallory)
    assert got == [
        {"t": "error", "code": "undecodable", "reason": ONE_MESSAGE},
        {"t": "bye", "code": "undecodable", "reason": ONE_MESSAGE},
    ]


# ---------------------------------------------------------------------- nesting


PORTS = ["tcp", "websocket"]


async def opened(server: Any, port: str, name: str | None = "Mallory") -> AsyncClient:
    """A client of the TCP port or of the web port's WebSocket; with a `name`, welcomed."""
    if port == "tcp":
        return await connect(server, name)
    return await WebClient.open(server.web_port, name)


@pytest.mark.parametrize("port", PORTS)
@arun(30)
async def test_a_message_nested_deeper_than_the_limit_ends_the_connection_with_its_reason(
    tmp_path, port
):
    """MAX_NESTING lists and maps inside one another are read (and this `id` refused by its
    check, the connection open); one more, or the 5,000 of the report, end it on both ports
    with the same clear answer."""
    async with gateway(tmp_path) as server:
        client = await opened(server, port)
        client.send_raw(nested(MAX_NESTING))
        refused = await client.expect("error")
        assert (refused["code"], refused["reason"]) == (
            "malformed",
            "'id' must be a whole number or a string",
        )
        client.send({"t": "ping", "id": "open"})
        await client.expect("pong", ref="open")
        for depth in (MAX_NESTING + 1, 5000):
            client = await opened(server, port)
            client.send_raw(nested(depth))
            assert await everything_until_closed(client) == [
                {"t": "error", "code": "undecodable", "reason": TOO_DEEP},
                {"t": "bye", "code": "undecodable", "reason": TOO_DEEP},
            ]


# ---------------------------------------------------------------------- the token's length


@pytest.mark.parametrize("port", PORTS)
@arun(30)
async def test_a_hello_token_has_at_most_its_documented_length_on_both_ports(tmp_path, port):
    async with gateway(tmp_path) as server:
        too_long = await opened(server, port, None)
        too_long.send({**hello("Ada"), "token": "x" * (HELLO_TOKEN_LEN + 1)})
        refused = await too_long.expect("error")
        assert refused["code"] == "out_of_range"
        assert refused["reason"] == f"'token' must have 0 to {HELLO_TOKEN_LEN} characters"
        fits = await opened(server, port, None)
        fits.send({**hello("Ada"), "token": "x" * HELLO_TOKEN_LEN})
        assert (await fits.expect("error"))["code"] == "unknown_token"
        await fits.expect("welcome")


def test_the_document_gives_the_limits_the_code_applies():
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert f"`token`: at most {HELLO_TOKEN_LEN} characters" in text
    assert f"at most {MAX_NESTING:,} deep" in text
    assert "15 s" in text.split("## Browser gateway")[1]


# ---------------------------------------------------------------------- origins and hosts


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "https://evil.example",
        "http://127.0.0.1",
        "http://127.0.0.1:1",
        "http://127.0.0.1:{port}/path",
        "ftp://127.0.0.1:{port}",
        "http://evil.example@127.0.0.1:{port}",
        "http://127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}",
    ],
)
@arun(30)
async def test_a_websocket_from_another_sites_page_is_refused_with_403(tmp_path, origin):
    async with gateway(tmp_path) as server:
        port = server.web_port
        request = upgrade(f"{HOST}:{port}", origin.format(port=port))
        status, body = await status_of(port, request)
        assert (status, body) == (403, b"Only this server's own page may open its WebSocket\n")
        assert not server.lobby.sessions


@arun(30)
async def test_the_servers_own_page_and_a_native_client_open_the_websocket(tmp_path):
    async with gateway(tmp_path) as server:
        port = server.web_port
        for host, origin in [
            (f"{HOST}:{port}", f"http://{HOST}:{port}"),
            (f"localhost:{port}", f"http://LOCALHOST:{port}"),
            (f"{socket.gethostname()}:{port}", f"http://{socket.gethostname()}:{port}"),
            (f"{HOST}:{port}", None),
        ]:
            assert (await status_of(port, upgrade(host, origin)))[0] == 101, (host, origin)
        # A browser-like client on this server's own page plays as any other.
        async with ws_connect(f"ws://{HOST}:{port}/ws", origin=f"http://{HOST}:{port}") as ws:
            await ws.send(encode(hello("Page")))
            assert b"welcome" in await asyncio.wait_for(ws.recv(), 10)


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1.evil.example:{port}",
        "10.9.8.7",
        None,
        "127.0.0.1\r\nHost: 127.0.0.1",
    ],
)
@pytest.mark.parametrize("path", ["/", "/i18n/de.json", "/tv", "/ws"])
@arun(30)
async def test_a_request_to_another_name_is_refused_with_403(tmp_path, host, path):
    """DNS rebinding: another site's name (or an address that is not this server's) in `Host`
    reaches no file, catalog or WebSocket."""
    async with gateway(tmp_path) as server:
        port = server.web_port
        named = None if host is None else host.format(port=port)
        # A rebinding page's own origin matches the name it used: the name is what is refused.
        origin = f"http://{named}" if named and "\r" not in named else None
        status, body = await status_of(port, upgrade(named, origin, path))
        assert (status, body) == (403, b"This server answers only to its own names and addresses\n")


@arun(30)
async def test_the_page_answers_to_the_servers_own_names(tmp_path):
    async with gateway(tmp_path) as server:
        port = server.web_port
        for host in (HOST, f"{HOST}:{port}", "localhost", f"[::1]:{port}", socket.gethostname()):
            request = f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
            assert (await status_of(port, request))[0] == 200, host


class Ip:
    def __init__(self, ip: Any) -> None:
        self.ip = ip


class Adapter:
    def __init__(self, *ips: Any) -> None:
        self.ips = [Ip(ip) for ip in ips]


def test_own_hosts_are_the_bound_address_or_every_address_of_the_machine(monkeypatch):
    adapters = [Adapter("127.0.0.1", ("::1", 0, 0)), Adapter("192.168.1.20", ("fe80::1", 0, 2))]
    monkeypatch.setattr(web.ifaddr, "get_adapters", lambda: adapters)
    every = web.OwnHosts("0.0.0.0")
    for host in ("192.168.1.20", "fe80::1", "127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert every.allows(host), host
    assert not every.allows("192.168.1.21") and not every.allows("evil.example")
    # A laptop that moves to another network meanwhile: its new address is looked up again,
    # and the one it gave up is no longer its own.
    adapters[1] = Adapter("10.0.0.7")
    monkeypatch.setattr(web, "ADDRESSES_FRESH", 0.0)
    assert every.allows("10.0.0.7")
    assert not every.allows("192.168.1.20")
    one = web.OwnHosts("192.168.1.20")
    assert one.allows("192.168.1.20") and one.allows("127.0.0.1")
    assert not one.allows("10.0.0.7")
    assert web.OwnHosts("jewels.example").allows("jewels.example")


# ---------------------------------------------------------------------- HTTP


@pytest.mark.parametrize(
    "request_",
    [
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello",
        b"PUT /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}",
        b"PATCH /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}",
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"5\r\nhello\r\n0\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    ],
    ids=["POST", "PUT", "PATCH", "chunked POST", "POST without a body"],
)
@arun(30)
async def test_another_method_gets_405_with_allow_get(tmp_path, request_):
    async with gateway(tmp_path) as server:
        [(status, headers, body)] = responses(await exchange(server.web_port, request_))
    assert (status, headers["allow"], body) == (405, "GET", b"Only GET\n")


@arun(30)
async def test_a_get_with_a_body_gets_400(tmp_path):
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello"
    async with gateway(tmp_path) as server:
        [(status, _, body)] = responses(await exchange(server.web_port, request))
    assert (status, body) == (400, b"A GET carries no body\n")


@pytest.mark.parametrize("target", ["//w]ws", "//[ws", "http://[::1/ws"])
@arun(30)
async def test_a_target_that_is_no_path_gets_400_not_a_failure(tmp_path, target):
    """Found by the gateway fuzzer: urllib cannot split such a target (a broken network
    location) and raised inside the gateway, which answered 500 and logged a traceback."""
    request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    async with gateway(tmp_path) as server:
        [(status, _, body)] = responses(await exchange(server.web_port, request))
    assert (status, body) == (400, b"Not a path this server knows\n")


@arun(30)
async def test_an_origin_that_is_no_url_is_refused_with_403(tmp_path):
    async with gateway(tmp_path) as server:
        port = server.web_port
        status, body = await status_of(port, upgrade(f"{HOST}:{port}", "http://["))
        assert (status, body) == (403, b"Only this server's own page may open its WebSocket\n")


@arun(30)
async def test_of_two_pipelined_gets_the_first_is_answered_then_the_connection_ends(tmp_path):
    """websockets answers one request per connection (`Connection: close`): the second is not
    read as WebSocket frames, nor answered; a browser asks again on a new connection."""
    two = b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 2
    async with gateway(tmp_path) as server:
        [(status, headers, body)] = responses(await exchange(server.web_port, two))
    assert (status, headers["connection"]) == (200, "close")
    assert body == (web_files.WEB_ROOT / "index.html").read_bytes()


@arun(30)
async def test_a_tls_handshake_gets_a_plain_answer_and_the_end_at_once(tmp_path):
    client_hello = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + os.urandom(32)
    async with gateway(tmp_path) as server:
        # Well within the request timeout (15 s): only an answer at once passes.
        answer = await exchange(server.web_port, client_hello, wait=5.0)
        [(status, _, body)] = responses(answer)
    assert (status, body) == (400, web.PLAIN_HTTP.encode())


@arun(30)
async def test_a_connection_that_sends_no_request_is_closed_at_the_request_timeout(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(web, "REQUEST_TIMEOUT", 0.5)
    async with gateway(tmp_path) as server:
        assert await exchange(server.web_port, b"", wait=8.0) == b""


@arun(30)
async def test_a_websocket_that_says_no_hello_is_closed_at_the_hello_timeout(tmp_path, monkeypatch):
    """Closed then, TCP and all, though the peer never answers the close frame (the closing
    handshake's own timeout is 10 s, the gateway's 3 s: it waits for neither)."""
    import server.app

    monkeypatch.setattr(server.app, "HELLO_TIMEOUT", 0.5)
    monkeypatch.setattr(web, "CLOSE_TIMEOUT", 30.0)
    async with gateway(tmp_path) as srv:
        port = srv.web_port
        raw = await exchange(port, upgrade(f"{HOST}:{port}"), wait=8.0)
    head, _, frames = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101")
    reason = b"no hello in time"
    assert frames == bytes([0x88, 2 + len(reason)]) + (1008).to_bytes(2, "big") + reason
