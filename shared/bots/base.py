"""The bot interface: a bot sees what its seat sees — the seat's view, its legal moves and the
events as that seat saw them — never the full state.

Each game supplies a `Policy` (in `shared/bots/<game module>.py`, as `POLICY`):
- `basic(view, legal, rng)`: the rules-of-thumb move, or None to hold back for now (only where
  holding back is possible, e.g. not bidding in a real-time auction);
- `determinize(view, rng)`: one full state consistent with the view (hidden cards dealt at random
  from what the seat cannot see), for the strong level's search;
- `evaluate(state)`: a value in [0, 1] per seat for a state where a rollout stops early;
- `delay(view, move, rng)`: seconds a person would take before this move (real-time games);
- `candidates(state, seat, legal)`: optionally, the moves the search should consider in an
  imagined state (e.g. a few telling bids instead of every amount), a non-empty part of `legal`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from shared.engine import Event, Game, Move, State, View


def default_delay(view: View, move: Move, rng: random.Random) -> float:
    return 0.4 + rng.random() * 0.8


@dataclass(frozen=True)
class Policy:
    """What a game tells the bots: its rules of thumb and how to imagine what it cannot see."""

    basic: Callable[[View, list[Move], random.Random], Move | None]
    determinize: Callable[[View, random.Random], State]
    evaluate: Callable[[State], list[float]]
    delay: Callable[[View, Move, random.Random], float] = default_delay
    # Moves a rollout may play before it stops and asks `evaluate`.
    rollout_depth: int = 200
    # The moves the search tree considers (None: every legal move). Wide choices such as bids of
    # every amount leave each move too few visits for the tree to see past the next reply.
    candidates: Callable[[State, int, list[Move]], list[Move]] | None = None
    # Adds to the view what the seat learnt from the events it saw (e.g. what others paid), for
    # `determinize` (None: the view alone).
    remember: Callable[[View, list[Event]], View] | None = None
    options: dict = field(default_factory=dict)


class Bot(ABC):
    """One seat's bot. The server calls `choose` whenever the seat may act."""

    level: str = ""

    def __init__(self, game: Game, seat: int, policy: Policy | None, seed: int = 0) -> None:
        self.game = game
        self.seat = seat
        self.policy = policy
        self.rng = random.Random(seed)
        self.seen: list[Event] = []

    def observe(self, events: list[Event]) -> None:
        """Events as this seat saw them (already filtered by `view_events`)."""
        self.seen.extend(events)

    @abstractmethod
    def choose(self, view: View, legal: list[Move]) -> Move | None:
        """The move to play now, or None to hold back (where the rules allow waiting)."""

    def delay(self, view: View, move: Move) -> float:
        """How long to wait before playing `move`, to feel like a person at the table."""
        return (self.policy.delay if self.policy else default_delay)(view, move, self.rng)
