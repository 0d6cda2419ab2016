"""What a connection is sent during one turn of the event loop leaves in one write (a
WebSocket: one frame per message), after everything else the turn sends."""

from __future__ import annotations

import asyncio
from typing import Any

from server.app import Session
from shared.protocol import encode
from tests.test_server_kit import arun


class RecordingTransport:
    """A transport that keeps what it is given."""

    peer = ("127.0.0.1", 1)

    def __init__(self, framed: bool) -> None:
        self.framed = framed
        self.writes: list[bytes] = []

    async def read(self) -> bytes | None:
        return None

    def write(self, frame: bytes) -> None:
        self.writes.append(frame)

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


def messages() -> list[dict[str, Any]]:
    return [{"t": "pong", "ref": n} for n in range(3)]


@arun(10)
async def test_a_turns_messages_leave_a_stream_in_one_write():
    stream = RecordingTransport(framed=False)
    session = Session(None, stream)  # type: ignore[arg-type]
    for msg in messages():
        session.send(msg)
    assert stream.writes == []
    await asyncio.sleep(0)
    assert stream.writes == [b"".join(encode(m) for m in messages())]


@arun(10)
async def test_a_websocket_gets_one_frame_per_message():
    socket = RecordingTransport(framed=True)
    session = Session(None, socket)  # type: ignore[arg-type]
    for msg in messages():
        session.send(msg)
    await asyncio.sleep(0)
    assert socket.writes == [encode(m) for m in messages()]
