"""Die Kette von Saba's table view: what is drawn where, and the state taken from each update.

The necklace's 32 settings lie across the top (deck and forgeries in its lower corners), a purse
per seat on the rail below it, the auction block with the card on sale in the middle, and the
hand of the seat shown along the bottom (`layout`). The view is put together from rooms: the
necklace (`necklace`), the rail of purses (`rail`), the block (`block`), the other cards
(`cards`), what the seat may do (`controls`), events in motion (`motion`) and the words
(`words`); the pieces' pictures come from `art`.

Pieces come only from the legal moves: in stage 1 the auctioneer drags a hand card onto the
block (offer), the buyer drags the sold card onto a glowing setting or onto the hand (keep), the
auctioneer of an unsold card lays it; in stage 2 a hand card goes onto a setting or, when the
server lists it as a forgery, onto the forgeries. Bids, prices, keep, draw and end of turn are
buttons built from the listed moves. Money rolls in every purse as coins fly; cards fly and flip.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, Sprite, View
from client.tables.kette_von_saba import art, lettering, words
from client.tables.kette_von_saba.block import BlockDrawing
from client.tables.kette_von_saba.cards import CardsDrawing
from client.tables.kette_von_saba.controls import Controls
from client.tables.kette_von_saba.layout import (
    BOARD_RECT,
    COIN,
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
    pixel,
    space_bounds,
)
from client.tables.kette_von_saba.motion import Flight, Motion
from client.tables.kette_von_saba.necklace import NecklaceDrawing
from client.tables.kette_von_saba.rail import RailDrawing
from client.ui import theme
from shared.games.kette_von_saba.board import reward_at
from shared.games.kette_von_saba.necklace import PIECES

# What a purse on the cached board shows; when one changes the rail is drawn again.
PURSE_FACTS = ("cash", "hand_counts", "auctioneer", "auction", "stage", "end")
# Seconds per frame spent drawing ahead (see `_warm`).
WARM_BUDGET = 0.0008


class KetteVonSabaView(Motion, Controls, NecklaceDrawing, BlockDrawing, RailDrawing, CardsDrawing):
    game_id = "kette-von-saba"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.hand_keys: list[tuple[str, int]] = []
        self.hand_sprites: dict[tuple[str, int], Sprite] = {}
        self.lot_sprite = Sprite(*LOT_RECT.center, home=LOT_RECT.center)
        self.lot_hidden = False
        self.flights: list[Flight] = []
        self.coins: list[dict[str, float]] = []
        self.floaters: list[dict[str, Any]] = []
        self.hidden_spaces: set[int] = set()
        self.shown_forgeries = 0
        self.cash: dict[str, float] = {}
        self.bid = {"v": 0.0, "pop": 1.0}
        self.passed: set[int] = set()
        self.banner: dict[str, Any] = {"alpha": 0.0, "scale": 1.0, "text": ""}
        self.rewards: list[int] = []
        self._pieces: list[Piece] = []
        self.chosen_amount: dict[str, int] = {}
        self.amount_armed: tuple[int, Move] | None = None
        self.changes: list[pygame.FRect] | None = None
        self.warm_scale = 0.0
        self.warmed = False
        self.warm_queue: list[tuple[Callable[..., pygame.Surface], tuple]] = []

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        self._note_changes(old, view, fresh)
        lot_from = (self.lot_sprite.x, self.lot_sprite.y)
        if fresh or old.get("seat") != view.get("seat"):
            self.hand_sprites.clear()
        super().show(view, legal, events, fresh)
        self.lot_sprite.x, self.lot_sprite.y = LOT_RECT.center
        self.lot_sprite.lift = 0.0
        board = [entry is not None for entry in view["board"]]
        self.rewards = [0 if board[i] else reward_at(board, i) for i in range(len(board))]
        auction = view.get("auction") or {}
        if fresh or len(self.cash) != view["players"]:
            self.flights.clear()
            self.coins.clear()
            self.floaters.clear()
            self.hidden_spaces.clear()
            self.passed.clear()
            self.lot_hidden = False
            self.shown_forgeries = len(view["forgeries"])
            self.cash = {f"s{s}": float(c) for s, c in enumerate(view["cash"])}
            self.bid["v"] = float(auction.get("bid") or 0)
            dealt, _ = self._layout_hand(view.get("hand", []))
            self._deal(dealt)
        else:
            arrived, left = self._layout_hand(view.get("hand", []))
            self._play(old, events, left, arrived, lot_from)
        self._pieces = self._build_pieces()

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
        if self.changes is not None:
            self.changes.append(area)
        self.version += 1

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
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        s = cam.scale
        area = pygame.FRect(cam.to_world(*bounds.topleft), (bounds.w / s, bounds.h / s))
        if area.colliderect(BOARD_RECT):
            self._draw_necklace(surface, cam, area)
        if area.colliderect(DECK_AREA):
            self._draw_deck(surface, cam)
        if area.colliderect(FORGERY_AREA):
            self._draw_forgeries(surface, cam)
        if area.colliderect(RAIL_RECT):
            self._draw_rail(surface, cam)
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        self._warm(cam)
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        if not hot and self._lot_visible():
            self._draw_lot_spaces(surface, cam)
        self._draw_targets(surface, cam, hot, held)
        self._draw_block(surface, cam)
        self._draw_chooser(surface, cam)
        self._draw_purses(surface, cam)
        self._draw_hand(surface, cam, hot, held)
        if self._lot_visible() and (held is None or held.key != "lot"):
            self._draw_card(surface, cam, self.view["lot"], self.lot_sprite, LOT_RECT.w)
        self._draw_chooser_warning(surface, cam)
        for flight in self.flights:
            self._draw_flight(surface, cam, flight)
        size = max(6, round(COIN * cam.scale))
        for coin in self.coins:
            image = art.coin(size)
            surface.blit(image, image.get_rect(center=pixel(cam, (coin["x"], coin["y"]))))
        for floater in self.floaters:
            text = theme.text(floater["text"], lettering.px(cam, 30), floater["colour"], True)
            text.set_alpha(round(floater["alpha"]))
            surface.blit(text, text.get_rect(center=pixel(cam, (floater["x"], floater["y"]))))
            text.set_alpha(None)
        if held is not None:
            card = self.view["lot"] if held.key == "lot" else held.key[1]
            self._draw_card(
                surface, cam, card, held.sprite, HAND_CARD if held.key != "lot" else LOT_RECT.w
            )
        if self.banner["alpha"] > 1:
            self._draw_banner(surface, cam)
        surface.set_clip(clip)

    def _lot_visible(self) -> bool:
        return self.view.get("lot") is not None and not self.lot_hidden

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

    def _draw_banner(self, surface: pygame.Surface, cam: Camera) -> None:
        size = max(18, round(cam.area.h * 0.07 * self.banner["scale"]))
        box = art.banner(self.banner["text"], size)
        box.set_alpha(round(self.banner["alpha"]))
        centre = cam.to_screen(WORLD[0] / 2, BOARD_RECT.bottom * 0.55)
        surface.blit(box, box.get_rect(center=(round(centre[0]), round(centre[1]))))
