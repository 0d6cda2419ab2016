"""Drawings for Saba – Palast der Königin, each cached as a surface per size.

Materials have a colour AND a shape: alabaster a white block, sandstone a brown brick, ebony a
black log end, gold a yellow ingot. Figures and serail markers wear their player's colour and
symbol. Nothing here copies the published artwork; it is all drawn from polygons.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.ui import theme
from client.ui.widgets import symbol
from shared.games.saba_palast.data import CARDS, HARBOUR_CAPACITY, MATERIALS

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


def _convert(surf: pygame.Surface) -> pygame.Surface:
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
    return _convert(surf)


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
    return _convert(surf)


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
    return _convert(surf)


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
    return _convert(surf)


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
    return _convert(surf)


# ---------------------------------------------------------------------- cards


def _card_base(w: int, h: int, face: Colour = theme.IVORY) -> tuple[pygame.Surface, pygame.Rect]:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(min(w, h) * 0.08))
    rect = surf.get_rect().inflate(-max(2, w // 30), -max(2, h // 30))
    pygame.draw.rect(
        surf, (0, 0, 0, 90), rect.move(max(1, w // 40), max(1, h // 40)), border_radius=radius
    )
    pygame.draw.rect(surf, face, rect, border_radius=radius)
    pygame.draw.rect(surf, theme.GOLD, rect, max(1, round(w * 0.025)), border_radius=radius)
    return surf, rect


def _cost_row(
    surf: pygame.Surface,
    cost: dict[str, int],
    centre_y: float,
    width: float,
    left: float,
    size: int,
) -> None:
    items = [m for m in MATERIALS for _ in range(cost.get(m, 0))]
    if not items:
        return
    step = min(size * 1.02, width / len(items))
    x0 = left + (width - step * (len(items) - 1)) / 2
    for i, m in enumerate(items):
        t = token(m, size)
        surf.blit(t, t.get_rect(center=(round(x0 + i * step), round(centre_y))))


def garden_map(surf: pygame.Surface, centre: tuple[float, float], size: float, field: int) -> None:
    """A small map of the garden: 8 dots around the palace, the card's field in gold."""
    cx, cy = centre
    half = size / 2
    pygame.draw.rect(
        surf, SANDSTONE_WALL, pygame.Rect(cx - half * 0.5, cy - half * 0.45, half, half * 0.9)
    )
    spots = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    for i, (dx, dy) in enumerate(spots, start=1):
        p = (cx + dx * half * 0.82, cy + dy * half * 0.82)
        if i == field:
            pygame.draw.circle(surf, theme.GOLD, p, max(2, size * 0.14))
            pygame.draw.circle(
                surf, theme.GOLD_DARK, p, max(2, size * 0.14), max(1, round(size * 0.03))
            )
        else:
            pygame.draw.circle(surf, LAWN, p, max(1, size * 0.07))


