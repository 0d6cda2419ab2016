"""The room at a glance: what one table's `room` entry costs the server to build and to send.

    python -m bench.room [--moves 40] [--players 3] [--json]

Each game is played `--moves` random legal moves in (a game well under way), then its entry is
built as server/room.py builds it for a screen that watches the room — the seats to act, the
spectator's view — and encoded. The server builds one entry per changed table at most once a
second (server/room.py, ROOM_EVERY), for all watchers at once, and waits longer when that would
take more than a tenth of its time (ROOM_SHARE).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from server.room import ROOM_SHARE
from shared import engine
from shared.protocol import encode


def measure(game_id: str, players: int, moves: int, repeats: int = 300) -> dict:
    game = engine.get_game(game_id)
    players = max(game.min_players, min(game.max_players, players))
    state = game.new_game(1, players, {})
    rng = random.Random(1)
    for _ in range(moves):
        acting = game.to_act(state)
        if not acting or game.is_over(state):
            break
        seat = rng.choice(acting)
        state, _events = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    times = []
    frame = b""
    for _ in range(5):
        started = time.process_time()
        for _ in range(repeats):
            to_act = game.to_act(state)
            entry = {"table": 1, "seq": moves, "to_act": to_act, "waited": [1.0] * len(to_act)}
            entry["view"] = game.view(state, None)
            frame = encode({"t": "room", "tables": [entry], "gone": [], "whole": False})
        times.append((time.process_time() - started) / repeats)
    per_entry = statistics.median(times)
    return {
        "game": game_id,
        "players": players,
        "entry_us": round(per_entry * 1e6, 1),
        "entry_bytes": len(frame),
        # How many tables that moved may be told each second within the room's share.
        "tables_per_s_within_share": int(ROOM_SHARE / per_entry),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = [measure(g, args.players, args.moves) for g in engine.list_games()]
    if args.json:
        print(json.dumps({"room": results}))
    else:
        for r in results:
            print(
                f"{r['game']:18} {r['players']} players: an entry {r['entry_us']:7.1f} µs,"
                f" {r['entry_bytes']:5} bytes; {r['tables_per_s_within_share']} tables/s in"
                f" {ROOM_SHARE:.0%} of a core"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
