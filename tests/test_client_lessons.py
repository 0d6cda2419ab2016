"""pygame learns each game (issue 28): "Learn to play" on the start screen and its game picker,
the step above the board with only the move it teaches glowing, a wrong move answered with the
step's line and the same step again, the lesson clicked through (through the fast-forwards of
Das Kollier, Die Kette von Saba and Saba – Palast, whose line then heads the panel) to the
scoring on the learner's result, and "Play a real game" one click away — in English and German;
and a lesson table never in the learner's lobby list."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.host import LocalServer  # noqa: E402
from client.scenes.lesson import LessonPicker  # noqa: E402
from client.scenes.results import ResultsScene  # noqa: E402
from client.scenes.start import StartScene  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402
from server import lessons as server_lessons  # noqa: E402
from tests.test_client_das_kollier import control, press  # noqa: E402
from tests.test_client_live import tap  # noqa: E402

WORDS = {
    "en": ("Step 1 of 11", "third row", "You win", "Play a real game"),
    "de": ("Schritt 1 von 11", "dritten Reihe", "Du gewinnst", "Eine echte Partie spielen"),
}


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # The scripted seat moves after the server's shortest bot pause.
    monkeypatch.setattr(server_lessons, "SCRIPTED_PAUSE", 0.0)
    yield
    i18n.set_language("en")


def run_until(app, condition, timeout: float = 10.0) -> bool:
    """Frames of a tenth of a second until `condition` holds: the table's animations play out
    in a few frames (the lesson has twenty moves to show)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(0.1)
        if condition():
            return True
        time.sleep(0.005)
    return False


def target_of(scene: TableScene, move: dict):
    """The board target (a plaque) that plays `move`, on the screen."""
    for target in scene.game_view.loose_targets():
        if target.move == move:
            return scene.camera.rect_to_screen(target.rect)
    raise AssertionError(f"no target plays {move}")


def click(app, scene: TableScene, move: dict) -> None:
    tap(app, target_of(scene, move).center)
    if scene.hand.selected is not None:  # the tap picked the pawn up: the plaque puts it down
        tap(app, target_of(scene, move).center)


@pytest.mark.parametrize("language", sorted(WORDS))
def test_pygame_learns_bijoux_by_clicks_with_a_wrong_move_answered(language):
    first, ring, win, real = WORDS[language]
    server = LocalServer("Lessons", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language=language))
    try:
        app.host_server = server  # "Learn to play" uses the server of this computer
        start = StartScene(app, browse=False)
        app.stack.push(start)
        app.step(1 / 60)
        tap(app, start.learn_button.rect.center)
        picker = app.stack.top
        assert isinstance(picker, LessonPicker) and len(picker.choices) >= 2
        games = [button.label for button in picker.choices]
        tap(app, picker.choices[games.index("La Magie des Bijoux")].rect.center)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        model = scene.model
        assert run_until(app, lambda: scene.interactive and scene.lesson.lit_moves())
        words = " ".join(text for _kind, text in scene.lesson.lines(600))
        assert first in words and ring in words
        # Only the plaque the step teaches glows, lit on the board, above which the step sits.
        lit = scene.lesson.lit_moves()
        assert [m["plaque"] for m in lit] == [[2, 0], [2, 1], [2, 2]] and scene.hints.lesson_rects()
        assert scene.lesson_rect().bottom <= scene.board_area().y + scene.layout.margin
        # A plaque the step does not teach: its line, the same step, nothing played.
        seq = model.streams[0].seq
        wrong = next(m for m in model.streams[0].legal if m not in lit)
        click(app, scene, wrong)
        assert run_until(app, lambda: bool(model.lesson.get("refused")) and scene.interactive)
        assert model.streams[0].seq == seq and model.lesson["step"] == 1
        said = [text for kind, text in scene.lesson.lines(600) if kind == "refused"]
        assert said and ring in " ".join(said)
        clicks = 0
        while not model.lesson["done"]:
            assert run_until(
                app,
                lambda: model.lesson["done"] or (scene.interactive and scene.lesson.lit_moves()),
            )
            if model.lesson["done"]:
                break
            seq = model.streams[0].seq
            click(app, scene, scene.lesson.lit_moves()[0])
            clicks += 1
            assert run_until(app, lambda s=seq: model.streams[0].seq > s)
            assert clicks <= 11
        assert clicks == 11
        assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
        results = app.stack.top
        assert any(win in line for line in results.lesson) and results.again.label == real
        lesson_table = model.table_id
        tap(app, results.again.rect.center)
        session = app.session
        assert run_until(
            app,
            lambda: (
                isinstance(app.stack.top, TableScene)
                and app.stack.top.model.table_id != lesson_table
                and app.stack.top.model.status == "playing"
            ),
        )
        assert app.stack.top.model.game == "magie-des-bijoux" and app.stack.top.model.lesson is None
        assert lesson_table not in session.tables
    finally:
        app.shutdown()
        server.stop()


