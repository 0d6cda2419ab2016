"""Whole games on the browser page by taps, for any browser: the game logic (which control to tap
for which legal move) written once over a small `Screen`, with a Screen for a Playwright page
(chromium, tests/test_web_*.py) and one for a Selenium driver (WebKit, tests/test_webkit_*.py).

A Screen answers what the page shows (`count`, `js`), taps the first control a selector finds
as a finger would (`tap`: only once the control is ready, see tests/conftest.py `READY`), waits,
and opens and fills the lobby. The functions below accept a Playwright page where they take a
Screen, so the chromium tests call them with their pages as before."""

from __future__ import annotations

import contextlib
import glob
import os
import select
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, Protocol

# Choices a player makes both ways in turn: each time one of these pairs is offered, the other
# side of it is tapped than the time before.
BOTH_WAYS = (
    ("open_auction", "falling_auction"),
    ("bid", "pass"),
    ("accept", "decline"),
    ("preempt", "waive"),
)

BIJOUX_TAPS = [".plaque.legal"]
KOLLIER_TAPS = [
    "[data-move=pay]",
    "[data-move=commission]",
    "[data-move=default]",
    "[data-move=knock_down]",
    "[data-move=falling_auction]",
    "[data-move=open_auction]",
    "[data-move=accept]",
    "[data-move=decline]",
    "[data-move=waive]",
    "[data-move=bid]",
    "[data-move=pass]",
    "[data-move=sealed_bid]",
]

# Die Kette von Saba: choices played each way in turn, whenever both are offered.
KETTE_BOTH_WAYS = (
    ("bid", "pass"),
    ("sell", "reserve"),
    ("accept", "decline"),
    ("draw", "end_turn"),
)
# Taps that send a move, in the order they are tried; then the taps that only choose (a hand
# card, a place on the necklace), which the confirmation button turns into a move.
KETTE_MOVES = [
    "#confirm",
    "[data-move=offer]",
    "[data-move=discard]",
    "[data-move=keep]",
    "[data-move=bid]",
    "[data-move=pass]",
    "[data-move=sell]",
    "[data-move=reserve]",
    "[data-move=accept]",
    "[data-move=decline]",
    "[data-move=draw]",
    "[data-move=end_turn]",
]
KETTE_CHOICES = ["svg.necklace .place", ".kette-hand button"]

# Saba – Palast: the controls a player taps, most wanted first: a figure owed elsewhere, what is
# over the limits, the open choice (a card to remove, the vizier's quarter and its action, a
# builder's figure), building, free actions, then the turn's steps.
PALAST_TAPS = [
    "[data-move=send_figure]",
    "[data-move=return_material]",
    "[data-move=discard_card]",
    "[data-move=remove]",
    "[data-move=vizier-swap]",
    "[data-move=vizier-take]",
    "[data-move=vizier-decline]",
    "[data-move=vizier]",
    "[data-move=build][data-choice]",
    "[data-move=build]",
    "[data-move=fulfil]",
    "[data-move=harbour]",
    "[data-move=swap]",
    "[data-move=use_quarter]",
    "[data-move=play_card]",
    "[data-move=move_figure]",
    "[data-move=move_from]",
    "[data-move=place_figure]",
    "[data-move=draw]",
    "[data-move=pass]",
    "[data-move=end_turn]",
]

# The page's game stream, in short (null before the first sync).
STREAM = (
    "() => { const a = window.jeweltable; const s = a.stream;"
    " return s ? {seq: s.seq, seat: s.seat, status: s.status, legal: s.legal_moves.length,"
    " to_act: s.to_act, phase: s.view.phase || null} : null }"
)
PRESENT = "(selectors) => selectors.filter((s) => document.querySelector(s))"
# The stream in short and which of the selectors find something, in one look.
LOOK = f"(selectors) => [({STREAM})(), ({PRESENT})(selectors)]"
MOVED = (
    "seq => window.jeweltable.stream.seq !== seq || !window.jeweltable.stream.legal_moves.length"
)


class Screen(Protocol):
    """What the game logic asks of a browser."""

    def count(self, selector: str) -> int:
        """How many elements `selector` finds."""

    def tap(self, selector: str, timeout: float = 1.5) -> bool:
        """Tap the first element of `selector` once it is ready; False when none was ready
        within `timeout` seconds (redrawn under the finger by a newer update, or not there)."""

    def js(self, function: str, arg: Any = None) -> Any:
        """The value of a JavaScript function's source called with `arg`."""

    def wait_until(self, function: str, arg: Any = None, timeout: float = 5.0) -> None:
        """Wait until `function(arg)` is true; TimeoutError after `timeout` seconds."""

    def pause(self, seconds: float) -> None:
        """Let the page run for a moment."""

    def open(self, url: str) -> None:
        """Load `url` and wait until the server has welcomed the page."""

    def fill(self, selector: str, text: str) -> None:
        """Type `text` into the field `selector` and let it take effect (its change event)."""


