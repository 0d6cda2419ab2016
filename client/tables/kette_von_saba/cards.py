"""The cards off the necklace on Die Kette von Saba's table: the deck, the forgeries set aside,
the hand of the seat shown, the card on sale and cards in flight."""

from __future__ import annotations

import math
from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, Sprite, TableView
from client.tables.kette_von_saba import art, lettering
from client.tables.kette_von_saba.layout import (
    CARD_RATIO,
    DECK_RECT,
    FORGERY_CARD,
    FORGERY_RECT,
    HAND_CARD,
    LIFT,
    forgery_centres,
    pixel,
)
from client.tables.kette_von_saba.motion import Flight
from client.ui import theme
from client.ui.anim import pulse


class CardsDrawing(TableView):
    """The cards' part of the table view (mixed into `KetteVonSabaView`)."""

    hand_keys: list[tuple[str, int]]
    hand_sprites: dict[tuple[str, int], Sprite]
    shown_forgeries: int

    def _draw_deck(self, surface: pygame.Surface, cam: Camera) -> None:
        s = cam.scale
        count = self.view["deck_count"]
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
        count = min(self.shown_forgeries, len(self.view["forgeries"]))
        w = round(FORGERY_CARD * cam.scale)
        seal = art.wax_seal(max(6, round(w * 0.4)))
        for card, centre in zip(
            self.view["forgeries"][:count], forgery_centres(count), strict=True
        ):
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

    def _draw_card(
        self, surface: pygame.Surface, cam: Camera, card: str, sprite: Sprite, w: float
    ) -> None:
        """A card at its sprite, raised by `lift` with a wider shadow."""
        px = round(w * cam.scale)
        face = art.card_face(card, px)
        lift = sprite.lift * LIFT * cam.scale
        x, y = cam.to_screen(sprite.x + sprite.shake, sprite.y)
        rect = face.get_rect(center=(round(x), round(y - lift)))
        spread = round(sprite.lift * 4)
        shadow = art.card_shadow(px, spread)
        surface.blit(shadow, (rect.x - spread + lift * 0.4, rect.y - spread + lift * 0.8))
        surface.blit(face, rect)

    def _draw_flight(self, surface: pygame.Surface, cam: Camera, flight: Flight) -> None:
        # Drawn from the hand's card size and scaled: a card growing or shrinking in flight
        # passes through many sizes, too many to draw each afresh.
        base = max(8, round(HAND_CARD * cam.scale))
        px = max(8, round(flight.w * cam.scale))
        face_up = flight.card is not None and flight.turn >= 0.5
        image = art.card_face(flight.card, base) if face_up else art.card_back(base)
        squash = abs(math.cos(math.pi * flight.turn))
        w = max(1, round(px * squash)) if squash < 0.98 else px
        if (w, round(px * CARD_RATIO)) != image.get_size():
            image = pygame.transform.smoothscale(image, (w, round(px * CARD_RATIO)))
        rect = image.get_rect(center=pixel(cam, (flight.x, flight.y)))
        if squash > 0.9:
            surface.blit(art.card_shadow(base, 3), (rect.x - 1, rect.y + 2))
        surface.blit(image, rect)

    def _draw_hand(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held) -> None:
        if not self.hand_keys:
            return
        chosen = self._chosen(hot, held)
        playable = {p.key for p in self._pieces} if not hot and self._my_turn() else set()
        glow = pulse(self.ctx.now)
        px = round(HAND_CARD * cam.scale)
        for key in self.hand_keys:
            sprite = self.hand_sprites[key]
            piece_key = ("hand", *key)
            if sprite.alpha < 1 or (held is not None and held.key == piece_key):
                continue
            if piece_key == chosen:
                lifted = Sprite(sprite.x, sprite.y, lift=1.0)
                self._draw_card(surface, cam, key[0], lifted, HAND_CARD)
                shine = art.card_glow(px, 12)
                x, y = cam.to_screen(sprite.x, sprite.y - LIFT)
                surface.blit(shine, shine.get_rect(center=(round(x), round(y))))
                continue
            self._draw_card(surface, cam, key[0], sprite, HAND_CARD)
            if piece_key in playable:
                shine = art.card_glow(px, round(4 + 8 * glow))
                surface.blit(shine, shine.get_rect(center=pixel(cam, (sprite.x, sprite.y))))
