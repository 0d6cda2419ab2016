"""Die Kette von Saba in the browser page (client/web/games/kette-von-saba.js): whole games
against bots by taps on a phone held upright and sideways, and a spectator's page that never
holds a secret. Chromium through Playwright, as tests/test_web_page.py (skipped without them)."""

from __future__ import annotations

import time
from typing import Any

import msgpack
import pytest

from tests.test_server_kit import check_wire
from tests.test_web_page import host_table, needs_browser, open_lobby, phone, too_small
from tests.web_games import confirm_warning, play_kette, sit, stream, tap_any

PORTRAIT = {"width": 360, "height": 640}
LANDSCAPE = {"width": 640, "height": 360}


def played_to_the_end(page, result: dict[str, Any], width: int) -> None:
    """What a whole game by taps shows: sold and bid on, laid on a marked place after a
    confirmation, in both stages; the results in marks; no page wider than the screen."""
    played = set(result["played"])
    assert {"offer", "bid", "pass", "place"} <= played, sorted(played)
    page.wait_for_selector(".results")
    assert "marks" in page.inner_text(".results")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, "too wide"


# Upright, the phone plays its whole game in the spectator test below (and WebKit plays one
# more, tests/test_webkit_kette.py). Sideways, chromium plays until it has tapped each kind of
# move once — sold, bid on, passed, laid on a marked place after a confirmation — which is what
# the sideways layout has to hold; a second whole game would add a minute and show nothing more.
SIDEWAYS_MOVES = {"offer", "bid", "pass", "place"}


@needs_browser
def test_a_phone_sideways_taps_every_kind_of_move_of_die_kette_von_saba(server, browser):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 0})
    page = phone(browser)
    page.set_viewport_size(LANDSCAPE)
    open_lobby(page, server)
    sit(page, table, 0, "svg.necklace")
    result = play_kette(page, until=SIDEWAYS_MOVES)
    assert set(result["played"]) >= SIDEWAYS_MOVES, result["played"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= LANDSCAPE["width"]
    assert page.errors == []


@needs_browser
def test_every_legal_place_is_marked_and_a_tap_then_confirm_lays_the_card(server, browser):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 0})
    page = phone(browser, reduced_motion="no-preference")  # it looks at the reward rising
    open_lobby(page, server)
    sit(page, table, 0, "svg.necklace")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if (
            page.locator("svg.necklace .place").count()
            and not page.locator(".kette-hand button.picked").count()
            or (stream(page) or {}).get("phase") in ("buyer", "lay")
        ):
            break
        if page.locator("svg.necklace .place").count() == 0 and stream(page)["phase"] == (
            "reconstruction"
        ):
            tap_any(page, [".kette-hand button"])
        else:
            tap_any(
                page,
                [
                    "[data-move=offer]",
                    "[data-move=bid]",
                    "[data-move=sell]",
                    "[data-move=accept]",
                    "[data-move=end_turn]",
                    ".kette-hand button",
                ],
            )
        page.wait_for_timeout(60)
    page.wait_for_selector("svg.necklace .place")
    marked = page.evaluate(
        "() => [...document.querySelectorAll('svg.necklace .place')].map(g => g.dataset.space)"
    )
    legal = page.evaluate(
        """() => { const a = window.jeweltable; const card = a.ui.card;
          return a.stream.legal_moves.filter(m => m.type === 'place' && (m.card === undefined
            || m.card === card)).map(m => m.space.join(',')); }"""
    )
    assert sorted(marked) == sorted(legal) and marked
    seq = stream(page)["seq"]
    page.locator("svg.necklace .place").first.tap()
    page.wait_for_selector("svg.necklace .place.chosen")
    assert stream(page)["seq"] == seq, "a tap on a place only chooses it"
    reward = page.text_content("svg.necklace .place.chosen .reward")
    # What the place shows is what the talk says laying there pays.
    said = page.evaluate(
        """() => { const a = window.jeweltable; const s = a.stream;
          const space = document.querySelector('svg.necklace .place.chosen').dataset.space;
          const i = s.legal_moves.findIndex(m => m.type === 'place' && m.space.join(',') === space
            && (m.card === undefined || m.card === a.ui.card));
          const does = s.talk.moves[i].does; const amount = does.a && does.a.amount;
          return amount ? amount.a.amount : 0; }"""
    )
    assert reward.replace(",", "") == f"+{said}"
    page.tap("#confirm")
    if page.locator("#confirm.armed").count():
        page.tap("#confirm")
    page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=seq)
    if reward != "+0":
        # The reward rises from the space as it is paid, the amount that was shown there.
        page.wait_for_selector("svg.necklace text.paid", timeout=1000)
        paid = page.evaluate(
            "() => [...document.querySelectorAll('svg.necklace text.paid')].map(t => t.textContent)"
        )
        assert reward in paid
    assert page.errors == []


