"""The asyncio server: accepts connections, feeds the sans-I/O protocol, sends through queues.

Each connection — TCP, or a browser's WebSocket through server/web.py — is a `Session` with its
own outgoing queue, so a slow client never delays a table; one that falls too far behind is
disconnected (its seats are kept). `Server` ties together the store, the lobby, discovery and the
browser gateway; `run` is `jeweltable serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import socket
import sqlite3
import sys
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from server.admission import (
    BUSY,
    MAX_HELLO_BYTES,
    TOO_LARGE_BEFORE_HELLO,
    WAITING_PER_ADDRESS,
    WAITING_TOTAL,
    Admission,
    Ticket,
)
from server.chronicle import Chronicle
from server.collector import GC_DETAIL_ENV, GcWatch, freeze_after_full_collection, settle_memory
from server.journal import Journal
from server.lobby import Lobby
from server.store import NotADatabase, StorageFull, Store, default_data_dir, is_corrupt
from server.tables import BOT_DELAY
from shared.protocol import DEFAULT_PORT, Phase, Refusal, ServerSide, encode

if TYPE_CHECKING:
    from server.web import WebSocketTransport

log = logging.getLogger(__name__)

READ_CHUNK = 65536
HELLO_TIMEOUT = 15.0
# Connections the kernel holds for us before we accept them: a whole hall arriving at once.
LISTEN_BACKLOG = 2048
# A client with this much unsent data is too slow to keep: it is cut off (its seats are kept).
MAX_QUEUED_BYTES = 16 << 20


class Transport(Protocol):
    """What a session needs of its connection: TCP (`StreamTransport`) or a browser's WebSocket
    (`server.web.WebSocketTransport`)."""

    # True: each read is one whole message (a WebSocket frame); False: pieces of a stream.
    framed: bool
    peer: Any

    async def read(self) -> bytes | str | None:
        """The next data received (str: a WebSocket text frame); None once the peer is gone."""
        ...

    def write(self, frame: bytes) -> None:
        """Queue one encoded message; never blocks."""
        ...

    def get_write_buffer_size(self) -> int:
        """Bytes queued and not yet sent."""
        ...

    def is_closing(self) -> bool: ...

    def close(self) -> None:
        """Send what is queued, then close."""
        ...

    def abort(self) -> None:
        """Close at once, dropping what is queued."""
        ...


class StreamTransport:
    """A TCP connection as a session's transport: the stream carries msgpack messages back to
    back, and the kernel's and asyncio's write buffers are the outgoing queue."""

    # Reads are pieces of a stream, not whole messages.
    framed = False

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.peer = writer.get_extra_info("peername")

    async def read(self) -> bytes | None:
        """The next bytes received; None at the end of the stream."""
        return await self.reader.read(READ_CHUNK) or None

    def write(self, frame: bytes) -> None:
        self.writer.transport.write(frame)

    def get_write_buffer_size(self) -> int:
        return self.writer.transport.get_write_buffer_size()

    def is_closing(self) -> bool:
        return self.writer.transport.is_closing()

    def close(self) -> None:
        """Send what is queued, then close."""
        self.writer.close()

    def abort(self) -> None:
        self.writer.transport.abort()


async def _let_go(writer: asyncio.StreamWriter) -> None:
    """Once a closed TCP connection is lost, let go of its transport's read callback: asyncio's
    socket transport (Python 3.11) keeps it, a bound method of itself, a cycle (~1 KB) that only
    a collection would free (and none at all once frozen: settle_memory). Nothing is read any
    more. A peer that does not take what is left to send is cut off after LINGER seconds."""
    try:
        await asyncio.wait_for(writer.wait_closed(), LINGER)
    except (TimeoutError, ConnectionError, OSError):
        writer.transport.abort()
    except asyncio.CancelledError:
        writer.transport.abort()
        raise
    finally:
        if getattr(writer.transport, "_read_ready_cb", None) is not None:
            writer.transport._read_ready_cb = None  # type: ignore[attr-defined]


# How long a closing TCP connection may take to hand over what is left to send.
LINGER = 10.0


class _Outbox:
    """The sessions with something to send in this turn of one loop: one callback at its end
    writes for all of them (one per session would cost more than the writes it gathers)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiting: list[Session] = []

    def append(self, session: Session) -> None:
        if not self.waiting:
            self.loop.call_soon(self.flush)
        self.waiting.append(session)

    def flush(self) -> None:
        waiting, self.waiting = self.waiting, []
        for session in waiting:
            session._flush()


