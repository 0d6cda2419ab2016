"""Das Kollier on the table: an auction house for gems, put together from regions.

The deck, the round cards and the bank sit at the top (`top`); the players in a rail beneath,
each with only what the rules make public (`rail`). The lot lies on the auction cloth (`stage`);
the auction block beside it shows the live price, who leads or is asked, the quiet-time clock of
an open auction (`block`). The seat's own corner at the bottom shows its secret cash, its gems
in one stack per kind, and its best necklace strung as it is worn (`corner`). The seat's
controls lie on the block, the hand and the cloth (`panel`, which also keeps the amount, the
payment or the sale being put together); cards and coins fly over it all (`air`), and a banner
(`banner`).

Each update becomes a snapshot every region is given (client/tables/regions.py); its events are
steps on the view's one timeline, which the regions listen to. The panel tells the regions that
show the seat's choice what it is (the notice `desk`). This module only puts them together:
which region draws when, which part of the cached board each redraws, where a tap goes.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, TableView, View
from client.tables.das_kollier import words
from client.tables.das_kollier.air import Air
from client.tables.das_kollier.banner import Banner
from client.tables.das_kollier.block import AuctionBlock
from client.tables.das_kollier.corner import OwnCorner
from client.tables.das_kollier.layout import REGIONS, WORLD
from client.tables.das_kollier.panel import Panel
from client.tables.das_kollier.rail import PlayerRail
from client.tables.das_kollier.stage import AuctionCloth
from client.tables.das_kollier.top import TopBar
from client.tables.regions import Answer, Frame, Motion, Snapshot, snapshot
from client.ui.input import Intent


class DasKollierView(TableView):
    game_id = "das-kollier"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.motion = Motion(ctx)
        self.snap = Snapshot()
        self.top = TopBar(self.motion)
        self.rail = PlayerRail(self.motion)
        self.stage = AuctionCloth(self.motion)
        self.block = AuctionBlock(self.motion, lambda: ctx.now, lambda: ctx.timer)
        self.corner = OwnCorner(self.motion)
        self.air = Air(self.motion)
        self.banner = Banner(self.motion)
        self.panel = Panel(self.motion, ctx)
        self.motion.subscribe("board_changed", self._changed)
        # What each part of the cached board showed when last drawn (see take_changes).
        self.drawn: dict[str, str] = {}

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        # A first view or a resync: everything starts from the view, at rest.
        restart = fresh or not self.view
        super().show(view, legal, events, fresh)
        self.snap = snapshot(
            view, legal, [] if restart else events, self.version, self.ctx.name, self.talk
        )
        # The panel last: it tells the others the seat's choice for this update.
        for region in (
            self.top,
            self.rail,
            self.stage,
            self.block,
            self.corner,
            self.air,
            self.banner,
            self.panel,
        ):
            region.show(self.snap, restart)
        if not restart:
            self.motion.play(self.snap.events)

    def _changed(self) -> None:
        """A region's still drawing may have changed: the scene asks take_changes again."""
        self.version += 1

    # ------------------------------------------------------------------ moves
    def handle(self, intent: Intent, cam: Camera) -> Move | bool:
        return self.panel.handle(intent, cam)

    def answer(self, point: tuple[float, float]) -> Answer:
        """What a tap at the world `point` means: the panel's controls are all that take one."""
        return self.panel.hit(point)

    def tap_spots(self) -> list[tuple[str, pygame.FRect]]:
        return self.panel.tap_spots()

    def move_places(self, move: Move) -> list[pygame.FRect]:
        return self.panel.move_places(move)

    def offered_moves(self) -> list[Move]:
        """The moves of the controls shown, and every amount, payment and sale the panel's
        choosers reach (see `Panel.reachable`)."""
        return self.panel.reachable()

    # ------------------------------------------------------------------ words
    def status(self) -> str | None:
        return words.status(self.view, self.ctx.name)

    def panel_lines(self, seat: int) -> list[str]:
        return words.panel_lines(self.view, seat, self.seat)

    def score_text(self, score: int) -> str:
        # A final score is the value of the player's best necklace, in dollars.
        return words.money(score)

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        # Which tie-break decided an equal necklace, as the voice says it, after the necklaces.
        return words.result_lines(outcome, self.ctx.name) + super().result_lines(outcome)

    # ------------------------------------------------------------------ the board
    def world_size(self) -> tuple[float, float]:
        return WORLD

    def _parts(self) -> dict[str, tuple[Any, ...]]:
        """The regions drawn into each part of the cached board, in order."""
        return {
            "top": (self.top,),
            "rail": (self.rail,),
            "stage": (self.stage, self.block),
            "corner": (self.corner,),
        }

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        parts = self._parts()
        for name, area in REGIONS.items():
            if cam.rect_to_screen(area).colliderect(bounds):
                for region in parts[name]:
                    region.draw_still(surface, cam)
        self.panel.draw_still(surface, cam)
        surface.set_clip(clip)

    def take_changes(self) -> list[pygame.FRect] | None:
        """The parts (top, rail, stage, corner) whose drawing changed since last asked."""
        controls = self.panel.drawn_from()
        now = {
            name: "".join(region.drawn_from() for region in regions)
            + (controls if name in ("stage", "corner") else "")
            for name, regions in self._parts().items()
        }
        before, self.drawn = self.drawn, now
        if not before:
            return None
        return [REGIONS[name] for name in REGIONS if before.get(name) != now[name]]

    # ------------------------------------------------------------------ every frame
    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area.clip(clip))
        frame = Frame(cam, self.ctx.now, frozenset(hot), held, self.ctx.hover)
        # The price, the bank and the cash roll; the controls glow; the count badges lie over
        # the glow of the stacks; what flies goes over them all.
        for region in (self.block, self.top, self.panel, self.corner, self.air, self.banner):
            region.draw(surface, frame)
        surface.set_clip(clip)
