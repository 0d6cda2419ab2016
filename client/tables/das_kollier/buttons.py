"""How the controls of Das Kollier's table look: buttons, chips with gems, the amount field, the
glow of what may be tapped and the veil of a control that waits (drawn by the seat's panel)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pygame

from client.tables.base import Camera
from client.tables.das_kollier import art, pen
from client.tables.das_kollier.controls import Control
from client.tables.das_kollier.layout import BODY, SMALL
from client.ui import theme


def draw_control(
    surface: pygame.Surface, cam: Camera, control: Control, field: str, focused: bool
) -> None:
    """One control at rest; the amount field shows `field` (gold-rimmed while `focused`)."""
    rect = cam.rect_to_screen(control.rect)
    if control.style == "stack":
        return
    if control.style == "card":
        pen.card(surface, cam, control.gem, control.rect)
        return
    radius = max(3, rect.h // 4)
    px = pen.px(cam, SMALL if control.style == "chip" else BODY * 0.92)
    if control.style == "field":
        pygame.draw.rect(surface, theme.IVORY, rect, border_radius=radius)
        pygame.draw.rect(
            surface, theme.GOLD if focused else theme.GOLD_DARK, rect, 2, border_radius=radius
        )
        label = theme.fit_text(field, px, rect.w - 6, True)
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
        draw_chip_icons(surface, control, rect, px, ink)
        return
    room = rect.w - max(6, px // 2)
    # A label too long for bold takes the regular weight before it is shortened.
    bold = theme.font(px, True).size(control.label)[0] <= room
    label = theme.fit_text(control.label, px, room, bold)
    theme.blit_text(surface, label, px, rect.center, ink, bold, "center")


def draw_chip_icons(
    surface: pygame.Surface, control: Control, rect: pygame.Rect, px: int, ink
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


def draw_glows(
    surface: pygame.Surface,
    cam: Camera,
    controls: Sequence[Control],
    glow: float,
    hover: str | None,
    chosen: Counter[str],
    settled: Callable[[Control], bool],
    caret: str | None,
    now: float,
) -> None:
    """Controls that play a move breathe in gold (`glow` 0..1); the one under the pointer
    glows; a waiting one is veiled; the focused amount field (showing `caret`) its caret."""
    for control in controls:
        rect = cam.rect_to_screen(control.rect)
        if control.action is not None and not settled(control):
            draw_veil(surface, control, rect)
            continue
        if control.style in ("stack", "card"):
            lift = 16.0 if control.style == "stack" and control.gem and chosen[control.gem] else 0.0
            r = cam.rect_to_screen(control.rect.move(0, -lift))
            image = art.card_glow(max(12, r.w), round(6 + 6 * glow if control.key != hover else 12))
            surface.blit(image, image.get_rect(center=r.center))
            continue
        if control.key == hover and control.action is not None:
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
        if control.style == "field" and caret is not None and (now % 1.0) < 0.6:
            px = pen.px(cam, BODY * 0.92)
            half = theme.font(px, True).size(caret)[0] / 2
            x = rect.centerx + half + 2
            pygame.draw.line(
                surface,
                theme.INK,
                (x, rect.y + rect.h * 0.22),
                (x, rect.bottom - rect.h * 0.22),
                2,
            )


def draw_veil(surface: pygame.Surface, control: Control, rect: pygame.Rect) -> None:
    """A control that just took another's place shows greyed until it takes taps."""
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = 0 if control.style in ("stack", "card") else max(3, rect.h // 4)
    pygame.draw.rect(veil, (*theme.TABLE, 170), veil.get_rect(), border_radius=radius)
    surface.blit(veil, rect.topleft)
