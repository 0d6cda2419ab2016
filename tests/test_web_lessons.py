"""The phone learns La Magie des Bijoux (issue 28): "Learn to play" in the lobby, the step above
the board with the plaque it teaches lit and the others quiet, a wrong plaque answered with the
step's line and the same step again, the lesson tapped through to the scoring on the learner's
result, and "Play a real game" one tap away — in English and in German; and Das Kollier's,
Die Kette von Saba's and Saba – Palast's, through their fast-forwards."""

from __future__ import annotations

import json

import pytest

from server import lessons as server_lessons
from server import web_i18n
from shared import lessons, talk
from tests.test_web_page import open_lobby, phone

READY = """() => {
  const lesson = window.jeweltable.stream && window.jeweltable.stream.lesson;
  const lit = document.querySelector('.plaque.hinted');
  return Boolean(lesson && (lesson.done || (!lesson.watch && lit)));
}"""

WORDS = {
    "en-GB": ("Learn to play", "Step 1 of 11", "third row", "Lesson done", "You win"),
    "de-DE": (
        "Spielen lernen",
        "Schritt 1 von 11",
        "dritten Reihe",
        "Lektion geschafft",
        "Du gewinnst",
    ),
}


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_the_phone_learns_bijoux_by_taps_with_a_wrong_move_answered(server, browser, locale):
    learn, first, ring, done, win = WORDS[locale]
    page = phone(browser, locale)
    open_lobby(page, server)
    assert learn in page.inner_text(".lessons")
    page.tap("[data-learn='magie-des-bijoux']")
    page.wait_for_function(READY)
    # The lesson's words come apart from the page's, fetched as the lesson begins.
    page.wait_for_function("t => document.querySelector('.lesson').innerText.includes(t)", arg=ring)
    assert first in page.inner_text(".lesson")
    # The step sits above the board, and only the plaques it teaches glow (any of three).
    above = "() => document.querySelector('.lesson').getBoundingClientRect().bottom"
    above += " <= document.querySelector('svg.bijoux').getBoundingClientRect().top"
    assert page.evaluate(above)
    lit = page.locator(".plaque.hinted")
    assert [lit.nth(i).get_attribute("data-plaque") for i in range(lit.count())] == [
        "2,0",
        "2,1",
        "2,2",
    ]
    # A plaque the step does not teach: its line of why, and the same step again.
    seq = page.evaluate("() => window.jeweltable.stream.seq")
    page.locator(".plaque.legal.quiet").first.tap()
    page.wait_for_selector(".lesson .refused")
    assert ring in page.inner_text(".lesson .refused")
    assert page.evaluate("() => window.jeweltable.stream.seq") == seq
    assert page.get_attribute(".lesson", "data-lesson") == "1"
    taps = 0
    while not page.evaluate("() => window.jeweltable.stream.lesson.done"):
        seq = page.evaluate("() => window.jeweltable.stream.seq")
        page.locator(".plaque.hinted").last.tap()
        if page.locator(".plaque.armed").count():
            page.locator(".plaque.armed").tap()
        taps += 1
        page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=seq)
        page.wait_for_function(READY)
        assert taps <= 11
    assert taps == 11
    assert page.locator(".lesson .refused").count() == 0
    ended = page.inner_text(".lesson")
    assert done in ended and win in ended
    # One tap to a real game: a new table of the title against bots, no lesson there.
    lesson_table = page.evaluate("() => window.jeweltable.table")
    page.tap("#real-game")
    page.wait_for_function(
        "t => window.jeweltable.table !== null && window.jeweltable.table !== t"
        " && window.jeweltable.stream && window.jeweltable.stream.status === 'playing'",
        arg=lesson_table,
    )
    assert page.locator(".lesson").count() == 0
    assert page.evaluate("() => window.jeweltable.stream.view.game") == "magie-des-bijoux"
    assert page.errors == []


def test_the_lessons_words_come_apart_from_the_pages():
    """The page's catalog leaves the lessons' words out (it stays light); `/i18n/<lang>.lessons
    .json` holds every line a lesson says, translated."""
    lesson = lessons.lesson("magie-des-bijoux")
    said = [line for step in lesson.script for line in getattr(step, "words", [])]
    said += [lessons.FINISHED_LINE, lesson.script[0].why_not]
    keys = {f"{line['c']}\x04{line['m']}" for line in talk.lines_of(said)}
    for lang in web_i18n.LANGUAGES:
        page = json.loads(web_i18n.catalog_json(lang))
        apart = json.loads(web_i18n.catalog_json(lang, "lessons"))
        assert keys <= set(apart["messages"]) and not keys & set(page["messages"])
        assert all(web_i18n.is_lesson_word(k) for k in [*apart["messages"], *apart["plurals"]])
    status, _kind, body = web_i18n.respond("/i18n/de.lessons.json")
    assert status == 200 and json.loads(body)["lang"] == "de"


