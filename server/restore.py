"""A table's game back from its journal: every row replayed (moves taken back and undos
included) after a restart, so that the game log and what may still be taken back are as
they were."""

from __future__ import annotations

from typing import Any

from server.store import UNDO
from server.table_face import TableFace
from server.undo import taken_back_event


def as_played(move: dict[str, Any], by: str) -> dict[str, Any]:
    """A journaled move as the engine must see it again: one the table's clock played is a
    timer move, also in journals written before timer moves were marked."""
    if by == "timer" and isinstance(move, dict) and "timer" not in move:
        return {**move, "timer": True}
    return move


def replay_journal(table: TableFace, rows: list[tuple[int, dict, str]], clock: dict | None) -> None:
    """Rebuild `table`'s game from every journal row into its state, takebacks and recent
    events; then its turn clock from the stored one (`clock`)."""
    game = table.game
    state = game.new_game(table.seed, table.players, table.options)
    for seq, (seat, move, by) in enumerate(rows, start=1):
        if by == UNDO:
            state = table.takebacks.take().before
            table.recent.append([taken_back_event(seat)])
            continue
        move = as_played(move, by)
        after, events = game.apply(state, seat, move)
        table.takebacks.played(seq, seat, by, state, move, after, events)
        state = after
        table.recent.append(events)
    table.state, table.seq = state, len(rows)
    table.clock = table.clocks.restored(clock)
