"""Saba – Palast der Königin in WebKit, the engine of every iPhone browser: a phone-sized
MiniBrowser plays a whole two-player game against a bot by taps, with the game logic the chromium
test plays it by (tests/web_games.py). Skipped, saying why, without WebKitWebDriver, Xvfb or
Selenium."""

from __future__ import annotations

from tests.test_web_page import host_table, url
from tests.web_games import SeleniumScreen, open_lobby, palast_to_the_end, sit


def test_a_phone_in_webkit_plays_saba_palast_to_the_end_by_taps(webkit, server):
    table = host_table(server, "saba-palast", 2)
    screen = SeleniumScreen(webkit)
    open_lobby(screen, url(server), "Dee")
    sit(screen, table, board="svg.palast-board")
    result = palast_to_the_end(screen, limit=240)
    tapped = result["tapped"]
    assert {"[data-move=harbour]", "[data-move=draw]", "[data-move=end_turn]"} <= set(tapped)
    if "build" in result["offered"]:
        assert any(k in tapped for k in ("[data-move=build]", "[data-move=build][data-choice]"))
    screen.wait_until("() => document.querySelector('.results')")
    assert screen.errors() == []
