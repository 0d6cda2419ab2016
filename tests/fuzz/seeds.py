"""Writes the committed seed corpora (tests/fuzz/corpus/): `python -m tests.fuzz.seeds`.

A few small inputs per harness that reach past the first checks: greetings, every message type,
broken and oversized frames, HTTP requests of every kind the gateway answers. The fuzzer finds
the rest; what it adds to a work corpus stays out of git (see tests/fuzz/run.py).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from websockets.frames import Frame, Opcode

from shared.protocol import MAX_FRAME, encode, hello

CORPUS = Path(__file__).resolve().parent / "corpus"

HELLO = encode(hello("Ada"))
MOVE = encode({"t": "move", "table": 1, "seat": 0, "move": {"type": "take", "gems": [1, 2]}})
MESSAGES = [
    HELLO,
    MOVE,
    encode({"t": "create", "game": "das-kollier", "seats": 2, "options": {"a": [True, None]}}),
    encode({"t": "chat", "table": 1, "text": "hi\u202e there", "id": "c1"}),
    encode({"t": "join", "table": 3, "seat": 16, "id": 2**63}),
    encode({"t": "ping", "pad": 1}),
    b"\xdd\x00\x01\x00\x00",  # a list header of 65,536 items
    b"\x81\xa1t" + b"\x91" * 40 + b"\x00",  # nested lists
    b"\xdb" + (MAX_FRAME + 1).to_bytes(4, "big") + b"x" * 16,  # a string over the frame
    b"\xc1",  # never used in msgpack
    b"\x82\x91\x00\x00\xa1t\xa4ping",  # a list as a key
]


def frame(opcode: Opcode, data: bytes, fin: bool = True) -> bytes:
    """A frame as a browser sends it (masked)."""
    return Frame(opcode, data, fin=fin).serialize(mask=True, extensions=[])


def request(line: str, *headers: str) -> bytes:
    return "\r\n".join([line, "Host: 127.0.0.1", *headers, "", ""]).encode()


def seeds() -> dict[str, list[bytes]]:
    """Every harness's seed inputs (each starts with the harness's control byte)."""
    stream = [bytes([1]) + m for m in MESSAGES] + [bytes([0]) + HELLO + MOVE]
    stream.append(bytes([7]) + MOVE + MOVE[:5])
    # Control byte 1: the harness opens the WebSocket first; 3: and says hello; 0: raw HTTP.
    gateway = [
        bytes([3]) + frame(Opcode.BINARY, MOVE),
        bytes([3]) + frame(Opcode.TEXT, b'{"t": "ping"}'),
        bytes([3]) + frame(Opcode.BINARY, MOVE[:6], fin=False) + frame(Opcode.CONT, MOVE[6:]),
        bytes([3]) + frame(Opcode.PING, b"p") + frame(Opcode.CLOSE, b"\x03\xe8bye"),
        bytes([1]) + frame(Opcode.BINARY, b"\xc1"),
        bytes([3]) + b"\x82\xff" + (MAX_FRAME + 1).to_bytes(8, "big") + b"mask",
        bytes([0]) + request("GET / HTTP/1.1"),
        bytes([0]) + request("GET /%2e%2e/server/web.py HTTP/1.1"),
        bytes([0]) + request("GET /i18n/de.json HTTP/1.1"),
        bytes([0]) + request("GET /tv?table=3 HTTP/1.0"),
        bytes([0]) + request("POST /ws HTTP/1.1", "Content-Length: 0"),
        bytes([0]) + request("GET /ws HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade"),
    ]
    # Structured inputs are read by FuzzedDataProvider: any bytes make a message.
    messages = [bytes([n]) * 8 for n in (0, 1, 7, 40, 130, 255)]
    messages += [bytes(range(32)), bytes(range(255, 200, -1))]
    return {"stream": stream, "gateway": gateway, "messages": messages}


def main() -> None:
    for name, inputs in seeds().items():
        folder = CORPUS / name
        folder.mkdir(parents=True, exist_ok=True)
        for data in inputs:
            (folder / f"seed-{hashlib.sha1(data).hexdigest()[:12]}").write_bytes(data)


if __name__ == "__main__":
    main()
