"""Saba – Palast der Königin: the six city quarters — their tiles with names and action badges
and the figures standing in them (still, cached with the board; a figure on its way stays
hidden until it lands) — and the vizier walking between them (every frame)."""

from __future__ import annotations

import pygame

from client.tables.base import Camera, Sprite
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import art, highlights, layout, regions, words
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.hiding import Hidden
from client.tables.saba_palast.layout import QUARTER_FIGURE, QUARTER_RECTS, VIZIER
from client.ui import theme
from client.ui.anim import MOVE
from shared.games.saba_palast.data import QUARTER_MATERIAL, QUARTERS


class Quarters(Drawing, Region):
    """The quarters with their figures, and the vizier."""

    kinds = frozenset(
        (
            "use",
            "quarter",
            "send",
            "vizier",
            "badge",
            "quarter_figure",
        )
    )

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.hidden = Hidden(motion, ("qfig",), lambda key: QUARTER_RECTS[key[1]].inflate(8, 8))
        self.vizier = Sprite(0.0, 0.0)
        motion.subscribe("vizier_moved", self._vizier_moved)
        motion.subscribe("settle_vizier", self._settle)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.hidden.show_all(fresh)
        if fresh:
            home = layout.vizier_pos(snap.view["vizier"])
            self.vizier = Sprite(*home, home=home)

    # ------------------------------------------------------------------ motion
    def _vizier_moved(self, to: str, delay: float) -> None:
        """The vizier is lifted, carried to the quarter `to` and set down with a bounce."""
        home = layout.vizier_pos(to)
        v = self.vizier
        v.home = home
        v.lift = 1.0
        animator = self.motion.animator
        animator.animate(v, MOVE * 1.2, delay=delay, x=home[0], y=home[1])
        animator.animate(v, MOVE, "out_bounce", delay=delay + MOVE, lift=0.0)

    def _settle(self) -> None:
        home = layout.vizier_pos(self.snap.view["vizier"])
        if self.vizier.home != home:
            self.vizier.home = home
            self.motion.animator.animate(self.vizier, MOVE, x=home[0], y=home[1])

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def names(cam: Camera) -> tuple[dict[str, tuple[str, ...]], int]:
        """Each quarter's name in lines that fit its tile at this scale, and the most lines
        any of them needs."""
        size = art.text_size(18 * cam.scale)
        width = (QUARTER_RECTS[QUARTERS[0]].w - 14) * cam.scale
        font = theme.font(size, True)
        names = {
            q: words.quarter_lines(q, lambda line: font.size(line)[0] <= width) for q in QUARTERS
        }
        return names, max(len(lines) for lines in names.values())

    def draw_quarter(self, surface: pygame.Surface, cam: Camera, q: str) -> None:
        """One quarter's tile and the figures in it (part of the cached board)."""
        s = round(cam.scale, 5)
        rect = QUARTER_RECTS[q]
        gives = QUARTER_MATERIAL.get(q, "")
        swaps = "gold>alabaster" if q == "exchange" else "sandstone>ebony"
        names, band = self.names(cam)
        image = regions.quarter_tile(
            q, s, tuple(rect), names[q], band, tuple(layout.quarter_badge(q)), gives, swaps
        )
        self._blit(surface, image, cam, (rect.x - 4, rect.y - 4), "topleft")
        size = self._px(QUARTER_FIGURE, cam)
        for i, seat in enumerate(self.snap.view["quarters"][q]):
            if ("qfig", q, i) not in self.hidden:
                self._blit(surface, art.figure(seat, size), cam, layout.quarter_figure(q, i))

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        for q in QUARTERS:
            self.draw_quarter(surface, cam, q)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The vizier, lifted with its shadow while it walks."""
        cam = frame.cam
        v = self.vizier
        lift = v.lift * 8
        if lift:
            sh = highlights.shadow(self._px(40, cam), self._px(12, cam))
            self._blit(surface, sh, cam, (v.x + 6, v.y + VIZIER / 2))
        self._blit(surface, art.vizier(self._px(VIZIER, cam)), cam, (v.x + v.shake, v.y - lift))
