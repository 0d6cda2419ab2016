"""Saba – Palast der Königin: what is in the air over the table — tokens, figures, markers and
cards flying between the trays, the supply, the harbour, the garden and the quarters, and the
gold rings where a part was built.

The choreography (motion.py) and the other regions start a flight with the notice `fly`; a
flight that brings something to the board hides it there until it lands (`hide`, `reveal`)."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Sprite
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import art, card_art
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.sprites import Flyer
from client.ui import theme
from client.ui.anim import FLIP, MOVE

Point = tuple[float, float]


class Air(Drawing, Region):
    """The flights over the board and the rings of a part just built."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.flyers: list[Flyer] = []
        self.rings: list[dict[str, float]] = []
        motion.subscribe("fly", self._fly)
        motion.subscribe("ring", self._ring)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.flyers.clear()
            self.rings.clear()

    def _fly(
        self,
        kind: str,
        what: Any,
        start: Point,
        end: Point,
        delay: float,
        size: float,
        end_size: float | None = None,
        reveal: Any = None,
        batch: int = 0,
        fade: bool = False,
        turn: bool = False,
    ) -> None:
        """Send a token, figure, marker or card from `start` to `end` after `delay`; the thing
        `reveal` on the board stays hidden until it lands."""
        sprite = Sprite(start[0], start[1], home=end, alpha=0.0)
        flyer = Flyer(kind, what, sprite, size, turn=0.0 if turn else 1.0)
        self.flyers.append(flyer)
        if reveal is not None:
            self.motion.publish("hide", reveal, batch)

        def landed() -> None:
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            if reveal is not None:
                self.motion.publish("reveal", reveal, batch)

        animator = self.motion.animator
        animator.animate(sprite, 0.001, delay=delay, alpha=255.0)
        scale = (end_size or size) / size
        animator.animate(
            sprite, MOVE, delay=delay, x=end[0], y=end[1], scale=scale, on_finished=landed
        )
        if fade:
            animator.animate(sprite, MOVE, delay=delay + MOVE * 0.4, alpha=0.0)
        if turn:
            animator.animate(flyer, FLIP, delay=delay + MOVE * 0.5, turn=1.0)

    def _ring(self, pos: Point) -> None:
        """A gold ring widening where a part was just built."""
        ring = {"x": pos[0], "y": pos[1], "r": 8.0}
        self.rings.append(ring)
        self.motion.animator.animate(ring, 0.5, r=70.0, on_finished=lambda: self.rings.remove(ring))

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        cam = frame.cam
        for flyer in self.flyers:
            sprite = flyer.sprite
            if sprite.alpha < 1:
                continue
            size = flyer.size * sprite.scale
            if flyer.kind == "token":
                image = art.token(flyer.what, self._px_moving(size, cam))
            elif flyer.kind == "figure":
                image = art.figure(flyer.what, self._px_moving(size, cam))
            elif flyer.kind == "marker":
                image = art.marker(flyer.what, self._px_moving(size, cam))
            else:
                h = self._px_moving(size, cam)
                w = round(h * 0.71)
                face = flyer.what is not None and flyer.turn >= 0.5
                image = card_art.action_card(flyer.what, w, h) if face else card_art.card_back(w, h)
                squeeze = abs(2 * flyer.turn - 1)
                if squeeze < 0.999:
                    image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(round(sprite.alpha))
            self._blit(surface, image, cam, (sprite.x, sprite.y))
        for ring in self.rings:
            x, y = cam.to_screen(ring["x"], ring["y"])
            r = max(2, round(ring["r"] * cam.scale))
            pygame.draw.circle(surface, theme.GOLD_LIGHT, (x, y), r, max(1, round(4 * cam.scale)))
