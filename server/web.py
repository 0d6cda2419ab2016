"""The browser gateway: the page's files over HTTP and the game protocol over a WebSocket.

One port serves both, through `websockets` (its sans-I/O protocol parses HTTP and frames; no
parser of ours). `GET /` and the page's own files come from the package folder `client/web/`
(answered in `process_request`, which never looks outside that folder and lists no folder);
`/ws` upgrades to a WebSocket that carries exactly the messages of docs/protocol.md, one msgpack
message per binary frame. Each WebSocket is run by the same session class as a TCP connection
(`server.app.Session`, handed in by the server), with the same checks, limits, tokens, errors and
views: a browser is one more client of the lobby.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import http
import ipaddress
import logging
import socket
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Generator
from pathlib import Path
from typing import Any, TextIO

import ifaddr
from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers, MultipleValuesError
from websockets.exceptions import (
    ConnectionClosed,
    HeaderLineTooLong,
    InvalidMessage,
    RequestLineTooLong,
    TooManyHeaders,
)
from websockets.frames import CloseCode
from websockets.http11 import Request, Response
from websockets.protocol import Protocol, State
from websockets.server import ServerProtocol

from server import web_i18n
from server.admission import MAX_HELLO_BYTES, TOO_LARGE_BEFORE_HELLO, Admission, Ticket
from server.discovery import instance_label
from server.web_files import WEB_ROOT, bytes_response, file_response, page_file, path_of
from shared.protocol import MAX_FRAME, TOO_LARGE, encode

# websockets tells of every connection and every file served at INFO: too chatty for a console.
wire_log = logging.getLogger(f"{__name__}.wire")
wire_log.setLevel(logging.WARNING)

SOCKET_PATH = "/ws"
# Seconds a closing WebSocket may take to send what is queued and say goodbye.
CLOSE_TIMEOUT = 3.0
# Seconds a connection has to send its whole HTTP request, as a TCP client has to say hello.
REQUEST_TIMEOUT = 15.0
# The first byte of a TLS handshake: a browser asked for https:// on this plain-http port.
TLS_HANDSHAKE = b"\x16"
PLAIN_HTTP = "This server's page is plain http://, not https://\n"
# A Host the machine's addresses do not hold looks them up again at most this often (seconds):
# a laptop may have joined the hall's network after the server started.
ADDRESSES_FRESH = 1.0
# Seconds a refused connection (server.admission) has to send its request and read the 503.
REFUSED_GRACE = 2.0


def web_urls(host: str, port: int, interfaces: list[str] | None = None) -> list[str]:
    """The URLs a phone could open: LAN addresses first, loopback last.

    A server bound to every address (`0.0.0.0`) is reachable on each IPv4 address of this
    machine (or only the chosen `interfaces`); one bound to a single address, only there."""
    if host not in ("", "0.0.0.0"):
        addresses = [host]
    elif interfaces:
        addresses = [*interfaces, "127.0.0.1"]
    else:
        adapters = ifaddr.get_adapters()
        found = {ip.ip for adapter in adapters for ip in adapter.ips if isinstance(ip.ip, str)}
        addresses = [*found, "127.0.0.1"]

    def order(address: str) -> tuple[int, str]:
        ip = ipaddress.ip_address(address)
        return (2 if ip.is_loopback else 1 if ip.is_link_local else 0, address)

    return [f"http://{a}:{port}/" for a in sorted(set(addresses), key=order)]


def print_qr(url: str, out: TextIO) -> None:
    """`url` as a QR code of text blocks in the terminal, for a phone's camera."""
    import segno

    try:
        segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    except UnicodeEncodeError:
        # A terminal without block characters: the URL lines above are all it gets.
        print("(this terminal cannot draw the QR code)", file=out)
    out.flush()


