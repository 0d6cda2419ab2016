"""Das Kollier, by André Frobel — 3 to 6 players: the rule engine.

Players buy gems at auction to build the most valuable necklace. The buyer of a lot runs the next
auction, either an open one (real-time bidding above a start price, knocked down by the auctioneer
or by the server after a quiet time) or a falling one (the price drops 1,000 a round, offered in
turn from the auctioneer's left). Money and gems are secret; other players see only how many gem
cards a player holds. Rules notes §2 fixes the gem table and what the text leaves open.

State (plain data):
- `cash[seat]`, `hands[seat]` (gem ids, most valuable first), `markers[seat]` (the 1,000 of the
  once-per-game sale to the bank), `sold[seat]`;
- `bank` (money), `debts` (what the bank owes: `{"seat", "amount", "into": "cash"|"marker"}`,
  oldest first; while it owes, it holds nothing), `bank_gems` (its covered pile of paid gems);
- `deck` (top card last), `deck_number` (1 or 2), `set_aside` (gems kept for the second deck);
- `round` (the auction being played, from 1; reruns keep it), `auctioneer`, `lot`, `defaulters`
  (seats that failed to pay for the current lot);
- `phase` and `auction` (that phase's facts): `sealed` (bids for the first auction, advanced
  option; `sealed_bids[seat]`), `choose` (the auctioneer picks the kind of auction), `open`
  (`start_price`, `bid`, `bidder`, `passed`), `falling` (`price`, `asked`), `preempt` (`price`,
  `accepter`), `pay` (`kind`, `buyer`, `price`, `frustrated`), `commission` (the same plus
  `paid_cash`, `paid_gems`: the payment still on the table), `over`.

Decisions the rule text leaves to the table (see docs, the report of issue 3 and the rules
audit, issue 19):
- A seat that has not sold yet may sell to the bank at any moment while the game runs, also out
  of turn (`sell` is an out-of-turn move): during another seat's auction, a falling auction, a
  payment or the commission choice. While the auctioneer chooses his commission the bank keeps
  the cash commission he may take, and pays older debts first.
- In an open auction a bidder may `pass`: he leaves `to_act` until someone makes a new bid. The
  highest bidder is not to act either. The auctioneer is to act, and may knock down, only once
  every other seat has passed since the last bid (or the start); before that the server's timer
  knocks down after the quiet time (its move carries `"timer": true`), also when nobody has bid
  (the auctioneer then buys the lot at his start price, as the rules say).
- Gems and necklaces may pay more than the price (no change is given); cash never pays beyond
  the rest of the price.
- `legal_moves` lists sensible choices; `apply` accepts any legal amount (whole thousands up to
  MAX_PRICE). Listed bids and start prices are the minimum plus LISTED_RAISES, and only those up
  to the seat's means (cash, plus from round 7 its gems as one necklace and singles) plus
  OVERBID_ALLOWANCE; accepting a falling price or pre-empting is listed under the same cap. So
  random play overbids now and then (and so meets the default rules) but every auction ends.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from typing import Any

from shared.engine import (
    Event,
    Game,
    IllegalMove,
    ListedMove,
    Move,
    Option,
    SharedEvent,
    SharedEvents,
    State,
    View,
    draw_rng,
    parse_int,
    winners_by,
)
from shared.games.das_kollier.gems import (
    SET_ASIDE,
    VALUE,
    all_cards,
    base_value,
    best_necklace,
    best_split,
    necklace_parts,
    necklace_value,
    sort_gems,
)

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
    lists them, the same most valuable first, their worth), so that `_move_pay` need not work
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


# The base value of a lot, by its gems in their order: a few thousand lots are ever dealt, so
# each is summed once (asked several times per lot). Remembering a lot by its list's identity
# as it was dealt cost more than it saved.
_LOT_VALUES: dict[tuple[str, ...], int] = {}
LOT_VALUES_KEPT = 20_000


def lot_value(lot: list[str]) -> int:
    """A lot is worth its gems' base value."""
    key = tuple(lot)
    value = _LOT_VALUES.get(key)
    if value is None:
        if len(_LOT_VALUES) >= LOT_VALUES_KEPT:
            _LOT_VALUES.clear()
        value = _LOT_VALUES[key] = base_value(lot)
    return value


def can_pay(cash: int, hand: list[str], price: int, mixed: bool) -> bool:
    """Whether `price` can be paid: in cash only, or (`mixed`) with cash, single gems at base
    value and necklaces at necklace value. Cheap bounds decide most cases before the exact
    search."""
    if cash >= price:
        return True
    if not mixed:
        return False
    facts = _HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
    if cash + facts.worth >= price:  # `one_necklace_worth`
        return True
    if cash + facts.most < price:
        return False
    return cash + best_split(hand)[0] >= price


class HandFacts:
    """What listing moves needs to know of one hand (see `hand_facts`)."""

    __slots__ = (
        "necklace",
        "necklace_value",
        "top",
        "worth",
        "most",
        "sales",
        "take",
        "wait",
        "bids",
        "starts",
    )

    def __init__(self, hand: list[str]) -> None:
        # The best necklace (`best_necklace`), and what the hand pays as that necklace and
        # singles (`one_necklace_worth`).
        value, necklace = best_necklace(hand)
        self.necklace, self.necklace_value = tuple(necklace), value
        self.top = max(map(VALUE.__getitem__, hand), default=0)  # the most valuable gem's value
        self.worth = base_value(hand) - base_value(necklace) + value
        # At most: a gem is worth its base value times 1 + the number of kinds held in pairs.
        paired = sum(1 for count in Counter(hand).values() if count >= 2)
        self.most = base_value(hand) * (1 + paired)
        # The sales `legal_moves` lists: the best necklace, the gems outside it, the cheapest.
        sales: list[Move] = [ListedMove(type="sell", necklace=necklace)] if value else []
        if hand:
            outside = take_gems(hand, necklace)
            if len(outside) > 1:
                sales.append(ListedMove(type="sell", gems=outside))
            sales.append(ListedMove(type="sell", gems=[hand[-1]]))
        self.sales: tuple[Move, ...] = tuple(sales)
        # The asked seat's lists in a falling auction: accept or decline, or only decline.
        self.take = (ACCEPT, DECLINE, *sales)
        self.wait = (DECLINE, *sales)
        # The lists `legal_moves` answers a seat holding this hand that has not sold yet:
        # bids[minimum + k] and starts[base + k] (k as in BID_LISTS and START_LISTS: the
        # amounts are whole thousands, k is below 1,000), the sales after them.
        self.bids: dict[int, tuple[Move, ...]] = {}
        self.starts: dict[int, tuple[Move, ...]] = {}

    def bid_list(self, minimum: int, k: int) -> tuple[Move, ...]:
        moves = self.bids[minimum + k] = (*BID_LISTS[minimum][k], *self.sales)
        return moves

    def start_list(self, base: int, k: int) -> tuple[Move, ...]:
        moves = self.starts[base + k] = (*START_LISTS[base][k], *self.sales)
        return moves


_HAND_FACTS: dict[tuple[str, ...], HandFacts] = {}
HAND_FACTS_KEPT = 20_000  # hands remembered; the memory starts afresh beyond that


def hand_facts(hand: list[str]) -> HandFacts:
    """The facts of a hand, worked out once per hand (the same gems in the same order)."""
    key = tuple(hand)
    facts = _HAND_FACTS.get(key)
    if facts is None:
        facts = HandFacts(hand)
        if len(_HAND_FACTS) >= HAND_FACTS_KEPT:
            _HAND_FACTS.clear()
        _HAND_FACTS[key] = facts
    return facts


