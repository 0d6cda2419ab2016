"""Gems drawn with polygons and soft light: each kind has a colour AND a shape.

Colour-blind players tell them apart by the cut: ruby faceted oval, emerald step-cut rectangle,
sapphire cushion, amethyst hexagon, pearl circle with a sheen, topaz pear, diamond brilliant,
garnet trillion (triangle), tourmaline marquise (pointed at both ends), opal wide cabochon with
flecks of fire, turquoise heart with dark veins, agate lozenge with light bands.
Each drawn gem is cached as a surface per (kind, size).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from client.ui.theme import Colour, mix


@dataclass(frozen=True)
class GemKind:
    colour: Colour
    cut: str


GEMS: dict[str, GemKind] = {
    "ruby": GemKind((192, 20, 60), "oval"),
    "emerald": GemKind((15, 138, 95), "step"),
    "sapphire": GemKind((31, 79, 184), "cushion"),
    "amethyst": GemKind((142, 68, 173), "hexagon"),
    "pearl": GemKind((237, 230, 218), "round"),
    "topaz": GemKind((242, 169, 0), "pear"),
    "diamond": GemKind((235, 242, 250), "brilliant"),
    "garnet": GemKind((122, 16, 38), "trillion"),
    "tourmaline": GemKind((214, 78, 142), "marquise"),
    "opal": GemKind((206, 222, 236), "cabochon"),
    "turquoise": GemKind((40, 176, 174), "heart"),
    "agate": GemKind((190, 104, 44), "lozenge"),
}


def _outline(cut: str, c: float, r: float) -> list[tuple[float, float]]:
    """The gem's outline around (c, c) within radius r."""
    if cut == "oval":
        return [(c + math.cos(a) * r * 0.78, c + math.sin(a) * r) for a in _angles(16)]
    if cut == "step":
        w, h, k = r * 0.78, r * 0.98, r * 0.24
        return [
            (c - w + k, c - h),
            (c + w - k, c - h),
            (c + w, c - h + k),
            (c + w, c + h - k),
            (c + w - k, c + h),
            (c - w + k, c + h),
            (c - w, c + h - k),
            (c - w, c - h + k),
        ]
    if cut == "cushion":
        pts = []
        for a in _angles(32):
            ca, sa = math.cos(a), math.sin(a)
            # A squircle: a square with softly rounded corners.
            d = (abs(ca) ** 4 + abs(sa) ** 4) ** -0.25
            pts.append((c + ca * d * r * 0.86, c + sa * d * r * 0.86))
        return pts
    if cut == "hexagon":
        return [(c + math.cos(a) * r, c + math.sin(a) * r) for a in _angles(6, math.pi / 6)]
    if cut == "pear":
        pts = []
        for a in _angles(28):
            # A teardrop pointing up: round at the bottom, narrowing to a tip.
            x = math.cos(a) * r * 0.78 * (0.55 + 0.45 * (1 + math.sin(a)) / 2)
            y = math.sin(a) * r * 0.98
            pts.append((c + x, c + y + r * 0.02))
        return pts
    if cut == "trillion":
        pts = []
        for k in range(3):
            # A triangle with its corners cut a little, point down.
            a = math.pi / 2 + 2 * math.pi * k / 3
            for d in (-0.16, 0.16):
                pts.append(
                    (c + math.cos(a + d) * r * 0.98, c - r * 0.06 + math.sin(a + d) * r * 0.98)
                )
        return pts
    if cut == "marquise":
        pts = []
        for a in _angles(28):
            # Pointed at top and bottom: the width shrinks to nothing at the tips.
            x = math.cos(a) * r * 0.55 * abs(math.cos(a)) ** 0.35
            pts.append((c + x, c + math.sin(a) * r))
        return pts
    if cut == "cabochon":
        return [(c + math.cos(a) * r, c + math.sin(a) * r * 0.68) for a in _angles(28)]
    if cut == "heart":
        pts = []
        for a in _angles(32, 0.0):
            x = 16 * math.sin(a) ** 3
            y = 13 * math.cos(a) - 5 * math.cos(2 * a) - 2 * math.cos(3 * a) - math.cos(4 * a)
            pts.append((c + x * r / 16.5, c - y * r / 16.5 - r * 0.08))
        return pts
    if cut == "lozenge":
        return [(c, c - r), (c + r * 0.8, c), (c, c + r), (c - r * 0.8, c)]
    return [(c + math.cos(a) * r, c + math.sin(a) * r) for a in _angles(24)]


def _angles(n: int, start: float = -math.pi / 2) -> list[float]:
    return [start + 2 * math.pi * i / n for i in range(n)]


