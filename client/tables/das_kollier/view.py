"""Das Kollier on the table: an auction house for gems.

The deck, the round cards and the bank sit at the top; the players in a rail beneath, each with
only what the rules make public (how many gems, the marker of a sale to the bank). The lot lies on
the auction cloth; the auction block beside it shows the live price, who leads or is asked, the
quiet-time clock of an open auction, and the seat's controls. The seat's own corner at the bottom
shows its secret cash, its gems in one stack per kind, and its best necklace strung as it is worn.

The view is made of parts, each in its own module: the facts read from an update (facts.py), the
local choices (choices.py), the action panel (controls.py), the animations (motion.py), the
regions of the board (top.py, rail.py, stage.py, block.py, corner.py), the controls' looks
(buttons.py), the per-frame overlay (overlay.py) and its words (speech.py). This module holds
the state they share, takes each update and says which regions changed.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, Event, Move, Piece, View
from client.tables.das_kollier.block import AuctionBlock
from client.tables.das_kollier.buttons import ControlArt
from client.tables.das_kollier.choices import LocalChoices
from client.tables.das_kollier.controls import ActionPanel, Control
from client.tables.das_kollier.corner import OwnCorner
from client.tables.das_kollier.facts import ViewFacts
from client.tables.das_kollier.layout import REGIONS, WORLD
from client.tables.das_kollier.motion import Flyer, Motion
from client.tables.das_kollier.overlay import Overlay
from client.tables.das_kollier.pen import Pen
from client.tables.das_kollier.rail import PlayerRail
from client.tables.das_kollier.speech import Speech
from client.tables.das_kollier.stage import AuctionCloth
from client.tables.das_kollier.top import TopBar


class DasKollierView(
    Speech,
    Overlay,
    ControlArt,
    OwnCorner,
    AuctionBlock,
    AuctionCloth,
    PlayerRail,
    TopBar,
    Motion,
    ActionPanel,
    LocalChoices,
    ViewFacts,
    Pen,
):
    game_id = "das-kollier"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.controls: list[Control] = []
        self.flyers: list[Flyer] = []
        # The lot just won, lying where it was until its step carries it to the buyer.
        self.parked: list[Flyer] = []
        self.lot_hidden = 0
        self.roll = {"big": 0.0, "cash": 0.0, "bank": 0.0}
        self.clock_start: float | None = None
        self.gavel = {"tilt": -35.0}
        self.banner = {"alpha": 0.0, "scale": 1.0}
        self.banner_text = ""
        self.hover: str | None = None
        # Local choices (never sent until a move is made of them).
        self.amount = 0
        self.typed: str | None = None
        self.pick: Counter[str] = Counter()
        self.pick_necklaces: list[list[str]] = []
        self.selling = False
        # The overpaying payment the seat was warned of and confirmed.
        self.overpay_ok: Move | None = None
        # The control and move tapped once whose warning (the table's talk) shows until it is
        # tapped again; forgotten with the next update.
        self.armed: tuple[str, Move] | None = None
        self.context: tuple = ()
        # What each region showed when last drawn (see take_changes).
        self.drawn: dict[str, str] = {}
        # Buttons that must not change under the finger (see controls.py).
        self.step_rects: list[pygame.FRect] = []
        self.previous_rects: list[pygame.FRect] = []
        self.moved_rows: set[float] = set()
        self.recent: list[tuple[pygame.FRect, tuple[str, str], float]] = []
        self.settling = {"t": 0.0}

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        super().show(view, legal, events, fresh)
        self.armed = None
        self._keep_choices(old, fresh)
        timer = self.ctx.timer
        if timer is None or view.get("phase") != "open":
            self.clock_start = None
        elif fresh or events or self.clock_start is None:
            self.clock_start = self.ctx.now
        targets = self._roll_targets()
        if fresh or not old:
            self.flyers.clear()
            self.parked.clear()
            self.lot_hidden = 0
            self.roll.update(targets)
        else:
            if old.get("phase") != view.get("phase"):
                self.roll["big"] = targets["big"]
            self.ctx.animator.animate(self.roll, 0.4, **targets)
            self._queue(events)
        self._build()

    def offered_moves(self) -> list[Move]:
        """The moves of the controls shown, and those the view's choosers reach: every amount
        the field takes (bids, a start price, a sealed bid), every sale and payment put
        together from the hand (one of gems worth more than the price after the tap that
        warns of it). Each is set as a person would set it, and its button read; then
        everything is as it was."""
        moves = [c.action for c in self.controls if isinstance(c.action, dict)]
        may_sell = any(c.key == "sell" for c in self.controls)
        kept = {
            k: copy.copy(v) if isinstance(v, (list, dict, set)) else v
            for k, v in vars(self).items()
        }
        try:
            for move in self.legal:
                kind = move["type"]
                if kind in ("bid", "open_auction", "sealed_bid"):
                    self.amount, self.typed = move.get("amount", move.get("start_price", 0)), None
                    button = "submit"
                elif kind == "sell" and may_sell:
                    self._open_sale()
                    self._load_sale(move)
                    button = "sale"
                elif kind == "pay":
                    self._load_payment(move)
                    button = "pay"
                else:
                    continue
                self._build()
                for control in [c for c in self.controls if c.key == "overpay"]:
                    control.action()  # gems worth more than the price: the first tap warns
                    self._build()
                moves += [c.action for c in self.controls if c.key == button]
                self.selling = False
        finally:
            vars(self).update(kept)
        return [m for m in moves if isinstance(m, dict)]

    def _roll_targets(self) -> dict[str, float]:
        return {
            "big": float(self._big_number() or 0),
            "cash": float(self.view.get("cash", 0)),
            "bank": float(self.view.get("bank", 0)),
        }

    # ------------------------------------------------------------------ the board
    def world_size(self) -> tuple[float, float]:
        return WORLD

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        for name, region in REGIONS.items():
            if cam.rect_to_screen(region).colliderect(bounds):
                getattr(self, f"_draw_{name}")(surface, cam)
        for control in self.controls:
            if cam.rect_to_screen(control.rect).colliderect(bounds):
                self._draw_control(surface, cam, control)
        surface.set_clip(clip)

    def take_changes(self) -> list[pygame.FRect] | None:
        """The regions (top, rail, stage, corner) whose drawing changed since last asked."""
        now = self._signatures()
        before, self.drawn = self.drawn, now
        if not before:
            return None
        return [REGIONS[name] for name in REGIONS if before.get(name) != now[name]]

    def _signatures(self) -> dict[str, str]:
        """What each region's drawing depends on, as text to compare."""
        view = self.view
        mine = self.seat if isinstance(self.seat, int) else None
        local = (
            self.amount,
            self.typed,
            sorted(self.pick.items()),
            self.pick_necklaces,
            self.selling,
            self.hover,
            [(c.key, c.label, c.action is None, tuple(c.rect)) for c in self.controls],
        )
        public = [view.get(k) for k in ("phase", "auction", "auctioneer", "defaulters")]
        words = (i18n.language(), self.ctx.names)
        own = None if mine is None else (view["markers"][mine], view["sold"][mine])
        return {
            "top": repr(
                [view.get(k) for k in ("deck_count", "deck_number", "round", "bank_gem_count")]
                + [view.get("debts"), words]
            ),
            "rail": repr(
                [view.get(k) for k in ("gem_counts", "markers", "sold", "sealed_bids_made")]
                + [view.get("outcome"), public, words, mine]
            ),
            "stage": repr(
                [view.get(k) for k in ("lot", "lot_value", "bank", "cash", "round", "sealed_bid")]
                + [view.get("outcome"), public, self.legal, self.lot_hidden, local, words, mine]
            ),
            "corner": repr([view.get("gems"), view.get("best_necklace"), own, local, words, mine]),
        }

    # ------------------------------------------------------------------ every frame
    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area.clip(clip))
        self._draw_numbers(surface, cam)
        self._draw_clock(surface, cam)
        self._draw_highlights(surface, cam)
        self._draw_badges(surface, cam)
        for flyer in self.flyers:
            self._draw_flyer(surface, cam, flyer)
        if self.banner["alpha"] > 1:
            self._draw_banner(surface, cam)
        surface.set_clip(clip)
