"""The hand on idle seats in pygame, over a LocalServer: the table's creator nudges a person,
hands their idle seat to a bot and pauses the table from the Seats dialog; the person at a seat
hears and reads a nudge, sees their seat handed and takes it back with the bar's button
(docs/protocol.md, "A hand on idle seats")."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.connection import AsyncClient  # noqa: E402
from client.scenes.hands import HandsDialog, RemoveDialog  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402
from server import standins  # noqa: E402
from tests.test_client_hints import run_until, tap  # noqa: E402


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # The server runs in this process: a seat counts as idle after a short wait here.
    monkeypatch.setattr(standins, "IDLE_SEAT", 0.3)
    yield
    i18n.set_language("en")


class Other:
    """Another person's connection, on its own loop in a thread."""

    def __init__(self, port: int, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client: AsyncClient = self.run(AsyncClient.connect("127.0.0.1", port, name))

    def run(self, coro: Any, timeout: float = 15.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def send(self, msg: dict[str, Any]) -> None:
        self.loop.call_soon_threadsafe(self.client.send, msg)

    def expect(self, kind: str, **fields: Any) -> dict[str, Any]:
        return self.run(self.client.expect(kind, timeout=10.0, **fields))

    def close(self) -> None:
        self.run(self.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def pygame_at(server: Any) -> App:
    from client.scenes.lobby import LobbyScene
    from client.scenes.start import StartScene

    app = App((1280, 800), Settings(name="Ada", language="en"))
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    return app


def tap_button(app: App, buttons: list, label: str) -> None:
    button = next(b for b in buttons if b.label == label)
    tap(app, button.rect.center)


def toast_shown(app: App, text: str) -> bool:
    return any(t.message == text for t in app.toasts.items)


@pytest.fixture
def server():
    from client.net.host import LocalServer

    server = LocalServer("Hands", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    yield server
    server.stop()


def test_the_creators_seats_dialog_nudges_hands_and_pauses(server):
    app = pygame_at(server)
    bob = Other(server.port, "Bob")
    try:
        session = app.session
        session.create("magie-des-bijoux", ["me", "open"], {"first_seat": 1})
        assert run_until(app, lambda: bool(session.lobby.tables))
        table = session.lobby.tables[0].id
        bob.send({"t": "join", "table": table, "seat": 1})
        assert run_until(app, lambda: session.lobby.tables[0].seats[1].kind == "human")
        session.start_table(table)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        assert run_until(app, lambda: any(b.label == "Seats" for b in scene.bar_buttons))

        tap_button(app, scene.bar_buttons, "Seats")
        dialog = app.stack.top
        assert isinstance(dialog, HandsDialog) and [n for n, _r in dialog.rows] == ["Bob"]
        tap_button(app, dialog.rows[0][1], "Nudge")
        nudge = bob.expect("nudge")
        assert (nudge["table"], nudge["seat"], nudge["by"]) == (table, 1, "Ada")
        assert run_until(app, lambda: toast_shown(app, "Bob was nudged."))

        time.sleep(0.4)  # Bob keeps the table waiting
        tap_button(app, scene.bar_buttons, "Seats")
        tap_button(app, app.stack.top.rows[0][1], "Hand to a bot")
        handed = bob.expect("handed")
        assert (handed["seat"], handed["by"]) == (1, "Ada")

        tap_button(app, scene.bar_buttons, "Seats")
        tap_button(app, app.stack.top.buttons, "Pause")
        assert bob.expect("paused")["paused"] is True
        assert run_until(app, lambda: scene.hands.paused and not scene.interactive)
        assert scene.hands.notice() == "The table is paused."
        # A refusal is told: the table is paused already.
        scene.hands.pause(True)
        assert run_until(app, lambda: toast_shown(app, "Refused: The table is already paused."))
        tap_button(app, scene.bar_buttons, "Seats")
        tap_button(app, app.stack.top.buttons, "Resume")
        assert bob.expect("paused")["paused"] is False
        assert run_until(app, lambda: not scene.hands.paused)

        # Remove, after a question: the seat opens for anyone else, and Bob is told.
        tap_button(app, scene.bar_buttons, "Seats")
        tap_button(app, app.stack.top.rows[0][1], "Remove")
        question = app.stack.top
        assert isinstance(question, RemoveDialog) and question.title == "Remove Bob from this game?"
        tap_button(app, question.buttons, "Leave it open")
        removed = bob.expect("removed")
        assert (removed["seat"], removed["by"]) == (1, "Ada")
        assert run_until(app, lambda: session.lobby.tables[0].seats[1].kind != "human")
    finally:
        bob.close()
        app.shutdown()


def test_a_nudged_and_handed_seat_tells_its_person_who_takes_it_back(server):
    app = pygame_at(server)
    bob = Other(server.port, "Bob")
    try:
        session = app.session
        bob.send(
            {
                "t": "create",
                "game": "magie-des-bijoux",
                "seats": 2,
                "sit": True,
                "options": {"first_seat": 1},
            }
        )
        table = bob.expect("joined")["table"]
        assert run_until(app, lambda: any(t.id == table for t in session.lobby.tables))
        session.join(table, 1)
        assert run_until(app, lambda: session.lobby.tables[0].seats[1].kind == "human")
        bob.send({"t": "start", "table": table})
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        # Not the creator: no Seats button.
        assert run_until(app, lambda: scene.interactive)
        assert all(b.label != "Seats" for b in scene.bar_buttons)

        played = len(app.sounds.played)
        bob.send({"t": "nudge", "table": table, "seat": 1})
        assert run_until(app, lambda: toast_shown(app, "Bob is waiting for you"))
        assert "turn" in app.sounds.played[played:]

        time.sleep(0.4)
        bob.send({"t": "hand_to_bot", "table": table, "seat": 1})
        assert run_until(app, lambda: toast_shown(app, "Bob handed your seat to a bot."))
        assert run_until(
            app, lambda: any(b.label == "Take my seat back" for b in scene.bar_buttons)
        )
        tap_button(app, scene.bar_buttons, "Take my seat back")
        assert run_until(
            app, lambda: all(b.label != "Take my seat back" for b in scene.bar_buttons)
        )
        assert scene.hands.my_handed_seat() is None

        # The creator pauses: this screen says so, offers no moves, and the session keeps it.
        bob.send({"t": "pause", "table": table, "paused": True})
        assert run_until(app, lambda: scene.hands.paused and not scene.interactive)
        assert scene.hands.notice() == "The table is paused."
        assert run_until(app, lambda: toast_shown(app, "Bob paused the table."))
        assert run_until(app, lambda: session.tables[table].paused)
    finally:
        bob.close()
        app.shutdown()
