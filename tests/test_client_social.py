"""At the table together, in the pygame client: sounds (silent here: the dummy audio driver),
their settings, the chat panel and emote bubbles, and Play again against a real server."""

import os
import random
import time
import wave

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.audio import synth  # noqa: E402
from client.audio.sound import EVENT_SOUNDS, PRIORITY, Sounds, sound_for  # noqa: E402
from client.net.host import LocalServer  # noqa: E402
from client.net.model import ChatEntry, LobbyModel, Rematch, TableInfo  # noqa: E402
from client.net.session import Session  # noqa: E402
from client.scenes.chat import EMOTE_WORDS, ChatPanel  # noqa: E402
from client.scenes.dialogs import VOLUMES, SettingsDialog  # noqa: E402
from client.scenes.lobby import LobbyScene  # noqa: E402
from client.scenes.results import ResultsScene  # noqa: E402
from client.scenes.start import StartScene  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.tools.screenshot import sample_table  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from shared import engine  # noqa: E402
from shared.protocol import EMOTES  # noqa: E402
from shared.randomplay import random_step  # noqa: E402


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def app():
    application = App((1280, 800), Settings(name="Ada", language="en"))
    yield application
    application.shutdown()


# ---------------------------------------------------------------------- sounds


def test_every_sound_loads_and_is_what_the_generator_renders():
    sounds = Sounds(Settings(name="Ada"))
    for name in synth.SOUNDS:
        path = synth.SOUND_DIR / f"{name}.wav"
        with wave.open(str(path)) as shipped:
            assert (shipped.getnchannels(), shipped.getframerate()) == (1, synth.RATE)
            frames = shipped.readframes(shipped.getnframes())
        rendered = synth.rendered(name)
        shipped_samples = memoryview(frames).cast("h").tolist()
        assert len(shipped_samples) == len(rendered), f"{name}.wav is not what synth renders"
        assert max(abs(a - b) for a, b in zip(shipped_samples, rendered, strict=True)) <= 1
        # Short and calm: at most a little over a second, never louder than the headroom.
        assert len(rendered) <= synth.RATE * 1.2
        assert max(abs(s) for s in rendered) <= synth.PEAK * 32767 + 1
        loaded = sounds.load(name)
        assert loaded is not None and loaded.get_length() == pytest.approx(
            len(rendered) / synth.RATE, abs=0.01
        )
    assert set(PRIORITY) <= set(synth.SOUNDS)


@pytest.mark.parametrize("game_id", engine.list_games())
def test_every_event_kind_of_a_game_maps_to_a_sound_that_loads(game_id):
    game = engine.get_game(game_id)
    table = EVENT_SOUNDS[game_id]
    seen = set()
    for seed in range(4):
        players = min(max(game.min_players, 3), game.max_players)
        state = game.new_game(seed, players)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat, move = random_step(game, state, rng)
            state, events = game.apply(state, seat, move)
            seen |= {e["type"] for e in events}
    assert seen <= set(table), f"events without a sound entry: {sorted(seen - set(table))}"
    assert all(name is None or name in synth.SOUNDS for name in table.values())
    assert table["game_over"] == "end"
    sounds = Sounds(Settings(name="Ada"))
    for name in {n for n in table.values() if n is not None}:
        assert sounds.load(name) is not None


def test_one_update_plays_the_sound_that_matters_most():
    events = [{"type": "knocked_down"}, {"type": "paid"}, {"type": "lot_won"}]
    assert sound_for("das-kollier", events) == "hammer"
    assert sound_for("das-kollier", [{"type": "lot_won"}]) is None
    assert sound_for("magie-des-bijoux", [{"type": "stone_placed"}, {"type": "game_over"}]) == (
        "end"
    )


def test_a_muted_client_plays_nothing_and_the_volume_is_the_settings():
    settings = Settings(name="Ada", volume=0.25)
    sounds = Sounds(settings)
    sounds.play("gem")
    assert sounds.played == ["gem"] and sounds.loaded["gem"].get_volume() == pytest.approx(
        0.25, abs=0.01
    )
    settings.muted = True
    sounds.play("coins")
    settings.muted, settings.volume = False, 0.0
    sounds.play("coins")
    assert sounds.played == ["gem"]


def test_volume_and_mute_are_remembered():
    settings = Settings(name="Ada", volume=0.5, muted=True)
    settings.save()
    again = Settings.load()
    assert (again.volume, again.muted) == (0.5, True)
    assert Settings(name="Ada", volume=7).volume == 1.0
    assert Settings(name="Ada", volume="loud").volume == 0.7


