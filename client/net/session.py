"""The client's side of one server: messages from `client.net.connection` → the lobby and tables.

`Session.poll()` (once a frame, never blocking) applies every received message to the models in
client/net/model.py; the actions (`create`, `join`, `watch`, `bot`, `start`, `move`, `leave`) send
protocol messages. The session never runs the rules: views, legal moves and `to_act` come from
the server's `sync`/`update` messages as they are (docs/protocol.md).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from client.net.connection import CLOSED, CONNECTED, RECONNECTING, Connection
from client.net.evening import Evening
from client.net.model import ChatEntry, LobbyModel, Rematch, SeatInfo, TableInfo, TableModel
from client.words import i18n
from shared import engine

Listener = Callable[[dict[str, Any]], None]


def table_info(summary: dict[str, Any]) -> TableInfo:
    """A protocol TABLE summary as the lobby model's `TableInfo`."""
    seats = [
        SeatInfo(
            i,
            s.get("name"),
            "open" if s.get("kind") == "empty" else s.get("kind", "open"),
            bool(s.get("connected")),
            s.get("stand_in"),
            s.get("level"),
        )
        for i, s in enumerate(summary.get("seats", []))
    ]
    status = {"finished": "over", "abandoned": "over"}.get(summary["status"], summary["status"])
    return TableInfo(
        id=summary["id"],
        game=summary["game"],
        seats=seats,
        status=status,
        host=summary.get("creator") or "",
        password=bool(summary.get("locked")),
        spectators=summary.get("spectators", 0),
        options=summary.get("options", {}),
        takeover=summary.get("takeover"),
        open_chat=bool(summary.get("open_chat")),
        hints=bool(summary.get("hints")),
        name=summary.get("name") or None,
    )


BOT_LEVELS = ("basic", "strong", "random")
# The chat lines a table keeps (the server journals them all).
CHAT_LINES = 200


@dataclass
class SeatPlan:
    """What to do with each seat of a table being created: "me" (this device), "open" (for a
    person), or a bot level ("basic", "strong", "random"; "bot" means "basic")."""

    kinds: list[str]
    # Who plays each "me" seat, by seat (several people sharing this device).
    names: dict[int, str] = field(default_factory=dict)
    # Start the game once the seats are filled (every seat this device's or a bot's).
    start: bool = False


