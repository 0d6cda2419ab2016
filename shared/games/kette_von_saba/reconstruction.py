"""Stage 2 of Die Kette von Saba, the reconstruction: from the richest player on, each in turn
lays a card from hand for its reward or sets a forgery aside, until nobody can."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.kette_von_saba.bank import RECONSTRUCTION_REWARD
from shared.games.kette_von_saba.cards import full, lay, refusal, set_aside, spaces, take
from shared.games.kette_von_saba.moves import hand_card, space_of
from shared.games.kette_von_saba.necklace import JOKER
from shared.games.kette_von_saba.result import finish


def start_reconstruction(state: State, events: list[Event]) -> None:
    """The richest player starts; a tie goes to the first tied player clockwise from the
    last auctioneer's left."""
    n, last = state["players"], state["auctioneer"]
    order = [(last + 1 + k) % n for k in range(n)]
    first = max(order, key=lambda s: state["cash"][s])  # max keeps the first of equals
    state["stage"], state["phase"] = 2, "reconstruction"
    events.append({"type": "reconstruction_begins", "seat": first})
    next_player(state, first, events)


def place_card(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `place`: lay a card from hand where it fits, for its reward."""
    card = hand_card(state, seat, move)
    index = space_of(move)
    if index not in spaces(state, card):
        raise IllegalMove(refusal(state, card, index))
    take(state, seat, card)
    lay(state, seat, card, index, RECONSTRUCTION_REWARD, events)
    next_player(state, (seat + 1) % state["players"], events)


def discard(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The move `discard`: set aside a card from hand that fits nowhere."""
    card = hand_card(state, seat, move)
    if card == JOKER:
        raise IllegalMove("a joker is no forgery until the necklace is full; keep it")
    if spaces(state, card):
        raise IllegalMove(f"{card} still fits the necklace, so it is no forgery")
    take(state, seat, card)
    set_aside(state, seat, card, events)
    next_player(state, (seat + 1) % state["players"], events)


def next_player(state: State, start: int, events: list[Event]) -> None:
    """Give the turn to the first player from `start` clockwise who can lay or discard a
    card; with a full necklace every card still held is a forgery; end when nobody can."""
    n = state["players"]
    if full(state):
        for k in range(n):
            seat = (start + k) % n
            for card in state["hands"][seat]:
                set_aside(state, seat, card, events)
            hands = state["hands"] = state["hands"][:]
            hands[seat] = []
    for k in range(n):
        seat = (start + k) % n
        if any(card != JOKER or spaces(state, card) for card in state["hands"][seat]):
            state["turn"] = seat
            return
    if full(state):
        reason = "necklace_full"
    elif any(state["hands"]):
        reason = "no_card_fits"
    else:
        reason = "no_cards"
    finish(state, reason, events)
