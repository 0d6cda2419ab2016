"""Every scene renders headless at three sizes; the table's rules of interaction hold offline.

Tables here are filled with sample data (client/tools/screenshot.py): the view, legal moves and
events the server would send. Nothing here talks to a server; tests/test_client_live.py does.
"""

import os
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.scenes.dialogs import SettingsDialog, TextDialog  # noqa: E402
from client.scenes.new_table import CreateTableDialog  # noqa: E402
from client.scenes.results import ResultsScene  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.tables.base import rules_text  # noqa: E402
from client.tools.screenshot import build_scene, sample_table  # noqa: E402
from client.ui import theme  # noqa: E402
from client.ui.settings import Settings  # noqa: E402

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


def make_app(size=(1280, 800), language="en", **settings):
    return App(size, Settings(name="Alex", language=language, **settings))


def frames(app, n=20, events=()):
    app.step(1 / 30, events)
    for _ in range(n - 1):
        app.step(1 / 30)


def tap(app, pos):
    frames(
        app,
        1,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def table_scene(app, sent, **kw):
    model = sample_table("magie-des-bijoux", **kw)
    scene = TableScene(app, model, lambda seat, move: sent.append((seat, move)), lambda: None)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def not_blank(surface):
    """The frame shows something: many distinct colours, not one fill."""
    small = pygame.transform.scale(surface, (64, 48))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(48)}
    return len(colours) > 40


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", ["start", "lobby", "table", "results"])
def test_every_scene_renders_at_every_size(scene, size):
    app = make_app(size)
    app.stack.push(build_scene(app, scene, "magie-des-bijoux", 3, 25, 4, "to_act"))
    frames(app, 30)
    assert app.window.get_size() == size
    assert not_blank(app.window)
    if scene == "results":
        assert isinstance(app.stack.top, ResultsScene)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_dialogs_render_at_every_size_in_every_language(size):
    for language in ("en", "de", "fr"):
        app = make_app(size, language)
        lobby = build_scene(app, "lobby", "magie-des-bijoux", 1, 0, None, "to_act")
        app.stack.push(lobby)
        app.stack.push(CreateTableDialog(app, lobby, lobby.lobby.games, "magie-des-bijoux"))
        frames(app, 3)
        app.stack.push(SettingsDialog(app))
        frames(app, 3)
        app.stack.push(TextDialog(app, "Rules", rules_text("magie-des-bijoux")))
        frames(app, 3)
        assert not_blank(app.window)


def test_the_create_dialog_offers_the_grid_only_in_solitaire():
    app = make_app()
    lobby = build_scene(app, "lobby", "magie-des-bijoux", 1, 0, None, "to_act")
    app.stack.push(lobby)
    dialog = CreateTableDialog(app, lobby, lobby.lobby.games, "magie-des-bijoux")
    app.stack.push(dialog)

    def groups():
        return [group for group, _ in dialog.controls]

    assert len(dialog.kinds) == 2 and "option:grid" not in groups()
    dialog.set_seats(1)
    assert "option:grid" in groups()
    dialog.cycle_option("grid")
    assert dialog.options["grid"] == "4x4"
    dialog.set_seats(2)  # a solitaire grid is not kept for a table of two
    assert "option:grid" not in groups() and "grid" not in dialog.options
    frames(app, 2)
    assert not_blank(app.window)


