"""Das Kollier's events turned into animations: cards dealt to the lot and carried to the buyer,
coins and card backs crossing the table, the gavel's knock and the banners. Each event is a step
on the scene's timeline; its handler returns how long the step holds the queue."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from client import i18n
from client.tables.base import Event, Sprite, TableView
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
from client.ui.anim import FLIP, MOVE, STAGGER


@dataclass
class Flyer:
    """A card, a card back or a coin crossing the table."""

    what: str  # "card", "back" or "coin"
    sprite: Sprite
    gem: str | None = None
    w: float = 60.0
    turn: dict[str, float] = field(default_factory=lambda: {"t": 1.0})


class Motion(TableView):
    """Events → animations (a part of DasKollierView)."""

    flyers: list[Flyer]
    parked: list[Flyer]

    def _queue(self, events: list[Event]) -> None:
        kinds = [e.get("type") for e in events]
        if "lot_revealed" in kinds:
            self.lot_hidden = len(self.view.get("lot", []))
        for event in events:
            if event.get("type") == "lot_won":
                self._park(event["gems"])
            self.ctx.timeline.add(self._step(event))

    def _park(self, gems: list[str]) -> None:
        """The lot just won stays where it lay until its animation carries it off."""
        for gem, slot in zip(gems, lot_slots(len(gems)), strict=True):
            flyer = Flyer("card", Sprite(slot.centerx, slot.centery, home=slot.center), gem, slot.w)
            self.flyers.append(flyer)
            self.parked.append(flyer)

    def _step(self, event: Event) -> Callable[[], float]:
        kind = event.get("type")

        def run() -> float:
            handler = STEP_HANDLERS.get(kind)
            return handler(self, event) if handler else 0.0

        return run

    def _reveal(self, event: Event) -> float:
        lot = self.view.get("lot", [])
        slots = lot_slots(len(lot))
        for i, (gem, slot) in enumerate(zip(lot, slots, strict=True)):
            sprite = Sprite(DECK.centerx, DECK.centery, home=slot.center)
            flyer = Flyer("card", sprite, gem, slot.w, {"t": 0.0})
            self.flyers.append(flyer)
            delay = i * STAGGER

            def landed(f: Flyer = flyer) -> None:
                if f in self.flyers:
                    self.flyers.remove(f)
                self.lot_hidden = max(0, self.lot_hidden - 1)
                self.version += 1

            self.ctx.animator.animate(
                sprite, MOVE, delay=delay, x=slot.centerx, y=slot.centery, on_finished=landed
            )
            self.ctx.animator.animate(flyer.turn, FLIP, delay=delay + MOVE * 0.4, t=1.0)
        return MOVE + STAGGER * len(lot)

    def _carry_lot(self, event: Event) -> float:
        buyer = event.get("seat")
        to = HAND.center if buyer == self.seat else self._seat_point(buyer)
        for i, flyer in enumerate(self.parked):
            self._fly_off(flyer, to, i * STAGGER, shrink=0.35)
        self.parked = []
        return MOVE

    def _fly_off(self, flyer: Flyer, to: tuple[float, float], delay: float, shrink: float) -> None:
        def gone(f: Flyer = flyer) -> None:
            if f in self.flyers:
                self.flyers.remove(f)

        self.ctx.animator.animate(
            flyer.sprite, MOVE, delay=delay, x=to[0], y=to[1], scale=shrink, on_finished=gone
        )
        self.ctx.animator.animate(flyer.sprite, MOVE * 0.5, delay=delay + MOVE * 0.6, alpha=0.0)

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
        if seat == self.seat:
            return (CASH_POS[0] + 90, CASH_POS[1] + 14)
        order = self._order()
        column = rail_column(order.index(seat) if seat in order else 0, len(order))
        return (column.x + 26, column.y + 30)

    def _show_banner(self, text: str) -> None:
        self.banner_text = text
        self.banner.update(alpha=0.0, scale=0.6)
        self.ctx.animator.animate(self.banner, 0.3, "out_back", alpha=255.0, scale=1.0)
        self.ctx.animator.animate(self.banner, 0.4, delay=1.0, alpha=0.0)

    def _on_bid(self, event: Event) -> float:
        self._coins(self._seat_point(event.get("seat")), (BLOCK.centerx, BLOCK.y + 110), 2_000)
        return 0.15

    def _on_knock(self, event: Event) -> float:
        self.gavel["tilt"] = -35.0
        self.ctx.animator.animate(self.gavel, 0.12, tilt=25.0)
        self.ctx.animator.animate(self.gavel, 0.3, delay=0.12, tilt=-35.0)
        self._show_banner(i18n.pgettext("das-kollier", "Sold!"))
        return 0.35

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
        self._show_banner(i18n.pgettext("das-kollier", "Cannot pay!"))
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
        self._show_banner(i18n.pgettext("das-kollier", "Second deck"))
        for seat, gift in enumerate(event.get("gifts", [])):
            if gift:
                self._coins(BANK_BOX.center, self._seat_point(seat), gift)
        self._backs(BANK_BOX.center, DECK.center, [None] * 4)
        return 0.4

    def _on_first_auctioneer(self, event: Event) -> float:
        if event.get("paid"):
            self._coins(self._seat_point(event.get("seat")), BANK_BOX.center, event["paid"])
        return 0.3


# Event type → what it sets moving (each returns how long its step holds the queue).
STEP_HANDLERS: dict[str, Callable[[Motion, Event], float]] = {
    "lot_revealed": Motion._reveal,
    "lot_won": Motion._carry_lot,
    "bid": Motion._on_bid,
    "knocked_down": Motion._on_knock,
    "paid": Motion._on_paid,
    "commission": Motion._on_commission,
    "compensation": Motion._on_bank_pays,
    "debt_paid": Motion._on_bank_pays,
    "default": Motion._on_default,
    "sold_to_bank": Motion._on_sale,
    "second_deck": Motion._on_second_deck,
    "first_auctioneer": Motion._on_first_auctioneer,
}
