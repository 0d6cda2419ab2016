"""Saba – Palast der Königin: the gold banner over the table (the treasury scored, the game
over), started by the notice `banner`."""

from __future__ import annotations

import pygame

from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import highlights

# Seconds the banner takes to pop up, and after how long it begins to fade.
POP = 0.35
SHOWN = 1.4


class Banner(Region):
    """A banner popping up in the middle of the board and fading after a while."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.look = {"alpha": 0.0, "scale": 1.0, "text": ""}
        motion.subscribe("banner", self._pop)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.look["alpha"] = 0.0

    def _pop(self, text: str, delay: float) -> None:
        """Pop up after `delay` seconds, stay, and fade `SHOWN` seconds after the start."""
        animator = self.motion.animator
        self.look.update(text=text, alpha=0.0, scale=0.6)

        def shown() -> None:
            # Faded out only once shown: a second tween of `alpha` would replace the first.
            animator.animate(self.look, 0.5, delay=SHOWN - POP, alpha=0.0)

        animator.animate(
            self.look, POP, "out_back", delay=delay, alpha=255.0, scale=1.0, on_finished=shown
        )

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        if self.look["alpha"] > 1:
            cam = frame.cam
            size = max(18, round(cam.area.h * 0.06 * self.look["scale"]))
            box = highlights.banner(self.look["text"], size)
            box.set_alpha(round(self.look["alpha"]))
            surface.blit(box, box.get_rect(center=cam.area.center))
