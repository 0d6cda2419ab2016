"""The phone asks for a hint on its turn: the Hint button, the move lit on the board and said
in the page's language (the table's talk for that move), gone once the position moves on."""

from __future__ import annotations

from tests.test_web_page import host_table, open_lobby, phone
from tests.web_games import sit


def test_the_phone_asks_for_a_hint_and_sees_the_move_lit_and_said(server, browser):
    table = host_table(server, "magie-des-bijoux", 2, options={"first_seat": 0})
    page = phone(browser)
    open_lobby(page, server)
    sit(page, table, 0, ".moment")
    page.wait_for_function("() => window.jeweltable.stream.legal_moves.length > 0")
    page.tap("#hint")
    page.wait_for_selector(".turn .hint")
    hinted = page.evaluate(
        "() => { const a = window.jeweltable; return {hint: a.hint, legal: a.stream.legal_moves,"
        " seq: a.stream.seq} }"
    )
    answer = hinted["hint"]
    assert answer["seq"] == hinted["seq"] and answer["move"] == hinted["legal"][answer["index"]]
    # Lit on the board: the plaque of the hinted move, and only it.
    row, col = answer["move"]["plaque"]
    assert page.locator(".plaque.hinted").count() == 1
    assert page.locator(".plaque.hinted").get_attribute("data-plaque") == f"{row},{col}"
    # Said with the talk's words for that move: the plaque's own label names it by them
    # (before " — ", what the plaque holds, for a screen reader).
    label = page.locator(".plaque.hinted").get_attribute("aria-label").split(" — ")[0]
    assert label and label in page.locator(".turn .hint").inner_text()
    page.locator(".plaque.hinted").tap()
    if page.locator(".armed").count():
        page.locator(".armed").first.tap()
    page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=hinted["seq"])
    assert page.locator(".plaque.hinted").count() == 0 and page.locator(".turn .hint").count() == 0
    assert page.errors == []