_outboxes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Outbox] = (
    weakref.WeakKeyDictionary()
)


def _outbox(loop: asyncio.AbstractEventLoop) -> _Outbox:
    box = _outboxes.get(loop)
    if box is None:
        box = _outboxes[loop] = _Outbox(loop)
    return box


class Session:
    """One client connection: reads, answers through the lobby, writes without ever waiting.

    The transport is TCP (`StreamTransport`) or a WebSocket (`server.web`); both carry the same
    messages. What is sent to a connection during one turn of the event loop (a move's update,
    the lobby's news, a reply) is gathered and handed to the transport in one write at the end
    of the turn (a WebSocket: one frame per message). The transport's own queue is the outgoing
    queue: a slow reader only grows its own queue, and one that falls MAX_QUEUED_BYTES behind is
    cut off.
    """

    def __init__(self, lobby: Lobby, transport: Transport, ticket: Ticket | None = None) -> None:
        self.lobby = lobby
        self.transport = transport
        self.side = ServerSide()
        self.identity: Any = None
        # Whether the client asked (in `hello`) for the table's talk with each update.
        self.talk = False
        self.peer = transport.peer
        # The connection's place among those waiting for `welcome` (server.admission).
        self.ticket = ticket
        self.welcomed = False
        # Bytes received before `welcome`: a hello is small, so these are bounded.
        self._bytes_before_welcome = 0
        self._closing = False
        self._outgoing: list[bytes] = []

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message; never blocks."""
        self.send_frame(encode(msg))

    def send_frame(self, frame: bytes) -> None:
        """Queue an encoded message (packed once for many recipients); it leaves with
        everything else queued for this connection in this turn of the loop."""
        if self._closing or self.transport.is_closing():
            return
        if not self._outgoing:
            _outbox(asyncio.get_running_loop()).append(self)
        self._outgoing.append(frame)

    def _flush(self) -> None:
        frames, self._outgoing = self._outgoing, []
        if not frames or self.transport.is_closing():
            return
        if self.transport.framed:  # a WebSocket frame holds one message
            for frame in frames:
                self.transport.write(frame)
        else:
            self.transport.write(frames[0] if len(frames) == 1 else b"".join(frames))
        if self.transport.get_write_buffer_size() > MAX_QUEUED_BYTES:
            log.warning("client %s is too slow; disconnecting it", self.peer)
            self.abort()

    def close(self, code: str, reason: str) -> None:
        """Say goodbye (a `bye` message), send what is queued, then close."""
        if self._closing:
            return
        self.send({"t": "bye", "code": code, "reason": reason})
        self._flush()
        self._closing = True
        # Closing flushes the queue first; the read loop then sees the end of the stream.
        self.transport.close()

    def abort(self) -> None:
        """Drop the connection at once, unsent data and all."""
        self._closing = True
        self._outgoing = []
        self.transport.abort()

    async def run(self) -> None:
        try:
            await self._read_loop()
        except (TimeoutError, ConnectionError, OSError):
            pass
        except Exception:  # a bug must cost one connection, never the server
            log.exception("connection %s failed", self.peer)
        finally:
            self.lobby.disconnected(self)
            self._closing = True
            self.transport.close()
            if self.ticket is not None:
                self.ticket.release()
            # Nothing more is read from it (its decoder holds no cycle: shared/protocol.py).
            self.side.phase = Phase.CLOSED

    async def _read_loop(self) -> None:
        loop = asyncio.get_running_loop()
        # One deadline for the whole greeting, so that a trickle of bytes cannot stretch it.
        hello_by = loop.time() + HELLO_TIMEOUT
        while not self._closing:
            if self.side.phase is Phase.AWAITING_HELLO:
                left = max(0.0, hello_by - loop.time())
                data = await asyncio.wait_for(self.transport.read(), left)
            else:
                data = await self.transport.read()
            if data is None:
                return
            if self.transport.framed:
                items = self.side.receive_frame(data)
            else:
                items = self.side.receive_data(data)
            for n, item in enumerate(items):
                if n:
                    # One read may hold thousands of requests: let the other connections and
                    # tables have their turn between them.
                    await asyncio.sleep(0)
                if isinstance(item, Refusal):
                    self.send(item.as_error())
                    if item.fatal:
                        self.close(item.code, item.reason)
                        return
                    continue
                try:
                    await self.lobby.handle(self, item)
                except Exception:
                    log.exception("error answering %r from %s", item.get("t"), self.peer)
                    self.send({"t": "error", "code": "server_error", "reason": "server error"})
                if not self.welcomed and self.identity is not None:
                    self.welcomed = True
                    if self.ticket is not None:
                        self.ticket.welcomed()
                if self._closing:
                    return
            if not self.welcomed:
                self._bytes_before_welcome += len(data)
                if self._bytes_before_welcome > MAX_HELLO_BYTES:
                    self.send(
                        {"t": "error", "code": "frame_too_large", "reason": TOO_LARGE_BEFORE_HELLO}
                    )
                    self.close("frame_too_large", TOO_LARGE_BEFORE_HELLO)
                    return


def default_web_port(port: int) -> int:
    """The browser gateway's usual port: the game port + 1 (any free one when that is any)."""
    return port + 1 if 0 < port < 65535 else 0


