"""The host's evening: a named stretch of play whose counted games add up to standings.

Points by placing, as tournament play scales them to a table's size: at a table of n seats the
places earn n-1, n-2 … 0 points (four seats: 3/2/1/0). The order of a finished game is the
game's own: its winners first (they already carry the game's tie-breaks, such as Saba-Palast's
serail), then the score, highest first. Seats equal on both tie and share the points of the
places they cover (two tied for first at four seats: 2.5 each). A win is a seat among the game's
winners (a shared win is a win for each).

A game counts when its table is not friendly and at least two of its seats are held by people
(bots take their places but gain nothing; seats that share one name at a table are left out,
since a name is the person here). It adds to the evening's standings while an evening is open,
and to the lasting ratings (server/ratings.py) whether or not one is. The placings and the
ratings after them are written in the transaction that journals the game's last move: a result
is stored exactly when that move is, and a `kill -9` loses neither.

Standings order people by points, then wins, then fewer games played (the same points in fewer
games), then name; people equal in points, wins and games share a rank.

The host is whoever runs the server (its console: `jeweltable serve --evening NAME`) and any
connection that says `host` with the host code the server prints when it starts. The host starts
and ends evenings and has a hand on every table (server/tables.py).
"""

from __future__ import annotations

import asyncio
import csv
import dataclasses
import hmac
import io
import math
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from server.chronicle import Chronicle
from server.guesses import GuessLimiter, peer_address
from server.identities import Identity
from server.journal import Journal
from server.ratings import Ratings, name_key
from server.refusals import Refused
from server.store import Evening, ResultRow, Store
from server.tables import Table
from shared.protocol import encode

EVENING_NAME_LEN = 64


def placings(scores: list[Any], winners: list[int]) -> list[tuple[int, float]]:
    """Each seat's (place, points) of a finished game: place 1 is first, tied seats share
    the best place they cover and the mean of those places' points."""
    n = len(scores)
    order = sorted(range(n), key=lambda s: (s in winners, scores[s]), reverse=True)
    result: list[tuple[int, float]] = [(0, 0.0)] * n
    first = 0
    while first < n:
        last = first
        key = (order[first] in winners, scores[order[first]])
        while last + 1 < n and (order[last + 1] in winners, scores[order[last + 1]]) == key:
            last += 1
        shared = sum(n - 1 - p for p in range(first, last + 1)) / (last - first + 1)
        for p in range(first, last + 1):
            result[order[p]] = (first + 1, shared)
        first = last + 1
    return result


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … for the console's lines."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def counted_seats(table: Table) -> list[tuple[int, str]]:
    """The (seat, name) of the people whose placings a finished game at `table` adds; empty
    when the game does not count (a friendly table, fewer than two people)."""
    if table.rules.get("friendly"):
        return []
    people = [
        (i, s.name or (s.holder.name if s.holder else "player"))
        for i, s in enumerate(table.seats)
        if s.holder_key is not None and s.bot is None
    ]
    keys = [name_key(name) for _, name in people]
    people = [(i, name) for i, name in people if keys.count(name_key(name)) == 1]
    return people if len(people) >= 2 else []


def standings(rows: list[ResultRow]) -> list[dict[str, Any]]:
    """People by points, wins, fewer games, name; ranks shared by equal points, wins, games."""
    totals: dict[str, dict[str, Any]] = {}
    for row in rows:
        total = totals.setdefault(
            row.name_key, {"name": row.name, "points": 0.0, "games": 0, "wins": 0}
        )
        total["name"] = row.name  # as last written
        total["points"] += row.points
        total["games"] += 1
        total["wins"] += int(row.win)
    ordered = sorted(
        totals.values(), key=lambda t: (-t["points"], -t["wins"], t["games"], name_key(t["name"]))
    )
    ranked: list[dict[str, Any]] = []
    for n, total in enumerate(ordered):
        merit = (total["points"], total["wins"], total["games"])
        before = ranked[-1] if ranked else None
        same = before is not None and (before["points"], before["wins"], before["games"]) == merit
        ranked.append({"rank": before["rank"] if same else n + 1, **total})
    return ranked


def evening_info(evening: Evening | None) -> dict[str, Any] | None:
    return None if evening is None else asdict(evening)


