"""The one engine interface all four games share.

A game is an object with a handful of facts (id, title, player range, options) and the verbs
`new_game`, `to_act`, `legal_moves`, `apply`, `view`, `is_over` and `outcome`. States, moves,
views and events are plain data (dicts with str keys, lists, str, int, bool, None) so that msgpack
round-trips them unchanged and the server can journal and send them as they are.

Games subclass `Game` and implement the rules in a few protected hooks; input checking common to
every game (seat range, move shape, game over, out of turn) happens here, once. A game may name
move types a seat may make out of turn (`out_of_turn`); those pass the turn check and the game's
`_apply` judges them. `apply` works on a copy: a rule hook may mutate the state it is given and
raise `IllegalMove` half-way, and the caller's state is never touched.

Games register themselves: every module in `shared.games` that defines `GAME` (a `Game`
instance) is found by `list_games` / `get_game`.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import msgpack

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]

# Keys that every state carries; the base class relies on them.
#   "game": game id, "seed": the table's seed, "players": number of seats,
#   "options": the resolved options, "rng": an int from which later chance is drawn.
BASE_KEYS = ("game", "seed", "players", "options", "rng")


class IllegalMove(Exception):
    """A move the rules refuse. `reason` is a sentence a person can read."""

    def __init__(self, reason: str, code: str = "illegal") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class OptionError(ValueError):
    """Bad table options or player count when creating a game."""


@dataclass(frozen=True)
class Option:
    """A table option: its default, a one-line description, and what values it accepts.

    `choices` lists the accepted values; when it is empty, `kind` (bool, int, or None for "int or
    None") decides, with `minimum`/`maximum` for ints.
    """

    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    kind: type | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, name: str, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"option {name!r} must be one of {allowed}, not {value!r}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"option {name!r} must be true or false, not {value!r}")
            return value
        if self.kind is int or self.kind is None:
            if value is None and self.kind is None:
                return None
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"option {name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {name!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {name!r} must be at most {self.maximum}")
            return value
        raise OptionError(f"option {name!r} has an unsupported kind")

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"default": self.default, "description": self.description}
        if self.choices:
            out["choices"] = list(self.choices)
        elif self.kind is bool:
            out["type"] = "bool"
        else:
            out["type"] = "int"
            if self.minimum is not None:
                out["min"] = self.minimum
            if self.maximum is not None:
                out["max"] = self.maximum
        return out


FIRST_SEAT = Option(
    None,
    "seat that starts (the rules' youngest player etc.); empty: drawn from the table's seed",
    kind=None,
    minimum=0,
)


class Game(ABC):
    """Base class of every game. Subclasses set the facts and implement the `_hooks`."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[dict[str, Option]] = {}
    # Move types a seat may make while it is not to act (Das Kollier's sale to the bank). The
    # base class lets them through to `_apply`, which judges them like any other move, and
    # `_out_of_turn_moves` lists them for the seats outside `to_act`.
    out_of_turn: ClassVar[frozenset[str]] = frozenset()

    # ------------------------------------------------------------------ public verbs
    def new_game(self, seed: int, num_players: int, options: dict | None = None) -> State:
        """A fresh state for `num_players` seats; all chance comes from `seed`."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise OptionError(f"the number of players must be a whole number, not {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise OptionError(
                f"{self.title} takes {self.min_players}–{self.max_players} players,"
                f" not {num_players}"
            )
        resolved = self.resolve_options(options, num_players)
        rng = random.Random(seed)
        if resolved.get("first_seat") is None:
            resolved["first_seat"] = rng.randrange(num_players)
        state: State = {
            "game": self.id,
            "seed": seed,
            "players": num_players,
            "options": resolved,
            "rng": rng.getrandbits(63),
        }
        self._setup(state, rng)
        return state

    def resolve_options(self, options: dict | None, num_players: int) -> dict[str, Any]:
        """Options with defaults filled in; unknown names or bad values raise `OptionError`."""
        if options is not None and not isinstance(options, dict):
            raise OptionError("options must be a map of option names to values")
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.all_options()))
        if unknown:
            raise OptionError(f"{self.title} has no option {', '.join(map(repr, unknown))}")
        resolved = {}
        for name, opt in self.all_options().items():
            resolved[name] = opt.check(name, options.get(name, opt.default))
        seat = resolved.get("first_seat")
        if seat is not None and not 0 <= seat < num_players:
            raise OptionError(f"first_seat must be a seat from 0 to {num_players - 1}")
        self._check_options(resolved, num_players)
        return resolved

    def all_options(self) -> dict[str, Option]:
        return {"first_seat": FIRST_SEAT, **self.options}

    def describe(self) -> dict[str, Any]:
        """The game's facts as plain data (for the lobby)."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": {k: o.describe() for k, o in self.all_options().items()},
        }

    def to_act(self, state: State) -> list[int]:
        """The seats that may move now (several at once in simultaneous phases)."""
        if self.is_over(state):
            return []
        return self._to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of `seat` now; numeric moves list their sensible choices. A seat
        outside `to_act` gets the moves it may make out of turn (in most games none)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
            return []
        if self.is_over(state):
            return []
        if seat in self._to_act(state):
            return self._legal_moves(state, seat)
        return self._out_of_turn_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Play `move` for `seat`: the new state and the events. Raises `IllegalMove`."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalMove(f"a seat is a whole number, not {seat!r}", "bad_seat")
        if not 0 <= seat < state["players"]:
            raise IllegalMove(f"there is no seat {seat} at this table", "bad_seat")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("a move is a map with a 'type'", "malformed")
        if self.is_over(state):
            raise IllegalMove("the game is over", "game_over")
        if seat not in self._to_act(state) and move["type"] not in self.out_of_turn:
            raise IllegalMove(self._wait_reason(state, seat), "not_your_turn")
        work = self._working_copy(state)
        events = self._apply(work, seat, move)
        return work, events

    def view(self, state: State, seat: int | None) -> View:
        """All `seat` may know (None: a spectator); hidden facts are removed, not blanked."""
        return self._view(state, seat)

    def view_events(self, events: list[Event], seat: int | None) -> list[Event]:
        """The events as `seat` may see them (see `event_view`)."""
        return [event_view(e, seat) for e in events]

    def is_over(self, state: State) -> bool:
        return self._is_over(state)

    def outcome(self, state: State) -> dict[str, Any]:
        """{"scores": [...], "winners": [...], ...}; only meaningful once the game is over."""
        return self._outcome(state)

    def timer(self, state: State) -> dict[str, Any] | None:
        """A move the server must issue by itself after a quiet time, or None.

        Returns {"seconds": s, "seat": seat, "move": move}. The server (re)starts the timer after
        every accepted move and plays the move if nothing else happened meanwhile. The move
        carries `"timer": True` where the rules let the clock do more than the seat may (a
        server accepts such a move only from its own timer, never from a client).
        """
        return None

    def may_take_back(self, before: State, seat: int, move: Move, events: list[Event]) -> bool:
        """Whether the rules let `seat` take back `move`, played from `before` with `events`:
        it revealed nothing hidden (to anyone, the mover included), drew nothing by chance and
        settled nothing another seat relies on. The server adds the rest of the undo policy
        (a person's own move, still that seat's turn, nobody else acted since). Default: no."""
        return False

    def copy_state(self, state: State) -> State:
        """A deep copy of a plain-data state (games may copy only what `_apply` changes)."""
        return plain_copy(state)

    def _working_copy(self, state: State) -> State:
        """The copy `apply` gives `_apply`: `copy_state`, unless a game whose `_apply` replaces
        some containers instead of changing them shares those here too."""
        return self.copy_state(state)

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def _setup(self, state: State, rng: random.Random) -> None:
        """Fill in the game-specific parts of a fresh state (all chance from `rng`)."""

    def _check_options(self, options: dict[str, Any], num_players: int) -> None:
        """Cross-checks between options and the player count; raise `OptionError`."""
        return None

    @abstractmethod
    def _to_act(self, state: State) -> list[int]:
        """The seats that may act in a running game."""

    @abstractmethod
    def _legal_moves(self, state: State, seat: int) -> list[Move]:
        """The legal moves of a seat that is to act."""

    def _out_of_turn_moves(self, state: State, seat: int) -> list[Move]:
        """The legal moves of a seat that is not to act (only of the `out_of_turn` types)."""
        return []

    @abstractmethod
    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        """Mutate `state` (a private copy) by the move; return the events. Raise `IllegalMove`."""

    @abstractmethod
    def _view(self, state: State, seat: int | None) -> View:
        """What `seat` (None: a spectator) may know, hidden facts removed."""

    @abstractmethod
    def _is_over(self, state: State) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def _outcome(self, state: State) -> dict[str, Any]:
        """Scores and winners of a finished game."""

    def _wait_reason(self, state: State, seat: int) -> str:
        acting = self._to_act(state)
        if len(acting) == 1:
            return f"it is seat {acting[0]}'s turn, not seat {seat}'s"
        return f"seat {seat} may not act now"