@dataclass
class ServerConfig:
    """Everything `jeweltable serve` can set."""

    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    name: str = field(default_factory=socket.gethostname)
    data_dir: Path = field(default_factory=default_data_dir)
    interfaces: list[str] = field(default_factory=list)
    discovery: bool = True
    # Wait for the disk on every commit (survives power cuts, not only crashes).
    fsync: bool = False
    allow_seed: bool = False
    bot_delay: tuple[float, float] = BOT_DELAY
    sweep_every: float = 1.0
    # The browser gateway's port (server/web.py): 0 picks a free one, None turns it off.
    web_port: int | None = None
    # The host's evening (server/evening.py): opened at start under this name; the code that
    # makes a connection a host (None: a fresh one each start); the console's log of facts
    # (`jeweltable serve` logs them unless --quiet; servers inside other commands do not).
    evening: str | None = None
    host_code: str | None = None
    log_facts: bool = False
    log_json: bool = False
    # Connections that may be waiting for `welcome` at once, from one address and in all
    # (server/admission.py); beyond them a connection is refused as it arrives.
    waiting_per_address: int = WAITING_PER_ADDRESS
    waiting_total: int = WAITING_TOTAL


class Server:
    """A running Jewel Table server. `await start()`, then `await close()`."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        store = Store(config.data_dir, fsync=config.fsync)
        self.journal = Journal(store, threaded=config.fsync)
        self.advertiser: Any = None
        self.lobby = Lobby(
            self.journal,
            name=config.name,
            allow_seed=config.allow_seed,
            bot_delay=config.bot_delay,
            open_tables_changed=self._open_tables_changed,
            chronicle=Chronicle(json_lines=config.log_json, quiet=not config.log_facts),
            host_code=config.host_code,
        )
        try:
            self.restored = self.lobby.restore()
        except sqlite3.DatabaseError as exc:
            store.close()
            if is_corrupt(exc):
                raise NotADatabase(store.path, str(exc)) from None
            raise
        self._server: asyncio.Server | None = None
        self._sessions: dict[asyncio.Task, Session] = {}
        # One count of connections waiting for `welcome`, for both ports.
        self.admission = Admission(config.waiting_per_address, config.waiting_total)
        self._sweeper: asyncio.Task | None = None
        self.web: Any = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    @property
    def web_port(self) -> int | None:
        """The browser gateway's port, None when it is off."""
        return None if self.web is None else self.web.port

    def web_urls(self) -> list[str]:
        """The page's URLs a phone could open, LAN addresses first (empty when it is off)."""
        if self.web is None:
            return []
        from server.web import web_urls

        return web_urls(self.config.host, self.web.port, self.config.interfaces)

    async def start(self) -> None:
        self.lobby.resume_tables()
        if self.config.evening:
            await self.lobby.scoreboard.begin(self.config.evening, "console")
        self._server = await asyncio.start_server(
            self._accept,
            self.config.host,
            self.config.port,
            limit=READ_CHUNK,
            backlog=LISTEN_BACKLOG,
        )
        if self.config.web_port is not None:
            from server.web import WebGateway

            self.web = WebGateway(
                self._run_session, self.config.host, self.config.web_port, admission=self.admission
            )
            await self.web.start()
            self.lobby.web_port = self.web.port
        self._sweeper = asyncio.create_task(self._sweep_loop())
        if self.config.discovery:
            from server.discovery import Advertiser

            self.advertiser = Advertiser(
                self.config.name,
                self.port,
                host=self.config.host,
                interfaces=self.config.interfaces,
                open_tables=self.lobby.open_tables,
                web_port=self.web_port,
            )
            await self.advertiser.start()

    async def close(self) -> None:
        """Stop listening, say goodbye to every client, unregister, finish writing the store."""
        if self._server is not None:
            self._server.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.advertiser is not None:
            await self.advertiser.close()
        for session in list(self.lobby.sessions):
            session.close("shutdown", "the server is shutting down")
        if self.web is not None:
            await self.web.close()
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=3)
        for session in list(self._sessions.values()):
            session.abort()
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=3)
        for table in list(self.lobby.tables.values()):
            await table.save_clock()  # the turn clocks' time left, exactly, for the restart
        self.lobby.close()
        await self.journal.close()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        ticket = self.admission.enter(writer.get_extra_info("peername"))
        if isinstance(ticket, str):
            # Refused before any session: the reason, then the end of the stream.
            writer.write(encode({"t": "bye", "code": BUSY, "reason": ticket}))
            writer.close()
            await _let_go(writer)
            return
        task = asyncio.current_task()
        assert task is not None
        session = Session(self.lobby, StreamTransport(reader, writer), ticket)
        self._sessions[task] = session
        try:
            sock = writer.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            await session.run()
        finally:
            del self._sessions[task]
            ticket.release()
            writer.close()
            await _let_go(writer)

    async def _run_session(self, transport: WebSocketTransport) -> None:
        """One connection of the browser gateway, as a session like any other (its place among
        the connections waiting for `welcome` was taken when it was accepted)."""
        await Session(self.lobby, transport, transport.ws.ticket).run()

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every)
            try:
                await self.lobby.sweep(time.monotonic())
            except Exception:
                log.exception("sweep failed")

    def _open_tables_changed(self, count: int) -> None:
        if self.advertiser is not None:
            self.advertiser.open_tables_changed(count)


