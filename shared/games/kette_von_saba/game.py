"""Die Kette von Saba as a `Game`: its facts, its state and setup, and each move handed to the
rule that applies it. The rules live beside it: `moves` lists the legal moves, `auction` (stage
1) and `reconstruction` (stage 2) apply them, `cards` moves the cards, `bank` the money,
`result` scores the end and `view` says what a seat may see.

State (plain data):
- `stage` (1 or 2) and `phase`: "offer", "bidding", "reserve", "reserve_offer", "buyer", "lay",
  "draw" (stage 1), "reconstruction" (stage 2), "over". `turn` is the seat to act.
- `board`: aligned with SPACES, each None or {"piece": "rubin-3", "joker": bool} (a joker's piece
  is the one it stands for).
- `deck` (top card last; hidden from everyone), `hands[seat]`, `forgeries` (set aside, public),
  `cash[seat]` (public); `rewards_paid` and `fees_paid` total what the bank paid and received;
  `accounts[seat]` books every change of the seat's cash under where it came from (see `bank`).
- `auctioneer`; `lot`: the card up for sale until it is sold, laid or set aside;
  `auction`: {"from_deck", "bid", "bidder", "passes", "reserve"} during an auctioneer's turn;
  `quiet_auctions`: auctions in a row without a card drawn from the deck.
- `end`: None, or why the game ended.

The board and the forgeries are replaced when a card is laid or set aside, never changed in place:
`copy_state` shares them, and facts derived from a board (its live layouts, the spaces each card
may take) are remembered by the list itself. `apply` also shares the deck, the hands and the cash
with the state it was given and replaces them when they change; only the auction is copied.
"""

from __future__ import annotations

import random
from typing import Any

from shared.engine import Event, Game, IllegalMove, ListedMove, Move, Option, State, View
from shared.games.kette_von_saba import auction, reconstruction
from shared.games.kette_von_saba.bank import BID_STEP, START_CASH, opening_accounts
from shared.games.kette_von_saba.board import SPACES
from shared.games.kette_von_saba.moves import BIDS, PASS
from shared.games.kette_von_saba.moves import legal_moves as listed_moves
from shared.games.kette_von_saba.necklace import (
    JOKER,
    JOKERS,
    REAL_CARDS,
    card_spaces,
    live_layouts,
)
from shared.games.kette_von_saba.result import outcome
from shared.games.kette_von_saba.view import seat_view

HAND_SIZES: dict[int, int] = {3: 7, 4: 5, 5: 4, 6: 3, 7: 3}
SETUP_CARDS = 4

PHASE_NAMES: dict[str, str] = {
    "offer": "the auctioneer offers a card",
    "bidding": "bidding",
    "reserve": "the auctioneer sells or names a reserve price",
    "reserve_offer": "players accept or decline the reserve price",
    "buyer": "the buyer keeps the card or lays it",
    "lay": "the auctioneer lays the unsold card",
    "draw": "the auctioneer may buy the deck's top card",
    "reconstruction": "reconstruction",
}

# The rule that applies each move of each phase: `rule(state, seat, move, events)`.
PHASE_MOVES: dict[str, dict[str, Any]] = {
    "offer": {"offer": auction.offer},
    "bidding": {"bid": auction.bid, "pass": auction.pass_bidding},
    "reserve": {"sell": auction.sell_now, "reserve": auction.name_reserve},
    "reserve_offer": {"accept": auction.accept, "decline": auction.decline},
    "buyer": {"keep": auction.keep, "place": auction.place_lot},
    "lay": {"place": auction.place_lot},
    "draw": {"draw": auction.draw, "end_turn": auction.end_turn},
    "reconstruction": {"place": reconstruction.place_card, "discard": reconstruction.discard},
}


