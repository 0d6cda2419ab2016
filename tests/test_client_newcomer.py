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
