"""The table scene's cached layer: what changes only with the game — the board, and the chrome
around it (bar, panels, log) — drawn once into a surface and redrawn by region when it changes.

`TableLayer` holds the surface, the keys it was drawn for, the backdrop under it and the camera
it saw the board from. It asks the scene (`Painter`) for the chrome's key and to paint the
chrome, and the game view to draw the board (only the parts it says changed, when it can).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from client.tables.base import Camera, TableView
from client.words import i18n


class Painter(Protocol):
    """What the layer asks of the table scene."""

    camera: Camera
    game_view: TableView

    def chrome_key(self) -> tuple:
        """What the bar, the panels and the log show: redrawn when it changes."""
        ...

    def paint_chrome(
        self, layer: pygame.Surface, like: pygame.Surface, drawn: pygame.Surface | None
    ) -> pygame.Surface:
        """Draw the chrome into `layer`; the backdrop it stands on (a new one wiped it all)."""
        ...


class TableLayer:
    """The board and the chrome, cached; `surface` is what a frame starts from."""

    def __init__(self, painter: Painter) -> None:
        self.painter = painter
        self.surface: pygame.Surface | None = None
        # (chrome key, board key) the surface shows; () when it is to be drawn whole.
        self.key: tuple = ()
        # The felt and empty boxes the chrome was last drawn on, and the board's camera then.
        self.drawn_backdrop: pygame.Surface | None = None
        self.seen_from: tuple = ()
        # The language the layer is written in: a change of it draws the layer whole (the
        # board's words and numbers are the language's, a purse's 20,000 or 20.000).
        self.language = ""

    def board_key(self) -> tuple:
        cam = self.painter.camera
        return (self.painter.game_view.version, cam.zoom, cam.cx, cam.cy, tuple(cam.area))

    def refresh(self, like: pygame.Surface) -> pygame.Surface:
        """What changes only with the game is drawn into the cached layer, by region, when it
        changes: the board (a stone landed, the camera moved) or the chrome around it (panels,
        log, bar). When both change at once the chrome follows a frame later, so no single frame
        redraws everything. Returns the layer."""
        size = like.get_size()
        chrome, board = self.painter.chrome_key(), self.board_key()
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert(like)
            self.key = ()
        if self.language != i18n.language():
            self.language = i18n.language()
            self.key = ()
        if not self.key:
            self._redraw_chrome(self.surface, like)
            self._redraw_board(self.surface, full=True)
        elif board != self.key[1]:
            self._redraw_board(self.surface, full=False)
            chrome = self.key[0]
        elif chrome != self.key[0] and self._redraw_chrome(self.surface, like):
            self._redraw_board(self.surface, full=True)
        self.key = (chrome, board)
        return self.surface

    def _redraw_board(self, layer: pygame.Surface, full: bool) -> None:
        """Redraw the board area, or only the parts the game view says changed."""
        cam = self.painter.camera
        view = self.painter.game_view
        seen_from = (cam.zoom, cam.cx, cam.cy, tuple(cam.area))
        changes = view.take_changes()
        if full or changes is None or seen_from != self.seen_from:
            self.seen_from = seen_from
            areas = [cam.area]
        else:
            areas = [cam.rect_to_screen(c).clip(cam.area) for c in changes]
        clip = layer.get_clip()
        assert self.drawn_backdrop is not None  # the chrome is drawn before the board
        for area in areas:
            if area.w and area.h:
                layer.set_clip(area)
                layer.blit(self.drawn_backdrop, area, area)
                view.draw_board(layer, cam)
        layer.set_clip(clip)

    def _redraw_chrome(self, layer: pygame.Surface, like: pygame.Surface) -> bool:
        """Redraw bar, panels and log; True if a new layout wiped the board too."""
        backdrop = self.painter.paint_chrome(layer, like, self.drawn_backdrop)
        wiped = backdrop is not self.drawn_backdrop
        self.drawn_backdrop = backdrop
        return wiped
