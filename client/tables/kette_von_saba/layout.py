"""Where things lie on Die Kette von Saba's table, in world units (the camera scales them).

The necklace fills the top: flat-topped hexagons in 11 columns, a column 1.5 radii from the
next, a space one hexagon high, columns with odd |c| half a space higher (the engine's doubled
height y = 2·row − |c| mod 2 is half a hexagon per unit). The deck and the forgeries sit in the
empty corners under the short outer columns; below them the players' purses, the auction block
with the card on sale, and the hand of the seat shown.
"""

from __future__ import annotations

import math

import pygame

from shared.games.kette_von_saba.board import SPACES, height, neighbours

WORLD = (1000.0, 840.0)
CENTRE_X = WORLD[0] / 2

# A space's hexagon: circumradius, height; cards and sockets are drawn a little smaller so the
# gold links between them show.
RADIUS = 50.0
HEX_H = math.sqrt(3) * RADIUS
TILE = 0.9
BOARD_TOP = 56.0
BOARD_RECT = pygame.FRect(0, 0, WORLD[0], 450)

CARD_RATIO = 1.4
DECK_RECT = pygame.FRect(40, 292, 92, 92 * CARD_RATIO)
FORGERY_RECT = pygame.FRect(792, 298, 188, 118)
FORGERY_CARD = 66.0

RAIL_RECT = pygame.FRect(10, 462, WORLD[0] - 20, 64)
PURSE_MAX_W = 220.0

LOT_RECT = pygame.FRect(CENTRE_X - 49, 542, 98, 98 * CARD_RATIO)
BLOCK_RECT = pygame.FRect(20, 536, WORLD[0] - 40, 150)

HAND_RECT = pygame.FRect(20, 692, WORLD[0] - 40, 146)
HAND_CARD = 96.0


def space_centre(space: tuple[int, int]) -> tuple[float, float]:
    """The centre of a space (column, row) in world units."""
    column = space[0]
    return CENTRE_X + column * 1.5 * RADIUS, BOARD_TOP + HEX_H / 2 + (height(space) + 1) * HEX_H / 2


CENTRES: list[tuple[float, float]] = [space_centre(space) for space in SPACES]
SPACE_OF: dict[tuple[int, int], int] = {space: i for i, space in enumerate(SPACES)}
# Each pair of neighbouring spaces once, by index: the gold links of the necklace.
LINKS: list[tuple[int, int]] = sorted(
    {
        (min(i, SPACE_OF[n]), max(i, SPACE_OF[n]))
        for i, s in enumerate(SPACES)
        for n in neighbours(s)
    }
)


def space_rect(index: int) -> pygame.FRect:
    """Where a tap or drop counts as this space: the hexagon's middle band, so neighbouring
    spaces' areas touch but never overlap."""
    x, y = CENTRES[index]
    return pygame.FRect(x - 0.75 * RADIUS, y - HEX_H / 2, 1.5 * RADIUS, HEX_H)


def space_bounds(index: int) -> pygame.FRect:
    """The whole area a space's drawing may cover (its plate and links included)."""
    x, y = CENTRES[index]
    return pygame.FRect(x - RADIUS * 1.2, y - HEX_H * 0.62, RADIUS * 2.4, HEX_H * 1.24)


def purse_rects(players: int) -> list[pygame.FRect]:
    """One purse per seat along the rail, in seat order."""
    gap = 10.0
    w = min(PURSE_MAX_W, (RAIL_RECT.w - gap * (players - 1)) / players)
    left = RAIL_RECT.centerx - (w * players + gap * (players - 1)) / 2
    return [pygame.FRect(left + k * (w + gap), RAIL_RECT.y, w, RAIL_RECT.h) for k in range(players)]


def hand_centres(count: int) -> list[tuple[float, float]]:
    """Card centres of a hand of `count` cards, overlapping when they would not fit."""
    if not count:
        return []
    room = HAND_RECT.w - HAND_CARD
    step = min(HAND_CARD * 1.08, room / max(1, count - 1))
    left = HAND_RECT.centerx - step * (count - 1) / 2
    y = HAND_RECT.centery
    return [(left + k * step, y) for k in range(count)]


def forgery_centres(count: int) -> list[tuple[float, float]]:
    """Centres of the forgeries, fanned across their corner."""
    if not count:
        return []
    rect = FORGERY_RECT
    room = rect.w - FORGERY_CARD
    step = min(FORGERY_CARD * 0.6, room / max(1, count - 1))
    y = rect.y + FORGERY_CARD * CARD_RATIO / 2
    return [(rect.x + FORGERY_CARD / 2 + k * step, y) for k in range(count)]
