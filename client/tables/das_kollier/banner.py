"""The banner over Das Kollier's table: "Sold!" when the gavel knocks, "Cannot pay!" and
"Second deck", each at its event's step on the view's timeline."""

from __future__ import annotations

import pygame

from client.tables.base import Event
from client.tables.das_kollier import pen
from client.tables.das_kollier.layout import STAGE
from client.tables.regions import Frame, Motion, Region
from client.ui import theme
from client.words import i18n

# Seconds the banner takes to pop up, and after how long it begins to fade.
POP = 0.3
SHOWN = 1.0


class Banner(Region):
    """A word in gold over the cloth, popping in and fading."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.look = {"alpha": 0.0, "scale": 1.0}
        self.text = ""
        motion.subscribe("knocked_down", self._sold)
        motion.subscribe("default", self._cannot_pay)
        motion.subscribe("second_deck", self._second_deck)

    def _sold(self, event: Event) -> None:
        self._show(i18n.pgettext("das-kollier", "Sold!"))

    def _cannot_pay(self, event: Event) -> None:
        self._show(i18n.pgettext("das-kollier", "Cannot pay!"))

    def _second_deck(self, event: Event) -> None:
        self._show(i18n.pgettext("das-kollier", "Second deck"))

    def _show(self, text: str) -> None:
        self.text = text
        animator = self.motion.animator
        self.look.update(alpha=0.0, scale=0.6)

        def shown() -> None:
            # Faded out only once shown: a second tween of `alpha` would replace the first.
            animator.animate(self.look, 0.4, delay=SHOWN - POP, alpha=0.0)

        animator.animate(self.look, POP, "out_back", alpha=255.0, scale=1.0, on_finished=shown)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The banner while it shows."""
        if self.look["alpha"] <= 1:
            return
        cam = frame.cam
        size = max(18, round(cam.area.h * 0.07 * self.look["scale"]))
        text = theme.text(self.text, size, theme.INK, bold=True)
        box = pygame.Surface(
            (text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA
        )
        pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
        pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
        box.blit(text, text.get_rect(center=box.get_rect().center))
        box.set_alpha(round(self.look["alpha"]))
        pen.blit_centered(surface, box, cam.to_screen(*STAGE.center))
