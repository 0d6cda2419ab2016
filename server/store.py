"""The server's SQLite store: each table's settings, seed, seats and its journal of moves.

One database file in the data folder, in WAL mode. A move is acknowledged only after its
transaction is committed. With `synchronous=NORMAL` (the default) a commit is in the operating
system's hands when it returns, so a `kill -9` or crash of the server at any moment loses no
acknowledged move; `fsync=True` (`synchronous=FULL`) also waits for the disk, so that a power
cut loses none either, at a few milliseconds per move on slow disks.

`Store` is synchronous (the `replay` command and tests use it directly). server/journal.py's
`Journal` commits on the event loop (or, with fsync, on one writer thread with group commit).
Copying the write-ahead log back into the database file (a checkpoint: two fsyncs, tens of
milliseconds on a busy disk) is done by its `Checkpointer` on a thread and a connection of its
own, never inside a commit, so the event loop never waits for the disk.

A file that is not a Jewel Table database (another program's, or not SQLite at all) is refused
with `NotADatabase` before anything is written to it. A write that fails because the disk is full
rolls back and raises `StorageFull`: nothing of it is kept, so the caller refuses what it would
have done; the journal logs one line when the disk fills and one when writes succeed again.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

log = logging.getLogger(__name__)

DB_NAME = "jeweltable.sqlite3"
# PRAGMA application_id of our databases ("JWTL"), so that no other program's file passes for one.
APPLICATION_ID = 0x4A57544C
# The columns every database of ours has (later ones are in ADDED_COLUMNS).
COLUMNS = {
    "tables": {
        "id",
        "game",
        "players",
        "options",
        "seed",
        "keep",
        "password",
        "creator",
        "seats",
        "status",
        "outcome",
        "created",
        "updated",
    },
    "moves": {"table_id", "seq", "seat", "move", "by", "at"},
    # Chat and table settings came with the social features (made when missing).
    "chat": {"table_id", "after_seq", "kind", "name", "seat", "text", "spectators_only", "at"},
    "social": {"table_id", "open_chat", "muted"},
    # The host's evening (server/evening.py): evenings, each counted game's placings, ratings.
    "evenings": {"id", "name", "started", "ended"},
    "results": {
        "table_id",
        "seat",
        "evening",
        "game",
        "players",
        "name_key",
        "name",
        "place",
        "points",
        "win",
        "at",
    },
    "ratings": {"name_key", "game", "name", "mu", "sigma", "games", "updated"},
}
# Columns that came later, with their types: a database without one gets it when opened. A table
# of ours holds no column beyond COLUMNS and these. `rules`: the table's own options (undo, turn
# clock); `clock`: the turn clock's time left when it was last stored (server/clocks.py);
# `barred`: the identity keys removed from the table's game, who may not sit there again.
ADDED_COLUMNS: dict[str, dict[str, str]] = {
    "tables": {"takeover": "TEXT", "rules": "BLOB", "clock": "BLOB", "barred": "BLOB"},
}
# The `by` of a journal row taken back, and of the row that took it back (server/undo.py).
UNDONE, UNDO = "undone", "undo"

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options BLOB NOT NULL,
    seed INTEGER NOT NULL,
    keep INTEGER NOT NULL,
    password BLOB,
    creator TEXT,
    seats BLOB NOT NULL,
    status TEXT NOT NULL,
    outcome BLOB,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    takeover TEXT,
    rules BLOB,
    clock BLOB,
    barred BLOB
);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move BLOB NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    after_seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    spectators_only INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_table ON chat (table_id);
CREATE TABLE IF NOT EXISTS social (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id),
    open_chat INTEGER NOT NULL,
    muted BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS evenings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL
);
CREATE TABLE IF NOT EXISTS results (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    evening INTEGER REFERENCES evenings(id),
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    points REAL NOT NULL,
    win INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS results_by_evening ON results (evening);
CREATE TABLE IF NOT EXISTS ratings (
    name_key TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (name_key, game)
);
"""


