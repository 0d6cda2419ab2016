"""La Magie des Bijoux's controls: the one piece is the pawn, and the plaques the server lists
as legal are its targets (drag the pawn there, or tap the plaque)."""

from __future__ import annotations

import pygame

from client.tables.base import Move, Piece, Sprite, Target
from client.tables.magie_des_bijoux.layout import CELL, Grid


class MagieControls:
    """The seat's moves on the board: the pawn and its legal plaques.

    Part of `MagieDesBijouxView`; reads its `legal` moves, `grid` and `pawn`.
    """

    legal: list[Move]
    grid: Grid
    pawn: Sprite

    def _targets(self) -> list[Target]:
        out = []
        for move in self.legal:
            if move.get("type") in ("move", "place_pawn"):
                cell = self.grid.cell(move["plaque"])
                out.append(Target(cell, self.grid.cell_rect(cell), move))
        return out

    def pieces(self) -> list[Piece]:
        targets = self._targets()
        if not targets:
            return []
        r = CELL * 0.22
        rect = pygame.FRect(self.pawn.x - r, self.pawn.y - r * 1.6, r * 2, r * 2.4)
        return [Piece("pawn", rect, self.pawn, targets)]

    def loose_targets(self) -> list[Target]:
        return self._targets()
