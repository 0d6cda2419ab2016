"""What an update of Das Kollier tells the table: the moves listed of a kind, the auction, the
seats in panel order, the hand; also the rules' numbers the table works with. Functions of the
snapshot (client/tables/regions.py), which every region may use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.tables.base import Move
from client.tables.regions import Snapshot
from client.words import i18n

CASH_ONLY_ROUNDS = 6
STEP = 1_000
QUICK_RAISES = (1_000, 5_000)
SALE_CAP = 10_000
MARKER = 1_000
TYPED_DIGITS = 4


def moves(snap: Snapshot, kind: str) -> list[Move]:
    """The legal moves of one type."""
    return [m for m in snap.legal if m.get("type") == kind]


def auction(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The auction going on (empty when none is)."""
    return view.get("auction") or {}


def mixed(view: Mapping[str, Any]) -> bool:
    """Whether the lot being paid for may be paid with gems and necklaces."""
    return auction(view).get("kind") == "open" and view.get("round", 0) > CASH_ONLY_ROUNDS


def minimum_bid(view: Mapping[str, Any]) -> int:
    """The least bid the open auction takes now."""
    live = auction(view)
    if live.get("bid") is None:
        return live.get("start_price", 0)
    return live["bid"] + STEP


def field_default(snap: Snapshot) -> int:
    """The amount the field shows when a step begins."""
    phase = snap.view.get("phase")
    if phase == "open":
        return minimum_bid(snap.view)
    if phase == "choose":
        starts = [m["start_price"] for m in moves(snap, "open_auction")]
        return min(starts) if starts else snap.view.get("lot_value", 0)
    return 0


def big_number(view: Mapping[str, Any]) -> int | None:
    """The price the block shows in large type (None: no price now)."""
    phase, live = view.get("phase"), auction(view)
    if phase == "open":
        return live.get("bid") if live.get("bid") is not None else None
    if phase in ("falling", "preempt", "pay"):
        return live.get("price")
    if phase == "choose":
        return view.get("lot_value")
    if phase == "sealed":
        return view.get("sealed_bid")
    return None


def shows_number(view: Mapping[str, Any]) -> bool:
    """Whether the block shows a price (an open auction shows "—" before the first bid)."""
    return big_number(view) is not None or view.get("phase") == "open"


def may_overbid(snap: Snapshot) -> bool:
    """Whether the seat may bid although the engine lists no bid (beyond its means): a bidder
    to act that has not failed to pay for this lot."""
    view = snap.view
    return (
        bool(moves(snap, "pass"))
        and snap.seat != view.get("auctioneer")
        and snap.seat not in view.get("defaulters", [])
    )


def order(snap: Snapshot) -> list[int]:
    """Seats in the panels' order: clockwise from the one after the seat shown."""
    n = snap.view.get("players", 0)
    me = snap.seat if isinstance(snap.seat, int) else n - 1
    return [(me + 1 + i) % n for i in range(n)]


def hand(snap: Snapshot) -> list[str]:
    """The gems of the seat shown (none for a spectator)."""
    return list(snap.view.get("gems", []))


def words(snap: Snapshot) -> tuple[str, list[str]]:
    """What the words drawn depend on besides the view: the language and the players' names."""
    return i18n.language(), [snap.name(s) for s in range(snap.view.get("players", 0))]
