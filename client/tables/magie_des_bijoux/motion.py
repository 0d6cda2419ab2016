"""La Magie des Bijoux's events turned into animations: the pawn slides or drops, stones fall
into their sockets, a completed plaque sparkles, an extra move pops up a banner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from client.tables.base import Event, Sprite, TableContext, View
from client.tables.magie_des_bijoux.layout import CELL, Grid
from client.ui.anim import MOVE


@dataclass
class FlyingStone:
    """A stone falling into its socket: `key` is (cell, socket index)."""

    seat: int
    key: tuple[int, int]
    sprite: Sprite


class MagieMotion:
    """The view's animations, queued on the table's timeline as the events come.

    Part of `MagieDesBijouxView`; moves its `pawn`, `flying` stones, `sparkles` and `banner`,
    and notes the plaques a landed stone changes in `changes` (bumping `version`).
    """

    view: View
    ctx: TableContext
    grid: Grid
    version: int
    sockets: list[list[int]]
    hidden: set[tuple[int, int]]
    flying: dict[tuple[int, int], FlyingStone]
    pawn: Sprite
    sparkles: list[dict[str, float]]
    banner: dict[str, float]
    changes: list[pygame.FRect] | None

    def _animate(
        self, events: list[Event], incoming: list[tuple[int, int]], home: tuple[float, float]
    ) -> None:
        """Queue the events' animations; the `incoming` stones stay hidden until they fall."""
        self.hidden.update(incoming)
        for event in events:
            self.ctx.timeline.add(self._step(event, incoming))
        if not any(e.get("type") in ("pawn_moved", "pawn_placed") for e in events):
            self.ctx.animator.animate(self.pawn, MOVE, x=home[0], y=home[1])

    def _step(self, event: Event, incoming: list[tuple[int, int]]) -> Callable[[], float]:
        kind = event.get("type")

        def run() -> float:
            if kind == "pawn_placed":
                x, y = self.grid.centre(event["plaque"])
                self.pawn.lift = 1.0
                self.ctx.animator.animate(self.pawn, MOVE, x=x, y=y)
                self.ctx.animator.animate(self.pawn, MOVE, "out_bounce", lift=0.0)
                return MOVE
            if kind == "pawn_moved":
                x, y = self.grid.centre(event["to"])
                self.ctx.animator.animate(self.pawn, MOVE, x=x, y=y, lift=0.0)
                return MOVE * 0.8
            if kind == "stone_placed":
                cell = self.grid.cell(event["plaque"])
                for key in [k for k in incoming if k[0] == cell and k in self.hidden]:
                    self._drop_stone(key)
                return 0.28
            if kind == "plaque_filled":
                x, y = self.grid.centre(event["plaque"])
                spark = {"x": x, "y": y, "r": 10.0, "alpha": 255.0}
                self.sparkles.append(spark)
                self.ctx.animator.animate(
                    spark,
                    0.6,
                    r=CELL * 0.75,
                    alpha=0.0,
                    on_finished=lambda: self.sparkles.remove(spark),
                )
                return 0.1
            if kind == "extra_move":
                self.banner.update(alpha=0.0, scale=0.6)
                self.ctx.animator.animate(self.banner, 0.35, "out_back", alpha=255.0, scale=1.0)
                self.ctx.animator.animate(self.banner, 0.5, delay=1.1, alpha=0.0)
                return 0.2
            return 0.0

        return run

    def _drop_stone(self, key: tuple[int, int]) -> None:
        cell, index = key
        x, y = self.grid.socket_pos(cell, self.view["settings"][cell], index)
        sprite = Sprite(x, y - CELL * 0.45, home=(x, y), scale=1.5)
        self.flying[key] = FlyingStone(self.sockets[cell][index], key, sprite)
        self.hidden.discard(key)

        def landed() -> None:
            self.flying.pop(key, None)
            if self.changes is not None:
                self.changes.append(self.grid.cell_rect(cell))
            self.version += 1

        self.ctx.animator.animate(sprite, 0.3, "out_bounce", y=y, on_finished=landed)
        self.ctx.animator.animate(sprite, 0.18, scale=1.0)
