"""The client against a real server on 127.0.0.1: taps become moves, views come back.

Each test runs a server inside the test process (`client.net.host.LocalServer`, the same server as
`jeweltable serve`) bound to 127.0.0.1; discovery, where tested, is bound to 127.0.0.1 too.
"""

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.host import LocalServer  # noqa: E402
from client.net.session import Session  # noqa: E402
from client.scenes.lobby import LobbyScene  # noqa: E402
from client.scenes.start import StartScene  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.ui.settings import Settings  # noqa: E402

LOOPBACK = ["127.0.0.1"]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def server():
    local = LocalServer("Test table", LOOPBACK, discovery=False, port=0).start()
    local.wait()
    yield local
    local.stop()


@pytest.fixture
def app():
    application = App((1280, 800), Settings(name="Ada", language="en"))
    yield application
    application.shutdown()


def run_until(app, condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(1 / 60)
        if condition():
            return True
        time.sleep(0.01)
    return False


def tap(app, pos):
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def open_table(app, server, kinds):
    """Connect, create a Magie des Bijoux table with seats `kinds`, start it; the table scene."""
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    session = app.session
    session.create("magie-des-bijoux", kinds, {"first_seat": 0})

    def ready():
        return any(all(s.kind != "open" for s in t.seats) for t in session.lobby.tables)

    assert run_until(app, ready)
    session.start_table(session.lobby.tables[0].id)
    assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
    return app.stack.top


def my_turn(scene):
    return scene.interactive and bool(scene.game_view.loose_targets())


def test_taps_on_legal_targets_send_those_moves_and_the_servers_view_comes_back(app, server):
    scene = open_table(app, server, ["me", "bot"])
    assert scene.model.mine == [0] and run_until(app, lambda: my_turn(scene))
    target = scene.game_view.loose_targets()[5]
    tap(app, scene.camera.to_screen(*target.rect.center))
    assert run_until(app, lambda: scene.game_view.view["pawn"] == target.move["plaque"])
    # The bot moves; then it is our turn again and a tap sets a stone where we tapped.
    assert run_until(app, lambda: my_turn(scene) and scene.game_view.view["previous"] is not None)
    target = scene.game_view.loose_targets()[0]
    assert target.move["type"] == "move"
    stones_before = sum(scene.game_view.view["stones"][target.key])
    tap(app, scene.camera.to_screen(*target.rect.center))
    assert run_until(app, lambda: sum(scene.game_view.view["stones"][target.key]) > stones_before)
    assert scene.game_view.view["pawn"] == target.move["plaque"]
    assert any("Ada" in line for line in scene.log)


def test_one_device_holds_two_seats_in_hot_seat_and_plays_both(app, server):
    scene = open_table(app, server, ["me", "me"])
    assert run_until(app, lambda: scene.model.mine == [0, 1] and my_turn(scene))
    movers = []
    for _ in range(4):
        assert run_until(app, lambda: my_turn(scene))
        seat = scene.viewer
        seq = scene.model.streams[seat].seq
        assert seat in scene.model.to_act()
        movers.append(seat)
        target = scene.game_view.loose_targets()[0]
        tap(app, scene.camera.to_screen(*target.rect.center))
        assert run_until(app, lambda s=seat, q=seq: scene.model.streams[s].seq > q)
    # The device showed each seat in turn (an extra move keeps the same seat).
    assert movers[:2] == [0, 1] and set(movers) == {0, 1}


def test_a_spectator_gets_the_public_view_and_no_controls(app, server):
    scene = open_table(app, server, ["me", "bot"])
    table_id = scene.model.table_id
    watcher = Session(server.host, server.port, "Zoé").start()
    try:
        watcher_ready = False
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not watcher_ready:
            watcher.poll()
            if watcher.connected and watcher.lobby.revision and table_id not in watcher.tables:
                watcher.watch(table_id)
            model = watcher.tables.get(table_id)
            watcher_ready = model is not None and None in model.streams
            time.sleep(0.02)
        assert watcher_ready
        model = watcher.tables[table_id]
        assert model.spectator and model.streams[None].legal == []
        view = TableScene(app, model, lambda seat, move: None, lambda: None)
        assert view.viewer is None and not view.interactive and view.strip.buttons == []
    finally:
        watcher.close()


def test_a_spectator_joining_midway_reads_the_latest_moves_in_the_game_log(app, server):
    scene = open_table(app, server, ["me", "bot"])
    assert run_until(app, lambda: my_turn(scene))
    target = scene.game_view.loose_targets()[0]
    tap(app, scene.camera.to_screen(*target.rect.center))
    assert run_until(app, lambda: scene.game_view.view["pawn"] == target.move["plaque"])
    watcher = Session(server.host, server.port, "Zoé").start()
    try:
        deadline = time.monotonic() + 10
        model = None
        while time.monotonic() < deadline and (model is None or None not in model.streams):
            watcher.poll()
            if watcher.connected and watcher.lobby.revision and not watcher.tables:
                watcher.watch(scene.model.table_id)
            model = watcher.tables.get(scene.model.table_id)
            time.sleep(0.02)
        assert model is not None and model.streams[None].events
        view = TableScene(app, model, lambda seat, move: None, lambda: None)
        assert any("Ada" in line for line in view.log), view.log
    finally:
        watcher.close()


def test_after_a_drop_the_client_reconnects_with_its_token_and_resyncs(app, server):
    scene = open_table(app, server, ["me", "bot"])
    assert run_until(app, lambda: my_turn(scene))
    session = app.session
    resyncs = scene.model.resyncs
    client = session.conn._client
    session.conn._loop.call_soon_threadsafe(client.writer.transport.abort)
    assert run_until(app, lambda: session.reconnects == 1 and scene.model.resyncs > resyncs)
    assert any("Reconnected" in t.message for t in app.toasts.items)
    assert scene.model.mine == [0]
    assert run_until(app, lambda: my_turn(scene))


def test_host_a_game_and_the_lan_browser_sees_it_come_and_go(app, monkeypatch):
    # Any free port: the usual one may be busy with another test's server.
    monkeypatch.setattr("client.net.host.DEFAULT_PORT", 0)
    start = StartScene(app, interface=LOOPBACK, browse=True)
    app.stack.push(start)
    start.host()
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene), timeout=15)
    assert app.host_server is not None and app.session.connected
    assert run_until(app, lambda: any(r.info.port == app.host_server.port for r in start.rows))
    row = next(r for r in start.rows if r.info.port == app.host_server.port)
    assert row.info.name.startswith("Ada")
    app.session.close()
    app.session = None
    app.host_server.stop()
    app.host_server = None
    assert run_until(app, lambda: row not in start.rows, timeout=15)


