"""What one move's messages cost the server, with and without the table's talk, per game.

    .venv/bin/python -m bench.talk [--games 4] [--players 4] [--rounds 3] [--only GAME] [--json]

For each game, random games (seeded) are played and, at every position, a table does what it
does after a move (`server.tables.Table.seat_message` and `encode`): an update for each of
`--players` seats and one for the spectators, in three ways:

- `plain`: no client asks for the talk (pygame clients; TCP in bench.server);
- `talk`: every seat and the spectators ask for it (phones, the TV), as the server sends it now
  (the first update after a sync whole, then only the keys that changed);
- `talk_whole`: the same, every update carrying the whole talk (as before that change).

Reported per game: CPU microseconds per move (best of `--rounds` passes over the same
positions, `time.process_time`), bytes per move (all seats' updates and one spectators'
update), and the talk's share (`talk` over `plain`). The same positions for every way, in one
process, so the ratios hold on a busy machine better than bench.server's whole-server figures;
the sockets' cost of the bytes (×21 spectators there) is not in them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from server.seats import Seat
from server.status import PLAYING
from server.tables import Table
from shared import engine, talk
from shared.protocol import encode


def positions(game_id: str, players: int, games: int) -> list[tuple[dict, list, dict | None]]:
    """(state, events, outcome) after every move of `games` random games."""
    game = engine.get_game(game_id)
    found = []
    for number in range(games):
        rng = random.Random(number)
        state = game.new_game(number, players, {})
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            state, events = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
            found.append((state, events, game.outcome(state) if game.is_over(state) else None))
    return found


def table(game_id: str, players: int) -> Table:
    game = engine.get_game(game_id)
    return Table(
        id=1,
        game=game,
        players=players,
        options={},
        seed=0,
        keep=0,
        password=None,
        creator=None,
        creator_key=None,
        seats=[Seat() for _ in range(players)],
        journal=None,  # type: ignore[arg-type]  # nothing is stored here
        hooks=None,  # type: ignore[arg-type]
    )


def one_pass(game_id: str, players: int, found: list, way: str) -> tuple[float, int]:
    """CPU seconds and bytes of every position's messages, `way` as in the module's text."""
    t = table(game_id, players)
    t.status = PLAYING
    asking = way != "plain"
    sent = 0
    start = time.process_time()
    for seq, (state, events, outcome) in enumerate(found, start=1):
        t.state, t.seq, t.outcome = state, seq, outcome
        if way == "talk_whole":
            t.telling.told.clear()
        common = t.telling.common()
        for seat in [*range(players), None]:
            sent += len(encode(t.seat_message("update", seat, events, common, with_talk=asking)))
    return time.process_time() - start, sent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="random games per title")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3, help="passes; the best is reported")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"players": args.players, "games": {}}
    for game_id in engine.list_games():
        game = engine.get_game(game_id)
        if not game.min_players <= args.players <= game.max_players:
            continue
        if args.only and game_id != args.only:
            continue
        found = positions(game_id, args.players, args.games)
        row: dict[str, Any] = {"moves": len(found), "talk": talk.voice(game_id) is not None}
        for way in ("plain", "talk", "talk_whole"):
            best, sent = min(
                one_pass(game_id, args.players, found, way) for _ in range(args.rounds)
            )
            row[f"{way}_us_per_move"] = round(best / len(found) * 1e6, 1)
            row[f"{way}_bytes_per_move"] = round(sent / len(found))
        row["talk_cpu_ratio"] = round(row["talk_us_per_move"] / row["plain_us_per_move"], 2)
        row["talk_bytes_ratio"] = round(row["talk_bytes_per_move"] / row["plain_bytes_per_move"], 2)
        report["games"][game_id] = row
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"per move: {args.players} seats' updates and one spectators' update")
    for game_id, row in report["games"].items():
        print(
            f"{game_id:18} {row['moves']:5} moves  CPU µs plain {row['plain_us_per_move']:7}"
            f"  talk {row['talk_us_per_move']:7} (whole {row['talk_whole_us_per_move']:7})"
            f"  ×{row['talk_cpu_ratio']}   bytes plain {row['plain_bytes_per_move']:6}"
            f"  talk {row['talk_bytes_per_move']:6} (whole {row['talk_whole_bytes_per_move']:6})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