def test_the_screenshot_command_writes_a_png(tmp_path):
    out = tmp_path / "table.png"
    from client.cli import main

    code = main(
        [
            "screenshot",
            "--scene",
            "table",
            "--seed",
            "5",
            "--moves",
            "12",
            "--size",
            "800x600",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 600)


def test_without_a_display_the_client_says_so_and_exits_non_zero(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env["JEWELTABLE_CONFIG"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "client.cli"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    assert "no display" in done.stderr


def test_tapping_a_glowing_plaque_sends_exactly_that_legal_move():
    app = make_app()
    sent = []
    scene = table_scene(app, sent, seed=4, moves=6, players=2)
    stream = scene.model.streams[scene.viewer]
    target = scene.game_view.loose_targets()[-1]
    tap(app, scene.camera.to_screen(*target.rect.center))
    assert sent == [(scene.viewer, target.move)]
    assert target.move in stream.legal
    assert scene.pending is not None and not scene.interactive


def test_dragging_the_pawn_onto_a_legal_plaque_sends_the_move_and_it_snaps_there():
    app = make_app()
    sent = []
    scene = table_scene(app, sent, seed=4, moves=6, players=2)
    pawn = scene.game_view.pieces()[0]
    target = pawn.targets[0]
    start = scene.camera.to_screen(pawn.sprite.x, pawn.sprite.y - 5)
    end = scene.camera.to_screen(*target.rect.center)
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
    ]
    frames(app, 1, events)
    assert scene.hand.held.key == "pawn" and pawn.sprite.lift > 0
    frames(app, 10, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert sent == [(scene.viewer, target.move)]
    assert (round(pawn.sprite.x), round(pawn.sprite.y)) == tuple(map(round, target.rect.center))


def test_an_illegal_drop_sends_nothing_and_the_pawn_glides_back():
    app = make_app()
    sent = []
    scene = table_scene(app, sent, seed=4, moves=6, players=2)
    pawn = scene.game_view.pieces()[0]
    legal = {t.key for t in pawn.targets}
    cols = scene.game_view.plaques.grid.cols
    illegal = next(c for c in range(len(scene.game_view.view["settings"])) if c not in legal)
    row, col = divmod(illegal, cols)
    start = scene.camera.to_screen(pawn.sprite.x, pawn.sprite.y - 5)
    end = scene.camera.to_screen(col * 100 + 50, row * 100 + 50)
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ]
    frames(app, 30, events)
    assert sent == []
    assert (pawn.sprite.x, pawn.sprite.y) == pawn.sprite.home


def test_a_refused_move_is_shown_as_a_toast_and_the_table_is_playable_again():
    app = make_app()
    sent = []
    scene = table_scene(app, sent, seed=4, moves=6, players=2)
    target = scene.game_view.loose_targets()[0]
    tap(app, scene.camera.to_screen(*target.rect.center))
    scene.model.refusals.append("the pawn may not return to the plaque it has just left")
    scene.model.revision += 1
    frames(app, 2)
    assert any("may not return" in t.message for t in app.toasts.items)
    assert scene.interactive


def test_wheel_zooms_the_table_around_the_pointer_and_a_drag_on_empty_table_pans():
    app = make_app()
    scene = table_scene(app, [], seed=4, moves=6, players=2)
    centre = scene.board_rect.center
    frames(
        app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))]
    )
    before = scene.camera.to_world(*centre)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    assert scene.camera.zoom > 1.5
    after = scene.camera.to_world(*centre)
    assert abs(before[0] - after[0]) < 1 and abs(before[1] - after[1]) < 1
    corner = (scene.board_rect.x + 3, scene.board_rect.y + 3)
    cx = scene.camera.cx
    frames(
        app,
        1,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=corner, button=1),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(corner[0] + 60, corner[1]), rel=(0, 0), buttons=(1, 0, 0)
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(corner[0] + 60, corner[1]), button=1),
        ],
    )
    assert scene.camera.cx < cx


def test_a_spectator_sees_the_public_view_and_no_controls():
    app = make_app()
    sent = []
    scene = table_scene(app, sent, seed=4, moves=6, players=3, viewer="spectator")
    assert scene.viewer is None and not scene.interactive
    assert scene.strip.buttons == []
    for target in scene.game_view.loose_targets():
        tap(app, scene.camera.to_screen(*target.rect.center))
    assert sent == []
    assert (
        scene.hand.piece_at(
            scene.camera.to_screen(scene.game_view.pawn.sprite.x, scene.game_view.pawn.sprite.y)
        )
        is None
    )


def test_table_display_mode_hides_every_control_even_for_a_player():
    app = make_app(table_display=True)
    scene = table_scene(app, [], seed=4, moves=6, players=2)
    assert scene.bar_buttons == [] and not scene.interactive


def test_the_privacy_curtain_hides_a_hand_until_the_next_player_taps():
    app = make_app()
    model = sample_table("saba-palast", seed=2, moves=3, players=2, viewer="all")
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    drawn = []
    scene.game_view.draw = lambda *args: drawn.append(scene.viewer)
    frames(app, 3)
    assert scene.curtain_for == scene.viewer and drawn == []
    tap(app, (400, 300))
    frames(app, 2)
    assert scene.curtain_for is None and drawn


def test_a_game_without_secrets_needs_no_curtain_in_hot_seat():
    app = make_app()
    model = sample_table("magie-des-bijoux", seed=2, moves=3, players=2, viewer="all")
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    frames(app, 2)
    assert scene.curtain_for is None and scene.interactive


def test_a_game_without_its_own_table_lists_its_legal_moves_as_buttons(monkeypatch):
    from tests.test_server_kit import register_countdown

    register_countdown(monkeypatch)  # a test game no table view knows
    app = make_app()
    sent = []
    model = sample_table("test-countdown", seed=2, moves=0, players=2)
    scene = TableScene(app, model, lambda seat, move: sent.append(move), lambda: None)
    app.stack.push(scene)
    frames(app, 2)
    assert scene.strip.buttons
    tap(app, scene.strip.buttons[0].rect.center)
    assert sent == [model.streams[scene.viewer].legal[0]]


def test_the_log_tells_the_game_in_sentences_in_the_chosen_language():
    for language, word in (("en", "stone"), ("de", "Stein"), ("fr", "pierre")):
        app = make_app(language=language)
        scene = table_scene(app, [], seed=4, moves=6, players=2)
        assert any(word in line for line in scene.log), scene.log


