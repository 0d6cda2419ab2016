"""What a newcomer tripped over in the first hour at the table (issue 15), one test a rule."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.scenes.dialogs import SettingsDialog  # noqa: E402
from client.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


def make_app(size=(1280, 800), language="en", **settings):
    return App(size, Settings(name="Alex", language=language, **settings))


def step(app, *events):
    app.step(1 / 30, list(events))


def tap(app, pos):
    step(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def test_the_first_click_after_typing_reaches_the_button():
    app = make_app()
    dialog = SettingsDialog(app)
    app.stack.push(dialog)
    step(app)
    tap(app, dialog.name.rect.center)
    assert dialog.name.focused
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="a"))
    [done] = dialog.buttons
    tap(app, done.rect.center)
    assert app.stack.top is not dialog, "the tap on Done only took the focus from the field"
    assert app.settings.name == "Alexa"


def test_replay_into_a_reader_that_stops_early_exits_quietly(tmp_path):
    import subprocess
    import sys

    from client.cli import main

    data = tmp_path / "data"
    for seed in range(3):
        args = ["--game", "magie-des-bijoux", "--players", "2", "--seed", str(seed)]
        assert main(["play", "--headless", *args, "--data", str(data)]) == 0
    command = [sys.executable, "-m", "client.cli", "replay", "1", "--data", str(data)]
    # A reader that has gone before the log is written, like `| head -0` (the interpreter starts
    # far slower than this close).
    writer = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    writer.stdout.close()
    err = writer.stderr.read().decode()
    assert writer.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def settle(app, seconds=3.0):
    for _ in range(round(seconds * 30)):
        app.step(1 / 30)


def test_an_idle_lobby_asks_for_no_frames():
    from client.screenshot import build_scene

    app = make_app()
    app.stack.push(build_scene(app, "lobby", "das-kollier", 7, 0, None, "0"))
    settle(app)
    assert app.frame_rate() == 0


def test_a_table_redraws_by_itself_only_while_this_device_is_to_act():
    from client.app import FPS
    from client.screenshot import build_scene, sample_table

    acting = sample_table("magie-des-bijoux", 7, 0, 2).to_act()[0]
    waiting = make_app()
    waiting.stack.push(build_scene(waiting, "table", "magie-des-bijoux", 7, 0, 2, str(1 - acting)))
    settle(waiting)
    assert waiting.frame_rate() == 0
    playing = make_app()
    playing.stack.push(build_scene(playing, "table", "magie-des-bijoux", 7, 0, 2, str(acting)))
    settle(playing)
    assert 0 < playing.frame_rate() < FPS  # a gentle pulse, not every frame
    playing.toasts.show("Hello")
    assert playing.frame_rate() == FPS
