"""Harness (c): the checks of every message type, on maps built from the fuzzer's bytes.

`atheris.FuzzedDataProvider` turns the input into a message: a type (every one of
`CLIENT_MESSAGES`, or none of them), each of its fields present or not with a value drawn from
the values that matter (boundaries of every range, strings with control and invisible
characters, wrong types, deep and wide nesting), an `id`, unknown fields. Invariants: the
checks accept the message as it is or raise `ProtocolError` with a documented code, nothing
else; what they accept holds its fields, types and ranges; read from the wire, a message gets
the same verdict (code and `ref`) as checked directly, and one they accept round-trips.
"""

from __future__ import annotations

import sys
from typing import Any

import atheris

with atheris.instrument_imports(include=["shared"]):
    from shared import protocol

from tests.fuzz.common import check_accepted, run, within_decoder_limits

TYPES = [*protocol.CLIENT_MESSAGES, "nonsense", ""]
FIELDS = sorted({f for fields in protocol.CLIENT_MESSAGES.values() for f in fields})
CHECK_CODES = {"malformed", "out_of_range", "unknown_type"}
M = protocol.MAX_INT
NUMBERS = [0, 1, -1, 2, 15, 16, 17, 2**31, 2**31 + 1, protocol.MAX_KEEP, protocol.MAX_KEEP + 1]
NUMBERS += [M, M + 1, -M, -M - 1, -M - 2, 2**64 - 1]
WORDS = ["Ada", "magie-des-bijoux", "das-kollier", "easy", *protocol.EMOTES, " ", "\u200b"]
WORDS += ["a\x00b", "a\nb", "\t", "\x7f", "\x85", "\u202e", "é" * 3, "\ud800", "x" * 300]
LENGTHS = [0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 299, 300, 301, 4096, 4097]


def value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> Any:
    """One value of any kind a msgpack map may hold, boundaries first."""
    kind = fdp.ConsumeIntInRange(0, 13 if depth < protocol.MAX_DEPTH + 2 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeIntInRange(-2, 20)
    if kind == 3:
        return NUMBERS[fdp.ConsumeIntInRange(0, len(NUMBERS) - 1)]
    if kind == 4:
        return fdp.ConsumeInt(9)
    if kind == 5:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 40))
    if kind == 6:
        return WORDS[fdp.ConsumeIntInRange(0, len(WORDS) - 1)]
    if kind == 7:
        length = LENGTHS[fdp.ConsumeIntInRange(0, len(LENGTHS) - 1)]
        return fdp.ConsumeUnicode(1)[:1] * length or "y" * length
    if kind == 8:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 8)) if fdp.ConsumeBool() else 1.5
    if kind == 9:
        return [value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    if kind == 10:
        size = fdp.ConsumeIntInRange(0, 4)
        return {fdp.ConsumeUnicode(6): value(fdp, depth + 1) for _ in range(size)}
    if kind == 11:  # a chain nested around the depth limit
        inner: Any = value(fdp, protocol.MAX_DEPTH + 2)
        for _ in range(fdp.ConsumeIntInRange(protocol.MAX_DEPTH - 3, protocol.MAX_DEPTH + 1)):
            inner = [inner] if fdp.ConsumeBool() else {"k": inner}
        return inner
    if kind == 12:  # wide, around the node limit
        width = fdp.ConsumeIntInRange(protocol.MAX_NODES // 4 - 2, protocol.MAX_NODES // 4 + 1)
        return {"a": [[0]] * width, "b": [[1]] * width}
    return {fdp.ConsumeIntInRange(0, 3): value(fdp, depth + 1)}  # a key that is no string


def message(fdp: atheris.FuzzedDataProvider) -> Any:
    """A message-like map: a type, some of its fields, perhaps an id and unknown fields."""
    if fdp.ConsumeIntInRange(0, 31) == 0:
        return value(fdp)  # not a map, or no type
    kind = TYPES[fdp.ConsumeIntInRange(0, len(TYPES) - 1)]
    msg: dict[Any, Any] = {"t": kind if fdp.ConsumeIntInRange(0, 15) else value(fdp)}
    for field in protocol.CLIENT_MESSAGES.get(kind, {}):
        if fdp.ConsumeIntInRange(0, 3):
            msg[field] = value(fdp)
    if fdp.ConsumeBool():
        msg["id"] = value(fdp)
    if fdp.ConsumeIntInRange(0, 7) == 0:
        msg[FIELDS[fdp.ConsumeIntInRange(0, len(FIELDS) - 1)]] = value(fdp)
    if fdp.ConsumeIntInRange(0, 15) == 0:
        msg[fdp.ConsumeIntInRange(0, 3) if fdp.ConsumeBool() else "extra"] = value(fdp)
    return msg


def verdict(msg: Any) -> str | None:
    """None if the checks accept `msg`, else the refusal's code."""
    try:
        checked = protocol.check_client_message(msg)
    except protocol.ProtocolError as exc:
        assert exc.code in CHECK_CODES, f"undocumented code {exc.code!r}"
        assert isinstance(exc.reason, str) and exc.reason
        return exc.code
    assert checked is msg, "the checks changed the message"
    return None


def wire(msg: Any) -> bytes | None:
    """`msg` as msgpack, or None if msgpack cannot encode it (a number beyond 64 bits)."""
    try:
        return protocol.encode(msg)
    except (OverflowError, TypeError, ValueError):
        return None


def check_fields(msg: dict[str, Any]) -> None:
    """What an accepted message holds, checked apart from `CLIENT_MESSAGES`' own checks."""
    fields = protocol.CLIENT_MESSAGES[msg["t"]]
    assert set(msg) <= {*fields, "t", "id"}
    assert all(k in msg for k, (_, required) in fields.items() if required)
    for key, item in msg.items():
        if isinstance(item, int) and not isinstance(item, bool):
            assert -M <= item <= M, f"{key}: {item} beyond 64 bits"
        if key in ("table", "seat", "seats", "keep", "seed", "v", "seq", "step", "who"):
            assert isinstance(item, int) and not isinstance(item, bool) and item >= 0, key
        if key in ("seat",):
            assert item < protocol.MAX_SEATS
        if key in ("name", "password", "token", "game", "takeover", "level"):
            assert isinstance(item, str) and not any(c < " " or c == "\x7f" for c in item), key
            assert len(item) <= 128
        if key == "text":
            cleaned = protocol.clean_chat(item)
            assert 1 <= len(cleaned) <= protocol.CHAT_LEN
            assert protocol.clean_chat(cleaned) == cleaned
            assert not any(c < " " or "\x7f" <= c <= "\x9f" for c in cleaned)
        if key in ("move", "options", "clock"):
            assert isinstance(item, dict)


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    msg = message(fdp)
    code = verdict(msg)
    if code is None:
        check_fields(msg)
    encoded = wire(msg)
    if encoded is None or not within_decoder_limits(msg):
        return
    if code is None:
        check_accepted(msg)
        return
    # Refused: read from the wire (after a hello), the same refusal, with the id as its ref.
    side = protocol.ServerSide()
    side.receive_data(protocol.encode(protocol.hello("fuzz")))
    (item,) = side.receive_data(encoded)
    assert isinstance(item, protocol.Refusal), f"refused directly, accepted from the wire: {msg!r}"
    assert item.code == code, f"{item.code} from the wire, {code} directly: {msg!r}"
    if isinstance(msg, dict) and "id" in msg and verdict({"t": "ping", "id": msg["id"]}) is None:
        assert item.ref == msg["id"], "the id was not echoed as ref"
    else:
        assert item.ref is None


if __name__ == "__main__":
    run(test_one_input)
    sys.exit(0)
