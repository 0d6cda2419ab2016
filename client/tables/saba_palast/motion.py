"""Saba – Palast der Königin: the events of an update turned into animations.

`Motion` keeps what is in flight over the board (tokens, figures, markers, cards) and the board
pieces hidden until their flight lands; `Plan` schedules one update's events on a running clock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from client.tables.base import Event, Sprite, View
from client.tables.saba_palast import layout, words
from client.tables.saba_palast.layout import (
    ACTION_DECK,
    BALCONIES,
    BALCONY_FIGURE,
    DECK,
    DISCARD,
    DISPLAY,
    FIELDS,
    HARBOUR_TOKEN,
    MARKER,
    QUARTER_FIGURE,
    SERAIL,
    SUPPLY_TOKEN,
    TREASURY,
)
from client.ui.anim import FLIP, MOVE, STAGGER
from shared.games.saba_palast.data import (
    CARDS,
    HARBOUR_CARDS,
    MATERIALS,
)


@dataclass
class CardSprite(Sprite):
    """A building card on the table; `turn` 0 shows its back, 1 its face (a flip passes 0.5)."""

    card: str = ""
    turn: float = 1.0


@dataclass
class Flyer:
    """Something in flight over the board: a token, figure, marker or card."""

    kind: str
    what: Any
    sprite: Sprite
    size: float
    turn: float = 1.0


class Motion:
    """Flights over the board, and the pieces hidden until theirs lands (a mixin of the view)."""

    def _at(self, delay: float, action) -> None:
        """Run `action` after `delay` seconds (at once when the timeline skips ahead)."""
        self.ctx.animator.animate({"t": 0.0}, 0.001, delay=delay, on_finished=action, t=1.0)

    def _hide(self, key: Any) -> None:
        self.hidden[key] = self.batch

    def _show_again(self, key: Any, batch: int) -> None:
        if self.hidden.get(key) == batch:
            del self.hidden[key]
            self._changed(self._hidden_region(key))

    def _fly(
        self,
        kind: str,
        what: Any,
        start: tuple[float, float],
        end: tuple[float, float],
        delay: float,
        size: float,
        end_size: float | None = None,
        reveal: Any = None,
        fade: bool = False,
        turn: bool = False,
    ) -> None:
        """Send a token, figure, marker or card from `start` to `end` after `delay`; when it
        lands, the hidden thing `reveal` shows on the board."""
        sprite = Sprite(start[0], start[1], home=end, alpha=0.0)
        flyer = Flyer(kind, what, sprite, size, turn=0.0 if turn else 1.0)
        self.flyers.append(flyer)
        batch = self.batch
        if reveal is not None:
            self._hide(reveal)

        def landed() -> None:
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            if reveal is not None:
                self._show_again(reveal, batch)

        animator = self.ctx.animator
        animator.animate(sprite, 0.001, delay=delay, alpha=255.0)
        scale = (end_size or size) / size
        animator.animate(
            sprite, MOVE, delay=delay, x=end[0], y=end[1], scale=scale, on_finished=landed
        )
        if fade:
            animator.animate(sprite, MOVE, delay=delay + MOVE * 0.4, alpha=0.0)
        if turn:
            animator.animate(flyer, FLIP, delay=delay + MOVE * 0.5, turn=1.0)

    def _animate(self, old: View, new: View, events: list[Event]) -> None:
        """Turn one update's events into animations, one after another on a running clock."""
        plan = Plan(self, old, new)
        for event in events:
            handler = getattr(plan, f"on_{event.get('type')}", None)
            if handler is not None:
                handler(event)
        plan.finish()
        total = plan.t
        self.ctx.timeline.add(lambda: min(0.4, total))


