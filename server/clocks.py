"""Turn clocks, a table option: none (the default), a limit per move, or a chess clock.

- `{"kind": "move", "seconds": 30}`: every move within that many seconds; a seat's time starts
  afresh when it comes to act and after each of its moves.
- `{"kind": "chess", "seconds": 600, "increment": 10}`: each seat has its own time for the whole
  game; it runs while the seat is to act, and each move of the seat adds `increment`.

The clocks of every seat to act run together (simultaneous phases); while the game's own quiet
time runs (Das Kollier's knock-down) they stand still, so that timer decides as before. When a
seat's time is out the table plays a move for it (its stand-in bot's choice, server/tables.py).

`TurnClock` is bookkeeping with the time passed in (monotonic seconds), so it is tested without a
loop. A clock never changes: `moved` gives the next one, so a move taken back simply brings back
the clock from before it (its time kept running meanwhile: the thinking stays spent). A table
stores `snapshot()` with every move and at shutdown; `loaded` takes it back after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MOVE, CHESS = "move", "chess"
# What a `create` may ask for (the clients offer 30 s, 1 min, 2 min and 10 min + 10 s).
MAX_MOVE_SECONDS = 3600
MAX_CHESS_SECONDS = 6 * 3600
MAX_INCREMENT = 600


def check_spec(value: Any) -> dict[str, Any] | None:
    """The clock a `create` asks for, checked and normalised; `ValueError` says what is wrong."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("the clock is a map with a 'kind': 'move' or 'chess'")
    kind = value.get("kind")
    allowed = {"kind", "seconds"} | ({"increment"} if kind == CHESS else set())
    if kind not in (MOVE, CHESS):
        raise ValueError("the clock's 'kind' is 'move' (a limit per move) or 'chess'")
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise ValueError(f"a {kind} clock has no {', '.join(map(repr, unknown))}")
    top = MAX_MOVE_SECONDS if kind == MOVE else MAX_CHESS_SECONDS
    seconds, increment = value.get("seconds"), value.get("increment", 0)
    for name, number, high in (("seconds", seconds, top), ("increment", increment, MAX_INCREMENT)):
        if not isinstance(number, int) or isinstance(number, bool):
            raise ValueError(f"the clock's {name!r} must be a whole number of seconds")
        low = 1 if name == "seconds" else 0
        if not low <= number <= high:
            raise ValueError(f"the clock's {name!r} must be from {low} to {high} seconds")
    spec = {"kind": kind, "seconds": seconds}
    if kind == CHESS:
        spec["increment"] = increment
    return spec


@dataclass
class TurnClock:
    """Each seat's time left as of `since`, and the seats whose time runs."""

    spec: dict[str, Any]
    remaining: list[float]
    running: list[int] = field(default_factory=list)
    since: float = 0.0

    @classmethod
    def new(cls, spec: dict[str, Any], players: int) -> TurnClock:
        return cls(spec, [float(spec["seconds"])] * players)

    def left(self, now: float) -> list[float]:
        """Each seat's time left at `now` (below zero once it ran out)."""
        spent = now - self.since
        return [r - spent if s in self.running else r for s, r in enumerate(self.remaining)]

    def moved(self, mover: int | None, running: list[int], now: float) -> TurnClock:
        """The clock after a move by `mover` (None: the game began), with `running` the seats
        whose time runs now (none while the game's own timer runs or once it is over)."""
        remaining = self.left(now)
        if self.spec["kind"] == CHESS:
            if mover is not None:
                remaining[mover] = max(0.0, remaining[mover]) + self.spec["increment"]
        else:
            fresh = {s for s in running if s not in self.running} | {mover} - {None}
            for seat in fresh:
                remaining[seat] = float(self.spec["seconds"])
        return TurnClock(self.spec, remaining, sorted(running), now)

    def next_out(self, now: float) -> tuple[int, float] | None:
        """The running seat whose time runs out first and the seconds until then (0 if it has)."""
        if not self.running:
            return None
        left = self.left(now)
        seat = min(self.running, key=lambda s: left[s])
        return seat, max(0.0, left[seat])

    def snapshot(self, now: float) -> dict[str, Any]:
        """What the store keeps and clients get: time left per seat (tenths) and who runs."""
        return {
            "kind": self.spec["kind"],
            "remaining": [round(max(0.0, r), 1) for r in self.left(now)],
            "running": list(self.running),
        }

    @classmethod
    def loaded(cls, spec: dict[str, Any], snapshot: dict[str, Any], now: float) -> TurnClock:
        """A stored clock back after a restart; the time the server was down is nobody's."""
        remaining = [float(r) for r in snapshot["remaining"]]
        return cls(spec, remaining, list(snapshot["running"]), now)
