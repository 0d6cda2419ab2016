"""The seat's local choices before a move is made of them: the amount in the field, the gems and
necklaces put into a payment or a bank sale. Nothing here is sent until a control sends it.

`Choices` is what the seat's panel changes as it is tapped; `Chosen` is a frozen copy of it that
the panel hands to the regions that show the choice (the hand lifts the chosen gems, the cloth
shows the sale, the block what a payment is worth), with the functions that read it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from client.tables.base import Move
from client.tables.das_kollier import facts
from client.tables.das_kollier.words import gem_count, gem_list
from client.tables.regions import Snapshot
from client.words import i18n
from shared.games.das_kollier.gems import VALUE, best_necklace, necklace_value, sort_gems


@dataclass(frozen=True)
class Chosen:
    """What the seat has put together so far (read only): single gems by kind, in the order
    they were chosen, the necklaces, and whether it is a sale to the bank."""

    pick: tuple[tuple[str, int], ...] = ()
    necklaces: tuple[tuple[str, ...], ...] = ()
    selling: bool = False

    def gems(self) -> list[str]:
        """The single gems chosen, kind after kind."""
        return [gem for gem, n in self.pick for _ in range(n)]

    def any(self) -> bool:
        """Whether anything is chosen."""
        return bool(self.pick) or bool(self.necklaces)

    def counts(self) -> Counter[str]:
        """Every gem chosen, singles and those in necklaces, by kind."""
        return Counter(dict(self.pick)) + Counter(g for n in self.necklaces for g in n)

    def worth(self) -> int:
        """What the chosen gems and necklaces are worth as payment (or sale)."""
        total = sum(VALUE[g] * n for g, n in self.pick)
        return total + sum(necklace_value(list(n)) for n in self.necklaces)

    def payment(self, price: int) -> Move:
        """The payment of `price` this choice makes: the gems, and cash for the rest."""
        return {
            "type": "pay",
            "cash": max(0, price - self.worth()),
            "gems": sort_gems(self.gems()),
            "necklaces": [list(n) for n in self.necklaces],
        }

    def overpaid(self, price: int) -> int:
        """How much the choice pays beyond `price` (no change is given)."""
        if not self.any():
            return 0
        return max(0, self.worth() - price)

    def sale(self) -> Move:
        """The sale to the bank this choice makes."""
        if self.necklaces:
            return {"type": "sell", "necklace": list(self.necklaces[0])}
        return {"type": "sell", "gems": sort_gems(self.gems())}

    def words(self) -> str:
        """What is chosen, in words ("chosen: necklace of 3 gems, ruby")."""
        parts = [
            i18n.pgettext("das-kollier", "necklace of {gems}", gems=gem_count(len(n)))
            for n in self.necklaces
        ]
        if self.pick:
            parts.append(gem_list(self.gems()))
        if parts:
            return i18n.pgettext("das-kollier", "chosen: {gems}", gems=", ".join(parts))
        return (
            i18n.pgettext("das-kollier", "nothing chosen")
            if self.selling
            else i18n.pgettext("das-kollier", "all in cash")
        )


class Choices:
    """The amount, the payment and the sale being put together, kept from update to update
    while the same step goes on."""

    def __init__(self) -> None:
        self.snap = Snapshot()
        self.amount = 0
        self.typed: str | None = None
        self.pick: Counter[str] = Counter()
        self.pick_necklaces: list[list[str]] = []
        self.selling = False
        # The overpaying payment the seat was warned of and confirmed.
        self.overpay_ok: Move | None = None
        self.context: tuple = ()

    def frozen(self) -> Chosen:
        """The choice as the other regions may read it."""
        necklaces = tuple(tuple(n) for n in self.pick_necklaces)
        return Chosen(tuple(self.pick.items()), necklaces, self.selling)

    def keep(self, snap: Snapshot, fresh: bool) -> None:
        """Start the local choices afresh when the situation changes (a new phase, round or
        lot); keep them while the same auction goes on."""
        self.snap = snap
        view = snap.view
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
            self.amount = facts.field_default(snap)
            self.overpay_ok = None
            # A sale being put together out of turn stays open while others play on.
            if not (self.selling and facts.moves(snap, "sell")):
                self.pick.clear()
                self.pick_necklaces = []
                self.selling = False
                payments = facts.moves(snap, "pay")
                if payments and facts.mixed(view):
                    self.load_payment(payments[0])
        elif view.get("phase") == "open":
            least = facts.field_default(snap)
            if self.amount < least:
                self.amount = least
        if self.selling and not facts.moves(snap, "sell"):
            self.selling = False
            self.pick.clear()
            self.pick_necklaces = []

    def price(self) -> int:
        """The price of the lot being paid for."""
        return facts.auction(self.snap.view).get("price", 0)

    def cycle(self, kind: str) -> None:
        """A tap on a stack puts one more gem of that kind into the choice, then none again."""
        if self.selling and self.pick_necklaces:
            self.pick_necklaces = []
        hand = Counter(facts.hand(self.snap)) - Counter(g for n in self.pick_necklaces for g in n)
        if self.pick[kind] < hand[kind]:
            self.pick[kind] += 1
        else:
            del self.pick[kind]

    def necklace_action(self) -> Callable[[], None] | None:
        """The necklace toggle, while the hand can make a necklace at all."""
        return self.toggle_necklace if best_necklace(facts.hand(self.snap))[0] else None

    def toggle_necklace(self) -> None:
        if self.pick_necklaces:
            self.pick_necklaces = []
            return
        if self.selling:
            self.pick.clear()
        rest = Counter(facts.hand(self.snap)) - self.pick
        value, necklace = best_necklace(sort_gems(list(rest.elements())))
        if value:
            self.pick_necklaces = [necklace]

    def clear(self) -> None:
        self.pick.clear()
        self.pick_necklaces = []

    def load_payment(self, move: Move) -> None:
        self.pick = Counter(move.get("gems", []))
        self.pick_necklaces = [list(n) for n in move.get("necklaces", [])]

    def load_sale(self, move: Move) -> None:
        self.pick = Counter(move.get("gems", []))
        self.pick_necklaces = [list(move["necklace"])] if "necklace" in move else []

    def payment(self) -> Move:
        return self.frozen().payment(self.price())

    def overpaid(self) -> int:
        """How much the chosen gems and necklaces pay beyond the price (no change is given)."""
        return self.frozen().overpaid(self.price())

    def allow_overpay(self, payment: Move) -> None:
        self.overpay_ok = payment

    def sale(self) -> Move:
        return self.frozen().sale()

    def open_sale(self) -> None:
        self.selling = True
        self.clear()
        self.typed = None

    def close_sale(self) -> None:
        self.selling = False
        self.clear()
        payments = facts.moves(self.snap, "pay")
        if payments and facts.mixed(self.snap.view):
            self.load_payment(payments[0])

    def step_amount(self, delta: int) -> None:
        self.typed = None
        least = facts.field_default(self.snap) if self.snap.view.get("phase") == "open" else 0
        self.amount = max(least, self.amount + delta)

    def focus(self) -> None:
        self.typed = ""
        pygame.key.start_text_input()

    def field_move(self) -> Move | None:
        """The move the amount field makes, by phase (only when the server lists its kind)."""
        snap = self.snap
        phase = snap.view.get("phase")
        if phase == "open" and (facts.moves(snap, "bid") or facts.may_overbid(snap)):
            return {"type": "bid", "amount": self.amount}
        if phase == "choose" and facts.moves(snap, "open_auction"):
            return {"type": "open_auction", "start_price": self.amount}
        if phase == "sealed" and facts.moves(snap, "sealed_bid"):
            return {"type": "sealed_bid", "amount": self.amount}
        return None


def necklace_of(move: Move) -> list[str]:
    """The (first) necklace a payment or sale gives."""
    if "necklace" in move:
        return list(move["necklace"])
    necklaces = move.get("necklaces", [])
    return list(necklaces[0]) if necklaces else []


def gems_of(move: Move) -> list[str]:
    """Every gem a payment or sale gives, singles and necklaces."""
    necklaces = [g for n in move.get("necklaces", []) for g in n]
    return list(move.get("gems", [])) + necklaces + list(move.get("necklace", []))


@dataclass(frozen=True)
class Desk:
    """What the panel shows the other regions: the choice put together, the warning of a move
    tapped once, the move of the control under the pointer and where the block's controls
    begin (their tops)."""

    chosen: Chosen = Chosen()
    warning: str | None = None
    hovered: Move | None = None
    tops: tuple[float, ...] = ()
