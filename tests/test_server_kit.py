"""Helpers for the server tests (no tests here): a server on 127.0.0.1, seated clients, a random
driver, and the wire leak check.

The leak check replays the table's journal from the store and demands that every `sync` and
`update` a client received is exactly what the engine gives that seat (or a spectator) at that
move: view, legal moves, seats to act and events. No message may carry the seed, the rng state
or an event's hidden part, and nobody may receive a seat it does not hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any

from client.net.connection import AsyncClient
from server.app import Server, ServerConfig
from server.store import Store
from server.tables import HISTORY_MOVES
from shared import engine
from shared.engine import Game, IllegalMove, Option

HOST = "127.0.0.1"
FORBIDDEN_KEYS = {"seed", "rng", "hidden", "seen_by"}


def arun(timeout: float = 60.0) -> Callable:
    """Run an async test function on a fresh loop, with a time limit."""

    def wrap(fn: Callable[..., Coroutine]) -> Callable:
        @functools.wraps(fn)
        def test(*args: Any, **kwargs: Any) -> None:
            asyncio.run(asyncio.wait_for(fn(*args, **kwargs), timeout))

        return test

    return wrap


def config(data_dir: Path, **changes: Any) -> ServerConfig:
    """A test server: loopback, any port, no discovery, seeds allowed, instant bots."""
    base = ServerConfig(
        host=HOST,
        port=0,
        name="test",
        data_dir=data_dir,
        discovery=False,
        allow_seed=True,
        bot_delay=(0.0, 0.0),
        sweep_every=0.05,
    )
    for key, value in changes.items():
        setattr(base, key, value)
    return base


@contextlib.asynccontextmanager
async def running_server(data_dir: Path, **changes: Any) -> AsyncIterator[Server]:
    server = Server(config(data_dir, **changes))
    await server.start()
    try:
        yield server
    finally:
        await server.close()


class ServerThread:
    """A server on its own loop in a background thread, for blocking-socket tests."""

    def __init__(self, data_dir: Path, **changes: Any) -> None:
        self._config = config(data_dir, **changes)
        self._ready = threading.Event()
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self.server: Server | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self.server = Server(self._config)
        await self.server.start()
        self._ready.set()
        await self._stop.wait()
        await self.server.close()

    def __enter__(self) -> ServerThread:
        self._thread.start()
        assert self._ready.wait(10), "the server did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.loop is not None and self._stop is not None
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.port

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run `fn` on the server's loop and return its result (to inspect state safely)."""
        assert self.loop is not None
        future = asyncio.run_coroutine_threadsafe(_call(fn), self.loop)
        return future.result(10)


async def _call(fn: Callable[[], Any]) -> Any:
    return fn()


def players_for(game: engine.Game) -> int:
    """A typical table size for the tests: three where the game allows it."""
    return min(max(game.min_players, 3), game.max_players)


async def connect(server: Server, name: str, **kwargs: Any) -> AsyncClient:
    return await AsyncClient.connect(HOST, server.port, name, **kwargs)


async def make_table(
    server: Server,
    game_id: str,
    holders: list[AsyncClient],
    seed: int = 1,
    options: dict | None = None,
) -> int:
    """A started table; `holders[i]` sits in seat i (one client may appear several times).
    Each holder's `sync` messages are left queued."""
    owner = holders[0]
    msg: dict[str, Any] = {"t": "create", "game": game_id, "seats": len(holders), "seed": seed}
    if options:
        msg["options"] = options
    owner.send(msg)
    table = (await owner.expect("joined"))["table"]
    for seat, client in enumerate(holders[1:], start=1):
        client.send({"t": "join", "table": table, "seat": seat})
        await client.expect("joined", table=table)
    owner.send({"t": "start", "table": table})
    # The table message comes after the syncs, which stay queued for the caller.
    await owner.wait_for(lambda m: m["t"] == "table" and m["table"]["status"] == "playing")
    return table


async def latest(client: AsyncClient, table: int, seat: int | None, seq: int) -> dict:
    """The next `sync`/`update` of `seat` at `seq` or later (other messages stay queued)."""
    return await client.wait_for(
        lambda m: (
            m["t"] in ("sync", "update")
            and m["table"] == table
            and m["seat"] == seat
            and m["seq"] >= seq
        )
    )


