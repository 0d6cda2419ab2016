"""Saba – Palast der Königin: the palace garden — its eight fields with the parts built on them,
the materials left there and the figures on the palace's balconies (a still region: part of the
cached board). A part or figure on its way stays hidden until its flight lands."""

from __future__ import annotations

import pygame

from client.tables.base import Camera
from client.tables.regions import Motion, Region, Snapshot
from client.tables.saba_palast import art, layout, regions
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.hiding import Hidden
from client.tables.saba_palast.layout import BALCONIES, BALCONY_FIGURE, FIELDS, GARDEN, PART


class Garden(Drawing, Region):
    """The garden fields, their parts and materials, and the balconies' figures."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.hidden = Hidden(motion, ("level", "balcony", "left"), lambda key: GARDEN)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.hidden.show_all(fresh)

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        s = round(cam.scale, 5)
        image = regions.garden(
            s,
            tuple(tuple(f) for f in FIELDS),
            tuple(BALCONIES),
            tuple(layout.PALACE),
            tuple(GARDEN),
        )
        self._blit(surface, image, cam, GARDEN.topleft, "topleft")
        size = self._px(PART, cam)
        for i, spot in enumerate(self.snap.view["garden"]):
            f = i + 1
            rect = FIELDS[i]
            levels = spot["levels"]
            top = max(levels) if levels else 0
            for level in (1, 2, 3):
                if level in levels and ("level", f, level) not in self.hidden:
                    state = "built"
                elif level < top:
                    state = "skipped"
                else:
                    state = "open"
                pos = (rect.x + 31 + (level - 1) * 44, rect.bottom - 44)
                self._blit(surface, art.part(level, size, state), cam, pos)
            if spot["material"] is not None and ("left", f) not in self.hidden:
                token = art.token(spot["material"], self._px(30, cam))
                self._blit(surface, token, cam, (rect.right - 22, rect.y + 22))
            seat = spot["figure"]
            if seat is not None and ("balcony", f) not in self.hidden:
                bx, by = BALCONIES[i]
                self._blit(
                    surface, art.figure(seat, self._px(BALCONY_FIGURE, cam)), cam, (bx, by - 8)
                )
