"""The browser gateway (server/web.py) on 127.0.0.1: whole games over `/ws` by a Python WebSocket
client, the same refusals as the TCP port, and only the page's own files over HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import random
import re
import socket
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed as WebSocketClosed

from client.net.connection import AsyncClient, ConnectionClosed
from server import web, web_files
from shared import engine
from shared.protocol import MAX_FRAME, MAX_STRIKES, encode, hello
from tests.test_server_kit import (
    HOST,
    arun,
    check_wire,
    connect,
    latest,
    players_for,
    running_server,
)

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parent.parent
# Options that keep a whole game short: Das Kollier's open auctions close after 1 quiet second.
QUICK_OPTIONS = {"das-kollier": {"quiet_time": 1}}


class WebClient(AsyncClient):
    """The kit's `AsyncClient` over a WebSocket at `/ws`: the same `send`, `expect`, `wait_for`
    and `log`, so the server tests' helpers drive it unchanged. It checks what a browser relies
    on: every message from the server is one binary frame holding exactly one msgpack map."""

    def __init__(self, ws: ClientConnection, keep_log: bool = True) -> None:
        self.ws = ws
        # Frames that broke the one-message-per-binary-frame rule (must stay empty).
        self.bad_frames: list[Any] = []
        self.close_code: int | None = None
        self._outbox: asyncio.Queue[bytes | str] = asyncio.Queue()
        self._sending = asyncio.get_running_loop().create_task(self._send_loop())
        super().__init__(None, None, keep_log)  # type: ignore[arg-type]

    @classmethod
    async def open(
        cls,
        port: int,
        name: str | None = "player",
        token: str | None = None,
        *,
        take_over: bool = False,
        path: str = "/ws",
    ) -> WebClient:
        """Open `/ws` on 127.0.0.1; with a `name`, say hello and wait for `welcome`."""
        ws = await ws_connect(f"ws://{HOST}:{port}{path}", max_size=None, compression=None)
        client = cls(ws)
        if name is not None:
            client.send(hello(name, token, take_over))
            client.welcome = await client.expect("welcome")
            client.token = client.welcome["token"]
        return client

    def send_raw(self, data: bytes | str) -> None:
        """One WebSocket message as it is: bytes in a binary frame, str in a text frame."""
        self._outbox.put_nowait(data)

    async def drain(self) -> None:
        while not self._outbox.empty():
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        await self.ws.close()
        self._sending.cancel()
        self._reading.cancel()

    async def _send_loop(self) -> None:
        with contextlib.suppress(WebSocketClosed):
            while True:
                await self.ws.send(await self._outbox.get())

    async def _read_loop(self) -> None:
        try:
            async for frame in self.ws:
                try:
                    msg = msgpack.unpackb(frame, raw=False, strict_map_key=False)
                except (ValueError, TypeError, msgpack.UnpackException):
                    msg = None
                if not isinstance(frame, bytes) or not isinstance(msg, dict) or "t" not in msg:
                    self.bad_frames.append(frame)
                    continue
                if msg["t"] == "bye":
                    self.bye = msg
                if self.log is not None:
                    self.log.append(msg)
                self._inbox.put_nowait(msg)
        except WebSocketClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self._inbox.put_nowait(None)


@contextlib.asynccontextmanager
async def gateway(tmp_path: Path, **changes: Any):
    """A test server (127.0.0.1, any ports, instant bots) with its browser gateway on."""
    async with running_server(tmp_path, web_port=0, **changes) as server:
        yield server


async def http_get(port: int, target: str, method: str = "GET", headers: str = "") -> tuple:
    """A raw HTTP/1.1 request (the target exactly as written: no client tidies it up); the
    status code, the headers (lower-case names) and the body."""
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(f"{method} {target} HTTP/1.1\r\nHost: {HOST}\r\n{headers}\r\n".encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = dict(line.split(": ", 1) for line in lines[1:])
    return status, {k.lower(): v for k, v in fields.items()}, body


# ---------------------------------------------------------------------- whole games


async def play_web_seats(
    table: int, seats: dict[int, WebClient], watcher: WebClient, rng: random.Random
) -> dict:
    """Random legal moves for the seats the web clients hold, bots and timers playing the rest,
    until the game ends; the watcher's last update. Each move is sent with the `seq` it was chosen
    at: the only refusals allowed say that a bot moved first, in a real-time phase."""
    watched = await latest(watcher, table, None, 0)
    sent = {seat: 0 for seat in seats}
    while watched["status"] != "finished":
        mine = [s for s in watched["to_act"] if s in seats]
        if mine:
            seat = rng.choice(mine)
            seen = await latest(seats[seat], table, seat, watched["seq"])
            if seen["seq"] == watched["seq"] and seen["legal_moves"]:
                move = rng.choice(seen["legal_moves"])
                sent[seat] += 1
                msg = {"t": "move", "table": table, "seat": seat, "move": move}
                seats[seat].send({**msg, "seq": seen["seq"], "id": f"{seat}-{sent[seat]}"})
        watched = await latest(watcher, table, None, watched["seq"] + 1)
    for seat, client in seats.items():
        client.send({"t": "ping", "id": "last"})  # everything sent before it has arrived
        await client.expect("pong", ref="last")
        acks = {m.get("ack") for m in client.log if m["t"] == "update" and m.get("seat") == seat}
        refused = [m for m in client.log if m["t"] == "error"]
        # A bot's move may come first (`stale`), or end the game first (`not_playing`).
        assert {m["code"] for m in refused} <= {"stale", "not_playing"}, refused
        ids = {f"{seat}-{n}" for n in range(1, sent[seat] + 1)}
        assert ids == (acks - {None}) | {m["ref"] for m in refused}, "a move got no answer"
    return watched


@pytest.mark.parametrize("game_id", engine.list_games())
@arun(100)
async def test_a_whole_game_over_the_websocket_with_bots_shows_each_seat_only_its_view(
    tmp_path, game_id
):
    game = engine.get_game(game_id)
    players = players_for(game)
    async with gateway(tmp_path) as server:
        ada = await WebClient.open(server.web_port, "Ada")
        bea = await WebClient.open(server.web_port, "Bea")
        watcher = await WebClient.open(server.web_port, "Watcher")
        options = QUICK_OPTIONS.get(game_id, {})
        ada.send({"t": "create", "game": game_id, "seats": players, "seed": 5, "options": options})
        table = (await ada.expect("joined"))["table"]
        bea.send({"t": "join", "table": table, "seat": 1})
        await bea.expect("joined", table=table)
        for _ in range(2, players):
            ada.send({"t": "bot", "table": table, "level": "random"})
        await ada.wait_for(lambda m: m["t"] == "table" and None not in _seat_names(m))
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined", table=table)
        ada.send({"t": "start", "table": table})
        final = await play_web_seats(table, {0: ada, 1: bea}, watcher, random.Random(7))
        state = server.lobby.tables[table].state
        assert final["outcome"] == game.outcome(state)
        for client in (ada, bea, watcher):
            assert client.bad_frames == []
        received = {
            "Ada": (ada.log, {0}),
            "Bea": (bea.log, {1}),
            "Watcher": (watcher.log, {None}),
        }
    checked = check_wire(tmp_path, table, received)
    assert checked >= 3 * final["seq"]


def _seat_names(msg: dict) -> list:
    return [seat["name"] for seat in msg["table"]["seats"]]


@arun(30)
async def test_a_browser_and_a_tcp_client_share_a_table_and_a_token_works_on_either(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    async with gateway(tmp_path) as server:
        phone = await WebClient.open(server.web_port, "Phone")
        desk = await connect(server, "Desk")
        desk.send({"t": "create", "game": game.id, "seats": 2, "seed": 3})
        table = (await desk.expect("joined"))["table"]
        phone.send({"t": "join", "table": table, "seat": 1})
        await phone.expect("joined", table=table)
        desk.send({"t": "start", "table": table})
        sync = await latest(phone, table, 1, 0)
        assert sync["view"] == game.view(server.lobby.tables[table].state, 1)
        # The phone sleeps; its seat waits; it comes back over TCP, then over the web again.
        token = phone.token
        await phone.close()
        await desk.wait_for(lambda m: m["t"] == "table" and not m["table"]["seats"][1]["connected"])
        back = await connect(server, "Phone", token=token)
        assert back.welcome["resumed"] == [table]
        await latest(back, table, 1, 0)
        again = await WebClient.open(server.web_port, "Phone", token, take_over=True)
        assert again.welcome["resumed"] == [table]
        assert (await latest(again, table, 1, 0))["seat"] == 1
        assert (await back.expect("bye"))["code"] == "replaced"


# ---------------------------------------------------------------------- refusals


async def _closed_after(client: WebClient, *codes: str) -> None:
    """The client gets exactly these `error` codes, then `bye` with the last one, then the end."""
    for code in codes:
        assert (await client.expect("error", 15))["code"] == code
    assert (await client.expect("bye", 15))["code"] == codes[-1]
    with pytest.raises(ConnectionClosed):
        await client.recv(5)


async def _still_served(server: Any, *others: WebClient) -> None:
    """The refusal cost nobody else anything: the others still get answers."""
    fresh = await WebClient.open(server.web_port, "Fresh")
    for client in (fresh, *others):
        client.send({"t": "ping", "id": "still"})
        assert (await client.expect("pong"))["ref"] == "still"


@arun(30)
async def test_a_frame_over_one_mib_gets_frame_too_large_and_the_socket_closes(tmp_path):
    async with gateway(tmp_path) as server:
        ada = await WebClient.open(server.web_port, "Ada")
        mallory = await WebClient.open(server.web_port, "Mallory")
        # Every string and list within its limit; only the whole message is too big.
        mallory.send({"t": "ping", "pad": ["x" * 4000] * 300})
        await _closed_after(mallory, "frame_too_large")
        assert mallory.close_code == 1009
        # Refused from its header alone, as one of many megabytes would be.
        huge = await WebClient.open(server.web_port, "Huge")
        huge.send_raw(b"\x00" * (MAX_FRAME + 1))
        await _closed_after(huge, "frame_too_large")
        await _still_served(server, ada)


@arun(30)
async def test_a_text_frame_is_refused_as_undecodable_and_closes(tmp_path):
    async with gateway(tmp_path) as server:
        mallory = await WebClient.open(server.web_port, "Mallory")
        mallory.send_raw('{"t": "ping"}')
        await _closed_after(mallory, "undecodable")
        await _still_served(server)


@arun(30)
async def test_bad_msgpack_is_refused_as_undecodable_and_closes(tmp_path):
    async with gateway(tmp_path) as server:
        mallory = await WebClient.open(server.web_port, "Mallory")
        mallory.send_raw(b"\xc1")  # a byte msgpack never uses
        await _closed_after(mallory, "undecodable")
        await _still_served(server)


@pytest.mark.parametrize(
    "frame",
    [
        encode({"t": "ping"}) + encode({"t": "ping"}),
        encode({"t": "ping", "id": "half"})[:-3],
        b"",
    ],
    ids=["two messages", "half a message", "empty"],
)
@arun(30)
async def test_a_frame_must_hold_exactly_one_message(tmp_path, frame):
    async with gateway(tmp_path) as server:
        mallory = await WebClient.open(server.web_port, "Mallory")
        mallory.send_raw(frame)
        await _closed_after(mallory, "undecodable")
        assert not [m for m in mallory.log if m["t"] == "pong"]


@arun(30)
async def test_checked_refusals_are_the_tcp_ports_own(tmp_path):
    """A wrong message gets its error and the socket stays open; hello comes first; eight
    refusals in a row end the connection — exactly as over TCP."""
    async with gateway(tmp_path) as server:
        early = await WebClient.open(server.web_port, None)
        early.send({"t": "ping", "id": 1})
        assert (await early.expect("error"))["code"] == "hello_first"
        mallory = await WebClient.open(server.web_port, "Mallory")
        mallory.send({"t": "move", "table": 99, "seat": 0, "move": {}, "id": "m"})
        assert (await mallory.expect("error", ref="m"))["code"] == "no_table"
        for n in range(MAX_STRIKES):
            mallory.send({"t": "teleport", "id": n})
        codes = [(await mallory.expect("error", ref=n))["code"] for n in range(MAX_STRIKES)]
        assert codes == ["unknown_type"] * MAX_STRIKES
        assert (await mallory.expect("bye"))["code"] == "unknown_type"
        version = await WebClient.open(server.web_port, None)
        version.send({**hello("Old"), "v": 0})
        await _closed_after(version, "version")


@arun(30)
async def test_a_websocket_that_never_says_hello_is_closed(tmp_path, monkeypatch):
    import server.app

    monkeypatch.setattr(server.app, "HELLO_TIMEOUT", 0.3)
    async with gateway(tmp_path) as srv:
        silent = await WebClient.open(srv.web_port, None)
        with pytest.raises(ConnectionClosed):
            await silent.recv(5)


@arun(30)
async def test_the_server_says_goodbye_to_browsers_when_it_stops(tmp_path):
    async with gateway(tmp_path) as server:
        ada = await WebClient.open(server.web_port, "Ada")
    assert (await ada.expect("bye"))["code"] == "shutdown"


@arun(60)
async def test_a_browser_too_far_behind_is_cut_off_keeps_its_seat_and_stalls_nobody(
    tmp_path, monkeypatch, caplog
):
    import server.app

    monkeypatch.setattr(server.app, "MAX_QUEUED_BYTES", 64 << 10)
    game = engine.get_game("magie-des-bijoux")
    async with gateway(tmp_path) as srv:
        ada = await connect(srv, "Ada")
        ada.send({"t": "create", "game": game.id, "seats": 2, "seed": 1})
        table = (await ada.expect("joined"))["table"]
        # A phone that stops reading: its library takes one message, then the socket fills.
        sleeper = await ws_connect(f"ws://{HOST}:{srv.web_port}/ws", max_queue=1)
        await sleeper.send(encode(hello("Zzz")))
        await sleeper.send(encode({"t": "join", "table": table, "seat": 1}))
        await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["seats"][1]["name"] == "Zzz")
        ada.send({"t": "start", "table": table})
        await latest(ada, table, 0, 0)
        with contextlib.suppress(WebSocketClosed):
            for _ in range(200):
                if not any(p.name == "Zzz" and p.connected for p in srv.lobby.identities.values()):
                    break
                for _ in range(200):
                    await sleeper.send(encode({"t": "sync", "table": table}))
                await asyncio.sleep(0.02)
        await ada.wait_for(
            lambda m: m["t"] == "table" and not m["table"]["seats"][1]["connected"], 15
        )
        kept = srv.lobby.tables[table].seats[1]
        assert kept.name == "Zzz" and kept.holder_key is not None, "the seat was not kept"
        ada.send({"t": "ping", "id": "awake"})
        assert (await ada.expect("pong", 2))["ref"] == "awake"
        sleeper.transport.abort()
    assert "too slow; disconnecting it" in caplog.text


# ---------------------------------------------------------------------- the page's files


@pytest.mark.parametrize(
    "target",
    [
        "/../pyproject.toml",
        "/../../../../etc/passwd",
        "/%2e%2e/pyproject.toml",
        "/%2E%2E/%2E%2E/pyproject.toml",
        "/..%2fpyproject.toml",
        "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/index.html/../../pyproject.toml",
        "/./index.html",
        "//etc/passwd",
        "/%00index.html",
        "/..\\pyproject.toml",
    ],
)
@arun(30)
async def test_no_path_outside_the_page_is_served(tmp_path, target):
    async with gateway(tmp_path) as server:
        status, _, body = await http_get(server.web_port, target)
    assert status == 404
    assert b"[project]" not in body and b"root:" not in body


@arun(30)
async def test_unknown_paths_folders_and_other_methods_get_a_clean_4xx(tmp_path):
    async with gateway(tmp_path) as server:
        port = server.web_port
        assert (await http_get(port, "/no-such-file.js"))[0] == 404
        assert (await http_get(port, "/ws.html"))[0] == 404
        status, headers, _ = await http_get(port, "/", method="POST")
        assert status == 405 and headers["allow"] == "GET"
        # `/ws` without a WebSocket handshake is no page either.
        assert 400 <= (await http_get(port, "/ws"))[0] < 500


def test_the_page_folder_serves_files_only_inside_it(tmp_path):
    """No folder listing, no hidden file, no file of a kind the page is not made of, and no
    way out through a link."""
    root = tmp_path / "web"
    (root / "games").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html>")
    (root / "games" / "bijoux.js").write_text("export {}")
    (root / ".secret.json").write_text("{}")
    (root / "notes.py").write_text("")
    (tmp_path / "outside.js").write_text("export {}")
    (root / "link.js").symlink_to(tmp_path / "outside.js")
    assert web_files.page_file("/", root) == (root / "index.html").resolve()
    assert (
        web_files.page_file("/games/bijoux.js?v=2", root)
        == (root / "games" / "bijoux.js").resolve()
    )
    for path in ("/games", "/games/", "/.secret.json", "/notes.py", "/link.js", "games/bijoux.js"):
        assert web_files.page_file(path, root) is None, path


@arun(30)
async def test_every_file_of_the_page_is_served_with_its_type_and_names_no_other_host(tmp_path):
    files = [
        p
        for p in web_files.WEB_ROOT.rglob("*")
        if p.is_file() and web_files.page_file("/" + p.relative_to(web_files.WEB_ROOT).as_posix())
    ]
    assert web_files.WEB_ROOT / "index.html" in files
    async with gateway(tmp_path) as server:
        for path in files:
            target = "/" + urllib.parse.quote(path.relative_to(web_files.WEB_ROOT).as_posix())
            status, headers, body = await http_get(server.web_port, target)
            assert status == 200, target
            assert headers["content-type"] == web_files.CONTENT_TYPES[path.suffix.lower()]
            assert int(headers["content-length"]) == len(body) and body == path.read_bytes()
            assert not other_hosts(body.decode("utf-8", "replace")), (target, other_hosts(body))
        status, headers, body = await http_get(server.web_port, "/")
        assert status == 200 and headers["content-type"].startswith("text/html")
        for ref in local_references(body.decode("utf-8")):
            assert (await http_get(server.web_port, ref))[0] == 200, f"/ refers to {ref}: 404"


@arun(30)
async def test_the_pages_text_is_gzipped_for_a_browser_that_takes_it(tmp_path):
    async with gateway(tmp_path) as server:
        port = server.web_port
        for target, path in (
            ("/app.js", web_files.WEB_ROOT / "app.js"),
            ("/style.css", web_files.WEB_ROOT / "style.css"),
            ("/games/das-kollier.js", web_files.WEB_ROOT / "games" / "das-kollier.js"),
        ):
            plain = path.read_bytes()
            status, headers, body = await http_get(
                port, target, headers="Accept-Encoding: gzip, deflate, br\r\n"
            )
            assert status == 200 and headers["content-encoding"] == "gzip", target
            assert headers["vary"] == "Accept-Encoding"
            assert int(headers["content-length"]) == len(body) < len(plain) / 2
            assert gzip.decompress(body) == plain
            # Asked again: the same bytes (compressed once, kept).
            assert (await http_get(port, target, headers="Accept-Encoding: gzip\r\n"))[2] == body
            # No gzip asked for, or refused by its q-value: the file as it is.
            for refusal in ("", "Accept-Encoding: identity\r\n", "Accept-Encoding: gzip;q=0\r\n"):
                status, headers, body = await http_get(port, target, headers=refusal)
                assert "content-encoding" not in headers and body == plain, (target, refusal)
        # A file under GZIP_FROM bytes is not worth it (index.html, 657 bytes today); the
        # catalogs are text too; images are compressed already.
        index = (web_files.WEB_ROOT / "index.html").read_bytes()
        status, headers, body = await http_get(port, "/", headers="Accept-Encoding: gzip\r\n")
        assert ("content-encoding" in headers) == (len(index) >= web_files.GZIP_FROM)
        status, headers, body = await http_get(
            port, "/i18n/de.json", headers="Accept-Encoding: gzip\r\n"
        )
        assert status == 200 and headers["content-encoding"] == "gzip"
        assert json.loads(gzip.decompress(body))
        icon = next(p for p in web_files.WEB_ROOT.rglob("*.png"))
        target = "/" + icon.relative_to(web_files.WEB_ROOT).as_posix()
        status, headers, body = await http_get(port, target, headers="Accept-Encoding: gzip\r\n")
        assert "content-encoding" not in headers and body == icon.read_bytes()


def test_accept_encoding_is_read_with_its_q_values():
    assert web_files.takes_gzip("gzip")
    assert web_files.takes_gzip("deflate, gzip;q=0.5")
    assert web_files.takes_gzip("*")
    assert web_files.takes_gzip("GZIP ; q=1")
    for no in (None, "", "identity", "gzip;q=0", "gzip;q=0.0", "*;q=0", "gzip;q=x", "br"):
        assert not web_files.takes_gzip(no), no


# What a page loads from: attributes, CSS urls and imports, JavaScript imports and requests.
LOADS = re.compile(
    r"""(?:\b(?:src|href|action|srcset|poster|data)\s*=\s*["']?|url\(\s*["']?|@import\s+["']"""
    r"""|\bfrom\s*["']|\bimport\s*\(?\s*["']|\b(?:fetch|WebSocket|EventSource|Worker|"""
    r"""importScripts|open)\s*\(\s*["'`])([^"'`)\s>]+)""",
    re.IGNORECASE,
)
# An address with a host of its own: a scheme with `//`, or a protocol-relative `//host`.
ELSEWHERE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


def other_hosts(text: str) -> list[str]:
    """The references in a file that would load something from another host."""
    return [ref for ref in LOADS.findall(text) if ELSEWHERE.match(ref)]


def local_references(html: str) -> list[str]:
    """The page's own files that an HTML page names (absolute paths from `/`)."""
    refs = []
    for ref in LOADS.findall(html):
        if ELSEWHERE.match(ref) or ref.startswith(("#", "data:", "mailto:", "javascript:")):
            continue
        refs.append(urllib.parse.urljoin("/", ref))
    return refs


def test_the_host_check_catches_a_reference_to_another_host():
    page = """<script type="module" src="https://cdn.example/app.js"></script>
              <link href="//fonts.example/f.css"><img src="./games/gem.svg">"""
    script = """import {x} from "https://esm.example/x.js"; fetch('http://10.0.0.1/a');
                const svg = "http://www.w3.org/2000/svg"; import y from "./y.js";"""
    assert other_hosts(page) == ["https://cdn.example/app.js", "//fonts.example/f.css"]
    assert other_hosts(script) == ["https://esm.example/x.js", "http://10.0.0.1/a"]
    assert local_references(page) == ["/games/gem.svg"]


# ---------------------------------------------------------------------- addresses and commands


def test_web_urls_put_lan_addresses_first_and_loopback_last(monkeypatch):
    class Ip:
        def __init__(self, ip):
            self.ip = ip

    class Adapter:
        def __init__(self, *ips):
            self.ips = [Ip(ip) for ip in ips]

    adapters = [Adapter("127.0.0.1", ("::1", 0, 0)), Adapter("192.168.1.20"), Adapter("10.0.0.7")]
    monkeypatch.setattr(web.ifaddr, "get_adapters", lambda: adapters)
    assert web.web_urls("0.0.0.0", 7767) == [
        "http://10.0.0.7:7767/",
        "http://192.168.1.20:7767/",
        "http://127.0.0.1:7767/",
    ]
    assert web.web_urls("0.0.0.0", 7767, ["192.168.1.20"]) == [
        "http://192.168.1.20:7767/",
        "http://127.0.0.1:7767/",
    ]
    assert web.web_urls(HOST, 9000) == ["http://127.0.0.1:9000/"]


@arun(60)
async def test_discovery_tells_the_web_port_and_discover_shows_the_url(tmp_path):
    from zeroconf.asyncio import AsyncServiceInfo

    from server.discovery import service_record
    from shared.protocol import SERVICE_TYPE
    from tests.test_discovery import LOOPBACK, heard, unique_name

    name = unique_name("web")
    async with gateway(tmp_path, name=name, discovery=True, interfaces=LOOPBACK) as server:
        assert server.advertiser._properties()["web"] == str(server.web_port)
        found = await heard(name, LOOPBACK)
        assert found is not None, "the browser did not hear the server on 127.0.0.1"
        assert found["web"] == f"http://{HOST}:{server.web_port}/"
    name = unique_name("noweb")  # a name of its own: other test processes advertise too
    async with running_server(tmp_path, name=name, discovery=True, interfaces=LOOPBACK) as server:
        assert "web" not in server.advertiser._properties()
    without = AsyncServiceInfo(
        SERVICE_TYPE,
        f"x.{SERVICE_TYPE}",
        addresses=[socket.inet_aton(HOST)],
        port=7766,
        properties={"v": "1", "web": "not a port"},
    )
    assert service_record(without)["web"] is None


def test_web_port_defaults_to_the_game_port_plus_one(monkeypatch):
    import server.app
    from client.cli import main

    seen = []
    monkeypatch.setattr(server.app, "run", lambda config: seen.append(config) or 0)
    for extra in ([], ["--port", "0"], ["--port", "65535"], ["--web-port", "8080"], ["--no-web"]):
        assert main(["serve", "--host", HOST, "--no-discovery", *extra]) == 0
    assert [c.web_port for c in seen] == [7767, 0, 0, 8080, None]


def test_serve_prints_each_web_url_and_a_qr_code_and_serves_the_page(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "client.cli", "serve", "--host", HOST, "--port", "0"]
        + ["--web-port", "0", "--no-discovery", "--data", str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
    )
    try:
        assert proc.stdout is not None
        assert "listening on" in proc.stdout.readline()
        line = proc.stdout.readline()
        found = re.fullmatch(r"web: http://127\.0\.0\.1:(\d+)/\n", line)
        assert found, line
        qr = [proc.stdout.readline() for _ in range(5)]
        assert all(set(row.strip("\n")) <= set(" █▀▄") for row in qr), qr
        status, _, body = asyncio.run(http_get(int(found.group(1)), "/"))
        assert status == 200 and body == (web_files.WEB_ROOT / "index.html").read_bytes()
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_built_in_host_serves_the_page_and_tells_its_urls():
    from client.net.host import LocalServer

    local = LocalServer("Test table", [HOST], discovery=False, port=0).start()
    try:
        local.wait()
        [url] = local.web_urls
        port = int(re.fullmatch(r"http://127\.0\.0\.1:(\d+)/", url).group(1))
        assert port != local.port
        assert asyncio.run(http_get(port, "/"))[0] == 200
    finally:
        local.stop()
    off = LocalServer("Test table", [HOST], discovery=False, port=0, web=False).start()
    try:
        off.wait()
        assert off.web_urls == []
    finally:
        off.stop()
