"""La Magie des Bijoux's pieces drawn: plaques with their jewel and sockets, stones, the pawn,
rosettes, glows and the extra-move banner; the surfaces are cached by size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.tables.magie_des_bijoux.layout import SOCKETS
from client.ui import theme
from client.ui.gems import draw_gem

# The game's own stone colours, each a gem with its own cut (see client/ui/gems.py).
STONE_GEMS = ["ruby", "sapphire", "topaz", "emerald"]


def stone_gem(seat: int, cell: int, index: int, solitaire: bool) -> str:
    """The stone's gem: the seat's colour; in solitaire the one player sets all four."""
    if solitaire:
        return STONE_GEMS[(cell + index) % 4]
    return STONE_GEMS[seat % 4]


def draw_pawn(surface: pygame.Surface, px: float, py: float, s: float, lifted: float) -> None:
    """The pawn standing at screen point (`px`, `py`) on plaques `s` px across, raised by
    `lifted` (0..1) with a wider shadow."""
    size = max(8, round(s * 0.5))
    lift = lifted * s * 0.08
    shadow = pawn_shadow_surface(size, round(lifted * 4))
    surface.blit(
        shadow,
        shadow.get_rect(center=(round(px + s * 0.04 + lift * 0.5), round(py + s * 0.14))),
    )
    body = pawn_surface(size)
    surface.blit(body, body.get_rect(center=(round(px), round(py - s * 0.04 - lift))))


def draw_ribbon(
    surface: pygame.Surface, seat: int, x: float, y: float, s: float, large: bool
) -> None:
    """The plaque's current (or, at the end, final) winner: a rosette in the corner."""
    r = s * (0.13 if large else 0.08)
    cx, cy = x + s - r * 1.25 - s * 0.03, y + s - r * 1.25 - s * 0.03
    if large:
        colour = theme.player_colour(seat).rgb
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(round(x + s * 0.04), round(y + s * 0.04), round(s * 0.92), round(s * 0.92)),
            max(2, round(s * 0.035)),
            border_radius=max(2, round(s * 0.07)),
        )
    pygame.draw.circle(surface, theme.GOLD, (cx, cy), r * 1.15)
    pygame.draw.circle(surface, theme.IVORY, (cx, cy), r * 0.95)
    draw_gem(surface, STONE_GEMS[seat % 4], (cx, cy), r * 1.9)


def _jewel(surf: pygame.Surface, settings: int, s: int) -> None:
    """The piece of jewellery a plaque shows, in gold lines, behind its settings."""
    w = max(2, round(s * 0.035))
    gold, light = theme.GOLD_DARK, theme.GOLD

    def p(fx: float, fy: float) -> tuple[float, float]:
        return fx * s, fy * s

    if settings == 1:
        pygame.draw.circle(surf, gold, p(0.5, 0.58), s * 0.22, w * 2)
        pygame.draw.circle(surf, light, p(0.5, 0.58), s * 0.22, w)
        pygame.draw.polygon(surf, gold, [p(0.38, 0.38), p(0.62, 0.38), p(0.5, 0.2)])
    elif settings == 2:
        for fx in (0.3, 0.7):
            pygame.draw.arc(
                surf, gold, pygame.Rect(*p(fx - 0.07, 0.14), s * 0.14, s * 0.16), 0, math.pi, w
            )
            pygame.draw.line(surf, gold, p(fx, 0.22), p(fx, 0.5), w)
            pygame.draw.polygon(
                surf, light, [p(fx, 0.44), p(fx + 0.12, 0.64), p(fx, 0.84), p(fx - 0.12, 0.64)], w
            )
    elif settings == 3:
        rect = pygame.Rect(*p(0.16, 0.14), s * 0.68, s * 0.72)
        pygame.draw.line(surf, gold, p(0.06, 0.5), p(0.94, 0.5), w)
        pygame.draw.ellipse(surf, theme.mix(theme.IVORY, theme.GOLD, 0.3), rect)
        pygame.draw.ellipse(surf, gold, rect, w * 2)
        for i in range(18):
            a = 2 * math.pi * i / 18
            bead = (
                rect.centerx + math.cos(a) * rect.w * 0.5,
                rect.centery + math.sin(a) * rect.h * 0.5,
            )
            pygame.draw.circle(surf, light, bead, w * 0.9)
        pygame.draw.ellipse(surf, light, rect.inflate(-w * 6, -w * 6), w)
    elif settings == 4:
        rect = pygame.Rect(*p(0.12, 0.26), s * 0.76, s * 0.56)
        pygame.draw.ellipse(surf, gold, rect, w * 3)
        pygame.draw.ellipse(surf, light, rect.inflate(-w * 2, -w * 2), w)
    elif settings == 5:
        arc = [p(0.08 + 0.84 * i / 20, 0.72 - 0.46 * math.sin(math.pi * i / 20)) for i in range(21)]
        pygame.draw.lines(surf, gold, False, arc, w * 3)
        pygame.draw.lines(surf, light, False, [(x, y + w * 2) for x, y in arc], w)
    else:
        crown = [
            p(0.14, 0.86),
            p(0.14, 0.3),
            p(0.33, 0.52),
            p(0.5, 0.18),
            p(0.67, 0.52),
            p(0.86, 0.3),
            p(0.86, 0.86),
        ]
        pygame.draw.polygon(surf, theme.mix(theme.IVORY, theme.GOLD, 0.35), crown)
        pygame.draw.polygon(surf, gold, crown, w)
        pygame.draw.line(surf, gold, p(0.14, 0.64), p(0.86, 0.64), w)


