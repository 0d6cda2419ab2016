"""The Jewel Table wire protocol, without I/O (in the manner of h11 and websockets).

The stream in each direction is a sequence of msgpack maps, each with a `"t"` (type) key. This
module turns bytes into checked messages and messages into bytes; it never touches a socket, so
it is tested on its own and the server and client adapt it to asyncio.

`ServerSide` decodes what a client sends: it enforces the frame limits, checks every field of
every message against `CLIENT_MESSAGES`, demands `hello` first with the right protocol version,
and counts refusals so that a client that keeps sending garbage is cut off. `ClientSide` decodes
what a server sends (bigger limits, light checks). Both encode with `encode`.

docs/protocol.md describes every message with examples.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgpack

PROTOCOL_VERSION = 1
SERVICE_TYPE = "_jeweltable._tcp.local."
DEFAULT_PORT = 7766

# Limits on what a client may send; a frame beyond them cannot be skipped, so it ends the stream.
MAX_FRAME = 1 << 20
MAX_STR = 4096
MAX_BIN = 4096
# A list's declared length is checked at its header, before its items come: msgpack makes each
# list at that length at once, so an unfinished message holds at most 1,024 nested lists
# (msgpack's depth) of 256 slots, about 2 MiB (at 4,096 it was 32 MiB; docs/fuzzing.md).
MAX_ARRAY = 256
MAX_MAP = 256
# The decoder's first buffer; it grows up to MAX_FRAME only for big messages.
READ_SIZE = 4096
# Limits on the plain data inside a message (a move, options).
MAX_DEPTH = 16
MAX_NODES = 10_000
# Lists and maps inside one another in a whole message, its own map counted: msgpack's decoder
# keeps a stack of 1,024 and cannot read a deeper message at all (docs/protocol.md).
MAX_NESTING = 1024
# This many refused frames in a row and the client is cut off.
MAX_STRIKES = 8
# The reasons given when a message is over MAX_FRAME, MAX_NODES or MAX_NESTING.
TOO_LARGE = f"a message may be at most {MAX_FRAME} bytes"
TOO_MANY_CONTAINERS = f"a message may hold at most {MAX_NODES} lists and maps"
TOO_DEEP = f"a message may nest lists and maps at most {MAX_NESTING} deep"
# The reason given when a WebSocket frame is not exactly one message.
ONE_MESSAGE = "a frame must hold exactly one msgpack message"

# What a client accepts from a server: views can be large, but not unbounded.
CLIENT_MAX_FRAME = 64 << 20

NAME_LEN = 32
# A table's own name (`create`'s `table_name`), as the lobbies show it beside its number.
TABLE_NAME_LEN = 32
TOKEN_LEN = 64
# The longest resume token a `hello` may carry (the server's own are 32 characters).
HELLO_TOKEN_LEN = 128
PASSWORD_LEN = 64
MAX_SEATS = 16
MAX_KEEP = 86_400
MAX_INT = 2**63 - 1
# Chat: the longest message (characters, after control characters are stripped) and the quick
# reactions a client may send (docs/protocol.md, Chat).
CHAT_LEN = 300
EMOTES = ("well_played", "good_luck", "thanks", "oops", "hmm", "hurry_up")


class Phase(enum.Enum):
    """Where a server-side connection stands."""

    AWAITING_HELLO = "awaiting hello"
    READY = "ready"
    CLOSED = "closed"


@dataclass(frozen=True)
class Refusal:
    """A frame the server refuses: reply with `error` (see `as_error`); `fatal` closes."""

    code: str
    reason: str
    ref: Any = None
    fatal: bool = False

    def as_error(self) -> dict[str, Any]:
        msg: dict[str, Any] = {"t": "error", "code": self.code, "reason": self.reason}
        if self.ref is not None:
            msg["ref"] = self.ref
        return msg


class ProtocolError(Exception):
    """A message that fails its checks; `code` and `reason` go into the `error` reply."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# ---------------------------------------------------------------------- field checks

Check = Callable[[str, Any], Any]