def test_the_settings_dialog_steps_the_volume_and_switches_sound(app):
    dialog = SettingsDialog(app)
    app.stack.push(dialog)
    labels = {label: button for label, button in dialog.rows}
    app.settings.volume = VOLUMES[-1]
    labels["Volume"].action()
    assert app.settings.volume == VOLUMES[0]
    labels = {label: button for label, button in dialog.rows}
    assert labels["Volume"].label == "25%"
    labels["Sound"].action()
    assert app.settings.muted
    dialog.close()
    assert Settings.load().muted and Settings.load().volume == VOLUMES[0]


# ---------------------------------------------------------------------- chat panel


def test_emote_words_are_the_protocols_emotes():
    assert tuple(EMOTE_WORDS) == EMOTES


def test_an_emote_makes_a_bubble_at_the_seat_and_a_sound(app):
    model = sample_table("magie-des-bijoux", players=3)
    scene = TableScene(app, model, send_move=lambda seat, move: None, leave=lambda: None)
    app.stack.push(scene)
    app.step(1 / 30)
    model.chat.append(ChatEntry(4, model.names[1], 1, emote="well_played"))
    model.chat_revision += 1
    app.step(1 / 30)
    assert [(seat, emote) for seat, emote, _ in scene.chat.bubbles] == [(1, "well_played")]
    assert app.sounds.played[-1] == "emote"
    assert scene.frame_rate() > 0, "the bubble fades, so the scene keeps drawing"
    app.step(1 / 30)
    # Drawn beside seat 1's panel: the ivory of the bubble is there.
    rect = dict(scene._panel_rects())[1]
    x, y = rect.right + app.layout.margin + 6, round(rect.y + app.layout.body * 1.1)
    before = app.window.get_at((x, y))[:3]
    for _ in range(15):
        app.step(1 / 30)
    assert app.window.get_at((x, y))[:3] == (246, 241, 227), f"no bubble (before: {before})"
    # Three seconds later it is gone.
    for _ in range(100):
        app.step(1 / 30)
    scene.frame_rate()
    assert scene.chat.bubbles == []


def test_a_spectator_line_is_marked_and_the_chat_key_follows_the_lines(app):
    model = sample_table("magie-des-bijoux", players=2, viewer="spectator")
    panel = ChatPanel(app, model, lambda: None)
    speaker, text = panel.entry_text(ChatEntry(9, "Zoë", None, "hello"))
    assert speaker == "Zoë (watching):" and text == "hello"
    key = panel.key()
    model.chat.append(ChatEntry(1, "Alex", 0, "hi"))
    model.chat_revision += 1
    assert panel.key() != key


def test_the_results_say_who_is_awaited_for_the_next_game(app):
    model = sample_table("magie-des-bijoux", moves=10_000, players=3, viewer="0")
    scene = TableScene(app, model, send_move=lambda seat, move: None, leave=lambda: None)
    app.stack.push(scene)
    results = ResultsScene(app, model, scene.game_view, lambda: None)
    app.stack.push(results)
    model.rematch = Rematch(next_table=2, by="Béatrice", waiting=[0, 2], seconds=42)
    app.step(1 / 30)
    assert results.rematch_line() == "Béatrice asks to play again: 42 seconds left to say yes."
    model.rematch = Rematch(next_table=2, by="Alex", waiting=[2], seconds=30)
    app.step(1 / 30)
    assert results.rematch_line() == f"Waiting for {model.names[2]} (30 seconds)…"
    model.rematch = Rematch(2, "Alex", [], 0, done=True, started=False)
    app.step(1 / 30)
    assert "table #2" in results.rematch_line()


# ---------------------------------------------------------------------- live


