"""Saba – Palast der Königin: the building cards on the three building fields — sliding along,
turned up from the palace deck, leaving for the garden, the treasury or out of the game — and
the card in the hand, drawn every frame."""

from __future__ import annotations

import pygame

from client.tables.base import Camera, Piece
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import card_art, highlights
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.layout import CARD_H, CARD_W, DECK, DISPLAY
from client.tables.saba_palast.sprites import CardSprite
from client.ui.anim import FLIP, MOVE

Point = tuple[float, float]


class Display(Drawing, Region):
    """The building cards: a sprite for each card shown, and the cards on their way out."""

    kinds = frozenset(
        (
            "card",
            "fulfil",
        )
    )

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.cards: dict[str, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        motion.subscribe("card_leaves", self._leaves)
        motion.subscribe("card_removed", self._removed)
        motion.subscribe("card_shown", lambda card: card in self.cards)
        motion.subscribe("card_revealed", self._revealed)
        motion.subscribe("settle_display", self._settle)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.leaving.clear()
            self.cards = {}
            for slot, card in enumerate(snap.view["display"]):
                if card is not None:
                    x, y = DISPLAY[slot].center
                    self.cards[card] = CardSprite(x, y, home=(x, y), card=card)

    def sprite(self, card: str) -> CardSprite:
        """The sprite of a card on the building fields (made where the card lies, if new)."""
        sprite = self.cards.get(card)
        if sprite is None:
            x, y = DISPLAY[self.snap.view["display"].index(card)].center
            sprite = self.cards[card] = CardSprite(x, y, home=(x, y), card=card)
        return sprite

    # ------------------------------------------------------------------ motion
    def _leaves(self, card: str, end: Point, scale: float, delay: float) -> bool:
        """The card flies to `end`, shrinking to `scale`, and fades; False if it is not shown."""
        sprite = self.cards.pop(card, None)
        if sprite is None:
            return False
        self.leaving.append(sprite)

        def gone() -> None:
            if sprite in self.leaving:
                self.leaving.remove(sprite)

        animator = self.motion.animator
        animator.animate(sprite, MOVE * 1.2, delay=delay, x=end[0], y=end[1], scale=scale)
        animator.animate(sprite, MOVE, delay=delay + MOVE * 0.6, alpha=0.0, on_finished=gone)
        return True

    def _removed(self, card: str, delay: float) -> bool:
        """A card taken out of the game rises and fades; False if it is not shown."""
        sprite = self.cards.get(card)
        if sprite is None:
            return False
        return self._leaves(card, (sprite.x, sprite.y - 60), 0.9, delay)

    def _revealed(self, card: str, delay: float) -> None:
        """A new card turns up from the palace deck onto its building field."""
        x, y = DECK.center
        sprite = CardSprite(x, y, home=(x, y), card=card, turn=0.0, alpha=0.0)
        self.cards[card] = sprite
        animator = self.motion.animator
        animator.animate(sprite, 0.001, delay=delay, alpha=255.0)
        display = self.snap.view["display"]
        slot = display.index(card) if card in display else 2
        hx, hy = DISPLAY[slot].center
        sprite.home = (hx, hy)
        animator.animate(sprite, MOVE, delay=delay, x=hx, y=hy)
        animator.animate(sprite, FLIP, "linear", delay=delay, turn=1.0)

    def _settle(self, slide: float) -> None:
        """After the update's events: every card the view shows slides to its field (after
        `slide`); the others are gone."""
        display = self.snap.view["display"]
        for card in list(self.cards):
            if card not in display:
                self.cards.pop(card)
        for slot, card in enumerate(display):
            if card is None:
                continue
            home = DISPLAY[slot].center
            sprite = self.cards.get(card)
            if sprite is None:
                sprite = self.cards[card] = CardSprite(*home, home=home, card=card)
            if sprite.home != home or (sprite.x, sprite.y) != home:
                sprite.home = home
                if sprite.turn >= 1.0:
                    self.motion.animator.animate(sprite, MOVE, delay=slide, x=home[0], y=home[1])

    # ------------------------------------------------------------------ drawing
    def draw_card(self, surface: pygame.Surface, cam: Camera, sprite: CardSprite) -> None:
        """One building card where its sprite is: flipping, flying, lifted."""
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

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The cards, but the one in the hand (drawn over everything: `draw_held`)."""
        held = frame.held.sprite if frame.held is not None else None
        for sprite in [*self.cards.values(), *self.leaving]:
            if sprite is not held:
                self.draw_card(surface, frame.cam, sprite)

    def draw_held(self, surface: pygame.Surface, frame: Frame) -> None:
        held: Piece | None = frame.held
        if held is not None and isinstance(held.sprite, CardSprite):
            self.draw_card(surface, frame.cam, held.sprite)
