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

from client.tables.base import Camera
from shared.games.kette_von_saba.board import SPACES, height, neighbours
from shared.games.kette_von_saba.necklace import STONE_TYPES

JOKER = "joker"

WORLD = (1000.0, 840.0)
CENTRE_X = WORLD[0] / 2

# A space's hexagon: circumradius, height; cards and sockets are drawn a little smaller so the
# gold links between them show.
RADIUS = 50.0
HEX_H = math.sqrt(3) * RADIUS
TILE = 0.9
TILE_R = RADIUS * TILE
BOARD_TOP = 56.0
BOARD_RECT = pygame.FRect(0, 0, WORLD[0], 450)
# The strand's highest link, in the middle of its arc over the necklace.
CHAIN_TOP = 10.0

CARD_RATIO = 1.4
DECK_RECT = pygame.FRect(40, 292, 92, 92 * CARD_RATIO)
FORGERY_RECT = pygame.FRect(792, 298, 188, 118)
FORGERY_CARD = 66.0
# What the deck's and the forgeries' drawings cover on the board, labels included.
DECK_AREA = pygame.FRect(DECK_RECT.x - 14, DECK_RECT.y - 14, DECK_RECT.w + 40, DECK_RECT.h + 50)
FORGERY_AREA = FORGERY_RECT.inflate(20, 50).move(0, 12)

RAIL_RECT = pygame.FRect(10, 462, WORLD[0] - 20, 64)
PURSE_MAX_W = 220.0

LOT_RECT = pygame.FRect(CENTRE_X - 49, 542, 98, 98 * CARD_RATIO)
BLOCK_RECT = pygame.FRect(20, 536, WORLD[0] - 40, 150)

# The amount chooser at the foot of the block, left of the card on sale (block.py): −, the
# amount, + and the button that plays the chosen move.
CHOOSER_Y = BLOCK_RECT.bottom - 40
MINUS_RECT = pygame.FRect(BLOCK_RECT.x + 10, CHOOSER_Y, 40, 36)
AMOUNT_RECT = pygame.FRect(MINUS_RECT.right + 4, CHOOSER_Y, 104, 36)
PLUS_RECT = pygame.FRect(AMOUNT_RECT.right + 4, CHOOSER_Y, 40, 36)
PLAY_RECT = pygame.FRect(
    PLUS_RECT.right + 10, CHOOSER_Y, LOT_RECT.x - 20 - PLUS_RECT.right - 10, 36
)

HAND_RECT = pygame.FRect(20, 692, WORLD[0] - 40, 146)
HAND_CARD = 96.0
# How far a picked-up card rises above the table.
LIFT = 16.0
# A flying coin's size.
COIN = 22.0


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


def purse_centre(players: int, seat: int) -> tuple[float, float]:
    """The middle of a seat's purse (of someone not at the table: the block's)."""
    rects = purse_rects(players)
    return rects[seat].center if 0 <= seat < len(rects) else LOT_RECT.center


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


def card_order(card: str) -> tuple[int, int]:
    """Hands are shown sorted: by stone type, then stones; lion heads last."""
    if card == JOKER:
        return (len(STONE_TYPES), 0)
    stone, count = card.rsplit("-", 1)
    return (STONE_TYPES.index(stone), int(count))


def _chain() -> list[tuple[float, float]]:
    """The links of the necklace's strand: an arc from one outer top setting over to the other,
    as the necklace lies on the velvet."""
    x0, y0 = CENTRES[0][0] - RADIUS * 0.3, CENTRES[0][1] - HEX_H * 0.5
    x1 = WORLD[0] - x0
    points = []
    links = 64
    for k in range(links + 1):
        t = k / links
        x = x0 + (x1 - x0) * t
        # The strand arches up from both ends to CHAIN_TOP in the middle.
        y = y0 - (y0 - CHAIN_TOP) * (1 - (2 * t - 1) ** 2) ** 0.6
        points.append((x, y))
    return points


CHAIN: list[tuple[float, float]] = _chain()


# ---------------------------------------------------------------------- on screen


def pixel(cam: Camera, point: tuple[float, float]) -> tuple[int, int]:
    """A world point on screen, in whole pixels."""
    x, y = cam.to_screen(*point)
    return round(x), round(y)


def screen_corner(cam: Camera) -> tuple[int, int]:
    """Where the world's corner falls on screen, in whole pixels: the necklace is placed from
    it so cached and single drawings line up to the pixel."""
    x, y = cam.to_screen(0.0, 0.0)
    return round(x), round(y)


def placed(corner: tuple[int, int], s: float, point: tuple[float, float]) -> tuple[int, int]:
    """A world point at scale `s` from the screen's `corner` (see `screen_corner`), in whole
    pixels."""
    return corner[0] + round(point[0] * s), corner[1] + round(point[1] * s)
