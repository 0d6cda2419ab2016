"""The plaques of La Magie des Bijoux: the grid of jewel plaques with their stones, ribbons and
veils, the pawn's ghost where it stood before, the glow of the plaques the pawn may go to,
stones falling into their sockets and the sparkle of a plaque filled.

Which socket holds which stone is remembered across updates, so a new stone never shuffles the
old ones; a stone an update brings stays hidden until its event drops it in.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.tables.base import Camera, Event, Sprite, Target
from client.tables.magie_des_bijoux.art import (
    draw_ribbon,
    glow_surface,
    pawn_surface,
    plaque_surface,
    ring_surface,
    stone_gem,
    veil_surface,
)
from client.tables.magie_des_bijoux.layout import CELL, SOCKETS, STONE, Grid
from client.tables.regions import Answer, Frame, Motion, Region, Snapshot
from client.ui.anim import pulse
from client.ui.gems import draw_gem

# The moves that put the pawn on a plaque (the first, or a step).
PAWN_MOVES = ("move", "place_pawn")


@dataclass
class FlyingStone:
    """A stone falling into its socket: `key` is (cell, socket index)."""

    seat: int
    key: tuple[int, int]
    sprite: Sprite


class Plaques(Region):
    """The board of plaques and what rests on them."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.grid = Grid()
        self.sockets: list[list[int]] = []
        self.hidden: set[tuple[int, int]] = set()
        self.flying: dict[tuple[int, int], FlyingStone] = {}
        self.sparkles: list[dict[str, float]] = []
        motion.subscribe("stone_placed", self._stones_fall)
        motion.subscribe("plaque_filled", self._sparkle)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        view = snap.view
        self.grid = Grid(view["rows"], view["cols"])
        cells = self.grid.rows * self.grid.cols
        if fresh or len(self.sockets) != cells:
            self.sockets = [[] for _ in range(cells)]
            self.hidden.clear()
            self.flying.clear()
        incoming = self._reconcile(view["stones"])
        if not fresh:
            self.hidden.update(incoming)

    def _reconcile(self, stones: list[list[int]]) -> list[tuple[int, int]]:
        """Keep the stones already seated; put new ones in the next free sockets."""
        added = []
        for cell, counts in enumerate(stones):
            seated = self.sockets[cell]
            have = [seated.count(seat) for seat in range(len(counts))]
            if any(h > c for h, c in zip(have, counts, strict=True)):
                seated.clear()
                for seat, n in enumerate(counts):
                    seated.extend([seat] * n)
                continue
            for seat, n in enumerate(counts):
                for _ in range(n - have[seat]):
                    seated.append(seat)
                    added.append((cell, len(seated) - 1))
        return added

    def _gem(self, seat: int, cell: int, index: int) -> str:
        return stone_gem(seat, cell, index, self.snap.view["players"] == 1)

    # ------------------------------------------------------------------ moves
    def targets(self) -> list[Target]:
        """The plaques the server lists for the pawn, each with its move."""
        out = []
        for move in self.snap.legal:
            if move.get("type") in PAWN_MOVES:
                cell = self.grid.cell(move["plaque"])
                out.append(Target(cell, self.grid.cell_rect(cell), move))
        return out

    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap on a plaque the pawn may go to is its move."""
        return next((t.move for t in self.targets() if t.rect.collidepoint(point)), None)

    # ------------------------------------------------------------------ motion
    def _stones_fall(self, event: Event) -> float:
        cell = self.grid.cell(event["plaque"])
        for key in sorted(k for k in self.hidden if k[0] == cell):
            self._drop_stone(key)
        return 0.28

    def _drop_stone(self, key: tuple[int, int]) -> None:
        cell, index = key
        x, y = self.grid.socket_pos(cell, self.snap.view["settings"][cell], index)
        sprite = Sprite(x, y - CELL * 0.45, home=(x, y), scale=1.5)
        self.flying[key] = FlyingStone(self.sockets[cell][index], key, sprite)
        self.hidden.discard(key)

        def landed() -> None:
            self.flying.pop(key, None)
            self.motion.publish("board_changed", self.grid.cell_rect(cell))

        self.motion.animator.animate(sprite, 0.3, "out_bounce", y=y, on_finished=landed)
        self.motion.animator.animate(sprite, 0.18, scale=1.0)

    def _sparkle(self, event: Event) -> float:
        x, y = self.grid.centre(event["plaque"])
        spark = {"x": x, "y": y, "r": 10.0, "alpha": 255.0}
        self.sparkles.append(spark)
        self.motion.animator.animate(
            spark, 0.6, r=CELL * 0.75, alpha=0.0, on_finished=lambda: self.sparkles.remove(spark)
        )
        return 0.1

    # ------------------------------------------------------------------ drawing
    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The plaques within the surface's clip, their seated stones, ribbons and veils, and
        the pawn's ghost where it stood before."""
        view = self.snap.view
        s = CELL * cam.scale
        size = max(8, round(s))
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        owners = view["owners"]
        over = view.get("end") is not None
        solitaire = view["players"] == 1
        for cell, n, x, y in self.grid.visible_cells(cam, view["settings"], bounds):
            pos = (round(x), round(y))
            surface.blit(plaque_surface(n, size), pos)
            owner = owners[cell]
            if over and solitaire:
                if sum(view["stones"][cell]) < n:
                    surface.blit(veil_surface(size), pos)
            elif over:
                if owner is None:
                    surface.blit(veil_surface(size), pos)
                else:
                    draw_ribbon(surface, owner, x, y, s, large=True)
            elif owner is not None and not solitaire:
                draw_ribbon(surface, owner, x, y, s, large=False)
            seated = self.sockets[cell] if cell < len(self.sockets) else []
            for index, seat in enumerate(seated):
                if (cell, index) in self.hidden or (cell, index) in self.flying:
                    continue
                fx, fy = SOCKETS[n][index]
                gem = self._gem(seat, cell, index)
                draw_gem(surface, gem, (x + fx * s, y + fy * s), s * STONE)
        previous = view.get("previous")
        if previous is not None:
            cx, cy = cam.to_screen(*self.grid.centre(previous))
            ghost = pawn_surface(max(8, round(s * 0.5)), ghost=True)
            surface.blit(ghost, ghost.get_rect(center=(round(cx), round(cy - s * 0.04))))
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The glow of the plaques lit (`frame.hot`), falling stones and sparkles."""
        cam = frame.cam
        s = CELL * cam.scale
        size = max(8, round(s))
        if frame.hot:
            beat = pulse(frame.now)
            strength = 0.8 + 0.2 * beat if frame.held is not None else 0.55 + 0.45 * beat
            shine = glow_surface(size, round(strength * 12))
            for cell, _n, x, y in self.grid.visible_cells(cam, self.snap.view["settings"]):
                if cell in frame.hot:
                    surface.blit(shine, (round(x), round(y)))
                    if cell == frame.hover:
                        surface.blit(glow_surface(size, 12), (round(x), round(y)))
        for stone in list(self.flying.values()):
            sx, sy = cam.to_screen(stone.sprite.x, stone.sprite.y)
            gem = self._gem(stone.seat, *stone.key)
            draw_gem(surface, gem, (sx, sy), s * STONE * stone.sprite.scale)
        for spark in self.sparkles:
            cx, cy = cam.to_screen(spark["x"], spark["y"])
            ring = ring_surface(max(2, round(spark["r"] * cam.scale)), max(2, round(s * 0.04)))
            ring.set_alpha(round(spark["alpha"]))
            surface.blit(ring, ring.get_rect(center=(round(cx), round(cy))))
