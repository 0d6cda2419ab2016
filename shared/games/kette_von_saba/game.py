"""The rules of Die Kette von Saba as a `Game`: setup, the auctions of stage 1, the
reconstruction of stage 2, views and the result.

State (plain data):
- `stage` (1 or 2) and `phase`: "offer", "bidding", "reserve", "reserve_offer", "buyer", "lay",
  "draw" (stage 1), "reconstruction" (stage 2), "over". `turn` is the seat to act.
- `board`: aligned with SPACES, each None or {"piece": "rubin-3", "joker": bool} (a joker's piece
  is the one it stands for).
- `deck` (top card last; hidden from everyone), `hands[seat]`, `forgeries` (set aside, public),
  `cash[seat]` (public); `rewards_paid` and `fees_paid` total what the bank paid and received;
  `accounts[seat]` books every change of the seat's cash under where it came from
  (`ACCOUNTS`: part -> [how many times, amount]), so that the result can say it.
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

from shared.engine import (
    Event,
    Game,
    IllegalMove,
    ListedMove,
    Move,
    Option,
    State,
    View,
    parse_int,
)
from shared.games.kette_von_saba.board import SPACE_INDEX, SPACES, reward_at
from shared.games.kette_von_saba.necklace import (
    JOKER,
    JOKERS,
    MASKS,
    PIECE_CODE,
    PIECES,
    REAL_CARDS,
    board_live,
    board_spaces,
    card_spaces,
    live_layouts,
    possible_pieces,
    remember_live,
    settled_piece,
)

HAND_SIZES: dict[int, int] = {3: 7, 4: 5, 5: 4, 6: 3, 7: 3}
START_CASH = 20_000
SETUP_CARDS = 4
BID_STEP = 1000
DRAW_PRICE = 2000
# Reward multipliers: a buyer laying his card at once in stage 1 earns double; cards laid by an
# auctioneer after a sale that did not happen earn nothing.
BUYER_REWARD = 2
UNSOLD_REWARD = 0
RECONSTRUCTION_REWARD = 1
# Where a seat's cash comes from (its `accounts`, in this order): the starting money, cards
# sold at auction, rewards for cards laid at once by their buyer (double) and in the
# reconstruction; and where it goes: cards bought at auction, cards bought from the deck.
ACCOUNTS = ("start", "sales", "double_rewards", "rewards", "purchases", "deck")


class Amounts:
    """The listed moves `{"type": kind, field: amount}` for amounts in steps of BID_STEP, built
    once (as read-only `ListedMove`s) and handed out as slices."""

    def __init__(self, kind: str, field: str) -> None:
        self.kind, self.field = kind, field
        self.table: list[Move] = []

    def between(self, low: int, high: int) -> list[Move]:
        """The moves for low, low + BID_STEP, ... up to high."""
        if low % BID_STEP or low < 0:
            return [{"type": self.kind, self.field: a} for a in range(low, high + 1, BID_STEP)]
        top = high // BID_STEP
        table = self.table
        if len(table) <= top:
            # Rebound, never appended to: a reader on another thread sees a whole table.
            grown = range(len(table), 2 * top + 1)
            kind, field = self.kind, self.field
            table = self.table = table + [
                ListedMove({"type": kind, field: k * BID_STEP}) for k in grown
            ]
        return table[low // BID_STEP : top + 1]


BIDS = Amounts("bid", "amount")
RESERVES = Amounts("reserve", "price")
PASS, SELL, KEEP = ListedMove(type="pass"), ListedMove(type="sell"), ListedMove(type="keep")
ACCEPT, DECLINE = ListedMove(type="accept"), ListedMove(type="decline")
DRAW, END_TURN = ListedMove(type="draw"), ListedMove(type="end_turn")
OFFERS = {card: ListedMove(type="offer", card=card) for card in [*PIECES, JOKER]}
DISCARDS = {card: ListedMove(type="discard", card=card) for card in PIECES}
PLACE_LOT = [ListedMove(type="place", space=[*space]) for space in SPACES]
PLACE_CARD = {
    card: [ListedMove(type="place", card=card, space=[*space]) for space in SPACES]
    for card in [*PIECES, JOKER]
}


def space_list(index: int) -> list[int]:
    """SPACES[index] as the [column, row] list that moves, events and views use."""
    return list(SPACES[index])


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
            accounts=[
                {part: [1, START_CASH] if part == "start" else [0, 0] for part in ACCOUNTS}
                for _ in range(n)
            ],
            rewards_paid=0,
            fees_paid=0,
            auctioneer=first,
            lot=None,
            auction=None,
            quiet_auctions=0,
            end=None,
        )
        self._start_auction(state, [])

    # ------------------------------------------------------------------ rules
    def _to_act(self, state: State) -> list[int]:
        return [state["turn"]]

    def _is_over(self, state: State) -> bool:
        return state["end"] is not None

    def _legal_moves(self, state: State, seat: int) -> list[Move]:
        phase = state["phase"]
        if phase == "bidding":
            low = state["auction"]["bid"] + BID_STEP
            return [PASS, *BIDS.between(low, state["cash"][seat])]
        if phase == "offer":
            return [OFFERS[c] for c in sorted(set(state["hands"][seat]))]
        if phase == "reserve":
            low = state["auction"]["bid"] + BID_STEP
            richest = max(c for s, c in enumerate(state["cash"]) if s != seat)
            return [SELL, *RESERVES.between(low, max(low, richest))]
        if phase == "reserve_offer":
            return [ACCEPT, DECLINE]
        if phase in ("buyer", "lay"):
            spaces = self._spaces(state, state["lot"])
            moves = [PLACE_LOT[i] for i in spaces]
            return [KEEP, *moves] if phase == "buyer" else moves
        if phase == "draw":
            return [DRAW, END_TURN]
        return self._reconstruction_moves(state, seat)

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
        return self._legal_moves(state, seat)

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
        handler = PHASE_MOVES[state["phase"]].get(kind)
        if handler is None:
            return super().apply(state, seat, move)  # refused there (or by `_apply`)
        # `_working_copy` inline.
        work = state.copy()
        auction = state["auction"]
        if auction is not None:
            work["auction"] = auction.copy()
        events: list[Event] = []
        handler(self, work, seat, move, events)
        return work, events

    def _reconstruction_moves(self, state: State, seat: int) -> list[Move]:
        moves: list[Move] = []
        for card in sorted(set(state["hands"][seat])):
            spaces = self._spaces(state, card)
            placings = PLACE_CARD[card]
            moves += [placings[i] for i in spaces]
            if not spaces and card != JOKER:
                moves.append(DISCARDS[card])
        return moves

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        handler = PHASE_MOVES[state["phase"]].get(move["type"])
        if handler is None:
            allowed = ", ".join(repr(m) for m in PHASE_MOVES[state["phase"]])
            raise IllegalMove(
                f"{move['type']!r} is not a move now ({PHASE_NAMES[state['phase']]});"
                f" play {allowed}",
                "malformed",
            )
        events: list[Event] = []
        handler(self, state, seat, move, events)
        return events

    # ------------------------------------------------------------------ stage 1: the auction
    def _start_auction(self, state: State, events: list[Event]) -> None:
        """Begin the turn of `state["auctioneer"]`: he offers a hand card, or the deck's top."""
        seat = state["auctioneer"]
        state["auction"] = None
        if state["hands"][seat] and state["quiet_auctions"] < state["players"]:
            state["phase"], state["turn"] = "offer", seat
            return
        reason = "round_without_draw" if state["hands"][seat] else "empty_hand"
        card = self._draw_top(state)
        events.append({"type": "deck_card_offered", "seat": seat, "card": card, "reason": reason})
        self._open_bidding(state, card, True, events)

    def _offer(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card = move.get("card")
        if card not in state["hands"][seat]:
            raise IllegalMove("offer a card from your hand")
        self._take(state, seat, card)
        events.append({"type": "card_offered", "seat": seat, "card": card})
        self._open_bidding(state, card, False, events)

    def _open_bidding(self, state: State, card: str, from_deck: bool, events: list[Event]) -> None:
        state["lot"] = card
        state["auction"] = {
            "from_deck": from_deck,
            "bid": 0,
            "bidder": None,
            "passes": 0,
            "reserve": None,
        }
        state["phase"] = "bidding"
        state["turn"] = self._next_bidder(state, state["auctioneer"])
        self._settle_bidding(state, events)

    def _next_bidder(self, state: State, seat: int) -> int:
        seat = (seat + 1) % state["players"]
        if seat == state["auctioneer"]:
            seat = (seat + 1) % state["players"]
        return seat

    def _settle_bidding(self, state: State, events: list[Event]) -> None:
        """Pass for bidders who cannot afford a bid; end the bidding once everyone else passed."""
        auction, n, cash = state["auction"], state["players"], state["cash"]
        auctioneer, seat = state["auctioneer"], state["turn"]
        while True:
            bidder, passes = auction["bidder"], auction["passes"]
            if bidder is None:
                if passes >= n - 1:
                    events.append({"type": "no_bid", "seat": auctioneer})
                    self._unsold(state, events)
                    return
            elif passes >= n - 2:
                events.append({"type": "bidding_closed", "bid": auction["bid"], "bidder": bidder})
                if auction["reserve"] is None:
                    state["phase"], state["turn"] = "reserve", auctioneer
                else:
                    self._sell(state, events)
                return
            if cash[seat] >= auction["bid"] + BID_STEP:
                return
            events.append({"type": "passed", "seat": seat, "forced": True})
            auction["passes"] = passes + 1
            seat = (seat + 1) % n  # `_next_bidder`
            if seat == auctioneer:
                seat = (seat + 1) % n
            state["turn"] = seat

    def _bid(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        auction = state["auction"]
        amount = move.get("amount")
        if type(amount) is not int:
            amount = parse_int(move, "amount", "the bid")
        low, cash = auction["bid"] + BID_STEP, state["cash"][seat]
        if amount % BID_STEP:
            raise IllegalMove(f"bids go in steps of {BID_STEP:,}; {amount:,} is not one")
        if amount < low:
            raise IllegalMove(
                f"bids must rise by {BID_STEP:,}; the lowest bid now is {low:,}"
                if auction["bidder"] is not None
                else f"the lowest bid is {low:,}"
            )
        if amount > cash:
            raise IllegalMove(f"you cannot bid more than your cash ({cash:,})")
        auction["bid"], auction["bidder"], auction["passes"] = amount, seat, 0
        events.append({"type": "bid", "seat": seat, "amount": amount})
        n = state["players"]
        seat = (seat + 1) % n  # `_next_bidder`
        state["turn"] = (seat + 1) % n if seat == state["auctioneer"] else seat
        self._settle_bidding(state, events)

    def _pass(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        state["auction"]["passes"] += 1
        events.append({"type": "passed", "seat": seat, "forced": False})
        n = state["players"]
        seat = (seat + 1) % n  # `_next_bidder`
        state["turn"] = (seat + 1) % n if seat == state["auctioneer"] else seat
        self._settle_bidding(state, events)

    def _sell_now(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        self._sell(state, events)

    def _name_reserve(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        auction = state["auction"]
        price = parse_int(move, "price", "the reserve price")
        if price % BID_STEP or price <= auction["bid"]:
            raise IllegalMove(
                f"the reserve price must be a multiple of {BID_STEP:,} above the highest bid"
                f" ({auction['bid']:,})"
            )
        auction["reserve"], auction["passes"] = price, 0
        events.append({"type": "reserve_named", "seat": seat, "price": price})
        state["phase"] = "reserve_offer"
        state["turn"] = self._next_bidder(state, seat)
        self._settle_reserve(state, events)

    def _settle_reserve(self, state: State, events: list[Event]) -> None:
        """Decline for players who cannot pay the reserve; with no taker the sale fails."""
        auction = state["auction"]
        while True:
            if auction["passes"] >= state["players"] - 1:
                events.append({"type": "reserve_refused", "seat": state["auctioneer"]})
                self._unsold(state, events)
                return
            seat = state["turn"]
            if state["cash"][seat] >= auction["reserve"]:
                return
            events.append({"type": "reserve_declined", "seat": seat, "forced": True})
            auction["passes"] += 1
            state["turn"] = self._next_bidder(state, seat)

    def _accept(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        auction = state["auction"]
        auction["bid"], auction["bidder"], auction["passes"] = auction["reserve"], seat, 0
        events.append({"type": "reserve_accepted", "seat": seat, "price": auction["reserve"]})
        state["phase"] = "bidding"
        state["turn"] = self._next_bidder(state, seat)
        self._settle_bidding(state, events)

    def _decline(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        state["auction"]["passes"] += 1
        events.append({"type": "reserve_declined", "seat": seat, "forced": False})
        state["turn"] = self._next_bidder(state, seat)
        self._settle_reserve(state, events)

    def _sell(self, state: State, events: list[Event]) -> None:
        auction, seller = state["auction"], state["auctioneer"]
        buyer, price = auction["bidder"], auction["bid"]
        self._book(state, buyer, "purchases", -price)
        self._book(state, seller, "sales", price)
        events.append(
            {"type": "sold", "seller": seller, "buyer": buyer, "price": price, "card": state["lot"]}
        )
        if self._spaces(state, state["lot"]):
            state["phase"], state["turn"] = "buyer", buyer
        else:
            self._lot_to_hand(state, buyer, events)

    def _keep(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        self._lot_to_hand(state, seat, events)

    def _lot_to_hand(self, state: State, seat: int, events: list[Event]) -> None:
        """The buyer keeps the lot (a card that fits nowhere yet can only be kept)."""
        self._give(state, seat, state["lot"])
        events.append({"type": "kept", "seat": seat, "card": state["lot"]})
        self._after_sale(state, events)

    def _place_lot(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card = state["lot"]
        index = self._space(move)
        if index not in self._spaces(state, card):
            raise IllegalMove(self._refusal(state, card, index))
        multiplier = BUYER_REWARD if state["phase"] == "buyer" else UNSOLD_REWARD
        self._lay(state, seat, card, index, multiplier, events)
        self._after_sale(state, events)

    def _unsold(self, state: State, events: list[Event]) -> None:
        """A lot nobody bought: the auctioneer must lay it himself, without reward."""
        card, seat = state["lot"], state["auctioneer"]
        if self._spaces(state, card):
            state["phase"], state["turn"] = "lay", seat
        elif card == JOKER and not self._full(state):
            self._give(state, seat, card)
            events.append({"type": "joker_returned", "seat": seat})
            self._after_sale(state, events)
        else:
            self._set_aside(state, seat, card, events)
            self._after_sale(state, events)

    def _after_sale(self, state: State, events: list[Event]) -> None:
        state["lot"] = None
        seat = state["auctioneer"]
        if state["deck"] and state["cash"][seat] >= DRAW_PRICE:
            state["phase"], state["turn"] = "draw", seat
        else:
            self._end_auction_turn(state, False, events)

    def _draw(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card = self._draw_top(state)
        self._book(state, seat, "deck", -DRAW_PRICE)
        state["fees_paid"] += DRAW_PRICE
        self._give(state, seat, card)
        events.append(
            {
                "type": "drew",
                "seat": seat,
                "price": DRAW_PRICE,
                "hidden": {"card": card},
                "seen_by": [seat],
            }
        )
        self._end_auction_turn(state, True, events)

    def _end_turn(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        self._end_auction_turn(state, False, events)

    def _end_auction_turn(self, state: State, drew: bool, events: list[Event]) -> None:
        if drew or state["auction"]["from_deck"]:
            state["quiet_auctions"] = 0
        else:
            state["quiet_auctions"] += 1
        state["auction"] = None
        if not state["deck"]:
            self._start_reconstruction(state, events)
            return
        state["auctioneer"] = (state["auctioneer"] + 1) % state["players"]
        self._start_auction(state, events)

    # ------------------------------------------------------------------ stage 2: reconstruction
    def _start_reconstruction(self, state: State, events: list[Event]) -> None:
        """The richest player starts; a tie goes to the first tied player clockwise from the
        last auctioneer's left."""
        n, last = state["players"], state["auctioneer"]
        order = [(last + 1 + k) % n for k in range(n)]
        first = max(order, key=lambda s: state["cash"][s])  # max keeps the first of equals
        state["stage"], state["phase"] = 2, "reconstruction"
        events.append({"type": "reconstruction_begins", "seat": first})
        self._next_player(state, first, events)

    def _place_card(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card = self._hand_card(state, seat, move)
        index = self._space(move)
        if index not in self._spaces(state, card):
            raise IllegalMove(self._refusal(state, card, index))
        self._take(state, seat, card)
        self._lay(state, seat, card, index, RECONSTRUCTION_REWARD, events)
        self._next_player(state, (seat + 1) % state["players"], events)

    def _discard(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card = self._hand_card(state, seat, move)
        if card == JOKER:
            raise IllegalMove("a joker is no forgery until the necklace is full; keep it")
        if self._spaces(state, card):
            raise IllegalMove(f"{card} still fits the necklace, so it is no forgery")
        self._take(state, seat, card)
        self._set_aside(state, seat, card, events)
        self._next_player(state, (seat + 1) % state["players"], events)

    def _next_player(self, state: State, start: int, events: list[Event]) -> None:
        """Give the turn to the first player from `start` clockwise who can lay or discard a
        card; with a full necklace every card still held is a forgery; end when nobody can."""
        n = state["players"]
        if self._full(state):
            for k in range(n):
                seat = (start + k) % n
                for card in state["hands"][seat]:
                    self._set_aside(state, seat, card, events)
                hands = state["hands"] = state["hands"][:]
                hands[seat] = []
        for k in range(n):
            seat = (start + k) % n
            if any(card != JOKER or self._spaces(state, card) for card in state["hands"][seat]):
                state["turn"] = seat
                return
        if self._full(state):
            reason = "necklace_full"
        elif any(state["hands"]):
            reason = "no_card_fits"
        else:
            reason = "no_cards"
        self._finish(state, reason, events)

    def _finish(self, state: State, reason: str, events: list[Event]) -> None:
        state["phase"], state["end"] = "over", reason
        events.append({"type": "game_over", "reason": reason, **self._outcome(state)})

    # ------------------------------------------------------------------ laying cards
    def _spaces(self, state: State, card: str) -> list[int]:
        """Indices of the spaces where `card` may be laid now (remembered by the board list:
        read it, do not change it)."""
        return board_spaces(state["board"], card, state["options"]["joker-symmetry"])

    def _full(self, state: State) -> bool:
        return None not in state["board"]

    def _lay(
        self, state: State, seat: int, card: str, index: int, multiplier: int, events: list[Event]
    ) -> None:
        board = state["board"]
        live = board_live(board)
        piece = PIECES[settled_piece(live, index)] if card == JOKER else card
        earned = reward_at(board, index) * multiplier
        board = state["board"] = board[:]
        board[index] = {"piece": piece, "joker": card == JOKER}
        remember_live(board, live & MASKS[index][PIECE_CODE[piece]])
        if multiplier:
            self._book(state, seat, "double_rewards" if multiplier > 1 else "rewards", earned)
            state["rewards_paid"] += earned
        events.append(
            {
                "type": "placed",
                "seat": seat,
                "card": card,
                "piece": piece,
                "space": space_list(index),
                "reward": earned,
            }
        )

    def _book(self, state: State, seat: int, part: str, amount: int) -> None:
        """Pay `amount` to the seat (less than 0: from it), booked in its `accounts` under
        `part`: every change of a seat's cash goes through here, so its parts add up to it."""
        cash = state["cash"] = state["cash"][:]
        cash[seat] += amount
        accounts = state["accounts"] = state["accounts"][:]
        times, total = accounts[seat][part]
        accounts[seat] = {**accounts[seat], part: [times + 1, total + amount]}

    def _set_aside(self, state: State, seat: int, card: str, events: list[Event]) -> None:
        state["forgeries"] = [*state["forgeries"], card]
        events.append({"type": "forgery", "seat": seat, "card": card})

    # `apply` works on a state that shares the deck, the hands (the list and each hand) and the
    # cash with the one it was given (see `_working_copy`): they are replaced, never changed in
    # place.
    def _take(self, state: State, seat: int, card: str) -> None:
        hand = state["hands"][seat][:]
        hand.remove(card)
        hands = state["hands"] = state["hands"][:]
        hands[seat] = hand

    def _give(self, state: State, seat: int, card: str) -> None:
        hands = state["hands"] = state["hands"][:]
        hands[seat] = [*hands[seat], card]

    def _draw_top(self, state: State) -> str:
        deck = state["deck"]
        state["deck"] = deck[:-1]
        return deck[-1]

    def _space(self, move: Move) -> int:
        space = move.get("space")
        if (
            not isinstance(space, list)
            or len(space) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in space)
        ):
            raise IllegalMove("name the space as [column, row]", "malformed")
        index = SPACE_INDEX.get((space[0], space[1]))
        if index is None:
            raise IllegalMove(
                f"there is no space at column {space[0]}, row {space[1]}", "malformed"
            )
        return index

    def _hand_card(self, state: State, seat: int, move: Move) -> str:
        card = move.get("card")
        if not isinstance(card, str) or card not in state["hands"][seat]:
            raise IllegalMove("name a card from your hand")
        return card

    def _refusal(self, state: State, card: str, index: int) -> str:
        c, r = SPACES[index]
        if state["board"][index] is not None:
            return f"the space at column {c}, row {r} already holds a card"
        if card == JOKER:
            return (
                f"a joker may go only where the piece is certain; column {c}, row {r}"
                " is not such a space"
            )
        return f"{card} cannot lie at column {c}, row {r} in any necklace the board still allows"

    # ------------------------------------------------------------------ views and results
    def _view(self, state: State, seat: int | None) -> View:
        board = state["board"]
        live = board_live(board)
        view: View = {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "options": state["options"],
            "stage": state["stage"],
            "phase": state["phase"],
            "turn": state["turn"],
            "to_act": self.to_act(state),
            "spaces": [list(space) for space in SPACES],
            "board": board,
            "live_layouts": live.bit_count(),
            "possible": possible_pieces(board, live),
            "deck_count": len(state["deck"]),
            "hand_counts": [len(h) for h in state["hands"]],
            "cash": state["cash"],
            "forgeries": state["forgeries"],
            "auctioneer": state["auctioneer"],
            "lot": state["lot"],
            "lot_spaces": (
                None
                if state["lot"] is None
                else [space_list(i) for i in self._spaces(state, state["lot"])]
            ),
            "auction": state["auction"],
            "quiet_auctions": state["quiet_auctions"],
            "rewards_paid": state["rewards_paid"],
            "fees_paid": state["fees_paid"],
            "end": state["end"],
        }
        if seat is not None:
            view["hand"] = state["hands"][seat]
        if state["end"] is not None:
            view["outcome"] = self._outcome(state)
        return view

    def _outcome(self, state: State) -> dict[str, Any]:
        """The richest player wins; `breakdown[seat]` is where its cash came from and went (its
        `accounts`, in the order of `ACCOUNTS`), which adds up to its cash (`_book`)."""
        breakdown = [
            [{"id": part, "count": book[part][0], "points": book[part][1]} for part in ACCOUNTS]
            for book in state["accounts"]
        ]
        cash = state["cash"]
        best = max(cash)
        return {
            "scores": list(cash),
            "winners": [s for s, c in enumerate(cash) if c == best],
            "breakdown": breakdown,
        }

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
        # `_lay`, `_set_aside`); the other containers are copied.
        copy = state.copy()  # the same keys in the same order
        copy["deck"], copy["cash"] = state["deck"][:], state["cash"][:]
        copy["accounts"] = [{part: n[:] for part, n in book.items()} for book in state["accounts"]]
        copy["hands"] = list(map(list.copy, state["hands"]))
        auction = state["auction"]
        if auction is not None:
            copy["auction"] = auction.copy()
        return copy

    def _working_copy(self, state: State) -> State:
        # `_apply` also replaces the deck, the hands, the cash and the accounts when they change
        # (see `_take`, `_book`); only the auction is changed in place.
        work = state.copy()  # the same keys in the same order
        auction = state["auction"]
        if auction is not None:
            work["auction"] = auction.copy()
        return work


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

PHASE_MOVES: dict[str, dict[str, Any]] = {
    "offer": {"offer": KetteVonSaba._offer},
    "bidding": {"bid": KetteVonSaba._bid, "pass": KetteVonSaba._pass},
    "reserve": {"sell": KetteVonSaba._sell_now, "reserve": KetteVonSaba._name_reserve},
    "reserve_offer": {"accept": KetteVonSaba._accept, "decline": KetteVonSaba._decline},
    "buyer": {"keep": KetteVonSaba._keep, "place": KetteVonSaba._place_lot},
    "lay": {"place": KetteVonSaba._place_lot},
    "draw": {"draw": KetteVonSaba._draw, "end_turn": KetteVonSaba._end_turn},
    "reconstruction": {"place": KetteVonSaba._place_card, "discard": KetteVonSaba._discard},
}
