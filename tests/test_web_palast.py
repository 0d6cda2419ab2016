"""Saba – Palast der Königin in the browser (client/web/games/saba-palast.js): a phone plays whole
games against bots by taps, upright and sideways, the profi game included; the choices the rules
leave to a player (declining the vizier's quarter action, building without a figure, the quarter a
figure leaves for the treasury or serail) are taps that send the listed move; and a spectator's
page never holds a secret.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import msgpack
import pytest

from shared import talk
from shared.games.saba_palast.game import GAME
from tests.test_server_kit import check_wire
from tests.test_web_page import (
    host_table,
    needs_browser,
    open_lobby,
    phone,
    too_small,
    url,
)
from tests.web_games import palast_to_the_end, sit

LANDSCAPE = {"width": 640, "height": 360}
TABLET = {"width": 1366, "height": 1024}


def lobby_to_seat(page, server, table: int, name: str) -> None:
    open_lobby(page, server, name)
    sit(page, table)


TRAY_ON_SCREEN = (
    "() => { const r = document.getElementById('tray').getBoundingClientRect();"
    " return r.top < innerHeight - 24 && r.bottom > 24; }"
)


def tray_is_at_most_one_tap_away(page, on_screen: bool) -> None:
    """Seen from the top of the page, the tray is on the screen (`on_screen`: held sideways it
    sits beside the board), or the "My tray" button brings it there with one tap. The button
    shows only while the seat's controls and tray are below the screen, so it never covers their
    buttons nor the chat's after them."""
    page.evaluate("() => scrollTo(0, 0)")
    assert page.evaluate(TRAY_ON_SCREEN) is on_screen
    if not on_screen:
        page.tap("#tray-link")
        page.wait_for_function(
            "() => { const r = document.getElementById('tray').getBoundingClientRect();"
            " return r.top >= -1 && r.top < innerHeight - 40; }",
            timeout=3000,
        )
    page.wait_for_selector("#tray-link", state="hidden", timeout=3000)
    if not on_screen:  # scrolled back up to the board, the button is there again ...
        page.evaluate("() => scrollTo(0, 0)")
        page.wait_for_selector("#tray-link", state="visible", timeout=3000)
        # ... and not once the controls (or, with none, the tray) come into sight, nor down at
        # the chat
        page.evaluate(
            "() => { const c = document.querySelector('main .controls') || "
            "document.getElementById('tray');"
            " scrollTo(0, scrollY + c.getBoundingClientRect().bottom - innerHeight); }"
        )
        page.wait_for_selector("#tray-link", state="hidden", timeout=3000)
        page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_selector("#tray-link", state="hidden", timeout=3000)
        page.evaluate("() => scrollTo(0, 0)")


@needs_browser
def test_a_phone_sideways_starts_the_profi_game_from_the_lobby_and_plays_by_taps(server, browser):
    page = phone(browser)
    page.set_viewport_size(LANDSCAPE)
    open_lobby(page, server, "Bea")
    page.tap("[data-game='saba-palast']")
    page.tap("[data-players='2']")
    page.tap("[data-option='profi']")
    assert page.get_attribute("[data-option='profi']", "aria-pressed") == "true"
    page.tap("#create")
    page.wait_for_selector("main.table[data-seq] svg.palast-board")
    assert page.evaluate("() => window.jeweltable.stream.view.options.profi") is True
    tray_is_at_most_one_tap_away(page, on_screen=True)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= LANDSCAPE["width"]
    # The first turns, sideways (the profi game is played to its end upright, below).
    result = palast_to_the_end(page, taps=24)
    assert "[data-move=harbour]" in result["tapped"]
    assert {"[data-move=draw]", "[data-move=end_turn]"} <= set(result["tapped"])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= LANDSCAPE["width"]
    assert page.errors == []


@needs_browser
@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, LANDSCAPE, TABLET])
def test_saba_palast_targets_and_text_are_big_enough_on_every_screen(server, browser, size):
    table = host_table(server, "saba-palast", 3, {"first_seat": 0})
    page = phone(browser)
    page.set_viewport_size(size)
    lobby_to_seat(page, server, table, "Ada")
    page.wait_for_selector(".controls [data-move=harbour]")
    small = too_small(page, "svg .legal")
    assert small == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    assert page.errors == []


