"""How long a hint takes the server: the strong bot's search for one seat, as `hint` runs it.

    .venv/bin/python -m bench.hints [--positions 40] [--players 2,3,4] [--only GAME] [--json]

For every game (and each player count it seats among `--players`), random games are played and
at `--positions` positions spread over them the seat to act gets a hint exactly as the server
makes it (`server.hints.advise`: its iterations, its time guard, its talk) — the part of
answering a `hint` that takes time; the socket adds a fraction of a millisecond. Reported per
game and player count and overall: p50, p99 and the longest answer in milliseconds (wall time,
one hint at a time; on a busy machine it waits for a core), the CPU time of each (p50, p99),
and how often the time guard cut a search short. Target (issue 28):
p99 ≤ 1,000 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from server import hints
from shared import engine


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(
    game_id: str, players: int, positions: int, seed: int
) -> tuple[list[float], list[float]]:
    """Milliseconds of each hint at `positions` random positions of `game_id`: wall, CPU."""
    game = engine.get_game(game_id)
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    state = game.new_game(seed, players)
    seen: dict[int, list[list]] = {s: [] for s in range(players)}
    while len(times) < positions:
        if game.is_over(state):
            seed += 1
            state = game.new_game(seed, players)
            seen = {s: [] for s in range(players)}
        to_act = game.to_act(state)
        seat = rng.choice(to_act)
        legal = game.legal_moves(state, seat)
        if rng.random() < 0.3 and len(legal) > 1:
            view = game.view(state, seat)
            started, spent = time.perf_counter(), time.process_time()
            hints.advise(game, seat, rng.randrange(1 << 30), view, legal, to_act, seen[seat][-8:])
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - spent) * 1000)
        state, events = game.apply(state, seat, rng.choice(legal))
        for s in range(players):
            seen[s].append(game.view_events(events, s))
    return times, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="hints per game and count")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--only", help="one game id")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.players.split(",")]
    report: dict[str, Any] = {"guard_ms": hints.BUDGET_MS, "target_p99_ms": 1000, "games": {}}
    every: list[float] = []
    for game_id in engine.list_games():
        if args.only and game_id != args.only:
            continue
        game = engine.get_game(game_id)
        for players in counts:
            if not game.min_players <= players <= game.max_players:
                continue
            times, cpu = measure(game_id, players, args.positions, seed=players)
            every += times
            report["games"][f"{game_id}/{players}"] = {
                "iterations": hints.iterations(game_id, players),
                "hints": len(times),
                "p50_ms": round(statistics.median(times), 1),
                "p99_ms": round(percentile(times, 0.99), 1),
                "max_ms": round(max(times), 1),
                "cpu_p50_ms": round(statistics.median(cpu), 1),
                "cpu_p99_ms": round(percentile(cpu, 0.99), 1),
                "guarded": sum(t >= hints.BUDGET_MS for t in times),
            }
    report["p50_ms"] = round(statistics.median(every), 1)
    report["p99_ms"] = round(percentile(every, 0.99), 1)
    report["max_ms"] = round(max(every), 1)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for name, row in report["games"].items():
        print(
            f"{name:20} {row['iterations']:5} iterations  {row['hints']:4} hints"
            f"  p50 {row['p50_ms']:7} ms  p99 {row['p99_ms']:7} ms  max {row['max_ms']:7} ms"
            f"  CPU p50 {row['cpu_p50_ms']:6} p99 {row['cpu_p99_ms']:6} ms"
            f"  guarded {row['guarded']}"
        )
    print(f"all: p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms, max {report['max_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
