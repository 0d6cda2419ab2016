"""Pass and play on one tablet (client/web/passplay.js): the page's New table makes three "me"
seats with a name each, the server sends the page every seat's stream, and the page shows only
the seat whose turn it is — behind a curtain ("Pass the device to Bea", a tap reveals) that
holds nothing of any seat, on screen or in the DOM. A whole game of Das Kollier (its money and
gems are secret; La Magie des Bijoux has no secrets, so no curtain) played by taps on a
1024×768 touch screen, its open auctions passing the device to each bidder in turn. And the
page's lobby card names a table by its number and its name. Chromium through Playwright, as
tests/test_web_page.py (skipped without them)."""

from __future__ import annotations

import time
from typing import Any

import msgpack

from shared.games.das_kollier.gems import GEMS
from tests.test_web_page import host_table, needs_browser, open_lobby
from tests.web_games import BOTH_WAYS, KOLLIER_TAPS, look, screen_of, tap_first

pytestmark = needs_browser
TABLET = {"width": 1024, "height": 768}
# What may be in the page's main part while the curtain is up, besides the seat's lines.
TOP_BAR = ("←", "?")
# The parts of the page that show a seat's game: none of them behind the curtain.
SEAT_PARTS = "main .board, main .side, main .controls, main .log, main .players, main .turn"


