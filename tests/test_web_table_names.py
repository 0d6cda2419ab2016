"""A table's name on the TV (client/web/tv.js, tvroom.js): the overview's card and the one
table's view say it after the table's number, as the lobbies do. Chromium through Playwright,
as tests/test_web_page.py (skipped without them)."""

from __future__ import annotations

from tests.test_web_page import host_table, needs_browser
from tests.test_web_tv import television, tv_url

pytestmark = needs_browser


def test_the_tv_names_a_table_after_its_number_in_the_overview_and_the_table_view(server, browser):
    named = host_table(server, "magie-des-bijoux", 2, bots=[], table_name=" Opal  room ")
    plain = host_table(server, "magie-des-bijoux", 2, bots=[])
    page = television(browser)
    page.goto(tv_url(server))
    card = page.locator(f"[data-room-table='{named}']")
    card.wait_for()
    assert "Opal room" in card.inner_text()
    page.wait_for_selector(f"[data-room-table='{plain}']")
    assert "·" not in page.inner_text(f"[data-room-table='{plain}'] .table-no")
    page.goto(tv_url(server, named))
    header = page.locator(".tv-top .table-no")
    header.wait_for()
    assert header.inner_text() == f"Table #{named} · Opal room"
    assert page.errors == []
