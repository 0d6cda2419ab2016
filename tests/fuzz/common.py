"""What the harnesses share: the invariants of a decoded message and the atheris entry point."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import atheris

from shared import protocol

# The codes a refusal from the decoder or the message checks may carry (docs/protocol.md, Error
# codes): anything else escaping them is a finding.
REFUSAL_CODES = {
    "malformed",
    "out_of_range",
    "unknown_type",
    "hello_first",
    "version",
    "undecodable",
    "frame_too_large",
}
FATAL_CODES = {"version", "undecodable", "frame_too_large"}


def within_decoder_limits(obj: Any) -> bool:
    """Whether `obj` encoded would pass the decoder's own limits (strings, bytes, lists, maps,
    containers, frame size): the messages the server may receive at all."""
    containers = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            containers += 1
            if len(item) > protocol.MAX_MAP:
                return False
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            containers += 1
            if len(item) > protocol.MAX_ARRAY:
                return False
            stack.extend(item)
        elif isinstance(item, str):
            if len(item.encode("utf-8", "surrogatepass")) > protocol.MAX_STR:
                return False
        elif isinstance(item, bytes) and len(item) > protocol.MAX_BIN:
            return False
    return containers <= protocol.MAX_NODES and len(protocol.encode(obj)) <= protocol.MAX_FRAME


def check_accepted(msg: Any) -> None:
    """The invariants of a message the decoder let through: a map of a known type whose fields
    pass their checks, within every limit, and the same after a round trip."""
    assert isinstance(msg, dict), f"a non-map came through: {msg!r}"
    assert msg.get("t") in protocol.CLIENT_MESSAGES, f"an unknown type came through: {msg!r}"
    assert protocol.check_client_message(msg) is msg
    assert within_decoder_limits(msg), "a message beyond the decoder's limits came through"
    assert round_trip(msg) == msg, f"{msg!r} changed on its way through encode and decode"


def round_trip(msg: dict[str, Any]) -> Any:
    """`msg` encoded and read back by a server side that has had its hello."""
    side = protocol.ServerSide()
    greeting = side.receive_data(protocol.encode(protocol.hello("fuzz")))
    assert greeting == [protocol.hello("fuzz")]
    items = side.receive_data(protocol.encode(msg))
    assert len(items) == 1, f"one message came back as {items!r}"
    item = items[0]
    if isinstance(item, protocol.Refusal):
        # Only a second hello is refused after a hello; every other valid message passes.
        assert msg["t"] == "hello" and item.code == "malformed", item
        return msg
    return item


def check_refusal(item: protocol.Refusal) -> None:
    """A refusal carries a documented code, fatal exactly for the fatal ones (or the eighth in a
    row), an echoable `ref`, and encodes as an `error` message."""
    assert item.code in REFUSAL_CODES, f"undocumented refusal code {item.code!r}"
    assert item.fatal or item.code not in FATAL_CODES, item
    assert isinstance(item.reason, str) and item.reason
    if item.ref is not None:
        assert protocol.ref_id("id", item.ref) == item.ref
    error = item.as_error()
    assert protocol.ClientSide().receive_data(protocol.encode(error)) == [error]


def run(test_one_input: Callable[[bytes], None]) -> None:
    """The atheris entry point of a harness (libFuzzer's flags on the command line)."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
