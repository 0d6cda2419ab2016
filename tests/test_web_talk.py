"""The table's talk on the phone: the moment at the top, every legal move offered with the talk's
words, and the rules behind "?" in the page's language (Playwright on Debian's chromium)."""

from __future__ import annotations

from shared import talk
from tests.test_web_page import host_table, open_lobby, phone
from tests.web_games import sit


def shown(page) -> dict:
    return page.evaluate(
        "() => { const a = window.jeweltable; return {talk: a.shownTalk, sent: a.stream.talk,"
        " legal: a.stream.legal_moves.length, seq: a.stream.seq} }"
    )


def test_the_phone_shows_the_moment_at_the_top_and_offers_every_legal_move(server, browser):
    table = host_table(server, "magie-des-bijoux", 2)
    page = phone(browser)
    open_lobby(page, server)
    sit(page, table, 0, ".moment")
    for _ in range(3):
        page.wait_for_function("() => window.jeweltable.stream.legal_moves.length > 0")
        now = shown(page)
        # What the page shows is the server's talk for this seat, one entry per legal move.
        assert now["talk"] == now["sent"]
        assert len(now["talk"]["moves"]) == now["legal"]
        # Every legal move is a glowing plaque, labelled with the talk's words.
        assert page.locator(".plaque.legal").count() == now["legal"]
        labels = page.locator(".plaque.legal").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert all(label and "row" in label for label in labels)
        # The moment sits above the board, at the top of the screen.
        moment = page.locator(".moment").bounding_box()
        board = page.locator(".board").bounding_box()
        assert moment["y"] + moment["height"] <= board["y"] + 1
        assert moment["y"] < 200
        page.locator(".plaque.legal").first.tap()
        if page.locator(".armed").count():
            page.locator(".armed").first.tap()
        page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=now["seq"])
    assert page.errors == []


def test_the_rules_open_behind_the_question_mark_with_the_moment_first(server, browser):
    table = host_table(server, "magie-des-bijoux", 2)
    page = phone(browser, locale="de-DE")
    open_lobby(page, server)
    sit(page, table, 0, ".moment")
    page.tap("#rules")
    page.wait_for_selector(".sheet section")
    rules = talk.rules("magie-des-bijoux")
    assert page.locator(".sheet section").count() == len(rules["sections"])
    topic = page.evaluate("() => window.jeweltable.stream.talk.topic")
    assert page.locator(".sheet section").first.get_attribute("data-topic") == topic
    text = page.inner_text(".sheet")
    assert "Gewinne Schmuckplatten" in text  # the goal, in German
    assert "Wertung" in text
    # The rules' long texts come apart from the page's words, fetched as the sheet opens.
    import json

    from server import web_i18n

    apart = json.loads(web_i18n.catalog_json("de", "rules"))["messages"]
    own = [v for k, v in apart.items() if k.startswith("magie-des-bijoux") and "{" not in v]
    assert own and all(german in text for german in own)
    page.tap("#rules-close")
    page.wait_for_selector(".sheet", state="detached")
    assert page.errors == []