KOLLIER_WORDS = {
    "en": ("Step 1 of 14", "open auction at $10,000", "You win"),
    "de": ("Schritt 1 von 14", "offene Versteigerung zu 10.000 $", "Du gewinnst"),
}


def press_move(app, scene: TableScene, move: dict) -> None:
    """Das Kollier's controls play `move`: a sale or a payment put together gem by gem, else
    the button that carries it (tapped again where it first shows a warning)."""
    from tests.test_client_das_kollier import frames, press

    panel = scene.game_view.panel
    if move["type"] == "sell":
        press(app, scene, "sell")
        frames(app, 20)  # the dialog's buttons take the block's places: they settle first
    elif move["type"] == "pay" and move["gems"]:
        press(app, scene, "clear")
    for gem in move.get("gems") or []:
        press(app, scene, f"gem-{gem}")
    frames(app, 20)
    if any(c.key == "overpay" for c in panel.controls):  # gems worth more: no change, agreed
        press(app, scene, "overpay")
        frames(app, 20)
    key = next(c.key for c in panel.controls if c.action == move)
    press(app, scene, key)
    if panel.armed is not None:
        press(app, scene, key)


@pytest.mark.parametrize("language", sorted(KOLLIER_WORDS))
def test_pygame_learns_das_kollier_with_a_fast_forward_and_a_wrong_move_answered(
    language, monkeypatch
):
    first, opening, win = KOLLIER_WORDS[language]
    monkeypatch.setattr(server_lessons, "FAST_PAUSE", 0.0)
    server = LocalServer("Lessons", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language=language))
    try:
        app.host_server = server
        start = StartScene(app, browse=False)
        app.stack.push(start)
        app.step(1 / 60)
        tap(app, start.learn_button.rect.center)
        picker = app.stack.top
        games = [button.label for button in picker.choices]
        tap(app, picker.choices[games.index("Das Kollier")].rect.center)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        model = scene.model
        assert run_until(app, lambda: scene.interactive and scene.lesson.lit_moves())
        words = " ".join(text for _kind, text in scene.lesson.lines(600))
        assert first in words and opening in words
        # The step lights the button that opens the bidding at 10,000, and nothing else.
        submit = scene.camera.rect_to_screen(control(scene, "submit").rect)
        assert scene.hints.lesson_rects() == [submit]
        seq = model.streams[0].seq
        press(app, scene, "falling")
        assert run_until(app, lambda: bool(model.lesson.get("refused")) and scene.interactive)
        assert model.streams[0].seq == seq and model.lesson["step"] == 1
        said = " ".join(text for kind, text in scene.lesson.lines(600) if kind == "refused")
        assert opening in said
        clicks = 0
        while not model.lesson["done"]:
            assert run_until(
                app,
                lambda: model.lesson["done"] or (scene.interactive and scene.lesson.lit_moves()),
                timeout=30,
            )
            if model.lesson["done"]:
                break
            seq = model.streams[0].seq
            move = scene.lesson.lit_moves()[0]
            press_move(app, scene, move)
            clicks += 1
            assert run_until(app, lambda s=seq: model.streams[0].seq > s), (clicks, move)
            assert clicks <= 14
        assert clicks == 14
        assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
        assert any(win in line for line in app.stack.top.lesson)
    finally:
        app.shutdown()
        server.stop()


