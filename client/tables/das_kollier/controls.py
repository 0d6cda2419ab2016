"""The seat's action panel on Das Kollier's table: the controls for what it may do now (bids,
the choice of auction, yes/no answers, payment and sale forms, commissions), and the taps and keys
that use them.

Every control carries a legal move as the server listed it, or a number built from the listed
choices or the documented range (bids in whole thousands above the last bid; payments of gems,
necklaces and the exact cash that covers the rest). The server judges; a refusal shows as a toast.
Labels and warnings are the table's talk (shared/talk/das_kollier.py): a move with a warning (a
bid beyond the seat's means, a sale below the gems' worth…) takes a first tap that only shows the
warning and a second that plays it. No legal move is hidden: a bid beyond what the engine lists
(rules notes, decision 10) is offered with its warning too.

Buttons never change under the finger: a control that takes the place of a different one waits
SETTLE seconds before it takes a tap (greyed meanwhile), and a row holding a move that cannot be
taken back (IRREVERSIBLE) moves to the foot of the lot cloth when it would sit where a button of
the seat's previous step was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from client import i18n
from client.i18n import C_
from client.tables.base import Camera, Move, TableView
from client.tables.das_kollier.choices import gems_of, necklace_of
from client.tables.das_kollier.facts import QUICK_RAISES, STEP, TYPED_DIGITS
from client.tables.das_kollier.layout import (
    BLOCK,
    BLOCK_PAD,
    BUTTON_H,
    GAP,
    LOT,
    SELL_BUTTON,
    STAGE,
    hand_slots,
)
from client.tables.das_kollier.words import money, number
from client.ui.input import Intent
from shared.games.das_kollier.gems import KINDS, VALUE, necklace_value
from shared.talk import das_kollier as voice

# Seconds a control that took the place of another one waits before it takes a tap.
SETTLE = 0.6
# Moves that cannot be taken back: their row never sits where the previous step's buttons were.
IRREVERSIBLE = {
    "falling_auction",
    "knock_down",
    "accept",
    "decline",
    "preempt",
    "waive",
    "pay",
    "default",
    "commission",
}


def lot_foot(rect: pygame.FRect) -> pygame.FRect:
    """A block row's control in the row's other place, at the foot of the lot cloth."""
    k = (LOT.w - 2 * BLOCK_PAD) / (BLOCK.w - 2 * BLOCK_PAD)
    x = LOT.x + BLOCK_PAD + (rect.x - BLOCK.x - BLOCK_PAD) * k
    return pygame.FRect(x, rect.y, rect.w * k, rect.h)


# The chips of the quick raises (QUICK_RAISES), by control key.
RAISE_LABELS: dict[str, i18n.Term] = {
    "plus1": C_("das-kollier", "+1,000"),
    "plus5": C_("das-kollier", "+5,000"),
}


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
    # The view clock's time from which a tap counts (see SETTLE).
    ready: float = 0.0

    @property
    def identity(self) -> tuple[str, str]:
        """What the control does: its key and the kind of move (or a local change)."""
        kind = self.action.get("type", "") if isinstance(self.action, dict) else "local"
        return self.key, kind

    @property
    def irreversible(self) -> bool:
        return isinstance(self.action, dict) and self.action.get("type") in IRREVERSIBLE


class ActionPanel(TableView):
    """The controls and the input on them (a part of DasKollierView)."""

    controls: list[Control]
    # The step (phase, round, auctioneer, reruns) the controls belong to, the places of its
    # buttons so far, and those of the last earlier step that had any (the sale button aside).
    step: tuple = ()
    step_rects: list[pygame.FRect]
    previous_rects: list[pygame.FRect]
    # Rows (by height) this step has moved to the lot cloth: they stay there for the step.
    moved_rows: set[float]
    # Places of controls shown lately: (rect, identity, until when it counts).
    recent: list[tuple[pygame.FRect, tuple[str, str], float]]
    settling: dict[str, float]
    armed: tuple[str, Move] | None

    def move_places(self, move: Move) -> list[pygame.FRect]:
        """The controls that play `move`: its button, and for a payment or a sale put together
        by hand the gems it takes and the buttons that open, allow or send it."""
        keys = set()
        if move.get("type") in ("pay", "sell"):
            keys = {f"gem-{gem}" for gem in move.get("gems") or []}
            keys |= {"sell", "sale"} if move["type"] == "sell" else {"pay", "overpay"}
        return [c.rect for c in self.controls if c.action == move or c.key in keys]

    def _build(self) -> None:
        """The controls for what the seat may do now, laid out on the block and the hand; then
        kept from changing under the finger."""
        self.version += 1
        before, self.controls = self.controls, []
        if self.legal and self.view.get("phase") != "over":
            self._build_phase()
        for control in self.controls:
            if self._is_armed(control):
                control.label = i18n._("{move} — tap again", move=control.label or "…")
        self._place()
        self._settle(before)

    # ------------------------------------------------------------------ the talk of a move
    def _talk_label(self, move: Move, fallback: str = "") -> str:
        """A listed move's label as the table's talk says it."""
        entry = self.move_talk(move)
        return self.say(entry["label"]) if entry else fallback

    def _warning(self, move: Move) -> str | None:
        """The talk's warning of a move (listed, or built here: a bid or start price of any
        amount, a sale of gems chosen by hand), or None."""
        entry = self.move_talk(move)
        kind = move.get("type")
        line = None
        if entry is not None:
            line = entry["warn"]
        elif kind in ("bid", "open_auction"):
            amount = move.get("amount", move.get("start_price", 0))
            line = voice.offer_warning(self.view, amount, not self.view.get("cash_only", True))
        elif kind == "sell" and (move.get("gems") or move.get("necklace")):
            line = voice.sale_entry(self.view, move)["warn"]
        return self.say(line) if line else None

    def _is_armed(self, control: Control) -> bool:
        return (
            self.armed is not None
            and isinstance(control.action, dict)
            and self.armed == (control.key, control.action)
        )

    def _armed_warning(self) -> str | None:
        """The warning of the move tapped once, shown until it is tapped again."""
        if self.armed is None:
            return None
        return self._warning(self.armed[1])

    def _play(self, key: str, move: Move) -> Move | bool:
        """A move to send — unless it carries a warning not yet shown: then the first tap shows
        it (the button asks for a second tap) and sends nothing."""
        confirmed = self.armed == (key, move) or (
            self.overpay_ok is not None and self.overpay_ok == move
        )
        if not confirmed and self._warning(move):
            self.armed = (key, dict(move))
            self._build()
            return True
        self.armed = None
        self.typed = None
        return dict(move)

    def _build_phase(self) -> None:
        if self.selling:
            self._build_sale()
        else:
            builder = getattr(self, f"_build_{self.view.get('phase')}", None)
            if builder is not None:
                builder()
        if self._moves("sell") and not self.selling:
            self.controls.append(
                Control(
                    "sell",
                    SELL_BUTTON.copy(),
                    i18n.pgettext("das-kollier", "Sell to the bank…"),
                    self._open_sale,
                )
            )

    def _place(self) -> None:
        """Move a block row with an irreversible move to the foot of the lot cloth when it would
        sit where a button of the seat's previous step was (and the foot is free of them)."""
        view = self.view
        step = (
            view.get("phase"),
            view.get("round"),
            view.get("auctioneer"),
            len(view.get("defaulters", [])),
        )
        if step != self.step:
            if self.step_rects:
                self.previous_rects = self.step_rects
            self.step, self.step_rects, self.moved_rows = step, [], set()
        rows: dict[float, list[Control]] = {}
        for control in self.controls:
            if control.rect.h == BUTTON_H and BLOCK.contains(control.rect):
                rows.setdefault(control.rect.y, []).append(control)
        before = self.previous_rects
        for y, row in rows.items():
            moved = [lot_foot(c.rect) for c in row]
            if y not in self.moved_rows:
                if not any(c.irreversible and c.rect.collidelist(before) >= 0 for c in row):
                    continue
                if any(r.collidelist(before) >= 0 for r in moved):
                    continue
                self.moved_rows.add(y)
            for control, rect in zip(row, moved, strict=True):
                control.rect = rect
        self.step_rects += [c.rect for c in self.controls if c.key != "sell"]

    def _settle(self, before: list[Control]) -> None:
        """A control in a place where a different one was shown within SETTLE seconds takes
        no tap until SETTLE seconds from now; one that stays as it was keeps its time."""
        now = self.ctx.now
        self.recent = [r for r in self.recent if r[2] > now]
        self.recent += [(c.rect, c.identity, now + SETTLE) for c in before if c.action is not None]
        waiting = False
        for control in self.controls:
            if control.action is None:
                continue
            same = next(
                (b for b in before if b.identity == control.identity and b.rect == control.rect),
                None,
            )
            if same is not None:
                control.ready = same.ready
            elif any(
                ident != control.identity and rect.colliderect(control.rect)
                for rect, ident, _ in self.recent
            ):
                control.ready = now + SETTLE
            waiting = waiting or control.ready > now
        if waiting:
            # Frames keep coming while a control waits, so its grey lifts on time.
            self.settling["t"] = 0.0
            self.ctx.animator.animate(self.settling, SETTLE, "linear", t=1.0)

    def _settled(self, control: Control) -> bool:
        return control.action is not None and self.ctx.now >= control.ready

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
            self._field_row(self._row(1), i18n.pgettext("das-kollier", "Put down"))

    def _build_choose(self) -> None:
        falling = self._moves("falling_auction")
        if falling:
            price = money(self.view.get("lot_value", 0))
            rows = 2 if self._moves("open_auction") else 1
            self.controls.append(
                Control(
                    "falling",
                    self._row(0, rows),
                    self._talk_label(
                        falling[0],
                        i18n.pgettext("das-kollier", "Falling from {price}", price=price),
                    ),
                    falling[0],
                )
            )
        if self._moves("open_auction"):
            self._field_row(self._row(1), i18n.pgettext("das-kollier", "Open"))

    def _build_open(self) -> None:
        knock = self._moves("knock_down")
        if knock:
            self.controls.append(
                Control(
                    "knock",
                    self._row(1),
                    self._talk_label(knock[0], i18n.pgettext("das-kollier", "Knock down")),
                    knock[0],
                    "primary",
                )
            )
            return
        # Bids beyond what the engine lists are offered too, with the talk's warning.
        bids = self._moves("bid") or self._may_overbid()
        top = self._auction().get("bid")
        base = top if top is not None else self._minimum_bid() - STEP
        cells = self._split(self._row(0), [1, 1, 1])
        if bids:
            for cell, raise_, key in zip(cells, QUICK_RAISES, RAISE_LABELS, strict=False):
                move = {"type": "bid", "amount": base + raise_}
                self.controls.append(Control(key, cell, i18n._(RAISE_LABELS[key]), move, "chip"))
        passes = self._moves("pass")
        if passes:
            self.controls.append(
                Control(
                    "pass",
                    cells[2],
                    self._talk_label(passes[0], i18n.pgettext("das-kollier", "Pass")),
                    passes[0],
                )
            )
        if bids:
            self._field_row(self._row(1), i18n.pgettext("das-kollier", "Bid"))

    def _may_overbid(self) -> bool:
        """Whether the seat may bid although the engine lists no bid (beyond its means): a
        bidder to act that has not failed to pay for this lot."""
        view = self.view
        return (
            bool(self._moves("pass"))
            and self.seat != view.get("auctioneer")
            and self.seat not in view.get("defaulters", [])
        )

    def _build_falling(self) -> None:
        self._yes_no("accept", "decline")

    def _build_preempt(self) -> None:
        self._yes_no("preempt", "waive")

    def _yes_no(self, yes: str, no: str) -> None:
        """Two listed moves side by side (by move type), labelled by the talk; the first in
        gold."""
        cells = self._split(self._row(1), [1.3, 1])
        for kind, cell, style in zip((yes, no), cells, ("primary", "plain"), strict=True):
            for move in self._moves(kind):
                self.controls.append(Control(kind, cell, self._talk_label(move), move, style))

    def _build_pay(self) -> None:
        payments, defaults = self._moves("pay"), self._moves("default")
        if len(payments) == 1 or (payments and not self._mixed()):
            # One way to pay: one tap pays, with no form to confirm.
            only = payments[0]
            price = money(self._auction().get("price", 0))
            label = self._talk_label(
                only, i18n.pgettext("das-kollier", "Pay {price} in cash", price=price)
            )
            self.controls.append(
                Control(
                    "pay",
                    self._row(1),
                    label,
                    only,
                    "primary",
                    icons=list(only.get("gems", [])),
                    necklace=tuple(necklace_of(only)),
                )
            )
        elif payments:
            self._suggestions(self._row(0), payments, self._load_payment, self._cash_caption)
            neck, clear, pay = self._split(self._row(1), [1.2, 1, 1.2])
            self.controls += [
                Control(
                    "necklace",
                    neck,
                    i18n.pgettext("das-kollier", "Necklace"),
                    self._necklace_action(),
                    selected=bool(self.pick_necklaces),
                ),
                Control("clear", clear, i18n.pgettext("das-kollier", "Clear"), self._clear),
                self._pay_control(pay),
            ]
            self._hand_controls(self._cycle)
        if defaults:
            cash = [m for m in defaults if "gem" not in m]
            if cash:
                self.controls.append(
                    Control(
                        "penalty",
                        self._row(1),
                        self._talk_label(cash[0]),
                        cash[0],
                        "primary",
                    )
                )
            by_gem = {m["gem"]: m for m in defaults if "gem" in m}
            self._hand_controls(lambda kind: None, by_gem)

    def _pay_control(self, rect: pygame.FRect) -> Control:
        """The composer's Pay. Gems worth more than the price get no change: the first tap only
        warns (the block says by how much), a second one pays."""
        payment = self._payment()
        if self._overpaid() and self.overpay_ok != payment:
            label = i18n.pgettext("das-kollier", "Overpay…")
            return Control("overpay", rect, label, lambda: self._allow_overpay(payment), "primary")
        label = (
            i18n.pgettext("das-kollier", "Pay anyway")
            if self._overpaid()
            else i18n.pgettext("das-kollier", "Pay")
        )
        return Control("pay", rect, label, payment, "primary")

    def _build_commission(self) -> None:
        takes = self._moves("commission")
        gems = [m for m in takes if m.get("take") != "cash"]
        cash = [m for m in takes if m.get("take") == "cash"]
        if cash:
            self.controls.append(
                Control(
                    "cash",
                    self._row(1),
                    self._talk_label(cash[0]),
                    cash[0],
                    "primary",
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
                i18n.pgettext("das-kollier", "Necklace"),
                self._toggle_necklace,
                selected=bool(self.pick_necklaces),
            ),
            Control("clear", clear, i18n.pgettext("das-kollier", "Clear"), self._clear),
            Control(
                "sale",
                sell,
                i18n.pgettext("das-kollier", "Sell"),
                self._sale() if chosen else None,
                "primary",
            ),
            Control("cancel", cancel, i18n.pgettext("das-kollier", "Cancel"), self._close_sale),
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
        ranked = sorted(moves, key=lambda m: (bool(gems_of(m)), not necklace_of(m)))[:3]
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
                    necklace=tuple(necklace_of(move)),
                )
            )

    @staticmethod
    def _cash_caption(move: Move) -> str:
        """A payment chip's words: the cash beside its gems ("+4,000"), or the cash alone."""
        cash = move.get("cash", 0)
        if not gems_of(move):
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
            hover = self._control_at(cam, intent.pos)
            if hover != self.hover:
                self.hover = hover
                self.version += 1  # the block says what the control under the pointer does
            return False
        if kind == "tap":
            key = self._control_at(cam, intent.pos)
            control = next((c for c in self.controls if c.key == key), None)
            if self.typed is not None and key != "field":
                self.typed = None
                self.version += 1
            if control is None or control.action is None:
                return False
            if not self._settled(control):
                return True  # it just took another's place: this tap was meant for that one
            if isinstance(control.action, dict):
                return self._play(control.key, control.action)
            self.armed = None
            control.action()
            self._build()
            return True
        if kind == "confirm":
            move = self._field_move() if self._has("field") else None
            if move is not None:
                return self._play("submit", move)
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

    def tap_spots(self) -> list[tuple[str, pygame.FRect]]:
        """The controls that do something when tapped (bids, chips, the field), for the keys."""
        return [(c.key, c.rect) for c in self.controls if c.action is not None]

    def _control_at(self, cam: Camera, pos: tuple[float, float]) -> str | None:
        if not cam.area.collidepoint(pos):
            return None
        wx, wy = cam.to_world(*pos)
        for control in reversed(self.controls):
            if control.rect.collidepoint(wx, wy):
                return control.key
        return None
