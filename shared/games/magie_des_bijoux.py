"""La Magie des Bijoux (Juwelenzauber), by Gerhard Kodys — 1 to 4 players.

A grid of jewel plaques, each with 1–6 settings. Players share one pawn: each turn the mover
slides it like a rook to a plaque with a free setting (never back to the square it stood on just
before) and must set one of his stones there. Filling a plaque's last setting earns one extra
move, never chained. A plaque is won by a strict majority over every other player and over its
empty settings; the game ends when the player to move cannot move.

State (plain data): `rows`, `cols`; `settings[cell]` (cells row-major); `stones[cell][seat]`;
`pawn` and `previous` (cell or None); `turn` (seat to move); `extra` (the move being made is an
extra move); `supply[seat]`; `end` (None, or why the game ended).
"""

from __future__ import annotations

import random
from typing import Any

from shared.engine import Event, Game, IllegalMove, Move, Option, OptionError, State, View

# RECONSTRUCTION (rules notes §1): six plaques of each size.
PLAQUE_KINDS: dict[int, str] = {
    1: "ring",
    2: "ear clip",
    3: "brooch",
    4: "bangle",
    5: "diadem",
    6: "crown",
}
PLAQUES: list[int] = [size for size in PLAQUE_KINDS for _ in range(6)]

STONE_COLOURS = ["red", "blue", "yellow", "green"]
STONES_PER_PLAYER = 40
SOLITAIRE_STONES = 160

GRID_BY_PLAYERS = {1: "4x4", 2: "4x4", 3: "5x5", 4: "6x6"}
GRIDS = ("auto", "4x4", "5x5", "6x6", "3x5", "4x6")


def plaque_winner(stones: dict[int, int], settings: int) -> int | None:
    """The seat that wins a plaque with `settings` settings, given stones per seat, or None.

    A seat wins with strictly more stones than every other seat and than the plaque's empty
    settings, which count as one more player.
    """
    empty = settings - sum(stones.values())
    if empty < 0:
        raise ValueError(f"{sum(stones.values())} stones do not fit on {settings} settings")
    best_seat, best = None, 0
    for seat, count in stones.items():
        if count > best:
            best_seat, best = seat, count
        elif count == best:
            best_seat = None
    if best_seat is None or best <= empty:
        return None
    if any(c == best for s, c in stones.items() if s != best_seat):
        return None
    return best_seat


def parse_grid(grid: str) -> tuple[int, int]:
    rows, cols = grid.split("x")
    return int(rows), int(cols)


