"""The lesson runner: a guided first game at a table of its own (issue 28, docs/protocol.md
`learn`).

`learn` makes a `LessonTable`: a friendly table (no undo, no hints, no clock, not listed in the
lobby) whose game is the lesson's (shared/lessons), with the learner at the lesson's seat and
the other seats played by `ScriptedPlayer`s that play the script's moves through the table's
ordinary path; during a fast-forward the table itself plays every seat's move (the learner's
too) with the lesson's seeded bot, a short pause apart. A move of the learner that is not one
the current step accepts is refused with the step's own line (`error` with code `lesson_step`
and the `lesson` part), and nothing changes; the learner's every `sync` and `update` carries
the current step (`lesson`). When the learner leaves, the lesson table goes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from server import bots
from server.identities import Identity
from server.journal import Journal
from server.refusals import Refused
from server.restore import as_played
from server.seats import Seat
from server.status import ABANDONED, FINISHED, PLAYING
from server.store import TableRecord
from server.tables import DEFAULT_KEEP, Table, TableHooks
from shared import engine, lessons
from shared.engine import Event, Move, View
from shared.lessons import Progress

log = logging.getLogger(__name__)

# A scripted seat's pause before its move (the table's bot bounds apply): time to see it.
SCRIPTED_PAUSE = 1.4
# The pause between two moves of a fast-forward: quick, yet each move is seen (at most the
# table's longest bot pause).
FAST_PAUSE = 0.35
# How a scripted seat is stored and shown (the seat's `level`).
LEVEL = "lesson"


class ScriptedPlayer:
    """Plays one scripted seat of a lesson: the script's move when the script has this seat
    move, else nothing (a bot's `choose` may hold back)."""

    def __init__(self, progress: Progress, seat: int) -> None:
        self.progress = progress
        self.seat = seat

    def choose(self, view: View, legal_moves: list[Move]) -> Move | None:
        return self.progress.scripted(self.seat, legal_moves)

    def delay(self, view: View, move: Move) -> float:
        return SCRIPTED_PAUSE

    def observe(self, events: list[Event]) -> None:
        return None


def lesson_rules(game_id: str) -> dict[str, Any]:
    """A lesson table's own options: friendly (it counts nowhere), no undo, no hints (the step
    says what to do), no clock, no stand-ins; `lesson` names the game whose lesson it plays."""
    return {
        "undo": False,
        "clock": None,
        "friendly": True,
        "hints": False,
        "idle_takeover": None,
        "lesson": game_id,
    }


@dataclass(eq=False)
class LessonTable(Table):
    """A table that plays a lesson: `progress` follows its script."""

    progress: Progress | None = None
    # Every move of the game, (seat, move): where a restored script stands.
    played_moves: list[tuple[int, Move]] = field(default_factory=list)
    _fast_task: asyncio.Task | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        found = lessons.lesson(self.rules["lesson"])
        if found is None:
            raise ValueError(f"{self.rules['lesson']!r} has no lesson")
        self.progress = Progress(found)
        for i, held in enumerate(self.seats):
            if held.bot == LEVEL:
                held.bot_player = ScriptedPlayer(self.progress, i)

    @property
    def lesson(self) -> lessons.Lesson:
        assert self.progress is not None
        return self.progress.lesson

    @classmethod
    def restore(
        cls,
        record: TableRecord,
        journal: Journal,
        hooks: TableHooks,
        identity_for: Callable[[str, str], Identity],
    ) -> Table:
        """A lesson table back from the store: its game replayed, its script where the game is
        (every journaled move was one entry: a lesson has no undo)."""
        table = super().restore(record, journal, hooks, identity_for)
        assert isinstance(table, LessonTable) and table.progress is not None
        table.progress = Progress.replayed(table.lesson, table.game, table.played_moves)
        for held in table.seats:
            if isinstance(held.bot_player, ScriptedPlayer):
                held.bot_player.progress = table.progress
        return table

    @classmethod
    def _restored_player(cls, level: str, game: engine.Game, seat: int) -> bots.Bot | None:
        """A scripted seat gets its `ScriptedPlayer` once the table is made (`__post_init__`)."""
        return None if level == LEVEL else super()._restored_player(level, game, seat)

    def _admit(self, seat: int, move: dict[str, Any], actor: Identity | None) -> None:
        """A person's move must be the current step's: else the step's line, and nothing
        changes (a scripted seat's move goes through as the script has it)."""
        progress = self.progress
        assert progress is not None and self.state is not None
        if actor is None:
            return
        why = progress.refusal(seat, move)
        if why is not None:
            legal = self.game.legal_moves(self.state, seat)
            view = self.game.view(self.state, seat)
            said = progress.message(legal, self.outcome, view, refused=why)
            raise Refused("lesson_step", lessons.english(why), {"lesson": said})

    def summary(self) -> dict[str, Any]:
        """The table's summary, with the game whose lesson it plays (`lesson`)."""
        return {**super().summary(), "lesson": self.lesson.game}

    def _moved(self, seat: int, move: dict[str, Any]) -> None:
        assert self.progress is not None and self.state is not None
        self.played_moves.append((seat, move))
        self.progress.played(self.state)

    def _replay_journal(self, rows: list[tuple[int, dict, str]], clock: dict | None) -> None:
        """The game back from the journal, and the moves kept for the script (a lesson has no
        undo: every row is a move)."""
        super()._replay_journal(rows, clock)
        self.played_moves = [(seat, as_played(move, by)) for seat, move, by in rows]

    def _schedule_bots(self) -> None:
        """The scripted seats as any bot; during a fast-forward, the table's own next move."""
        super()._schedule_bots()
        if self._fast_task is not None:
            self._fast_task.cancel()
            self._fast_task = None
        progress = self.progress
        if self.status != PLAYING or self.state is None or self.paused or progress is None:
            return
        if isinstance(progress.entry, lessons.FastForward):
            self._fast_task = self._spawn(self._fast_forward(self.seq))

    async def _fast_forward(self, seq: int) -> None:
        """One move of the fast-forward, after a short pause."""
        assert self.progress is not None and self.state is not None
        found = self.progress.fast_move(self.game, self.state)
        if found is None:
            log.error("table %s: the lesson's fast-forward found no move", self.id)
            return
        seat, move, quiet = found
        await asyncio.sleep(min(FAST_PAUSE, self.hooks.bot_delay[1]))
        await self._quiet_move(seat, move, seq, "timer" if quiet else LEVEL)

    def seat_message(
        self,
        kind: str,
        seat: int | None,
        events: list | None = None,
        common: dict[str, Any] | None = None,
        with_talk: bool = False,
    ) -> dict[str, Any]:
        """The table's message, and for the learner's seat the current step (`lesson`)."""
        msg = super().seat_message(kind, seat, events, common, with_talk)
        if seat == self.lesson.learner and self.progress is not None:
            msg["lesson"] = self.progress.message(msg["legal_moves"], self.outcome, msg["view"])
        return msg

    def _schedule_timer(self) -> None:
        """No quiet-time clock: the script says when each seat moves."""
        return None

    async def _people_left(self, people: list[Identity]) -> None:
        await super()._people_left(people)
        if self.status not in (ABANDONED, FINISHED) and not self.attendees():
            await self._abandon()


async def open_lesson(
    journal: Journal, hooks: TableHooks, identity: Identity, game_id: str, name: str | None
) -> LessonTable:
    """A new lesson table of `game_id`, started, with `identity` at the learner's seat (under
    `name`, else its own) and the scripted seats filled. `Refused` for a game with no lesson."""
    found = lessons.lesson(game_id)
    if found is None:
        known = ", ".join(lessons.available(engine.list_games()))
        raise Refused("no_lesson", f"{game_id!r} has no lesson; lessons: {known}")
    table = await LessonTable.new(
        journal,
        hooks,
        game=engine.get_game(game_id),
        players=found.players,
        options=found.options,
        seed=found.seed,
        keep=DEFAULT_KEEP,
        password=None,
        creator=identity,
        rules=lesson_rules(game_id),
    )
    assert isinstance(table, LessonTable) and table.progress is not None
    for i, seat_name in enumerate(found.names):
        if i != found.learner:
            table.seats[i] = Seat(
                name=seat_name, bot=LEVEL, bot_player=ScriptedPlayer(table.progress, i)
            )
    await table.seating.sit(identity, found.learner, None, name)
    await table.start(identity)
    return table
