"""The drawn things of Die Kette von Saba, each cached as a surface per pixel size: gem cards,
lion-head jokers, card backs, the hexagonal settings of the necklace and the coins.

Stone types keep the shared gem cuts (client/ui/gems.py), so colour and shape both tell them apart.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.tables.base import Camera, Sprite
from client.tables.kette_von_saba.layout import CARD_RATIO, JOKER, LIFT
from client.ui import theme
from client.ui.gems import GEMS, draw_gem

STONE_GEM: dict[str, str] = {
    "rubin": "ruby",
    "smaragd": "emerald",
    "saphir": "sapphire",
    "perle": "pearl",
    "amethyst": "amethyst",
}
# Pearls are near-ivory: their cards get a dusky ground so the stones stand out.
CARD_GROUND: dict[str, theme.Colour] = {"perle": (96, 88, 118)}

VELVET = (120, 20, 44)
VELVET_DARK = (70, 10, 26)
SOCKET = (9, 26, 24)
PLATE = (32, 16, 24)

# Where the stones of a piece sit, in radii of its hexagon (x, y), and how large they are.
STONE_SPOTS: dict[int, tuple[list[tuple[float, float]], float]] = {
    1: ([(0.0, 0.0)], 0.84),
    2: ([(0.0, -0.37), (0.0, 0.37)], 0.64),
    3: ([(-0.34, -0.27), (0.34, -0.27), (0.0, 0.36)], 0.58),
    4: ([(0.0, -0.52), (-0.44, 0.0), (0.44, 0.0), (0.0, 0.52)], 0.5),
}


def stone_of(piece: str) -> tuple[str, int]:
    """("rubin", 3) for "rubin-3"."""
    stone, count = piece.rsplit("-", 1)
    return stone, int(count)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon of circumradius `r` around (cx, cy)."""
    return [
        (cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k)) for k in range(6)
    ]


def _jewel(surf: pygame.Surface, piece: str, cx: float, cy: float, unit: float, stretch=(1.0, 1.0)):
    """A piece's stones in their gold setting around (cx, cy); `unit` is one hexagon radius."""
    stone, count = stone_of(piece)
    spots, size = STONE_SPOTS[count]
    points = [(cx + dx * unit * stretch[0], cy + dy * unit * stretch[1]) for dx, dy in spots]
    wire = max(1, round(unit * 0.06))
    if count == 4:
        ring = [points[0], points[2], points[3], points[1]]
        pygame.draw.polygon(surf, theme.GOLD_DARK, ring, wire + 1)
        pygame.draw.polygon(surf, theme.GOLD, ring, max(1, wire - 1))
    elif count > 1:
        pygame.draw.lines(surf, theme.GOLD_DARK, count == 3, points, wire + 1)
        pygame.draw.lines(surf, theme.GOLD, count == 3, points, max(1, wire - 1))
    for x, y in points:
        pygame.draw.circle(surf, theme.GOLD_DARK, (x, y), unit * size * 0.5)
        pygame.draw.circle(surf, theme.GOLD, (x, y), unit * size * 0.5, max(1, wire))
        draw_gem(surf, STONE_GEM[stone], (x, y), unit * size * 1.02)


