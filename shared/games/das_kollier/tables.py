"""Das Kollier's numbers and tables: the rules' amounts, the phases, and the moves and events
built once and shared by every `legal_moves` and `apply` answer (read-only, see
`engine.ListedMove` and `engine.SharedEvent`)."""

from __future__ import annotations

from typing import Any

from shared.engine import ListedMove, Move, SharedEvent, SharedEvents
from shared.games.das_kollier.gems import VALUE, necklace_value, sort_gems

GAME_ID = "das-kollier"
TOTAL_MONEY = 60_000
TOTAL_MONEY = 60_000
# Base value a lot must reach before it is auctioned, by number of players.
THRESHOLD = {3: 6_000, 4: 6_000, 5: 5_000, 6: 4_000}
STEP = 1_000  # bids, start prices and the falling price move in whole thousands
CASH_ONLY_ROUNDS = 6
PENALTY = 3_000
FALLING_MIN_COMMISSION = 4_000
COMPENSATION = 1_000  # to the player whose purchase the auctioneer pre-empted
SALE_CAP = 10_000
MARKER = 1_000
SECOND_DECK_GIFT = 3_000
# No hand is worth this much, so no honest price is refused.
MAX_PRICE = 2_000_000
MAX_PLAYERS = 6
LISTED_RAISES = (0, 1_000, 2_000, 5_000)
OVERBID_ALLOWANCE = 1_000


class MoveTable(dict):
    """Moves built once, on first use, by their one argument (an amount, a gem): the listed
    moves every `legal_moves` answer shares (read-only, see `engine.ListedMove`)."""

    def __init__(self, kind: str, field: str) -> None:
        super().__init__()
        self.kind, self.field = kind, field

    def __missing__(self, value: Any) -> ListedMove:
        move = self[value] = ListedMove({"type": self.kind, self.field: value})
        return move


BIDS = MoveTable("bid", "amount")
START_PRICES = MoveTable("open_auction", "start_price")
SEALED_BIDS = MoveTable("sealed_bid", "amount")
COMMISSIONS = MoveTable("commission", "take")
DEFAULT_GEMS = MoveTable("default", "gem")
PASS, KNOCK_DOWN = ListedMove(type="pass"), ListedMove(type="knock_down")


class RaisedLists(dict):
    """LISTS[first][k]: the moves of `table` (by amount) listed from `first` when the first k
    of LISTED_RAISES are within the seat's limit, then `last`."""

    def __init__(self, table: MoveTable, last: Move) -> None:
        super().__init__()
        self.table, self.last = table, last

    def __missing__(self, first: int) -> tuple[tuple[Move, ...], ...]:
        moves = [self.table[first + r] for r in LISTED_RAISES]
        lists = self[first] = tuple((*moves[:k], self.last) for k in range(len(moves) + 1))
        return lists


class Payments(dict):
    """PAYMENTS[cash, gem, necklace]: the listed payment of `cash` and one single `gem` (or
    None) or one `necklace` (a tuple of gems, or empty), built once (read-only). `facts` holds
    what checking each one needs, by the move's id: (the move, the gems it pays as the move
    lists them, the same most valuable first, their worth), so that `move_pay` need not work
    them out again."""

    def __init__(self) -> None:
        super().__init__()
        self.facts: dict[int, tuple[ListedMove, tuple[str, ...], tuple[str, ...], int]] = {}

    def __missing__(self, key: tuple[int, str | None, tuple[str, ...]]) -> ListedMove:
        cash, gem, necklace = key
        if len(self) >= PAYMENTS_KEPT:
            self.clear()
            self.facts.clear()
        move = self[key] = ListedMove(
            pay_move(cash, [gem] if gem else [], [[*necklace]] if necklace else [])
        )
        worth = (VALUE[gem] if gem else 0) + (necklace_value(necklace) if necklace else 0)
        paid = (gem, *necklace) if gem else necklace
        # Each entry keeps its move alive, so its id cannot pass to another object.
        self.facts[id(move)] = (move, paid, tuple(sort_gems(paid)), worth)
        return move


