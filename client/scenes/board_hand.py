"""The hand over the table's board: a piece picked up by a tap or held in a drag, the board
panned by a drag elsewhere, a tap routed to a piece or the place it goes, and the board's
pieces, places and controls as keyboard stops.

`BoardHand` holds only that state (the piece picked up or held, where it was grabbed, the
target under it, whether the board is being panned) and reads the rest from the table scene
through `Board`: the camera, the game view, whether the seat may act now, and `commit`, which
sends the move. It decides nothing about the rules: the pieces and their targets come from the
game view, built from the legal moves the server sent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from client.tables.base import Camera, Piece, TableContext, TableView, Target
from client.ui import focus, theme
from client.ui.anim import MOVE, SHAKE, Animator, pulse
from client.ui.input import Intent


@dataclass
class BoardSpot:
    """A piece or a target on the board as a keyboard stop: pressing it taps its middle, so
    the keys do exactly what a finger there would (pick up, put down, choose)."""

    label: str
    rect: pygame.Rect
    action: Callable[[], None]
    enabled: bool = True


class Board(Protocol):
    """What the hand reads of the table scene."""

    camera: Camera
    game_view: TableView
    ctx: TableContext
    board_rect: pygame.Rect

    @property
    def interactive(self) -> bool: ...

    def board_area(self) -> pygame.Rect: ...

    def commit(self, piece: Piece | None, move: Any, target: Target | None = None) -> None: ...

    def handle(self, intent: Intent) -> bool: ...


class BoardHand:
    """Picking up, dragging and putting down the game view's pieces, and panning the board."""

    def __init__(self, board: Board, animator: Animator) -> None:
        self.board = board
        self.animator = animator
        # A piece picked up by a tap (it waits for a second tap on a place), or held in a drag.
        self.selected: Piece | None = None
        self.held: Piece | None = None
        # Where the held piece was grabbed, relative to its middle, and the target under it.
        self.grab = (0.0, 0.0)
        self.hover_target: Any = None
        self.panning = False

    # ------------------------------------------------------------------ what is where
    def piece_at(self, pos: tuple[float, float]) -> Piece | None:
        """The game view's piece under the screen point `pos`, while the seat may act."""
        if not self.board.interactive:
            return None
        wx, wy = self.board.camera.to_world(*pos)
        for piece in self.board.game_view.pieces():
            if piece.rect.collidepoint(wx, wy):
                return piece
        return None

    def target_at(self, targets: list[Target], pos: tuple[float, float]) -> Target | None:
        """The one of `targets` under the screen point `pos`, on the board's area."""
        if not self.board.board_area().collidepoint(pos):
            return None
        wx, wy = self.board.camera.to_world(*pos)
        for target in targets:
            if target.rect.collidepoint(wx, wy):
                return target
        return None

    def keep(self) -> None:
        """Only the table's summary changed (a seat, a spectator, the status): a piece picked
        up stays picked up, found again among the view's pieces."""
        if self.selected is not None:
            key = self.selected.key
            self.selected = next((p for p in self.board.game_view.pieces() if p.key == key), None)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        """A drag (a piece or the board), a drop, or a tap on the board; True if used."""
        kind = intent.kind
        board = self.board
        if kind == "drag_start":
            piece = self.piece_at(intent.pos)
            if piece is not None:
                self.held = piece
                wx, wy = board.camera.to_world(*intent.pos)
                self.grab = (piece.sprite.x - wx, piece.sprite.y - wy)
                self.animator.animate(piece.sprite, 0.12, lift=1.0)
                return True
            self.panning = board.board_rect.collidepoint(intent.pos)
            return self.panning
        if kind == "drag":
            if self.held is not None:
                wx, wy = board.camera.to_world(*intent.pos)
                self.held.sprite.x, self.held.sprite.y = wx + self.grab[0], wy + self.grab[1]
                target = self.target_at(self.held.targets, intent.pos)
                self.hover_target = board.ctx.hover = target.key if target else None
                return True
            if self.panning:
                board.camera.pan(*intent.rel)
                return True
            return False
        if kind == "drop":
            self.panning = False
            piece, self.held, self.hover_target = self.held, None, None
            board.ctx.hover = None
            if piece is None:
                return False
            target = self.target_at(piece.targets, intent.pos)
            if target is not None and board.interactive:
                board.commit(piece, target.move, target)
            else:
                self.glide_back(piece, shake=True)
            return True
        if kind == "tap":
            return self.tap(intent.pos)
        return False

    def tap(self, pos: tuple[float, float]) -> bool:
        """A tap: put the piece picked up on its place, pick a piece up (or put it down), or
        play a loose place's move."""
        board = self.board
        if not board.interactive:
            return False
        if self.selected is not None:
            target = self.target_at(self.selected.targets, pos)
            if target is not None:
                board.commit(self.selected, target.move, target)
                return True
        piece = self.piece_at(pos)
        if piece is not None:
            self.selected = None if self.selected and self.selected.key == piece.key else piece
            return True
        target = self.target_at(board.game_view.loose_targets(), pos)
        if target is not None:
            owner = next(
                (
                    p
                    for p in board.game_view.pieces()
                    if any(t.key == target.key for t in p.targets)
                ),
                None,
            )
            board.commit(owner, target.move, target)
            return True
        self.selected = None
        return False

    def glide_back(self, piece: Piece, shake: bool) -> None:
        """A piece not played goes home (with a shake when it was refused)."""
        sprite = piece.sprite
        hx, hy = sprite.home
        if shake:
            self.animator.animate(sprite, SHAKE, "shake", shake=12.0)
        self.animator.animate(sprite, MOVE, delay=SHAKE if shake else 0.0, x=hx, y=hy, lift=0.0)

    # ------------------------------------------------------------------ frame
    def note_spots(self) -> None:
        """The pieces that may be picked up, the places they (or loose moves) go and the
        view's own controls, as keyboard stops in reading order, before the buttons
        (client.ui.focus)."""
        board = self.board
        if not board.interactive or self.held is not None:
            return
        source = self.selected
        things: list[Piece | Target] = [*board.game_view.pieces()]
        things += source.targets if source is not None else board.game_view.loose_targets()
        named = [("piece" if isinstance(t, Piece) else "target", t.key, t.rect) for t in things] + [
            ("control", key, rect) for key, rect in board.game_view.tap_spots()
        ]
        area = board.board_area()
        spots = []
        for kind, key, world in named:
            rect = board.camera.rect_to_screen(world).clip(area)
            if rect.w and rect.h:
                spots.append(BoardSpot(f"{kind}:{key!r}", rect, self._tapper(rect.center)))
        for spot in sorted(spots, key=lambda s: (s.rect.y // 8, s.rect.x)):
            focus.note(spot)

    def _tapper(self, pos: tuple[int, int]) -> Callable[[], None]:
        return lambda: self.board.handle(Intent("tap", pos=(float(pos[0]), float(pos[1]))))

    def draw_selected(
        self, surface: pygame.Surface, layout: theme.Layout, clock: float
    ) -> Piece | None:
        """A piece picked up by a tap: a gold ring around it until a tap puts it somewhere.
        Returns the piece ringed (None when there is none)."""
        piece = self.selected
        if piece is None or self.held is not None or not self.board.interactive:
            return None
        lay = layout
        rect = self.board.camera.rect_to_screen(piece.rect).inflate(lay.line * 6, lay.line * 6)
        glow = 0.5 + 0.5 * pulse(clock)
        colour = theme.mix(theme.GOLD, theme.GOLD_LIGHT, glow)
        pygame.draw.rect(surface, colour, rect, max(2, lay.line * 3), border_radius=lay.radius)
        return piece
