"""Lessons: a guided first game of each title, as data (issue 28, docs/protocol.md `learn`).

A lesson is a real game from a fixed seed in which the learner holds one seat and the other
seats are scripted. Its `script` is the game's moves in order: each entry is either a `Step`
(the learner's move: the words that say what to look at and what to do, the moves it accepts,
the line that answers any other move, and the parts of the table it lights) or a `Scripted`
move of another seat (the first of its moves the rules allow) or a `FastForward`: the runner plays
ahead for every seat, the learner's too, with the basic bot seeded from the lesson's seed (the
same position every time) until the entry's condition holds, while its line says what happens
meanwhile — so a long game keeps its first moves and its last ones and skips the middle. When
the script is done the game is over, and the lesson's `result` explains the scoring on the
learner's own result.

Each game's lesson is a module of this package named for the game, with `LESSON`. The words are
lines of the catalogs (`shared.talk.say`), so every client says them in its own language.

`Progress` follows a lesson through its game (the server's runner and the lesson test share it):
which entry is next, whether a move of the learner is the one the step teaches, the scripted
seat's move, the fast-forward's move, and the `lesson` part of the learner's messages.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from shared import bots
from shared.engine import Game, Move, State
from shared.talk import Line, say, seat


@dataclass(frozen=True)
class Step:
    """One move of the learner: `words` say what to look at and what to do; `accept` lists the
    moves this step teaches (one or several); `why_not` answers any other move; `light` names
    parts of the table to light besides the accepted moves' own places (a piece id of the
    game's voice, e.g. "pawn", "previous", or a region the clients know: "scores")."""

    words: list[Line]
    accept: list[Move]
    why_not: Line
    light: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Scripted:
    """A move of a scripted seat: the first of `moves` the rules allow now; `words`, if any,
    say what it does while the learner watches."""

    seat: int
    moves: list[Move]
    words: list[Line] = field(default_factory=list)


@dataclass(frozen=True)
class FastForward:
    """The runner plays ahead, every seat with the basic bot (seeded from the lesson's seed and
    the move's number), until `until(state)` holds on the game's state (`name` says which
    condition, e.g. "the last round"); `words` say in a line what happened meanwhile. The game
    must not end before."""

    name: str
    until: Callable[[State], bool]
    words: list[Line]


Entry = Step | Scripted | FastForward
# The scoring explained on the learner's result: (outcome, the learner's final view, seat).
ResultWords = Callable[[dict[str, Any], dict[str, Any], int], list[Line]]


@dataclass(frozen=True)
class Lesson:
    """A guided game: the table's facts (seed, players, options), the learner's seat, the
    scripted seats' names (plain names; the learner's own is None), the script, and the words
    that explain the scoring at the end."""

    game: str
    seed: int
    players: int
    options: dict[str, Any]
    learner: int
    names: list[str | None]
    script: list[Entry]
    result: ResultWords

    @property
    def steps(self) -> int:
        """How many moves the learner makes."""
        return sum(1 for entry in self.script if isinstance(entry, Step))

    @property
    def finished_line(self) -> Line:
        """The last line of the lesson, with the offer of a real game."""
        fast = any(isinstance(entry, FastForward) for entry in self.script)
        return FINISHED_FAST_LINE if fast else FINISHED_LINE


def lesson(game_id: str) -> Lesson | None:
    """The lesson of `game_id`, or None for a game that has none."""
    name = game_id.replace("-", "_")
    module = f"{__name__}.{name}"
    if not name.isidentifier() or importlib.util.find_spec(module) is None:
        return None
    found = importlib.import_module(module).LESSON
    return found if found.game == game_id else None


def available(game_ids: list[str]) -> list[str]:
    """Those of `game_ids` that have a lesson, in the same order."""
    return [game_id for game_id in game_ids if lesson(game_id) is not None]


def watching_line(entry: Scripted) -> list[Line]:
    """What the learner reads while a scripted seat moves."""
    if entry.words:
        return entry.words
    return [say("lesson", "Watch {name}'s move.", name=seat(entry.seat))]


FINISHED_LINE = say(
    "lesson",
    "That was a whole game, and you made every move. Ready for a real one?",
)
# The end of a lesson whose table played the middle of the game.
FINISHED_FAST_LINE = say(
    "lesson",
    "That was a whole game: you made the moves that teach the rules, the table played the"
    " middle. Ready for a real one?",
)


WAIT_LINE = say("lesson", "Wait: it is not your move yet. Watch the other seats.")


