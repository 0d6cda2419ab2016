"""A connection's decoder holds no reference cycle (shared/protocol.py): a session's side and its
msgpack decoder (~25 KiB each) are freed by reference counting alone the moment they are let
go, with the collector switched off — not left for a collection of an older generation."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator

import pytest

from shared.protocol import Phase, ServerSide, encode, hello


@pytest.fixture
def no_collector() -> Iterator[None]:
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def freed_at_once(use: Callable[[ServerSide], object]) -> bool:
    """Whether a side that `use` worked with is freed, decoder and all, the moment its last
    reference goes: gone at once, and nothing of it left in a cycle for the collector to find."""
    side = ServerSide()
    use(side)
    gone = weakref.ref(side)
    del side
    return gone() is None and gc.collect() == 0


def test_the_check_sees_a_cycle(no_collector):
    # What the decoder's hooks did when they were the side's bound methods.
    def cycle(side: ServerSide) -> None:
        side.hook = side._accept  # type: ignore[attr-defined]

    assert not freed_at_once(cycle)


def test_a_side_that_read_a_stream_goes_by_reference_counting(no_collector):
    def stream(side: ServerSide) -> None:
        items = side.receive_data(encode(hello("Ada")) + encode({"t": "ping", "id": 1}))
        assert [item["t"] for item in items] == ["hello", "ping"]  # type: ignore[index]
        assert side.phase is Phase.READY

    assert freed_at_once(stream)


def test_a_side_that_read_frames_goes_by_reference_counting(no_collector):
    def frames(side: ServerSide) -> None:
        side.receive_frame(encode(hello("Ada")))
        side.receive_frame(encode({"t": "ping", "id": 2, "x": [[1], {"a": [2]}]}))

    assert freed_at_once(frames)


def test_a_side_that_never_heard_a_word_goes_by_reference_counting(no_collector):
    assert freed_at_once(lambda side: None)


def test_a_side_refusing_too_many_containers_goes_by_reference_counting(no_collector):
    def too_many(side: ServerSide) -> None:
        [refusal] = side.receive_frame(encode({"t": "ping", "id": 3, "x": [[[[]] * 250] * 16] * 3}))
        assert refusal.fatal and refusal.code == "frame_too_large"  # type: ignore[union-attr]

    assert freed_at_once(too_many)


def test_the_count_of_containers_starts_again_with_each_message():
    # Each message may hold up to MAX_NODES containers, however many came before it: these are
    # read to the end (and then refused for their unknown field, not for their size).
    nested = encode({"t": "ping", "id": 4, "x": [[[[]] * 200] * 10] * 3})  # some 6,000 containers
    framed, stream = ServerSide(), ServerSide()
    framed.receive_frame(encode(hello("Ada")))
    stream.receive_data(encode(hello("Ada")))
    refusals = [framed.receive_frame(nested) for _ in range(3)]
    refusals += [stream.receive_data(nested) for _ in range(2)] + [stream.receive_data(nested * 2)]
    assert [len(items) for items in refusals] == [1, 1, 1, 1, 1, 2]
    for refusal in (r for items in refusals for r in items):
        assert (refusal.code, refusal.fatal) == ("malformed", False), refusal  # type: ignore
