"""`jeweltable replay`: the tables in a data folder and the log of one, rebuilt from its journal.

The log shows each move with the events it caused as a spectator saw them (`reveal` shows the
hidden facts too), moves taken back marked so. The seed is shown only for finished games; a
finished game's file (and the replays clients get) holds only the moves that stand.
"""

from __future__ import annotations

import json
from typing import Any

from server.restore import as_played
from server.store import UNDO, UNDONE, Store
from server.undo import taken_back_event
from shared import engine, gamefile


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
    """A table's settings, its moves with their events, what was said at it (`chat`: each line
    with the number of moves played before it), and its outcome; None if unknown."""
    record = store.table(table_id)
    if record is None:
        return None
    game = engine.get_game(record.game)
    state = game.new_game(record.seed, record.players, record.options)
    moves = []
    played = []
    # Every journal row: a move taken back (by "undone") is shown, then the row that took it
    # back (by "undo") brings back the position before it.
    before: dict[int, dict] = {}
    for seq, (seat, journaled, by) in enumerate(store.journal(table_id), start=1):
        move = as_played(journaled, by)
        if by == UNDO:
            state, events = before.pop(move["seq"]), [taken_back_event(seat)]
        else:
            if by == UNDONE:
                before[seq] = state
            else:
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
        "chat": [
            {
                "after": line.after_seq,
                "kind": line.kind,
                "name": line.name,
                "seat": line.seat,
                "text": line.text,
                "spectators_only": line.spectators_only,
            }
            for line in store.chat(table_id)
        ],
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
    said: dict[int, list[str]] = {}
    for line in log.get("chat", []):
        said.setdefault(line["after"], []).append(_said(line))
    lines += said.get(0, [])
    for m in log["moves"]:
        by = "" if m["by"] == "player" else f" ({m['by']})"
        lines.append(f"{m['seq']:>5}  seat {m['seat']}{by}: {_compact(m['move'])}")
        for event in m["events"]:
            lines.append(f"         {_compact(event)}")
        lines += said.get(m["seq"], [])
    if log["outcome"] is not None:
        lines.append(f"outcome: {_compact(log['outcome'])}")
    return "\n".join(lines)


def _said(line: dict[str, Any]) -> str:
    """A chat line or emote as the log shows it."""
    who = line["name"] + ("" if line["seat"] is not None else " (spectator)")
    if line["kind"] == "emote":
        return f"      * {who}: [{line['text']}]"
    only = " (to spectators)" if line["spectators_only"] else ""
    return f"      > {who}{only}: {line['text']}"


def _compact(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


# ---------------------------------------------------------------------- replays over the wire
# Kept games offered to clients (`replays`, `replay` in docs/protocol.md). A table with a
# password is never offered: its replay would be a way round the password (and its guesses).
OFFERED = ("playing", "finished", "abandoned")


def offered(store: Store) -> list[dict[str, Any]]:
    """The kept games a client may replay: newest first, with no password."""
    return _kept(store, locked=False)


def offered_locally(store: Store) -> list[dict[str, Any]]:
    """The kept games on this computer (its owner may see every one, passwords or not)."""
    return _kept(store, locked=True)


def _kept(store: Store, locked: bool) -> list[dict[str, Any]]:
    counts = store.move_counts()
    return [
        {
            "id": r.id,
            "game": r.game,
            "players": r.players,
            "status": r.status,
            "moves": counts[r.id],
            "seats": [s.get("name") or "" for s in r.seats],
            "winners": (r.outcome or {}).get("winners"),
            "updated": r.updated,
        }
        for r in reversed(store.tables(OFFERED))
        if counts.get(r.id) and (locked or r.password is None)
    ]


class ReplayDesk:
    """Answers `replay` requests from the store: a finished game as its game file, any other
    one position at a time as a spectator sees it (the seed never leaves the server).

    The last position asked of each table is kept, so stepping forward costs one move."""

    def __init__(self, store: Store, keep: int = 64) -> None:
        self.store = store
        self.keep = keep
        self._cursors: dict[int, tuple[int, Any, Any]] = {}

    def answer(self, table_id: int, step: int | None) -> dict[str, Any]:
        record = self.store.table(table_id)
        if record is None or record.password is not None or record.status not in OFFERED:
            raise LookupError(f"there is no kept game {table_id} to replay")
        names = [s.get("name") or "" for s in record.seats]
        moves = [(seat, as_played(move, by)) for seat, move, by in record.moves]
        if record.status == "finished":
            doc = gamefile.make(
                record.game, record.players, record.options, record.seed, moves, names
            )
            return {"table": table_id, "file": doc}
        game = engine.get_game(record.game)
        step = len(moves) if step is None else max(0, min(step, len(moves)))
        start, state, _ = self._cursors.get(table_id, (0, None, None))
        if state is None or start > step:
            start, state = 0, game.new_game(record.seed, record.players, record.options)
        events: list = []
        for seat, move in moves[start:step]:
            state, events = game.apply(state, seat, move)
        if step == start and step > 0:
            events = self._cursors[table_id][2]
        self._cursors[table_id] = (step, state, events)
        while len(self._cursors) > self.keep:
            self._cursors.pop(next(iter(self._cursors)))
        return {
            "table": table_id,
            "game": record.game,
            "players": record.players,
            "status": record.status,
            "names": names,
            "moves": len(moves),
            "step": step,
            "seat": moves[step - 1][0] if step else None,
            "view": game.view(state, None),
            "events": game.view_events(events, None) if step else [],
        }
