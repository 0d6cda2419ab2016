"""Die Kette von Saba's lettering on the table, cached: labels shortened to their room, lines
stacked and wrapped, and sums of marks that roll like a counter's wheels."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.tables.base import Camera
from client.tables.kette_von_saba import words
from client.ui import theme


def px(cam: Camera, world: float) -> int:
    """A type size in pixels for `world` units, never below 14 px."""
    return max(14, round(world * cam.scale))


@lru_cache(maxsize=512)
def fit(text: str, size: int, width: int, bold: bool) -> str:
    """`text` shortened with an ellipsis to `width` px."""
    return theme.fit_text(text, size, max(8, width), bold)


def fitted(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[float, float],
    colour: theme.Colour,
    bold: bool,
    anchor: str,
    width: float,
) -> pygame.Rect:
    """Text shortened to `width` px if need be."""
    return theme.blit_text(
        surface, fit(text, size, round(width), bold), size, pos, colour, bold, anchor
    )


def rolling(
    surface: pygame.Surface,
    value: float,
    size: int,
    pos: tuple[float, float],
    colour: theme.Colour,
    anchor: str = "midleft",
) -> pygame.Rect:
    """An amount of marks whose changing digits roll like a counter's wheels while `value`
    moves between two thousands."""
    low = math.floor(value / 1000 + 1e-6)
    frac = value / 1000 - low
    old = words.money(low * 1000)
    if frac < 0.02:
        return theme.blit_text(surface, old, size, pos, colour, True, anchor)
    new = words.money((low + 1) * 1000)
    common = 0
    if len(old) == len(new):
        while common < len(old) and old[common] == new[common]:
            common += 1
    head = theme.text(old[:common], size, colour, True) if common else None
    tail_old = theme.text(old[common:], size, colour, True)
    tail_new = theme.text(new[common:], size, colour, True)
    head_w = head.get_width() if head else 0
    w = head_w + max(tail_old.get_width(), tail_new.get_width())
    h = tail_old.get_height()
    rect = pygame.Rect(0, 0, w, h)
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    if head:
        surface.blit(head, rect.topleft)
    clip = surface.get_clip()
    window = pygame.Rect(rect.x + head_w, rect.y, w - head_w, h).clip(clip)
    surface.set_clip(window)
    shift = round(frac * h)
    surface.blit(tail_old, (rect.x + head_w, rect.y - shift))
    surface.blit(tail_new, (rect.x + head_w, rect.y + h - shift))
    surface.set_clip(clip)
    return rect


@lru_cache(maxsize=64)
def stacked(
    lines: tuple[tuple[str, int, theme.Colour, bool], ...],
    width: int,
    align: str,
    most: int | None = 3,
):
    """Lines of (text, size, colour, bold), each wrapped to `width` px (at most `most` rows;
    None: all), stacked on a transparent surface and aligned "left", "right" or "center"."""
    wrapped = []
    for text, size, colour, bold in lines:
        for row in theme.wrap(text, size, max(8, width), bold)[:most]:
            wrapped.append((row, size, colour, bold))
    rows = []
    for row, size, colour, bold in wrapped:
        rows.append(theme.text(fit(row, size, width, bold), size, colour, bold))
    w = max([r.get_width() for r in rows] or [1])
    h = sum(round(r.get_height() * 1.08) for r in rows) or 1
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    y = 0
    for row in rows:
        x = {"left": 0, "right": w - row.get_width(), "center": (w - row.get_width()) // 2}[align]
        surf.blit(row, (x, y))
        y += round(row.get_height() * 1.08)
    return surf
