"""Das Kollier's table: every phase drawn at three sizes, controls that send only what the server
listed (or a number in the documented range), the composers for payments and the bank sale,
secrets kept, words in three languages, animations from events.

Tables are filled like the screenshot command does (client/tools/screenshot.py): a game played by
random moves until it reaches the situation wanted, seen by one seat as the server would send it.
The live test at the end plays against a real server on 127.0.0.1.
"""

import os
import random
import time
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.model import SeatInfo, TableModel  # noqa: E402
from client.scenes.dialogs import TextDialog  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.tables.das_kollier.art import necklace_layout  # noqa: E402
from client.tables.das_kollier.view import DasKollierView  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402
from shared.engine import get_game  # noqa: E402
from shared.games.das_kollier.gems import VALUE, best_necklace, necklace_value  # noqa: E402
from shared.randomplay import random_step  # noqa: E402
from shared.talk.das_kollier.moves import offer_warning  # noqa: E402

GAME = get_game("das-kollier")
SIZES = [(800, 600), (1280, 800), (1920, 1080)]
NAMES = ["Alex", "Béatrice", "Jürgen", "Maëlle", "Zoë", "François"]
# Moves a control may build itself (an amount, a payment, a sale); all others come as listed.
BUILT = {"bid", "open_auction", "sealed_bid", "pay", "sell"}


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


def situation(wanted, players=4, options=None, seeds=range(1, 60)):
    """(state, events so far) of the first random game that reaches `wanted(state)`."""
    for seed in seeds:
        state = GAME.new_game(seed, players, {"first_seat": 0, **(options or {})})
        rng = random.Random(seed)
        history = []
        while not GAME.is_over(state):
            if wanted(state):
                return state, history
            seat, move = random_step(GAME, state, rng)
            state, events = GAME.apply(state, seat, move)
            history.append(events)
        if wanted(state):
            return state, history
    raise AssertionError("no random game reached that situation")


def table(state, history, seat, size=(1280, 800), language="en"):
    """The table scene of `seat` (None: a spectator) at `state`; moves it sends go to `sent`."""
    app = App(size, Settings(name="Alex", language=language))
    n = state["players"]
    seats = [SeatInfo(i, NAMES[i], "human") for i in range(n)]
    model = TableModel(1, GAME.id, seats, mine=[] if seat is None else [seat])
    seen = [e for events in history for e in GAME.view_events(events, seat)]
    legal = GAME.legal_moves(state, seat) if seat is not None else []
    model.update(seat, GAME.view(state, seat), legal, GAME.to_act(state), seen, fresh=True)
    timer = GAME.timer(state)
    model.timer = None if timer is None else {"seconds": timer["seconds"], "seat": timer["seat"]}
    if GAME.is_over(state):
        model.status, model.outcome = "over", GAME.outcome(state)
    sent = []
    scene = TableScene(app, model, lambda who, move: sent.append(move), lambda: None)
    app.stack.push(scene)
    frames(app, 3)
    return app, scene, sent


def frames(app, n=1, events=()):
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


def control(scene, key):
    return next(c for c in scene.game_view.panel.controls if c.key == key)


def press(app, scene, key):
    tap(app, scene.camera.to_screen(*control(scene, key).rect.center))


def not_blank(surface):
    small = pygame.transform.scale(surface, (64, 48))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(48)}
    return len(colours) > 40


def phase(name):
    return lambda s: s["phase"] == name


def may_open(s):
    """The auctioneer chooses and may open an auction (the lot need not fall)."""
    return s["phase"] == "choose" and any(
        m["type"] == "open_auction" for m in GAME.legal_moves(s, s["auctioneer"])
    )


def open_with_bid(s):
    auction = s["auction"]
    return s["phase"] == "open" and auction["bid"] is not None and bidders(s)


def bidders(s):
    """Seats that may bid now (to act, not the auctioneer) and are listed a bid."""
    return [
        seat
        for seat in GAME.to_act(s)
        if seat != s["auctioneer"] and any(m["type"] == "bid" for m in GAME.legal_moves(s, seat))
    ]


def paying_mixed(s):
    return (
        s["phase"] == "pay"
        and s["auction"]["kind"] == "open"
        and s["round"] > 6
        and any(
            m["type"] == "pay" and m["gems"] for m in GAME.legal_moves(s, s["auction"]["buyer"])
        )
    )


