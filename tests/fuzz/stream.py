"""Harness (a): the msgpack decoder with its limits, as the server reads a client.

The input is a byte stream (after one control byte) fed to `ServerSide.receive_data` in pieces
as TCP delivers them, to `receive_frame` whole as one WebSocket message, and to `ClientSide` (a
client reading its server). Invariants: nothing but a `Refusal` comes out of a bad stream (no
exception); a fatal refusal is the last thing and the side stays closed; eight refusals in a row
close; every message let through is of a known type, passes its checks, is within the limits and
round-trips; the pieces a stream arrives in change nothing.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import atheris

with atheris.instrument_imports(include=["shared"]):
    from shared import protocol

from tests.fuzz.common import check_accepted, check_refusal, run

Item = dict[str, Any] | protocol.Refusal


def feed(stream: bytes, cuts: list[int]) -> tuple[list[Item], protocol.ServerSide]:
    """`stream` fed to a fresh server side in the pieces that `cuts` make; all it returned."""
    side = protocol.ServerSide()
    items: list[Item] = []
    start = 0
    for end in [*cuts, len(stream)]:
        items.extend(side.receive_data(stream[start:end]))
        start = end
    return items, side


def check_stream(items: list[Item], side: protocol.ServerSide) -> None:
    """The invariants of everything one connection's decoder returned."""
    refused_in_a_row = 0
    greeted = False
    for n, item in enumerate(items):
        if isinstance(item, protocol.Refusal):
            check_refusal(item)
            refused_in_a_row += 1
            if item.fatal:
                assert n == len(items) - 1, "something came after a fatal refusal"
                assert side.phase is protocol.Phase.CLOSED
            else:
                assert refused_in_a_row < protocol.MAX_STRIKES, "the eighth refusal did not close"
            continue
        refused_in_a_row = 0
        check_accepted(item)
        if not greeted:
            assert item["t"] == "hello" and item["v"] == protocol.PROTOCOL_VERSION, item
            greeted = True
        else:
            assert item["t"] != "hello", "a second hello came through"
    if side.phase is protocol.Phase.CLOSED:
        assert items and isinstance(items[-1], protocol.Refusal) and items[-1].fatal
        assert side.receive_data(b"\x80") == [], "a closed side still reads"


def same(a: list[Item], b: list[Item]) -> bool:
    """The same messages and the same refusals (codes; the reasons may quote the decoder)."""

    def key(item: Item) -> Any:
        if isinstance(item, protocol.Refusal):
            return ("refusal", item.code, item.fatal, item.ref)
        return ("message", item)

    return [key(i) for i in a] == [key(i) for i in b]


def test_one_input(data: bytes) -> None:
    if not data:
        return
    control, stream = data[0], data[1:]
    if control & 1:  # most inputs say hello first, so that the checks after it are reached
        stream = protocol.encode(protocol.hello("fuzz")) + stream
    rng = random.Random(control)
    cuts = sorted(rng.randrange(len(stream) + 1) for _ in range(rng.randrange(4)))

    whole, whole_side = feed(stream, [])
    check_stream(whole, whole_side)
    pieces, pieces_side = feed(stream, cuts)
    check_stream(pieces, pieces_side)
    assert same(whole, pieces), f"the pieces changed the result: {whole!r} != {pieces!r}"
    bytewise, bytewise_side = feed(stream, list(range(1, len(stream))))
    assert same(whole, bytewise), f"byte by byte changed the result: {whole!r} != {bytewise!r}"

    # As one WebSocket message: exactly one message, or a fatal refusal.
    side = protocol.ServerSide()
    framed = side.receive_frame(stream)
    check_stream(framed, side)
    assert len(framed) == 1, framed
    if not isinstance(framed[0], protocol.Refusal) or not framed[0].fatal:
        assert same(framed, whole), f"a frame read otherwise than a stream: {framed!r}"
    side = protocol.ServerSide()
    text = side.receive_frame(stream.decode("utf-8", "replace"))
    assert len(text) == 1 and text[0].code == "undecodable" and text[0].fatal

    # A client reading the same bytes from its server: messages or ProtocolError, nothing else.
    try:
        messages = protocol.ClientSide().receive_data(stream)
    except protocol.ProtocolError as exc:
        assert exc.code in ("undecodable", "malformed"), exc.code
    else:
        assert all(isinstance(m, dict) and isinstance(m.get("t"), str) for m in messages)


if __name__ == "__main__":
    run(test_one_input)
    sys.exit(0)
