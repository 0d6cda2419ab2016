"""Saba – Palast der Königin: images and text put at world positions on the screen."""

from __future__ import annotations

from typing import ClassVar

import pygame

from client.tables.base import Camera
from client.tables.regions import Answer
from client.tables.saba_palast import art, highlights
from client.tables.saba_palast.controls import Interaction, answer
from client.ui import theme


class Drawing:
    """What the table's regions share: sizes, blits, labels and counts at world positions
    through the camera; and the taps on the offers of their own kinds."""

    # The kinds of target and piece keys (controls.py) a tap on this region may choose.
    kinds: ClassVar[frozenset[str]] = frozenset()
    offered: Interaction | None = None

    def offer(self, act: Interaction) -> None:
        """What the seat may do now, as the view made it from this update's snapshot."""
        self.offered = act

    def hit(self, point: tuple[float, float]) -> Answer:
        """The move of a one-tap target of this region at `point`, or a piece of it picked up."""
        return answer(self.offered, self.kinds, point) if self.offered is not None else None

    @staticmethod
    def _px(units: float, cam: Camera) -> int:
        return max(4, round(units * cam.scale))

    @staticmethod
    def _px_moving(units: float, cam: Camera) -> int:
        """A size for something that grows or shrinks in flight, in steps of 3 px so the
        cached drawings are reused from frame to frame."""
        return max(6, round(units * cam.scale / 3) * 3)

    @staticmethod
    def _blit(surface: pygame.Surface, image: pygame.Surface, cam: Camera, pos, anchor="center"):
        x, y = cam.to_screen(*pos)
        surface.blit(image, image.get_rect(**{anchor: (round(x), round(y))}))

    @staticmethod
    def _size(units: float, cam: Camera) -> int:
        """The type size for text `units` tall: never below the table's minimum."""
        return art.text_size(units * cam.scale)

    @staticmethod
    def _text(
        surface: pygame.Surface,
        s: str,
        units: float,
        cam: Camera,
        pos,
        colour=theme.TEXT,
        bold=False,
        anchor="center",
        within: pygame.FRect | None = None,
    ) -> None:
        """Text `units` tall at world `pos`, at least `art.MIN_TEXT` px; kept inside the
        world rect `within` (its board region) when it grows past the drawing's scale."""
        size = art.text_size(units * cam.scale)
        x, y = cam.to_screen(*pos)
        if within is None:
            theme.blit_text(surface, s, size, (x, y), colour, bold, anchor)
            return
        image = theme.text(s, size, colour, bold)
        rect = image.get_rect(**{anchor: (round(x), round(y))})
        surface.blit(image, rect.clamp(cam.rect_to_screen(within)))

    def _region_visible(self, rect: pygame.FRect, cam: Camera, bounds: pygame.Rect) -> bool:
        return cam.rect_to_screen(rect.inflate(12, 12)).colliderect(bounds)

    def _count(self, surface, cam, n: int, pos, colour=theme.TEXT, within=None) -> None:
        self._text(surface, str(n), 18, cam, pos, colour, bold=True, within=within)

    def _glow(
        self, surface: pygame.Surface, cam: Camera, rect: pygame.FRect, level: int, radius: int
    ) -> None:
        r = cam.rect_to_screen(rect)
        image = highlights.glow(max(2, r.w), max(2, r.h), level, radius)
        surface.blit(image, image.get_rect(center=r.center))
