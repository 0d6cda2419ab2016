"""The corners under the necklace on Die Kette von Saba's table: the deck (lower left) and the
forgeries set aside (lower right). A forgery flying there shows once it has landed (the notice
`forgery_landed` of the view's motion)."""

from __future__ import annotations

import pygame

from client.tables.base import Camera, Target
from client.tables.kette_von_saba import art, lettering
from client.tables.kette_von_saba.layout import (
    CARD_RATIO,
    DECK_AREA,
    DECK_RECT,
    FORGERY_AREA,
    FORGERY_CARD,
    FORGERY_RECT,
    forgery_centres,
    pixel,
)
from client.tables.regions import Answer, Motion, Region, Snapshot, world_clip
from client.ui import theme
from client.words import i18n


class Corners(Region):
    """The deck and the forgeries: how many forgeries have landed so far."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.shown_forgeries = 0
        motion.subscribe("forgery_landed", self._landed)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.shown_forgeries = len(snap.view["forgeries"])

    def _landed(self) -> None:
        self.shown_forgeries = min(len(self.snap.view["forgeries"]), self.shown_forgeries + 1)
        self.motion.publish("board_changed", FORGERY_AREA)

    def deck_target(self) -> Target | None:
        """The deck, tapped to buy its top card in the draw step."""
        if self.snap.view.get("phase") != "draw":
            return None
        draw = self.snap.first(type="draw")
        return Target("deck", DECK_RECT, draw) if draw is not None else None

    def hit(self, point: tuple[float, float]) -> Answer:
        """The deck buys its top card in the draw step; the forgeries take the one card that
        may be set aside, when a single kind of card may be laid now."""
        deck = self.deck_target()
        if deck is not None and DECK_RECT.collidepoint(point):
            return deck.move
        laid = [m for m in self.snap.legal if m["type"] in ("place", "discard")]
        if FORGERY_RECT.collidepoint(point) and len({m.get("card") for m in laid}) == 1:
            return next((m for m in laid if m["type"] == "discard"), None)
        return None

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The deck and the forgeries, where the surface's clip reaches them."""
        area = world_clip(surface, cam)
        if area.colliderect(DECK_AREA):
            self._draw_deck(surface, cam)
        if area.colliderect(FORGERY_AREA):
            self._draw_forgeries(surface, cam)

    def _draw_deck(self, surface: pygame.Surface, cam: Camera) -> None:
        s = cam.scale
        count = self.snap.view["deck_count"]
        rect = cam.rect_to_screen(DECK_RECT)
        if count:
            back = art.card_back(rect.w)
            layers = min(5, (count + 3) // 4)
            shadow = art.card_shadow(rect.w, 1)
            surface.blit(shadow, (rect.x, rect.y))
            for k in range(layers - 1, -1, -1):
                offset = round(k * 2.5 * s)
                surface.blit(back, (rect.x - offset, rect.y - offset))
            badge = max(11, round(17 * s))
            centre = (rect.right - badge * 0.3, rect.bottom - badge * 0.3)
            pygame.draw.circle(surface, theme.GOLD_DARK, centre, badge + 1)
            pygame.draw.circle(surface, theme.GOLD, centre, badge)
            size = max(14, round(badge * 1.05))
            theme.blit_text(surface, str(count), size, centre, theme.INK, True, "center")
        else:
            pygame.draw.rect(surface, theme.GOLD_DARK, rect, 1, border_radius=max(2, rect.w // 12))
        label = i18n.pgettext("kette-von-saba", "Deck")
        size = lettering.px(cam, 18)
        x, y = cam.to_screen(DECK_RECT.right + 22, DECK_RECT.bottom)
        theme.blit_text(surface, label, size, (x, y), theme.TEXT_DIM, False, "bottomleft")

    def _draw_forgeries(self, surface: pygame.Surface, cam: Camera) -> None:
        forgeries = self.snap.view["forgeries"]
        count = min(self.shown_forgeries, len(forgeries))
        w = round(FORGERY_CARD * cam.scale)
        seal = art.wax_seal(max(6, round(w * 0.4)))
        for card, centre in zip(forgeries[:count], forgery_centres(count), strict=True):
            face = art.card_face(card, w)
            at = pixel(cam, centre)
            rect = face.get_rect(center=at)
            surface.blit(art.card_shadow(w, 0), rect.topleft)
            surface.blit(face, rect)
            surface.blit(seal, seal.get_rect(center=(rect.right - w * 0.2, rect.bottom - w * 0.2)))
        if not count:
            rect = cam.rect_to_screen(
                pygame.FRect(
                    FORGERY_RECT.x, FORGERY_RECT.y, FORGERY_CARD, FORGERY_CARD * CARD_RATIO
                )
            )
            pygame.draw.rect(surface, theme.GOLD_DARK, rect, 1, border_radius=max(2, rect.w // 12))
        if count:
            label = i18n.pgettext("kette-von-saba", "Forgeries ({n})", n=count)
        else:
            label = i18n.pgettext("kette-von-saba", "Forgeries")
        x, y = cam.to_screen(FORGERY_RECT.x, FORGERY_RECT.y + FORGERY_CARD * CARD_RATIO + 6)
        theme.blit_text(
            surface, label, lettering.px(cam, 18), (x, y), theme.TEXT_DIM, False, "topleft"
        )
