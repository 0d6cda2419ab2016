"""What a seat (or a spectator) of Die Kette von Saba may see: everything on the table — the
necklace and what may still go where, the money, the forgeries, the auction, how many cards
each holds and the deck holds — and its own hand; never another hand, nor the deck's cards."""

from __future__ import annotations

from shared.engine import Game, State, View
from shared.games.kette_von_saba.board import SPACES, space_list
from shared.games.kette_von_saba.cards import spaces
from shared.games.kette_von_saba.necklace import board_live, possible_pieces
from shared.games.kette_von_saba.result import outcome


def seat_view(game: Game, state: State, seat: int | None) -> View:
    """The view of `seat` (None: a spectator) of `game`'s `state`."""
    board = state["board"]
    live = board_live(board)
    view: View = {
        "game": game.id,
        "players": state["players"],
        "seat": seat,
        "options": state["options"],
        "stage": state["stage"],
        "phase": state["phase"],
        "turn": state["turn"],
        "to_act": game.to_act(state),
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
            None if state["lot"] is None else [space_list(i) for i in spaces(state, state["lot"])]
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
        view["outcome"] = outcome(state)
    return view
