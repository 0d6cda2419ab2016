"""Die Kette von Saba's table view: the regions put together, and the state of each update.

The necklace's 32 settings lie across the top (`necklace`), the deck and the forgeries in its
lower corners (`corners`), a purse per seat on the rail below it (`rail`), the auction block with
its amount chooser in the middle (`block`) and the card on sale on it (`lot`), and the hand of
the seat shown along the bottom (`hand`); cards, coins and sums in flight (`air`) and a banner
(`banner`) go over them all (`layout` holds the geometry). Each update becomes a snapshot every
region is given (client/tables/regions.py); its events become steps on the view's one timeline
(`motion`: the choreography), which tell the regions what to move through notices.

Pieces come only from the legal moves: in stage 1 the auctioneer drags a hand card onto the
block (offer), the buyer drags the sold card onto a glowing setting or onto the hand (keep), the
auctioneer of an unsold card lays it; in stage 2 a hand card goes onto a setting or, when the
server lists it as a forgery, onto the forgeries. Bids, prices, keep, draw and end of turn are
buttons built from the listed moves (`controls`). Money rolls in every purse as coins fly;
cards fly and flip.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, TableView, Target, View
from client.tables.kette_von_saba import art, controls, words
from client.tables.kette_von_saba.air import Air
from client.tables.kette_von_saba.banner import Banner
from client.tables.kette_von_saba.block import Block
from client.tables.kette_von_saba.corners import Corners
from client.tables.kette_von_saba.hand import Hand
from client.tables.kette_von_saba.layout import (
    DECK_AREA,
    FORGERY_AREA,
    FORGERY_CARD,
    HAND_CARD,
    HAND_RECT,
    JOKER,
    LOT_RECT,
    RAIL_RECT,
    TILE_R,
    WORLD,
    space_bounds,
)
from client.tables.kette_von_saba.lot import Lot
from client.tables.kette_von_saba.motion import Choreography
from client.tables.kette_von_saba.necklace import Necklace
from client.tables.kette_von_saba.rail import Rail
from client.tables.regions import Answer, Choice, Frame, Motion, Snapshot, snapshot
from client.ui.input import Intent
from shared.games.kette_von_saba.necklace import PIECES

# What a purse on the cached board shows; when one changes the rail is drawn again.
PURSE_FACTS = ("cash", "hand_counts", "auctioneer", "auction", "stage", "end")
# Seconds per frame spent drawing ahead (see `_warm`).
WARM_BUDGET = 0.0008


class KetteVonSabaView(TableView):
    game_id = "kette-von-saba"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.motion = Motion(ctx)
        self.snap = Snapshot()
        self.necklace = Necklace(self.motion)
        self.corners = Corners(self.motion)
        self.rail = Rail(self.motion)
        self.block = Block(self.motion)
        self.lot = Lot(self.motion)
        self.air = Air(self.motion)
        self.banner = Banner(self.motion)
        self.hand = Hand(self.motion)
        self.choreography = Choreography(self.motion)
        self.changes: list[pygame.FRect] | None = None
        self.motion.subscribe("board_changed", self._changed)
        self.warm_scale = 0.0
        self.warmed = False
        self.warm_queue: list[tuple[Callable[..., pygame.Surface], tuple]] = []

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        self._note_changes(old, view, fresh)
        lot_from = (self.lot.sprite.x, self.lot.sprite.y)
        # A first view, a resync or another table: everything starts from the view, at rest.
        restart = fresh or not old or old["players"] != view["players"]
        super().show(view, legal, events, fresh)
        self.snap = snapshot(
            view, legal, [] if restart else events, self.version, self.ctx.name, self.talk
        )
        # The air before the hand: a hand dealt anew sends its cards flying.
        for region in (
            self.necklace,
            self.corners,
            self.rail,
            self.block,
            self.lot,
            self.air,
            self.banner,
            self.hand,
        ):
            region.show(self.snap, restart)
        if not restart:
            self.choreography.play(self.snap, old, self.hand.left, self.hand.arrived, lot_from)

    def _note_changes(self, old: View, new: View, fresh: bool) -> None:
        """Remember which parts of the cached board look different in `new`."""
        if (
            fresh
            or not old
            or old.get("stage") != new.get("stage")
            or old.get("end") != new.get("end")
        ):
            self.changes = None
            return
        if self.changes is None:
            return
        for i, (a, b) in enumerate(zip(old["board"], new["board"], strict=True)):
            settled_a = old["possible"][i] if len(old["possible"][i]) == 1 else None
            settled_b = new["possible"][i] if len(new["possible"][i]) == 1 else None
            if a != b or settled_a != settled_b:
                self.changes.append(space_bounds(i))
        if old["deck_count"] != new["deck_count"]:
            self.changes.append(DECK_AREA)
        if len(old["forgeries"]) != len(new["forgeries"]):
            self.changes.append(FORGERY_AREA)
        if any(old[k] != new[k] for k in PURSE_FACTS):
            self.changes.append(RAIL_RECT)

    def take_changes(self) -> list[pygame.FRect] | None:
        changes, self.changes = self.changes, []
        return changes

    def _changed(self, area: pygame.FRect) -> None:
        """A region's still drawing changed (a card landed, a pass): the board is drawn again
        there."""
        if self.changes is not None:
            self.changes.append(area)
        self.version += 1

    # ------------------------------------------------------------------ moves
    def pieces(self) -> list[Piece]:
        return self.lot.pieces() + self.hand.pieces()

    def loose_targets(self) -> list[Target]:
        if self.snap.view.get("phase") == "draw":
            deck = self.corners.deck_target()
            return [deck] if deck is not None else []
        pieces = self.pieces()
        cards = {p.key[1] if p.key != "lot" else "lot" for p in pieces}
        # A tap on a target alone is unambiguous only when a single card could go there.
        return pieces[0].targets if len(cards) == 1 else []

    def move_buttons(self) -> list[tuple[str, Move]]:
        return controls.move_buttons(self.snap)

    def offered_moves(self) -> list[Move]:
        """The targets and buttons, and every amount the block's chooser steps through."""
        chooser = self.block.chooser()
        return super().offered_moves() + (chooser[1] if chooser is not None else [])

    def handle(self, intent: Intent, cam: Camera) -> Move | bool:
        """A tap on the block's amount chooser (see `Block.hit`)."""
        if intent.kind != "tap":
            return False
        said = self.block.hit(cam.to_world(*intent.pos))
        if said is None:
            return False
        return True if isinstance(said, Choice) else said

    def answer(self, point: tuple[float, float]) -> Answer:
        """What a tap at the world `point` means: the topmost region's answer."""
        for region in (self.block, self.hand, self.lot, self.corners, self.necklace):
            said = region.hit(point)
            if said is not None:
                return said
        return None

    # ------------------------------------------------------------------ words
    def status(self) -> str | None:
        # The stage; the moment itself (the talk's headline) stands on the auction block.
        return words.status(self.view)

    def panel_lines(self, seat: int) -> list[str]:
        return words.panel_lines(self.view, seat)

    def score_text(self, score: int) -> str:
        return words.marks(score)

    # ------------------------------------------------------------------ drawing
    def world_size(self) -> tuple[float, float]:
        # A spectator holds no hand: the board, rail and block get its room.
        if self.view and self.seat is None:
            return (WORLD[0], HAND_RECT.top)
        return WORLD

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area.clip(clip))
        for region in (self.necklace, self.corners, self.rail):
            region.draw_still(surface, cam)
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        self._warm(cam)
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        frame = Frame(cam, self.ctx.now, hot, held, self.ctx.hover)
        if not hot and self.lot.visible():
            self.necklace.draw_lot_spaces(surface, frame)
        self.necklace.draw(surface, frame)
        self.block.draw(surface, frame)
        self.rail.draw(surface, frame)
        self.hand.draw(surface, frame)
        self.lot.draw(surface, frame)
        self.block.draw_callout(surface, frame)
        self.air.draw(surface, frame)
        if held is not None:
            lot = held.key == "lot"
            card = self.view["lot"] if lot else held.key[1]
            art.draw_card(surface, cam, card, held.sprite, LOT_RECT.w if lot else HAND_CARD)
        self.banner.draw(surface, frame)
        surface.set_clip(clip)

    def _warm(self, cam: Camera) -> None:
        """Draw ahead, a little each frame, the cards and settings this scale will need, so a
        card laid or flown later never waits for its drawing."""
        scale = round(cam.scale, 4)
        if scale != self.warm_scale:
            self.warm_scale = scale
            r = round(TILE_R * cam.scale)
            sizes = {round(w * cam.scale) for w in (HAND_CARD, LOT_RECT.w, FORGERY_CARD)}
            self.warm_queue = [
                *[(art.hex_tile, (piece, joker, r)) for piece in PIECES for joker in (False, True)],
                *[(art.hex_ghost, (piece, r)) for piece in PIECES],
                *[(art.card_face, (card, w)) for card in [*PIECES, JOKER] for w in sorted(sizes)],
            ]
        # The first time, all at once (the table is just opening); after a zoom, bit by bit.
        budget = WARM_BUDGET if self.warmed else math.inf
        self.warmed = True
        start = time.perf_counter()
        while self.warm_queue and time.perf_counter() - start < budget:
            draw, args = self.warm_queue.pop()
            draw(*args)
