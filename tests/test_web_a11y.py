"""Everyone at the table, on the page (issue 33): axe-core finds no WCAG 2.2 A/AA violation on the
lobby, each game's table, the results and the TV, at a phone's and a TV's size; the keys alone
play (Tab, arrows, Enter and Space); the live region says every move once.

axe-core comes with `axe-playwright-python` (pip, in the test extra) and runs in Debian's
chromium, as the other browser tests do (tests/test_web_page.py's helpers)."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import msgpack
import pytest

from tests.test_web_page import host_table, open_lobby, serving
from tests.test_web_tv import keep_frames, tv_url
from tests.web_games import (
    BIJOUX_TAPS,
    STREAM,
)

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
SIZES = [pytest.param(PHONE, id="390x844"), pytest.param(TV, id="1920x1080")]
WORST_CASE_VELVET = "body { background: #15403b !important; }"


@pytest.fixture
def server(tmp_path):
    """The bots at the quickest pace the server allows (no pause before a move): a whole game
    by keys waits for nothing but the bots' thinking (tests/conftest.py's own waits up to
    50 ms a move)."""
    with serving(tmp_path, (0.0, 0.0)) as thread:
        yield thread


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
    extra.setdefault("reduced_motion", "reduce")  # as phone() in tests/test_web_page.py
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


# The page's order of Tab (every control the keys may reach, as the browser steps through them:
# tabindex 0 in the order of the document, none positive on this page), where the focus is in
# it, and the nearest of the selector's elements after it (or before it, when none is after).
TAB_ORDER = """(selector) => {
  const focusable = 'button, [tabindex], a[href], input, select, textarea, summary';
  const order = [...document.querySelectorAll(focusable)].filter((el) =>
    el.tabIndex >= 0 && !el.disabled && el.getClientRects().length
    && !el.closest('[inert], [hidden]')
    && (!el.closest('details:not([open])') || el.matches('details > summary')));
  // The focus may be on no control of the order (a region the page moved it to): Tab goes on
  // from its place in the document.
  const active = document.activeElement;
  const before = (el) => active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING
    && !el.contains(active);
  const at = order.includes(active) ? order.indexOf(active) : order.filter(before).length - 0.5;
  const hits = order.map((el, i) => (el.matches(selector) ? i : -1)).filter((i) => i >= 0);
  const after = hits.find((i) => i > at);
  const behind = hits.filter((i) => i < at).pop();
  const steps = after !== undefined ? after - at : behind !== undefined ? behind - at : null;
  return steps === null ? null : Math.sign(steps) * Math.ceil(Math.abs(steps));
}"""


def tab_to(page, selectors: list[str], presses: int = 150) -> str | None:
    """Press Tab (or Shift+Tab, when the control is nearer behind) until the focus is on one of
    `selectors` (the first that is there on the page, in their order); returns it, or None when
    none was reached. The presses are counted from the page's order of Tab and then given one
    after the other; where the count missed (the page was redrawn meanwhile), one at a time."""
    there = page.evaluate("(s) => s.filter((x) => document.querySelector(x))", selectors)
    wanted = there[:1]
    if not wanted:
        return None
    steps = page.evaluate(TAB_ORDER, wanted[0])
    if steps:
        key = "Tab" if steps > 0 else "Shift+Tab"
        for _ in range(abs(steps)):
            page.keyboard.press(key)
        if page.evaluate(FOCUSED, wanted):
            return wanted[0]
    for _ in range(presses):
        if page.evaluate(FOCUSED, wanted):
            return wanted[0]
        page.keyboard.press("Tab")
    return None


def stream(page) -> dict | None:
    return page.evaluate(STREAM)


def my_turn(page, seat: int = 0, limit: float = 60.0) -> dict:
    """Wait for the seat's turn, or the end; returns the stream in short."""
    page.wait_for_function(
        "(seat) => { const s = window.jeweltable.stream; return s && (s.status === 'finished'"
        " || (s.legal_moves.length > 0 && s.to_act.includes(seat))); }",
        arg=seat,
        timeout=limit * 1000,
    )
    return stream(page)


# Whether a move is armed (its warning waits for a second press) and the focus is on it.
ARMED = """() => { const armed = document.querySelector('.armed');
  if (!armed) return null;
  const el = document.activeElement;
  return armed === el ? 'focused' : [el && el.outerHTML.slice(0, 99), armed.outerHTML.slice(0, 99)];
}"""


