"""Client side of the Jewel Table protocol: a connection to a server, for the UI and for tools.

Two classes; docs/protocol.md lists the messages.

`Connection` — for the pygame client (or any thread that must never block). It runs the protocol
on its own asyncio loop in a background thread:

    conn = Connection("192.168.1.20", 7766, "Ada")   # token=... to resume an earlier session
    conn.start()
    ...each frame:
    for msg in conn.poll():          # never blocks; messages in arrival order
        handle(msg)                  # e.g. msg["t"] == "update": msg["view"], msg["legal_moves"]
    conn.send({"t": "move", "table": 3, "seat": 0, "move": move, "seq": seq})  # thread-safe
    conn.close()

- `conn.state` is "connecting", "connected", "reconnecting" or "closed"; every change is also
  delivered by `poll()` as a local message `{"t": "connection", "state": ..., "reason": ...,
  "code": ...}` (local: it never travels on the wire; `code` is the server's when it refused
  or ended the connection, e.g. "in_use" or "replaced").
- `send(msg)` returns False (and drops the message) unless the state is "connected".
- `hello` is sent for you; `conn.welcome` holds the last `welcome` (also delivered by `poll()`),
  and `conn.token` the secret token that owns your seats. Keep the token to resume later.
- After a drop (network, server restart) it reconnects by itself with the token, with growing
  pauses up to 5 s; the server answers with `welcome` (its `resumed` lists your tables) and a
  `joined` and `sync` per table, so the UI simply redraws from those. It stops reconnecting
  after `close()`, or when the server says `bye` with a code other than "shutdown" (e.g.
  "replaced": the same token took over from elsewhere), or if the first connection fails
  (e.g. "in_use": the token's seats are held by another live connection; connect again with
  `take_over=True` once the person agrees). Reconnecting always takes over.

`AsyncClient` — asyncio-native, for headless play, tests and benchmarks:

    client = await AsyncClient.connect("127.0.0.1", port, "Ada")
    client.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
    joined = await client.expect("joined")         # skips (and logs) other messages
    msg = await client.recv(timeout=5)
    await client.close()
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import socket
import threading
from collections.abc import Callable
from typing import Any

from shared.protocol import ClientSide, ProtocolError, encode, hello

CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"
RETRY_PAUSES = (0.2, 0.5, 1.0, 2.0, 5.0)
# Codes of a server `bye` after which reconnecting makes sense.
RECONNECT_AFTER_BYE = {"shutdown"}


class ConnectionClosed(Exception):
    """The server closed the connection (or it broke); `code` is the refusal's, if it said one."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.code = code


