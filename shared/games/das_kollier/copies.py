"""Das Kollier's working copies: `apply` copies only what a move changes in place and shares
the rest of the state with the one it was given (each move's copy is named in `game`'s move
table); the shared containers are replaced, never changed, where a move changes them."""

from __future__ import annotations

from shared.engine import State

# given. (A falling auction nobody takes goes to the auctioneer: `move_decline` then makes
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


def lot_copy(state: State) -> State:
    """The working copy of a move that may change more than the auction: the cash and the list
    of hands are copied (the move changes them in place); the other containers are shared and
    replaced by a new one where they change (each hand, the bank's gems, the markers, the debts,
    the deck, the lot, the defaulters, ...; the auction too, and the lists in it)."""
    work = state.copy()
    work["cash"] = state["cash"][:]
    work["hands"] = state["hands"][:]
    return work


def auction_copy(state: State) -> State:
    """The working copy of a light move that changes the auction in place."""
    work = state.copy()
    work["auction"] = state["auction"].copy()
    return work


def own_all(state: State) -> None:
    """Make a state that `apply` made by a light move (which shares every container but the
    auction with the state it was given) a full working copy, before a rare turn changes
    more than the auction."""
    state.update(working_copy(state), auction=state["auction"])


def working_copy(state: State) -> State:
    """The working copy the engine's own `apply` gives a move: `lot_copy`, and the auction
    (the light moves change it in place)."""
    work = lot_copy(state)
    auction = state["auction"]
    if auction is not None:
        work["auction"] = auction.copy()
    return work


def copy_state(state: State) -> State:
    """A copy of the state that shares nothing a move may change: every list a move may change
    is copied, the auction's lists too. Plain values are shared safely, and `options` is never
    written."""
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
