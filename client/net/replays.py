"""Where a replay's positions come from: a game file (or a finished game the server sent as one),
or a server that shows a running game's positions one at a time as a spectator sees them.

A replay is a list of positions 0..`moves` (0: before the first move). `frame(step, viewer)` is
what `viewer` (a seat, or None for a spectator) sees after `step` moves: the view, the events of
move `step` as that viewer saw them, and the seats to act; None while it is still on its way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from shared import engine


@dataclass
class Frame:
    view: dict[str, Any]
    events: list[dict[str, Any]]
    to_act: list[int]


class Replay(Protocol):
    game: str
    players: int
    names: list[str]
    moves: int
    # Whose eyes the replay may be seen through: None (a spectator) and, once the game is over,
    # every seat.
    viewers: list[int | None]

    def frame(self, step: int, viewer: int | None) -> Frame | None: ...

    def history(self, step: int, viewer: int | None) -> list[dict[str, Any]]:
        """Every event up to `step` that `viewer` saw (for the game log after a jump)."""
        ...


class FileReplay:
    """A finished game from its seed and moves: every position, through any seat's eyes."""

    def __init__(self, doc: dict[str, Any], spectator_only: bool = False) -> None:
        self.doc = doc
        self.game = doc["game"]
        self.players = doc["players"]
        self.names = [n or "" for n in doc["names"]]
        game = engine.get_game(self.game)
        self._game = game
        state = game.new_game(doc["seed"], self.players, doc["options"])
        self._states = [state]
        self._events: list[list[dict[str, Any]]] = [[]]
        for seat, move in doc["moves"]:
            state, events = game.apply(state, seat, move)
            self._states.append(state)
            self._events.append(events)
        self.moves = len(doc["moves"])
        # A game not over (kept on this computer) is seen only as a spectator sees it.
        seats = [] if spectator_only or not game.is_over(state) else list(range(self.players))
        self.viewers: list[int | None] = [None, *seats]

    def frame(self, step: int, viewer: int | None) -> Frame:
        state = self._states[step]
        return Frame(
            self._game.view(state, viewer),
            self._game.view_events(self._events[step], viewer),
            self._game.to_act(state),
        )

    def history(self, step: int, viewer: int | None) -> list[dict[str, Any]]:
        return [
            e
            for events in self._events[1 : step + 1]
            for e in self._game.view_events(events, viewer)
        ]


class ServerReplay:
    """A kept game on the server that is not finished: positions asked for one at a time, as a
    spectator sees them (the server keeps the seed)."""

    def __init__(self, session: Any, table_id: int, first: dict[str, Any]) -> None:
        self.session = session
        self.table_id = table_id
        self.game = first["game"]
        self.players = first["players"]
        self.names = [n or "" for n in first["names"]]
        self.moves = first["moves"]
        self.viewers: list[int | None] = [None]
        self._frames: dict[int, Frame] = {}
        self._asked: set[int] = set()
        self._take(first)

    def _take(self, answer: dict[str, Any]) -> None:
        self.moves = max(self.moves, answer["moves"])
        self._frames[answer["step"]] = Frame(answer["view"], answer["events"], [])
        self._asked.discard(answer["step"])

    def frame(self, step: int, viewer: int | None) -> Frame | None:
        for answer in self.session.take_replays(self.table_id):
            if "file" not in answer:
                self._take(answer)
        if step in self._frames:
            return self._frames[step]
        if step not in self._asked:
            self._asked.add(step)
            self.session.replay(self.table_id, step)
        return None

    def history(self, step: int, viewer: int | None) -> list[dict[str, Any]]:
        return [e for s in range(1, step + 1) if s in self._frames for e in self._frames[s].events]
