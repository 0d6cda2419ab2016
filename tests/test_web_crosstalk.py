"""pygame and the page say the same (issue 27): for a hundred random positions of each game, at
every seat and as a spectator (400 to 600 views a game), both show the same talk — the moment,
the facts, and for every legal move the engine lists a control carrying the talk's label, what
it does and its warning — and neither hides a legal move.

The page is the real page in chromium (Playwright), its WebSocket answered by a stub in this
test: it is fed the server's own `joined` and `sync` messages, made by server/tables.py's
`seat_message` for each position and encoded as the server encodes them, through the page's own
message handler (client/web/net.js decodes them); its hook `window.jeweltable.shown()` reads back
what the screen shows, tapping the page's own choosers (a hand card, ±, "Sell to the bank…") on
a copy of its state to reach the moves behind them. pygame is each game's view fed the same
messages as the table scene feeds it; its hook `shown_talk()` reports the talk it draws from and
the moves its targets, buttons and choosers offer."""

from __future__ import annotations

import base64
import json
import os
import random
from collections import deque

import msgpack
import pytest

from client.tables import view_for
from server.seats import Seat
from server.status import FINISHED, PLAYING
from server.tables import HISTORY_MOVES, Table
from shared import engine
from shared.protocol import PROTOCOL_VERSION, encode
from shared.randomplay import random_step
from tests.test_talk import VOICED, pygame_context
from tests.test_web_page import needs_browser, phone, url

# A minute or two on a quiet machine; several under a heavy load (docs/performance.md, "Test
# suite"), where pytest's default limit of 300 s a test would fail it for slowness alone.
pytestmark = [needs_browser, pytest.mark.timeout(900)]

# Positions per game, drawn from random games at several player counts: 100 make some 400 views
# (every seat and the spectator) per game in the suite; JEWELTABLE_CROSSTALK_POSITIONS asks more.
POSITIONS = int(os.environ.get("JEWELTABLE_CROSSTALK_POSITIONS", "100"))
# Views (one seat's or the spectator's) the page shows per call of the hook.
BATCH = 40

# Feeds the page a batch of (joined, sync) frames through net.js's own message handler, each
# followed by what the screen then shows.
FEED = """(frames) => {
  const app = window.jeweltable;
  const socket = app.connection.socket;
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
  const left = (table) =>
    globalThis.MessagePack.encode({ t: "left", table, seats: [], spectator: false });
  return frames.map((pair) => {
    // The page leaves a finished game's table (as the server tells it) before it sits at the
    // next: while at a finished game, a seat at another table is the rematch's.
    if (app.stream && app.stream.status === "finished") socket.onmessage({ data: left(app.table) });
    for (const frame of pair) socket.onmessage({ data: bytes(frame) });
    return app.shown();
  });
}"""


def player_counts(game: engine.Game) -> list[int]:
    low = max(2, game.min_players)
    return sorted({low, min(low + 1, game.max_players), game.max_players})


def positions(game_id: str, count: int):
    """(table, players) at `count` positions of random games of `game_id`: each table as the
    server holds it (state, seq, the latest moves' events, the outcome at the end)."""
    game = engine.get_game(game_id)
    counts = player_counts(game)
    made = 0
    seed = 0
    while made < count:
        players = counts[seed % len(counts)]
        rng = random.Random(seed)
        table = Table(
            id=seed + 1,
            game=game,
            players=players,
            options={},
            seed=seed,
            keep=0,
            password=None,
            creator=None,
            creator_key=None,
            seats=[Seat(bot="basic") for _ in range(players)],
            journal=None,
            hooks=None,
        )
        table.state, table.status = game.new_game(seed, players, {}), PLAYING
        table.recent = deque(maxlen=HISTORY_MOVES)
        every = rng.randint(2, 5)
        step = 0
        while made < count:
            if step % every == 0 or table.status == FINISHED:
                yield table, players
                made += 1
            if table.status == FINISHED:
                break
            seat, move = random_step(game, table.state, rng)
            table.state, events = game.apply(table.state, seat, move)
            table.seq += 1
            table.recent.append(events)
            if game.is_over(table.state):
                table.status, table.outcome = FINISHED, game.outcome(table.state)
            step += 1
        seed += 1


def joined(table: Table, seat: int | None) -> dict:
    return {
        "t": "joined",
        "table": table.id,
        "seats": [] if seat is None else [seat],
        "spectator": seat is None,
        "summary": table.summary(),
    }


