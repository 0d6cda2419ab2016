"""The Saba – Palast der Königin table: drawn at three sizes, every legal move reachable by a
tap or a drag, events animated and told in three languages, and a turn played against a real
server by synthetic clicks."""

import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.model import SeatInfo, TableModel  # noqa: E402
from client.scenes.results import ResultsScene  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.tables.base import Piece  # noqa: E402
from client.tables.saba_palast import words  # noqa: E402
from client.tables.saba_palast.layout import FIELDS, HARBOUR_FIELDS, QUARTER_RECTS  # noqa: E402
from client.tables.saba_palast.view import SabaPalastView  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402
from shared.engine import get_game  # noqa: E402
from shared.games.saba_palast.data import CARDS  # noqa: E402
from shared.randomplay import random_step  # noqa: E402
from tests.test_saba_palast import build_ready, leader_in_two_quarters  # noqa: E402

GAME = get_game("saba-palast")
SIZES = [(800, 600), (1280, 800), (1920, 1080)]
NAMES = ["Alex", "Béatrice", "Jürgen", "Maëlle"]


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield
    i18n.set_language("en")


def make_app(size=(1280, 800), language="en"):
    return App(size, Settings(name="Alex", language=language))


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


def find_state(pred, players=3, options=None, seeds=range(1, 40), limit=500):
    """The first state of a random game in which the seat to act meets `pred(state, legal)`."""
    for seed in seeds:
        state = GAME.new_game(seed, players, options)
        rng = random.Random(seed)
        for _ in range(limit):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            if pred(state, GAME.legal_moves(state, seat)):
                return state
            seat, move = random_step(GAME, state, rng)
            state, _ = GAME.apply(state, seat, move)
    raise AssertionError("no such state")


def open_table(app, state, viewer="to_act", sent=None):
    """A table scene showing `state` to `viewer` (a seat, "to_act", or None: a spectator)."""
    if viewer == "to_act":
        viewer = GAME.to_act(state)[0]
    n = state["players"]
    seats = [SeatInfo(i, NAMES[i], "human") for i in range(n)]
    model = TableModel(1, GAME.id, seats, mine=[] if viewer is None else [viewer])
    legal = [] if viewer is None else GAME.legal_moves(state, viewer)
    model.update(viewer, GAME.view(state, viewer), legal, GAME.to_act(state), [])
    sent = sent if sent is not None else []
    scene = TableScene(app, model, lambda seat, move: sent.append(move), lambda: None)
    app.stack.push(scene)
    frames(app, 3)
    return scene


def play(scene, state, seat, move):
    """Apply `move` to `state` and send the scene the update the server would; the new state."""
    state, events = GAME.apply(state, seat, move)
    viewer = scene.viewer
    scene.model.update(
        viewer,
        GAME.view(state, viewer),
        GAME.legal_moves(state, viewer) if viewer is not None else [],
        GAME.to_act(state),
        GAME.view_events(events, viewer),
    )
    return state


def not_blank(surface):
    small = pygame.transform.scale(surface, (64, 48))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(48)}
    return len(colours) > 40


def screen(scene, rect):
    return scene.camera.to_screen(*rect.center)


def in_phase(phase, *types):
    def pred(state, legal):
        return state["phase"] == phase and all(any(m["type"] == t for m in legal) for t in types)

    return pred


# ---------------------------------------------------------------------- drawing


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_renders_at_every_size_in_every_language(size):
    states = [
        find_state(in_phase("harbour"), players=4),
        find_state(in_phase("build", "build"), players=2),
        find_state(in_phase("return"), players=3),
    ]
    for language in ("en", "de", "fr"):
        for state in states:
            app = make_app(size, language)
            scene = open_table(app, state)
            frames(app, 5)
            assert not_blank(app.window)
            assert scene.game_view.status()
        app = make_app(size, language)
        open_table(app, states[0], viewer=None)
        frames(app, 5)
        assert not_blank(app.window)


