"""The pieces of Saba – Palast der Königin, each cached as a surface per size.

Materials have a colour AND a shape: alabaster a white block, sandstone a brown brick, ebony a
black log end, gold a yellow ingot. Figures and serail markers wear their player's colour and
symbol. Nothing here copies the published artwork; it is all drawn from polygons.
Cards are in card_art.py, the board's regions in regions.py, glows and shadows in
highlights.py.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.ui import theme
from client.ui.widgets import symbol

Colour = tuple[int, int, int]

# No text on the table is smaller than this (the visual language's floor), however far the
# board is scaled down: where a label would not fit at this size, the drawing makes room.
MIN_TEXT = 14

MATERIAL_COLOURS: dict[str, Colour] = {
    "alabaster": (240, 236, 226),
    "sandstone": (176, 112, 60),
    "ebony": (38, 30, 28),
    "gold": (238, 190, 40),
}
SANDSTONE_WALL = (214, 180, 128)
SANDSTONE_DARK = (150, 112, 70)
MARBLE = (236, 228, 210)
LAWN = (58, 112, 66)
LAWN_LIGHT = (86, 140, 84)
HEDGE = (34, 78, 44)
WATER = (28, 86, 118)
WATER_LIGHT = (60, 130, 160)
WOOD = (120, 84, 52)
CARD_BACK = (92, 40, 56)


def converted(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _w(size: float, fraction: float) -> int:
    return max(1, round(size * fraction))


def text_size(px: float) -> int:
    """A type size in pixels for a label meant to be `px` tall, never below `MIN_TEXT`."""
    return max(MIN_TEXT, round(px))


def line_height(size: int) -> int:
    """How far apart two lines of `size` px text sit (a little tighter than the font's)."""
    return round(size * 1.1)


# ---------------------------------------------------------------------- materials


@lru_cache(maxsize=256)
def token(material: str, size: int) -> pygame.Surface:
    """A material token `size` px across: block, brick, log or ingot."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    s = size
    colour = MATERIAL_COLOURS[material]
    dark = theme.mix(colour, (0, 0, 0), 0.45)
    line = _w(s, 0.06)
    shadow = (0, 0, 0, 80)
    if material == "alabaster":
        # An isometric block: three faces, lit from the top left.
        c = s / 2
        top = [(c, s * 0.1), (s * 0.9, s * 0.3), (c, s * 0.5), (s * 0.1, s * 0.3)]
        left = [(s * 0.1, s * 0.3), (c, s * 0.5), (c, s * 0.92), (s * 0.1, s * 0.72)]
        right = [(c, s * 0.5), (s * 0.9, s * 0.3), (s * 0.9, s * 0.72), (c, s * 0.92)]
        outline = [top[0], top[1], right[2], right[3], left[3], left[0]]
        pygame.draw.polygon(surf, shadow, [(x + s * 0.05, y + s * 0.05) for x, y in outline])
        pygame.draw.polygon(surf, (255, 255, 252), top)
        pygame.draw.polygon(surf, (222, 216, 204), left)
        pygame.draw.polygon(surf, (196, 190, 178), right)
        pygame.draw.polygon(surf, (90, 86, 80), outline, line)
        pygame.draw.line(surf, (150, 146, 138), (c, s * 0.5), (c, s * 0.92), max(1, line // 2))
        pygame.draw.line(surf, (150, 146, 138), (s * 0.1, s * 0.3), (c, s * 0.5), max(1, line // 2))
        pygame.draw.line(surf, (150, 146, 138), (c, s * 0.5), (s * 0.9, s * 0.3), max(1, line // 2))
    elif material == "sandstone":
        rect = pygame.Rect(round(s * 0.06), round(s * 0.24), round(s * 0.88), round(s * 0.52))
        pygame.draw.rect(
            surf, shadow, rect.move(_w(s, 0.05), _w(s, 0.05)), border_radius=_w(s, 0.06)
        )
        pygame.draw.rect(surf, colour, rect, border_radius=_w(s, 0.06))
        light = theme.mix(colour, (255, 255, 255), 0.3)
        pygame.draw.rect(
            surf,
            light,
            pygame.Rect(rect.x, rect.y, rect.w, round(rect.h * 0.3)),
            border_top_left_radius=_w(s, 0.06),
            border_top_right_radius=_w(s, 0.06),
        )
        for fx, fy in ((0.25, 0.55), (0.5, 0.62), (0.72, 0.5), (0.4, 0.44), (0.82, 0.64)):
            pygame.draw.circle(surf, dark, (s * fx, s * fy), max(1, s * 0.03))
        pygame.draw.rect(surf, dark, rect, line, border_radius=_w(s, 0.06))
    elif material == "ebony":
        c = (s * 0.5, s * 0.5)
        r = s * 0.42
        pygame.draw.circle(surf, shadow, (c[0] + s * 0.05, c[1] + s * 0.05), r)
        pygame.draw.circle(surf, (70, 54, 44), c, r)
        pygame.draw.circle(surf, colour, c, r * 0.86)
        for k in (0.62, 0.38):
            pygame.draw.circle(surf, (78, 62, 52), c, r * k, max(1, line // 2 + 1))
        pygame.draw.circle(surf, (90, 72, 60), c, max(1, r * 0.1))
        pygame.draw.circle(surf, (190, 170, 140), c, r, line)
    else:
        top = [(s * 0.3, s * 0.26), (s * 0.7, s * 0.26), (s * 0.94, s * 0.74), (s * 0.06, s * 0.74)]
        pygame.draw.polygon(surf, shadow, [(x + s * 0.05, y + s * 0.05) for x, y in top])
        pygame.draw.polygon(surf, colour, top)
        face = [
            (s * 0.36, s * 0.32),
            (s * 0.64, s * 0.32),
            (s * 0.7, s * 0.46),
            (s * 0.3, s * 0.46),
        ]
        pygame.draw.polygon(surf, (255, 236, 150), face)
        pygame.draw.polygon(surf, (140, 100, 10), top, line)
        pygame.draw.line(surf, (255, 250, 220), (s * 0.34, s * 0.3), (s * 0.5, s * 0.3), line)
    return converted(surf)


# ---------------------------------------------------------------------- figures


@lru_cache(maxsize=128)
def figure(seat: int, size: int, ghost: bool = False) -> pygame.Surface:
    """A player's figure, `size` px tall: a pawn in the player's colour with its symbol."""
    w = max(6, round(size * 0.72))
    surf = pygame.Surface((w, size), pygame.SRCALPHA)
    colour = theme.player_colour(seat).rgb
    if ghost:
        colour = theme.mix(colour, theme.TABLE, 0.6)
    dark = theme.mix(colour, (0, 0, 0), 0.55)
    light = theme.mix(colour, (255, 255, 255), 0.35)
    s = size
    cx = w / 2
    body = [
        (cx - w * 0.46, s * 0.96),
        (cx - w * 0.3, s * 0.42),
        (cx + w * 0.3, s * 0.42),
        (cx + w * 0.46, s * 0.96),
    ]
    pygame.draw.polygon(surf, dark, body)
    inner = [(x * 0.9 + cx * 0.1, y) for x, y in body]
    pygame.draw.polygon(surf, colour, inner)
    pygame.draw.circle(surf, dark, (cx, s * 0.27), w * 0.3)
    pygame.draw.circle(surf, colour, (cx, s * 0.27), w * 0.25)
    pygame.draw.circle(surf, light, (cx - w * 0.08, s * 0.22), max(1, w * 0.08))
    if size >= 18:
        mark = theme.player_colour(seat).symbol
        ink = theme.INK if sum(colour) > 450 else theme.IVORY
        symbol(surf, mark, (cx, s * 0.7), w * 0.2, ink)
    return converted(surf)


@lru_cache(maxsize=32)
def vizier(size: int) -> pygame.Surface:
    """The vizier: a tall black figure with a white turban and gold trim."""
    w = max(6, round(size * 0.7))
    surf = pygame.Surface((w, size), pygame.SRCALPHA)
    s, cx = size, w / 2
    robe = [
        (cx - w * 0.46, s * 0.98),
        (cx - w * 0.22, s * 0.4),
        (cx + w * 0.22, s * 0.4),
        (cx + w * 0.46, s * 0.98),
    ]
    pygame.draw.polygon(surf, (20, 18, 24), robe)
    pygame.draw.polygon(surf, theme.GOLD, robe, _w(s, 0.035))
    pygame.draw.line(surf, theme.GOLD, (cx, s * 0.45), (cx, s * 0.95), _w(s, 0.03))
    pygame.draw.circle(surf, (20, 18, 24), (cx, s * 0.32), w * 0.2)
    turban = pygame.Rect(0, 0, w * 0.62, s * 0.2)
    turban.center = (round(cx), round(s * 0.17))
    pygame.draw.ellipse(surf, (245, 240, 230), turban)
    pygame.draw.ellipse(surf, theme.GOLD_DARK, turban, _w(s, 0.02))
    pygame.draw.circle(surf, (192, 20, 60), (cx, s * 0.15), max(1, w * 0.06))
    return converted(surf)


@lru_cache(maxsize=64)
def marker(seat: int, size: int) -> pygame.Surface:
    """A serail marker: a flat disc in the player's colour with the player's symbol."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    colour = theme.player_colour(seat).rgb
    pygame.draw.circle(surf, (0, 0, 0, 90), (c + size * 0.05, c + size * 0.06), size * 0.45)
    pygame.draw.circle(surf, theme.mix(colour, (0, 0, 0), 0.4), (c, c), size * 0.45)
    pygame.draw.circle(surf, colour, (c - size * 0.02, c - size * 0.03), size * 0.4)
    ink = theme.INK if sum(colour) > 450 else theme.IVORY
    symbol(surf, theme.player_colour(seat).symbol, (c, c), size * 0.2, ink)
    return converted(surf)


# ---------------------------------------------------------------------- palace parts


def _draw_part(
    surf: pygame.Surface, level: int, colour: Colour, edge: Colour, w: int, water: Colour
) -> None:
    s = surf.get_width()
    if level == 1:
        # An arch: two piers and a round top with an opening.
        outer = pygame.Rect(round(s * 0.12), round(s * 0.18), round(s * 0.76), round(s * 0.8))
        pygame.draw.rect(
            surf,
            colour,
            outer,
            border_top_left_radius=round(s * 0.38),
            border_top_right_radius=round(s * 0.38),
        )
        hole = pygame.Rect(round(s * 0.32), round(s * 0.42), round(s * 0.36), round(s * 0.56))
        pygame.draw.rect(
            surf,
            (0, 0, 0, 0),
            hole,
            border_top_left_radius=round(s * 0.18),
            border_top_right_radius=round(s * 0.18),
        )
        pygame.draw.rect(
            surf,
            edge,
            outer,
            w,
            border_top_left_radius=round(s * 0.38),
            border_top_right_radius=round(s * 0.38),
        )
        pygame.draw.rect(
            surf,
            edge,
            hole,
            w,
            border_top_left_radius=round(s * 0.18),
            border_top_right_radius=round(s * 0.18),
        )
    elif level == 2:
        # A fountain: a basin with a jet of water.
        basin = [
            (s * 0.08, s * 0.62),
            (s * 0.92, s * 0.62),
            (s * 0.78, s * 0.94),
            (s * 0.22, s * 0.94),
        ]
        pygame.draw.polygon(surf, colour, basin)
        pygame.draw.polygon(surf, edge, basin, w)
        pygame.draw.rect(surf, colour, pygame.Rect(s * 0.44, s * 0.34, s * 0.12, s * 0.3))
        pygame.draw.ellipse(surf, water, pygame.Rect(s * 0.24, s * 0.56, s * 0.52, s * 0.1))
        for dx in (-0.2, 0.0, 0.2):
            pygame.draw.arc(
                surf,
                water,
                pygame.Rect(s * (0.3 + dx), s * 0.08, s * 0.4, s * 0.6),
                0.4,
                math.pi - 0.4,
                max(1, w),
            )
        pygame.draw.circle(surf, water, (s * 0.5, s * 0.14), max(1, s * 0.06))
    else:
        # A column: base, fluted shaft, capital.
        pygame.draw.rect(surf, colour, pygame.Rect(s * 0.24, s * 0.84, s * 0.52, s * 0.12))
        pygame.draw.rect(surf, colour, pygame.Rect(s * 0.36, s * 0.2, s * 0.28, s * 0.66))
        pygame.draw.rect(surf, colour, pygame.Rect(s * 0.22, s * 0.06, s * 0.56, s * 0.14))
        for r in (
            pygame.Rect(s * 0.24, s * 0.84, s * 0.52, s * 0.12),
            pygame.Rect(s * 0.36, s * 0.2, s * 0.28, s * 0.66),
            pygame.Rect(s * 0.22, s * 0.06, s * 0.56, s * 0.14),
        ):
            pygame.draw.rect(surf, edge, r, w)
        pygame.draw.line(surf, edge, (s * 0.5, s * 0.24), (s * 0.5, s * 0.82), max(1, w // 2))


@lru_cache(maxsize=96)
def part(level: int, size: int, state: str = "built") -> pygame.Surface:
    """The palace part of `level` (1 arch, 2 fountain, 3 column): "built" in marble and gold,
    "open" as a faint outline, "skipped" dimmed and struck through."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    w = _w(size, 0.05)
    if state == "built":
        _draw_part(surf, level, MARBLE, theme.GOLD_DARK, w, (120, 190, 235))
    elif state == "open":
        _draw_part(surf, level, (255, 255, 255, 28), (255, 255, 255, 90), w, (255, 255, 255, 90))
    else:
        _draw_part(surf, level, (0, 0, 0, 40), (0, 0, 0, 110), w, (0, 0, 0, 110))
        pygame.draw.line(
            surf, (0, 0, 0, 150), (size * 0.15, size * 0.85), (size * 0.85, size * 0.15), w
        )
    return converted(surf)