def run_until(app, condition, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(1 / 60)
        if condition():
            return True
        time.sleep(0.005)
    return False


def tap(app, pos):
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


@pytest.fixture
def server():
    local = LocalServer("Test table", ["127.0.0.1"], discovery=False, port=0).start()
    local.wait()
    yield local
    local.stop()


def hot_seat_table(app, server) -> TableScene:
    """Ada's device holds both seats of a started Magie des Bijoux table."""
    start = StartScene(app, browse=False)
    app.stack.push(start)
    start.connect(server.host, server.port)
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    session = app.session
    session.create("magie-des-bijoux", ["me", "me"], {"first_seat": 0}, names={0: "Ada", 1: "Bo"})
    assert run_until(app, lambda: any(t.seats[1].kind == "human" for t in session.lobby.tables))
    session.start_table(session.lobby.tables[0].id)
    assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
    return app.stack.top


def test_typing_in_the_chat_field_says_it_at_the_table(app, server):
    scene = hot_seat_table(app, server)
    assert run_until(app, lambda: bool(scene.model.streams))
    if scene.curtain_for is not None:
        tap(app, (640, 400))
    tap(app, scene.chat.field.rect.center)
    assert scene.chat.focused
    events = [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "gl hf"]
    app.step(1 / 60, events)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    model = scene.model
    assert run_until(app, lambda: any(e.text == "gl hf" for e in model.chat))
    (said,) = [e for e in model.chat if e.text == "gl hf"]
    assert said.seat in (0, 1) and said.name == ("Ada", "Bo")[said.seat]
    tap(app, scene.chat.emote_buttons[0].rect.center)
    assert run_until(app, lambda: any(e.emote == EMOTES[0] for e in model.chat))
    assert run_until(app, lambda: bool(scene.chat.bubbles))
    # Who comes later reads what was said (the server's chat log), without bubbles.
    watcher = Session(server.host, server.port, "Zoë").start()
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            watcher.poll()
            if (
                watcher.connected
                and watcher.lobby.revision
                and model.table_id not in watcher.tables
            ):
                watcher.watch(model.table_id)
            seen = watcher.tables.get(model.table_id)
            if seen is not None and len(seen.chat) == 2:
                break
            time.sleep(0.02)
        assert [e.text or e.emote for e in seen.chat] == ["gl hf", EMOTES[0]]
        assert seen.chat_resets == 1
    finally:
        watcher.close()


def test_play_again_after_the_game_opens_the_next_table(app, server):
    scene = hot_seat_table(app, server)
    session = app.session
    model = scene.model
    rng = random.Random(5)
    assert run_until(app, lambda: bool(model.streams))
    while model.status != "over":
        acting = [s for s in model.to_act() if s in model.streams and model.streams[s].legal]
        if acting:
            seat = acting[0]
            seq = model.streams[seat].seq
            session.move(model.table_id, seat, rng.choice(model.streams[seat].legal))
            assert run_until(app, lambda s=seat, q=seq: model.streams[s].seq > q or model.outcome)
        else:
            app.step(1 / 60)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    results = app.stack.top
    assert results.again in results.buttons
    tap(app, results.again.rect.center)
    assert run_until(app, lambda: model.rematch is not None and model.rematch.started)
    next_id = model.rematch.next_table

    def following():
        top = app.stack.top
        return isinstance(top, TableScene) and top.model.table_id == next_id

    assert run_until(app, following)
    assert model.table_id not in session.tables, "the finished table was left"
    new = app.stack.top.model
    assert new.mine == [0, 1]
    # The next first seat: Magie des Bijoux's first seat places the pawn.
    assert run_until(app, lambda: bool(new.to_act()))
    assert new.to_act() == [1]


class RecordingSession:
    """Stands in for the network session: records the actions the chat panel takes."""

    def __init__(self, creator: bool) -> None:
        self.lobby = LobbyModel(tables=[TableInfo(1, "magie-des-bijoux", [], host="Alex")])
        self.tables: dict = {}
        self.name = "Alex" if creator else "Zoë"
        self.reconnecting = False
        self.token = None
        self.sent: list[tuple] = []

    def poll(self) -> int:
        return 0

    def is_creator(self, info) -> bool:
        return info.host == self.name

    def mute(self, table_id, who, muted=True) -> None:
        self.sent.append(("mute", table_id, who, muted))

    def chat(self, table_id, text, seat=None) -> None:
        self.sent.append(("chat", table_id, text, seat))

    def close(self) -> None:
        pass


@pytest.mark.parametrize("creator", [True, False])
def test_the_host_taps_a_line_to_mute_its_speaker(app, creator):
    app.session = RecordingSession(creator)
    model = sample_table("magie-des-bijoux", players=3, viewer="0")
    scene = TableScene(app, model, send_move=lambda seat, move: None, leave=lambda: None)
    app.stack.push(scene)
    app.step(1 / 30)
    line = next(rect for rect, entry in scene.chat.line_rects if entry.name == "Zoë")
    tap(app, line.center)
    if not creator:
        assert app.stack.top is scene
        return
    dialog = app.stack.top
    assert dialog.title == "Mute Zoë?"
    dialog.buttons[-1].action()
    assert app.session.sent == [("mute", 1, 9, True)]
    # One's own line offers nothing.
    own = next(rect for rect, entry in scene.chat.line_rects if entry.seat == 0)
    tap(app, own.center)
    assert app.stack.top is scene
