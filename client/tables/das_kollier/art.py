"""The drawn things of Das Kollier, each cached as a surface per pixel size: gem cards and their
backs, round cards, the bank's strongbox, coins, the gavel, and a necklace strung symmetrically
around its centre gem.

Gems keep the shared cuts of client/ui/gems.py, so colour and shape both tell the ten kinds apart.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import pygame

from client.tables.das_kollier.words import gem_title, number
from client.ui import theme
from client.ui.gems import GEMS, draw_gem
from shared.games.das_kollier.gems import RANK, VALUE

# The game's gem ids and the shared drawing of each (colour and cut).
GEM_ART: dict[str, str] = {
    "diamant": "diamond",
    "rubin": "ruby",
    "topas": "topaz",
    "smaragd": "emerald",
    "granat": "garnet",
    "turmalin": "tourmaline",
    "amethyst": "amethyst",
    "opal": "opal",
    "tuerkis": "turquoise",
    "achat": "agate",
}
CARD_RATIO = 1.4
BACK = (92, 18, 40)
BACK_DARK = (58, 8, 24)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def gem(surface: pygame.Surface, kind: str, centre: tuple[float, float], size: float) -> None:
    """One of the game's gems, `size` px across."""
    draw_gem(surface, GEM_ART[kind], centre, size)


def gem_colour(kind: str) -> theme.Colour:
    return GEMS[GEM_ART[kind]].colour


@lru_cache(maxsize=256)
def card_face(kind: str, w: int, lang: str) -> pygame.Surface:
    """An ivory gem card `w` px wide: the name on top, the stone, its base value below.
    (`lang` keys the cache: the name is written in the UI language.)"""
    w = max(12, w)
    h = round(w * CARD_RATIO)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(w * 0.09))
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.IVORY, rect, border_radius=radius)
    # A wash of the stone's colour behind it, so a card is known from afar.
    wash = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(
        wash, (*gem_colour(kind), 46), pygame.Rect(w * 0.08, h * 0.2, w * 0.84, h * 0.6)
    )
    surf.blit(wash, (0, 0))
    pygame.draw.rect(surf, theme.GOLD, rect, max(1, round(w * 0.03)), border_radius=radius)
    inner = rect.inflate(-round(w * 0.12), -round(w * 0.12))
    pygame.draw.rect(surf, theme.IVORY_SHADE, inner, max(1, round(w * 0.012)), border_radius=radius)
    gem(surf, kind, (w / 2, h * 0.5), w * 0.62)
    if w >= 40:
        name_size = max(8, round(w * 0.15))
        title = gem_title(kind)
        while name_size > 8 and theme.font(name_size, True).size(title)[0] > w * 0.86:
            name_size -= 1
        # A long name on a small card drops to the regular weight before it is shortened.
        bold = theme.font(name_size, True).size(title)[0] <= w * 0.86
        title = theme.fit_text(title, name_size, round(w * 0.9), bold=bold)
        label = theme.text(title, name_size, theme.GOLD_DARK, bold=bold)
        surf.blit(label, label.get_rect(midtop=(w / 2, h * 0.06)))
    value_size = max(8, round(w * (0.17 if w >= 40 else 0.22)))
    value = theme.text(number(VALUE[kind]), value_size, theme.INK, bold=True)
    surf.blit(value, value.get_rect(midbottom=(w / 2, h - h * 0.05)))
    return _ready(surf)