class KetteVonSaba(Game):
    id = "kette-von-saba"
    title = "Die Kette von Saba"
    min_players = 3
    max_players = 7
    options = {
        "no-jokers": Option(False, "play without the four lion-head jokers", kind=bool),
        "joker-symmetry": Option(
            False,
            "jokers obey the mirror rule too: a joker off the centre faces an empty space or a"
            " joker, and a space facing a joker takes only a joker",
            kind=bool,
        ),
    }

    # ------------------------------------------------------------------ setup
    def _setup(self, state: State, rng: random.Random) -> None:
        n = state["players"]
        deck = list(REAL_CARDS)
        if not state["options"]["no-jokers"]:
            deck += [JOKER] * JOKERS
        rng.shuffle(deck)
        board: list[dict | None] = [None] * len(SPACES)
        forgeries: list[str] = []
        laid = 0
        while laid < SETUP_CARDS:
            card = deck.pop()
            if card == JOKER:
                # Jokers come into play later: back into the deck, below the top card.
                deck.insert(rng.randrange(len(deck)), card)
                continue
            spaces = card_spaces(board, live_layouts(board), card)
            if not spaces:
                forgeries.append(card)
                continue
            board[rng.choice(spaces)] = {"piece": card, "joker": False}
            laid += 1
        first = state["options"]["first_seat"]
        hands: list[list[str]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZES[n]):
            for k in range(n):
                hands[(first + k) % n].append(deck.pop())
        state.update(
            stage=1,
            phase="offer",
            turn=first,
            board=board,
            deck=deck,
            hands=hands,
            forgeries=forgeries,
            cash=[START_CASH] * n,
            accounts=[opening_accounts() for _ in range(n)],
            rewards_paid=0,
            fees_paid=0,
            auctioneer=first,
            lot=None,
            auction=None,
            quiet_auctions=0,
            end=None,
        )
        auction.start_auction(state, [])

    # ------------------------------------------------------------------ rules
    def _to_act(self, state: State) -> list[int]:
        return [state["turn"]]

    def _is_over(self, state: State) -> bool:
        return state["end"] is not None

    def _legal_moves(self, state: State, seat: int) -> list[Move]:
        return listed_moves(state, seat)

    # The public verbs for the common case, in one call each: the seat to act in a running game,
    # and (`apply`) a move shaped as the rules' moves are. Anything else goes through the base
    # class (its checks of seat, move shape, game over and turn) exactly as before, so bad input
    # is refused the same way.
    def to_act(self, state: State) -> list[int]:
        return [state["turn"]] if state["end"] is None else []

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if (
            type(seat) is not int
            or seat != state["turn"]
            or state["end"] is not None
            or not 0 <= seat < state["players"]
        ):
            return super().legal_moves(state, seat)
        if state["phase"] == "bidding":
            low = state["auction"]["bid"] + BID_STEP
            return [PASS, *BIDS.between(low, state["cash"][seat])]
        return listed_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if (
            type(seat) is not int
            or seat != state["turn"]
            or state["end"] is not None
            or not 0 <= seat < state["players"]
            or (type(move) is not ListedMove and type(move) is not dict)
            or type(kind := move.get("type")) is not str
        ):
            return super().apply(state, seat, move)
        rule = PHASE_MOVES[state["phase"]].get(kind)
        if rule is None:
            return super().apply(state, seat, move)  # refused there (or by `_apply`)
        # `_working_copy` inline.
        work = state.copy()
        current = state["auction"]
        if current is not None:
            work["auction"] = current.copy()
        events: list[Event] = []
        rule(work, seat, move, events)
        return work, events

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        rule = PHASE_MOVES[state["phase"]].get(move["type"])
        if rule is None:
            allowed = ", ".join(repr(m) for m in PHASE_MOVES[state["phase"]])
            raise IllegalMove(
                f"{move['type']!r} is not a move now ({PHASE_NAMES[state['phase']]});"
                f" play {allowed}",
                "malformed",
            )
        events: list[Event] = []
        rule(state, seat, move, events)
        return events

    # ------------------------------------------------------------------ views and results
    def _view(self, state: State, seat: int | None) -> View:
        return seat_view(self, state, seat)

    def _outcome(self, state: State) -> dict[str, Any]:
        return outcome(state)

    def may_take_back(self, before: State, seat: int, move: Move, events: list[Event]) -> bool:
        """Only what a seat does with the card for sale, everyone seeing it, once its auction
        is decided: the buyer keeping it, or laying it (stage 1). Every auction move binds the
        moment it is made (rules decision 11): a bid, a pass, a reserve price and the answers
        to it. Offering or laying a hand card shows it, drawing shows the deck's top card, and
        the end of an auction turn (the next auctioneer's lot) settles it for everyone."""
        if move["type"] not in ("keep", "place") or before["stage"] != 1:
            return False  # stage 2 lays a card from the hand
        quiet = {"kept", "placed", "forgery", "joker_returned"}
        return all(e["type"] in quiet and not e.get("forced") for e in events)

    def copy_state(self, state: State) -> State:
        # The board and the forgeries are replaced when they change, never changed in place (see
        # `cards.lay`, `cards.set_aside`); the other containers are copied.
        copy = state.copy()  # the same keys in the same order
        copy["deck"], copy["cash"] = state["deck"][:], state["cash"][:]
        copy["accounts"] = [{part: n[:] for part, n in book.items()} for book in state["accounts"]]
        copy["hands"] = list(map(list.copy, state["hands"]))
        current = state["auction"]
        if current is not None:
            copy["auction"] = current.copy()
        return copy

    def _working_copy(self, state: State) -> State:
        # `_apply` also replaces the deck, the hands, the cash and the accounts when they change
        # (see `cards.take`, `bank.book`); only the auction is changed in place.
        work = state.copy()  # the same keys in the same order
        current = state["auction"]
        if current is not None:
            work["auction"] = current.copy()
        return work
