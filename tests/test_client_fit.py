"""Every scene fits the smallest window (800×600) in English, German and French, at the usual
text size and at the largest (150%): no text is cut short with an ellipsis, none runs outside
the window, no two buttons overlap."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import MIN_SIZE, App  # noqa: E402
from client.ui import theme, widgets  # noqa: E402
from client.ui.settings import TEXT_SIZES, Settings  # noqa: E402
from client.words import i18n  # noqa: E402

GAMES = ["magie-des-bijoux", "das-kollier", "kette-von-saba", "saba-palast"]
LANGUAGES = ["en", "de", "fr"]


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


@pytest.fixture
def faults(monkeypatch):
    """Texts shortened or drawn outside the window, and every button drawn, while a scene draws."""
    found: list[str] = []
    buttons: list[tuple[str, pygame.Rect]] = []
    fit, blit, draw = theme.fit_text, theme.blit_text, widgets.Button.draw

    def fit_text(s, size, width, bold=False):
        out = fit(s, size, width, bold)
        if out != s:
            found.append(f"cut: {s!r} → {out!r}")
        return out

    def blit_text(surface, s, size, pos, *args, **kwargs):
        rect = blit(surface, s, size, pos, *args, **kwargs)
        if surface.get_size() == MIN_SIZE and not surface.get_rect().contains(rect):
            found.append(f"outside the window: {s!r} at {tuple(rect)}")
        return rect

    def button_draw(self, surface, size):
        buttons.append((self.label, pygame.Rect(self.rect)))
        return draw(self, surface, size)

    monkeypatch.setattr(theme, "fit_text", fit_text)
    monkeypatch.setattr(theme, "blit_text", blit_text)
    monkeypatch.setattr(widgets.Button, "draw", button_draw)
    return found, buttons


def check(app, scene, faults):
    found, buttons = faults
    # Views cache what they drew: every frame counts, from the first.
    surface = pygame.Surface(MIN_SIZE)
    app.stack.push(scene)
    for _ in range(3):
        app.step(1 / 30, [])
        app.draw(surface)
    buttons.clear()
    app.draw(surface)
    window = surface.get_rect()
    for label, rect in buttons:
        if not window.contains(rect):
            found.append(f"button outside the window: {label!r} at {tuple(rect)}")
    for i, (label, rect) in enumerate(buttons):
        for other, other_rect in buttons[i + 1 :]:
            if rect.colliderect(other_rect):
                found.append(f"buttons overlap: {label!r} and {other!r}")
    assert not found, "\n".join(dict.fromkeys(found))


def _specs():
    """(name, make) for every scene and dialog a player meets, with sample data."""
    from client.scenes.dialogs import (
        ConfirmDialog,
        PasswordDialog,
        SeatNamesDialog,
        SettingsDialog,
        TextDialog,
    )
    from client.scenes.new_table import CreateTableDialog
    from client.tools.screenshot import build_scene
    from shared.engine import get_game

    def lobby(app):
        return build_scene(app, "lobby", GAMES[0], 1, 0, None, "to_act")

    def table(game, players, viewer, moves):
        return lambda app: build_scene(app, "table", game, 3, moves, players, viewer)

    yield "start", lambda app: build_scene(app, "start", GAMES[0], 1, 0, None, "to_act")
    yield "lobby", lobby
    yield "settings", SettingsDialog
    yield "seat names", lambda app: SeatNamesDialog(app, [0, 1, 2], lambda names: None)
    yield "password", lambda app: PasswordDialog(app, lambda pw: None, i18n._("Sit here"))
    yield (
        "confirm",
        lambda app: ConfirmDialog(
            app, i18n._("Leave the game?"), "…", i18n._("Leave"), lambda: None
        ),
    )
    for game in GAMES:
        fewest = get_game(game).min_players
        yield (
            f"new {game}",
            lambda app, g=game: CreateTableDialog(app, lobby(app), lobby(app).lobby.games, g),
        )
        for players, viewer, moves in ((None, "to_act", 20), (fewest, "spectator", 5)):
            yield (
                f"{game} {players or 'most'} players {viewer}",
                table(game, players, viewer, moves),
            )
        yield f"{game} first move", table(game, None, "0", 0)
        yield (
            f"rules {game}",
            lambda app, g=game: TextDialog(
                app, i18n._("Rules"), table(g, None, "0", 0)(app).game_view.help_text()
            ),
        )
        yield (
            f"results {game}",
            lambda app, g=game: build_scene(app, "results", g, 3, 0, None, "to_act"),
        )
    yield "results with a replay", results_with_replay


def results_with_replay(app):
    from client.scenes.results import ResultsScene
    from client.tools.screenshot import build_scene

    table = build_scene(app, "results", "das-kollier", 3, 0, None, "to_act")
    return ResultsScene(app, table.model, table.game_view, lambda: None, lambda: None)


SPECS = dict(_specs())


@pytest.mark.parametrize("text_size", [100, max(TEXT_SIZES)])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(SPECS))
def test_every_scene_fits_the_smallest_window(language, name, text_size, faults):
    settings = Settings(name="Alexandra", language=language, text_size=text_size)
    app = App(MIN_SIZE, settings)
    check(app, SPECS[name](app), faults)


def test_the_window_never_gets_smaller_than_the_minimum():
    app = App((640, 480), Settings(name="Alexandra", language="en"))
    assert app.window.get_size() == MIN_SIZE
    app.resize((500, 900))
    assert app.layout.size == (MIN_SIZE[0], 900)