def defaulting(s):
    return s["phase"] == "pay" and any(
        m["type"] == "default" for m in GAME.legal_moves(s, s["auction"]["buyer"])
    )


SITUATIONS = {
    "choose": (may_open, lambda s: s["auctioneer"]),
    "open-bidder": (open_with_bid, lambda s: bidders(s)[0]),
    "open-auctioneer": (
        lambda s: s["phase"] == "open" and GAME.to_act(s) == [s["auctioneer"]],
        lambda s: s["auctioneer"],
    ),
    "falling": (phase("falling"), lambda s: s["auction"]["asked"]),
    "preempt": (phase("preempt"), lambda s: s["auctioneer"]),
    "pay-cash": (
        lambda s: s["phase"] == "pay" and s["round"] <= 6 and not defaulting(s),
        lambda s: s["auction"]["buyer"],
    ),
    "pay-mixed": (paying_mixed, lambda s: s["auction"]["buyer"]),
    "default": (defaulting, lambda s: s["auction"]["buyer"]),
    "commission": (phase("commission"), lambda s: s["auctioneer"]),
    "over": (lambda s: s["phase"] == "over", lambda s: 0),
}


@pytest.fixture(scope="module")
def found():
    """Each situation once (searching random games is the slow part)."""
    out = {}
    for name, (wanted, _) in SITUATIONS.items():
        out[name] = situation(wanted, players=6 if name == "open-bidder" else 4)
    out["sealed"] = situation(phase("sealed"), options={"sealed_first_auctioneer": True})
    return out


def arrive(scene, seat: int, state, events) -> None:
    """The update `seat` gets after a move that led to `state` with `events`, as a server sends
    it: the seat's view, legal moves, who is to act, the events it may see."""
    scene.model.update(
        seat,
        GAME.view(state, seat),
        GAME.legal_moves(state, seat),
        GAME.to_act(state),
        GAME.view_events(events, seat),
    )


def at(found, name, size=(1280, 800), language="en"):
    state, history = found[name]
    seat = SITUATIONS[name][1](state) if name in SITUATIONS else GAME.to_act(state)[0]
    return table(state, history, seat, size, language)


def test_every_situation_is_drawn_at_three_sizes_with_controls_from_the_legal_moves(found):
    for name in [*SITUATIONS, "sealed"]:
        for size in SIZES:
            app, scene, _sent = at(found, name, size)
            frames(app, 12)
            assert app.window.get_size() == size and not_blank(app.window), (name, size)
            legal = scene.model.streams[scene.viewer].legal
            for c in scene.game_view.panel.controls:
                if isinstance(c.action, dict):
                    kind = c.action["type"]
                    assert c.action in legal or kind in BUILT, (name, c.key, c.action)
                    assert any(m["type"] == kind for m in legal), (name, c.key)
            app.shutdown()


def test_quick_buttons_raise_the_highest_bid_by_1000_and_5000(found):
    state, _ = found["open-bidder"]
    top = state["auction"]["bid"]
    for key, amount in (("plus1", top + 1_000), ("plus5", top + 5_000)):
        app, scene, sent = at(found, "open-bidder")
        press(app, scene, key)
        if beyond_means(scene, amount):
            # A bid beyond the seat's means (decision 10): the first tap shows the warning.
            assert sent == []
            assert "you would pay $3,000 or a gem" in scene.game_view.block.words()[2]
            press(app, scene, key)
        assert sent == [{"type": "bid", "amount": amount}]


def beyond_means(scene, amount: int) -> bool:
    view = scene.game_view.view
    return offer_warning(view, amount, not view["cash_only"]) is not None