# ---------------------------------------------------------------------- helpers for games


def draw_rng(state: State) -> random.Random:
    """A random generator for chance during play, advancing the state's stored rng value.

    Chance after setup (reshuffles, random placements) must come from here so that seed + moves
    reproduce the game exactly.
    """
    rng = random.Random(state["rng"])
    state["rng"] = rng.getrandbits(63)
    return rng


def event_view(event: Event, seat: int | None) -> Event:
    """One event as `seat` may see it.

    An event may hold facts for some seats only: `"hidden": {...}` with `"seen_by": [seats]`.
    Those seats get the hidden fields merged in; everyone else gets the event without them.
    """
    if "hidden" not in event and "seen_by" not in event:
        return event
    out = {k: v for k, v in event.items() if k not in ("hidden", "seen_by")}
    if seat is not None and seat in event.get("seen_by", ()):
        out.update(event.get("hidden", {}))
    return out


class ListedMove(dict):
    """A move built once into a game's table and handed out by every `legal_moves` answer that
    lists it (e.g. each bid amount): a plain dict to msgpack, JSON and `==`, but read-only (and
    so are the lists in it), so a caller that changes a listed move cannot change the lists of
    later calls. `dict(move)` gives a dict to change; deepcopy and pickle give plain data.
    """

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key, value in list(self.items()):
            if isinstance(value, list):
                dict.__setitem__(self, key, ListedValues(value))

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a listed move is shared and read-only: change a copy (dict(move))")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return dict, (dict(self),)


