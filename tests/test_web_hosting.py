"""The phone as a full seat: a table set up on the page (client/web/newtable.js) as pygame's
New-table dialog sets one up, joined by its number, and the phone at the table (attable.js):
awake, the turn in the title and a buzz, what leaving does to the seat, an icon to add it to
the home screen."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pygame

from tests.test_web_page import (
    BIJOUX_TAPS,
    WEB,
    host_table,
    open_lobby,
    phone,
    stream,
    tap_any,
    too_small,
    url,
)
from tests.web_games import sit


def tables(page) -> dict:
    return page.evaluate("() => Object.fromEntries(window.jeweltable.tables)")


def card_of_number(page, number: int):
    """The lobby card that says "Table #number", as a person reading the room would find it."""
    return page.locator("li.table", has_text=f"Table #{number} ")


def play_both_to_the_end(pages: list, limit: float = 240.0) -> list[int]:
    """Tap a legal plaque on whichever phone may move until both see the game over; the taps
    each made."""
    taps = [0] * len(pages)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        now = [stream(page) for page in pages]
        if all(s and s["status"] == "finished" for s in now):
            return taps
        moved = False
        for i, (page, seen) in enumerate(zip(pages, now, strict=True)):
            playing = seen and seen["status"] == "playing" and seen["legal"]
            if playing and tap_any(page, BIJOUX_TAPS):
                taps[i] += 1
                moved = True
                page.wait_for_function(
                    "seq => window.jeweltable.stream.seq !== seq"
                    " || !window.jeweltable.stream.legal_moves.length",
                    arg=seen["seq"],
                    timeout=5000,
                )
        if not moved:
            pages[0].wait_for_timeout(30)
    raise AssertionError(f"the game did not end within {limit} s: {[stream(p) for p in pages]}")


def test_a_mixed_table_made_on_a_phone_is_joined_by_its_number_and_played_to_the_end(
    server, browser
):
    ada = phone(browser)
    open_lobby(ada, server, "Ada")
    ada.tap("[data-game='magie-des-bijoux']")
    ada.tap("[data-players='3']")
    # Seat 2 for a person, seat 3 a random bot; the table's settings folded below the seats.
    ada.select_option("[data-seat-kind='1']", label="open for a person")
    ada.select_option("[data-seat-kind='2']", label="bot (random)")
    ada.tap("#table-settings summary")
    ada.select_option("#clock", label="1 min a move")
    ada.select_option("#option-first_seat", label="Seat 2")
    ada.fill("#new-password", "opal")
    assert ada.inner_text("#create") == "Create table"
    ada.tap("#create")
    ada.wait_for_selector(".waiting #close-table")
    number = ada.evaluate("() => window.jeweltable.table")
    assert f"Table #{number}" in ada.inner_text(".waiting .table-no")
    made = tables(ada)[str(number)]
    assert made["locked"] and made["clock"] == {"kind": "move", "seconds": 60}
    assert made["options"]["first_seat"] == 1 and made["undo"] is True
    ada.wait_for_function(
        "n => window.jeweltable.tables.get(n).seats[2].kind === 'bot'", arg=number
    )
    assert [s["kind"] for s in tables(ada)[str(number)]["seats"]] == ["human", "empty", "bot"]
    assert tables(ada)[str(number)]["seats"][2]["level"] == "random"
    assert ada.locator("#start").count() == 0

    bea = phone(browser)
    open_lobby(bea, server, "Bea")
    card = card_of_number(bea, number)
    card.wait_for()
    assert "password" in card.inner_text()
    asked = []

    def answer(dialog) -> None:
        asked.append(dialog.type)
        dialog.accept("opal")

    bea.on("dialog", answer)
    card.locator("[data-seat='1']").tap()
    bea.wait_for_selector(".waiting")
    assert asked == ["prompt"]
    # Every seat taken: the host starts.
    ada.wait_for_selector("#start")
    ada.tap("#start")
    for page in (ada, bea):
        page.wait_for_selector("main.table[data-seq]")
    assert stream(ada)["seat"] == 0 and stream(bea)["seat"] == 1
    # Leaving says what becomes of the seat at this table (a clock, no stand-in bot); kept.
    said = []
    ada.once("dialog", lambda dialog: (said.append(dialog.message), dialog.dismiss()))
    ada.tap("#leave")
    assert said and "when its time runs out a bot moves for it" in said[0]
    assert ada.evaluate("() => window.jeweltable.table") == number
    taps = play_both_to_the_end([ada, bea])
    assert min(taps) >= 3, taps
    for page in (ada, bea):
        page.wait_for_selector(".results")
        assert page.errors == []


def test_the_creator_fills_the_open_seats_with_bots_then_closes_the_table(server, browser):
    page = phone(browser)
    open_lobby(page, server)
    page.select_option("[data-seat-kind='1']", label="open for a person")
    page.select_option("[data-seat-kind='2']", label="open for a person")
    page.tap("#create")
    page.wait_for_selector("#close-table")
    number = page.evaluate("() => window.jeweltable.table")
    assert page.locator("#start").count() == 0
    page.tap("#fill-bots")
    page.wait_for_selector("#start")
    kinds = [s["kind"] for s in tables(page)[str(number)]["seats"]]
    assert kinds == ["human", "bot", "bot"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.tap("#close-table")
    page.wait_for_selector("#create")
    assert str(number) not in tables(page)
    assert page.errors == []


def test_the_new_table_form_fits_a_phone(server, browser):
    page = phone(browser)
    open_lobby(page, server)
    page.tap("#table-settings summary")
    page.wait_for_selector("#clock")
    assert too_small(page) == []
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, "the lobby is wider than the phone"


def test_lobby_news_leaves_the_form_as_it_is(server, browser):
    # A menu being chosen from is the same element after a table appears in the lobby.
    page = phone(browser)
    open_lobby(page, server)
    page.select_option("[data-seat-kind='1']", label="bot (strong)")
    page.evaluate("() => { document.querySelector('[data-seat-kind=\"1\"]').held = true; }")
    table = host_table(server, "das-kollier", 3)
    page.wait_for_selector(f"[data-table='{table}']")
    assert page.evaluate("() => document.querySelector('[data-seat-kind=\"1\"]').held") is True
    assert page.input_value("[data-seat-kind='1']") == "3"  # bot (strong), the fourth kind


# Every buzz the page asks for, and a page without the Wake Lock API (a plain http:// address).
BUZZES = "window.buzzes = []; navigator.vibrate = (ms) => { window.buzzes.push(ms); return true; };"
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
# A Wake Lock API that grants every request and lists the locks (headless chromium's own
# answer depends on its window's focus).
WAKE_LOCK = """window.locks = [];
Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get() { return {
  request: async (type) => {
    const lock = new EventTarget();
    Object.assign(lock, {type, released: false, release: async () => {
      lock.released = true; lock.dispatchEvent(new Event('release')); }});
    window.locks.push(lock);
    return lock;
  }}; }});"""
# Every title the page sets, in order (a bot's answer may follow a move within milliseconds).
TITLES = """window.titles = [];
const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
Object.defineProperty(Document.prototype, 'title', {configurable: true, get() {
  return title.get.call(this); }, set(v) { window.titles.push(v); title.set.call(this, v); }});"""


def test_seated_the_screen_stays_awake_and_the_turn_shows_in_the_title_and_buzzes(server, browser):
    table = host_table(server, "magie-des-bijoux", 2, {"first_seat": 0})
    page = phone(browser)
    page.add_init_script(BUZZES + NO_WAKE_LOCK + TITLES)
    open_lobby(page, server)
    assert page.evaluate("() => window.jeweltable.awake") == "off"
    assert page.get_attribute("#vibrate", "aria-pressed") == "true"
    sit(page, table, 0, ".plaque.legal")
    # The title follows the drawing (a loaded machine may show the board a moment before).
    page.wait_for_function("() => document.title.startsWith('● Your turn')", timeout=5000)
    page.wait_for_function("() => window.buzzes.length > 0", timeout=5000)
    assert page.evaluate("() => window.buzzes") == [200]
    # Without the API the video fallback needs a tap: the first one at the table starts it.
    assert page.evaluate("() => window.jeweltable.awake") == "waiting-for-tap"
    page.wait_for_function("() => window.NoSleep")  # fetched only now that it is needed
    tap_any(page, BIJOUX_TAPS)
    page.wait_for_function("() => window.jeweltable.awake === 'video'")
    # The bot's turn, then this seat's again: the title says so each time, the phone buzzes.
    page.wait_for_function("() => window.buzzes.length === 2", timeout=10000)
    titles = page.evaluate("() => window.titles")
    assert titles[-3:] == ["● Your turn · Jewel Table", "Jewel Table", "● Your turn · Jewel Table"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.tap("#leave")
    page.wait_for_selector("#create")
    assert page.evaluate("() => window.jeweltable.awake") == "off"
    page.wait_for_function("() => document.title === 'Jewel Table'", timeout=5000)
    assert page.errors == []


def test_a_phone_turned_quiet_does_not_buzz_and_the_wake_lock_holds_where_there_is_one(
    server, browser
):
    table = host_table(server, "magie-des-bijoux", 2, {"first_seat": 0}, takeover="basic")
    page = phone(browser)
    page.add_init_script(BUZZES + WAKE_LOCK)
    open_lobby(page, server)
    page.tap("#vibrate")
    assert page.get_attribute("#vibrate", "aria-pressed") == "false"
    sit(page, table, 0, ".plaque.legal")
    page.wait_for_function("() => document.title.startsWith('● Your turn')", timeout=5000)
    assert page.evaluate("() => window.buzzes") == []
    page.wait_for_function("() => window.jeweltable.awake === 'wake-lock'")
    assert page.evaluate("() => window.locks.map((l) => [l.type, l.released])") == [
        ["screen", False]
    ]
    said = []
    page.once("dialog", lambda dialog: (said.append(dialog.message), dialog.dismiss()))
    page.tap("#leave")
    assert said and "A bot plays your seat until someone sits there" in said[0]
    page.once("dialog", lambda dialog: dialog.accept())
    page.tap("#leave")
    page.wait_for_selector("#create")
    assert page.evaluate("() => window.locks.map((l) => l.released)") == [True]
    assert page.evaluate("() => window.jeweltable.awake") == "off"
    assert page.errors == []


def test_the_name_takes_effect_with_ok_or_as_typed(server, browser):
    page = phone(browser)
    page.goto(url(server))
    page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    page.fill("#name", "Ada")
    page.tap("#name-ok")
    page.wait_for_selector("#create")
    assert page.evaluate("() => localStorage.getItem('jeweltable.name')") == "Ada"
    page.fill("#name", "Adele")  # no Enter, no OK, the field kept: taken after a pause
    page.wait_for_function("() => localStorage.getItem('jeweltable.name') === 'Adele'")
    assert page.evaluate("() => document.activeElement.id") == "name"


def test_the_manifest_and_its_icons_are_served_for_the_home_screen(server):
    base = url(server)
    with urllib.request.urlopen(base + "manifest.webmanifest", timeout=5) as answer:
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(answer)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    purposes = set()
    for icon in manifest["icons"]:
        with urllib.request.urlopen(base + icon["src"], timeout=5) as answer:
            assert answer.headers["Content-Type"] == "image/png"
        drawn = pygame.image.load(str(WEB / icon["src"]))
        assert f"{drawn.get_width()}x{drawn.get_height()}" == icon["sizes"]
        purposes.add(icon["purpose"])
    assert purposes == {"any", "maskable"}
    index = (WEB / "index.html").read_text()
    assert 'rel="manifest" href="manifest.webmanifest"' in index
    assert Path(WEB / "icons" / "apple-touch-icon.png").is_file()


def test_the_vendored_nosleep_is_the_pinned_file_with_its_licence():
    import hashlib

    vendored = (WEB / "vendor" / "NoSleep.min.js").read_bytes()
    readme = (WEB / "vendor" / "README.md").read_text()
    assert hashlib.sha256(vendored).hexdigest() in readme
    assert vendored.startswith(b"/*! NoSleep.min.js v0.12.0")
    assert "MIT" in (WEB / "vendor" / "LICENSE-nosleep.txt").read_text()
