"""The banner over Die Kette von Saba's necklace: a new stage, the game's end (the notice
`banner` of the view's motion)."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.kette_von_saba import art
from client.tables.kette_von_saba.layout import BOARD_RECT, WORLD
from client.tables.regions import Frame, Motion, Region

# Seconds the banner takes to pop up, and after how long it begins to fade.
POP = 0.35
SHOWN = 1.6


class Banner(Region):
    """The banner: its words, how visible it is and how large."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.look: dict[str, Any] = {"alpha": 0.0, "scale": 1.0, "text": ""}
        motion.subscribe("banner", self._pop)

    def _pop(self, text: str) -> None:
        animator = self.motion.animator
        self.look.update(alpha=0.0, scale=0.6, text=text)

        def shown() -> None:
            # Faded out only once shown: a second tween of `alpha` would replace the first.
            animator.animate(self.look, 0.5, delay=SHOWN - POP, alpha=0.0)

        animator.animate(self.look, POP, "out_back", alpha=255.0, scale=1.0, on_finished=shown)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        if self.look["alpha"] <= 1:
            return
        cam = frame.cam
        size = max(18, round(cam.area.h * 0.07 * self.look["scale"]))
        box = art.banner(self.look["text"], size)
        box.set_alpha(round(self.look["alpha"]))
        centre = cam.to_screen(WORLD[0] / 2, BOARD_RECT.bottom * 0.55)
        surface.blit(box, box.get_rect(center=(round(centre[0]), round(centre[1]))))