def press(page, selector: str, key: str) -> bool:
    """Tab to `selector` and press `key` on it; a warned move is armed by the first key and
    played by the second (the focus is on the armed control by then). Whether a control was
    reached."""
    if not tab_to(page, [selector]):
        return False
    page.keyboard.press(key)
    armed = page.evaluate(ARMED)
    if armed:
        assert armed == "focused", f"the focus is not on the armed move: {armed}"
        page.keyboard.press(key)
    return True


# What the keys could reach on the page, in short (for a game that got stuck).
CONTROLS = """() => [...document.querySelectorAll('main button, main [tabindex="0"]')]
  .map((el) => `${el.tagName} ${el.dataset.move || el.id || ''} ${el.textContent.slice(0, 30)}`
    + (el.disabled ? ' (disabled)' : ''))"""


def play_by_keys(
    page, reach, moves: int | None, limit: float = 240.0, seen=None, pressed=None
) -> int:
    """Play the seat's turns with the keys alone: Tab to a control, Enter (Space every other
    time); a warned move is armed by the first key and played by the second. `reach`: the
    selectors wanted, most wanted first, or a function of the page and the stream in short that
    gives them (a game's choices in several steps). `seen(page, now)` is told of each turn;
    `pressed`, a Counter, counts the selectors pressed. Stops after `moves` moves sent (None:
    at the game's end); returns the moves made."""
    made = presses = 0
    deadline = time.monotonic() + limit
    wanted: list[str] = []
    while moves is None or made < moves:
        if time.monotonic() > deadline:
            controls = page.evaluate(CONTROLS)
            raise AssertionError(f"stuck at {stream(page)}, wanting {wanted}; controls {controls}")
        now = my_turn(page)
        if now["status"] == "finished":
            break
        if seen:
            seen(page, now)
        wanted = reach(page, now) if callable(reach) else reach
        version = page.evaluate("() => window.jeweltable.uiVersion")
        there = page.evaluate("(s) => s.filter((x) => document.querySelector(x))", wanted)
        if not there or not press(page, there[0], "Enter" if presses % 2 == 0 else " "):
            page.wait_for_timeout(50)  # a redraw under way: look again
            continue
        presses += 1
        if pressed is not None:
            pressed[there[0]] += 1
        # A move is answered by the next update; a choice (a card, a place) by a redraw; the
        # page's own disclosure (a <summary>) opens in place.
        page.wait_for_function(
            "([seq, version, opened]) => window.jeweltable.stream.seq !== seq"
            " || window.jeweltable.uiVersion !== version"
            " || (opened && !document.querySelector(opened))",
            arg=[now["seq"], version, there[0] if "summary" in there[0] else None],
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


def test_the_bijoux_table_has_no_wcag_violation(server, browser):
    """At a phone's size on the seat's first turn, and at a TV's after its first move (one axe
    run each: a run takes seconds on a loaded machine). The other three games are checked
    along their whole games by keys, below."""
    table = host_table(server, "magie-des-bijoux", 3)
    page = person(browser, PHONE)
    open_lobby(page, server)
    sit_by_keys(page, table)
    my_turn(page)
    assert violations(page) == [], "on the seat's first turn, 390×844"
    play_by_keys(page, BIJOUX_TAPS, 1)
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
    said = every_move_said_once(page)
    lines = [line for entry in said for line in entry["lines"][: entry["moves"]]]
    # Said as the log shows them, in the same order (the log keeps the latest 40 lines).
    log = page.evaluate("() => window.jeweltable.log")
    tail = min(len(log), len(lines))
    assert tail >= 5 and lines[-tail:] == log[-tail:]
    # Both live regions took turns: the last two polite messages sit in different regions.
    texts = page.eval_on_selector_all(
        "[data-announce='polite']", "els => els.map((e) => e.textContent)"
    )
    assert sum(1 for text in texts if text) == 1
    assert violations(page) == [], "on the results"
    assert page.errors == []


def every_move_said_once(page) -> list[dict]:
    """The live region said each move the server's updates told the seat, once; the turn coming
    (assertively) and passing; and the end. Returns what it said."""
    said = page.evaluate("() => window.jeweltable.announced()")
    assert sum(entry["moves"] for entry in said) == moves_told(page.frames_received, 0)
    assert any(entry["assertive"] and entry["text"] == "Your turn" for entry in said)
    assert any("'s turn" in entry["text"] for entry in said)
    assert any("Game over" in entry["text"] for entry in said[-3:])
    return said


class Keys:
    """A keyboard player's choices through a whole game: of two moves offered together
    (`both_ways`) the one not pressed last time; a step that opens a choice, then the choice;
    and one axe run at the first moment `choosing` finds on the page (a choice open), at a TV's
    size."""

    def __init__(self, both_ways, choosing: str) -> None:
        self.turns = dict.fromkeys(both_ways, 0)
        self.choosing = choosing
        self.checked = False
        self.once: set[str] = set()
        self.counts: Counter[str] = Counter()
        self.pressed: Counter[str] = Counter()  # the selectors pressed, how often

    def alternate(self, there: set[str]) -> list[str]:
        for pair in self.turns:
            wanted = [f"[data-move={kind}]" for kind in pair]
            if all(w in there for w in wanted):
                self.turns[pair] += 1
                return [wanted[self.turns[pair] % 2]]
        return []

    def first_time(self, what: str) -> bool:
        """Whether `what` is met for the first time."""
        fresh = what not in self.once
        self.once.add(what)
        return fresh

    def every_other(self, what: str, seq: int) -> bool:
        """True the first, third, fifth… turn (seq) that `what` is met on."""
        if self.first_time(f"{what}:{seq}"):
            self.counts[what] += 1
        return self.counts[what] % 2 == 1

    def seen(self, page, now: dict) -> None:
        if self.checked or not page.query_selector(self.choosing):
            return
        self.checked = True
        page.set_viewport_size(TV)
        assert violations(page) == [], f"with a choice open ({self.choosing}), 1920×1080"
        page.set_viewport_size(PHONE)


def whole_game_by_keys(
    server, browser, game: str, reach, keys: Keys, options=None, axe_on_results: bool = True
):
    """Sit by keys at `game` with bots at the other seats, check axe at the seat's first turn,
    play to the end by keys (`reach` chooses, `keys.seen` checks a choice open), and check the
    live region and (unless told not to) axe on the results. Returns the page."""
    seats = 2 if game == "saba-palast" else 3
    table = host_table(server, game, seats, options)
    page = person(browser, PHONE)
    open_lobby(page, server)
    sit_by_keys(page, table)
    my_turn(page)
    assert violations(page) == [], "on the seat's first turn, 390×844"
    made = play_by_keys(page, reach, None, seen=keys.seen, pressed=keys.pressed)
    page.wait_for_selector(".results")
    assert made >= 5 and keys.checked, (made, keys.checked)
    every_move_said_once(page)
    if axe_on_results:
        assert violations(page) == [], "on the results"
    assert page.errors == []
    return page


# The focused element's cell on a board, or null.
CELL = "() => document.activeElement && document.activeElement.dataset.cell || null"


def arrows_move_between(page, selector: str) -> None:
    """From the first of the board's places `selector` that Tab reaches, one of the arrows
    brings the focus to another of them (the places are scattered: the nearest that way)."""
    assert tab_to(page, [selector]), f"no {selector} reached by Tab"
    start = page.evaluate(CELL)
    for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
        page.keyboard.press(key)
        if page.evaluate(CELL) != start:
            assert page.evaluate(FOCUSED, [selector]), f"{key} left the board's places"
            return
    raise AssertionError(f"no arrow moved the focus from {start} among {selector}")


def present(page, selectors: list[str]) -> set[str]:
    return set(page.evaluate("(s) => s.filter((x) => document.querySelector(x))", selectors))


# The steps of Das Kollier that are no move of their own: a gem picked into a payment, the
# payment put together, the bank's sales opened, a sealed bid raised.
def test_reduce_motion_and_text_size_are_settings_of_the_page(server, browser):
    """The lobby's settings: "Reduce motion" stills every animation (as the system's wish does),
    and 200% text on a 390×844 phone reflows with nothing cut off and no sideways scroll."""
    page = person(browser, PHONE, reduced_motion="no-preference")
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
