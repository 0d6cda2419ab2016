"""Saba – Palast der Königin: the harbour's materials on their four fields — taken (flying to
the tray), moved along and refilled — drawn every frame over the cached quays."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Event, Sprite
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import art, layout
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.layout import HARBOUR_FIELDS, HARBOUR_TOKEN
from client.ui.anim import MOVE, STAGGER

Point = tuple[float, float]


class Harbour(Drawing, Region):
    """The materials lying in the harbour, as last shown, and a sprite per field (picked up,
    moved along)."""

    kinds = frozenset(("harbour",))

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.shown: list[dict[str, Any]] = []
        self.sprites = [
            Sprite(r.centerx, r.centery, home=(r.centerx, r.centery)) for r in HARBOUR_FIELDS
        ]
        # Grows with every update: what an older update set going leaves a newer one alone.
        self.batch = 0
        motion.subscribe("harbour_taken", self._taken)
        motion.subscribe("harbour_refilled", self._refilled)
        motion.subscribe("settle_harbour_sprites", self._settle_sprites)
        motion.subscribe("settle_harbour", self._settle)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.batch += 1
        if fresh:
            self.shown = [dict(h) for h in snap.view["harbour"]]
            for sprite in self.sprites:
                sprite.x, sprite.y = sprite.home
                sprite.alpha = 255.0

    def _at(self, delay: float, action) -> None:
        """Run `action` after `delay` seconds (at once when the timeline skips ahead)."""
        self.motion.animator.animate({"t": 0.0}, 0.001, delay=delay, on_finished=action, t=1.0)

    def _taken(self, e: Event, start: float, end: Point, end_size: float) -> None:
        """The field's materials fly to the tray at `end` from where they are shown (a field
        dropped rests on its target); the field is empty from then on."""
        i = e["field"] - 1
        count = e["count"]

        def emptied() -> None:
            if i < len(self.shown):
                self.shown[i] = {**self.shown[i], "count": 0}

        sprite = self.sprites[i]
        dx, dy = sprite.x - sprite.home[0], sprite.y - sprite.home[1]
        for k in range(count):
            x, y = layout.harbour_token(i, k, count)
            self.motion.publish(
                "fly",
                "token",
                e["material"],
                (x + dx, y + dy),
                end,
                start + k * STAGGER,
                HARBOUR_TOKEN,
                end_size,
            )
        self._at(start, emptied)

    def _refilled(self, harbour: list[dict[str, Any]], taken: int, delay: float) -> None:
        """The fields before the one taken move along; a new field comes in from above."""
        batch = self.batch
        harbour = [dict(h) for h in harbour]

        def refill() -> None:
            if self.batch != batch:
                return
            self.shown = harbour
            animator = self.motion.animator
            for j, sprite in enumerate(self.sprites):
                hx, hy = sprite.home
                if j == 0:
                    sprite.y, sprite.alpha = hy - 40, 0.0
                    animator.animate(sprite, MOVE, y=hy, alpha=255.0)
                elif j < taken:
                    sprite.x = self.sprites[j - 1].home[0]
                    animator.animate(sprite, MOVE, x=hx)

        self._at(delay, refill)

    def _settle_sprites(self) -> None:
        """A field left where it was dropped glides home."""
        for sprite in self.sprites:
            if (sprite.x, sprite.y) != sprite.home:
                self.motion.animator.animate(
                    sprite, MOVE, x=sprite.home[0], y=sprite.home[1], lift=0.0
                )

    def _settle(self, delay: float, taken: int) -> None:
        """After the update's events: the harbour as the view has it (at once when nothing was
        taken, else once the flights are done)."""
        harbour = self.snap.view["harbour"]
        if harbour != self.shown and taken == 0:
            self.shown = [dict(h) for h in harbour]
        batch = self.batch
        shown = [dict(h) for h in harbour]

        def settle() -> None:
            if self.batch == batch:
                self.shown = shown

        self._at(delay, settle)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        cam = frame.cam
        size = self._px(HARBOUR_TOKEN, cam)
        for i, slot in enumerate(self.shown):
            sprite = self.sprites[i]
            dx, dy = sprite.x - sprite.home[0] + sprite.shake, sprite.y - sprite.home[1]
            token = art.token(slot["material"], size)
            if sprite.alpha < 255:
                token = token.copy()
                token.set_alpha(round(sprite.alpha))
            count = slot["count"]
            for k in range(count):
                x, y = layout.harbour_token(i, k, count)
                self._blit(surface, token, cam, (x + dx, y + dy))
