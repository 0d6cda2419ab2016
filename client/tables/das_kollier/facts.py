"""What Das Kollier's view tells the table: the moves listed of a kind, the auction, the
seats in panel order, the hand. Also the rules' numbers the table works with."""

from __future__ import annotations

from typing import Any

from client.tables.base import Move, TableView

CASH_ONLY_ROUNDS = 6
STEP = 1_000
QUICK_RAISES = (1_000, 5_000)
SALE_CAP = 10_000
MARKER = 1_000
TYPED_DIGITS = 4


class ViewFacts(TableView):
    """Facts read from the last update (a part of DasKollierView)."""

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