def test_esc_returns_to_the_lobby_keeping_the_seat_and_open_table_brings_it_back(app, server):
    scene = open_table(app, server, ["me", "bot"])
    lobby = app.stack.scenes[-2]
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.stack.top is lobby and app.session.tables[scene.model.table_id].mine == [0]
    cards = lobby.table_list
    assert run_until(
        app, lambda: any(b.label == "Open table" for _r, _i, bs in cards.cards for b in bs)
    )
    button = next(b for _r, _i, bs in cards.cards for b in bs if b.label == "Open table")
    tap(app, button.rect.center)
    assert isinstance(app.stack.top, TableScene)
    assert run_until(app, lambda: my_turn(app.stack.top))


def test_a_wrong_password_is_told_in_the_players_language(app, server):
    app.settings.language = "de"
    app.apply_settings()
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    host = Session(server.host, server.port, "Zoé").start()
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not host.connected:
            host.poll()
            time.sleep(0.02)
        host.create("magie-des-bijoux", ["me", "open"], password="opal")
        assert run_until(app, lambda: any(t.password for t in app.session.lobby.tables))
        table = next(t for t in app.session.lobby.tables if t.password)
        app.session.join(table.id, 1, "topaz")
        assert run_until(app, lambda: any("Passwort" in t.message for t in app.toasts.items))
    finally:
        host.close()


def test_the_new_table_choices_reach_the_server_bot_levels_and_takeover(app, server):
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    session = app.session
    session.create("magie-des-bijoux", ["me", "strong", "random", "open"], takeover="basic")

    def seated():
        tables = session.lobby.tables
        return bool(tables) and [s.kind for s in tables[0].seats] == ["human", "bot", "bot", "open"]

    assert run_until(app, seated)
    table = session.lobby.tables[0]
    assert [s.name for s in table.seats[1:3]] == ["strong bot 2", "random bot 3"]
    assert table.takeover == "basic"