@lru_cache(maxsize=32)
def card_back(w: int) -> pygame.Surface:
    """The back of a gem card: burgundy with a gold lattice and a small diamond."""
    w = max(12, w)
    h = round(w * CARD_RATIO)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(w * 0.09))
    rect = surf.get_rect()
    pygame.draw.rect(surf, BACK, rect, border_radius=radius)
    inner = rect.inflate(-round(w * 0.16), -round(w * 0.16))
    pygame.draw.rect(surf, BACK_DARK, inner, border_radius=radius)
    line = max(1, round(w * 0.015))
    step = max(4, w / 6)
    clip = surf.get_clip()
    surf.set_clip(inner)
    k = -h
    while k < w + h:
        pygame.draw.line(
            surf, theme.GOLD_DARK, (inner.x + k, inner.y), (inner.x + k + h, inner.bottom), line
        )
        pygame.draw.line(
            surf, theme.GOLD_DARK, (inner.x + k + h, inner.y), (inner.x + k, inner.bottom), line
        )
        k += step
    surf.set_clip(clip)
    pygame.draw.circle(surf, BACK_DARK, (w / 2, h / 2), w * 0.22)
    draw_gem(surf, "diamond", (w / 2, h / 2), w * 0.36)
    pygame.draw.rect(surf, theme.GOLD, rect, max(1, round(w * 0.03)), border_radius=radius)
    return _ready(surf)


@lru_cache(maxsize=32)
def card_shadow(w: int) -> pygame.Surface:
    """A soft shadow under a card, toward the bottom right."""
    h = round(w * CARD_RATIO)
    surf = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.rect(
            surf,
            (0, 0, 0, 26),
            pygame.Rect(4 - i + 3, 4 - i + 4, w + i * 2 - 6, h + i * 2 - 6),
            border_radius=max(2, round(w * 0.09)) + i,
        )
    return _ready(surf)


@lru_cache(maxsize=64)
def card_glow(w: int, level: int) -> pygame.Surface:
    """A gold glow around a card that may be tapped; `level` (0–12) is how bright."""
    h = round(w * CARD_RATIO)
    pad = max(3, round(w * 0.08))
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    t = level / 12
    for i in range(pad):
        alpha = round((40 + 150 * (i + 1) / pad) * (0.45 + 0.55 * t))
        pygame.draw.rect(
            surf,
            (255, 226, 110, min(255, alpha)),
            surf.get_rect().inflate(-i * 2, -i * 2),
            1,
            border_radius=max(2, round(w * 0.09)) + pad - i,
        )
    return _ready(surf)