class PlaywrightScreen:
    """A Playwright page (chromium) as a Screen. Its taps are one touch each once
    tests/conftest.py `one_touch_taps` has made them so (the `browser` fixture does)."""

    def __init__(self, page) -> None:
        self.page = page

    def count(self, selector: str) -> int:
        return self.page.locator(selector).count()

    def tap(self, selector: str, timeout: float = 1.5) -> bool:
        # One round trip aims (brought into view, still, on top: `READY`), one touches: what
        # Playwright's own `tap` checks in five round trips, a third of a second a tap on a
        # loaded machine (a whole game taps about a hundred times).
        from tests.conftest import READY

        deadline = time.monotonic() + timeout
        while True:
            try:
                aim = self.page.evaluate(AIM_HERE.replace("READY", READY, 1), selector)
            except Exception:  # the page navigated meanwhile: look again
                aim = {"why": "navigated"}
            if not aim["why"]:
                break
            if aim["why"] == "not there" or time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(30)
        self.page.touchscreen.tap(aim["x"], aim["y"])
        return True

    def js(self, function: str, arg: Any = None) -> Any:
        return self.page.evaluate(function, arg)

    def wait_until(self, function: str, arg: Any = None, timeout: float = 5.0) -> None:
        self.page.wait_for_function(function, arg=arg, timeout=timeout * 1000)

    def pause(self, seconds: float) -> None:
        self.page.wait_for_timeout(seconds * 1000)

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")

    def fill(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)
        self.page.dispatch_event(selector, "change")


def screen_of(page_or_screen) -> Screen:
    """A Screen as it is, a Playwright page as a PlaywrightScreen."""
    if isinstance(page_or_screen, PlaywrightScreen | SeleniumScreen):
        return page_or_screen
    return PlaywrightScreen(page_or_screen)


# The first element of a selector brought into view and checked as `READY` checks it: the
# centre of it in the viewport, or why it cannot be tapped yet.
AIM = """const [selector, done] = arguments;
const el = document.querySelector(selector);
if (!el) { done({why: "not there"}); return; }
el.scrollIntoView({block: "nearest", inline: "nearest"});
(READY)(el).then((why) => {
  const r = el.getBoundingClientRect();
  done({why, x: r.x + r.width / 2, y: r.y + r.height / 2});
}, (error) => done({why: String(error)}));"""

# AIM as a function of the selector, for Playwright's `evaluate`.
AIM_HERE = """(selector) => new Promise((done) => {
const el = document.querySelector(selector);
if (!el) { done({why: "not there"}); return; }
el.scrollIntoView({block: "nearest", inline: "nearest"});
(READY)(el).then((why) => {
  const r = el.getBoundingClientRect();
  done({why, x: r.x + r.width / 2, y: r.y + r.height / 2});
}, (error) => done({why: String(error)}));
})"""

# Errors the page meets from the moment it is opened (Playwright's "pageerror", which WebDriver
# has not): uncaught exceptions and promises rejected without a handler.
CATCH_ERRORS = """window.pageErrors = [];
addEventListener("error", (e) => window.pageErrors.push(String(e.message)));
addEventListener("unhandledrejection", (e) => window.pageErrors.push(String(e.reason)));"""


