"""Where things lie on Das Kollier's table, in world units (the camera scales them).

Top: the deck, the round cards and the bank. Under it the players in a rail, in the order of the
panels (the seat shown last). In the middle the auction cloth: the lot on the left, the auction
block with prices, the clock and the controls on the right. At the bottom the seat's own corner:
its cash, its gems in one stack per kind, and its best necklace.
"""

from __future__ import annotations

import pygame

WORLD = (1000.0, 960.0)

DECK = pygame.FRect(20, 12, 62, 87)
DECK_TEXT_X = 94.0
ROUND_LABEL = (262.0, 8.0)
ROUND_CARD_W = 30.0
ROUND_CARDS_X = 262.0
ROUND_CARDS_Y = 40.0
ROUND_STEP = 36.0
# The note under the round cards: whether gems pay (from round 7) or cash only.
ROUND_NOTE_Y = 84.0
BANK_BOX = pygame.FRect(556, 14, 90, 72)
BANK_TEXT_X = 658.0

RAIL = pygame.FRect(12, 120, 976, 82)
STAGE = pygame.FRect(12, 212, 976, 382)
LOT = pygame.FRect(24, 222, 428, 362)
LOT_CARD_W = 128.0
BLOCK = pygame.FRect(464, 224, 514, 358)
BLOCK_PAD = 16.0
# The block's price is centred NUMBER_Y below its top; its words start NUMBER_BOTTOM below.
NUMBER_Y = 86.0
NUMBER_BOTTOM = 120.0

ME = pygame.FRect(12, 604, 976, 350)
CASH_POS = (28.0, 612.0)
MARKER_POS = (28.0, 648.0)
HAND = pygame.FRect(24, 704, 548, 150)
HAND_CARD_W = 96.0
SELL_BUTTON = pygame.FRect(28, 878, 380, 50)
NECKLACE = pygame.FRect(600, 654, 380, 236)
NECKLACE_TITLE = (790.0, 616.0)
NECKLACE_VALUE_Y = 906.0

# Type sizes in world units (the scene's camera turns them into pixels, never below 14 px).
SMALL = 21.0
BODY = 25.0
HEAD = 28.0
BIG = 58.0

BUTTON_H = 54.0
GAP = 9.0


def lot_slots(count: int) -> list[pygame.FRect]:
    """The cards of a lot of `count`, side by side in the middle of the cloth, overlapping when
    many."""
    if count <= 0:
        return []
    w = LOT_CARD_W if count <= 3 else max(80.0, LOT_CARD_W - (count - 3) * 12)
    h = w * 1.4
    room = LOT.w - 40
    step = min(w + 14, (room - w) / max(1, count - 1)) if count > 1 else 0
    total = w + step * (count - 1)
    x0 = LOT.centerx - total / 2
    y = LOT.y + 48 + (LOT_CARD_W * 1.4 - h) / 2
    return [pygame.FRect(x0 + i * step, y, w, h) for i in range(count)]


def rail_column(index: int, players: int) -> pygame.FRect:
    """The rail's column for the `index`-th seat in panel order."""
    w = RAIL.w / max(1, players)
    return pygame.FRect(RAIL.x + index * w, RAIL.y, w, RAIL.h)


def hand_slots(kinds: int) -> list[pygame.FRect]:
    """One stack per kind held, left to right, overlapping when many."""
    if kinds <= 0:
        return []
    w = HAND_CARD_W
    step = min(w + 12, (HAND.w - w) / max(1, kinds - 1)) if kinds > 1 else 0
    y = HAND.y + 8
    return [pygame.FRect(HAND.x + i * step, y, w, w * 1.4) for i in range(kinds)]


# The board's regions, each redrawn on its own when what it shows changes.
REGIONS: dict[str, pygame.FRect] = {
    "top": pygame.FRect(0, 0, WORLD[0], RAIL.y - 2),
    "rail": RAIL,
    "stage": STAGE,
    "corner": pygame.FRect(ME.x, ME.y, ME.w, WORLD[1] - ME.y),
}