@lru_cache(maxsize=128)
def building_card(card: str, w: int, h: int) -> pygame.Surface:
    """A palace building card (part, garden field, cost), a treasury card or the end card."""
    info = CARDS[card]
    surf, rect = _card_base(w, h)
    pad = w * 0.08
    if info["kind"] == "palace":
        level, field = info["level"], info["field"]
        size = text_size(h * 0.12)
        band = pygame.Rect(rect.x, rect.y, rect.w, max(round(h * 0.16), round(size * 0.95)))
        pygame.draw.rect(
            surf,
            theme.mix(theme.IVORY_SHADE, SANDSTONE_WALL, 0.4),
            band,
            border_top_left_radius=max(2, round(w * 0.08)),
            border_top_right_radius=max(2, round(w * 0.08)),
        )
        numeral = ("I", "II", "III")[level - 1]
        label = theme.text(numeral, size, theme.GOLD_DARK, bold=True)
        surf.blit(label, label.get_rect(midleft=(rect.x + pad, band.centery)))
        num_size = text_size(h * 0.1)
        badge_r = max(h * 0.085, num_size * 0.7)
        bc = (rect.right - max(pad, 2) - badge_r, band.centery)
        pygame.draw.circle(surf, LAWN, bc, badge_r)
        pygame.draw.circle(surf, theme.GOLD, bc, badge_r, max(1, round(w * 0.02)))
        num = theme.text(str(field), num_size, theme.IVORY, bold=True)
        surf.blit(num, num.get_rect(center=(round(bc[0]), round(bc[1]))))
        icon = part(level, round(h * 0.34))
        surf.blit(icon, icon.get_rect(center=(round(rect.centerx - w * 0.14), round(h * 0.39))))
        garden_map(surf, (rect.right - w * 0.24, h * 0.39), w * 0.34, field)
        pygame.draw.line(
            surf,
            theme.IVORY_SHADE,
            (rect.x + pad, h * 0.62),
            (rect.right - pad, h * 0.62),
            max(1, round(h * 0.01)),
        )
        cost = info["cost"]
    else:
        treasury = info["kind"] == "treasury"
        band_colour = (120, 50, 70) if treasury else (40, 40, 60)
        size = text_size(h * 0.11)
        band = pygame.Rect(rect.x, rect.y, rect.w, max(round(h * 0.16), round(size * 0.95)))
        pygame.draw.rect(
            surf,
            band_colour,
            band,
            border_top_left_radius=max(2, round(w * 0.08)),
            border_top_right_radius=max(2, round(w * 0.08)),
        )
        title = card.rsplit("-", 1)[-1] if treasury else "★"
        label = theme.text(title, size, theme.GOLD_LIGHT, bold=True)
        surf.blit(label, label.get_rect(center=band.center))
        if treasury:
            _chest(
                surf,
                pygame.Rect(round(w * 0.24), round(h * 0.22), round(w * 0.52), round(h * 0.34)),
            )
        else:
            _hourglass(
                surf, pygame.Rect(round(w * 0.3), round(h * 0.2), round(w * 0.4), round(h * 0.38))
            )
        cost = info["cost"]
    tsize = max(6, round(min(w * 0.26, h * 0.17)))
    items = sum(cost.values())
    rows = [cost] if items <= 3 else _split_cost(cost)
    for i, row in enumerate(rows):
        y = h * (0.76 if len(rows) == 1 else 0.7 + i * 0.16)
        _cost_row(surf, row, y, rect.w - 2 * pad, rect.x + pad, tsize)
    return _convert(surf)


def _split_cost(cost: dict[str, int]) -> list[dict[str, int]]:
    """A cost of 4 or more tokens in two rows."""
    items = [m for m in MATERIALS for _ in range(cost.get(m, 0))]
    half = (len(items) + 1) // 2
    rows: list[dict[str, int]] = [{}, {}]
    for i, m in enumerate(items):
        row = rows[0 if i < half else 1]
        row[m] = row.get(m, 0) + 1
    return rows