def test_a_bid_beyond_the_seats_means_is_offered_with_the_warning_and_a_second_tap(found):
    state, _ = found["open-bidder"]
    app, scene, sent = at(found, "open-bidder")
    renderer = scene.game_view
    cash = renderer.view["cash"]
    renderer.panel.choices.amount = (cash // 1_000 + 3) * 1_000  # beyond anything the engine lists
    renderer.panel.build()
    assert not any(m.get("amount") == renderer.panel.choices.amount for m in renderer.legal)
    press(app, scene, "submit")
    assert sent == [] and "tap again" in control(scene, "submit").label
    assert "You cannot pay this" in renderer.block.words()[2]
    press(app, scene, "submit")
    assert sent == [{"type": "bid", "amount": renderer.panel.choices.amount}]
    assert GAME.apply(state, SITUATIONS["open-bidder"][1](state), sent[0])


def test_a_typed_amount_is_bid_in_thousands_and_enter_sends_it(found):
    app, scene, sent = at(found, "open-bidder")
    press(app, scene, "field")
    assert scene.game_view.panel.choices.typed == ""
    typing = [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "4x2"]
    frames(app, 1, typing)
    assert scene.game_view.panel.choices.amount == 42_000
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    frames(app, 1, [enter])
    if beyond_means(scene, 42_000):  # the first Enter shows the warning, the second bids
        assert sent == []
        frames(app, 1, [enter])
    assert sent == [{"type": "bid", "amount": 42_000}]


def test_the_steppers_move_the_amount_by_1000_but_not_below_the_least_bid(found):
    state, _ = found["open-bidder"]
    least = state["auction"]["bid"] + 1_000
    app, scene, sent = at(found, "open-bidder")
    assert scene.game_view.panel.choices.amount == least
    press(app, scene, "minus")
    assert scene.game_view.panel.choices.amount == least
    press(app, scene, "plus")
    press(app, scene, "plus")
    press(app, scene, "submit")
    assert sent == [{"type": "bid", "amount": least + 2_000}]


def test_the_auctioneer_knocks_the_lot_down(found):
    app, scene, sent = at(found, "open-auctioneer")
    controls = scene.game_view.panel.controls
    assert [c.key for c in controls if isinstance(c.action, dict)] == ["knock"]
    press(app, scene, "knock")
    assert sent == [{"type": "knock_down"}]


def test_the_clock_counts_down_the_servers_quiet_time_and_restarts_with_a_bid(found):
    state, history = found["open-bidder"]
    app, scene, _ = at(found, "open-bidder")
    quiet = state["options"]["quiet_time"]
    assert scene.model.timer == {"seconds": quiet, "seat": state["auctioneer"]}
    start = scene.game_view.block.clock_left()
    frames(app, 60)
    assert start - scene.game_view.block.clock_left() == pytest.approx(2.0, abs=0.1)
    bidder = bidders(state)[0]
    after, events = GAME.apply(
        state, bidder, {"type": "bid", "amount": state["auction"]["bid"] + 1_000}
    )
    arrive(scene, scene.viewer, after, events)
    frames(app, 1)
    assert scene.game_view.block.clock_left() == pytest.approx(quiet, abs=0.1)


def test_falling_auction_offers_buy_and_decline_to_the_seat_asked_only(found):
    state, history = found["falling"]
    app, scene, sent = at(found, "falling")
    assert {c.key for c in scene.game_view.panel.controls} >= {"decline"}
    press(app, scene, "decline")
    assert sent == [{"type": "decline"}]
    other = next(s for s in range(state["players"]) if s != state["auction"]["asked"])
    app, scene, _ = table(state, history, other)
    assert scene.game_view.panel.controls == []


def test_payment_from_round_7_puts_a_chosen_gem_against_the_price(found):
    state, _ = found["pay-mixed"]
    buyer, price = state["auction"]["buyer"], state["auction"]["price"]
    listed = next(m for m in GAME.legal_moves(state, buyer) if m["type"] == "pay" and m["gems"])
    gem = listed["gems"][0]
    app, scene, sent = at(found, "pay-mixed")
    press(app, scene, "clear")
    press(app, scene, f"gem-{gem}")
    press(app, scene, "pay")
    assert sent == [
        {"type": "pay", "cash": max(0, price - VALUE[gem]), "gems": [gem], "necklaces": []}
    ]
    assert sent[0] in GAME.legal_moves(state, buyer)


def test_a_necklace_pays_at_its_necklace_value():
    def necklace_payable(s):
        return paying_mixed(s) and best_necklace(s["hands"][s["auction"]["buyer"]])[0]

    state, history = situation(necklace_payable, seeds=range(1, 200))
    buyer, price = state["auction"]["buyer"], state["auction"]["price"]
    _, necklace = best_necklace(state["hands"][buyer])
    app, scene, sent = table(state, history, buyer)
    press(app, scene, "clear")
    press(app, scene, "necklace")
    frames(app, 20)
    if necklace_value(necklace) > price:
        # More than the price: the table warns first (no change is given).
        press(app, scene, "overpay")
        frames(app, 20)
    press(app, scene, "pay")
    cash = max(0, price - necklace_value(necklace))
    assert sent == [{"type": "pay", "cash": cash, "gems": [], "necklaces": [necklace]}]


def test_the_auctioneer_takes_half_the_cash_or_a_paid_gem_as_commission(found):
    state, _ = found["commission"]
    gem = state["auction"]["paid_gems"][0]
    app, scene, sent = at(found, "commission")
    press(app, scene, f"take-{gem}")
    assert sent == [{"type": "commission", "take": gem}]
    app, scene, sent = at(found, "commission")
    paid = state["auction"]["paid_cash"]
    assert f"{(paid // 1000 + 1) // 2 * 1000:,}" in control(scene, "cash").label
    press(app, scene, "cash")
    assert sent == [{"type": "commission", "take": "cash"}]


def test_a_buyer_who_cannot_pay_gives_the_penalty_in_cash_or_a_gem_of_his_choice(found):
    state, _ = found["default"]
    buyer = state["auction"]["buyer"]
    listed = [m for m in GAME.legal_moves(state, buyer) if m["type"] == "default"]
    app, scene, sent = at(found, "default")
    keys = {c.key for c in scene.game_view.panel.controls if isinstance(c.action, dict)}
    expected = {f"gem-{m['gem']}" if "gem" in m else "penalty" for m in listed}
    assert expected <= keys
    key = sorted(expected)[0]
    press(app, scene, key)
    assert sent and sent[0] in listed


def may_sell(s):
    """The first seat to act that is listed a sale to the bank, or None."""
    return next(
        (
            seat
            for seat in GAME.to_act(s)
            if any(m["type"] == "sell" for m in GAME.legal_moves(s, seat))
        ),
        None,
    )


def test_the_bank_sale_dialog_sells_the_gems_chosen_and_esc_closes_it():
    state, history = situation(lambda s: may_sell(s) is not None and s["phase"] != "open")
    buyer = may_sell(state)
    gem = state["hands"][buyer][-1]
    app, scene, sent = table(state, history, buyer)
    press(app, scene, "sell")
    assert scene.game_view.panel.choices.selling
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert not scene.game_view.panel.choices.selling and app.stack.top is scene
    press(app, scene, "sell")
    frames(app, 20)  # the dialog's buttons took the block's places: they settle first
    press(app, scene, f"gem-{gem}")
    press(app, scene, "sale")
    assert sent == [{"type": "sell", "gems": [gem]}]


def test_money_is_secret_others_show_only_their_gem_count_and_marker(found):
    state, history = found["pay-mixed"]
    viewer = state["auction"]["buyer"]
    app, scene, _ = table(state, history, viewer)
    renderer = scene.game_view
    for seat in range(state["players"]):
        text = " ".join(renderer.panel_lines(seat))
        cash = f"{state['cash'][seat]:,}"
        if seat == viewer:
            assert cash in text
        else:
            assert "cash" not in text
    app, scene, _ = table(state, history, None)
    assert "cash" not in scene.game_view.view and "gems" not in scene.game_view.view
    paid = {"type": "paid", "seat": 1, "price": 9000, "cash": 5000, "gem_count": 2}
    assert "2 gems" in scene.game_view.event_text(paid)


def test_the_log_and_the_help_speak_english_german_and_french(found):
    state, history = found["open-bidder"]
    words = {"en": "bids", "de": "bietet", "fr": "offre"}
    helps = set()
    for language, word in words.items():
        app, scene, _ = table(state, history, None, language=language)
        assert any(word in line for line in scene.log), (language, scene.log[-5:])
        helps.add(scene.game_view.help_text())
        app.stack.push(TextDialog(app, "Rules", scene.game_view.help_text()))
        frames(app, 2)
        assert not_blank(app.window)
    assert len(helps) == 3
    i18n.set_language("en")


def test_a_won_lot_flies_to_the_buyer_and_the_next_lot_is_dealt_face_up_from_the_deck(found):
    state, history = found["pay-cash"]
    buyer = state["auction"]["buyer"]
    app, scene, _ = table(state, history, buyer)
    move = next(m for m in GAME.legal_moves(state, buyer) if m["type"] == "pay")
    after, events = GAME.apply(state, buyer, move)
    assert {"lot_won", "lot_revealed"} <= {e["type"] for e in events}
    view = GAME.view(after, buyer)
    scene.model.update(
        buyer,
        view,
        GAME.legal_moves(after, buyer),
        GAME.to_act(after),
        GAME.view_events(events, buyer),
    )
    frames(app, 2)
    renderer = scene.game_view
    assert renderer.air.flyers and renderer.stage.lot_hidden == len(view["lot"])
    assert renderer.corner.roll["cash"] != view["cash"]
    frames(app, 60)
    assert renderer.air.flyers == [] and renderer.stage.lot_hidden == 0
    assert renderer.corner.roll["cash"] == view["cash"]


def test_the_necklace_is_strung_symmetrically_around_its_centre_gem():
    gems = ("rubin", "topas", "topas", "achat", "achat", "achat", "achat")
    placed = necklace_layout(gems, 400, 250)
    centre, *sides = placed
    assert centre[0] == "rubin" and centre[1] == 200
    assert Counter(kind for kind, *_ in sides) == Counter(gems) - Counter(["rubin"])
    for (kind_a, xa, ya, _), (kind_b, xb, yb, _) in zip(sides[::2], sides[1::2], strict=True):
        assert kind_a == kind_b and xa + xb == pytest.approx(400) and ya == pytest.approx(yb)
    # The dearest pair hangs nearest the centre.
    assert sides[0][0] == "topas"


def test_the_view_is_registered_for_the_game():
    from client.tables import view_for
    from client.tables.base import TableContext
    from client.ui.anim import Animator, Timeline

    animator = Animator()
    ctx = TableContext(animator, Timeline(animator), None, ["A", "B", "C"])
    assert isinstance(view_for(GAME.id, ctx), DasKollierView)


# ---------------------------------------------------------------------- against a real server


def test_taps_play_das_kollier_against_a_real_server(tmp_path, monkeypatch):
    from client.net.host import LocalServer
    from client.scenes.lobby import LobbyScene
    from client.scenes.start import StartScene

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    server = LocalServer("Test table", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        start = StartScene(app, browse=False)
        app.stack.push(start)
        start.connect(server.host, server.port)
        assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        session = app.session
        session.create(
            "das-kollier", ["me", "random", "random"], {"first_seat": 0, "quiet_time": 1}
        )
        assert run_until(
            app, lambda: any(all(s.kind != "open" for s in t.seats) for t in session.lobby.tables)
        )
        session.start_table(session.lobby.tables[0].id)
        assert run_until(app, lambda: isinstance(app.stack.top, TableScene))
        scene = app.stack.top

        def my_turn():
            return scene.interactive and any(
                isinstance(c.action, dict) for c in scene.game_view.panel.controls
            )

        # We run the first auction: let it fall, then answer whatever comes to us by tapping.
        assert run_until(app, my_turn)
        press(app, scene, "falling")
        assert run_until(app, lambda: scene.game_view.view.get("phase") != "choose")
        played = 1
        seen_timer = False
        deadline = time.monotonic() + 40
        while played < 5 and time.monotonic() < deadline:
            if not run_until(app, my_turn, timeout=20):
                break
            seen_timer |= scene.model.timer is not None
            seq = scene.model.streams[0].seq
            moves = [c for c in scene.game_view.panel.controls if isinstance(c.action, dict)]
            preferred = ("decline", "pass", "knock", "waive", "pay", "penalty", "cash", "falling")
            choice = min(moves, key=lambda c: (c.key not in preferred, c.key))
            press(app, scene, choice.key)
            assert run_until(app, lambda q=seq: scene.model.streams[0].seq > q)
            played += 1
        assert played >= 3
        assert any("Ada" in line for line in scene.log)
    finally:
        app.shutdown()
        server.stop()


def run_until(app, condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(1 / 60)
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_the_board_redrawn_by_regions_matches_a_full_redraw():
    state = GAME.new_game(5, 4, {"first_seat": 0})
    app = App((1280, 800), Settings(name="Alex"))
    seats = [SeatInfo(i, NAMES[i], "human") for i in range(4)]
    model = TableModel(1, GAME.id, seats, mine=[0])
    model.update(0, GAME.view(state, 0), GAME.legal_moves(state, 0), GAME.to_act(state), [])
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    rng = random.Random(5)
    for _ in range(30):
        seat, move = random_step(GAME, state, rng)
        state, events = GAME.apply(state, seat, move)
        view, legal = GAME.view(state, 0), GAME.legal_moves(state, 0)
        model.update(0, view, legal, GAME.to_act(state), GAME.view_events(events, 0))
        frames(app, 30)
        reference = scene.layer.surface.copy()
        area = scene.camera.area
        reference.blit(scene.backdrop, area, area)
        scene.game_view.draw_board(reference, scene.camera)
        sample = [
            (x, y) for x in range(area.x, area.right, 3) for y in range(area.y, area.bottom, 3)
        ]
        assert all(reference.get_at(p) == scene.layer.surface.get_at(p) for p in sample)


def test_the_results_say_which_tie_break_decided_between_equal_necklaces():
    from client.scenes.results import ResultsScene
    from client.tools.screenshot import build_scene

    app = App((1280, 800), Settings(name="Alex", language="en"))
    # Seed 8 played to its end: nobody strings a necklace; the best gem outside decides.
    scene = build_scene(app, "results", "das-kollier", 8, 2000, None, "to_act")
    app.stack.push(scene)
    frames(app, 3)
    table = scene if isinstance(scene, TableScene) else scene.table
    outcome = table.model.outcome
    assert outcome["scores"] == [0, 0, 0, 0] and outcome["winners"] == [1]
    lines = table.game_view.result_lines(outcome)
    assert lines[-1] == "Tie on the necklace: the best gem outside it wins (Béatrice: $10,000)."
    assert isinstance(app.stack.top, ResultsScene)
    app.shutdown()


# ---------------------------------------------------------------------- buttons under the finger


def test_a_button_in_the_place_of_one_just_pressed_waits_before_it_takes_a_tap(found):
    state, _ = found["pay-cash"]
    buyer = state["auction"]["buyer"]
    app, scene, sent = at(found, "pay-cash")
    renderer = scene.game_view
    paid = control(scene, "pay")
    spot = scene.camera.to_screen(*paid.rect.center)
    tap(app, spot)
    assert sent == [paid.action]
    after, events = GAME.apply(state, buyer, paid.action)
    assert after["phase"] == "choose" and after["auctioneer"] == buyer
    arrive(scene, buyer, after, events)
    frames(app, 1)
    # Whatever now lies where "Pay" was is something else, and it is not ready yet.
    there = [c for c in renderer.panel.controls if c.rect.colliderect(paid.rect)]
    assert there and all(not renderer.panel.settled(c) for c in there)
    assert not any(c.irreversible for c in there)
    target = next(c for c in there if isinstance(c.action, dict))
    spot = scene.camera.to_screen(*target.rect.center)
    tap(app, spot)
    assert len(sent) == 1
    frames(app, 60)  # the settling time, and the won lot's flight, are over
    assert all(renderer.panel.settled(c) for c in there) and scene.interactive
    tap(app, spot)
    assert sent[1:] == [target.action]


def test_the_knock_down_never_lies_where_the_start_price_was_sent(found):
    state, _ = found["choose"]
    auctioneer = state["auctioneer"]
    app, scene, sent = at(found, "choose")
    opening = [m for m in GAME.legal_moves(state, auctioneer) if m["type"] == "open_auction"]
    places = [c.rect for c in scene.game_view.panel.controls if c.key != "sell"]
    after, events = GAME.apply(state, auctioneer, opening[0])
    # Everyone else passes: only then may the auctioneer knock down.
    for seat in GAME.to_act(after):
        after, more = GAME.apply(after, seat, {"type": "pass"})
        events += more
    arrive(scene, auctioneer, after, events)
    frames(app, 1)
    knock = control(scene, "knock")
    assert knock.rect.collidelist(places) < 0
    assert scene.game_view.panel.settled(knock)
    press(app, scene, "knock")
    assert sent == [{"type": "knock_down"}]


def last_step_places(steps, seat, key, controls):
    """The places of the seat's buttons in the last earlier step that had any (the sale button
    aside), kept in `steps[seat]` = [step key, its places, the earlier step's places]."""
    step, places, earlier = steps.get(seat, (None, [], []))
    if key != step:
        earlier = places or earlier
        places = []
    places = places + [c.rect for c in controls if c.key != "sell"]
    steps[seat] = (key, places, earlier)
    return earlier


def test_irreversible_buttons_never_sit_where_the_previous_steps_buttons_were():
    from client.tables.base import TableContext
    from client.ui.anim import Animator, Timeline

    checked = one_tap = 0
    for seed in range(1, 9):
        players = 3 + seed % 4
        state = GAME.new_game(seed, players, {"first_seat": 0})
        animator = Animator()
        views = [
            DasKollierView(TableContext(animator, Timeline(animator), None, NAMES[:players]))
            for _ in range(players)
        ]
        rng = random.Random(seed)
        steps: dict = {}
        events: list = []
        fresh = True
        while not GAME.is_over(state):
            for seat, renderer in enumerate(views):
                legal = GAME.legal_moves(state, seat)
                renderer.show(GAME.view(state, seat), legal, GAME.view_events(events, seat), fresh)
                key = (
                    state["phase"],
                    state["round"],
                    state["auctioneer"],
                    len(state["defaulters"]),
                )
                earlier = last_step_places(steps, seat, key, renderer.panel.controls)
                for c in renderer.panel.controls:
                    if c.irreversible:
                        checked += 1
                        assert c.rect.collidelist(earlier) < 0, (seed, seat, key, c.key)
                pays = [m for m in legal if m["type"] == "pay"]
                if len(pays) == 1:
                    one_tap += 1
                    assert [c.action for c in renderer.panel.controls if c.key == "pay"] == pays
            fresh = False
            seat, move = random_step(GAME, state, rng)
            state, events = GAME.apply(state, seat, move)
    assert checked > 500 and one_tap > 20


# ---------------------------------------------------------------------- rules audit (issue 19)


def idle_seller(s):
    """A seat not to act that is listed a sale to the bank, or None."""
    return next(
        (
            seat
            for seat in range(s["players"])
            if seat not in GAME.to_act(s)
            and any(m["type"] == "sell" for m in GAME.legal_moves(s, seat))
        ),
        None,
    )


def test_a_seat_not_to_act_may_sell_to_the_bank_and_the_dialog_stays_open_meanwhile():
    state, history = situation(lambda s: idle_seller(s) is not None and s["phase"] == "falling")
    seller = idle_seller(state)
    gem = state["hands"][seller][-1]
    app, scene, sent = table(state, history, seller)
    assert scene.interactive and seller not in GAME.to_act(state)
    press(app, scene, "sell")
    frames(app, 20)
    press(app, scene, f"gem-{gem}")
    # Another seat plays on meanwhile: the sale being put together stays.
    asked = state["auction"]["asked"]
    after, events = GAME.apply(state, asked, {"type": "decline"})
    arrive(scene, seller, after, events)
    frames(app, 20)
    assert scene.game_view.panel.choices.selling and scene.game_view.panel.choices.pick[gem] == 1
    press(app, scene, "sale")
    assert sent == [{"type": "sell", "gems": [gem]}]
    assert GAME.apply(after, seller, sent[0])[0]["sold"][seller]


def test_the_auctioneer_waits_until_everyone_else_has_passed_before_knocking_down(found):
    state, history = found["open-bidder"]
    app, scene, _ = table(state, history, state["auctioneer"])
    assert not any(c.key == "knock" for c in scene.game_view.panel.controls)
    assert "passed" in scene.game_view.block.words()[2]


def overpayable(s):
    if not paying_mixed(s):
        return False
    buyer = s["auction"]["buyer"]
    return sum(VALUE[g] for g in s["hands"][buyer]) > s["auction"]["price"] and (
        len([m for m in GAME.legal_moves(s, buyer) if m["type"] == "pay"]) > 1
    )


def test_paying_more_gems_than_the_price_warns_first_then_pays_without_change():
    state, history = situation(overpayable, seeds=range(1, 300))
    buyer, price = state["auction"]["buyer"], state["auction"]["price"]
    hand = state["hands"][buyer]
    app, scene, sent = table(state, history, buyer)
    renderer = scene.game_view
    press(app, scene, "clear")
    for kind, count in Counter(hand).items():
        for _ in range(count):
            press(app, scene, f"gem-{kind}")
    assert renderer.panel.choices.frozen().worth() > price
    assert "no change" in renderer.block.words()[1]
    frames(app, 20)  # the warning just took Pay's place
    press(app, scene, "overpay")
    assert sent == [] and not any(c.key == "overpay" for c in renderer.panel.controls)
    press(app, scene, "pay")  # it just took the warning's place: not yet
    assert sent == []
    frames(app, 20)
    press(app, scene, "pay")
    assert sent == [
        {"type": "pay", "cash": 0, "gems": sorted(hand, key=hand.index), "necklaces": []}
    ]
    after, _ = GAME.apply(state, buyer, sent[0])
    assert after["cash"][buyer] == state["cash"][buyer]
