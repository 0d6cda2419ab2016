"""What flies over Das Kollier's table: cards dealt to the lot and carried to the buyer, coins
and card backs crossing between the seats, the bank and the block. Each event of an update is a
step on the view's one timeline (client/tables/regions.py `Motion.play`); the air listens to
the events that move something and answers how long its step holds the queue. A card landing on
the lot tells the cloth (`lot_landed`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client.tables.base import Camera, Event, Sprite
from client.tables.das_kollier import art, facts, pen
from client.tables.das_kollier.layout import (
    BANK_BOX,
    BLOCK,
    CASH_POS,
    DECK,
    HAND,
    STAGE,
    lot_slots,
    rail_column,
)
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.ui.anim import FLIP, MOVE, STAGGER
from client.words import i18n


@dataclass
class Flyer:
    """A card, a card back or a coin crossing the table."""

    what: str  # "card", "back" or "coin"
    sprite: Sprite
    gem: str | None = None
    w: float = 60.0
    turn: dict[str, float] = field(default_factory=lambda: {"t": 1.0})


class Air(Region):
    """The flyers, and the lot just won, lying where it was until its step carries it off."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.flyers: list[Flyer] = []
        self.parked: list[Flyer] = []
        for kind, step in {
            "lot_revealed": self._reveal,
            "lot_won": self._carry_lot,
            "bid": self._on_bid,
            "paid": self._on_paid,
            "commission": self._on_commission,
            "compensation": self._on_bank_pays,
            "debt_paid": self._on_bank_pays,
            "default": self._on_default,
            "sold_to_bank": self._on_sale,
            "second_deck": self._on_second_deck,
            "first_auctioneer": self._on_first_auctioneer,
        }.items():
            motion.subscribe(kind, step)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.flyers.clear()
            self.parked.clear()
        for event in snap.events:
            if event.get("type") == "lot_won":
                self._park(event["gems"])

    def _park(self, gems: list[str]) -> None:
        """The lot just won stays where it lay until its animation carries it off."""
        for gem, slot in zip(gems, lot_slots(len(gems)), strict=True):
            flyer = Flyer("card", Sprite(slot.centerx, slot.centery, home=slot.center), gem, slot.w)
            self.flyers.append(flyer)
            self.parked.append(flyer)

    def _reveal(self, event: Event) -> float:
        lot = self.snap.view.get("lot", [])
        slots = lot_slots(len(lot))
        for i, (gem, slot) in enumerate(zip(lot, slots, strict=True)):
            sprite = Sprite(DECK.centerx, DECK.centery, home=slot.center)
            flyer = Flyer("card", sprite, gem, slot.w, {"t": 0.0})
            self.flyers.append(flyer)
            delay = i * STAGGER

            def landed(f: Flyer = flyer) -> None:
                if f in self.flyers:
                    self.flyers.remove(f)
                self.motion.publish("lot_landed")

            self.motion.animator.animate(
                sprite, MOVE, delay=delay, x=slot.centerx, y=slot.centery, on_finished=landed
            )
            self.motion.animator.animate(flyer.turn, FLIP, delay=delay + MOVE * 0.4, t=1.0)
        return MOVE + STAGGER * len(lot)

    def _carry_lot(self, event: Event) -> float:
        buyer = event.get("seat")
        to = HAND.center if buyer == self.snap.seat else self._seat_point(buyer)
        for i, flyer in enumerate(self.parked):
            self._fly_off(flyer, to, i * STAGGER, shrink=0.35)
        self.parked = []
        return MOVE

    def _fly_off(self, flyer: Flyer, to: tuple[float, float], delay: float, shrink: float) -> None:
        def gone(f: Flyer = flyer) -> None:
            if f in self.flyers:
                self.flyers.remove(f)

        self.motion.animator.animate(
            flyer.sprite, MOVE, delay=delay, x=to[0], y=to[1], scale=shrink, on_finished=gone
        )
        self.motion.animator.animate(flyer.sprite, MOVE * 0.5, delay=delay + MOVE * 0.6, alpha=0.0)

    def _coins(self, start: tuple[float, float], end: tuple[float, float], amount: int) -> float:
        """Coins for `amount` slide from `start` to `end`, one after another."""
        count = min(6, max(1, amount // 2_000))
        for i in range(count):
            sprite = Sprite(start[0] + i * 3, start[1] - i * 3)
            flyer = Flyer("coin", sprite, w=30.0)
            self.flyers.append(flyer)
            self._fly_off(flyer, end, i * STAGGER, shrink=0.8)
        return MOVE * 0.6

    def _backs(
        self, start: tuple[float, float], end: tuple[float, float], gems: list[str | None]
    ) -> None:
        for i, gem in enumerate(gems[:6]):
            sprite = Sprite(start[0], start[1])
            flyer = Flyer("card" if gem else "back", sprite, gem, 56.0)
            self.flyers.append(flyer)
            self._fly_off(flyer, end, i * STAGGER, shrink=0.5)

    def _seat_point(self, seat: int | None) -> tuple[float, float]:
        """Where a seat's money and gems come and go: its token on the rail (the seat shown:
        its cash in its own corner)."""
        if seat is None:
            return STAGE.center
        if seat == self.snap.seat:
            return (CASH_POS[0] + 90, CASH_POS[1] + 14)
        order = facts.order(self.snap)
        column = rail_column(order.index(seat) if seat in order else 0, len(order))
        return (column.x + 26, column.y + 30)

    def _on_bid(self, event: Event) -> float:
        self._coins(self._seat_point(event.get("seat")), (BLOCK.centerx, BLOCK.y + 110), 2_000)
        return 0.15

    def _on_paid(self, event: Event) -> float:
        start = self._seat_point(event.get("seat"))
        if event.get("cash"):
            self._coins(start, BANK_BOX.center, event["cash"])
        gems = list(event.get("gems", [])) + [g for n in event.get("necklaces", []) for g in n]
        shown: list[str | None] = gems or [None] * event.get("gem_count", 0)
        self._backs(start, BANK_BOX.center, shown)
        return MOVE * 0.7

    def _on_commission(self, event: Event) -> float:
        end = self._seat_point(event.get("seat"))
        if event.get("cash"):
            return self._coins(BANK_BOX.center, end, event["cash"])
        self._backs((BLOCK.centerx, BLOCK.centery), end, [event.get("gem")])
        return MOVE * 0.6

    def _on_bank_pays(self, event: Event) -> float:
        return self._coins(
            BANK_BOX.center, self._seat_point(event.get("seat")), event.get("amount", 0)
        )

    def _on_default(self, event: Event) -> float:
        start = self._seat_point(event.get("seat"))
        if event.get("penalty_cash"):
            self._coins(start, BANK_BOX.center, event["penalty_cash"])
        else:
            self._backs(start, BANK_BOX.center, [event.get("gem")])
        return 0.4

    def _on_sale(self, event: Event) -> float:
        start = self._seat_point(event.get("seat"))
        gems: list[str | None] = list(event.get("gems", [])) or [None] * event.get("gem_count", 0)
        self._backs(start, BANK_BOX.center, gems)
        if event.get("paid"):
            self._coins(BANK_BOX.center, start, event["paid"])
        return MOVE * 0.7

    def _on_second_deck(self, event: Event) -> float:
        for seat, gift in enumerate(event.get("gifts", [])):
            if gift:
                self._coins(BANK_BOX.center, self._seat_point(seat), gift)
        self._backs(BANK_BOX.center, DECK.center, [None] * 4)
        return 0.4

    def _on_first_auctioneer(self, event: Event) -> float:
        if event.get("paid"):
            self._coins(self._seat_point(event.get("seat")), BANK_BOX.center, event["paid"])
        return 0.3

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """Every card and coin in flight (and the lot just won, lying until it is carried)."""
        for flyer in self.flyers:
            self._draw_flyer(surface, frame.cam, flyer)

    def _draw_flyer(self, surface: pygame.Surface, cam: Camera, flyer: Flyer) -> None:
        """A card or coin in flight: drawn at its resting size (cached) and scaled to the
        moment's size and turn, so a flight never fills the caches with passing sizes."""
        s = flyer.sprite
        if s.alpha <= 1:
            return
        w = max(8, round(flyer.w * cam.scale))
        if flyer.what == "coin":
            image = art.coin(w)
            squeeze = 1.0
        else:
            t = flyer.turn["t"]
            face = flyer.what == "card" and flyer.gem and t >= 0.5
            image = art.card_face(flyer.gem, w, i18n.language()) if face else art.card_back(w)
            squeeze = abs(2 * t - 1) if t < 1.0 else 1.0
        cached = True
        if squeeze < 0.999 or abs(s.scale - 1.0) > 0.01:
            size = (
                max(1, round(image.get_width() * squeeze * s.scale)),
                max(1, round(image.get_height() * s.scale)),
            )
            image, cached = pygame.transform.scale(image, size), False
        if s.alpha < 254:
            image = image.copy() if cached else image
            image.set_alpha(round(s.alpha))
        pen.blit_centered(surface, image, cam.to_screen(s.x, s.y))