class Progress:
    """Where a lesson's game stands: `at` is the index of the next script entry (a step and a
    scripted move are one move each; a fast-forward lasts until its condition holds), `moves`
    how many moves the game has had."""

    def __init__(self, lesson: Lesson, at: int = 0) -> None:
        self.lesson = lesson
        self.at = at
        self.moves = 0

    @classmethod
    def replayed(cls, lesson: Lesson, game: Game, moves: list[tuple[int, Move]]) -> Progress:
        """The progress after the game's `moves` (seat, move) from its start (a restored
        table: a fast-forward's length is known only by playing it again)."""
        progress = cls(lesson)
        state = game.new_game(lesson.seed, lesson.players, lesson.options)
        progress.skip_done(state)
        for seat_index, move in moves:
            state, _ = game.apply(state, seat_index, move)
            progress.played(state)
        return progress

    @property
    def entry(self) -> Entry | None:
        """The next entry of the script, or None once it is done."""
        script = self.lesson.script
        return script[self.at] if self.at < len(script) else None

    @property
    def step_number(self) -> int:
        """The learner's step being taught now (1-based; past the last one: the count)."""
        return sum(1 for e in self.lesson.script[: self.at + 1] if isinstance(e, Step))

    def refusal(self, seat_index: int, move: Move) -> Line | None:
        """Why the learner's `move` is not this step's (None: it is one the step accepts)."""
        entry = self.entry
        if entry is None:
            return say("lesson", "The lesson is over: the game has ended.")
        if not isinstance(entry, Step) or seat_index != self.lesson.learner:
            return WAIT_LINE
        return None if move in entry.accept else entry.why_not

    def scripted(self, seat_index: int, legal: list[Move]) -> Move | None:
        """The scripted move of `seat_index` now (one of `legal`), or None when the script does
        not have that seat move now."""
        entry = self.entry
        if not isinstance(entry, Scripted) or entry.seat != seat_index:
            return None
        return next((move for move in entry.moves if move in legal), None)

    def fast_move(self, game: Game, state: State) -> tuple[int, Move, bool] | None:
        """During a fast-forward, the next move: (seat, move, whether it is the table's quiet-
        time move). Each seat to act asks the basic bot, seeded from the lesson's seed and the
        move's number (the same move after a restart); when every bot holds back (a real-time
        auction), the quiet time's move, as the server's clock would play it."""
        if not isinstance(self.entry, FastForward) or game.is_over(state):
            return None
        seed = random.Random(f"{self.lesson.seed}:{self.moves}").randrange(2**32)
        for seat_index in game.to_act(state):
            legal = game.legal_moves(state, seat_index)
            if not legal:
                continue
            bot = bots.make_bot(game, seat_index, "basic", seed=seed)
            choice = bot.choose(game.view(state, seat_index), legal)
            if choice is not None:
                return seat_index, choice, False
        timer = game.timer(state)
        if timer is not None:
            return timer["seat"], timer["move"], True
        return None

    def played(self, state: State) -> None:
        """A move was played (`state` is the game after it): a step or a scripted move is done;
        a fast-forward lasts until its condition holds."""
        self.moves += 1
        if not isinstance(self.entry, FastForward):
            self.at += 1
        self.skip_done(state)

    def skip_done(self, state: State) -> None:
        """Past every fast-forward whose condition already holds."""
        while isinstance(self.entry, FastForward) and self.entry.until(state):
            self.at += 1

    def message(
        self,
        legal: list[Move],
        outcome: dict[str, Any] | None,
        view: dict[str, Any],
        refused: Line | None = None,
    ) -> dict[str, Any]:
        """The `lesson` part of the learner's `sync`/`update` (docs/protocol.md): the step's
        number, its words, the indexes in `legal` of the moves it accepts (`lit`), the parts it
        lights, `refused` (why the last move was not this step's), and at the end `done` with
        the scoring explained on the learner's result; `fast` while a fast-forward plays."""
        lesson = self.lesson
        entry = self.entry
        said: dict[str, Any] = {
            "game": lesson.game,
            "step": self.step_number,
            "steps": lesson.steps,
            "words": [],
            "lit": [],
            "light": [],
            "watch": False,
            "done": False,
            "fast": False,
            "refused": refused,
        }
        if entry is None:
            if outcome is not None:
                said["words"] = [
                    *lesson.result(outcome, view, lesson.learner),
                    lesson.finished_line,
                ]
            said["done"] = outcome is not None
        elif isinstance(entry, Scripted):
            said["words"] = watching_line(entry)
            said["watch"] = True
        elif isinstance(entry, FastForward):
            said["words"] = entry.words
            said["watch"] = True
            said["fast"] = True
        else:
            said["words"] = entry.words
            said["lit"] = [i for i, move in enumerate(legal) if move in entry.accept]
            said["light"] = entry.light
        return said


def english(line: Any) -> str:
    """A line in the English of its message id (the text of an `error`'s `reason`); the
    clients say the line itself in their own language."""
    if isinstance(line, list):
        return ", ".join(english(item) for item in line)
    if not isinstance(line, dict):
        return str(line)
    if "seat" in line and "m" not in line:
        return f"seat {line['seat'] + 1}"
    args = {key: english(value) for key, value in (line.get("a") or {}).items()}
    text = line["p"] if "p" in line and args.get("n") != "1" else line["m"]
    return text.format(**args)
