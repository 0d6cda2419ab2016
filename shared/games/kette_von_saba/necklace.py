"""The cards and the finished necklace: where each piece may go.

The three placement rules (every column one stone type; counts rising by one from top to bottom,
with the sequences allowed by column height; left and right halves mirrored) together with the
two copies of each piece allow exactly 960 complete necklaces (rules notes §3). They are generated
here at import. A layout is live while it agrees with every card on the board; a real card may be
laid only where some live layout has exactly that piece, and a joker only where every live layout
has the same piece.

Live sets of layouts are ints used as bitmasks over the 960 layouts (bit k: layout k).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from shared.games.kette_von_saba.board import CENTRE, MIRROR, SPACES

STONE_TYPES: tuple[str, ...] = ("rubin", "smaragd", "saphir", "perle", "amethyst")
STONE_COUNTS: tuple[int, ...] = (1, 2, 3, 4)
COPIES = 2
JOKER = "joker"
JOKERS = 4

# A piece is a card's face: stone type and number of stones, e.g. "rubin-3".
PIECES: list[str] = [f"{t}-{n}" for t in STONE_TYPES for n in STONE_COUNTS]
PIECE_CODE: dict[str, int] = {piece: code for code, piece in enumerate(PIECES)}
REAL_CARDS: list[str] = [piece for piece in PIECES for _ in range(COPIES)]

# Stone counts a column may hold from top to bottom, by distance from the centre column.
COLUMN_SEQUENCES: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((1, 2, 3, 4),),
    ((1, 2, 3, 4),),
    ((1, 2, 3), (2, 3, 4)),
    ((1, 2, 3), (2, 3, 4)),
    ((1, 2), (3, 4)),
    ((1, 2), (3, 4)),
)

Layout = tuple[int, ...]


def piece_of(stone_type: str, stones: int) -> str:
    """The piece id of `stones` stones of `stone_type`."""
    return f"{stone_type}-{stones}"


def generate_layouts() -> list[Layout]:
    """Every complete necklace the placement rules allow with two copies of each piece.

    A layout is a tuple of piece codes aligned with SPACES. The centre column uses one copy of
    each of its pieces; every other column has a mirror, so its pieces are used twice.
    """
    layouts: list[Layout] = []
    used = [0] * len(PIECES)
    columns: list[list[int]] = []  # piece codes top to bottom, by distance from the centre

    def fill(distance: int) -> None:
        if distance == len(COLUMN_SEQUENCES):
            layouts.append(tuple(columns[abs(c)][r] for c, r in SPACES))
            return
        copies = 1 if distance == 0 else 2
        for stone_type in STONE_TYPES:
            for sequence in COLUMN_SEQUENCES[distance]:
                codes = [PIECE_CODE[piece_of(stone_type, n)] for n in sequence]
                if any(used[k] + copies > COPIES for k in codes):
                    continue
                for k in codes:
                    used[k] += copies
                columns.append(codes)
                fill(distance + 1)
                columns.pop()
                for k in codes:
                    used[k] -= copies

    fill(0)
    return layouts


LAYOUTS: list[Layout] = generate_layouts()
ALL_LAYOUTS: int = (1 << len(LAYOUTS)) - 1


def _masks() -> list[list[int]]:
    masks = [[0] * len(PIECES) for _ in SPACES]
    for k, layout in enumerate(LAYOUTS):
        for i, code in enumerate(layout):
            masks[i][code] |= 1 << k
    return masks


# MASKS[space][piece]: the layouts that put `piece` on `space`; SPACE_MASKS is its transpose.
MASKS: list[list[int]] = _masks()
SPACE_MASKS: list[list[int]] = [list(column) for column in zip(*MASKS, strict=True)]
# PIECE_PLACES[piece]: (space, MASKS[space][piece]) for the spaces some layout gives the piece.
PIECE_PLACES: list[list[tuple[int, int]]] = [
    [(i, mask) for i, mask in enumerate(masks) if mask] for masks in SPACE_MASKS
]


def live_layouts(board: Sequence[dict | None]) -> int:
    """The layouts agreeing with every card on `board` (entries {"piece", "joker"} or None)."""
    live = ALL_LAYOUTS
    for i, entry in enumerate(board):
        if entry is not None:
            live &= MASKS[i][PIECE_CODE[entry["piece"]]]
    return live


# live_layouts by board list, with the spaces each card may take (`board_spaces`). The engine
# never changes a board list it has handed out (laying a card replaces the list), so a list met
# again has the same live layouts. Each entry keeps its list alive, so its id cannot pass to
# another list while the entry stands.
_LIVE_BY_BOARD: dict[
    int, tuple[Sequence[dict | None], int, dict[str, list[int]], dict[str, list[int]]]
] = {}
_LIVE_KEPT = 4096


def _board_entry(
    board: Sequence[dict | None],
) -> tuple[Sequence[dict | None], int, dict[str, list[int]], dict[str, list[int]]]:
    found = _LIVE_BY_BOARD.get(id(board))
    if found is not None and found[0] is board:
        return found
    live = live_layouts(board)
    if len(_LIVE_BY_BOARD) >= _LIVE_KEPT:
        _LIVE_BY_BOARD.clear()
    found = _LIVE_BY_BOARD[id(board)] = (board, live, {}, {})
    return found


def board_live(board: Sequence[dict | None]) -> int:
    """`live_layouts(board)` for a board list that is never changed in place (a state's)."""
    return _board_entry(board)[1]


def remember_live(board: Sequence[dict | None], live: int) -> None:
    """Note `live_layouts(board)` of a new board list, known from the board it was made from."""
    if len(_LIVE_BY_BOARD) >= _LIVE_KEPT:
        _LIVE_BY_BOARD.clear()
    _LIVE_BY_BOARD[id(board)] = (board, live, {}, {})


def board_spaces(
    board: Sequence[dict | None], card: str, joker_symmetry: bool = False
) -> list[int]:
    """`card_spaces` for a board list that is never changed in place (a state's), remembered
    with its live layouts: a list to read, not to change."""
    entry = _board_entry(board)
    known = entry[3] if joker_symmetry else entry[2]
    spaces = known.get(card)
    if spaces is None:
        spaces = known[card] = card_spaces(board, entry[1], card, joker_symmetry)
    return spaces


def settled_piece(live: int, index: int) -> int | None:
    """The piece code every live layout puts on SPACES[index], or None if they differ."""
    if not live:
        return None
    first = (live & -live).bit_length() - 1
    code = LAYOUTS[first][index]
    return code if live & MASKS[index][code] == live else None


def _mirror_holds_joker(board: Sequence[dict | None], index: int) -> bool:
    other = board[MIRROR[index]]
    return other is not None and other["joker"]


def piece_spaces(
    board: Sequence[dict | None], live: int, piece: str, joker_symmetry: bool = False
) -> list[int]:
    """Indices of the empty spaces where the real card `piece` may be laid.

    With `joker_symmetry`, a space whose mirror holds a joker accepts only a joker.
    """
    return [
        i
        for i, mask in PIECE_PLACES[PIECE_CODE[piece]]
        if board[i] is None
        and live & mask
        and not (joker_symmetry and _mirror_holds_joker(board, i))
    ]


def joker_spaces(
    board: Sequence[dict | None], live: int, joker_symmetry: bool = False
) -> list[int]:
    """Indices of the empty spaces where a joker may be laid: those whose piece is settled.

    With `joker_symmetry`, off the centre column the mirror must be empty or hold a joker.
    """
    return [
        i
        for i, entry in enumerate(board)
        if entry is None
        and settled_piece(live, i) is not None
        and not (
            joker_symmetry
            and not CENTRE[i]
            and board[MIRROR[i]] is not None
            and not board[MIRROR[i]]["joker"]
        )
    ]


def card_spaces(
    board: Sequence[dict | None], live: int, card: str, joker_symmetry: bool = False
) -> list[int]:
    """Indices of the empty spaces where `card` (a piece id or "joker") may be laid."""
    if card == JOKER:
        return joker_spaces(board, live, joker_symmetry)
    return piece_spaces(board, live, card, joker_symmetry)


def possible_pieces(board: Sequence[dict | None], live: int) -> list[list[str]]:
    """For every space, the pieces some live layout puts there ([] where a card lies)."""
    empty = tuple(entry is None for entry in board)
    # Every seat's view and the spectators' ask it of the same board: worked out once.
    return [list(pieces) for pieces in _possible(empty, live)]


@functools.lru_cache(maxsize=32)
def _possible(empty: tuple[bool, ...], live: int) -> tuple[tuple[str, ...], ...]:
    return tuple(
        tuple(piece for code, piece in enumerate(PIECES) if live & MASKS[i][code]) if free else ()
        for i, free in enumerate(empty)
    )
