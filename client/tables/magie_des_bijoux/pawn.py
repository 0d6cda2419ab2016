"""The pawn of La Magie des Bijoux: the one piece, shared by every player. It waits over the
middle of the board, bobbing, until it is placed; it drops or slides to the plaques its events
name, and is picked up to be put on a plaque the server lists."""

from __future__ import annotations

import pygame

from client.tables.base import Event, Piece, Sprite, Target
from client.tables.magie_des_bijoux.art import draw_pawn
from client.tables.magie_des_bijoux.layout import CELL, Grid
from client.tables.regions import Answer, Choice, Frame, Motion, Region, Snapshot
from client.ui.anim import MOVE, pulse

# The events that move the pawn (any other update sends it home, should it be elsewhere).
PAWN_EVENTS = ("pawn_moved", "pawn_placed")


class Pawn(Region):
    """The pawn's sprite and where it belongs."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.grid = Grid()
        self.sprite = Sprite(0.0, 0.0)
        motion.subscribe("pawn_placed", self._placed)
        motion.subscribe("pawn_moved", self._moved)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        view = snap.view
        self.grid = Grid(view["rows"], view["cols"])
        home = self.grid.middle() if view["pawn"] is None else self.grid.centre(view["pawn"])
        self.sprite.home = home
        if fresh:
            self.sprite.x, self.sprite.y = home
            self.sprite.lift = 0.6 if view["pawn"] is None else 0.0
        elif not any(e.get("type") in PAWN_EVENTS for e in snap.events):
            self.motion.animator.animate(self.sprite, MOVE, x=home[0], y=home[1])

    def rect(self) -> pygame.FRect:
        """Where a finger picks the pawn up (world units)."""
        r = CELL * 0.22
        return pygame.FRect(self.sprite.x - r, self.sprite.y - r * 1.6, r * 2, r * 2.4)

    def piece(self, targets: list[Target]) -> Piece | None:
        """The pawn as a piece to pick up, when it has somewhere to go."""
        return Piece("pawn", self.rect(), self.sprite, targets) if targets else None

    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap on the pawn picks it up, while the server lists a plaque for it."""
        movable = any(m.get("type") in ("move", "place_pawn") for m in self.snap.legal)
        return Choice("pawn") if movable and self.rect().collidepoint(point) else None

    # ------------------------------------------------------------------ motion
    def _placed(self, event: Event) -> float:
        x, y = self.grid.centre(event["plaque"])
        self.sprite.lift = 1.0
        self.motion.animator.animate(self.sprite, MOVE, x=x, y=y)
        self.motion.animator.animate(self.sprite, MOVE, "out_bounce", lift=0.0)
        return MOVE

    def _moved(self, event: Event) -> float:
        x, y = self.grid.centre(event["to"])
        self.motion.animator.animate(self.sprite, MOVE, x=x, y=y, lift=0.0)
        return MOVE * 0.8

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The pawn, unless the game is over with none placed."""
        view = self.snap.view
        if view.get("end") is not None and view.get("pawn") is None:
            return
        s = CELL * frame.cam.scale
        p = self.sprite
        px, py = frame.cam.to_screen(p.x + p.shake, p.y)
        lifted = p.lift
        if view["pawn"] is None and p.lift > 0.5:
            # Waiting to be placed: the pawn hovers over the board, gently bobbing.
            lifted = 0.6 + 0.4 * pulse(frame.now)
        draw_pawn(surface, px, py, s, lifted)