class MagieDesBijoux(Game):
    id = "magie-des-bijoux"
    title = "La Magie des Bijoux"
    min_players = 1
    max_players = 4
    options = {
        "grid": Option(
            "auto",
            "plaque grid, rows x columns; solitaire only (auto: 4x4 alone or for 2 players,"
            " 5x5 for 3, 6x6 for 4)",
            choices=GRIDS,
        ),
    }

    # ------------------------------------------------------------------ setup
    def _setup(self, state: State, rng: random.Random) -> None:
        grid = state["options"]["grid"]
        rows, cols = parse_grid(GRID_BY_PLAYERS[state["players"]] if grid == "auto" else grid)
        plaques = PLAQUES[:]
        rng.shuffle(plaques)
        n = state["players"]
        state.update(
            rows=rows,
            cols=cols,
            settings=plaques[: rows * cols],
            stones=[[0] * n for _ in range(rows * cols)],
            pawn=None,
            previous=None,
            turn=state["options"]["first_seat"],
            extra=False,
            supply=[SOLITAIRE_STONES if n == 1 else STONES_PER_PLAYER] * n,
            end=None,
        )

    def _check_options(self, options: dict[str, Any], num_players: int) -> None:
        # With 2–4 players the grid follows the player count; the other grids are solitaire's.
        grid = options["grid"]
        if grid != "auto" and num_players > 1:
            raise OptionError(
                f"with {num_players} players the grid follows the player count"
                f" ({GRID_BY_PLAYERS[num_players]}); a {grid} grid is for solitaire only"
            )

    # ------------------------------------------------------------------ rules
    def _to_act(self, state: State) -> list[int]:
        return [state["turn"]]

    def _is_over(self, state: State) -> bool:
        return state["end"] is not None

    def _legal_moves(self, state: State, seat: int) -> list[Move]:
        cols = state["cols"]
        if state["pawn"] is None:
            cells = range(len(state["settings"]))
            return [{"type": "place_pawn", "plaque": [c // cols, c % cols]} for c in cells]
        return [{"type": "move", "plaque": [c // cols, c % cols]} for c in reachable(state)]

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        kind = move["type"]
        if kind not in ("place_pawn", "move"):
            raise IllegalMove(f"unknown move {kind!r}: play 'place_pawn' or 'move'", "malformed")
        cell = self._cell(state, move)
        rc = [cell // state["cols"], cell % state["cols"]]
        if kind == "place_pawn":
            if state["pawn"] is not None:
                raise IllegalMove("the pawn is already on the board; move it like a rook")
            state["pawn"] = cell
            events: list[Event] = [{"type": "pawn_placed", "seat": seat, "plaque": rc}]
            self._pass_turn(state, events)
            return events
        if state["pawn"] is None:
            raise IllegalMove("the pawn must first be placed on a plaque ('place_pawn')")
        self._check_target(state, cell)
        frm = state["pawn"]
        state["previous"], state["pawn"] = frm, cell
        stones = state["stones"][cell] = state["stones"][cell][:]
        stones[seat] += 1
        state["supply"] = state["supply"][:]
        state["supply"][seat] -= 1
        filled, settings = sum(stones), state["settings"][cell]
        events = [
            {
                "type": "pawn_moved",
                "seat": seat,
                "from": [frm // state["cols"], frm % state["cols"]],
                "to": rc,
            },
            {
                "type": "stone_placed",
                "seat": seat,
                "plaque": rc,
                "filled": filled,
                "settings": settings,
            },
        ]
        if filled == settings:
            extra = not state["extra"]
            events.append(
                {"type": "plaque_filled", "seat": seat, "plaque": rc, "extra_move": extra}
            )
            if extra:
                state["extra"] = True
                events.append({"type": "extra_move", "seat": seat})
                self._check_end(state, events)
                return events
        self._pass_turn(state, events)
        return events

    def _cell(self, state: State, move: Move) -> int:
        rc = move.get("plaque")
        if (
            not isinstance(rc, list)
            or len(rc) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in rc)
        ):
            raise IllegalMove("name the plaque as [row, column]", "malformed")
        row, col = rc
        if not (0 <= row < state["rows"] and 0 <= col < state["cols"]):
            raise IllegalMove(
                f"there is no plaque at row {row}, column {col} on this "
                f"{state['rows']}×{state['cols']} grid",
                "malformed",
            )
        return row * state["cols"] + col

    def _check_target(self, state: State, cell: int) -> None:
        pawn, cols = state["pawn"], state["cols"]
        if cell == pawn:
            raise IllegalMove("the pawn must move to another plaque")
        if cell // cols != pawn // cols and cell % cols != pawn % cols:
            raise IllegalMove("the pawn moves like a rook: along its row or its column only")
        if cell == state["previous"]:
            raise IllegalMove("the pawn may not return to the plaque it has just left")
        if sum(state["stones"][cell]) >= state["settings"][cell]:
            raise IllegalMove("that plaque is full: every setting already holds a stone")

    def _pass_turn(self, state: State, events: list[Event]) -> None:
        state["extra"] = False
        state["turn"] = (state["turn"] + 1) % state["players"]
        self._check_end(state, events)

    def _check_end(self, state: State, events: list[Event]) -> None:
        seat = state["turn"]
        if state["supply"][seat] == 0:
            state["end"] = "no_stones"
        elif not reachable(state):
            state["end"] = "blocked"
        else:
            return
        events.append(
            {"type": "game_over", "seat": seat, "reason": state["end"], **self._outcome(state)}
        )

    # ------------------------------------------------------------------ views and results
    def _view(self, state: State, seat: int | None) -> View:
        cols = state["cols"]

        def as_rc(c: int | None) -> list[int] | None:
            return None if c is None else [c // cols, c % cols]

        view = {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "options": state["options"],
            "rows": state["rows"],
            "cols": cols,
            "settings": state["settings"],
            "stones": state["stones"],
            "pawn": as_rc(state["pawn"]),
            "previous": as_rc(state["previous"]),
            "turn": state["turn"],
            "extra": state["extra"],
            "supply": state["supply"],
            "to_act": self.to_act(state),
            "reachable": [as_rc(c) for c in reachable(state)] if state["end"] is None else [],
            "owners": owners(state),
            "end": state["end"],
        }
        if state["end"] is not None:
            view["outcome"] = self._outcome(state)
        return view

    def _outcome(self, state: State) -> dict[str, Any]:
        n = state["players"]
        empty = sum(s - sum(st) for s, st in zip(state["settings"], state["stones"], strict=True))
        if n == 1:
            filled = sum(state["settings"]) - empty
            return {
                "scores": [filled],
                "winners": [0] if empty == 0 else [],
                "empty_settings": empty,
                "solitaire": True,
            }
        scores = [0] * n
        neutral = 0
        for owner, settings in zip(owners(state), state["settings"], strict=True):
            if owner is None:
                neutral += settings
            else:
                scores[owner] += settings
        best = max(scores)
        return {
            "scores": scores,
            "winners": [i for i, s in enumerate(scores) if s == best],
            "neutral_points": neutral,
            "empty_settings": empty,
        }

    def copy_state(self, state: State) -> State:
        # Only `stones` rows and `supply` change, and `_apply` copies those before writing, so a
        # shallow copy of the outer dict and of the `stones` list is a private copy.
        return {**state, "stones": state["stones"][:]}


def reachable(state: State) -> list[int]:
    """Cells the pawn may move to: along its row or column, with a free setting, not back."""
    pawn = state["pawn"]
    if pawn is None:
        return list(range(len(state["settings"])))
    cols, rows = state["cols"], state["rows"]
    row, col = divmod(pawn, cols)
    line = [row * cols + c for c in range(cols)] + [r * cols + col for r in range(rows)]
    settings, stones, previous = state["settings"], state["stones"], state["previous"]
    return sorted(c for c in line if c != pawn and c != previous and sum(stones[c]) < settings[c])


def owners(state: State) -> list[int | None]:
    """For every plaque, the seat that would win it now (None: nobody)."""
    return [
        plaque_winner({i: k for i, k in enumerate(st) if k}, s)
        for s, st in zip(state["settings"], state["stones"], strict=True)
    ]


GAME = MagieDesBijoux()