# The phone upright plays its whole game in the spectator test, at a table of the profi rules
# (sideways it plays the first turns above; WebKit plays a whole game of the basic rules).
@needs_browser
def test_a_phone_upright_plays_to_the_end_and_a_spectator_page_never_holds_a_secret(
    server, browser, tmp_path
):
    table = host_table(server, "saba-palast", 2, {"profi": True})
    player = phone(browser)
    lobby_to_seat(player, server, table, "Cy")
    watcher = phone(browser)
    frames: list[Any] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    open_lobby(watcher, server, "Dee")
    watcher.tap(f"[data-table='{table}'] .watch")
    watcher.wait_for_selector("main.table[data-seq] svg.palast-board")
    player.wait_for_selector("svg.palast-board")
    assert player.evaluate("() => window.jeweltable.stream.view.options.profi") is True
    tray_is_at_most_one_tap_away(player, on_screen=False)
    result = palast_to_the_end(player)
    tapped = result["tapped"]
    assert {"[data-move=harbour]", "[data-move=draw]", "[data-move=end_turn]"} <= set(tapped)
    # A game need not offer the seat a build: where it did, the phone built by taps (a build
    # comes before every step of a turn but the owed ones).
    if "build" in result["offered"]:
        assert any(k in tapped for k in ("[data-move=build]", "[data-move=build][data-choice]"))
    player.wait_for_selector(".results")
    watcher.wait_for_function("() => window.jeweltable.stream.status === 'finished'")
    messages = [msgpack.unpackb(f, raw=False) for f in frames if isinstance(f, bytes)]
    views = [m for m in messages if m.get("t") in ("sync", "update")]
    assert views and all(m["seat"] is None and "hand" not in m["view"] for m in views)
    assert check_wire(tmp_path, table, {"watcher": (messages, {None})}) == len(views)
    for m in views:
        for event in m.get("events", []) + m.get("history", []):
            if event["type"] in ("card_drawn", "card_discarded"):
                assert "card" not in event
    # Nothing of the page's memory holds a hand either, nor does its screen show a tray.
    held = watcher.evaluate("() => JSON.stringify(window.jeweltable.stream)")
    assert '"hand"' not in held
    assert watcher.locator(".tray, .controls, #tray-link").count() == 0
    # What a player weighs, as the spectators' talk says it, stands below the board instead.
    assert watcher.locator(".palast > [data-talk='facts']").count() == 1
    assert "★ points" in watcher.inner_text(".palast > [data-talk='facts']")
    # The log is the talk's (shared/talk/saba_palast/log.py `event_line`), said by the page.
    log = watcher.inner_text(".log")
    assert "game ends" in log or "ends at once" in log, log
    assert watcher.errors == [] and player.errors == []


# ---------------------------------------------------------------- the player's own choices
PROBE = """async ([view, legal, said]) => {
  const game = await import("./games/saba-palast.js");
  const sent = [];
  const ui = {};
  const box = document.createElement("div");
  box.id = "probe";
  box.style.cssText = "position:fixed;inset:0;z-index:9;background:#0f2e2b;overflow:auto";
  document.body.append(box);
  const players = ["#C0143C", "#1F4FB8", "#F2A900", "#0F8A5F"];
  const ctx = {seat: view.seat, name: (s) => `P${s}`, legal, ui, talk: said, seq: 1,
               move: (m) => { sent.push(m); for (const k in ui) delete ui[k]; draw(); },
               player: (s) => ({colour: players[s], symbol: "●"}), rerender: () => draw()};
  function draw() {
    const stream = {view, legal_moves: legal, talk: said};
    box.replaceChildren(game.controls(stream, ctx) || "", ...[game.facts(view, ctx)].flat(),
                        game.board(view, ctx));
  }
  draw();
  window.probe = {sent, ui, draw};
}"""


def probe(page, server, state: dict, seat: int) -> list[dict]:
    """The seat's view and legal moves of `state`, drawn on the page; returns the legal moves."""
    page.goto(url(server))
    page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    view = json.loads(json.dumps(GAME.view(state, seat)))
    legal = GAME.legal_moves(state, seat)
    said = talk.talk(GAME.id, talk.Moment(view, seat, legal, GAME.to_act(state)))
    page.evaluate(PROBE, [view, legal, json.loads(json.dumps(said))])
    return legal


def sent(page) -> list[dict]:
    return page.evaluate("() => window.probe.sent")


def tap_move(page, selector: str) -> None:
    """Tap a move's button; a move the talk warns about arms at the first tap (its warning
    shows) and is played by the second."""
    page.tap(selector)
    if page.locator(f"{selector}.armed").count():
        page.tap(selector)


def started(players: int = 2, **options: Any) -> dict:
    return GAME.new_game(7, players, {"first_seat": 0, **options})


