"""What is in the air over Die Kette von Saba's table: cards flying between the deck, the hands,
the purses, the block, the necklace and the forgeries (flipping on the way), coins flying
between purses, and sums rising from where they were earned. The regions and the view's
choreography start them with the notices `fly`, `pay` and `float` of the view's motion; what
lands is told back by the `landed` each flight carries."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from client.tables.kette_von_saba import art, lettering
from client.tables.kette_von_saba.layout import CARD_RATIO, COIN, HAND_CARD, pixel
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.ui import theme
from client.ui.anim import FLIP, MOVE, STAGGER

Point = tuple[float, float]


@dataclass
class Flight:
    """A card on its way: shown as its back until `turn` passes 0.5 (a flip), then its face."""

    card: str | None
    x: float
    y: float
    w: float
    turn: float = 1.0


class Air(Region):
    """The cards, coins and sums in flight."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.flights: list[Flight] = []
        self.coins: list[dict[str, float]] = []
        self.floaters: list[dict[str, Any]] = []
        motion.subscribe("fly", self._fly)
        motion.subscribe("pay", self._pay)
        motion.subscribe("float", self._float)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.flights.clear()
            self.coins.clear()
            self.floaters.clear()

    def _fly(
        self,
        card: str | None,
        src: Point,
        dst: Point,
        w0: float,
        w1: float,
        flip: bool,
        delay: float = 0.0,
        landed: Callable[[], None] | None = None,
    ) -> None:
        """A card flies from `src` to `dst`, growing from `w0` to `w1` wide, turning face up
        on the way when `flip`; `landed` runs when it arrives."""
        flight = Flight(card, src[0], src[1], w0, 0.0 if flip else 1.0)
        self.flights.append(flight)

        def done() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            if landed is not None:
                landed()

        animator = self.motion.animator
        animator.animate(flight, MOVE, delay=delay, x=dst[0], y=dst[1], w=w1, on_finished=done)
        if flip and card is not None:
            animator.animate(flight, FLIP, "in_out_cubic", delay=delay, turn=1.0)

    def _pay(self, src: Point, dst: Point, amount: int, delay: float) -> None:
        """Coins fly from `src` to `dst`, one per 1,000 up to six, 60 ms apart."""
        for k in range(max(1, min(6, amount // 1000))):
            coin = {"x": src[0], "y": src[1], "alpha": 255.0}
            self.coins.append(coin)

            def done(coin: dict[str, float] = coin) -> None:
                if coin in self.coins:
                    self.coins.remove(coin)

            self.motion.animator.animate(
                coin, MOVE * 1.3, delay=delay + k * STAGGER, x=dst[0], y=dst[1], on_finished=done
            )

    def _float(self, text: str, at: Point, colour: theme.Colour) -> None:
        """A sum rises from `at` and fades (a reward earned)."""
        floater = {"x": at[0], "y": at[1], "alpha": 255.0, "text": text, "colour": colour}
        self.floaters.append(floater)

        def done() -> None:
            if floater in self.floaters:
                self.floaters.remove(floater)

        self.motion.animator.animate(floater, 1.3, y=at[1] - 60, alpha=0.0, on_finished=done)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        cam = frame.cam
        for flight in self.flights:
            self._draw_flight(surface, frame, flight)
        size = max(6, round(COIN * cam.scale))
        for coin in self.coins:
            image = art.coin(size)
            surface.blit(image, image.get_rect(center=pixel(cam, (coin["x"], coin["y"]))))
        for floater in self.floaters:
            text = theme.text(floater["text"], lettering.px(cam, 30), floater["colour"], True)
            text.set_alpha(round(floater["alpha"]))
            surface.blit(text, text.get_rect(center=pixel(cam, (floater["x"], floater["y"]))))
            text.set_alpha(None)

    def _draw_flight(self, surface: pygame.Surface, frame: Frame, flight: Flight) -> None:
        # Drawn from the hand's card size and scaled: a card growing or shrinking in flight
        # passes through many sizes, too many to draw each afresh.
        cam = frame.cam
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
