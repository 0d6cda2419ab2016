"""QR codes drawn with pygame: segno makes the matrix, each module a square of pixels."""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

QUIET = 4  # modules of white around the code, as scanners expect


@lru_cache(maxsize=16)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a QR code at most `size` px square: dark modules on white, whole pixels each."""
    matrix = segno.make(text, error="m").matrix
    modules = len(matrix) + 2 * QUIET
    px = max(1, size // modules)
    surface = pygame.Surface((modules * px, modules * px))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + QUIET) * px, (y + QUIET) * px, px, px))
    return surface
