"""Where everything of Saba – Palast der Königin lies on the table, in world units.

The world is 1200 wide. From the top: the other players' trays; the palace garden (left) beside
the building fields, serail, treasury, harbour and supply (right); the six city quarters; and
the viewer's own tray with the turn's steps. A spectator has no own tray, so the world is
shorter and every player sits in the top row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from shared.games.saba_palast.data import GARDEN_FIELDS, MATERIALS, QUARTERS

W = 1200.0
TRAY_H = 120.0
TOP = TRAY_H + 12  # where the middle of the table starts
OWN_H = 150.0

# The garden: 8 fields around the palace, numbered clockwise from the top left.
GARDEN = pygame.FRect(0, TOP, 640, 600)
PALACE = pygame.FRect(170, TOP + 168, 300, 264)
FIELD_W, FIELD_H = 150.0, 150.0


def _garden_fields() -> list[pygame.FRect]:
    g, p = GARDEN, PALACE
    top, bottom = g.y + 8, g.bottom - 8 - FIELD_H
    middle = p.centery - FIELD_H / 2
    xs = (g.x + 14, g.centerx - FIELD_W / 2, g.right - 14 - FIELD_W)
    return [
        pygame.FRect(xs[0], top, FIELD_W, FIELD_H),
        pygame.FRect(xs[1], top, FIELD_W, FIELD_H),
        pygame.FRect(xs[2], top, FIELD_W, FIELD_H),
        pygame.FRect(g.right - 6 - FIELD_W + 12, middle, FIELD_W - 12, FIELD_H),
        pygame.FRect(xs[2], bottom, FIELD_W, FIELD_H),
        pygame.FRect(xs[1], bottom, FIELD_W, FIELD_H),
        pygame.FRect(xs[0], bottom, FIELD_W, FIELD_H),
        pygame.FRect(g.x + 6, middle, FIELD_W - 12, FIELD_H),
    ]


FIELDS = _garden_fields()
assert len(FIELDS) == GARDEN_FIELDS


def _balconies() -> list[tuple[float, float]]:
    """Each field's balcony: on the palace wall facing it."""
    p = PALACE
    xs = (p.x + 52, p.centerx, p.right - 52)
    return [
        (xs[0], p.y + 4),
        (xs[1], p.y + 4),
        (xs[2], p.y + 4),
        (p.right - 4, p.centery),
        (xs[2], p.bottom - 4),
        (xs[1], p.bottom - 4),
        (xs[0], p.bottom - 4),
        (p.x + 4, p.centery),
    ]


BALCONIES = _balconies()

# The right column: building fields, serail and treasury, harbour, supply and action cards.
RIGHT = 660.0
CARD_W, CARD_H = 118.0, 166.0
DISPLAY = [pygame.FRect(RIGHT + i * 136, TOP + 4, CARD_W, CARD_H) for i in range(3)]
DECK = pygame.FRect(RIGHT + 3 * 136 + 6, TOP + 4, CARD_W - 12, CARD_H - 16)
DISPLAY_AREA = pygame.FRect(RIGHT - 6, TOP - 4, W - RIGHT + 6, CARD_H + 46)
SURCHARGE = [pygame.FRect(r.x, r.bottom + 4, r.w, 28) for r in DISPLAY]

SERAIL = pygame.FRect(RIGHT, TOP + 222, 352, 92)
SERAIL_SPACE = 50.0
TREASURY = pygame.FRect(RIGHT + 366, TOP + 222, W - RIGHT - 366, 92)

HARBOUR = pygame.FRect(RIGHT - 6, TOP + 324, W - RIGHT + 6, 156)
HARBOUR_FIELDS = [pygame.FRect(RIGHT + i * 136, TOP + 352, 126, 124) for i in range(4)]

SUPPLY = pygame.FRect(RIGHT, TOP + 490, 300, 110)
ACTION_DECK = pygame.FRect(RIGHT + 318, TOP + 502, 68, 94)
DISCARD = pygame.FRect(RIGHT + 420, TOP + 502, 68, 94)
PILES = pygame.FRect(RIGHT + 306, TOP + 490, W - RIGHT - 306, 110)

