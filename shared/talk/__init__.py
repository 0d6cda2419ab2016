"""The table's talk: what a moment of a game means, said once for every client.

From what one seat (or a spectator) may see — its view, its legal moves, the events it was shown
and the seats to act — a game's voice says:

- `headline` and `explain`: the moment in a line and one line of explanation (the phase, whose
  turn, what is being decided);
- `moves`: one entry per legal move, in the order of `legal_moves`: its `label`, one line of what
  it `does` or costs, and a `warn` where it may hurt the mover (a client never hides a legal move:
  it shows the warning and may ask for a second tap);
- `facts`: what a player weighs, as label and value lines;
- `topic`: the id of the rules section that matters now (the rules sheet opens there);
- `goal` and `end`: the game's goal and how it ends, each in one line;
- `log`: the game log's sentence for each of the moment's events (None for an event that says
  nothing), from a voice with `event_line(event, view)`; None for a voice without it;
- `results`: once the game is over (the moment has its `outcome`), what the results add to the
  scores (how the game ended, which tie-break decided it…), from a voice with
  `result_lines(outcome, view)`; None before the end and for a voice without it;
- `scores`: once the game is over, where each seat's points came from — a table of the game's
  scoring parts, a column per seat (its own first, then the winners'), from the outcome's
  `breakdown` and a voice with `score_rows(outcome, view)` (see `shared.talk.scores`); None
  before the end, for a voice without it and for an outcome without a breakdown.

A voice also names the game's pieces and symbols once (`pieces`, sent with the rules): by an id
the clients draw them under ("gem:rubin", "plaque:3", "pawn"), each its `name` and a line `about`
it (what it is, what it is worth, what it does), so that a piece carries its name the first time
it is shown and explains itself on a tap. A piece of a kind ("card:rubin-3") may leave `about`
None: the kind's entry ("card", the id up to its colon) says it for all of them.

The talk is language-neutral: every piece is a `Line`, a catalog message id (with its context and,
for counted phrases, its plural) and parameters; each client says it in its own language from
the same `client/locale` catalogs (`client.words.i18n.say` in Python, `say` in client/web/i18n.js).
A parameter is a whole number (written with the language's separators), a `Line` (said first),
a list of those (said and joined by commas), `{"seat": i}` (that seat's player's name) or a plain
string (a name; never words to translate).

The talk of a seat is made only from what that seat may see: a voice gets a `Moment` and nothing
else, so the leak rules of `Game.view` hold for it too (the random-game kit checks it by
perturbing what the seat cannot see). `say`, `say_n` are markers that `make i18n` extracts.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

Line = dict[str, Any]
Talk = dict[str, Any]


def say(context: str, message: str, **args: Any) -> Line:
    """A line of the catalogs: `message` (English, with `{fields}`) under `context`."""
    line: Line = {"m": message, "c": context}
    if args:
        line["a"] = args
    return line


def say_n(context: str, singular: str, plural: str, n: int, **args: Any) -> Line:
    """A counted line: the catalog's form for `n` (filled in as `{n}`) by the language's rule."""
    return {"m": singular, "p": plural, "c": context, "a": {"n": n, **args}}


def seat(index: int) -> dict[str, int]:
    """A parameter that clients say as the name of the player at `index`."""
    return {"seat": index}


@dataclass(frozen=True)
class Moment:
    """What one seat (None: a spectator) may know at one moment of a game."""

    view: dict[str, Any]
    seat: int | None
    legal: list[dict[str, Any]]
    to_act: list[int]
    events: list[dict[str, Any]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act


@dataclass(frozen=True)
class Section:
    """One topic of a game's rules: an id (`topic` of the talk points at it), a title and
    paragraphs."""

    id: str
    title: Line
    text: list[Line]

    def plain(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "text": self.text}


class Voice(Protocol):
    """A game's voice: its goal, how it ends, its rules, and the talk of a moment (and, where it
    has them, its `pieces` by name: see the module doc)."""

    goal: Line
    end: Line
    rules: list[Section]

    def talk(self, moment: Moment) -> Talk: ...


_VOICES: dict[str, Voice | None] = {}


def voice(game_id: str) -> Voice | None:
    """The voice of `game_id` (the module of this package named for the game, with `VOICE`),
    or None for a game that has none. Found once per game id (the server asks on every update)."""
    if game_id in _VOICES:
        return _VOICES[game_id]
    module = f"{__name__}.{game_id.replace('-', '_')}"
    if not game_id.replace("-", "_").isidentifier() or importlib.util.find_spec(module) is None:
        found = None
    else:
        found = importlib.import_module(module).VOICE
    if len(_VOICES) < 64:  # game ids come from the engine's list; bound it all the same
        _VOICES[game_id] = found
    return found


def talk(game_id: str, moment: Moment) -> Talk | None:
    """The talk of `moment` in `game_id`, complete (every key present), or None without a voice."""
    found = voice(game_id)
    if found is None:
        return None
    said = found.talk(moment)
    moves = said.get("moves") or []
    if len(moves) != len(moment.legal):
        raise ValueError(
            f"{game_id}: the talk names {len(moves)} moves for {len(moment.legal)} legal ones"
        )
    # The game log's sentence of each event of the moment (None: the event says nothing), from
    # a voice that tells its events; None where the clients still tell them themselves.
    tell = getattr(found, "event_line", None)
    log = None if tell is None else [tell(event, moment.view) for event in moment.events]
    sum_up = getattr(found, "result_lines", None)
    results = (
        None if sum_up is None or moment.outcome is None else sum_up(moment.outcome, moment.view)
    )
    from shared.talk.scores import table  # the module builds on this one

    scores = (
        None if moment.outcome is None else table(found, moment.outcome, moment.view, moment.seat)
    )
    return {
        "headline": said["headline"],
        "explain": said.get("explain"),
        "moves": moves,
        "facts": said.get("facts") or [],
        "topic": said.get("topic"),
        "goal": found.goal,
        "end": found.end,
        "log": log,
        "results": results,
        "scores": scores,
    }


def changed(before: Talk | None, now: Talk | None) -> Talk | None:
    """`now` as an update tells it to a client that has `before`: only the keys whose value
    changed, and always `log` (each update's own events); whole when there is no `before`.
    The client merges it into the talk it has (docs/protocol.md, `update`)."""
    if before is None or now is None:
        return now
    return {key: value for key, value in now.items() if key == "log" or before.get(key) != value}


def rules(game_id: str) -> dict[str, Any] | None:
    """A game's rules as the `rules` message carries them, or None without a voice."""
    found = voice(game_id)
    if found is None:
        return None
    return {
        "game": game_id,
        "goal": found.goal,
        "end": found.end,
        "sections": [section.plain() for section in found.rules],
        "pieces": getattr(found, "pieces", {}),
    }


def move(label: Line, does: Line | None = None, warn: Line | None = None) -> dict[str, Any]:
    """One legal move's entry of the talk."""
    return {"label": label, "does": does, "warn": warn}


def fact(label: Line, value: Line) -> dict[str, Any]:
    """One fact a player weighs: what it is, and its value."""
    return {"label": label, "value": value}


def piece(name: Line, about: Line | None = None) -> dict[str, Any]:
    """One piece or symbol of a game: its name, and a line about it (None: its kind's entry
    says it)."""
    return {"name": name, "about": about}


def lines_of(line: Any) -> Iterable[Line]:
    """Every `Line` in `line`, nested ones included (for checks of the catalogs)."""
    if isinstance(line, dict):
        if "m" in line:
            yield line
            for value in (line.get("a") or {}).values():
                yield from lines_of(value)
    elif isinstance(line, list):
        for item in line:
            yield from lines_of(item)


def lines_of_talk(said: Talk) -> Iterable[Line]:
    """Every `Line` a talk holds."""
    yield from lines_of(said["headline"])
    if said.get("explain"):
        yield from lines_of(said["explain"])
    for entry in said["moves"]:
        for key in ("label", "does", "warn"):
            if entry.get(key):
                yield from lines_of(entry[key])
    for entry in said["facts"]:
        yield from lines_of(entry["label"])
        yield from lines_of(entry["value"])
    yield from lines_of(said["goal"])
    yield from lines_of(said["end"])
    for line in said.get("log") or []:
        if line is not None:
            yield from lines_of(line)
    for line in said.get("results") or []:
        yield from lines_of(line)
    for row in (said.get("scores") or {}).get("rows", []):
        yield from lines_of(row["label"])
        yield from lines_of(row["cells"])