@lru_cache(maxsize=64)
def plaque_surface(settings: int, size: int) -> pygame.Surface:
    """A plaque with `settings` empty settings, `size` px square (gap included)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    gap = max(1, round(size * 0.04))
    card = pygame.Rect(gap, gap, size - 2 * gap, size - 2 * gap)
    radius = max(2, round(size * 0.07))
    shadow = card.move(max(1, round(size * 0.015)), max(1, round(size * 0.02)))
    pygame.draw.rect(surf, (0, 0, 0, 90), shadow, border_radius=radius)
    pygame.draw.rect(surf, theme.IVORY, card, border_radius=radius)
    inner = card.inflate(-gap * 2, -gap * 2)
    pygame.draw.rect(
        surf, theme.IVORY_SHADE, inner, max(1, round(size * 0.012)), border_radius=radius
    )
    pygame.draw.rect(surf, theme.GOLD, card, max(1, round(size * 0.018)), border_radius=radius)
    _jewel(surf, settings, size)
    r = size * 0.1
    for fx, fy in SOCKETS[settings]:
        c = (fx * size, fy * size)
        pygame.draw.circle(surf, theme.GOLD, c, r)
        pygame.draw.circle(surf, (70, 58, 44), c, r * 0.78)
        pygame.draw.circle(surf, (40, 32, 24), (c[0] + r * 0.1, c[1] + r * 0.12), r * 0.55)
    fsize = max(8, round(size * 0.13))
    label = theme.text(str(settings), fsize, theme.GOLD_DARK, bold=True)
    surf.blit(label, (gap * 2.2, gap * 1.4))
    return surf.convert_alpha() if pygame.display.get_surface() else surf


@lru_cache(maxsize=32)
def pawn_surface(size: int, ghost: bool = False) -> pygame.Surface:
    """The shared pawn: lacquered violet-black with gold trim (a pale outline when `ghost`)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    s = size
    body = [(s * 0.3, s * 0.92), (s * 0.4, s * 0.5), (s * 0.6, s * 0.5), (s * 0.7, s * 0.92)]
    if ghost:
        colour = (*theme.INK, 70)
        pygame.draw.polygon(surf, colour, body)
        pygame.draw.circle(surf, colour, (s * 0.5, s * 0.34), s * 0.17)
        pygame.draw.ellipse(surf, colour, pygame.Rect(s * 0.2, s * 0.84, s * 0.6, s * 0.14))
        return surf
    dark, mid = (44, 26, 58), (86, 52, 110)
    pygame.draw.ellipse(surf, dark, pygame.Rect(s * 0.2, s * 0.82, s * 0.6, s * 0.16))
    pygame.draw.polygon(surf, dark, body)
    pygame.draw.polygon(
        surf,
        mid,
        [(s * 0.36, s * 0.88), (s * 0.43, s * 0.52), (s * 0.5, s * 0.52), (s * 0.46, s * 0.88)],
    )
    pygame.draw.ellipse(surf, theme.GOLD, pygame.Rect(s * 0.33, s * 0.47, s * 0.34, s * 0.08))
    pygame.draw.circle(surf, dark, (s * 0.5, s * 0.34), s * 0.17)
    pygame.draw.circle(surf, mid, (s * 0.46, s * 0.3), s * 0.1)
    pygame.draw.circle(surf, (220, 200, 240), (s * 0.44, s * 0.27), max(1, s * 0.035))
    pygame.draw.ellipse(
        surf, theme.GOLD, pygame.Rect(s * 0.2, s * 0.82, s * 0.6, s * 0.16), max(1, round(s * 0.03))
    )
    return surf


@lru_cache(maxsize=32)
def pawn_shadow_surface(size: int, spread: int) -> pygame.Surface:
    surf = pygame.Surface((size, size // 2), pygame.SRCALPHA)
    rect = pygame.Rect(
        size * 0.2 - spread, size * 0.1, size * 0.6 + spread * 2, size * 0.22 + spread
    )
    pygame.draw.ellipse(surf, (0, 0, 0, 80 - spread * 8), rect)
    return surf


@lru_cache(maxsize=64)
def glow_surface(size: int, level: int) -> pygame.Surface:
    """A gold glow around a legal plaque; `level` (0–12) is how bright it is."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, round(size * 0.08))
    t = level / 12
    pygame.draw.rect(
        surf, (255, 236, 150, round(30 + 40 * t)), surf.get_rect(), border_radius=radius
    )
    for i in range(4):
        width = max(2, round(size * 0.02))
        alpha = round((110 + 35 * i) * (0.55 + 0.45 * t))
        rect = surf.get_rect().inflate(-i * width * 2, -i * width * 2)
        pygame.draw.rect(surf, (255, 226, 110, alpha), rect, width, border_radius=radius)
    return surf


@lru_cache(maxsize=16)
def veil_surface(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(
        surf,
        (20, 30, 30, 120),
        surf.get_rect().inflate(-size * 0.08, -size * 0.08),
        border_radius=max(2, round(size * 0.07)),
    )
    return surf


@lru_cache(maxsize=64)
def banner_surface(label: str, size: int) -> pygame.Surface:
    """The gold "extra move" banner with its words, `size` px type."""
    text = theme.text(label, size, theme.INK, bold=True)
    box = pygame.Surface((text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
    box.blit(text, text.get_rect(center=box.get_rect().center))
    return box


@lru_cache(maxsize=128)
def ring_surface(radius: int, width: int) -> pygame.Surface:
    """A gold ring (the sparkle of a completed plaque)."""
    surf = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.circle(surf, theme.GOLD_LIGHT, (radius + 1, radius + 1), radius, min(width, radius))
    return surf