def test_the_results_screen_names_how_the_game_ended():
    state = GAME.new_game(3, 3, None)
    rng = random.Random(3)
    while not GAME.is_over(state):
        seat, move = random_step(GAME, state, rng)
        state, _ = GAME.apply(state, seat, move)
    app = make_app()
    scene = open_table(app, state, viewer=0)
    frames(app, 60)
    assert isinstance(app.stack.top, ResultsScene)
    lines = scene.game_view.result_lines(GAME.outcome(state))
    assert lines and ("end card" in lines[0] or "palace" in lines[0])


def test_the_cached_board_redrawn_by_parts_matches_a_full_redraw():
    state = GAME.new_game(7, 4, {"first_seat": 0})
    app = make_app((1280, 800))
    scene = open_table(app, state, viewer=0)
    rng = random.Random(7)
    for _ in range(40):
        seat, move = random_step(GAME, state, rng)
        state = play(scene, state, seat, move)
        frames(app, 12)
        if _ % 8:
            continue
        frames(app, 40)
        reference = scene.layer.surface.copy()
        area = scene.camera.area
        reference.blit(scene.backdrop, area, area)
        scene.game_view.draw_board(reference, scene.camera)
        sample = [
            (x, y) for x in range(area.x, area.right, 3) for y in range(area.y, area.bottom, 3)
        ]
        assert all(reference.get_at(p) == scene.layer.surface.get_at(p) for p in sample)


# ---------------------------------------------------------------------- moves from targets


def reachable(renderer):
    """Every move the renderer offers: loose targets, and each piece's targets."""
    moves = [t.move for t in renderer.loose_targets()]
    for piece in renderer.pieces():
        moves += [t.move for t in piece.targets]
    return moves


@pytest.mark.parametrize("players, profi", [(2, False), (3, True), (4, False)])
def test_every_legal_move_has_a_target_and_every_target_is_legal(players, profi):
    app = make_app((800, 600))
    state = GAME.new_game(players * 11, players, {"profi": profi, "first_seat": 0})
    scene = open_table(app, state, viewer=0)
    rng = random.Random(players)
    checked = 0
    while not GAME.is_over(state) and checked < 400:
        seat = GAME.to_act(state)[0]
        if seat == 0:
            legal = GAME.legal_moves(state, 0)
            offered = reachable(scene.game_view)
            assert all(m in legal for m in offered)
            assert all(m in offered for m in legal), [m for m in legal if m not in offered]
            checked += 1
        seat, move = random_step(GAME, state, rng)
        state = play(scene, state, seat, move)
        scene.sync()
    assert checked > 20


def test_a_spectator_gets_no_targets_and_no_hand():
    app = make_app()
    state = find_state(in_phase("build", "build"))
    scene = open_table(app, state, viewer=None)
    assert "hand" not in scene.game_view.view
    assert not scene.game_view.pieces() and not scene.game_view.loose_targets()
    assert not scene.interactive


def test_tapping_a_glowing_harbour_field_sends_that_move():
    app = make_app()
    sent = []
    state = find_state(lambda s, legal: any(m.get("field") in (1, 4) for m in legal))
    scene = open_table(app, state, sent=sent)
    target = next(t for t in scene.game_view.loose_targets() if t.key[0] == "harbour")
    assert target.rect == HARBOUR_FIELDS[target.move["field"] - 1]
    tap(app, screen(scene, target.rect))
    assert sent == [target.move]


def test_a_building_card_dragged_onto_its_garden_field_builds_it():
    app = make_app((1920, 1080))
    sent = []
    state = find_state(lambda s, legal: [m["type"] for m in legal].count("build") == 1, players=2)
    scene = open_table(app, state, sent=sent)
    card = next(p for p in scene.game_view.pieces() if p.key[0] == "card")
    field = FIELDS[CARDS[card.key[1]]["field"] - 1]
    start, end = screen(scene, card.rect), screen(scene, field)
    frames(
        app,
        1,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
        ],
    )
    assert scene.hand.held is card
    frames(app, 10, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert sent == [{"type": "build", "card": card.key[1]}]


def test_a_card_dropped_elsewhere_sends_nothing_and_glides_back():
    app = make_app((1920, 1080))
    sent = []
    state = find_state(in_phase("build", "build"), players=2)
    scene = open_table(app, state, sent=sent)
    card = next(p for p in scene.game_view.pieces() if p.key[0] == "card")
    start = screen(scene, card.rect)
    end = scene.camera.to_screen(600, 700)
    frames(
        app,
        30,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ],
    )
    assert sent == []
    assert (card.sprite.x, card.sprite.y) == card.sprite.home


