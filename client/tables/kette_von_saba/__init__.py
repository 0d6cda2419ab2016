"""Die Kette von Saba on the table: the hexagonal necklace, the auction block, purses and hands.

World coordinates come from `layout`: the necklace's 32 settings across the top (deck and
forgeries in its lower corners), a purse per seat on the rail below it, the auction block with
the card on sale in the middle, and the hand of the seat shown along the bottom.

Pieces come only from the legal moves: in stage 1 the auctioneer drags a hand card onto the
block (offer), the buyer drags the sold card onto a glowing setting or onto the hand (keep), the
auctioneer of an unsold card lays it; in stage 2 a hand card goes onto a setting or, when the
server lists it as a forgery, onto the forgeries. Bids, prices, keep, draw and end of turn are
buttons built from the listed moves. Money rolls in every purse as coins fly; cards fly and flip.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, Event, Move, Piece, Sprite, TableView, Target, View
from client.tables.kette_von_saba import art, words
from client.tables.kette_von_saba.layout import (
    BLOCK_RECT,
    BOARD_RECT,
    CARD_RATIO,
    CENTRES,
    DECK_RECT,
    FORGERY_CARD,
    FORGERY_RECT,
    HAND_CARD,
    HAND_RECT,
    HEX_H,
    LINKS,
    LOT_RECT,
    RADIUS,
    RAIL_RECT,
    SPACE_OF,
    TILE,
    WORLD,
    forgery_centres,
    hand_centres,
    purse_rects,
    space_bounds,
    space_rect,
)
from client.ui import theme
from client.ui.anim import FLIP, MOVE, STAGGER, pulse
from client.ui.widgets import symbol
from shared.games.kette_von_saba.board import reward_at
from shared.games.kette_von_saba.game import (
    BUYER_REWARD,
    DRAW_PRICE,
    RECONSTRUCTION_REWARD,
    UNSOLD_REWARD,
)
from shared.games.kette_von_saba.necklace import PIECES, STONE_TYPES

JOKER = "joker"
# What laying a card pays, by phase, as a multiple of the board's reward.
REWARD_FACTOR: dict[str, int] = {
    "buyer": BUYER_REWARD,
    "lay": UNSOLD_REWARD,
    "reconstruction": RECONSTRUCTION_REWARD,
}
# Bid (or price) buttons offered: the lowest plus these steps above it, and the highest.
BID_STEPS = (0, 1, 4)
MAX_STEPS = 4  # the Timeline skips ahead when more steps wait
COIN = 22.0
TILE_R = RADIUS * TILE
DECK_AREA = pygame.FRect(DECK_RECT.x - 14, DECK_RECT.y - 14, DECK_RECT.w + 40, DECK_RECT.h + 50)
FORGERY_AREA = FORGERY_RECT.inflate(20, 50).move(0, 12)
LIFT = 16.0
# What a purse on the cached board shows; when one changes the rail is drawn again.
PURSE_FACTS = ("cash", "hand_counts", "auctioneer", "auction", "stage", "end")
CHAIN_TOP = 10.0
# Seconds per frame spent drawing ahead (see `_warm`).
WARM_BUDGET = 0.0008
# The empty necklace is kept as one picture up to this many pixels (beyond, when zoomed far
# in, it is drawn piece by piece).
BASE_LIMIT = 3_000_000


def card_order(card: str) -> tuple[int, int]:
    """Hands are shown sorted: by stone type, then stones; lion heads last."""
    if card == JOKER:
        return (len(STONE_TYPES), 0)
    stone, count = card.rsplit("-", 1)
    return (STONE_TYPES.index(stone), int(count))


@dataclass
class Flight:
    """A card on its way: shown as its back until `turn` passes 0.5 (a flip), then its face."""

    card: str | None
    x: float
    y: float
    w: float
    turn: float = 1.0


Action = Callable[[float], float]


class KetteVonSabaView(TableView):
    game_id = "kette-von-saba"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.hand_keys: list[tuple[str, int]] = []
        self.hand_sprites: dict[tuple[str, int], Sprite] = {}
        self.lot_sprite = Sprite(*LOT_RECT.center, home=LOT_RECT.center)
        self.lot_hidden = False
        self.flights: list[Flight] = []
        self.coins: list[dict[str, float]] = []
        self.floaters: list[dict[str, Any]] = []
        self.hidden_spaces: set[int] = set()
        self.shown_forgeries = 0
        self.cash: dict[str, float] = {}
        self.bid = {"v": 0.0, "pop": 1.0}
        self.passed: set[int] = set()
        self.banner: dict[str, Any] = {"alpha": 0.0, "scale": 1.0, "text": ""}
        self.rewards: list[int] = []
        self._pieces: list[Piece] = []
        self.changes: list[pygame.FRect] | None = None
        self.warm_scale = 0.0
        self.warmed = False
        self.warm_queue: list[tuple[Callable[..., pygame.Surface], tuple]] = []

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        self._note_changes(old, view, fresh)
        lot_from = (self.lot_sprite.x, self.lot_sprite.y)
        if fresh or old.get("seat") != view.get("seat"):
            self.hand_sprites.clear()
        super().show(view, legal, events, fresh)
        self.lot_sprite.x, self.lot_sprite.y = LOT_RECT.center
        self.lot_sprite.lift = 0.0
        board = [entry is not None for entry in view["board"]]
        self.rewards = [0 if board[i] else reward_at(board, i) for i in range(len(board))]
        auction = view.get("auction") or {}
        if fresh or len(self.cash) != view["players"]:
            self.flights.clear()
            self.coins.clear()
            self.floaters.clear()
            self.hidden_spaces.clear()
            self.passed.clear()
            self.lot_hidden = False
            self.shown_forgeries = len(view["forgeries"])
            self.cash = {f"s{s}": float(c) for s, c in enumerate(view["cash"])}
            self.bid["v"] = float(auction.get("bid") or 0)
            dealt, _ = self._layout_hand(view.get("hand", []))
            self._deal(dealt)
        else:
            arrived, left = self._layout_hand(view.get("hand", []))
            self._play(old, events, left, arrived, lot_from)
        self._pieces = self._build_pieces()

    def _note_changes(self, old: View, new: View, fresh: bool) -> None:
        """Remember which parts of the cached board look different in `new`."""
        if (
            fresh
            or not old
            or old.get("stage") != new.get("stage")
            or old.get("end") != new.get("end")
        ):
            self.changes = None
            return
        if self.changes is None:
            return
        for i, (a, b) in enumerate(zip(old["board"], new["board"], strict=True)):
            settled_a = old["possible"][i] if len(old["possible"][i]) == 1 else None
            settled_b = new["possible"][i] if len(new["possible"][i]) == 1 else None
            if a != b or settled_a != settled_b:
                self.changes.append(space_bounds(i))
        if old["deck_count"] != new["deck_count"]:
            self.changes.append(DECK_AREA)
        if len(old["forgeries"]) != len(new["forgeries"]):
            self.changes.append(FORGERY_AREA)
        if any(old[k] != new[k] for k in PURSE_FACTS):
            self.changes.append(RAIL_RECT)

    def take_changes(self) -> list[pygame.FRect] | None:
        changes, self.changes = self.changes, []
        return changes

    def _changed(self, area: pygame.FRect) -> None:
        if self.changes is not None:
            self.changes.append(area)
        self.version += 1

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
                text = i18n.pick(words.UI_TEXT["stage_2"])
                actions.append((True, lambda delay, t=text: self._show_banner(t) or 0.3))
            elif kind == "game_over":
                text = i18n.pick(words.UI_TEXT["over"])
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

    # ------------------------------------------------------------------ input
    def _move(self, **fields: Any) -> Move | None:
        return next((m for m in self.legal if all(m.get(k) == v for k, v in fields.items())), None)

    def _space_target(self, move: Move) -> Target:
        index = SPACE_OF[tuple(move["space"])]
        return Target(("space", index), space_rect(index), move)

    def _build_pieces(self) -> list[Piece]:
        """The cards the seat shown may move now, each with its legal targets (topmost first)."""
        phase = self.view.get("phase")
        pieces = []
        if phase in ("buyer", "lay"):
            targets = [self._space_target(m) for m in self.legal if m["type"] == "place"]
            keep = self._move(type="keep")
            if keep is not None:
                targets.append(Target("hand", HAND_RECT, keep))
            if targets:
                pieces.append(Piece("lot", LOT_RECT, self.lot_sprite, targets))
            return pieces
        for key in self.hand_keys:
            card = key[0]
            targets = []
            if phase == "offer":
                offer = self._move(type="offer", card=card)
                if offer is not None:
                    targets.append(Target("block", LOT_RECT, offer))
            elif phase == "reconstruction":
                targets = [
                    self._space_target(m)
                    for m in self.legal
                    if m["type"] == "place" and m["card"] == card
                ]
                discard = self._move(type="discard", card=card)
                if discard is not None:
                    targets.append(Target("forgeries", FORGERY_RECT, discard))
            if targets:
                sprite = self.hand_sprites[key]
                x, y = sprite.home
                rect = pygame.FRect(0, 0, HAND_CARD, HAND_CARD * CARD_RATIO)
                rect.center = (x, y)
                pieces.append(Piece(("hand", *key), rect, sprite, targets))
        pieces.reverse()
        return pieces

    def pieces(self) -> list[Piece]:
        return self._pieces

    def loose_targets(self) -> list[Target]:
        if self.view.get("phase") == "draw":
            draw = self._move(type="draw")
            return [Target("deck", DECK_RECT, draw)] if draw is not None else []
        cards = {p.key[1] if p.key != "lot" else "lot" for p in self._pieces}
        # A tap on a target alone is unambiguous only when a single card could go there.
        return self._pieces[0].targets if len(cards) == 1 else []

    def move_buttons(self) -> list[tuple[str, Move]]:
        ui = words.UI_TEXT
        out: list[tuple[str, Move]] = []
        bids = [m for m in self.legal if m["type"] == "bid"]
        prices = [m for m in self.legal if m["type"] == "reserve"]
        for move in self.legal:
            kind = move["type"]
            if kind == "pass":
                out.append((i18n.pick(ui["pass"]), move))
            elif kind == "sell":
                amount = (self.view.get("auction") or {}).get("bid", 0)
                out.append((i18n.pick(ui["sell"], amount=words.money(amount)), move))
            elif kind == "accept":
                amount = (self.view.get("auction") or {}).get("reserve") or 0
                out.append((i18n.pick(ui["accept"], amount=words.money(amount)), move))
            elif kind in ("decline", "keep", "end_turn"):
                out.append((i18n.pick(ui[kind]), move))
            elif kind == "draw":
                out.append((i18n.pick(ui["draw"], amount=words.money(DRAW_PRICE)), move))
            elif kind == "discard":
                out.append((i18n.pick(ui["discard"], card=words.card_name(move["card"])), move))
        out += [(i18n.pick(ui["bid"], amount=words.money(m["amount"])), m) for m in _some(bids)]
        out += [(i18n.pick(ui["ask"], amount=words.money(m["price"])), m) for m in _some(prices)]
        return out

    # ------------------------------------------------------------------ words
    def event_text(self, event: Event) -> str | None:
        kind = event.get("type")
        text = words.EVENT_TEXT
        name = self.ctx.name(event.get("seat"))
        card = words.card_name(event["card"]) if "card" in event else ""
        if kind == "card_offered":
            return i18n.pick(text[kind], name=name, card=card)
        if kind == "deck_card_offered":
            return i18n.pick(text[f"deck_{event['reason']}"], name=name, card=card)
        if kind in ("bid", "reserve_named", "reserve_accepted"):
            amount = words.money(event.get("amount", event.get("price", 0)))
            return i18n.pick(text[kind], name=name, amount=amount)
        if kind in ("passed", "reserve_declined"):
            return i18n.pick(text[f"{kind}_forced" if event.get("forced") else kind], name=name)
        if kind in ("no_bid", "reserve_refused"):
            return i18n.pick(text[kind])
        if kind == "bidding_closed":
            amount = words.money(event["bid"])
            return i18n.pick(text[kind], amount=amount, name=self.ctx.name(event["bidder"]))
        if kind == "sold":
            return i18n.pick(
                text[kind],
                seller=self.ctx.name(event["seller"]),
                buyer=self.ctx.name(event["buyer"]),
                amount=words.money(event["price"]),
                card=card,
            )
        if kind in ("kept", "joker_returned", "forgery", "reconstruction_begins"):
            return i18n.pick(text[kind], name=name, card=card)
        if kind == "placed":
            laid = words.laid_name(event["card"], event["piece"])
            key = "placed" if event["reward"] else "placed_free"
            return i18n.pick(text[key], name=name, card=laid, amount=words.money(event["reward"]))
        if kind == "drew":
            key = "drew_seen" if "card" in event else "drew"
            return i18n.pick(text[key], name=name, amount=words.money(event["price"]), card=card)
        if kind == "game_over":
            return i18n.pick(text[event.get("reason", "no_cards")])
        return None

    def help_text(self) -> str:
        return i18n.pick(words.HELP)

    def status(self) -> str | None:
        if not self.view or self.view.get("end") is not None:
            return None
        return i18n.pick(words.UI_TEXT["stage"], n=self.view["stage"])

    def panel_lines(self, seat: int) -> list[str]:
        if not self.view:
            return []
        ui = words.UI_TEXT
        return [
            i18n.pick(ui["cash"], amount=words.money(self.view["cash"][seat])),
            i18n.pick(ui["cards"], n=self.view["hand_counts"][seat]),
        ]

    def score_text(self, score: int) -> str:
        return i18n.pick(words.UI_TEXT["cash"], amount=words.money(score))

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        if not self.view:
            return []
        ui = words.UI_TEXT
        return [
            i18n.pick(ui["forgery_count"], n=len(self.view["forgeries"])),
            i18n.pick(
                ui["bank"],
                paid=words.money(self.view["rewards_paid"]),
                fees=words.money(self.view["fees_paid"]),
            ),
        ]

    # ------------------------------------------------------------------ drawing
    def world_size(self) -> tuple[float, float]:
        # A spectator holds no hand: the board, rail and block get its room.
        if self.view and self.seat is None:
            return (WORLD[0], HAND_RECT.top)
        return WORLD

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        s = cam.scale
        area = pygame.FRect(cam.to_world(*bounds.topleft), (bounds.w / s, bounds.h / s))
        if area.colliderect(BOARD_RECT):
            self._draw_necklace(surface, cam, area)
        if area.colliderect(DECK_AREA):
            self._draw_deck(surface, cam)
        if area.colliderect(FORGERY_AREA):
            self._draw_forgeries(surface, cam)
        if area.colliderect(RAIL_RECT):
            for seat, rect in enumerate(purse_rects(self.view["players"])):
                box = cam.rect_to_screen(rect)
                surface.blit(self._purse_face(seat, box.size, cam, self.view["cash"][seat]), box)
        surface.set_clip(clip)

    def _draw_necklace(self, surface: pygame.Surface, cam: Camera, area: pygame.FRect) -> None:
        s = cam.scale
        origin = _origin(cam)
        if (BOARD_RECT.w * s) * (BOARD_RECT.h * s) <= BASE_LIMIT:
            surface.blit(_necklace(round(s, 4)), origin)
        else:
            _draw_settings(surface, origin, s, area)
        r = round(TILE_R * s)
        board, possible = self.view["board"], self.view["possible"]
        for i, centre in enumerate(CENTRES):
            if not area.colliderect(space_bounds(i)):
                continue
            entry = board[i]
            if entry is None and len(possible[i]) == 1:
                image = art.hex_ghost(possible[i][0], r)
            elif entry is not None and i not in self.hidden_spaces:
                image = art.hex_tile(entry["piece"], entry["joker"], r)
            else:
                continue
            surface.blit(image, image.get_rect(center=_at(origin, s, centre)))

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
        label = i18n.pick(words.UI_TEXT["deck"])
        size = _px(cam, 18)
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
            at = _pixel(cam, centre)
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
        label = i18n.pick(words.UI_TEXT["forgeries"])
        if count:
            label = f"{label} ({count})"
        x, y = cam.to_screen(FORGERY_RECT.x, FORGERY_RECT.y + FORGERY_CARD * CARD_RATIO + 6)
        theme.blit_text(surface, label, _px(cam, 18), (x, y), theme.TEXT_DIM, False, "topleft")

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        self._warm(cam)
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        if not hot and self._lot_visible():
            self._draw_lot_spaces(surface, cam)
        self._draw_targets(surface, cam, hot, held)
        self._draw_block(surface, cam)
        self._draw_purses(surface, cam)
        self._draw_hand(surface, cam, hot, held)
        if self._lot_visible() and (held is None or held.key != "lot"):
            self._draw_card(surface, cam, self.view["lot"], self.lot_sprite, LOT_RECT.w)
        for flight in self.flights:
            self._draw_flight(surface, cam, flight)
        size = max(6, round(COIN * cam.scale))
        for coin in self.coins:
            image = art.coin(size)
            surface.blit(image, image.get_rect(center=_pixel(cam, (coin["x"], coin["y"]))))
        for floater in self.floaters:
            text = theme.text(floater["text"], _px(cam, 30), floater["colour"], True)
            text.set_alpha(round(floater["alpha"]))
            surface.blit(text, text.get_rect(center=_pixel(cam, (floater["x"], floater["y"]))))
            text.set_alpha(None)
        if held is not None:
            card = self.view["lot"] if held.key == "lot" else held.key[1]
            self._draw_card(
                surface, cam, card, held.sprite, HAND_CARD if held.key != "lot" else LOT_RECT.w
            )
        if self.banner["alpha"] > 1:
            self._draw_banner(surface, cam)
        surface.set_clip(clip)

    def _lot_visible(self) -> bool:
        return self.view.get("lot") is not None and not self.lot_hidden

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
        rect = image.get_rect(center=_pixel(cam, (flight.x, flight.y)))
        if squash > 0.9:
            surface.blit(art.card_shadow(base, 3), (rect.x - 1, rect.y + 2))
        surface.blit(image, rect)

    def _warm(self, cam: Camera) -> None:
        """Draw ahead, a little each frame, the cards and settings this scale will need, so a
        card laid or flown later never waits for its drawing."""
        scale = round(cam.scale, 4)
        if scale != self.warm_scale:
            self.warm_scale = scale
            r = round(TILE_R * cam.scale)
            sizes = {round(w * cam.scale) for w in (HAND_CARD, LOT_RECT.w, FORGERY_CARD)}
            self.warm_queue = [
                *[(art.hex_tile, (piece, joker, r)) for piece in PIECES for joker in (False, True)],
                *[(art.hex_ghost, (piece, r)) for piece in PIECES],
                *[(art.card_face, (card, w)) for card in [*PIECES, JOKER] for w in sorted(sizes)],
            ]
        # The first time, all at once (the table is just opening); after a zoom, bit by bit.
        budget = WARM_BUDGET if self.warmed else math.inf
        self.warmed = True
        start = time.perf_counter()
        while self.warm_queue and time.perf_counter() - start < budget:
            draw, args = self.warm_queue.pop()
            draw(*args)

    def _draw_lot_spaces(self, surface: pygame.Surface, cam: Camera) -> None:
        """While a card is on sale: where it could go, and what its buyer would earn there."""
        r = round(TILE_R * cam.scale)
        outline = art.hex_outline(r)
        paid = self.view["phase"] != "lay"
        for space in self.view.get("lot_spaces") or []:
            index = SPACE_OF[tuple(space)]
            at = _pixel(cam, CENTRES[index])
            surface.blit(outline, outline.get_rect(center=at))
            if paid:
                self._reward_tag(surface, cam, index, BUYER_REWARD, dim=True)

    def _draw_targets(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held) -> None:
        if not hot:
            return
        glow = pulse(self.ctx.now)
        level = round((0.8 + 0.2 * glow if held is not None else 0.55 + 0.45 * glow) * 12)
        r = round(TILE_R * cam.scale)
        factor = REWARD_FACTOR.get(self.view["phase"], 1)
        for key in hot:
            bright = key == self.ctx.hover
            if isinstance(key, tuple) and key[0] == "space":
                at = _pixel(cam, CENTRES[key[1]])
                shine = art.hex_glow(r, 12 if bright else level)
                surface.blit(shine, shine.get_rect(center=at))
                self._reward_tag(surface, cam, key[1], factor, dim=False)
            else:
                rect = {"block": LOT_RECT, "deck": DECK_RECT, "forgeries": FORGERY_RECT}.get(key)
                if rect is None:
                    rect = HAND_RECT
                screen = cam.rect_to_screen(rect).inflate(8, 8)
                alpha = round(9 + 12 * (1.0 if bright else glow)) * 10
                width = max(2, round(4 * cam.scale))
                surface.blit(_glow_box(screen.w, screen.h, alpha, width), screen)

    def _reward_tag(self, surface: pygame.Surface, cam: Camera, index: int, factor: int, dim: bool):
        """The reward laying a card on `index` would pay now, on a dark pill below its centre."""
        amount = self.rewards[index] * factor if index < len(self.rewards) else 0
        size = _px(cam, 17)
        colour = theme.TEXT_DIM if dim else (theme.GOLD_LIGHT if amount else theme.TEXT_DIM)
        text = theme.text(f"+{words.money(amount)}", size, colour, True)
        if dim and text.get_width() > TILE_R * 1.9 * cam.scale:
            return  # only a hint: left out where it would cover its neighbours
        x, y = cam.to_screen(CENTRES[index][0], CENTRES[index][1] + TILE_R * 0.5)
        rect = text.get_rect(center=(round(x), round(y)))
        pill = _pill(rect.w + size // 2, rect.h, 200 if not dim else 150)
        surface.blit(pill, pill.get_rect(center=rect.center))
        surface.blit(text, rect)

    def _draw_block(self, surface: pygame.Surface, cam: Camera) -> None:
        """The auction block: auctioneer, the card on sale, the highest bid, the price asked;
        in stage 2 how the reconstruction stands."""
        view = self.view
        ui = words.UI_TEXT
        mine = self._my_turn()
        if view["stage"] == 2 or view["end"] is not None:
            size, small = _px(cam, 32), _px(cam, 20)
            if view["end"] is not None:
                lines = [(i18n.pick(words.EVENT_TEXT[view["end"]]), size, theme.GOLD, True)]
            else:
                n = view["live_layouts"]
                lines = [
                    (i18n.pick(ui["reconstruction"]), size, theme.GOLD, True),
                    (
                        i18n.pick(ui["layouts"] if n != 1 else ui["layout_one"], n=n),
                        small,
                        theme.TEXT,
                        False,
                    ),
                ]
            paid = i18n.pick(ui["rewards_paid"], amount=words.money(view["rewards_paid"]))
            lines.append((paid, small, theme.TEXT, False))
            if mine and view["end"] is None:
                lines.append((i18n.pick(ui["place_hint"]), small, theme.GOLD_LIGHT, False))
            text = _lines(tuple(lines), cam.rect_to_screen(BLOCK_RECT).w, "center")
            x, y = cam.to_screen(BLOCK_RECT.centerx, BLOCK_RECT.y + 12)
            surface.blit(text, text.get_rect(midtop=(round(x), round(y))))
            return
        if not self._lot_visible():
            slot = cam.rect_to_screen(LOT_RECT)
            pygame.draw.rect(surface, theme.GOLD_DARK, slot, 1, border_radius=max(2, slot.w // 12))
        self._draw_auctioneer(surface, cam, mine)
        auction = view.get("auction")
        # In the draw step the auction is over (the log tells how it went): no stale bid.
        if auction is not None and view["phase"] != "draw":
            self._draw_bid(surface, cam, auction)

    def _draw_auctioneer(self, surface: pygame.Surface, cam: Camera, mine: bool) -> None:
        view, ui = self.view, words.UI_TEXT
        auctioneer = view["auctioneer"]
        phase = view["phase"]
        auction = view.get("auction") or {}
        if phase == "offer":
            sub = ui["choose"] if mine else ui["choosing"]
        elif phase == "draw":
            sub = ui["draw_hint"] if mine else ui["may_draw"]
        elif phase == "buyer":
            sub = ui["buyer_hint"] if mine else ui["buyer"]
        elif phase == "lay":
            sub = ui["unsold_hint"] if mine else ui["unsold"]
        elif phase == "reserve" and mine:
            sub = ui["reserve_hint"]
        elif mine:
            sub = ui["bid_hint"]
        else:
            sub = ui["from_deck"] if auction.get("from_deck") else None
        icon = max(12, round(36 * cam.scale))
        lines = [
            (i18n.pick(ui["sells"], name=self.ctx.name(auctioneer)), _px(cam, 22), theme.TEXT, True)
        ]
        if sub is not None:
            who = self.ctx.name(auction.get("bidder") if phase == "buyer" else auctioneer)
            line = i18n.pick(sub, name=who, amount=words.money(DRAW_PRICE))
            lines.append((line, _px(cam, 19), theme.GOLD_LIGHT if mine else theme.TEXT_DIM, False))
        right = LOT_RECT.x - 20
        width = round((right - BLOCK_RECT.x - 10) * cam.scale) - icon
        text = _lines(tuple(lines), width, "right")
        x, y = cam.to_screen(right, BLOCK_RECT.y + 10)
        gavel = art.gavel_surface(icon)
        surface.blit(gavel, gavel.get_rect(topright=(round(x), round(y))))
        surface.blit(text, text.get_rect(topright=(round(x) - icon, round(y))))

    def _draw_bid(self, surface: pygame.Surface, cam: Camera, auction: dict[str, Any]) -> None:
        ui = words.UI_TEXT
        left = LOT_RECT.right + 24
        width = round((BLOCK_RECT.right - 10 - left) * cam.scale)
        size = _px(cam, 19)
        x, y = cam.to_screen(left, BLOCK_RECT.y + 10)
        label = theme.text(
            _fit(i18n.pick(ui["high_bid"]), size, width, False), size, theme.TEXT_DIM
        )
        surface.blit(label, (round(x), round(y)))
        y += label.get_height() + size
        bidder = auction.get("bidder")
        if bidder is None and self.bid["v"] < 500:
            _text(
                surface,
                i18n.pick(ui["no_bid_yet"]),
                size,
                (x, y),
                theme.TEXT,
                False,
                "midleft",
                width,
            )
        else:
            big = _px(cam, 34 * self.bid["pop"])
            rect = _rolling(surface, self.bid["v"], big, (x, y), theme.GOLD_LIGHT)
            if bidder is not None:
                r = max(6, round(12 * cam.scale))
                self.seat_token(surface, bidder, (rect.right + r * 2, rect.centery), r)
                name_x = rect.right + r * 3.5
                room = round(x + width - name_x)
                if room > size * 2:
                    at = (name_x, rect.centery)
                    _text(
                        surface, self.ctx.name(bidder), size, at, theme.TEXT, False, "midleft", room
                    )
        y += size * 1.3
        lines = []
        reserve = auction.get("reserve")
        if reserve:
            asked = f"{i18n.pick(ui['reserve'])}: {words.money(reserve)}"
            lines.append((asked, size, theme.GOLD, True))
        spaces = self.view.get("lot_spaces")
        if spaces is not None and self._lot_visible():
            n = len(spaces)
            key = "fits_none" if n == 0 else "fits_one" if n == 1 else "fits"
            lines.append((i18n.pick(ui[key], n=n), size, theme.TEXT_DIM, False))
        if lines:
            surface.blit(_lines(tuple(lines), width, "left"), (round(x), round(y)))

    def _draw_purses(self, surface: pygame.Surface, cam: Camera) -> None:
        """What moves in the purses (the board holds them at rest): the ring of those to act,
        and sums rolling toward their new amounts."""
        view = self.view
        acting = set(view["to_act"]) if view["end"] is None else set()
        glow = pulse(self.ctx.now)
        pad = max(4, round(8 * cam.scale))
        for seat, rect in enumerate(purse_rects(view["players"])):
            box = cam.rect_to_screen(rect)
            money = self.cash.get(f"s{seat}", float(view["cash"][seat]))
            if abs(money - view["cash"][seat]) > 0.5:
                surface.blit(self._purse_face(seat, box.size, cam, None), box)
                at = (box.x + pad, box.y + box.h * 0.72)
                _rolling(surface, money, _px(cam, 22), at, theme.GOLD_LIGHT)
            if seat in acting:
                colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, glow)
                width = max(2, round(4 * cam.scale))
                pygame.draw.rect(surface, colour, box, width, border_radius=max(4, box.h // 5))

    def _purse_face(
        self, seat: int, size: tuple[int, int], cam: Camera, money: int | None
    ) -> pygame.Surface:
        """A purse: token, name, the auctioneer's gavel or a pass, the cards in hand and its
        `money` (None: left out, for a sum drawn rolling over it)."""
        view = self.view
        mark = None
        if view["stage"] == 1 and seat == view["auctioneer"] and view["end"] is None:
            mark = "gavel"
        elif seat in self.passed:
            mark = i18n.pick(words.UI_TEXT["pass_tag"])
        leading = seat == (view.get("auction") or {}).get("bidder")
        return _purse_face(
            seat,
            size,
            self.ctx.name(seat),
            view["hand_counts"][seat],
            mark,
            leading,
            _px(cam, 18),
            _px(cam, 22),
            round(cam.scale, 3),
            money,
        )

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
                surface.blit(shine, shine.get_rect(center=_pixel(cam, (sprite.x, sprite.y))))

    def _my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.view["to_act"]

    def _chosen(self, hot: set[Any], held: Piece | None) -> Any:
        """The piece the person has picked up or selected (the scene shows its targets)."""
        if held is not None:
            return held.key
        if not hot or {t.key for t in self.loose_targets()} == hot:
            return None
        return next((p.key for p in self._pieces if {t.key for t in p.targets} == hot), None)

    def _draw_banner(self, surface: pygame.Surface, cam: Camera) -> None:
        size = max(18, round(cam.area.h * 0.07 * self.banner["scale"]))
        box = _banner(self.banner["text"], size)
        box.set_alpha(round(self.banner["alpha"]))
        centre = cam.to_screen(WORLD[0] / 2, BOARD_RECT.bottom * 0.55)
        surface.blit(box, box.get_rect(center=(round(centre[0]), round(centre[1]))))


VIEW = KetteVonSabaView


# ---------------------------------------------------------------------- helpers


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


def _some(moves: list[Move]) -> list[Move]:
    """A few of a long list of amounts: the lowest, some steps above it, and the highest."""
    if len(moves) <= len(BID_STEPS) + 1:
        return moves
    picks = sorted({k for k in BID_STEPS if k < len(moves)} | {len(moves) - 1})
    return [moves[k] for k in picks]


def _px(cam: Camera, world: float) -> int:
    """A type size in pixels for `world` units, never below 14 px."""
    return max(14, round(world * cam.scale))


def _pixel(cam: Camera, point: tuple[float, float]) -> tuple[int, int]:
    x, y = cam.to_screen(*point)
    return round(x), round(y)


@lru_cache(maxsize=512)
def _fit(text: str, size: int, width: int, bold: bool) -> str:
    return theme.fit_text(text, size, max(8, width), bold)


def _text(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[float, float],
    colour: theme.Colour,
    bold: bool,
    anchor: str,
    width: float,
) -> pygame.Rect:
    """Text shortened to `width` px if need be."""
    return theme.blit_text(
        surface, _fit(text, size, round(width), bold), size, pos, colour, bold, anchor
    )


def _rolling(
    surface: pygame.Surface,
    value: float,
    size: int,
    pos: tuple[float, float],
    colour: theme.Colour,
    anchor: str = "midleft",
) -> pygame.Rect:
    """An amount of marks whose changing digits roll like a counter's wheels while `value`
    moves between two thousands."""
    low = math.floor(value / 1000 + 1e-6)
    frac = value / 1000 - low
    old = words.money(low * 1000)
    if frac < 0.02:
        return theme.blit_text(surface, old, size, pos, colour, True, anchor)
    new = words.money((low + 1) * 1000)
    common = 0
    if len(old) == len(new):
        while common < len(old) and old[common] == new[common]:
            common += 1
    head = theme.text(old[:common], size, colour, True) if common else None
    tail_old = theme.text(old[common:], size, colour, True)
    tail_new = theme.text(new[common:], size, colour, True)
    head_w = head.get_width() if head else 0
    w = head_w + max(tail_old.get_width(), tail_new.get_width())
    h = tail_old.get_height()
    rect = pygame.Rect(0, 0, w, h)
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    if head:
        surface.blit(head, rect.topleft)
    clip = surface.get_clip()
    window = pygame.Rect(rect.x + head_w, rect.y, w - head_w, h).clip(clip)
    surface.set_clip(window)
    shift = round(frac * h)
    surface.blit(tail_old, (rect.x + head_w, rect.y - shift))
    surface.blit(tail_new, (rect.x + head_w, rect.y + h - shift))
    surface.set_clip(clip)
    return rect


@lru_cache(maxsize=64)
def _lines(lines: tuple[tuple[str, int, theme.Colour, bool], ...], width: int, align: str):
    """Lines of (text, size, colour, bold), each wrapped to `width` px (at most three rows),
    stacked on a transparent surface and aligned "left", "right" or "center"."""
    rows = []
    for text, size, colour, bold in lines:
        for row in theme.wrap(text, size, max(8, width), bold)[:3]:
            rows.append(theme.text(_fit(row, size, width, bold), size, colour, bold))
    w = max([r.get_width() for r in rows] or [1])
    h = sum(round(r.get_height() * 1.08) for r in rows) or 1
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    y = 0
    for row in rows:
        x = {"left": 0, "right": w - row.get_width(), "center": (w - row.get_width()) // 2}[align]
        surf.blit(row, (x, y))
        y += round(row.get_height() * 1.08)
    return surf


@lru_cache(maxsize=64)
def _purse_face(
    seat: int,
    size: tuple[int, int],
    name: str,
    cards: int,
    mark: str | None,
    leading: bool,
    small: int,
    money_size: int,
    scale: float,
    money: int | None,
) -> pygame.Surface:
    """The still part of a purse (see `KetteVonSabaView._purse_face`)."""
    w, h = size
    surf = _purse_box(w, h, leading).copy()
    pad = max(4, round(8 * scale))
    r = max(6, round(11 * scale))
    top = h * 0.3
    colour = theme.player_colour(seat)
    symbol(surf, colour.symbol, (pad + r, top), r, colour.rgb)
    right = w - pad
    if mark == "gavel":
        gavel = art.gavel_surface(max(12, round(26 * scale)))
        surf.blit(gavel, gavel.get_rect(midright=(right, round(top))))
        right -= gavel.get_width() + pad // 2
    elif mark is not None:
        tag = theme.text(mark, small, theme.TEXT_DIM)
        surf.blit(tag, tag.get_rect(midright=(right, round(top))))
        right -= tag.get_width() + pad
    x = pad + r * 2 + pad
    label = theme.text(_fit(name, small, round(right - x), True), small, theme.TEXT, True)
    surf.blit(label, label.get_rect(midleft=(x, round(top))))
    count = theme.text(str(cards), small, theme.TEXT_DIM)
    back_w = max(6, round(small * 0.7))
    money_w = theme.font(money_size, True).size("00,000")[0]
    if pad + money_w + pad + back_w + 3 + count.get_width() + pad <= w:
        bottom = round(h * 0.72)
        cx = w - pad - count.get_width()
        surf.blit(count, count.get_rect(midleft=(cx, bottom)))
        back = art.card_back(back_w)
        surf.blit(back, back.get_rect(midright=(cx - 3, bottom)))
    if money is not None:
        _rolling(surf, money, money_size, (pad, h * 0.72), theme.GOLD_LIGHT)
    return surf


@lru_cache(maxsize=32)
def _glow_box(w: int, h: int, alpha: int, width: int) -> pygame.Surface:
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, (255, 226, 110, alpha), box.get_rect(), width, border_radius=width * 3)
    return box


@lru_cache(maxsize=64)
def _pill(w: int, h: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (8, 20, 18, alpha), surf.get_rect(), border_radius=h // 2)
    return surf


@lru_cache(maxsize=32)
def _purse_box(w: int, h: int, leading: bool) -> pygame.Surface:
    """A seat's purse on the rail; the highest bidder's has a gold edge."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    radius = max(4, h // 5)
    pygame.draw.rect(surf, (*theme.PANEL, 225), surf.get_rect(), border_radius=radius)
    edge = theme.GOLD if leading else theme.GOLD_DARK
    pygame.draw.rect(surf, edge, surf.get_rect(), 2 if leading else 1, border_radius=radius)
    return surf


