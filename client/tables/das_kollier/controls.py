"""The controls of Das Kollier's table for what the seat may do now (bids, the choice of
auction, yes/no answers, payment and sale forms, commissions), built from the snapshot and the
seat's choices; the seat's panel (panel.py) shows them and takes their taps.

Every control carries a legal move as the server listed it, or a number built from the listed
choices or the documented range (bids in whole thousands above the last bid; payments of gems,
necklaces and the exact cash that covers the rest). The server judges; a refusal shows as a toast.
Labels and warnings are the table's talk (shared/talk/das_kollier/): a move with a warning (a
bid beyond the seat's means, a sale below the gems' worth…) takes a first tap that only shows the
warning and a second that plays it. No legal move is hidden: a bid beyond what the engine lists
(rules notes, decision 10) is offered with its warning too.

Which moves cannot be taken back (IRREVERSIBLE) is said here: the panel keeps their rows from
sitting where a button of the seat's previous step was (`lot_foot`, their other place).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from client.tables.base import Move
from client.tables.das_kollier import facts
from client.tables.das_kollier.choices import Choices, gems_of, necklace_of
from client.tables.das_kollier.facts import QUICK_RAISES, STEP
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
from client.tables.regions import Snapshot
from client.words import i18n
from client.words.i18n import C_
from shared.games.das_kollier.gems import KINDS, VALUE, necklace_value

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
    # The view clock's time from which a tap counts (see panel.SETTLE).
    ready: float = 0.0

    @property
    def identity(self) -> tuple[str, str]:
        """What the control does: its key and the kind of move (or a local change)."""
        kind = self.action.get("type", "") if isinstance(self.action, dict) else "local"
        return self.key, kind

    @property
    def irreversible(self) -> bool:
        return isinstance(self.action, dict) and self.action.get("type") in IRREVERSIBLE


def build(snap: Snapshot, choices: Choices) -> list[Control]:
    """The controls for what the seat may do now, laid out on the block and the hand."""
    return Builder(snap, choices).controls


class Builder:
    """Puts the controls of one moment together: a row of buttons per listed kind of move, the
    amount field and the payment or sale being composed."""

    def __init__(self, snap: Snapshot, choices: Choices) -> None:
        self.snap = snap
        self.choices = choices
        self.controls: list[Control] = []
        if snap.legal and snap.view.get("phase") != "over":
            self._build_phase()

    def _talk_label(self, move: Move, fallback: str = "") -> str:
        """A listed move's label as the table's talk says it."""
        entry = self.snap.move_talk(move)
        return self.snap.say(entry["label"]) if entry else fallback

    def _build_phase(self) -> None:
        if self.choices.selling:
            self._build_sale()
        else:
            builder = getattr(self, f"_build_{self.snap.view.get('phase')}", None)
            if builder is not None:
                builder()
        if facts.moves(self.snap, "sell") and not self.choices.selling:
            self.controls.append(
                Control(
                    "sell",
                    SELL_BUTTON.copy(),
                    i18n.pgettext("das-kollier", "Sell to the bank…"),
                    self.choices.open_sale,
                )
            )

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
        move = self.choices.field_move()
        minus, box, plus, send = self._split(row, [0.6, 1.9, 0.6, 2.0])
        self.controls += [
            Control("minus", minus, "−", lambda: self.choices.step_amount(-STEP), "step"),
            Control("field", box, "", self.choices.focus, "field"),
            Control("plus", plus, "+", lambda: self.choices.step_amount(STEP), "step"),
            Control("submit", send, submit, move, "primary"),
        ]

    def _build_sealed(self) -> None:
        if facts.moves(self.snap, "sealed_bid"):
            self._field_row(self._row(1), i18n.pgettext("das-kollier", "Put down"))

    def _build_choose(self) -> None:
        falling = facts.moves(self.snap, "falling_auction")
        if falling:
            price = money(self.snap.view.get("lot_value", 0))
            rows = 2 if facts.moves(self.snap, "open_auction") else 1
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
        if facts.moves(self.snap, "open_auction"):
            self._field_row(self._row(1), i18n.pgettext("das-kollier", "Open"))

    def _build_open(self) -> None:
        knock = facts.moves(self.snap, "knock_down")
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
        bids = facts.moves(self.snap, "bid") or facts.may_overbid(self.snap)
        top = facts.auction(self.snap.view).get("bid")
        base = top if top is not None else facts.minimum_bid(self.snap.view) - STEP
        cells = self._split(self._row(0), [1, 1, 1])
        if bids:
            for cell, raise_, key in zip(cells, QUICK_RAISES, RAISE_LABELS, strict=False):
                move = {"type": "bid", "amount": base + raise_}
                self.controls.append(Control(key, cell, i18n._(RAISE_LABELS[key]), move, "chip"))
        passes = facts.moves(self.snap, "pass")
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

    def _build_falling(self) -> None:
        self._yes_no("accept", "decline")

    def _build_preempt(self) -> None:
        self._yes_no("preempt", "waive")

    def _yes_no(self, yes: str, no: str) -> None:
        """Two listed moves side by side (by move type), labelled by the talk; the first in
        gold."""
        cells = self._split(self._row(1), [1.3, 1])
        for kind, cell, style in zip((yes, no), cells, ("primary", "plain"), strict=True):
            for move in facts.moves(self.snap, kind):
                self.controls.append(Control(kind, cell, self._talk_label(move), move, style))

    def _build_pay(self) -> None:
        payments, defaults = facts.moves(self.snap, "pay"), facts.moves(self.snap, "default")
        if len(payments) == 1 or (payments and not facts.mixed(self.snap.view)):
            # One way to pay: one tap pays, with no form to confirm.
            only = payments[0]
            price = money(facts.auction(self.snap.view).get("price", 0))
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
            self._suggestions(self._row(0), payments, self.choices.load_payment, self._cash_caption)
            neck, clear, pay = self._split(self._row(1), [1.2, 1, 1.2])
            self.controls += [
                Control(
                    "necklace",
                    neck,
                    i18n.pgettext("das-kollier", "Necklace"),
                    self.choices.necklace_action(),
                    selected=bool(self.choices.pick_necklaces),
                ),
                Control("clear", clear, i18n.pgettext("das-kollier", "Clear"), self.choices.clear),
                self._pay_control(pay),
            ]
            self._hand_controls(self.choices.cycle)
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
        payment = self.choices.payment()
        if self.choices.overpaid() and self.choices.overpay_ok != payment:
            label = i18n.pgettext("das-kollier", "Overpay…")
            return Control(
                "overpay", rect, label, lambda: self.choices.allow_overpay(payment), "primary"
            )
        label = (
            i18n.pgettext("das-kollier", "Pay anyway")
            if self.choices.overpaid()
            else i18n.pgettext("das-kollier", "Pay")
        )
        return Control("pay", rect, label, payment, "primary")

    def _build_commission(self) -> None:
        takes = facts.moves(self.snap, "commission")
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
        sales = facts.moves(self.snap, "sell")
        self._suggestions(self._sale_row(0), sales, self.choices.load_sale, self._worth_caption)
        neck, clear, sell, cancel = self._split(self._sale_row(1), [1.1, 0.9, 1.1, 1.1])
        chosen = bool(self.choices.pick) or bool(self.choices.pick_necklaces)
        self.controls += [
            Control(
                "necklace",
                neck,
                i18n.pgettext("das-kollier", "Necklace"),
                self.choices.toggle_necklace,
                selected=bool(self.choices.pick_necklaces),
            ),
            Control("clear", clear, i18n.pgettext("das-kollier", "Clear"), self.choices.clear),
            Control(
                "sale",
                sell,
                i18n.pgettext("das-kollier", "Sell"),
                self.choices.sale() if chosen else None,
                "primary",
            ),
            Control(
                "cancel", cancel, i18n.pgettext("das-kollier", "Cancel"), self.choices.close_sale
            ),
        ]
        self._hand_controls(self.choices.cycle)

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
        kinds = sorted(set(facts.hand(self.snap)), key=KINDS.index)
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
