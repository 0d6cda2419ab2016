"""`jeweltable screenshot`: render a scene headless to a PNG, for tests, docs and review.

The table is filled with test data made locally: a game from a seed after K random moves, its
view, legal moves and events as the server would send them to the seat to act. That is
rendering data for a picture, not the client's live path (which only shows what a server sent).
"""

from __future__ import annotations

import os
import random
from typing import Any

from client.net.model import (
    ChatEntry,
    LobbyModel,
    SeatInfo,
    ServerInfo,
    TableInfo,
    TableModel,
)
from shared.engine import get_game
from shared.randomplay import random_step

SAMPLE_NAMES = ["Alex", "Béatrice", "Jürgen", "Maëlle", "Zoë", "François"]


def sample_table(
    game_id: str,
    seed: int = 1,
    moves: int = 20,
    players: int | None = None,
    viewer: str = "to_act",
    options: dict[str, Any] | None = None,
) -> TableModel:
    """A table after `moves` random moves, seen by the seat to act ("to_act"), by every seat
    at once (hot-seat, "all"), by seat N ("0", "1", ...) or by a spectator ("spectator")."""
    game = get_game(game_id)
    n = players or min(game.max_players, 4)
    state = game.new_game(seed, n, options)
    rng = random.Random(seed)
    history = []
    for _ in range(moves):
        if game.is_over(state):
            break
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        history.append(events)
    if viewer == "spectator":
        mine: list[int] = []
    elif viewer == "all":
        mine = list(range(n))
    elif viewer == "to_act":
        mine = (game.to_act(state) or [0])[:1]
    else:
        mine = [int(viewer)]
    seats = [
        SeatInfo(
            i,
            SAMPLE_NAMES[i % len(SAMPLE_NAMES)],
            "bot" if i == 2 and i not in mine else "human",
            i in mine or i != 1,
        )
        for i in range(n)
    ]
    model = TableModel(1, game_id, seats, mine=mine, status="playing")
    for who in mine or [None]:
        seen = [e for events in history for e in game.view_events(events, who)]
        legal = game.legal_moves(state, who) if who is not None else []
        model.update(who, game.view(state, who), legal, game.to_act(state), seen, fresh=True)
    model.resyncs = 0
    model.chat = sample_chat(n)
    # The quiet-time move the server would announce with this update.
    timer = None if game.is_over(state) else game.timer(state)
    model.timer = None if timer is None else {"seconds": timer["seconds"], "seat": timer["seat"]}
    if game.is_over(state):
        model.status = "over"
        model.outcome = game.outcome(state)
    return model


def sample_chat(players: int) -> list[ChatEntry]:
    """A few lines said at a sample table (names as in `sample_table`)."""
    name = SAMPLE_NAMES
    return [
        ChatEntry(1, name[0], 0, "Bonsoir tout le monde !"),
        ChatEntry(2, name[1], 1, emote="good_luck"),
        ChatEntry(9, "Zoë", None, "Ich schaue nur zu — viel Glück euch allen."),
        ChatEntry(1, name[0], 0, "Who brought the pretzels?"),
        ChatEntry(2, name[1], 1, "Jürgen did, as always."),
    ][: 3 + min(players, 2)]


def sample_lobby() -> LobbyModel:
    """A lobby with a few tables in different states."""

    def seats(*names: str | None) -> list[SeatInfo]:
        return [
            SeatInfo(
                i,
                None if n in (None, "bot") else n,
                "open" if n is None else ("bot" if n == "bot" else "human"),
            )
            for i, n in enumerate(names)
        ]

    return LobbyModel(
        server_name="Salon de Maëlle",
        games=[get_game(g).describe() for g in _game_ids()],
        tables=[
            TableInfo(
                1, "magie-des-bijoux", seats("Maëlle", "Jürgen", None, "bot"), "waiting", "Maëlle"
            ),
            TableInfo(2, "magie-des-bijoux", seats("Zoë", "bot"), "playing", "Zoë", spectators=2),
            TableInfo(
                3,
                _game_ids()[-1],
                seats("François", None, None),
                "waiting",
                "François",
                password=True,
            ),
        ],
    )


def sample_servers() -> list[ServerInfo]:
    return [
        ServerInfo("Salon de Maëlle", "192.0.2.10", 7766, _game_ids(), 2),
        ServerInfo("Jürgens Spieleabend", "192.0.2.11", 7766, _game_ids()[:2], 1),
    ]


def _game_ids() -> list[str]:
    from shared.engine import list_games

    return list_games()


def render(
    scene: str,
    size: tuple[int, int],
    out: str,
    game: str = "magie-des-bijoux",
    seed: int = 1,
    moves: int = 20,
    players: int | None = None,
    viewer: str = "to_act",
    language: str = "en",
    frames: int = 40,
    text_size: int = 100,
) -> None:
    """Render `scene` ("start", "lobby", "table" or "results") at `size` and save it to `out`,
    with the text at `text_size` percent."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from client.app import App
    from client.ui.settings import Settings

    app = App(size, Settings(name="Alex", language=language, text_size=text_size))
    app.stack.push(build_scene(app, scene, game, seed, moves, players, viewer))
    for _ in range(frames):
        app.step(1 / 30)
    pygame.image.save(app.window, out)


def build_scene(
    app: Any, scene: str, game: str, seed: int, moves: int, players: int | None, viewer: str
):
    """The scene to show, filled with sample data."""
    from client.scenes.lobby import LobbyScene
    from client.scenes.start import StartScene
    from client.scenes.table import TableScene

    if scene == "start":
        start = StartScene(app, browse=False)
        for server in sample_servers():
            start.server_found(server)
        return start
    if scene == "lobby":
        return LobbyScene(app, sample_lobby(), actions=None)
    if scene in ("table", "results"):
        model = sample_table(game, seed, 10_000 if scene == "results" else moves, players, viewer)
        return TableScene(app, model, send_move=lambda seat, move: None, leave=lambda: None)
    raise ValueError(f"unknown scene {scene!r}: start, lobby, table or results")