async def play_random(
    table: int,
    holders: list[AsyncClient],
    watcher: AsyncClient,
    rng: random.Random,
    *,
    start_seq: int = 0,
    max_moves: int | None = None,
    on_move: Callable[[int], Coroutine] | None = None,
) -> dict:
    """Play random legal moves through the seats' own connections until the game ends (or
    `max_moves`); the watcher's last message. `on_move(seq)` runs after each move."""
    seq = start_seq
    seen = {s: await latest(c, table, s, seq) for s, c in enumerate(holders)}
    watched = await latest(watcher, table, None, seq)
    played = 0
    while watched["status"] != "finished" and (max_moves is None or played < max_moves):
        seat = rng.choice(watched["to_act"])
        move = rng.choice(seen[seat]["legal_moves"])
        holders[seat].send(
            {"t": "move", "table": table, "seat": seat, "move": move, "seq": seq, "id": seq}
        )
        seq += 1
        played += 1
        seen = {s: await latest(c, table, s, seq) for s, c in enumerate(holders)}
        assert seen[seat].get("ack") == seq - 1, "the mover's update acknowledges its move"
        watched = await latest(watcher, table, None, seq)
        if on_move is not None:
            await on_move(seq)
    return watched


def journal_states(data_dir: Path, table: int) -> tuple[engine.Game, list[dict], list[list]]:
    """The game, the state after each journaled move (index = seq) and each move's events."""
    store = Store(data_dir)
    try:
        record = store.table(table)
    finally:
        store.close()
    assert record is not None
    game = engine.get_game(record.game)
    states = [game.new_game(record.seed, record.players, record.options)]
    events: list[list] = [[]]
    for seat, move, _ in record.moves:
        state, evs = game.apply(states[-1], seat, move)
        states.append(state)
        events.append(evs)
    return game, states, events


def forbidden_keys(obj: Any) -> set[str]:
    found: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found |= FORBIDDEN_KEYS & set(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def check_wire(
    data_dir: Path, table: int, received: dict[str, tuple[list[dict], set[int | None]]]
) -> int:
    """The leak check: `received` maps a client's label to (its message log, the seats it held
    or None for watching). Returns how many game messages were checked."""
    game, states, events = journal_states(data_dir, table)
    checked = 0
    for label, (log, allowed) in received.items():
        last_seq: dict[int | None, int] = {}
        for msg in log:
            assert not forbidden_keys(msg), f"{label} received {forbidden_keys(msg)}: {msg['t']}"
            if msg.get("table") != table or msg["t"] not in ("sync", "update"):
                continue
            seat, seq = msg["seat"], msg["seq"]
            assert seat in allowed, f"{label} received seat {seat}'s {msg['t']}"
            state = states[seq]
            assert msg["view"] == game.view(state, seat), f"{label}: view of {seat} at {seq}"
            assert msg["to_act"] == game.to_act(state)
            legal = [] if seat is None else game.legal_moves(state, seat)
            assert msg["legal_moves"] == legal, f"{label}: legal moves of {seat} at {seq}"
            if msg["t"] == "sync":
                # The game log's history: the latest moves' events, as this seat may see them.
                latest = range(max(1, seq - HISTORY_MOVES + 1), seq + 1)
                history = [e for k in latest for e in game.view_events(events[k], seat)]
                assert msg["history"] == history, f"{label}: history of {seat} at {seq}"
            if msg["t"] == "update":
                assert msg["events"] == game.view_events(events[seq], seat)
                if seat in last_seq:
                    assert seq == last_seq[seat] + 1, f"{label}: a gap before {seq}"
            last_seq[seat] = seq
            checked += 1
    return checked


class Countdown(Game):
    """A test game with a quiet-time timer: seats raise a counter; after 0.2 s without a raise
    seat 0 must 'knock', which ends the game."""

    id = "test-countdown"
    title = "Countdown"
    min_players = 2
    max_players = 2
    options = {"quiet": Option(1, "quiet time in tenths of seconds", kind=int, minimum=1)}

    def _setup(self, state, rng):
        state.update(count=0, knocked=False)

    def _to_act(self, state):
        return [0, 1]

    def _legal_moves(self, state, seat):
        return [{"type": "raise"}] + ([{"type": "knock"}] if seat == 0 else [])

    def _apply(self, state, seat, move):
        if move["type"] == "raise":
            state["count"] += 1
        elif move["type"] == "knock" and seat == 0:
            state["knocked"] = True
        else:
            raise IllegalMove("only raise, or knock by seat 0")
        return [{"type": move["type"], "seat": seat}]

    def _view(self, state, seat):
        return {"count": state["count"], "knocked": state["knocked"]}

    def _is_over(self, state):
        return state["knocked"]

    def _outcome(self, state):
        return {"scores": [state["count"], 0], "winners": [0]}

    def timer(self, state):
        if state["knocked"]:
            return None
        return {"seconds": state["options"]["quiet"] / 10, "seat": 0, "move": {"type": "knock"}}


def register_countdown(monkeypatch: Any) -> None:
    """Register `Countdown` for one test (pytest's monkeypatch undoes it)."""
    engine.list_games()
    monkeypatch.setitem(engine._REGISTRY, Countdown.id, Countdown())