def test_a_second_window_asks_before_taking_over_and_the_first_is_told_why(app, server):
    from client.net.connection import Connection
    from client.scenes.dialogs import ConfirmDialog, MessageDialog

    # The first window of this player, as its connection: it holds the token.
    first = Connection(server.host, server.port, "Ada").start()
    deadline = time.monotonic() + 10
    while first.token is None and time.monotonic() < deadline:
        first.poll()
        time.sleep(0.01)
    app.settings.tokens = {f"{server.host}:{server.port}": first.token}
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, ConfirmDialog))
    assert first.state == "connected", "nothing was taken before the person said so"
    dialog = app.stack.top
    tap(app, dialog.buttons[1].rect.center)  # Take over
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    assert run_until(app, lambda: first.state == "closed") and first.code == "replaced"
    first.close()

    # This window is now the one that loses its seats to another: it says so and stays put.
    second = Connection(server.host, server.port, "Ada", app.session.token, take_over=True)
    second.start()
    assert run_until(app, lambda: isinstance(app.stack.top, MessageDialog))
    assert app.stack.top.title == "Your seats moved to another window"
    second.close()


def test_people_sharing_a_device_each_name_their_seat_and_the_curtain_calls_them(
    app, server, monkeypatch
):
    from client.scenes.dialogs import SeatNamesDialog
    from client.scenes.new_table import CreateTableDialog
    from client.ui import theme

    drawn: list[str] = []
    original = theme.text

    def recording(s, size, colour=theme.TEXT, bold=False):
        drawn.append(s)
        return original(s, size, colour, bold)

    monkeypatch.setattr(theme, "text", recording)
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    session = app.session
    dialog = CreateTableDialog(app, lobby, session.lobby.games, "das-kollier")
    app.stack.push(dialog)
    dialog.kinds = ["me", "me", "basic"]
    dialog.create()
    names = app.stack.top
    assert isinstance(names, SeatNamesDialog)
    assert [f.value for f in names.fields] == ["Ada", ""] and names.fields[1].focused
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Bea")])
    names.ok()
    assert app.settings.recent_names[:2] == ["Ada", "Bea"]

    def seated():
        return any([s.name for s in t.seats][:2] == ["Ada", "Bea"] for t in session.lobby.tables)

    assert run_until(app, seated)
    session.start_table(session.lobby.tables[0].id)
    assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
    scene = app.stack.top
    assert run_until(app, lambda: scene.curtain_for is not None)
    assert scene.model.names[:2] == ["Ada", "Bea"]
    drawn.clear()
    app.step(1 / 60)
    assert f"Pass the device to {scene.model.names[scene.curtain_for]}" in drawn


def test_the_creator_closes_a_table_from_the_lobby_and_its_watcher_is_sent_back(app, server):
    from client.scenes.dialogs import ConfirmDialog

    scene = open_table(app, server, ["me", "bot"])
    table_id = scene.model.table_id
    watcher = Session(server.host, server.port, "Zoé").start()
    try:
        deadline = time.monotonic() + 10
        model = None
        while time.monotonic() < deadline and (model is None or None not in model.streams):
            watcher.poll()
            if watcher.connected and watcher.lobby.revision and not watcher.tables:
                watcher.watch(table_id)
            model = watcher.tables.get(table_id)
            time.sleep(0.02)
        assert model is not None
        closed = []
        watching = TableScene(
            app, model, lambda seat, move: None, lambda: None, lambda: closed.append(1)
        )
        lobby = next(s for s in app.stack.scenes if isinstance(s, LobbyScene))
        while app.stack.top is not lobby:
            app.stack.pop()
        assert run_until(app, lambda: bool(lobby.table_list.cards))
        cards = lobby.table_list.cards
        [close] = [b for _r, _i, bs in cards for b in bs if b.label == "Close table"]
        tap(app, close.rect.center)
        assert isinstance(app.stack.top, ConfirmDialog)
        tap(app, app.stack.top.buttons[1].rect.center)
        assert run_until(app, lambda: not app.session.lobby.tables)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not model.removed:
            watcher.poll()
            time.sleep(0.02)
        assert model.removed and table_id not in watcher.tables
        assert f"Table #{table_id} was closed." in watcher.notices
        watching.update(1 / 60)
        assert closed == [1]
    finally:
        watcher.close()
