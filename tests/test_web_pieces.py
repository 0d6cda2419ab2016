"""The pieces name and explain themselves on the phone (issue 27, item 5): through the first game
of a title the pieces carry their names, and a piece or symbol that is no move explains itself
on a tap — in words of the game's voice (`pieces`, sent with the rules), never the page's own.
Chromium through Playwright, as tests/test_web_page.py (skipped without it)."""

from __future__ import annotations

from client.words import i18n
from shared import talk
from tests.test_web_page import host_table, needs_browser, open_lobby, phone
from tests.web_games import sit

pytestmark = needs_browser


def said(game: str, piece_id: str, part: str = "name") -> str:
    """A piece's name (or what it is, by itself or by its kind) in English, as the voice says it."""
    pieces = talk.rules(game)["pieces"]
    line = pieces[piece_id][part] or pieces[piece_id.split(":")[0]][part]
    return i18n.say(line)


def lobby_to_seat(page, server, table: int) -> None:
    open_lobby(page, server)
    sit(page, table)


def explained(page, selector: str) -> str:
    """Tap the piece `selector` and return the note it shows (the note is closed again)."""
    page.locator(selector).first.tap()
    note = page.wait_for_selector(".piece-note")
    text = note.inner_text()
    page.tap(".piece-note")
    page.wait_for_selector(".piece-note", state="detached")
    return text


def test_bijoux_plaques_carry_their_names_in_the_first_game_and_explain_themselves(server, browser):
    game = "magie-des-bijoux"
    table = host_table(server, game, 2, {"first_seat": 0})
    page = phone(browser)
    lobby_to_seat(page, server, table)
    # The first showing: every plaque carries its name (the voice's), the pawn still to place.
    page.wait_for_selector("svg.bijoux .piece-name")
    view = page.evaluate("() => window.jeweltable.stream.view")
    names = page.locator("svg.bijoux .piece-name").all_text_contents()
    assert len(names) == view["rows"] * view["cols"]
    assert names == [said(game, f"plaque:{n}") for n in view["settings"]]
    page.locator(".plaque.legal").first.tap()
    # Once the pawn stands, a plaque that is no move says what it is worth on a tap.
    page.wait_for_function(
        "() => document.querySelectorAll('.plaque.explains').length > 0"
        " && document.querySelectorAll('.plaque.legal').length > 0"
    )
    settings = int(page.locator(".plaque.explains").first.locator(".value").text_content())
    note = explained(page, ".plaque.explains .value")
    assert said(game, f"plaque:{settings}") in note.lower()
    assert "worth" in note and str(settings) in note
    note = explained(page, ".pawn.explains:not(.previous)")
    assert said(game, "pawn", "about") in note
    assert page.errors == []


def test_bijoux_pieces_are_named_only_on_a_tap_after_the_first_game(server, browser):
    table = host_table(server, "magie-des-bijoux", 2, {"first_seat": 0})
    page = phone(browser)
    open_lobby(page, server)
    page.evaluate("() => localStorage.setItem('jeweltable.named.magie-des-bijoux', '1')")
    sit(page, table, 0, ".plaque.legal")
    page.wait_for_function("() => window.jeweltable.uiVersion > 0")
    assert page.locator("svg.bijoux .piece-name").count() == 0
    assert page.errors == []


def test_kollier_gems_explain_their_value_on_a_tap(server, browser):
    game = "das-kollier"
    table = host_table(server, game, 3, {"quiet_time": 30, "first_seat": 0})
    page = phone(browser, locale="de-DE")
    lobby_to_seat(page, server, table)
    page.wait_for_selector(".gem-card.explains")
    note = explained(page, ".gem-card.explains")
    # In the page's language: the gem's name, its base value and how rare it is.
    assert "Grundwert" in note and "Karte" in note, note
    assert page.errors == []


def test_kette_cards_and_symbols_explain_themselves(server, browser):
    game = "kette-von-saba"
    table = host_table(server, game, 3, {"first_seat": 1})
    page = phone(browser)
    lobby_to_seat(page, server, table)
    # A bot sells a card: the card on sale and the cards of the hand name themselves.
    page.wait_for_selector(".kcard.on-sale.explains")
    lot = page.evaluate("() => window.jeweltable.stream.view.lot")
    piece_id = "lion" if lot == "joker" else f"card:{lot}"
    assert said(game, piece_id) in page.inner_text(".block")
    note = explained(page, ".kcard.on-sale.explains")
    assert said(game, piece_id) in note.lower() or said(game, piece_id) in note
    assert said(game, piece_id.split(":")[0], "about")[:20] in note
    note = explained(page, "[data-piece=forgeries]")
    assert said(game, "forgeries", "about") in note
    note = explained(page, "[data-piece=deck]")
    assert "2,000" in note
    assert page.errors == []
