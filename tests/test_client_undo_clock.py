"""The table scene's Undo button and turn clock, offline (sample data as the server sends it)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.model import SeatInfo  # noqa: E402
from client.net.session import Session  # noqa: E402
from client.scenes.new_table import CLOCK_CHOICES, CreateTableDialog  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.scenes.table_chrome import clock_words  # noqa: E402
from client.tools.screenshot import sample_table  # noqa: E402
from client.ui.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


def frames(app, n=2, events=()):
    app.step(1 / 30, events)
    for _ in range(n - 1):
        app.step(1 / 30)


def tap(app, pos):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 1, [down, up])


def scene_with(app, taken: list, **changes):
    model = sample_table("magie-des-bijoux", seed=4, moves=6, players=2)
    seat = model.mine[0]
    for key, value in changes.items():
        setattr(model.streams[seat] if key == "can_undo" else model, key, value)
    model.revision += 1
    scene = TableScene(app, model, lambda seat, move: None, lambda: None, take_back=taken.append)
    app.stack.push(scene)
    frames(app)
    return scene, seat


def labels(scene) -> list[str]:
    return [b.label for b in scene.bar_buttons]


def test_the_undo_button_shows_only_when_the_server_allows_it_and_takes_back_that_seat():
    app = App((1280, 800), Settings(name="Alex", language="en"))
    taken: list[int] = []
    scene, seat = scene_with(app, taken, can_undo=False)
    assert "Undo" not in labels(scene)
    scene.model.streams[seat].can_undo = True
    scene.model.revision += 1
    frames(app)
    (button,) = [b for b in scene.bar_buttons if b.label == "Undo"]
    tap(app, button.rect.center)
    assert taken == [seat]
    assert not scene.interactive, "nothing else is sent until the server answers"
    assert "Undo" not in labels(scene)


def test_a_move_taken_back_shows_in_the_log_and_the_board_jumps_without_animation():
    app = App((1280, 800), Settings(name="Alex", language="en"))
    scene, seat = scene_with(app, [])
    stream = scene.model.streams[seat]
    scene.model.update(
        seat, stream.view, stream.legal, stream.to_act, [{"type": "taken_back", "seat": 1}]
    )
    frames(app)
    name = scene.model.names[1]
    assert scene.log[-1] == f"{name} took back a move"
    assert scene.timeline.idle


def test_the_turn_clock_counts_down_on_the_panels_and_the_turn_line():
    app = App((1280, 800), Settings(name="Alex", language="en"))
    clock = {"kind": "chess", "remaining": [65.0, 600.0], "running": [0]}
    scene, seat = scene_with(app, [], clock=clock, clock_at=time.monotonic() - 5.2)
    left = scene.time_left()
    assert 59.0 < left[0] <= 59.8 and left[1] == 600.0
    assert scene.clock_running() and scene.frame_rate() > 0
    lines = scene._panel_text(1, 400)
    assert "time left: 10:00" in lines
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)


def test_clock_words_round_up_to_whole_seconds():
    assert clock_words(59.2) == "1:00"
    assert clock_words(0.0) == "0:00"
    assert clock_words(605) == "10:05"
    assert clock_words(3725) == "1:02:05"


def test_the_new_table_dialog_offers_undo_and_the_turn_clocks(monkeypatch):
    app = App((1280, 800), Settings(name="Alex", language="en"))
    sent: list[dict] = []

    class Lobby:
        actions = Session.__new__(Session)

    monkeypatch.setattr(Session, "send", lambda self, msg: sent.append(msg) or 1, raising=False)
    Lobby.actions._plans = {}
    games = [
        {
            "id": "magie-des-bijoux",
            "title": "La Magie des Bijoux",
            "min_players": 1,
            "max_players": 4,
            "options": {},
        }
    ]
    dialog = CreateTableDialog(app, Lobby(), games, None)
    dialog.toggle_undo()
    for _ in range(4):
        dialog.cycle_clock()
    assert CLOCK_CHOICES[dialog.clock][0] == {"kind": "chess", "seconds": 600, "increment": 10}
    words = [b.label for _g, b in dialog.controls]
    assert "Undo: off" in words and "Turn clock: 10 min each + 10 s a move" in words
    dialog.create()
    (msg,) = sent
    assert msg["undo"] is False and msg["clock"] == CLOCK_CHOICES[4][0]


def test_a_bot_panel_names_the_bot_once():
    # "basic bot 2" says it is a bot; only a bot of a level the client does not name is tagged.
    app = App((1280, 800), Settings(name="Alex", language="en"))
    scene, _ = scene_with(app, [])
    scene.model.seats[1] = SeatInfo(1, "Bot 2", "bot", level="basic")
    assert scene.model.seats[1].shown_name == "basic bot 2"
    assert "bot" not in scene._panel_text(1, 400)
    scene.model.seats[1] = SeatInfo(1, "Bot 2", "bot", level="clever")
    assert "bot" in scene._panel_text(1, 400)
