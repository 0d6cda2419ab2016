"""The lobby: who is connected, which tables exist, and what each request does.

`Lobby.handle` takes one checked message from a session and answers it. Sessions are the
asyncio side (server/app.py, and any gateway): they have `identity`, `peer` (the client's address:
(host, port) or a host, for counting wrong passwords), `send(msg)`, `send_frame(bytes)` and
`close(code, reason)`. A table refuses by raising `Refused`; the lobby turns that into an
`error` for the sender alone, and so it does with `StorageFull` (the disk is full).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from server import bots, clocks, replay
from server.chronicle import Chronicle
from server.evening import Scoreboard
from server.guesses import GuessLimiter
from server.hints import Hints
from server.identities import Identity, new_token, token_key
from server.journal import Journal
from server.lessons import LessonTable, open_lesson
from server.news import TableNews
from server.refusals import Refused
from server.room import Room
from server.rounds import Rounds
from server.social import Social
from server.status import ABANDONED, FINISHED, PLAYING, WAITING
from server.store import StorageFull
from server.table_log import TableLog
from server.tables import BOT_DELAY, DEFAULT_KEEP, Table, TableHooks
from shared import engine, lessons, talk
from shared.protocol import PROTOCOL_VERSION, clean_table_name

log = logging.getLogger(__name__)

# A disconnected identity that only watched is forgotten after this long.
WATCH_KEEP = 120
# A table no person has been connected to for this long (seconds) leaves the list; finished
# tables leave it as soon as nobody is at them. Both stay in the store for `replay`.
IDLE_TABLE = 600


class Lobby:
    """Every identity, session and table of one server."""

    def __init__(
        self,
        journal: Journal,
        *,
        name: str,
        allow_seed: bool = False,
        bot_delay: tuple[float, float] = BOT_DELAY,
        open_tables_changed: Callable[[int], None] | None = None,
        chronicle: Chronicle | None = None,
        host_code: str | None = None,
    ) -> None:
        self.journal = journal
        self._desk: replay.ReplayDesk | None = None
        # The browser gateway's port (told in `welcome`, for the QR code phones scan).
        self.web_port: int | None = None
        self.name = name
        self.allow_seed = allow_seed
        self.identities: dict[str, Identity] = {}
        self.sessions: set[Any] = set()
        self.tables: dict[int, Table] = {}
        # The evening's facts on the server's console, and the evening itself.
        self.chronicle = chronicle or Chronicle(quiet=True)
        self.scoreboard = Scoreboard(
            journal,
            host_code=host_code or secrets.token_hex(4),
            chronicle=self.chronicle,
            broadcast=self._to_everyone,
        )
        self.table_log = TableLog(self.chronicle)
        self.hooks = TableHooks(
            changed=self._table_changed,
            bot_delay=bot_delay,
            finishing=self.scoreboard.finishing,
            rating=self.scoreboard.rating,
            is_host=self.scoreboard.is_host,
            stood_in=self._stood_in,
        )
        self.guesses = GuessLimiter()
        self.news = TableNews(self.tables, self.sessions, open_tables_changed)
        self._handlers: dict[str, Callable[[Any, dict], Any]] = {
            "create": self._create,
            "join": self._join,
            "watch": self._watch,
            "leave": self._leave,
            "close": self._close,
            "bot": self._bot,
            "start": self._start,
            "move": self._move,
            "undo": self._undo,
            "hint": self._hint,
            "learn": self._learn,
            "sync": self._sync,
            "replays": self._replays,
            "replay": self._replay,
            "ping": self._ping,
            "rules": self._rules,
            "hand_to_bot": self._hand_to_bot,
            "reclaim": self._reclaim,
            "nudge": self._nudge,
            "pause": self._pause,
            "remove": self._remove,
        }
        self._handlers.update(self.scoreboard.handlers())
        # The evening's optional tournament mode.
        self.rounds = Rounds(journal, self.hooks, self.tables, self.scoreboard, self._to_everyone)
        self._handlers.update(self.rounds.handlers())
        # Chat, emotes, mutes and rematches live in their own room.
        self.social = Social(journal, self.hooks, self.tables)
        self.hints = Hints()
        self._handlers.update(self.social.handlers())
        # Every table at a glance, for the screens that show the room (a TV's overview).
        self.room = Room(self.tables, self.sessions)
        self._handlers.update(self.room.handlers())

    # ------------------------------------------------------------------ restoring
    def restore(self) -> list[int]:
        """Bring back the evening, and every waiting or running table, from the store; the
        tables' ids."""
        self.scoreboard.load()
        restored = []
        for record in self.journal.store.tables((WAITING, PLAYING)):
            record.moves = self.journal.store.moves(record.id)
            kind = LessonTable if (record.rules or {}).get("lesson") else Table
            try:
                table = kind.restore(record, self.journal, self.hooks, self._identity_for)
            except Exception:
                log.exception("table %s could not be restored; it stays in the store", record.id)
                continue
            self.tables[table.id] = table
            self.table_log.known(table)
            self.social.restore(table)
            restored.append(table.id)
        now = time.monotonic()
        for identity in self.identities.values():
            identity.disconnected_since = now
        return restored

    def resume_tables(self) -> None:
        """Start the timers and bots of the restored tables (needs the running loop)."""
        for table in self.tables.values():
            table.resume()
        self.news.count_open_tables()

    def _identity_for(self, key: str, name: str) -> Identity:
        if key not in self.identities:
            self.identities[key] = Identity(key=key, name=name)
        return self.identities[key]

    # ------------------------------------------------------------------ sessions
    def hello(self, session: Any, msg: dict[str, Any]) -> None:
        """Greet a session: resume the identity of its token, or make a new one."""
        token = msg.get("token")
        identity = self.identities.get(token_key(token)) if token else None
        if token and identity is None:
            session.send(
                {
                    "t": "error",
                    "code": "unknown_token",
                    "reason": "that token holds nothing on this server; you join as a new player",
                }
            )
        if identity is not None and identity.session is not None and not msg.get("take_over"):
            # Another window holds these seats now: the person decides, not the last to connect.
            session.close(
                "in_use",
                "these seats are held by another live connection (another window?); "
                "say hello with take_over to move them here",
            )
            return
        if identity is None:
            token = new_token()
            identity = Identity(key=token_key(token), name=msg["name"])
            self.identities[identity.key] = identity
        elif identity.session is not None:
            identity.session.close("replaced", "your seats were taken over by another connection")
            identity.session.identity = None
        identity.name = msg["name"]
        identity.session = session
        identity.disconnected_since = None
        self.chronicle.fact("in", f"{identity.name} came in", name=identity.name)
        # A client that draws the table's talk itself (pygame) does not ask for it.
        session.talk = bool(msg.get("talk"))
        session.identity = identity
        self.sessions.add(session)
        resumed = sorted(t.id for t in identity.tables)
        session.send(
            {
                "t": "welcome",
                "v": PROTOCOL_VERSION,
                "server": self.name,
                "games": [engine.get_game(g).describe() for g in engine.list_games()],
                "bots": bots.levels(),
                "lessons": lessons.available(engine.list_games()),
                "tables": self._listed(),
                "token": token,
                "name": identity.name,
                "resumed": resumed,
                "web": self.web_port,
            }
        )
        # A screen that comes in mid-evening shows the standings (and the round) at once.
        if self.scoreboard.evening is not None:
            session.send(self.scoreboard.message())
        if self.rounds.current is not None:
            session.send(self.rounds.message())
        for table in sorted(identity.tables, key=lambda t: t.id):
            session.send(table.joined_message(identity))
            table.sync(identity)
            table.presence_changed()
            self._table_changed(table)

    def disconnected(self, session: Any) -> None:
        """A session ended: its identity stays (seats kept) until the sweep lets it go."""
        self.sessions.discard(session)
        identity = session.identity
        if identity is None or identity.session is not session:
            return
        identity.session = None
        identity.disconnected_since = time.monotonic()
        self.chronicle.fact("out", f"{identity.name} went out", name=identity.name)
        if not identity.tables:
            self.identities.pop(identity.key, None)
        for table in list(identity.tables):
            table.presence_changed()
            self._table_changed(table)

    async def sweep(self, now: float | None = None) -> None:
        """Free seats past their keep time; forget idle identities and finished tables."""
        now = time.monotonic() if now is None else now
        self.guesses.forget_old()
        for table in list(self.tables.values()):
            # While the disk is full (the journal said so once) each sweep tries again.
            with contextlib.suppress(StorageFull):
                await table.seating.save_pending()
                await table.seating.release_expired(now)
        for identity in list(self.identities.values()):
            if identity.connected or identity.disconnected_since is None:
                continue
            holds = any(table.held_by(identity) for table in identity.tables)
            if not holds and now - identity.disconnected_since >= WATCH_KEEP:
                for table in list(identity.tables):
                    await table.seating.leave(identity, None)
            if not identity.tables:
                self.identities.pop(identity.key, None)
        for table in list(self.tables.values()):
            attended = any(p.connected for p in table.attendees())
            if attended:
                table.unattended_since = None
                continue
            if table.status == FINISHED:
                self._drop(table)
                continue
            if table.unattended_since is None:
                table.unattended_since = now
            elif now - table.unattended_since >= IDLE_TABLE:
                with contextlib.suppress(StorageFull):
                    await table.abandon_unattended()

    def close(self) -> None:
        self.news.close()
        self.social.close()
        self.room.close()
        for table in self.tables.values():
            table.close()

    # ------------------------------------------------------------------ requests
    async def handle(self, session: Any, msg: dict[str, Any]) -> None:
        """Answer one checked message; a refusal goes to the sender alone."""
        kind = msg["t"]
        if kind == "hello":
            self.hello(session, msg)
            return
        if session.identity is None:
            return
        try:
            await self._handlers[kind](session, msg)
        except (Refused, StorageFull) as exc:
            error: dict[str, Any] = {"t": "error", "code": exc.code, "reason": exc.reason}
            if isinstance(exc, Refused):
                error.update(exc.details)
            if "id" in msg:
                error["ref"] = msg["id"]
            if "table" in msg:
                error["table"] = msg["table"]
            session.send(error)

    def _table(self, msg: dict[str, Any]) -> Table:
        table = self.tables.get(msg["table"])
        if table is None:
            raise Refused("no_table", f"there is no table {msg['table']}")
        return table

    async def _create(self, session: Any, msg: dict[str, Any]) -> None:
        identity: Identity = session.identity
        try:
            game = engine.get_game(msg["game"])
        except KeyError as exc:
            raise Refused("unknown_game", exc.args[0]) from None
        if "seed" in msg and not self.allow_seed:
            raise Refused("seed_not_allowed", "this server draws every table's seed itself")
        seed = msg.get("seed", secrets.randbits(63))
        try:
            rules = {
                "undo": msg.get("undo", True),
                "clock": clocks.check_spec(msg.get("clock")),
                "friendly": msg.get("friendly", False),
                # Hints: on unless asked otherwise, but off by default where a game counts
                # (an evening runs and the table is not friendly) or a turn clock runs.
                "hints": msg.get(
                    "hints",
                    msg.get("clock") is None
                    and (msg.get("friendly", False) or self.scoreboard.evening is None),
                ),
                "idle_takeover": msg.get("idle_takeover"),
                # Checked by the protocol; kept as the lobbies show it (trimmed).
                "name": clean_table_name(msg["table_name"]) if "table_name" in msg else None,
            }
        except ValueError as exc:
            raise Refused("bad_option", str(exc)) from None
        try:
            table = await Table.new(
                self.journal,
                self.hooks,
                game=game,
                players=msg["seats"],
                options=msg.get("options") or {},
                seed=seed,
                keep=msg.get("keep", DEFAULT_KEEP),
                password=msg.get("password") or None,
                creator=identity,
                takeover=msg.get("takeover"),
                rules=rules,
            )
        except engine.OptionError as exc:
            raise Refused("bad_option", str(exc)) from None
        self.tables[table.id] = table
        await self.social.created(table, msg)
        if msg.get("sit", True):
            try:
                await table.seating.sit(identity, 0, None, msg.get("name"))
            except StorageFull:
                table.seating.unsaved = True  # left empty: let go once there is room again
                raise
        else:
            table.seating.watch(identity, None)
        self._send_joined(session, table, msg)

    async def _join(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        password = msg.get("password")
        with self.guesses.guarding(session, table, password):
            await table.seating.sit(session.identity, msg.get("seat"), password, msg.get("name"))
        self._send_joined(session, table, msg)
        table.sync(session.identity)

    async def _watch(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        password = msg.get("password")
        with self.guesses.guarding(session, table, password):
            table.seating.watch(session.identity, password)
        if msg.get("name"):  # a page that said hello before its person typed a name
            session.identity.name = msg["name"]
        self._send_joined(session, table, msg)
        if table.state is not None and session.identity.session is not None:
            session.send(table.seat_message("sync", None, with_talk=session.talk))

    async def _leave(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        identity: Identity = session.identity
        was_in_lobby = not identity.tables
        await table.seating.leave(identity, msg.get("seat"))
        reply: dict[str, Any] = {
            "t": "left",
            "table": table.id,
            "seats": table.held_by(identity),
            "spectator": identity in table.spectators,
        }
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)
        if not identity.tables and not was_in_lobby:
            session.send({"t": "tables", "tables": self._listed()})

    async def _close(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        await table.shut(session.identity)
        if table.status == FINISHED:
            self._drop(table)

    async def _bot(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        await table.seating.add_bot(
            session.identity, msg.get("seat"), msg.get("level", bots.DEFAULT_LEVEL)
        )

    async def _start(self, session: Any, msg: dict[str, Any]) -> None:
        await self._table(msg).start(session.identity)

    async def _move(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        await table.move(
            msg["seat"],
            msg["move"],
            by="player",
            actor=session.identity,
            expect_seq=msg.get("seq"),
            ref=msg.get("id"),
        )

    async def _undo(self, session: Any, msg: dict[str, Any]) -> None:
        await self._table(msg).undo(msg["seat"], session.identity, msg.get("id"))

    async def _hint(self, session: Any, msg: dict[str, Any]) -> None:
        """The strong bot's move for the asker's seat on its turn (server/hints.py)."""
        table = self._table(msg)
        answer = await self.hints.answer(table, msg["seat"], session.identity)
        if "id" in msg:
            answer["ref"] = msg["id"]
        session.send(answer)

    async def _learn(self, session: Any, msg: dict[str, Any]) -> None:
        """A guided first game of `game` at a lesson table of its own (server/lessons.py); a
        lesson this person was still at ends (one lesson at a time)."""
        identity: Identity = session.identity
        for earlier in [t for t in identity.tables if isinstance(t, LessonTable)]:
            await earlier.seating.leave(identity, None)
        table = await open_lesson(self.journal, self.hooks, identity, msg["game"], msg.get("name"))
        self.tables[table.id] = table
        self._send_joined(session, table, msg)
        table.sync(identity)

    async def _sync(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        identity: Identity = session.identity
        if table not in identity.tables:
            raise Refused("not_at_table", f"you neither sit at nor watch table {table.id}")
        if table.state is None:
            session.send(table.joined_message(identity))
        else:
            table.sync(identity)

    # ------------------------------------------------------------------ a hand on idle seats
    async def _hand_to_bot(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        level = msg.get("level", table.takeover or bots.DEFAULT_LEVEL)
        await table.standins.hand_to_bot(session.identity, msg["seat"], level)
        self._fact_hand(table, session, f"handed seat {msg['seat']} to a {level} bot", msg)

    async def _reclaim(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        await table.standins.reclaim(session.identity, msg["seat"])
        self._fact_hand(table, session, f"took seat {msg['seat']} back from its bot", msg)

    async def _nudge(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        reached = table.standins.nudge(session.identity, msg["seat"])
        reply = {"t": "nudged", "table": table.id, "seat": msg["seat"], "reached": reached}
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)
        self._fact_hand(table, session, f"nudged seat {msg['seat']}", msg)

    async def _pause(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        await table.pause(session.identity, msg["paused"])
        self._fact_hand(table, session, "paused the game" if msg["paused"] else "resumed", msg)

    async def _remove(self, session: Any, msg: dict[str, Any]) -> None:
        table = self._table(msg)
        to = msg.get("to", "bot")
        level = msg.get("level", table.takeover or bots.DEFAULT_LEVEL)
        await table.seating.remove(session.identity, msg["seat"], to, level)
        goes = f"a {level} bot" if to == "bot" else "nobody (open)"
        self._fact_hand(table, session, f"removed seat {msg['seat']}'s person; to {goes}", msg)

    def _stood_in(self, table: Table, seat: int, level: str, idle: float) -> None:
        """A seat idle past its table's `idle_takeover` went to a stand-in: a hand, by nobody."""
        self.chronicle.fact(
            "idle_takeover",
            f"table {table.id}: seat {seat} idle for {idle:.0f} s; a {level} bot stands in",
            table=table.id,
            seat=seat,
            level=level,
        )

    def _fact_hand(self, table: Table, session: Any, what: str, msg: dict[str, Any]) -> None:
        kind = msg["t"]
        self.chronicle.fact(
            kind,
            f"table {table.id}: {session.identity.name} {what}",
            table=table.id,
            by=session.identity.name,
            **{k: v for k, v in msg.items() if k not in ("t", "id", "table")},
        )

    # ------------------------------------------------------------------ kept games
    async def _replays(self, session: Any, msg: dict[str, Any]) -> None:
        tables = await self.journal.run(replay.offered, self.journal.store)
        reply: dict[str, Any] = {"t": "replays", "tables": tables}
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)

    async def _replay(self, session: Any, msg: dict[str, Any]) -> None:
        if self._desk is None:
            self._desk = replay.ReplayDesk(self.journal.store)
        try:
            answer = await self.journal.run(self._desk.answer, msg["table"], msg.get("step"))
        except LookupError as exc:
            raise Refused("no_table", str(exc)) from None
        reply: dict[str, Any] = {"t": "replay", **answer}
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)

    async def _rules(self, session: Any, msg: dict[str, Any]) -> None:
        """A game's rules as the table's talk says them (shared/talk), asked when shown."""
        said = talk.rules(msg["game"]) if msg["game"] in engine.list_games() else None
        if said is None:
            raise Refused("unknown_game", f"no rules for the game {msg['game'][:64]!r}")
        reply: dict[str, Any] = {"t": "rules", **said}
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)

    async def _ping(self, session: Any, msg: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"t": "pong"}
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)

    def _send_joined(self, session: Any, table: Table, msg: dict[str, Any]) -> None:
        reply = table.joined_message(session.identity)
        if "id" in msg:
            reply["ref"] = msg["id"]
        session.send(reply)

    # ------------------------------------------------------------------ the table list
    def _listed(self) -> list[dict[str, Any]]:
        """The tables the lobby lists: not the abandoned ones, nor anyone's lesson."""
        return [
            t.summary()
            for t in self.tables.values()
            if t.status != ABANDONED and not isinstance(t, LessonTable)
        ]

    def _table_changed(self, table: Table) -> None:
        """Tell the lobby and the table's people about a table; forget abandoned ones."""
        self.table_log.note(table)
        self.rounds.table_changed(table)
        self.room.table_changed(table)
        if table.status == ABANDONED:
            self._drop(table)
            return
        self.news.changed(table.id)
        self.social.table_changed(table)

    def _to_everyone(self, frame: bytes) -> None:
        """One encoded message to every connection that said hello."""
        for session in self.sessions:
            if session.identity is not None:
                session.send_frame(frame)

    def _drop(self, table: Table) -> None:
        self.table_log.forget(table.id)
        table.close()
        if self.tables.pop(table.id, None) is None:
            return
        self.social.table_removed(table.id)
        people = {p.session for p in table.attendees() if p.session is not None}
        for person in table.attendees():
            person.tables.discard(table)
        self.news.changed(table.id, people)

    @property
    def open_tables(self) -> int:
        return self.news.open_tables
