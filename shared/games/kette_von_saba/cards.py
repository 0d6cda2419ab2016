"""Where the cards of Die Kette von Saba go: the spaces a card may take, laying it on the
necklace for its reward, setting a forgery aside, and passing cards between deck and hands.

A move is applied to a state that shares the board, the forgeries, the deck, the hands (the list
and each hand) and the cash with the one it was given (see `KetteVonSaba._working_copy`): these
functions replace them, never change them in place.
"""

from __future__ import annotations

from shared.engine import Event, State
from shared.games.kette_von_saba.bank import book
from shared.games.kette_von_saba.board import SPACES, reward_at, space_list
from shared.games.kette_von_saba.necklace import (
    JOKER,
    MASKS,
    PIECE_CODE,
    PIECES,
    board_live,
    board_spaces,
    remember_live,
    settled_piece,
)


def spaces(state: State, card: str) -> list[int]:
    """Indices of the spaces where `card` may be laid now (remembered by the board list:
    read it, do not change it)."""
    return board_spaces(state["board"], card, state["options"]["joker-symmetry"])


def full(state: State) -> bool:
    """Whether every space of the necklace holds a card."""
    return None not in state["board"]


def lay(
    state: State, seat: int, card: str, index: int, multiplier: int, events: list[Event]
) -> None:
    """Lay `card` (a lion head: as the piece certain there) on SPACES[index] for the space's
    reward times `multiplier`, paid to `seat`."""
    board = state["board"]
    live = board_live(board)
    piece = PIECES[settled_piece(live, index)] if card == JOKER else card
    earned = reward_at(board, index) * multiplier
    board = state["board"] = board[:]
    board[index] = {"piece": piece, "joker": card == JOKER}
    remember_live(board, live & MASKS[index][PIECE_CODE[piece]])
    if multiplier:
        book(state, seat, "double_rewards" if multiplier > 1 else "rewards", earned)
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


def set_aside(state: State, seat: int, card: str, events: list[Event]) -> None:
    """`card` is a forgery: it joins the forgeries, public and worth nothing."""
    state["forgeries"] = [*state["forgeries"], card]
    events.append({"type": "forgery", "seat": seat, "card": card})


def take(state: State, seat: int, card: str) -> None:
    """Take `card` out of the seat's hand."""
    hand = state["hands"][seat][:]
    hand.remove(card)
    hands = state["hands"] = state["hands"][:]
    hands[seat] = hand


def give(state: State, seat: int, card: str) -> None:
    """Put `card` into the seat's hand."""
    hands = state["hands"] = state["hands"][:]
    hands[seat] = [*hands[seat], card]


def draw_top(state: State) -> str:
    """The deck's top card, taken off the deck."""
    deck = state["deck"]
    state["deck"] = deck[:-1]
    return deck[-1]


def refusal(state: State, card: str, index: int) -> str:
    """Why `card` may not be laid on SPACES[index] now, in a sentence."""
    c, r = SPACES[index]
    if state["board"][index] is not None:
        return f"the space at column {c}, row {r} already holds a card"
    if card == JOKER:
        return (
            f"a joker may go only where the piece is certain; column {c}, row {r}"
            " is not such a space"
        )
    return f"{card} cannot lie at column {c}, row {r} in any necklace the board still allows"