def request_host(value: str | None) -> tuple[str, int | None] | None:
    """The host (lower case, without brackets or a final dot) and port that a `Host` header or an
    origin's authority names, or None when it is no plain `host[:port]`."""
    if not value or any(ch in value for ch in "@/?#\\ \t"):
        return None
    try:
        split = urllib.parse.urlsplit("//" + value)
        port = split.port
    except ValueError:
        return None
    if not split.hostname:
        return None
    return split.hostname.rstrip("."), port


def same_origin(origin: str, host: tuple[str, int | None]) -> bool:
    """Whether a page's `Origin` (`http://host[:port]`) is the host the request was sent to."""
    try:
        split = urllib.parse.urlsplit(origin)
    except ValueError:  # e.g. "http://[": not an origin at all
        return False
    default = {"http": 80, "https": 443}.get(split.scheme)
    if default is None or split.path or split.query or split.fragment:
        return False
    named = request_host(split.netloc)
    return named is not None and (named[0], named[1] or default) == (host[0], host[1] or default)


def machine_names() -> set[str]:
    """The names a browser on the LAN may use for this machine: its host name (with and without
    its domain), that name under `.local`, the name discovery announces, and `localhost`."""
    full = socket.gethostname().lower().rstrip(".")
    short = full.split(".")[0]
    announced = instance_label(socket.gethostname()).replace(" ", "-").lower()
    return {n for n in (full, short, f"{short}.local", f"{announced}.local", "localhost") if n}


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.split("%")[0])  # an IPv6 zone (`%eth0`) aside
    except ValueError:
        return None


def _interface_ips() -> list[Any]:
    return [ip for adapter in ifaddr.get_adapters() for ip in adapter.ips]


class OwnHosts:
    """The names and addresses under which a browser may ask this server for something (the
    `Host` of a request): the address it is bound to — when bound to every address, each
    address of the machine's interfaces — loopback, and the machine's names. Anything else is
    another site's name for it (DNS rebinding) and is refused."""

    def __init__(self, bound: str) -> None:
        self.names = machine_names()
        self.every_address = bound in ("", "0.0.0.0", "::")
        self.addresses: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
        self._looked_up = float("-inf")
        if not self.every_address:
            address = _address(bound)
            if address is None:
                self.names.add(bound.lower().rstrip("."))
            else:
                self.addresses.add(address)
        self._look_up()

    def _look_up(self) -> None:
        if not self.every_address:
            return
        self._looked_up = time.monotonic()
        found = (_address(ip.ip if isinstance(ip.ip, str) else ip.ip[0]) for ip in _interface_ips())
        # The addresses now, not all there ever were: one given up may be another machine's.
        self.addresses = {address for address in found if address is not None}

    def allows(self, host: str) -> bool:
        """Whether `host` (from `request_host`) is one of this server's names or addresses."""
        if host in self.names:
            return True
        address = _address(host)
        if address is None:
            return False
        if address.is_loopback or address in self.addresses:
            return True
        if time.monotonic() - self._looked_up >= ADDRESSES_FRESH:
            self._look_up()
        return address in self.addresses


def _one(headers: Headers, name: str) -> str | None:
    """A header's value; None when it is missing, "" (no valid value) when it comes twice."""
    try:
        return headers.get(name)
    except MultipleValuesError:
        return ""


class _RequestHead:
    """Lines of an HTTP request's head for websockets' parser, noting the request line and
    whether the head was read to its end (so that what failed after it was its body)."""

    def __init__(self, read_line: Callable[[int, type[Exception]], Generator[None, None, Any]]):
        self._read_line = read_line
        self.first = b""
        self.complete = False

    def read_line(self, limit: int, too_long: type[Exception]) -> Generator[None, None, Any]:
        line = yield from self._read_line(limit, too_long)
        if not self.first:
            self.first = bytes(line)
        elif line == b"\r\n":
            self.complete = True
        return line

    @property
    def method(self) -> str:
        return self.first.split(b" ", 1)[0].decode("ascii", "replace")