@needs_browser
def test_the_vizier_quarter_action_is_declined_by_a_tap(server, browser):
    state = copy.deepcopy(started())
    state["harbour_cards"][0] = {"X": "front", "Y": "front"}  # fields 1 and 3
    legal = probe(page := phone(browser), server, state, 0)
    page.tap("#probe [data-move=harbour][data-field='3']")
    page.tap("#probe [data-move=vizier][data-quarter=stonemason]")
    tap_move(page, "#probe [data-move=vizier-decline]")
    assert sent(page) == [{"type": "harbour", "field": 3, "vizier": "stonemason", "decline": True}]
    assert sent(page)[0] in legal
    assert page.errors == []


def builder_without_figures(state: dict) -> tuple[dict, str]:
    """Seat 0 in the build step with no figure in the supply, two in quarters, materials to
    build the first displayed palace card."""
    state = copy.deepcopy(state)
    state["phase"] = "build"
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0]
    state["quarters"]["carpenter"] = [0]
    state["stocks"][0] = {m: 6 for m in state["stocks"][0]}
    card = next(c for c in state["display"] if c and not c.startswith(("treasury", "end")))
    return state, card


@needs_browser
def test_a_builder_with_an_empty_supply_builds_without_a_figure_or_names_its_quarter(
    server, browser
):
    state, card = builder_without_figures(started())
    page = phone(browser)
    legal = probe(page, server, state, 0)
    page.tap(f"#probe [data-move=build][data-card='{card}']")
    tap_move(page, "#probe [data-choice='none:']")
    page.tap(f"#probe [data-move=build][data-card='{card}']")
    tap_move(page, "#probe [data-choice='carpenter:']")
    assert sent(page) == [
        {"type": "build", "card": card, "no_figure": True},
        {"type": "build", "card": card, "from_quarter": "carpenter"},
    ]
    assert all(m in legal for m in sent(page))
    assert page.errors == []


@needs_browser
def test_the_profi_builder_leaves_a_material_on_the_garden_field(server, browser):
    state, card = builder_without_figures(started(profi=True))
    page = phone(browser)
    legal = probe(page, server, state, 0)
    page.tap(f"#probe svg [data-card='{card}']")  # the card on the board, tapped
    tap_move(page, "#probe [data-choice='mason:ebony']")
    assert sent(page) == [
        {"type": "build", "card": card, "from_quarter": "mason", "leave": "ebony"}
    ]
    assert sent(page)[0] in legal
    assert page.errors == []


@needs_browser
def test_a_figure_for_the_treasury_leaves_the_quarter_named_even_out_of_turn(server, browser):
    state = copy.deepcopy(started())
    state["turn"] = 1  # the other seat's turn
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0]
    state["quarters"]["bazaar"] = [0]
    state["pending"] = {"seat": 0, "for": "treasury", "quarters": ["bazaar", "mason"]}
    page = phone(browser)
    legal = probe(page, server, state, 0)
    assert "for the treasury" in page.inner_text("#probe .controls")
    page.tap("#probe svg [data-quarter=mason]")  # the quarter on the board
    if not sent(page):  # the talk warned: the button below is armed, a tap there plays it
        page.tap("#probe .controls [data-quarter=mason].armed")
    tap_move(page, "#probe .controls [data-quarter=bazaar]")
    assert sent(page) == [
        {"type": "send_figure", "quarter": "mason"},
        {"type": "send_figure", "quarter": "bazaar"},
    ]
    assert all(m in legal for m in sent(page))
    assert page.errors == []


@needs_browser
def test_a_profi_figure_moves_between_quarters_by_two_taps(server, browser):
    state = copy.deepcopy(started(profi=True))
    state["quarters"]["mason"] = [0]
    state["figures"][0] -= 1
    page = phone(browser)
    legal = probe(page, server, state, 0)
    page.tap("#probe [data-move=move_from][data-quarter=mason]")
    page.tap("#probe svg [data-quarter=goldsmith]")
    assert sent(page) == [{"type": "move_figure", "from": "mason", "to": "goldsmith"}]
    assert sent(page)[0] in legal
    assert page.errors == []


def test_the_view_prices_the_displayed_cards_with_surcharge_and_left_material():
    state = copy.deepcopy(started(profi=True))
    card = state["display"][2]
    view = GAME.view(state, None)
    assert view["display_costs"][2]["gold"] >= 2  # building field 3: 2 gold more
    if card.split("-")[0] in ("arch", "fountain", "column"):
        field = int(card.split("-")[1])
        state["garden"][field - 1]["material"] = "ebony"
        before = view["display_costs"][2].get("ebony", 0)
        assert GAME.view(state, None)["display_costs"][2]["ebony"] == before + 1