def tablet(browser):
    context = browser.new_context(viewport=TABLET, has_touch=True, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def secrets(server, table: int) -> dict[int, dict[str, Any]]:
    """What each seat of `table` keeps secret, as the server sees it now: cash and gems."""

    def read() -> dict[int, dict[str, Any]]:
        t = server.server.lobby.tables[table]
        views = {seat: t.game.view(t.state, seat) for seat in range(t.players)}
        return {s: {"cash": v["cash"], "gems": list(v["gems"])} for s, v in views.items()}

    return server.call(read)


def gem_words(gem: str) -> set[str]:
    """How the page may name a gem (its id, German name, English one and plural)."""
    english = {
        "diamant": "diamond",
        "rubin": "rubies",
        "topas": "topaz",
        "smaragd": "emerald",
        "granat": "garnet",
        "turmalin": "tourmaline",
        "amethyst": "amethyst",
        "opal": "opal",
        "tuerkis": "turquoise",
        "achat": "agate",
    }
    german = {g.id: g.name.lower() for g in GEMS}
    return {gem, german[gem], english[gem], "ruby" if gem == "rubin" else english[gem]}


# The curtain's seat, how many parts of a seat's game there are, which of `words` the whole DOM
# holds and the main part's text, in one look (the DOM is searched in the page: sending it
# whole at each of a game's ~90 curtains took most of the test's time).
CURTAIN = f"""(words) => {{
  const html = document.documentElement.outerHTML.toLowerCase();
  return {{
    seat: Number(document.getElementById("curtain").dataset.seat),
    parts: document.querySelectorAll("{SEAT_PARTS}").length,
    found: words.filter((w) => html.includes(w)),
    text: document.querySelector("main").innerText,
  }};
}}"""


def check_curtain(page, server, table: int, names: list[str]) -> int:
    """At a curtain: nothing of any seat in the page's DOM, compared with what the server keeps
    secret for each seat; the seat the device goes to."""
    kept = secrets(server, table)
    words = sorted({w for k in kept.values() for gem in k["gems"] for w in gem_words(gem)})
    seen = page.evaluate(CURTAIN, words)
    seat, found = seen["seat"], set(seen["found"])
    assert seen["parts"] == 0
    lines = [line.strip() for line in seen["text"].splitlines() if line.strip()]
    curtain = [
        f"Das Kollier #{table}",
        "●■▲"[seat],
        f"Pass the device to {names[seat]}",
        f"{names[seat]}: tap when only you can see the screen",
    ]
    assert all(line in (*TOP_BAR, *curtain) for line in lines), lines
    for held, secret in kept.items():
        for gem in secret["gems"]:
            there = sorted(gem_words(gem) & found)
            assert not there, f"seat {held}'s {gem} behind the curtain for seat {seat}: {there}"
        for shown in (f"{secret['cash']:,}", f"{secret['cash']}"):
            assert shown not in seen["text"], f"seat {held}'s cash {shown} behind the curtain"
    return seat


def test_three_seats_pass_and_play_das_kollier_on_one_tablet_with_nothing_behind_the_curtain(
    server, browser
):
    named = host_table(server, "magie-des-bijoux", 2, bots=[], table_name="  Opal   room ")
    page = tablet(browser)
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    open_lobby(page, server, "Ada")
    # Every lobby card names its table by number, and by name when it has one.
    card = page.locator(f"[data-table='{named}'] strong")
    card.wait_for()
    assert card.inner_text() == f"Table #{named} · Opal room · La Magie des Bijoux"

    page.tap("[data-game='das-kollier']")
    page.tap("[data-players='3']")
    page.select_option("[data-seat-kind='1']", label="me")
    page.select_option("[data-seat-kind='2']", label="me")
    assert page.get_attribute("[data-seat-name='0']", "placeholder") == "Ada"
    page.fill("[data-seat-name='1']", "Bea")
    page.fill("[data-seat-name='2']", " Cy ")
    page.fill("#new-table-name", "Family night")
    page.select_option("#option-quiet_time", label="30")  # no knock-down while it goes round
    page.tap("#create")
    page.wait_for_selector("#curtain")
    table = page.evaluate("() => window.jeweltable.table")
    summary = page.evaluate("n => window.jeweltable.tables.get(n)", table)
    names = [seat["name"] for seat in summary["seats"]]
    assert names == ["Ada", "Bea", "Cy"] and summary["name"] == "Family night"
    assert page.evaluate("() => window.jeweltable.seats") == [0, 1, 2]

    screen = screen_of(page)
    curtains: list[int] = []
    seen_bidders: set[tuple[int, ...]] = set()
    turns = dict.fromkeys(BOTH_WAYS, 0)
    pairs = [f"[data-move={kind}]" for pair in BOTH_WAYS for kind in pair]
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        now, there = look(screen, ["#curtain", *pairs, *KOLLIER_TAPS])
        if "#curtain" in there:
            seat = check_curtain(page, server, table, names)
            curtains.append(seat)
            assert screen.tap("#reveal", timeout=5)
            # Revealed: the seat's own game, and the page's stream is that seat's.
            page.wait_for_function(
                "seat => window.jeweltable.stream.seat === seat && document.querySelector("
                "`main.table[data-seq] .players li.me:nth-child(${seat + 1})`)",
                arg=seat,
                timeout=5000,
            )
            continue
        if now and now["status"] == "finished":
            break
        if not now or not now["legal"]:
            page.wait_for_timeout(30)
            continue
        if now["phase"] == "open":
            seen_bidders.add(tuple(now["to_act"]))
        order = list(KOLLIER_TAPS)
        for pair in BOTH_WAYS:
            if all(f"[data-move={kind}]" in there for kind in pair):
                order = [f"[data-move={pair[turns[pair] % 2]}]", *order]
                turns[pair] += 1
                break
        if tap_first(screen, [s for s in order if s in there]):
            page.wait_for_function(
                "seq => document.getElementById('curtain') || window.jeweltable.stream.seq !== seq",
                arg=now["seq"],
                timeout=5000,
            )
        else:
            page.wait_for_timeout(30)
    else:
        raise AssertionError(f"the game did not end: {look(screen, [])[0]}")

    page.wait_for_selector(".results")
    # The device went to every seat, and round the bidders of an open auction, who may act at
    # once: the curtain passed from one to the next that may bid.
    assert set(curtains) == {0, 1, 2}
    assert any(len(bidders) > 1 for bidders in seen_bidders), seen_bidders
    assert len(curtains) > 10
    # The server sent the page every seat's stream; the page drew only the one revealed.
    messages = [msgpack.unpackb(f, raw=False) for f in frames if isinstance(f, bytes)]
    streamed = {m["seat"] for m in messages if m.get("t") == "update" and m["table"] == table}
    assert streamed == {0, 1, 2}
    assert page.errors == []


# passplay.js's choice of the seat shown, fed hand-made messages in the page itself: each
# position's messages, one per held seat; what it shows and whether a curtain is up after each.
CHOICES = """async (steps) => {
  const pp = await import("./passplay.js");
  const out = [];
  for (const {game, seats, to_act, status} of steps) {
    if (!out.length || game !== out[out.length - 1].game) pp.reset(1);
    const seq = out.length;
    for (const seat of seats.length ? seats : [null]) {
      pp.keep({t: "update", table: 1, seat, seq, status: status || "playing", to_act,
               view: {game}}, seats, [], 40);
    }
    const shown = pp.seatShown(seats);
    const curtain = pp.passPlay.curtain;
    if (curtain !== null) {  // its person taps
      pp.passPlay.revealed = curtain;
      pp.passPlay.curtain = null;
    }
    out.push({game, shown, curtain});
  }
  return out.map(({shown, curtain}) => [shown, curtain]);
}"""


def test_the_device_goes_to_each_seat_that_may_act_in_turn_and_a_curtain_only_hides_secrets(
    server, browser
):
    page = tablet(browser)
    open_lobby(page, server, "Ada")
    kollier, bijoux = "das-kollier", "magie-des-bijoux"
    steps = [
        # An open auction, seat 0 auctioneer: 1 and 2 may bid at once; 1 first, then 2.
        {"game": kollier, "seats": [0, 1, 2], "to_act": [1, 2]},
        {"game": kollier, "seats": [0, 1, 2], "to_act": [2]},  # 1 passed: to 2
        {"game": kollier, "seats": [0, 1, 2], "to_act": [1]},  # 2 bid: back to 1
        {"game": kollier, "seats": [0, 1, 2], "to_act": [0]},  # 1 passed: 0 knocks down
        {"game": kollier, "seats": [0, 1, 2], "to_act": [0]},  # 0 again (pays): no curtain
        {"game": kollier, "seats": [0, 1, 2], "to_act": [], "status": "finished"},
        # A game without secrets passes the view without a curtain.
        {"game": bijoux, "seats": [0, 2], "to_act": [2]},
        {"game": bijoux, "seats": [0, 2], "to_act": [0]},
        # One seat (or a spectator) never sees a curtain.
        {"game": kollier, "seats": [1], "to_act": [0]},
        {"game": kollier, "seats": [1], "to_act": [1]},
        {"game": kollier, "seats": [], "to_act": [1]},
    ]
    assert page.evaluate(CHOICES, steps) == [
        [1, 1],
        [2, 2],
        [1, 1],
        [0, 0],
        [0, None],
        [0, None],
        [2, None],
        [0, None],
        [1, None],
        [1, None],
        [None, None],
    ]
    assert page.errors == []
