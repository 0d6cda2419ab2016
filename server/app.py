"""The asyncio server: accepts connections, feeds the sans-I/O protocol, sends through queues.

Each connection is a `Session` with its own outgoing queue and writer task, so a slow client
never delays a table; one that falls too far behind is disconnected (its seats are kept).
`Server` ties together the store, the lobby and discovery; `run` is `jeweltable serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.lobby import Lobby
from server.store import (
    Journal,
    NotADatabase,
    StorageFull,
    Store,
    default_data_dir,
    is_corrupt,
)
from server.tables import BOT_DELAY
from shared.protocol import DEFAULT_PORT, Phase, Refusal, ServerSide, encode

log = logging.getLogger(__name__)

READ_CHUNK = 65536
HELLO_TIMEOUT = 15.0
# A client with this much unsent data is too slow to keep: it is cut off (its seats are kept).
MAX_QUEUED_BYTES = 16 << 20


class Session:
    """One client connection: reads, answers through the lobby, writes without ever waiting.

    The outgoing queue is the transport's own write buffer: `send` hands bytes to the kernel
    at once when it can and buffers the rest, so a slow reader only grows its own buffer.
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

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message; never blocks."""
        self.send_frame(encode(msg))

    def send_frame(self, frame: bytes) -> None:
        """Queue an encoded message (packed once for many recipients)."""
        if self._closing or self.transport.is_closing():
            return
        self.transport.write(frame)
        if self.transport.get_write_buffer_size() > MAX_QUEUED_BYTES:
            log.warning("client %s is too slow; disconnecting it", self.peer)
            self.abort()

    def close(self, code: str, reason: str) -> None:
        """Say goodbye (a `bye` message), send what is queued, then close."""
        if self._closing:
            return
        self.send({"t": "bye", "code": code, "reason": reason})
        self._closing = True
        # Closing flushes the buffer first; the read loop then sees the end of the stream.
        self.writer.close()

    def abort(self) -> None:
        """Drop the connection at once, unsent data and all."""
        self._closing = True
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
        store = Store(config.data_dir, fsync=config.fsync)
        self.journal = Journal(store, threaded=config.fsync)
        self.advertiser: Any = None
        self.lobby = Lobby(
            self.journal,
            name=config.name,
            allow_seed=config.allow_seed,
            bot_delay=config.bot_delay,
            open_tables_changed=self._open_tables_changed,
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
        self._sweeper: asyncio.Task | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        self.lobby.resume_tables()
        self._server = await asyncio.start_server(
            self._accept, self.config.host, self.config.port, limit=READ_CHUNK
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
        for table in list(self.lobby.tables.values()):
            await table.save_clock()  # the turn clocks' time left, exactly, for the restart
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


async def serve(config: ServerConfig) -> None:
    """Run a server until SIGINT/SIGTERM."""
    server = Server(config)
    await server.start()
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
        print(f"jeweltable: cannot serve on {config.host}:{config.port}: {exc}", file=sys.stderr)
        return 1
    return 0
