"""Every button of the main scenes is reached with Tab (and Shift+Tab back) and pressed with
Enter or Space, and the focused one wears a visible ring; a tap hides the ring."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import MIN_SIZE, App  # noqa: E402
from client.ui import theme, widgets  # noqa: E402
from client.ui.settings import Settings  # noqa: E402

GAMES = ["magie-des-bijoux", "das-kollier", "kette-von-saba", "saba-palast"]


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _scenes():
    from client.scenes.dialogs import ConfirmDialog, SettingsDialog
    from client.scenes.new_table import CreateTableDialog
    from client.tools.screenshot import build_scene

    def lobby(app):
        return build_scene(app, "lobby", GAMES[0], 1, 0, None, "to_act")

    yield "start", lambda app: build_scene(app, "start", GAMES[0], 1, 0, None, "to_act")
    yield "lobby", lobby
    yield "settings", SettingsDialog
    yield "confirm", lambda app: ConfirmDialog(app, "Leave the game?", "…", "Leave", lambda: None)
    yield "new table", lambda app: CreateTableDialog(app, lobby(app), lobby(app).lobby.games, None)
    for game in GAMES:
        yield (
            f"table {game}",
            lambda app, g=game: build_scene(app, "table", g, 3, 20, None, "to_act"),
        )
    yield "results", lambda app: build_scene(app, "results", GAMES[1], 3, 0, None, "to_act")


SCENES = dict(_scenes())


def drawn_buttons(app, monkeypatch):
    """The enabled buttons the top scene draws in a frame, seen from Button.draw itself (a
    dialog's scene beneath draws its own, which the keys must not reach)."""
    seen = []
    inside = [False]
    top = app.stack.top
    scene_draw, button_draw = top.draw, widgets.Button.draw

    def drawing_top(surface):
        inside[0] = True
        try:
            scene_draw(surface)
        finally:
            inside[0] = False

    def drawing_button(self, surface, size):
        if inside[0] and self.enabled:
            seen.append(self)
        return button_draw(self, surface, size)

    with monkeypatch.context() as patch:
        patch.setattr(top, "draw", drawing_top)
        patch.setattr(widgets.Button, "draw", drawing_button)
        app.step(1 / 30, [])
    return seen


@pytest.mark.parametrize("name", list(SCENES))
def test_every_button_of_a_main_scene_is_reached_with_tab_and_back_with_shift_tab(
    name, monkeypatch
):
    app = App(MIN_SIZE, Settings(name="Alexandra", language="en"))
    app.stack.push(SCENES[name](app))
    for _ in range(3):
        app.step(1 / 30, [])
    buttons = drawn_buttons(app, monkeypatch)
    assert buttons, "a main scene has buttons"
    reached = []
    for _ in range(len(app.stack.focus.controls)):
        app.step(1 / 30, [key(pygame.K_TAB)])
        reached.append(app.stack.focus.focused)
    labels = {(b.label, tuple(b.rect)) for b in buttons}
    got = {(c.label, tuple(c.rect)) for c in reached if isinstance(c, widgets.Button)}
    assert labels <= got, f"not reached by Tab: {labels - got}"
    # Shift+Tab goes back the same way.
    before = app.stack.focus.index
    app.step(1 / 30, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert app.stack.focus.index == (before - 1) % len(app.stack.focus.controls)


def test_enter_and_space_press_the_focused_button_in_the_settings():
    from client.scenes.dialogs import SettingsDialog

    app = App(MIN_SIZE, Settings(name="Alexandra", language="en"))
    app.stack.push(SettingsDialog(app))
    app.step(1 / 30, [])
    # Tab to "Reduce motion"'s button: the row after the volume's.
    dialog = app.stack.top
    target = dict(dialog.rows)["Reduce motion"]
    for _ in range(20):
        if app.stack.focus.focused is not None and app.stack.focus.focused.rect == target.rect:
            break
        app.step(1 / 30, [key(pygame.K_TAB)])
    app.step(1 / 30, [key(pygame.K_RETURN)])
    assert app.settings.reduce_motion and app.animator.reduce_motion
    app.step(1 / 30, [key(pygame.K_SPACE)])
    assert not app.settings.reduce_motion


def test_tab_from_the_name_field_goes_on_and_typing_stays_in_the_field():
    from client.scenes.dialogs import SettingsDialog

    app = App(MIN_SIZE, Settings(name="Alex", language="en"))
    app.stack.push(SettingsDialog(app))
    app.step(1 / 30, [])
    app.step(1 / 30, [key(pygame.K_TAB)])
    field = app.stack.top.name
    assert app.stack.focus.focused is field and field.focused
    # Enter in a text field is the field's, not a button press.
    app.step(1 / 30, [key(pygame.K_SPACE), pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert field.value == "Alexx"
    app.step(1 / 30, [key(pygame.K_TAB)])
    assert not field.focused and isinstance(app.stack.focus.focused, widgets.Button)


def test_a_move_button_on_the_table_is_pressed_with_enter():
    from client.tools.screenshot import build_scene

    app = App(MIN_SIZE, Settings(name="Alexandra", language="en"))
    # Die Kette von Saba offers its moves as buttons under the board.
    scenes = (build_scene(app, "table", "kette-von-saba", 3, n, None, "to_act") for n in range(40))
    table = next(t for t in scenes if t.strip.buttons)
    sent = []
    table.send_move = lambda seat, move: sent.append(move)
    app.stack.push(table)
    app.step(1 / 30, [])
    last = table.strip.buttons[-1]
    for _ in range(len(app.stack.focus.controls)):
        app.step(1 / 30, [key(pygame.K_TAB)])
        if app.stack.focus.focused.label == last.label:
            break
    assert app.stack.focus.focused.rect == last.rect
    app.step(1 / 30, [key(pygame.K_RETURN)])
    for _ in range(3):  # a move with a warning waits for a second press
        if sent:
            break
        app.step(1 / 30, [key(pygame.K_RETURN)])
    assert sent == [table.strip.moves[-1]]


def test_the_focus_ring_is_drawn_around_the_focused_button_and_a_tap_hides_it():
    from client.scenes.dialogs import ConfirmDialog

    app = App(MIN_SIZE, Settings(name="Alexandra", language="en"))
    app.stack.push(ConfirmDialog(app, "Leave the game?", "…", "Leave", lambda: None))
    app.step(1 / 30, [])
    app.step(1 / 30, [key(pygame.K_TAB)])
    surface = pygame.Surface(MIN_SIZE)
    app.draw(surface)
    focused = app.stack.focus.focused
    width = max(2, app.layout.line * 2)
    ring = focused.rect.inflate(width * 4, width * 4)
    edge = (ring.centerx, ring.y + width // 2)
    assert surface.get_at(edge)[:3] == theme.GOLD_LIGHT
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1)
    app.step(1 / 30, [outside, up])
    assert not app.stack.focus.shown


def test_the_text_size_steps_through_its_sizes_and_a_bad_stored_value_loses_nothing(tmp_path):
    import json

    from client.scenes.dialogs import SettingsDialog
    from client.ui.settings import TEXT_SIZES

    app = App(MIN_SIZE, Settings(name="Alexandra", language="en"))
    app.stack.push(SettingsDialog(app))
    body = app.layout.body
    seen = []
    for _ in TEXT_SIZES:
        seen.append(app.settings.text_size)
        dict(app.stack.top.rows)["Text size"].action()
    assert seen == list(TEXT_SIZES) and app.settings.text_size == TEXT_SIZES[0]
    dict(app.stack.top.rows)["Text size"].action()
    assert app.layout.body > body  # the layout follows at once
    app.stack.top.close()
    stored = json.loads((tmp_path / "settings.json").read_text())
    assert stored["text_size"] == TEXT_SIZES[1] and stored["reduce_motion"] is False
    # A hand-edited file with sizes out of range keeps its other settings.
    stored.update(text_size=175, reduce_motion="yes", volume=0.5)
    (tmp_path / "settings.json").write_text(json.dumps(stored))
    loaded = Settings.load()
    assert loaded.text_size == 100 and loaded.reduce_motion is False and loaded.volume == 0.5


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_move_is_made_on_the_board_with_tab_and_enter_alone(game):
    """Pieces, places and the game's own controls on the board are keyboard stops too (Enter
    taps them), as are the move buttons: each game's first stop that does something sends a
    legal move, no pointer needed."""
    from client.tools.screenshot import build_scene

    app = App((1280, 800), Settings(name="Alexandra", language="en"))
    table = build_scene(app, "table", game, 3, 6, None, "to_act")
    sent = []
    table.send_move = lambda seat, move: sent.append(move)
    app.stack.push(table)
    for _ in range(30):
        app.step(1 / 30, [])
    legal = table.game_view.legal
    for _ in range(200):
        if sent:
            break
        app.step(1 / 30, [key(pygame.K_TAB)])
        focused = app.stack.focus.focused
        label = getattr(focused, "label", "")
        moves = [b.label for b in table.strip.buttons]
        if label.startswith(("piece:", "target:", "control:")) or label in moves:
            app.step(1 / 30, [key(pygame.K_RETURN)])
            for _ in range(3):  # a warned move waits for its second press
                if sent or not isinstance(app.stack.top, type(table)):
                    break
                app.step(1 / 30, [key(pygame.K_RETURN)])
    assert sent and sent[0] in legal