class AsyncClient:
    """One connection on the running asyncio loop."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, keep_log: bool = True
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.side = ClientSide()
        self.welcome: dict[str, Any] | None = None
        self.token: str | None = None
        self.bye: dict[str, Any] | None = None
        # Every message received, in order (None to save memory).
        self.log: list[dict[str, Any]] | None = [] if keep_log else None
        self._inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._backlog: collections.deque[dict[str, Any]] = collections.deque()
        self._closed = False
        self._reading = asyncio.get_running_loop().create_task(self._read_loop())

    @classmethod
    async def connect(
        cls,
        host: str,
        port: int,
        name: str | None = "player",
        token: str | None = None,
        *,
        timeout: float = 10.0,
        keep_log: bool = True,
        take_over: bool = False,
    ) -> AsyncClient:
        """Open a connection; with a `name`, say hello and wait for `welcome`."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client = cls(reader, writer, keep_log)
        if name is not None:
            client.send(hello(name, token, take_over))
            try:
                client.welcome = await client.expect("welcome", timeout=timeout)
            except ConnectionClosed:
                refusals = [m for m in client.pending() if m["t"] in ("error", "bye")]
                reason = refusals[-1]["reason"] if refusals else "the server closed the connection"
                code = refusals[-1].get("code") if refusals else None
                raise ConnectionClosed(reason, code) from None
            client.token = client.welcome["token"]
        return client

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, msg: dict[str, Any]) -> None:
        """Send one message (buffered by the transport; never blocks)."""
        self.send_raw(encode(msg))

    def send_raw(self, data: bytes) -> None:
        """Send bytes as they are (tests use this to send garbage)."""
        if not self.writer.is_closing():
            self.writer.write(data)

    async def drain(self) -> None:
        await self.writer.drain()

    async def recv(self, timeout: float | None = 10.0) -> dict[str, Any]:
        """The next message; `ConnectionClosed` when the stream ends, TimeoutError on timeout."""
        if self._backlog:
            return self._backlog.popleft()
        if self._closed and self._inbox.empty():
            raise ConnectionClosed("the connection is closed")
        msg = await asyncio.wait_for(self._inbox.get(), timeout)
        if msg is None:
            self._closed = True
            raise ConnectionClosed("the server closed the connection")
        return msg

    async def expect(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        """The next message of type `kind` whose `fields` match; others are kept for `recv`."""
        return await self.wait_for(
            lambda m: m["t"] == kind and all(m.get(k) == v for k, v in fields.items()), timeout
        )

    async def wait_for(
        self, match: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """The next message for which `match` is true; others are kept for `recv`."""
        skipped: list[dict[str, Any]] = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            while True:
                msg = await self.recv(max(0.0, deadline - loop.time()))
                if match(msg):
                    return msg
                skipped.append(msg)
        finally:
            self._backlog.extendleft(reversed(skipped))

    def pending(self) -> list[dict[str, Any]]:
        """Everything received and not yet taken, without waiting."""
        out = list(self._backlog)
        self._backlog.clear()
        while not self._inbox.empty():
            msg = self._inbox.get_nowait()
            if msg is None:
                self._closed = True
                break
            out.append(msg)
        return out

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
        self._reading.cancel()

    async def _read_loop(self) -> None:
        try:
            while True:
                data = await self.reader.read(65536)
                if not data:
                    break
                for msg in self.side.receive_data(data):
                    if msg["t"] == "bye":
                        self.bye = msg
                    if self.log is not None:
                        self.log.append(msg)
                    self._inbox.put_nowait(msg)
        except (ConnectionError, OSError, ProtocolError):
            pass
        finally:
            self._inbox.put_nowait(None)


class Connection:
    """A server connection run on a background thread; see the module docstring."""

    def __init__(
        self, host: str, port: int, name: str, token: str | None = None, take_over: bool = False
    ) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.token = token
        # Whether the first hello moves the token's seats here from another live connection;
        # reconnecting (after a drop) always does, its old connection being this one's ghost.
        self.take_over = take_over
        # The server's refusal code when the connection closed on one (e.g. "in_use").
        self.code: str | None = None
        self.welcome: dict[str, Any] | None = None
        self.state = CONNECTING
        self.reason: str | None = None
        self._inbox: collections.deque[dict[str, Any]] = collections.deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: AsyncClient | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="jeweltable-connection", daemon=True)
        self._ready = threading.Event()

    def start(self) -> Connection:
        """Start connecting (returns at once)."""
        self._thread.start()
        self._ready.wait()
        return self

    def send(self, msg: dict[str, Any]) -> bool:
        """Queue `msg` for the server; False if not connected now (the message is dropped)."""
        frame = encode(msg)
        client, loop = self._client, self._loop
        if self.state != CONNECTED or client is None or loop is None:
            return False
        try:
            loop.call_soon_threadsafe(client.send_raw, frame)
        except RuntimeError:  # the loop has just stopped
            return False
        return True

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call (never blocks)."""
        out = []
        while self._inbox:
            out.append(self._inbox.popleft())
        return out

    def close(self, timeout: float = 5.0) -> None:
        """Disconnect and stop the thread."""
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the background thread
    def _set_state(self, state: str, reason: str | None = None, code: str | None = None) -> None:
        self.state = state
        self.reason = reason
        self.code = code
        self._inbox.append({"t": "connection", "state": state, "reason": reason, "code": code})

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        stopping = asyncio.ensure_future(self._stop.wait())
        attempt = 0
        ever_connected = False
        try:
            while not self._stop.is_set():
                try:
                    client = await AsyncClient.connect(
                        self.host,
                        self.port,
                        self.name,
                        self.token,
                        keep_log=False,
                        take_over=self.take_over or ever_connected,
                    )
                except (TimeoutError, OSError, ConnectionClosed) as exc:
                    if not ever_connected:
                        code = exc.code if isinstance(exc, ConnectionClosed) else None
                        self._set_state(
                            CLOSED, f"cannot connect to {self.host}:{self.port}: {exc}", code
                        )
                        return
                    pause = RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)]
                    attempt += 1
                    await asyncio.wait([stopping], timeout=pause)
                    continue
                ever_connected, attempt = True, 0
                self._client, self.token, self.welcome = client, client.token, client.welcome
                self._set_state(CONNECTED)
                assert client.welcome is not None
                self._inbox.append(client.welcome)
                bye = await self._pump(client, stopping)
                self._client = None
                await client.close()
                if self._stop.is_set():
                    break
                if bye is not None and bye.get("code") not in RECONNECT_AFTER_BYE:
                    self._set_state(CLOSED, bye.get("reason"), bye.get("code"))
                    return
                self._set_state(RECONNECTING, bye.get("reason") if bye else "connection lost")
            self._set_state(CLOSED, "closed")
        finally:
            stopping.cancel()
            if self._client is not None:
                await self._client.close()

    async def _pump(self, client: AsyncClient, stopping: asyncio.Future) -> dict[str, Any] | None:
        """Move messages to the inbox until the connection ends or we stop; the `bye`, if any."""
        while True:
            receiving = asyncio.ensure_future(client.recv(timeout=None))
            await asyncio.wait([receiving, stopping], return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():
                receiving.cancel()
                return None
            try:
                msg = receiving.result()
            except ConnectionClosed:
                return client.bye
            self._inbox.append(msg)
