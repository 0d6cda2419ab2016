"""pygame asks for a hint on its seat's turn: the Hint button, the answer told in words (the
table's talk) and lit on the board, where the move's own place is."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402
from server import hints  # noqa: E402
from tests.test_client_live import run_until, tap  # noqa: E402


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # The server runs in this process: a few steps of search, a guard that never binds.
    monkeypatch.setattr(hints, "ITERATIONS", {"magie-des-bijoux": 20})
    monkeypatch.setattr(hints, "ITERATIONS_AT", {})
    monkeypatch.setattr(hints, "BUDGET_MS", 60_000.0)
    yield
    i18n.set_language("en")


def test_the_hint_button_tells_the_strong_move_and_lights_its_place():
    from client.net.host import LocalServer
    from client.scenes.lobby import LobbyScene
    from client.scenes.start import StartScene

    server = LocalServer("Hints", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        start = StartScene(app, browse=False)
        app.stack.push(start)
        start.connect(server.host, server.port)
        assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        session = app.session
        session.create("magie-des-bijoux", ["me", "bot"], {"first_seat": 0})
        assert run_until(app, lambda: any(t.seats[1].kind == "bot" for t in session.lobby.tables))
        session.start_table(session.lobby.tables[0].id)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        assert run_until(app, lambda: scene.interactive and scene.hints.may_ask())
        button = next(b for b in scene.bar_buttons if b.label == "Hint")
        tap(app, button.rect.center)
        assert run_until(app, lambda: scene.hints.current() is not None)
        hint = scene.hints.current()
        stream = scene.model.streams[0]
        assert hint["move"] == stream.legal[hint["index"]]
        assert run_until(app, lambda: any(t.message.startswith("Hint: ") for t in app.toasts.items))
        told = next(t.message for t in app.toasts.items if t.message.startswith("Hint: "))
        assert scene.game_view.say(hint["why"]["label"]) in told
        assert scene.hints.rects(), "the hinted move is lit where it is played"
        # After the move the hint is stale: nothing lit any more.
        scene.send_move(0, hint["move"])
        assert run_until(app, lambda: scene.hints.current() is None)
        assert scene.hints.rects() == []
    finally:
        app.shutdown()
        server.stop()
