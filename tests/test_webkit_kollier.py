"""Das Kollier in WebKit, the engine of every iPhone browser: a phone-sized MiniBrowser plays a
whole game against two bots by taps, with the game logic the chromium test plays it by
(tests/web_games.py). Skipped, saying why, without WebKitWebDriver, Xvfb or Selenium."""

from __future__ import annotations

from tests.test_web_page import host_table, url
from tests.web_games import KOLLIER_TAPS, SeleniumScreen, open_lobby, play_to_the_end, sit


def test_a_phone_in_webkit_plays_das_kollier_to_the_end_by_taps(webkit, server):
    # Random bots open auctions as often as they let lots fall; an open auction is knocked
    # down after a second without a bid.
    table = host_table(server, "das-kollier", 3, {"quiet_time": 1}, level="random")
    screen = SeleniumScreen(webkit)
    open_lobby(screen, url(server), "Bea")
    sit(screen, table)
    result = play_to_the_end(screen, KOLLIER_TAPS, limit=240)
    assert result["taps"] >= 5 and result["seat"] == 0
    # The phone ran auctions and paid for what it bought, by taps.
    assert {"[data-move=pay]"} <= result["tapped"], sorted(result["tapped"])
    assert result["tapped"] & {"[data-move=open_auction]", "[data-move=falling_auction]"}
    screen.wait_until("() => document.querySelector('.results')")
    assert screen.errors() == []