QUARTERS_TOP = GARDEN.bottom + 10
QUARTER_W, QUARTER_H = 190.0, 140.0
QUARTER_RECTS = {
    q: pygame.FRect(i * (QUARTER_W + 12), QUARTERS_TOP, QUARTER_W, QUARTER_H)
    for i, q in enumerate(QUARTERS)
}
QUARTERS_AREA = pygame.FRect(0, QUARTERS_TOP, W, QUARTER_H)
OWN_TOP = QUARTERS_AREA.bottom + 10


RIGHT_AREA = pygame.FRect(
    DISPLAY_AREA.x, DISPLAY_AREA.y, W - DISPLAY_AREA.x, PILES.bottom - DISPLAY_AREA.y
)

# Sizes of the pieces drawn over the board, and of the choice chips.
HARBOUR_TOKEN = 38.0
SUPPLY_TOKEN = 40.0
BALCONY_FIGURE = 36.0
QUARTER_FIGURE = 30.0
VIZIER = 56.0
MARKER = 36.0
PART = 40.0
CHIP_W, CHIP_H = 92.0, 50.0
# A chip in a popup of one column: room for an image and a word beside it.
STACKED_CHIP_W = 2 * CHIP_W - 10

# The give-back dialog over the middle of the table.
DIALOG = pygame.FRect(W / 2 - 400, TOP + 150, 800, 300)


def dialog_tokens() -> dict[str, pygame.FRect]:
    """The give-back dialog's material tokens."""
    d = DIALOG
    return {m: pygame.FRect(d.x + 120 + i * 100, d.y + 86, 70, 70) for i, m in enumerate(MATERIALS)}


def dialog_cards(hand: list[str]) -> list[tuple[str, pygame.FRect]]:
    """The give-back dialog's row of the hand's action cards."""
    d = DIALOG
    step = min(84.0, 420 / max(1, len(hand)))
    return [
        (card, pygame.FRect(d.x + 120 + i * step, d.y + 186, 62, 88)) for i, card in enumerate(hand)
    ]


def quarter_badge(quarter: str) -> pygame.FRect:
    """The quarter's action badge (bottom right of its tile, below the name, which on a
    small board takes two lines): tap it to use the quarter."""
    r = QUARTER_RECTS[quarter]
    return pygame.FRect(r.right - 58, r.bottom - 56, 52, 52)


def quarter_figure(quarter: str, index: int) -> tuple[float, float]:
    """Where the quarter's `index`-th figure stands (rows of up to 4, beside the vizier)."""
    r = QUARTER_RECTS[quarter]
    row, col = divmod(index, 4)
    return r.x + 56 + col * 20 + row * 10, r.bottom - 24 - row * 30


def vizier_pos(quarter: str) -> tuple[float, float]:
    r = QUARTER_RECTS[quarter]
    return r.x + 28, r.bottom - 38


def serail_space(index: int) -> tuple[float, float]:
    return SERAIL.x + 30 + index * (SERAIL_SPACE + 4), SERAIL.y + 58


def treasury_spot(index: int) -> tuple[float, float]:
    t = TREASURY
    row, col = divmod(index, 6)
    return t.x + 22 + col * 25, t.y + 62 + row * 8


def harbour_token(field_index: int, index: int, count: int) -> tuple[float, float]:
    """The `index`-th material token of harbour field `field_index` (0-based) when it holds
    `count`: a row of up to two, a second row below."""
    r = HARBOUR_FIELDS[field_index]
    cols = 2
    row, col = divmod(index, cols)
    in_row = min(cols, count - row * cols)
    x = r.centerx + (col - (in_row - 1) / 2) * 44
    return x, r.y + 62 + row * 38


def supply_token(material: str) -> tuple[float, float]:
    i = MATERIALS.index(material)
    return SUPPLY.x + 36 + i * 70, SUPPLY.y + 62


