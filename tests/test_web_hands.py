"""A hand on idle seats from two phones: the table's creator nudges the other person, hands
their idle seat to a bot and pauses the table; the other person feels the nudge, sees who waits
for them, takes the seat back, and sees the pause (docs/protocol.md, "A hand on idle seats")."""

from __future__ import annotations

from server import standins
from tests.test_web_page import open_lobby, phone


def test_the_creator_nudges_hands_and_pauses_and_the_other_takes_the_seat_back(
    server, browser, monkeypatch
):
    # The server runs in this process: a seat counts as idle after a short wait here.
    monkeypatch.setattr(standins, "IDLE_SEAT", 0.3)
    ada = phone(browser)
    bob = phone(browser)
    # Bob's phone tells when it buzzes.
    bob.add_init_script(
        "window.buzzes = []; navigator.vibrate = (p) => { window.buzzes.push(p); return true; };"
    )
    # Each phone comes back with its kept name, as a person's next visit does: the server names
    # the nudger by the name its connection said hello with.
    for page, name in ((ada, "Ada"), (bob, "Bob")):
        open_lobby(page, server, name)
        page.reload()
        page.wait_for_function("() => window.jeweltable.welcome")
    # What the New table form's create does (Bob plays first, so Ada waits for him).
    ada.evaluate(
        "() => { const app = window.jeweltable;"
        " app.plan = {kinds: ['me', 'open'], names: {}}; app.creating = true;"
        " app.connection.send({t: 'create', game: 'magie-des-bijoux', seats: 2, name: 'Ada',"
        " options: {first_seat: 1}}) }"
    )
    ada.wait_for_selector("#fill-bots")
    table = ada.evaluate("() => window.jeweltable.table")
    bob.wait_for_selector(f"[data-table='{table}'] [data-seat='1']")
    bob.tap(f"[data-table='{table}'] [data-seat='1']")
    ada.tap("#start")
    ada.wait_for_selector("main.table[data-seq] .hands")
    bob.wait_for_selector("main.table[data-seq]")
    # Only the creator has the hand: Bob's page offers none.
    assert bob.locator(".hands").count() == 0
    assert ada.locator("[data-hand-seat]").count() == 1

    ada.tap("[data-tap='nudge:1']")
    bob.wait_for_selector(".notice.nudge")
    assert "Ada is waiting for you" in bob.locator(".notice.nudge").inner_text()
    # The nudge's own buzz (the turn's cue buzzed once before, its own way).
    assert [120, 80, 120] in bob.evaluate("() => window.buzzes")
    ada.wait_for_selector(".toast:has-text('Bob was nudged.')")

    # Bob keeps the table waiting: his seat goes to a bot, and he takes it back.
    ada.wait_for_timeout(400)
    ada.tap("[data-tap='hand:1']")
    bob.wait_for_selector(".notice.handed #reclaim")
    assert "Ada handed your seat to a bot." in bob.locator(".notice.handed").inner_text()
    ada.wait_for_selector("[data-hand-seat='1'] small")  # "a bot plays" beside his name
    bob.tap("#reclaim")
    bob.wait_for_selector(".notice.handed", state="detached")
    ada.wait_for_selector("[data-tap='hand:1']")

    # A pause shows on both phones, and no moves are offered meanwhile.
    ada.tap("#pause")
    ada.wait_for_selector(".notice.paused")
    bob.wait_for_selector(".notice.paused")
    assert bob.locator(".controls").count() == 0 and ada.locator(".controls").count() == 0
    assert ada.locator("#pause").inner_text() == "Resume"
    # A refusal comes back as its reason: Bob may not pause, and is told why.
    bob.evaluate(
        f"() => window.jeweltable.connection.send({{t: 'pause', table: {table}, paused: false}})"
    )
    bob.wait_for_selector('.toast:has-text("Only the table\'s host can do that.")')
    ada.tap("#pause")
    bob.wait_for_selector(".notice.paused", state="detached")
    ada.wait_for_selector(".notice.paused", state="detached")

    # Remove, asked twice (remove? then open the seat): Bob is told, and his seat opens.
    ada.on("dialog", lambda dialog: dialog.accept())
    ada.tap("[data-tap='remove:1']")
    bob.wait_for_selector(".notice.removed")
    ada.wait_for_function(f"() => window.jeweltable.tables.get({table}).seats[1].kind === 'empty'")
    assert ada.errors == [] and bob.errors == []
