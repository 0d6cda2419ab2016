"""La Magie des Bijoux on the table: jewel plaques with settings, four stone colours, one pawn.

The pawn is the one piece: drag it (or tap a glowing plaque) to one of the plaques the server
lists as legal (controls.py). Stones drop into their sockets (motion.py); which socket holds
which stone is remembered across views so a new stone never shuffles the old ones. The board's
geometry is in layout.py, the drawings in art.py, the words in words.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, Sprite, TableContext, TableView, View
from client.tables.magie_des_bijoux.art import (
    STONE_GEMS,
    banner_surface,
    draw_pawn,
    draw_ribbon,
    glow_surface,
    pawn_surface,
    plaque_surface,
    ring_surface,
    stone_gem,
    veil_surface,
)
from client.tables.magie_des_bijoux.controls import MagieControls
from client.tables.magie_des_bijoux.layout import CELL, SOCKETS, STONE, Grid
from client.tables.magie_des_bijoux.motion import FlyingStone, MagieMotion
from client.tables.magie_des_bijoux.words import MagieWords, extra_move_banner
from client.ui.anim import pulse
from client.ui.gems import draw_gem


class MagieDesBijouxView(MagieWords, MagieControls, MagieMotion, TableView):
    game_id = "magie-des-bijoux"
    has_secrets = False

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.grid = Grid()
        self.sockets: list[list[int]] = []
        self.hidden: set[tuple[int, int]] = set()
        self.flying: dict[tuple[int, int], FlyingStone] = {}
        self.pawn = Sprite(0.0, 0.0)
        self.sparkles: list[dict[str, float]] = []
        self.banner = {"alpha": 0.0, "scale": 1.0}
        # Plaques to redraw on the cached board (None: all of them).
        self.changes: list[pygame.FRect] | None = None

    @property
    def rows(self) -> int:
        return self.grid.rows

    @property
    def cols(self) -> int:
        return self.grid.cols

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        self._note_changes(self.view, view, fresh)
        super().show(view, legal, events, fresh)
        self.grid = Grid(view["rows"], view["cols"])
        cells = self.grid.rows * self.grid.cols
        if fresh or len(self.sockets) != cells:
            self.sockets = [[] for _ in range(cells)]
            self.hidden.clear()
            self.flying.clear()
        incoming = self._reconcile(view["stones"])
        home = self._pawn_home()
        self.pawn.home = home
        if fresh:
            self.pawn.x, self.pawn.y = home
            self.pawn.lift = 0.6 if view["pawn"] is None else 0.0
            return
        self._animate(events, incoming, home)

    def _note_changes(self, old: View, new: View, fresh: bool) -> None:
        """Remember which plaques look different in `new`, for `take_changes`."""
        if fresh or not old or old.get("end") != new.get("end") or old["rows"] != new["rows"]:
            self.changes = None
            return
        cells = {
            cell
            for cell, (a, b) in enumerate(zip(old["stones"], new["stones"], strict=True))
            if a != b or old["owners"][cell] != new["owners"][cell]
        }
        for rc in (old.get("previous"), new.get("previous")):
            if rc is not None:
                cells.add(self.grid.cell(rc))
        if self.changes is not None:
            self.changes.extend(self.grid.cell_rect(c) for c in cells)

    def take_changes(self) -> list[pygame.FRect] | None:
        changes, self.changes = self.changes, []
        return changes

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

    def part_rect(self, part: str) -> pygame.FRect | None:
        """The plaque under the pawn ("pawn") or where it stood before ("previous")."""
        rc = self.view.get(part) if part in ("pawn", "previous") and self.view else None
        return None if rc is None else self.grid.cell_rect(self.grid.cell(rc))

    def _pawn_home(self) -> tuple[float, float]:
        if self.view["pawn"] is None:
            return self.grid.middle()
        return self.grid.centre(self.view["pawn"])

    def _gem(self, seat: int, cell: int, index: int) -> str:
        return stone_gem(seat, cell, index, self.view["players"] == 1)

    # ------------------------------------------------------------------ drawing
    def world_size(self) -> tuple[float, float]:
        return self.grid.world_size()

    def seat_token(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float):
        draw_gem(surface, STONE_GEMS[seat % 4], centre, r * 2.2)

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        s = CELL * cam.scale
        size = max(8, round(s))
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        owners = self.view["owners"]
        over = self.view.get("end") is not None
        solitaire = self.view["players"] == 1
        for cell, n, x, y in self.grid.visible_cells(cam, self.view["settings"], bounds):
            pos = (round(x), round(y))
            surface.blit(plaque_surface(n, size), pos)
            owner = owners[cell]
            if over and solitaire:
                if sum(self.view["stones"][cell]) < n:
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
        previous = self.view.get("previous")
        if previous is not None:
            cx, cy = cam.to_screen(*self.grid.centre(previous))
            ghost = pawn_surface(max(8, round(s * 0.5)), ghost=True)
            surface.blit(ghost, ghost.get_rect(center=(round(cx), round(cy - s * 0.04))))
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        s = CELL * cam.scale
        size = max(8, round(s))
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        over = self.view.get("end") is not None
        if hot:
            beat = pulse(self.ctx.now)
            strength = 0.8 + 0.2 * beat if held is not None else 0.55 + 0.45 * beat
            shine = glow_surface(size, round(strength * 12))
            for cell, _n, x, y in self.grid.visible_cells(cam, self.view["settings"]):
                if cell in hot:
                    surface.blit(shine, (round(x), round(y)))
                    if cell == self.ctx.hover:
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
        if not over or self.view.get("pawn") is not None:
            self._draw_pawn(surface, cam, s)
        if self.banner["alpha"] > 1:
            self._draw_banner(surface, cam)
        surface.set_clip(clip)

    def _draw_pawn(self, surface: pygame.Surface, cam: Camera, s: float) -> None:
        p = self.pawn
        px, py = cam.to_screen(p.x + p.shake, p.y)
        lifted = p.lift
        if self.view["pawn"] is None and p.lift > 0.5:
            # Waiting to be placed: the pawn hovers over the board, gently bobbing.
            lifted = 0.6 + 0.4 * pulse(self.ctx.now)
        draw_pawn(surface, px, py, s, lifted)

    def _draw_banner(self, surface: pygame.Surface, cam: Camera) -> None:
        size = max(18, round(cam.area.h * 0.075 * self.banner["scale"]))
        box = banner_surface(extra_move_banner(), size)
        box.set_alpha(round(self.banner["alpha"]))
        surface.blit(box, box.get_rect(center=cam.area.center))