class GatewayProtocol(ServerProtocol):
    """websockets' sans-I/O server side, answering a message over the size limit as the TCP
    port does: `error` and `bye` (`frame_too_large`) before it closes. websockets refuses such
    a frame from its header, before reading it."""

    def fail(self, code: CloseCode | int, reason: str = "") -> None:
        if code == CloseCode.MESSAGE_TOO_BIG and self.state is State.OPEN:
            limit = _too_large(self.max_message_size)  # smaller before `welcome`
            self.send_binary(encode({"t": "error", "code": "frame_too_large", "reason": limit}))
            self.send_binary(encode({"t": "bye", "code": "frame_too_large", "reason": limit}))
        super().fail(code, reason)

    def parse(self) -> Generator[None]:
        """websockets' reading, with answers of ours before a WebSocket is open: a TLS handshake
        gets a plain 400 at once, a request with a body 405 (400 for a GET), and no frame is
        read before the request is answered — a second request sent right behind the first
        (pipelined) is not taken for frames: the first is answered, then the connection ends."""
        if self.state is State.CONNECTING:
            while not self.reader.buffer and not self.reader.eof:
                yield
            if self.reader.buffer.startswith(TLS_HANDSHAKE):
                yield from self._answer(http.HTTPStatus.BAD_REQUEST, PLAIN_HTTP)
                return
            head = _RequestHead(self.reader.read_line)
            try:
                request = yield from Request.parse(head.read_line)
            except RequestLineTooLong as exc:
                yield from self._answer(http.HTTPStatus.REQUEST_URI_TOO_LONG, f"{exc}\n")
                return
            except (HeaderLineTooLong, TooManyHeaders) as exc:
                status = http.HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
                yield from self._answer(status, f"{exc}\n")
                return
            except Exception as exc:
                if head.complete:  # only a body (or a transfer coding) fails after the head
                    yield from self._refuse_body(head.method)
                    return
                # No HTTP request: closed without an answer, as websockets does.
                self.handshake_exc = InvalidMessage("did not receive a valid HTTP request")
                self.handshake_exc.__cause__ = exc
                self.send_eof()
                self.parser = self.discard()
                next(self.parser)
                yield
                return
            self.events.append(request)
            while self.state is State.CONNECTING and not self.reader.eof:
                yield
        yield from Protocol.parse(self)

    def _refuse_body(self, method: str) -> Generator[None]:
        """Only `GET` without a body is served: 405 for another method, 400 for a GET."""
        if method == "GET":
            yield from self._answer(http.HTTPStatus.BAD_REQUEST, "A GET carries no body\n")
        else:
            yield from self._answer(http.HTTPStatus.METHOD_NOT_ALLOWED, "Only GET\n")

    def _answer(self, status: http.HTTPStatus, text: str) -> Generator[None]:
        """Send a plain answer and end the connection (websockets then discards what comes)."""
        response = self.reject(status, text)
        if status == http.HTTPStatus.METHOD_NOT_ALLOWED:
            response.headers["Allow"] = "GET"
        self.send_response(response)
        yield


def _too_large(limit: int | None) -> str:
    """The reason given for a message over `limit`."""
    return TOO_LARGE_BEFORE_HELLO if limit == MAX_HELLO_BYTES else TOO_LARGE


