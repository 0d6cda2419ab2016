"""The server's collector settings (server/collector.py): after start-up everything alive is frozen,
the thresholds are the server's, and what survives a full collection is frozen too; GcWatch's
diagnosis names what a long collection examined."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator

import pytest

from server import collector


@pytest.fixture
def restored_collector() -> Iterator[None]:
    thresholds = gc.get_threshold()
    callbacks = list(gc.callbacks)
    try:
        yield
    finally:
        gc.callbacks[:] = callbacks
        gc.set_threshold(*thresholds)
        gc.unfreeze()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def pair() -> Node:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a


def test_settling_freezes_what_is_alive_and_sets_the_thresholds(restored_collector):
    kept = pair()
    collector.settle_memory()
    assert gc.get_threshold() == collector.GC_THRESHOLDS
    assert gc.get_freeze_count() > 0
    frozen = gc.get_freeze_count()
    collector.settle_memory()  # twice (a second server in one process): one callback
    assert gc.callbacks.count(collector.freeze_after_full_collection) == 1
    assert gc.get_freeze_count() >= frozen
    assert not any(obj is kept for n in range(3) for obj in gc.get_objects(n))


def test_what_survives_a_full_collection_is_frozen_and_garbage_is_not(restored_collector):
    collector.settle_memory()
    survivor = pair()
    pair()  # garbage: a cycle no one holds
    frozen = gc.get_freeze_count()
    assert gc.collect() >= 2  # the garbage pair was collected, not frozen
    assert gc.get_freeze_count() > frozen
    assert not any(obj is survivor for n in range(3) for obj in gc.get_objects(n))
    # A young collection freezes nothing.
    young = pair()
    frozen = gc.get_freeze_count()
    gc.collect(0)
    assert gc.get_freeze_count() == frozen
    assert any(obj is young for obj in gc.get_objects(1))


def test_the_diagnosis_names_the_objects_a_long_collection_examined(monkeypatch, caplog):
    monkeypatch.setattr(collector, "GC_PAUSE_LOGGED", 0.0)
    watch = collector.GcWatch(detail=True)
    kept = [pair() for _ in range(2000)]
    gc.callbacks.append(watch)
    try:
        with caplog.at_level(logging.WARNING, logger="server.collector"):
            gc.collect(1)
    finally:
        gc.callbacks.remove(watch)
    assert watch.collections == [0, 1, 0]
    [paused, census] = [r.getMessage() for r in caplog.records]
    assert "generation-1 collection paused the server" in paused
    assert "objects by generation before [" in census
    assert "Node " in census.split("commonest: ")[1]
    assert kept


def test_thresholds_can_be_set_for_a_measurement_and_a_wrong_value_is_ignored(
    restored_collector, monkeypatch, caplog
):
    monkeypatch.setenv(collector.GC_THRESHOLDS_ENV, "4000,2,50")
    collector.settle_memory()
    assert gc.get_threshold() == (4000, 2, 50)
    for wrong in ("4000,2", "a,b,c", "4000,0,50", "1,2,3,4"):
        monkeypatch.setenv(collector.GC_THRESHOLDS_ENV, wrong)
        caplog.clear()
        collector.settle_memory()
        assert gc.get_threshold() == collector.GC_THRESHOLDS
        assert collector.GC_THRESHOLDS_ENV in caplog.text
