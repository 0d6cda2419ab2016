"""Fixtures the browser-page tests share (tests/test_web_*.py, tests/test_webkit_*.py): a server
with its web port and quick bots, one with bots paced like people, headless chromium and WebKit
under an Xvfb of its own (each skipped by name without it), one per test process: `make test`
runs the suite in several processes (pytest-xdist), and each launches its chromium, and its
WebKit, once, at its first test that needs it.
A module that needs a `server` of another kind defines its own, which takes precedence."""

from __future__ import annotations

import asyncio
import time

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Test files with browser tests first. They take two thirds of the suite's time in a dozen
    files of few tests each; `make test` hands whole files to its processes in this order, and
    such a file handed out last would keep one process busy long after the others are done."""
    browsers = {"browser", "webkit"}
    browser_files = {
        item.path for item in items if browsers & set(getattr(item, "fixturenames", ()))
    }
    items.sort(key=lambda item: item.path not in browser_files)


@pytest.fixture(autouse=True)
def own_data_and_settings(tmp_path_factory, monkeypatch):
    """Every test keeps its tables and settings in a folder of its own, never in the machine's
    ~/.local/share/jeweltable or ~/.config/jeweltable: a server started without `--data` (the
    built-in host) would open the real store, which another test process or another checkout
    may be writing, or may have made with another schema. Subprocesses inherit the folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("JEWELTABLE_CONFIG", raising=False)


@pytest.fixture
def server(tmp_path):
    from tests.test_web_page import serving

    with serving(tmp_path, (0.02, 0.05)) as thread:
        yield thread


@pytest.fixture
def human_paced_server(tmp_path):
    """Bots that take a moment, as people do: an auctioneer bot leaves time to bid."""
    from tests.test_web_page import serving

    with serving(tmp_path, (0.12, 0.18)) as thread:
        yield thread


# Ready for a finger: enabled, holding still over two frames, and the topmost thing at its
# middle (no toast or dialog over it), as Playwright's own checks before a tap. Answers "" when
# ready, else what stands in the way. (A frame that does not come within 100 ms counts as
# come: a page that draws no frames holds still.)
READY = """el => new Promise((done) => {
  const frame = (next) => {
    let gone = false;
    const go = () => { if (!gone) { gone = true; next(); } };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  };
  const a = el.getBoundingClientRect();
  frame(() => frame(() => {
    const b = el.getBoundingClientRect();
    const still = a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    const where = `at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x`
      + `${Math.round(b.height)} in ${innerWidth}x${innerHeight}`;
    if (el.disabled) done(`disabled, ${where}`);
    else if (!still) done(`moving, ${where}`);
    else if (hit === null) done(`off the screen, ${where}`);
    else if (hit !== el && !el.contains(hit))
      done(`covered by ${hit.outerHTML.slice(0, 120)}, ${where}`);
    else done("");
  }));
})"""


# What Playwright says of an element a redraw took away under a tap.
REDRAWN = ("not attached", "not visible", "detached", "outside of the viewport")


