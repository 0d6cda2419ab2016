"""What Das Kollier's table draws every frame over the cached board: the rolling numbers (price,
cash, bank), the clock of an open auction, the gavel, the flying cards and coins, the banner."""

from __future__ import annotations

import math

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.das_kollier import art
from client.tables.das_kollier.layout import (
    BANK_TEXT_X,
    BIG,
    BLOCK,
    BLOCK_PAD,
    BODY,
    CASH_POS,
    HEAD,
    NUMBER_Y,
    STAGE,
    WORLD,
)
from client.tables.das_kollier.motion import Flyer
from client.tables.das_kollier.words import money
from client.ui import theme


class Overlay(TableView):
    """The per-frame drawing (a part of DasKollierView)."""

    def _draw_numbers(self, surface: pygame.Surface, cam: Camera) -> None:
        """The numbers that roll: the block's price, the seat's cash, the bank."""
        big = self._big_number()
        x = BLOCK.x + BLOCK_PAD + (84 if self._clock_left() is not None else 0)
        if not self.selling and self._shows_number():
            shown = money(round(self.roll["big"] / 100) * 100) if big is not None else "—"
            self._text(
                surface, cam, shown, BIG, (x, BLOCK.y + NUMBER_Y), theme.IVORY, True, "midleft"
            )
        if not self.selling:
            g = max(10, round(44 * cam.scale))
            tilt = round(self.gavel["tilt"] / 5) * 5
            # Beside the price, so that the headline has the block's whole width; with no
            # price, beside the headline.
            y = BLOCK.y + (NUMBER_Y - 22 if self._shows_number() else 6)
            spot = cam.to_screen(BLOCK.right - 56, y)
            surface.blit(art.gavel_surface(g, tilt), spot)
        if self.seat is not None:
            cash = money(round(self.roll["cash"] / 100) * 100)
            self._text(
                surface,
                cam,
                i18n.pgettext("das-kollier", "Your cash {amount}", amount=cash),
                HEAD,
                CASH_POS,
                theme.GOLD_LIGHT,
                True,
            )
        bank = money(round(self.roll["bank"] / 100) * 100)
        self._text(
            surface,
            cam,
            i18n.pgettext("das-kollier", "Bank {amount}", amount=bank),
            BODY,
            (BANK_TEXT_X, 16),
            theme.TEXT,
            True,
            width=WORLD[0] - BANK_TEXT_X - 14,
        )

    def _shows_number(self) -> bool:
        """Whether the block shows a price (an open auction shows "—" before the first bid)."""
        return self._big_number() is not None or self.view.get("phase") == "open"

    def _clock_left(self) -> float | None:
        """Seconds until the server knocks the open auction down by itself, if it will."""
        timer = self.ctx.timer
        if timer is None or self.clock_start is None or self.view.get("phase") != "open":
            return None
        return max(0.0, timer.get("seconds", 0) - (self.ctx.now - self.clock_start))

    def _draw_clock(self, surface: pygame.Surface, cam: Camera) -> None:
        left = self._clock_left()
        if left is None or self.selling:
            return
        seconds = max(1e-6, float(self.ctx.timer["seconds"]))
        centre = cam.to_screen(BLOCK.x + BLOCK_PAD + 36, BLOCK.y + NUMBER_Y)
        r = max(10, round(34 * cam.scale))
        width = max(2, round(6 * cam.scale))
        pygame.draw.circle(surface, theme.TABLE_DARK, centre, r)
        pygame.draw.circle(surface, theme.GOLD_DARK, centre, r, 1)
        share = left / seconds
        colour = theme.DANGER if left < 3 else theme.GOLD
        if share > 0:
            rect = pygame.Rect(0, 0, r * 2, r * 2)
            rect.center = (round(centre[0]), round(centre[1]))
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * share, width)
        theme.blit_text(
            surface, str(math.ceil(left)), self._px(cam, BODY), centre, theme.TEXT, True, "center"
        )

    def _draw_flyer(self, surface: pygame.Surface, cam: Camera, flyer: Flyer) -> None:
        """A card or coin in flight: drawn at its resting size (cached) and scaled to the
        moment's size and turn, so a flight never fills the caches with passing sizes."""
        s = flyer.sprite
        if s.alpha <= 1:
            return
        w = max(8, round(flyer.w * cam.scale))
        if flyer.what == "coin":
            image = art.coin(w)
            squeeze = 1.0
        else:
            t = flyer.turn["t"]
            face = flyer.what == "card" and flyer.gem and t >= 0.5
            image = art.card_face(flyer.gem, w, i18n.language()) if face else art.card_back(w)
            squeeze = abs(2 * t - 1) if t < 1.0 else 1.0
        cached = True
        if squeeze < 0.999 or abs(s.scale - 1.0) > 0.01:
            size = (
                max(1, round(image.get_width() * squeeze * s.scale)),
                max(1, round(image.get_height() * s.scale)),
            )
            image, cached = pygame.transform.scale(image, size), False
        if s.alpha < 254:
            image = image.copy() if cached else image
            image.set_alpha(round(s.alpha))
        self._blit_centered(surface, image, cam.to_screen(s.x, s.y))

    def _draw_banner(self, surface: pygame.Surface, cam: Camera) -> None:
        size = max(18, round(cam.area.h * 0.07 * self.banner["scale"]))
        text = theme.text(self.banner_text, size, theme.INK, bold=True)
        box = pygame.Surface(
            (text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA
        )
        pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
        pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
        box.blit(text, text.get_rect(center=box.get_rect().center))
        box.set_alpha(round(self.banner["alpha"]))
        self._blit_centered(surface, box, cam.to_screen(*STAGE.center))
