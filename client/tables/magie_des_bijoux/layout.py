"""La Magie des Bijoux's geometry: plaques on a grid of square world cells, and their sockets.

World coordinates: each plaque is a 100×100 cell, row-major as in the engine's view; a plaque's
row and column come as `[row, col]` (an "rc") or as its index in that order (a "cell").
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from client.tables.base import Camera

CELL = 100.0
# A stone is this fraction of a plaque across (a little more than its socket, as set stones are).
STONE = 0.25

# Where the settings sit on each kind of plaque, in fractions of the cell; the middle stays
# free for the pawn.
SOCKETS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.27)],
    2: [(0.3, 0.64), (0.7, 0.64)],
    3: [(0.5, 0.22), (0.25, 0.7), (0.75, 0.7)],
    4: [(0.18, 0.6), (0.33, 0.36), (0.67, 0.36), (0.82, 0.6)],
    5: [(0.15, 0.66), (0.3, 0.4), (0.5, 0.28), (0.7, 0.4), (0.85, 0.66)],
    6: [(0.2, 0.3), (0.5, 0.2), (0.8, 0.3), (0.3, 0.76), (0.5, 0.8), (0.7, 0.76)],
}


class Grid:
    """The board's rows and columns, and where its plaques and sockets lie in the world."""

    def __init__(self, rows: int = 0, cols: int = 0) -> None:
        self.rows, self.cols = rows, cols

    def world_size(self) -> tuple[float, float]:
        return (max(1, self.cols) * CELL, max(1, self.rows) * CELL)

    def middle(self) -> tuple[float, float]:
        """The world's centre (where the pawn waits before it is placed)."""
        width, height = self.world_size()
        return width / 2, height / 2

    def cell(self, rc: list[int]) -> int:
        return rc[0] * self.cols + rc[1]

    def centre(self, rc: list[int]) -> tuple[float, float]:
        return (rc[1] + 0.5) * CELL, (rc[0] + 0.5) * CELL

    def cell_rect(self, cell: int) -> pygame.FRect:
        row, col = divmod(cell, self.cols)
        return pygame.FRect(col * CELL, row * CELL, CELL, CELL)

    def socket_pos(self, cell: int, settings: int, index: int) -> tuple[float, float]:
        """The world point of socket `index` on the plaque `cell` with `settings` settings."""
        row, col = divmod(cell, self.cols)
        fx, fy = SOCKETS[settings][index]
        return (col + fx) * CELL, (row + fy) * CELL

    def visible_cells(
        self, cam: Camera, settings: list[int], bounds: pygame.Rect | None = None
    ) -> Iterator[tuple[int, int, float, float]]:
        """(cell, settings, x, y) of every plaque at least partly inside `bounds` (default: the
        board area), with its top left corner on the screen."""
        s = CELL * cam.scale
        area = bounds or cam.area
        for cell, n in enumerate(settings):
            row, col = divmod(cell, self.cols)
            x, y = cam.to_screen(col * CELL, row * CELL)
            if x > area.right or y > area.bottom or x + s < area.x or y + s < area.y:
                continue
            yield cell, n, x, y
