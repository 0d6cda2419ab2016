"""The drawing helpers every part of Das Kollier's table uses: type sizes in pixels, text,
centred images and gem cards with their shadow."""

from __future__ import annotations

import pygame

from client.tables.base import Camera
from client.tables.das_kollier import art
from client.ui import theme
from client.ui.widgets import symbol
from client.words import i18n

MIN_PX = 14


def px(cam: Camera, size: float) -> int:
    """A type size in world units as pixels (never below MIN_PX)."""
    return max(MIN_PX, round(size * cam.scale))


def label(
    surface: pygame.Surface,
    cam: Camera,
    s: str,
    size: float,
    pos: tuple[float, float],
    colour: theme.Colour,
    anchor: str,
    width: float,
) -> pygame.Rect:
    """A bold label that takes the regular weight where bold would not fit `width`."""
    bold = theme.font(px(cam, size), True).size(s)[0] <= width * cam.scale
    return text(surface, cam, s, size, pos, colour, bold, anchor, width)


def text(
    surface: pygame.Surface,
    cam: Camera,
    s: str,
    size: float,
    pos: tuple[float, float],
    colour: theme.Colour = theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
    width: float | None = None,
) -> pygame.Rect:
    """`s` at the world point `pos`; with a `width`, made to fit it."""
    size_px = px(cam, size)
    if width is not None:
        room = max(8, round(width * cam.scale))
        # Text that would be cut (a small board beside large text) sheds its weight, then
        # steps down toward the smallest size, before it is shortened.
        bold = bold and theme.font(size_px, True).size(s)[0] <= room
        while size_px > MIN_PX and theme.font(size_px, bold).size(s)[0] > room:
            size_px -= 1
        s = theme.fit_text(s, size_px, room, bold)
    return theme.blit_text(surface, s, size_px, cam.to_screen(*pos), colour, bold, anchor)


def lines(
    surface: pygame.Surface,
    cam: Camera,
    s: str,
    size: float,
    pos: tuple[float, float],
    width: float,
    colour: theme.Colour = theme.TEXT,
    anchor: str = "topleft",
    bottom: float | None = None,
) -> float:
    """`s` wrapped to `width` from `pos` down; returns the height below its last line. With
    a `bottom`, `s` is left out whole unless all its lines end above it."""
    x, y = pos
    size_px = px(cam, size)
    step = max(size * 1.2, theme.font(size_px).get_linesize() / cam.scale)
    wrapped = theme.wrap(s, size_px, round(width * cam.scale))
    if bottom is not None and y + step * len(wrapped) > bottom:
        return y  # half a hint would read as a cut one
    for line in wrapped:
        text(surface, cam, line, size, (x, y), colour, anchor=anchor, width=width)
        y += step
    return y


def blit_centered(surface: pygame.Surface, image: pygame.Surface, centre) -> None:
    """`image` with its centre at the screen point `centre`."""
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def card(
    surface: pygame.Surface,
    cam: Camera,
    gem: str | None,
    rect: pygame.FRect,
    lift: float = 0.0,
) -> pygame.Rect:
    """A gem card (a card back without a gem) with its shadow, raised by `lift`."""
    r = cam.rect_to_screen(rect.move(0, -lift))
    w = max(12, r.w)
    surface.blit(art.card_shadow(w), (r.x - 3 + round(lift * cam.scale * 0.3), r.y - 2))
    image = art.card_face(gem, w, i18n.language()) if gem else art.card_back(w)
    surface.blit(image, r.topleft)
    return r


def seat_token(surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float) -> None:
    """A seat's colour token, as the table scene draws it on the panels."""
    colour = theme.player_colour(seat)
    symbol(surface, colour.symbol, centre, r, colour.rgb)
