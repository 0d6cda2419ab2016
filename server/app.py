"""The asyncio server: accepts connections, feeds the sans-I/O protocol, sends through queues.

Each connection is a `Session` with its own outgoing queue and writer task, so a slow client
never delays a table; one that falls too far behind is disconnected (its seats are kept).
`Server` ties together the store, the lobby and discovery; `run` is `jeweltable serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.lobby import Lobby
from server.store import Journal, Store, default_data_dir
from server.tables import BOT_DELAY
from shared.protocol import DEFAULT_PORT, Phase, Refusal, ServerSide, encode

log = logging.getLogger(__name__)

READ_CHUNK = 65536
HELLO_TIMEOUT = 15.0
# Connections the kernel holds for us before we accept them: a whole hall arriving at once.
LISTEN_BACKLOG = 2048
# A client with this much unsent data is too slow to keep: it is cut off (its seats are kept).
MAX_QUEUED_BYTES = 16 << 20


class Session:
    """One client connection: reads, answers through the lobby, writes without ever waiting.

    What is sent to a connection during one turn of the event loop (a move's update, the
    lobby's news, a reply) is gathered and handed to the kernel in one write at the end of the
    turn. The transport's own buffer is the outgoing queue: a slow reader only grows its own
    buffer, and nobody else waits for it.
    """

    def __init__(self, lobby: Lobby, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.lobby = lobby
        self.reader = reader
        self.writer = writer
        self.transport = writer.transport
        self.side = ServerSide()
        self.identity: Any = None
        self.peer = writer.get_extra_info("peername")
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
            asyncio.get_running_loop().call_soon(self._flush)
        self._outgoing.append(frame)

    def _flush(self) -> None:
        frames, self._outgoing = self._outgoing, []
        if not frames or self.transport.is_closing():
            return
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
        # Closing flushes the buffer first; the read loop then sees the end of the stream.
        self.writer.close()

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
            self.writer.close()

    async def _read_loop(self) -> None:
        loop = asyncio.get_running_loop()
        # One deadline for the whole greeting, so that a trickle of bytes cannot stretch it.
        hello_by = loop.time() + HELLO_TIMEOUT
        while not self._closing:
            if self.side.phase is Phase.AWAITING_HELLO:
                left = max(0.0, hello_by - loop.time())
                data = await asyncio.wait_for(self.reader.read(READ_CHUNK), left)
            else:
                data = await self.reader.read(READ_CHUNK)
            if not data:
                return
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
                if self._closing:
                    return


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


class Server:
    """A running Jewel Table server. `await start()`, then `await close()`."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.journal = Journal(Store(config.data_dir, fsync=config.fsync), threaded=config.fsync)
        self.advertiser: Any = None
        self.lobby = Lobby(
            self.journal,
            name=config.name,
            allow_seed=config.allow_seed,
            bot_delay=config.bot_delay,
            open_tables_changed=self._open_tables_changed,
        )
        self.restored = self.lobby.restore()
        self._server: asyncio.Server | None = None
        self._sessions: dict[asyncio.Task, Session] = {}
        self._sweeper: asyncio.Task | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        self.lobby.resume_tables()
        self._server = await asyncio.start_server(
            self._accept,
            self.config.host,
            self.config.port,
            limit=READ_CHUNK,
            backlog=LISTEN_BACKLOG,
        )
        self._sweeper = asyncio.create_task(self._sweep_loop())
        if self.config.discovery:
            from server.discovery import Advertiser

            self.advertiser = Advertiser(
                self.config.name,
                self.port,
                host=self.config.host,
                interfaces=self.config.interfaces,
                open_tables=self.lobby.open_tables,
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
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=3)
        for session in list(self._sessions.values()):
            session.abort()
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=3)
        self.lobby.close()
        await self.journal.close()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        task = asyncio.current_task()
        assert task is not None
        session = Session(self.lobby, reader, writer)
        self._sessions[task] = session
        try:
            await session.run()
        finally:
            del self._sessions[task]

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


# A garbage-collector pause longer than this is logged: it holds every table up.
GC_PAUSE_LOGGED = 0.01


class GcWatch:
    """Times the garbage collector's pauses and logs the long ones."""

    def __init__(self) -> None:
        self._began = 0.0
        self.longest = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        pause = time.perf_counter() - self._began
        self.longest = max(self.longest, pause)
        if pause >= GC_PAUSE_LOGGED:
            log.warning(
                "gc: a generation-%s collection paused the server %.1f ms (%s objects tracked)",
                info["generation"],
                pause * 1000,
                len(gc.get_objects(info["generation"])),
            )


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


def settle_memory() -> None:
    """After start-up: collect once, then leave everything alive now (modules, rules tables,
    restored tables) out of every later collection, so that those stay short."""
    gc.collect()
    gc.freeze()


async def serve(config: ServerConfig) -> None:
    """Run a server until SIGINT/SIGTERM."""
    files = raise_file_limit()
    if 0 <= files < 2 * LISTEN_BACKLOG:
        log.warning("only %s open files allowed: that many connections at most", files)
    server = Server(config)
    await server.start()
    settle_memory()
    gc.callbacks.append(GcWatch())
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
    try:
        await stop.wait()
    finally:
        await server.close()
        print("Jewel Table server stopped", flush=True)


def run(config: ServerConfig) -> int:
    """`jeweltable serve`."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    try:
        asyncio.run(serve(config))
    except OSError as exc:
        print(f"jeweltable: cannot serve on {config.host}:{config.port}: {exc}", file=sys.stderr)
        return 1
    return 0
