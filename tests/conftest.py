"""Fixtures the browser-page tests share (tests/test_web_*.py): a server with its web port and
quick bots, one with bots paced like people, and headless chromium (skipped by name without it).
A module that needs a `server` of another kind defines its own, which takes precedence."""

from __future__ import annotations

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


@pytest.fixture
def browser(request):
    """Headless chromium; each browser test is skipped by name where there is none."""
    from tests.test_web_page import CHROMIUM, browser_missing

    missing = browser_missing()
    if missing is not None:
        pytest.skip(f"browser test {request.node.name} skipped: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()