def test_harbour_field_three_then_a_swap_chip_sends_the_whole_move():
    app = make_app((1280, 800))
    sent = []
    state = find_state(
        lambda s, legal: any(m.get("field") == 3 and "give" in m for m in legal), players=4
    )
    scene = open_table(app, state, sent=sent)
    tap(app, screen(scene, HARBOUR_FIELDS[2]))
    assert scene.hand.selected is not None and scene.hand.selected.key == ("harbour", 3)
    chip = next(t for t in scene.hand.selected.targets if "give" in t.move)
    tap(app, screen(scene, chip.rect))
    assert sent == [chip.move]
    assert chip.move["field"] == 3 and chip.move["vizier"] in ("exchange", "bazaar")


def test_the_vizier_himself_can_be_sent_to_a_quarter():
    app = make_app((1280, 800))
    sent = []
    state = find_state(lambda s, legal: any(m.get("field") == 3 for m in legal))
    scene = open_table(app, state, sent=sent)
    vizier = next(p for p in scene.game_view.pieces() if p.key == ("vizier",))
    tap(app, screen(scene, vizier.rect))
    plain = next(t for t in vizier.targets if t.key[0] == "vizier")
    tap(app, screen(scene, plain.rect))
    assert sent == [plain.move] and "give" not in plain.move


def test_a_figure_goes_into_a_quarter_with_one_tap():
    app = make_app()
    sent = []
    state = find_state(in_phase("quarter", "place_figure"))
    scene = open_table(app, state, sent=sent)
    target = next(t for t in scene.game_view.loose_targets() if t.key[0] == "quarter")
    tap(app, scene.camera.to_screen(target.rect.x + 20, target.rect.bottom - 10))
    assert sent == [target.move]


def test_the_viziers_quarter_chips_take_its_material_or_decline_it():
    app = make_app((1280, 800))
    sent = []
    state = find_state(
        lambda s, legal: any(m.get("vizier") == "mason" and m.get("decline") for m in legal)
    )
    scene = open_table(app, state, sent=sent)
    tap(app, screen(scene, HARBOUR_FIELDS[2]))
    chips = [t for t in scene.hand.selected.targets if t.key[:2] == ("vizier", "mason")]
    assert [t.move.get("decline") for t in chips] == [None, True]
    frames(app, 2)
    assert not_blank(app.window)
    tap(app, screen(scene, chips[1].rect))
    assert sent == [{"type": "harbour", "field": 3, "vizier": "mason", "decline": True}]


def test_with_an_empty_supply_a_chip_builds_without_a_figure():
    app = make_app((1280, 800))
    sent = []
    state = build_ready()
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0] * 4
    state["quarters"]["goldsmith"] = [0] * 4
    scene = open_table(app, state, viewer=0, sent=sent)
    card = next(p for p in scene.game_view.pieces() if p.key == ("card", "arch-3"))
    assert [t.move.get("from_quarter", t.move.get("no_figure")) for t in card.targets] == [
        "mason",
        "goldsmith",
        True,
    ]
    tap(app, screen(scene, card.rect))
    frames(app, 2)
    tap(app, screen(scene, card.targets[-1].rect))
    assert sent == [{"type": "build", "card": "arch-3", "no_figure": True}]


