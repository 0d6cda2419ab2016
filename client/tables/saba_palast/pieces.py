"""Saba – Palast der Königin: what moves over the board, drawn every frame.

The building cards, the harbour's materials, the vizier, the serail markers, rolling counts,
harbour cards, held pieces and everything in flight."""

from __future__ import annotations

import pygame

from client.tables.base import Camera, Piece
from client.tables.saba_palast import art, card_art, highlights, layout, words
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.layout import (
    CARD_H,
    CARD_W,
    HARBOUR_TOKEN,
    MARKER,
    QUARTER_FIGURE,
    SERAIL,
    VIZIER,
)
from client.tables.saba_palast.motion import CardSprite
from client.ui import theme
from client.ui.anim import pulse
from client.ui.widgets import symbol
from shared.games.saba_palast.data import (
    HARBOUR_CARDS,
)


class Pieces(Drawing):
    """The moving things on the table (a mixin of the view)."""

    def _draw_turn_ring(self, surface: pygame.Surface, cam: Camera) -> None:
        """A pulsing gold edge around the tray of the player whose turn it is."""
        seat = self.view["turn"]
        if self.view["end"] is not None or seat not in self.table.trays:
            return
        rect = cam.rect_to_screen(self.table.trays[seat].rect.inflate(2, 2))
        colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, pulse(self.ctx.now))
        width = max(2, round(4 * cam.scale))
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, round(14 * cam.scale)))

    def _draw_harbour(self, surface: pygame.Surface, cam: Camera) -> None:
        size = self._px(HARBOUR_TOKEN, cam)
        for i, slot in enumerate(self.harbour_shown):
            sprite = self.harbour_sprites[i]
            dx, dy = sprite.x - sprite.home[0] + sprite.shake, sprite.y - sprite.home[1]
            token = art.token(slot["material"], size)
            if sprite.alpha < 255:
                token = token.copy()
                token.set_alpha(round(sprite.alpha))
            count = slot["count"]
            for k in range(count):
                x, y = layout.harbour_token(i, k, count)
                self._blit(surface, token, cam, (x + dx, y + dy))

    def _draw_serail(self, surface: pygame.Surface, cam: Camera) -> None:
        size = self._px(MARKER, cam)
        for seat, sprite in self.markers:
            image = art.marker(seat, size)
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(round(sprite.alpha))
            self._blit(surface, image, cam, (sprite.x, sprite.y))
        leader = self.view.get("serail_leader")
        if leader is not None and self.markers:
            # After the serail's label, however wide that is drawn.
            label = theme.font(self._size(18, cam), True).size(words.ui("serail"))[0]
            crown = max(SERAIL.x + 100, SERAIL.x + 12 + label / cam.scale + 8)
            self._text(
                surface, "♛", 20, cam, (crown, SERAIL.y + 16), theme.GOLD_LIGHT, True, "midleft"
            )
            width = theme.font(self._size(20, cam), True).size("♛")[0]
            colour = theme.player_colour(leader)
            x, y = cam.to_screen(crown + width / cam.scale + 10, SERAIL.y + 16)
            symbol(surface, colour.symbol, (x, y), max(3, 8 * cam.scale), colour.rgb)

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

    def _draw_harbour_cards(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        for seat, tray in self.table.trays.items():
            cards = self.view["harbour_cards"][seat]
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
                piece = self._piece(("harbour_card", f)) if seat == self.seat else None
                if piece is not None:
                    sprite = piece.sprite
                    cx, cy = sprite.x + sprite.shake, sprite.y - sprite.lift * 6
                if squeeze < 0.999:
                    image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
                self._blit(surface, image, cam, (cx, cy))

    def _draw_card(self, surface: pygame.Surface, cam: Camera, sprite: CardSprite) -> None:
        w, h = self._px(CARD_W, cam), self._px(CARD_H, cam)
        turn = sprite.turn
        image = (
            card_art.building_card(sprite.card, w, h)
            if turn >= 0.5
            else card_art.card_back(w, h, "palace")
        )
        squeeze = abs(2 * turn - 1)
        if squeeze < 0.999 or sprite.scale != 1.0:
            # Flips and flights scale the cached card rather than drawing a new one each frame.
            size = (max(1, round(w * squeeze * sprite.scale)), max(1, round(h * sprite.scale)))
            image = pygame.transform.smoothscale(image, size)
        if sprite.alpha < 255:
            image = image.copy()
            image.set_alpha(round(sprite.alpha))
        x, y = sprite.x + sprite.shake, sprite.y - sprite.lift * 6
        if sprite.lift > 0.01:
            sh = highlights.shadow(round(w * 0.9), max(4, round(h * 0.2)))
            self._blit(surface, sh, cam, (sprite.x + 6, sprite.y + CARD_H * sprite.scale * 0.45))
        self._blit(surface, image, cam, (x, y))

    def _draw_cards(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        held_sprite = held.sprite if held is not None else None
        for sprite in [*self.cards.values(), *self.leaving]:
            if sprite is not held_sprite:
                self._draw_card(surface, cam, sprite)

    def _draw_vizier(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        v = self.vizier
        lift = v.lift * 8
        if lift:
            sh = highlights.shadow(self._px(40, cam), self._px(12, cam))
            self._blit(surface, sh, cam, (v.x + 6, v.y + VIZIER / 2))
        self._blit(surface, art.vizier(self._px(VIZIER, cam)), cam, (v.x + v.shake, v.y - lift))

    def _draw_moved_pieces(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        """Pieces that look like part of the board (a figure, a quarter's badge) follow the
        pointer while held, and are seen gliding back or snapping onto their target."""
        if self.seat is None:
            return
        for piece in self.act.pieces:
            kind = piece.key[0]
            if kind not in ("supply_figure", "quarter_figure", "badge"):
                continue
            sprite = piece.sprite
            away = abs(sprite.x - sprite.home[0]) + abs(sprite.y - sprite.home[1]) > 0.5
            if piece is not held and not away and not sprite.shake:
                continue
            pos = (sprite.x + sprite.shake, sprite.y - sprite.lift * 6)
            if kind == "badge":
                r = piece.rect.copy()
                r.center = pos
                rect = cam.rect_to_screen(r)
                surface.blit(highlights.outline(rect.w, rect.h, max(3, rect.h // 4), 3), rect)
                continue
            if sprite.lift > 0.01:
                shade = highlights.shadow(self._px(30, cam), self._px(10, cam))
                self._blit(surface, shade, cam, (sprite.x + 5, sprite.y + 16))
            size = 40 if kind == "supply_figure" else QUARTER_FIGURE
            self._blit(surface, art.figure(self.seat, self._px(size, cam)), cam, pos)

    def _draw_flyers(self, surface: pygame.Surface, cam: Camera) -> None:
        for flyer in self.flyers:
            sprite = flyer.sprite
            if sprite.alpha < 1:
                continue
            size = flyer.size * sprite.scale
            if flyer.kind == "token":
                image = art.token(flyer.what, self._px_moving(size, cam))
            elif flyer.kind == "figure":
                image = art.figure(flyer.what, self._px_moving(size, cam))
            elif flyer.kind == "marker":
                image = art.marker(flyer.what, self._px_moving(size, cam))
            else:
                h = self._px_moving(size, cam)
                w = round(h * 0.71)
                face = flyer.what is not None and flyer.turn >= 0.5
                image = card_art.action_card(flyer.what, w, h) if face else card_art.card_back(w, h)
                squeeze = abs(2 * flyer.turn - 1)
                if squeeze < 0.999:
                    image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(round(sprite.alpha))
            self._blit(surface, image, cam, (sprite.x, sprite.y))
        for ring in self.rings:
            x, y = cam.to_screen(ring["x"], ring["y"])
            r = max(2, round(ring["r"] * cam.scale))
            pygame.draw.circle(surface, theme.GOLD_LIGHT, (x, y), r, max(1, round(4 * cam.scale)))
