"""The banner of La Magie des Bijoux's table: "Extra move!" pops up in the middle of the board
when a player earns one, and fades."""

from __future__ import annotations

import pygame

from client.tables.base import Event
from client.tables.magie_des_bijoux.art import banner_surface
from client.tables.magie_des_bijoux.words import extra_move_banner
from client.tables.regions import Frame, Motion, Region

# Seconds the banner takes to pop up, and after how long it begins to fade.
POP = 0.35
SHOWN = 1.1


class Banner(Region):
    """The extra move's banner: how visible it is and how large."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.look = {"alpha": 0.0, "scale": 1.0}
        motion.subscribe("extra_move", self._pop)

    def _pop(self, event: Event) -> float:
        animator = self.motion.animator
        self.look.update(alpha=0.0, scale=0.6)

        def shown() -> None:
            # Faded out only once shown: a second tween of `alpha` would replace the first.
            animator.animate(self.look, 0.5, delay=SHOWN - POP, alpha=0.0)

        animator.animate(self.look, POP, "out_back", alpha=255.0, scale=1.0, on_finished=shown)
        return 0.2

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        if self.look["alpha"] <= 1:
            return
        area = frame.cam.area
        size = max(18, round(area.h * 0.075 * self.look["scale"]))
        box = banner_surface(extra_move_banner(), size)
        box.set_alpha(round(self.look["alpha"]))
        surface.blit(box, box.get_rect(center=area.center))