def integer(minimum: int = 0, maximum: int = MAX_INT) -> Check:
    """A whole number in [minimum, maximum] (bools are not numbers here)."""

    def check(name: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ProtocolError("malformed", f"{name!r} must be a whole number")
        if not minimum <= value <= maximum:
            raise ProtocolError("out_of_range", f"{name!r} must be from {minimum} to {maximum}")
        return value

    return check


def text(max_len: int, min_len: int = 0) -> Check:
    """A string of min_len..max_len characters without control characters."""

    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise ProtocolError("malformed", f"{name!r} must be a string")
        if not min_len <= len(value) <= max_len:
            raise ProtocolError(
                "out_of_range", f"{name!r} must have {min_len} to {max_len} characters"
            )
        if any(ch < " " or ch == "\x7f" for ch in value):
            raise ProtocolError("malformed", f"{name!r} must not contain control characters")
        return value

    return check


def chat_text(name: str, value: Any) -> str:
    """A chat message: a string of 1..CHAT_LEN characters once control characters are gone
    (they are stripped, not refused: see `clean_chat`)."""
    if not isinstance(value, str):
        raise ProtocolError("malformed", f"{name!r} must be a string")
    cleaned = clean_chat(value)
    if not 1 <= len(cleaned) <= CHAT_LEN:
        raise ProtocolError(
            "out_of_range", f"{name!r} must have 1 to {CHAT_LEN} characters (not counting controls)"
        )
    return cleaned


# Characters that reorder or hide text on screen (bidirectional overrides and isolates, zero
# width marks): stripped with the control characters, so a line shows what it says.
_HIDDEN = set("\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff")


def clean_chat(value: str) -> str:
    """`value` without control characters: line breaks and tabs become spaces, other controls
    and invisible reordering marks go, and the ends are trimmed."""
    out = []
    for ch in value:
        if ch in "\t\n\r":
            out.append(" ")
        elif ch >= " " and not "\x7f" <= ch <= "\x9f" and ch not in _HIDDEN:
            out.append(ch)
    return "".join(out).strip()


def clean_table_name(value: str) -> str:
    """A table's name as it is shown: every run of spaces one space, the ends trimmed."""
    return " ".join(value.split())


def table_name(name: str, value: Any) -> str:
    """A table's name: a string without control or invisible characters, of 1..TABLE_NAME_LEN
    characters once `clean_table_name` has trimmed it."""
    if not isinstance(value, str):
        raise ProtocolError("malformed", f"{name!r} must be a string")
    if any(ch < " " or "\x7f" <= ch <= "\x9f" or ch in _HIDDEN for ch in value):
        raise ProtocolError(
            "malformed", f"{name!r} must not contain control characters or invisible marks"
        )
    cleaned = clean_table_name(value)
    if not 1 <= len(cleaned) <= TABLE_NAME_LEN:
        raise ProtocolError(
            "out_of_range",
            f"{name!r} must have 1 to {TABLE_NAME_LEN} characters (spaces at its ends not counted)",
        )
    return cleaned


def one_of(choices: tuple[str, ...]) -> Check:
    """One of a few names."""

    def check(name: str, value: Any) -> str:
        if value not in choices:
            raise ProtocolError("out_of_range", f"{name!r} must be one of {', '.join(choices)}")
        return value

    return check


def flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("malformed", f"{name!r} must be true or false")
    return value


def plain_map(name: str, value: Any) -> dict[str, Any]:
    """A map of plain data (str keys; lists, str, int, bool, None), bounded in depth and size."""
    if not isinstance(value, dict):
        raise ProtocolError("malformed", f"{name!r} must be a map")
    check_plain(name, value)
    return value


def ref_id(name: str, value: Any) -> Any:
    """The optional `id` a client attaches to a message; echoed as `ref`/`ack`."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ProtocolError("malformed", "'id' must be a whole number or a string")
    if isinstance(value, str) and len(value) > TOKEN_LEN:
        raise ProtocolError("out_of_range", f"'id' must have at most {TOKEN_LEN} characters")
    if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
        raise ProtocolError("out_of_range", "'id' is too large")
    return value


def check_plain(name: str, value: Any) -> None:
    """Raise `ProtocolError` unless `value` is plain data within MAX_DEPTH and MAX_NODES."""
    stack = [(value, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ProtocolError("out_of_range", f"{name!r} is too large")
        if depth > MAX_DEPTH:
            raise ProtocolError("out_of_range", f"{name!r} is nested too deeply")
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise ProtocolError("malformed", f"{name!r} may only have string keys")
                stack.append((sub, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, int) and not isinstance(item, bool):
            if not -MAX_INT - 1 <= item <= MAX_INT:
                raise ProtocolError("out_of_range", f"{name!r} holds a number that is too large")
        elif not (item is None or isinstance(item, (str, bool))):
            raise ProtocolError(
                "malformed", f"{name!r} may hold only maps, lists, strings, whole numbers, booleans"
            )


TABLE = integer(1)
# A seat idle this many seconds at most before a stand-in takes it over (`idle_takeover`).
MAX_IDLE_TAKEOVER = 3600
SEAT = integer(0, MAX_SEATS - 1)
NAME = text(NAME_LEN, 1)
PASSWORD = text(PASSWORD_LEN)
BOT_LEVEL = text(32, 1)

# Every message a client may send: field -> (check, required). Every message may also carry an
# `id`, echoed back in the reply. Fields not listed are refused, so typos do not pass silently.
CLIENT_MESSAGES: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {
        "v": (integer(0, 2**31), True),
        "name": (NAME, True),
        "token": (text(HELLO_TOKEN_LEN), False),
        "take_over": (flag, False),
        "talk": (flag, False),
    },
    "create": {
        "game": (text(64, 1), True),
        "seats": (integer(1, MAX_SEATS), True),
        "options": (plain_map, False),
        "password": (PASSWORD, False),
        "sit": (flag, False),
        "name": (NAME, False),
        "table_name": (table_name, False),
        "keep": (integer(0, MAX_KEEP), False),
        "seed": (integer(0, MAX_INT), False),
        "takeover": (BOT_LEVEL, False),
        "idle_takeover": (integer(1, MAX_IDLE_TAKEOVER), False),
        "undo": (flag, False),
        "clock": (plain_map, False),
        "open_chat": (flag, False),
        "friendly": (flag, False),
        "hints": (flag, False),
    },
    "join": {
        "table": (TABLE, True),
        "seat": (SEAT, False),
        "password": (PASSWORD, False),
        "name": (NAME, False),
    },
    "watch": {"table": (TABLE, True), "password": (PASSWORD, False), "name": (NAME, False)},
    "leave": {"table": (TABLE, True), "seat": (SEAT, False)},
    "close": {"table": (TABLE, True)},
    "bot": {"table": (TABLE, True), "seat": (SEAT, False), "level": (BOT_LEVEL, False)},
    "start": {"table": (TABLE, True)},
    "move": {
        "table": (TABLE, True),
        "seat": (SEAT, True),
        "move": (plain_map, True),
        "seq": (integer(0), False),
    },
    "undo": {"table": (TABLE, True), "seat": (SEAT, True)},
    "hint": {"table": (TABLE, True), "seat": (SEAT, True)},
    # A guided first game of a title (docs/protocol.md, `learn`).
    "learn": {"game": (text(64, 1), True), "name": (NAME, False)},
    "sync": {"table": (TABLE, True)},
    "replays": {},
    "replay": {"table": (TABLE, True), "step": (integer(0, MAX_INT), False)},
    "chat": {"table": (TABLE, True), "text": (chat_text, True), "seat": (SEAT, False)},
    "emote": {"table": (TABLE, True), "emote": (one_of(EMOTES), True), "seat": (SEAT, False)},
    "mute": {"table": (TABLE, True), "who": (integer(1), True), "muted": (flag, False)},
    "chat_log": {"table": (TABLE, True)},
    "rematch": {"table": (TABLE, True)},
    "rules": {"game": (text(64, 1), True)},
    "ping": {},
    # Every table at a glance (docs/protocol.md, The room at a glance).
    "room": {"watch": (flag, False)},
    # The host's evening (docs/protocol.md, The evening).
    "host": {"code": (text(64, 1), True)},
    "evening_start": {"name": (text(64, 1), True)},
    "evening_end": {},
    "standings": {},
    "ratings": {"game": (text(64, 1), False)},
    "round_start": {
        "game": (text(64, 1), True),
        "seats": (integer(1, MAX_SEATS), True),
        "level": (BOT_LEVEL, False),
        "takeover": (BOT_LEVEL, False),
    },
    "round_join": {},
    "round_leave": {},
    "round_seat": {},
    # A hand on idle seats: the table's creator or the host (docs/protocol.md).
    "hand_to_bot": {"table": (TABLE, True), "seat": (SEAT, True), "level": (BOT_LEVEL, False)},
    "reclaim": {"table": (TABLE, True), "seat": (SEAT, True)},
    "nudge": {"table": (TABLE, True), "seat": (SEAT, True)},
    "pause": {"table": (TABLE, True), "paused": (flag, True)},
    "remove": {
        "table": (TABLE, True),
        "seat": (SEAT, True),
        "to": (one_of(("bot", "open")), False),
        "level": (BOT_LEVEL, False),
    },
}


def check_client_message(msg: Any) -> dict[str, Any]:
    """The message itself if every field is right; else `ProtocolError`."""
    if not isinstance(msg, dict):
        raise ProtocolError("malformed", "every message must be a map with a 't' key")
    kind = msg.get("t")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "every message needs a 't' (type) string")
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        known = ", ".join(CLIENT_MESSAGES)
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}; known: {known}")
    for key in msg:
        if key not in fields and key not in ("t", "id"):
            shown = repr(key)[:40]
            raise ProtocolError("malformed", f"{kind!r} has no field {shown}")
    if "id" in msg:
        ref_id("id", msg["id"])
    for key, (check, required) in fields.items():
        if key in msg:
            check(key, msg[key])
        elif required:
            raise ProtocolError("malformed", f"{kind!r} needs the field {key!r}")
    return msg


def _safe_ref(msg: Any) -> Any:
    """A message's `id` if it is one we may echo, else None."""
    if not isinstance(msg, dict) or "id" not in msg:
        return None
    try:
        return ref_id("id", msg["id"])
    except ProtocolError:
        return None


# ---------------------------------------------------------------------- framing


def encode(msg: dict[str, Any]) -> bytes:
    """One message as bytes for the stream."""
    return msgpack.packb(msg, use_bin_type=True)


class _TooManyContainers(Exception):
    """Raised inside the unpacker when a message builds more lists and maps than allowed."""


# What the decoder raises on bytes it cannot read (TypeError: a map key that cannot be a key,
# such as a list).
UNREADABLE = (
    _TooManyContainers,
    RecursionError,
    ValueError,
    TypeError,
    msgpack.UnpackException,
)


class _ContainerCount:
    """The decoder's hook for every list and map it builds: a message of a million tiny
    containers fits in 1 MiB and would cost tens of MB before `check_plain` could refuse it, so
    reading stops at MAX_NODES of them (more than any acceptable message holds)."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, container: Any) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooManyContainers
        return container


class ServerSide:
    """A server's view of one client connection: bytes in → checked messages or refusals."""

    def __init__(self) -> None:
        self.phase = Phase.AWAITING_HELLO
        self.strikes = 0
        # Bytes fed so far, and the stream position where the message being read began.
        self._fed = 0
        self._frame_start = 0
        # Lists and maps built so far for the message being read: counted by the decoder's
        # hooks, which hold the counter and not this side, so that no reference cycle keeps a
        # closed connection's side and decoder (~25 KiB) waiting for the collector.
        self._counter = _ContainerCount()
        self._unpacker = msgpack.Unpacker(
            read_size=READ_SIZE,
            max_buffer_size=MAX_FRAME,
            max_str_len=MAX_STR,
            max_bin_len=MAX_BIN,
            max_array_len=MAX_ARRAY,
            max_map_len=MAX_MAP,
            max_ext_len=0,
            raw=False,
            strict_map_key=False,
            list_hook=self._counter,
            object_hook=self._counter,
        )

    def receive_data(self, data: bytes) -> list[dict[str, Any] | Refusal]:
        """Feed received bytes; the complete messages (checked) and refusals, in order."""
        if self.phase is Phase.CLOSED:
            return []
        out: list[dict[str, Any] | Refusal] = []
        try:
            self._unpacker.feed(data)
            self._fed += len(data)
            for obj in self._unpacker:
                self._counter.count = 0
                end = self._unpacker.tell()
                size, self._frame_start = end - self._frame_start, end
                if size > MAX_FRAME:
                    out.append(self._too_large())
                    break
                out.append(self._accept(obj))
                if self.phase is Phase.CLOSED:
                    break
            else:
                # The unpacker parses as bytes arrive and frees what it has parsed, so its
                # buffer alone does not bound a frame streamed in pieces: count its bytes.
                if self._fed - self._frame_start > MAX_FRAME:
                    out.append(self._too_large())
        except UNREADABLE as exc:
            # The stream cannot be resynchronised after a bad frame.
            out.append(self._unreadable(exc))
        return out

    def receive_frame(self, data: bytes | str) -> list[dict[str, Any] | Refusal]:
        """Feed one WebSocket message, which must hold exactly one whole msgpack message (and
        be binary): the checked message, or one refusal, under every limit of `receive_data`.
        Only the first message of a frame is read; anything after it refuses the whole frame,
        and nothing of the frame is handled."""
        if self.phase is Phase.CLOSED:
            return []
        if isinstance(data, str):
            return [self._close("undecodable", "messages are msgpack in binary frames, not text")]
        if len(data) > MAX_FRAME:
            return [self._too_large()]
        self._counter.count = 0
        start = self._unpacker.tell()
        try:
            self._unpacker.feed(data)
            obj = self._unpacker.unpack()
        except msgpack.OutOfData:  # empty, or half a message
            return [self._close("undecodable", ONE_MESSAGE)]
        except UNREADABLE as exc:
            return [self._unreadable(exc)]
        if self._unpacker.tell() - start != len(data):  # more after the first message
            return [self._close("undecodable", ONE_MESSAGE)]
        return [self._accept(obj)]

    def _unreadable(self, exc: BaseException) -> Refusal:
        """The fatal refusal of bytes the decoder could not read to the end of a message."""
        if isinstance(exc, msgpack.BufferFull):
            return self._too_large()
        if isinstance(exc, _TooManyContainers):
            return self._close("frame_too_large", TOO_MANY_CONTAINERS)
        # msgpack's stack is full (without its C extension, Python's recursion limit): the
        # message cannot be read, like bad msgpack.
        if isinstance(exc, (msgpack.StackError, RecursionError)):
            return self._close("undecodable", TOO_DEEP)
        detail = str(exc) or type(exc).__name__
        return self._close("undecodable", f"the stream is not valid msgpack ({detail})")

    def _too_large(self) -> Refusal:
        return self._close("frame_too_large", TOO_LARGE)

    def _accept(self, obj: Any) -> dict[str, Any] | Refusal:
        ref = _safe_ref(obj)
        try:
            msg = check_client_message(obj)
        except ProtocolError as exc:
            return self._strike(exc.code, exc.reason, ref)
        if self.phase is Phase.AWAITING_HELLO:
            if msg["t"] != "hello":
                return self._strike("hello_first", "say 'hello' first", ref)
            if msg["v"] != PROTOCOL_VERSION:
                return self._close(
                    "version",
                    f"this server speaks protocol version {PROTOCOL_VERSION}, your client"
                    f" speaks version {msg['v']}; use matching versions of Jewel Table",
                    ref,
                )
            self.phase = Phase.READY
        elif msg["t"] == "hello":
            return self._strike("malformed", "'hello' comes only once", ref)
        self.strikes = 0
        return msg

    def _strike(self, code: str, reason: str, ref: Any) -> Refusal:
        self.strikes += 1
        if self.strikes >= MAX_STRIKES:
            return self._close(code, f"{reason}; too many refused messages, goodbye", ref)
        return Refusal(code, reason, ref)

    def _close(self, code: str, reason: str, ref: Any = None) -> Refusal:
        self.phase = Phase.CLOSED
        return Refusal(code, reason, ref, fatal=True)


class ClientSide:
    """A client's view of its server connection: bytes in → messages (maps with a 't')."""

    def __init__(self) -> None:
        # A small first buffer: msgpack would otherwise start at 1 MiB and touch all of it in time.
        self._unpacker = msgpack.Unpacker(
            read_size=READ_SIZE,
            max_buffer_size=CLIENT_MAX_FRAME,
            raw=False,
            strict_map_key=False,
            max_ext_len=0,
        )

    def receive_data(self, data: bytes) -> list[dict[str, Any]]:
        """Feed received bytes; the complete messages. Raises `ProtocolError` on a bad stream."""
        try:
            self._unpacker.feed(data)
            messages = list(self._unpacker)
        except (ValueError, TypeError, msgpack.UnpackException) as exc:
            raise ProtocolError("undecodable", f"the server sent invalid data ({exc})") from exc
        for msg in messages:
            if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
                raise ProtocolError("malformed", "the server sent a message without a type")
        return messages


def hello(name: str, token: str | None = None, take_over: bool = False) -> dict[str, Any]:
    """The first message of a client; `take_over` moves a token's seats here from another live
    connection (without it the server refuses with `in_use`)."""
    msg: dict[str, Any] = {"t": "hello", "v": PROTOCOL_VERSION, "name": name}
    if token:
        msg["token"] = token
    if take_over:
        msg["take_over"] = True
    return msg
