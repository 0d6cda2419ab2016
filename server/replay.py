"""`jeweltable replay`: the tables in a data folder and the log of one, rebuilt from its journal.

The log shows each move with the events it caused as a spectator saw them (`reveal` shows the
hidden facts too). The seed is shown only for finished games.
"""

from __future__ import annotations

import json
from typing import Any

from server.store import Store
from server.tables import as_played
from shared import engine


def list_tables(store: Store) -> list[dict[str, Any]]:
    """Every stored table: id, game, players, status, number of moves, seat names."""
    counts = store.move_counts()
    return [
        {
            "id": r.id,
            "game": r.game,
            "players": r.players,
            "status": r.status,
            "moves": counts.get(r.id, 0),
            "seats": [s["name"] for s in r.seats],
            "winners": (r.outcome or {}).get("winners"),
        }
        for r in store.tables()
    ]


def table_log(store: Store, table_id: int, reveal: bool = False) -> dict[str, Any] | None:
    """A table's settings, its moves with their events, and its outcome; None if unknown."""
    record = store.table(table_id)
    if record is None:
        return None
    game = engine.get_game(record.game)
    state = game.new_game(record.seed, record.players, record.options)
    moves = []
    played = []
    for seq, (seat, journaled, by) in enumerate(record.moves, start=1):
        move = as_played(journaled, by)
        played.append((seat, move))
        state, events = game.apply(state, seat, move)
        shown = events if reveal else game.view_events(events, None)
        moves.append({"seq": seq, "seat": seat, "by": by, "move": move, "events": shown})
    final = engine.replay(record.game, record.seed, record.players, record.options, played)
    assert final == state, "replaying the journal is not deterministic"
    finished = game.is_over(state)
    return {
        "id": record.id,
        "game": record.game,
        "title": game.title,
        "players": record.players,
        "options": state["options"],
        "status": record.status,
        "seed": record.seed if finished else None,
        "seats": [s["name"] for s in record.seats],
        "moves": moves,
        "outcome": game.outcome(state) if finished else None,
    }


def format_tables(tables: list[dict[str, Any]]) -> str:
    if not tables:
        return "no tables stored"
    lines = []
    for t in tables:
        seats = ", ".join(name or "(empty)" for name in t["seats"])
        lines.append(
            f"table {t['id']:>4}  {t['game']:<18} {t['status']:<9} {t['moves']:>5} moves  {seats}"
        )
    return "\n".join(lines)


def format_log(log: dict[str, Any]) -> str:
    head = f"table {log['id']}: {log['title']}, {log['players']} players, {log['status']}"
    if log["seed"] is not None:
        head += f", seed {log['seed']}"
    lines = [
        head,
        "seats: " + ", ".join(f"{i} {n or '(empty)'}" for i, n in enumerate(log["seats"])),
    ]
    for m in log["moves"]:
        by = "" if m["by"] == "player" else f" ({m['by']})"
        lines.append(f"{m['seq']:>5}  seat {m['seat']}{by}: {_compact(m['move'])}")
        for event in m["events"]:
            lines.append(f"         {_compact(event)}")
    if log["outcome"] is not None:
        lines.append(f"outcome: {_compact(log['outcome'])}")
    return "\n".join(lines)


def _compact(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