class SharedEvent(ListedMove):
    """An event built once into a game's table and returned by every `apply` that makes it
    (e.g. each seat's pass): a plain dict to msgpack, JSON and `==`, read-only like a listed
    move. `dict(event)` gives a dict to change."""

    __slots__ = ()


class SharedEvents(dict):
    """TABLE[key]: `build(key)` made once (a `SharedEvent`, or a further table) and kept."""

    def __init__(self, build: Callable[[Any], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.build(key)
        return value


class ListedValues(list):
    """A read-only list inside a `ListedMove` (e.g. a plaque's [row, column])."""

    __slots__ = ()
    _refuse = ListedMove._refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce_ex__(self, protocol: Any) -> tuple:
        return list, (list(self),)


def parse_int(move: Move, key: str, what: str | None = None) -> int:
    """A whole-number argument of a move, or `IllegalMove` naming it."""
    value = move.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalMove(f"{what or key} must be a whole number", "malformed")
    return value


def winners_by(scores: list, keys: list | None = None) -> list[int]:
    """Seats with the best score (compared with `keys` when given); ties share."""
    ranked = keys if keys is not None else scores
    best = max(ranked)
    return [i for i, k in enumerate(ranked) if k == best]


def _pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _unpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def plain_copy(obj: Any) -> Any:
    """A deep copy of plain data (a state, a view, a move); far faster than `copy.deepcopy`."""
    return _unpack(_pack(obj))


# ---------------------------------------------------------------------- registry

_REGISTRY: dict[str, Game] = {}


def _discover() -> dict[str, Game]:
    if not _REGISTRY:
        from shared import games

        for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"shared.games.{info.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                _REGISTRY[game.id] = game
    return _REGISTRY


def list_games() -> list[str]:
    """The ids of every registered game."""
    return list(_discover())


def get_game(game_id: str) -> Game:
    """The game object for `game_id`; `KeyError` with the known ids if there is none."""
    games = _discover()
    if game_id not in games:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(games)}")
    return games[game_id]


def replay(
    game_id: str,
    seed: int,
    num_players: int,
    options: dict | None,
    moves: list[tuple[int, Move]] | list[list],
) -> State:
    """Rebuild the state from the seed and the ordered list of (seat, move)."""
    game = get_game(game_id)
    state = game.new_game(seed, num_players, options)
    for seat, move in moves:
        state, _ = game.apply(state, seat, move)
    return state
