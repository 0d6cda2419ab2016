"""The client's look: colours, type, and a layout measured in fractions of the window.

Everything sized on screen comes from `Layout`, built from the window size: body text is 2.2% of
the height, titles 4% (never below 14 px), margins and radii scale with `Layout.unit`. Text is
rendered once per (string, size, weight, colour) and cached, so a frame blits surfaces only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int]

TABLE = (15, 46, 43)
TABLE_DARK = (7, 24, 22)
TABLE_LIGHT = (24, 66, 61)
GOLD = (212, 175, 55)
GOLD_LIGHT = (240, 214, 120)
GOLD_DARK = (140, 110, 30)
IVORY = (246, 241, 227)
IVORY_SHADE = (226, 216, 190)
INK = (27, 27, 27)
TEXT = (242, 239, 232)
TEXT_DIM = (170, 186, 178)
PANEL = (10, 34, 31)
DANGER = (200, 70, 60)
OK = (90, 190, 120)


@dataclass(frozen=True)
class PlayerColour:
    """A seat's colour and the symbol drawn with it, so colour is never the only cue."""

    id: str
    rgb: Colour
    symbol: str


# Seat order of colours; the four of La Magie des Bijoux come first, as its stones are.
PLAYER_COLOURS = [
    PlayerColour("red", (200, 40, 60), "circle"),
    PlayerColour("blue", (40, 90, 200), "square"),
    PlayerColour("yellow", (235, 185, 20), "triangle"),
    PlayerColour("green", (30, 150, 95), "diamond"),
    PlayerColour("violet", (142, 68, 173), "star"),
    PlayerColour("orange", (235, 120, 30), "hexagon"),
    PlayerColour("white", (235, 235, 230), "cross"),
]


def player_colour(seat: int) -> PlayerColour:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class Layout:
    """Sizes for one window size; scenes build their rects from its fractions."""

    def __init__(
        self, size: tuple[int, int], large_type: bool = False, text_size: int = 100
    ) -> None:
        self.w, self.h = size
        self.size = size
        # One unit is 1% of the shorter side: margins, radii and line widths are multiples of it.
        self.unit = max(4.0, min(self.w, self.h) / 100)
        # The player's text size (percent) grows every font, the minimums with them; the table
        # display's large type grows them further.
        self.text_scale = text_size / 100
        grow = (1.35 if large_type else 1.0) * self.text_scale
        least = self.text_scale
        self.body = max(round(14 * least), round(self.h * 0.022 * grow))
        self.small = max(round(14 * least), round(self.h * 0.018 * grow))
        self.title = max(round(20 * least), round(self.h * 0.04 * grow))
        self.huge = max(28, round(self.h * 0.075))
        self.margin = round(self.unit * 1.6)
        self.radius = round(self.unit * 1.2)
        self.line = max(1, round(self.unit * 0.25))
        self.button_h = round(max(self.body * 2.1, 36))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped sans-serif at `size` px (DejaVu Sans: tabular figures, Latin-1 and more)."""
    return pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), size)


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}
_TEXT_CACHE_MAX = 2048


def text(s: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """`s` rendered anti-aliased; cached, so drawing the same label each frame is a blit."""
    key = (s, size, colour, bold)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
            _TEXT_CACHE.clear()
        surf = font(size, bold).render(s, True, colour)
        _TEXT_CACHE[key] = surf
    return surf


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`s` broken into lines no wider than `width` px (words longer than a line stay whole)."""
    return list(_wrap(s, size, width, bold))


@lru_cache(maxsize=2048)
def _wrap(s: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in _words(paragraph):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def wrap_facts(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """A line of facts joined by " · " broken between facts where it is too wide (then between
    words), so that no fact is cut."""
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return [s]
    lines: list[str] = []
    line = ""
    for fact in s.split(" · "):
        trial = f"{line} · {fact}" if line else fact
        if f.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        *whole, line = wrap(fact, size, width, bold) or [""]
        lines.extend(whole)
    lines.append(line)
    return lines


_THOUSANDS = re.compile(r"\d{3}(?!\d)")


def _words(paragraph: str) -> list[str]:
    """The paragraph's words; a number written with spaces between its thousands (French:
    "87 000") stays one word, so a line never breaks inside it."""
    words: list[str] = []
    for word in paragraph.split(" "):
        if words and words[-1][-1:].isdigit() and _THOUSANDS.match(word):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def fit_text(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s`, shortened with an ellipsis until it fits `width` px."""
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"


def blit_text(
    surface: pygame.Surface,
    s: str,
    size: int,
    pos: tuple[float, float],
    colour: Colour = TEXT,
    bold: bool = False,
    anchor: str = "topleft",
    alpha: int = 255,
) -> pygame.Rect:
    """Draw `s` with the rect point `anchor` at `pos`; returns the rect drawn."""
    surf = text(s, size, colour, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if alpha < 255:
        surf = surf.copy()
        surf.set_alpha(alpha)
    surface.blit(surf, rect)
    return rect


def shadowed_rect(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour,
    radius: int,
    lift: int = 2,
    border: Colour | None = None,
    border_w: int = 1,
) -> None:
    """A rounded rect with a soft shadow toward the bottom right (light from the top left)."""
    shadow = _shadow(rect.w, rect.h, radius, lift)
    surface.blit(shadow, (rect.x - lift * 2, rect.y - lift * 2))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_w, border_radius=radius)


@lru_cache(maxsize=256)
def _shadow(w: int, h: int, radius: int, lift: int) -> pygame.Surface:
    spread = lift * 2
    surf = pygame.Surface((w + spread * 2, h + spread * 2), pygame.SRCALPHA)
    steps = max(1, spread)
    for i in range(steps):
        alpha = round(70 * (i + 1) / steps / steps * 2)
        grow = spread - i
        pygame.draw.rect(
            surf,
            (0, 0, 0, min(60, alpha)),
            pygame.Rect(spread - grow + lift, spread - grow + lift, w + grow * 2, h + grow * 2),
            border_radius=radius + grow,
        )
    return surf


@lru_cache(maxsize=8)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The velvet table for a window size: teal with a soft vignette toward the edges."""
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.25)
            small.set_at((x, y), mix(TABLE_LIGHT, TABLE_DARK, d**1.6))
    surface = pygame.transform.smoothscale(small, size)
    # In the display's pixel format a full-window blit is a plain copy.
    return surface.convert() if pygame.display.get_surface() is not None else surface
