"""The web port under a hostile hand, over real sockets on 127.0.0.1: a frame is one message and
nothing more, and nesting has one limit and one answer on both ports (docs/protocol.md,
Browser gateway)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from client.net.connection import AsyncClient, ConnectionClosed
from shared.protocol import (
    HELLO_TOKEN_LEN,
    MAX_NESTING,
    ONE_MESSAGE,
    TOO_DEEP,
    encode,
    hello,
)
from tests.test_server_kit import arun, connect
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
