"""A finished game as a small file (`.jtg`): what a group keeps and shares of a memorable game.

The file is JSON: the game, its players, options and seed, the moves as `[seat, move]` pairs in
order, the seat names and the outcome (docs/replays.md). The seed and the moves rebuild every
position, so the file holds no views; reading one replays it with the engine and checks that it
ends where it says — a file that does not is refused with the reason, never half-shown.

Only finished games are written: a running game's seed would tell every hidden card.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from shared import engine

FORMAT = "jeweltable-game"
VERSION = 1
SUFFIX = ".jtg"
# Far beyond any real game (Kette von Saba with 7 players plays a few hundred moves).
MAX_MOVES = 20_000


class GameFileError(ValueError):
    """The file is not a Jewel Table game, or its moves do not replay; says which."""


def make(
    game_id: str,
    players: int,
    options: dict[str, Any] | None,
    seed: int,
    moves: list[tuple[int, dict[str, Any]]] | list[list],
    names: list[str | None],
) -> dict[str, Any]:
    """The document of a finished game (replayed to check it and to take its outcome)."""
    game = engine.get_game(game_id)
    state = game.new_game(seed, players, options)
    for seat, move in moves:
        state, _ = game.apply(state, seat, move)
    if not game.is_over(state):
        raise GameFileError(
            "only a finished game can be kept as a file: a running game's seed would reveal "
            "its hidden cards"
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "title": game.title,
        "players": players,
        # As the table was made: the engine fills in choices left open (a random first seat)
        # from the seed, so the filled-in options would not deal the same game.
        "options": dict(options or {}),
        "seed": seed,
        "moves": [[seat, move] for seat, move in moves],
        "names": [n or "" for n in names],
        "outcome": game.outcome(state),
    }


def write(doc: dict[str, Any], path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def read(path: str | Path) -> dict[str, Any]:
    """A checked game document from `path`; `GameFileError` with the reason otherwise."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(f"there is no file {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"{path} cannot be read: {exc}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        raise GameFileError(f"{path} is not a Jewel Table game file (not JSON)") from None
    return check(doc, str(path))


def check(doc: Any, where: str = "the game") -> dict[str, Any]:
    """`doc` if it is a game document whose moves replay to its outcome."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise GameFileError(f"{where} is not a Jewel Table game file")
    if doc.get("version") != VERSION:
        raise GameFileError(
            f"{where} is a game file of version {doc.get('version')!r}; this program reads "
            f"version {VERSION}"
        )
    try:
        game = engine.get_game(doc.get("game"))
    except (KeyError, TypeError):
        unknown = doc.get("game")
        raise GameFileError(f"{where} is a game this program does not know: {unknown!r}") from None
    players, seed, moves = doc.get("players"), doc.get("seed"), doc.get("moves")
    names, options = doc.get("names"), doc.get("options")
    if not isinstance(players, int) or not isinstance(seed, int) or isinstance(seed, bool):
        raise GameFileError(f"{where}: 'players' and 'seed' must be whole numbers")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise GameFileError(f"{where}: 'moves' must be a list of [seat, move] pairs")
    if not isinstance(names, list) or len(names) != players:
        raise GameFileError(f"{where}: 'names' must name each of the {players} seats")
    if options is not None and not isinstance(options, dict):
        raise GameFileError(f"{where}: 'options' must be a map")
    try:
        state = game.new_game(seed, players, options)
    except engine.OptionError as exc:
        raise GameFileError(f"{where}: {exc}") from None
    for n, pair in enumerate(moves, start=1):
        if not isinstance(pair, list) or len(pair) != 2:
            raise GameFileError(f"{where}: move {n} is not a [seat, move] pair")
        try:
            state, _ = game.apply(state, pair[0], pair[1])
        except engine.IllegalMove as exc:
            raise GameFileError(f"{where}: move {n} does not replay ({exc})") from None
    if not game.is_over(state):
        raise GameFileError(f"{where}: the moves stop before the game is over")
    outcome, given = game.outcome(state), doc.get("outcome")
    # A file says at least the scores and the winners, and all it says must be what the moves
    # give; a file from before an outcome grew a key (a score's `breakdown`) still reads, and
    # takes the whole outcome of its replay.
    if (
        not isinstance(given, dict)
        or not {"scores", "winners"} <= set(given)
        or any(outcome.get(key) != value for key, value in given.items())
    ):
        raise GameFileError(f"{where}: the moves do not end with the outcome the file gives")
    return {**doc, "outcome": outcome}
