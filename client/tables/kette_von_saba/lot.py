"""The card on sale on Die Kette von Saba's block: drawn on the block once it has landed there
(the notices `lot_away` and `lot_back` of the view's motion), picked up by its buyer (or by
the auctioneer of an unsold card) to be laid on a glowing setting or kept in the hand. In the
offer step the block is where a hand card is offered."""

from __future__ import annotations

import pygame

from client.tables.base import Piece, Sprite, Target
from client.tables.kette_von_saba import art
from client.tables.kette_von_saba.layout import HAND_RECT, LOT_RECT, SPACE_OF, space_rect
from client.tables.regions import Answer, Choice, Frame, Motion, Region, Snapshot


class Lot(Region):
    """The card on sale: its sprite, whether it is away (flying to the block), its piece."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.sprite = Sprite(*LOT_RECT.center, home=LOT_RECT.center)
        self.away = False
        self._pieces: list[Piece] = []
        motion.subscribe("lot_away", self._goes)
        motion.subscribe("lot_back", self._comes)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.sprite.x, self.sprite.y = LOT_RECT.center
        self.sprite.lift = 0.0
        if fresh:
            self.away = False
        self._pieces = self._build_pieces()

    def _goes(self) -> None:
        self.away = True

    def _comes(self) -> None:
        self.away = False

    def visible(self) -> bool:
        """Whether the card on sale lies on the block now."""
        return self.snap.view.get("lot") is not None and not self.away

    def _build_pieces(self) -> list[Piece]:
        """The card on sale as a piece, while its buyer (or the auctioneer of an unsold card)
        may lay it on a setting or keep it."""
        if self.snap.view.get("phase") not in ("buyer", "lay"):
            return []
        targets = [
            Target(
                ("space", SPACE_OF[tuple(m["space"])]), space_rect(SPACE_OF[tuple(m["space"])]), m
            )
            for m in self.snap.legal
            if m["type"] == "place"
        ]
        keep = self.snap.first(type="keep")
        if keep is not None:
            targets.append(Target("hand", HAND_RECT, keep))
        return [Piece("lot", LOT_RECT, self.sprite, targets)] if targets else []

    def pieces(self) -> list[Piece]:
        return self._pieces

    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap on the card on sale picks it up; in the offer step, a tap on the block offers
        the hand's card when there is one kind of card to offer."""
        if not LOT_RECT.collidepoint(point):
            return None
        if self._pieces:
            return Choice("lot")
        offers = [m for m in self.snap.legal if m["type"] == "offer"]
        return offers[0] if len(offers) == 1 else None

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The card on sale on the block, unless it is in the hand."""
        if self.visible() and (frame.held is None or frame.held.key != "lot"):
            art.draw_card(surface, frame.cam, self.snap.view["lot"], self.sprite, LOT_RECT.w)