def test_a_figure_for_the_treasury_leaves_the_quarter_its_owner_taps_out_of_turn():
    app = make_app((1280, 800))
    sent = []
    state = leader_in_two_quarters()
    state, _ = GAME.apply(state, 0, {"type": "fulfil", "card": "treasury-1"})
    scene = open_table(app, state, viewer=1, sent=sent)
    assert state["turn"] == 0 and scene.my_turn()
    renderer = scene.game_view
    offered = {t.key: t.move for t in renderer.loose_targets()}
    assert offered == {
        ("send", "mason"): {"type": "send_figure", "quarter": "mason"},
        ("send", "carpenter"): {"type": "send_figure", "quarter": "carpenter"},
    }
    # The title bar says the moment as the table's talk does.
    assert renderer.status() == renderer.say(renderer.talk()["headline"])
    assert "treasury" in renderer.status()
    tap(app, screen(scene, QUARTER_RECTS["carpenter"]))
    assert sent == [{"type": "send_figure", "quarter": "carpenter"}]
    state = play(scene, state, 1, sent[0])
    frames(app, 3)
    assert renderer.air.flyers and ("treasury", 0) in renderer.column.hidden
    frames(app, 90)
    assert not renderer.air.flyers and not renderer.column.hidden.keys
    assert "carpenters' quarter for the treasury" in " ".join(scene.log[-3:])


def test_free_actions_are_offered_at_any_step_of_the_own_turn():
    app = make_app()
    for phase in ("harbour", "build", "draw", "finish"):
        sent = []
        state = find_state(in_phase(phase, "play_card"))
        scene = open_table(app, state, sent=sent)
        card = next(t for t in scene.game_view.loose_targets() if t.key[0] == "play")
        tap(app, screen(scene, card.rect))
        assert sent == [card.move]


def test_the_step_button_ends_the_turn():
    app = make_app()
    sent = []
    state = find_state(in_phase("finish"))
    scene = open_table(app, state, sent=sent)
    button = next(t for t in scene.game_view.loose_targets() if t.key == ("button", "end_turn"))
    tap(app, screen(scene, button.rect))
    assert sent == [{"type": "end_turn"}]


def test_the_discard_down_dialog_gives_back_one_thing_per_tap():
    app = make_app((800, 600))
    sent = []
    state = find_state(in_phase("return"))
    scene = open_table(app, state, sent=sent)
    offered = [t for t in scene.game_view.loose_targets() if t.key[0] in ("return", "discard")]
    legal = GAME.legal_moves(state, scene.viewer)
    assert sorted(map(str, {str(t.move) for t in offered})) == sorted(map(str, legal))
    tap(app, screen(scene, offered[0].rect))
    assert sent == [offered[0].move]


# ---------------------------------------------------------------------- events


def test_a_build_flies_the_card_to_its_field_and_everything_settles():
    app = make_app()
    state = find_state(in_phase("build", "build"), players=3)
    scene = open_table(app, state)
    seat = scene.viewer
    move = next(m for m in GAME.legal_moves(state, seat) if m["type"] == "build")
    state = play(scene, state, seat, move)
    frames(app, 3)
    renderer = scene.game_view
    assert renderer.air.flyers or renderer.display.leaving
    assert any(key[0] == "level" for key in renderer.garden.hidden.keys)
    frames(app, 90)
    assert not renderer.air.flyers and not renderer.display.leaving
    assert not renderer.garden.hidden.keys
    for sprite in renderer.display.cards.values():
        assert (sprite.x, sprite.y) == sprite.home and sprite.turn == 1.0
    stocks = renderer.view["stocks"]
    assert all(c["v"] == stocks[s][m] for (s, m), c in renderer.trays.counts.items())


def test_another_players_drawn_card_flies_face_down():
    app = make_app()
    state = find_state(in_phase("draw"), players=2)
    seat = GAME.to_act(state)[0]
    scene = open_table(app, state, viewer=1 - seat)
    state = play(scene, state, seat, {"type": "draw"})
    frames(app, 2)
    cards = [f for f in scene.game_view.air.flyers if f.kind == "card"]
    assert cards and all(f.what is None for f in cards)
    assert all("alabaster" not in line and "gold" not in line for line in scene.log[-2:])


