"""Everyone at the table, on the page (issue 33): axe-core finds no WCAG 2.2 A/AA violation on the
lobby, each game's table, the results and the TV, at a phone's and a TV's size; the keys alone
play (Tab, arrows, Enter and Space); the live region says every move once.

axe-core comes with `axe-playwright-python` (pip, in the test extra) and runs in Debian's
chromium, as the other browser tests do (tests/test_web_page.py's helpers)."""

from __future__ import annotations

import time
from typing import Any

import msgpack
import pytest

from tests.test_web_page import host_table, open_lobby
from tests.test_web_tv import keep_frames, tv_url
from tests.web_games import KETTE_CHOICES, KETTE_MOVES, KOLLIER_TAPS, PALAST_TAPS, STREAM

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
SIZES = [pytest.param(PHONE, id="390x844"), pytest.param(TV, id="1920x1080")]
# The games, their seats, and what a keyboard player reaches for on its turn (most wanted first).
GAMES = {
    "magie-des-bijoux": (3, [".plaque.legal"]),
    "das-kollier": (3, KOLLIER_TAPS),
    "kette-von-saba": (3, [*KETTE_MOVES, *KETTE_CHOICES]),
    "saba-palast": (2, PALAST_TAPS),
}


WORST_CASE_VELVET = "body { background: #15403b !important; }"


def violations(page, within: str | None = None) -> list[tuple[str, list]]:
    """axe-core's WCAG 2.2 A/AA violations on the page as it is (or `within` a selector's
    element): (rule, elements)."""
    from axe_playwright_python.sync_playwright import Axe

    # axe leaves text on a gradient unjudged ("incomplete"): the velvet's gradient is laid as
    # its lightest colour for the check, the worst case for the page's light words.
    page.add_style_tag(content=WORST_CASE_VELVET)
    found = Axe().run(page, context=within, options={"runOnly": {"type": "tag", "values": TAGS}})
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in found.response["violations"]]


def person(browser, size: dict, **extra: Any):
    """A page of `size` that keeps its errors and WebSocket frames (tests/test_web_tv.py)."""
    page = keep_frames(browser.new_context(viewport=size, locale="en-GB", **extra).new_page())
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def sit_by_keys(page, table: int) -> None:
    """Tab to the table's first open seat and take it with Enter."""
    assert tab_to(page, [f"[data-table='{table}'] [data-seat='0']"]), "no seat reached by Tab"
    page.keyboard.press("Enter")
    page.wait_for_selector("main.table[data-seq]")


# Which of the selectors the focused element matches (null: none).
FOCUSED = """(selectors) => {
  const el = document.activeElement;
  return el ? selectors.find((s) => el.matches(s)) || null : null;
}"""


def tab_to(page, selectors: list[str], presses: int = 150) -> str | None:
    """Press Tab until the focus is on one of `selectors` (the first that is there on the page,
    in their order); returns it, or None when none was reached."""
    there = page.evaluate("(s) => s.filter((x) => document.querySelector(x))", selectors)
    wanted = there[:1]
    for _ in range(presses if wanted else 0):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED, wanted):
            return wanted[0]
    return None


def stream(page) -> dict | None:
    return page.evaluate(STREAM)


