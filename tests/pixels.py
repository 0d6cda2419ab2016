"""The game views rendered headless to PNGs, to compare two versions of the client pixel by pixel.

    python -m tests.pixels OUT_DIR [--games g1,g2]       renders every picture into OUT_DIR
    python -m tests.pixels --compare DIR_A DIR_B          says how many are byte-identical

Each game's table is drawn at several moments — the start, mid-game, an auction's choices, a
piece picked up (its targets glowing), a move in flight (a non-fresh update, a few frames into
its animation), a spectator and the end, and moments of its own (Das Kollier: a sale, a payment
and an amount put together on its controls) — at 800×600, 1280×800 and 1920×1080, in English,
German and French. The positions come from random play with fixed seeds, and time only advances
by the frames drawn (and string hashing is seeded), so the same code draws the same bytes. A
refactor of a view is checked by rendering with the code before and after it and comparing (any
difference is a bug, not a tolerance).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

GAMES = ("magie-des-bijoux", "kette-von-saba", "das-kollier", "saba-palast")
SIZES = ((800, 600), (1280, 800), (1920, 1080))
LANGUAGES = ("en", "de", "fr")
# moment: (seed, moves before it, players, viewer); a moment named "…picked" picks up the
# first piece the seat may move (a view without pieces, as Das Kollier's, is tapped on its last
# control: the sale to the bank, a gem put into a payment, a bid), one named "…flight" plays
# one more move and stops mid-way.
MOMENTS: dict[str, tuple[int, int, int, str]] = {
    "start": (3, 0, 3, "to_act"),
    "mid": (5, 14, 3, "to_act"),
    "reserve": (7, 9, 3, "to_act"),
    "buyer-picked": (7, 10, 3, "to_act"),
    "offer-picked": (7, 12, 3, "to_act"),
    "bidding": (7, 13, 3, "to_act"),
    "flight": (11, 12, 3, "to_act"),
    "stage2-flight": (19, 202, 3, "to_act"),
    "stage2-picked": (19, 206, 3, "to_act"),
    "spectator": (13, 16, 4, "spectator"),
    "end": (17, 10_000, 3, "to_act"),
}
# Moments of one game only: (seed, moves before it, players, viewer, steps), each step done on
# the view's own controls (`TableView.tap_spots`) through the scene as a person would: a tap on
# the first control whose key starts with the text, the pointer resting on one, digits typed,
# Enter. Das Kollier's seat acts through controls, not pieces: the sale to the bank put
# together, a payment of gems, an amount typed beyond the seat's means, a falling auction.
GAME_MOMENTS: dict[str, dict[str, tuple[int, int, int, str, tuple[tuple[str, str], ...]]]] = {
    "das-kollier": {
        "sale": (1, 24, 3, "to_act", (("tap", "sell"), ("tap", "gem-"), ("hover", "sale"))),
        "composer": (1, 45, 3, "to_act", (("tap", "gem-"), ("tap", "necklace"), ("hover", "pay"))),
        "typing": (1, 32, 3, "to_act", (("tap", "field"), ("text", "99"), ("confirm", ""))),
        "falling": (1, 8, 3, "to_act", (("hover", "accept"),)),
        "choose": (1, 7, 3, "to_act", (("tap", "plus"), ("hover", "falling"))),
    },
}
# A game drawn at moments of its own instead of the common ones, where those miss what it shows
# (Saba – Palast: a harbour field's choices, a card and a figure picked up, the give-back dialog,
# a build in flight).
INSTEAD: dict[str, dict[str, tuple[int, int, int, str]]] = {
    "saba-palast": {
        "start": (3, 0, 3, "to_act"),
        "harbour-picked": (1, 0, 3, "to_act"),
        "build-picked": (1, 1, 3, "to_act"),
        "build-flight": (1, 28, 3, "to_act"),
        "quarter-picked": (1, 29, 3, "to_act"),
        "give-back": (1, 25, 3, "to_act"),
        "give-back-4": (1, 31, 4, "to_act"),
        "two-players": (1, 12, 2, "to_act"),
        "mid-flight": (11, 20, 3, "to_act"),
        "spectator": (13, 30, 4, "spectator"),
        "end": (17, 10_000, 3, "to_act"),
    },
}
FRAMES = 40
# Frames drawn after the last move of a "flight" picture: mid-animation.
FLIGHT_FRAMES = 5


def moments(game_id: str) -> dict[str, tuple]:
    """The moments a game is drawn at: the common ones (or its own instead) and its own extra
    ones, each (seed, moves before it, players, viewer, *steps)."""
    return {**INSTEAD.get(game_id, MOMENTS), **GAME_MOMENTS.get(game_id, {})}


def _play(game: Any, seed: int, moves: int, players: int) -> tuple[Any, list, random.Random]:
    from shared.randomplay import random_step

    state = game.new_game(seed, players, None)
    rng = random.Random(seed)
    history = []
    for _ in range(moves):
        if game.is_over(state):
            break
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        history.append(events)
    return state, history, rng


def _model(game_id: str, seed: int, moves: int, players: int, viewer: str):
    """The table after `moves` random moves and, for a flight, the update of one more move."""
    from client.net.model import SeatInfo, TableModel
    from client.tools.screenshot import SAMPLE_NAMES
    from shared.engine import get_game
    from shared.randomplay import random_step

    game = get_game(game_id)
    state, history, rng = _play(game, seed, moves, players)
    if viewer == "spectator":
        mine: list[int] = []
    else:
        mine = (game.to_act(state) or [0])[:1]
    seats = [
        SeatInfo(i, SAMPLE_NAMES[i], "bot" if i == 2 and i not in mine else "human", True)
        for i in range(players)
    ]
    model = TableModel(1, game_id, seats, mine=mine, status="playing")
    for who in mine or [None]:
        seen = [e for events in history for e in game.view_events(events, who)]
        legal = game.legal_moves(state, who) if who is not None else []
        model.update(who, game.view(state, who), legal, game.to_act(state), seen, fresh=True)
    model.resyncs = 0
    if game.is_over(state):
        model.status = "over"
        model.outcome = game.outcome(state)

    def one_more() -> None:
        """A further random move arrives as a plain update (its events animate)."""
        nonlocal state
        if game.is_over(state):
            return
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        for who in mine or [None]:
            legal = game.legal_moves(state, who) if who is not None else []
            seen = game.view_events(events, who)
            model.update(who, game.view(state, who), legal, game.to_act(state), seen)

    return model, one_more


def render(game_id: str, moment: str, size: tuple[int, int], language: str, out: Path) -> None:
    """One picture of `game_id` at `moment`, `size` and `language`, saved to `out`."""
    import pygame

    from client.app import App
    from client.scenes.table import TableScene
    from client.ui.input import Intent
    from client.ui.settings import Settings

    seed, moves, players, viewer, *steps = moments(game_id)[moment]
    model, one_more = _model(game_id, seed, moves, players, viewer)
    app = App(size, Settings(name="Alex", language=language))
    scene = TableScene(app, model, send_move=lambda seat, move: None, leave=lambda: None)
    app.stack.push(scene)
    for _ in range(FRAMES):
        app.step(1 / 30)
    if moment.endswith("picked"):
        pieces = scene.game_view.pieces()
        if pieces:
            scene.hand.selected = pieces[0]
        elif scene.game_view.tap_spots():
            _key, rect = scene.game_view.tap_spots()[-1]
            x, y = scene.camera.rect_to_screen(rect).center
            scene.handle(Intent("tap", pos=(float(x), float(y))))
        for _ in range(3):
            app.step(1 / 30)
    elif moment.endswith("flight"):
        one_more()
        for _ in range(FLIGHT_FRAMES):
            app.step(1 / 30)
    for kind, what in steps[0] if steps else ():
        _act(app, scene, kind, what)
    pygame.image.save(app.window, str(out))


def _act(app: Any, scene: Any, kind: str, what: str) -> None:
    """One step of a game's own moment (see GAME_MOMENTS), then the frames for the controls to
    settle (a control that takes another's place waits 0.6 s)."""
    from client.ui.input import Intent

    if kind in ("tap", "hover"):
        spots = [rect for key, rect in scene.game_view.tap_spots() if key.startswith(what)]
        if spots:
            x, y = scene.camera.rect_to_screen(spots[0]).center
            scene.handle(Intent(kind, pos=(float(x), float(y))))
    elif kind == "text":
        scene.handle(Intent("text", text=what))
    else:
        scene.handle(Intent(kind))
    for _ in range(25):
        app.step(1 / 30)


def render_all(out_dir: Path, games: list[str]) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    for game_id in games:
        for moment in moments(game_id):
            for w, h in SIZES:
                for language in LANGUAGES:
                    name = f"{game_id}-{moment}-{w}x{h}-{language}.png"
                    render(game_id, moment, (w, h), language, out_dir / name)
                    count += 1
    return count


def compare(a: Path, b: Path) -> tuple[int, list[str]]:
    """How many pictures both folders hold, and the names of those that differ (or are
    missing from `b`)."""
    import pygame

    names = sorted(p.name for p in a.glob("*.png"))
    differ = []
    for name in names:
        other = b / name
        if not other.exists():
            differ.append(name)
            continue
        if (a / name).read_bytes() == other.read_bytes():
            continue
        one, two = pygame.image.load(str(a / name)), pygame.image.load(str(other))
        if pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(two, "RGBA"):
            differ.append(name)
    return len(names), differ


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Sets of targets are drawn in their order, which string hashing varies per process:
        # with one seed the same code draws the same bytes.
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        args = sys.argv[1:] if argv is None else argv
        os.execve(sys.executable, [sys.executable, "-m", "tests.pixels", *args], env)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--compare", action="store_true", help="compare two folders")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    if args.compare:
        if len(args.folders) != 2:
            parser.error("--compare takes two folders")
        count, differ = compare(*args.folders)
        print(f"{count} compared, {count - len(differ)} identical")
        for name in differ:
            print(f"differs: {name}")
        return 1 if differ or not count else 0
    count = render_all(args.folders[0], args.games.split(","))
    print(f"{count} pictures in {args.folders[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
