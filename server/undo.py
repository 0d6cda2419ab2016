"""Taking back moves: the table's undo policy, on top of the rules' own `Game.may_take_back`.

A seat may take back its own last move, and then the one before, and so on, while all of this
holds: the table allows undo (the `undo` option of `create`, on by default); the move was a
person's (not a bot's, a stand-in's, a timer's or a clock's); the rules say it revealed, drew and
settled nothing (`Game.may_take_back`, and the state's chance untouched); no other seat has acted
since; and it is still the seat's turn (`still_its_turn`: it is to act, or a real-time phase that
the game's quiet-time timer ends is still running). No auction move is ever taken back, not
even before anyone answers it: the rules bind a bid, a pass, an acceptance or a refusal the
moment it is made (RULES-NOTES.md, decision 11). `Takebacks` keeps the positions before the
moves that may still be taken back; everything older can never be, so it is let go.

The journal keeps every move: one taken back is marked `undone` and the taking back is a row of
its own (`undo`), so a restart rebuilds the same table and replays and game files leave both out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.store import UNDONE
from shared.engine import Event, Game, Move, State


def still_its_turn(game: Game, state: State, seat: int) -> bool:
    """Whether `seat` is still in the turn it moved in: it is to act, or a real-time phase (one
    the game's `timer` ends, such as an open auction) is still running."""
    return seat in game.to_act(state) or game.timer(state) is not None


def taken_back_event(seat: int) -> Event:
    """What everyone's game log shows: "NAME took back a move"."""
    return {"type": "taken_back", "seat": seat}


@dataclass
class Step:
    """A move that may still be taken back: its journal row, its seat, the position before it,
    and the table's turn clock from before it (a `TurnClock`; None without one)."""

    seq: int
    seat: int
    before: State
    clock: Any = None


class Takebacks:
    """The moves a table may still take back, newest last (all by one seat)."""

    def __init__(self, game: Game, enabled: bool) -> None:
        self.game = game
        self.enabled = enabled
        self.steps: list[Step] = []

    def played(
        self,
        seq: int,
        seat: int,
        by: str,
        before: State,
        move: Move,
        after: State,
        events: list[Event],
        clock: Any = None,
    ) -> None:
        """Note journal row `seq`: a move that may be taken back, or one that ends every chance
        of taking back what came before it."""
        if self.steps and self.steps[-1].seat != seat:
            self.steps.clear()  # another seat acted: the earlier moves stand for good
        allowed = (
            self.enabled
            and by in ("player", UNDONE)
            and after["rng"] == before["rng"]
            and self.game.may_take_back(before, seat, move, events)
        )
        if allowed:
            self.steps.append(Step(seq, seat, before, clock))
        else:
            self.steps.clear()

    def refusal(self, state: State, seat: int) -> str | None:
        """Why `seat` may not take back a move now, or None when it may."""
        if not self.enabled:
            return "this table does not allow taking moves back"
        if not self.steps or self.steps[-1].seat != seat:
            return (
                f"seat {seat} has no move to take back: only your own last moves that showed"
                " nothing hidden, drew nothing and were no auction move (a bid, a pass, an"
                " acceptance or a refusal binds), while nobody else has acted since"
            )
        if not still_its_turn(self.game, state, seat):
            return "your turn is over: its moves stand"
        return None

    def may(self, state: State, seat: int) -> bool:
        return self.refusal(state, seat) is None

    def take(self) -> Step:
        """The newest move that may be taken back, forgotten here."""
        return self.steps.pop()