class NotADatabase(Exception):
    """The data file is not a Jewel Table database (corrupt, another program's, not SQLite)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(f"{path} is not a Jewel Table database ({detail})")
        self.path = path
        self.detail = detail


class StorageFull(Exception):
    """A write failed because the disk is full; it was rolled back, nothing of it is stored."""

    code = "storage_full"
    reason = "the server cannot save moves; its disk is full"

    def __init__(self) -> None:
        super().__init__(self.reason)


def is_disk_full(exc: BaseException) -> bool:
    """Whether `exc` says the disk (or the database's size limit) is full."""
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        if code is not None:
            return code & 0xFF == sqlite3.SQLITE_FULL
        return "database or disk is full" in str(exc)
    return isinstance(exc, OSError) and exc.errno == errno.ENOSPC


def is_corrupt(exc: BaseException) -> bool:
    """Whether `exc` says the file is no SQLite database, or a damaged one."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/jeweltable`, else `~/.local/share/jeweltable`."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local/share")
    return Path(base) / "jeweltable"


def _pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _unpack(data: bytes | None) -> Any:
    return None if data is None else msgpack.unpackb(data, raw=False, strict_map_key=False)


@dataclass
class TableRecord:
    """One stored table. `seats` is a list of {"name", "holder" (token hash), "bot"}."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    keep: int
    password: bytes | None
    creator: str | None
    seats: list[dict[str, Any]]
    status: str
    outcome: dict[str, Any] | None
    created: float
    updated: float
    takeover: str | None = None
    rules: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    barred: list[str] = field(default_factory=list)
    moves: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)


@dataclass(frozen=True)
class ChatLine:
    """One chat message (`kind` "chat") or emote ("emote", `text` its name) said at a table
    after move number `after_seq`; `spectators_only` if only spectators could read it."""

    after_seq: int
    kind: str
    name: str
    seat: int | None
    text: str
    spectators_only: bool


@dataclass(frozen=True)
class Evening:
    """One evening of the host's: `ended` is None while it runs."""

    id: int
    name: str
    started: float
    ended: float | None


@dataclass(frozen=True)
class ResultRow:
    """One person's placing in one counted game (`evening` None: played outside an evening)."""

    table: int
    seat: int
    evening: int | None
    game: str
    players: int
    name_key: str
    name: str
    place: int
    points: float
    win: bool
    at: float


@dataclass(frozen=True)
class RatingRow:
    """A person's (by name) rating in one game: openskill's mu and sigma after `games` games."""

    name_key: str
    game: str
    name: str
    mu: float
    sigma: float
    games: int


