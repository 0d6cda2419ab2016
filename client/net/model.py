"""What the client knows, as plain objects the scenes draw: the lobby and the table.

The network session (client/net/session.py) writes into these from the server's messages; the
screenshot command and the tests fill them by hand. Scenes only read them and call the
session's actions, so a scene never depends on where its data came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from client.words import i18n

View = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


@dataclass
class SeatInfo:
    """One seat of a table as everyone may see it."""

    seat: int
    name: str | None = None
    kind: str = "open"  # "human", "bot" or "open"
    connected: bool = True
    stand_in: str | None = None  # the bot level playing this seat while its player is away
    level: str | None = None  # a bot's level

    @property
    def shown_name(self) -> str | None:
        """The name to show: a bot's in the UI language (the server names it in English)."""
        if self.kind == "bot" and self.level in BOT_NAMES:
            return i18n._(BOT_NAMES[self.level], n=self.seat + 1)
        return self.name


# A bot is named by its level and seat, in the reader's language.
BOT_NAMES = {
    "basic": i18n.N_("basic bot {n}"),
    "strong": i18n.N_("strong bot {n}"),
    "random": i18n.N_("random bot {n}"),
}


@dataclass
class TableInfo:
    """A table as the lobby lists it."""

    id: int
    game: str
    seats: list[SeatInfo]
    status: str = "waiting"  # "waiting", "playing" or "over"
    host: str = ""
    password: bool = False
    spectators: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    takeover: str | None = None  # the bot level that plays for absent players
    open_chat: bool = False  # spectators' chat reaches the players too
    hints: bool = False  # seated players may ask for a hint (`hint`)
    name: str | None = None  # the table's own name, given at `create` (`table_name`)


@dataclass
class ServerInfo:
    """A server found on the LAN (or typed in)."""

    name: str
    host: str
    port: int
    games: list[str] = field(default_factory=list)
    open_tables: int = 0


@dataclass
class LobbyModel:
    server_name: str = ""
    games: list[dict[str, Any]] = field(default_factory=list)
    tables: list[TableInfo] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    revision: int = 0


@dataclass
class SeatStream:
    """What the server sent to one viewer (a seat, or None for a spectator)."""

    view: View
    legal: list[Move]
    to_act: list[int]
    events: list[Event] = field(default_factory=list)
    seq: int = 0
    # Whether this seat may take back its last move now (the server says so in each update).
    can_undo: bool = False


@dataclass
class ChatEntry:
    """A chat message or emote at a table: `who` is the person's number on the server (for
    muting), `seat` None for a spectator, `emote` set for an emote (then `text` is empty)."""

    who: int
    name: str
    seat: int | None
    text: str = ""
    emote: str | None = None


@dataclass
class Rematch:
    """The next game of a finished table as the server last told it (protocol `rematch`)."""

    next_table: int
    by: str
    waiting: list[int]
    seconds: int
    done: bool = False
    started: bool = False


@dataclass
class TableModel:
    """One table this client sits at or watches.

    `mine` are the seats this device plays (several in hot-seat); with none it is a spectator.
    `streams` holds per viewer the latest view, legal moves and `to_act`, and every event it was
    sent, in order; `revision` grows with each update so scenes notice changes cheaply.
    """

    table_id: int
    game: str
    seats: list[SeatInfo]
    mine: list[int] = field(default_factory=list)
    streams: dict[int | None, SeatStream] = field(default_factory=dict)
    status: str = "playing"
    outcome: dict[str, Any] | None = None
    # A move the server will make by itself after a quiet time: {"seconds": s, "seat": n}.
    timer: dict[str, Any] | None = None
    # The turn clock as the last update said ({"kind", "remaining": [s, ...], "running": [...]})
    # and when it arrived (monotonic seconds): the running seats count down from there.
    clock: dict[str, Any] | None = None
    clock_at: float = 0.0
    # Paused by its creator or a host (`paused` of the latest sync/update): no moves meanwhile.
    paused: bool = False
    revision: int = 0
    resyncs: int = 0
    refusals: list[str] = field(default_factory=list)
    # The server closed the table (its creator did, or nobody was at it for a long time).
    removed: bool = False
    # What was said here (chat and emotes), oldest first; `chat_revision` grows with each.
    chat: list[ChatEntry] = field(default_factory=list)
    chat_revision: int = 0
    # Grows when the whole chat was replaced by the server's `chat_log` (nothing new to ring).
    chat_resets: int = 0
    # People (by `who`) the table's creator muted; whether spectators' chat reaches players.
    muted: set[int] = field(default_factory=set)
    open_chat: bool = False
    # Whether the table allows hints, and the latest hint the server gave this device (a
    # `hint` message: seat, seq, move, index, why; or {"refused": reason}); one for another
    # position is stale.
    hints: bool = False
    hint: dict[str, Any] | None = None
    # The rematch offered after this game, if any.
    rematch: Rematch | None = None
    # At a lesson table, the learner's current step (the `lesson` of the latest sync/update,
    # or of a refusal: then with `refused`, the step's line of why).
    lesson: dict[str, Any] | None = None

    @property
    def spectator(self) -> bool:
        return not self.mine

    @property
    def names(self) -> list[str]:
        return [s.shown_name or f"#{s.seat + 1}" for s in self.seats]

    def update(
        self,
        viewer: int | None,
        view: View,
        legal: list[Move],
        to_act: list[int],
        events: list[Event],
        fresh: bool = False,
    ) -> None:
        """Record one update for `viewer`; `fresh` (a resync, whose `events` are the server's
        history of the latest moves) replaces what came before, the game log included."""
        stream = self.streams.get(viewer)
        if stream is None or fresh:
            self.streams[viewer] = SeatStream(view, legal, to_act, list(events))
        else:
            stream.view, stream.legal, stream.to_act = view, legal, to_act
            stream.events.extend(events)
        if fresh:
            self.resyncs += 1
        if "outcome" in view:
            self.outcome = view["outcome"]
            self.status = "over"
        self.revision += 1

    def time_left(self, now: float) -> dict[int, float]:
        """Each seat's turn-clock time left at `now`, for a table with a clock (else empty)."""
        if self.clock is None or self.status != "playing":
            return {}
        spent = max(0.0, now - self.clock_at)
        running = self.clock.get("running", [])
        return {
            seat: max(0.0, left - spent) if seat in running else left
            for seat, left in enumerate(self.clock.get("remaining", []))
        }

    def to_act(self) -> list[int]:
        for stream in self.streams.values():
            return stream.to_act
        return []