def button_of(scene: TableScene, move: dict):
    """The table's button that plays `move`, or None."""
    pairs = zip(scene.strip.buttons, scene.strip.moves, strict=False)
    return next((button for button, button_move in pairs if button_move == move), None)


def tap_move(app, scene: TableScene, move: dict) -> None:
    """Play `move` as a person would: its button (pressed again where it first warns), its
    place on the board, or the piece that goes there and then its place."""
    button = button_of(scene, move)
    if button is not None:
        tap(app, button.rect.center)
        button = button_of(scene, move)
        if button is not None and button.label.endswith("tap again"):
            tap(app, button.rect.center)
        return
    cam = scene.camera
    for target in scene.game_view.loose_targets():
        if target.move == move:
            tap(app, cam.rect_to_screen(target.rect).center)
            return
    for piece in scene.game_view.pieces():
        for target in piece.targets:
            if target.move == move:
                tap(app, cam.rect_to_screen(piece.rect).center)
                tap(app, cam.rect_to_screen(target.rect).center)
                return
    raise AssertionError(f"nothing on the screen plays {move}")


KETTE_WORDS = {
    "en": ("Step 1 of 10", "glowing", "You win"),
    "de": ("Schritt 1 von 10", "leuchtende", "Du gewinnst"),
}


@pytest.mark.parametrize("language", sorted(KETTE_WORDS))
def test_pygame_learns_kette_von_saba_with_a_fast_forward_and_a_wrong_move_answered(
    language, monkeypatch
):
    first, glowing, win = KETTE_WORDS[language]
    monkeypatch.setattr(server_lessons, "FAST_PAUSE", 0.0)
    server = LocalServer("Lessons", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language=language))
    try:
        app.host_server = server
        start = StartScene(app, browse=False)
        app.stack.push(start)
        app.step(1 / 60)
        tap(app, start.learn_button.rect.center)
        picker = app.stack.top
        games = [button.label for button in picker.choices]
        tap(app, picker.choices[games.index("Die Kette von Saba")].rect.center)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        model = scene.model
        assert run_until(app, lambda: scene.interactive and scene.lesson.lit_moves())
        words = " ".join(text for _kind, text in scene.lesson.lines(600))
        assert first in words and glowing in words
        lit = scene.lesson.lit_moves()
        assert lit == [{"type": "offer", "card": "amethyst-1"}] and scene.hints.lesson_rects()
        # Another card of the hand: the step's line, the same step, nothing played.
        seq = model.streams[0].seq
        tap_move(app, scene, next(m for m in model.streams[0].legal if m not in lit))
        assert run_until(app, lambda: bool(model.lesson.get("refused")) and scene.interactive)
        assert model.streams[0].seq == seq and model.lesson["step"] == 1
        said = " ".join(text for kind, text in scene.lesson.lines(600) if kind == "refused")
        assert glowing in said
        clicks = 0
        while not model.lesson["done"]:
            assert run_until(
                app,
                lambda: model.lesson["done"] or (scene.interactive and scene.lesson.lit_moves()),
                timeout=30,
            )
            if model.lesson["done"]:
                break
            seq = model.streams[0].seq
            move = scene.lesson.lit_moves()[0]
            tap_move(app, scene, move)
            clicks += 1
            assert run_until(app, lambda s=seq: model.streams[0].seq > s), (clicks, move)
            assert clicks <= 10
        assert clicks == 10
        assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
        assert any(win in line for line in app.stack.top.lesson)
    finally:
        app.shutdown()
        server.stop()


PALAST_WORDS = {
    "en": ("Step 1 of 12", "harbour cards", "send the vizier", "Some rounds later", "You win"),
    "de": ("Schritt 1 von 12", "Hafenkarten", "schicke den Wesir", "Einige Runden", "Du gewinnst"),
}


