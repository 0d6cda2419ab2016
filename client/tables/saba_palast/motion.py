"""Saba – Palast der Königin: the events of an update turned into motion — the choreography.

`Choreography.play` schedules one update's events on a running clock (`Plan`, seconds from now)
and tells the regions what to move through the notices of the view's motion: `fly` (the air),
`harbour_taken`/`harbour_refilled` (the harbour), `harbour_card_turned` (the trays),
`card_leaves`/`card_removed`/`card_revealed` (the building cards), `vizier_moved` (the
quarters), `serail_marker`/`serail_marker_returned` (the serail), `ring`, `banner`, and at the
end the `settle_…` notices that send whatever the events did not move to where the new view
puts it. A flight that brings something to the board hides it there until it lands. The
choreography holds no sprite; it reads the old and new views and the layout."""

from __future__ import annotations

from typing import Any

from client.tables.base import Event, View
from client.tables.regions import Motion
from client.tables.saba_palast import layout, words
from client.tables.saba_palast.layout import (
    ACTION_DECK,
    BALCONIES,
    BALCONY_FIGURE,
    DISCARD,
    FIELDS,
    QUARTER_FIGURE,
    SERAIL,
    SUPPLY_TOKEN,
    TREASURY,
    Table,
    Tray,
)
from client.ui.anim import MOVE, STAGGER
from shared.games.saba_palast.data import CARDS, MATERIALS

Point = tuple[float, float]


class Choreography:
    """Plays each update's events on the view's motion (not a region: it draws nothing)."""

    def __init__(self, motion: Motion) -> None:
        self.motion = motion
        # Grows with every update: a flight of an older update shows nothing of a newer one.
        self.batch = 0

    def play(self, old: View, new: View, events: list[Event] | tuple[Event, ...]) -> None:
        """Turn one update's events into motion, one after another on a running clock; the
        timeline waits for the start of it (at most 0.4 s)."""
        self.batch += 1
        plan = Plan(self.motion, old, new, self.batch)
        for event in events:
            handler = getattr(plan, f"on_{event.get('type')}", None)
            if handler is not None:
                handler(event)
        plan.finish()
        total = plan.t
        self.motion.timeline.add(lambda: min(0.4, total))

    def skip(self) -> None:
        """An update shown without motion (a first view, a resync)."""
        self.batch += 1