def lion(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """A lion's head of radius `r`: a spiked golden mane, a tawny face, a dark nose."""
    for scale, colour, turn in ((1.0, (128, 66, 16), 0.0), (0.86, (196, 122, 34), 0.5)):
        spikes = 18
        star = []
        for k in range(spikes * 2):
            a = math.pi * k / spikes + turn * math.pi / spikes
            rad = r * scale * (1.0 if k % 2 == 0 else 0.78)
            star.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
        pygame.draw.polygon(surf, colour, star)
    pygame.draw.circle(surf, (226, 162, 64), (cx, cy), r * 0.66)
    face = (240, 202, 128)
    for side in (-1, 1):
        ear = (cx + side * r * 0.38, cy - r * 0.4)
        pygame.draw.circle(surf, face, ear, r * 0.15)
        pygame.draw.circle(surf, (190, 120, 70), ear, r * 0.08)
    pygame.draw.ellipse(surf, face, pygame.FRect(cx - r * 0.48, cy - r * 0.5, r * 0.96, r * 1.04))
    line = max(1, round(r * 0.05))
    for side in (-1, 1):
        eye = pygame.FRect(0, 0, r * 0.17, r * 0.1)
        eye.center = (cx + side * r * 0.2, cy - r * 0.1)
        pygame.draw.ellipse(surf, (70, 36, 12), eye)
        pygame.draw.line(
            surf,
            (120, 70, 30),
            (cx + side * r * 0.08, cy - r * 0.2),
            (cx + side * r * 0.32, cy - r * 0.24),
            line,
        )
    muzzle = (252, 232, 186)
    for side in (-1, 1):
        pygame.draw.circle(surf, muzzle, (cx + side * r * 0.11, cy + r * 0.22), r * 0.15)
    nose = [(cx - r * 0.11, cy + r * 0.04), (cx + r * 0.11, cy + r * 0.04), (cx, cy + r * 0.16)]
    pygame.draw.polygon(surf, (92, 46, 30), nose)
    pygame.draw.line(surf, (92, 46, 30), (cx, cy + r * 0.16), (cx, cy + r * 0.28), line)
    for side in (-1, 1):
        pygame.draw.line(
            surf,
            (92, 46, 30),
            (cx, cy + r * 0.28),
            (cx + side * r * 0.13, cy + r * 0.33),
            line,
        )
    pygame.draw.ellipse(
        surf, (214, 170, 100), pygame.FRect(cx - r * 0.1, cy + r * 0.36, r * 0.2, r * 0.1)
    )


# ---------------------------------------------------------------------- cards


def card_size(w: int) -> tuple[int, int]:
    return w, round(w * CARD_RATIO)


@lru_cache(maxsize=256)
def card_face(card: str, w: int) -> pygame.Surface:
    """A card `w` px wide: ivory with its stones set in gold, or a lion head on red velvet."""
    w, h = card_size(max(8, w))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(2, round(w * 0.08))
    border = max(1, round(w * 0.03))
    if card == JOKER:
        pygame.draw.rect(surf, VELVET, rect, border_radius=radius)
        inner = rect.inflate(-border * 4, -border * 4)
        pygame.draw.rect(surf, VELVET_DARK, inner, max(1, border // 2), border_radius=radius)
        lion(surf, w / 2, h / 2, w * 0.36)
        pygame.draw.rect(surf, theme.GOLD, rect, border, border_radius=radius)
        return _ready(surf)
    stone, count = stone_of(card)
    colour = GEMS[STONE_GEM[stone]].colour
    pygame.draw.rect(surf, theme.IVORY, rect, border_radius=radius)
    inner = rect.inflate(-border * 5, -border * 5)
    ground = CARD_GROUND.get(stone, theme.mix(theme.IVORY, colour, 0.14))
    pygame.draw.rect(surf, ground, inner, border_radius=max(1, radius - border))
    pygame.draw.rect(surf, theme.IVORY_SHADE, inner, max(1, border // 2), border_radius=radius)
    _jewel(surf, card, w / 2, h / 2, w * 0.5, (0.9, 1.3))
    size = max(8, round(w * 0.2))
    ink = theme.mix(colour, theme.INK, 0.45) if stone != "perle" else theme.INK
    label = theme.text(str(count), size, ink, bold=True)
    surf.blit(label, (border * 3, border * 1.5))
    flipped = pygame.transform.rotate(label, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - border * 3, h - border * 1.5)))
    pygame.draw.rect(surf, theme.GOLD, rect, border, border_radius=radius)
    return _ready(surf)


@lru_cache(maxsize=16)
def card_back(w: int) -> pygame.Surface:
    """The back every card shares: deep teal, a gold border and a honeycomb of settings."""
    w, h = card_size(max(8, w))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(2, round(w * 0.08))
    border = max(1, round(w * 0.03))
    pygame.draw.rect(surf, (14, 52, 48), rect, border_radius=radius)
    inner = rect.inflate(-border * 6, -border * 6)
    pygame.draw.rect(surf, theme.GOLD_DARK, inner, max(1, border // 2), border_radius=radius)
    r = w * 0.13
    for column in range(-2, 3):
        for row in range(-3, 4):
            x = w / 2 + column * r * 1.5
            y = h / 2 + row * r * math.sqrt(3) + (column % 2) * r * math.sqrt(3) / 2
            if inner.inflate(-r, -r).collidepoint(x, y):
                pygame.draw.polygon(
                    surf, (24, 78, 70), hex_points(x, y, r * 0.86), max(1, border // 2)
                )
    pygame.draw.polygon(surf, (14, 52, 48), hex_points(w / 2, h / 2, w * 0.24))
    pygame.draw.polygon(surf, theme.GOLD, hex_points(w / 2, h / 2, w * 0.24), border)
    draw_gem(surf, "ruby", (w / 2, h / 2), w * 0.26)
    pygame.draw.rect(surf, theme.GOLD, rect, border, border_radius=radius)
    return _ready(surf)


@lru_cache(maxsize=32)
def card_shadow(w: int, spread: int) -> pygame.Surface:
    """A soft shadow under a card `w` px wide; `spread` grows it as the card is lifted."""
    cw, ch = card_size(max(8, w))
    surf = pygame.Surface((cw + spread * 2 + 4, ch + spread * 2 + 4), pygame.SRCALPHA)
    radius = max(2, round(cw * 0.1))
    for i in range(3):
        rect = pygame.Rect(i + 2, i + 2, cw + spread * 2 - i * 2, ch + spread * 2 - i * 2)
        pygame.draw.rect(surf, (0, 0, 0, 30 + 12 * i), rect, border_radius=radius + spread)
    return surf


@lru_cache(maxsize=64)
def card_glow(w: int, level: int) -> pygame.Surface:
    """A gold glow around a card that may be played; `level` 0–12 is its brightness."""
    cw, ch = card_size(max(8, w))
    pad = max(3, round(cw * 0.08))
    surf = pygame.Surface((cw + pad * 2, ch + pad * 2), pygame.SRCALPHA)
    t = level / 12
    for i in range(pad):
        alpha = round((40 + 150 * (i + 1) / pad) * (0.4 + 0.6 * t))
        rect = surf.get_rect().inflate(-i * 2, -i * 2)
        pygame.draw.rect(
            surf, (255, 226, 110, alpha), rect, 1, border_radius=round(cw * 0.1) + pad - i
        )
    return surf


# ---------------------------------------------------------------------- the necklace


@lru_cache(maxsize=256)
def hex_tile(piece: str, joker: bool, r: int) -> pygame.Surface:
    """A laid card as a setting of radius `r` px: ivory with stones, or a lion head standing
    for `piece` (its stones shown small below the mane)."""
    r = max(4, r)
    w, h = 2 * r + 2, round(math.sqrt(3) * r) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    outline = hex_points(cx, cy, r)
    rim = max(1, round(r * 0.08))
    stone, count = stone_of(piece)
    if joker:
        pygame.draw.polygon(surf, VELVET, outline)
        lion(surf, cx, cy - r * 0.14, r * 0.58)
        small = r * 0.24
        left = cx - (count - 1) * small * 0.5
        for k in range(count):
            draw_gem(surf, STONE_GEM[stone], (left + k * small, cy + r * 0.62), small * 1.05)
    else:
        colour = GEMS[STONE_GEM[stone]].colour
        pygame.draw.polygon(surf, theme.IVORY, outline)
        ground = CARD_GROUND.get(stone, theme.mix(theme.IVORY, colour, 0.14))
        pygame.draw.polygon(surf, ground, hex_points(cx, cy, r - rim * 2))
        _jewel(surf, piece, cx, cy, r)
    pygame.draw.polygon(surf, theme.GOLD, outline, rim)
    return _ready(surf)


@lru_cache(maxsize=16)
def hex_socket(r: int) -> pygame.Surface:
    """An empty setting of radius `r` px: a dark hollow with a gold rim."""
    r = max(4, r)
    w, h = 2 * r + 2, round(math.sqrt(3) * r) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    pygame.draw.polygon(surf, SOCKET, hex_points(cx, cy, r))
    pygame.draw.polygon(
        surf,
        (20, 50, 46),
        hex_points(cx + r * 0.04, cy + r * 0.05, r * 0.8),
        max(1, round(r * 0.04)),
    )
    pygame.draw.polygon(surf, theme.GOLD_DARK, hex_points(cx, cy, r), max(1, round(r * 0.06)))
    return _ready(surf)


@lru_cache(maxsize=128)
def hex_ghost(piece: str, r: int) -> pygame.Surface:
    """The one piece every possible necklace puts on an empty space: its stones, faintly, in
    the hollow (a lion head may go there)."""
    r = max(4, r)
    w, h = 2 * r + 2, round(math.sqrt(3) * r) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _jewel(surf, piece, w / 2, h / 2, r * 0.8)
    surf.set_alpha(60)
    return surf


@lru_cache(maxsize=16)
def hex_plate(r: int, edge: bool) -> pygame.Surface:
    """The velvet backing of one setting, a little larger than it (the plates merge); the
    `edge` plate is drawn first, larger and gold, so the whole necklace gets a gold rim."""
    r = max(4, r)
    w, h = 2 * r + 2, round(math.sqrt(3) * r) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(surf, theme.GOLD_DARK if edge else PLATE, hex_points(w / 2, h / 2, r))
    return _ready(surf)


@lru_cache(maxsize=64)
def hex_glow(r: int, level: int) -> pygame.Surface:
    """A gold glow over a space where the held card may go; `level` 0–12 is its brightness."""
    r = max(4, r)
    w, h = 2 * r + 2, round(math.sqrt(3) * r) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    t = level / 12
    pygame.draw.polygon(surf, (255, 236, 150, round(40 + 50 * t)), hex_points(cx, cy, r))
    width = max(2, round(r * 0.06))
    for i in range(3):
        alpha = round((120 + 45 * i) * (0.5 + 0.5 * t))
        pygame.draw.polygon(surf, (255, 226, 110, alpha), hex_points(cx, cy, r - i * width), width)
    return surf


@lru_cache(maxsize=16)
def hex_outline(r: int) -> pygame.Surface:
    """A thin dotted gold outline: where the card on sale could go."""
    r = max(4, r)
    w, h = 2 * r + 2, round(math.sqrt(3) * r) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    points = hex_points(w / 2, h / 2, r * 0.92)
    dot = max(1, round(r * 0.05))
    for k in range(6):
        (x0, y0), (x1, y1) = points[k], points[(k + 1) % 6]
        for i in range(6):
            t = i / 6
            pygame.draw.circle(
                surf, (*theme.GOLD_LIGHT, 200), (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), dot
            )
    return surf


# ---------------------------------------------------------------------- money and marks


@lru_cache(maxsize=16)
def coin(size: int) -> pygame.Surface:
    """A gold coin `size` px across, lit from the top left."""
    size = max(6, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c, r = size / 2, size / 2 - 1
    pygame.draw.circle(surf, theme.GOLD_DARK, (c + 1, c + 1), r)
    pygame.draw.circle(surf, theme.GOLD, (c, c), r)
    pygame.draw.circle(surf, theme.GOLD_LIGHT, (c, c), r * 0.72, max(1, round(size * 0.08)))
    pygame.draw.circle(surf, (255, 250, 220), (c - r * 0.35, c - r * 0.35), max(1, r * 0.18))
    return surf


def gavel(surf: pygame.Surface, cx: float, cy: float, size: float) -> None:
    """The auctioneer's hammer: a tilted head on a handle."""
    wood, dark = (150, 96, 50), (90, 54, 26)
    angle = -math.pi / 4
    ca, sa = math.cos(angle), math.sin(angle)

    def rot(x: float, y: float) -> tuple[float, float]:
        return cx + x * ca - y * sa, cy + x * sa + y * ca

    handle = [
        rot(-size * 0.05, -size * 0.1),
        rot(size * 0.05, -size * 0.1),
        rot(size * 0.05, size * 0.5),
        rot(-size * 0.05, size * 0.5),
    ]
    head = [
        rot(-size * 0.32, -size * 0.32),
        rot(size * 0.32, -size * 0.32),
        rot(size * 0.32, -size * 0.08),
        rot(-size * 0.32, -size * 0.08),
    ]
    pygame.draw.polygon(surf, wood, handle)
    pygame.draw.polygon(surf, wood, head)
    pygame.draw.polygon(surf, dark, head, max(1, round(size * 0.06)))
    pygame.draw.polygon(
        surf,
        theme.GOLD,
        [
            rot(-size * 0.22, -size * 0.32),
            rot(-size * 0.14, -size * 0.32),
            rot(-size * 0.14, -size * 0.08),
            rot(-size * 0.22, -size * 0.08),
        ],
    )


@lru_cache(maxsize=16)
def gavel_surface(size: int) -> pygame.Surface:
    """The gavel drawn once per size, `size` px square."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    gavel(surf, size / 2, size / 2, size * 0.95)
    return surf


@lru_cache(maxsize=32)
def wax_seal(size: int) -> pygame.Surface:
    """The red seal stamped on a forgery."""
    size = max(6, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    blob = [
        (
            c + math.cos(a) * c * (0.92 if k % 2 else 0.8),
            c + math.sin(a) * c * (0.92 if k % 2 else 0.8),
        )
        for k, a in enumerate(2 * math.pi * i / 14 for i in range(14))
    ]
    pygame.draw.polygon(surf, (150, 20, 30), blob)
    pygame.draw.circle(surf, (190, 40, 44), (c, c), c * 0.58)
    w = max(1, round(size * 0.1))
    pygame.draw.line(surf, (110, 10, 20), (c - c * 0.3, c - c * 0.3), (c + c * 0.3, c + c * 0.3), w)
    pygame.draw.line(surf, (110, 10, 20), (c + c * 0.3, c - c * 0.3), (c - c * 0.3, c + c * 0.3), w)
    return surf


# ---------------------------------------------------------------------- frames and boxes


@lru_cache(maxsize=32)
def glow_box(w: int, h: int, alpha: int, width: int) -> pygame.Surface:
    """A gold frame `width` px thick around a place a piece may go (the block, the deck...)."""
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, (255, 226, 110, alpha), box.get_rect(), width, border_radius=width * 3)
    return box


@lru_cache(maxsize=64)
def pill(w: int, h: int, alpha: int) -> pygame.Surface:
    """The dark pill a reward is written on."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (8, 20, 18, alpha), surf.get_rect(), border_radius=h // 2)
    return surf


@lru_cache(maxsize=32)
def purse_box(w: int, h: int, leading: bool) -> pygame.Surface:
    """A seat's purse on the rail; the highest bidder's has a gold edge."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    radius = max(4, h // 5)
    pygame.draw.rect(surf, (*theme.PANEL, 225), surf.get_rect(), border_radius=radius)
    edge = theme.GOLD if leading else theme.GOLD_DARK
    pygame.draw.rect(surf, edge, surf.get_rect(), 2 if leading else 1, border_radius=radius)
    return surf


@lru_cache(maxsize=32)
def banner(label: str, size: int) -> pygame.Surface:
    """A gold banner with `label` across it (a new stage, the game's end)."""
    text = theme.text(label, size, theme.INK, bold=True)
    box = pygame.Surface((text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
    box.blit(text, text.get_rect(center=box.get_rect().center))
    return box


def draw_card(surface: pygame.Surface, cam: Camera, card: str, sprite: Sprite, w: float) -> None:
    """A card `w` world units wide at its sprite, raised by `lift` with a wider shadow."""
    px = round(w * cam.scale)
    face = card_face(card, px)
    lift = sprite.lift * LIFT * cam.scale
    x, y = cam.to_screen(sprite.x + sprite.shake, sprite.y)
    rect = face.get_rect(center=(round(x), round(y - lift)))
    spread = round(sprite.lift * 4)
    shadow = card_shadow(px, spread)
    surface.blit(shadow, (rect.x - spread + lift * 0.4, rect.y - spread + lift * 0.8))
    surface.blit(face, rect)