@lru_cache(maxsize=32)
def _banner(label: str, size: int) -> pygame.Surface:
    text = theme.text(label, size, theme.INK, bold=True)
    box = pygame.Surface((text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
    box.blit(text, text.get_rect(center=box.get_rect().center))
    return box


def _origin(cam: Camera) -> tuple[int, int]:
    """Where the world's corner falls on screen, in whole pixels: the necklace is placed from
    it so cached and single drawings line up to the pixel."""
    x, y = cam.to_screen(0.0, 0.0)
    return round(x), round(y)


def _at(origin: tuple[int, int], s: float, point: tuple[float, float]) -> tuple[int, int]:
    return origin[0] + round(point[0] * s), origin[1] + round(point[1] * s)


def _draw_settings(
    surface: pygame.Surface, origin: tuple[int, int], s: float, area: pygame.FRect | None
) -> None:
    """The empty necklace at scale `s`: its strand, the velvet and gold plates, the links and
    the hollow settings; only what reaches `area` (world units) unless it is None."""
    ring = max(2, round(RADIUS * 0.1 * s))
    width = max(1, round(RADIUS * 0.035 * s))
    reach = area.inflate(RADIUS * 0.4, RADIUS * 0.4) if area is not None else BOARD_RECT
    for point in _CHAIN:
        if reach.collidepoint(point):
            x, y = _at(origin, s, point)
            pygame.draw.circle(surface, theme.GOLD_DARK, (x + 1, y + 1), ring, width + 1)
            pygame.draw.circle(surface, theme.GOLD, (x, y), ring, width)
    near = [i for i in range(len(CENTRES)) if area is None or area.colliderect(space_bounds(i))]
    for plate in (
        art.hex_plate(round(RADIUS * 1.13 * s), True),
        art.hex_plate(round(RADIUS * 1.08 * s), False),
    ):
        for i in near:
            surface.blit(plate, plate.get_rect(center=_at(origin, s, CENTRES[i])))
    for i, j in LINKS:
        if i in near or j in near:
            (x0, y0), (x1, y1) = CENTRES[i], CENTRES[j]
            mid = _at(origin, s, ((x0 + x1) / 2, (y0 + y1) / 2))
            pygame.draw.circle(surface, theme.GOLD, mid, ring * 1.3, width + 1)
    socket = art.hex_socket(round(TILE_R * s))
    for i in near:
        surface.blit(socket, socket.get_rect(center=_at(origin, s, CENTRES[i])))


@lru_cache(maxsize=3)
def _necklace(s: float) -> pygame.Surface:
    """The empty necklace drawn once per scale (see `_draw_settings`)."""
    surf = pygame.Surface(
        (round(BOARD_RECT.w * s) + 2, round(BOARD_RECT.h * s) + 2), pygame.SRCALPHA
    )
    _draw_settings(surf, (0, 0), s, None)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _chain() -> list[tuple[float, float]]:
    """The links of the necklace's strand: an arc from one outer top setting over to the other,
    as the necklace lies on the velvet."""
    x0, y0 = CENTRES[0][0] - RADIUS * 0.3, CENTRES[0][1] - HEX_H * 0.5
    x1 = WORLD[0] - x0
    points = []
    links = 64
    for k in range(links + 1):
        t = k / links
        x = x0 + (x1 - x0) * t
        # The strand arches up from both ends to CHAIN_TOP in the middle.
        y = y0 - (y0 - CHAIN_TOP) * (1 - (2 * t - 1) ** 2) ** 0.6
        points.append((x, y))
    return points


_CHAIN = _chain()