# Open files (one per connection) the server asks for: many desktops allow only 1,024 by default.
WANTED_FILES = 65536


def raise_file_limit() -> int:
    """Raise the soft limit on open files towards the hard one; the limit now."""
    try:
        import resource
    except ImportError:  # not on this platform
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft


async def serve(config: ServerConfig) -> None:
    """Run a server until SIGINT/SIGTERM."""
    files = raise_file_limit()
    if 0 <= files < 2 * LISTEN_BACKLOG:
        log.warning("only %s open files allowed: that many connections at most", files)
    server = Server(config)
    await server.start()
    settle_memory()
    watch = GcWatch(detail=os.environ.get(GC_DETAIL_ENV) == "1")
    gc.callbacks.append(watch)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    print(
        f"Jewel Table server {config.name!r} listening on {config.host}:{server.port}"
        f" (data: {config.data_dir}; {len(server.restored)} tables restored;"
        f" discovery {'on' if config.discovery else 'off'})",
        flush=True,
    )
    urls = server.web_urls()
    for url in urls:
        print(f"web: {url}", flush=True)
    if urls:
        from server.web import print_qr

        print_qr(urls[0], sys.stdout)
    # After the page's lines: whoever reads the banner finds the address lines first.
    print(f"host code: {server.lobby.scoreboard.host_code}", flush=True)
    try:
        await stop.wait()
    finally:
        await server.close()
        gc.callbacks.remove(watch)
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(freeze_after_full_collection)
        log.info("%s", watch.summary())
        print("Jewel Table server stopped", flush=True)


def run(config: ServerConfig) -> int:
    """`jeweltable serve`."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    try:
        asyncio.run(serve(config))
    except NotADatabase as exc:
        print(
            f"jeweltable: {exc.path} is not a Jewel Table database ({exc.detail}); it was left"
            " as it is: move it out of the way, or pass --data with another folder",
            file=sys.stderr,
        )
        return 1
    except StorageFull:
        print(
            f"jeweltable: the disk holding {config.data_dir} is full: make room there, then"
            " start the server again",
            file=sys.stderr,
        )
        return 1
    except OSError as exc:
        web = "" if config.web_port is None else f" (and the web page on port {config.web_port})"
        print(
            f"jeweltable: cannot serve on {config.host}:{config.port}{web}: {exc}", file=sys.stderr
        )
        return 1
    return 0