def test_the_log_tells_every_event_in_three_languages():
    """The view's log sentences are the voice's (shared/talk `event_line`, said by the base
    view's `event_text`): the view writes none of its own."""
    assert "event_text" not in SabaPalastView.__dict__
    seen = set()
    renderer = SabaPalastView.__new__(SabaPalastView)

    class Ctx:
        def name(self, seat):
            return "Zoë"

    renderer.ctx = Ctx()
    for seed in range(4):
        state = GAME.new_game(seed, 4, {"profi": seed % 2 == 1})
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat, move = random_step(GAME, state, rng)
            state, events = GAME.apply(state, seat, move)
            renderer.view = GAME.view(state, 0)
            for event in GAME.view_events(events, 0):
                for language in ("en", "de", "fr"):
                    i18n.set_language(language)
                    line = renderer.event_text(event)
                    if line is not None:
                        assert "{" not in line
                        assert "Zoë" in line or not isinstance(event.get("seat"), int)
                        seen.add(event["type"])
    i18n.set_language("en")
    assert {"harbour_taken", "built", "balcony", "card_played", "turn_started"} <= seen


def test_the_rules_help_is_written_in_three_languages(config_dir):
    """The Rules sheet is the voice's rules (the base class reads them), the moment's topic
    first."""
    app = make_app()
    state = GAME.new_game(3, 3, {"first_seat": 0})
    renderer = open_table(app, state, viewer=0).game_view
    assert "help_text" not in SabaPalastView.__dict__
    words = {"en": "vizier", "de": "Wesir", "fr": "vizir"}
    for language, word in words.items():
        i18n.set_language(language)
        text = renderer.help_text()
        assert word in text and "{" not in text
    i18n.set_language("en")
    harbour = renderer.help_text().split("\n\n")[2]
    assert harbour.startswith("1. THE HARBOUR")


# ---------------------------------------------------------------------- a real server


