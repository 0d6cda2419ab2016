"""Magie des Bijoux in WebKit, the engine of every iPhone browser: a phone-sized MiniBrowser plays
a whole game against a bot by taps, with the game logic the chromium test plays it by
(tests/web_games.py). Skipped, saying why, without WebKitWebDriver, Xvfb or Selenium."""

from __future__ import annotations

from tests.test_web_page import host_table, url
from tests.web_games import BIJOUX_TAPS, SeleniumScreen, open_lobby, play_to_the_end, sit


def test_a_phone_in_webkit_plays_bijoux_to_the_end_by_taps(webkit, server):
    table = host_table(server, "magie-des-bijoux", 2)
    screen = SeleniumScreen(webkit)
    open_lobby(screen, url(server), "Ada")
    sit(screen, table)
    result = play_to_the_end(screen, BIJOUX_TAPS, limit=120)
    assert result["taps"] >= 5 and result["seat"] == 0
    screen.wait_until("() => document.querySelector('.results')")
    results = screen.js("() => document.querySelector('.results').innerText")
    assert "wins" in results or "Nobody" in results, results
    assert screen.errors() == []