@pytest.mark.parametrize("language", sorted(PALAST_WORDS))
def test_pygame_learns_saba_palast_through_its_fast_forwards_and_a_wrong_move_answered(
    language, monkeypatch
):
    """Saba – Palast's lesson by clicks on what glows: the harbour field and the vizier's
    quarter chip, the building card and its garden field, the quarter, the action card, the
    step button; a wrong harbour field answered; during the fast-forward its line heads the
    panel, no step's number; the points explained at the end."""
    first, cards, vizier, later, win = PALAST_WORDS[language]
    # The fast-forward quick, yet slow enough to be seen playing.
    monkeypatch.setattr(server_lessons, "FAST_PAUSE", 0.02)
    server = LocalServer("Lessons", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language=language))
    try:
        app.host_server = server
        start = StartScene(app, browse=False)
        app.stack.push(start)
        app.step(1 / 60)
        tap(app, start.learn_button.rect.center)
        picker = app.stack.top
        games = [button.label for button in picker.choices]
        tap(app, picker.choices[games.index("Saba – Palast der Königin")].rect.center)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        model = scene.model
        assert run_until(app, lambda: scene.interactive and scene.lesson.lit_moves())
        words = " ".join(text for _kind, text in scene.lesson.lines(600))
        assert first in words and cards in words
        lit = scene.lesson.lit_moves()
        assert lit == [{"type": "harbour", "field": 3, "vizier": "goldsmith"}]
        # The view is told what the step teaches: its other pieces do not glow.
        assert scene.game_view.taught == lit
        # The step lights its harbour field and the own harbour cards it speaks of.
        tray_cards = scene.camera.rect_to_screen(scene.game_view.part_rect("harbour_cards"))
        assert tray_cards in scene.hints.lesson_rects() and len(scene.hints.lesson_rects()) > 1
        # Harbour field 1: the step's line, the same step, nothing played.
        seq = model.streams[0].seq
        tap_move(app, scene, {"type": "harbour", "field": 1})
        assert run_until(app, lambda: bool(model.lesson.get("refused")) and scene.interactive)
        assert model.streams[0].seq == seq and model.lesson["step"] == 1
        said = " ".join(text for kind, text in scene.lesson.lines(600) if kind == "refused")
        assert vizier in said
        clicks, fast_seen = 0, False
        while not model.lesson["done"]:
            assert run_until(
                app,
                lambda: model.lesson["done"] or (scene.interactive and scene.lesson.lit_moves()),
                timeout=30,
            )
            if model.lesson["done"]:
                break
            seq = model.streams[0].seq
            move = scene.lesson.lit_moves()[0]
            tap_move(app, scene, move)
            clicks += 1
            assert run_until(app, lambda s=seq: model.streams[0].seq > s), (clicks, move)
            if clicks == 9:  # the second arch: the table plays on by itself
                assert run_until(app, lambda: model.lesson["fast"])
                shown = scene.lesson.lines(600)
                assert shown[0][0] == "head" and later in shown[0][1]
                assert not any(first.split(" 1 ")[0] in text for _kind, text in shown)
                fast_seen = True
            assert clicks <= 12
        assert clicks == 12 and fast_seen
        assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
        assert any(win in line for line in app.stack.top.lesson)
        # The lesson's table was never in the lobby's list, here either.
        assert all(info.id != model.table_id for info in app.session.lobby.tables)
    finally:
        app.shutdown()
        server.stop()


def test_a_lesson_table_is_never_in_the_learners_lobby_list():
    """The learner's own client hears of its lesson table (`joined`, `table`) but lists it in
    no lobby: a lesson is private to its learner. Another table is listed as ever."""
    from client.net.session import Session

    session = Session("127.0.0.1", 9, "Ada")
    try:
        seats = [{"name": "Ada", "kind": "human", "connected": True}, {"name": "Mira"}]
        lesson = {"id": 7, "game": "saba-palast", "status": "playing", "seats": seats}
        lesson["lesson"] = "saba-palast"
        session._on_joined({"t": "joined", "table": 7, "seats": [0], "summary": lesson})
        session._on_table({"t": "table", "table": {**lesson, "spectators": 1}})
        assert session.lobby.tables == [] and session.tables[7].mine == [0]
        other = {"id": 8, "game": "saba-palast", "status": "waiting", "seats": seats}
        session._on_table({"t": "table", "table": other})
        assert [info.id for info in session.lobby.tables] == [8]
    finally:
        session.conn.close()
