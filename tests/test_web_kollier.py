"""Das Kollier's page (client/web/games/das-kollier.js) shows the table's talk: at positions of
real games, every legal move is offered, labelled by the talk, and a move with a warning asks for
a second tap and shows its warning first; the game log is the voice's. Chromium through
Playwright, as tests/test_web_page.py (skipped without them)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from babel.messages.pofile import read_po

from client.words import i18n
from shared import talk
from shared.games.das_kollier import GAME
from shared.games.das_kollier.gems import VALUE
from shared.randomplay import random_step
from shared.talk.das_kollier.terms import GEM_NAMES
from tests.test_web_page import host_table, needs_browser, open_lobby, phone, url

pytestmark = needs_browser
LOCALE = Path(__file__).resolve().parent.parent / "client" / "locale"

# Draws the seat's controls and facts for a position given from Python (view, legal moves, the
# talk as the server sends it), in a box over the page; taps are recorded, not sent.
PROBE = """async (position) => {
  const game = await import("./games/das-kollier.js");
  const sent = [];
  const ui = {};
  const stream = {view: position.view, legal_moves: position.legal, seq: 1};
  const old = document.getElementById("probe");
  if (old) old.remove();
  const box = document.createElement("div");
  box.id = "probe";
  box.style.cssText = "position:fixed;inset:0;z-index:9;background:#0f2e2b;overflow:auto";
  document.body.append(box);
  const ctx = {seat: position.seat, name: (s) => `P${s}`, legal: position.legal, ui,
               talk: position.talk, seq: 1, move: (m) => sent.push(m), rerender: () => draw()};
  function draw() {
    box.replaceChildren(game.board(position.view, ctx), game.controls(stream, ctx),
                        game.facts(position.view, ctx));
  }
  draw();
  window.probe = {sent, ui, draw};
}"""

# The legal moves that have no control of their own (by their key, `move:` and the JSON).
MISSING = """(legal) => {
  const keys = new Set([...document.querySelectorAll('#probe [data-tap]')]
    .map((el) => el.dataset.tap));
  return legal.filter((m) => !keys.has('move:' + JSON.stringify(m)));
}"""


def positions(count: int, seed: int) -> list[dict]:
    """Positions of random games at a seat to act (the page's own seat), the first of each kind
    (phase, whether a move warns, whether a bid is beyond the listing), up to `count`."""
    rng = random.Random(seed)
    found: dict[tuple, dict] = {}
    for g in range(60):
        state = GAME.new_game(rng.getrandbits(32), 3 + g % 3)
        while not GAME.is_over(state) and len(found) < count:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_moves(state, seat)
            view = GAME.view(state, seat)
            moment = talk.Moment(view=view, seat=seat, legal=legal, to_act=GAME.to_act(state))
            said = talk.talk("das-kollier", moment)
            warned = any(e["warn"] for e in said["moves"])
            unlisted = view["phase"] == "open" and not any(m["type"] == "bid" for m in legal)
            kind = (view["phase"], warned, unlisted and seat != view["auctioneer"])
            if kind not in found:
                found[kind] = {
                    "view": view,
                    "legal": [dict(m) for m in legal],
                    "seat": seat,
                    "talk": said,
                }
            mover, move = random_step(GAME, state, rng)
            state, _ = GAME.apply(state, mover, move)
        if len(found) >= count:
            break
    return list(found.values())


def test_every_legal_move_is_offered_and_a_warned_one_asks_twice(server, browser):
    page = phone(browser)
    page.goto(url(server))
    page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    warned = unlisted = 0
    chosen = positions(14, 5)
    assert len(chosen) >= 8
    for position in chosen:
        page.evaluate(PROBE, position)
        if page.locator("#probe #sell").count():
            page.tap("#probe #sell")  # the sales open behind "Sell to the bank…"
        assert page.evaluate(MISSING, position["legal"]) == [], position["view"]["phase"]
        # Labelled by the talk, as pygame says it.
        for move, entry in zip(position["legal"], position["talk"]["moves"], strict=True):
            if move["type"] == "sealed_bid":
                continue
            label = i18n.say(entry["label"], lambda s: f"P{s}")
            assert page.locator("#probe [data-tap]", has_text=label).count(), label
        for move, entry in zip(position["legal"], position["talk"]["moves"], strict=True):
            if not entry["warn"]:
                continue
            warned += 1
            index = page.evaluate(
                "(m) => [...document.querySelectorAll('#probe [data-tap]')]"
                ".findIndex((el) => el.dataset.tap === 'move:' + JSON.stringify(m))",
                move,
            )
            control = page.locator("#probe [data-tap]").nth(index)
            control.tap()
            assert page.evaluate("() => window.probe.sent") == []
            assert page.locator("#probe button.armed").count() == 1
            alert = page.locator("#probe [role=alert]").inner_text()
            assert i18n.say(entry["warn"], lambda s: f"P{s}") in alert
            page.locator("#probe button.armed").tap()
            assert page.evaluate("() => window.probe.sent") == [move]
            page.evaluate(PROBE, position)
            break
        # A bid beyond what the engine lists is offered too, with the warning (decision 10).
        view = position["view"]
        if (
            view["phase"] == "open"
            and position["seat"] != view["auctioneer"]
            and not any(m["type"] == "bid" for m in position["legal"])
            and position["seat"] not in view["defaulters"]
        ):
            unlisted += 1
            page.tap("#probe [data-tap=unlisted-bid]")
            assert page.evaluate("() => window.probe.sent") == []
            assert "beyond your means" in page.locator("#probe [role=alert]").inner_text()
            page.tap("#probe button.armed")
            sent = page.evaluate("() => window.probe.sent")
            auction = view["auction"]
            least = auction["start_price"] if auction["bid"] is None else auction["bid"] + 1000
            assert sent == [{"type": "bid", "amount": least}]
    assert warned >= 2 and unlisted >= 1
    assert page.errors == []


def test_the_lot_cards_say_each_gems_name_and_value(server, browser):
    page = phone(browser)
    page.goto(url(server))
    page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    position = positions(1, 9)[0]
    page.evaluate(PROBE, position)
    cards = page.locator("#probe .gem-card")
    assert cards.count() == len(position["view"]["lot"])
    for i, gem in enumerate(position["view"]["lot"]):
        text = cards.nth(i).text_content()
        name = i18n.say(GEM_NAMES[gem])
        assert name in text and f"{VALUE[gem]:,}" in text, text
    assert page.errors == []


# What each field of a log sentence may hold in English: an amount, a player's name, gems...
FIELDS = {
    "amount": r"\$[\d,]+",
    "name": r"[^$,:.]+",
    "gems": r"[a-z\d ,]+",
    "gem": r"[a-z]+",
    "cards": r"\d+ cards?",
    "bids": r"[^$,:.]+ \$[\d,]+(, [^$,:.]+ \$[\d,]+)*",
}
KINDS = {
    "amount": ("amount", "price", "cash", "paid", "owed", "value"),
    "name": ("name", "asked", "accepter", "buyer"),
    "bids": ("bids", "gifts"),
}


def voice_sentences() -> re.Pattern:
    """Any of the voice's log sentences in English (shared/talk/das_kollier/log.py,
    "das-kollier.log"), each field filled with what it may hold."""
    with (LOCALE / "jeweltable.pot").open("rb") as f:
        found = [
            m.id
            for m in read_po(f)
            if m.context == "das-kollier.log" and m.id.endswith(".")  # not a sentence's part
        ]
    assert len(found) > 20
    kind = {field: k for k, fields in KINDS.items() for field in fields}

    def field(match: re.Match) -> str:
        name = match.group(1)
        return f"(?:{FIELDS[kind.get(name, name)]})"

    templates = [re.sub(r"\\\{(\w+)\\\}", field, re.escape(m)) for m in found]
    return re.compile("|".join(f"(?:{t})" for t in templates))


def test_the_log_on_the_page_is_the_voices(server, browser):
    """A spectator page at a table of bots writes the game log as Das Kollier's voice tells it
    (the talk's `log`): every line one of its sentences, no field left unfilled."""
    table = host_table(server, "das-kollier", 3, {"quiet_time": 1}, bots=[0, 1, 2])
    page = phone(browser)
    open_lobby(page, server, "Dee")
    page.tap(f"[data-table='{table}'] .watch")
    page.wait_for_selector("main.table[data-seq]")
    page.wait_for_function(
        "() => window.jeweltable.log.length >= 8"
        " || (window.jeweltable.stream && window.jeweltable.stream.status === 'finished')",
        timeout=60_000,
    )
    lines = page.evaluate("() => window.jeweltable.log")
    told = voice_sentences()
    assert len(lines) >= 8
    for line in lines:
        assert told.fullmatch(line), line
        assert "{" not in line, line
    offered = (" opens the bidding at $", " offers the lot in turn at $")
    assert any(words in line for line in lines for words in offered), lines
    assert page.errors == []
