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

from shared.engine import (
    Event,
    Game,
    IllegalMove,
    ListedMove,
    Move,
    Option,
    OptionError,
    State,
    View,
)

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


def row_winner(stones: list[int], settings: int) -> int | None:
    """`plaque_winner` for one plaque's stones as a list by seat (the state's form)."""
    best = max(stones)
    if best == 0 or best <= settings - sum(stones) or stones.count(best) > 1:
        return None
    return stones.index(best)


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
        grid = SHAPES[state["rows"], state["cols"]]
        pawn = state["pawn"]
        if pawn is None:
            return grid.placings[:]
        free = grid.line_bits[pawn] & ~full_entry(state)[4] & grid.but.get(state["previous"], -1)
        return grid.moves_to(pawn, free)[:]

    # The public verbs for the common case, in one call each: the seat to act in a running game,
    # and (`apply`) a move from the table of listed moves that the rules allow. Anything else
    # goes through the base class (its checks of seat, move shape, game over and turn) and the
    # hooks, exactly as before, so bad input is refused the same way.
    def to_act(self, state: State) -> list[int]:
        return [state["turn"]] if state["end"] is None else []

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        pawn = state["pawn"]
        if (
            type(seat) is not int
            or seat != state["turn"]
            or state["end"] is not None
            or not 0 <= seat < state["players"]
        ):
            return super().legal_moves(state, seat)
        if pawn is None:
            return SHAPES[state["rows"], state["cols"]].placings[:]
        # `_legal_moves`, from the full plaques' bitmask.
        found = full_entry(state)
        grid = SHAPES[state["rows"], state["cols"]]
        free = grid.line_bits[pawn] & ~found[4] & grid.but.get(state["previous"], -1)
        moves = grid.reached_moves[pawn].get(free) or grid.moves_to(pawn, free)
        return moves[:]

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        grid, cell = MOVE_CELLS.get(id(move), NOT_LISTED)  # a listed rook move: its grid, cell
        pawn = state["pawn"]
        if (
            grid is None
            or type(seat) is not int
            or seat != state["turn"]
            or not 0 <= seat < state["players"]
            or state["end"] is not None
            or pawn is None
            or grid.cols != state["cols"]
            or grid.rows != state["rows"]
            or not grid.line_bits[pawn] >> cell & 1
            or cell == state["previous"]
        ):
            return super().apply(state, seat, move)
        stones, settings = state["stones"], state["settings"]
        entry = full_entry(state)
        full = entry[4]
        if full >> cell & 1:
            return super().apply(state, seat, move)  # a full plaque: refused there
        # `_apply` of a legal rook move, on a copy that shares the unchanged stones rows.
        stones = stones[:]
        row = stones[cell] = stones[cell][:]
        row[seat] += 1
        supply = state["supply"][:]
        supply[seat] -= 1
        work = state.copy()
        work["stones"], work["supply"], work["previous"], work["pawn"] = stones, supply, pawn, cell
        filled, size = sum(row), settings[cell]
        rc = grid.at[cell]
        events: list[Event] = [
            {"type": "pawn_moved", "seat": seat, "from": [*grid.at[pawn]], "to": [*rc]},
            {
                "type": "stone_placed",
                "seat": seat,
                "plaque": [*rc],
                "filled": filled,
                "settings": size,
            },
        ]
        turn = seat
        if filled < size:
            work["extra"] = False
            turn = work["turn"] = (seat + 1) % state["players"]
        else:
            full |= 1 << cell
            extra = not state["extra"]
            events.append(
                {"type": "plaque_filled", "seat": seat, "plaque": [*rc], "extra_move": extra}
            )
            work["extra"] = extra
            if extra:
                events.append({"type": "extra_move", "seat": seat})
            else:
                turn = work["turn"] = (seat + 1) % state["players"]
        if len(_FULL) >= _FULL_KEPT:
            _FULL.clear()
        _FULL[id(stones)] = (stones, stones[:], settings, entry[3], full)
        # `_check_end`: the seat to move has a stone left and the pawn somewhere to go.
        if supply[turn] == 0 or not grid.line_bits[cell] & ~full & grid.but[pawn]:
            self._check_end(work, events)
        return work, events

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        kind = move["type"]
        if kind not in ("place_pawn", "move"):
            raise IllegalMove(f"unknown move {kind!r}: play 'place_pawn' or 'move'", "malformed")
        rows, cols = state["rows"], state["cols"]
        rc = move.get("plaque")
        # The common case inline: two plain ints on the grid (bools are ints, and refused).
        if isinstance(rc, list) and len(rc) == 2 and type(rc[0]) is int and type(rc[1]) is int:
            row, col = rc
            cell = (
                row * cols + col if 0 <= row < rows and 0 <= col < cols else self._cell(state, move)
            )
        else:
            cell = self._cell(state, move)
        at = SHAPES[rows, cols].at
        if kind == "place_pawn":
            if state["pawn"] is not None:
                raise IllegalMove("the pawn is already on the board; move it like a rook")
            state["pawn"] = cell
            events: list[Event] = [{"type": "pawn_placed", "seat": seat, "plaque": [*at[cell]]}]
            self._pass_turn(state, events)
            return events
        if state["pawn"] is None:
            raise IllegalMove("the pawn must first be placed on a plaque ('place_pawn')")
        self._check_target(state, cell)
        frm = state["pawn"]
        state["previous"], state["pawn"] = frm, cell
        stones = state["stones"][cell] = state["stones"][cell][:]
        stones[seat] += 1
        supply = state["supply"] = state["supply"][:]
        supply[seat] -= 1
        filled, settings = sum(stones), state["settings"][cell]
        events = [
            {"type": "pawn_moved", "seat": seat, "from": [*at[frm]], "to": [*at[cell]]},
            {
                "type": "stone_placed",
                "seat": seat,
                "plaque": [*at[cell]],
                "filled": filled,
                "settings": settings,
            },
        ]
        if filled == settings:
            extra = not state["extra"]
            events.append(
                {"type": "plaque_filled", "seat": seat, "plaque": [*at[cell]], "extra_move": extra}
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
        rows, cols = state["rows"], state["cols"]
        if (
            not isinstance(rc, list)
            or len(rc) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in rc)
        ):
            raise IllegalMove("name the plaque as [row, column]", "malformed")
        row, col = rc
        if not (0 <= row < rows and 0 <= col < cols):
            raise IllegalMove(
                f"there is no plaque at row {row}, column {col} on this {rows}×{cols} grid",
                "malformed",
            )
        return row * cols + col

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
        elif not can_move(state):
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
        """The scores as the sum of their parts: `breakdown[seat]` lists, for every plaque size
        on the grid (largest first), how many such plaques the seat won and their points (in
        solitaire: how many it filled, and the settings it filled on them)."""
        n = state["players"]
        settings, stones = state["settings"], state["stones"]
        sizes = sorted(set(settings), reverse=True)
        count = [dict.fromkeys(sizes, 0) for _ in range(n)]
        won = [dict.fromkeys(sizes, 0) for _ in range(n)]
        empty = neutral = 0
        if n == 1:
            for size, st in zip(settings, stones, strict=True):
                won[0][size] += sum(st)
                count[0][size] += int(sum(st) == size)
            empty = sum(settings) - sum(won[0].values())
        else:
            for owner, size, st in zip(owners(state), settings, stones, strict=True):
                empty += size - sum(st)
                if owner is None:
                    neutral += size
                else:
                    won[owner][size] += size
                    count[owner][size] += 1
        breakdown = [
            [{"id": f"plaque-{k}", "count": count[s][k], "points": won[s][k]} for k in sizes]
            for s in range(n)
        ]
        scores = [sum(part["points"] for part in parts) for parts in breakdown]
        if n == 1:
            return {
                "scores": scores,
                "winners": [0] if empty == 0 else [],
                "empty_settings": empty,
                "solitaire": True,
                "breakdown": breakdown,
            }
        best = max(scores)
        return {
            "scores": scores,
            "winners": [i for i, s in enumerate(scores) if s == best],
            "neutral_points": neutral,
            "empty_settings": empty,
            "breakdown": breakdown,
        }

    def may_take_back(self, before: State, seat: int, move: Move, events: list[Event]) -> bool:
        """Nothing is hidden and nothing is drawn once the grid is dealt, so every move may be
        taken back (the server allows it while the mover is still to move: an extra move, or
        solitaire)."""
        return True

    def copy_state(self, state: State) -> State:
        # Only `stones` rows and `supply` change, and `_apply` copies those before writing, so a
        # shallow copy of the outer dict and of the `stones` list is a private copy.
        return {**state, "stones": state["stones"][:]}