def run_until(app, condition, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(1 / 60)
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_against_a_real_server_taps_play_the_steps_of_a_turn(tmp_path):
    from client.net.host import LocalServer
    from client.scenes.lobby import LobbyScene
    from client.scenes.start import StartScene

    server = LocalServer("Test table", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        start = StartScene(app, browse=False)
        app.stack.push(start)
        start.connect(server.host, server.port)
        assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        session = app.session
        session.create("saba-palast", ["me", "bot"], {"first_seat": 0})
        assert run_until(app, lambda: any(t.seats[1].kind == "bot" for t in session.lobby.tables))
        session.start_table(session.lobby.tables[0].id)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top
        renderer = scene.game_view

        def phase(name):
            return lambda: scene.interactive and renderer.view.get("phase") == name

        assert run_until(app, phase("harbour"))
        target = next(t for t in renderer.loose_targets() if t.key[0] == "harbour")
        tap(app, screen(scene, target.rect))
        assert run_until(app, phase("build"))
        assert any("Ada takes" in line for line in scene.log)
        # The step button: build nothing, (no quarter,) draw a card, end the turn.
        pressed = []

        def buttons():
            """The step buttons: plain, or warned ones (building nothing while a part is
            payable: the first tap says why, the second plays it) as pieces."""
            plain = [(t.rect, t.move) for t in renderer.loose_targets() if t.key[0] == "button"]
            warned = [
                (p.rect, p.targets[0].move)
                for p in renderer.pieces()
                if p.key[0] == "warned" and p.key[1][0] == "button"
            ]
            return plain + warned

        def turn_over():
            return renderer.view["turn"] != 0 or renderer.view["phase"] == "harbour"

        while not turn_over():
            # An update may land while the last one still plays out: wait for a step button
            # or the turn's end, whichever the table shows first.
            assert run_until(
                app,
                lambda: turn_over() or (scene.interactive and scene.timeline.idle and buttons()),
            )
            if turn_over():
                break
            assert len(pressed) < 4
            rect, move = buttons()[0]
            seq = scene.model.streams[0].seq
            tap(app, screen(scene, rect))
            if scene.model.streams[0].seq == seq and scene.pending is None:
                frames(app, 3)
                tap(app, screen(scene, rect))  # a warned button: the second tap plays it
            pressed.append(move["type"])
            assert run_until(app, lambda s=seq: scene.model.streams[0].seq > s)
        assert pressed[0] == "pass" and "draw" in pressed and "end_turn" in pressed
        assert any(line.startswith("Ada draws an action card:") for line in scene.log)
    finally:
        app.shutdown()
        server.stop()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_compact_tray_holds_its_markers_also_when_four_share_the_top_row(players):
    from client.tables.saba_palast.layout import Table

    for seat in [None, 0]:
        table = Table.build(players, seat)
        for tray in table.trays.values():
            if not tray.own:
                assert tray.markers[0] + 20 <= tray.rect.right, (players, seat, tray.seat)
                assert tray.figures[0] < tray.markers[0]


def test_no_label_on_the_table_is_drawn_below_the_minimum_size_at_800x600(monkeypatch):
    """Every text the Saba table draws — on the cached board art (quarter names, labels,
    card numbers) and over it (counts, steps, dialog) — is at least 14 px, and the quarter
    names are whole (broken over two lines at most, never shortened)."""
    from client.tables.saba_palast import art, card_art, regions, words
    from client.ui import theme

    drawn: list[tuple[str, int]] = []
    original = theme.text

    def recording(s, size, colour=theme.TEXT, bold=False):
        drawn.append((s, size))
        return original(s, size, colour, bold)

    monkeypatch.setattr(theme, "text", recording)
    states = [
        find_state(in_phase("harbour"), players=4),
        find_state(in_phase("return"), players=3),
    ]
    for language in ("en", "de", "fr"):
        for state, viewer in ((states[0], "to_act"), (states[0], None), (states[1], "to_act")):
            for cached in (
                regions.garden,
                regions.right_column,
                regions.quarter_tile,
                regions.tray,
            ):
                cached.cache_clear()
            for cached in (card_art.building_card, card_art.action_card, card_art.harbour_card):
                cached.cache_clear()
            drawn.clear()
            app = make_app((800, 600), language)
            scene = open_table(app, state, viewer=viewer)
            frames(app, 5)
            board = scene.game_view
            board.draw_board(app.window, scene.camera)
            board.draw(app.window, scene.camera, set(), None)
            small = {(s, size) for s, size in drawn if s.strip() and size < art.MIN_TEXT}
            assert not small, (language, small)
            texts = [s for s, _ in drawn]
            for q in ("stonemason", "goldsmith", "exchange", "carpenter"):
                parts = words.quarter_parts(q)
                whole = "".join(parts)
                pieces = [p + "-" for p in parts[:-1]] + parts[-1:]
                assert whole in texts or all(p in texts for p in pieces), (language, q)


@pytest.mark.parametrize(
    ("selected", "hint"),
    [
        (None, None),
        (("harbour", 3), "step_vizier"),
        (("vizier",), "step_vizier"),
        (("harbour_card", 2), "step_remove"),
        (("harbour", 4), None),
    ],
)
def test_a_step_without_a_button_says_what_to_do_now(config_dir, selected, hint):
    """In the harbour step the tray says the talk's explanation, or with field 3 or 2 in hand
    what the second tap chooses."""
    app = make_app()
    state = GAME.new_game(3, 3, {"first_seat": 0})
    renderer = open_table(app, state, viewer=0).game_view
    piece = None if selected is None else Piece(selected, pygame.FRect(0, 0, 1, 1), None, [])
    for language in ("en", "de", "fr"):
        i18n.set_language(language)
        said = renderer.steps.step_hint(piece)
        if hint is None:
            assert said == renderer.say(renderer.talk()["explain"])
        else:
            assert said == words.ui(hint)
    i18n.set_language("en")


def test_a_warned_move_asks_for_a_second_tap(config_dir):
    """Building nothing while a part is payable: the step button's first tap selects it and
    says the talk's warning, the second plays it."""
    sent = []
    app = make_app()
    state = GAME.new_game(3, 3, {"first_seat": 0})
    state["phase"] = "build"
    state["stocks"][0] = {m: 5 for m in state["stocks"][0]}
    scene = open_table(app, state, viewer=0, sent=sent)
    renderer = scene.game_view
    said = renderer.move_talk({"type": "pass"})
    assert said["warn"]
    assert not any(t.move == {"type": "pass"} for t in renderer.loose_targets())
    button = renderer.table.trays[0].button
    tap(app, screen(scene, button))
    frames(app, 3)
    assert sent == []
    assert renderer.steps.warning(renderer.act.selected({("button", "pass")}, None)) == (
        "⚠ " + renderer.say(said["warn"])
    )
    tap(app, screen(scene, button))
    assert sent == [{"type": "pass"}]
