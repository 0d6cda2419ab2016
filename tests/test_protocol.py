"""The sans-I/O protocol module, without sockets: framing, field checks, limits, strikes."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared import protocol
from shared.protocol import (
    MAX_FRAME,
    MAX_STRIKES,
    PROTOCOL_VERSION,
    ClientSide,
    Phase,
    ProtocolError,
    Refusal,
    ServerSide,
    encode,
    hello,
)

HELLO = hello("Ada")


def greeted() -> ServerSide:
    side = ServerSide()
    assert side.receive_data(encode(HELLO)) == [HELLO]
    return side


def only(items: list) -> object:
    assert len(items) == 1, items
    return items[0]


def test_messages_round_trip_through_bytes_split_anywhere():
    messages = [
        HELLO,
        {"t": "create", "game": "magie-des-bijoux", "seats": 3, "options": {"grid": "5x5"}},
        {"t": "move", "table": 2, "seat": 1, "move": {"type": "bid", "amount": 7000}, "id": 9},
    ]
    stream = b"".join(encode(m) for m in messages)
    for cut in range(1, len(stream)):
        side = ServerSide()
        assert side.receive_data(stream[:cut]) + side.receive_data(stream[cut:]) == messages


def test_hello_comes_first_and_only_once():
    side = ServerSide()
    refused = only(side.receive_data(encode({"t": "ping"})))
    assert isinstance(refused, Refusal) and refused.code == "hello_first"
    assert side.receive_data(encode(HELLO)) == [HELLO]
    assert side.phase is Phase.READY
    again = only(side.receive_data(encode(HELLO)))
    assert isinstance(again, Refusal) and not again.fatal


def test_another_protocol_version_is_refused_clearly_and_closes():
    side = ServerSide()
    refused = only(side.receive_data(encode({**HELLO, "v": PROTOCOL_VERSION + 1})))
    assert refused.code == "version" and refused.fatal
    assert f"version {PROTOCOL_VERSION}" in refused.reason
    assert side.phase is Phase.CLOSED
    assert side.receive_data(encode(HELLO)) == []


@pytest.mark.parametrize(
    ("msg", "code"),
    [
        ([1, 2], "malformed"),
        ({"type": "move"}, "malformed"),
        ({"t": 5}, "malformed"),
        ({"t": "teleport"}, "unknown_type"),
        ({"t": "join"}, "malformed"),
        ({"t": "join", "table": "1"}, "malformed"),
        ({"t": "join", "table": 0}, "out_of_range"),
        ({"t": "join", "table": True}, "malformed"),
        ({"t": "join", "table": 1, "seat": 16}, "out_of_range"),
        ({"t": "join", "table": 1, "colour": "red"}, "malformed"),
        ({"t": "join", "table": 2**64 - 1}, "out_of_range"),
        ({"t": "create", "game": "", "seats": 2}, "out_of_range"),
        ({"t": "create", "game": "x", "seats": 2, "options": [1]}, "malformed"),
        ({"t": "create", "game": "x", "seats": 2, "options": {"a": 1.5}}, "malformed"),
        ({"t": "create", "game": "x", "seats": 2, "options": {"a": b"raw"}}, "malformed"),
        ({"t": "create", "game": "x", "seats": 2, "password": "a" * 65}, "out_of_range"),
        ({"t": "create", "game": "x", "seats": 2, "sit": 1}, "malformed"),
        ({"t": "move", "table": 1, "seat": 0, "move": {1: "x"}}, "malformed"),
        (
            {
                "t": "move",
                "table": 1,
                "seat": 0,
                "move": {"a": [[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]},
            },
            "out_of_range",
        ),
        ({"t": "move", "table": 1, "seat": 0, "move": {"n": 2**64 - 1}}, "out_of_range"),
        ({"t": "ping", "id": 1.5}, "malformed"),
        ({"t": "ping", "id": "x" * 65}, "out_of_range"),
        ({"t": "join", "table": 1, "password": "a\nb"}, "malformed"),
    ],
)
def test_every_field_is_checked(msg, code):
    side = greeted()
    refused = only(side.receive_data(encode(msg)))
    assert isinstance(refused, Refusal) and refused.code == code and refused.reason
    assert not refused.fatal


def test_a_refusal_echoes_the_message_id():
    side = greeted()
    refused = only(side.receive_data(encode({"t": "join", "table": "x", "id": 42})))
    assert refused.as_error() == {
        "t": "error",
        "code": "malformed",
        "reason": refused.reason,
        "ref": 42,
    }


def test_too_many_refusals_in_a_row_end_the_connection():
    side = greeted()
    refusals = [only(side.receive_data(encode({"t": "nonsense"}))) for _ in range(MAX_STRIKES)]
    assert [r.fatal for r in refusals] == [False] * (MAX_STRIKES - 1) + [True]
    assert side.phase is Phase.CLOSED


def test_a_good_message_forgives_earlier_refusals():
    side = greeted()
    for _ in range(3):
        for _ in range(MAX_STRIKES - 1):
            side.receive_data(encode({"t": "nonsense"}))
        assert side.receive_data(encode({"t": "ping"})) == [{"t": "ping"}]
    assert side.phase is Phase.READY


def test_an_oversized_frame_is_refused_and_ends_the_stream():
    side = greeted()
    header = b"\x82\xa1t\xa4ping\xa3pad\xdb" + (MAX_FRAME + 10).to_bytes(4, "big")
    items = side.receive_data(header + b"x" * (MAX_FRAME + 10))
    assert only(items).code == "frame_too_large" and items[0].fatal
    assert side.receive_data(encode({"t": "ping"})) == []


def test_a_websocket_frame_holds_exactly_one_whole_message():
    side = ServerSide()
    assert side.receive_frame(encode(HELLO)) == [HELLO]
    assert side.receive_frame(encode({"t": "ping", "id": 1})) == [{"t": "ping", "id": 1}]
    refused = only(side.receive_frame(encode({"t": "teleport"})))
    assert refused.code == "unknown_type" and not refused.fatal, "checks refuse as on TCP"
    for frame in (encode(HELLO) + encode(HELLO), encode({"t": "ping"})[:-1], b""):
        side = greeted()
        refused = only(side.receive_frame(frame))
        assert refused.code == "undecodable" and refused.fatal
        assert side.receive_frame(encode({"t": "ping"})) == [], "nothing is read after it"


def test_a_text_frame_or_an_oversized_one_ends_the_websocket():
    side = greeted()
    refused = only(side.receive_frame('{"t": "ping"}'))
    assert refused.code == "undecodable" and refused.fatal and "text" in refused.reason
    side = greeted()
    header = b"\x82\xa1t\xa4ping\xa3pad\xdb" + (MAX_FRAME + 10).to_bytes(4, "big")
    refused = only(side.receive_frame(header + b"x" * (MAX_FRAME + 10)))
    assert refused.code == "frame_too_large" and refused.fatal


def feed_in_pieces(side: ServerSide, data: bytes, cuts: list[int]) -> list:
    """Feed `data` cut at `cuts` (as a socket delivers it); everything that came out."""
    out = []
    for start, end in zip([0, *cuts], [*cuts, len(data)], strict=True):
        out += side.receive_data(data[start:end])
    return out


def test_a_frame_is_at_most_one_mib_also_when_it_arrives_in_pieces():
    assert MAX_FRAME == 1 << 20  # the limit: 1 MiB per message
    # Made of pieces within every other limit: only its total size is wrong. The unpacker
    # parses as bytes come and frees them, so its buffer limit alone would let it through.
    big = encode({"t": "ping", "pad": [["x" * 4000] * 150] * 2})
    assert len(big) > MAX_FRAME
    chunks = list(range(65536, len(big), 65536))
    items = feed_in_pieces(greeted(), big, chunks)
    assert [(r.code, r.fatal) for r in items] == [("frame_too_large", True)]
    # The same, when the oversized frame completes inside the last piece.
    side = greeted()
    items = feed_in_pieces(side, big, [MAX_FRAME - 100])
    assert [(r.code, r.fatal) for r in items] == [("frame_too_large", True)]
    assert side.phase is Phase.CLOSED
    # Just under the limit, in pieces, after other messages: accepted.
    options = {f"k{i}": "x" * 4000 for i in range(255)}
    fits = encode({"t": "create", "game": "x", "seats": 2, "options": options})
    assert MAX_FRAME - 50_000 < len(fits) < MAX_FRAME
    stream = encode({"t": "ping"}) * 3 + fits + encode({"t": "ping"})
    items = feed_in_pieces(greeted(), stream, list(range(4096, len(stream), 65536)))
    assert [m["t"] for m in items] == ["ping"] * 3 + ["create", "ping"]


def test_a_message_of_too_many_lists_and_maps_is_refused_while_it_is_read():
    # A million empty lists fit in 1 MiB and would cost tens of MB once built; reading stops
    # after MAX_NODES containers, before the whole message exists.
    junk = [[[[] for _ in range(250)] for _ in range(200)] for _ in range(20)]
    side = greeted()
    items = side.receive_data(encode({"t": "ping", "junk": junk}))
    assert [(r.code, r.fatal) for r in items] == [("frame_too_large", True)]
    assert side.phase is Phase.CLOSED
    # As many containers as a message may hold, spread over several messages: all accepted.
    side = greeted()
    pad = [[[] for _ in range(protocol.MAX_NODES // 40 - 1)] for _ in range(10)]
    fine = encode({"t": "move", "table": 1, "seat": 0, "move": {"type": "x", "pad": pad}})
    assert [m["t"] for m in side.receive_data(fine * 5)] == ["move"] * 5


def test_strings_and_lists_beyond_the_limits_end_the_stream():
    for msg in (
        {"t": "ping", "x": "y" * (protocol.MAX_STR + 1)},
        {"t": "ping", "x": list(range(protocol.MAX_ARRAY + 1))},
        {"t": "ping", **{f"k{i}": i for i in range(protocol.MAX_MAP + 1)}},
    ):
        refused = only(greeted().receive_data(encode(msg)))
        assert refused.code == "undecodable" and refused.fatal


def test_undecodable_bytes_end_the_stream():
    for data in (b"\xc1", b"\xa2\xff\xfe", b"\xd4\x01\x00", b"\x91" * 2000, b"\x81\x90\x00"):
        refused = only(greeted().receive_data(data))
        assert refused.code in ("undecodable", "malformed")


def test_the_client_side_decodes_server_messages_and_rejects_garbage():
    side = ClientSide()
    welcome = {"t": "welcome", "v": 1, "tables": [], "view": {"x": [1, 2]}}
    data = encode(welcome) + encode({"t": "pong"})
    assert side.receive_data(data[:5]) == []
    assert side.receive_data(data[5:]) == [welcome, {"t": "pong"}]
    with pytest.raises(ProtocolError):
        ClientSide().receive_data(encode([1]))
    with pytest.raises(ProtocolError):
        ClientSide().receive_data(b"\xc1")


# ---------------------------------------------------------------------- fuzzing

plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**64), max_value=2**64 - 1)
    | st.floats()
    | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.text(max_size=8) | st.integers(), children, max_size=5)
    ),
    max_leaves=30,
)


def _packable(obj: object) -> bytes | None:
    try:
        return msgpack.packb(obj, use_bin_type=True)
    except (OverflowError, ValueError, TypeError):
        return None


@settings(max_examples=300, deadline=None, database=None)
@given(data=st.binary(max_size=300), cut=st.integers(min_value=0, max_value=300))
def test_random_bytes_never_raise(data, cut):
    side = greeted()
    for item in side.receive_data(data[:cut]) + side.receive_data(data[cut:]):
        assert isinstance(item, (dict, Refusal))
        if isinstance(item, dict):
            protocol.check_client_message(item)


@settings(max_examples=200, deadline=None, database=None)
@given(
    kind=st.sampled_from([*protocol.CLIENT_MESSAGES, "other"]),
    fields=st.dictionaries(st.sampled_from(["table", "seat", "move", "game", "id", "x"]), plain),
)
def test_random_messages_are_accepted_only_when_every_field_checks_out(kind, fields):
    frame = _packable({"t": kind, **fields})
    if frame is None:
        return
    side = greeted()
    for item in side.receive_data(frame):
        if isinstance(item, dict):
            protocol.check_client_message(item)
            assert item["t"] == kind
        else:
            assert item.code and item.reason


SERVER_MESSAGES = [
    "welcome",
    "table",
    "table_removed",
    "tables",
    "joined",
    "left",
    "sync",
    "update",
    "replays",
    "replay",
    "error",
    "pong",
    "bye",
    "muted",
    "chat_log",
    "rules",
]


def test_docs_describe_every_message_both_ways():
    text = (Path(__file__).parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    for kind in [*protocol.CLIENT_MESSAGES, *SERVER_MESSAGES]:
        assert f'"t": "{kind}"' in text, f"docs/protocol.md has no example of {kind!r}"


def test_a_list_longer_than_the_limit_is_refused_at_its_header_before_its_items():
    """msgpack makes a list at its declared length when it reads the header: a header asking for
    more than MAX_ARRAY items is refused at once, so unfinished messages stay small."""
    side = greeted()
    header = b"\xdc" + (protocol.MAX_ARRAY + 1).to_bytes(2, "big")
    (refusal,) = side.receive_data(header)
    assert refusal.fatal and refusal.code == "undecodable"
    assert side.phase is protocol.Phase.CLOSED