class Grid:
    """The fixed facts of one grid shape, by cell (row-major): its [row, column], the other
    cells of its row and column in ascending order (where a rook move from it may go), and the
    moves to it as `legal_moves` lists them.

    Sets of cells are ints used as bitmasks (bit c: cell c): `line_bits[c]` is the rook's line
    from c, `but[c]` every cell but c (`but[None]`: every cell)."""

    __slots__ = (
        "at",
        "but",
        "cols",
        "line_bits",
        "lines",
        "moves",
        "placings",
        "reached_moves",
        "rows",
    )

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        cells = range(rows * cols)
        self.at: list[tuple[int, int]] = [divmod(c, cols) for c in cells]
        self.lines: list[tuple[int, ...]] = [
            tuple(d for d in cells if d != c and (d // cols == c // cols or d % cols == c % cols))
            for c in cells
        ]
        self.line_bits: list[int] = [sum(1 << d for d in line) for line in self.lines]
        self.but: dict[int | None, int] = {None: -1} | {c: ~(1 << c) for c in cells}
        self.moves = [ListedMove(type="move", plaque=[*self.at[c]]) for c in cells]
        self.placings = [ListedMove(type="place_pawn", plaque=[*self.at[c]]) for c in cells]
        self.reached_moves: list[dict[int, list[Move]]] = [{} for _ in cells]

    def cells(self, pawn: int, full: int, previous: int | None) -> list[int]:
        """The cells the pawn may reach, ascending: its line without the `full` cells and
        `previous`."""
        free = self.line_bits[pawn] & ~full & self.but.get(previous, -1)
        return [c for c in self.lines[pawn] if free >> c & 1]

    def moves_to(self, pawn: int, free: int) -> list[Move]:
        """The listed moves to the cells of `free` (part of the pawn's line), ascending; built
        once per pattern and kept in `reached_moves[pawn]` (a list to copy, not to hand out)."""
        table = self.reached_moves[pawn]
        moves = table.get(free)
        if moves is None:
            moves = table[free] = [self.moves[c] for c in self.lines[pawn] if free >> c & 1]
        return moves


class _Shapes(dict):
    """Grids by (rows, columns), each built on first use; `MOVE_CELLS` finds a listed rook move's
    grid and cell by the move itself (the listed moves live as long as their grid, so their ids
    are theirs)."""

    def __missing__(self, shape: tuple[int, int]) -> Grid:
        grid = self[shape] = Grid(*shape)
        for c, move in enumerate(grid.moves):
            MOVE_CELLS[id(move)] = (grid, c)
        return grid


MOVE_CELLS: dict[int, tuple[Grid, int]] = {}
NOT_LISTED = (None, 0)
SHAPES: dict[tuple[int, int], Grid] = _Shapes()

# The full plaques of a stones list (as a bitmask), remembered by the list: {id(stones):
# (stones, a copy of it, settings, a copy of them, mask)}. An entry holds only while the list and
# the settings still equal the copies (their rows compared by identity first: the engine never
# changes a stones row it has handed out, it replaces it), so a position a test builds by
# editing a state's lists is judged afresh. Each entry keeps its lists alive, so their ids cannot
# pass to other lists while it stands. A few entries do: a state is mostly asked about right
# after it was made.
_FULL: dict[int, tuple[list, list, list, list, int]] = {}
_FULL_KEPT = 64


def full_entry(state: State) -> tuple[list, list, list, list, int]:
    """The entry of `_FULL` for the state's stones and settings (made if there is none):
    its last item is the cells whose plaque has no free setting, as a bitmask."""
    stones, settings = state["stones"], state["settings"]
    found = _FULL.get(id(stones))
    if (
        found is not None
        and found[0] is stones
        and found[2] is settings
        and found[1] == stones
        and found[3] == settings
    ):
        return found
    full = 0
    for c, (row, size) in enumerate(zip(stones, settings, strict=True)):
        if sum(row) >= size:
            full |= 1 << c
    if len(_FULL) >= _FULL_KEPT:
        _FULL.clear()
    found = _FULL[id(stones)] = (stones, stones[:], settings, settings[:], full)
    return found


def reachable(state: State) -> list[int]:
    """Cells the pawn may move to, ascending: along its row or column, with a free setting, not
    back (all cells while the pawn is still to be placed)."""
    pawn = state["pawn"]
    if pawn is None:
        return list(range(len(state["settings"])))
    grid = SHAPES[state["rows"], state["cols"]]
    return grid.cells(pawn, full_entry(state)[4], state["previous"])


def can_move(state: State) -> bool:
    """Whether the pawn has somewhere to go (`reachable` is not empty), found without listing."""
    pawn = state["pawn"]
    if pawn is None:
        return True
    grid = SHAPES[state["rows"], state["cols"]]
    full = full_entry(state)[4]
    return bool(grid.line_bits[pawn] & ~full & grid.but.get(state["previous"], -1))


def owners(state: State) -> list[int | None]:
    """For every plaque, the seat that would win it now (None: nobody)."""
    return list(map(row_winner, state["stones"], state["settings"]))


GAME = MagieDesBijoux()
