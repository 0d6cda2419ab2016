"""The table display (client/web/tv.html at /tv): a TV's browser watching bots play.

Debian's chromium through Playwright at 1920×1080, as test_web_page.py does for the phone. The
tables are made and started by a Python client; the display only watches. Everything it received
over its WebSocket is captured and put through the server tests' leak check (`check_wire`): each
`sync` and `update` is the spectator's and exactly what the engine gives a spectator.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
from pathlib import Path
from typing import Any

import msgpack
import pytest

from client.net.connection import AsyncClient
from server.web import page_file
from tests.test_server_kit import HOST, ServerThread, check_wire, forbidden_keys
from tests.test_web_page import WEB, browser_missing

TV = {"width": 1920, "height": 1080}

needs_browser = pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))


def television(browser, locale: str = "en-GB"):
    """A page at 1920×1080 that keeps every WebSocket frame it receives (`page.frames`)."""
    page = browser.new_page(viewport=TV, locale=locale)
    page.add_init_script(COUNT_ANIMATIONS)
    return keep_frames(page)


# Counts every element the page adds that carries an animation (by its classes).
COUNT_ANIMATIONS = """
window.animated = {};
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType !== 1) continue;
    for (const el of [node, ...node.querySelectorAll(".new, .slide, .deal, .bump")]) {
      if (!el.matches(".new, .slide, .deal, .bump")) continue;
      const kind = el.getAttribute("class");
      window.animated[kind] = (window.animated[kind] || 0) + 1;
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def keep_frames(page):
    """Keep what the page receives (`page.frames_received`), sends and its errors."""
    errors: list[str] = []
    frames: list[Any] = []
    sent: list[Any] = []

    def socket(ws) -> None:
        ws.on("framereceived", lambda payload: frames.append(payload))
        ws.on("framesent", lambda payload: sent.append(payload))

    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", socket)
    page.errors = errors
    page.frames_received = frames
    page.frames_sent = sent
    return page


def tv_url(server: ServerThread, table: int | None = None) -> str:
    address = f"http://{HOST}:{server.server.web_port}/tv"
    return address if table is None else f"{address}?table={table}"


def received(page) -> list[dict]:
    return [msgpack.unpackb(f, raw=False) for f in page.frames_received if isinstance(f, bytes)]


def sent(page) -> list[dict]:
    return [msgpack.unpackb(f, raw=False) for f in page.frames_sent if isinstance(f, bytes)]


def shown(page) -> dict | None:
    return page.evaluate(
        "() => { const t = window.jeweltv; const s = t && t.stream;"
        " return s ? {table: t.table, seq: s.seq, status: s.status, game: s.view.game,"
        " queued: t.queue.length, errors: t.errors} : null }"
    )


def bot_table(server: ServerThread, game: str, seats: int, options: dict | None = None) -> int:
    """A table of bots made by a Python client that watches; not started yet (`start`)."""
    made = asyncio.run_coroutine_threadsafe(
        _bot_table(server, game, seats, options or {}), server.loop
    )
    return made.result(10)


async def _bot_table(server: ServerThread, game: str, seats: int, options: dict) -> int:
    host = await AsyncClient.connect(HOST, server.port, "Host")
    host.send(
        {"t": "create", "game": game, "seats": seats, "sit": False, "options": options, "seed": 7}
    )
    answer = await host.wait_for(lambda m: m["t"] in ("joined", "error"))
    assert answer["t"] == "joined", answer
    table = answer["table"]
    for seat in range(seats):
        host.send({"t": "bot", "table": table, "seat": seat, "level": "basic"})
    await host.wait_for(
        lambda m: (
            m["t"] == "table"
            and m["table"]["id"] == table
            and all(s["kind"] != "empty" for s in m["table"]["seats"])
        ),
        timeout=10,
    )
    done = asyncio.get_running_loop().create_future()
    done.set_result(None)
    server.hosts.append((host, done))
    server.host_of = {**getattr(server, "host_of", {}), table: host}
    return table


def start(server: ServerThread, table: int) -> None:
    host = server.host_of[table]
    server.loop.call_soon_threadsafe(host.send, {"t": "start", "table": table})


def watch_to_the_end(page, table: int, limit: float) -> dict:
    page.wait_for_function(
        "t => window.jeweltv && window.jeweltv.stream && window.jeweltv.table === t"
        " && window.jeweltv.stream.status === 'finished' && !window.jeweltv.queue.length",
        arg=table,
        timeout=limit * 1000,
    )
    return shown(page)


# ---------------------------------------------------------------- the route
def test_the_tv_route_serves_the_table_display_and_nothing_more():
    assert page_file("/tv") == WEB / "tv.html"
    assert page_file("/tv?table=3") == WEB / "tv.html"
    assert page_file("/tv/") is None
    assert page_file("/tv/x") is None


# ---------------------------------------------------------------- a whole game of each title
GAMES = [
    ("magie-des-bijoux", 3, {}),
    ("das-kollier", 3, {"quiet_time": 1}),
    ("kette-von-saba", 3, {}),
    ("saba-palast", 3, {}),
]
# What moves on the screen as moves come: the latest move's sentence for every game, and the
# game's own pieces where its view animates them.
ANIMATED = {
    "magie-des-bijoux": ("tv-caption new", "stone new", "slide"),
    "das-kollier": ("tv-caption new", "gem-card deal", "price bump"),
    "kette-von-saba": ("tv-caption new",),
    "saba-palast": ("tv-caption new",),
}
# A lot is dealt once an auction, many moves apart: a display skipping ahead of instant bots
# (more than three moves waiting) may show only one deal on a busy machine.
SEEN = {"gem-card deal": 1}


@needs_browser
@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_tv_watches_a_whole_game_of_bots_and_receives_no_secret(
    server, browser, tmp_path, game, seats, options
):
    table = bot_table(server, game, seats, options)
    page = television(browser)
    page.goto(tv_url(server, table))
    page.wait_for_selector(f"main.tv >> text=Table #{table}")
    start(server, table)
    page.wait_for_selector("main.tv[data-seq]")
    # Whose turn it is, the board and the seats are on the screen during play.
    assert page.locator(".tv-players li").count() == seats
    last = watch_to_the_end(page, table, limit=300)
    assert last["game"] == game and last["errors"] == []
    page.wait_for_selector(".tv-results .winners")
    # Where the points came from: the spectators' table, a column for every seat, winners first.
    said = page.evaluate("() => document.querySelector('.tv-results .scores').talkScores")
    heads = page.eval_on_selector_all(
        ".tv-results .scores thead th[data-seat]", "els => els.map((e) => Number(e.dataset.seat))"
    )
    winners = page.evaluate("() => window.jeweltv.stream.view.outcome.winners")
    assert heads == said["order"] and sorted(heads) == list(range(seats))
    assert heads[: len(winners)] == winners
    messages = received(page)
    views = [m for m in messages if m["t"] in ("sync", "update")]
    assert views and all(m["seat"] is None for m in views)
    assert not any(forbidden_keys(m) for m in messages)
    assert check_wire(tmp_path, table, {"tv": (messages, {None})}) == len(views)
    # A whole game: the display saw every move from the first.
    seqs = sorted(m["seq"] for m in views)
    assert seqs[0] == 0 and seqs == list(range(seqs[0], seqs[-1] + 1))
    animated = page.evaluate("() => window.animated")
    assert all(animated.get(kind, 0) >= SEEN.get(kind, 3) for kind in ANIMATED[game]), animated
    # No control of any kind but the rules behind "?": the display only watches; the facts it
    # shows are the spectators' talk (shared/talk), never a seat's own.
    # (A board's own zoom reset stays hidden: nothing on a TV zooms it.)
    controls = ".tv button:visible:not(#rules), .controls, .facts:not([data-talk])"
    assert page.locator(controls).count() == 0
    assert page.locator("#rules").count() == 1
    assert page.errors == []


# ---------------------------------------------------------------- rematches
async def _seated(server: ServerThread, game: str, seats: int) -> tuple[AsyncClient, int]:
    player = await AsyncClient.connect(HOST, server.port, "Ada")
    player.send({"t": "create", "game": game, "seats": seats, "seed": 3})
    table = (await player.expect("joined"))["table"]
    for seat in range(1, seats):
        player.send({"t": "bot", "table": table, "seat": seat, "level": "basic"})
    done = asyncio.get_running_loop().create_future()
    done.set_result(None)
    server.hosts.append((player, done))
    return player, table


async def _play_seat(player: AsyncClient, table: int, seat: int, rng: random.Random) -> dict:
    """Random legal moves for `seat` (a turn-based game) until it is over; the last update."""
    while True:
        msg = await player.recv(timeout=60)
        if msg["t"] not in ("sync", "update") or msg["table"] != table or msg["seat"] != seat:
            continue
        if msg["status"] == "finished":
            return msg
        if seat in msg["to_act"] and msg["legal_moves"]:
            move = rng.choice(msg["legal_moves"])
            player.send(
                {"t": "move", "table": table, "seat": seat, "move": move, "seq": msg["seq"]}
            )


def on_loop(server: ServerThread, coro, timeout: float = 120) -> Any:
    return asyncio.run_coroutine_threadsafe(coro, server.loop).result(timeout)


@needs_browser
def test_the_tv_follows_the_table_into_its_rematch(server, browser, tmp_path):
    player, table = on_loop(server, _seated(server, "magie-des-bijoux", 2))
    page = television(browser)
    page.goto(tv_url(server, table))
    page.wait_for_selector(f"main.tv >> text=Table #{table}")
    server.loop.call_soon_threadsafe(player.send, {"t": "start", "table": table})
    rng = random.Random(5)
    on_loop(server, _play_seat(player, table, 0, rng))
    watch_to_the_end(page, table, limit=60)

    async def play_again() -> int:
        player.send({"t": "rematch", "table": table})
        news = await player.wait_for(lambda m: m["t"] == "rematch" and m["started"])
        return news["next"]

    following = on_loop(server, play_again())
    assert following != table
    # The display goes over to the next game by itself, and its address says so.
    page.wait_for_function(
        "t => window.jeweltv.table === t && window.jeweltv.stream"
        " && window.jeweltv.stream.table === t",
        arg=following,
        timeout=10000,
    )
    assert page.url.endswith(f"/tv?table={following}")
    on_loop(server, _play_seat(player, following, 0, rng))
    last = watch_to_the_end(page, following, limit=60)
    assert last["errors"] == []
    messages = received(page)
    for watched in (table, following):
        assert check_wire(tmp_path, watched, {"tv": (messages, {None})}) > 1
    assert all(m["seat"] is None for m in messages if m["t"] in ("sync", "update"))
    assert page.errors == []


# ---------------------------------------------------------------- a server that restarts
def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving_at(data_dir: Path, web_port: int):
    """A server whose page stays at `web_port` from one start to the next."""
    with ServerThread(data_dir, web_port=web_port, bot_delay=(0.05, 0.1)) as thread:
        thread.hosts = []
        yield thread
        for host, _ in thread.hosts:
            on_loop(thread, host.close(), 10)


@needs_browser
def test_the_tv_watches_again_after_the_server_restarts(browser, tmp_path):
    web_port = free_port()
    page = television(browser)
    with serving_at(tmp_path, web_port) as server:
        table = bot_table(server, "magie-des-bijoux", 3)
        page.goto(tv_url(server, table))
        page.wait_for_selector(f"main.tv >> text=Table #{table}")
        start(server, table)
        page.wait_for_function("() => window.jeweltv.stream && window.jeweltv.stream.seq >= 3")
    page.wait_for_selector(".offline")
    before = shown(page)
    assert before["status"] == "playing"
    with serving_at(tmp_path, web_port):
        # Back by itself (net.js retries within a few seconds), at the same table, and on to the
        # end of the game the restarted server's bots go on playing.
        page.wait_for_selector(".offline", state="detached", timeout=15000)
        last = watch_to_the_end(page, table, limit=120)
        assert last["seq"] > before["seq"] and last["errors"] == []
        messages = received(page)
        welcomes = [m for m in messages if m["t"] == "welcome"]
        assert len(welcomes) == 2 and all(not w["resumed"] for w in welcomes)
        assert check_wire(tmp_path, table, {"tv": (messages, {None})}) > 1
    assert page.errors == []


# ---------------------------------------------------------------- a spectator only
@needs_browser
def test_the_tv_says_hello_without_a_token_and_leaves_the_players_token_alone(server, browser):
    table = bot_table(server, "magie-des-bijoux", 2)
    context = browser.new_context(viewport=TV)
    player = context.new_page()
    player.goto(f"http://{HOST}:{server.server.web_port}/")
    player.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    token = player.evaluate("() => localStorage.getItem('jeweltable.token')")
    assert token
    # The same browser, where someone also plays: the display must not become that person.
    page = keep_frames(context.new_page())
    page.goto(tv_url(server, table))
    page.wait_for_selector(f"main.tv >> text=Table #{table}")
    hellos = [m for m in sent(page) if m["t"] == "hello"]
    assert len(hellos) == 1 and "token" not in hellos[0]
    assert [m["t"] for m in sent(page)] == ["hello", "room", "watch"]
    assert page.evaluate("() => localStorage.getItem('jeweltable.token')") == token
    assert received(page)[0]["token"] != token
    context.close()


# ---------------------------------------------------------------- picking a table
@needs_browser
def test_the_tv_lists_the_tables_and_shows_the_one_picked(server, browser):
    first = bot_table(server, "das-kollier", 3, {"quiet_time": 1})
    second = bot_table(server, "saba-palast", 2)
    page = television(browser)
    page.goto(tv_url(server))
    page.wait_for_selector(f".tv-tables [data-table='{second}']")
    assert page.locator(".tv-tables button").count() == 2
    page.click(f".tv-tables [data-table='{first}']")
    page.wait_for_selector(f"main.tv >> text=Table #{first}")
    assert page.url.endswith(f"/tv?table={first}")
    assert [m["t"] for m in sent(page)] == ["hello", "room", "watch"]
    # A table that is not there: back to the list, saying so.
    page.goto(tv_url(server, 999))
    page.wait_for_selector(".tv-pick .problem >> text=There is no table #999 here")
    assert page.url.endswith("/tv")
    assert page.errors == []


# ---------------------------------------------------------------- clocks
CLOCKED = """() => {
  const tv = window.jeweltv;
  tv.wanted = 90;
  const seats = [
    {name: "Ada", kind: "human", connected: true},
    {name: "Bea", kind: "human", connected: true},
  ];
  tv.receive({t: "joined", table: 90, seats: [], spectator: true,
              summary: {id: 90, game: "no-such-game", title: "Clocks", players: 2, seats,
                        status: "playing"}});
  tv.receive({t: "sync", table: 90, seq: 4, seat: null, status: "playing", history: [],
              view: {game: "no-such-game", count: 3}, to_act: [1], legal_moves: [],
              timer: {seconds: 8, seat: 1},
              clock: {kind: "chess", remaining: [300, 65.0], running: [1]}});
}"""


@needs_browser
def test_the_tv_counts_down_the_quiet_time_and_the_running_turn_clock(server, browser):
    page = television(browser)
    page.goto(tv_url(server))
    page.wait_for_function("() => window.jeweltv && window.jeweltv.welcome")
    page.evaluate(CLOCKED)
    # A game without its own view yet is drawn by generic.js.
    page.wait_for_selector("main.tv dl.generic")
    clocks = page.locator(".tv-players .clock")
    # (A busy machine may already have ticked once between the sync and these reads.)
    assert clocks.nth(0).inner_text() == "5:00" and clocks.nth(1).inner_text() in ("1:05", "1:04")
    assert "Bea's turn" in page.inner_text(".tv-top")
    assert page.inner_text(".tv-timer .seconds") in ("8", "7")
    # Only the running clock goes down; the quiet time drains beside it, a tick a second.
    page.wait_for_function(
        "() => ['1:03', '1:02', '1:01'].includes("
        "document.querySelectorAll('.tv-players .clock')[1].innerText)"
    )
    assert clocks.nth(0).inner_text() == "5:00"
    assert page.inner_text(".tv-timer .seconds") in ("6", "5", "4", "3")
    assert "running" in clocks.nth(1).get_attribute("class")
    assert page.evaluate("() => window.jeweltv.errors") == []