@dataclass
class Tray:
    """One player's tray: the own one is large, the others are compact."""

    seat: int
    rect: pygame.FRect
    own: bool
    tokens: dict[str, tuple[float, float]] = field(default_factory=dict)
    token_size: float = 30.0
    harbour_cards: list[pygame.FRect] = field(default_factory=list)
    hand: pygame.FRect = field(default_factory=pygame.FRect)
    figures: tuple[float, float] = (0.0, 0.0)
    markers: tuple[float, float] = (0.0, 0.0)
    name: tuple[float, float] = (0.0, 0.0)
    steps: pygame.FRect = field(default_factory=pygame.FRect)
    button: pygame.FRect = field(default_factory=pygame.FRect)

    def hand_card(self, index: int, count: int) -> pygame.FRect:
        """The own hand's `index`-th card of `count`, overlapping when they do not fit."""
        w, h = 68.0, 96.0
        step = min(w + 8, (self.hand.w - w) / max(1, count - 1)) if count > 1 else 0
        return pygame.FRect(self.hand.x + index * step, self.hand.y, w, h)


def compact_tray(seat: int, rect: pygame.FRect) -> Tray:
    x, y = rect.x, rect.y
    tray = Tray(seat, rect, own=False, token_size=28.0, name=(x + 34, y + 22))
    # Four materials, two harbour cards, the hand, figures and markers: the markers (at
    # 92 + 6 steps, about 20 wide) must stay inside the tray when four trays share a row.
    step = min(50.0, (rect.w - 24) / 8, (rect.w - 92 - 22) / 6)
    for i, m in enumerate(MATERIALS):
        tray.tokens[m] = (x + 24 + i * step, y + 64)
    hx = x + 24 + 4 * step - 8
    tray.harbour_cards = [pygame.FRect(hx + i * 30, y + 44, 26, 38) for i in range(2)]
    tray.hand = pygame.FRect(hx + 66, y + 44, 26, 38)
    tray.figures = (hx + 66 + step + 6, y + 62)
    tray.markers = (hx + 66 + 2 * step + 10, y + 62)
    return tray


def own_tray(seat: int, rect: pygame.FRect) -> Tray:
    x, y = rect.x, rect.y
    tray = Tray(seat, rect, own=True, token_size=48.0, name=(x + 34, y + 20))
    for i, m in enumerate(MATERIALS):
        tray.tokens[m] = (x + 40 + i * 72, y + 70)
    tray.harbour_cards = [pygame.FRect(x + 312 + i * 66, y + 36, 58, 84) for i in range(2)]
    tray.hand = pygame.FRect(x + 452, y + 32, 330, 96)
    tray.figures = (x + 808, y + 62)
    tray.markers = (x + 852, y + 62)
    tray.steps = pygame.FRect(x + 880, y + 8, rect.w - 888, 60)
    tray.button = pygame.FRect(x + 900, y + 80, rect.w - 920, 52)
    return tray


@dataclass
class Table:
    """The whole layout for one viewer: world size and the trays of every seat."""

    players: int
    seat: int | None
    trays: dict[int, Tray] = field(default_factory=dict)
    height: float = 0.0

    @classmethod
    def build(cls, players: int, seat: int | None) -> Table:
        table = cls(players, seat)
        others = [s for s in range(players) if s != seat]
        if seat is not None:
            others = [(seat + 1 + i) % players for i in range(players - 1)]
        width = min(400.0, (W - 12 * (len(others) - 1)) / max(1, len(others)))
        for i, other in enumerate(others):
            rect = pygame.FRect(i * (width + 12), 0, width, TRAY_H)
            table.trays[other] = compact_tray(other, rect)
        if seat is not None:
            table.trays[seat] = own_tray(seat, pygame.FRect(0, OWN_TOP, W, OWN_H))
            table.height = OWN_TOP + OWN_H
        else:
            table.height = QUARTERS_AREA.bottom + 4
        return table

    @property
    def size(self) -> tuple[float, float]:
        return (W, self.height)