class GatewayConnection(ServerConnection):
    """websockets' connection holding its place among the connections waiting for `welcome`
    (server.admission) from the moment it is accepted; a refused one gets a 503 at its request.
    Until `welcome` it reads no message over MAX_HELLO_BYTES."""

    def __init__(self, protocol: ServerProtocol, server: WebSocketServer, **kwargs: Any) -> None:
        self.admission: Admission = kwargs.pop("admission")
        super().__init__(protocol, server, **kwargs)
        self.ticket: Ticket | None = None
        self.refusal: str | None = None
        self._cut: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        entered = self.admission.enter(transport.get_extra_info("peername"))
        if isinstance(entered, str):
            self.refusal = entered
            # Not kept until websockets' handshake timeout: a flood's refusals must cost little.
            self._cut = self.loop.call_later(REFUSED_GRACE, transport.abort)
            return
        self.ticket = entered
        self.protocol.max_message_size = MAX_HELLO_BYTES
        # The protocol, not this connection (which holds the ticket): no reference cycle.
        entered.on_welcome = functools.partial(
            setattr, self.protocol, "max_message_size", MAX_FRAME
        )

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.ticket is not None:
            self.ticket.release()
        if self._cut is not None:
            self._cut.cancel()  # it holds the transport, and so this connection, until it runs
        # websockets' parser is a generator whose frame holds the protocol, as does the traceback
        # of the exception that stopped it: cycles that would keep the connection's buffers until
        # a full collection. Nothing is parsed once the connection is lost.
        self.protocol.parser.close()
        self.protocol.parser_exc = None
        # asyncio's socket transport (Python 3.11) keeps its read callback, a bound method of
        # itself: another cycle (~1 KB) per connection. Nothing is read once it is lost.
        if getattr(self.transport, "_read_ready_cb", None) is not None:
            self.transport._read_ready_cb = None  # type: ignore[attr-defined]


def _connection(
    protocol: ServerProtocol, server: WebSocketServer, **kwargs: Any
) -> ServerConnection:
    """websockets' connection around our `GatewayProtocol` (in place of its own protocol)."""
    return GatewayConnection(GatewayProtocol(max_size=MAX_FRAME, logger=wire_log), server, **kwargs)


def _forget_cancellation(task: asyncio.Task) -> None:
    """A cancelled task keeps its CancelledError, whose traceback holds the task's frame and so
    the transport holding the task: a reference cycle. Taking the result once lets it go."""
    if task.cancelled():
        with contextlib.suppress(asyncio.CancelledError):
            task.result()


