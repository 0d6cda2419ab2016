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
