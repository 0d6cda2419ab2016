"""Harness (b): the browser gateway's reading of HTTP and WebSocket frames.

The input (after one control byte) is what a browser's TCP connection delivers to the web port,
in pieces. It is fed to `GatewayProtocol` (websockets' sans-I/O `ServerProtocol`, as
server/web.py makes it) the way websockets' asyncio connection drives it: each request goes
through our `WebGateway._process_request` (the page's files, 404, 405) and then `accept`; each
whole message goes to `ServerSide.receive_frame`, as the session reads it. Invariants: no
exception escapes; websockets' parser fails only with the errors it expects (never its "parser
failed" internal error, never a 500); a 200 serves a file of the page from inside its folder (or
a catalog), a 101 only for GET /ws; no message over 1 MiB reaches the session, and one refused
for its size gets `error` and `bye` before the close; the session's decoder keeps its
invariants (tests/fuzz/stream.py).
"""

from __future__ import annotations

import random
import sys

import atheris

with atheris.instrument_imports(include=["shared", "server", "websockets"]):
    from websockets.asyncio.messages import MAX_FRAGMENTS
    from websockets.exceptions import (
        InvalidHandshake,
        InvalidMessage,
        PayloadTooBig,
        ProtocolError,
    )
    from websockets.frames import CloseCode, Frame, Opcode
    from websockets.http11 import Request, Response
    from websockets.protocol import State

    from server import web, web_files
    from shared import protocol

from tests.fuzz.common import run
from tests.fuzz.stream import check_stream

HANDSHAKE = (
    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
HELLO_FRAME = Frame(Opcode.BINARY, protocol.encode(protocol.hello("fuzz"))).serialize(
    mask=True, extensions=[]
)
# What websockets' parser may fail with on bad input (anything else is its internal error).
EXPECTED_PARSER_ERRORS = (ProtocolError, EOFError, UnicodeDecodeError, PayloadTooBig)
BYE_TOO_LARGE = protocol.encode(
    {"t": "bye", "code": "frame_too_large", "reason": protocol.TOO_LARGE}
)
DATA = (Opcode.TEXT, Opcode.BINARY, Opcode.CONT)
GATEWAY = web.WebGateway(run_session=None, host="127.0.0.1", port=0)  # type: ignore[arg-type]
ROOT = web_files.WEB_ROOT.resolve()


class Recorded(web.GatewayProtocol):
    """The gateway's protocol, noting each time it fails the connection and in which state."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.failures: list[tuple[int, State]] = []

    def fail(self, code: CloseCode | int, reason: str = "") -> None:
        self.failures.append((code, self.state))
        super().fail(code, reason)


class Connection:
    """What `_process_request` uses of websockets' connection: `respond`."""

    def __init__(self, proto: web.GatewayProtocol) -> None:
        self.protocol = proto

    def respond(self, status: int, text: str) -> Response:
        return self.protocol.reject(status, text)


def check_response(request: Request, response: Response) -> None:
    """A response serves only what the gateway may serve."""
    assert response.status_code != 500, f"a request made the gateway fail: {request!r}"
    path = web_files.path_of(request.path)
    if path is None:  # a target that is no path: refused as such, before anything else
        assert response.status_code in (400, 503), (request, response.status_code)
        return
    if response.status_code == 101:
        assert request.method == "GET" and path == web.SOCKET_PATH, request
    elif response.status_code == 200:
        assert request.method == "GET", request
        if not path.startswith("/i18n/"):
            found = web_files.page_file(request.path)
            assert found is not None and found.is_relative_to(ROOT), request.path
            assert response.body == found.read_bytes()
    elif response.status_code == 405:
        assert request.method != "GET"


def test_one_input(data: bytes) -> None:
    if not data:
        return
    control, stream = data[0], data[1:]
    if control & 1:  # most inputs open the WebSocket first, so that frames are reached
        stream = HANDSHAKE + (HELLO_FRAME if control & 2 else b"") + stream
    rng = random.Random(control)
    cuts = sorted(rng.randrange(len(stream) + 1) for _ in range(rng.randrange(4)))

    proto = Recorded(max_size=protocol.MAX_FRAME, logger=web.wire_log)
    connection = Connection(proto)
    side = protocol.ServerSide()
    decoded: list = []
    fragments: list[bytes] = []
    kind = Opcode.BINARY  # of the message being assembled: its first frame's
    sent = bytearray()
    start = 0
    for end in [*cuts, len(stream), None]:
        if end is None:
            proto.receive_eof()
        else:
            proto.receive_data(stream[start:end])
            start = end
        for event in proto.events_received():
            if isinstance(event, Request):
                response = GATEWAY._process_request(connection, event)  # type: ignore[arg-type]
                if response is None:
                    response = proto.accept(event)
                check_response(event, response)
                if proto.eof_sent:
                    # Bytes after the request that are no frame failed the connection while the
                    # request waited for its answer: websockets' asyncio server then trips an
                    # assertion in `send_response` and aborts the connection, answering nothing.
                    return
                proto.send_response(response)
            elif isinstance(event, Frame) and event.opcode in DATA:
                assert proto.state is not State.CONNECTING, "a frame before the handshake"
                if not fragments:
                    kind = event.opcode
                fragments.append(bytes(event.data))
                if len(fragments) >= MAX_FRAGMENTS and not event.fin:
                    proto.fail(CloseCode.MESSAGE_TOO_BIG, "too many fragments")  # as it does
                if not event.fin:
                    continue
                message = b"".join(fragments)
                fragments = []
                assert len(message) <= protocol.MAX_FRAME, "a message over the limit came through"
                if side.phase is protocol.Phase.CLOSED or proto.state is not State.OPEN:
                    continue
                if kind == Opcode.TEXT:
                    # websockets' connection decodes a text message as it hands it over, and
                    # fails the connection (1007) if that cannot be done; the session sees none.
                    try:
                        decoded.extend(side.receive_frame(message.decode()))
                    except UnicodeDecodeError as exc:
                        proto.fail(CloseCode.INVALID_DATA, exc.reason)
                else:
                    decoded.extend(side.receive_frame(message))
                if side.phase is protocol.Phase.CLOSED and proto.state is State.OPEN:
                    # The session's goodbye: `error`, `bye`, then the WebSocket's close.
                    refusal = decoded[-1]
                    proto.send_binary(protocol.encode(refusal.as_error()))
                    bye = {"t": "bye", "code": refusal.code, "reason": refusal.reason}
                    proto.send_binary(protocol.encode(bye))
                    proto.send_close(CloseCode.NORMAL_CLOSURE)
        for chunk in proto.data_to_send():
            sent += chunk
    check_stream(decoded, side)

    assert proto.parser_exc is None or isinstance(proto.parser_exc, EXPECTED_PARSER_ERRORS), (
        f"websockets' parser failed inside: {proto.parser_exc!r}"
    )
    if proto.handshake_exc is not None:
        assert isinstance(proto.handshake_exc, (InvalidHandshake, InvalidMessage)), (
            f"the handshake failed inside: {proto.handshake_exc!r}"
        )
    # A message too big for an open WebSocket gets `error` and `bye` before the close (1009);
    # a close the client began, or one for another reason, gets no such goodbye.
    too_big = (CloseCode.MESSAGE_TOO_BIG, State.OPEN) in proto.failures
    assert too_big == (BYE_TOO_LARGE in sent), f"goodbye {BYE_TOO_LARGE in sent}, too big {too_big}"


if __name__ == "__main__":
    run(test_one_input)
    sys.exit(0)