def take_gems(hand: list[str], gems: list[str]) -> list[str]:
    """The hand without `gems`; `IllegalMove` when the hand does not hold them all."""
    rest = list(hand)
    remove = rest.remove
    try:
        for gem in gems:
            remove(gem)
    except ValueError:
        pass  # some gem is missing: said below
    else:
        return sort_gems(rest)
    missing = Counter(gems) - Counter(hand)
    if missing:
        gem = next(iter(missing))
        raise IllegalMove(f"you do not hold {'another' if gem in hand else 'a'} {gem}")
    rest = Counter(hand) - Counter(gems)
    return sort_gems(list(rest.elements()))


def gem_list(value: Any, what: str) -> list[str]:
    """A list of gem ids from a move, or `IllegalMove`."""
    if isinstance(value, list):
        for gem in value:
            if type(gem) is not str or gem not in VALUE:
                break
        else:
            return value  # the common case, checked at once; anything else said below
    if not isinstance(value, list) or not all(isinstance(g, str) for g in value):
        raise IllegalMove(f"{what} must be a list of gem names", "malformed")
    unknown = [g for g in value if g not in VALUE]
    if unknown:
        raise IllegalMove(f"there is no gem {unknown[0]!r}", "malformed")
    return value


# The tie-breaks after the necklace's value, in the order the rules apply them.
TIE_BREAKS = ("gems", "outside", "money")


def decided_by(keys: list[list[int]]) -> str | None:
    """The tie-break (of TIE_BREAKS) that last narrowed the seats with the best necklace down to
    the winners; None when the value alone decided or a tie remains among them all."""
    top = max(k[0] for k in keys)
    field = [s for s, k in enumerate(keys) if k[0] == top]
    decided = None
    for i, name in enumerate(TIE_BREAKS, start=1):
        best = max(keys[s][i] for s in field)
        kept = [s for s in field if keys[s][i] == best]
        if len(kept) < len(field):
            decided, field = name, kept
    return decided