def board(evening: Evening | None, rows: list[ResultRow], ratings: Ratings) -> dict[str, Any]:
    """The standings of an evening: overall and per game (with each person's rating there)."""
    games: dict[str, list[dict[str, Any]]] = {}
    for game in sorted({r.game for r in rows}):
        ranked = standings([r for r in rows if r.game == game])
        for entry in ranked:
            entry["rating"] = ratings.shown(entry["name"], game)
        games[game] = ranked
    return {
        "evening": evening_info(evening),
        "tables": len({r.table for r in rows}),
        "overall": standings(rows),
        "games": games,
    }


def export(store: Store, evening_id: int | None = None) -> dict[str, Any] | None:
    """An evening's standings (the latest one when `evening_id` is None) for a file; None if
    there is no such evening."""
    evenings = store.evenings()
    if evening_id is not None:
        evenings = [e for e in evenings if e.id == evening_id]
    if not evenings:
        return None
    evening = evenings[-1]
    return board(evening, store.results(evening.id), Ratings(store.ratings()))


CSV_FIELDS = ("scope", "rank", "name", "points", "games", "wins", "rating")


def as_csv(exported: dict[str, Any]) -> str:
    """The standings as CSV: one row a person, `scope` "overall" or the game's id."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for entry in exported["overall"]:
        writer.writerow({"scope": "overall", **entry, "rating": ""})
    for game, ranked in exported["games"].items():
        for entry in ranked:
            rating = "" if entry["rating"] is None else entry["rating"]
            writer.writerow({"scope": game, **entry, "rating": rating})
    return out.getvalue()


class Scoreboard:
    """The evening of one server: its standings, the ratings, the host, and their messages."""

    def __init__(
        self,
        journal: Journal,
        *,
        host_code: str,
        chronicle: Chronicle,
        broadcast: Callable[[bytes], None],
    ) -> None:
        self.journal = journal
        # The latest evening, open or ended (its final standings stay shown until the next).
        self.evening: Evening | None = None
        self.results: list[ResultRow] = []
        self.ratings = Ratings([])
        self.host_code = host_code
        self.hosts: set[str] = set()
        self._guesses = GuessLimiter()
        self.chronicle = chronicle
        self._broadcast = broadcast
        # Results, starts and ends one at a time: a result is placed in the evening it joins.
        self._lock = asyncio.Lock()

    def load(self) -> None:
        """The latest evening, its results and every rating, from the store."""
        store = self.journal.store
        evenings = store.evenings()
        self.evening = evenings[-1] if evenings else None
        self.results = store.results(self.evening.id) if self.evening else []
        self.ratings = Ratings(store.ratings())

    @property
    def open(self) -> bool:
        return self.evening is not None and self.evening.ended is None

    def handlers(self) -> dict[str, Callable[[Any, dict], Any]]:
        return {
            "host": self._host,
            "evening_start": self._start,
            "evening_end": self._end,
            "standings": self._standings,
            "ratings": self._ratings,
        }

    def is_host(self, identity: Identity) -> bool:
        return identity.key in self.hosts

    def rating(self, name: str, game: str) -> float | None:
        return self.ratings.shown(name, game)

    # ------------------------------------------------------------------ the evening
    async def begin(self, name: str, by: str) -> None:
        """Open an evening named `name`; one still open ends first, unless it has that name
        (a server started again with the same `--evening` goes on with it)."""
        async with self._lock:
            if self.open and self.evening is not None and self.evening.name == name:
                self.chronicle.fact("evening_continued", f"the evening {name!r} goes on", name=name)
                return
            if self.open:
                await self._close_evening(by)
            store = self.journal.store
            started = time.time()
            evening_id = await self.journal.run(store.start_evening, name, started)
            self.evening = Evening(evening_id, name, started, None)
            self.results = []
        self.chronicle.fact(
            "evening_started", f"evening {name!r} begins ({by})", name=name, by=by, id=evening_id
        )
        self._push()

    async def end(self, by: str) -> None:
        async with self._lock:
            if not self.open:
                raise Refused("no_evening", "no evening is open")
            await self._close_evening(by)
        self._push()

    async def _close_evening(self, by: str) -> None:
        assert self.evening is not None
        ended = time.time()
        await self.journal.run(self.journal.store.end_evening, self.evening.id, ended)
        self.evening = dataclasses.replace(self.evening, ended=ended)
        top = standings(self.results)
        winners = [e["name"] for e in top if e["rank"] == 1]
        self.chronicle.fact(
            "evening_ended",
            f"evening {self.evening.name!r} ends ({by});"
            f" {' and '.join(winners) or 'nobody'} {'lead' if len(winners) > 1 else 'leads'}",
            name=self.evening.name,
            by=by,
            winners=winners,
        )

    # ------------------------------------------------------------------ results
    async def finishing(self, table: Table, outcome: dict[str, Any], write: Callable) -> None:
        """A game's last move: journal it (`write`) with the game's placings and ratings, if
        it counts, in one transaction; then the standings change."""
        people = counted_seats(table)
        if not people:
            await self.journal.run(write)
            return
        async with self._lock:
            places = placings(outcome["scores"], outcome.get("winners", []))
            evening = self.evening.id if self.open and self.evening else None
            now = time.time()
            rows = [
                ResultRow(
                    table.id,
                    seat,
                    evening,
                    table.game.id,
                    table.players,
                    name_key(name),
                    name,
                    places[seat][0],
                    places[seat][1],
                    seat in outcome.get("winners", []),
                    now,
                )
                for seat, name in people
            ]
            rated = self.ratings.after(table.game.id, [(r.name, r.place) for r in rows])
            store = self.journal.store

            def commit() -> None:
                write()
                store.record_result(rows, rated)

            await self.journal.run(commit)
            self.ratings.update(rated)
            if evening is not None:
                self.results.extend(rows)
        ordered = sorted(rows, key=lambda r: r.place)
        said = ", ".join(f"{r.name} {ordinal(r.place)} +{r.points:g}" for r in ordered)
        self.chronicle.fact(
            "result",
            f"table {table.id} ({table.game.id}) counts: {said}",
            table=table.id,
            game=table.game.id,
            placings=[{"name": r.name, "place": r.place, "points": r.points} for r in rows],
        )
        if evening is not None:
            top = standings(self.results)[:3]
            line = ", ".join(f"{e['rank']}. {e['name']} {e['points']:g}" for e in top)
            self.chronicle.fact(
                "standings",
                f"standings: {line}",
                top=top,
                tables=len({r.table for r in self.results}),
            )
            self._push()

    # ------------------------------------------------------------------ messages
    def message(self) -> dict[str, Any]:
        return {"t": "standings", **board(self.evening, self.results, self.ratings)}

    def _push(self) -> None:
        self._broadcast(encode(self.message()))

    async def _host(self, session: Any, msg: dict[str, Any]) -> None:
        identity: Identity = session.identity
        address = peer_address(session)
        # Table number 0 of the guess counter: no table has it, the host code has it alone.
        wait = self._guesses.wait(address, 0)
        if wait > 0:
            seconds = math.ceil(wait)
            raise Refused(
                "rate_limited",
                f"too many wrong host codes from your address; try again in {seconds} s",
                {"retry_after": seconds},
            )
        if not hmac.compare_digest(msg["code"].encode(), self.host_code.encode()):
            self._guesses.wrong(address, 0)
            raise Refused("bad_host_code", "that is not this server's host code")
        self.hosts.add(identity.key)
        self.chronicle.fact("host", f"{identity.name} is a host now", name=identity.name)
        _reply(session, msg, {"t": "host", "host": True})

    def _check_host(self, session: Any, what: str) -> None:
        if not self.is_host(session.identity):
            raise Refused("not_host", f"only the host may {what} (say 'host' with the code)")

    async def _start(self, session: Any, msg: dict[str, Any]) -> None:
        self._check_host(session, "start an evening")
        if self.open:
            assert self.evening is not None
            raise Refused(
                "evening_open", f"the evening {self.evening.name!r} is open; end it first"
            )
        await self.begin(msg["name"], session.identity.name)

    async def _end(self, session: Any, msg: dict[str, Any]) -> None:
        self._check_host(session, "end the evening")
        await self.end(session.identity.name)

    async def _standings(self, session: Any, msg: dict[str, Any]) -> None:
        _reply(session, msg, self.message())

    async def _ratings(self, session: Any, msg: dict[str, Any]) -> None:
        game = msg.get("game")
        _reply(session, msg, {"t": "ratings", "game": game, "ratings": self.ratings.listed(game)})


def _reply(session: Any, msg: dict[str, Any], reply: dict[str, Any]) -> None:
    if "id" in msg:
        reply["ref"] = msg["id"]
    session.send(reply)
