"""The threaded client connection (client/net/connection.py) against a real server: polling without
blocking, states, and reconnecting with the token after the server restarts."""

from __future__ import annotations

import socket
import time

import pytest

from client.net.connection import Connection
from tests.test_server_kit import HOST, ServerThread

pytestmark = pytest.mark.timeout(60)


def poll_until(conn: Connection, match, timeout: float = 10.0) -> list[dict]:
    """Poll (as a UI frame loop would) until a message matches; everything polled so far."""
    got: list[dict] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got.extend(conn.poll())
        if any(match(m) for m in got):
            return got
        time.sleep(0.01)
    raise AssertionError(f"no matching message; got {[m['t'] for m in got]}")


def test_a_connection_survives_a_server_restart_and_gets_its_seats_back(tmp_path):
    with ServerThread(tmp_path) as server:
        port = server.port
        conn = Connection(HOST, port, "Ada").start()
        got = poll_until(conn, lambda m: m["t"] == "welcome")
        assert got[0] == {"t": "connection", "state": "connected", "reason": None, "code": None}
        assert conn.state == "connected" and conn.token == conn.welcome["token"]
        assert conn.send({"t": "create", "game": "magie-des-bijoux", "seats": 2})
        table = next(m for m in poll_until(conn, lambda m: m["t"] == "joined") if "seats" in m)
        token = conn.token
    got = poll_until(conn, lambda m: m.get("state") == "reconnecting")
    assert {"t": "bye", "code": "shutdown", "reason": "the server is shutting down"} in got
    assert not conn.send({"t": "ping"}), "sending while disconnected is refused"
    with ServerThread(tmp_path, port=port):
        got = poll_until(conn, lambda m: m["t"] == "joined")
        assert conn.state == "connected" and conn.token == token
        welcome = next(m for m in got if m["t"] == "welcome")
        assert welcome["resumed"] == [table["table"]]
        conn.close()
    assert conn.state == "closed"


def test_a_connection_to_no_server_ends_closed_with_a_reason():
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port = probe.getsockname()[1]
    conn = Connection(HOST, port, "Ada").start()
    (msg,) = poll_until(conn, lambda m: m["t"] == "connection")
    assert msg["state"] == "closed" and "cannot connect" in msg["reason"]
    conn.close()


def test_a_second_window_is_refused_until_it_takes_over(tmp_path):
    with ServerThread(tmp_path) as server:
        first = Connection(HOST, server.port, "Ada").start()
        poll_until(first, lambda m: m["t"] == "welcome")
        second = Connection(HOST, server.port, "Ada", token=first.token).start()
        got = poll_until(second, lambda m: m.get("state") == "closed")
        assert got[-1]["code"] == "in_use" and first.state == "connected"
        second.close()
        third = Connection(HOST, server.port, "Ada", token=first.token, take_over=True).start()
        poll_until(third, lambda m: m["t"] == "welcome")
        got = poll_until(first, lambda m: m.get("state") == "closed")
        assert got[-1]["code"] == "replaced"
        assert third.state == "connected"
        third.close()
        first.close()