class DasKollier(Game):
    id = "das-kollier"
    title = "Das Kollier"
    min_players = 3
    max_players = MAX_PLAYERS
    options = {
        "quiet_time": Option(
            8,
            "seconds without a new bid after which the server knocks an open auction down",
            kind=int,
            minimum=1,
            maximum=120,
        ),
        "sealed_first_auctioneer": Option(
            False,
            "advanced rule: sealed cash bids for the right to run the first auction",
            kind=bool,
        ),
    }

    # ------------------------------------------------------------------ setup
    def _setup(self, state: State, rng: random.Random) -> None:
        n = state["players"]
        deck = all_cards()
        for gem in SET_ASIDE:
            deck.remove(gem)
        rng.shuffle(deck)
        state.update(
            cash=[TOTAL_MONEY // n] * n,
            hands=[[] for _ in range(n)],
            markers=[0] * n,
            sold=[False] * n,
            bank=0,
            debts=[],
            bank_gems=[],
            deck=deck,
            deck_number=1,
            set_aside=list(SET_ASIDE),
            round=1,
            auctioneer=state["options"]["first_seat"],
            lot=[],
            defaulters=[],
            phase="choose",
            auction=None,
            sealed_bids=None,
        )
        self._reveal(state, [])
        if state["options"]["sealed_first_auctioneer"]:
            state["phase"] = "sealed"
            state["sealed_bids"] = [None] * n

    # ------------------------------------------------------------------ who acts
    out_of_turn = frozenset({"sell", "knock_down"})

    def _to_act(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "open":
            # The bidders still in; once all have passed, the auctioneer (to knock down).
            auction = state["auction"]
            passed = auction["passed"]
            entry = OPEN_BIDDERS[state["players"]][state["auctioneer"]].get(auction["bidder"])
            if entry is None:  # a bidder who is no seat (a hand-built position)
                return self._left_in_auction(state, OTHERS[state["players"]][state["auctioneer"]])
            if not passed:
                return [*entry[0]]
            left = entry[1].get(tuple(passed))
            if left is None:
                left = entry[1][tuple(passed)] = tuple(self._left_in_auction(state, entry[0]))
                if len(entry[1]) >= OPEN_ORDERS_KEPT:  # only hand-built passes get this far
                    entry[1].clear()
            return [*left]
        if phase == "falling":
            return [state["auction"]["asked"]]
        if phase in AUCTIONEER_ACTS:
            return [state["auctioneer"]]
        if phase == "pay":
            return [state["auction"]["buyer"]]
        if phase == "sealed":
            return [s for s, bid in enumerate(state["sealed_bids"]) if bid is None]
        return []

    def _knock_down_due(self, state: State) -> bool:
        """Whether the auctioneer of an open auction is to act: every other seat has passed
        since the last bid (`_to_act`, from what it remembered where it can)."""
        auction = state["auction"]
        auctioneer, passed = state["auctioneer"], auction["passed"]
        entry = OPEN_BIDDERS[state["players"]][auctioneer].get(auction["bidder"])
        left = entry[1].get(tuple(passed)) if entry is not None and passed else None
        if left is None:
            return auctioneer in self._to_act(state)
        return left[0] == auctioneer

    @staticmethod
    def _left_in_auction(state: State, seats: tuple[int, ...]) -> list[int]:
        """Who of `seats` has not passed and does not hold the bid; the auctioneer when nobody
        is left."""
        auction = state["auction"]
        bidder, passed = auction["bidder"], auction["passed"]
        return [s for s in seats if s != bidder and s not in passed] or [state["auctioneer"]]

    # `_to_act` lists nobody once the game is over, so it answers `to_act` as it is.
    to_act = _to_act

    def _acting(self, state: State, seat: int) -> bool:
        """Whether `seat` (a seat of the table) is in `to_act`; the common cases at once."""
        phase = state["phase"]
        if phase == "falling":
            return seat == state["auction"]["asked"]
        if phase == "open":
            auction = state["auction"]
            if seat != state["auctioneer"]:
                return seat != auction["bidder"] and seat not in auction["passed"]
        elif phase == "choose" or phase == "preempt" or phase == "commission":
            return seat == state["auctioneer"]
        elif phase == "pay":
            return seat == state["auction"]["buyer"]
        return seat in self._to_act(state)

    def _wait_reason(self, state: State, seat: int) -> str:
        phase = state["phase"]
        if phase == "open":
            if seat == state["auctioneer"]:
                return (
                    "the auctioneer may not bid in his own auction; the others may still bid:"
                    " you knock the lot down once every other seat has passed since the last"
                    " bid, or the quiet time does it"
                )
            if seat == state["auction"]["bidder"]:
                return "you hold the highest bid; you may bid again once someone outbids you"
            return "you passed on the current bid; you may bid again once someone else bids"
        if phase == "sealed":
            return "you have made your sealed bid; the others are still deciding"
        return super()._wait_reason(state, seat)

    def _is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def timer(self, state: State) -> dict[str, Any] | None:
        """While an open auction runs, the server knocks it down after the quiet time."""
        if state["phase"] != "open":
            return None
        return {
            "seconds": state["options"]["quiet_time"],
            "seat": state["auctioneer"],
            "move": {"type": "knock_down", "timer": True},
        }

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        # The base class's checks for a seat of the table in a running game, decided at once;
        # anything else goes to the base class. The commonest phases are listed here directly,
        # the commonest of all first: the seat asked in a falling auction (a seat of the table).
        phase = state["phase"]
        if phase == "falling" and type(seat) is int:
            auction = state["auction"]
            if seat == auction["asked"]:
                price, cash = auction["price"], state["cash"][seat]
                take = price <= cash + OVERBID_ALLOWANCE and (
                    cash >= price or seat not in state["defaulters"]
                )
                hand = state["hands"][seat]
                if not hand or state["sold"][seat]:
                    return [ACCEPT, DECLINE] if take else [DECLINE]
                facts = _HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
                return [*facts.take] if take else [*facts.wait]
        if type(seat) is not int or not 0 <= seat < state["players"]:
            return super().legal_moves(state, seat)
        if phase == "open":
            auction = state["auction"]
            if seat == state["auctioneer"]:
                if not self._knock_down_due(state):
                    return self._sales(state, seat)
                moves = [KNOCK_DOWN]
            elif seat == auction["bidder"] or seat in auction["passed"]:
                return self._sales(state, seat)
            else:
                bid = auction["bid"]
                minimum = auction["start_price"] if bid is None else bid + STEP
                cash, hand = state["cash"][seat], state["hands"][seat]
                room = cash + OVERBID_ALLOWANCE - minimum
                mixed = state["round"] > CASH_ONLY_ROUNDS
                if hand:
                    facts = _HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
                    if mixed:
                        room += facts.worth
                # (Half the time the seat cannot bid the minimum: only the pass is listed.)
                k = bisect_right(LISTED_RAISES, room) if room >= 0 else 0
                if seat in state["defaulters"]:
                    # A seat that failed to pay for this lot is offered only the bids it can
                    # pay (`_may_offer`): a first part of the list, as a higher bid is never
                    # easier to pay.
                    while k and not can_pay(cash, hand, minimum + LISTED_RAISES[k - 1], mixed):
                        k -= 1
                if not hand or state["sold"][seat]:
                    return [*BID_LISTS[minimum][k]]
                return [*(facts.bids.get(minimum + k) or facts.bid_list(minimum, k))]
        elif phase == "falling":  # a seat not asked (the asked seat is answered above)
            return self._sales(state, seat)
        elif phase == "choose":
            if seat != state["auctioneer"]:
                return self._sales(state, seat)
            hand = state["hands"][seat]
            base = lot_value(state["lot"])
            room = state["cash"][seat] + OVERBID_ALLOWANCE - base
            if state["round"] <= CASH_ONLY_ROUNDS:
                if room < OVERBID_ALLOWANCE:  # less cash than the lot's base value
                    moves = [FALLING_AUCTION]
                elif seat in state["defaulters"]:
                    return self._legal_moves(state, seat)
                else:
                    k = bisect_right(LISTED_RAISES, room)
                    if not hand or state["sold"][seat]:
                        return [*START_LISTS[base][k]]
                    facts = _HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
                    return [*(facts.starts.get(base + k) or facts.start_list(base, k))]
            elif seat in state["defaulters"]:
                return self._legal_moves(state, seat)
            else:
                facts = _HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
                k = bisect_right(LISTED_RAISES, room + facts.worth)
                if not hand or state["sold"][seat]:
                    return [*START_LISTS[base][k]]
                return [*(facts.starts.get(base + k) or facts.start_list(base, k))]
        elif phase == "pay":
            if seat != state["auction"]["buyer"]:
                return self._sales(state, seat)
            moves = self._payments(state, seat) or self._defaults(state, seat)
        elif phase == "commission":
            if seat != state["auctioneer"]:
                return self._sales(state, seat)
            moves = self._commissions(state)
        elif phase == "over":
            return super().legal_moves(state, seat)
        elif self._acting(state, seat):
            return self._legal_moves(state, seat)
        else:
            return self._sales(state, seat)
        hand = state["hands"][seat]
        if hand and not state["sold"][seat]:
            moves += (_HAND_FACTS.get(tuple(hand)) or hand_facts(hand)).sales
        return moves

    def _legal_moves(self, state: State, seat: int) -> list[Move]:
        phase = state["phase"]
        moves: list[Move]
        if phase == "falling":
            moves = [ACCEPT, DECLINE] if self._may_take(state, seat) else [DECLINE]
        elif phase == "open":
            moves = self._open_choices(state, seat)
        elif phase == "choose":
            moves = self._auction_choices(state, seat)
        elif phase == "preempt":
            moves = [PREEMPT, WAIVE] if self._may_take(state, seat) else [WAIVE]
        elif phase == "pay":
            moves = self._payments(state, seat) or self._defaults(state, seat)
        elif phase == "sealed":
            moves = [SEALED_BIDS[amount] for amount in range(0, state["cash"][seat] + 1, STEP)]
        else:
            moves = self._commissions(state)
        moves += self._shared_sales(state, seat)
        return moves

    def _out_of_turn_moves(self, state: State, seat: int) -> list[Move]:
        return self._sales(state, seat)

    def _listing_limit(self, state: State, seat: int, mixed: bool) -> int:
        """How high listed bids go: the seat's means (from round 7 with its gems as one necklace
        and singles) plus OVERBID_ALLOWANCE."""
        cash, hand = state["cash"][seat], state["hands"][seat]
        return cash + (hand_facts(hand).worth if mixed else 0) + OVERBID_ALLOWANCE

    def _listed_prices(
        self, state: State, seat: int, minimum: int, mixed: bool, raises: tuple[int, ...] = (0,)
    ) -> list[int]:
        """The offers worth listing from `minimum` up (see the module doc)."""
        limit = self._listing_limit(state, seat, mixed)
        if seat not in state["defaulters"]:
            return [minimum + r for r in raises if minimum + r <= limit]
        return [
            minimum + r
            for r in raises
            if minimum + r <= limit and self._may_offer(state, seat, minimum + r, mixed)
        ]

    def _may_take(self, state: State, seat: int) -> bool:
        """Whether accepting (or pre-empting at) the falling price is listed: the price is within
        the seat's cash plus OVERBID_ALLOWANCE, and a defaulter must be able to pay it."""
        price, cash = state["auction"]["price"], state["cash"][seat]
        if price > cash + OVERBID_ALLOWANCE:
            return False
        return seat not in state["defaulters"] or cash >= price

    def _auction_choices(self, state: State, seat: int) -> list[Move]:
        if self._must_fall(state):
            return [FALLING_AUCTION]
        base = lot_value(state["lot"])
        prices = self._listed_prices(
            state, seat, base, state["round"] > CASH_ONLY_ROUNDS, LISTED_RAISES
        )
        return [*[START_PRICES[price] for price in prices], FALLING_AUCTION]

    def _open_choices(self, state: State, seat: int) -> list[Move]:
        if seat == state["auctioneer"]:
            return [KNOCK_DOWN]
        auction = state["auction"]
        minimum = auction["start_price"] if auction["bid"] is None else auction["bid"] + STEP
        prices = self._listed_prices(
            state, seat, minimum, state["round"] > CASH_ONLY_ROUNDS, LISTED_RAISES
        )
        return [*[BIDS[amount] for amount in prices], PASS]

    def _payments(self, state: State, seat: int) -> list[Move]:
        """Sensible payments: all cash; one gem plus cash; the best necklace plus cash; and, when
        none of those will do but the hand can pay, its most valuable pieces plus cash."""
        auction = state["auction"]
        price, cash, hand = auction["price"], state["cash"][seat], state["hands"][seat]
        moves: list[Move] = [PAYMENTS[price, None, ()]] if cash >= price else []
        if auction["kind"] != "open" or state["round"] <= CASH_ONLY_ROUNDS:  # not `_mixed`
            return moves
        facts = _HAND_FACTS.get(tuple(hand)) or hand_facts(hand)
        if price - facts.top <= cash:  # else no single gem and cash will do
            for gem in dict.fromkeys(hand):
                rest = price - VALUE[gem]
                if rest <= cash:
                    moves.append(PAYMENTS[rest if rest > 0 else 0, gem, ()])
        value = facts.necklace_value
        if value and price - value <= cash:
            rest = price - value
            moves.append(PAYMENTS[rest if rest > 0 else 0, None, facts.necklace])
        if not moves and (cash + facts.worth >= price or can_pay(cash, hand, price, True)):
            moves.append(biggest_pieces_payment(cash, hand, price))
        return moves

    def _commissions(self, state: State) -> list[Move]:
        """Half the cash paid, or one of the gems paid."""
        paid = state["auction"]["paid_gems"]
        return [COMMISSIONS["cash"], *map(COMMISSIONS.__getitem__, dict.fromkeys(paid))]

    def _defaults(self, state: State, seat: int) -> list[Move]:
        cash, hand = state["cash"][seat], state["hands"][seat]
        moves = [DEFAULT] if cash >= PENALTY or not hand else []
        return moves + [DEFAULT_GEMS[gem] for gem in dict.fromkeys(hand)]

    def _shared_sales(self, state: State, seat: int) -> tuple[Move, ...]:
        """Sensible sales to the bank: the best necklace, the gems outside it, the cheapest gem
        (shared, read-only moves; see `hand_facts`)."""
        hand = state["hands"][seat]
        if state["sold"][seat] or not hand or state["phase"] not in SALE_PHASES:
            return ()
        return hand_facts(hand).sales

    def _sales(self, state: State, seat: int) -> list[Move]:
        return [*self._shared_sales(state, seat)]

    # ------------------------------------------------------------------ rule checks
    def _mixed(self, state: State) -> bool:
        """Whether the lot being paid for may be paid with gems and necklaces."""
        return state["auction"]["kind"] == "open" and state["round"] > CASH_ONLY_ROUNDS

    def _must_fall(self, state: State) -> bool:
        """Rounds 1–6: an auctioneer with less cash than the lot's base value must let it fall."""
        short = state["cash"][state["auctioneer"]] < lot_value(state["lot"])
        return state["round"] <= CASH_ONLY_ROUNDS and short

    def _may_offer(self, state: State, seat: int, price: int, mixed: bool) -> bool:
        """A seat that failed to pay for this lot may offer only what it can pay."""
        if seat not in state["defaulters"]:
            return True
        return can_pay(state["cash"][seat], state["hands"][seat], price, mixed)

    def _check_offer(self, state: State, seat: int, price: int, mixed: bool) -> None:
        if not self._may_offer(state, seat, price, mixed):
            raise IllegalMove(
                f"you could not pay for this lot before, so now you may only offer what you can"
                f" pay, and {money(price)} is more than that"
            )

    # ------------------------------------------------------------------ moves
    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        # A known move of a seat of the table that may make it now, in its phase, is played at
        # once (the base class's checks, decided by `_acting`); anything else goes to the base
        # class, which refuses it as it always did. A move that changes only the auction shares
        # every other part of the state with the state it was given (`LIGHT_MOVES`).
        try:
            kind = move["type"]
        except Exception:  # no map, or one without a type: the base class says what is wrong
            kind = None
        if type(seat) is int:
            # The commonest moves first: declining a falling price, passing or bidding.
            phase = state["phase"]
            if phase == "falling":
                auction = state["auction"]
                if kind == "decline" and seat == auction["asked"]:
                    work = state.copy()
                    asked = (seat + 1) % state["players"]
                    changed = work["auction"] = auction.copy()
                    price = auction["price"]
                    if asked != state["auctioneer"]:  # `_move_decline`: the next seat is asked
                        changed["asked"] = asked
                        return work, [DECLINED[seat][price]]
                    if price:  # a round without a taker: the price falls
                        changed["price"] = price = price - STEP
                        changed["asked"] = (asked + 1) % state["players"]
                        return work, [DECLINED[seat][price + STEP], PRICE_FELL[price]]
                    return work, self._move_decline(work, seat, move)
                if kind == "accept" and seat == auction["asked"]:
                    work = state.copy()  # the move table's copy for it, as below
                    return work, self._move_accept(work, seat, move)
            elif phase == "open":
                auction = state["auction"]
                if kind == "knock_down" and seat == state["auctioneer"]:
                    work = state.copy()
                    return work, self._move_knock_down(work, seat, move)
                if (
                    (kind == "pass" or kind == "bid")
                    and seat != state["auctioneer"]
                    and seat != auction["bidder"]
                    and 0 <= seat < state["players"]
                    and seat not in auction["passed"]
                ):
                    work = state.copy()
                    changed = work["auction"] = auction.copy()
                    if kind == "pass":  # `_move_pass`
                        changed["passed"] = [*auction["passed"], seat]
                        return work, [PASSED[seat]]
                    amount, bid = move.get("amount"), auction["bid"]
                    if (
                        type(amount) is int
                        and 0 <= amount <= MAX_PRICE
                        and not amount % STEP
                        and amount >= (auction["start_price"] if bid is None else bid + STEP)
                        and seat not in state["defaulters"]
                    ):  # `_move_bid`, a bid above the last (never below 0: the start price)
                        changed["bid"], changed["bidder"], changed["passed"] = amount, seat, []
                        return work, [BID_EVENTS[seat][amount]]
                    return work, self._move_bid(work, seat, move)
            # A lot's other moves by the one seat that makes them, with the copy the move table
            # gives them.
            elif phase == "pay":
                if seat == state["auction"]["buyer"] and (kind == "pay" or kind == "default"):
                    work = _lot_copy(state)
                    if kind == "pay":
                        return work, self._move_pay(work, seat, move)
                    return work, self._move_default(work, seat, move)
            elif phase == "choose":
                if seat == state["auctioneer"]:
                    if kind == "open_auction":
                        work = state.copy()
                        return work, self._move_open_auction(work, seat, move)
                    if kind == "falling_auction":
                        work = state.copy()
                        return work, self._move_falling_auction(work, seat, move)
            elif phase == "commission" and kind == "commission" and seat == state["auctioneer"]:
                work = _lot_copy(state)
                return work, self._move_commission(work, seat, move)
        entry = MOVE_TABLE.get(kind) if type(kind) is str else None
        if (
            entry is None
            or type(seat) is not int
            or not 0 <= seat < state["players"]
            or state["phase"] not in entry[0]
            or (kind not in self.out_of_turn and not self._acting(state, seat))
        ):
            return super().apply(state, seat, move)
        work = entry[1](state)
        return work, entry[2](self, work, seat, move)

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        kind = move["type"]
        if kind not in MOVE_PHASES:
            raise IllegalMove(
                f"unknown move {kind!r}; the moves are {', '.join(MOVE_PHASES)}", "malformed"
            )
        phase = state["phase"]
        if phase not in MOVE_PHASES[kind]:
            raise IllegalMove(f"{kind!r} is not possible during {PHASE_NAMES[phase]}")
        return MOVE_TABLE[kind][2](self, state, seat, move)

    def _move_sealed_bid(self, state: State, seat: int, move: Move) -> list[Event]:
        amount = parse_amount(move, "amount", "a sealed bid")
        if amount > state["cash"][seat]:
            raise IllegalMove(f"you can only put down cash you hold: {money(state['cash'][seat])}")
        bids = state["sealed_bids"] = state["sealed_bids"][:]
        bids[seat] = amount
        events: list[Event] = [
            {"type": "sealed_bid", "seat": seat, "hidden": {"amount": amount}, "seen_by": [seat]}
        ]
        if None in bids:
            return events
        first, n = state["options"]["first_seat"], state["players"]
        # max() keeps the first of equal bids: the tied bidder nearest the first seat clockwise.
        winner = max(((first + k) % n for k in range(n)), key=lambda s: bids[s])
        state["cash"][winner] -= bids[winner]
        events.append(
            {"type": "first_auctioneer", "seat": winner, "bids": bids[:], "paid": bids[winner]}
        )
        self._bank_in(state, bids[winner], events)
        state.update(auctioneer=winner, sealed_bids=None, phase="choose")
        return events

    def _move_open_auction(self, state: State, seat: int, move: Move) -> list[Event]:
        price = move.get("start_price")
        if type(price) is not int or not 0 <= price <= MAX_PRICE or price % STEP:
            price = parse_amount(move, "start_price", "the start price")
        base = lot_value(state["lot"])
        if price < base:
            raise IllegalMove(
                f"the start price must be at least the lot's base value, {money(base)}"
            )
        cash_only = state["round"] <= CASH_ONLY_ROUNDS
        if cash_only and state["cash"][state["auctioneer"]] < base:  # `_must_fall`
            raise IllegalMove(
                f"in rounds 1–6 an auctioneer holding less cash than the lot's base value"
                f" ({money(base)}) must run a falling auction"
            )
        if seat in state["defaulters"]:
            self._check_offer(state, seat, price, not cash_only)
        state["phase"] = "open"
        state["auction"] = {"start_price": price, "bid": None, "bidder": None, "passed": []}
        return [{"type": "auction_opened", "seat": seat, "start_price": price}]

    def _move_falling_auction(self, state: State, seat: int, move: Move) -> list[Event]:
        price = lot_value(state["lot"])
        asked = (seat + 1) % state["players"]
        state["phase"] = "falling"
        state["auction"] = {"price": price, "asked": asked}
        return [{"type": "falling_auction", "seat": seat, "price": price, "asked": asked}]

    def _move_bid(self, state: State, seat: int, move: Move) -> list[Event]:
        if seat == state["auctioneer"]:
            raise IllegalMove("the auctioneer may not bid in his own auction")
        amount = move.get("amount")
        if type(amount) is not int or not 0 <= amount <= MAX_PRICE or amount % STEP:
            amount = parse_amount(move, "amount", "a bid")
        auction = state["auction"]
        bid = auction["bid"]
        if bid is None and amount < auction["start_price"]:
            raise IllegalMove(
                f"the first bid must be at least the start price, {money(auction['start_price'])}"
            )
        if bid is not None and amount < bid + STEP:
            raise IllegalMove(f"bids must rise by 1,000; the current bid is {money(bid)}")
        if seat in state["defaulters"]:
            self._check_offer(state, seat, amount, state["round"] > CASH_ONLY_ROUNDS)
        auction["bid"], auction["bidder"], auction["passed"] = amount, seat, []
        return [{"type": "bid", "seat": seat, "amount": amount}]

    def _move_pass(self, state: State, seat: int, move: Move) -> list[Event]:
        if seat == state["auctioneer"]:
            raise IllegalMove("the auctioneer does not bid; he knocks the lot down ('knock_down')")
        auction = state["auction"]
        auction["passed"] = [*auction["passed"], seat]
        return [{"type": "passed", "seat": seat}]

    def _move_knock_down(self, state: State, seat: int, move: Move) -> list[Event]:
        if seat != state["auctioneer"]:
            raise IllegalMove("only the auctioneer knocks the lot down", "not_your_turn")
        by_timer = move.get("timer", False)
        if not isinstance(by_timer, bool):
            raise IllegalMove("'timer' must be true or false", "malformed")
        if not by_timer and not self._knock_down_due(state):
            raise IllegalMove(self._wait_reason(state, seat), "not_your_turn")
        auction = state["auction"]
        if auction["bid"] is None:
            buyer, price = seat, auction["start_price"]
        else:
            buyer, price = auction["bidder"], auction["bid"]
        events: list[Event] = [{"type": "knocked_down", "buyer": buyer, "price": price}]
        self._ask_payment(state, "open", buyer, price, None)
        return events

    def _move_accept(self, state: State, seat: int, move: Move) -> list[Event]:
        price = state["auction"]["price"]
        if seat in state["defaulters"]:
            self._check_offer(state, seat, price, False)
        events: list[Event] = [{"type": "accepted", "seat": seat, "price": price}]
        if price < lot_value(state["lot"]):
            state["phase"] = "preempt"
            state["auction"] = {"price": price, "accepter": seat}
        else:
            self._ask_payment(state, "falling", seat, price, None)
        return events

    def _move_decline(self, state: State, seat: int, move: Move) -> list[Event]:
        auction, auctioneer = state["auction"], state["auctioneer"]
        events: list[Event] = [{"type": "declined", "seat": seat, "price": auction["price"]}]
        asked = (seat + 1) % state["players"]
        if asked != auctioneer:
            auction["asked"] = asked
            return events
        if auction["price"] == 0:
            events.append({"type": "taken_for_nothing", "seat": auctioneer})
            self._own_all(state)
            self._finish_lot(state, auctioneer, events)
            return events
        auction["price"] -= STEP
        auction["asked"] = (auctioneer + 1) % state["players"]
        events.append({"type": "price_fell", "price": auction["price"]})
        return events

    def _move_preempt(self, state: State, seat: int, move: Move) -> list[Event]:
        price, accepter = state["auction"]["price"], state["auction"]["accepter"]
        if seat in state["defaulters"]:
            self._check_offer(state, seat, price, False)
        self._ask_payment(state, "falling", seat, price, accepter)
        return [{"type": "preempted", "seat": seat, "price": price, "accepter": accepter}]

    def _move_waive(self, state: State, seat: int, move: Move) -> list[Event]:
        price, accepter = state["auction"]["price"], state["auction"]["accepter"]
        self._ask_payment(state, "falling", accepter, price, None)
        return [{"type": "waived", "seat": seat, "buyer": accepter, "price": price}]

    def _ask_payment(
        self, state: State, kind: str, buyer: int, price: int, frustrated: int | None
    ) -> None:
        state["phase"] = "pay"
        state["auction"] = {"kind": kind, "buyer": buyer, "price": price, "frustrated": frustrated}

    def _move_pay(self, state: State, seat: int, move: Move) -> list[Event]:
        auction, auctioneer = state["auction"], state["auctioneer"]
        price, cash = auction["price"], move.get("cash", 0)
        gems: list[str]
        necklaces: list[list[str]]
        if (
            type(cash) is int
            and cash == price
            and cash <= state["cash"][seat]
            and move.get("gems", []) == []
            and move.get("necklaces", []) == []
        ):
            # The price in cash alone, the commonest payment: what `_checked_payment` accepts
            # at once (a price is whole thousands, checked as it was offered).
            gems, necklaces, paid_gems = [], [], []
        else:
            found = PAYMENT_FACTS.get(id(move))
            if (
                found is not None
                and found[0] is move
                and found[1]
                and auction["kind"] == "open"
                and state["round"] > CASH_ONLY_ROUNDS
                and cash <= state["cash"][seat]
                and cash == (price - found[3] if price > found[3] else 0)  # so worth enough
            ):
                # A listed payment with gems (`PAYMENTS`): its parts are known to be well
                # formed, so only what depends on this state is checked, as
                # `_checked_payment` checks it (the hand must hold the gems).
                state["hands"][seat] = take_gems(state["hands"][seat], found[1])
                paid_gems = [*found[2]]
                gems, necklaces = move["gems"], [*move["necklaces"]]
            else:
                cash, gems, necklaces, rest, paid_gems = self._checked_payment(state, seat, move)
                if paid_gems:
                    state["hands"][seat] = rest
        state["cash"][seat] -= cash
        events: list[Event] = [
            {
                "type": "paid",
                "seat": seat,
                "price": price,
                "cash": cash,
                "gem_count": len(paid_gems),
                "hidden": {"gems": gems, "necklaces": necklaces},
                "seen_by": [seat]
                if seat == auctioneer
                else [seat, auctioneer]
                if seat < auctioneer
                else [auctioneer, seat],
            }
        ]
        # The commission comes out of the payment before the bank settles its debts. The bank
        # then holds at least the cash just paid, so it pays a cash commission (half of it,
        # rounded up) in full.
        bank = state["bank"] + cash
        if seat == auctioneer:
            state["bank"] = bank
            if paid_gems:
                state["bank_gems"] = state["bank_gems"] + paid_gems
            if state["debts"]:
                self._settle(state, events)
            frustrated = auction["frustrated"]
            if frustrated is not None:
                paid = self._bank_out(state, frustrated, COMPENSATION)
                events.append({"type": "compensation", "seat": frustrated, "amount": paid})
        elif auction["kind"] == "falling":
            share = half_up(cash)
            state["bank"] = bank - share
            if state["debts"]:
                self._settle(state, events)
            if share < FALLING_MIN_COMMISSION:  # the bank tops it up as far as it can
                top_up = min(FALLING_MIN_COMMISSION - share, state["bank"])  # `_bank_out`
                state["bank"] -= top_up
                share += top_up
            state["cash"][auctioneer] += share
            events.append({"type": "commission", "seat": auctioneer, "cash": share})
        elif paid_gems:
            state["bank"], state["phase"] = bank, "commission"
            auction = state["auction"] = auction.copy()  # shared with the state `apply` was given
            auction["paid_cash"], auction["paid_gems"] = cash, paid_gems
            return events
        else:
            share = half_up(cash)
            state["cash"][auctioneer] += share
            state["bank"] = bank - share
            events.append({"type": "commission", "seat": auctioneer, "cash": share})
            if state["debts"]:
                self._settle(state, events)
        self._finish_lot(state, seat, events)
        return events

    def _checked_payment(
        self, state: State, seat: int, move: Move
    ) -> tuple[int, list, list, list[str], list[str]]:
        """Cash, single gems and necklaces of a payment move, checked against the rules; the
        hand that is left, and the gems paid (most valuable first)."""
        price = state["auction"]["price"]
        cash = move.get("cash", 0)
        if type(cash) is not int or not 0 <= cash <= MAX_PRICE or cash % STEP:
            cash = parse_amount(move, "cash", "the cash paid")
        gems = gem_list(move.get("gems", []), "'gems'")
        necklaces = move.get("necklaces", [])
        if not isinstance(necklaces, list):
            raise IllegalMove("'necklaces' must be a list of necklaces", "malformed")
        necklaces = [gem_list(n, "each necklace") for n in necklaces] if necklaces else []
        if (gems or necklaces) and not self._mixed(state):
            raise IllegalMove(
                "this lot must be paid in cash: gems and necklaces are accepted only in open"
                " auctions from round 7"
            )
        if cash > state["cash"][seat]:
            raise IllegalMove(f"you hold only {money(state['cash'][seat])} in cash")
        hand = state["hands"][seat]
        if not gems and not necklaces:  # cash alone: the hand stays as it is
            worth, rest, paid = 0, hand, []
        else:
            paid = gems + [g for n in necklaces for g in n] if necklaces else gems
            rest = take_gems(hand, paid)
            paid = sort_gems(paid)  # a new list
            worth = sum(map(VALUE.__getitem__, gems))  # `base_value`
            for necklace in necklaces:
                try:
                    worth += necklace_value(necklace)
                except ValueError as exc:
                    raise IllegalMove(f"{', '.join(necklace)} is no necklace: {exc}") from None
        if cash + worth < price:
            raise IllegalMove(
                f"that payment is worth {money(cash + worth)}, less than the price of"
                f" {money(price)}"
            )
        if cash != max(0, price - worth):
            raise IllegalMove(
                f"pay the rest of the price in cash, exactly {money(max(0, price - worth))}:"
                " cash is never paid beyond the price (gems and necklaces may pay more; there"
                " is no change)"
            )
        return cash, gems, necklaces, rest, paid

    def _move_commission(self, state: State, seat: int, move: Move) -> list[Event]:
        auction = state["auction"]
        take, paid_gems = move.get("take"), auction["paid_gems"]
        if take != "cash" and take not in paid_gems:
            raise IllegalMove(
                "take 'cash' (half the cash paid, rounded up) or one of the gems paid:"
                f" {', '.join(dict.fromkeys(paid_gems))}"
            )
        events: list[Event]
        if take == "cash":
            share = min(half_up(auction["paid_cash"]), state["bank"])  # `_bank_out`
            state["bank"] -= share
            state["cash"][seat] += share
            events = [{"type": "commission", "seat": seat, "cash": share}]
        else:
            paid_gems = paid_gems[:]  # shared with the state `apply` was given
            paid_gems.remove(take)
            state["hands"][seat] = sort_gems([*state["hands"][seat], take])
            buyer = auction["buyer"]
            events = [
                {
                    "type": "commission",
                    "seat": seat,
                    "cash": 0,
                    "gem_count": 1,
                    "hidden": {"gem": take},
                    "seen_by": [seat] if seat == buyer else sorted((seat, buyer)),
                }
            ]
        state["bank_gems"] = state["bank_gems"] + paid_gems
        if state["debts"]:
            self._settle(state, events)
        self._finish_lot(state, auction["buyer"], events)
        return events

    def _move_default(self, state: State, seat: int, move: Move) -> list[Event]:
        price = state["auction"]["price"]
        cash, hand = state["cash"][seat], state["hands"][seat]
        if can_pay(cash, hand, price, self._mixed(state)):
            raise IllegalMove(f"you can pay the price of {money(price)}, so you must")
        gem = move.get("gem")
        events: list[Event]
        if gem is None:
            if cash < PENALTY and hand:
                raise IllegalMove(
                    f"you hold less than {money(PENALTY)} in cash, so the penalty is a gem of your"
                    " choice: name it"
                )
            fine = min(cash, PENALTY)
            state["cash"][seat] -= fine
            events = [
                {
                    "type": "default",
                    "seat": seat,
                    "price": price,
                    "penalty_cash": fine,
                    "penalty_gem": False,
                }
            ]
            state["bank"] += fine  # `_bank_in`
            if state["debts"]:
                self._settle(state, events)
        else:
            state["hands"][seat] = take_gems(hand, gem_list([gem], "the gem"))
            state["bank_gems"] = [*state["bank_gems"], gem]
            events = [
                {
                    "type": "default",
                    "seat": seat,
                    "price": price,
                    "penalty_cash": 0,
                    "penalty_gem": True,
                    "hidden": {"gem": gem},
                    "seen_by": [seat],
                }
            ]
        if seat not in state["defaulters"]:
            state["defaulters"] = [*state["defaulters"], seat]
        state["phase"], state["auction"] = "choose", None
        events.append({"type": "rerun", "seat": state["auctioneer"], "lot": state["lot"][:]})
        return events

    def _move_sell(self, state: State, seat: int, move: Move) -> list[Event]:
        if state["sold"][seat]:
            raise IllegalMove("you have already sold to the bank: that is allowed once a game")
        if ("gems" in move) == ("necklace" in move):
            raise IllegalMove("sell either single 'gems' or one 'necklace'", "malformed")
        if "gems" in move:
            gems = gem_list(move["gems"], "'gems'")
            value = base_value(gems)
        else:
            gems = gem_list(move["necklace"], "'necklace'")
            try:
                value = necklace_value(gems)
            except ValueError as exc:
                raise IllegalMove(f"that is no necklace: {exc}") from None
        if not gems:
            raise IllegalMove("name the gems you sell")
        state["hands"][seat] = take_gems(state["hands"][seat], gems)
        state["bank_gems"] = state["bank_gems"] + gems
        sold = state["sold"] = state["sold"][:]
        sold[seat] = True
        credit = min(value, SALE_CAP)
        spare = self._spare(state)
        paid = min(credit, spare)
        marker = min(MARKER, spare - paid)
        state["bank"] -= paid + marker
        state["cash"][seat] += paid
        markers = state["markers"] = state["markers"][:]
        markers[seat] += marker
        for amount, into in ((credit - paid, "cash"), (MARKER - marker, "marker")):
            if amount:
                state["debts"] = [*state["debts"], {"seat": seat, "amount": amount, "into": into}]
        return [
            {
                "type": "sold_to_bank",
                "seat": seat,
                "gem_count": len(gems),
                "paid": paid,
                "owed": credit - paid,
                "marker": marker,
                "marker_owed": MARKER - marker,
                "hidden": {"gems": sort_gems(gems), "value": value},
                "seen_by": [seat],
            }
        ]

    # ------------------------------------------------------------------ the bank and the deck
    def _bank_in(self, state: State, amount: int, events: list[Event]) -> None:
        state["bank"] += amount
        self._settle(state, events)

    def _settle(self, state: State, events: list[Event]) -> None:
        """The bank pays its debts first, oldest first, as far as it holds money."""
        debts = state["debts"]
        if not debts or not state["bank"]:
            return
        # The debts and the markers are shared with the state `apply` was given (the cash is
        # the working copy's own).
        debts = state["debts"] = [dict(debt) for debt in debts]
        state["markers"] = state["markers"][:]
        while debts and state["bank"]:
            debt = debts[0]
            amount = min(debt["amount"], state["bank"])
            state["bank"] -= amount
            (state["cash"] if debt["into"] == "cash" else state["markers"])[debt["seat"]] += amount
            events.append(
                {"type": "debt_paid", "seat": debt["seat"], "amount": amount, "into": debt["into"]}
            )
            debt["amount"] -= amount
            if not debt["amount"]:
                debts.pop(0)

    def _spare(self, state: State) -> int:
        """What the bank may pay for a sale now: nothing while older debts wait; during the
        commission choice, not the cash commission the auctioneer may still take."""
        if state["debts"]:
            return 0
        kept = half_up(state["auction"]["paid_cash"]) if state["phase"] == "commission" else 0
        return max(0, state["bank"] - kept)

    def _bank_out(self, state: State, seat: int, amount: int) -> int:
        """The bank pays `seat` up to `amount`, as far as it holds money; returns what it paid."""
        paid = min(amount, state["bank"])
        state["bank"] -= paid
        state["cash"][seat] += paid
        return paid

    def _finish_lot(self, state: State, buyer: int, events: list[Event]) -> None:
        """The buyer takes the lot and runs the next auction; the round counter moves on."""
        lot = state["lot"]
        state["hands"][buyer] = sort_gems(state["hands"][buyer] + lot)
        events.append({"type": "lot_won", "seat": buyer, "gems": lot[:], "round": state["round"]})
        state["auctioneer"], state["round"] = buyer, state["round"] + 1
        state["defaulters"], state["auction"] = [], None
        self._reveal(state, events)

    def _reveal(self, state: State, events: list[Event]) -> None:
        """Deal the next lot: turn cards until it reaches the threshold; the second deck when
        the first runs out; the second deck's last cards are auctioned as they are; then the
        game ends."""
        lot: list[str] = []
        value, threshold = 0, THRESHOLD[state["players"]]
        deck = state["deck"]
        while True:
            top = len(deck)  # the lot takes the deck's top cards (its end), top card first
            while value < threshold and top:
                top -= 1
                value += VALUE[deck[top]]
            lot += deck[top:][::-1]
            state["deck"] = deck[:top]
            if value >= threshold or state["deck_number"] == 2:
                break
            self._second_deck(state, events)  # the first deck is used up
            deck = state["deck"]
        state["lot"] = lot
        if lot:
            state["phase"] = "choose"
            seat = state["auctioneer"]
            events.append({"type": "lot_revealed", "seat": seat, "gems": lot[:], "value": value})
        else:
            state["phase"] = "over"
            events.append({"type": "game_over", **self._outcome(state)})

    def _second_deck(self, state: State, events: list[Event]) -> None:
        n, first = state["players"], state["auctioneer"]
        thousands = min(state["bank"], SECOND_DECK_GIFT * n) // STEP
        share, extra = divmod(thousands, n)
        gifts = [share * STEP] * n
        for k in range(extra):
            gifts[(first + k) % n] += STEP
        for seat, gift in enumerate(gifts):
            state["cash"][seat] += gift
        state["bank"] -= sum(gifts)
        deck = state["set_aside"] + state["bank_gems"]
        draw_rng(state).shuffle(deck)
        state.update(deck=deck, deck_number=2, set_aside=[], bank_gems=[])
        events.append({"type": "second_deck", "gifts": gifts, "cards": len(deck)})

    # ------------------------------------------------------------------ views and results
    def _view(self, state: State, seat: int | None) -> View:
        phase, auction = state["phase"], state["auction"]
        view: View = {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "options": state["options"],
            "phase": phase,
            "round": state["round"],
            "cash_only": state["round"] <= CASH_ONLY_ROUNDS,
            "deck_number": state["deck_number"],
            "deck_count": len(state["deck"]),
            "set_aside_count": len(state["set_aside"]),
            "bank": state["bank"],
            "bank_gem_count": len(state["bank_gems"]),
            "debts": [dict(d) for d in state["debts"]],
            "auctioneer": state["auctioneer"],
            "lot": state["lot"],
            "lot_value": lot_value(state["lot"]),
            "threshold": THRESHOLD[state["players"]],
            "gem_counts": [len(h) for h in state["hands"]],
            "markers": state["markers"],
            "sold": state["sold"],
            "defaulters": state["defaulters"],
            "auction": None,
            "to_act": self.to_act(state),
        }
        if auction is not None:
            public = {k: v for k, v in auction.items() if k != "paid_gems"}
            if phase == "commission":
                public["paid_gem_count"] = len(auction["paid_gems"])
                if seat in (state["auctioneer"], auction["buyer"]):
                    public["paid_gems"] = auction["paid_gems"]
            view["auction"] = public
        if phase == "sealed":
            view["sealed_bids_made"] = [bid is not None for bid in state["sealed_bids"]]
        if seat is not None:
            value, necklace = best_necklace(state["hands"][seat])
            view["cash"] = state["cash"][seat]
            view["gems"] = state["hands"][seat]
            view["best_necklace"] = {"value": value, "gems": necklace}
            if phase == "sealed":
                view["sealed_bid"] = state["sealed_bids"][seat]
        if phase == "over":
            view["outcome"] = self._outcome(state)
        return view

    def _outcome(self, state: State) -> dict[str, Any]:
        """Best necklace; ties: fewer gems in it, then the best gem outside it, then money
        (cash, marker and what the bank still owes)."""
        owed = [0] * state["players"]
        for debt in state["debts"]:
            owed[debt["seat"]] += debt["amount"]
        scores, necklaces, outside, wealth, breakdown = [], [], [], [], []
        for seat, hand in enumerate(state["hands"]):
            _, necklace = best_necklace(hand)
            base, kinds = necklace_parts(necklace) if necklace else (0, 0)
            # The necklace's value is its gems' base values times its kinds: the gems once,
            # and every kind beyond the first once more.
            parts = [
                {"id": "gems", "count": len(necklace), "points": base},
                {"id": "kinds", "count": kinds, "points": base * max(0, kinds - 1)},
            ]
            rest = hand[:]
            for gem in necklace:
                rest.remove(gem)
            scores.append(sum(part["points"] for part in parts))
            breakdown.append(parts)
            necklaces.append(necklace)
            outside.append(max(map(VALUE.__getitem__, rest), default=0))
            wealth.append(state["cash"][seat] + state["markers"][seat] + owed[seat])
        keys = [[scores[s], -len(necklaces[s]), outside[s], wealth[s]] for s in range(len(scores))]
        return {
            "scores": scores,
            "winners": winners_by(scores, keys),
            "decided_by": decided_by(keys),
            "necklaces": necklaces,
            "best_outside": outside,
            "money": wealth,
            "hands": state["hands"],
            "breakdown": breakdown,
        }

    def may_take_back(self, before: State, seat: int, move: Move, events: list[Event]) -> bool:
        """Nothing. Every auction move binds the moment it is made (rules decision 11): a bid, a
        pass, a sealed bid, accepting or declining a falling price, taking the lot at the
        accepted price or waiving that right, and the auctioneer's choice of the auction with
        its start price — nobody outbidding it, he buys at that price, so it is his own bid, and
        a falling auction says he will not bid the base value. The other moves show or settle
        something: a knock-down sells the lot; a payment, a commission, a default or a sale to
        the bank shows what a seat holds; and the next lot is dealt from the covered deck."""
        return False

    def _own_all(self, state: State) -> None:
        """Make a state that `apply` made by a light move (which shares every container but the
        auction with the state it was given) a full working copy, before a rare turn changes
        more than the auction."""
        state.update(self._working_copy(state), auction=state["auction"])

    def _working_copy(self, state: State) -> State:
        # `_lot_copy`, and the auction: the light moves change it in place.
        work = _lot_copy(state)
        auction = state["auction"]
        if auction is not None:
            work["auction"] = auction.copy()
        return work

    def copy_state(self, state: State) -> State:
        # Every list `_apply` may change is copied; the auction's lists too. Plain values are
        # shared safely, and `options` is never written.
        copy = dict(state)
        for key in ("cash", "markers", "sold", "bank_gems", "deck", "set_aside", "lot"):
            copy[key] = state[key][:]
        copy["defaulters"] = state["defaulters"][:]
        copy["hands"] = [hand[:] for hand in state["hands"]]
        copy["debts"] = [dict(d) for d in state["debts"]]
        if state["auction"] is not None:
            copy["auction"] = {
                k: v[:] if isinstance(v, list) else v for k, v in state["auction"].items()
            }
        if state["sealed_bids"] is not None:
            copy["sealed_bids"] = state["sealed_bids"][:]
        return copy


# Moves that change nothing but the phase and the auction (a new or a copied dict; the lists
# in it are replaced, never changed): `apply` shares the rest of the state with the one it was
# given. (A falling auction nobody takes goes to the auctioneer: `_move_decline` then makes
# the rest its own first.)
LIGHT_MOVES = frozenset(
    {
        "open_auction",
        "falling_auction",
        "bid",
        "pass",
        "knock_down",
        "accept",
        "decline",
        "preempt",
        "waive",
    }
)
# Of those, the moves that put a new auction (or none) in place of the old one: `apply` need
# not copy the auction for them either.
NEW_AUCTION_MOVES = frozenset(
    {"open_auction", "falling_auction", "knock_down", "accept", "preempt", "waive"}
)


def _lot_copy(state: State) -> State:
    """The working copy of a move that may change more than the auction: the cash and the list
    of hands are copied (`_apply` changes them in place); the other containers are shared and
    replaced by a new one where they change (each hand, the bank's gems, the markers, the debts,
    the deck, the lot, the defaulters, ...; the auction too, and the lists in it)."""
    work = state.copy()
    work["cash"] = state["cash"][:]
    work["hands"] = state["hands"][:]
    return work


def _auction_copy(state: State) -> State:
    """The working copy of a light move that changes the auction in place."""
    work = state.copy()
    work["auction"] = state["auction"].copy()
    return work


# Move type -> (the phases it belongs to, the working copy `apply` gives it, the method playing
# it).
MOVE_TABLE = {
    kind: (
        phases,
        dict.copy
        if kind in NEW_AUCTION_MOVES
        else _auction_copy
        if kind in LIGHT_MOVES
        else _lot_copy,
        getattr(DasKollier, f"_move_{kind}"),
    )
    for kind, phases in MOVE_PHASES.items()
}


def parse_amount(move: Move, key: str, what: str) -> int:
    """A sum of money from a move: whole thousands from 0 to MAX_PRICE."""
    amount = parse_int(move, key, what)
    if amount < 0 or amount % STEP:
        raise IllegalMove(f"{what} must be a whole number of thousands, like 7000", "malformed")
    if amount > MAX_PRICE:
        raise IllegalMove(f"{what} may be at most {money(MAX_PRICE)}")
    return amount


def pay_move(cash: int, gems: list[str], necklaces: list[list[str]]) -> Move:
    return {"type": "pay", "cash": cash, "gems": gems, "necklaces": necklaces}


def biggest_pieces_payment(cash: int, hand: list[str], price: int) -> Move:
    """A payment from the hand's best split: its most valuable pieces until cash covers the
    rest. Taking pieces from the biggest down leaves none that could be spared."""
    gems: list[str] = []
    chosen: list[list[str]] = []
    worth = 0
    for value, gem, necklace in split_pieces(tuple(hand)):
        if worth + cash >= price:
            break
        worth += value
        if gem is None:
            chosen.append([*necklace])
        else:
            gems.append(gem)
    return pay_move(max(0, price - worth), gems, chosen)


@lru_cache(maxsize=4096)
def split_pieces(hand: tuple[str, ...]) -> tuple[tuple[int, str | None, tuple[str, ...]], ...]:
    """The pieces of a hand's best split, most valuable first (necklaces before single gems of
    the same value): (value, the single gem or None, the necklace or ()). Remembered per hand:
    a buyer short of cash is offered it again after each default."""
    _, necklaces = best_split(list(hand))
    singles = take_gems(list(hand), [g for n in necklaces for g in n])
    pieces = [(necklace_value(n), None, tuple(n)) for n in necklaces]
    pieces += [(VALUE[g], g, ()) for g in singles]
    return tuple(sorted(pieces, key=lambda piece: -piece[0]))


GAME = DasKollier()
