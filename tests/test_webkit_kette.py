"""Die Kette von Saba in WebKit, the engine of every iPhone browser: a phone-sized MiniBrowser
plays a whole game against two bots by taps, on the necklace's SVG places, with the game logic
the chromium test plays it by (tests/web_games.py). Skipped, saying why, without
WebKitWebDriver, Xvfb or Selenium."""

from __future__ import annotations

from tests.test_web_page import host_table, url
from tests.web_games import PHONE_WINDOW, SeleniumScreen, open_lobby, play_kette, sit


def test_a_phone_in_webkit_plays_die_kette_von_saba_to_the_end_by_taps(webkit, server):
    table = host_table(server, "kette-von-saba", 3, {"first_seat": 0})
    screen = SeleniumScreen(webkit)
    open_lobby(screen, url(server), "Cy")
    sit(screen, table, board="svg.necklace")
    result = play_kette(screen, limit=240)
    played = set(result["played"])
    # Sold and bid on, laid on a marked place (an SVG group) after a confirmation.
    assert {"offer", "bid", "pass", "place"} <= played, sorted(played)
    screen.wait_until("() => document.querySelector('.results')")
    assert "marks" in screen.js("() => document.querySelector('.results').innerText")
    width = screen.js("() => document.documentElement.scrollWidth")
    assert width <= PHONE_WINDOW["width"], "the page is wider than the screen"
    assert screen.errors() == []