def one_touch_taps() -> None:
    """Make Playwright's `tap` and `click` one touch each, as a finger's.

    Playwright checks that its touch hits the element it found and retries the tap when it does
    not. Our pages redraw when news comes (a clock ticks every second), putting a new control of
    the same key where the old one was, and our controls act when the finger lifts
    (client/web/dom.js), from listeners that run before Playwright's check: so a touch that
    landed on the redrawn control acted, Playwright judged it missed, and its retry tapped
    whatever was there next, a second move nobody made. So each tap waits, as Playwright does,
    for its element to be visible, enabled, still and on top (`READY`), then touches once
    without the check. Taps given `force` are left as they are."""
    from playwright.sync_api import Error, Locator, Page

    if getattr(Page.tap, "one_touch", False):
        return

    def once(original):
        def act(self, *args, **kwargs):
            if kwargs.get("force"):
                return original(self, *args, **kwargs)
            target = self.locator(args[0]).first if isinstance(self, Page) else self
            timeout = kwargs.get("timeout")
            deadline = time.monotonic() + (30_000 if timeout is None else timeout) / 1000
            target.wait_for(state="visible", timeout=timeout)
            while True:
                # A redraw may replace the element meanwhile, before the check or between the
                # check and the touch (on a loaded machine): then look again.
                try:
                    target.scroll_into_view_if_needed(timeout=timeout)
                    why = target.evaluate(READY, timeout=timeout)
                    if not why:
                        return original(self, *args, **{**kwargs, "force": True})
                except Error as exc:
                    if not any(word in str(exc) for word in REDRAWN):
                        raise
                    why = f"replaced by a redraw ({str(exc).splitlines()[0]})"
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{target} was never ready for a tap: {why}")

        act.one_touch = True
        return act

    for cls in (Page, Locator):
        cls.tap = once(cls.tap)
        cls.click = once(cls.click)


class SharedChromium:
    """The test process's one headless chromium, lent to each browser test in turn.

    Playwright's sync API runs its own asyncio loop in this thread and, between two of its
    calls, leaves that loop marked as this thread's running loop; `asyncio.run` refuses to start
    under such a mark. So the mark stands only while a browser test has the browser: the tests
    after it (any test file, in the same process) run their own loops as before."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        from tests.test_web_page import CHROMIUM

        self.executable = CHROMIUM
        self.playwright = sync_playwright().start()
        self.chromium = self.playwright.chromium.launch(executable_path=CHROMIUM)
        self.loop = asyncio._get_running_loop()
        asyncio._set_running_loop(None)

    def lend(self):
        """The browser, for one test (launched again if the last test's left with it)."""
        asyncio._set_running_loop(self.loop)
        if not self.chromium.is_connected():
            self.chromium = self.playwright.chromium.launch(executable_path=self.executable)
        return self.chromium

    def take_back(self) -> None:
        """Close whatever windows the test opened, and lift the loop's mark."""
        try:
            if self.chromium.is_connected():
                for context in self.chromium.contexts:
                    context.close()
        finally:
            asyncio._set_running_loop(None)

    def close(self) -> None:
        asyncio._set_running_loop(self.loop)
        try:
            if self.chromium.is_connected():
                self.chromium.close()
        finally:
            self.playwright.stop()  # ends the loop, and its mark with it


@pytest.fixture(scope="session")
def shared_chromium():
    """One chromium per test process, from its first browser test to the end of the run."""
    one_touch_taps()
    shared = SharedChromium()
    yield shared
    shared.close()


@pytest.fixture
def browser(request):
    """Headless chromium; each browser test is skipped by name where there is none. Its taps
    and clicks are one touch each (`one_touch_taps`). The browser is the process's one
    (`shared_chromium`): each test gets it without windows and leaves it so."""
    from tests.test_web_page import browser_missing

    missing = browser_missing()
    if missing is not None:
        pytest.skip(f"browser test {request.node.name} skipped: {missing}")
    shared = request.getfixturevalue("shared_chromium")
    chromium = shared.lend()
    try:
        yield chromium
    finally:
        shared.take_back()


@pytest.fixture(scope="session")
def shared_webkit():
    """One WebKit (and its Xvfb) per test process, from its first WebKit test to the end."""
    from tests.web_games import WebKit

    shared = WebKit()
    yield shared
    shared.close()


@pytest.fixture
def webkit(request):
    """WebKit's MiniBrowser through Selenium, in a phone-sized window; each WebKit test is
    skipped by name where WebKitWebDriver, Xvfb or Selenium is missing. The driver is the
    process's one (`shared_webkit`), on a blank page at each test's start."""
    from tests.web_games import webkit_missing

    missing = webkit_missing()
    if missing is not None:
        pytest.skip(f"WebKit test {request.node.name} skipped: {missing}")
    return request.getfixturevalue("shared_webkit").lend()