@needs_browser
def test_a_phone_upright_plays_to_the_end_and_a_spectator_page_never_holds_a_secret(
    server, browser, tmp_path
):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 0})
    frames: dict[str, list[bytes]] = {"player": [], "watcher": []}

    def record(page, label: str) -> None:
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived",
                lambda p: frames[label].append(p) if isinstance(p, bytes) else None,
            ),
        )

    player = phone(browser)
    record(player, "player")
    open_lobby(player, server, "Cy")
    sit(player, table)
    watcher = phone(browser)
    watcher.set_viewport_size(LANDSCAPE)
    record(watcher, "watcher")
    open_lobby(watcher, server, "Dee")
    watcher.tap(f"[data-table='{table}'] .watch")
    watcher.wait_for_selector("main.table[data-seq] svg.necklace")
    played_to_the_end(player, play_kette(player), PORTRAIT["width"])
    watcher.wait_for_function("() => window.jeweltable.stream.status === 'finished'")
    logs = {label: [msgpack.unpackb(f, raw=False) for f in got] for label, got in frames.items()}
    # Every game message is exactly the view, events and moves its seat (or a spectator) may
    # have, with no hidden part; the watcher's are the spectator's only.
    received = {"player": (logs["player"], {0}), "watcher": (logs["watcher"], {None})}
    checked = check_wire(tmp_path, table, received)
    assert checked > 20
    views = [m for m in logs["watcher"] if m.get("t") in ("sync", "update")]
    assert views and all("hand" not in m["view"] for m in views)
    drew = [
        e for m in views for e in m.get("events", []) + m.get("history", []) if e["type"] == "drew"
    ]
    assert all("card" not in e for e in drew)
    # The spectators see the public facts (as the TV does), never a hand or a seat's controls.
    assert watcher.locator(".kette-hand, .controls").count() == 0
    assert watcher.evaluate("() => 'hand' in window.jeweltable.stream.view") is False
    assert watcher.errors == [] and player.errors == []


def touch(cdp, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": k} for k, (x, y) in enumerate(points)],
        },
    )


def zoom_transform(page) -> str:
    return page.get_attribute("svg.necklace g.zoom", "transform")


