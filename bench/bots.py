"""Bot strength and speed: each level against the level below, seats rotated, per player count.

    python -m bench.bots --game ID [--players 2,3,4] [--games N] [--iterations N]
                         [--timing N] [--budget-ms MS] [--workers W] [--json]
                         [--matchups basic_vs_random,strong_vs_basic,deep_vs_strong]

Strength: for `basic_vs_random` one seat is `basic` and the others `random`; for
`strong_vs_basic` one seat is `strong` and the others `basic`; for `deep_vs_strong` (only when
asked for) one seat is the strong bot at `DEEPER` times the iterations and the others `strong`,
a measure of how far the strong bot is from the best play its search can find. The stronger
seat moves round the table game by game. `win_share` is the share of games the stronger seat
won (a shared win counts its share), `fair_share` what it would win by chance (1 / players); the
aim is `win_share` at least `AIM` × `fair_share`. The strong seat thinks a fixed number of
search iterations per decision (`--iterations`; by default the game's own count,
`Policy.options["iterations"]` — one count, or one per player count — else 300), so the result
does not depend on how busy the machine is; the figure printed with it says how many iterations
the default time budget affords here.

Speed: `decision_ms` is the strong level's thinking time per decision at the time budget the
tables use (`--budget-ms`, default the bot's own), over `--timing` decisions against `basic`.

Every run is bounded: games end by the rules (and the arena's move cap), and the timing stops
after the decisions asked for.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

from shared.bots import BasicBot, RandomBot, make_bot, policy_for
from shared.bots.arena import play_match
from shared.bots.search import StrongBot
from shared.engine import get_game, list_games

# A level should win at least this many times its fair share against the level below (issue 18).
AIM = 1.3
DEFAULT_ITERATIONS = 300
DEFAULT_GAMES = 200
# Each matchup: the stronger level, the weaker one, and the seed offset of its games.
# `deep` is the strong bot thinking `DEEPER` times the iterations: how much better the same bot
# plays with far more time, a measure of how far it is from the best play it can find.
MATCHUPS = {
    "basic_vs_random": ("basic", "random", 0),
    "strong_vs_basic": ("strong", "basic", 10_000),
    "deep_vs_strong": ("deep", "strong", 20_000),
}
DEFAULT_MATCHUPS = ("basic_vs_random", "strong_vs_basic")
DEEPER = 10


def game_iterations(game_id: str, players: int) -> int:
    """The strong search's iterations per decision that `game_id` asks for at `players`:
    `Policy.options["iterations"]`, one count or a count per player count (what an iteration
    costs differs by game, and by player count where the search changes with it)."""
    own = policy_for(game_id).options.get("iterations", DEFAULT_ITERATIONS)
    return own[players] if isinstance(own, dict) else own


def level_bot(game_id: str, seat: int, level: str, seed: int, iterations: int):
    """A bot of `level`; the strong one stops after `iterations` iterations, whatever the time."""
    game = get_game(game_id)
    if level in ("strong", "deep"):
        count = iterations * (DEEPER if level == "deep" else 1)
        return StrongBot(
            game, seat, policy_for(game_id), seed, budget_ms=1e12, max_iterations=count
        )
    return {"basic": BasicBot, "random": RandomBot}[level](
        game, seat, None if level == "random" else policy_for(game_id), seed
    )


def one_game(args: tuple) -> float:
    """The share of one game the stronger seat won."""
    game_id, players, g, strong, weak, iterations, seed = args
    hero = g % players
    bots = [
        level_bot(game_id, s, strong if s == hero else weak, seed + 97 * g + s, iterations)
        for s in range(players)
    ]
    winners = play_match(get_game(game_id), bots, seed + g)["winners"]
    return 1 / len(winners) if hero in winners else 0.0


def matchup(
    game_id: str,
    players: int,
    games: int,
    strong: str,
    weak: str,
    iterations: int,
    seed: int,
    pool: ProcessPoolExecutor | None,
) -> dict:
    jobs = [(game_id, players, g, strong, weak, iterations, seed) for g in range(games)]
    shares = list(pool.map(one_game, jobs) if pool else map(one_game, jobs))
    win_share, fair = sum(shares) / games, 1 / players
    return {
        "win_share": round(win_share, 3),
        "fair_share": round(fair, 3),
        "ratio": round(win_share / fair, 2),
        "aim_met": win_share >= AIM * fair,
        "games": games,
    }


class _Enough(Exception):
    pass


class _TimedStrong(StrongBot):
    """The strong bot at its time budget, timing each decision; stops the game when done."""

    def __init__(self, *args, decisions: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.times: list[float] = []
        self.counts: list[int] = []
        self.wanted = decisions

    def choose(self, view, legal):
        if len(self.times) >= self.wanted:
            raise _Enough
        start = time.perf_counter()
        move = super().choose(view, legal)
        if len(legal) > 1:  # a forced move is no decision
            self.times.append(time.perf_counter() - start)
            self.counts.append(self.iterations)
        return move


def timing(game_id: str, players: int, decisions: int, budget_ms: float | None, seed: int) -> dict:
    """Decision times of `strong` at the time budget, against `basic`, seats rotated."""
    game = get_game(game_id)
    times: list[float] = []
    counts: list[int] = []
    g = 0
    while len(times) < decisions:
        hero = g % players
        kwargs = {} if budget_ms is None else {"budget_ms": budget_ms}
        timed = _TimedStrong(
            game, hero, policy_for(game_id), seed + g, decisions=decisions - len(times), **kwargs
        )
        bots = [
            timed if s == hero else make_bot(game, s, "basic", seed=seed + 97 * g + s)
            for s in range(players)
        ]
        with contextlib.suppress(_Enough):
            play_match(game, bots, seed + g)
        times += timed.times
        counts += timed.counts
        g += 1
    return {
        "budget_ms": timed.budget_ms,
        "decisions": len(times),
        "p50": round(percentile(times, 0.5) * 1000, 1),
        "p99": round(percentile(times, 0.99) * 1000, 1),
        "max": round(max(times) * 1000, 1),
        "iterations_p50": int(percentile(counts, 0.5)),
    }


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=list_games())
    parser.add_argument(
        "--players", help="player counts, e.g. 2,3,4 (default: those of 2, 3, 4 the game allows)"
    )
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per matchup")
    parser.add_argument(
        "--iterations",
        type=int,
        help="strong iterations per decision in the matchups (default: the game's own,"
        f" else {DEFAULT_ITERATIONS})",
    )
    parser.add_argument(
        "--timing", type=int, default=100, help="strong decisions timed per player count (0: none)"
    )
    parser.add_argument(
        "--budget-ms", type=float, help="time budget of the timed decisions (default: the bot's)"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing the matchups")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--matchups",
        default=",".join(DEFAULT_MATCHUPS),
        help=f"the matchups to play, of {', '.join(MATCHUPS)} (default:"
        f" {','.join(DEFAULT_MATCHUPS)})",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    counts = (
        [int(n) for n in args.players.split(",")]
        if args.players
        else [n for n in (2, 3, 4) if game.min_players <= n <= game.max_players]
    )
    matchups = args.matchups.split(",")
    unknown = [m for m in matchups if m not in MATCHUPS]
    if unknown:
        parser.error(f"unknown matchup {unknown[0]!r}; matchups: {', '.join(MATCHUPS)}")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    result: dict = {"game": args.game, "aim": AIM, "players": {}}
    try:
        for n in counts:
            iterations = args.iterations or game_iterations(args.game, n)
            row: dict = {"iterations": iterations}
            row |= {
                name: matchup(
                    args.game,
                    n,
                    args.games,
                    strong,
                    weak,
                    iterations,
                    args.seed + offset,
                    pool,
                )
                for name, (strong, weak, offset) in MATCHUPS.items()
                if name in matchups
            }
            if args.timing:
                row["decision_ms"] = timing(args.game, n, args.timing, args.budget_ms, args.seed)
            result["players"][str(n)] = row
            # With --json the figures also go to stderr as each player count is done.
            print_row(args.game, n, row, sys.stderr if args.json else sys.stdout)
    finally:
        if pool:
            pool.shutdown()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


def print_row(game_id: str, players: int, row: dict, out: TextIO) -> None:
    for name in MATCHUPS:
        if name not in row:
            continue
        m = row[name]
        print(
            f"{game_id} {players} players  {name:16} win share {m['win_share']:.3f}"
            f"  fair {m['fair_share']:.3f}  ({m['ratio']:.2f}×, aim {AIM}×:"
            f" {'met' if m['aim_met'] else 'NOT met'}, {m['games']} games,"
            f" strong at {row['iterations']} iterations)",
            file=out,
        )
    if "decision_ms" in row:
        d = row["decision_ms"]
        print(
            f"{game_id} {players} players  strong decisions at {d['budget_ms']:.0f} ms:"
            f" p50 {d['p50']} ms, p99 {d['p99']} ms, max {d['max']} ms"
            f" ({d['decisions']} decisions, {d['iterations_p50']} iterations at p50)",
            file=out,
        )


if __name__ == "__main__":
    raise SystemExit(main())
