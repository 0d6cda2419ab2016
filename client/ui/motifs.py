"""The drawn motif of each game box on the start screen (and in the lobby), cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.ui import theme
from client.ui.gems import draw_gem

# The four boxes in the order the start screen shows them, with their titles for a game whose
# engine is not installed.
GAME_BOXES: list[tuple[str, str]] = [
    ("magie-des-bijoux", "La Magie des Bijoux"),
    ("das-kollier", "Das Kollier"),
    ("kette-von-saba", "Die Kette von Saba"),
    ("saba-palast", "Saba – Palast der Königin"),
]


def _magie(surf: pygame.Surface, s: int) -> None:
    cell = s * 0.26
    x0 = (s - cell * 3) / 2
    stones = {
        (0, 1): "ruby",
        (1, 0): "sapphire",
        (1, 2): "topaz",
        (2, 1): "emerald",
        (0, 2): "ruby",
    }
    for r in range(3):
        for c in range(3):
            rect = pygame.Rect(x0 + c * cell + 2, x0 + r * cell + 2, cell - 4, cell - 4)
            pygame.draw.rect(surf, theme.IVORY, rect, border_radius=max(2, round(cell * 0.1)))
            pygame.draw.rect(
                surf,
                theme.GOLD,
                rect,
                max(1, round(s / 90)),
                border_radius=max(2, round(cell * 0.1)),
            )
            if (r, c) in stones:
                draw_gem(surf, stones[(r, c)], rect.center, cell * 0.55)
    cx, cy = x0 + cell * 1.5, x0 + cell * 1.45
    pygame.draw.circle(surf, (44, 26, 58), (cx, cy - cell * 0.18), cell * 0.16)
    pygame.draw.polygon(
        surf,
        (44, 26, 58),
        [
            (cx - cell * 0.2, cy + cell * 0.3),
            (cx - cell * 0.08, cy - cell * 0.05),
            (cx + cell * 0.08, cy - cell * 0.05),
            (cx + cell * 0.2, cy + cell * 0.3),
        ],
    )


def _kollier(surf: pygame.Surface, s: int) -> None:
    points = [
        (s * 0.5 + math.cos(a) * s * 0.36, s * 0.3 + math.sin(a) * s * 0.42)
        for a in (math.pi * (0.1 + 0.8 * i / 12) for i in range(13))
    ]
    pygame.draw.lines(surf, theme.GOLD, False, points, max(2, s // 60))
    kinds = [
        "pearl",
        "amethyst",
        "pearl",
        "emerald",
        "pearl",
        "sapphire",
        "ruby",
        "sapphire",
        "pearl",
        "emerald",
        "pearl",
        "amethyst",
        "pearl",
    ]
    for (x, y), kind in zip(points, kinds, strict=True):
        draw_gem(surf, kind, (x, y), s * (0.2 if kind == "ruby" else 0.11))


def _kette(surf: pygame.Surface, s: int) -> None:
    r = s * 0.1
    centres = [(s * (0.2 + 0.15 * i), s * (0.5 + 0.18 * math.sin(i * 1.3))) for i in range(5)]
    for i in range(4):
        pygame.draw.line(surf, theme.GOLD, centres[i], centres[i + 1], max(2, s // 40))
    for (x, y), kind in zip(
        centres, ["diamond", "ruby", "topaz", "emerald", "sapphire"], strict=True
    ):
        hexagon = [
            (x + math.cos(a) * r * 1.3, y + math.sin(a) * r * 1.3)
            for a in (k * math.pi / 3 for k in range(6))
        ]
        pygame.draw.polygon(surf, theme.TABLE_LIGHT, hexagon)
        pygame.draw.polygon(surf, theme.GOLD, hexagon, max(1, s // 80))
        draw_gem(surf, kind, (x, y), r * 1.6)


def _palast(surf: pygame.Surface, s: int) -> None:
    base = s * 0.8
    gold, light = theme.GOLD, theme.GOLD_LIGHT
    pygame.draw.rect(surf, gold, pygame.Rect(s * 0.15, s * 0.55, s * 0.7, base - s * 0.55))
    for cx, w, top in ((0.3, 0.16, 0.38), (0.5, 0.22, 0.24), (0.7, 0.16, 0.38)):
        pygame.draw.ellipse(surf, light, pygame.Rect(s * (cx - w / 2), s * top, s * w, s * 0.3))
        pygame.draw.rect(
            surf, gold, pygame.Rect(s * (cx - w / 2), s * (top + 0.15), s * w, s * 0.2)
        )
        pygame.draw.line(
            surf, light, (s * cx, s * (top - 0.06)), (s * cx, s * top), max(1, s // 60)
        )
    for i in range(4):
        door = pygame.Rect(s * (0.22 + i * 0.16), s * 0.63, s * 0.08, s * 0.17)
        pygame.draw.rect(
            surf,
            theme.TABLE_DARK,
            door,
            border_top_left_radius=round(s * 0.04),
            border_top_right_radius=round(s * 0.04),
        )
    draw_gem(surf, "ruby", (s * 0.5, s * 0.47), s * 0.12)


MOTIFS = {
    "magie-des-bijoux": _magie,
    "das-kollier": _kollier,
    "kette-von-saba": _kette,
    "saba-palast": _palast,
}


@lru_cache(maxsize=32)
def motif(game_id: str, size: int) -> pygame.Surface:
    """The game's motif in a `size`×`size` square (a single gem for games without one)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    draw = MOTIFS.get(game_id)
    if draw is None:
        draw_gem(surf, "diamond", (size / 2, size / 2), size * 0.6)
    else:
        draw(surf, size)
    return surf
