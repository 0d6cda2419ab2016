"""The hand of the seat shown along the foot of Die Kette von Saba's table: its cards sorted,
sliding to their places as cards come and go, lit where they may be played, lifted when picked
up; a card joining it flies in (the notice `into_hand` of the view's motion) and shows once it
has landed. In the offer step a card goes onto the block, in stage 2 onto a setting or the
forgeries; the buyer of a card may keep it by dropping it here."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Set
from typing import Any

import pygame

from client.tables.base import Piece, Sprite, Target
from client.tables.kette_von_saba import art
from client.tables.kette_von_saba.layout import (
    CARD_RATIO,
    DECK_RECT,
    FORGERY_RECT,
    HAND_CARD,
    HAND_RECT,
    LIFT,
    LOT_RECT,
    SPACE_OF,
    card_order,
    hand_centres,
    pixel,
    space_rect,
)
from client.tables.regions import Answer, Choice, Frame, Motion, Region, Snapshot
from client.ui.anim import MOVE, STAGGER, pulse

Point = tuple[float, float]
# A card of the hand: (card, which copy of it).
Key = tuple[str, int]


class Hand(Region):
    """The hand's cards, each with its sprite; what the latest update brought and took away."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.keys: list[Key] = []
        self.sprites: dict[Key, Sprite] = {}
        # The latest update's news: the cards that arrived (their sprites wait, unseen, for a
        # flight) and where the cards that left were last seen, by card.
        self.arrived: list[Key] = []
        self.left: dict[str, list[Point]] = {}
        self._pieces: list[Piece] = []
        motion.subscribe("into_hand", self._into_hand)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        if fresh or snap.seat != self.snap.seat:
            self.sprites.clear()
        super().show(snap, fresh)
        self.arrived, self.left = self._layout(snap.view.get("hand", []))
        if fresh:
            # Cards arriving with a first view are dealt from the deck, 60 ms apart.
            for k, key in enumerate(self.arrived):
                self._into_hand(key, DECK_RECT.center, DECK_RECT.w, True, k * STAGGER)
        self._pieces = self._build_pieces()

    def _layout(self, hand: list[str]) -> tuple[list[Key], dict[str, list[Point]]]:
        """Sort the hand and slide the cards still held to their new places. Of several copies,
        those nearest their places stay (a copy dropped on the board is the one that left)."""
        old: dict[str, list[Sprite]] = {}
        for (card, _), sprite in self.sprites.items():
            old.setdefault(card, []).append(sprite)
        for sprites in old.values():
            sprites.sort(key=lambda s: math.dist((s.x, s.y), s.home))
        seen: Counter[str] = Counter()
        keys = []
        for card in sorted(hand, key=card_order):
            keys.append((card, seen[card]))
            seen[card] += 1
        arrived = []
        placed: dict[Key, Sprite] = {}
        for key, home in zip(keys, hand_centres(len(keys)), strict=True):
            kept = old.get(key[0], [])
            if key[1] < len(kept):
                sprite = kept[key[1]]
                self.motion.animator.animate(sprite, MOVE, x=home[0], y=home[1])
            else:
                sprite = Sprite(*DECK_RECT.center, alpha=0.0)
                arrived.append(key)
            sprite.home = home
            placed[key] = sprite
        left = {
            card: [(s.x, s.y) for s in sprites[seen[card] :]]
            for card, sprites in old.items()
            if len(sprites) > seen[card]
        }
        self.keys, self.sprites = keys, placed
        return arrived, left

    def _into_hand(self, key: Key, src: Point, w: float, flip: bool, delay: float) -> None:
        """The card `key` flies in from `src` and shows in the hand once it lands."""
        sprite = self.sprites.get(key)
        if sprite is None:
            return
        sprite.x, sprite.y = sprite.home

        def landed() -> None:
            sprite.alpha = 255.0

        self.motion.publish("fly", key[0], src, sprite.home, w, HAND_CARD, flip, delay, landed)

    # ------------------------------------------------------------------ moves
    def _build_pieces(self) -> list[Piece]:
        """The hand's cards the seat may play now, each with its legal targets (topmost first)."""
        snap = self.snap
        phase = snap.view.get("phase")
        pieces = []
        for key in self.keys if phase in ("offer", "reconstruction") else []:
            card = key[0]
            targets = []
            if phase == "offer":
                offer = snap.first(type="offer", card=card)
                if offer is not None:
                    targets.append(Target("block", LOT_RECT, offer))
            else:
                for m in snap.legal:
                    if m["type"] == "place" and m["card"] == card:
                        index = SPACE_OF[tuple(m["space"])]
                        targets.append(Target(("space", index), space_rect(index), m))
                discard = snap.first(type="discard", card=card)
                if discard is not None:
                    targets.append(Target("forgeries", FORGERY_RECT, discard))
            if targets:
                sprite = self.sprites[key]
                rect = pygame.FRect(0, 0, HAND_CARD, HAND_CARD * CARD_RATIO)
                rect.center = sprite.home
                pieces.append(Piece(("hand", *key), rect, sprite, targets))
        pieces.reverse()
        return pieces

    def pieces(self) -> list[Piece]:
        return self._pieces

    def keep_target(self) -> Target | None:
        """The hand as the place the buyer keeps the card on sale."""
        keep = self.snap.first(type="keep")
        return Target("hand", HAND_RECT, keep) if keep is not None else None

    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap on a playable card picks it up; a tap on the hand keeps the card bought."""
        for piece in self._pieces:
            if piece.rect.collidepoint(point):
                return Choice(piece.key)
        keep = self.keep_target()
        if keep is not None and HAND_RECT.collidepoint(point):
            return keep.move
        return None

    def chosen(self, hot: Set[Any], held: Piece | None) -> Any:
        """The card the person has picked up or selected (the scene shows its targets)."""
        if held is not None:
            return held.key
        cards = {p.key[1] for p in self._pieces}
        loose = {t.key for t in self._pieces[0].targets} if len(cards) == 1 else set()
        if not hot or loose == hot:
            return None
        return next((p.key for p in self._pieces if {t.key for t in p.targets} == hot), None)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        if not self.keys:
            return
        cam = frame.cam
        chosen = self.chosen(frame.hot, frame.held)
        mine = self.snap.seat is not None and self.snap.seat in self.snap.view["to_act"]
        playable = {p.key for p in self._pieces} if not frame.hot and mine else set()
        glow = pulse(frame.now)
        px = round(HAND_CARD * cam.scale)
        for key in self.keys:
            sprite = self.sprites[key]
            piece_key = ("hand", *key)
            if sprite.alpha < 1 or (frame.held is not None and frame.held.key == piece_key):
                continue
            if piece_key == chosen:
                lifted = Sprite(sprite.x, sprite.y, lift=1.0)
                art.draw_card(surface, cam, key[0], lifted, HAND_CARD)
                shine = art.card_glow(px, 12)
                x, y = cam.to_screen(sprite.x, sprite.y - LIFT)
                surface.blit(shine, shine.get_rect(center=(round(x), round(y))))
                continue
            art.draw_card(surface, cam, key[0], sprite, HAND_CARD)
            if piece_key in playable:
                shine = art.card_glow(px, round(4 + 8 * glow))
                surface.blit(shine, shine.get_rect(center=pixel(cam, (sprite.x, sprite.y))))
