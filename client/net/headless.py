"""`jeweltable play --headless`: one whole game through a real server on 127.0.0.1.

A server (no discovery) runs on this process's loop; one connection per seat and one spectator
connect to it over TCP. Moves are chosen exactly as `shared.randomplay` chooses them (the same
random stream from the seed), but only from what the messages say — `to_act` and each seat's
`legal_moves` — and sent by the seat's own connection. At the end the spectator's last view
and every seat's last view must equal the server's, and the outcome must agree.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path
from typing import Any

from client.net.connection import AsyncClient
from server.app import Server, ServerConfig
from shared import engine
from shared.randomplay import MAX_MOVES

STEP_TIMEOUT = 30.0


class HeadlessMismatch(AssertionError):
    """What a client saw differs from what the server holds."""


async def _latest(client: AsyncClient, table: int, seat: int | None, seq: int) -> dict[str, Any]:
    """The `sync`/`update` for `seat` at `seq` (or later), skipping everything else."""
    while True:
        msg = await client.recv(STEP_TIMEOUT)
        if msg["t"] == "error":
            raise HeadlessMismatch(f"the server refused a headless move: {msg['reason']}")
        if (
            msg["t"] in ("sync", "update")
            and msg["table"] == table
            and msg["seat"] == seat
            and msg["seq"] >= seq
        ):
            return msg


async def play(
    game_id: str,
    players: int,
    seed: int,
    options: dict | None = None,
    data_dir: Path | None = None,
) -> dict[str, Any]:
    """Play one random game through sockets; the result line (game, seed, moves, outcome)."""
    game = engine.get_game(game_id)
    game.new_game(seed, players, options)  # refuse bad settings before starting anything
    with tempfile.TemporaryDirectory(prefix="jeweltable-headless-") as tmp:
        config = ServerConfig(
            host="127.0.0.1",
            port=0,
            name="headless",
            data_dir=data_dir or Path(tmp),
            discovery=False,
            allow_seed=True,
            bot_delay=(0.0, 0.0),
        )
        server = Server(config)
        await server.start()
        clients: list[AsyncClient] = []
        try:
            return await _play(server, game, players, seed, options, clients)
        finally:
            for client in clients:
                await client.close()
            await server.close()


async def _play(
    server: Server,
    game: engine.Game,
    players: int,
    seed: int,
    options: dict | None,
    clients: list[AsyncClient],
) -> dict[str, Any]:
    for seat in range(players):
        clients.append(
            await AsyncClient.connect("127.0.0.1", server.port, f"seat {seat}", keep_log=False)
        )
    spectator = await AsyncClient.connect("127.0.0.1", server.port, "spectator", keep_log=False)
    clients.append(spectator)
    create = {"t": "create", "game": game.id, "seats": players, "seed": seed}
    if options:
        create["options"] = options
    clients[0].send(create)
    table = (await clients[0].expect("joined"))["table"]
    for seat in range(1, players):
        clients[seat].send({"t": "join", "table": table, "seat": seat})
        await clients[seat].expect("joined")
    spectator.send({"t": "watch", "table": table})
    await spectator.expect("joined")
    clients[0].send({"t": "start", "table": table})

    rng = random.Random(seed ^ 0x5EED)  # the stream shared.randomplay draws from
    seq = 0
    seen = [await _latest(clients[s], table, s, 0) for s in range(players)]
    watched = await _latest(spectator, table, None, 0)
    while watched["status"] != "finished":
        if seq >= MAX_MOVES:
            raise HeadlessMismatch(f"{game.id} did not end within {MAX_MOVES} moves")
        seat = rng.choice(watched["to_act"])
        move = rng.choice(seen[seat]["legal_moves"])
        clients[seat].send({"t": "move", "table": table, "seat": seat, "move": move, "seq": seq})
        seq += 1
        seen = [await _latest(clients[s], table, s, seq) for s in range(players)]
        watched = await _latest(spectator, table, None, seq)

    state = server.lobby.tables[table].state
    assert state is not None
    if watched["view"] != game.view(state, None):
        raise HeadlessMismatch("the spectator's view differs from the server's")
    for s in range(players):
        if seen[s]["view"] != game.view(state, s):
            raise HeadlessMismatch(f"seat {s}'s view differs from the server's")
    outcome = game.outcome(state)
    if watched["outcome"] != outcome:
        raise HeadlessMismatch("the spectator's outcome differs from the server's")
    return {"game": game.id, "seed": seed, "players": players, "moves": seq, **outcome}


def play_sync(
    game_id: str, players: int, seed: int, options: dict | None = None, data_dir: Path | None = None
) -> dict[str, Any]:
    """`play` for callers without a running loop."""
    return asyncio.run(play(game_id, players, seed, options, data_dir))
