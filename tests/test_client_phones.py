"""The host's client shows how phones join: the page's address as a QR code in the lobby (a
button when the window is narrow), a code for one open seat, and a Phones button at the table."""

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import segno  # noqa: E402

from client.app import App  # noqa: E402
from client.net.host import LocalServer  # noqa: E402
from client.scenes.lobby import LobbyScene  # noqa: E402
from client.scenes.phones import PhonesDialog, phone_urls  # noqa: E402
from client.scenes.start import StartScene  # noqa: E402
from client.ui.qr import QUIET, qr_surface  # noqa: E402
from client.ui.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def server():
    local = LocalServer("Phones", ["127.0.0.1"], discovery=False, port=0).start()
    local.wait()
    yield local
    local.stop()


def run_until(app, condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(1 / 60)
        if condition():
            return True
        time.sleep(0.01)
    return False


def lobby_of(app, server):
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    assert run_until(app, lambda: app.session.web_port is not None)
    app.step(1 / 60)
    return app.stack.top


def test_the_qr_code_holds_exactly_the_matrix_segno_makes():
    url = "http://192.168.1.20:7767/?table=3&seat=1"
    code = qr_surface(url, 300)
    matrix = segno.make(url, error="m").matrix
    modules = len(matrix) + 2 * QUIET
    px = code.get_width() // modules
    assert code.get_width() == modules * px <= 300 and px >= 2
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            centre = ((x + QUIET) * px + px // 2, (y + QUIET) * px + px // 2)
            assert (code.get_at(centre)[0] == 0) == bool(dark)
    assert code.get_at((1, 1))[:3] == (255, 255, 255), "a white quiet zone around it"


def test_the_lobby_shows_the_page_as_a_qr_code_and_a_seat_gets_its_own(server):
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        lobby = lobby_of(app, server)
        [url] = phone_urls(app)
        assert url == f"http://127.0.0.1:{app.session.web_port}/"
        assert server.web_urls == [url]
        assert lobby.phone_card and lobby.phones_rect.w > 0
        assert not any(b.label == "Phones" for b in lobby.top_buttons)
        app.session.create("das-kollier", ["me", "open", "open"], {})
        assert run_until(app, lambda: bool(lobby._open_seats_of_mine()))
        table = lobby.lobby.tables[0].id
        app.step(
            1 / 60,
            [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lobby.phones_rect.center, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=lobby.phones_rect.center, button=1),
            ],
        )
        dialog = app.stack.top
        assert isinstance(dialog, PhonesDialog) and dialog.url() == url
        [_anyone, *seats] = dialog.chips
        assert [c.label for c in seats] == [f"#{table} seat 2", f"#{table} seat 3"]
        seats[1].action()
        assert dialog.url() == f"{url}?table={table}&seat=2"
        app.draw(pygame.Surface((1280, 800)))
        # A narrow window: the card becomes a button in the bar.
        app.resize((800, 600))
        app.stack.pop()
        assert not lobby.phone_card and any(b.label == "Phones" for b in lobby.top_buttons)
    finally:
        app.shutdown()


def test_a_server_without_a_page_shows_no_code(tmp_path):
    local = LocalServer("No web", ["127.0.0.1"], discovery=False, port=0, web=False).start()
    local.wait()
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        lobby = lobby_of_no_web(app, local)
        assert phone_urls(app) == [] and not lobby.phone_card
        assert not any(b.label == "Phones" for b in lobby.top_buttons)
    finally:
        app.shutdown()
        local.stop()


def lobby_of_no_web(app, server):
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    assert run_until(app, lambda: app.session.lobby.revision > 0)
    return app.stack.top
