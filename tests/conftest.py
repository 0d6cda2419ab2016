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
            if not kwargs.get("force"):
                target = self.locator(args[0]).first if isinstance(self, Page) else self
                timeout = kwargs.get("timeout")
                deadline = time.monotonic() + (30_000 if timeout is None else timeout) / 1000
                target.wait_for(state="visible", timeout=timeout)
                while True:
                    try:  # a redraw may replace the element meanwhile: then ask again
                        target.scroll_into_view_if_needed(timeout=timeout)
                        why = target.evaluate(READY, timeout=timeout)
                        if not why:
                            break
                    except Error as exc:
                        if "not attached" not in str(exc):
                            raise
                        why = "replaced by a redraw"
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"{target} was never ready for a tap: {why}")
                kwargs["force"] = True
            return original(self, *args, **kwargs)

        act.one_touch = True
        return act

    for cls in (Page, Locator):
        cls.tap = once(cls.tap)
        cls.click = once(cls.click)


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