# ---------------------------------------------------------------- the talk on the page
OFFERED = """(legal) => {
  const ui = window.probe.ui;
  const missing = [];
  for (const m of legal) {
    for (const k in ui) delete ui[k];
    // The choice a move belongs to, held as a first tap holds it.
    if (m.type === "harbour" && (m.field === 2 || m.field === 3)) ui.harbour = m.field;
    if (m.type === "harbour" && m.field === 3) ui.vizier = m.vizier;
    if (m.type === "build") ui.build = m.card;
    if (m.type === "use_quarter" && m.give) ui.useQuarter = m.quarter;
    if (m.type === "move_figure") ui.moveFrom = m.from;
    window.probe.draw();
    let key = "move:" + JSON.stringify(m);
    let found = document.querySelector(`#probe [data-tap="${CSS.escape(key)}"]`);
    if (!found && (m.type === "harbour" || m.type === "build")) {
      // A choice of one move is offered before it is held.
      for (const k in ui) delete ui[k];
      if (m.type === "harbour" && m.field === 3) ui.harbour = 3;
      window.probe.draw();
      found = document.querySelector(`#probe [data-tap="${CSS.escape(key)}"]`);
    }
    if (!found) missing.push(m);
  }
  for (const k in ui) delete ui[k];
  window.probe.draw();
  return missing;
}"""


def some_positions(players: int, profi: bool, count: int, seed: int) -> list[tuple[dict, int]]:
    """`count` positions of a random game with the seat to act."""
    import random

    from shared.randomplay import random_step

    rng = random.Random(seed)
    state = GAME.new_game(seed, players, {"profi": profi})
    found = []
    while not GAME.is_over(state) and len(found) < count:
        if rng.random() < 0.15:
            found.append((copy.deepcopy(state), GAME.to_act(state)[0]))
        mover, move = random_step(GAME, state, rng)
        state, _ = GAME.apply(state, mover, move)
    return found


@needs_browser
def test_every_legal_move_is_offered_with_the_talk_words(server, browser):
    page = phone(browser)
    positions = some_positions(3, False, 6, 11) + some_positions(2, True, 6, 12)
    assert len(positions) == 12
    for state, seat in positions:
        legal = probe(page, server, state, seat)
        missing = page.evaluate(OFFERED, json.loads(json.dumps(legal)))
        assert missing == [], f"moves not offered: {missing}"
        # The buttons say the talk's words, not the moves' types.
        labels = page.evaluate(
            "() => [...document.querySelectorAll('#probe button')].map((b) => b.textContent)"
        )
        assert not {m["type"] for m in legal} & set(labels)
    assert page.errors == []


@needs_browser
def test_a_warned_move_asks_for_a_second_tap_and_says_why(server, browser):
    state, card = builder_without_figures(started())
    page = phone(browser)
    probe(page, server, state, 0)
    page.tap(f"#probe [data-move=build][data-card='{card}']")
    choice = "#probe [data-choice='none:']"
    page.tap(choice)
    assert sent(page) == []
    assert page.locator(f"{choice}.armed").count() == 1
    warning = page.inner_text("#probe .move-talk .warn[role=alert]")
    assert "no point" in warning
    page.tap(choice)
    assert sent(page) == [{"type": "build", "card": card, "no_figure": True}]
    # A move without a warning goes at the first tap.
    state = copy.deepcopy(started())
    state["harbour_cards"][0] = {"X": "front", "Y": "front"}
    probe(page, server, state, 0)
    page.tap("#probe [data-move=harbour][data-field='1']")
    assert sent(page) == [{"type": "harbour", "field": 1}]
    assert page.errors == []


@needs_browser
def test_the_pieces_name_and_explain_themselves(server, browser):
    state = copy.deepcopy(started())
    page = phone(browser)
    probe(page, server, state, 0)
    board = page.text_content("#probe svg.palast-board")
    for name in ("alabaster", "sandstone", "ebony", "gold"):
        assert name in board
    page.tap("#probe svg .explains[data-tap='explain:points']")
    said = page.inner_text("#probe .explain")
    assert "balcony" in said and "treasury" in said
    page.tap("#probe .explain")
    assert page.locator("#probe .explain").count() == 0
    page.tap("#probe svg [data-quarter=goldsmith]")
    assert "+1 gold" in page.inner_text("#probe .explain")
    assert page.errors == []
