"""The buttons under Die Kette von Saba's table, built from the server's legal moves only: a few
bids and prices (the block's amount chooser reaches every one), keep, sell, accept or decline,
draw and end of turn. Cards are moved on the board (hand.py, lot.py); a client never hides a
legal move."""

from __future__ import annotations

from client.tables.base import Move
from client.tables.regions import Snapshot

# Moves made on the board (a card dragged or tapped onto its target), not by a button.
BOARD_MOVES = ("place", "offer")
# Bid (or price) buttons offered: the lowest plus these steps above it, and the highest (the
# chooser on the block reaches the others).
BID_STEPS = (0, 1, 4)


def move_buttons(snap: Snapshot) -> list[tuple[str, Move]]:
    """Buttons for the moves not made on the board, labelled by the table's talk; a move the
    talk warns of is marked ⚠ (its warning stands in the block)."""
    legal = snap.legal
    shown = [m for m in legal if m["type"] not in BOARD_MOVES + ("bid", "reserve")]
    shown += _some([m for m in legal if m["type"] == "bid"])
    shown += _some([m for m in legal if m["type"] == "reserve"])
    buttons = []
    for move in shown:
        said = snap.move_talk(move)
        if said is None:
            continue
        label = snap.say(said["label"])
        buttons.append((f"⚠ {label}" if said["warn"] else label, move))
    return buttons


def _some(moves: list[Move]) -> list[Move]:
    """A few of a long list of amounts as buttons: the lowest, some steps above it, and the
    highest (the block's chooser offers every one)."""
    if len(moves) <= len(BID_STEPS) + 1:
        return moves
    picks = sorted({k for k in BID_STEPS if k < len(moves)} | {len(moves) - 1})
    return [moves[k] for k in picks]