def test_events_animate_the_pawn_and_drop_the_stone_into_its_socket():
    app = make_app()
    scene = table_scene(app, [], seed=4, moves=6, players=2)
    model = scene.model
    stream = model.streams[scene.viewer]
    renderer = scene.game_view
    target = stream.legal[0]["plaque"]
    cell = target[0] * renderer.plaques.grid.cols + target[1]
    view = dict(stream.view)
    view["previous"], view["pawn"] = view["pawn"], target
    stones = [row[:] for row in view["stones"]]
    stones[cell][scene.viewer] += 1
    view["stones"] = stones
    events = [
        {"type": "pawn_moved", "seat": scene.viewer, "from": stream.view["pawn"], "to": target},
        {
            "type": "stone_placed",
            "seat": scene.viewer,
            "plaque": target,
            "filled": sum(stones[cell]),
            "settings": view["settings"][cell],
        },
    ]
    model.update(scene.viewer, view, [], [1 - scene.viewer], events)
    frames(app, 2)
    pawn = renderer.pawn.sprite
    home = pawn.home
    assert (pawn.x, pawn.y) != home  # sliding
    frames(app, 30)
    assert (pawn.x, pawn.y) == home
    assert not renderer.plaques.flying and not renderer.plaques.hidden
    assert scene.viewer not in model.to_act() and not scene.interactive


def test_while_the_connection_is_restored_a_banner_says_so():
    class Reconnecting:
        reconnecting = True

        def poll(self):
            pass

    app = make_app()
    table_scene(app, [], seed=4, moves=6, players=2)
    app.session = Reconnecting()
    frames(app, 2)
    top = app.window.get_at((app.layout.w // 2, app.layout.margin + 4))[:3]
    assert top == (212, 175, 55)  # the gold banner at the top centre
    app.session = None


def test_settings_change_the_language_at_once_and_are_kept(tmp_path):
    app = make_app()
    app.stack.push(build_scene(app, "start", "magie-des-bijoux", 1, 0, None, "to_act"))
    dialog = SettingsDialog(app)
    app.stack.push(dialog)
    dialog.next_language()
    assert app.settings.language == "de"
    assert app.stack.scenes[0].host_button.label == "Spiel eröffnen"
    dialog.name.value = "Jörg"
    dialog.close()
    kept = Settings.load()
    assert kept.language == "de" and kept.name == "Jörg"


def test_the_cached_board_redrawn_by_parts_matches_a_full_redraw():
    import random

    from client.net.model import SeatInfo, TableModel
    from shared.engine import get_game
    from shared.randomplay import random_step

    game = get_game("magie-des-bijoux")
    state = game.new_game(7, 4, {"first_seat": 0})
    app = make_app((1280, 800))
    seats = [SeatInfo(i, n, "human") for i, n in enumerate(["A", "B", "C", "D"])]
    model = TableModel(1, game.id, seats, mine=[0])
    model.update(0, game.view(state, 0), game.legal_moves(state, 0), game.to_act(state), [])
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    rng = random.Random(7)
    for _ in range(25):
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        view, legal = game.view(state, 0), game.legal_moves(state, 0)
        model.update(0, view, legal, game.to_act(state), game.view_events(events, 0))
        frames(app, 30)
        reference = scene.layer.surface.copy()
        area = scene.camera.area
        reference.blit(scene.backdrop, area, area)
        scene.game_view.draw_board(reference, scene.camera)
        sample = [
            (x, y) for x in range(area.x, area.right, 3) for y in range(area.y, area.bottom, 3)
        ]
        assert all(reference.get_at(p) == scene.layer.surface.get_at(p) for p in sample)


def test_a_spectator_narrow_window_keeps_the_log_behind_a_button_and_the_turn_clear():
    app = make_app((800, 600))
    scene = table_scene(app, [], seed=4, moves=6, players=3, viewer="spectator")
    frames(app, 3)
    assert not scene.wide and not scene.log_visible()
    assert any(b.label == "Game log" for b in scene.bar_buttons)
    # The turn line ends before the "watching" label does.
    watching = theme.text("Watching", app.layout.small)
    assert scene.turn_right <= scene.bar_buttons[0].rect.x - watching.get_width()


def test_the_table_display_keeps_the_log_beside_the_board_in_a_narrow_window():
    app = make_app((800, 600), table_display=True)
    scene = table_scene(app, [], seed=4, moves=6, players=2)
    assert scene.wide and scene.log_visible()


def test_a_server_with_one_open_table_says_table_and_the_count_comes_first():
    from client.words import i18n

    def line(n: int) -> str:
        return i18n.ngettext("{n} open table · {games}", "{n} open tables · {games}", n, games="X")

    assert line(1).startswith("1 open table ·")
    assert line(2).startswith("2 open tables ·")
    i18n.set_language("fr")
    try:
        # French counts 0 and 1 alike: the catalog's plural rule, not a hand-written one.
        assert line(0).startswith("0 table ouverte ·")
        assert line(2).startswith("2 tables ouvertes ·")
    finally:
        i18n.set_language("en")


def test_a_number_with_spaces_between_its_thousands_never_breaks_across_lines():
    text = "un rubis, 2 topazes et 4 agates font 29 000 × 3 = 87 000. Fin"
    for width in range(40, 400, 7):
        lines = theme.wrap(text, 14, width)
        assert not any(line.endswith(("29", "87")) for line in lines), (width, lines)
        assert " ".join(lines) == text
