"""Die Kette von Saba's events turned into animations: cards dealt, offered, flown to a
setting, a hand, a purse or the forgeries (flipping on the way), coins flying between purses
that count, bids popping, rewards rising, a banner for a new stage; and the hand re-sorted."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from client import i18n
from client.tables.base import Event, Sprite, TableView, View
from client.tables.kette_von_saba import words
from client.tables.kette_von_saba.layout import (
    CENTRES,
    DECK_RECT,
    FORGERY_AREA,
    FORGERY_CARD,
    HAND_CARD,
    JOKER,
    LOT_RECT,
    RAIL_RECT,
    SPACE_OF,
    TILE_R,
    card_order,
    forgery_centres,
    hand_centres,
    purse_rects,
    space_bounds,
)
from client.ui import theme
from client.ui.anim import FLIP, MOVE, STAGGER

MAX_STEPS = 4  # the Timeline skips ahead when more steps wait


@dataclass
class Flight:
    """A card on its way: shown as its back until `turn` passes 0.5 (a flip), then its face."""

    card: str | None
    x: float
    y: float
    w: float
    turn: float = 1.0


Action = Callable[[float], float]


class Motion(TableView):
    """The moving part of the table view (mixed into `KetteVonSabaView`): what each update's
    events set in motion."""

    hand_keys: list[tuple[str, int]]
    hand_sprites: dict[tuple[str, int], Sprite]
    lot_sprite: Sprite
    lot_hidden: bool
    flights: list[Flight]
    coins: list[dict[str, float]]
    floaters: list[dict[str, Any]]
    hidden_spaces: set[int]
    shown_forgeries: int
    cash: dict[str, float]
    bid: dict[str, float]
    passed: set[int]
    banner: dict[str, Any]

    # ------------------------------------------------------------------ the hand
    def _layout_hand(
        self, hand: list[str]
    ) -> tuple[list[tuple[str, int]], dict[str, list[tuple[float, float]]]]:
        """Sort the hand and slide the cards still held to their new places. Returns the keys
        of new cards (their sprites wait, unseen, for a flight) and where the cards that left
        were last seen, by card. Of several copies, those nearest their places stay (a copy
        dropped on the board is the one that left)."""
        old: dict[str, list[Sprite]] = {}
        for (card, _), sprite in self.hand_sprites.items():
            old.setdefault(card, []).append(sprite)
        for sprites in old.values():
            sprites.sort(key=lambda s: math.dist((s.x, s.y), s.home))
        seen: Counter[str] = Counter()
        keys = []
        for card in sorted(hand, key=card_order):
            keys.append((card, seen[card]))
            seen[card] += 1
        arrived = []
        placed: dict[tuple[str, int], Sprite] = {}
        for key, home in zip(keys, hand_centres(len(keys)), strict=True):
            kept = old.get(key[0], [])
            if key[1] < len(kept):
                sprite = kept[key[1]]
                self.ctx.animator.animate(sprite, MOVE, x=home[0], y=home[1])
            else:
                sprite = Sprite(*DECK_RECT.center, alpha=0.0)
                arrived.append(key)
            sprite.home = home
            placed[key] = sprite
        left = {
            card: [(s.x, s.y) for s in sprites[seen[card] :]]
            for card, sprites in old.items()
            if len(sprites) > seen[card]
        }
        self.hand_keys, self.hand_sprites = keys, placed
        return arrived, left

    def _deal(self, keys: list[tuple[str, int]]) -> None:
        """Cards arriving with a first view are dealt from the deck, 60 ms apart."""
        for k, key in enumerate(keys):
            self._into_hand(key, DECK_RECT.center, DECK_RECT.w, True, k * STAGGER)

    def _into_hand(
        self, key: tuple[str, int], src: tuple[float, float], w: float, flip: bool, delay: float
    ) -> None:
        sprite = self.hand_sprites.get(key)
        if sprite is None:
            return
        sprite.x, sprite.y = sprite.home

        def landed() -> None:
            sprite.alpha = 255.0

        self._fly(key[0], src, sprite.home, w, HAND_CARD, flip, delay, landed)

    # ------------------------------------------------------------------ animation
    def _fly(
        self,
        card: str | None,
        src: tuple[float, float],
        dst: tuple[float, float],
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

        animator = self.ctx.animator
        animator.animate(flight, MOVE, delay=delay, x=dst[0], y=dst[1], w=w1, on_finished=done)
        if flip and card is not None:
            animator.animate(flight, FLIP, "in_out_cubic", delay=delay, turn=1.0)

    def _pay(self, src: tuple[float, float], dst: tuple[float, float], amount: int, delay: float):
        """Coins fly from `src` to `dst`, one per 1,000 up to six, 60 ms apart."""
        for k in range(max(1, min(6, amount // 1000))):
            coin = {"x": src[0], "y": src[1], "alpha": 255.0}
            self.coins.append(coin)

            def done(coin: dict[str, float] = coin) -> None:
                if coin in self.coins:
                    self.coins.remove(coin)

            self.ctx.animator.animate(
                coin, MOVE * 1.3, delay=delay + k * STAGGER, x=dst[0], y=dst[1], on_finished=done
            )

    def _roll(self, seat: int, value: float, delay: float) -> None:
        """The purse of `seat` counts to `value`."""
        self.ctx.animator.animate(self.cash, 0.6, delay=delay, **{f"s{seat}": float(value)})

    def _float(self, text: str, at: tuple[float, float], colour: theme.Colour) -> None:
        """A sum rises from `at` and fades (a reward earned)."""
        floater = {"x": at[0], "y": at[1], "alpha": 255.0, "text": text, "colour": colour}
        self.floaters.append(floater)

        def done() -> None:
            if floater in self.floaters:
                self.floaters.remove(floater)

        self.ctx.animator.animate(floater, 1.3, y=at[1] - 60, alpha=0.0, on_finished=done)

    def _show_banner(self, text: str) -> None:
        self.banner.update(alpha=0.0, scale=0.6, text=text)
        self.ctx.animator.animate(self.banner, 0.35, "out_back", alpha=255.0, scale=1.0)
        self.ctx.animator.animate(self.banner, 0.5, delay=1.6, alpha=0.0)

    def purse_centre(self, seat: int) -> tuple[float, float]:
        rects = purse_rects(self.view["players"])
        return rects[seat].center if 0 <= seat < len(rects) else LOT_RECT.center

    def _play(
        self,
        old: View,
        events: list[Event],
        left: dict[str, list[tuple[float, float]]],
        arrived: list[tuple[str, int]],
        lot_from: tuple[float, float],
    ) -> None:
        """Queue the events' animations (at most MAX_STEPS steps, so none is skipped)."""
        view, me = self.view, self.seat
        cash = list(view["cash"])
        for event in events:
            for seat, delta in _money_moves(event):
                cash[seat] -= delta
        stage = old.get("stage", view["stage"])
        actions: list[tuple[bool, Action]] = []
        forgeries = len(old.get("forgeries", []))
        waiting = list(arrived)

        def source(seat: int, card: str, lot: bool) -> tuple[tuple[float, float], float, bool]:
            """Where a card leaving `seat` starts: the block, the hand shown, or a purse."""
            if lot:
                return lot_from, LOT_RECT.w, False
            if seat == me and left.get(card):
                return left[card].pop(), HAND_CARD, False
            return self.purse_centre(seat), 40.0, True

        def arrive(seat: int, card: str, src, w: float, flip: bool) -> Action:
            """A card joins the hand of `seat`: a waiting hand sprite, or a purse."""
            key = next((k for k in waiting if k[0] == card), None)
            if seat == me and key is not None:
                waiting.remove(key)
                return lambda delay: self._into_hand(key, src, w, flip, delay) or MOVE
            dst = self.purse_centre(seat)
            face = card or None
            return lambda delay: self._fly(face, src, dst, w, 30.0, flip, delay) or MOVE

        for event in events:
            kind = event.get("type")
            seat = event.get("seat")
            if kind in ("card_offered", "deck_card_offered"):
                if kind == "deck_card_offered":
                    src, w, flip = DECK_RECT.center, DECK_RECT.w, True
                else:
                    src, w, flip = source(seat, event["card"], False)
                self.lot_hidden = True
                actions.append((True, self._offer_action(event["card"], src, w, flip)))
            elif kind in ("bid", "reserve_accepted"):
                amount = event.get("amount", event.get("price", 0))
                actions.append((False, self._bid_action(amount)))
            elif kind in ("passed", "reserve_declined"):
                actions.append((False, lambda delay, s=seat: self._mark_pass(s) or 0.0))
            elif kind == "reserve_named":
                actions.append((False, self._reserve_action()))
            elif kind == "sold":
                seller, buyer, price = event["seller"], event["buyer"], event["price"]
                cash[buyer] -= price
                cash[seller] += price
                actions.append(
                    (True, self._sale_action(buyer, seller, price, cash[buyer], cash[seller]))
                )
            elif kind in ("kept", "joker_returned"):
                card = event.get("card", JOKER)
                actions.append((True, arrive(seat, card, lot_from, LOT_RECT.w, False)))
            elif kind == "drew":
                cash[seat] -= event["price"]
                move_card = arrive(seat, event.get("card", ""), DECK_RECT.center, DECK_RECT.w, True)
                actions.append(
                    (True, self._draw_action(seat, event["price"], cash[seat], move_card))
                )
            elif kind == "placed":
                index = SPACE_OF[tuple(event["space"])]
                src, w, flip = source(seat, event["card"], stage == 1)
                cash[seat] += event["reward"]
                self.hidden_spaces.add(index)
                actions.append((True, self._place_action(event, index, src, w, flip, cash[seat])))
            elif kind == "forgery":
                src, w, flip = source(seat, event["card"], stage == 1)
                slot = forgery_centres(forgeries + 1)[-1]
                forgeries += 1
                actions.append((True, self._forgery_action(event["card"], src, w, flip, slot)))
            elif kind == "reconstruction_begins":
                stage = 2
                text = i18n.pgettext("kette-von-saba", "Stage 2 · reconstruction")
                actions.append((True, lambda delay, t=text: self._show_banner(t) or 0.3))
            elif kind == "game_over":
                text = i18n.pgettext("kette-von-saba", "Game over")
                actions.append((True, lambda delay, t=text: self._show_banner(t) or 0.3))
        for key in waiting:
            actions.append(
                (
                    True,
                    lambda delay, k=key: (
                        self._into_hand(k, DECK_RECT.center, DECK_RECT.w, True, delay) or MOVE
                    ),
                )
            )
        for step in _pack(actions):
            self.ctx.timeline.add(step)

    def _mark_pass(self, seat: int) -> None:
        self.passed.add(seat)
        self._changed(RAIL_RECT)

    def _clear_passes(self) -> None:
        if self.passed:
            self.passed.clear()
            self._changed(RAIL_RECT)

    def _offer_action(self, card: str, src, w: float, flip: bool) -> Action:
        def run(delay: float) -> float:
            self._clear_passes()
            self.bid["v"] = 0.0

            def landed() -> None:
                self.lot_hidden = False

            self._fly(card, src, LOT_RECT.center, w, LOT_RECT.w, flip, delay, landed)
            return MOVE

        return run

    def _bid_action(self, amount: int) -> Action:
        def run(delay: float) -> float:
            # Passes count from the latest bid on, as the bidding's end does.
            self._clear_passes()
            self.bid["pop"] = 1.25
            self.ctx.animator.animate(self.bid, 0.45, v=float(amount))
            self.ctx.animator.animate(self.bid, 0.3, "out_back", pop=1.0)
            return 0.15

        return run

    def _reserve_action(self) -> Action:
        def run(delay: float) -> float:
            self._clear_passes()
            self.bid["pop"] = 1.25
            self.ctx.animator.animate(self.bid, 0.3, "out_back", pop=1.0)
            return 0.15

        return run

    def _sale_action(self, buyer: int, seller: int, price: int, to_buyer: int, to_seller: int):
        def run(delay: float) -> float:
            self._pay(self.purse_centre(buyer), self.purse_centre(seller), price, delay)
            self._roll(buyer, to_buyer, delay)
            self._roll(seller, to_seller, delay + MOVE)
            return MOVE

        return run

    def _draw_action(self, seat: int, price: int, to_cash: int, move_card: Action) -> Action:
        def run(delay: float) -> float:
            self._pay(self.purse_centre(seat), DECK_RECT.center, price, delay)
            self._roll(seat, to_cash, delay)
            return move_card(delay + STAGGER)

        return run

    def _place_action(self, event: Event, index: int, src, w: float, flip: bool, to_cash: int):
        seat, reward = event["seat"], event["reward"]
        centre = CENTRES[index]

        def landed() -> None:
            self.hidden_spaces.discard(index)
            self._changed(space_bounds(index))
            if reward:
                self._float(f"+{words.money(reward)}", centre, theme.GOLD_LIGHT)
                self._pay(centre, self.purse_centre(seat), reward, 0.1)
                self._roll(seat, to_cash, 0.1 + MOVE)

        def run(delay: float) -> float:
            self._fly(event["card"], src, centre, w, TILE_R * 2, flip, delay, landed)
            return MOVE

        return run

    def _forgery_action(self, card: str, src, w: float, flip: bool, slot) -> Action:
        def landed() -> None:
            self.shown_forgeries = min(len(self.view["forgeries"]), self.shown_forgeries + 1)
            self._changed(FORGERY_AREA)

        def run(delay: float) -> float:
            self._fly(card, src, slot, w, FORGERY_CARD, flip, delay, landed)
            return MOVE

        return run


def _money_moves(event: Event) -> list[tuple[int, int]]:
    """(seat, change of cash) an event brings."""
    kind = event.get("type")
    if kind == "sold":
        return [(event["buyer"], -event["price"]), (event["seller"], event["price"])]
    if kind == "placed":
        return [(event["seat"], event["reward"])]
    if kind == "drew":
        return [(event["seat"], -event["price"])]
    return []


def _pack(actions: list[tuple[bool, Action]]) -> list[Callable[[], float]]:
    """Group actions into timeline steps: small ones join the next card or coin movement, and
    everything past the first MAX_STEPS − 1 steps plays together, staggered."""
    groups: list[list[Action]] = []
    current: list[Action] = []
    for major, action in actions:
        current.append(action)
        if major:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    if len(groups) > MAX_STEPS:
        groups[MAX_STEPS - 1 :] = [[a for g in groups[MAX_STEPS - 1 :] for a in g]]

    def step(group: list[Action]) -> Callable[[], float]:
        return lambda: max([a(k * STAGGER) + k * STAGGER for k, a in enumerate(group)] or [0.0])

    return [step(g) for g in groups]
