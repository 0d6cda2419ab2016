"""At the table together: chat, emotes, the creator's mutes, and rematches.

The lobby hands the `chat`, `emote`, `mute` and `rematch` requests here (`Social.handlers`) and
tells it when a table changed. Chat and emotes are journaled with the table (`jeweltable
replay` shows them between the moves). A spectator's words reach only spectators unless the
table's `open_chat` says otherwise, so nobody can whisper hidden facts to a player.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
import weakref
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from server.identities import Identity
from server.journal import Journal
from server.refusals import Refused
from server.status import FINISHED, PLAYING, WAITING
from server.store import ChatLine
from server.tables import Table, TableHooks
from shared.protocol import clean_chat, encode

log = logging.getLogger(__name__)

# At most this many chat messages (and, apart, this many emotes) per connection in this many
# seconds; beyond them the sender gets `rate_limited`.
CHAT_BURST = 5
CHAT_WINDOW = 10.0
# Seconds the people of a finished game have to confirm a rematch before their seats go to the
# table's stand-in bot (or open up, on a table without one). Tests shorten it.
REMATCH_WAIT = 60.0
# The latest chat messages and emotes a table keeps for `chat_log` (who joins or comes back).
CHAT_BACKLOG = 50

Handler = Callable[[Any, dict], Coroutine[Any, Any, None]]


@dataclass(eq=False)
class Rematch:
    """The next game of a finished table, waiting for its people to confirm."""

    old: Table
    new: Table
    by: str
    # People who have not confirmed yet.
    pending: set[Identity]
    deadline: float
    expired: bool = False
    done: bool = False
    timer: asyncio.TimerHandle | None = None
    checking: bool = False
    again: bool = False


@dataclass
class Social:
    """Chat, emotes, mutes and rematches of one server's tables."""

    journal: Journal
    hooks: TableHooks
    tables: dict[int, Table]
    # A number per person (identity key), shown with what they say so the creator can mute them
    # without anyone learning their token.
    numbers: dict[str, int] = field(default_factory=dict)
    # Per table id: the identity keys its creator muted.
    muted: dict[int, set[str]] = field(default_factory=dict)
    # Rematches by the id of the new table, and the new table's id by the old one's.
    rematches: dict[int, Rematch] = field(default_factory=dict)
    next_of: dict[int, int] = field(default_factory=dict)
    # Per table id: the latest messages said, each with whether only spectators may read it.
    backlog: dict[int, deque[tuple[dict, bool]]] = field(default_factory=dict)
    _said: weakref.WeakKeyDictionary = field(default_factory=weakref.WeakKeyDictionary)
    _tasks: set[asyncio.Task] = field(default_factory=set)

    def handlers(self) -> dict[str, Handler]:
        return {
            "chat": self._chat,
            "emote": self._emote,
            "mute": self._mute,
            "chat_log": self._chat_log,
            "rematch": self._rematch,
        }

    # ------------------------------------------------------------------ tables
    async def created(self, table: Table, msg: dict[str, Any]) -> None:
        """A table was created with `create`: keep its chat setting."""
        if msg.get("open_chat"):
            table.open_chat = True
            await self._save(table)

    def restore(self, table: Table) -> None:
        """A table restored from the store gets its chat setting and mutes back."""
        table.open_chat, muted = self.journal.store.social(table.id)
        if muted:
            self.muted[table.id] = set(muted)

    def table_changed(self, table: Table) -> None:
        """Seats or status changed: a rematch waiting at that table may be ready."""
        rematch = self.rematches.get(table.id)
        if rematch is not None and not rematch.done:
            self._spawn(self._check(rematch))

    def table_removed(self, table_id: int) -> None:
        """A table left the server: forget its mutes, its chat backlog and its rematches (a
        server that runs for days would otherwise keep a little of every table it had)."""
        self.muted.pop(table_id, None)
        self.backlog.pop(table_id, None)
        self.next_of.pop(table_id, None)
        for old in [old for old, new in self.next_of.items() if new == table_id]:
            del self.next_of[old]
        rematch = self.rematches.pop(table_id, None)
        if rematch is not None and rematch.timer is not None:
            rematch.timer.cancel()
            rematch.timer = None

    def close(self) -> None:
        for rematch in self.rematches.values():
            if rematch.timer is not None:
                rematch.timer.cancel()
        for task in self._tasks:
            task.cancel()

    async def _save(self, table: Table) -> None:
        muted = sorted(self.muted.get(table.id, ()))
        await self.journal.run(self.journal.store.save_social, table.id, table.open_chat, muted)

    # ------------------------------------------------------------------ chat and emotes
    def _table(self, session: Any, msg: dict[str, Any]) -> Table:
        table = self.tables.get(msg["table"])
        if table is None:
            raise Refused("no_table", f"there is no table {msg['table']}")
        if table not in session.identity.tables:
            raise Refused("not_at_table", f"you neither sit at nor watch table {table.id}")
        return table

    def number(self, identity: Identity) -> int:
        """The person's number (`who`) on this server."""
        if identity.key not in self.numbers:
            self.numbers[identity.key] = len(self.numbers) + 1
        return self.numbers[identity.key]

    def _limit(self, session: Any, kind: str) -> None:
        """Refuse the `CHAT_BURST + 1`-th message of a kind within `CHAT_WINDOW` seconds."""
        now = time.monotonic()
        said = self._said.setdefault(session, {}).setdefault(kind, deque(maxlen=CHAT_BURST))
        if len(said) == CHAT_BURST and now - said[0] < CHAT_WINDOW:
            wait = math.ceil(CHAT_WINDOW - (now - said[0]))
            raise Refused(
                "rate_limited",
                f"at most {CHAT_BURST} {kind} messages in {CHAT_WINDOW:g} s; wait {wait} s",
            )
        said.append(now)

    async def _say(self, session: Any, msg: dict[str, Any], kind: str, said: str) -> None:
        """Send a chat line or emote to everyone it may reach, after journaling it."""
        table = self._table(session, msg)
        identity: Identity = session.identity
        seats = table.held_by(identity)
        seat = msg.get("seat")
        if seat is not None and seat not in seats:
            raise Refused("not_your_seat", f"you do not hold seat {seat} of table {table.id}")
        if seat is None and seats:
            seat = seats[0]
        if identity.key in self.muted.get(table.id, ()):
            raise Refused("muted", "the table's creator has muted you at this table")
        self._limit(session, kind)
        name = identity.name if seat is None else table.seats[seat].name or identity.name
        spectators_only = seat is None and not table.open_chat
        line = ChatLine(table.seq, kind, name, seat, said, spectators_only)
        await self.journal.run(self.journal.store.append_chat, table.id, line)
        out = {
            "t": kind,
            "table": table.id,
            "from": name,
            "seat": seat,
            "who": self.number(identity),
        }
        out["text" if kind == "chat" else "emote"] = said
        players = {s.holder for s in table.seats if s.holder is not None}
        self._keep(table.id, out, spectators_only)
        frame = encode(out)
        for person in table.attendees():
            if spectators_only and person in players:
                continue
            if person.session is not None:
                person.session.send_frame(frame)

    def _keep(self, table_id: int, said: dict[str, Any], spectators_only: bool) -> None:
        if table_id not in self.backlog:
            self.backlog[table_id] = deque(maxlen=CHAT_BACKLOG)
        self.backlog[table_id].append((said, spectators_only))

    async def _chat_log(self, session: Any, msg: dict[str, Any]) -> None:
        """The latest messages said at the table that the asker may read."""
        table = self._table(session, msg)
        session.send(self._chat_log_for(table, session.identity))

    def _chat_log_for(self, table: Table, identity: Identity) -> dict[str, Any]:
        player = bool(table.held_by(identity))
        kept = self.backlog.get(table.id, ())
        lines = [said for said, spectators_only in kept if not (player and spectators_only)]
        return {"t": "chat_log", "table": table.id, "lines": lines}

    async def _carry_chat(self, old: Table, new: Table) -> None:
        """Play again goes on with the same conversation: the old table's latest lines (and
        emotes) are the new table's first ones, journaled with it before its first move and
        still read by those who could read them (spectators' lines stay spectators')."""
        kept = list(self.backlog.get(old.id, ()))
        if not kept:
            return
        lines = [
            ChatLine(
                0, said["t"], said["from"], said["seat"], said.get("text") or said["emote"], only
            )
            for said, only in kept
        ]
        store = self.journal.store

        def write() -> None:
            for line in lines:
                store.append_chat(new.id, line)

        await self.journal.run(write)
        self.backlog[new.id] = deque(
            (({**said, "table": new.id}, only) for said, only in kept), maxlen=CHAT_BACKLOG
        )

    async def _chat(self, session: Any, msg: dict[str, Any]) -> None:
        await self._say(session, msg, "chat", clean_chat(msg["text"]))

    async def _emote(self, session: Any, msg: dict[str, Any]) -> None:
        await self._say(session, msg, "emote", msg["emote"])

    async def _mute(self, session: Any, msg: dict[str, Any]) -> None:
        """The creator mutes (or, with `muted: false`, lets speak again) a person here."""
        table = self._table(session, msg)
        identity: Identity = session.identity
        if identity is not table.creator:
            raise Refused("not_creator", "only the table's creator may mute someone")
        person = next((p for p in table.attendees() if self.numbers.get(p.key) == msg["who"]), None)
        if person is None or person is identity:
            raise Refused("no_person", f"person {msg['who']} is not someone else at this table")
        muted = self.muted.setdefault(table.id, set())
        on = msg.get("muted", True)
        if on:
            muted.add(person.key)
        else:
            muted.discard(person.key)
        await self._save(table)
        seats = table.held_by(person)
        frame = encode(
            {
                "t": "muted",
                "table": table.id,
                "who": msg["who"],
                "name": table.seats[seats[0]].name if seats else person.name,
                "muted": on,
            }
        )
        for someone in table.attendees():
            if someone.session is not None:
                someone.session.send_frame(frame)

    # ------------------------------------------------------------------ rematch
    async def _rematch(self, session: Any, msg: dict[str, Any]) -> None:
        """Play again: the first asks for the next game, everyone else confirms it."""
        old = self._table(session, msg)
        identity: Identity = session.identity
        if old.status != FINISHED:
            raise Refused("not_finished", f"the game at table {old.id} is not over")
        if old.rules.get("lesson"):
            raise Refused("lesson", "a lesson is played once; start a real game instead")
        if not old.held_by(identity):
            raise Refused("not_your_seat", "only the players of the last game may play again")
        next_id = self.next_of.get(old.id)
        if next_id is None:
            rematch = await self._new_rematch(old, identity)
        elif next_id in self.rematches:
            rematch = self.rematches[next_id]
        else:
            raise Refused(
                "already_started", f"the next game is settled at table {next_id}; join it there"
            )
        rematch.pending.discard(identity)
        await self._check(rematch)

    async def _new_rematch(self, old: Table, by: Identity) -> Rematch:
        assert old.state is not None
        people = {
            i: (s.holder, s.name or s.holder.name) for i, s in enumerate(old.seats) if s.holder
        }
        levels = {i: s.bot for i, s in enumerate(old.seats) if s.bot is not None}
        present = {person for person, _ in people.values()}
        watching = {p for p in old.spectators if p.connected and p not in present}
        creator = old.creator if old.creator in present | watching else by
        first = (old.state["options"]["first_seat"] + 1) % old.players
        new = await Table.new(
            self.journal,
            self.hooks,
            game=old.game,
            players=old.players,
            options={**old.options, "first_seat": first},
            seed=secrets.randbits(63),
            keep=old.keep,
            password=old.password,
            creator=creator,
            takeover=old.takeover,
            rules=old.rules,
        )
        new.open_chat = old.open_chat
        if old.id in self.muted:
            self.muted[new.id] = set(self.muted[old.id])
        await self._save(new)
        self.tables[new.id] = new
        name = next((n for i, (p, n) in sorted(people.items()) if p is by), by.name)
        loop = asyncio.get_running_loop()
        rematch = Rematch(old, new, name, present - {by}, loop.time() + REMATCH_WAIT)
        self.rematches[new.id] = rematch
        self.next_of[old.id] = new.id
        await new.seating.seat_again(people, levels, watching)
        await self._carry_chat(old, new)
        for person in new.attendees():
            if person.session is not None:
                person.session.send(new.joined_message(person))
                person.session.send(self._chat_log_for(new, person))
        rematch.timer = loop.call_later(REMATCH_WAIT, self._expire, rematch)
        return rematch

    def _expire(self, rematch: Rematch) -> None:
        rematch.timer = None
        rematch.expired = True
        self._spawn(self._check(rematch))

    async def _check(self, rematch: Rematch) -> None:
        """Start the next game once everyone confirmed (or the wait ran out); else say who is
        still awaited. Runs once at a time; a change meanwhile runs it again."""
        if rematch.checking:
            rematch.again = True
            return
        rematch.checking = True
        try:
            rematch.again = True
            while rematch.again and not rematch.done:
                rematch.again = False
                await self._settle(rematch)
        finally:
            rematch.checking = False

    async def _settle(self, rematch: Rematch) -> None:
        new = rematch.new
        if new.status != WAITING:
            self._finish(rematch, started=new.status == PLAYING)
            return
        rematch.pending = {p for p in rematch.pending if new.held_by(p)}
        if rematch.expired and rematch.pending:
            # Not confirmed in time: the seats go to the stand-in bot, or open up.
            late, rematch.pending = rematch.pending, set()
            for person in late:
                for seat in new.held_by(person):
                    await new.seating.leave(person, seat)
                if person.session is not None:
                    left = {"t": "left", "table": new.id, "seats": [], "spectator": False}
                    person.session.send(left)
            if new.status != WAITING:
                self._finish(rematch, started=False)
                return
        empty = any(s.empty for s in new.seats)
        if not rematch.pending and (not empty or rematch.expired):
            host = new.creator or next((s.holder for s in new.seats if s.holder), None)
            if empty and new.takeover is None or host is None:
                self._finish(rematch, started=False)  # the creator fills the seats and starts
                return
            rematch.done = True
            try:
                await new.start(host, stand_ins=True)
            except Refused as exc:
                log.warning("table %s: the rematch could not start: %s", new.id, exc)
            self._finish(rematch, started=new.status == PLAYING)
            return
        self._announce(rematch)

    def _finish(self, rematch: Rematch, started: bool) -> None:
        if rematch.timer is not None:
            rematch.timer.cancel()
            rematch.timer = None
        rematch.done = True
        rematch.pending = set()
        self.rematches.pop(rematch.new.id, None)
        self._announce(rematch, started)

    def _announce(self, rematch: Rematch, started: bool = False) -> None:
        """Tell everyone at the old and the new table how the rematch stands."""
        loop = asyncio.get_running_loop()
        waiting = sorted(s for p in rematch.pending for s in rematch.new.held_by(p))
        msg = {
            "t": "rematch",
            "table": rematch.old.id,
            "next": rematch.new.id,
            "by": rematch.by,
            "waiting": waiting,
            "seconds": 0 if rematch.done else max(0, math.ceil(rematch.deadline - loop.time())),
            "done": rematch.done,
            "started": started,
        }
        frame = encode(msg)
        for person in rematch.old.attendees() | rematch.new.attendees():
            if person.session is not None:
                person.session.send_frame(frame)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a rematch check failed", exc_info=task.exception())