class Plan:
    """Schedules one update's animations on a running clock `t` (seconds from now)."""

    def __init__(self, renderer: Motion, old: View, new: View) -> None:
        self.r = renderer
        self.old, self.new = old, new
        self.t = 0.0
        self.last_taken = 0
        self.slide_at: float | None = None
        self.revealed = 0

    # --- helpers
    def tokens(self, seat: int, cost: dict[str, int], to_supply: bool) -> None:
        """Materials between a seat's tray and the supply, staggered."""
        r = self.r
        tray = r.tray(seat)
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
                r._fly("token", m, start, end, self.t + k * STAGGER, sizes[0], sizes[1])
                k += 1

    def figure_spot(self, seat: int) -> tuple[float, float]:
        return self.r.tray(seat).figures

    def figure_source(self, seat: int, quarter: str | None) -> tuple[float, float]:
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
        r, i, seat = self.r, e["field"] - 1, e["seat"]
        self.last_taken = e["field"]
        count = e["count"]
        start = self.t

        def emptied() -> None:
            if i < len(r.harbour_shown):
                r.harbour_shown[i] = {**r.harbour_shown[i], "count": 0}

        # Tokens leave from where they are shown (a dropped field rests on its target).
        sprite = r.harbour_sprites[i]
        dx, dy = sprite.x - sprite.home[0], sprite.y - sprite.home[1]
        for k in range(count):
            x, y = layout.harbour_token(i, k, count)
            r._fly(
                "token",
                e["material"],
                (x + dx, y + dy),
                r.token_home(seat, e["material"]),
                start + k * STAGGER,
                HARBOUR_TOKEN,
                r.tray(seat).token_size,
            )
        r._at(start, emptied)
        # The harbour card used turns over.
        old_cards = self.old["harbour_cards"][seat]
        for card, side in self.new["harbour_cards"][seat].items():
            if old_cards.get(card) != side:
                flip = r.sides.setdefault((seat, card), {"turn": 1.0, "old": 0.0})
                flip["old"] = float(HARBOUR_CARDS[card][old_cards[card]])
                flip["turn"] = 0.0
                r.ctx.animator.animate(flip, FLIP, "linear", delay=start + 0.1, turn=1.0)
        self.beat(0.22 + STAGGER * count)

    def on_harbour_refilled(self, e: Event) -> None:
        r = self.r
        harbour = [dict(h) for h in e["harbour"]]
        taken = self.last_taken
        batch = r.batch

        def refill() -> None:
            if r.batch != batch:
                return
            r.harbour_shown = harbour
            for j, sprite in enumerate(r.harbour_sprites):
                hx, hy = sprite.home
                if j == 0:
                    sprite.y, sprite.alpha = hy - 40, 0.0
                    r.ctx.animator.animate(sprite, MOVE, y=hy, alpha=255.0)
                elif j < taken:
                    sprite.x = r.harbour_sprites[j - 1].home[0]
                    r.ctx.animator.animate(sprite, MOVE, x=hx)

        r._at(self.t, refill)
        self.beat(0.15)

    def on_card_drawn(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        tray = r.tray(seat)
        if tray.own and "card" in e:
            hand = self.new.get("hand", [])
            index = max(i for i, c in enumerate(hand) if c == e["card"]) if e["card"] in hand else 0
            end = tray.hand_card(index, len(hand)).center
            r._fly(
                "card",
                e["card"],
                ACTION_DECK.center,
                end,
                self.t,
                ACTION_DECK.h,
                96,
                reveal=("hand", seat, index),
                turn=True,
            )
        else:
            r._fly(
                "card",
                None,
                ACTION_DECK.center,
                tray.hand.center,
                self.t,
                ACTION_DECK.h,
                tray.hand.h,
            )
        self.beat(0.3)

    def _from_hand(self, seat: int, card: str | None) -> tuple[tuple[float, float], float]:
        tray = self.r.tray(seat)
        if tray.own and card is not None:
            hand = self.old.get("hand", [])
            if card in hand:
                return tray.hand_card(hand.index(card), len(hand)).center, 96.0
        return tray.hand.center, tray.hand.h

    def on_card_played(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        start, size = self._from_hand(seat, e["card"])
        r._fly("card", e["card"], start, DISCARD.center, self.t, size, DISCARD.h)
        if e.get("count"):
            r._fly(
                "token",
                e["card"],
                layout.supply_token(e["card"]),
                r.token_home(seat, e["card"]),
                self.t + 0.2,
                SUPPLY_TOKEN,
                r.tray(seat).token_size,
            )
        self.beat(0.35)

    def on_card_discarded(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        start, size = self._from_hand(seat, e.get("card"))
        r._fly("card", e.get("card"), start, DISCARD.center, self.t, size, DISCARD.h)
        self.beat(0.25)

    def on_vizier_moved(self, e: Event) -> None:
        r = self.r
        home = layout.vizier_pos(e["to"])
        r.vizier.home = home
        r.vizier.lift = 1.0
        r.ctx.animator.animate(r.vizier, MOVE * 1.2, delay=self.t, x=home[0], y=home[1])
        r.ctx.animator.animate(r.vizier, MOVE, "out_bounce", delay=self.t + MOVE, lift=0.0)
        self.beat(0.4)

    def on_quarter_action(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        tray = r.tray(seat)
        if "give" in e:
            r._fly(
                "token",
                e["give"],
                tray.tokens[e["give"]],
                layout.supply_token(e["give"]),
                self.t,
                tray.token_size,
                SUPPLY_TOKEN,
            )
            r._fly(
                "token",
                e["take"],
                layout.supply_token(e["take"]),
                tray.tokens[e["take"]],
                self.t + 0.15,
                SUPPLY_TOKEN,
                tray.token_size,
            )
        elif e.get("count"):
            badge = layout.quarter_badge(e["quarter"]).center
            r._fly(
                "token",
                e["material"],
                badge,
                tray.tokens[e["material"]],
                self.t,
                30,
                tray.token_size,
            )
        self.beat(0.3)

    def _card_leaves(self, card: str, end: tuple[float, float], scale: float) -> None:
        r = self.r
        sprite = r.cards.pop(card, None)
        if sprite is None:
            return
        r.leaving.append(sprite)
        if self.slide_at is None:
            self.slide_at = self.t + 0.15

        def gone() -> None:
            if sprite in r.leaving:
                r.leaving.remove(sprite)

        r.ctx.animator.animate(sprite, MOVE * 1.2, delay=self.t, x=end[0], y=end[1], scale=scale)
        r.ctx.animator.animate(sprite, MOVE, delay=self.t + MOVE * 0.6, alpha=0.0, on_finished=gone)

    def on_built(self, e: Event) -> None:
        r, seat, f = self.r, e["seat"], e["field"]
        target = FIELDS[f - 1]
        pos = (target.x + 31 + (e["level"] - 1) * 44, target.bottom - 44)
        self._card_leaves(e["card"], pos, 0.3)
        key = ("level", f, e["level"])
        r._hide(key)
        batch = r.batch

        def placed() -> None:
            r._show_again(key, batch)
            ring = {"x": pos[0], "y": pos[1], "r": 8.0}
            r.rings.append(ring)
            r.ctx.animator.animate(ring, 0.5, r=70.0, on_finished=lambda: r.rings.remove(ring))

        r._at(self.t + MOVE * 1.2, placed)
        self.tokens(seat, e["cost"], to_supply=True)
        self.beat(0.3)

    def on_figure_returned(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        bx, by = BALCONIES[e["field"] - 1]
        r._fly(
            "figure",
            seat,
            (bx, by - 8),
            self.figure_spot(seat),
            self.t,
            BALCONY_FIGURE,
            r.tray(seat).token_size,
        )
        self.beat(0.25)

    def on_balcony(self, e: Event) -> None:
        r, seat, f = self.r, e.get("seat"), e["field"]
        if seat is None:
            return
        start = self.figure_source(seat, e.get("from_quarter"))
        bx, by = BALCONIES[f - 1]
        r._fly(
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
        r, seat, f = self.r, e["seat"], e["field"]
        rect = FIELDS[f - 1]
        r._fly(
            "token",
            e["material"],
            r.token_home(seat, e["material"]),
            (rect.right - 22, rect.y + 22),
            self.t,
            r.tray(seat).token_size,
            30,
            reveal=("left", f),
        )
        self.beat(0.25)

    def on_serail_marker(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        start = r.tray(seat).markers
        sprite = Sprite(*start, home=layout.serail_space(0), alpha=0.0)
        r.markers.insert(0, (seat, sprite))
        r.ctx.animator.animate(sprite, 0.001, delay=self.t, alpha=255.0)
        for i, (_s, sp) in enumerate(r.markers):
            home = layout.serail_space(i)
            sp.home = home
            r.ctx.animator.animate(sp, MOVE, delay=self.t, x=home[0], y=home[1])
        self.beat(0.3)

    def on_serail_marker_returned(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        if not r.markers:
            return
        _s, sprite = r.markers.pop()
        end = r.tray(seat).markers
        r._fly("marker", seat, (sprite.home[0], sprite.home[1]), end, self.t, MARKER, 24)
        self.beat(0.2)

    def on_serail_figure(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        if e.get("choosing"):
            return  # it flies once its owner names the quarter (figure_sent)
        r._fly(
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
        r, seat = self.r, e["seat"]
        r._fly(
            "figure",
            seat,
            (SERAIL.right - 20, SERAIL.y + 18),
            self.figure_spot(seat),
            self.t,
            26,
            30,
        )
        self.beat(0.2)

    def on_card_left(self, e: Event) -> None:
        r, card = self.r, e["card"]
        if self.slide_at is None:
            self.slide_at = self.t
        if e.get("reason") in ("removed", "obsolete") and card in r.cards:
            sprite = r.cards[card]
            self._card_leaves(card, (sprite.x, sprite.y - 60), 0.9)
            self.beat(0.3)

    def on_card_revealed(self, e: Event) -> None:
        r, card = self.r, e["card"]
        if card in r.cards:
            return
        x, y = DECK.center
        sprite = CardSprite(x, y, home=(x, y), card=card, turn=0.0, alpha=0.0)
        r.cards[card] = sprite
        # A new card is turned up once the others have slid along, or at once.
        when = max(self.t, (self.slide_at or 0.0) + 0.1 + STAGGER * self.revealed)
        self.revealed += 1
        r.ctx.animator.animate(sprite, 0.001, delay=when, alpha=255.0)
        slot = self.new["display"].index(card) if card in self.new["display"] else 2
        hx, hy = DISPLAY[slot].center
        sprite.home = (hx, hy)
        r.ctx.animator.animate(sprite, MOVE, delay=when, x=hx, y=hy)
        r.ctx.animator.animate(sprite, FLIP, "linear", delay=when, turn=1.0)
        self.t = max(self.t, when)

    def on_fulfilled(self, e: Event) -> None:
        seat = e["seat"]
        end = TREASURY.center if CARDS[e["card"]]["kind"] == "treasury" else layout.PALACE.center
        self._card_leaves(e["card"], end, 0.5)
        self.tokens(seat, e["cost"], to_supply=True)
        self.beat(0.4)

    def on_treasury_scored(self, e: Event) -> None:
        r, seat = self.r, e.get("seat")
        r.banner.update(text=words.ui("treasury_banner"))
        self._banner(self.t)
        if seat is not None and not e.get("choosing"):
            index = len(self.new["treasury"]) - 1
            r._fly(
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
        r, seat = self.r, e["seat"]
        start = self.figure_source(seat, e["quarter"])
        if e["to"] == "treasury":
            index = len(self.new["treasury"]) - 1
            end, size, reveal = layout.treasury_spot(index), 26, ("treasury", index)
        else:
            end, size, reveal = (SERAIL.right - 20, SERAIL.y + 18), 26, ("serail_figure",)
        r._fly("figure", seat, start, end, self.t, QUARTER_FIGURE, size, reveal=reveal)
        self.beat(0.3)

    def _banner(self, delay: float) -> None:
        r = self.r
        r.banner.update(alpha=0.0, scale=0.6)
        r.ctx.animator.animate(r.banner, 0.35, "out_back", delay=delay, alpha=255.0, scale=1.0)
        r.ctx.animator.animate(r.banner, 0.5, delay=delay + 1.4, alpha=0.0)

    def on_figure_placed(self, e: Event) -> None:
        r, seat, q = self.r, e["seat"], e["quarter"]
        index = len(self.new["quarters"][q]) - 1
        r._fly(
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
        r, seat = self.r, e["seat"]
        src, dst = e["from"], e["to"]
        old = self.old["quarters"][src]
        start = layout.quarter_figure(src, old.index(seat) if seat in old else 0)
        index = len(self.new["quarters"][dst]) - 1
        r._fly(
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
            self.r._fly(
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
        self.r.banner.update(text=words.ui("game_over"))
        self._banner(self.t)

    # --- after the events
    def finish(self) -> None:
        """Whatever the events did not move goes to where the new view puts it."""
        r, new = self.r, self.new
        animator = r.ctx.animator
        slide = self.slide_at if self.slide_at is not None else 0.0
        for card in list(r.cards):
            if card not in new["display"]:
                r.cards.pop(card)
        for slot, card in enumerate(new["display"]):
            if card is None:
                continue
            home = DISPLAY[slot].center
            sprite = r.cards.get(card)
            if sprite is None:
                sprite = r.cards[card] = CardSprite(*home, home=home, card=card)
            if sprite.home != home or (sprite.x, sprite.y) != home:
                sprite.home = home
                if sprite.turn >= 1.0:
                    animator.animate(sprite, MOVE, delay=slide, x=home[0], y=home[1])
        for sprite in r.harbour_sprites:
            if (sprite.x, sprite.y) != sprite.home:
                animator.animate(sprite, MOVE, x=sprite.home[0], y=sprite.home[1], lift=0.0)
        home = layout.vizier_pos(new["vizier"])
        if r.vizier.home != home:
            r.vizier.home = home
            animator.animate(r.vizier, MOVE, x=home[0], y=home[1])
        if [s for s, _sp in r.markers] != new["serail"]:
            r.markers = []
            for i, seat in enumerate(new["serail"]):
                pos = layout.serail_space(i)
                r.markers.append((seat, Sprite(*pos, home=pos)))
        for seat, stock in enumerate(new["stocks"]):
            for m in MATERIALS:
                counter = r.counts.setdefault((seat, m), {"v": float(stock[m])})
                if round(counter["v"]) != stock[m] or counter["v"] != stock[m]:
                    animator.animate(counter, 0.5, delay=min(self.t, 0.3), v=float(stock[m]))
        if new["harbour"] != r.harbour_shown and self.last_taken == 0:
            r.harbour_shown = [dict(h) for h in new["harbour"]]
        batch = r.batch
        harbour = [dict(h) for h in new["harbour"]]

        def settle() -> None:
            if r.batch == batch:
                r.harbour_shown = harbour

        r._at(self.t, settle)