KOLLIER_READY = """() => {
  const lesson = window.jeweltable.stream && window.jeweltable.stream.lesson;
  const lit = document.querySelector('.controls button.hinted');
  return Boolean(lesson && (lesson.done || (!lesson.watch && lit)));
}"""

KOLLIER_WORDS = {
    "en-GB": ("Step 1 of 14", "open auction at", "Lesson done", "You win"),
    "de-DE": ("Schritt 1 von 14", "offene Versteigerung zu", "Lektion geschafft", "Du gewinnst"),
}


@pytest.mark.parametrize("locale", sorted(KOLLIER_WORDS))
def test_the_phone_learns_das_kollier_through_its_fast_forwards(
    server, browser, locale, monkeypatch
):
    """Das Kollier's lesson by taps: the lit button of each step (the sale through its "Sell to
    the bank…" button, a warned payment tapped twice), a wrong auction answered, the table's
    fast-forwards watched, and the necklaces explained at the end."""
    first, opening, done, win = KOLLIER_WORDS[locale]
    monkeypatch.setattr(server_lessons, "FAST_PAUSE", 0.0)  # the fast-forward without a pause
    page = tall_phone(browser, locale)
    open_lobby(page, server)
    page.tap("[data-learn='das-kollier']")
    page.wait_for_function(KOLLIER_READY)
    page.wait_for_function(
        "t => document.querySelector('.lesson').innerText.includes(t)", arg=opening
    )
    assert first in page.inner_text(".lesson")
    assert page.locator(".controls button.hinted").count() == 1
    # The falling auction is not this step's: its line of why, and the same step again.
    seq = page.evaluate("() => window.jeweltable.stream.seq")
    page.locator("button[data-move='falling_auction']").tap()
    page.wait_for_selector(".lesson .refused")
    assert opening in page.inner_text(".lesson .refused")
    assert page.evaluate("() => window.jeweltable.stream.seq") == seq
    taps, leaps = 0, []
    while not page.evaluate("() => window.jeweltable.stream.lesson.done"):
        seq = page.evaluate("() => window.jeweltable.stream.seq")
        page.locator(".controls button.hinted").first.tap()
        if page.locator("#sell[aria-expanded='true']").count():
            page.locator(".sales button.hinted").tap()
        if page.locator(".controls button.armed").count():
            page.locator(".controls button.armed").tap()
        taps += 1
        page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=seq)
        page.wait_for_function(KOLLIER_READY)
        leaps.append(page.evaluate("() => window.jeweltable.stream.seq") - seq)
        assert taps <= 14
    # Twice the table played on by itself, every seat, for many moves between two steps.
    assert taps == 14 and len([leap for leap in leaps if leap > 8]) == 2
    ended = page.inner_text(".lesson")
    assert done in ended and win in ended
    assert page.errors == []


# The lesson's panel during a fast-forward: drawn for it, and no step's number in it.
FAST_PANEL = """() => {
  const lesson = window.jeweltable.stream.lesson;
  const panel = document.querySelector('.lesson');
  return Boolean(lesson.fast && panel && panel.dataset.lesson === 'fast'
    && !document.querySelector('.lesson .step-no'));
}"""


