"""Saba – Palast der Königin: the players' trays — name, ★, materials, hand, figures and
markers (still, cached with the board; a card flying into the own hand stays hidden until it
lands) — and what moves on them every frame: the gold edge of the seat to act, the material
counts rolling, the harbour cards turning over (and followed by the pointer while held)."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import art, card_art, regions
from client.tables.saba_palast.controls import TableFrame
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.hiding import Hidden
from client.tables.saba_palast.layout import Table, Tray
from client.ui import theme
from client.ui.anim import FLIP, pulse
from client.ui.widgets import symbol
from shared.games.saba_palast.data import HARBOUR_CARDS, MATERIALS


class Trays(Drawing, Region):
    """Every seat's tray, its rolling counts and its harbour cards' sides."""

    kinds = frozenset(
        (
            "harbour_card",
            "play",
            "supply_figure",
        )
    )

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.table = Table.build(2, None)
        self.hidden = Hidden(
            motion, ("hand",), lambda key: self.table.trays[key[1]].rect.inflate(8, 8)
        )
        self.counts: dict[tuple[int, str], dict[str, float]] = {}
        self.sides: dict[tuple[int, str], dict[str, float]] = {}
        motion.subscribe("harbour_card_turned", self._turned)
        motion.subscribe("settle_counts", self._settle)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        view = snap.view
        self.hidden.show_all(fresh)
        self.table = Table.build(view["players"], view.get("seat"))
        if fresh:
            self.counts = {
                (seat, m): {"v": float(stock[m])}
                for seat, stock in enumerate(view["stocks"])
                for m in MATERIALS
            }
            self.sides = {
                (seat, card): {"turn": 1.0, "old": float(HARBOUR_CARDS[card][side])}
                for seat, cards in enumerate(view["harbour_cards"])
                for card, side in cards.items()
            }

    # ------------------------------------------------------------------ motion
    def _turned(self, seat: int, card: str, old_side: Any, delay: float) -> None:
        """A harbour card used turns over to its other side."""
        flip = self.sides.setdefault((seat, card), {"turn": 1.0, "old": 0.0})
        flip["old"] = float(HARBOUR_CARDS[card][old_side])
        flip["turn"] = 0.0
        self.motion.animator.animate(flip, FLIP, "linear", delay=delay, turn=1.0)

    def _settle(self, delay: float) -> None:
        """The counts roll to what the view says."""
        for seat, stock in enumerate(self.snap.view["stocks"]):
            for m in MATERIALS:
                counter = self.counts.setdefault((seat, m), {"v": float(stock[m])})
                if round(counter["v"]) != stock[m] or counter["v"] != stock[m]:
                    self.motion.animator.animate(counter, 0.5, delay=delay, v=float(stock[m]))

    # ------------------------------------------------------------------ the cached board
    def draw_tray(self, surface: pygame.Surface, cam: Camera, seat: int, tray: Tray) -> None:
        """One seat's tray as it rests (part of the cached board)."""
        view = self.snap.view
        s = round(cam.scale, 5)
        image = regions.tray(s, tuple(tray.rect), seat, tray.own)
        self._blit(surface, image, cam, (tray.rect.x - 4, tray.rect.y - 4), "topleft")
        name = self.snap.name(seat)
        width = tray.rect.w - 110 if not tray.own else 240
        size = self._size(20, cam)
        label = theme.fit_text(name, size, max(20, round(width * cam.scale)), bold=True)
        self._text(surface, label, 20, cam, tray.name, theme.TEXT, True, "midleft", tray.rect)
        colour = theme.player_colour(seat)
        x, y = cam.to_screen(tray.name[0] - 16, tray.name[1])
        symbol(surface, colour.symbol, (x, y), max(3, 10 * cam.scale), colour.rgb)
        # Points.
        px = tray.rect.right - 40 if not tray.own else tray.rect.x + 260
        self._text(
            surface,
            f"★ {view['points'][seat]}",
            20,
            cam,
            (px, tray.name[1]),
            theme.GOLD_LIGHT,
            True,
            within=tray.rect,
        )
        tsize = self._px(tray.token_size, cam)
        for m, pos in tray.tokens.items():
            token = art.token(m, tsize)
            if view["stocks"][seat][m] == 0:
                token = token.copy()
                token.set_alpha(80)
            self._blit(surface, token, cam, pos)
        if tray.own:
            hand = view.get("hand", [])
            w, h = self._px(68, cam), self._px(96, cam)
            for i, card in enumerate(hand):
                if ("hand", seat, i) in self.hidden:
                    continue
                rect = tray.hand_card(i, len(hand))
                self._blit(surface, card_art.action_card(card, w, h), cam, rect.center)
            if not hand:
                self._text(surface, "—", 20, cam, tray.hand.center, theme.TEXT_DIM)
        else:
            back = card_art.card_back(self._px(tray.hand.w, cam), self._px(tray.hand.h, cam))
            self._blit(surface, back, cam, tray.hand.center)
            n = view["hand_counts"][seat]
            gap = (tray.figures[0] - tray.hand.centerx) * cam.scale
            if gap < theme.font(self._size(18, cam), True).size(str(n))[0] + 4:
                # No room below beside the figures' count: on the card back itself.
                self._count(surface, cam, n, tray.hand.center, within=tray.rect)
            else:
                pos = (tray.hand.centerx, tray.hand.bottom + 12)
                self._count(surface, cam, n, pos, within=tray.rect)
        fig = 40 if tray.own else 30
        self._blit(surface, art.figure(seat, self._px(fig, cam)), cam, tray.figures)
        below = fig / 2 + 10
        figures = (tray.figures[0], tray.figures[1] + below)
        self._count(surface, cam, view["figures"][seat], figures, within=tray.rect)
        size = 26 if tray.own else 24
        self._blit(surface, art.marker(seat, self._px(size, cam)), cam, tray.markers)
        markers = (tray.markers[0], tray.figures[1] + below)
        self._count(surface, cam, view["markers"][seat], markers, within=tray.rect)

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        for seat, tray in self.table.trays.items():
            self.draw_tray(surface, cam, seat, tray)

    # ------------------------------------------------------------------ every frame
    def draw_turn_ring(self, surface: pygame.Surface, frame: Frame) -> None:
        """A pulsing gold edge around the tray of the player whose turn it is."""
        view, cam = self.snap.view, frame.cam
        seat = view["turn"]
        if view["end"] is not None or seat not in self.table.trays:
            return
        rect = cam.rect_to_screen(self.table.trays[seat].rect.inflate(2, 2))
        colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, pulse(frame.now))
        width = max(2, round(4 * cam.scale))
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, round(14 * cam.scale)))

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The material counts and the harbour cards."""
        self._draw_counts(surface, frame.cam)
        self._draw_harbour_cards(surface, frame)

    def _draw_counts(self, surface: pygame.Surface, cam: Camera) -> None:
        """Material counts in the trays, rolling when they change."""
        for seat, tray in self.table.trays.items():
            for m, (x, y) in tray.tokens.items():
                value = self.counts.get((seat, m), {"v": 0.0})["v"]
                n = round(value)
                units = 22 if tray.own else 17
                below = tray.token_size / 2 + 1
                colour = theme.TEXT if n else theme.TEXT_DIM
                self._text(
                    surface, str(n), units, cam, (x, y + below), colour, True, "midtop", tray.rect
                )

    def _draw_harbour_cards(self, surface: pygame.Surface, frame: Frame) -> None:
        cam = frame.cam
        act = frame.act if isinstance(frame, TableFrame) else None
        for seat, tray in self.table.trays.items():
            cards = self.snap.view["harbour_cards"][seat]
            for i, (card, side) in enumerate(sorted(cards.items())):
                rect = tray.harbour_cards[i]
                flip = self.sides.get((seat, card), {"turn": 1.0, "old": 0.0})
                turn = flip["turn"]
                f = HARBOUR_CARDS[card][side] if turn >= 0.5 else round(flip["old"])
                w = self._px(rect.w, cam)
                h = self._px(rect.h, cam)
                image = card_art.harbour_card(f, w, h)
                squeeze = abs(2 * turn - 1)
                cx, cy = rect.center
                own = seat == self.snap.seat and act is not None
                piece = act.piece(("harbour_card", f)) if own else None
                if piece is not None:
                    sprite = piece.sprite
                    cx, cy = sprite.x + sprite.shake, sprite.y - sprite.lift * 6
                if squeeze < 0.999:
                    image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
                self._blit(surface, image, cam, (cx, cy))
