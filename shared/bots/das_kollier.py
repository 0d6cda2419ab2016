"""Bots for Das Kollier.

Only the best necklace counts at the end, so money is worth what it can still buy. A hand is
judged by its prospect: the best necklace, each single gem counted as part of the pair it may
still become (more likely the more copies of its kind are still to come). A lot is worth what it
adds to the prospect, turned into dollars at a price per point that rises as the cards run out
(money left at the end buys nothing), plus a little for its gems as payment later.

Rules of thumb (basic): bid the minimum, with a person's pause, while the price stays within the
lot's worth and one's means; accept a falling price within them. As auctioneer, let a lot worth
its base value to oneself fall (it may be pre-empted cheaply, or it brings at least 4,000), and
open the others at their base value; pre-empt when the lot is worth more than the commission
forgone; knock down once nobody outbids. Pay in cash while it suffices, else with the gems the
necklace misses least; sell to the bank when a price cannot be paid otherwise; take the
commission worth more.

Strong: the generic search weighs a few telling moves (`candidates`: the lowest bid or passing,
no sales to the bank unless a price needs one) and judges each position by playing the rest of
the game out fast by those rules of thumb (`Playout`). Money and lots won are secret in the
view but every cash amount and every lot won is announced, so the seat remembers them from the
events it saw (`remember`): the imagined states have everyone's true cash and the gems the
others are known to hold.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from shared.bots.base import Policy
from shared.engine import Event, Move, State, View, get_game
from shared.games.das_kollier.gems import (
    CARDS,
    GEMS,
    KINDS,
    RANK,
    SET_ASIDE,
    VALUE,
    base_value,
    necklace_value,
    one_necklace_worth,
    sort_gems,
)
from shared.games.das_kollier.hands import biggest_pieces_payment, can_pay
from shared.games.das_kollier.tables import (
    CASH_ONLY_ROUNDS,
    FALLING_MIN_COMMISSION,
    PENALTY,
    SALE_CAP,
    SECOND_DECK_GIFT,
    STEP,
    THRESHOLD,
    TOTAL_MONEY,
    half_up,
)

GAME = get_game("das-kollier")
VALUES = [gem.value for gem in GEMS]
ALL_COUNTS = [CARDS[kind] for kind in KINDS]
TOTAL_CARDS = sum(ALL_COUNTS)

# A single gem becomes a pair with this chance per copy of its kind still to come, shared among
# the players, but at most with MAX_PAIR_CHANCE.
PAIR_CHANCE = 0.6
MAX_PAIR_CHANCE = 0.6
# Points of prospect a dollar buys with the whole game ahead; it falls with the share of the
# cards still to come (counted as at least FEW_LEFT).
POINTS_PER_DOLLAR = 5.0
FEW_LEFT = 0.05
# A lot is also worth this share of its base value as future payment.
RESALE_SHARE = 0.3
# The shortest pause (s) before a bot auctioneer knocks a lot down: longer than any bot's bid.
KNOCK_DOWN_MIN = 4.0
# Sealed bid for the right to run the first auction.
SEALED_BID = 2_000
SEALED_CHOICES = (0, 1_000, 2_000, 4_000)
# evaluate: the played-out game's win counts WIN_WEIGHT, the rest a soft lead (over this many
# points) of the seat's necklace over the best other.
WIN_WEIGHT = 0.7
LEAD_SCALE = 40_000.0


# ---------------------------------------------------------------------- prospects


def counts_of(gems: list[str]) -> list[int]:
    counts = [0] * len(KINDS)
    for gem in gems:
        counts[RANK[gem]] += 1
    return counts


def prospect(counts: list[int], chances: list[float]) -> float:
    """The best necklace of a hand, each single gem counted as its pair times the chance that
    the pair is completed (kinds count likewise in part). With no chances it is the best
    necklace's value."""
    best = 0.0
    below_sum = 0.0
    below_kinds = 0.0
    for j in reversed(range(len(KINDS))):
        held = counts[j]
        if held:
            centre_sum = VALUES[j] + below_sum
            # Fewer than one other kind: a necklace only in part, up to its value with one.
            worth = (
                centre_sum * (1 + below_kinds) if below_kinds >= 1 else 2 * centre_sum * below_kinds
            )
            best = max(best, worth)
        if held >= 2:
            below_sum += 2 * (held // 2) * VALUES[j] + (held % 2) * chances[j] * 2 * VALUES[j]
            below_kinds += 1
        elif held == 1:
            below_sum += chances[j] * 2 * VALUES[j]
            below_kinds += chances[j]
    return best


def pair_chances(future: list[float], players: int) -> list[float]:
    """Per kind, the chance that a single gem finds its partner among `future` copies."""
    return [min(MAX_PAIR_CHANCE, PAIR_CHANCE * copies / players) for copies in future]


def points_per_dollar(after: float) -> float:
    """What a dollar buys in points of prospect when `after` (a share) of the game's cards are
    still to be auctioned after the lot on the table."""
    return POINTS_PER_DOLLAR * max(FEW_LEFT, after)


class Outlook:
    """One seat's judgement from its view: what gems add to its prospect, in dollars."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.counts = counts_of(view["gems"])
        self.cash: int = view["cash"]
        deck_one = view["deck_number"] == 1
        known = counts_of(view["gems"] + view["lot"] + paid_gems_seen(view))
        set_aside = counts_of(list(SET_ASIDE)) if set_aside_known(view) else [0] * len(KINDS)
        unseen = [ALL_COUNTS[j] - known[j] - set_aside[j] for j in range(len(KINDS))]
        # The deck (and in the first deck the bank's pile) is drawn from the unseen cards.
        drawn = view["deck_count"] + (view["bank_gem_count"] if deck_one else 0)
        hidden = sum(unseen)
        future = [
            (u * drawn / hidden if hidden else 0.0) + s
            for u, s in zip(unseen, set_aside, strict=True)
        ]
        coming = drawn + (view["set_aside_count"] if deck_one else 0)
        self.chances = pair_chances(future, view["players"])
        self.rate = points_per_dollar(coming / TOTAL_CARDS)
        self.now = prospect(self.counts, self.chances)

    def gain(self, gems: list[str]) -> float:
        """Points `gems` add to the prospect."""
        after = self.counts[:]
        for gem in gems:
            after[RANK[gem]] += 1
        return prospect(after, self.chances) - self.now

    def loss(self, gems: list[str]) -> float:
        """Points giving up `gems` takes from the prospect."""
        after = self.counts[:]
        for gem in gems:
            after[RANK[gem]] -= 1
        return self.now - prospect(after, self.chances)

    def worth(self, gems: list[str]) -> float:
        """What `gems` are worth to this seat, in dollars."""
        return self.gain(gems) / self.rate + RESALE_SHARE * base_value(gems)

    def means(self, mixed: bool) -> int:
        """Cash, and (when gems may pay) the base value of the gems outside the best necklace."""
        return self.cash + (outside_value(self.counts) if mixed else 0)

    def limit(self, mixed: bool) -> int:
        """The most this seat offers for the lot on the table, in whole thousands."""
        worth = self.worth(self.view["lot"])
        return int(min(worth, self.means(mixed))) // STEP * STEP


def paid_gems_seen(view: View) -> list[str]:
    auction = view["auction"]
    return list(auction.get("paid_gems", [])) if auction else []


def set_aside_known(view: View) -> bool:
    """The set-aside gems are known while the whole set waits for the second deck."""
    return view["deck_number"] == 1 and view["set_aside_count"] == len(SET_ASIDE)


# ---------------------------------------------------------------------- basic


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


# ---------------------------------------------------------------------- determinize


def remember(view: View, seen: list[Event]) -> View:
    """The view with what the seat learnt from the events it saw (`view["memory"]`): every
    seat's cash (all payments, commissions, gifts and sales are in cash amounts anyone sees),
    and per other seat the gems it won in lots or was seen to get, how many it gave away
    unseen and how many it got unseen. Parts that do not add up to the view (a bot that came
    in late) are left out (None)."""
    n, seat = view["players"], view["seat"]
    cash = [TOTAL_MONEY // n] * n
    hands = [Hand() for _ in range(n)]
    for event in seen:
        kind = event["type"]
        who = event.get("seat")
        if kind == "first_auctioneer":
            cash[who] -= event["paid"]
        elif kind == "paid":
            cash[who] -= event["cash"]
            if "gems" in event:
                hands[who].give(event["gems"] + [g for chain in event["necklaces"] for g in chain])
            else:
                hands[who].given += event["gem_count"]
        elif kind == "commission":
            cash[who] += event["cash"]
            if "gem" in event:
                hands[who].get(event["gem"])
            elif event.get("gem_count"):
                hands[who].got += 1
        elif kind == "compensation":
            cash[who] += event["amount"]
        elif kind == "default":
            cash[who] -= event["penalty_cash"]
            if "gem" in event:
                hands[who].give([event["gem"]])
            elif event["penalty_gem"]:
                hands[who].given += 1
        elif kind == "sold_to_bank":
            cash[who] += event["paid"]
            if "gems" in event:
                hands[who].give(event["gems"])
            else:
                hands[who].given += event["gem_count"]
        elif kind == "debt_paid" and event["into"] == "cash":
            cash[who] += event["amount"]
        elif kind == "second_deck":
            cash = [c + gift for c, gift in zip(cash, event["gifts"], strict=True)]
        elif kind == "lot_won":
            for gem in event["gems"]:
                hands[who].get(gem)
    hidden_money = TOTAL_MONEY - view["bank"] - sum(view["markers"])
    cash_known = cash[seat] == view["cash"] and sum(cash) == hidden_money
    memory = {
        "cash": cash if cash_known else None,
        "hands": [
            hand.known if s != seat and hand.held() == view["gem_counts"][s] else None
            for s, hand in enumerate(hands)
        ],
        "given": [hand.given for hand in hands],
    }
    return {**view, "memory": memory}


class Hand:
    """What a seat saw of another's gems: the gems known to have come in (`known`), and how
    many left (`given`) or came (`got`) unseen."""

    def __init__(self) -> None:
        self.known: list[str] = []
        self.given = 0
        self.got = 0

    def get(self, gem: str) -> None:
        self.known.append(gem)

    def give(self, gems: list[str]) -> None:
        for gem in gems:
            if gem in self.known:
                self.known.remove(gem)
            else:
                self.got -= 1

    def held(self) -> int:
        return len(self.known) - self.given + self.got


def determinize(view: View, rng: random.Random) -> State:
    """A full state the seat cannot tell from the real one. Unseen gem cards are dealt at random
    to the others' hands (by their counts), the deck, the bank's pile and a payment hidden from
    the seat — but a hand keeps the gems the seat remembers it won (`remember`), less a random
    few for those it gave away unseen. The cash is the remembered one, or else the money nobody
    shows split among the others at random, in thousands."""
    seat, n = view["seat"], view["players"]
    memory = view.get("memory") or {"cash": None, "hands": [None] * n, "given": [0] * n}
    auction = None if view["auction"] is None else dict(view["auction"])
    known = view["gems"] + view["lot"] + paid_gems_seen(view)
    pool = counts_of(known)
    unseen = [kind for j, kind in enumerate(KINDS) for _ in range(ALL_COUNTS[j] - pool[j])]
    if set_aside_known(view):
        set_aside = list(SET_ASIDE)
        for gem in SET_ASIDE:
            unseen.remove(gem)
    kept: list[list[str]] = [[] for _ in range(n)]
    for s, remembered in enumerate(memory["hands"]):
        if s == seat or remembered is None:
            continue
        gone = min(memory["given"][s], len(remembered))
        for gem in rng.sample(remembered, len(remembered) - gone):
            if gem in unseen and len(kept[s]) < view["gem_counts"][s]:
                unseen.remove(gem)
                kept[s].append(gem)
    rng.shuffle(unseen)

    def deal(count: int) -> list[str]:
        dealt = unseen[len(unseen) - count :]
        del unseen[len(unseen) - count :]
        return dealt

    if not set_aside_known(view):
        set_aside = sort_gems(deal(view["set_aside_count"]))
    hands = [
        list(view["gems"])
        if s == seat
        else sort_gems(kept[s] + deal(view["gem_counts"][s] - len(kept[s])))
        for s in range(n)
    ]
    bank_gems = deal(view["bank_gem_count"])
    if auction is not None and view["phase"] == "commission":
        count = auction.pop("paid_gem_count")
        if "paid_gems" not in auction:
            auction["paid_gems"] = sort_gems(deal(count))
    deck = deal(view["deck_count"])
    assert not unseen, "the view's gem counts do not add up"
    cash = list(memory["cash"]) if memory["cash"] else split_money(view, rng)
    state: State = {
        "game": GAME.id,
        "seed": 0,
        "players": n,
        "options": view["options"],
        "rng": rng.getrandbits(63),
        "cash": cash,
        "hands": hands,
        "markers": list(view["markers"]),
        "sold": list(view["sold"]),
        "bank": view["bank"],
        "debts": [dict(d) for d in view["debts"]],
        "bank_gems": bank_gems,
        "deck": deck,
        "deck_number": view["deck_number"],
        "set_aside": set_aside,
        "round": view["round"],
        "auctioneer": view["auctioneer"],
        "lot": list(view["lot"]),
        "defaulters": list(view["defaulters"]),
        "phase": view["phase"],
        "auction": auction,
        "sealed_bids": None,
    }
    if view["phase"] == "sealed":
        state["sealed_bids"] = [
            view["sealed_bid"]
            if s == seat
            else (rng.randrange(0, cash[s] + 1, STEP) if made else None)
            for s, made in enumerate(view["sealed_bids_made"])
        ]
    return state


def split_money(view: View, rng: random.Random) -> list[int]:
    """Cash per seat: the seat's own, and the money not in view (all but the bank, the markers
    and its own cash) shared among the others at random, in thousands."""
    seat, n = view["seat"], view["players"]
    others = [s for s in range(n) if s != seat]
    hidden = (TOTAL_MONEY - view["cash"] - view["bank"] - sum(view["markers"])) // STEP
    weights = [rng.gammavariate(4.0, 1.0) for _ in others]
    total = sum(weights)
    shares = [int(hidden * w / total) for w in weights]
    for k in range(hidden - sum(shares)):
        shares[k % len(shares)] += 1
    cash = [0] * n
    cash[seat] = view["cash"]
    for s, share in zip(others, shares, strict=True):
        cash[s] = share * STEP
    return cash


# ---------------------------------------------------------------------- evaluate


class Playout:
    """The rest of a full state's game (the search's imagined ones) played out fast by the
    rules of thumb: each lot is revealed, goes where the seats' limits send it and is paid in
    cash, the auctioneer takes his commission, the buyer runs the next auction."""

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.players = state["players"]
        self.counts = [counts_of(hand) for hand in state["hands"]]
        self.cash = list(state["cash"])
        self.bank = state["bank"]
        self.deck = list(state["deck"])
        self.deck_number = state["deck_number"]
        self.set_aside = list(state["set_aside"])
        self.bank_gems = list(state["bank_gems"])
        self.round = state["round"]
        self.auctioneer = state["auctioneer"]
        self.lot = list(state["lot"])
        self.judge()

    def judge(self) -> None:
        """Chances and the price of a point, seen before the lot on the table is sold."""
        future = counts_of(self.deck)
        if self.deck_number == 1:
            for j, c in enumerate(counts_of(self.set_aside + self.bank_gems)):
                future[j] += c
        self.chances = pair_chances([float(c) for c in future], self.players)
        self.rate = points_per_dollar(sum(future) / TOTAL_CARDS)
        self.lot_counts = counts_of(self.lot)
        self.lot_value = base_value(self.lot)

    def worth(self, seat: int) -> float:
        """What the lot is worth to `seat`, in dollars."""
        counts = self.counts[seat]
        after = [c + x for c, x in zip(counts, self.lot_counts, strict=True)]
        gain = prospect(after, self.chances) - prospect(counts, self.chances)
        return gain / self.rate + RESALE_SHARE * self.lot_value

    def limit(self, seat: int, mixed: bool = False) -> int:
        """As `Outlook.limit`: within the cash and, when gems may pay, the gems outside the best
        necklace."""
        means = self.cash[seat] + (outside_value(self.counts[seat]) if mixed else 0)
        return int(min(self.worth(seat), means)) // STEP * STEP

    def scores(self) -> list[float]:
        """Play to the end: each seat's best necklace."""
        self.settle_current()
        while self.reveal():
            self.sell(*self.auction())
        return [prospect(counts, [0.0] * len(KINDS)) for counts in self.counts]

    def settle_current(self) -> None:
        state = self.state
        phase, auction = state["phase"], state["auction"]
        if phase == "over" or not self.lot:
            return
        if phase == "commission":
            self.take(auction["buyer"])
        elif phase == "pay":
            self.pay(auction["buyer"], auction["price"], auction["kind"])
        elif phase == "preempt":
            self.sell(*self.preempted(auction["accepter"], auction["price"]))
        elif phase == "open":
            self.sell(*self.open_sale(auction))
        elif phase == "falling":
            self.sell(*self.falling_sale(auction["price"], auction["asked"]))
        else:
            self.sell(*self.auction())

    def auction(self) -> tuple[int, int, str]:
        """The auctioneer lets a lot fall that is worth its base value to him (or must), else
        opens it at its base value."""
        base, auctioneer = self.lot_value, self.auctioneer
        if self.worth(auctioneer) >= base or self.cash[auctioneer] < base:
            return self.falling_sale(base, (auctioneer + 1) % self.players)
        return self.open_sale({"start_price": base, "bid": None, "bidder": None, "passed": []})

    def open_sale(self, auction: dict) -> tuple[int, int, str]:
        """The highest limit of the seats still bidding wins at one step above the second
        highest; with no bid at all the auctioneer buys at his start price."""
        bid, bidder = auction["bid"], auction["bidder"]
        # A seat that passed stays out (it may come back only after a new bid).
        out = (self.auctioneer, *auction["passed"])
        mixed = self.round > CASH_ONLY_ROUNDS
        limits = {s: self.limit(s, mixed) for s in range(self.players) if s not in out}
        if bidder is not None:
            limits[bidder] = max(limits[bidder], bid)
        floor = auction["start_price"] if bid is None else bid + STEP
        ranked = sorted(limits, key=lambda s: (limits[s], s == bidder), reverse=True)
        if not ranked or ranked[0] == bidder or limits[ranked[0]] < floor:
            if bidder is None:
                return self.auctioneer, auction["start_price"], "open"
            return bidder, bid, "open"
        second = max((limits[s] for s in ranked[1:]), default=0)
        return ranked[0], max(floor, min(limits[ranked[0]], second + STEP)), "open"

    def falling_sale(self, price: int, asked: int) -> tuple[int, int, str]:
        """The first asked whose limit reaches the price buys; or else the highest limit once
        the price falls to it (then maybe pre-empted)."""
        n, auctioneer = self.players, self.auctioneer
        order = [(asked + k) % n for k in range(n)]
        order = [s for s in order if s != auctioneer]
        limits = {s: self.limit(s) for s in order}
        for s in order:
            if limits[s] >= price:
                return s, price, "falling"
        buyer = max(order, key=lambda s: limits[s])
        if limits[buyer] < 0:
            return auctioneer, 0, "free"
        if limits[buyer] < self.lot_value:
            return self.preempted(buyer, limits[buyer])
        return buyer, limits[buyer], "falling"

    def preempted(self, accepter: int, price: int) -> tuple[int, int, str]:
        """The auctioneer takes the lot at the accepted price when it is worth more to him than
        the price and the commission forgone."""
        auctioneer = self.auctioneer
        forgone = max(half_up(price), FALLING_MIN_COMMISSION)
        if self.cash[auctioneer] >= price and self.worth(auctioneer) - price > forgone:
            return auctioneer, price, "falling"
        return accepter, price, "falling"

    def sell(self, buyer: int, price: int, kind: str) -> None:
        if kind == "free":
            self.take(buyer)
        else:
            self.pay(buyer, price, kind)

    def pay(self, buyer: int, price: int, kind: str) -> None:
        """The buyer pays (in cash as far as it goes, then with his least needed gems); one who
        cannot pays the penalty and the lot is auctioned again."""
        mixed = kind == "open" and self.round > CASH_ONLY_ROUNDS
        hand = [KINDS[j] for j, c in enumerate(self.counts[buyer]) for _ in range(c)]
        if not can_pay(self.cash[buyer], hand, price, mixed):
            fine = min(self.cash[buyer], PENALTY)
            self.cash[buyer] -= fine
            self.bank += fine
            self.sell(*self.auction())
            return
        cash = min(self.cash[buyer], price)
        if cash < price:
            move = biggest_pieces_payment(self.cash[buyer], hand, price)
            cash = move["cash"]
            for gem in move["gems"] + [g for n in move["necklaces"] for g in n]:
                self.counts[buyer][RANK[gem]] -= 1
                self.bank_gems.append(gem)
        self.cash[buyer] -= cash
        self.bank += cash
        if buyer != self.auctioneer:
            share = min(half_up(cash), self.bank)
            if kind == "falling":
                share = min(max(share, FALLING_MIN_COMMISSION), self.bank)
            self.bank -= share
            self.cash[self.auctioneer] += share
        self.take(buyer)

    def take(self, buyer: int) -> None:
        self.counts[buyer] = [
            c + x for c, x in zip(self.counts[buyer], self.lot_counts, strict=True)
        ]
        self.auctioneer = buyer
        self.round += 1
        self.lot = []

    def reveal(self) -> bool:
        """The next lot, with the second deck when the first runs out; False at the end."""
        threshold = THRESHOLD[self.players]
        lot: list[str] = []
        while base_value(lot) < threshold:
            if self.deck:
                lot.append(self.deck.pop())
            elif self.deck_number == 1:
                self.second_deck()
            else:
                break
        self.lot = lot
        if lot:
            self.judge()
        return bool(lot)

    def second_deck(self) -> None:
        n = self.players
        share, extra = divmod(min(self.bank, SECOND_DECK_GIFT * n) // STEP, n)
        for k in range(n):
            gift = (share + (1 if (k - self.auctioneer) % n < extra else 0)) * STEP
            self.cash[k] += gift
            self.bank -= gift
        self.deck = self.set_aside + self.bank_gems
        self.rng.shuffle(self.deck)
        self.set_aside, self.bank_gems, self.deck_number = [], [], 2


def outside_value(counts: list[int]) -> int:
    """The base value of the gems outside the best necklace (centred on the most valuable gem
    with a pair below it, taking every pair below)."""
    total = sum(VALUES[j] * c for j, c in enumerate(counts))
    paired = [VALUES[j] * (c - c % 2) for j, c in enumerate(counts)]
    for j, held in enumerate(counts):
        below = sum(paired[j + 1 :])
        if held and below:
            return total - VALUES[j] - below
    return total


def evaluate(state: State) -> list[float]:
    """Per seat in [0, 1]: the outcome once the game is over; before, the outcome of the rest
    of the game played out by the rules of thumb (`Playout`), partly softened by the margin."""
    n = state["players"]
    if state["phase"] == "over":
        winners = GAME.outcome(state)["winners"]
        return [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    playout = Playout(state, random.Random(state["rng"]))
    scores = playout.scores()
    keys = [(scores[s], playout.cash[s]) for s in range(n)]
    best = max(keys)
    winners = [s for s in range(n) if keys[s] == best]
    out = []
    for s in range(n):
        margin = (scores[s] - max(scores[:s] + scores[s + 1 :])) / LEAD_SCALE
        soft = 1 / (1 + math.exp(-max(-30.0, min(30.0, margin))))
        won = 1 / len(winners) if s in winners else 0.0
        out.append(WIN_WEIGHT * won + (1 - WIN_WEIGHT) * soft)
    return out


def candidates(state: State, seat: int, legal: list[Move]) -> list[Move]:
    """The moves the search weighs: no sale to the bank unless a price cannot be paid
    otherwise; in an open auction only the lowest bid or passing; as auctioneer the falling
    auction or the two lowest start prices; a few sealed bids."""
    phase = state["phase"]
    if phase == "pay":
        payments = [m for m in legal if m["type"] == "pay"]
        return payments or legal
    moves = [m for m in legal if m["type"] != "sell"]
    if phase == "open":
        bids = [m for m in moves if m["type"] == "bid"]
        return [m for m in moves if m["type"] != "bid"] + bids[:1]
    if phase == "choose":
        opens = [m for m in moves if m["type"] == "open_auction"]
        return [m for m in moves if m["type"] != "open_auction"] + opens[:2]
    if phase == "sealed":
        return [m for m in moves if m["amount"] in SEALED_CHOICES] or moves[:1]
    return moves or legal


POLICY = Policy(
    basic=basic,
    determinize=determinize,
    evaluate=evaluate,
    delay=delay,
    rollout_depth=0,
    candidates=candidates,
    remember=remember,
)
