"""Fuzzing the running server over a socket: random bytes, wrong types, huge numbers, deep
nesting and oversized frames. The server stays up, and a game going on between other clients
is not touched: its state does not change and its players hear nothing of the fuzzing."""

from __future__ import annotations

import socket
import time

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared import engine
from shared.protocol import CLIENT_MESSAGES, MAX_FRAME, ClientSide, encode, hello
from tests.test_server_kit import HOST, ServerThread

pytestmark = pytest.mark.timeout(120)


class Blocking:
    """A minimal blocking client for the bystanders."""

    def __init__(self, port: int, name: str) -> None:
        self.sock = socket.create_connection((HOST, port), timeout=10)
        self.side = ClientSide()
        self.queue: list[dict] = []
        self.send(hello(name))
        self.welcome = self.expect("welcome")

    def send(self, msg: dict) -> None:
        self.sock.sendall(encode(msg))

    def expect(self, kind: str) -> dict:
        while True:
            while self.queue:
                msg = self.queue.pop(0)
                if msg["t"] == kind:
                    return msg
            data = self.sock.recv(65536)
            assert data, "the server closed a bystander's connection"
            self.queue.extend(self.side.receive_data(data))

    def quiet(self) -> list[dict]:
        """Everything received up to a ping round trip."""
        self.send({"t": "ping", "id": "q"})
        heard = []
        while True:
            msg = self.expect_any()
            if msg["t"] == "pong" and msg.get("ref") == "q":
                return heard
            heard.append(msg)

    def expect_any(self) -> dict:
        while not self.queue:
            data = self.sock.recv(65536)
            assert data, "the server closed a bystander's connection"
            self.queue.extend(self.side.receive_data(data))
        return self.queue.pop(0)


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    """A server with a game under way between two bystanders (and a spectator)."""
    with ServerThread(tmp_path_factory.mktemp("fuzz")) as server:
        ada, bob, eve = (Blocking(server.port, n) for n in ("Ada", "Bob", "Eve"))
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "seed": 3})
        table = ada.expect("joined")["table"]
        bob.send({"t": "join", "table": table})
        bob.expect("joined")
        eve.send({"t": "watch", "table": table})
        eve.expect("joined")
        ada.send({"t": "start", "table": table})
        for person in (ada, bob, eve):
            person.expect("sync")
            person.quiet()
        yield server, table, (ada, bob, eve)


def nested(depth: int) -> bytes:
    """A move holding lists nested `depth` deep, packed by hand."""
    inner = b"\x91" * depth + b"\x00"
    return b"\x84\xa1t\xa4move\xa5table\x01\xa4seat\x00\xa4move\x81\xa1x" + inner


plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats()
    | st.text(max_size=12)
    | st.binary(max_size=12),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.integers(0, 9), children, max_size=4)
    ),
    max_leaves=20,
)

wrong_types = st.builds(
    lambda kind, fields: msgpack.packb({"t": kind, **fields}, use_bin_type=True),
    st.sampled_from([*CLIENT_MESSAGES, "nonsense"]),
    st.dictionaries(
        st.sampled_from(["table", "seat", "move", "game", "seats", "options", "id", "v", "name"]),
        plain,
        max_size=5,
    ),
)

frames = st.one_of(
    st.binary(max_size=400),
    wrong_types,
    st.integers(min_value=1, max_value=3000).map(nested),
    st.sampled_from(
        [
            b"\xdb" + (MAX_FRAME + 1).to_bytes(4, "big") + b"x" * (MAX_FRAME + 1),
            # Over 1 MiB in all, though every string and list in it is within its limit.
            encode({"t": "ping", "pad": ["x" * 4000] * 300}),
            b"\xdd" + (2**32 - 1).to_bytes(4, "big"),
            b"\xcf" + b"\xff" * 8,
            encode({"t": "move", "table": 1, "seat": 0, "move": {"type": "place_pawn"}}),
            encode({"t": "move", "table": 1, "seat": 1, "move": {"type": "move", "n": 2**63}}),
        ]
    ),
)


@settings(
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(greet=st.booleans(), payload=st.lists(frames, min_size=1, max_size=4))
def test_garbage_from_one_client_touches_nobody_else(arena, greet, payload):
    server, table, bystanders = arena
    before = server.call(lambda: (server.server.lobby.tables[table].seq,))
    fuzz = socket.create_connection((HOST, server.port), timeout=10)
    try:
        if greet:
            fuzz.sendall(encode(hello("Mallory")))
        for frame in payload:
            fuzz.sendall(frame)
        # Wait until the server has read everything and hung up, so the checks below come after.
        fuzz.shutdown(socket.SHUT_WR)
        while fuzz.recv(65536):
            pass
    except OSError:
        pass  # the server may cut a fuzzer off half-way; that is its right
    finally:
        fuzz.close()
    for person in bystanders:
        # A fuzzer may validly watch the table (the spectator count changes); nothing else.
        heard = [m["t"] for m in person.quiet()]
        assert set(heard) <= {"table"}, f"a bystander heard {heard} from the fuzzing"
    assert server.call(lambda: (server.server.lobby.tables[table].seq,)) == before


def test_after_the_fuzzing_the_game_goes_on_and_nothing_lingers(arena):
    server, table, (ada, bob, eve) = arena
    game = engine.get_game("magie-des-bijoux")
    state = server.call(lambda: server.server.lobby.tables[table].state)
    seat = game.to_act(state)[0]
    mover = (ada, bob)[seat]
    mover.send(
        {"t": "move", "table": table, "seat": seat, "move": game.legal_moves(state, seat)[0]}
    )
    assert eve.expect("update")["seq"] == 1
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        sessions = server.call(lambda: len(server.server.lobby.sessions))
        if sessions == 3:
            break
        time.sleep(0.05)
    assert sessions == 3, "fuzzing connections were not cleaned up"