PAYMENTS = Payments()
PAYMENT_FACTS = PAYMENTS.facts
PAYMENTS_KEPT = 20_000  # payments remembered; the memory starts afresh beyond that
ACCEPT, DECLINE = ListedMove(type="accept"), ListedMove(type="decline")
PREEMPT, WAIVE = ListedMove(type="preempt"), ListedMove(type="waive")
FALLING_AUCTION, DEFAULT = ListedMove(type="falling_auction"), ListedMove(type="default")
# The commonest events, shared (read-only): DECLINED[seat][price], PASSED[seat],
# BID_EVENTS[seat][amount], PRICE_FELL[price]. By seat they are tuples: a tuple is read in
# half the time of a table that builds on first use (a dict subclass).
SEATS = range(MAX_PLAYERS)
DECLINED = tuple(
    SharedEvents(lambda price, seat=seat: SharedEvent(type="declined", seat=seat, price=price))
    for seat in SEATS
)
PASSED = tuple(SharedEvent(type="passed", seat=seat) for seat in SEATS)
BID_EVENTS = tuple(
    SharedEvents(lambda amount, seat=seat: SharedEvent(type="bid", seat=seat, amount=amount))
    for seat in SEATS
)
PRICE_FELL = SharedEvents(lambda price: SharedEvent(type="price_fell", price=price))
# The bids of an open auction from a minimum, then the pass; the start prices of a lot of a
# base value, then the falling auction.
BID_LISTS = RaisedLists(BIDS, PASS)
START_LISTS = RaisedLists(START_PRICES, FALLING_AUCTION)

# The phases in which the auctioneer alone is to act.
AUCTIONEER_ACTS = frozenset({"choose", "preempt", "commission"})
PHASE_NAMES = {
    "sealed": "the sealed bids for the first auction",
    "choose": "the auctioneer's choice of auction",
    "open": "an open auction",
    "falling": "a falling auction",
    "preempt": "the auctioneer's choice whether to pre-empt",
    "pay": "the payment for a lot",
    "commission": "the auctioneer's choice of commission",
}
# OTHERS[players][seat]: the other seats, in seat order.
OTHERS = {n: [tuple(s for s in range(n) if s != seat) for seat in range(n)] for n in range(3, 7)}
# OPEN_BIDDERS[players][auctioneer][bidder]: who is to act in an open auction in which nobody
# has passed since the last bid (bidder None: since the start), and who is left after passes,
# by the passes in their order (a few hundred orders per auctioneer and bidder, remembered as
# met).
OPEN_BIDDERS: dict[int, list[dict[int | None, tuple[tuple[int, ...], dict]]]] = {
    n: [
        {
            bidder: (tuple(s for s in others if s != bidder) or (a,), {})
            for bidder in [None, *range(n)]
        }
        for a, others in enumerate(OTHERS[n])
    ]
    for n in OTHERS
}
OPEN_ORDERS_KEPT = 1_000
SALE_PHASES = ("sealed", "choose", "open", "falling", "preempt", "pay", "commission")
# Move type -> the phases it belongs to.
MOVE_PHASES = {
    "sealed_bid": ("sealed",),
    "open_auction": ("choose",),
    "falling_auction": ("choose",),
    "bid": ("open",),
    "pass": ("open",),
    "knock_down": ("open",),
    "accept": ("falling",),
    "decline": ("falling",),
    "preempt": ("preempt",),
    "waive": ("preempt",),
    "pay": ("pay",),
    "default": ("pay",),
    "commission": ("commission",),
    "sell": SALE_PHASES,
}


def money(amount: int) -> str:
    return f"{amount:,}"


def half_up(cash: int) -> int:
    """Half of a sum, rounded up to the next 1,000 (the auctioneer's way)."""
    return (cash // STEP + 1) // 2 * STEP


def pay_move(cash: int, gems: list[str], necklaces: list[list[str]]) -> Move:
    return {"type": "pay", "cash": cash, "gems": gems, "necklaces": necklaces}