def tall_phone(browser, locale: str):
    """A page on a phone of 390×844 (the size the lessons were looked at), touch and all."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        locale=locale,
        reduced_motion="reduce",  # as phone() in tests/test_web_page.py
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def thumb(page, selector: str) -> None:
    """Scroll the first of `selector` to the middle of the screen, as a thumb does, and tap it."""
    target = page.locator(selector).first
    target.evaluate("el => el.scrollIntoView({block: 'center'})")
    target.tap()


KETTE_READY = """() => {
  const lesson = window.jeweltable.stream && window.jeweltable.stream.lesson;
  const lit = document.querySelector('.controls .hinted, svg .place.hinted');
  return Boolean(lesson && (lesson.done || (!lesson.watch && lit)));
}"""

KETTE_WORDS = {
    "en-GB": ("Step 1 of 10", "glowing", "Lesson done", "You win"),
    "de-DE": ("Schritt 1 von 10", "leuchtende", "Lektion geschafft", "Du gewinnst"),
}


@pytest.mark.parametrize("locale", sorted(KETTE_WORDS))
def test_the_phone_learns_kette_von_saba_by_following_the_lights(
    server, browser, locale, monkeypatch
):
    """Die Kette von Saba's lesson by taps on what glows: the hand card, the place on the
    necklace, the button; a wrong card answered; both fast-forwards; the money at the end."""
    first, glowing, done, win = KETTE_WORDS[locale]
    monkeypatch.setattr(server_lessons, "FAST_PAUSE", 0.0)
    page = tall_phone(browser, locale)
    open_lobby(page, server)
    page.tap("[data-learn='kette-von-saba']")
    page.wait_for_function(KETTE_READY)
    page.wait_for_function(
        "t => document.querySelector('.lesson').innerText.includes(t)", arg=glowing
    )
    assert first in page.inner_text(".lesson")
    assert page.locator(".kette-hand button.hinted").get_attribute("data-card") == "amethyst-1"
    # Another card put up for sale: the step's line of why, and the same step.
    seq = page.evaluate("() => window.jeweltable.stream.seq")
    thumb(page, ".kette-hand button[data-card]:not(.hinted)")
    thumb(page, "button[data-move='offer']")
    page.wait_for_selector(".lesson .refused")
    assert glowing in page.inner_text(".lesson .refused")
    assert page.evaluate("() => window.jeweltable.stream.seq") == seq
    thumb(page, ".kette-hand button.picked")  # put the wrong card down again
    taps = 0
    while not page.evaluate("() => window.jeweltable.stream.lesson.done"):
        seq = page.evaluate("() => window.jeweltable.stream.seq")
        for lit in (
            ".kette-hand button.hinted",
            "svg .place.hinted",
            ".controls button.hinted:not([data-card])",
        ):
            if page.locator(lit).count():
                thumb(page, lit)
        taps += 1
        page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=seq)
        page.wait_for_function(KETTE_READY)
        assert taps <= 10
    assert taps == 10
    ended = page.inner_text(".lesson")
    assert done in ended and win in ended
    assert page.errors == []


PALAST_READY = """() => {
  const lesson = window.jeweltable.stream && window.jeweltable.stream.lesson;
  const lit = document.querySelector(LIT);
  return Boolean(lesson && (lesson.done || (!lesson.watch && lit)));
}""".replace("LIT", repr(".controls button.hinted, #tray button.hinted"))
# The lit buttons: the moves below the board and the action cards in the tray.
PALAST_LIT = ".controls button.hinted, #tray button.hinted"

PALAST_WORDS = {
    "en-GB": ("Step 1 of 12", "harbour cards", "send the vizier", "Some rounds later", "You win"),
    "de-DE": (
        "Schritt 1 von 12",
        "Hafenkarten",
        "schicke den Wesir",
        "Einige Runden",
        "Du gewinnst",
    ),
}


@pytest.mark.parametrize("locale", sorted(PALAST_WORDS))
def test_the_phone_learns_saba_palast_by_following_the_lights(server, browser, locale, monkeypatch):
    """Saba – Palast's lesson by taps on what glows (a choice's opener, then the choice): the
    step's harbour field lit on the board and the other quiet, the ⚓ of the harbour cards lit;
    a wrong field answered; during the fast-forward its line heads the panel, no step's number;
    the points at the end."""
    first, cards, vizier, later, win = PALAST_WORDS[locale]
    monkeypatch.setattr(server_lessons, "FAST_PAUSE", 0.05)  # seen, yet quick
    page = tall_phone(browser, locale)
    open_lobby(page, server)
    page.tap("[data-learn='saba-palast']")
    page.wait_for_function(PALAST_READY)
    page.wait_for_function(
        "t => document.querySelector('.lesson').innerText.includes(t)", arg=cards
    )
    assert first in page.inner_text(".lesson")
    assert page.get_attribute("svg .harbour.hinted", "data-field") == "3"
    assert page.locator("svg .harbour.legal.quiet[data-field='1']").count() == 1
    assert page.locator("svg text.lit").count() == 2  # the ⚓ of fields 1 and 3
    # Harbour field 1, tapped on the board: the step's line of why, and the same step.
    seq = page.evaluate("() => window.jeweltable.stream.seq")
    thumb(page, "svg .harbour.legal.quiet[data-field='1']")
    page.wait_for_selector(".lesson .refused")
    assert vizier in page.inner_text(".lesson .refused")
    assert page.evaluate("() => window.jeweltable.stream.seq") == seq
    assert page.get_attribute(".lesson", "data-lesson") == "1"
    taps = 0
    while not page.evaluate("() => window.jeweltable.stream.lesson.done"):
        seq = page.evaluate("() => window.jeweltable.stream.seq")
        # A choice's opener first (it plays nothing), then the lit move itself.
        for _ in range(3):
            opens = page.locator(PALAST_LIT).first.get_attribute("data-step")
            thumb(page, PALAST_LIT)
            if opens is None:
                break
        # A move the table's talk warns of (materials over the limit) asks for a second tap.
        armed = ".controls button.armed, #tray button.armed"
        if page.locator(armed).count():
            thumb(page, armed)
        taps += 1
        page.wait_for_function("seq => window.jeweltable.stream.seq > seq", arg=seq)
        if taps == 9:  # the second arch: the table plays on by itself
            # Seen in one look at the page (the fast-forward may be over by the next look): the
            # panel drawn for the fast-forward, no step's number in it.
            page.wait_for_function(FAST_PANEL)
            assert later in page.inner_text(".lesson")
        page.wait_for_function(PALAST_READY)
        assert taps <= 12
    assert taps == 12
    ended = page.inner_text(".lesson")
    assert win in ended and "★" in ended
    assert page.errors == []
