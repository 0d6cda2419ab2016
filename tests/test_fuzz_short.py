"""The fuzzing harnesses' findings kept as rules (docs/fuzzing.md)."""

from __future__ import annotations

from shared.protocol import Refusal, ServerSide, encode, hello


def greeted() -> ServerSide:
    side = ServerSide()
    assert side.receive_frame(encode(hello("Ada"))) == [hello("Ada")]
    return side


def test_a_frame_with_a_message_and_more_is_refused_whole_and_not_acted_on():
    # Found by the stream harness: the message before the rest of the frame came out (and
    # was acted on) before the frame was refused.
    for tail in (b"\xc1", encode({"t": "ping"}), encode({"t": "ping"})[:-1]):
        side = greeted()
        (refused,) = side.receive_frame(encode({"t": "leave", "table": 1}) + tail)
        assert isinstance(refused, Refusal) and refused.code == "undecodable" and refused.fatal


def test_a_frame_with_a_refused_message_and_garbage_gets_one_refusal():
    side = greeted()
    (refused,) = side.receive_frame(b"\xf0\x82\x80\x0b")
    assert refused.code == "undecodable" and refused.fatal
