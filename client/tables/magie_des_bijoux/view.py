"""La Magie des Bijoux on the table: jewel plaques with settings, four stone colours, one pawn.

The view puts three regions together (client/tables/regions.py): the plaques with their stones
(plaques.py), the pawn (pawn.py) and the extra move's banner (banner.py). Each update becomes a
snapshot every region is given; the events play on the view's one timeline, where each region
moves what is its own (the pawn slides or drops, stones fall, a plaque sparkles, the banner
pops). The pawn is the one piece: drag it (or tap a glowing plaque) to one of the plaques the
server lists as legal. The board's geometry is in layout.py, the drawings in art.py, the words
in words.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, TableContext, TableView, Target, View
from client.tables.magie_des_bijoux import words
from client.tables.magie_des_bijoux.art import STONE_GEMS
from client.tables.magie_des_bijoux.banner import Banner
from client.tables.magie_des_bijoux.layout import Grid
from client.tables.magie_des_bijoux.pawn import Pawn
from client.tables.magie_des_bijoux.plaques import Plaques
from client.tables.regions import Answer, Frame, Motion, Region, Snapshot, snapshot
from client.ui.gems import draw_gem


class MagieDesBijouxView(TableView):
    game_id = "magie-des-bijoux"
    has_secrets = False

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.motion = Motion(ctx)
        self.snap = Snapshot()
        self.plaques = Plaques(self.motion)
        self.pawn = Pawn(self.motion)
        self.banner = Banner(self.motion)
        # In drawing order; a tap reaches them from the top.
        self.regions: tuple[Region, ...] = (self.plaques, self.pawn, self.banner)
        # Plaques to redraw on the cached board (None: all of them).
        self.changes: list[pygame.FRect] | None = None
        self.motion.subscribe("board_changed", self._changed)

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        self._note_changes(self.view, view, fresh)
        super().show(view, legal, events, fresh)
        self.snap = snapshot(view, legal, events, self.version, self.ctx.name, self.talk)
        for region in self.regions:
            region.show(self.snap, fresh)
        if not fresh:
            self.motion.play(self.snap.events)

    def _note_changes(self, old: View, new: View, fresh: bool) -> None:
        """Remember which plaques look different in `new`, for `take_changes`."""
        if fresh or not old or old.get("end") != new.get("end") or old["rows"] != new["rows"]:
            self.changes = None
            return
        grid = Grid(new["rows"], new["cols"])
        cells = {
            cell
            for cell, (a, b) in enumerate(zip(old["stones"], new["stones"], strict=True))
            if a != b or old["owners"][cell] != new["owners"][cell]
        }
        for rc in (old.get("previous"), new.get("previous")):
            if rc is not None:
                cells.add(grid.cell(rc))
        if self.changes is not None:
            self.changes.extend(grid.cell_rect(c) for c in cells)

    def _changed(self, area: pygame.FRect) -> None:
        """A region's still drawing changed (a stone landed): the board is drawn again there."""
        if self.changes is not None:
            self.changes.append(area)
        self.version += 1

    def take_changes(self) -> list[pygame.FRect] | None:
        changes, self.changes = self.changes, []
        return changes

    # ------------------------------------------------------------------ moves
    def pieces(self) -> list[Piece]:
        pawn = self.pawn.piece(self.plaques.targets())
        return [pawn] if pawn is not None else []

    def loose_targets(self) -> list[Target]:
        return self.plaques.targets()

    def answer(self, point: tuple[float, float]) -> Answer:
        """What a tap at the world `point` means: the topmost region's answer."""
        for region in reversed(self.regions):
            said = region.hit(point)
            if said is not None:
                return said
        return None

    def part_rect(self, part: str) -> pygame.FRect | None:
        """The plaque under the pawn ("pawn") or where it stood before ("previous")."""
        rc = self.view.get(part) if part in ("pawn", "previous") and self.view else None
        return None if rc is None else self.plaques.grid.cell_rect(self.plaques.grid.cell(rc))

    # ------------------------------------------------------------------ words
    def status(self) -> str | None:
        return words.status(self.snap)

    def panel_lines(self, seat: int) -> list[str]:
        return words.panel_lines(self.snap, seat)

    # ------------------------------------------------------------------ drawing
    def world_size(self) -> tuple[float, float]:
        return self.plaques.grid.world_size()

    def seat_token(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float):
        draw_gem(surface, STONE_GEMS[seat % 4], centre, r * 2.2)

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if self.view:
            self.plaques.draw_still(surface, cam)

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        frame = Frame(cam, self.ctx.now, hot, held, self.ctx.hover)
        for region in self.regions:
            region.draw(surface, frame)
        surface.set_clip(clip)
