"""What a newcomer tripped over in the first hour at the table (issue 15), one test a rule."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.scenes.dialogs import SettingsDialog  # noqa: E402
from client.ui.settings import Settings  # noqa: E402


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
    from client.tools.screenshot import build_scene

    app = make_app()
    app.stack.push(build_scene(app, "lobby", "das-kollier", 7, 0, None, "0"))
    settle(app)
    assert app.frame_rate() == 0


def test_a_table_redraws_by_itself_only_while_this_device_is_to_act():
    from client.app import FPS
    from client.tools.screenshot import build_scene, sample_table

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


def test_a_resync_replaces_the_game_log_instead_of_appending_it():
    import random

    from client.net.model import SeatInfo, TableModel
    from client.scenes.table import TableScene
    from shared.engine import get_game
    from shared.randomplay import random_step

    game = get_game("magie-des-bijoux")
    state = game.new_game(5, 2, None)
    rng = random.Random(5)
    model = TableModel(1, game.id, [SeatInfo(0, "Ada", "human"), SeatInfo(1, "Bo", "human")])
    model.mine = [0]
    app = make_app()
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    history = []
    for i in range(6):
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        seen = game.view_events(events, 0)
        history += seen
        args = (0, game.view(state, 0), game.legal_moves(state, 0), game.to_act(state))
        if i < 4:
            model.update(*args, seen, fresh=i == 0)
        step(app)
    before = list(scene.log)
    # Back after two missed moves: the server's sync carries the latest moves' events.
    model.update(*args, history, fresh=True)
    step(app)
    lines = [scene.game_view.event_text(e) for e in history]
    expected = [line[:1].upper() + line[1:] for line in lines if line]
    assert scene.log == expected
    assert len(scene.log) > len(before) > 0


def drawn_strings(monkeypatch) -> list[str]:
    from client.ui import theme

    drawn: list[str] = []
    original = theme.text

    def recording(s, size, colour=theme.TEXT, bold=False):
        drawn.append(s)
        return original(s, size, colour, bold)

    monkeypatch.setattr(theme, "text", recording)
    return drawn


def test_the_password_dialog_for_joining_says_what_it_asks(monkeypatch):
    from client.scenes.dialogs import PasswordDialog

    drawn = drawn_strings(monkeypatch)
    app = make_app()
    dialog = PasswordDialog(app, lambda password: None, "Sit here")
    app.stack.push(dialog)
    step(app)
    assert "This table has a password" in drawn
    assert not any("optional" in s for s in drawn)
    assert [b.label for b in dialog.buttons] == ["Cancel", "Sit here"]


@pytest.mark.parametrize(
    ("language", "name"),
    [("en", "strong bot 3"), ("de", "Bot 3 (stark)"), ("fr", "robot 3 (fort)")],
)
def test_bots_are_named_in_the_players_language(language, name):
    from client.net.session import table_info
    from client.words import i18n

    summary = {
        "id": 1,
        "game": "das-kollier",
        "status": "waiting",
        "seats": [{"kind": "empty"}, {"kind": "empty"}]
        + [{"name": "strong bot 3", "kind": "bot", "level": "strong", "connected": True}],
    }
    try:
        i18n.set_language(language)
        assert table_info(summary).seats[2].shown_name == name
    finally:
        i18n.set_language("en")


def test_the_rules_dialog_scrolls_with_a_bar_and_keys():
    from client.scenes.dialogs import TextDialog
    from client.ui.input import Intent

    app = make_app((800, 600))
    dialog = TextDialog(app, "Rules", "\n".join(f"Paragraph {i} " * 12 for i in range(60)))
    app.stack.push(dialog)
    step(app)
    bar = dialog.scroller
    assert bar.limit > 0 and bar.track().colliderect(bar.view)
    dialog.handle(Intent("key", key="page_down"))
    assert bar.offset > 0
    dialog.handle(Intent("key", key="end"))
    assert bar.offset == bar.limit
    assert bar.thumb().bottom == bar.track().bottom
    dialog.handle(Intent("tap", pos=(bar.track().centerx, bar.track().y + 2)))
    assert bar.offset < bar.limit


def test_the_table_display_says_that_escape_leaves_it(monkeypatch):
    from client.tools.screenshot import build_scene

    drawn = drawn_strings(monkeypatch)
    app = make_app(table_display=True)
    app.stack.push(build_scene(app, "table", "das-kollier", 7, 10, 4, "0"))
    step(app)
    assert "Esc: back to the lobby" in drawn


def test_leaving_a_running_game_asks_first():
    from client.scenes.dialogs import ConfirmDialog
    from client.tools.screenshot import build_scene

    left = []
    app = make_app()
    scene = build_scene(app, "table", "das-kollier", 7, 10, 4, "0")
    scene.leave = lambda: left.append(True)
    app.stack.push(scene)
    step(app)
    [leave] = [b for b in scene.bar_buttons if b.label == "Leave"]
    tap(app, leave.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and left == []
    cancel, confirm = dialog.buttons
    tap(app, cancel.rect.center)
    assert app.stack.top is scene and left == []
    tap(app, leave.rect.center)
    tap(app, app.stack.top.buttons[1].rect.center)
    assert left == [True]


def test_a_lobby_of_two_hundred_tables_scrolls_to_the_last_and_builds_only_what_shows():
    from client.net.model import LobbyModel, SeatInfo, TableInfo
    from client.scenes.lobby import LobbyScene
    from client.ui.input import Intent

    lobby = LobbyModel(server_name="Busy")
    lobby.tables = [
        TableInfo(n, "das-kollier", [SeatInfo(0, "Ada", "human"), SeatInfo(1)], host="Ada")
        for n in range(1, 201)
    ]
    lobby.revision = 1
    app = make_app((800, 600))
    scene = LobbyScene(app, lobby, None)
    app.stack.push(scene)
    step(app)
    tables = scene.table_list
    assert 0 < len(tables.cards) < 12, "cards are built only for the tables in view"
    bar = tables.scroller
    assert bar.limit > 0 and bar.track().colliderect(tables.rect)
    for _ in range(3):
        scene.handle(Intent("scroll", pos=tables.rect.center, amount=-5))
    step(app)
    assert bar.offset > 0 and tables.cards[0][1].id > 1
    scene.handle(Intent("key", key="end"))
    step(app)
    assert bar.offset == bar.limit
    last_rect, last, _ = tables.cards[-1]
    assert last.id == 200 and last_rect.bottom <= tables.rect.bottom
    # No scrolling past the ends, however hard the wheel turns.
    for _ in range(50):
        scene.handle(Intent("scroll", pos=tables.rect.center, amount=-10))
    step(app)
    assert bar.offset == bar.limit
    scene.handle(Intent("key", key="home"))
    step(app)
    assert bar.offset == 0 and tables.cards[0][1].id == 1


@pytest.mark.parametrize("game_id", ["magie-des-bijoux", "saba-palast"])
def test_hints_wait_for_the_bot_moves_on_screen(game_id):
    """Another seat's moves arrive at once with this seat's turn: the legal targets,
    the action buttons and taps wait until those moves have played on the board."""
    import random

    from client.net.model import SeatInfo, TableModel
    from client.scenes.table import TableScene
    from shared.engine import get_game
    from shared.randomplay import random_step

    game = get_game(game_id)
    rng = random.Random(5)
    state = game.new_game(5, 2, {"first_seat": 0} if game_id == "magie-des-bijoux" else None)
    # Play until seat 0 is to act, then let the others play until it is seat 0's turn again.
    while 0 not in game.to_act(state):
        state, _ = game.apply(state, *random_step(game, state, rng))
    seats = [SeatInfo(0, "Ada", "human"), SeatInfo(1, "Bot", "bot")]
    model = TableModel(1, game_id, seats, mine=[0], status="playing")
    model.update(0, game.view(state, 0), game.legal_moves(state, 0), game.to_act(state), [], True)
    app = make_app()
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    step(app)
    chain, others = [], 0
    while not (others and 0 in game.to_act(state)) and not game.is_over(state):
        seat, move = random_step(game, state, rng)
        others += seat != 0
        state, events = game.apply(state, seat, move)
        chain += game.view_events(events, 0)
    assert others and 0 in game.to_act(state), "the bots made moves, then it is seat 0's turn"
    model.update(0, game.view(state, 0), game.legal_moves(state, 0), game.to_act(state), chain)
    step(app)
    assert not scene.timeline.idle, "the bots' moves are playing on the board"
    assert not scene.interactive and scene.strip.buttons == []
    for _ in range(300):
        step(app)
        if scene.timeline.idle:
            break
    assert scene.timeline.idle and scene.interactive
    assert scene.game_view.loose_targets() or scene.game_view.pieces() or scene.strip.buttons


def test_kette_a_tap_picks_a_hand_card_up_and_a_tap_puts_it_down():
    from client.tools.screenshot import build_scene

    app = make_app()
    scene = build_scene(app, "table", "kette-von-saba", 2, 9, None, "to_act")
    sent = []
    scene.send_move = lambda seat, move: sent.append(move)
    app.stack.push(scene)
    settle(app, 1.5)
    rings = []
    original = scene.hand.draw_selected

    def ring(surface, layout, clock):
        ringed = original(surface, layout, clock)
        if ringed is not None:
            rings.append(ringed.key)
        return ringed

    scene.hand.draw_selected = ring
    card = scene.game_view.pieces()[2]
    tap(app, scene.camera.to_screen(*card.rect.center))
    assert scene.hand.selected is not None and scene.hand.selected.key == card.key
    app.draw(pygame.Surface(app.window.get_size()))
    assert rings and set(rings) == {card.key}, "the card picked up is shown picked up"
    target = card.targets[0]
    tap(app, scene.camera.to_screen(*target.rect.center))
    assert sent == [target.move] and sent[0]["card"] == card.key[1]
