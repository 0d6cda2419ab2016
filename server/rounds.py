"""Rounds: the evening's optional tournament mode.

The host opens a round of one game at a table size (`round_start`); people join it
(`round_join`, `round_leave`); the host seats it (`round_seat`): the server orders the people who
joined by the evening's standings (those with none yet after them, in the order they joined),
splits them into as few tables as the size allows with the people spread as evenly as possible
(the largest tables first), so that the leaders play together as board-game tournaments seat
3–4-player games; fills each short table's empty seats with bots, and starts every table at
once. When all of a round's tables have finished, the next round of the same game opens with the
same people joined (each may leave); the host seats it when everyone is ready.

A round's tables are ordinary counted tables (their results add to the standings as any other).
A round is kept in memory only: after a restart its tables go on, and the host opens a new round.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from server import bots
from server.evening import Scoreboard, standings
from server.identities import Identity
from server.journal import Journal
from server.ratings import name_key
from server.refusals import Refused
from server.status import ABANDONED, FINISHED
from server.tables import DEFAULT_KEEP, Table, TableHooks
from shared import engine
from shared.protocol import encode


@dataclass
class Round:
    """One round: `gathering` (people join), `playing` (its tables run), then the next opens."""

    number: int
    game: str
    seats: int
    level: str
    takeover: str | None
    status: str = "gathering"
    joined: list[Identity] = field(default_factory=list)
    tables: list[int] = field(default_factory=list)


def table_sizes(people: int, seats: int) -> list[int]:
    """How many people sit at each table: as few tables as `seats` allows, the people spread
    as evenly as possible, the largest tables first (10 at 4 seats: 4, 3, 3)."""
    count = math.ceil(people / seats)
    base, extra = divmod(people, count)
    return [base + 1 if i < extra else base for i in range(count)]


def seating_order(joined: list[Identity], scoreboard: Scoreboard) -> list[Identity]:
    """The people of a round, leaders first: by the evening's standings, then those with no
    standing yet in the order they joined."""
    ranked = [name_key(e["name"]) for e in standings(scoreboard.results)]
    place = {key: i for i, key in enumerate(ranked)}
    return sorted(joined, key=lambda p: (place.get(name_key(p.name), len(ranked)), joined.index(p)))


class Rounds:
    """The evening's rounds and their messages."""

    def __init__(
        self,
        journal: Journal,
        hooks: TableHooks,
        tables: dict[int, Table],
        scoreboard: Scoreboard,
        broadcast: Callable[[bytes], None],
    ) -> None:
        self.journal = journal
        self.hooks = hooks
        self.tables = tables
        self.scoreboard = scoreboard
        self._broadcast = broadcast
        self.current: Round | None = None

    def handlers(self) -> dict[str, Callable[[Any, dict], Any]]:
        return {
            "round_start": self._start,
            "round_join": self._join,
            "round_leave": self._leave,
            "round_seat": self._seat,
        }

    def message(self) -> dict[str, Any]:
        """The round as everyone sees it (`round`)."""
        now = self.current
        if now is None:
            return {"t": "round", "round": None}
        tables = []
        for table_id in now.tables:
            table = self.tables.get(table_id)
            names = [s.name for s in table.seats] if table else []
            status = table.status if table else FINISHED
            tables.append({"table": table_id, "seats": names, "status": status})
        return {
            "t": "round",
            "round": {
                "number": now.number,
                "game": now.game,
                "seats": now.seats,
                "status": now.status,
                "joined": [p.name for p in now.joined],
                "tables": tables,
            },
        }

    def _push(self) -> None:
        self._broadcast(encode(self.message()))

    def table_changed(self, table: Table) -> None:
        """A round's table finished (or was given up): the next round opens after the last."""
        now = self.current
        if now is None or now.status != "playing" or table.id not in now.tables:
            return
        if table.status not in (FINISHED, ABANDONED):
            return
        done = [self.tables.get(t) for t in now.tables]
        if all(t is None or t.status in (FINISHED, ABANDONED) for t in done):
            self.scoreboard.chronicle.fact(
                "round_done", f"round {now.number} is over", round=now.number
            )
            self.current = Round(
                now.number + 1, now.game, now.seats, now.level, now.takeover, joined=now.joined
            )
            self.scoreboard.chronicle.fact(
                "round_open", f"round {now.number + 1} of {now.game} opens", round=now.number + 1
            )
        self._push()

    # ------------------------------------------------------------------ requests
    def _gathering(self) -> Round:
        if self.current is None:
            raise Refused("no_round", "no round is open")
        if self.current.status != "gathering":
            raise Refused("round_started", f"round {self.current.number} is being played")
        return self.current

    async def _start(self, session: Any, msg: dict[str, Any]) -> None:
        if not self.scoreboard.is_host(session.identity):
            raise Refused("not_host", "only the host may open a round")
        if not self.scoreboard.open:
            raise Refused("no_evening", "rounds are played within an open evening")
        if self.current is not None and self.current.status == "playing":
            raise Refused("round_started", f"round {self.current.number} is being played")
        try:
            game = engine.get_game(msg["game"])
        except KeyError as exc:
            raise Refused("unknown_game", exc.args[0]) from None
        seats = msg["seats"]
        if not game.min_players <= seats <= game.max_players:
            raise Refused(
                "bad_option", f"{game.title} is for {game.min_players}–{game.max_players} players"
            )
        level = msg.get("level", bots.DEFAULT_LEVEL)
        for bot in {level, msg.get("takeover") or level}:
            if bot not in bots.levels():
                raise Refused("unknown_bot", f"unknown bot level {bot!r}")
        number = self.current.number + 1 if self.current else 1
        joined = self.current.joined if self.current else []
        self.current = Round(number, game.id, seats, level, msg.get("takeover"), joined=joined)
        self.scoreboard.chronicle.fact(
            "round_open", f"round {number} of {game.id} at {seats} seats opens", round=number
        )
        self._push()

    async def _join(self, session: Any, msg: dict[str, Any]) -> None:
        now = self._gathering()
        if session.identity not in now.joined:
            now.joined.append(session.identity)
        self._push()

    async def _leave(self, session: Any, msg: dict[str, Any]) -> None:
        now = self._gathering()
        if session.identity in now.joined:
            now.joined.remove(session.identity)
        self._push()

    async def _seat(self, session: Any, msg: dict[str, Any]) -> None:
        """Seat the round's people by standing at tables, fill them with bots, start them."""
        if not self.scoreboard.is_host(session.identity):
            raise Refused("not_host", "only the host may seat a round")
        now = self._gathering()
        people = [p for p in now.joined if p.connected]
        if len(people) < 2:
            raise Refused("too_few", "a round needs two connected people or more")
        game = engine.get_game(now.game)
        order = seating_order(people, self.scoreboard)
        now.status = "playing"
        first = 0
        made: list[Table] = []
        for size in table_sizes(len(order), now.seats):
            group = order[first : first + size]
            first += size
            table = await Table.new(
                self.journal,
                self.hooks,
                game=game,
                players=now.seats,
                options={},
                seed=secrets.randbits(63),
                keep=DEFAULT_KEEP,
                password=None,
                creator=group[0],
                takeover=now.takeover,
            )
            self.tables[table.id] = table
            now.tables.append(table.id)
            seated = {i: (person, person.name) for i, person in enumerate(group)}
            levels = {i: now.level for i in range(size, now.seats)}
            await table.seating.seat_again(seated, levels, set())
            made.append(table)
        for table in made:
            for person in table.attendees():
                if person.session is not None:
                    person.session.send(table.joined_message(person))
            await table.start(table.creator)
            names = ", ".join(s.name or "?" for s in table.seats)
            self.scoreboard.chronicle.fact(
                "round_table",
                f"round {now.number}: table {table.id} seats {names}",
                round=now.number,
                table=table.id,
            )
        self._push()
