"""The seat's local choices before a move is made of them: the amount in the field, the gems and
necklaces put into a payment or a bank sale. Nothing here is sent until a control sends it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from client import i18n
from client.tables.base import Move, TableView, View
from client.tables.das_kollier.words import gem_count, gem_list
from shared.games.das_kollier.gems import VALUE, best_necklace, necklace_value, sort_gems


class LocalChoices(TableView):
    """The amount, the payment and the sale being put together (a part of DasKollierView)."""

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
            self.amount = self._field_default()
            self.overpay_ok = None
            # A sale being put together out of turn stays open while others play on.
            if not (self.selling and self._moves("sell")):
                self.pick.clear()
                self.pick_necklaces = []
                self.selling = False
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

    def _overpaid(self) -> int:
        """How much the chosen gems and necklaces pay beyond the price (no change is given)."""
        if not self.pick and not self.pick_necklaces:
            return 0
        return max(0, self._worth() - self._auction().get("price", 0))

    def _allow_overpay(self, payment: Move) -> None:
        self.overpay_ok = payment

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
        if phase == "open" and (self._moves("bid") or self._may_overbid()):
            return {"type": "bid", "amount": self.amount}
        if phase == "choose" and self._moves("open_auction"):
            return {"type": "open_auction", "start_price": self.amount}
        if phase == "sealed" and self._moves("sealed_bid"):
            return {"type": "sealed_bid", "amount": self.amount}
        return None

    def _chosen_words(self) -> str:
        parts = [
            i18n.pgettext("das-kollier", "necklace of {gems}", gems=gem_count(len(n)))
            for n in self.pick_necklaces
        ]
        if self.pick:
            parts.append(gem_list(list(self.pick.elements())))
        if parts:
            return i18n.pgettext("das-kollier", "chosen: {gems}", gems=", ".join(parts))
        return (
            i18n.pgettext("das-kollier", "nothing chosen")
            if self.selling
            else i18n.pgettext("das-kollier", "all in cash")
        )

    def _chosen_counts(self) -> Counter[str]:
        return Counter(self.pick) + Counter(g for n in self.pick_necklaces for g in n)

    def _chosen(self, gem: str | None) -> bool:
        return bool(gem) and self._chosen_counts()[gem] > 0


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
