"""The board of Die Kette von Saba: 32 spaces in 11 columns on a hexagonal grid.

RECONSTRUCTION (rules notes §3): columns are numbered -5..5 from left to right, 0 the centre; row 0
is the top space of its column. Columns with odd |c| sit half a space higher than their
neighbours, so in doubled-height units a space's height is y = 2·row − (|c| mod 2). Neighbours lie
in the same column one row apart, or in an adjacent column with y differing by exactly 1.
"""

from __future__ import annotations

from collections.abc import Sequence

Space = tuple[int, int]

# Spaces per column, by distance from the centre column.
HEIGHT_BY_DISTANCE: tuple[int, ...] = (4, 4, 3, 3, 2, 2)
COLUMNS: range = range(-5, 6)

SPACES: list[Space] = [(c, r) for c in COLUMNS for r in range(HEIGHT_BY_DISTANCE[abs(c)])]
SPACE_INDEX: dict[Space, int] = {space: i for i, space in enumerate(SPACES)}

# The six directions as (column step, step in doubled height).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "up": (0, -2),
    "up_right": (1, -1),
    "down_right": (1, 1),
    "down": (0, 2),
    "down_left": (-1, 1),
    "up_left": (-1, -1),
}

REWARD_UNIT = 1000
ISOLATED_REWARD = 1  # in thousands: a card touching no other card


def height(space: Space) -> int:
    """The space's height in doubled units: y = 2·row − (|column| mod 2)."""
    column, row = space
    return 2 * row - abs(column) % 2


def space_at(column: int, y: int) -> Space | None:
    """The space of `column` at doubled height `y`, or None when there is none."""
    if column not in COLUMNS:
        return None
    doubled_row = y + abs(column) % 2
    if doubled_row % 2:
        return None
    row = doubled_row // 2
    return (column, row) if 0 <= row < HEIGHT_BY_DISTANCE[abs(column)] else None


def step(space: Space, direction: str) -> Space | None:
    """The neighbouring space in `direction` (a key of DIRECTIONS), or None at the edge."""
    dc, dy = DIRECTIONS[direction]
    return space_at(space[0] + dc, height(space) + dy)


def neighbours(space: Space) -> list[Space]:
    """The spaces next to `space`, in the order of DIRECTIONS, leaving out the board's edge."""
    return [n for d in DIRECTIONS if (n := step(space, d)) is not None]


def ray(space: Space, direction: str) -> list[Space]:
    """The spaces from `space` outward in `direction` (not `space` itself), up to the edge."""
    out = []
    nxt = step(space, direction)
    while nxt is not None:
        out.append(nxt)
        nxt = step(nxt, direction)
    return out


def mirror(space: Space) -> Space:
    """The space at the same place in the other half of the necklace."""
    return (-space[0], space[1])


# Index tables for the engine: the same facts as above, by position in SPACES.
RAYS: list[list[list[int]]] = [
    [[SPACE_INDEX[s] for s in ray(space, d)] for d in DIRECTIONS] for space in SPACES
]
MIRROR: list[int] = [SPACE_INDEX[mirror(space)] for space in SPACES]
CENTRE: list[bool] = [space[0] == 0 for space in SPACES]


def space_list(index: int) -> list[int]:
    """SPACES[index] as the [column, row] list that moves, events and views use."""
    return list(SPACES[index])


def reward_at(board: Sequence[object], index: int) -> int:
    """The reward in marks for a card laid on SPACES[index], `board` aligned with SPACES
    (a truthy entry is a card). Each direction with an unbroken line of k cards going outward
    adds k + 1 (the new card counts in the line); a card touching none earns 1; × 1,000."""
    total = 0
    for line in RAYS[index]:
        run = 0
        for j in line:
            if not board[j]:
                break
            run += 1
        if run:
            total += run + 1
    return (total or ISOLATED_REWARD) * REWARD_UNIT


def reward(occupied: set[Space], space: Space) -> int:
    """The reward in marks for laying a card on `space` when `occupied` spaces hold cards."""
    return reward_at([s in occupied for s in SPACES], SPACE_INDEX[space])
