"""Bot strength and speed: each level against the level below, seats rotated.

    python -m bench.bots --game ID [--games N] [--players N] [--budget-ms MS] [--json]

For `basic_vs_random` one seat is `basic` and the others `random`; for `strong_vs_basic` one
seat is `strong` and the others `basic`. The stronger seat moves round the table game by game.
`win_share` is the share of games the stronger seat won (a shared win counts its share),
`fair_share` what it would win by chance (1 / players). `decision_ms` is the strong level's
thinking time per decision.
"""

from __future__ import annotations

import argparse
import json

from shared.bots import make_bot
from shared.bots.arena import play_match
from shared.engine import get_game, list_games

PLAYERS = {"magie-des-bijoux": 2, "das-kollier": 4, "kette-von-saba": 4, "saba-palast": 3}
GAMES = {"magie-des-bijoux": 24, "das-kollier": 24, "kette-von-saba": 24, "saba-palast": 30}


def matchup(
    game_id: str, players: int, games: int, strong: str, weak: str, budget_ms: float, seed: int
) -> tuple[dict, list[float]]:
    game = get_game(game_id)
    won = 0.0
    times: list[float] = []
    for g in range(games):
        hero = g % players
        bots = [
            make_bot(
                game, s, strong if s == hero else weak, seed=seed + 97 * g + s, budget_ms=budget_ms
            )
            for s in range(players)
        ]
        timings: dict[int, list[float]] = {}
        outcome = play_match(game, bots, seed + g, timings=timings)
        winners = outcome["winners"]
        if hero in winners:
            won += 1 / len(winners)
        times += timings.get(hero, [])
    return {
        "win_share": round(won / games, 3),
        "fair_share": round(1 / players, 3),
        "games": games,
        "players": players,
    }, times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=list_games())
    parser.add_argument("--games", type=int, help="games per matchup")
    parser.add_argument("--players", type=int, help="seats at the table")
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=150.0,
        help="the strong level's thinking time per decision (default 150)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    players = args.players or PLAYERS.get(args.game, 3)
    games = args.games or GAMES.get(args.game, 20)
    basic, _ = matchup(args.game, players, games, "basic", "random", args.budget_ms, args.seed)
    strong, times = matchup(
        args.game, players, games, "strong", "basic", args.budget_ms, args.seed + 10_000
    )
    result = {
        "game": args.game,
        "matchups": {"basic_vs_random": basic, "strong_vs_basic": strong},
        "decision_ms": {
            "p50": round(percentile(times, 0.5) * 1000, 1),
            "p99": round(percentile(times, 0.99) * 1000, 1),
        },
        "budget_ms": args.budget_ms,
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for name, m in result["matchups"].items():
            ratio = m["win_share"] / m["fair_share"]
            print(
                f"{name:16} win share {m['win_share']:.2f}  fair {m['fair_share']:.2f}"
                f"  ({ratio:.2f}×, {m['games']} games, {m['players']} players)"
            )
        print(
            f"strong decisions: p50 {result['decision_ms']['p50']} ms,"
            f" p99 {result['decision_ms']['p99']} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
