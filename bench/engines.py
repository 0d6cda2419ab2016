"""Engine speed: complete random games per second and moves per second, on one core.

    python -m bench.engines [--json] [--runs N] [--seconds S] [--game ID] [--players N[,N...]]

Every registered game is played with uniformly random legal moves (the cost of `to_act`,
`legal_moves` and `apply` together, as a server or a bot pays it). Each run plays whole games for
about S seconds of this process's CPU time; the figures are the median of N runs. Rates are per
CPU second (`games_per_s`), so that other work on a shared machine does not count against the
engine; `games_per_wall_s` is the same per second of the clock, for comparison.

By default each game is measured at the player count its target is set for (`TARGETS`);
`--players 3,5,7` measures those counts instead (counts a game does not allow are left out).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from shared import engine
from shared.randomplay import play_random_game

# Random games per CPU second each engine should reach, and at how many players (issue 18).
TARGETS = {
    "magie-des-bijoux": (4, 2000),
    "das-kollier": (6, 500),
    "kette-von-saba": (7, 600),
    "saba-palast": (4, 500),
}


def measure(game_id: str, players: int, seconds: float, runs: int) -> dict:
    """Median games and moves per CPU second (and games per wall second) over `runs` runs."""
    game = engine.get_game(game_id)
    cpu_rates, wall_rates, move_rates, lengths = [], [], [], []
    seed = 0
    for _ in range(runs):
        done = moves = 0
        cpu, wall = time.process_time(), time.perf_counter()
        while time.process_time() - cpu < seconds or done == 0:
            _, history = play_random_game(game, seed, players)
            seed += 1
            done += 1
            moves += len(history)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        cpu_rates.append(done / cpu)
        wall_rates.append(done / wall)
        move_rates.append(moves / cpu)
        lengths.append(moves / done)
    result = {
        "players": players,
        "games_per_s": round(statistics.median(cpu_rates), 1),
        "games_per_wall_s": round(statistics.median(wall_rates), 1),
        "moves_per_s": round(statistics.median(move_rates)),
        "moves_per_game": round(statistics.median(lengths), 1),
    }
    target_players, target = TARGETS.get(game_id, (None, None))
    if players == target_players:
        result["target_games_per_s"] = target
        result["target_met"] = result["games_per_s"] >= target
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median taken)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of one run")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--players", help="player counts to measure, e.g. 4 or 3,5,7 (default: the target's)"
    )
    args = parser.parse_args(argv)
    ids = args.game or engine.list_games()
    counts = [int(n) for n in args.players.split(",")] if args.players else None
    results: dict[str, list[dict]] = {}
    for game_id in ids:
        game = engine.get_game(game_id)
        wanted = counts or [TARGETS.get(game_id, (game.min_players,))[0]]
        for players in wanted:
            if not game.min_players <= players <= game.max_players:
                continue
            r = measure(game_id, players, args.seconds, args.runs)
            results.setdefault(game_id, []).append(r)
            if not args.json:
                target = ""
                if "target_games_per_s" in r:
                    met = "met" if r["target_met"] else "NOT met"
                    target = f"  target {r['target_games_per_s']:,}: {met}"
                print(
                    f"{game_id:20} {r['players']} players  {r['games_per_s']:9.1f} games/s"
                    f" ({r['games_per_wall_s']:.1f} by the clock)  {r['moves_per_s']:9d} moves/s"
                    f"  {r['moves_per_game']:7.1f} moves/game{target}"
                )
    if args.json:
        print(json.dumps({"games": results, "unit": "per CPU second"}, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
