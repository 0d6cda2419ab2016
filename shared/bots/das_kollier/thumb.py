"""Das Kollier's rules of thumb (the basic level, and the strong level's pauses): bid the
minimum, with a person's pause, while the price stays within the lot's worth and one's means;
accept a falling price within them. As auctioneer, let a lot worth its base value to oneself
fall (it may be pre-empted cheaply, or it brings at least 4,000), and open the others at their
base value; pre-empt when the lot is worth more than the commission forgone; knock down once
nobody outbids. Pay in cash while it suffices, else with the gems the necklace misses least;
sell to the bank when a price cannot be paid otherwise; take the commission worth more."""

from __future__ import annotations

import random
from collections.abc import Callable

from shared.bots.das_kollier.prospect import Outlook
from shared.engine import Move, View
from shared.games.das_kollier.gems import VALUE, base_value, necklace_value, one_necklace_worth
from shared.games.das_kollier.tables import (
    CASH_ONLY_ROUNDS,
    FALLING_MIN_COMMISSION,
    SALE_CAP,
    STEP,
    half_up,
)

# The shortest pause (s) before a bot auctioneer knocks a lot down: longer than any bot's bid.
KNOCK_DOWN_MIN = 4.0
# Sealed bid for the right to run the first auction.
SEALED_BID = 2_000


def basic(view: View, legal: list[Move], rng: random.Random) -> Move | None:
    """The rules-of-thumb move for the phase at hand (None: no bid for now)."""
    return BASIC_BY_PHASE[view["phase"]](view, legal, Outlook(view))


def mixed_payment(view: View) -> bool:
    """Whether a lot bought in an open auction now may be paid with gems."""
    return view["round"] > CASH_ONLY_ROUNDS


def sealed(view: View, legal: list[Move], outlook: Outlook) -> Move:
    """A small bid for the right to run the first auction."""
    bids = [m for m in legal if m["type"] == "sealed_bid"]
    return min(bids, key=lambda m: abs(m["amount"] - SEALED_BID))


def choose(view: View, legal: list[Move], outlook: Outlook) -> Move:
    """Let a lot worth its base value to oneself fall; open the others at their base value."""
    opens = [m for m in legal if m["type"] == "open_auction"]
    if not opens or outlook.worth(view["lot"]) >= view["lot_value"]:
        return {"type": "falling_auction"}
    return min(opens, key=lambda m: m["start_price"])


def open_auction(view: View, legal: list[Move], outlook: Outlook) -> Move | None:
    """The auctioneer knocks down once every other seat has passed (after a pause; before
    that the quiet time does it); a bidder bids the minimum while it stays within his limit."""
    knock = {"type": "knock_down"}
    if view["seat"] == view["auctioneer"]:
        return knock if knock in legal else None
    auction = view["auction"]
    minimum = auction["start_price"] if auction["bid"] is None else auction["bid"] + STEP
    if minimum > outlook.limit(mixed_payment(view)):
        return None
    bid = {"type": "bid", "amount": minimum}
    return bid if bid in legal else None


def falling(view: View, legal: list[Move], outlook: Outlook) -> Move:
    """Accept a price within the limit (cash only)."""
    accept = {"type": "accept"}
    if accept in legal and view["auction"]["price"] <= outlook.limit(False):
        return accept
    return {"type": "decline"}


def forgone_commission(view: View, price: int) -> int:
    """What the auctioneer gets when another pays `price` in a falling auction."""
    share = half_up(price)
    return max(share, min(FALLING_MIN_COMMISSION, share + view["bank"]))


def preempt(view: View, legal: list[Move], outlook: Outlook) -> Move:
    """Take the lot when it is worth more than the price plus the commission forgone."""
    price = view["auction"]["price"]
    take = {"type": "preempt"}
    if take in legal and outlook.worth(view["lot"]) - price > forgone_commission(view, price):
        return take
    return {"type": "waive"}


def pay(view: View, legal: list[Move], outlook: Outlook) -> Move:
    """Cash when it suffices, else the gems missed least; when nothing pays, a sale to the bank
    that makes it possible; else the cheapest default."""
    payments = [m for m in legal if m["type"] == "pay"]
    if payments:
        return min(payments, key=lambda m: payment_cost(outlook, m))
    price = view["auction"]["price"]
    mixed = view["auction"]["kind"] == "open" and mixed_payment(view)
    for sale in sorted(
        (m for m in legal if m["type"] == "sell"), key=lambda m: outlook.loss(sold_gems(m))
    ):
        if pays_after_sale(view, sale, price, mixed):
            return sale
    defaults = [m for m in legal if m["type"] == "default"]
    return min(defaults, key=lambda m: default_cost(outlook, m))


def payment_cost(outlook: Outlook, move: Move) -> float:
    gems = move["gems"] + [g for necklace in move["necklaces"] for g in necklace]
    return move["cash"] + (outlook.loss(gems) / outlook.rate + base_value(gems) if gems else 0)


def default_cost(outlook: Outlook, move: Move) -> float:
    if "gem" not in move:
        return min(outlook.cash, 3_000)
    return outlook.loss([move["gem"]]) / outlook.rate + VALUE[move["gem"]]


def sold_gems(move: Move) -> list[str]:
    return move.get("gems") or move.get("necklace") or []


def pays_after_sale(view: View, sale: Move, price: int, mixed: bool) -> bool:
    """Whether the cash the bank pays now for `sale` (and, when gems may pay, the hand left)
    covers `price`."""
    gems = sold_gems(sale)
    value = base_value(gems) if "gems" in sale else necklace_value(gems)
    cash = view["cash"] + min(value, SALE_CAP, view["bank"])
    if cash >= price:
        return True
    if not mixed:
        return False
    hand = list(view["gems"])
    for gem in gems:
        hand.remove(gem)
    return cash + one_necklace_worth(hand) >= price


def commission(view: View, legal: list[Move], outlook: Outlook) -> Move:
    """Half the cash or a gem paid, whichever is worth more."""
    cash = half_up(view["auction"]["paid_cash"])

    def worth(move: Move) -> float:
        return cash if move["take"] == "cash" else outlook.worth([move["take"]])

    return max((m for m in legal if m["type"] == "commission"), key=worth)


BASIC_BY_PHASE: dict[str, Callable[[View, list[Move], Outlook], Move | None]] = {
    "sealed": sealed,
    "choose": choose,
    "open": open_auction,
    "falling": falling,
    "preempt": preempt,
    "pay": pay,
    "commission": commission,
}


def delay(view: View, move: Move, rng: random.Random) -> float:
    """A person's pause: quick for an eager bid, slower near one's limit; the auctioneer waits
    longer than any bidder before knocking down, most of the table's quiet time (so that people
    at the table have time to think), never less than KNOCK_DOWN_MIN seconds."""
    kind = move["type"]
    if kind == "knock_down":
        quiet = view["options"]["quiet_time"]
        return max(KNOCK_DOWN_MIN, quiet * (0.75 + 0.2 * rng.random()))
    if kind == "bid":
        outlook = Outlook(view)
        eager = outlook.limit(mixed_payment(view)) - move["amount"] >= 3 * STEP
        return (0.8 + rng.random()) if eager else (1.8 + 1.7 * rng.random())
    return 0.8 + 1.2 * rng.random()