def _chest(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A treasure chest."""
    lid = pygame.Rect(r.x, r.y, r.w, round(r.h * 0.4))
    body = pygame.Rect(r.x, r.y + round(r.h * 0.38), r.w, round(r.h * 0.62))
    pygame.draw.rect(surf, WOOD, body, border_radius=max(1, r.w // 14))
    pygame.draw.rect(
        surf,
        theme.mix(WOOD, (255, 255, 255), 0.15),
        lid,
        border_top_left_radius=max(2, r.w // 4),
        border_top_right_radius=max(2, r.w // 4),
    )
    line = max(1, r.w // 16)
    pygame.draw.rect(surf, theme.GOLD, body, line, border_radius=max(1, r.w // 14))
    pygame.draw.rect(
        surf,
        theme.GOLD,
        lid,
        line,
        border_top_left_radius=max(2, r.w // 4),
        border_top_right_radius=max(2, r.w // 4),
    )
    pygame.draw.rect(
        surf, theme.GOLD, pygame.Rect(r.centerx - r.w // 10, r.y + r.h * 0.3, r.w // 5, r.h * 0.3)
    )


def _hourglass(surf: pygame.Surface, r: pygame.Rect) -> None:
    """The end card's sign: an hourglass running out."""
    pts = [
        (r.x, r.y),
        (r.right, r.y),
        (r.centerx + r.w * 0.06, r.centery),
        (r.right, r.bottom),
        (r.x, r.bottom),
        (r.centerx - r.w * 0.06, r.centery),
    ]
    pygame.draw.polygon(surf, (240, 230, 200), pts)
    pygame.draw.polygon(
        surf,
        (214, 180, 100),
        [
            (r.x + r.w * 0.2, r.bottom),
            (r.right - r.w * 0.2, r.bottom),
            (r.centerx, r.centery + r.h * 0.12),
        ],
    )
    pygame.draw.polygon(surf, theme.GOLD_DARK, pts, max(1, r.w // 16))
    for y in (r.y, r.bottom):
        pygame.draw.line(
            surf, WOOD, (r.x - r.w * 0.1, y), (r.right + r.w * 0.1, y), max(2, r.w // 8)
        )


@lru_cache(maxsize=64)
def action_card(material: str, w: int, h: int) -> pygame.Surface:
    """An action card: one material and "+1"."""
    surf, rect = _card_base(w, h)
    band = pygame.Rect(rect.x, rect.y, rect.w, round(h * 0.2))
    pygame.draw.rect(
        surf,
        theme.mix(MATERIAL_COLOURS[material], theme.IVORY, 0.55),
        band,
        border_top_left_radius=max(2, round(w * 0.08)),
        border_top_right_radius=max(2, round(w * 0.08)),
    )
    label = theme.text("+1", text_size(h * 0.17), theme.GOLD_DARK, bold=True)
    # The "+1" sits at the foot; the material fills what is left below the band.
    label_y = min(h * 0.86, rect.bottom - label.get_height() * 0.42)
    top, bottom = band.bottom, label_y - label.get_height() * 0.32
    t = token(material, max(6, round(min(w * 0.7, h * 0.5, bottom - top))))
    surf.blit(t, t.get_rect(center=(rect.centerx, round(min(h * 0.52, (top + bottom) / 2)))))
    surf.blit(label, label.get_rect(center=(rect.centerx, round(label_y))))
    return _convert(surf)


@lru_cache(maxsize=32)
def card_back(w: int, h: int, kind: str = "action") -> pygame.Surface:
    """The back of a card: burgundy with a gold lattice (palace cards) or a star (action)."""
    surf, rect = _card_base(w, h, CARD_BACK if kind == "action" else (40, 70, 80))
    inner = rect.inflate(-round(w * 0.16), -round(w * 0.16))
    line = max(1, round(w * 0.02))
    pygame.draw.rect(surf, theme.GOLD_DARK, inner, line, border_radius=max(2, round(w * 0.06)))
    c = inner.center
    r = min(inner.w, inner.h) * 0.3
    if kind == "action":
        pts = [
            (
                c[0] + math.cos(a) * (r if i % 2 == 0 else r * 0.45),
                c[1] + math.sin(a) * (r if i % 2 == 0 else r * 0.45),
            )
            for i, a in enumerate(-math.pi / 2 + k * math.pi / 4 for k in range(16))
        ]
        pygame.draw.polygon(surf, theme.GOLD, pts, line)
    else:
        dome = pygame.Rect(0, 0, r * 1.6, r * 1.6)
        dome.center = (c[0], round(c[1] + r * 0.1))
        pygame.draw.arc(surf, theme.GOLD, dome, 0, math.pi, max(1, line * 2))
        pygame.draw.line(surf, theme.GOLD, (dome.x, dome.centery), (dome.right, dome.centery), line)
        pygame.draw.line(surf, theme.GOLD, (c[0], dome.y - r * 0.4), (c[0], dome.y), line)
    return _convert(surf)


def harbour_bonus(
    surf: pygame.Surface, field: int, centre: tuple[float, float], size: float, colour: Colour
) -> None:
    """What a harbour field gives besides its materials: 1 an action card, 2 a card taken out,
    3 the vizier, 4 nothing more."""
    x, y = centre
    line = max(1, round(size * 0.1))
    if field in (1, 2):
        card = pygame.Rect(0, 0, size * 0.6, size * 0.84)
        card.center = (round(x), round(y))
        pygame.draw.rect(surf, colour, card, line, border_radius=max(1, round(size * 0.1)))
        if field == 1:
            pygame.draw.line(surf, colour, (x, y - size * 0.2), (x, y + size * 0.2), line)
            pygame.draw.line(surf, colour, (x - size * 0.2, y), (x + size * 0.2, y), line)
        else:
            d = size * 0.18
            pygame.draw.line(surf, colour, (x - d, y - d), (x + d, y + d), line)
            pygame.draw.line(surf, colour, (x - d, y + d), (x + d, y - d), line)
    elif field == 3:
        v = vizier(max(6, round(size)))
        surf.blit(v, v.get_rect(center=(round(x), round(y))))


@lru_cache(maxsize=64)
def harbour_card(field: int, w: int, h: int) -> pygame.Surface:
    """The visible side of a player's harbour card: the harbour field it lets him take."""
    surf, rect = _card_base(w, h, (214, 232, 238))
    wave = pygame.Rect(rect.x, round(rect.bottom - h * 0.3), rect.w, round(h * 0.3))
    pygame.draw.rect(
        surf,
        WATER_LIGHT,
        wave,
        border_bottom_left_radius=max(2, round(w * 0.08)),
        border_bottom_right_radius=max(2, round(w * 0.08)),
    )
    size = text_size(h * 0.34)
    label = theme.text(str(field), size, WATER, bold=True)
    if size > h * 0.45:
        # Too small for both: the number alone tells the field (its bonus is on the harbour).
        surf.blit(label, label.get_rect(center=(rect.centerx, round(rect.centery - h * 0.06))))
        return _convert(surf)
    surf.blit(label, label.get_rect(center=(rect.centerx, round(h * 0.3))))
    harbour_bonus(surf, field, (rect.centerx, rect.bottom - h * 0.16), h * 0.22, theme.IVORY)
    return _convert(surf)


# ---------------------------------------------------------------------- highlights


@lru_cache(maxsize=256)
def glow(w: int, h: int, level: int, radius: int) -> pygame.Surface:
    """A gold glow over a legal target; `level` (0–12) is how bright it is."""
    pad = max(3, round(min(w, h) * 0.08))
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    t = level / 12
    inner = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, (255, 236, 150, round(20 + 40 * t)), inner, border_radius=radius)
    width = max(2, round(pad * 0.5))
    for i in range(3):
        alpha = round((90 + 50 * i) * (0.5 + 0.5 * t))
        rect = inner.inflate((2 - i) * width * 2, (2 - i) * width * 2)
        pygame.draw.rect(
            surf, (255, 226, 110, alpha), rect, width, border_radius=radius + (2 - i) * width
        )
    return surf


@lru_cache(maxsize=64)
def veil(w: int, h: int, radius: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (10, 20, 20, 130), surf.get_rect(), border_radius=radius)
    return surf


@lru_cache(maxsize=64)
def outline(w: int, h: int, radius: int, width: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*theme.GOLD_LIGHT, 255), surf.get_rect(), width, border_radius=radius)
    return surf


@lru_cache(maxsize=128)
def shadow(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 70), surf.get_rect())
    return surf


@lru_cache(maxsize=64)
def banner(label: str, size: int) -> pygame.Surface:
    """A gold banner with `label` (treasury scoring, game over)."""
    text = theme.text(label, size, theme.INK, bold=True)
    box = pygame.Surface((text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
    box.blit(text, text.get_rect(center=box.get_rect().center))
    return box


# ---------------------------------------------------------------------- board regions


class Pen:
    """Draws world-unit shapes onto a region surface at scale `s` (world origin `ox`, `oy`)."""

    def __init__(self, surf: pygame.Surface, s: float, ox: float, oy: float) -> None:
        self.surf, self.s, self.ox, self.oy = surf, s, ox, oy
        self._layer: pygame.Surface | None = None

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.ox) * self.s, (y - self.oy) * self.s

    def r(self, rect: pygame.FRect) -> pygame.Rect:
        x, y = self.p(rect.x, rect.y)
        return pygame.Rect(round(x), round(y), round(rect.w * self.s), round(rect.h * self.s))

    def n(self, units: float) -> int:
        return max(1, round(units * self.s))

    def size(self, units: float) -> int:
        """The type size for text `units` tall, never below `MIN_TEXT`."""
        return text_size(units * self.s)

    def at_least(self, units: float, px: float) -> float:
        """`units`, or more where that would be under `px` pixels on screen."""
        return max(units, px / self.s)

    def _target(self, colour) -> pygame.Surface:
        # pygame.draw writes alpha instead of blending it: translucent shapes (shadows) are
        # drawn on a layer and blended on.
        if len(colour) == 4 and colour[3] < 255:
            if self._layer is None:
                self._layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
            self._layer.fill((0, 0, 0, 0))
            return self._layer
        return self.surf

    def _done(self, target: pygame.Surface) -> None:
        if target is not self.surf:
            self.surf.blit(target, (0, 0))

    def rect(self, rect, colour, width=0, radius=0) -> None:
        target = self._target(colour)
        pygame.draw.rect(
            target,
            colour,
            self.r(rect),
            self.n(width) if width else 0,
            border_radius=self.n(radius) if radius else -1,
        )
        self._done(target)

    def circle(self, centre, r, colour, width=0) -> None:
        target = self._target(colour)
        pygame.draw.circle(
            target, colour, self.p(*centre), max(1, r * self.s), self.n(width) if width else 0
        )
        self._done(target)

    def poly(self, points, colour, width=0) -> None:
        target = self._target(colour)
        pygame.draw.polygon(
            target, colour, [self.p(x, y) for x, y in points], self.n(width) if width else 0
        )
        self._done(target)

    def line(self, a, b, colour, width=1.0) -> None:
        target = self._target(colour)
        pygame.draw.line(target, colour, self.p(*a), self.p(*b), self.n(width))
        self._done(target)

    def text(
        self,
        s: str,
        units: float,
        pos,
        colour=theme.TEXT,
        bold=False,
        anchor="center",
        width: float | None = None,
    ) -> None:
        size = self.size(units)
        if width is not None:
            s = theme.fit_text(s, size, max(10, round(width * self.s)), bold)
        surf = theme.text(s, size, colour, bold)
        x, y = self.p(*pos)
        self.surf.blit(surf, surf.get_rect(**{anchor: (round(x), round(y))}))

    def blit(self, surf: pygame.Surface, centre) -> None:
        x, y = self.p(*centre)
        self.surf.blit(surf, surf.get_rect(center=(round(x), round(y))))


def region_surface(rect: pygame.FRect, s: float) -> tuple[pygame.Surface, Pen]:
    surf = pygame.Surface((max(1, round(rect.w * s)), max(1, round(rect.h * s))), pygame.SRCALPHA)
    return surf, Pen(surf, s, rect.x, rect.y)


def board_panel(pen: Pen, rect: pygame.FRect, fill: Colour, radius: float = 14) -> None:
    """A board piece with a soft shadow and a thin gold edge."""
    pen.rect(rect.move(4, 5), (0, 0, 0, 70), radius=radius)
    pen.rect(rect, fill, radius=radius)
    pen.rect(rect, theme.GOLD_DARK, width=2, radius=radius)


@lru_cache(maxsize=8)
def garden(s: float, fields: tuple, balconies: tuple, palace: tuple, area: tuple) -> pygame.Surface:
    """The palace garden: lawn, paths, the palace seen from above with its balconies, and the
    8 numbered garden fields."""
    g = pygame.FRect(area)
    surf, pen = region_surface(g, s)
    board_panel(pen, g.inflate(-4, -4), (36, 84, 56), radius=22)
    p = pygame.FRect(palace)
    # A sand path from each field to its balcony on the palace.
    for f, b in zip(fields, balconies, strict=True):
        fr = pygame.FRect(f)
        pen.line(b, fr.center, (150, 140, 100), 22)
        pen.line(b, fr.center, (196, 176, 130), 16)
    for f, number in zip(fields, range(1, 9), strict=True):
        fr = pygame.FRect(f)
        pen.rect(fr.move(3, 4), (0, 0, 0, 60), radius=12)
        pen.rect(fr, LAWN, radius=12)
        pen.rect(fr.inflate(-10, -10), LAWN_LIGHT, width=2, radius=9)
        pen.rect(fr, HEDGE, width=5, radius=12)
        r = pen.at_least(15, pen.size(20) * 0.72)
        badge = (fr.x + r + 5, fr.y + r + 5)
        pen.circle(badge, r, theme.IVORY)
        pen.circle(badge, r, theme.GOLD_DARK, 2)
        pen.text(str(number), 20, badge, theme.INK, bold=True)
        # Three plinths for the levels.
        for k in range(3):
            plinth = pygame.FRect(fr.x + 12 + k * 44, fr.bottom - 22, 38, 10)
            pen.rect(plinth, (40, 80, 46), radius=4)
    _palace(pen, p)
    for bx, by in balconies:
        pen.circle((bx + 3, by + 4), 22, (0, 0, 0, 70))
        pen.circle((bx, by), 22, theme.GOLD_DARK)
        pen.circle((bx, by), 18, (236, 214, 170))
        pen.circle((bx, by), 22, theme.GOLD, 2)
        pen.circle((bx, by), 14, (214, 190, 140), 1)
    return _convert(surf)


def _palace(pen: Pen, p: pygame.FRect) -> None:
    """The palace from above: crenellated walls, a marble court, corner towers, a gold dome."""
    pen.rect(p.move(6, 7), (0, 0, 0, 80), radius=8)
    pen.rect(p, SANDSTONE_WALL, radius=8)
    court = p.inflate(-46, -46)
    pen.rect(court, MARBLE, radius=6)
    tile = 22.0
    y = court.y
    row = 0
    while y < court.bottom - 1:
        x = court.x + (tile / 2 if row % 2 else 0)
        while x < court.right - 1:
            cell = pygame.FRect(x, y, min(tile, court.right - x), min(tile, court.bottom - y))
            pen.rect(cell, (222, 212, 190), width=1)
            x += tile
        y += tile
        row += 1
    pen.rect(court, SANDSTONE_DARK, width=3, radius=6)
    # Crenellations along the outer wall.
    step = 22.0
    for edge in ("top", "bottom"):
        yy = p.y + 3 if edge == "top" else p.bottom - 11
        x = p.x + 14
        while x < p.right - 20:
            pen.rect(pygame.FRect(x, yy, 12, 8), SANDSTONE_DARK, radius=2)
            x += step
    for edge in ("left", "right"):
        xx = p.x + 3 if edge == "left" else p.right - 11
        yy = p.y + 14
        while yy < p.bottom - 20:
            pen.rect(pygame.FRect(xx, yy, 8, 12), SANDSTONE_DARK, radius=2)
            yy += step
    pen.rect(p, SANDSTONE_DARK, width=3, radius=8)
    for cx, cy in ((p.x, p.y), (p.right, p.y), (p.x, p.bottom), (p.right, p.bottom)):
        tower = pygame.FRect(cx - 20, cy - 20, 40, 40)
        pen.rect(tower, SANDSTONE_DARK, radius=4)
        pen.rect(tower.inflate(-8, -8), SANDSTONE_WALL, radius=3)
        pen.poly([(cx - 12, cy + 12), (cx, cy), (cx + 12, cy + 12)], SANDSTONE_DARK)
        pen.poly(
            [(cx - 12, cy - 12), (cx, cy), (cx - 12, cy + 12)],
            theme.mix(SANDSTONE_WALL, (255, 255, 255), 0.25),
        )
    c = p.center
    pen.circle((c[0] + 5, c[1] + 6), 52, (0, 0, 0, 70))
    pen.circle(c, 52, theme.GOLD_DARK)
    pen.circle((c[0] - 4, c[1] - 4), 46, theme.GOLD)
    for k in range(12):
        a = k * math.pi / 6
        pen.line(c, (c[0] + math.cos(a) * 50, c[1] + math.sin(a) * 50), theme.GOLD_DARK, 2)
    pen.circle((c[0] - 14, c[1] - 16), 14, theme.GOLD_LIGHT)
    pen.circle(c, 8, theme.GOLD_DARK)


@lru_cache(maxsize=8)
def right_column(
    s: float,
    area: tuple,
    display: tuple,
    surcharges: tuple,
    deck: tuple,
    serail: tuple,
    spaces_used: int,
    spaces: tuple,
    treasury: tuple,
    harbour: tuple,
    harbour_fields: tuple,
    supply: tuple,
    piles: tuple,
    labels: tuple,
) -> pygame.Surface:
    """The right side of the board: building fields with their gold surcharges, the serail
    track (unused spaces closed), the treasury vault, the harbour and the supply."""
    a = pygame.FRect(area)
    surf, pen = region_surface(a, s)
    serail_label, treasury_label, harbour_label, supply_label = labels
    # Building fields.
    for i, (slot, extra) in enumerate(zip(display, surcharges, strict=True)):
        r = pygame.FRect(slot)
        pen.rect(r.inflate(8, 8), (0, 0, 0, 60), radius=12)
        pen.rect(r.inflate(8, 8), theme.GOLD_DARK, width=2, radius=12)
        sr = pygame.FRect(extra)
        pen.text(str(i + 1), 16, (r.x + 6, sr.centery), theme.TEXT_DIM, anchor="midleft")
        if i == 0:
            pen.text("±0", 18, sr.center, theme.TEXT_DIM)
        else:
            for k in range(i):
                cx = sr.centerx - (i - 1) * 15 + k * 30
                pen.circle((cx + 2, sr.centery + 2), 12, (0, 0, 0, 80))
                pen.circle((cx, sr.centery), 12, (190, 150, 30))
                pen.circle((cx - 1, sr.centery - 1), 9, MATERIAL_COLOURS["gold"])
                arm = 5
                plus = (120, 90, 10)
                pen.line((cx - arm, sr.centery - 1), (cx + arm, sr.centery - 1), plus, 2)
                pen.line((cx, sr.centery - 1 - arm), (cx, sr.centery - 1 + arm), plus, 2)
    d = pygame.FRect(deck)
    pen.rect(d.inflate(8, 8), (0, 0, 0, 50), radius=12)
    # Serail: a track of spaces with arrows; spaces beyond the players' count are closed.
    sr = pygame.FRect(serail)
    board_panel(pen, sr, (74, 36, 60), radius=12)
    pen.text(
        serail_label, 18, (sr.x + 12, sr.y + 16), theme.GOLD_LIGHT, bold=True, anchor="midleft"
    )
    for i, (x, y) in enumerate(spaces):
        used = i < spaces_used
        pen.circle((x, y), 21, (40, 16, 32) if used else (60, 40, 54))
        pen.circle((x, y), 21, theme.GOLD if used else (110, 90, 100), 2)
        if used:
            pen.text(str(i + 1), 16, (x, y), (130, 96, 120), bold=True)
        else:
            pen.line((x - 10, y - 10), (x + 10, y + 10), (110, 90, 100), 3)
            pen.line((x - 10, y + 10), (x + 10, y - 10), (110, 90, 100), 3)
        if i + 1 < len(spaces):
            nx = spaces[i + 1][0]
            pen.poly(
                [((x + nx) / 2 - 3, y - 5), ((x + nx) / 2 + 4, y), ((x + nx) / 2 - 3, y + 5)],
                theme.GOLD_DARK,
            )
    # Treasury vault.
    t = pygame.FRect(treasury)
    board_panel(pen, t, (70, 50, 30), radius=12)
    pen.text(
        treasury_label,
        18,
        (t.x + 12, t.y + 16),
        theme.GOLD_LIGHT,
        bold=True,
        anchor="midleft",
        width=t.w - 20,
    )
    # Harbour: water and four quays with their numbers and bonuses.
    h = pygame.FRect(harbour)
    board_panel(pen, h, WATER, radius=14)
    for k in range(5):
        yy = h.y + 30 + k * 26
        pen.line((h.x + 12, yy), (h.right - 12, yy), (40, 104, 138), 2)
    pen.text(harbour_label, 18, (h.x + 12, h.y + 14), theme.IVORY, bold=True, anchor="midleft")
    for i, fr in enumerate(harbour_fields):
        r = pygame.FRect(fr)
        pen.rect(r.move(3, 4), (0, 0, 0, 60), radius=10)
        pen.rect(r, WOOD, radius=10)
        for k in range(1, 4):
            pen.line(
                (r.x + 4, r.y + k * r.h / 4),
                (r.right - 4, r.y + k * r.h / 4),
                theme.mix(WOOD, (0, 0, 0), 0.25),
                2,
            )
        pen.rect(r, (70, 48, 28), width=3, radius=10)
        radius = pen.at_least(14, pen.size(18) * 0.72)
        badge = (r.x + radius + 4, r.y + radius + 4)
        pen.circle(badge, radius, theme.IVORY)
        pen.text(str(i + 1), 18, badge, WATER, bold=True)
        harbour_bonus(surf, i + 1, pen.p(r.right - 20, r.y + 18), 26 * s, theme.IVORY)
        cap = HARBOUR_CAPACITY[i]
        between = (badge[0] + radius + r.right - 33) / 2
        pen.text("×" + str(cap), 14, (between, r.y + 18), (230, 210, 180))
    # Supply.
    sp = pygame.FRect(supply)
    board_panel(pen, sp, (24, 58, 54), radius=12)
    pen.text(
        supply_label, 18, (sp.x + 12, sp.y + 16), theme.GOLD_LIGHT, bold=True, anchor="midleft"
    )
    pl = pygame.FRect(piles)
    board_panel(pen, pl, (24, 58, 54), radius=12)
    return _convert(surf)


def quarter_band(s: float, lines: int) -> float:
    """How tall (world units) the name band of a quarter is when its name takes `lines` lines
    at scale `s`; 0 when every name fits on one line beneath the skyline."""
    if lines <= 1:
        return 0.0
    size = text_size(18 * s)
    return (lines * line_height(size) + 6) / s


@lru_cache(maxsize=32)
def quarter_tile(
    quarter: str,
    s: float,
    rect: tuple,
    name: tuple[str, ...],
    band_lines: int,
    badge: tuple,
    gives: str,
    swaps: str,
) -> pygame.Surface:
    """A city quarter: rooftops, its name and its action badge (the material it hands out, or
    the swap it allows).

    `name` is the name in lines. When some quarter's name needs `band_lines` > 1 lines (a
    small board), every quarter shows its name in a band of that many lines across the top
    instead of beneath the skyline, so the names stay whole and at least `MIN_TEXT` px."""
    r = pygame.FRect(rect)
    surf, pen = region_surface(r.inflate(8, 8), s)
    board_panel(pen, r, (226, 208, 170), radius=14)
    roof = (196, 168, 120)
    band = quarter_band(s, band_lines)
    if band:
        top = pygame.FRect(r.x + 2, r.y + 2, r.w - 4, band)
        pen.rect(top, roof, radius=12)
        pen.rect(pygame.FRect(r.x + 6, top.bottom, r.w - 12, 3), (176, 146, 100))
        size = pen.size(18)
        step = line_height(size) / s
        y = top.centery - step * (len(name) - 1) / 2
        for i, line in enumerate(name):
            pen.text(line, 18, (r.centerx, y + i * step), theme.INK, bold=True)
    else:
        # A skyline of roofs and domes along the top.
        base = r.y + 26
        x = r.x + 8
        k = 0
        while x < r.right - 20:
            w = 26 if k % 3 else 34
            if k % 3 == 1:
                pen.circle((x + w / 2, base - 6), w / 2 - 2, roof)
            else:
                pen.poly([(x, base), (x + w / 2, base - 16), (x + w, base)], roof)
            x += w + 2
            k += 1
        pen.rect(pygame.FRect(r.x + 6, base, r.w - 12, 3), (176, 146, 100))
        pen.text(" ".join(name), 18, (r.centerx, r.y + 42), theme.INK, bold=True)
    b = pygame.FRect(badge)
    pen.rect(b, theme.IVORY, radius=10)
    pen.rect(b, theme.GOLD_DARK, width=2, radius=10)
    if gives:
        plus_w = theme.font(pen.size(15), True).size("+1")[0]
        if plus_w + 26 * s > (b.w - 4) * s:
            # "+1" would crowd the token at the smallest type size: a drawn plus tells it.
            t = token(gives, max(6, round(30 * s)))
            pen.blit(t, (b.centerx - 4, b.centery - 4))
            cx, cy, arm = b.right - 11, b.bottom - 11, 7
            pen.circle((cx, cy), arm + 3, theme.GOLD_DARK)
            pen.line((cx - arm + 2, cy), (cx + arm - 2, cy), theme.IVORY, 3)
            pen.line((cx, cy - arm + 2), (cx, cy + arm - 2), theme.IVORY, 3)
        else:
            t = token(gives, max(6, round(26 * s)))
            pen.blit(t, (b.centerx - 6, b.centery))
            pen.text("+1", 15, (b.right - 12, b.bottom - 10), theme.GOLD_DARK, bold=True)
    else:
        left, right = swaps.split(">")
        pen.text("⇄", 22, (b.centerx, b.centery + 8), theme.INK, bold=True)
        t1 = token(left, max(6, round(20 * s)))
        t2 = token(right, max(6, round(20 * s)))
        pen.blit(t1, (b.x + 14, b.y + 14))
        pen.blit(t2, (b.right - 14, b.y + 14))
    return _convert(surf)


@lru_cache(maxsize=16)
def tray(s: float, rect: tuple, seat: int, own: bool) -> pygame.Surface:
    """A player's tray: a dark panel edged in the player's colour."""
    r = pygame.FRect(rect)
    surf, pen = region_surface(r.inflate(8, 8), s)
    colour = theme.player_colour(seat).rgb
    inner = r.inflate(-4, -4)
    pen.rect(inner.move(3, 4), (0, 0, 0, 70), radius=14)
    pen.rect(inner, (12, 38, 35, 235), radius=14)
    pen.rect(pygame.FRect(inner.x, inner.y, 10, inner.h), colour, radius=4)
    pen.rect(inner, theme.mix(colour, theme.GOLD_DARK, 0.5), width=2, radius=14)
    return _convert(surf)
