"""How the controls of Das Kollier's table look: buttons, chips with gems, the amount field, the
glow of what may be tapped, the ring round the seat a falling auction asks."""

from __future__ import annotations

import pygame

from client.tables.base import Camera, TableView
from client.tables.das_kollier import art
from client.tables.das_kollier.controls import Control
from client.tables.das_kollier.layout import BODY, SMALL, rail_column
from client.tables.das_kollier.words import money
from client.ui import theme
from client.ui.anim import pulse


class ControlArt(TableView):
    """Drawing of the controls (a part of DasKollierView)."""

    def _draw_control(self, surface: pygame.Surface, cam: Camera, control: Control) -> None:
        rect = cam.rect_to_screen(control.rect)
        if control.style == "stack":
            return
        if control.style == "card":
            self._card(surface, cam, control.gem, control.rect)
            return
        radius = max(3, rect.h // 4)
        px = self._px(cam, SMALL if control.style == "chip" else BODY * 0.92)
        if control.style == "field":
            pygame.draw.rect(surface, theme.IVORY, rect, border_radius=radius)
            focused = self.typed is not None
            pygame.draw.rect(
                surface, theme.GOLD if focused else theme.GOLD_DARK, rect, 2, border_radius=radius
            )
            label = self._typed_label() if focused else money(self.amount)
            label = theme.fit_text(label, px, rect.w - 6, True)
            theme.blit_text(surface, label, px, rect.center, theme.INK, True, "center")
            return
        enabled = control.action is not None
        if control.style == "primary":
            fill, ink = theme.GOLD, theme.INK
        elif control.selected:
            fill, ink = theme.IVORY, theme.INK
        elif control.style == "chip":
            fill, ink = theme.TABLE_LIGHT, theme.TEXT
        else:
            fill, ink = theme.PANEL, theme.TEXT
        if not enabled:
            fill, ink = theme.mix(fill, theme.TABLE, 0.6), theme.mix(ink, theme.TABLE, 0.5)
        theme.shadowed_rect(surface, rect, fill, radius, lift=2, border=theme.GOLD_DARK)
        if control.icons or control.necklace:
            self._draw_chip_icons(surface, control, rect, px, ink)
            return
        room = rect.w - max(6, px // 2)
        # A label too long for bold takes the regular weight before it is shortened.
        bold = theme.font(px, True).size(control.label)[0] <= room
        label = theme.fit_text(control.label, px, room, bold)
        theme.blit_text(surface, label, px, rect.center, ink, bold, "center")

    def _draw_chip_icons(
        self, surface: pygame.Surface, control: Control, rect: pygame.Rect, px: int, ink
    ) -> None:
        """A chip's gems as stones (a necklace as a tiny string) and then its cash."""
        size = rect.h * 0.78
        label = control.label
        text_w = theme.font(px, True).size(label)[0] + (4 if label else 0)
        pieces = len(control.icons)
        room = rect.w - text_w - 10 - size - (size * 1.8 if control.necklace else 0)
        step = min(size * 0.9, max(4.0, room / max(1, pieces)))
        total = step * max(0, pieces - 1) + size + text_w + (size * 1.8 if control.necklace else 0)
        x = rect.centerx - total / 2 + size / 2
        if control.necklace:
            w = round(size * 1.8)
            image = art.necklace_surface(control.necklace, max(8, w), max(8, round(size)))
            surface.blit(image, (round(x - size / 2), round(rect.centery - size / 2)))
            x += size * 1.8
        for gem in control.icons:
            art.gem(surface, gem, (x, rect.centery), size)
            x += step
        if label:
            left = x - step + size / 2 + 4
            theme.blit_text(surface, label, px, (left, rect.centery), ink, True, "midleft")

    def _draw_highlights(self, surface: pygame.Surface, cam: Camera) -> None:
        """Controls that play a move breathe in gold; the one under the pointer glows; the
        focused amount field shows its caret."""
        glow = pulse(self.ctx.now)
        for control in self.controls:
            rect = cam.rect_to_screen(control.rect)
            if control.action is not None and not self._settled(control):
                self._draw_veil(surface, control, rect)
                continue
            if control.style in ("stack", "card"):
                lift = 16.0 if control.style == "stack" and self._chosen(control.gem) else 0.0
                r = cam.rect_to_screen(control.rect.move(0, -lift))
                image = art.card_glow(
                    max(12, r.w), round(6 + 6 * glow if control.key != self.hover else 12)
                )
                surface.blit(image, image.get_rect(center=r.center))
                continue
            if control.key == self.hover and control.action is not None:
                pygame.draw.rect(
                    surface,
                    theme.GOLD_LIGHT,
                    rect.inflate(4, 4),
                    2,
                    border_radius=max(3, rect.h // 4),
                )
            elif control.style == "primary" and isinstance(control.action, dict):
                alpha = round(80 + 120 * glow)
                ring = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
                pygame.draw.rect(
                    ring,
                    (*theme.GOLD_LIGHT, alpha),
                    ring.get_rect(),
                    2,
                    border_radius=max(3, rect.h // 4) + 4,
                )
                surface.blit(ring, (rect.x - 4, rect.y - 4))
            if control.style == "field" and self.typed is not None and (self.ctx.now % 1.0) < 0.6:
                px = self._px(cam, BODY * 0.92)
                label = self._typed_label()
                half = theme.font(px, True).size(label)[0] / 2
                x = rect.centerx + half + 2
                pygame.draw.line(
                    surface,
                    theme.INK,
                    (x, rect.y + rect.h * 0.22),
                    (x, rect.bottom - rect.h * 0.22),
                    2,
                )
        if self.view.get("phase") == "falling":
            self._ring_seat(surface, cam, self._auction().get("asked"), glow)

    def _draw_veil(self, surface: pygame.Surface, control: Control, rect: pygame.Rect) -> None:
        """A control that just took another's place shows greyed until it takes taps."""
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = 0 if control.style in ("stack", "card") else max(3, rect.h // 4)
        pygame.draw.rect(veil, (*theme.TABLE, 170), veil.get_rect(), border_radius=radius)
        surface.blit(veil, rect.topleft)

    def _ring_seat(
        self, surface: pygame.Surface, cam: Camera, seat: int | None, glow: float
    ) -> None:
        order = self._order()
        if seat not in order:
            return
        col = cam.rect_to_screen(rail_column(order.index(seat), len(order)).inflate(-6, -4))
        colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, glow)
        pygame.draw.rect(
            surface,
            colour,
            col,
            max(2, round(3 * cam.scale)),
            border_radius=max(3, round(10 * cam.scale)),
        )