@lru_cache(maxsize=64)
def round_card(n: int, w: int, state: str) -> pygame.Surface:
    """A small round card: "past" (turned, dim), "now" (gold) or "later" (ivory)."""
    h = round(w * CARD_RATIO)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(w * 0.12))
    fill = {"past": theme.TABLE_LIGHT, "now": theme.GOLD, "later": theme.IVORY}[state]
    ink = {"past": theme.TEXT_DIM, "now": theme.INK, "later": theme.GOLD_DARK}[state]
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.GOLD_DARK, surf.get_rect(), max(1, w // 20), border_radius=radius)
    size = max(8, round(w * 0.55))
    label = theme.text(str(n), size, ink, bold=True)
    surf.blit(label, label.get_rect(center=(w / 2, h / 2)))
    return _ready(surf)


@lru_cache(maxsize=16)
def coin(size: int) -> pygame.Surface:
    """A gold coin `size` px across, lit from the top left, with a $ stamped on it."""
    size = max(6, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c, r = size / 2, size / 2 - 1
    pygame.draw.circle(surf, theme.GOLD_DARK, (c + 1, c + 1), r)
    pygame.draw.circle(surf, theme.GOLD, (c, c), r)
    pygame.draw.circle(surf, theme.GOLD_LIGHT, (c, c), r * 0.74, max(1, round(size * 0.07)))
    if size >= 14:
        mark = theme.text("$", max(8, round(size * 0.5)), theme.GOLD_DARK, bold=True)
        surf.blit(mark, mark.get_rect(center=(c, c)))
    return _ready(surf)


@lru_cache(maxsize=16)
def strongbox(size: int) -> pygame.Surface:
    """The bank: a dark wooden chest with gold bands and a lock, `size` px wide."""
    w, h = size, round(size * 0.8)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    wood, dark = (110, 64, 34), (66, 36, 18)
    body = pygame.Rect(w * 0.04, h * 0.34, w * 0.92, h * 0.62)
    lid = pygame.Rect(w * 0.04, h * 0.08, w * 0.92, h * 0.34)
    pygame.draw.rect(
        surf, (0, 0, 0, 70), body.move(w * 0.03, h * 0.04), border_radius=round(w * 0.06)
    )
    pygame.draw.rect(surf, wood, body, border_radius=round(w * 0.05))
    pygame.draw.rect(
        surf, theme.mix(wood, (255, 255, 255), 0.12), lid, border_radius=round(w * 0.12)
    )
    band = max(2, round(w * 0.06))
    for fx in (0.2, 0.8):
        x = w * fx - band / 2
        pygame.draw.rect(surf, theme.GOLD_DARK, pygame.Rect(x, lid.y, band, body.bottom - lid.y))
    pygame.draw.rect(surf, theme.GOLD, lid, max(1, round(w * 0.025)), border_radius=round(w * 0.12))
    pygame.draw.rect(
        surf, theme.GOLD, body, max(1, round(w * 0.025)), border_radius=round(w * 0.05)
    )
    lock = pygame.Rect(0, 0, w * 0.18, h * 0.24)
    lock.center = (round(w / 2), round(h * 0.44))
    pygame.draw.rect(surf, theme.GOLD, lock, border_radius=round(w * 0.03))
    pygame.draw.circle(surf, dark, (w / 2, lock.centery - h * 0.02), max(1, w * 0.025))
    pygame.draw.line(
        surf, dark, (w / 2, lock.centery), (w / 2, lock.bottom - h * 0.04), max(1, round(w * 0.02))
    )
    return _ready(surf)


def gavel(surf: pygame.Surface, cx: float, cy: float, size: float, angle: float) -> None:
    """The auctioneer's hammer, `size` px long, its head tilted by `angle` (radians) about the
    grip at (`cx`, `cy`)."""
    wood, dark = (150, 96, 50), (90, 54, 26)
    ca, sa = math.cos(angle), math.sin(angle)

    def shape(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(cx + (x * ca - y * sa) * size, cy + (x * sa + y * ca) * size) for x, y in points]

    pygame.draw.polygon(surf, wood, shape([(-0.05, -0.1), (0.05, -0.1), (0.05, 0.5), (-0.05, 0.5)]))
    head = shape([(-0.32, -0.32), (0.32, -0.32), (0.32, -0.08), (-0.32, -0.08)])
    pygame.draw.polygon(surf, wood, head)
    pygame.draw.polygon(surf, dark, head, max(1, round(size * 0.06)))
    band = shape([(-0.22, -0.32), (-0.14, -0.32), (-0.14, -0.08), (-0.22, -0.08)])
    pygame.draw.polygon(surf, theme.GOLD, band)


@lru_cache(maxsize=64)
def gavel_surface(size: int, tilt: int) -> pygame.Surface:
    """The gavel drawn once per size and tilt (degrees), `size` px square."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    gavel(surf, size * 0.5, size * 0.52, size * 0.8, math.radians(tilt))
    return _ready(surf)


# Large panels are opaque with a colour key for their rounded corners: blitting them every
# time the stage is redrawn then costs a copy, not a blend.
KEY = (255, 0, 255)


def _keyed(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((max(1, w), max(1, h)))
    surf.fill(KEY)
    surf.set_colorkey(KEY)
    return surf


@lru_cache(maxsize=16)
def block_plate(w: int, h: int) -> pygame.Surface:
    """The auction block's dark wooden lectern top, where the prices are shown."""
    surf = _keyed(w, h)
    radius = max(3, round(min(w, h) * 0.06))
    pygame.draw.rect(surf, (40, 24, 16), surf.get_rect(), border_radius=radius)
    line = max(1, round(w * 0.004))
    pygame.draw.rect(surf, theme.GOLD_DARK, surf.get_rect(), line, border_radius=radius)
    return surf.convert() if pygame.display.get_surface() else surf


@lru_cache(maxsize=16)
def cloth(w: int, h: int) -> pygame.Surface:
    """The auction cloth in the middle of the table: burgundy velvet with a gold edge and a dark
    hem toward the bottom right, where its shadow falls."""
    surf = _keyed(w, h)
    radius = max(4, round(min(w, h) * 0.05))
    hem = max(2, w // 250)
    pygame.draw.rect(surf, (30, 8, 16), surf.get_rect(), border_radius=radius)
    top = surf.get_rect().inflate(-hem, -hem).move(-hem // 2, -hem // 2)
    pygame.draw.rect(surf, (62, 15, 31), top, border_radius=radius)
    inner = top.inflate(-max(4, w // 60), -max(4, w // 60))
    pygame.draw.rect(surf, (76, 20, 40), inner, border_radius=radius)
    pygame.draw.rect(surf, theme.GOLD_DARK, inner, max(1, w // 400), border_radius=radius)
    return surf.convert() if pygame.display.get_surface() else surf


def necklace_layout(
    gems: tuple[str, ...], w: float, h: float
) -> list[tuple[str, float, float, float]]:
    """Where each gem of a necklace hangs, as (kind, x, y, size) within a `w`×`h` box: the
    centre gem at the bottom, and every other kind split evenly to its two sides, the dearest
    nearest the centre, so the string is symmetric as the rules ask."""
    if not gems:
        return []
    counts = Counter(gems)
    centre = min(counts, key=RANK.__getitem__)
    side: list[str] = []
    for kind in sorted(counts, key=RANK.__getitem__):
        if kind != centre:
            side += [kind] * (counts[kind] // 2)
    k = len(side)
    cx, top = w / 2, h * 0.08
    a, b = w * 0.44, h * 0.7
    size = min(h * 0.2, w * 0.9 / max(4, k + 2))
    big = min(h * 0.3, size * 1.5)
    # Side gems sit along the chain at equal angles from the bottom, never up at the clasp.
    step = min(0.34, (math.pi / 2 - 0.2) / max(1, k))
    placed = [(centre, cx, top + b + big * 0.3, big)]
    for i, kind in enumerate(side):
        for sign in (-1, 1):
            t = math.pi / 2 + sign * (i + 1.1) * step
            placed.append((kind, cx + a * math.cos(t), top + b * math.sin(t), size))
    return placed


@lru_cache(maxsize=32)
def necklace_surface(gems: tuple[str, ...], w: int, h: int) -> pygame.Surface:
    """A necklace drawn as it is worn: a gold chain in a U, the centre gem hanging at the bottom
    on a bail, the pairs strung symmetrically up both sides."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    cx, top = w / 2, h * 0.08
    a, b = w * 0.44, h * 0.7
    chain = [
        (cx + a * math.cos(t), top + b * math.sin(t)) for t in (math.pi * i / 48 for i in range(49))
    ]
    line = max(1, round(min(w, h) * 0.012))
    pygame.draw.lines(surf, theme.GOLD_DARK, False, [(x + 1, y + 2) for x, y in chain], line + 1)
    pygame.draw.lines(surf, theme.GOLD, False, chain, line)
    for x, y in chain[::3]:
        pygame.draw.circle(surf, theme.GOLD_LIGHT, (x, y), max(1, line))
    for kind, x, y, size in necklace_layout(gems, w, h):
        pygame.draw.circle(surf, theme.GOLD, (x, y), size * 0.42, max(1, line))
        gem(surf, kind, (x, y), size)
    if gems:
        _, x, y, size = necklace_layout(gems, w, h)[0]
        pygame.draw.line(surf, theme.GOLD, (x, top + b), (x, y - size * 0.4), line + 1)
    return _ready(surf)
