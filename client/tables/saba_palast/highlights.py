"""Highlights over the Saba table, cached per size: glows on legal targets, outlines,
shadows under lifted pieces and the banner."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.ui import theme


@lru_cache(maxsize=256)
def glow(w: int, h: int, level: int, radius: int) -> pygame.Surface:
    """A gold glow over a legal target; `level` (0–12) is how bright it is."""
    pad = max(3, round(min(w, h) * 0.08))
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    t = level / 12
    inner = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, (255, 236, 150, round(20 + 40 * t)), inner, border_radius=radius)
    width = max(2, round(pad * 0.5))
    for i in range(3):
        alpha = round((90 + 50 * i) * (0.5 + 0.5 * t))
        rect = inner.inflate((2 - i) * width * 2, (2 - i) * width * 2)
        pygame.draw.rect(
            surf, (255, 226, 110, alpha), rect, width, border_radius=radius + (2 - i) * width
        )
    return surf


@lru_cache(maxsize=64)
def outline(w: int, h: int, radius: int, width: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*theme.GOLD_LIGHT, 255), surf.get_rect(), width, border_radius=radius)
    return surf


@lru_cache(maxsize=128)
def shadow(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 70), surf.get_rect())
    return surf


@lru_cache(maxsize=64)
def banner(label: str, size: int) -> pygame.Surface:
    """A gold banner with `label` (treasury scoring, game over)."""
    text = theme.text(label, size, theme.INK, bold=True)
    box = pygame.Surface((text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
    box.blit(text, text.get_rect(center=box.get_rect().center))
    return box