def pygame_shows(view, msg: dict) -> dict:
    """What the pygame view shows for a sync, fed as the table scene feeds it."""
    view.ctx.to_act = list(msg["to_act"]) if msg["status"] == "playing" else []
    view.ctx.outcome = msg.get("outcome")
    view.show(msg["view"], msg["legal_moves"], [], True)
    return view.shown_talk()


def canonical(items: list) -> list[str]:
    return sorted(json.dumps(item, sort_keys=True) for item in items)


def compare(where: str, msg: dict, page: dict, pygame: dict) -> None:
    said = msg["talk"]
    legal = msg["legal_moves"]
    moment = {"headline": said["headline"], "explain": said["explain"]}
    assert page["sent"] == [], f"{where}: a chooser on the page sent {page['sent']}"
    assert page["moment"] == moment, f"{where}: the page shows the moment {page['moment']}"
    assert pygame["moment"] == moment, f"{where}: pygame shows the moment {pygame['moment']}"
    facts = canonical(said["facts"])
    assert canonical(page["facts"]) == facts, f"{where}: the page shows other facts"
    assert canonical(pygame["facts"]) == facts, f"{where}: pygame shows other facts"
    shown = {int(i): entry for i, entry in page["moves"].items()}
    hidden = [legal[i] for i in range(len(legal)) if i not in shown]
    assert not hidden, f"{where}: the page hides {hidden}"
    hidden = [legal[i] for i in range(len(legal)) if i not in pygame["moves"]]
    assert not hidden, f"{where}: pygame hides {hidden}"
    for i, move in enumerate(legal):
        offered = {key: shown[i][key] for key in ("label", "does", "warn")}
        assert offered == said["moves"][i], f"{where}: the page says {offered} of {move}"
        assert pygame["moves"][i] == said["moves"][i], f"{where}: pygame, of {move}"


WELCOME = {
    "t": "welcome",
    "v": PROTOCOL_VERSION,
    "token": "stub",
    "name": "Ada",
    "server": "stub",
    "games": [],
    "tables": [],
    "resumed": [],
}


@pytest.fixture
def page(server, browser):
    """The page (served by the server), its WebSocket answered by a stub that only welcomes
    it: what it shows comes from the frames the test feeds it."""
    page = phone(browser)

    def stub(ws) -> None:
        def answer(frame: bytes | str) -> None:
            kind = msgpack.unpackb(frame).get("t") if isinstance(frame, bytes) else None
            if kind == "hello":
                ws.send(encode(WELCOME))
            elif kind == "ping":  # the page's probe of a silent connection
                ws.send(encode({"t": "pong"}))

        ws.on_message(answer)

    page.route_web_socket("**/ws", stub)
    page.goto(url(server))
    page.wait_for_function("() => window.jeweltable && window.jeweltable.connected")
    yield page
    assert page.errors == []


@pytest.mark.parametrize("game_id", VOICED)
def test_pygame_and_the_page_show_the_same_talk_and_every_legal_move(game_id, page):
    views: dict[tuple[int, int | None], object] = {}
    batch: list[tuple[str, dict, dict]] = []
    checked = 0

    def flush() -> None:
        nonlocal checked
        frames = [[base64.b64encode(encode(m)).decode() for m in pair] for _w, pair, _p in batch]
        for (where, (_joined, msg), pygame), shown in zip(
            batch, page.evaluate(FEED, frames), strict=True
        ):
            compare(where, msg, shown, pygame)
            checked += 1
        batch.clear()

    sitting = 0
    for n, (table, players) in enumerate(positions(game_id, POSITIONS)):
        for seat in [*range(players), None]:
            # A table of its own for each view: the page sits down afresh, keeping nothing.
            sitting += 1
            table.id = sitting
            msg = table.seat_message("sync", seat, with_talk=True)
            key = (players, seat)
            if key not in views:
                views[key] = view_for(game_id, pygame_context([f"P{i}" for i in range(players)]))
            where = f"{game_id} position {n} ({players} players, seq {table.seq}) seat {seat}"
            batch.append((where, (joined(table, seat), msg), pygame_shows(views[key], msg)))
            if len(batch) >= BATCH:
                flush()
    flush()
    assert checked >= POSITIONS * 3
    assert page.errors == []
