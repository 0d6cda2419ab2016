"""What a Das Kollier bot imagines of what it cannot see. Money and lots won are secret in the
view, but every cash amount and every lot won is announced, so the seat remembers them from the
events it saw (`remember`); the imagined states (`determinize`) have everyone's true cash and the
gems the others are known to hold, the rest dealt at random."""

from __future__ import annotations

import random

from shared.bots.das_kollier.prospect import ALL_COUNTS, counts_of, paid_gems_seen, set_aside_known
from shared.engine import Event, State, View
from shared.games.das_kollier.gems import KINDS, SET_ASIDE, sort_gems
from shared.games.das_kollier.tables import GAME_ID, STEP, TOTAL_MONEY


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
        "game": GAME_ID,
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
