"""Das Kollier on the table: an auction house for gems.

The deck, the round cards and the bank sit at the top; the players in a rail beneath, each with
only what the rules make public (how many gems, the marker of a sale to the bank). The lot lies on
the auction cloth; the auction block beside it shows the live price, who leads or is asked, the
quiet-time clock of an open auction, and the seat's controls. The seat's own corner at the bottom
shows its secret cash, its gems in one stack per kind, and its best necklace strung as it is worn.

Every control carries a legal move as the server listed it, or a number built from the listed
choices or the documented range (bids in whole thousands above the last bid; payments of gems,
necklaces and the exact cash that covers the rest). The server judges; a refusal shows as a toast.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, Event, Move, Piece, Sprite, TableView, View
from client.tables.das_kollier import art
from client.tables.das_kollier.layout import (
    BANK_BOX,
    BANK_TEXT_X,
    BIG,
    BLOCK,
    BLOCK_PAD,
    BODY,
    BUTTON_H,
    CASH_POS,
    DECK,
    DECK_TEXT_X,
    GAP,
    HAND,
    HEAD,
    LOT,
    MARKER_POS,
    ME,
    NECKLACE,
    NECKLACE_TITLE,
    NECKLACE_VALUE_Y,
    RAIL,
    ROUND_CARD_W,
    ROUND_CARDS_X,
    ROUND_CARDS_Y,
    ROUND_LABEL,
    ROUND_STEP,
    SELL_BUTTON,
    SMALL,
    STAGE,
    WORLD,
    hand_slots,
    lot_slots,
    rail_column,
)
from client.tables.das_kollier.words import (
    EVENT_TEXT,
    HELP,
    PHASE_TEXT,
    count_of,
    gem_list,
    money,
    number,
    ui,
)
from client.ui import theme
from client.ui.anim import FLIP, MOVE, STAGGER, pulse
from client.ui.input import Intent
from shared.games.das_kollier.gems import KINDS, VALUE, best_necklace, necklace_value, sort_gems

CASH_ONLY_ROUNDS = 6
STEP = 1_000
QUICK_RAISES = (1_000, 5_000)
SALE_CAP = 10_000
MARKER = 1_000
MIN_PX = 14
TYPED_DIGITS = 4


@dataclass
class Control:
    """Something on the board a tap uses: `action` is a legal move to send, or a local change
    (a typed amount, a gem put into a payment)."""

    key: str
    rect: pygame.FRect
    label: str = ""
    action: Move | Callable[[], None] | None = None
    style: str = "plain"  # primary, plain, chip, field, step, card
    selected: bool = False
    gem: str | None = None
    # A chip may show what it stands for as gems (and one necklace) before its label.
    icons: list[str] = field(default_factory=list)
    necklace: tuple[str, ...] = ()


@dataclass
class Flyer:
    """A card, a card back or a coin crossing the table."""

    what: str  # "card", "back" or "coin"
    sprite: Sprite
    gem: str | None = None
    w: float = 60.0
    turn: dict[str, float] = field(default_factory=lambda: {"t": 1.0})


class DasKollierView(TableView):
    game_id = "das-kollier"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.controls: list[Control] = []
        self.flyers: list[Flyer] = []
        # The lot just won, lying where it was until its step carries it to the buyer.
        self.parked: list[Flyer] = []
        self.lot_hidden = 0
        self.roll = {"big": 0.0, "cash": 0.0, "bank": 0.0}
        self.clock_start: float | None = None
        self.gavel = {"tilt": -35.0}
        self.banner = {"alpha": 0.0, "scale": 1.0}
        self.banner_text = ""
        self.hover: str | None = None
        # Local choices (never sent until a move is made of them).
        self.amount = 0
        self.typed: str | None = None
        self.pick: Counter[str] = Counter()
        self.pick_necklaces: list[list[str]] = []
        self.selling = False
        self.context: tuple = ()
        # What each region showed when last drawn (see take_changes).
        self.drawn: dict[str, str] = {}

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        super().show(view, legal, events, fresh)
        self._keep_choices(old, fresh)
        timer = self.ctx.timer
        if timer is None or view.get("phase") != "open":
            self.clock_start = None
        elif fresh or events or self.clock_start is None:
            self.clock_start = self.ctx.now
        targets = self._roll_targets()
        if fresh or not old:
            self.flyers.clear()
            self.parked.clear()
            self.lot_hidden = 0
            self.roll.update(targets)
        else:
            if old.get("phase") != view.get("phase"):
                self.roll["big"] = targets["big"]
            self.ctx.animator.animate(self.roll, 0.4, **targets)
            self._queue(events)
        self._build()

    def _roll_targets(self) -> dict[str, float]:
        return {
            "big": float(self._big_number() or 0),
            "cash": float(self.view.get("cash", 0)),
            "bank": float(self.view.get("bank", 0)),
        }

    def _keep_choices(self, old: View, fresh: bool) -> None:
        """Start the local choices afresh when the situation changes (a new phase, round or
        lot); keep them while the same auction goes on."""
        view = self.view
        context = (
            view.get("phase"),
            view.get("round"),
            view.get("auctioneer"),
            len(view.get("defaulters", [])),
            view.get("seat"),
        )
        if fresh or context != self.context:
            self.context = context
            self.typed = None
            self.pick.clear()
            self.pick_necklaces = []
            self.selling = False
            self.amount = self._field_default()
            payments = self._moves("pay")
            if payments and self._mixed():
                self._load_payment(payments[0])
        elif view.get("phase") == "open":
            least = self._field_default()
            if self.amount < least:
                self.amount = least
        if self.selling and not self._moves("sell"):
            self.selling = False
            self.pick.clear()
            self.pick_necklaces = []

    # ------------------------------------------------------------------ facts from the view
    def _moves(self, kind: str) -> list[Move]:
        return [m for m in self.legal if m.get("type") == kind]

    def _auction(self) -> dict[str, Any]:
        return self.view.get("auction") or {}

    def _mixed(self) -> bool:
        """Whether the lot being paid for may be paid with gems and necklaces."""
        auction = self._auction()
        return auction.get("kind") == "open" and self.view.get("round", 0) > CASH_ONLY_ROUNDS

    def _minimum_bid(self) -> int:
        auction = self._auction()
        if auction.get("bid") is None:
            return auction.get("start_price", 0)
        return auction["bid"] + STEP

    def _field_default(self) -> int:
        phase = self.view.get("phase")
        if phase == "open":
            return self._minimum_bid()
        if phase == "choose":
            starts = [m["start_price"] for m in self._moves("open_auction")]
            return min(starts) if starts else self.view.get("lot_value", 0)
        return 0

    def _big_number(self) -> int | None:
        phase, auction = self.view.get("phase"), self._auction()
        if phase == "open":
            return auction.get("bid") if auction.get("bid") is not None else None
        if phase in ("falling", "preempt", "pay"):
            return auction.get("price")
        if phase == "choose":
            return self.view.get("lot_value")
        if phase == "sealed":
            return self.view.get("sealed_bid")
        return None

    def _order(self) -> list[int]:
        """Seats in the panels' order: clockwise from the one after the seat shown."""
        n = self.view.get("players", 0)
        me = self.seat if isinstance(self.seat, int) else n - 1
        return [(me + 1 + i) % n for i in range(n)]

    def _hand(self) -> list[str]:
        return list(self.view.get("gems", []))

    # ------------------------------------------------------------------ local choices
    def _available(self) -> Counter[str]:
        """Gems of the hand not yet put into the payment or sale."""
        used = Counter(self.pick) + Counter(g for n in self.pick_necklaces for g in n)
        return Counter(self._hand()) - used

    def _cycle(self, kind: str) -> None:
        """A tap on a stack puts one more gem of that kind into the choice, then none again."""
        if self.selling and self.pick_necklaces:
            self.pick_necklaces = []
        hand = Counter(self._hand()) - Counter(g for n in self.pick_necklaces for g in n)
        if self.pick[kind] < hand[kind]:
            self.pick[kind] += 1
        else:
            del self.pick[kind]

    def _necklace_action(self) -> Callable[[], None] | None:
        """The necklace toggle, while the hand can make a necklace at all."""
        return self._toggle_necklace if best_necklace(self._hand())[0] else None

    def _toggle_necklace(self) -> None:
        if self.pick_necklaces:
            self.pick_necklaces = []
            return
        if self.selling:
            self.pick.clear()
        rest = Counter(self._hand()) - self.pick
        value, necklace = best_necklace(sort_gems(list(rest.elements())))
        if value:
            self.pick_necklaces = [necklace]

    def _clear(self) -> None:
        self.pick.clear()
        self.pick_necklaces = []

    def _load_payment(self, move: Move) -> None:
        self.pick = Counter(move.get("gems", []))
        self.pick_necklaces = [list(n) for n in move.get("necklaces", [])]

    def _load_sale(self, move: Move) -> None:
        self.pick = Counter(move.get("gems", []))
        self.pick_necklaces = [list(move["necklace"])] if "necklace" in move else []

    def _worth(self) -> int:
        """What the chosen gems and necklaces are worth as payment (or sale)."""
        total = sum(VALUE[g] * n for g, n in self.pick.items())
        return total + sum(necklace_value(n) for n in self.pick_necklaces)

    def _payment(self) -> Move:
        price = self._auction().get("price", 0)
        return {
            "type": "pay",
            "cash": max(0, price - self._worth()),
            "gems": sort_gems(list(self.pick.elements())),
            "necklaces": [list(n) for n in self.pick_necklaces],
        }

    def _sale(self) -> Move:
        if self.pick_necklaces:
            return {"type": "sell", "necklace": list(self.pick_necklaces[0])}
        return {"type": "sell", "gems": sort_gems(list(self.pick.elements()))}

    def _open_sale(self) -> None:
        self.selling = True
        self._clear()
        self.typed = None

    def _close_sale(self) -> None:
        self.selling = False
        self._clear()
        payments = self._moves("pay")
        if payments and self._mixed():
            self._load_payment(payments[0])

    def _step_amount(self, delta: int) -> None:
        self.typed = None
        least = self._field_default() if self.view.get("phase") == "open" else 0
        self.amount = max(least, self.amount + delta)

    def _focus(self) -> None:
        self.typed = ""
        pygame.key.start_text_input()

    def _field_move(self) -> Move | None:
        """The move the amount field makes, by phase (only when the server lists its kind)."""
        phase = self.view.get("phase")
        if phase == "open" and self._moves("bid"):
            return {"type": "bid", "amount": self.amount}
        if phase == "choose" and self._moves("open_auction"):
            return {"type": "open_auction", "start_price": self.amount}
        if phase == "sealed" and self._moves("sealed_bid"):
            return {"type": "sealed_bid", "amount": self.amount}
        return None

    # ------------------------------------------------------------------ controls
    def _build(self) -> None:
        """The controls for what the seat may do now, laid out on the block and the hand."""
        self.version += 1
        self.controls = []
        if not self.legal or self.view.get("phase") == "over":
            return
        if self.selling:
            self._build_sale()
        else:
            builder = getattr(self, f"_build_{self.view.get('phase')}", None)
            if builder is not None:
                builder()
        if self._moves("sell") and not self.selling:
            self.controls.append(Control("sell", SELL_BUTTON.copy(), ui("sell"), self._open_sale))

    def _row(self, index: int, rows: int = 2) -> pygame.FRect:
        """The `index`-th of `rows` control rows at the foot of the block."""
        x, w = BLOCK.x + BLOCK_PAD, BLOCK.w - 2 * BLOCK_PAD
        y = BLOCK.bottom - BLOCK_PAD - (rows - index) * (BUTTON_H + GAP) + GAP
        return pygame.FRect(x, y, w, BUTTON_H)

    def _split(self, row: pygame.FRect, weights: list[float]) -> list[pygame.FRect]:
        total = sum(weights)
        room = row.w - GAP * (len(weights) - 1)
        out, x = [], row.x
        for weight in weights:
            w = room * weight / total
            out.append(pygame.FRect(x, row.y, w, row.h))
            x += w + GAP
        return out

    def _field_row(self, row: pygame.FRect, submit: str) -> None:
        move = self._field_move()
        minus, box, plus, send = self._split(row, [0.6, 1.9, 0.6, 2.0])
        self.controls += [
            Control("minus", minus, "−", lambda: self._step_amount(-STEP), "step"),
            Control("field", box, "", self._focus, "field"),
            Control("plus", plus, "+", lambda: self._step_amount(STEP), "step"),
            Control("submit", send, submit, move, "primary"),
        ]

    def _build_sealed(self) -> None:
        if self._moves("sealed_bid"):
            self._field_row(self._row(1), ui("put_down"))

    def _build_choose(self) -> None:
        falling = self._moves("falling_auction")
        if falling:
            price = money(self.view.get("lot_value", 0))
            rows = 2 if self._moves("open_auction") else 1
            self.controls.append(
                Control(
                    "falling", self._row(0, rows), ui("falling_button", price=price), falling[0]
                )
            )
        if self._moves("open_auction"):
            self._field_row(self._row(1), ui("open_button"))

    def _build_open(self) -> None:
        knock = self._moves("knock_down")
        if knock:
            self.controls.append(Control("knock", self._row(1), ui("knock"), knock[0], "primary"))
            return
        bids = self._moves("bid")
        top = self._auction().get("bid")
        base = top if top is not None else self._minimum_bid() - STEP
        cells = self._split(self._row(0), [1, 1, 1])
        if bids:
            for cell, raise_, key in zip(cells, QUICK_RAISES, ("plus1", "plus5"), strict=False):
                move = {"type": "bid", "amount": base + raise_}
                self.controls.append(Control(key, cell, ui(key), move, "chip"))
        passes = self._moves("pass")
        if passes:
            self.controls.append(Control("pass", cells[2], ui("pass"), passes[0]))
        if bids:
            self._field_row(self._row(1), ui("bid"))

    def _build_falling(self) -> None:
        self._yes_no(("accept", "accept"), ("decline", "decline"))

    def _build_preempt(self) -> None:
        self._yes_no(("preempt", "preempt_button"), ("waive", "waive_button"))

    def _yes_no(self, yes: tuple[str, str], no: tuple[str, str]) -> None:
        """Two listed moves side by side: (move type, label key) each; the first in gold."""
        cells = self._split(self._row(1), [1.3, 1])
        for (kind, label), cell, style in zip((yes, no), cells, ("primary", "plain"), strict=True):
            for move in self._moves(kind):
                self.controls.append(Control(kind, cell, ui(label), move, style))

    def _build_pay(self) -> None:
        payments, defaults = self._moves("pay"), self._moves("default")
        if payments and not self._mixed():
            price = money(self._auction().get("price", 0))
            self.controls.append(
                Control(
                    "pay", self._row(1), ui("pay_cash_button", price=price), payments[0], "primary"
                )
            )
        elif payments:
            self._suggestions(self._row(0), payments, self._load_payment, self._cash_caption)
            neck, clear, pay = self._split(self._row(1), [1.2, 1, 1.2])
            self.controls += [
                Control(
                    "necklace",
                    neck,
                    ui("necklace_button"),
                    self._necklace_action(),
                    selected=bool(self.pick_necklaces),
                ),
                Control("clear", clear, ui("clear"), self._clear),
                Control("pay", pay, ui("pay_button"), self._payment(), "primary"),
            ]
            self._hand_controls(self._cycle)
        if defaults:
            cash = [m for m in defaults if "gem" not in m]
            if cash:
                self.controls.append(
                    Control(
                        "penalty",
                        self._row(1),
                        ui("penalty_button", amount=money(3_000)),
                        cash[0],
                        "primary",
                    )
                )
            by_gem = {m["gem"]: m for m in defaults if "gem" in m}
            self._hand_controls(lambda kind: None, by_gem)

    def _build_commission(self) -> None:
        takes = self._moves("commission")
        gems = [m for m in takes if m.get("take") != "cash"]
        cash = [m for m in takes if m.get("take") == "cash"]
        if cash:
            half = (self._auction().get("paid_cash", 0) // STEP + 1) // 2 * STEP
            self.controls.append(
                Control(
                    "cash", self._row(1), ui("half_cash", amount=money(half)), cash[0], "primary"
                )
            )
        top, bottom = BLOCK.y + 140, self._row(1).y - GAP
        h = min(150.0, bottom - top)
        w = h / 1.4
        x = BLOCK.x + BLOCK_PAD
        for i, move in enumerate(gems):
            rect = pygame.FRect(x + i * (w + GAP), bottom - h, w, h)
            key = f"take-{move['take']}"
            self.controls.append(Control(key, rect, "", move, "card", gem=move["take"]))

    def _build_sale(self) -> None:
        sales = self._moves("sell")
        self._suggestions(self._sale_row(0), sales, self._load_sale, self._worth_caption)
        neck, clear, sell, cancel = self._split(self._sale_row(1), [1.1, 0.9, 1.1, 1.1])
        chosen = bool(self.pick) or bool(self.pick_necklaces)
        self.controls += [
            Control(
                "necklace",
                neck,
                ui("necklace_button"),
                self._toggle_necklace,
                selected=bool(self.pick_necklaces),
            ),
            Control("clear", clear, ui("clear"), self._clear),
            Control("sale", sell, ui("sale_button"), self._sale() if chosen else None, "primary"),
            Control("cancel", cancel, ui("cancel"), self._close_sale),
        ]
        self._hand_controls(self._cycle)

    def _sale_row(self, index: int) -> pygame.FRect:
        x, w = STAGE.x + 24, STAGE.w - 48
        y = STAGE.bottom - 20 - (2 - index) * (BUTTON_H + GAP) + GAP
        return pygame.FRect(x, y, w, BUTTON_H)

    def _suggestions(
        self,
        row: pygame.FRect,
        moves: list[Move],
        load: Callable[[Move], None],
        caption: Callable[[Move], str],
    ) -> None:
        """The listed payments (or sales) as chips that load the choice; up to three, those with
        a necklace first after plain cash, as they are the hardest to put together by hand.
        Each chip shows its gems (a necklace as a tiny string) and its `caption`."""
        ranked = sorted(moves, key=lambda m: (bool(_gems_of(m)), not _necklace_of(m)))[:3]
        cells = self._split(row, [1] * len(ranked))
        for i, (cell, move) in enumerate(zip(cells, ranked, strict=True)):
            self.controls.append(
                Control(
                    f"suggest-{i}",
                    cell,
                    caption(move),
                    lambda m=move: load(m),
                    "chip",
                    icons=list(move.get("gems", [])),
                    necklace=tuple(_necklace_of(move)),
                )
            )

    @staticmethod
    def _cash_caption(move: Move) -> str:
        """A payment chip's words: the cash beside its gems ("+4,000"), or the cash alone."""
        cash = move.get("cash", 0)
        if not _gems_of(move):
            return money(cash)
        return f"+{number(cash)}" if cash else ""

    @staticmethod
    def _worth_caption(move: Move) -> str:
        """A sale chip's words: what the gems or the necklace are worth."""
        if "necklace" in move:
            return f"= {number(necklace_value(move['necklace']))}"
        return f"= {number(sum(VALUE[g] for g in move.get('gems', [])))}"

    def _hand_controls(
        self, tap: Callable[[str], None], moves: dict[str, Move] | None = None
    ) -> None:
        """The stacks of the hand as controls: a tap chooses a gem (or plays `moves[kind]`)."""
        kinds = sorted(set(self._hand()), key=KINDS.index)
        for kind, rect in zip(kinds, hand_slots(len(kinds)), strict=True):
            if moves is not None:
                if kind in moves:
                    self.controls.append(
                        Control(f"gem-{kind}", rect, "", moves[kind], "stack", gem=kind)
                    )
            else:
                self.controls.append(
                    Control(f"gem-{kind}", rect, "", lambda k=kind: tap(k), "stack", gem=kind)
                )

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent, cam: Camera) -> Move | bool:
        kind = intent.kind
        if kind == "hover":
            self.hover = self._control_at(cam, intent.pos)
            return False
        if kind == "tap":
            key = self._control_at(cam, intent.pos)
            control = next((c for c in self.controls if c.key == key), None)
            if self.typed is not None and key != "field":
                self.typed = None
                self.version += 1
            if control is None or control.action is None:
                return False
            if isinstance(control.action, dict):
                self.typed = None
                return dict(control.action)
            control.action()
            self._build()
            return True
        if kind == "confirm":
            move = self._field_move() if self._has("field") else None
            if move is not None:
                self.typed = None
                return move
            return False
        if self.typed is None:
            if kind == "back" and self.selling:
                self._close_sale()
                self._build()
                return True
            return False
        return self._typing(intent)

    def _typing(self, intent: Intent) -> bool:
        """Keys while the amount field has focus: digits are thousands; Esc leaves the field."""
        kind = intent.kind
        assert self.typed is not None
        if kind == "text":
            digits = "".join(ch for ch in intent.text if ch.isdigit())
            self.typed = (self.typed + digits)[:TYPED_DIGITS]
        elif kind == "key" and intent.key == "backspace":
            self.typed = self.typed[:-1]
        elif kind == "key" and intent.key in ("up", "down"):
            self._step_amount(STEP if intent.key == "up" else -STEP)
            self._focus()
        elif kind == "back":
            self.typed = None
        elif kind != "key":
            return False
        if self.typed:
            self.amount = int(self.typed) * STEP
        self._build()
        return True

    def _typed_label(self) -> str:
        """What the focused field shows: the thousands typed so far, then the zeros."""
        if not self.typed:
            return "…"
        return number(int(self.typed) * STEP)

    def _has(self, key: str) -> bool:
        return any(c.key == key for c in self.controls)

    def _control_at(self, cam: Camera, pos: tuple[float, float]) -> str | None:
        if not cam.area.collidepoint(pos):
            return None
        wx, wy = cam.to_world(*pos)
        for control in reversed(self.controls):
            if control.rect.collidepoint(wx, wy):
                return control.key
        return None

    # ------------------------------------------------------------------ events → animation
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
        self._show_banner(ui("sold"))
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
        self._show_banner(ui("penalty"))
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
        self._show_banner(ui("second"))
        for seat, gift in enumerate(event.get("gifts", [])):
            if gift:
                self._coins(BANK_BOX.center, self._seat_point(seat), gift)
        self._backs(BANK_BOX.center, DECK.center, [None] * 4)
        return 0.4

    def _on_first_auctioneer(self, event: Event) -> float:
        if event.get("paid"):
            self._coins(self._seat_point(event.get("seat")), BANK_BOX.center, event["paid"])
        return 0.3

    # ------------------------------------------------------------------ drawing helpers
    def world_size(self) -> tuple[float, float]:
        return WORLD

    def _px(self, cam: Camera, size: float) -> int:
        return max(MIN_PX, round(size * cam.scale))

    def _text(
        self,
        surface: pygame.Surface,
        cam: Camera,
        s: str,
        size: float,
        pos: tuple[float, float],
        colour: theme.Colour = theme.TEXT,
        bold: bool = False,
        anchor: str = "topleft",
        width: float | None = None,
    ) -> pygame.Rect:
        px = self._px(cam, size)
        if width is not None:
            s = theme.fit_text(s, px, max(8, round(width * cam.scale)), bold)
        return theme.blit_text(surface, s, px, cam.to_screen(*pos), colour, bold, anchor)

    def _blit_centered(self, surface: pygame.Surface, image: pygame.Surface, centre) -> None:
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _card(
        self,
        surface: pygame.Surface,
        cam: Camera,
        gem: str | None,
        rect: pygame.FRect,
        lift: float = 0.0,
    ) -> pygame.Rect:
        r = cam.rect_to_screen(rect.move(0, -lift))
        w = max(12, r.w)
        surface.blit(art.card_shadow(w), (r.x - 3 + round(lift * cam.scale * 0.3), r.y - 2))
        image = art.card_face(gem, w, i18n.language()) if gem else art.card_back(w)
        surface.blit(image, r.topleft)
        return r

    # ------------------------------------------------------------------ the board
    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        for name, region in REGIONS.items():
            if cam.rect_to_screen(region).colliderect(bounds):
                getattr(self, f"_draw_{name}")(surface, cam)
        for control in self.controls:
            if cam.rect_to_screen(control.rect).colliderect(bounds):
                self._draw_control(surface, cam, control)
        surface.set_clip(clip)

    def take_changes(self) -> list[pygame.FRect] | None:
        """The regions (top, rail, stage, corner) whose drawing changed since last asked."""
        now = self._signatures()
        before, self.drawn = self.drawn, now
        if not before:
            return None
        return [REGIONS[name] for name in REGIONS if before.get(name) != now[name]]

    def _signatures(self) -> dict[str, str]:
        """What each region's drawing depends on, as text to compare."""
        view = self.view
        mine = self.seat if isinstance(self.seat, int) else None
        local = (
            self.amount,
            self.typed,
            sorted(self.pick.items()),
            self.pick_necklaces,
            self.selling,
            [(c.key, c.label, c.action is None) for c in self.controls],
        )
        public = [view.get(k) for k in ("phase", "auction", "auctioneer", "defaulters")]
        words = (i18n.language(), self.ctx.names)
        own = None if mine is None else (view["markers"][mine], view["sold"][mine])
        return {
            "top": repr(
                [view.get(k) for k in ("deck_count", "deck_number", "round", "bank_gem_count")]
                + [view.get("debts"), words]
            ),
            "rail": repr(
                [view.get(k) for k in ("gem_counts", "markers", "sold", "sealed_bids_made")]
                + [view.get("outcome"), public, words, mine]
            ),
            "stage": repr(
                [view.get(k) for k in ("lot", "lot_value", "bank", "cash", "round", "sealed_bid")]
                + [view.get("outcome"), public, self.legal, self.lot_hidden, local, words, mine]
            ),
            "corner": repr([view.get("gems"), view.get("best_necklace"), own, local, words, mine]),
        }

    def _draw_top(self, surface: pygame.Surface, cam: Camera) -> None:
        view = self.view
        count = view.get("deck_count", 0)
        layers = min(3, 1 + count // 12) if count else 0
        for i in range(layers):
            self._card(surface, cam, None, DECK.move(-i * 3, -i * 3))
        if not count:
            pygame.draw.rect(surface, theme.GOLD_DARK, cam.rect_to_screen(DECK), 1, border_radius=4)
        width = ROUND_LABEL[0] - DECK_TEXT_X - 10
        deck = ui("deck", n=view.get("deck_number", 1))
        self._text(surface, cam, deck, BODY, (DECK_TEXT_X, 16), theme.TEXT, True, width=width)
        cards = count_of("cards", count)
        self._text(surface, cam, cards, SMALL, (DECK_TEXT_X, 52), theme.TEXT_DIM, width=width)
        rnd = view.get("round", 1)
        label = self._text(
            surface, cam, ui("round", n=rnd), BODY, ROUND_LABEL, theme.GOLD_LIGHT, True
        )
        note = ui("cash_only") if rnd <= CASH_ONLY_ROUNDS else ui("gems_pay")
        x = cam.to_world(label.right, label.y)[0] + 10
        self._text(
            surface,
            cam,
            note,
            SMALL,
            (x, ROUND_LABEL[1] + 4),
            theme.TEXT_DIM if rnd <= CASH_ONLY_ROUNDS else theme.GOLD,
            width=BANK_BOX.x - x - 10,
        )
        w = max(8, round(ROUND_CARD_W * cam.scale))
        for n in range(1, CASH_ONLY_ROUNDS + 1):
            state = "past" if rnd > n else ("now" if rnd == n else "later")
            x = ROUND_CARDS_X + (n - 1) * ROUND_STEP
            surface.blit(art.round_card(n, w, state), cam.to_screen(x, ROUND_CARDS_Y))
        box = cam.rect_to_screen(BANK_BOX)
        surface.blit(art.strongbox(max(10, box.w)), box.topleft)
        width = WORLD[0] - BANK_TEXT_X - 14
        pile = ui("pile", gems=count_of("gems", view.get("bank_gem_count", 0)))
        self._text(surface, cam, pile, SMALL, (BANK_TEXT_X, 52), theme.TEXT_DIM, width=width)
        debts = view.get("debts", [])
        if debts:
            per_seat: Counter[int] = Counter()
            for debt in debts:
                per_seat[debt["seat"]] += debt["amount"]
            owed = ", ".join(f"{self.ctx.name(s)} {money(a)}" for s, a in per_seat.items())
            line = ui("owes", debts=owed)
            self._text(surface, cam, line, SMALL, (BANK_TEXT_X, 80), theme.TEXT_DIM, width=width)

    def _draw_rail(self, surface: pygame.Surface, cam: Camera) -> None:
        """Each player as the others see them: name, how many gems, the marker of a sale."""
        view = self.view
        order = self._order()
        phase, auction = view.get("phase"), self._auction()
        sealed = view.get("sealed_bids_made", [])
        outcome = view.get("outcome") or {}
        radius = max(3, round(10 * cam.scale))
        for index, seat in enumerate(order):
            col = rail_column(index, len(order)).inflate(-6, -4)
            lead = phase == "open" and auction.get("bidder") == seat
            fill = theme.mix(theme.PANEL, theme.GOLD, 0.3) if lead else theme.PANEL
            pygame.draw.rect(surface, fill, cam.rect_to_screen(col), border_radius=radius)
            self.seat_token(
                surface, seat, cam.to_screen(col.x + 22, col.y + 24), max(6.0, 15 * cam.scale)
            )
            if seat == view.get("auctioneer") and phase not in ("over", "sealed"):
                g = max(10, round(32 * cam.scale))
                surface.blit(art.gavel_surface(g, -35), cam.to_screen(col.x + 6, col.bottom - 36))
            name = self.ctx.name(seat)
            width = col.w - 50
            self._text(
                surface, cam, name, SMALL, (col.x + 44, col.y + 6), theme.TEXT, True, width=width
            )
            y = col.y + 44
            if outcome:
                score = money(outcome["scores"][seat])
                self._text(surface, cam, score, SMALL, (col.x + 44, y), theme.GOLD_LIGHT, True)
                continue
            ink = theme.GOLD_LIGHT if lead else theme.TEXT_DIM
            count = f"◆ {view.get('gem_counts', [0] * 9)[seat]}"
            rect = self._text(surface, cam, count, SMALL, (col.x + 44, y), ink, True)
            x = cam.to_world(rect.right, rect.y)[0] + 10
            marker = view.get("markers", [0] * 9)[seat]
            if marker or view.get("sold", [False] * 9)[seat]:
                size = max(8, round(20 * cam.scale))
                surface.blit(art.coin(size), cam.to_screen(x, y + 1))
                x += 24
                room = col.right - x - 4
                label = number(marker)
                if theme.font(self._px(cam, SMALL * 0.85)).size(label)[0] <= room * cam.scale:
                    rect = self._text(surface, cam, label, SMALL * 0.85, (x, y + 2), ink)
                    x = cam.to_world(rect.right, rect.y)[0] + 10
            tags = []
            if phase == "open" and seat in auction.get("passed", []):
                tags.append(ui("pass"))
            if phase == "sealed" and seat < len(sealed) and sealed[seat]:
                tags.append("✓")
            if seat in view.get("defaulters", []):
                tags.append("✗")
            if tags and x < col.right - 20:
                tag = " ".join(tags)
                self._text(
                    surface, cam, tag, SMALL * 0.85, (x, y + 2), ink, width=col.right - x - 4
                )

    def _draw_stage(self, surface: pygame.Surface, cam: Camera) -> None:
        stage = cam.rect_to_screen(STAGE)
        surface.blit(art.cloth(max(8, stage.w), max(8, stage.h)), stage.topleft)
        if self.selling:
            self._draw_sale(surface, cam)
            return
        view = self.view
        if view.get("outcome"):
            self._draw_final_necklaces(surface, cam, view["outcome"])
            self._draw_plate(surface, cam)
            return
        lot = view.get("lot", [])
        auctioneer = view.get("auctioneer")
        sealed = view.get("phase") == "sealed"
        self._text(
            surface,
            cam,
            ui("sealed") if sealed else ui("auctioneer", name=self.ctx.name(auctioneer)),
            BODY,
            (LOT.centerx, LOT.y + 8),
            theme.GOLD_LIGHT,
            True,
            "midtop",
            width=LOT.w - 20,
        )
        slots = lot_slots(len(lot))
        shown = len(lot) - self.lot_hidden
        for gem, slot in list(zip(lot, slots, strict=True))[: max(0, shown)]:
            self._card(surface, cam, gem, slot)
        if lot:
            label = ui("base", value=money(view.get("lot_value", 0)))
            y = (slots[0].bottom if slots else LOT.centery) + 14
        else:
            label, y = ui("no_lot"), LOT.centery
        if not self.lot_hidden:
            self._text(
                surface, cam, label, BODY, (LOT.centerx, y), theme.TEXT, True, "midtop", width=LOT.w
            )
        self._draw_plate(surface, cam)

    def _draw_plate(self, surface: pygame.Surface, cam: Camera) -> None:
        plate = cam.rect_to_screen(BLOCK)
        surface.blit(art.block_plate(max(8, plate.w), max(8, plate.h)), plate.topleft)
        self._draw_block(surface, cam)

    def _draw_final_necklaces(
        self, surface: pygame.Surface, cam: Camera, outcome: dict[str, Any]
    ) -> None:
        """At the end every necklace is shown: each player's, strung, with its value."""
        necklaces = outcome.get("necklaces", [])
        n = len(necklaces)
        cols = 2 if n <= 4 else 3
        rows = (n + cols - 1) // cols
        w, h = (LOT.w - 8) / cols, (LOT.h - 8) / max(1, rows)
        winners = outcome.get("winners", [])
        for seat, gems in enumerate(necklaces):
            row, col = divmod(seat, cols)
            cell = pygame.FRect(LOT.x + 4 + col * w, LOT.y + 4 + row * h, w - 8, h - 8)
            if seat in winners:
                pygame.draw.rect(surface, theme.GOLD, cam.rect_to_screen(cell), 2, border_radius=6)
            name = self.ctx.name(seat)
            self._text(
                surface,
                cam,
                name,
                SMALL,
                (cell.centerx, cell.y + 4),
                theme.TEXT,
                True,
                "midtop",
                width=cell.w - 8,
            )
            value = money(outcome["scores"][seat]) if gems else "—"
            self._text(
                surface,
                cam,
                value,
                SMALL,
                (cell.centerx, cell.bottom - 4),
                theme.GOLD_LIGHT,
                True,
                "midbottom",
            )
            if gems:
                box = cam.rect_to_screen(cell.inflate(-16, -(SMALL * 2.6 + 8)))
                image = art.necklace_surface(tuple(gems), max(8, box.w), max(8, box.h))
                surface.blit(image, box.topleft)

    def _block_words(self) -> tuple[str, str, str]:
        """The block's headline, the line under the price and a hint, by phase."""
        view, auction = self.view, self._auction()
        phase, me = view.get("phase"), self.seat
        name = self.ctx.name
        price = money(auction.get("price", 0))
        auctioneer = view.get("auctioneer")
        if phase == "sealed":
            mine = view.get("sealed_bid")
            made = sum(view.get("sealed_bids_made", []))
            count = ui("sealed_count", n=made, of=view.get("players", 0))
            if mine is None:
                return ui("sealed_head"), ui("sealed_cash"), count
            return ui("sealed_head"), ui("sealed_yours", amount=money(mine)), count
        if phase == "choose":
            sub = ui("choose_you") if self.legal else ui("choose", name=name(auctioneer))
            hint = ""
            if self.legal:
                hint = ui("start_hint") if self._moves("open_auction") else ui("must_fall")
            return ui("choose_head"), sub, hint
        if phase == "open":
            bidder = auction.get("bidder")
            start = money(auction.get("start_price", 0))
            if bidder is None:
                sub = ui("no_bid", price=start)
            elif bidder == me:
                sub = ui("you_lead")
            else:
                sub = ui("high_bid", name=name(bidder))
            hint = ""
            if self._moves("knock_down"):
                hint = ui("knock_hint")
            elif me is not None and me in auction.get("passed", []):
                hint = ui("you_passed")
            elif self._moves("pass") and not self._moves("bid"):
                hint = ui("beyond_means")
            return ui("open_head"), sub, hint
        if phase == "falling":
            asked = auction.get("asked")
            sub = ui("asked_you") if asked == me else ui("asked", name=name(asked))
            return ui("falling"), sub, ui("falling_hint")
        if phase == "preempt":
            accepter = name(auction.get("accepter"))
            sub = ui("preempt", name=accepter, price=price)
            if self._moves("preempt") or self._moves("waive"):
                return ui("preempt_head"), sub, ui("preempt_you", name=accepter)
            return ui("preempt_head"), sub, ui("preempt_hint", name=name(auctioneer))
        if phase == "pay":
            return self._pay_words(auction, price)
        if phase == "commission":
            mine = bool(self._moves("commission"))
            sub = ui("commission_you") if mine else ui("commission_choice", name=name(auctioneer))
            paid = ui(
                "paid_with",
                cash=money(auction.get("paid_cash", 0)),
                gems=count_of("gems", auction.get("paid_gem_count", 0)),
            )
            return ui("commission_head"), sub, paid
        if phase == "over":
            outcome = view.get("outcome") or {}
            winners = outcome.get("winners", [])
            sub = ""
            if winners:
                best = money(outcome["scores"][winners[0]])
                sub = ui("winner", name=" & ".join(name(s) for s in winners), value=best)
            return ui("over"), sub, ""
        return "", "", ""

    def _pay_words(self, auction: dict[str, Any], price: str) -> tuple[str, str, str]:
        buyer = auction.get("buyer")
        if buyer != self.seat:
            kind = ui("pay_mixed_other") if self._mixed() else ui("pay_cash_only")
            return ui("pay_head"), ui("pay", name=self.ctx.name(buyer), price=price), kind
        if self._moves("default"):
            cash = any("gem" not in m for m in self._moves("default"))
            hint = ui("penalty_hint") if cash else ui("penalty_gem_only")
            return ui("pay_head"), ui("cannot_pay", price=price), hint
        if self._mixed():
            cash = money(max(0, auction.get("price", 0) - self._worth()))
            worth = ui("worth", gems=money(self._worth()), cash=cash)
            return ui("pay_head"), self._chosen_words(), worth
        return ui("pay_head"), ui("pay_you", price=price), ui("pay_cash_only")

    def _chosen_words(self) -> str:
        parts = [ui("necklace_of", gems=count_of("gems", len(n))) for n in self.pick_necklaces]
        if self.pick:
            parts.append(gem_list(list(self.pick.elements())))
        if parts:
            return ui("gems_chosen", gems=", ".join(parts))
        return ui("nothing_chosen") if self.selling else ui("all_cash")

    def _draw_block(self, surface: pygame.Surface, cam: Camera) -> None:
        head, sub, hint = self._block_words()
        x, w = BLOCK.x + BLOCK_PAD, BLOCK.w - 2 * BLOCK_PAD
        self._text(
            surface, cam, head, HEAD, (x, BLOCK.y + 12), theme.GOLD_LIGHT, True, width=w - 50
        )
        # Without a price to show, the words move up under the headline.
        top = BLOCK.y + (128 if self._shows_number() else 56)
        self._text(surface, cam, sub, BODY, (x, top), theme.TEXT, width=w)
        if hint:
            px = self._px(cam, SMALL)
            for i, line in enumerate(theme.wrap(hint, px, round(w * cam.scale))[:2]):
                y = top + 32 + i * SMALL * 1.25
                self._text(surface, cam, line, SMALL, (x, y), theme.TEXT_DIM, width=w)
        if self.view.get("phase") == "falling":
            self._draw_falling_order(surface, cam)

    def _draw_falling_order(self, surface: pygame.Surface, cam: Camera) -> None:
        """The seats asked in turn from the auctioneer's left; those before the one asked have
        declined at this price."""
        n = self.view.get("players", 0)
        auctioneer, asked = self.view.get("auctioneer", 0), self._auction().get("asked")
        turn = [(auctioneer + 1 + k) % n for k in range(n - 1)]
        x, y = BLOCK.x + BLOCK_PAD + 24, BLOCK.y + 244
        for i, seat in enumerate(turn):
            cx = x + i * 62
            if i:
                self._text(surface, cam, "›", BODY, (cx - 31, y), theme.TEXT_DIM, anchor="center")
            if seat == asked:
                pygame.draw.circle(
                    surface, theme.GOLD_LIGHT, cam.to_screen(cx, y), 24 * cam.scale, 2
                )
            self.seat_token(surface, seat, cam.to_screen(cx, y), max(6.0, 17 * cam.scale))
            if asked in turn and i < turn.index(asked):
                a, b = cam.to_screen(cx - 16, y - 16), cam.to_screen(cx + 16, y + 16)
                pygame.draw.line(surface, theme.DANGER, a, b, max(2, round(4 * cam.scale)))

    def _draw_sale(self, surface: pygame.Surface, cam: Camera) -> None:
        """The bank sale dialog over the auction cloth: what is chosen, what it is worth, what
        the bank can pay now."""
        view = self.view
        panel = cam.rect_to_screen(STAGE.inflate(-12, -12))
        surface.blit(art.block_plate(max(8, panel.w), max(8, panel.h)), panel.topleft)
        x, w = STAGE.x + 24, STAGE.w - 48
        self._text(
            surface, cam, ui("sale_title"), HEAD, (x, STAGE.y + 16), theme.GOLD_LIGHT, True, width=w
        )
        self._text(surface, cam, ui("sale_hint"), SMALL, (x, STAGE.y + 56), theme.TEXT_DIM, width=w)
        self._text(surface, cam, self._chosen_words(), BODY, (x, STAGE.y + 96), theme.TEXT, width=w)
        worth = self._worth()
        self._text(
            surface,
            cam,
            ui("sale_value", value=money(worth), cap=money(SALE_CAP)),
            BODY,
            (x, STAGE.y + 134),
            theme.GOLD_LIGHT,
            True,
            width=w,
        )
        lines = theme.wrap(
            ui("sale_bank", bank=money(view.get("bank", 0)), marker=money(MARKER)),
            self._px(cam, SMALL),
            round(w * cam.scale),
        )
        for i, line in enumerate(lines[:2]):
            self._text(surface, cam, line, SMALL, (x, STAGE.y + 172 + i * 28), theme.TEXT_DIM)

    def _draw_corner(self, surface: pygame.Surface, cam: Camera) -> None:
        """The seat's own corner: its marker, its gems in stacks, its best necklace."""
        view = self.view
        if self.seat is None:
            self._text(
                surface,
                cam,
                ui("spectator"),
                BODY,
                (ME.centerx, ME.y + 40),
                theme.TEXT_DIM,
                anchor="midtop",
                width=ME.w - 40,
            )
            return
        marker = view.get("markers", [0] * 9)[self.seat]
        if marker or view.get("sold", [False] * 9)[self.seat]:
            size = max(8, round(24 * cam.scale))
            surface.blit(art.coin(size), cam.to_screen(*MARKER_POS))
            label = ui("marker", amount=money(marker))
            x, y = MARKER_POS[0] + 32, MARKER_POS[1] + 2
            self._text(surface, cam, label, SMALL, (x, y), theme.GOLD)
        hand = self._hand()
        counts = Counter(hand)
        kinds = sorted(counts, key=KINDS.index)
        chosen = self._chosen_counts()
        if not kinds:
            self._text(surface, cam, ui("no_gems"), BODY, (HAND.x, HAND.y + 40), theme.TEXT_DIM)
        for kind, slot in zip(kinds, hand_slots(len(kinds)), strict=True):
            lift = 16.0 if chosen[kind] else 0.0
            for k in range(min(3, counts[kind]) - 1, -1, -1):
                self._card(surface, cam, kind, slot.move(k * 5, -k * 5), lift)
        self._draw_necklace(surface, cam)

    def _chosen_counts(self) -> Counter[str]:
        return Counter(self.pick) + Counter(g for n in self.pick_necklaces for g in n)

    def _draw_badges(self, surface: pygame.Surface, cam: Camera) -> None:
        """How many gems a stack holds (and how many are chosen), on its corner, over the
        glow of a stack that may be tapped."""
        if self.seat is None:
            return
        counts = Counter(self._hand())
        chosen = self._chosen_counts()
        kinds = sorted(counts, key=KINDS.index)
        rad = max(9, round(15 * cam.scale))
        px = self._px(cam, SMALL * 0.8)
        for kind, slot in zip(kinds, hand_slots(len(kinds)), strict=True):
            if counts[kind] < 2 and not chosen[kind]:
                continue
            lift = 16.0 if chosen[kind] else 0.0
            top = min(3, counts[kind]) - 1
            badge = cam.to_screen(slot.right + top * 5 - 2, slot.y - top * 5 - lift + 2)
            colour = theme.GOLD if chosen[kind] else theme.PANEL
            label = f"{chosen[kind]}/{counts[kind]}" if chosen[kind] else f"×{counts[kind]}"
            ink = theme.INK if chosen[kind] else theme.TEXT
            text = theme.text(label, px, ink, bold=True)
            pill = pygame.Rect(0, 0, max(rad * 2, text.get_width() + rad), rad * 2)
            pill.center = (round(badge[0]), round(badge[1]))
            pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, pill, 1, border_radius=pill.h // 2)
            surface.blit(text, text.get_rect(center=pill.center))

    def _draw_necklace(self, surface: pygame.Surface, cam: Camera) -> None:
        best = self.view.get("best_necklace") or {"value": 0, "gems": []}
        self._text(
            surface,
            cam,
            ui("necklace"),
            BODY,
            NECKLACE_TITLE,
            theme.GOLD_LIGHT,
            True,
            "midtop",
            width=NECKLACE.w,
        )
        gems = best.get("gems", [])
        if not gems:
            lines = theme.wrap(
                ui("no_necklace"), self._px(cam, SMALL), round(NECKLACE.w * cam.scale)
            )
            for i, line in enumerate(lines[:3]):
                self._text(
                    surface,
                    cam,
                    line,
                    SMALL,
                    (NECKLACE.centerx, NECKLACE.y + 60 + i * 28),
                    theme.TEXT_DIM,
                    anchor="midtop",
                )
            return
        box = cam.rect_to_screen(NECKLACE)
        surface.blit(art.necklace_surface(tuple(gems), max(8, box.w), max(8, box.h)), box.topleft)
        kinds = len(set(gems))
        value = ui(
            "necklace_value",
            value=money(best["value"]),
            base=number(best["value"] // max(1, kinds)),
            kinds=kinds,
        )
        self._text(
            surface,
            cam,
            value,
            BODY,
            (NECKLACE.centerx, NECKLACE_VALUE_Y),
            theme.GOLD_LIGHT,
            True,
            "midtop",
            width=NECKLACE.w + 20,
        )

    def _draw_control(self, surface: pygame.Surface, cam: Camera, control: Control) -> None:
        rect = cam.rect_to_screen(control.rect)
        if control.style == "stack":
            return
        if control.style == "card":
            self._card(surface, cam, control.gem, control.rect)
            return
        radius = max(3, rect.h // 4)
        px = self._px(cam, SMALL if control.style == "chip" else BODY * 0.92)
        if control.style == "field":
            pygame.draw.rect(surface, theme.IVORY, rect, border_radius=radius)
            focused = self.typed is not None
            pygame.draw.rect(
                surface, theme.GOLD if focused else theme.GOLD_DARK, rect, 2, border_radius=radius
            )
            label = self._typed_label() if focused else money(self.amount)
            label = theme.fit_text(label, px, rect.w - 6, True)
            theme.blit_text(surface, label, px, rect.center, theme.INK, True, "center")
            return
        enabled = control.action is not None
        if control.style == "primary":
            fill, ink = theme.GOLD, theme.INK
        elif control.selected:
            fill, ink = theme.IVORY, theme.INK
        elif control.style == "chip":
            fill, ink = theme.TABLE_LIGHT, theme.TEXT
        else:
            fill, ink = theme.PANEL, theme.TEXT
        if not enabled:
            fill, ink = theme.mix(fill, theme.TABLE, 0.6), theme.mix(ink, theme.TABLE, 0.5)
        theme.shadowed_rect(surface, rect, fill, radius, lift=2, border=theme.GOLD_DARK)
        if control.icons or control.necklace:
            self._draw_chip_icons(surface, control, rect, px, ink)
            return
        label = theme.fit_text(control.label, px, rect.w - max(6, px // 2), True)
        theme.blit_text(surface, label, px, rect.center, ink, True, "center")

    def _draw_chip_icons(
        self, surface: pygame.Surface, control: Control, rect: pygame.Rect, px: int, ink
    ) -> None:
        """A chip's gems as stones (a necklace as a tiny string) and then its cash."""
        size = rect.h * 0.78
        label = control.label
        text_w = theme.font(px, True).size(label)[0] + (4 if label else 0)
        pieces = len(control.icons)
        room = rect.w - text_w - 10 - size - (size * 1.8 if control.necklace else 0)
        step = min(size * 0.9, max(4.0, room / max(1, pieces)))
        total = step * max(0, pieces - 1) + size + text_w + (size * 1.8 if control.necklace else 0)
        x = rect.centerx - total / 2 + size / 2
        if control.necklace:
            w = round(size * 1.8)
            image = art.necklace_surface(control.necklace, max(8, w), max(8, round(size)))
            surface.blit(image, (round(x - size / 2), round(rect.centery - size / 2)))
            x += size * 1.8
        for gem in control.icons:
            art.gem(surface, gem, (x, rect.centery), size)
            x += step
        if label:
            left = x - step + size / 2 + 4
            theme.blit_text(surface, label, px, (left, rect.centery), ink, True, "midleft")

    # ------------------------------------------------------------------ every frame
    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area.clip(clip))
        self._draw_numbers(surface, cam)
        self._draw_clock(surface, cam)
        self._draw_highlights(surface, cam)
        self._draw_badges(surface, cam)
        for flyer in self.flyers:
            self._draw_flyer(surface, cam, flyer)
        if self.banner["alpha"] > 1:
            self._draw_banner(surface, cam)
        surface.set_clip(clip)

    def _draw_numbers(self, surface: pygame.Surface, cam: Camera) -> None:
        """The numbers that roll: the block's price, the seat's cash, the bank."""
        big = self._big_number()
        x = BLOCK.x + BLOCK_PAD + (84 if self._clock_left() is not None else 0)
        if not self.selling and self._shows_number():
            shown = money(round(self.roll["big"] / 100) * 100) if big is not None else "—"
            self._text(surface, cam, shown, BIG, (x, BLOCK.y + 86), theme.IVORY, True, "midleft")
        if not self.selling:
            g = max(10, round(44 * cam.scale))
            tilt = round(self.gavel["tilt"] / 5) * 5
            surface.blit(art.gavel_surface(g, tilt), cam.to_screen(BLOCK.right - 56, BLOCK.y + 6))
        if self.seat is not None:
            cash = money(round(self.roll["cash"] / 100) * 100)
            self._text(
                surface, cam, ui("your_cash", amount=cash), HEAD, CASH_POS, theme.GOLD_LIGHT, True
            )
        bank = money(round(self.roll["bank"] / 100) * 100)
        self._text(
            surface,
            cam,
            ui("bank", amount=bank),
            BODY,
            (BANK_TEXT_X, 16),
            theme.TEXT,
            True,
            width=WORLD[0] - BANK_TEXT_X - 14,
        )

    def _shows_number(self) -> bool:
        """Whether the block shows a price (an open auction shows "—" before the first bid)."""
        return self._big_number() is not None or self.view.get("phase") == "open"

    def _clock_left(self) -> float | None:
        """Seconds until the server knocks the open auction down by itself, if it will."""
        timer = self.ctx.timer
        if timer is None or self.clock_start is None or self.view.get("phase") != "open":
            return None
        return max(0.0, timer.get("seconds", 0) - (self.ctx.now - self.clock_start))

    def _draw_clock(self, surface: pygame.Surface, cam: Camera) -> None:
        left = self._clock_left()
        if left is None or self.selling:
            return
        seconds = max(1e-6, float(self.ctx.timer["seconds"]))
        centre = cam.to_screen(BLOCK.x + BLOCK_PAD + 36, BLOCK.y + 86)
        r = max(10, round(34 * cam.scale))
        width = max(2, round(6 * cam.scale))
        pygame.draw.circle(surface, theme.TABLE_DARK, centre, r)
        pygame.draw.circle(surface, theme.GOLD_DARK, centre, r, 1)
        share = left / seconds
        colour = theme.DANGER if left < 3 else theme.GOLD
        if share > 0:
            rect = pygame.Rect(0, 0, r * 2, r * 2)
            rect.center = (round(centre[0]), round(centre[1]))
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * share, width)
        theme.blit_text(
            surface, str(math.ceil(left)), self._px(cam, BODY), centre, theme.TEXT, True, "center"
        )

    def _draw_highlights(self, surface: pygame.Surface, cam: Camera) -> None:
        """Controls that play a move breathe in gold; the one under the pointer glows; the
        focused amount field shows its caret."""
        glow = pulse(self.ctx.now)
        for control in self.controls:
            rect = cam.rect_to_screen(control.rect)
            if control.style in ("stack", "card"):
                lift = 16.0 if control.style == "stack" and self._chosen(control.gem) else 0.0
                r = cam.rect_to_screen(control.rect.move(0, -lift))
                image = art.card_glow(
                    max(12, r.w), round(6 + 6 * glow if control.key != self.hover else 12)
                )
                surface.blit(image, image.get_rect(center=r.center))
                continue
            if control.key == self.hover and control.action is not None:
                pygame.draw.rect(
                    surface,
                    theme.GOLD_LIGHT,
                    rect.inflate(4, 4),
                    2,
                    border_radius=max(3, rect.h // 4),
                )
            elif control.style == "primary" and isinstance(control.action, dict):
                alpha = round(80 + 120 * glow)
                ring = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
                pygame.draw.rect(
                    ring,
                    (*theme.GOLD_LIGHT, alpha),
                    ring.get_rect(),
                    2,
                    border_radius=max(3, rect.h // 4) + 4,
                )
                surface.blit(ring, (rect.x - 4, rect.y - 4))
            if control.style == "field" and self.typed is not None and (self.ctx.now % 1.0) < 0.6:
                px = self._px(cam, BODY * 0.92)
                label = self._typed_label()
                half = theme.font(px, True).size(label)[0] / 2
                x = rect.centerx + half + 2
                pygame.draw.line(
                    surface,
                    theme.INK,
                    (x, rect.y + rect.h * 0.22),
                    (x, rect.bottom - rect.h * 0.22),
                    2,
                )
        if self.view.get("phase") == "falling":
            self._ring_seat(surface, cam, self._auction().get("asked"), glow)

    def _chosen(self, gem: str | None) -> bool:
        return bool(gem) and self._chosen_counts()[gem] > 0

    def _ring_seat(
        self, surface: pygame.Surface, cam: Camera, seat: int | None, glow: float
    ) -> None:
        order = self._order()
        if seat not in order:
            return
        col = cam.rect_to_screen(rail_column(order.index(seat), len(order)).inflate(-6, -4))
        colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, glow)
        pygame.draw.rect(
            surface,
            colour,
            col,
            max(2, round(3 * cam.scale)),
            border_radius=max(3, round(10 * cam.scale)),
        )

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
        self._blit_centered(surface, image, cam.to_screen(s.x, s.y))

    def _draw_banner(self, surface: pygame.Surface, cam: Camera) -> None:
        size = max(18, round(cam.area.h * 0.07 * self.banner["scale"]))
        text = theme.text(self.banner_text, size, theme.INK, bold=True)
        box = pygame.Surface(
            (text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA
        )
        pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
        pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
        box.blit(text, text.get_rect(center=box.get_rect().center))
        box.set_alpha(round(self.banner["alpha"]))
        self._blit_centered(surface, box, cam.to_screen(*STAGE.center))

    # ------------------------------------------------------------------ words
    def status(self) -> str | None:
        if not self.view:
            return None
        phase = PHASE_TEXT.get(self.view.get("phase", ""), {})
        rnd = ui("status_round", n=self.view.get("round", 1))
        return f"{rnd} · {i18n.pick(phase)}" if phase else rnd

    def panel_lines(self, seat: int) -> list[str]:
        """Two lines for every seat (a steady panel height): its gem count and marker, then its
        own cash (the seat shown only) and whether it runs the auction."""
        if not self.view:
            return ["", ""]
        view = self.view
        first = [count_of("gems", view["gem_counts"][seat])]
        if view["markers"][seat] or view["sold"][seat]:
            first.append(ui("marker", amount=money(view["markers"][seat])))
        second = []
        if seat == self.seat and "cash" in view:
            second.append(ui("panel_cash", amount=money(view["cash"])))
        if seat == view.get("auctioneer") and view.get("phase") != "over":
            second.append(ui("panel_auctioneer"))
        return [" · ".join(first), " · ".join(second)]

    def event_text(self, event: Event) -> str | None:
        kind = event.get("type")
        if kind == "game_over":
            return i18n.t("log.game_over")
        name = self.ctx.name
        key = kind
        fields: dict[str, Any] = {"name": name(event.get("seat"))}
        if kind == "sealed_bid" and "amount" in event:
            key, fields["amount"] = "sealed_bid_own", money(event["amount"])
        elif kind == "first_auctioneer":
            fields["bids"] = ", ".join(
                f"{name(s)} {money(b)}" for s, b in enumerate(event.get("bids", []))
            )
            fields["paid"] = money(event.get("paid", 0))
        elif kind in ("auction_opened",):
            fields["price"] = money(event.get("start_price", 0))
        elif kind == "falling_auction":
            fields.update(price=money(event.get("price", 0)), asked=name(event.get("asked")))
        elif kind == "bid":
            fields["amount"] = money(event.get("amount", 0))
        elif kind == "knocked_down":
            fields.update(name=name(event.get("buyer")), price=money(event.get("price", 0)))
        elif kind in ("accepted", "declined", "price_fell"):
            fields["price"] = money(event.get("price", 0))
        elif kind == "preempted":
            fields.update(price=money(event.get("price", 0)), accepter=name(event.get("accepter")))
        elif kind == "waived":
            fields.update(buyer=name(event.get("buyer")), price=money(event.get("price", 0)))
        elif kind == "paid":
            fields.update(price=money(event.get("price", 0)), cash=money(event.get("cash", 0)))
            gems = list(event.get("gems", [])) + [g for n in event.get("necklaces", []) for g in n]
            if gems:
                fields["gems"] = gem_list(gems)
            elif event.get("gem_count"):
                fields["gems"] = count_of("gems", event["gem_count"])
            else:
                key = "paid_cash"
        elif kind == "commission":
            if event.get("cash"):
                fields["cash"] = money(event["cash"])
            elif "gem" in event:
                key, fields["gem"] = "commission_gem_seen", gem_list([event["gem"]])
            else:
                key = "commission_gem"
        elif kind == "compensation":
            fields["amount"] = money(event.get("amount", 0))
        elif kind == "default":
            fields["price"] = money(event.get("price", 0))
            if not event.get("penalty_gem"):
                key, fields["cash"] = "default_cash", money(event.get("penalty_cash", 0))
            elif "gem" in event:
                key, fields["gem"] = "default_gem_seen", gem_list([event["gem"]])
            else:
                key = "default_gem"
        elif kind == "sold_to_bank":
            if "gems" in event:
                key = "sold_to_bank_seen"
                fields.update(
                    gems=gem_list(event["gems"]),
                    value=money(event.get("value", 0)),
                    paid=money(event.get("paid", 0)),
                    owed=money(event.get("owed", 0)),
                )
            else:
                fields["gems"] = count_of("gems", event.get("gem_count", 0))
        elif kind == "debt_paid":
            fields["amount"] = money(event.get("amount", 0))
            if event.get("into") == "marker":
                key = "debt_paid_marker"
        elif kind in ("lot_won", "lot_revealed"):
            fields["gems"] = gem_list(event.get("gems", []))
            fields["value"] = money(event.get("value", 0))
        elif kind == "second_deck":
            gifts = event.get("gifts", [])
            fields["gifts"] = ", ".join(f"{name(s)} {money(g)}" for s, g in enumerate(gifts))
            fields["cards"] = count_of("cards", event.get("cards", 0))
        if key not in EVENT_TEXT:
            return None
        return i18n.pick(EVENT_TEXT[key], **fields)

    def help_text(self) -> str:
        return i18n.pick(HELP)

    def score_text(self, score: int) -> str:
        # A final score is the value of the player's best necklace, in dollars.
        return money(score)

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        lines = []
        for seat, necklace in enumerate(outcome.get("necklaces", [])):
            if necklace:
                lines.append(
                    ui(
                        "result_line",
                        name=self.ctx.name(seat),
                        gems=gem_list(necklace),
                        value=money(outcome["scores"][seat]),
                    )
                )
            else:
                lines.append(ui("result_none", name=self.ctx.name(seat)))
        tie = self._tie_break(outcome)
        if tie:
            lines.append(tie)
        return lines

    def _tie_break(self, outcome: dict[str, Any]) -> str | None:
        """Which of the rules' tie-breaks decided the game (the engine names it), in words."""
        decided = outcome.get("decided_by")
        if decided is None:
            return None
        if decided == "gems":
            return ui("tie_gems")
        lead = outcome["winners"][0]
        value = outcome["best_outside" if decided == "outside" else "money"][lead]
        return ui(f"tie_{decided}", name=self.ctx.name(lead), value=money(value))


# The board's regions, each redrawn on its own when what it shows changes.
REGIONS: dict[str, pygame.FRect] = {
    "top": pygame.FRect(0, 0, WORLD[0], RAIL.y - 2),
    "rail": RAIL,
    "stage": STAGE,
    "corner": pygame.FRect(ME.x, ME.y, ME.w, WORLD[1] - ME.y),
}

# Event type → what it sets moving (each returns how long its step holds the queue).
STEP_HANDLERS: dict[str, Callable[[DasKollierView, Event], float]] = {
    "lot_revealed": DasKollierView._reveal,
    "lot_won": DasKollierView._carry_lot,
    "bid": DasKollierView._on_bid,
    "knocked_down": DasKollierView._on_knock,
    "paid": DasKollierView._on_paid,
    "commission": DasKollierView._on_commission,
    "compensation": DasKollierView._on_bank_pays,
    "debt_paid": DasKollierView._on_bank_pays,
    "default": DasKollierView._on_default,
    "sold_to_bank": DasKollierView._on_sale,
    "second_deck": DasKollierView._on_second_deck,
    "first_auctioneer": DasKollierView._on_first_auctioneer,
}

VIEW = DasKollierView


def _necklace_of(move: Move) -> list[str]:
    """The (first) necklace a payment or sale gives."""
    if "necklace" in move:
        return list(move["necklace"])
    necklaces = move.get("necklaces", [])
    return list(necklaces[0]) if necklaces else []


def _gems_of(move: Move) -> list[str]:
    """Every gem a payment or sale gives, singles and necklaces."""
    necklaces = [g for n in move.get("necklaces", []) for g in n]
    return list(move.get("gems", [])) + necklaces + list(move.get("necklace", []))
