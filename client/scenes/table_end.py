"""The end of a game at the table: its results, once the last moves have played out on the
board (with a lesson's scoring and the offer of a real game after a lesson), and the rematch —
its offer shown, and the next game followed once it begins.

`TableEnd` holds what it has shown and followed; it reads the table scene (`Ended`) for the
model, the game view and the ways out (leave, the replay, a real game).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

from client.net.model import TableModel
from client.scenes.lesson import result_lines
from client.scenes.results import ResultsScene
from client.tables.base import TableView
from client.ui.anim import Timeline
from client.ui.scene import Services


class Ended(Protocol):
    """What the end of a game reads of the table scene."""

    app: Services
    model: TableModel
    game_view: TableView
    timeline: Timeline
    leave: Callable[[], None]
    watch_replay: Callable[[], None] | None
    play_real: Callable[[str], None] | None


class TableEnd:
    """The results and the rematch of a table, each shown once."""

    def __init__(self, table: Ended) -> None:
        self.table = table
        # The results pushed (the replay viewer sets it back when it leaves the last move).
        self.results_shown = False
        self.offer_shown = False
        self.followed = False

    def follow_rematch(self) -> None:
        """The rematch: its offer shown once; the next game followed when it begins."""
        table = self.table
        app = table.app
        rematch = table.model.rematch
        if rematch is None or app.session is None:
            return
        following = app.session.tables.get(rematch.next_table)
        if rematch.started and following is not None and following.streams and not self.followed:
            # The next game began: leave this table for the lobby, which opens the next one.
            self.followed = True
            table.leave()
        elif not rematch.done and not self.offer_shown and app.stack.top is table:
            self.offer_shown = self.results_shown = True
            app.stack.push(ResultsScene(app, table.model, table.game_view, table.leave))

    def show_results(self) -> None:
        """The game is over and its last moves have played out: the results, once."""
        table = self.table
        app = table.app
        if (
            table.model.outcome is not None
            and not self.results_shown
            and table.timeline.idle
            and app.stack.top is table
        ):
            self.results_shown = True
            lesson = result_lines(table)
            real = None
            if lesson is not None and table.play_real is not None:
                real = functools.partial(table.play_real, table.model.game)
            app.stack.push(
                ResultsScene(
                    app,
                    table.model,
                    table.game_view,
                    table.leave,
                    None if lesson is not None else table.watch_replay,
                    lesson=lesson,
                    play_real=real,
                )
            )
