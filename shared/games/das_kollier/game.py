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

The rules live in rooms of this package, one job each: `tables` (the rules' amounts, the moves
and events built once), `hands` (a hand's arithmetic), `checks` (a move's amounts and gems, who
may offer what), `turns` (who acts), `listing` (the legal moves), `auction`, `payment`, `bank`
and `deck` (playing the moves), `scoring`, `view` (what a seat may see) and `copies` (the
working copies `apply` makes). This module is the engine they make up: its facts, the setup,
and `apply`'s fast path for the commonest moves.
"""

from __future__ import annotations

import random
from typing import Any

from shared.engine import Event, Game, IllegalMove, Move, Option, State
from shared.games.das_kollier import copies, listing
from shared.games.das_kollier.auction import (
    move_accept,
    move_bid,
    move_decline,
    move_falling_auction,
    move_knock_down,
    move_open_auction,
    move_pass,
    move_preempt,
    move_sealed_bid,
    move_waive,
)
from shared.games.das_kollier.bank import move_sell
from shared.games.das_kollier.copies import LIGHT_MOVES, NEW_AUCTION_MOVES, auction_copy, lot_copy
from shared.games.das_kollier.deck import reveal
from shared.games.das_kollier.gems import SET_ASIDE, all_cards
from shared.games.das_kollier.listing import legal, sales
from shared.games.das_kollier.payment import move_commission, move_default, move_pay
from shared.games.das_kollier.scoring import outcome
from shared.games.das_kollier.tables import (
    BID_EVENTS,
    DECLINED,
    GAME_ID,
    MAX_PLAYERS,
    MAX_PRICE,
    MOVE_PHASES,
    PASSED,
    PHASE_NAMES,
    PRICE_FELL,
    STEP,
    TOTAL_MONEY,
)
from shared.games.das_kollier.turns import acting, to_act, wait_reason
from shared.games.das_kollier.view import seat_view


class DasKollier(Game):
    """Das Kollier's engine (see the module doc)."""

    id = GAME_ID
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
        reveal(state, [])
        if state["options"]["sealed_first_auctioneer"]:
            state["phase"] = "sealed"
            state["sealed_bids"] = [None] * n

    # ------------------------------------------------------------------ who acts
    out_of_turn = frozenset({"sell", "knock_down"})
    # `turns.to_act` lists nobody once the game is over, so it answers `to_act` as it is.
    _to_act = staticmethod(to_act)
    to_act = _to_act

    def _wait_reason(self, state: State, seat: int) -> str:
        return wait_reason(state, seat) or super()._wait_reason(state, seat)

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
    # The fast listing is the method itself (it hands anything else to the base class).
    legal_moves = listing.legal_moves
    _legal_moves = staticmethod(legal)
    _out_of_turn_moves = staticmethod(sales)

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
                    if asked != state["auctioneer"]:  # `move_decline`: the next seat is asked
                        changed["asked"] = asked
                        return work, [DECLINED[seat][price]]
                    if price:  # a round without a taker: the price falls
                        changed["price"] = price = price - STEP
                        changed["asked"] = (asked + 1) % state["players"]
                        return work, [DECLINED[seat][price + STEP], PRICE_FELL[price]]
                    return work, move_decline(work, seat, move)
                if kind == "accept" and seat == auction["asked"]:
                    work = state.copy()  # the move table's copy for it, as below
                    return work, move_accept(work, seat, move)
            elif phase == "open":
                auction = state["auction"]
                if kind == "knock_down" and seat == state["auctioneer"]:
                    work = state.copy()
                    return work, move_knock_down(work, seat, move)
                if (
                    (kind == "pass" or kind == "bid")
                    and seat != state["auctioneer"]
                    and seat != auction["bidder"]
                    and 0 <= seat < state["players"]
                    and seat not in auction["passed"]
                ):
                    work = state.copy()
                    changed = work["auction"] = auction.copy()
                    if kind == "pass":  # `move_pass`
                        changed["passed"] = [*auction["passed"], seat]
                        return work, [PASSED[seat]]
                    amount, bid = move.get("amount"), auction["bid"]
                    if (
                        type(amount) is int
                        and 0 <= amount <= MAX_PRICE
                        and not amount % STEP
                        and amount >= (auction["start_price"] if bid is None else bid + STEP)
                        and seat not in state["defaulters"]
                    ):  # `move_bid`, a bid above the last (never below 0: the start price)
                        changed["bid"], changed["bidder"], changed["passed"] = amount, seat, []
                        return work, [BID_EVENTS[seat][amount]]
                    return work, move_bid(work, seat, move)
            # A lot's other moves by the one seat that makes them, with the copy the move table
            # gives them.
            elif phase == "pay":
                if seat == state["auction"]["buyer"] and (kind == "pay" or kind == "default"):
                    work = lot_copy(state)
                    if kind == "pay":
                        return work, move_pay(work, seat, move)
                    return work, move_default(work, seat, move)
            elif phase == "choose":
                if seat == state["auctioneer"]:
                    if kind == "open_auction":
                        work = state.copy()
                        return work, move_open_auction(work, seat, move)
                    if kind == "falling_auction":
                        work = state.copy()
                        return work, move_falling_auction(work, seat, move)
            elif phase == "commission" and kind == "commission" and seat == state["auctioneer"]:
                work = lot_copy(state)
                return work, move_commission(work, seat, move)
        entry = MOVE_TABLE.get(kind) if type(kind) is str else None
        if (
            entry is None
            or type(seat) is not int
            or not 0 <= seat < state["players"]
            or state["phase"] not in entry[0]
            or (kind not in self.out_of_turn and not acting(state, seat))
        ):
            return super().apply(state, seat, move)
        work = entry[1](state)
        return work, entry[2](work, seat, move)

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        kind = move["type"]
        if kind not in MOVE_PHASES:
            raise IllegalMove(
                f"unknown move {kind!r}; the moves are {', '.join(MOVE_PHASES)}", "malformed"
            )
        phase = state["phase"]
        if phase not in MOVE_PHASES[kind]:
            raise IllegalMove(f"{kind!r} is not possible during {PHASE_NAMES[phase]}")
        return MOVE_TABLE[kind][2](state, seat, move)

    # ------------------------------------------------------------------ views and results
    _view = staticmethod(seat_view)
    _outcome = staticmethod(outcome)

    def may_take_back(self, before: State, seat: int, move: Move, events: list[Event]) -> bool:
        """Nothing. Every auction move binds the moment it is made (rules decision 11): a bid, a
        pass, a sealed bid, accepting or declining a falling price, taking the lot at the
        accepted price or waiving that right, and the auctioneer's choice of the auction with
        its start price — nobody outbidding it, he buys at that price, so it is his own bid, and
        a falling auction says he will not bid the base value. The other moves show or settle
        something: a knock-down sells the lot; a payment, a commission, a default or a sale to
        the bank shows what a seat holds; and the next lot is dealt from the covered deck."""
        return False

    _working_copy = staticmethod(copies.working_copy)
    copy_state = staticmethod(copies.copy_state)


# Move type -> the function playing it.
PLAYS = {
    "sealed_bid": move_sealed_bid,
    "open_auction": move_open_auction,
    "falling_auction": move_falling_auction,
    "bid": move_bid,
    "pass": move_pass,
    "knock_down": move_knock_down,
    "accept": move_accept,
    "decline": move_decline,
    "preempt": move_preempt,
    "waive": move_waive,
    "pay": move_pay,
    "default": move_default,
    "commission": move_commission,
    "sell": move_sell,
}
# Move type -> (the phases it belongs to, the working copy `apply` gives it, the function
# playing it).
MOVE_TABLE = {
    kind: (
        phases,
        dict.copy
        if kind in NEW_AUCTION_MOVES
        else auction_copy
        if kind in LIGHT_MOVES
        else lot_copy,
        PLAYS[kind],
    )
    for kind, phases in MOVE_PHASES.items()
}


GAME = DasKollier()