class SeleniumScreen:
    """A Selenium driver (WebKit's WebKitWebDriver) as a Screen.

    WebKit's driver refuses to click an SVG group ("not interactable"), and an element click is
    a mouse's anyway: a tap is a pointer pressed and lifted at the element's centre, by
    W3C actions, once the element is ready as tests/conftest.py `READY` judges it."""

    def __init__(self, driver) -> None:
        from tests.conftest import READY

        self.driver = driver
        self.aim = AIM.replace("READY", READY, 1)

    def count(self, selector: str) -> int:
        return self.driver.execute_script(
            "return document.querySelectorAll(arguments[0]).length", selector
        )

    def tap(self, selector: str, timeout: float = 1.5) -> bool:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        deadline = time.monotonic() + timeout
        while True:
            aim = self.driver.execute_async_script(self.aim, selector)
            if not aim["why"]:
                break
            if time.monotonic() > deadline:
                return False
            time.sleep(0.03)
        # WebKitGTK's driver presses as a mouse whatever the kind of pointer asked for.
        finger = PointerInput("mouse", "finger")
        actions = ActionBuilder(self.driver, mouse=finger, duration=0)
        actions.pointer_action.move_to_location(int(aim["x"]), int(aim["y"]))
        actions.pointer_action.pointer_down()
        actions.pointer_action.pointer_up()
        actions.perform()
        return True

    def js(self, function: str, arg: Any = None) -> Any:
        return self.driver.execute_script(f"return ({function})(arguments[0])", arg)

    def wait_until(self, function: str, arg: Any = None, timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        # Only whether it holds comes back: an element would come back as a reference to it,
        # stale once the page is redrawn.
        holds = f"return !!({function})(arguments[0])"
        while not self.driver.execute_script(holds, arg):
            if time.monotonic() > deadline:
                raise TimeoutError(f"not within {timeout} s: {function}")
            time.sleep(0.03)

    def pause(self, seconds: float) -> None:
        time.sleep(seconds)

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.driver.execute_script(CATCH_ERRORS)
        self.wait_until("() => window.jeweltable && window.jeweltable.welcome", timeout=10)

    def fill(self, selector: str, text: str) -> None:
        field = self.driver.find_element("css selector", selector)
        field.clear()
        field.send_keys(text)
        self.driver.execute_script(
            "document.querySelector(arguments[0]).dispatchEvent(new Event('change'))", selector
        )

    def errors(self) -> list[str]:
        """The page's uncaught errors since it was opened."""
        return self.driver.execute_script("return window.pageErrors || []")


def stream(page) -> dict:
    """The page's game stream, in short: seq, seat, status, how many legal moves, to_act, phase."""
    return screen_of(page).js(STREAM)


def present(page, selectors: list[str]) -> list[str]:
    """Those of `selectors` that find something on the page, in their order (one look, one
    round trip to the browser)."""
    return screen_of(page).js(PRESENT, selectors)


def look(screen: Screen, selectors: list[str]) -> tuple[dict | None, set[str]]:
    """The stream in short (`stream`) and those of `selectors` that find something."""
    now, there = screen.js(LOOK, selectors)
    return now, set(there)


def tap_any(page, selectors: list[str]) -> str | None:
    """Tap the first control of `selectors` that is there; the selector tapped, or None."""
    screen = screen_of(page)
    return tap_first(screen, present(screen, selectors))


def tap_first(screen: Screen, there: list[str]) -> str | None:
    """Tap the first of `there` (selectors seen on the page a moment ago); the selector tapped,
    or None when there is none or it was redrawn under the finger by a newer update."""
    if not there or not screen.tap(there[0]):
        return None
    # A move with a warning (the table's talk) asks for a second tap: give it.
    if screen.count(".armed"):
        screen.tap(".armed")
    return there[0]


def open_lobby(page, url: str, name: str = "Ada") -> None:
    """Open the page's lobby at `url` and give the player's name."""
    screen = screen_of(page)
    screen.open(url)
    screen.fill("#name", name)


def sit(page, table: int, seat: int = 0, board: str = "") -> None:
    """From the lobby, sit at `seat` of `table` and wait for the table (and `board`, a
    selector within it) to be drawn."""
    screen = screen_of(page)
    chair = f"[data-table='{table}'] [data-seat='{seat}']"
    if not screen.tap(chair, timeout=10):
        raise AssertionError(f"no seat {seat} of table {table} to tap in the lobby")
    drawn = "(board) => document.querySelector(`main.table[data-seq] ${board}`)"
    try:
        screen.wait_until(drawn, board, 15)
    except Exception:  # TimeoutError, or Playwright's own
        # A loaded machine (load 15 as four test processes start their browsers) may lose
        # the lobby's tap in a redraw: the seat still there is tapped once more.
        if screen.count(chair):
            screen.tap(chair, timeout=10)
        screen.wait_until(drawn, board, 30)


def play_to_the_end(page, choose: list[str], limit: float = 240.0) -> dict:
    """Tap legal controls until the game is over: the first there of `choose`, except that the
    pairs of BOTH_WAYS are played each way in turn. Returns the taps, the selectors tapped and
    the last stream."""
    screen = screen_of(page)
    deadline = time.monotonic() + limit
    taps = 0
    tapped: set[str] = set()
    turns = dict.fromkeys(BOTH_WAYS, 0)
    pairs = [f"[data-move={kind}]" for pair in BOTH_WAYS for kind in pair]
    while time.monotonic() < deadline:
        now, there = look(screen, [*pairs, *choose])
        if now and now["status"] == "finished":
            return {"taps": taps, "tapped": tapped, **now}
        selector = None
        if now and now["legal"]:
            order = list(choose)
            for pair in BOTH_WAYS:
                if all(f"[data-move={kind}]" in there for kind in pair):
                    order = [f"[data-move={pair[turns[pair] % 2]}]", *order]
                    turns[pair] += 1
                    break
            selector = tap_first(screen, [s for s in order if s in there])
        if selector:
            taps += 1
            tapped.add(selector)
            screen.wait_until(MOVED, now["seq"])
        else:
            screen.pause(0.03)
    raise AssertionError(f"the game did not end within {limit} s: {stream(screen)}")


def play_kette(page, limit: float = 300.0, until: set[str] | None = None) -> dict[str, Any]:
    """Tap through a whole game of Die Kette von Saba: a move button if one is there (the pairs
    of KETTE_BOTH_WAYS each way in turn; the lot is laid rather than kept every other time),
    else a marked place, else a hand card — or, given `until`, only until every move type of it
    was played. Returns the move types played and the last stream."""
    screen = screen_of(page)
    deadline = time.monotonic() + limit
    played: list[str] = []
    turns = dict.fromkeys((*KETTE_BOTH_WAYS, ("place", "keep")), 0)
    while time.monotonic() < deadline:
        now, there = look(screen, [*KETTE_MOVES, *KETTE_CHOICES, ".kette-hand button.picked"])
        if now and now["status"] == "finished":
            return {"played": played, **now}
        if not now or not now["legal"]:
            screen.pause(0.03)
            continue
        order = list(KETTE_MOVES)
        for pair in KETTE_BOTH_WAYS:
            if all(f"[data-move={kind}]" in there for kind in pair):
                order.insert(0, f"[data-move={pair[turns[pair] % 2]}]")
                turns[pair] += 1
                break
        if "[data-move=keep]" in there and "svg.necklace .place" in there:
            turns["place", "keep"] += 1
            if turns["place", "keep"] % 2:
                order.remove("[data-move=keep]")
        choices = KETTE_CHOICES
        if ".kette-hand button.picked" in there and "svg.necklace .place" not in there:
            # A picked card with no place is a card to sell or a forgery: its button is above.
            choices = []
        tapped = tap_first(screen, [s for s in [*order, *choices] if s in there])
        if tapped in KETTE_CHOICES:
            screen.pause(0.04)
            continue
        if tapped and not confirm_warning(screen, now["seq"]):
            continue
        if tapped:
            played.append(tapped.split("=")[-1].rstrip("]") if "=" in tapped else "place")
            if until is not None and until <= set(played):
                return {"played": played, **now}
            screen.wait_until(
                "seq => !window.jeweltable.stream || window.jeweltable.stream.seq !== seq",
                now["seq"],
            )
        else:
            screen.pause(0.03)
    raise AssertionError(f"the game did not end within {limit} s: {stream(screen)}")


def confirm_warning(page, seq: int) -> bool:
    """After a tap on a move: a move the talk warns of asks for a second tap (its button armed,
    its warning shown); give it, as a player who read the warning would. False when the page
    was redrawn under the finger (look again)."""
    screen = screen_of(page)
    now, there = look(screen, ["button.armed", ".move-talk small.warn[role=alert]"])
    if now["seq"] != seq or "button.armed" not in there:
        return True
    assert ".move-talk small.warn[role=alert]" in there, "an armed move shows why"
    return screen.tap("button.armed")


def palast_to_the_end(page, limit: float = 240.0, taps: int | None = None) -> dict[str, Any]:
    """Tap the first control of PALAST_TAPS there is until the game of Saba – Palast is over
    (or, given `taps`, until that many moves and choices were tapped). A
    tap that opens a choice (no move sent yet) is followed by the choice's buttons. Returns the
    selectors tapped and the kinds of move the seat was offered (`offered`). A control that
    cannot be tapped ten times running (covered, say) fails the game at once, saying why (the
    limit stays below the tests' own timeout)."""
    screen = screen_of(page)
    deadline = time.monotonic() + limit
    tapped: dict[str, int] = {}
    offered: set[str] = set()
    missed: list[str] = []
    targets = [f".controls {c}, .tray {c}" for c in PALAST_TAPS]
    seen = None  # the last seq whose legal moves are in `offered`
    while time.monotonic() < deadline:
        now, there = look(screen, targets)
        if now and now["status"] == "finished":
            return {"tapped": tapped, "offered": offered, **now}
        selector = None
        if now and now["legal"]:
            if now["seq"] != seen:
                seen = now["seq"]
                offered.update(
                    screen.js("() => window.jeweltable.stream.legal_moves.map((m) => m.type)")
                )
            if there:
                target = next(t for t in targets if t in there)
                if screen.tap(target):
                    missed.clear()
                    selector = target.split(", .tray ")[1]
                else:  # redrawn under the finger: look again
                    missed.append(target)
                    if len(missed) >= 10:
                        raise AssertionError(f"ten taps missed running: {missed}")
        if selector is None:
            screen.pause(0.03)
            continue
        tapped[selector] = tapped.get(selector, 0) + 1
        if taps is not None and sum(tapped.values()) >= taps:
            return {"tapped": tapped, "offered": offered, **now}
        screen.wait_until(
            "seq => { const a = window.jeweltable; return !a.stream || a.stream.seq !== seq"
            " || !a.stream.legal_moves.length || Object.values(a.ui).some((v) => v); }",
            now["seq"],
        )
    raise AssertionError(f"the game did not end within {limit} s: {stream(screen)}")


# ---------------------------------------------------------------- WebKit, through WebDriver
# Debian's driver (webkit2gtk-driver); another path through JEWELTABLE_WEBKIT_DRIVER.
WEBKIT_DRIVER = os.environ.get("JEWELTABLE_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# The browser WebKitWebDriver starts: WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver).
MINIBROWSER = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
PHONE_WINDOW = {"width": 390, "height": 844}
# MiniBrowser's toolbar would hold its window at least 447 px wide: the user style sheet of GTK
# (in the browser's own config folder) lets it shrink to a phone's width.
NARROW_TOOLBAR = "headerbar, toolbar, entry, button { min-width: 0; min-height: 0; padding: 0;"
NARROW_TOOLBAR += " margin: 0; font-size: 1px; }\n"


def webkit_missing() -> str | None:
    """Why the WebKit tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "Selenium is not installed (pip install selenium, in the test extra)"
    if not Path(WEBKIT_DRIVER).exists() or not MINIBROWSER:
        return f"no {WEBKIT_DRIVER} (apt-get install -y webkit2gtk-driver)"
    if shutil.which("Xvfb") is None:
        return "no Xvfb for WebKit's window (apt-get install -y xvfb)"
    return None


class WebKit:
    """The test process's one WebKit: an Xvfb of its own on a free display (WebKitGTK has no
    headless mode), and MiniBrowser driven by WebKitWebDriver through Selenium, lent to each
    WebKit test in turn with a phone-sized window."""

    def __init__(self) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="jeweltable-webkit-"))
        (self.home / "config" / "gtk-3.0").mkdir(parents=True)
        (self.home / "config" / "gtk-3.0" / "gtk.css").write_text(NARROW_TOOLBAR)
        try:
            self.xvfb, self.display = start_xvfb()
        except BaseException:
            shutil.rmtree(self.home, ignore_errors=True)
            raise
        self.driver = None

    def lend(self):
        """The driver, for one test (started again if the last test's left it dead)."""
        if self.driver is not None:
            try:
                self.driver.get("about:blank")
            except Exception:
                self.quit_driver()
        if self.driver is None:
            self.driver = self.start_driver()
        self.driver.set_window_rect(**PHONE_WINDOW)
        return self.driver

    def start_driver(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER[-1]
        options.add_argument("--automation")
        env = dict(
            os.environ,
            DISPLAY=f":{self.display}",
            XDG_CONFIG_HOME=str(self.home / "config"),
            XDG_DATA_HOME=str(self.home / "data"),
            XDG_CACHE_HOME=str(self.home / "cache"),
            # Composited layers would be drawn by OpenGL in software under Xvfb: drawing
            # without them made a tap a third as long (0.66 s to 0.20 s, a Kette game).
            WEBKIT_DISABLE_COMPOSITING_MODE="1",
        )
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        with warnings.catch_warnings():
            # Selenium's own WebKitGTK class still uses an argument Selenium has deprecated.
            warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
            return webdriver.WebKitGTK(options=options, service=service)

    def quit_driver(self) -> None:
        driver, self.driver = self.driver, None
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.quit()

    def close(self) -> None:
        try:
            self.quit_driver()
        finally:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(10)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()
                self.xvfb.wait()
            shutil.rmtree(self.home, ignore_errors=True)


def start_xvfb() -> tuple[subprocess.Popen, int]:
    """An Xvfb on a display number it picks free itself (`-displayfd`): the process and the
    number."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as said:
            ready, _, _ = select.select([said], [], [], 20)
            line = said.readline() if ready else ""
        if not line.strip():
            raise RuntimeError("Xvfb did not say its display within 20 s")
    except BaseException:
        process.kill()
        process.wait()
        raise
    return process, int(line)
