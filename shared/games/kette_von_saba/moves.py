"""The moves of Die Kette von Saba: every legal move of the seat to act, phase by phase, from
tables of moves built once (`engine.ListedMove`), and the space and card a move names.
"""

from __future__ import annotations

from shared.engine import IllegalMove, ListedMove, Move, State
from shared.games.kette_von_saba.bank import BID_STEP
from shared.games.kette_von_saba.board import SPACE_INDEX, SPACES
from shared.games.kette_von_saba.cards import spaces
from shared.games.kette_von_saba.necklace import JOKER, PIECES


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


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every legal move of `seat`, the seat to act in a running game."""
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
        moves = [PLACE_LOT[i] for i in spaces(state, state["lot"])]
        return [KEEP, *moves] if phase == "buyer" else moves
    if phase == "draw":
        return [DRAW, END_TURN]
    return reconstruction_moves(state, seat)


def reconstruction_moves(state: State, seat: int) -> list[Move]:
    """Stage 2: lay a hand card where it fits, or set aside one that fits nowhere."""
    moves: list[Move] = []
    for card in sorted(set(state["hands"][seat])):
        fits = spaces(state, card)
        placings = PLACE_CARD[card]
        moves += [placings[i] for i in fits]
        if not fits and card != JOKER:
            moves.append(DISCARDS[card])
    return moves


def space_of(move: Move) -> int:
    """The index of the space a move names as [column, row]; `IllegalMove` for anything else."""
    space = move.get("space")
    if (
        not isinstance(space, list)
        or len(space) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in space)
    ):
        raise IllegalMove("name the space as [column, row]", "malformed")
    index = SPACE_INDEX.get((space[0], space[1]))
    if index is None:
        raise IllegalMove(f"there is no space at column {space[0]}, row {space[1]}", "malformed")
    return index


def hand_card(state: State, seat: int, move: Move) -> str:
    """The card from the seat's hand a move names; `IllegalMove` for any other."""
    card = move.get("card")
    if not isinstance(card, str) or card not in state["hands"][seat]:
        raise IllegalMove("name a card from your hand")
    return card
