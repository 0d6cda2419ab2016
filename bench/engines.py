"""Engine speed: complete random games per second and moves per second, on one core.

    python -m bench.engines [--json] [--runs N] [--seconds S] [--game ID] [--players N]

Every registered game is played with uniformly random legal moves (the cost of `to_act`,
`legal_moves` and `apply` together, as a server or a bot pays it). Each run plays whole games for
about S seconds; the figure is the median of N runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from shared import engine
from shared.randomplay import play_random_game

# Player counts the issues set targets for; other games use their smallest sensible table.
PLAYERS = {"magie-des-bijoux": 4, "das-kollier": 4, "kette-von-saba": 5, "saba-palast": 3}


def measure(game_id: str, players: int, seconds: float, runs: int) -> dict:
    game = engine.get_game(game_id)
    games_per_s, moves_per_s = [], []
    seed = 0
    for _ in range(runs):
        done = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or done == 0:
            _, history = play_random_game(game, seed, players)
            seed += 1
            done += 1
            moves += len(history)
        elapsed = time.perf_counter() - start
        games_per_s.append(done / elapsed)
        moves_per_s.append(moves / elapsed)
    return {
        "players": players,
        "games_per_s": round(statistics.median(games_per_s), 1),
        "moves_per_s": round(statistics.median(moves_per_s)),
        "moves_per_game": round(
            statistics.median(m / g for m, g in zip(moves_per_s, games_per_s, strict=True)), 1
        ),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--runs", type=int, default=5, help="runs per game (median taken)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, help="player count for every game measured")
    args = parser.parse_args(argv)
    ids = args.game or engine.list_games()
    results = {}
    for game_id in ids:
        game = engine.get_game(game_id)
        players = args.players or PLAYERS.get(game_id, game.min_players)
        results[game_id] = measure(game_id, players, args.seconds, args.runs)
        if not args.json:
            r = results[game_id]
            print(
                f"{game_id:20} {r['players']} players  {r['games_per_s']:9.1f} games/s"
                f"  {r['moves_per_s']:9d} moves/s  {r['moves_per_game']:7.1f} moves/game"
            )
    if args.json:
        print(json.dumps({"games": results}, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