class WebSocketTransport:
    """A WebSocket as a session's transport: every read is one whole message, and a queue with
    its own writer task sends without ever making the session wait."""

    # Each read is one WebSocket message, which must hold one protocol message.
    framed = True

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.peer = ws.remote_address
        self._queue: collections.deque[bytes] = collections.deque()
        self._queued = 0
        self._wake = asyncio.Event()
        self._closing = False
        # The session stopped waiting for the peer (no hello in time): closing does not wait
        # for its answer either.
        self._given_up = False
        self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        self._writer.add_done_callback(_forget_cancellation)

    async def read(self) -> bytes | str | None:
        """The next message (bytes, or str for a text frame); None once the socket closed."""
        try:
            return await self.ws.recv()
        except ConnectionClosed:
            return None
        except asyncio.CancelledError:
            self._given_up = True
            raise

    def write(self, frame: bytes) -> None:
        self._queue.append(frame)
        self._queued += len(frame)
        self._wake.set()

    def get_write_buffer_size(self) -> int:
        return self._queued + self.ws.transport.get_write_buffer_size()

    def is_closing(self) -> bool:
        return self._closing or self.ws.state is not State.OPEN

    def close(self) -> None:
        """Send what is queued, then close the WebSocket."""
        self._closing = True
        self._wake.set()

    def abort(self) -> None:
        self._closing = True
        self._writer.cancel()
        self.ws.transport.abort()

    async def wait_closed(self) -> None:
        """Until the queue is sent and the socket closed (at most CLOSE_TIMEOUT seconds)."""
        await asyncio.wait([self._writer], timeout=CLOSE_TIMEOUT)
        if not self._writer.done():
            self.abort()

    async def _write_loop(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                while self._queue:
                    frame = self._queue.popleft()
                    self._queued -= len(frame)
                    await self.ws.send(frame)
                if self._closing:
                    break
                self._wake.clear()
                await self._wake.wait()
            if self._given_up:
                self._hang_up()
            else:
                await self.ws.close()

    def _hang_up(self) -> None:
        """Say why in a close frame and end the TCP connection now, not once a silent peer
        answers (or the close times out)."""
        if self.ws.state is State.OPEN:
            self.ws.protocol.send_close(CloseCode.POLICY_VIOLATION, "no hello in time")
            self.ws.send_data()
        self.ws.transport.close()


class WebGateway:
    """The web port of a server: `await start()`, then `await close()`."""

    def __init__(
        self,
        run_session: Callable[[WebSocketTransport], Awaitable[None]],
        host: str,
        port: int,
        root: Path = WEB_ROOT,
        admission: Admission | None = None,
    ) -> None:
        # Runs one connection's session to its end, as for TCP (server.app).
        self.run_session = run_session
        self.host = host
        self.wanted_port = port
        self.root = root
        self.own_hosts = OwnHosts(host)
        self._server: WebSocketServer | None = None
        self._transports: set[WebSocketTransport] = set()
        # Connections waiting for `welcome` (shared with the TCP port when a server is given).
        self.admission = admission or Admission()

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        self._server = await serve(
            self._handle,
            self.host,
            self.wanted_port,
            process_request=self._process_request,
            # Messages are small and the LAN is fast: no compression, whose cost grows unseen.
            compression=None,
            max_size=MAX_FRAME,
            create_connection=functools.partial(_connection, admission=self.admission),
            server_header=None,
            open_timeout=REQUEST_TIMEOUT,
            logger=wire_log,
        )

    async def close(self) -> None:
        """Stop listening; the sessions have said goodbye (the lobby's `close`) or are cut."""
        if self._server is None:
            return
        for transport in list(self._transports):
            transport.close()
        if self._transports:
            await asyncio.wait(
                [asyncio.ensure_future(t.wait_closed()) for t in self._transports],
                timeout=CLOSE_TIMEOUT,
            )
        self._server.close()
        await self._server.wait_closed()

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page's files; None lets `/ws` go on to the WebSocket handshake."""
        refusal = getattr(connection, "refusal", None)
        if refusal is not None:
            response = connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, f"{refusal}\n")
            response.headers["Retry-After"] = "5"
            return response
        path = path_of(request.path)
        if path is None:
            return connection.respond(http.HTTPStatus.BAD_REQUEST, "Not a path this server knows\n")
        refused = self._foreign(connection, request, path)
        if refused is not None:
            return refused
        if request.method != "GET":
            response = connection.respond(http.HTTPStatus.METHOD_NOT_ALLOWED, "Only GET\n")
            response.headers["Allow"] = "GET"
            return response
        if path == SOCKET_PATH:
            return None
        accept_encoding = _one(request.headers, "Accept-Encoding")
        words = web_i18n.respond(path)
        if words is not None:
            return bytes_response(*words, accept_encoding)
        found = page_file(request.path, self.root)
        if found is None:
            return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found\n")
        try:
            return file_response(found, accept_encoding)
        except OSError:
            return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found\n")

    def _foreign(
        self, connection: ServerConnection, request: Request, path: str
    ) -> Response | None:
        """403 for a request to a name or address that is not this server's (DNS rebinding),
        and for a WebSocket opened by another site's page; None for the rest. A native client
        sends no `Origin` and passes."""
        host = request_host(_one(request.headers, "Host"))
        origin = _one(request.headers, "Origin")
        if host is None or not self.own_hosts.allows(host[0]):
            text = "This server answers only to its own names and addresses\n"
            return connection.respond(http.HTTPStatus.FORBIDDEN, text)
        is_socket = path == SOCKET_PATH
        if is_socket and origin is not None and not same_origin(origin, host):
            text = "Only this server's own page may open its WebSocket\n"
            return connection.respond(http.HTTPStatus.FORBIDDEN, text)
        return None

    async def _handle(self, ws: ServerConnection) -> None:
        transport = WebSocketTransport(ws)
        self._transports.add(transport)
        try:
            await self.run_session(transport)
            await transport.wait_closed()
        finally:
            self._transports.discard(transport)
