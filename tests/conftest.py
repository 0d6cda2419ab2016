"""Fixtures the browser-page tests share (tests/test_web_*.py): a server with its web port and
quick bots, one with bots paced like people, and headless chromium (skipped by name without it).
A module that needs a `server` of another kind defines its own, which takes precedence."""

from __future__ import annotations

import time

import pytest


@pytest.fixture
def server(tmp_path):
    from tests.test_web_page import serving

    with serving(tmp_path, (0.02, 0.05)) as thread:
        yield thread


@pytest.fixture
def human_paced_server(tmp_path):
    """Bots that take a moment, as people do: an auctioneer bot leaves time to bid."""
    from tests.test_web_page import serving

    with serving(tmp_path, (0.25, 0.35)) as thread:
        yield thread


STEADY = """el => new Promise((done) => {
  const a = el.getBoundingClientRect();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const b = el.getBoundingClientRect();
    done(a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
  }));
})"""


def one_touch_taps() -> None:
    """Make Playwright's `tap` and `click` one touch each, as a finger's.

    Playwright checks that its touch hits the element it found and retries the tap when it does
    not. Our pages redraw when news comes (a clock ticks every second), putting a new control of
    the same key where the old one was, and our controls act when the finger lifts
    (client/web/dom.js), from listeners that run before Playwright's check: so a touch that
    landed on the redrawn control acted, Playwright judged it missed, and its retry tapped
    whatever was there next, a second move nobody made. So each tap waits, as Playwright does,
    for its element to be visible and to hold still for two frames, then touches once without
    the check. Taps given `force` are left as they are."""
    from playwright.sync_api import Locator, Page

    if getattr(Page.tap, "one_touch", False):
        return

    def once(original, page_level: bool):
        def act(self, *args, **kwargs):
            if not kwargs.get("force"):
                target = self.locator(args[0]).first if page_level else self
                timeout = kwargs.get("timeout")
                target.wait_for(state="visible", timeout=timeout)
                deadline = time.monotonic() + (30_000 if timeout is None else timeout) / 1000
                while not target.evaluate(STEADY, timeout=timeout):
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"{target} never held still for two frames")
                kwargs["force"] = True
            return original(self, *args, **kwargs)

        act.one_touch = True
        return act

    for cls, page_level in ((Page, True), (Locator, False)):
        cls.tap = once(cls.tap, page_level)
        cls.click = once(cls.click, page_level)


@pytest.fixture
def browser(request):
    """Headless chromium; each browser test is skipped by name where there is none. Its taps
    and clicks are one touch each (`one_touch_taps`)."""
    from tests.test_web_page import CHROMIUM, browser_missing

    missing = browser_missing()
    if missing is not None:
        pytest.skip(f"browser test {request.node.name} skipped: {missing}")
    one_touch_taps()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()
