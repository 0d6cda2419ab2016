"""A Das Kollier game played out fast by the rules of thumb, from one of the search's imagined
states to its end (`Playout`): what the strong level's `evaluate` judges a position by."""

from __future__ import annotations

import random

from shared.bots.das_kollier.prospect import (
    RESALE_SHARE,
    TOTAL_CARDS,
    counts_of,
    outside_value,
    pair_chances,
    points_per_dollar,
    prospect,
)
from shared.engine import State
from shared.games.das_kollier.gems import KINDS, RANK, base_value
from shared.games.das_kollier.hands import biggest_pieces_payment, can_pay
from shared.games.das_kollier.tables import (
    CASH_ONLY_ROUNDS,
    FALLING_MIN_COMMISSION,
    PENALTY,
    SECOND_DECK_GIFT,
    STEP,
    THRESHOLD,
    half_up,
)


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
