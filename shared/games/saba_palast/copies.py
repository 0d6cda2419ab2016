"""Saba – Palast der Königin: copies of a state — a full one, and the containers a move's
working state owns before the move changes them (`OWN`)."""

from __future__ import annotations

from shared.engine import Move, State


def copy_state(state: State) -> State:
    """A full copy of the state: a structural deep copy of the known layout, far faster than a
    generic one."""
    out = dict(state)
    copy_containers(out)
    return out


def copy_containers(state: State) -> None:
    """Replace every container of the state (a copy of its top level) with a copy."""
    state["supply"] = dict(state["supply"])
    state["stocks"] = [dict(s) for s in state["stocks"]]
    state["harbour"] = [dict(h) for h in state["harbour"]]
    state["harbour_cards"] = [dict(c) for c in state["harbour_cards"]]
    for key in (
        "deck",
        "display",
        "serail",
        "figures",
        "markers",
        "treasury",
        "action_deck",
        "discard",
    ):
        state[key] = state[key][:]
    state["garden"] = [{**g, "levels": g["levels"][:]} for g in state["garden"]]
    state["quarters"] = {q: f[:] for q, f in state["quarters"].items()}
    state["hands"] = [h[:] for h in state["hands"]]
    state["step"] = {**state["step"], "spent": dict(state["step"]["spent"])}
    if state["pending"]:
        state["pending"] = {**state["pending"], "quarters": state["pending"]["quarters"][:]}


def own_stock(state: State, seat: int) -> None:
    """The working state's own supply and stock of `seat` (see `OWN`)."""
    stocks = state["stocks"] = state["stocks"][:]
    stocks[seat] = dict(stocks[seat])
    state["supply"] = dict(state["supply"])


def own_hand(state: State, seat: int) -> None:
    """The working state's own hand of `seat` and discard pile."""
    hands = state["hands"] = state["hands"][:]
    hands[seat] = hands[seat][:]
    state["discard"] = state["discard"][:]


def own_step(state: State) -> None:
    """The working state's own turn step."""
    step = state["step"]
    state["step"] = {**step, "spent": dict(step["spent"])}


# What `apply_move` copies into the working state before a move of each type: the containers the
# move may change. The others stay shared with the state `apply` was given, which must not
# change; pass and end_turn only set the phase, the turn and a fresh step.
def own_return(state: State, seat: int, move: Move) -> None:
    """Before a give-back: the seat's stock and the supply."""
    stocks = state["stocks"] = state["stocks"][:]  # as own_stock, for the commonest move
    stocks[seat] = dict(stocks[seat])
    state["supply"] = dict(state["supply"])


def own_play(state: State, seat: int, move: Move) -> None:
    """Before an action card played: the hand, the discard pile, the stock and the supply."""
    own_hand(state, seat)
    own_stock(state, seat)


def own_discard(state: State, seat: int, move: Move) -> None:
    """Before a discard: the hand and the discard pile."""
    own_hand(state, seat)


def own_draw(state: State, seat: int, move: Move) -> None:
    """Before a draw: the hand and the pile drawn from."""
    hands = state["hands"] = state["hands"][:]
    hands[seat] = hands[seat][:]
    if state["action_deck"]:
        state["action_deck"] = state["action_deck"][:]
    else:  # the discard pile becomes the deck and is shuffled in place
        state["discard"] = state["discard"][:]


def own_use(state: State, seat: int, move: Move) -> None:
    """Before a quarter's action: the stock, the supply and the step."""
    own_stock(state, seat)
    own_step(state)


def own_harbour(state: State, seat: int, move: Move) -> None:
    """Before a harbour move: the stock, the supply, the harbour cards, and what field 1 or 2
    touches."""
    stocks = state["stocks"] = state["stocks"][:]  # as own_stock; the harbour itself is
    stocks[seat] = dict(stocks[seat])  # refilled into new dicts
    state["supply"] = dict(state["supply"])
    cards = state["harbour_cards"] = state["harbour_cards"][:]
    cards[seat] = dict(cards[seat])
    field = move.get("field")
    if field == 1:
        own_draw(state, seat, move)
    elif field == 2:
        state["display"] = state["display"][:]
        state["deck"] = state["deck"][:]


def own_place(state: State, seat: int, move: Move) -> None:
    """Before a figure goes into a quarter: the stock, supply, step, figures and quarters."""
    own_stock(state, seat)
    own_step(state)
    state["figures"] = state["figures"][:]
    state["quarters"] = {q: f[:] for q, f in state["quarters"].items()}


def own_all(state: State, seat: int, move: Move) -> None:
    """Before a build, fulfil, send_figure or move_figure: every container."""
    copy_containers(state)  # build, fulfil, send_figure, move_figure: rarer, and they reach far


OWN = {
    "return_material": own_return,
    "play_card": own_play,
    "discard_card": own_discard,
    "draw": own_draw,
    "use_quarter": own_use,
    "harbour": own_harbour,
    "place_figure": own_place,
    "build": own_all,
    "fulfil": own_all,
    "send_figure": own_all,
    "move_figure": own_all,
}