@lru_cache(maxsize=512)
def gem_surface(kind: str, size: int) -> pygame.Surface:
    """A gem of `kind` fitting a `size`×`size` square, with its shadow and highlight."""
    gem = GEMS[kind]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    r = size * 0.42
    outline = _outline(gem.cut, c, r)
    shadow = [(x + size * 0.04, y + size * 0.05) for x, y in outline]
    pygame.draw.polygon(surf, (0, 0, 0, 90), shadow)
    dark = mix(gem.colour, (0, 0, 0), 0.45)
    pygame.draw.polygon(surf, dark, outline)
    # Light from the top left: shrink the outline toward that side in lighter steps.
    for i, t in enumerate((0.9, 0.72, 0.5)):
        shade = mix(gem.colour, (255, 255, 255), 0.12 * i)
        ox, oy = c - (1 - t) * r * 0.35, c - (1 - t) * r * 0.4
        pts = [(ox + (x - c) * t, oy + (y - c) * t) for x, y in outline]
        pygame.draw.polygon(surf, shade if i else gem.colour, pts)
    line = max(1, round(size / 28))
    if gem.cut in ("oval", "cushion", "brilliant", "pear", "trillion", "marquise"):
        table = [(c + (x - c) * 0.45, c - r * 0.05 + (y - c) * 0.45) for x, y in outline]
        light = mix(gem.colour, (255, 255, 255), 0.35)
        pygame.draw.polygon(surf, light, table, line)
        for (x0, y0), (x1, y1) in zip(outline[::2], table[::2], strict=False):
            pygame.draw.line(surf, mix(gem.colour, (255, 255, 255), 0.25), (x0, y0), (x1, y1), line)
    elif gem.cut in ("step", "hexagon"):
        for t in (0.72, 0.45):
            pts = [(c + (x - c) * t, c + (y - c) * t) for x, y in outline]
            pygame.draw.polygon(surf, mix(gem.colour, (255, 255, 255), 0.3), pts, line)
    _markings(surf, gem, c, r, line)
    pygame.draw.polygon(surf, mix(gem.colour, (0, 0, 0), 0.6), outline, line)
    glint = (round(c - r * 0.35), round(c - r * 0.45))
    pygame.draw.circle(surf, (255, 255, 255, 200), glint, max(1, round(size * 0.07)))
    if gem.cut == "brilliant":
        for dx, dy, s in ((0.55, -0.55, 0.16), (-0.6, 0.35, 0.11)):
            _sparkle(surf, (c + dx * r, c + dy * r), size * s)
    if gem.cut == "round":
        pygame.draw.circle(
            surf, (255, 255, 255, 110), (round(c - r * 0.2), round(c - r * 0.2)), round(r * 0.45)
        )
    return surf


def _markings(surf: pygame.Surface, gem: GemKind, c: float, r: float, line: int) -> None:
    """What a stone shows inside: an opal's fire, a turquoise's veins, an agate's bands."""
    if gem.cut == "cabochon":
        fire = [(230, 90, 150), (80, 200, 120), (70, 140, 230), (240, 180, 60), (150, 90, 220)]
        spots = (
            (-0.5, 0.08),
            (-0.2, -0.28),
            (0.12, -0.05),
            (0.42, -0.22),
            (0.38, 0.25),
            (-0.1, 0.32),
        )
        for i, (dx, dy) in enumerate(spots):
            w = r * (0.34 if i % 2 else 0.24)
            pygame.draw.ellipse(
                surf,
                (*fire[i % len(fire)], 120),
                pygame.Rect(c + dx * r - w / 2, c + dy * r - w / 4, w, w / 2),
            )
    elif gem.cut == "heart":
        vein = mix(gem.colour, (40, 30, 20), 0.6)
        pts = [(-0.5, -0.1), (-0.15, 0.05), (0.05, -0.2), (0.35, 0.0), (0.5, -0.15)]
        pygame.draw.lines(surf, vein, False, [(c + x * r, c + y * r) for x, y in pts], line)
        pygame.draw.line(
            surf, vein, (c - 0.15 * r, c + 0.05 * r), (c - 0.05 * r, c + 0.4 * r), line
        )
    elif gem.cut == "lozenge":
        band = mix(gem.colour, (255, 240, 220), 0.55)
        for t in (0.8, 0.58, 0.36):
            pts = [(c, c - r * t), (c + r * 0.8 * t, c), (c, c + r * t), (c - r * 0.8 * t, c)]
            pygame.draw.polygon(surf, band, pts, max(1, line))


def _sparkle(surf: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    x, y = centre
    pts = [
        (x, y - r),
        (x + r * 0.2, y - r * 0.2),
        (x + r, y),
        (x + r * 0.2, y + r * 0.2),
        (x, y + r),
        (x - r * 0.2, y + r * 0.2),
        (x - r, y),
        (x - r * 0.2, y - r * 0.2),
    ]
    pygame.draw.polygon(surf, (255, 255, 255, 230), pts)


def draw_gem(surface: pygame.Surface, kind: str, centre: tuple[float, float], size: float) -> None:
    """Blit a cached gem of `kind`, `size` px across, centred on `centre`."""
    s = max(4, round(size))
    gem = gem_surface(kind, s)
    surface.blit(gem, gem.get_rect(center=(round(centre[0]), round(centre[1]))))
