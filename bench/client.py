"""Client frame-time benchmark: each game's busiest table scene at 1920×1080, animations running.

For every registered game (or `--game ID`, repeatable) a game at its largest usual table is
played by random moves; every few frames the next move's update (view, legal moves, events)
reaches the table as if from the server, so pieces slide, cards fly, banners, pulsing highlights
and the log are always in motion. Each frame is the client's whole frame (input, network poll,
update, draw, flip) on SDL's dummy driver. Prints p50/p99 frame times per game; `--json` prints
`{"games": {ID: {...}}}`. Target: p99 ≤ 8 ms.

Idle: the client's own frame loop (`App.run`, as a person runs it) left alone for a few seconds
in the lobby and at a table where another seat is to act; `idle_cpu_percent` is the process's
CPU time over the wall time, per scene. Target: ≤ 3% of one core.

    .venv/bin/python -m bench.client --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from client.app import App  # noqa: E402
from client.net.model import SeatInfo, TableModel  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from shared.engine import get_game, list_games  # noqa: E402
from shared.randomplay import random_step  # noqa: E402

# The busiest table each game usually has.
PLAYERS = {"magie-des-bijoux": 4, "das-kollier": 6, "kette-von-saba": 7, "saba-palast": 4}
NAMES = ["Alex", "Béatrice", "Jürgen", "Maëlle", "Noé", "Zoë", "Çelik"]
VIEWER = 0


def updates(game_id: str, seed: int) -> list[tuple[dict, list, list, list]]:
    """The (view, legal moves, to_act, events) seat 0 would be sent after each move of a game."""
    game = get_game(game_id)
    state = game.new_game(seed, players_for(game_id), {"first_seat": 0})
    rng = random.Random(seed)
    out = []
    while not game.is_over(state):
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        out.append(
            (
                game.view(state, VIEWER),
                game.legal_moves(state, VIEWER),
                game.to_act(state),
                game.view_events(events, VIEWER),
            )
        )
    return out


def players_for(game_id: str) -> int:
    game = get_game(game_id)
    return min(game.max_players, max(game.min_players, PLAYERS.get(game_id, game.max_players)))


def measure(game_id: str, size: tuple[int, int], frames: int, every: int, seed: int) -> dict:
    app = App(size, Settings(name="Bench", language="en"))
    game = get_game(game_id)
    players = players_for(game_id)
    state = game.new_game(seed, players, {"first_seat": 0})
    seats = [SeatInfo(i, n, "human") for i, n in enumerate(NAMES[:players])]
    model = TableModel(1, game_id, seats, mine=[0])
    model.update(
        VIEWER, game.view(state, VIEWER), game.legal_moves(state, VIEWER), game.to_act(state), []
    )
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    stream = updates(game_id, seed)
    for _ in range(30):
        app.step(1 / 60)
    times = []
    step = 0
    for frame in range(frames):
        if frame % every == 0:
            view, legal, to_act, events = stream[step % len(stream)]
            if step % len(stream) == 0 and step:
                model.streams.clear()
                model.update(VIEWER, view, legal, to_act, [], fresh=True)
            else:
                model.update(VIEWER, view, legal, to_act, events)
            step += 1
        start = time.perf_counter()
        app.step(1 / 60)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    app.shutdown()
    times.sort()
    return {
        "scene": "table",
        "game": game_id,
        "players": players,
        "size": f"{size[0]}x{size[1]}",
        "frames": frames,
        "updates": step,
        "update_every_frames": every,
        "p50_ms": round(statistics.median(times), 3),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
        "max_ms": round(times[-1], 3),
        "mean_ms": round(statistics.fmean(times), 3),
        "target_p99_ms": 8.0,
    }


def idle_cpu(scene: str, seconds: float, size: tuple[int, int]) -> float:
    """Percent of one core the client's frame loop uses with nothing happening in `scene`."""
    from client.tools.screenshot import build_scene

    app = App(size, Settings(name="Bench", language="en"))
    if scene == "lobby":
        app.stack.push(build_scene(app, "lobby", "das-kollier", 7, 0, None, "0"))
    else:
        # This device's seat waits while the other thinks (Magie des Bijoux has no clock).
        from client.tools.screenshot import sample_table

        acting = sample_table("magie-des-bijoux", 7, 0, 2).to_act()
        waiting = str(1 - acting[0])
        app.stack.push(build_scene(app, "table", "magie-des-bijoux", 7, 0, 2, waiting))
    # Let the entrance animations finish, then measure the quiet loop until a QUIT arrives.
    pygame.time.set_timer(pygame.QUIT, round((seconds + 1.5) * 1000), loops=1)
    marks: list[tuple[float, float]] = []

    def mark() -> None:
        marks.append((time.perf_counter(), time.process_time()))

    timer = threading.Timer(1.5, mark)
    timer.start()
    app.run()
    mark()
    timer.join()
    (w0, c0), (w1, c1) = marks
    return round(100 * (c1 - c0) / (w1 - w0), 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080", help="window size WxH (default 1920x1080)")
    parser.add_argument("--frames", type=int, default=900, help="frames measured (default 900)")
    parser.add_argument("--every", type=int, default=12, help="frames between updates (default 12)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--game",
        action="append",
        choices=list_games(),
        help="only this game (repeatable; default every game)",
    )
    parser.add_argument(
        "--idle-seconds", type=float, default=6.0, help="seconds of the idle measurement"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    results = {}
    for game_id in args.game or list_games():
        result = measure(game_id, (width, height), args.frames, args.every, args.seed)
        results[game_id] = result
        if not args.json:
            print(
                f"{game_id:18} {result['players']} players, {result['size']}, {result['frames']}"
                f" frames, an update every {args.every} frames: p50 {result['p50_ms']} ms,"
                f" p99 {result['p99_ms']} ms, max {result['max_ms']} ms (target p99 ≤ 8 ms)"
            )
    idle = {scene: idle_cpu(scene, args.idle_seconds, (1280, 800)) for scene in ("lobby", "table")}
    if not args.json:
        for scene, percent in idle.items():
            print(f"idle in the {scene}: {percent}% of one core (target ≤ 3%)")
    if args.json:
        print(
            json.dumps(
                {"games": results, "idle_cpu_percent": idle, "idle_target_percent": 3.0},
                sort_keys=True,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
