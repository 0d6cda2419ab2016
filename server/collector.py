"""The server process's garbage collector: its thresholds, what the start-up leaves frozen (and
what survives each full collection), and `GcWatch`, which counts every pause and logs the long
ones (docs/performance.md)."""

from __future__ import annotations

import array
import gc
import logging
import os
import time

log = logging.getLogger(__name__)

# A garbage-collector pause longer than this is logged: it holds every table up.
GC_PAUSE_LOGGED = 0.01
# Set to 1: each long pause is logged with what the collector found (GcWatch.detail).
GC_DETAIL_ENV = "JEWELTABLE_GC_DETAIL"
# Every pause is counted in buckets of 0.1 ms up to 2 s (the last bucket holds all longer ones):
# the median and the p99 of a whole evening in 160 kB, however many collections.
GC_BUCKET = 0.0001
GC_BUCKETS = 20_001


class PauseCounts:
    """Pauses counted in buckets of GC_BUCKET: any percentile of any number of them, in fixed
    memory."""

    def __init__(self) -> None:
        self.count = 0
        self.longest = 0.0
        self._buckets = array.array("L", [0]) * GC_BUCKETS

    def add(self, seconds: float) -> None:
        self.count += 1
        self._buckets[min(int(seconds / GC_BUCKET), GC_BUCKETS - 1)] += 1
        self.longest = max(self.longest, seconds)

    def percentile(self, share: float) -> float:
        """The pause (seconds, to its bucket's upper end) that `share` of them stay within."""
        wanted = share * self.count
        seen = 0
        for n, count in enumerate(self._buckets):
            seen += count
            if count and seen >= wanted:
                return min((n + 1) * GC_BUCKET, self.longest)
        return self.longest


class GcWatch:
    """Times the garbage collector's pauses: logs the long ones, with the CPU time they took (a
    pause much longer than its CPU time was the machine running something else), and counts all
    of them for `summary`."""

    def __init__(self, detail: bool = False) -> None:
        self._began = (0.0, 0.0)
        self.collections = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self.wall = PauseCounts()
        self.cpu = PauseCounts()
        # A diagnosis, not for an evening (it walks every object twice per collection): the
        # objects in each generation before and after a long pause, and the commonest types of
        # those it examined (GC_DETAIL_ENV set to 1).
        self.detail = detail
        self._before: tuple[list[int], list[tuple[str, int]]] = ([], [])

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            if self.detail:
                self._before = self._census(info["generation"])
            self._began = (time.perf_counter(), time.thread_time())
            return
        pause = time.perf_counter() - self._began[0]
        cpu = time.thread_time() - self._began[1]
        generation = info["generation"]
        self.collections[generation] += 1
        self.longest[generation] = max(self.longest[generation], pause)
        self.wall.add(pause)
        self.cpu.add(cpu)
        if pause >= GC_PAUSE_LOGGED:
            log.warning(
                "gc: a generation-%s collection paused the server %.1f ms (%.1f ms of CPU;"
                " %s objects freed)",
                generation,
                pause * 1000,
                cpu * 1000,
                info["collected"],
            )
            if self.detail:
                sizes, types = self._before
                after, _ = self._census(-1)
                log.warning(
                    "gc: objects by generation before %s, after %s; examined, commonest: %s",
                    sizes,
                    after,
                    ", ".join(f"{name} {count}" for name, count in types),
                )

    @staticmethod
    def _census(generation: int) -> tuple[list[int], list[tuple[str, int]]]:
        """Objects tracked in each generation (and the frozen ones), and the commonest types
        among those a collection of `generation` examines (none for -1)."""
        sizes = [len(gc.get_objects(n)) for n in range(3)] + [gc.get_freeze_count()]
        types: dict[str, int] = {}
        for n in range(generation + 1):
            for obj in gc.get_objects(n):
                name = type(obj).__qualname__
                types[name] = types.get(name, 0) + 1
        commonest = sorted(types.items(), key=lambda kv: -kv[1])[:12]
        return sizes, commonest

    def summary(self) -> str:
        """One line for the log (and the benches, which read it) about every collection so far."""
        gen0, gen1, gen2 = self.collections
        wall, cpu = self.wall, self.cpu
        longest = ", ".join(f"{x * 1000:.2f}" for x in self.longest)
        return (
            f"gc: {gen0 + gen1 + gen2} collections while serving (generation 0: {gen0},"
            f" 1: {gen1}, 2: {gen2}); pauses p50 {wall.percentile(0.5) * 1000:.2f} ms,"
            f" p99 {wall.percentile(0.99) * 1000:.2f} ms, longest {wall.longest * 1000:.2f} ms"
            f" (by generation: {longest} ms); CPU p99 {cpu.percentile(0.99) * 1000:.2f} ms,"
            f" longest {cpu.longest * 1000:.2f} ms"
        )


# The collector runs after this many more container objects were made than freed (default 700),
# then examines only those young ones; every 2nd time also the generation before (default 10),
# and the oldest (every live object not frozen) only after 100 of those (default 10) and when a
# quarter more than it held were promoted into it. A connection and a move leave no reference
# cycles (shared/protocol.py, server/web.py), so a collection frees next to nothing and costs
# what it examines: small generations make short pauses. While 1,000 tables are set up nearly
# everything made lives on, so a middle collection examines its promoted young generations whole:
# at (5,000, 5, 100) it took up to 60–68 ms of CPU, at (2,000, 2, 100) 27–31 ms, the longest of
# any collection (bench.server at 2,000 connections; docs/performance.md, issue 31).
GC_THRESHOLDS = (2_000, 2, 100)
# Other thresholds for a measurement ("5000,2,100"): the benches compare settings with it.
GC_THRESHOLDS_ENV = "JEWELTABLE_GC_THRESHOLDS"


def gc_thresholds() -> tuple[int, int, int]:
    """GC_THRESHOLDS, or three positive whole numbers from GC_THRESHOLDS_ENV (a wrong value is
    logged and ignored)."""
    given = os.environ.get(GC_THRESHOLDS_ENV)
    if not given:
        return GC_THRESHOLDS
    try:
        numbers = tuple(int(part) for part in given.split(","))
    except ValueError:
        numbers = ()
    if len(numbers) != 3 or min(numbers) < 1:
        log.warning(
            "%s=%r is not three positive whole numbers; kept %s",
            GC_THRESHOLDS_ENV,
            given,
            GC_THRESHOLDS,
        )
        return GC_THRESHOLDS
    return numbers  # type: ignore[return-value]


def settle_memory() -> None:
    """After start-up (restored tables included): collect once, then leave everything alive now
    (modules, rules tables, restored tables) out of every later collection, so that those stay
    short. From then on, what survives a full collection (tables, players' sessions) is frozen
    the same way: the next one examines only what came after it."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*gc_thresholds())
    if freeze_after_full_collection not in gc.callbacks:
        gc.callbacks.append(freeze_after_full_collection)


def freeze_after_full_collection(phase: str, info: dict[str, int]) -> None:
    """A collector callback: what is alive after a collection of the oldest generation is long
    lived; frozen, it is never examined again (it is still freed by reference counting when it
    goes, and a connection's or a table's end leaves no cycle to be missed)."""
    if phase == "stop" and info["generation"] == 2:
        gc.freeze()