def my_turn(page, seat: int = 0, limit: float = 60.0) -> dict:
    """Wait for the seat's turn, or the end; returns the stream in short."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        now = stream(page)
        if now and (now["status"] == "finished" or (now["legal"] and seat in now["to_act"])):
            return now
        page.wait_for_timeout(30)
    raise AssertionError(f"the seat's turn did not come: {stream(page)}")


def play_by_keys(page, reach: list[str], moves: int | None, limit: float = 240.0) -> int:
    """Play the seat's turns with the keys alone: Tab to a control, Enter (Space every other
    time); a warned move is armed by the first key and played by the second. Stops after
    `moves` moves sent (None: at the game's end); returns the moves made."""
    made = 0
    deadline = time.monotonic() + limit
    while moves is None or made < moves:
        assert time.monotonic() < deadline, f"the game did not get on: {stream(page)}"
        now = my_turn(page)
        if now["status"] == "finished":
            break
        if not tab_to(page, reach):
            page.wait_for_timeout(50)  # a redraw under way: look again
            continue
        key = "Enter" if made % 2 == 0 else " "
        version = page.evaluate("() => window.jeweltable.uiVersion")
        page.keyboard.press(key)
        if page.evaluate("() => Boolean(document.querySelector('.armed'))"):
            page.keyboard.press(key)  # the second key of a warned move
        # A move is answered by the next update; a choice (a card, a place) by a redraw.
        page.wait_for_function(
            "([seq, version]) => window.jeweltable.stream.seq !== seq"
            " || window.jeweltable.uiVersion !== version",
            arg=[now["seq"], version],
            timeout=20000,
        )
        if stream(page)["seq"] != now["seq"]:
            made += 1
    return made


def moves_told(frames: list, seat: int) -> int:
    """How many moves the server's updates to `seat` told in the log (the talk's lines)."""
    told = 0
    for payload in frames:
        if not isinstance(payload, bytes):
            continue
        msg = msgpack.unpackb(payload, raw=False, strict_map_key=False)
        if msg.get("t") == "update" and msg.get("seat") == seat and msg.get("talk"):
            told += sum(1 for line in msg["talk"].get("log") or [] if line)
    return told


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_and_the_tv_have_no_wcag_violation(server, browser, size):
    page = person(browser, size)
    open_lobby(page, server)
    page.wait_for_selector("#text-size")
    assert violations(page) == []
    # The check sees what it is for: grey words on the velvet and a nameless control fail it.
    page.evaluate(
        """(html) => document.body.append(
          Object.assign(document.createElement('div'), {id: 'probe', innerHTML: html}))""",
        '<p style="color:#3b5f5a">faint</p><span role="button" tabindex="0"></span>',
    )
    assert {rule for rule, _ in violations(page, "#probe")} == {
        "color-contrast",
        "aria-command-name",
    }
    page.evaluate("() => document.getElementById('probe').remove()")
    table = host_table(server, "magie-des-bijoux", 2, bots=[0, 1])
    page.goto(tv_url(server, table))
    page.wait_for_selector("main")
    page.wait_for_timeout(300)
    assert violations(page) == []
    assert page.errors == []


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_table_has_no_wcag_violation(server, browser, game):
    """At a phone's size on the seat's first turn, and at a TV's after its first move (one axe
    run each: a run takes seconds on a loaded machine)."""
    seats, reach = GAMES[game]
    table = host_table(server, game, seats)
    page = person(browser, PHONE)
    open_lobby(page, server)
    sit_by_keys(page, table)
    my_turn(page)
    assert violations(page) == [], "on the seat's first turn, 390×844"
    play_by_keys(page, reach, 1)
    page.set_viewport_size(TV)
    page.wait_for_timeout(200)
    assert violations(page) == [], "after its first move, 1920×1080"
    assert page.errors == []


def test_bijoux_is_played_to_the_end_by_keys_and_every_move_is_said_once(server, browser):
    """The whole game by the keys alone (no tap, no click); the live region said each move the
    server's updates told, once, the turn passing, and the end; the results pass axe."""
    table = host_table(server, "magie-des-bijoux", 3)
    page = person(browser, PHONE)
    open_lobby(page, server)
    sit_by_keys(page, table)
    # The arrows walk the plaques: from a plaque, → reaches its right neighbour.
    my_turn(page)
    tab_to(page, ["[data-cell]"])
    cell = page.evaluate("() => document.activeElement.dataset.cell")
    page.keyboard.press("ArrowRight" if cell.endswith(",0") else "ArrowLeft")
    moved = page.evaluate("() => document.activeElement.dataset.cell")
    assert moved != cell and moved.split(",")[0] == cell.split(",")[0]
    made = play_by_keys(page, [".plaque.legal"], None)
    page.wait_for_selector(".results")
    assert made >= 5
    said = page.evaluate("() => window.jeweltable.announced()")
    assert sum(entry["moves"] for entry in said) == moves_told(page.frames_received, 0)
    lines = [line for entry in said for line in entry["lines"][: entry["moves"]]]
    # Said as the log shows them, in the same order (the log keeps the latest 40 lines).
    log = page.evaluate("() => window.jeweltable.log")
    tail = min(len(log), len(lines))
    assert tail >= 5 and lines[-tail:] == log[-tail:]
    assert any(entry["assertive"] and entry["text"] == "Your turn" for entry in said)
    assert any("'s turn" in entry["text"] for entry in said)
    assert "Game over" in said[-1]["text"] or any("Game over" in e["text"] for e in said[-3:])
    # Both live regions took turns: the last two polite messages sit in different regions.
    texts = page.eval_on_selector_all(
        "[data-announce='polite']", "els => els.map((e) => e.textContent)"
    )
    assert sum(1 for text in texts if text) == 1
    assert violations(page) == [], "on the results"
    assert page.errors == []


@pytest.mark.parametrize("game", ["das-kollier", "kette-von-saba", "saba-palast"])
def test_the_first_moves_are_played_by_keys(server, browser, game):
    seats, reach = GAMES[game]
    table = host_table(server, game, seats)
    page = person(browser, PHONE)
    open_lobby(page, server)
    sit_by_keys(page, table)
    assert play_by_keys(page, reach, 4, limit=90) == 4
    said = page.evaluate("() => window.jeweltable.announced()")
    assert sum(entry["moves"] for entry in said) == moves_told(page.frames_received, 0)
    assert page.errors == []


def test_reduce_motion_and_text_size_are_settings_of_the_page(server, browser):
    """The lobby's settings: "Reduce motion" stills every animation (as the system's wish does),
    and 200% text on a 390×844 phone reflows with nothing cut off and no sideways scroll."""
    page = person(browser, PHONE)
    open_lobby(page, server)
    page.click("#reduce-motion")
    assert page.evaluate("() => document.documentElement.classList.contains('reduce-motion')")
    page.select_option("#text-size", "200")
    page.wait_for_timeout(100)
    assert (
        page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--ts')")
        == "2"
    )
    table = host_table(server, "magie-des-bijoux", 3)
    page.reload()
    page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    assert page.evaluate("() => document.documentElement.classList.contains('reduce-motion')")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    sit_by_keys(page, table)
    my_turn(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # Nothing glows on: a legal plaque's animation lasts a moment, once.
    glow = page.eval_on_selector(
        ".plaque.legal .face", "el => getComputedStyle(el).animationIterationCount"
    )
    assert glow == "1"
    assert page.errors == []