class Plan:
    """Schedules one update's animations on a running clock `t` (seconds from now)."""

    def __init__(self, motion: Motion, old: View, new: View, batch: int) -> None:
        self.motion = motion
        self.old, self.new = old, new
        self.batch = batch
        self.table = Table.build(new["players"], new.get("seat"))
        self.t = 0.0
        self.last_taken = 0
        self.slide_at: float | None = None
        self.revealed = 0

    # --- helpers
    def tray(self, seat: int) -> Tray:
        return self.table.trays[seat]

    def fly(
        self,
        kind: str,
        what: Any,
        start: Point,
        end: Point,
        delay: float,
        size: float,
        end_size: float | None = None,
        reveal: Any = None,
    ) -> None:
        """A flight over the board (the air); `reveal` stays hidden until it lands."""
        self.motion.publish(
            "fly", kind, what, start, end, delay, size, end_size, reveal, self.batch
        )

    def at(self, delay: float, action) -> None:
        """Run `action` after `delay` seconds (at once when the timeline skips ahead)."""
        self.motion.animator.animate({"t": 0.0}, 0.001, delay=delay, on_finished=action, t=1.0)

    def tokens(self, seat: int, cost: dict[str, int], to_supply: bool) -> None:
        """Materials between a seat's tray and the supply, staggered."""
        tray = self.tray(seat)
        k = 0
        for m in MATERIALS:
            for _ in range(cost.get(m, 0)):
                a, b = tray.tokens[m], layout.supply_token(m)
                start, end = (a, b) if to_supply else (b, a)
                sizes = (
                    (tray.token_size, SUPPLY_TOKEN)
                    if to_supply
                    else (SUPPLY_TOKEN, tray.token_size)
                )
                self.fly("token", m, start, end, self.t + k * STAGGER, sizes[0], sizes[1])
                k += 1

    def figure_spot(self, seat: int) -> Point:
        return self.tray(seat).figures

    def figure_source(self, seat: int, quarter: str | None) -> Point:
        """Where a figure leaving for the balcony, treasury or serail starts: one of the seat's
        in `quarter` as the last view showed it, or his supply."""
        if quarter is None:
            return self.figure_spot(seat)
        standing = self.old["quarters"][quarter]
        index = standing.index(seat) if seat in standing else 0
        return layout.quarter_figure(quarter, index)

    def beat(self, seconds: float) -> None:
        self.t += seconds

    # --- events
    def on_harbour_taken(self, e: Event) -> None:
        seat = e["seat"]
        self.last_taken = e["field"]
        start = self.t
        tray = self.tray(seat)
        self.motion.publish("harbour_taken", e, start, tray.tokens[e["material"]], tray.token_size)
        # The harbour card used turns over.
        old_cards = self.old["harbour_cards"][seat]
        for card, side in self.new["harbour_cards"][seat].items():
            if old_cards.get(card) != side:
                self.motion.publish("harbour_card_turned", seat, card, old_cards[card], start + 0.1)
        self.beat(0.22 + STAGGER * e["count"])

    def on_harbour_refilled(self, e: Event) -> None:
        self.motion.publish("harbour_refilled", e["harbour"], self.last_taken, self.t)
        self.beat(0.15)

    def on_card_drawn(self, e: Event) -> None:
        seat = e["seat"]
        tray = self.tray(seat)
        if tray.own and "card" in e:
            hand = self.new.get("hand", [])
            index = max(i for i, c in enumerate(hand) if c == e["card"]) if e["card"] in hand else 0
            end = tray.hand_card(index, len(hand)).center
            self.motion.publish(
                "fly",
                "card",
                e["card"],
                ACTION_DECK.center,
                end,
                self.t,
                ACTION_DECK.h,
                96,
                ("hand", seat, index),
                self.batch,
                False,
                True,
            )
        else:
            self.fly(
                "card",
                None,
                ACTION_DECK.center,
                tray.hand.center,
                self.t,
                ACTION_DECK.h,
                tray.hand.h,
            )
        self.beat(0.3)

    def _from_hand(self, seat: int, card: str | None) -> tuple[Point, float]:
        tray = self.tray(seat)
        if tray.own and card is not None:
            hand = self.old.get("hand", [])
            if card in hand:
                return tray.hand_card(hand.index(card), len(hand)).center, 96.0
        return tray.hand.center, tray.hand.h

    def on_card_played(self, e: Event) -> None:
        seat = e["seat"]
        start, size = self._from_hand(seat, e["card"])
        self.fly("card", e["card"], start, DISCARD.center, self.t, size, DISCARD.h)
        if e.get("count"):
            self.fly(
                "token",
                e["card"],
                layout.supply_token(e["card"]),
                self.tray(seat).tokens[e["card"]],
                self.t + 0.2,
                SUPPLY_TOKEN,
                self.tray(seat).token_size,
            )
        self.beat(0.35)

    def on_card_discarded(self, e: Event) -> None:
        start, size = self._from_hand(e["seat"], e.get("card"))
        self.fly("card", e.get("card"), start, DISCARD.center, self.t, size, DISCARD.h)
        self.beat(0.25)

    def on_vizier_moved(self, e: Event) -> None:
        self.motion.publish("vizier_moved", e["to"], self.t)
        self.beat(0.4)

    def on_quarter_action(self, e: Event) -> None:
        tray = self.tray(e["seat"])
        if "give" in e:
            give, take = e["give"], e["take"]
            self.fly(
                "token",
                give,
                tray.tokens[give],
                layout.supply_token(give),
                self.t,
                tray.token_size,
                SUPPLY_TOKEN,
            )
            self.fly(
                "token",
                take,
                layout.supply_token(take),
                tray.tokens[take],
                self.t + 0.15,
                SUPPLY_TOKEN,
                tray.token_size,
            )
        elif e.get("count"):
            badge = layout.quarter_badge(e["quarter"]).center
            material = e["material"]
            self.fly("token", material, badge, tray.tokens[material], self.t, 30, tray.token_size)
        self.beat(0.3)

    def _card_leaves(self, card: str, end: Point, scale: float) -> None:
        left = any(self.motion.publish("card_leaves", card, end, scale, self.t))
        if left and self.slide_at is None:
            self.slide_at = self.t + 0.15

    def on_built(self, e: Event) -> None:
        seat, f = e["seat"], e["field"]
        target = FIELDS[f - 1]
        pos = (target.x + 31 + (e["level"] - 1) * 44, target.bottom - 44)
        self._card_leaves(e["card"], pos, 0.3)
        key = ("level", f, e["level"])
        self.motion.publish("hide", key, self.batch)
        batch = self.batch

        def placed() -> None:
            self.motion.publish("reveal", key, batch)
            self.motion.publish("ring", pos)

        self.at(self.t + MOVE * 1.2, placed)
        self.tokens(seat, e["cost"], to_supply=True)
        self.beat(0.3)

    def on_figure_returned(self, e: Event) -> None:
        seat = e["seat"]
        bx, by = BALCONIES[e["field"] - 1]
        self.fly(
            "figure",
            seat,
            (bx, by - 8),
            self.figure_spot(seat),
            self.t,
            BALCONY_FIGURE,
            self.tray(seat).token_size,
        )
        self.beat(0.25)

    def on_balcony(self, e: Event) -> None:
        seat, f = e.get("seat"), e["field"]
        if seat is None:
            return
        start = self.figure_source(seat, e.get("from_quarter"))
        bx, by = BALCONIES[f - 1]
        self.fly(
            "figure",
            seat,
            start,
            (bx, by - 8),
            self.t,
            QUARTER_FIGURE,
            BALCONY_FIGURE,
            reveal=("balcony", f),
        )
        self.beat(0.2)

    def on_material_left(self, e: Event) -> None:
        seat, f = e["seat"], e["field"]
        rect = FIELDS[f - 1]
        tray = self.tray(seat)
        self.fly(
            "token",
            e["material"],
            tray.tokens[e["material"]],
            (rect.right - 22, rect.y + 22),
            self.t,
            tray.token_size,
            30,
            reveal=("left", f),
        )
        self.beat(0.25)

    def on_serail_marker(self, e: Event) -> None:
        seat = e["seat"]
        self.motion.publish("serail_marker", seat, self.tray(seat).markers, self.t)
        self.beat(0.3)

    def on_serail_marker_returned(self, e: Event) -> None:
        seat = e["seat"]
        end = self.tray(seat).markers
        if any(self.motion.publish("serail_marker_returned", seat, end, self.t, self.batch)):
            self.beat(0.2)

    def on_serail_figure(self, e: Event) -> None:
        seat = e["seat"]
        if e.get("choosing"):
            return  # it flies once its owner names the quarter (figure_sent)
        self.fly(
            "figure",
            seat,
            self.figure_source(seat, e.get("from_quarter")),
            (SERAIL.right - 20, SERAIL.y + 18),
            self.t,
            30,
            26,
            reveal=("serail_figure",),
        )
        self.beat(0.25)

    def on_serail_figure_returned(self, e: Event) -> None:
        seat = e["seat"]
        start = (SERAIL.right - 20, SERAIL.y + 18)
        self.fly("figure", seat, start, self.figure_spot(seat), self.t, 26, 30)
        self.beat(0.2)

    def on_card_left(self, e: Event) -> None:
        if self.slide_at is None:
            self.slide_at = self.t
        removed = e.get("reason") in ("removed", "obsolete")
        if removed and any(self.motion.publish("card_removed", e["card"], self.t)):
            self.beat(0.3)

    def on_card_revealed(self, e: Event) -> None:
        card = e["card"]
        if any(self.motion.publish("card_shown", card)):
            return
        # A new card is turned up once the others have slid along, or at once.
        when = max(self.t, (self.slide_at or 0.0) + 0.1 + STAGGER * self.revealed)
        self.revealed += 1
        self.motion.publish("card_revealed", card, when)
        self.t = max(self.t, when)

    def on_fulfilled(self, e: Event) -> None:
        seat = e["seat"]
        end = TREASURY.center if CARDS[e["card"]]["kind"] == "treasury" else layout.PALACE.center
        self._card_leaves(e["card"], end, 0.5)
        self.tokens(seat, e["cost"], to_supply=True)
        self.beat(0.4)

    def on_treasury_scored(self, e: Event) -> None:
        seat = e.get("seat")
        self.motion.publish("banner", words.ui("treasury_banner"), self.t)
        if seat is not None and not e.get("choosing"):
            index = len(self.new["treasury"]) - 1
            self.fly(
                "figure",
                seat,
                self.figure_source(seat, e.get("from_quarter")),
                layout.treasury_spot(index),
                self.t + 0.3,
                30,
                26,
                reveal=("treasury", index),
            )
        self.beat(0.5)

    def on_figure_sent(self, e: Event) -> None:
        seat = e["seat"]
        start = self.figure_source(seat, e["quarter"])
        if e["to"] == "treasury":
            index = len(self.new["treasury"]) - 1
            end, size, reveal = layout.treasury_spot(index), 26, ("treasury", index)
        else:
            end, size, reveal = (SERAIL.right - 20, SERAIL.y + 18), 26, ("serail_figure",)
        self.fly("figure", seat, start, end, self.t, QUARTER_FIGURE, size, reveal=reveal)
        self.beat(0.3)

    def on_figure_placed(self, e: Event) -> None:
        seat, q = e["seat"], e["quarter"]
        index = len(self.new["quarters"][q]) - 1
        self.fly(
            "figure",
            seat,
            self.figure_spot(seat),
            layout.quarter_figure(q, index),
            self.t,
            30,
            QUARTER_FIGURE,
            reveal=("qfig", q, index),
        )
        self.tokens(seat, {"gold": e["gold"]}, to_supply=True)
        self.beat(0.3)

    def on_figure_moved(self, e: Event) -> None:
        seat = e["seat"]
        src, dst = e["from"], e["to"]
        old = self.old["quarters"][src]
        start = layout.quarter_figure(src, old.index(seat) if seat in old else 0)
        index = len(self.new["quarters"][dst]) - 1
        self.fly(
            "figure",
            seat,
            start,
            layout.quarter_figure(dst, index),
            self.t,
            QUARTER_FIGURE,
            QUARTER_FIGURE,
            reveal=("qfig", dst, index),
        )
        self.beat(0.3)

    def on_material_returned(self, e: Event) -> None:
        self.tokens(e["seat"], {e["material"]: 1}, to_supply=True)
        self.beat(0.2)

    def on_action_deck_reshuffled(self, e: Event) -> None:
        for k in range(3):
            self.fly(
                "card",
                None,
                DISCARD.center,
                ACTION_DECK.center,
                self.t + k * STAGGER,
                DISCARD.h,
                ACTION_DECK.h,
            )
        self.beat(0.3)

    def on_game_over(self, e: Event) -> None:
        self.motion.publish("banner", words.ui("game_over"), self.t)

    # --- after the events
    def finish(self) -> None:
        """Whatever the events did not move goes to where the new view puts it."""
        publish = self.motion.publish
        publish("settle_display", self.slide_at if self.slide_at is not None else 0.0)
        publish("settle_harbour_sprites")
        publish("settle_vizier")
        publish("settle_serail", self.new["serail"])
        publish("settle_counts", min(self.t, 0.3))
        publish("settle_harbour", self.t, self.last_taken)