@needs_browser
def test_two_fingers_zoom_the_necklace_one_drags_it_and_a_tap_shows_it_whole(server, browser):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 1})
    page = phone(browser)
    open_lobby(page, server)
    sit(page, table, 0, "svg.necklace")
    # Measured in one go: a bot's move may redraw the page between two looks.
    cx, cy = page.evaluate(
        """() => { const r = document.querySelector("svg.necklace").getBoundingClientRect();
                   return [r.x + r.width / 2, r.y + r.height / 2]; }"""
    )
    assert zoom_transform(page) == "translate(0 0) scale(1)"
    assert page.locator("#unzoom").is_hidden()
    cdp = page.context.new_cdp_session(page)
    # Two fingers spread from 40 px apart to 160 px: four times as far, so the most zoom.
    touch(cdp, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for step in range(1, 7):
        touch(cdp, "touchMove", [(cx - 20 - 10 * step, cy), (cx + 20 + 10 * step, cy)])
    touch(cdp, "touchEnd", [])
    zoomed = zoom_transform(page)
    scale = float(zoomed.split("scale(")[1].rstrip(")"))
    assert 3.5 <= scale <= 4.0, zoomed
    assert page.locator("#unzoom").is_visible()
    # One finger drags the zoomed necklace along.
    touch(cdp, "touchStart", [(cx, cy)])
    for step in range(1, 5):
        touch(cdp, "touchMove", [(cx + 15 * step, cy + 5 * step)])
    touch(cdp, "touchEnd", [])
    assert zoom_transform(page) != zoomed
    # The zoom outlives the page being redrawn (as each update redraws it).
    dragged = zoom_transform(page)
    page.evaluate("() => window.jeweltable.render()")
    assert zoom_transform(page) == dragged
    page.tap("#unzoom")
    assert zoom_transform(page) == "translate(0 0) scale(1)"
    assert page.errors == []


OFFERED_JS = """() => { const s = window.jeweltable.stream; const taps = new Set(
  [...document.querySelectorAll('[data-tap]')].map(e => e.dataset.tap));
  const spaces = new Set([...document.querySelectorAll('svg.necklace .place')]
    .map(g => g.dataset.space));
  const cards = new Set([...document.querySelectorAll('.kette-hand button')]
    .map(b => b.dataset.card));
  return s.legal_moves.filter(m => !(
    m.type === 'place' ? (m.card === undefined ? spaces.has(m.space.join(',')) : cards.has(m.card))
    : m.type === 'offer' || m.type === 'discard' ? cards.has(m.card)
    : taps.has('move:' + JSON.stringify(m)))); }"""


@needs_browser
def test_every_legal_move_is_offered_and_a_warned_one_asks_for_a_second_tap(server, browser):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 1})
    page = phone(browser)
    open_lobby(page, server)
    sit(page, table, 0, "svg.necklace")
    checked: set[str] = set()
    warned = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not (warned and len(checked) >= 3):
        now = stream(page)
        if not now or not now["legal"] or 0 not in now["to_act"]:
            page.wait_for_timeout(40)
            continue
        # Every legal move of the seat is on the page: a button (the talk's), a marked place,
        # or a hand card that leads to one.
        missing = page.evaluate(OFFERED_JS)
        if stream(page)["seq"] == now["seq"]:
            assert missing == [], f"{now['phase']}: the page hides {missing}"
            checked.add(now["phase"])
        target = page.locator("button.warned[data-move=bid]:not(.armed)")
        if not warned and now["phase"] == "bidding" and target.count():
            key = target.last.get_attribute("data-tap")
            target.last.tap()
            armed = page.locator(f"button.armed[data-tap='{key}']")
            if stream(page)["seq"] == now["seq"] and armed.count():
                assert "tap again" in armed.inner_text() or "again" in armed.inner_text()
                alert = page.locator(".move-talk small.warn[role=alert]")
                assert alert.count() and alert.first.is_visible()
                assert "More than the card pays" in alert.first.inner_text() or "nowhere" in (
                    alert.first.inner_text()
                )
                armed.first.tap()
                page.wait_for_function(
                    "seq => window.jeweltable.stream.seq !== seq", arg=now["seq"], timeout=5000
                )
                warned = True
                continue
        tapped = tap_any(
            page,
            [
                "#confirm",
                "[data-move=offer]",
                "[data-move=pass]",
                "[data-move=sell]",
                "[data-move=decline]",
                "[data-move=keep]",
                "[data-move=discard]",
                "[data-move=end_turn]",
                "svg.necklace .place",
                ".kette-hand button",
            ],
        )
        if tapped and tapped not in ("svg.necklace .place", ".kette-hand button"):
            confirm_warning(page, now["seq"])
        page.wait_for_timeout(60)
    assert warned, "no warned bid was met"
    assert len(checked) >= 3, checked
    assert page.errors == []


@needs_browser
@pytest.mark.parametrize(
    "size",
    [PORTRAIT, LANDSCAPE, {"width": 1366, "height": 1024}],
    ids=["phone", "sideways", "tablet"],
)
def test_kette_tap_targets_and_text_are_big_enough_on_every_screen(server, browser, size):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 0})
    page = phone(browser)
    page.set_viewport_size(size)
    open_lobby(page, server)
    sit(page, table, 0, ".kette-hand button")
    # The chat log asked for on joining may redraw the table under the first tap: a person
    # taps again, and so does the test.
    for _ in range(3):
        page.locator(".kette-hand button").first.tap()
        try:
            page.wait_for_selector("[data-move=offer]", timeout=4000)
            break
        except Exception:
            continue
    page.wait_for_selector("[data-move=offer]")
    small = too_small(page)
    assert small == []
    width = page.evaluate(
        "() => document.querySelector('svg.necklace').getBoundingClientRect().width"
    )
    assert width >= min(size["width"] * 0.5, 300), width
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    assert page.errors == []
