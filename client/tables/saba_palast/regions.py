"""The board regions of Saba – Palast der Königin, each drawn whole and cached per scale:
the garden with the palace, the right column, the city quarters and the trays."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.tables.saba_palast.art import (
    HEDGE,
    LAWN,
    LAWN_LIGHT,
    MARBLE,
    MATERIAL_COLOURS,
    SANDSTONE_DARK,
    SANDSTONE_WALL,
    WATER,
    WOOD,
    Colour,
    converted,
    line_height,
    text_size,
    token,
)
from client.tables.saba_palast.card_art import harbour_bonus
from client.ui import theme
from shared.games.saba_palast.data import HARBOUR_CAPACITY


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
    return converted(surf)


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
    return converted(surf)


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
    return converted(surf)


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
    return converted(surf)