class Store:
    """Synchronous access to the database; use it from one thread."""

    def __init__(self, data_dir: str | os.PathLike[str], fsync: bool = False) -> None:
        path = Path(data_dir)
        path.mkdir(parents=True, exist_ok=True)
        self.path = path / DB_NAME
        self.conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self._prepare(fsync)
        except BaseException as exc:
            self.conn.close()
            if is_corrupt(exc):
                raise NotADatabase(self.path, str(exc)) from None
            if is_disk_full(exc):
                raise StorageFull() from None
            raise

    def _prepare(self, fsync: bool) -> None:
        """Check that the file is ours (before any write), then set it up."""
        app_id = self._check_ours()
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.executescript(SCHEMA)
        for name, added in ADDED_COLUMNS.items():
            columns = {row[1] for row in self.conn.execute(f"PRAGMA table_info({name})")}
            for column, kind in added.items():
                if column not in columns:  # a data folder from before that column
                    self.conn.execute(f"ALTER TABLE {name} ADD COLUMN {column} {kind}")
        if app_id != APPLICATION_ID:
            self.conn.execute(f"PRAGMA application_id={APPLICATION_ID}")

    def _check_ours(self) -> int:
        """Raise `NotADatabase` unless the file is new, empty or ours; only reads.
        Returns its application id (0 for a new file or one from before the id)."""
        app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
        names = {
            row[0]
            for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        columns = {
            name: {row[1] for row in self.conn.execute(f"PRAGMA table_info({name})")}
            for name in names & COLUMNS.keys()
        }
        if app_id not in (0, APPLICATION_ID):
            raise NotADatabase(self.path, f"it belongs to another program, id {app_id:#x}")
        strangers = sorted(names - COLUMNS.keys() - {"sqlite_sequence"})
        if strangers:
            raise NotADatabase(self.path, f"it holds other tables: {', '.join(strangers)}")
        for name, have in columns.items():
            if not COLUMNS[name] <= have <= COLUMNS[name] | set(ADDED_COLUMNS.get(name, {})):
                raise NotADatabase(self.path, f"its {name!r} table is not ours")
        return app_id

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------------ writes
    def create_table(
        self,
        game: str,
        players: int,
        options: dict,
        seed: int,
        keep: int,
        password: bytes | None,
        creator: str | None,
        seats: list[dict],
        takeover: str | None = None,
        rules: dict | None = None,
    ) -> int:
        now = time.time()
        cur = self.conn.execute(
            "INSERT INTO tables (game, players, options, seed, keep, password, creator, seats,"
            " status, created, updated, takeover, rules)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?)",
            (
                game,
                players,
                _pack(options),
                seed,
                keep,
                password,
                creator,
                _pack(seats),
                now,
                now,
                takeover,
                None if rules is None else _pack(rules),
            ),
        )
        return int(cur.lastrowid)

    def save_seats(self, table_id: int, seats: list[dict], creator: str | None) -> None:
        self.conn.execute(
            "UPDATE tables SET seats = ?, creator = ?, updated = ? WHERE id = ?",
            (_pack(seats), creator, time.time(), table_id),
        )

    def set_status(self, table_id: int, status: str, outcome: dict | None = None) -> None:
        self.conn.execute(
            "UPDATE tables SET status = ?, outcome = ?, updated = ? WHERE id = ?",
            (status, None if outcome is None else _pack(outcome), time.time(), table_id),
        )

    def append_move(
        self,
        table_id: int,
        seq: int,
        seat: int,
        move: dict,
        by: str,
        outcome: dict | None,
        clock: dict | None = None,
    ) -> None:
        """Journal move number `seq`; with `outcome`, the game ended with it; with `clock`, the
        turn clock after it."""
        now = time.time()
        self.conn.execute(
            "INSERT INTO moves (table_id, seq, seat, move, by, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, seq, seat, _pack(move), by, now),
        )
        if outcome is not None:
            self.set_status(table_id, "finished", outcome)
        if clock is not None:
            self.save_clock(table_id, clock)

    def take_back(
        self, table_id: int, seq: int, seat: int, undone: int, clock: dict | None = None
    ) -> None:
        """Journal row `seq`: `seat` took back its move of row `undone` (marked so)."""
        self.conn.execute(
            "UPDATE moves SET by = ? WHERE table_id = ? AND seq = ?", (UNDONE, table_id, undone)
        )
        self.append_move(table_id, seq, seat, {"type": "undo", "seq": undone}, UNDO, None, clock)

    def save_clock(self, table_id: int, clock: dict) -> None:
        """The turn clock's time left now (server/clocks.py)."""
        self.conn.execute("UPDATE tables SET clock = ? WHERE id = ?", (_pack(clock), table_id))

    def save_barred(self, table_id: int, barred: list[str]) -> None:
        """The identity keys removed from the table's game (they may not sit there again)."""
        self.conn.execute("UPDATE tables SET barred = ? WHERE id = ?", (_pack(barred), table_id))

    # ------------------------------------------------------------------ the evening
    def start_evening(self, name: str, started: float) -> int:
        """A new evening, open from `started`; its id. The caller ends the open one first."""
        cur = self.conn.execute(
            "INSERT INTO evenings (name, started) VALUES (?, ?)", (name, started)
        )
        return int(cur.lastrowid)

    def end_evening(self, evening: int, ended: float) -> None:
        self.conn.execute(
            "UPDATE evenings SET ended = ? WHERE id = ? AND ended IS NULL", (ended, evening)
        )

    def evenings(self) -> list[Evening]:
        """Every evening, oldest first."""
        rows = self.conn.execute("SELECT id, name, started, ended FROM evenings ORDER BY id")
        return [Evening(*row) for row in rows.fetchall()]

    def record_result(self, rows: list[ResultRow], ratings: list[RatingRow]) -> None:
        """One counted game's placings and the ratings after it (in the transaction that
        journals the game's last move, so that a result is kept exactly when the move is)."""
        self.conn.executemany(
            "INSERT INTO results (table_id, seat, evening, game, players, name_key, name, place,"
            " points, win, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.table, r.seat, r.evening, r.game, r.players, r.name_key, r.name, r.place)
                + (r.points, int(r.win), r.at)
                for r in rows
            ],
        )
        self.conn.executemany(
            "INSERT OR REPLACE INTO ratings (name_key, game, name, mu, sigma, games, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(r.name_key, r.game, r.name, r.mu, r.sigma, r.games, time.time()) for r in ratings],
        )

    def results(self, evening: int | None = None) -> list[ResultRow]:
        """The placings of one evening's counted games (None: of every counted game), in the
        order they were played."""
        where, params = ("WHERE evening = ?", (evening,)) if evening is not None else ("", ())
        rows = self.conn.execute(
            "SELECT table_id, seat, evening, game, players, name_key, name, place, points, win,"
            f" at FROM results {where} ORDER BY at, table_id, seat",
            params,
        ).fetchall()
        return [ResultRow(*r[:9], bool(r[9]), r[10]) for r in rows]

    def ratings(self) -> list[RatingRow]:
        rows = self.conn.execute("SELECT name_key, game, name, mu, sigma, games FROM ratings")
        return [RatingRow(*row) for row in rows.fetchall()]

    def append_chat(self, table_id: int, line: ChatLine) -> None:
        """Journal a chat message or emote, after the move numbered `line.after_seq`."""
        self.conn.execute(
            "INSERT INTO chat (table_id, after_seq, kind, name, seat, text, spectators_only, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                line.after_seq,
                line.kind,
                line.name,
                line.seat,
                line.text,
                int(line.spectators_only),
                time.time(),
            ),
        )

    def save_social(self, table_id: int, open_chat: bool, muted: list[str]) -> None:
        """A table's chat settings: whether spectators reach players, whom the creator muted."""
        self.conn.execute(
            "INSERT OR REPLACE INTO social (table_id, open_chat, muted) VALUES (?, ?, ?)",
            (table_id, int(open_chat), _pack(muted)),
        )

    # ------------------------------------------------------------------ reads
    def tables(self, statuses: tuple[str, ...] | None = None) -> list[TableRecord]:
        """Stored tables (optionally only those with one of `statuses`), oldest first."""
        records = self._records("", ())
        return [r for r in records if statuses is None or r.status in statuses]

    def table(self, table_id: int) -> TableRecord | None:
        """One table with its moves, or None."""
        found = self._records("WHERE id = ?", (table_id,))
        if not found:
            return None
        found[0].moves = self.moves(table_id)
        return found[0]

    def _records(self, where: str, params: tuple) -> list[TableRecord]:
        rows = self.conn.execute(
            "SELECT id, game, players, options, seed, keep, password, creator, seats, status,"
            f" outcome, created, updated, takeover, rules, clock, barred FROM tables {where}"
            " ORDER BY id",
            params,
        ).fetchall()
        return [
            TableRecord(
                id=r[0],
                game=r[1],
                players=r[2],
                options=_unpack(r[3]),
                seed=r[4],
                keep=r[5],
                password=r[6],
                creator=r[7],
                seats=_unpack(r[8]),
                status=r[9],
                outcome=_unpack(r[10]),
                created=r[11],
                updated=r[12],
                takeover=r[13],
                rules=_unpack(r[14]),
                clock=_unpack(r[15]),
                barred=_unpack(r[16]) or [],
            )
            for r in rows
        ]

    def moves(self, table_id: int) -> list[tuple[int, dict[str, Any], str]]:
        """The moves of a table that stand: (seat, move, by) in order; moves taken back and
        the rows that took them back are left out (see `journal`)."""
        return [row for row in self.journal(table_id) if row[2] not in (UNDONE, UNDO)]

    def journal(self, table_id: int) -> list[tuple[int, dict[str, Any], str]]:
        """Every journal row of a table in order: (seat, move, by), moves taken back included
        (`by` "undone") and each taking back (`by` "undo", move {"type": "undo", "seq": row})."""
        rows = self.conn.execute(
            "SELECT seat, move, by FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [(seat, _unpack(move), by) for seat, move, by in rows]

    def chat(self, table_id: int) -> list[ChatLine]:
        """A table's journaled chat and emotes, in the order they were said."""
        rows = self.conn.execute(
            "SELECT after_seq, kind, name, seat, text, spectators_only FROM chat"
            " WHERE table_id = ? ORDER BY rowid",
            (table_id,),
        ).fetchall()
        return [ChatLine(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    def social(self, table_id: int) -> tuple[bool, list[str]]:
        """(open_chat, muted identity keys) of a table; (False, []) if never set."""
        row = self.conn.execute(
            "SELECT open_chat, muted FROM social WHERE table_id = ?", (table_id,)
        ).fetchone()
        return (False, []) if row is None else (bool(row[0]), _unpack(row[1]))

    def move_counts(self) -> dict[int, int]:
        """How many moves stand at each table."""
        rows = self.conn.execute(
            "SELECT table_id, COUNT(*) FROM moves WHERE by NOT IN (?, ?) GROUP BY table_id",
            (UNDONE, UNDO),
        )
        return dict(rows.fetchall())