class Session:
    """One server connection and everything this client knows from it."""

    def __init__(
        self, host: str, port: int, name: str, token: str | None = None, take_over: bool = False
    ) -> None:
        self.address = f"{host}:{port}"
        self.conn = Connection(host, port, name, token, take_over)
        self.lobby = LobbyModel()
        self.tables: dict[int, TableModel] = {}
        self.name = name
        self.listeners: list[Listener] = []
        self.state = "connecting"
        self.reason: str | None = None
        # The server's code when it refused or ended the connection ("in_use", "replaced"...).
        self.code: str | None = None
        self.was_connected = False
        self.reconnects = 0
        self.notices: list[str] = []
        self._ids = itertools.count(1)
        self._moves: dict[int, tuple[int, int]] = {}
        # Hints asked and not yet answered: message id → table.
        self._hints: dict[int, int] = {}
        self._plans: dict[int, SeatPlan] = {}
        # Kept games the server offers (None until asked and answered), and its answers to
        # `replay` by table, waiting for the replay viewer.
        self.kept: list[dict[str, Any]] | None = None
        # The server's page for phones and tablets (its port, from `welcome`), if it serves one.
        self.web_port: int | None = None
        self._replays: dict[int, list[dict[str, Any]]] = {}
        # The host's evening: its standings, and the winner's reveal when it ends.
        self.evening = Evening()

    def start(self) -> Session:
        self.conn.start()
        return self

    @property
    def token(self) -> str | None:
        return self.conn.token

    @property
    def reconnecting(self) -> bool:
        return self.state == RECONNECTING

    @property
    def connected(self) -> bool:
        return self.state == CONNECTED

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------------ messages in
    def poll(self) -> int:
        """Apply every message received since the last frame, then tell the listeners; how
        many there were."""
        messages = self.conn.poll()
        for msg in messages:
            handler = getattr(self, f"_on_{msg['t']}", None)
            if handler is not None:
                handler(msg)
            for listener in list(self.listeners):
                listener(msg)
        return len(messages)

    def _on_standings(self, msg: dict[str, Any]) -> None:
        self.evening.receive(msg)

    def _on_connection(self, msg: dict[str, Any]) -> None:
        self.state, self.reason, self.code = msg["state"], msg.get("reason"), msg.get("code")
        if self.state == CONNECTED:
            self.reconnects += self.was_connected
            self.was_connected = True
        if self.state == CLOSED:
            self._moves.clear()

    def _on_welcome(self, msg: dict[str, Any]) -> None:
        self.name = msg.get("name", self.name)
        self.lobby.server_name = msg.get("server", "")
        self.lobby.games = msg.get("games", [])
        self.lobby.bots = msg.get("bots", [])
        self.web_port = msg.get("web")
        self.lobby.tables = [table_info(t) for t in msg.get("tables", [])]
        self.lobby.revision += 1
        # Tables not resumed by the server are gone for us (their seats timed out).
        resumed = set(msg.get("resumed", []))
        for table_id in [t for t in self.tables if t not in resumed]:
            del self.tables[table_id]

    def _on_tables(self, msg: dict[str, Any]) -> None:
        self.lobby.tables = [table_info(t) for t in msg["tables"]]
        self.lobby.revision += 1

    def _on_table(self, msg: dict[str, Any]) -> None:
        info = table_info(msg["table"])
        self._upsert(info, lesson=bool(msg["table"].get("lesson")))
        model = self.tables.get(info.id)
        if model is not None:
            model.seats = info.seats
            model.open_chat = info.open_chat
            model.hints = info.hints
            if info.status != "over" or model.outcome is not None:
                model.status = info.status
            model.revision += 1

    def _on_table_removed(self, msg: dict[str, Any]) -> None:
        self.lobby.tables = [t for t in self.lobby.tables if t.id != msg["table"]]
        self.lobby.revision += 1
        model = self.tables.pop(msg["table"], None)
        if model is not None and model.status != "over":
            # Closed by its creator or let go after a long time with nobody at it.
            model.removed = True
            model.revision += 1
            self.notices.append(i18n._("Table #{id} was closed.", id=msg["table"]))

    def close_table(self, table_id: int) -> None:
        """Close a table this client created (the server tells everyone at it)."""
        self.send({"t": "close", "table": table_id})

    def _upsert(self, info: TableInfo, lesson: bool = False) -> None:
        """The lobby's entry of a table, added or brought up to date. A lesson table is its
        learner's alone: the lobby never lists it (nor does the server to anyone else)."""
        if lesson:
            return
        for i, old in enumerate(self.lobby.tables):
            if old.id == info.id:
                self.lobby.tables[i] = info
                break
        else:
            self.lobby.tables.append(info)
        self.lobby.revision += 1

    def _on_joined(self, msg: dict[str, Any]) -> None:
        info = table_info(msg["summary"])
        self._upsert(info, lesson=bool(msg["summary"].get("lesson")))
        model = self.tables.get(info.id)
        if model is None:
            model = TableModel(info.id, info.game, info.seats, status=info.status)
            self.tables[info.id] = model
        model.seats = info.seats
        model.open_chat = info.open_chat
        model.hints = info.hints
        model.mine = sorted(msg.get("seats", []))
        model.status = info.status
        model.revision += 1
        # What was said here lately (also what was missed while the connection was down).
        self.send({"t": "chat_log", "table": info.id})
        plan = self._plans.pop(msg.get("ref"), None) if msg.get("ref") is not None else None
        if plan is not None:
            self._carry_out(info.id, plan)

    def _on_left(self, msg: dict[str, Any]) -> None:
        model = self.tables.get(msg["table"])
        if model is None:
            return
        model.mine = sorted(msg.get("seats", []))
        for viewer in [v for v in model.streams if v is not None and v not in model.mine]:
            del model.streams[viewer]
        if not model.mine and not msg.get("spectator"):
            del self.tables[msg["table"]]
        else:
            model.revision += 1

    def _on_sync(self, msg: dict[str, Any]) -> None:
        self._stream(msg, fresh=True)

    def _on_update(self, msg: dict[str, Any]) -> None:
        self._moves.pop(msg.get("ack"), None)
        self._stream(msg, fresh=False)

    def _stream(self, msg: dict[str, Any], fresh: bool) -> None:
        model = self.tables.get(msg["table"])
        if model is None:
            return
        viewer = msg.get("seat")
        stream = model.streams.get(viewer)
        if not fresh and stream is not None and msg["seq"] != stream.seq + 1:
            # A gap: something was missed; ask for the whole position again.
            self.conn.send({"t": "sync", "table": model.table_id})
        model.update(
            viewer,
            msg["view"],
            msg.get("legal_moves", []),
            msg.get("to_act", []),
            # A sync brings the latest moves' events: the game log as it stands now.
            msg.get("history", []) if fresh else msg.get("events", []),
            fresh=fresh and stream is not None,
        )
        model.streams[viewer].seq = msg["seq"]
        model.streams[viewer].can_undo = bool(msg.get("can_undo"))
        model.timer = msg.get("timer")
        model.clock, model.clock_at = msg.get("clock"), time.monotonic()
        model.paused = bool(msg.get("paused"))
        status = {"finished": "over", "abandoned": "over"}.get(msg["status"], msg["status"])
        model.status = status
        if msg.get("outcome") is not None:
            model.outcome = msg["outcome"]
        if "lesson" in msg:
            model.lesson = msg["lesson"]

    def _on_paused(self, msg: dict[str, Any]) -> None:
        model = self.tables.get(msg["table"])
        if model is not None:
            model.paused = bool(msg["paused"])

    def _on_hint(self, msg: dict[str, Any]) -> None:
        self._hints.pop(msg.get("ref"), None)
        model = self.tables.get(msg["table"])
        if model is not None:
            model.hint = msg

    def _on_replays(self, msg: dict[str, Any]) -> None:
        self.kept = list(msg["tables"])

    def _on_replay(self, msg: dict[str, Any]) -> None:
        self._replays.setdefault(msg["table"], []).append(msg)

    def _said(self, table_id: int, entry: ChatEntry) -> None:
        model = self.tables.get(table_id)
        if model is None:
            return
        model.chat = [*model.chat[-(CHAT_LINES - 1) :], entry]
        model.chat_revision += 1

    @staticmethod
    def _entry(msg: dict[str, Any]) -> ChatEntry:
        if msg["t"] == "emote":
            return ChatEntry(msg["who"], msg["from"], msg.get("seat"), emote=msg["emote"])
        return ChatEntry(msg["who"], msg["from"], msg.get("seat"), msg["text"])

    def _on_chat(self, msg: dict[str, Any]) -> None:
        self._said(msg["table"], self._entry(msg))

    def _on_emote(self, msg: dict[str, Any]) -> None:
        self._said(msg["table"], self._entry(msg))

    def _on_chat_log(self, msg: dict[str, Any]) -> None:
        model = self.tables.get(msg["table"])
        if model is None:
            return
        model.chat = [self._entry(line) for line in msg.get("lines", [])][-CHAT_LINES:]
        model.chat_revision += 1
        model.chat_resets += 1

    def _on_muted(self, msg: dict[str, Any]) -> None:
        model = self.tables.get(msg["table"])
        if model is None:
            return
        if msg["muted"]:
            model.muted.add(msg["who"])
            text = i18n._("{name} was muted by the table's host.", name=msg["name"])
        else:
            model.muted.discard(msg["who"])
            text = i18n._("{name} may chat again.", name=msg["name"])
        # A notice in the chat (who 0: nobody's words).
        self._said(msg["table"], ChatEntry(0, "", None, text))

    def _on_rematch(self, msg: dict[str, Any]) -> None:
        model = self.tables.get(msg["table"])
        if model is None:
            return
        model.rematch = Rematch(
            msg["next"],
            msg["by"],
            list(msg.get("waiting", [])),
            msg.get("seconds", 0),
            bool(msg.get("done")),
            bool(msg.get("started")),
        )
        model.revision += 1

    def _on_error(self, msg: dict[str, Any]) -> None:
        text = i18n.error_text(msg.get("code", ""), msg.get("reason", ""))
        lesson = msg.get("lesson") if msg.get("code") == "lesson_step" else None
        if lesson is not None and msg.get("table") in self.tables:
            # Not the lesson step's move: the same step again, with its line of why.
            model = self.tables[msg["table"]]
            model.lesson = lesson
            text = i18n.say(lesson["refused"], lambda seat: model.names[seat])
        move = self._moves.pop(msg.get("ref"), None)
        hinted = self._hints.pop(msg.get("ref"), None)
        if hinted is not None and hinted in self.tables:
            self.tables[hinted].hint = {"refused": text}
        elif move is not None and move[0] in self.tables:
            self.tables[move[0]].refusals.append(text)
            self.tables[move[0]].revision += 1
        elif msg.get("code") != "unknown_token":
            # Refusals of lobby requests (a wrong password, a taken seat) are told by the lobby.
            self.notices.append(text)

    # ------------------------------------------------------------------ actions
    def send(self, msg: dict[str, Any]) -> int | None:
        """Send `msg` with a fresh `id`; the id, or None if there is no connection now."""
        msg_id = next(self._ids)
        return msg_id if self.conn.send({**msg, "id": msg_id}) else None

    def create(
        self,
        game: str,
        kinds: list[str],
        options: dict[str, Any] | None = None,
        password: str = "",
        takeover: str | None = None,
        names: dict[int, str] | None = None,
        undo: bool = True,
        clock: dict[str, Any] | None = None,
        hints: bool | None = None,
        idle_takeover: int | None = None,
        table_name: str = "",
        start: bool = False,
    ) -> None:
        """Create a table; `kinds` says per seat "me" (this device), "open" or a bot level.
        `takeover`: the bot level that plays for a player who drops out, until he is back.
        `names`: who plays each "me" seat, when several people share this device. `undo`: may
        players take back moves; `clock`: the turn clock; `hints`: may players ask for hints
        (None: the server's default); `idle_takeover`: seconds after which a stand-in bot takes
        an idle seat; `table_name`: the table's own name for the lobbies, none when blank
        (docs/protocol.md, `create`)."""
        names = names or {}
        msg: dict[str, Any] = {"t": "create", "game": game, "seats": len(kinds)}
        if kinds[0] == "me" and names.get(0):
            msg["name"] = names[0]
        if options:
            msg["options"] = options
        if password:
            msg["password"] = password
        if takeover:
            msg["takeover"] = takeover
        if not undo:
            msg["undo"] = False
        if clock is not None:
            msg["clock"] = clock
        if hints is not None:
            msg["hints"] = hints
        if idle_takeover is not None:
            msg["idle_takeover"] = idle_takeover
        if table_name.strip():
            msg["table_name"] = table_name
        msg["sit"] = kinds[0] == "me"
        msg_id = self.send(msg)
        if msg_id is not None:
            self._plans[msg_id] = SeatPlan(kinds, names, start)

    def learn(self, game: str) -> None:
        """Open the guided first game of `game` (docs/protocol.md `learn`)."""
        self.send({"t": "learn", "game": game, "name": self.name})

    def play_against_bots(self, game: str) -> None:
        """A real game of `game` at once: this device and basic bots (three seats where the
        game allows), started as soon as the bots sit."""
        facts = engine.get_game(game)
        seats = max(facts.min_players, min(3, facts.max_players))
        self.create(game, ["me", *["basic"] * (seats - 1)], start=True)

    def _carry_out(self, table_id: int, plan: SeatPlan) -> None:
        for seat, kind in enumerate(plan.kinds):
            if seat == 0 and kind == "me":
                continue
            if kind == "me":
                join = {"t": "join", "table": table_id, "seat": seat}
                if plan.names.get(seat):
                    join["name"] = plan.names[seat]
                self.send(join)
            elif kind != "open":
                level = "basic" if kind == "bot" else kind
                self.send({"t": "bot", "table": table_id, "seat": seat, "level": level})
        if plan.start and "open" not in plan.kinds:
            # The server takes the seats in order: by the start every seat is filled.
            self.send({"t": "start", "table": table_id})

    def join(
        self, table_id: int, seat: int | None = None, password: str = "", name: str = ""
    ) -> None:
        """Take a seat; `name` says who plays it when several people share this device."""
        msg: dict[str, Any] = {"t": "join", "table": table_id}
        if seat is not None:
            msg["seat"] = seat
        if password:
            msg["password"] = password
        if name:
            msg["name"] = name
        self.send(msg)

    def watch(self, table_id: int, password: str = "") -> None:
        msg: dict[str, Any] = {"t": "watch", "table": table_id}
        if password:
            msg["password"] = password
        self.send(msg)

    def bot(self, table_id: int, seat: int, level: str = "basic") -> None:
        self.send({"t": "bot", "table": table_id, "seat": seat, "level": level})

    def start_table(self, table_id: int) -> None:
        self.send({"t": "start", "table": table_id})

    def leave(self, table_id: int) -> None:
        self.send({"t": "leave", "table": table_id})
        self.tables.pop(table_id, None)

    def move(self, table_id: int, seat: int, move: dict[str, Any]) -> None:
        """Send a move chosen from the update numbered `seq` for that seat."""
        model = self.tables.get(table_id)
        stream = model.streams.get(seat) if model is not None else None
        msg: dict[str, Any] = {"t": "move", "table": table_id, "seat": seat, "move": move}
        if stream is not None:
            msg["seq"] = stream.seq
        msg_id = self.send(msg)
        if msg_id is not None:
            self._moves[msg_id] = (table_id, seat)
        elif model is not None:
            model.refusals.append(i18n._("Connection lost — reconnecting…"))
            model.revision += 1

    def undo(self, table_id: int, seat: int) -> None:
        """Take back the seat's last move; a refusal comes back like a refused move."""
        msg_id = self.send({"t": "undo", "table": table_id, "seat": seat})
        if msg_id is not None:
            self._moves[msg_id] = (table_id, seat)

    def hint(self, table_id: int, seat: int) -> None:
        """Ask what a strong player would do at the seat now; the answer comes to the table's
        model as `hint`, a refusal like a refused move."""
        msg_id = self.send({"t": "hint", "table": table_id, "seat": seat})
        if msg_id is not None:
            self._hints[msg_id] = table_id

    def ask_replays(self) -> None:
        """Ask for the kept games; they arrive in `kept`."""
        self.kept = None
        self.send({"t": "replays"})

    def replay(self, table_id: int, step: int | None = None) -> None:
        """Ask for a kept game (a finished one whole, another at `step`); see `take_replays`."""
        msg: dict[str, Any] = {"t": "replay", "table": table_id}
        if step is not None:
            msg["step"] = step
        self.send(msg)

    def take_replays(self, table_id: int) -> list[dict[str, Any]]:
        """The server's answers about kept game `table_id` since the last call."""
        return self._replays.pop(table_id, [])

    def chat(self, table_id: int, text: str, seat: int | None = None) -> None:
        """Say something at a table (as `seat`, one this device holds; default its first)."""
        msg: dict[str, Any] = {"t": "chat", "table": table_id, "text": text}
        if seat is not None:
            msg["seat"] = seat
        self.send(msg)

    def emote(self, table_id: int, emote: str, seat: int | None = None) -> None:
        """A quick reaction (one of shared.protocol.EMOTES) at a table."""
        msg: dict[str, Any] = {"t": "emote", "table": table_id, "emote": emote}
        if seat is not None:
            msg["seat"] = seat
        self.send(msg)

    def mute(self, table_id: int, who: int, muted: bool = True) -> None:
        """The creator mutes (or lets speak again) the person numbered `who`."""
        self.send({"t": "mute", "table": table_id, "who": who, "muted": muted})

    def rematch(self, table_id: int) -> None:
        """Play again after the game at `table_id` (asks, or confirms another's offer)."""
        self.send({"t": "rematch", "table": table_id})

    def is_creator(self, info: TableInfo) -> bool:
        return bool(info.host) and info.host == self.name
