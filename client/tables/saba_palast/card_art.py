"""The cards of Saba – Palast der Königin, each cached as a surface per size: building cards
(palace, treasury, end), action cards, card backs and harbour cards."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.tables.saba_palast.art import (
    CARD_BACK,
    LAWN,
    MATERIAL_COLOURS,
    SANDSTONE_WALL,
    WATER,
    WATER_LIGHT,
    WOOD,
    Colour,
    converted,
    part,
    text_size,
    token,
    vizier,
)
from client.ui import theme
from shared.games.saba_palast.data import CARDS, MATERIALS


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
    return converted(surf)


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
    return converted(surf)


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
    return converted(surf)


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
        return converted(surf)
    surf.blit(label, label.get_rect(center=(rect.centerx, round(h * 0.3))))
    harbour_bonus(surf, field, (rect.centerx, rect.bottom - h * 0.16), h * 0.22, theme.IVORY)
    return converted(surf)
