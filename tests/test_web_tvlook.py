"""The room's TV as the table (client/web/tv.html?table=N): how a position looks at 1920×1080 and
1280×720, for each game a bots-only table paused a few moves in.

Debian's chromium through Playwright, one server for the module. The pieces' names and values
are read from the page and compared with the table's talk (shared/talk); every drawn item is hit
tested (elementFromPoint at its centre lands on it) and lies inside the screen; the seat panels
share their left edge and width; the side column cuts nothing off.
"""

from __future__ import annotations

import random

import msgpack
import pytest

from client.words import i18n
from shared import talk
from shared.games.das_kollier import GAME as KOLLIER
from shared.games.das_kollier.gems import VALUE as KOLLIER_VALUE
from shared.randomplay import random_step
from shared.talk import magie_des_bijoux
from shared.talk.das_kollier.terms import GEM_NAMES as KOLLIER_GEM_NAMES
from tests.test_web_page import serving
from tests.test_web_tv import bot_table, needs_browser, start, television, tv_url

SIZES = [(1920, 1080), (1280, 720)]
GAMES = [
    ("magie-des-bijoux", 3, {}),
    ("das-kollier", 4, {"quiet_time": 1}),
    ("kette-von-saba", 3, {}),
    ("saba-palast", 3, {}),
]
# What a position must show for its look to be judged (else the table plays on a little):
# Das Kollier a lot on the cloth.
WORTH_A_LOOK = {
    "das-kollier": "v => v.lot && v.lot.length > 0",
}
# What shows that the board is drawn with its pieces' names.
READY = {
    "magie-des-bijoux": ".tv-board g.plaque .piece-name",
    "das-kollier": ".tv-board g.gem-card .card-value",
    "kette-von-saba": ".tv-board .block .stock",
    "saba-palast": ".tv-board g.harbour",
}
# Each game's drawn items: every one is named or numbered, and is hit tested.
ITEMS = {
    "magie-des-bijoux": ".tv-board g.plaque",
    "das-kollier": ".tv-board g.gem-card, .tv-board .auction-block > *, .tv-board .kollier > p",
    "kette-von-saba": ".tv-board svg.necklace, .tv-board .block p, .tv-board .block .on-sale",
    "saba-palast": ".tv-board :is(g.harbour, g.building, g.garden, g.quarter)",
}


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """One server for the module; its bots think 20–50 ms, so a pause lands a few moves in."""
    with serving(tmp_path_factory.mktemp("tvlook"), (0.02, 0.05)) as thread:
        yield thread


def pause(server, table: int, paused: bool) -> None:
    host = server.host_of[table]
    server.loop.call_soon_threadsafe(host.send, {"t": "pause", "table": table, "paused": paused})


def frames(page) -> list[dict]:
    return [msgpack.unpackb(f, raw=False) for f in page.frames_received if isinstance(f, bytes)]


def settled(page, table: int, pauses: int) -> dict:
    """Wait until the table's `pauses`th pause reached the page and the last move it sent before
    is drawn; the view drawn."""
    for _tick in range(400):
        if sum(1 for m in frames(page) if m["t"] == "paused" and m["paused"]) >= pauses:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the pause did not reach the TV")
    last = max(
        m["seq"] for m in frames(page) if m["t"] in ("sync", "update") and m["table"] == table
    )
    page.wait_for_function(
        "s => { const t = window.jeweltv; return t.stream && t.stream.seq === s"
        " && !t.queue.length && !t.playing }",
        arg=last,
        timeout=20_000,
    )
    return page.evaluate("() => window.jeweltv.stream.view")


def paused_a_few_moves_in(server, page, game: str, table: int) -> dict:
    """Pause the table a few moves in, at a position worth a look; its view as drawn."""
    wanted = WORTH_A_LOOK.get(game, "v => true")
    for attempt in range(1, 7):
        page.wait_for_function(
            f"() => {{ const s = window.jeweltv.stream; return s && s.seq >= 4"
            f" && s.status === 'playing' && ({wanted})(s.view) }}",
            timeout=30_000,
        )
        pause(server, table, True)
        view = settled(page, table, attempt)
        if page.evaluate(f"v => ({wanted})(v)", view):
            return view
        pause(server, table, False)
    raise AssertionError(f"{game}: no position worth a look")


TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

# Every drawn item: its box inside the screen, and what is at its centre is the item itself
# (nothing covers it). The seats' panels: one left edge and one width.
LOOK = """(selector) => {
  const inside = (r) => r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1
    && r.bottom <= innerHeight + 1;
  const problems = [];
  const items = [...document.querySelectorAll(selector)];
  for (const el of items) {
    const r = el.getBoundingClientRect();
    const name = `${el.tagName}.${el.getAttribute("class") || ""} "${el.textContent.slice(0, 30)}"`;
    if (r.width < 1 || r.height < 1) { problems.push(`${name} is not drawn`); continue; }
    if (!inside(r)) problems.push(`${name} is outside the screen: ${JSON.stringify(r)}`);
    // A card's or a tile's words stay on it (a long name is pressed, never run over its edge).
    const face = el.tagName === "g" ? el.querySelector("rect") : null;
    const edge = face && face.getBoundingClientRect();
    for (const words of face ? el.querySelectorAll("text") : []) {
      const w = words.getBoundingClientRect();
      if (w.left < edge.left - 1.5 || w.right > edge.right + 1.5 || w.bottom > edge.bottom + 1.5)
        problems.push(`"${words.textContent}" runs over the edge of ${name}`);
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el === hit || el.contains(hit))) {
      const by = hit ? `${hit.tagName}.${hit.getAttribute("class")}` : "nothing";
      problems.push(`${name} is covered by ${by}`);
    }
  }
  const panels = [...document.querySelectorAll(".tv-players li")]
    .map((li) => li.getBoundingClientRect());
  for (const p of panels) {
    if (!inside(p)) problems.push(`a seat panel is outside the screen: ${JSON.stringify(p)}`);
    if (Math.abs(p.left - panels[0].left) > 1 || Math.abs(p.width - panels[0].width) > 1)
      problems.push(`the panels are not aligned: ${panels.map((q) => q.left + "/" + q.width)}`);
  }
  const side = document.querySelector(".tv-side");
  if (side.scrollHeight > side.clientHeight + 1) {
    const parts = [...side.children].map((c) => `${c.className} ${c.offsetHeight}`).join(", ");
    problems.push(`the side column cuts off its foot: ${side.scrollHeight} > ${side.clientHeight}`
      + ` (${parts})`);
  }
  const words = ".tv-top > *, .tv-side > *, .tv-side li, .tv-side dt, .tv-side dd";
  for (const el of document.querySelectorAll(words)) {
    const r = el.getBoundingClientRect();
    const name = `${el.className} "${el.textContent.slice(0, 30)}"`;
    if (r.width && !inside(r)) problems.push(`${name} is cut off`);
  }
  return {count: items.length, panels: panels.length, problems};
}"""


def names_and_values(page, game: str, view: dict) -> None:
    """The pieces carry the talk's names and values."""
    if game == "das-kollier":
        cards = page.evaluate(
            "() => [...document.querySelectorAll('.tv-board g.gem-card')].map((g) =>"
            " [g.dataset.gem, g.querySelector('.card-name').textContent,"
            " g.querySelector('.card-value').textContent])"
        )
        assert [gem for gem, _n, _v in cards] == view["lot"]
        for gem, name, value in cards:
            said = i18n.say(KOLLIER_GEM_NAMES[gem])
            assert name == said[:1].upper() + said[1:], (gem, name)
            assert value == f"{KOLLIER_VALUE[gem]:,}", (gem, value)
        # The price is never a bare number: its phase names it.
        block = page.locator(".tv-board .auction-block")
        if block.count():
            assert block.locator(".phase").inner_text().strip()
            assert block.locator(".price").inner_text().startswith("$")
    elif game == "magie-des-bijoux":
        plaques = page.evaluate(
            "() => [...document.querySelectorAll('.tv-board g.plaque')].map((g) =>"
            " [g.querySelector('.piece-name').textContent, g.querySelector('.value').textContent])"
        )
        assert len(plaques) == view["rows"] * view["cols"]
        for (name, value), settings in zip(plaques, view["settings"], strict=True):
            assert name == i18n.say(magie_des_bijoux.plaque_name(settings))
            assert value == str(settings)
    elif game == "kette-von-saba":
        stock = page.inner_text(".tv-board .block .stock")
        assert f"Deck: {view['deck_count']} card" in stock, stock
    else:
        harbour = page.evaluate(
            "() => [...document.querySelectorAll('.tv-board g.harbour')].map((g) => g.textContent)"
        )
        assert len(harbour) == 4
        for text, slot in zip(harbour, view["harbour"], strict=True):
            assert f"×{slot['count']}" in text and slot["material"] in text, text


@needs_browser
@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_tv_draws_the_table_whole_and_named_at_both_sizes(room, browser, game, seats, options):
    table = bot_table(room, game, seats, options)
    page = television(browser)
    page.goto(tv_url(room, table))
    page.wait_for_selector(f"main.tv >> text=Table #{table}")
    start(room, table)
    view = paused_a_few_moves_in(room, page, game, table)
    # The host's pause is on the screen: the turn line says so.
    page.wait_for_selector(".tv-top .turn.paused >> text=Paused")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(
            "w => innerWidth === w && document.querySelector('main.tv[data-seq]')", arg=width
        )
        # The window's resize event comes before the next frame: the TV has drawn for the new
        # size once two frames have passed.
        page.evaluate(TWO_FRAMES)
        # The pieces' names come with the game's rules, asked for on the first sync.
        page.wait_for_selector(READY[game])
        names_and_values(page, game, view)
        look = page.evaluate(LOOK, ITEMS[game])
        assert look["count"] > 0 and look["panels"] == seats, look
        assert look["problems"] == [], (width, look["problems"])
        # The board takes the screen's room: at least half its width and half its height.
        board = page.locator(".tv-board").bounding_box()
        assert board["width"] >= width * 0.5 and board["height"] >= height * 0.5, board
    # In German, whose words run longest, at the smaller size: nothing cut off or run over.
    german = television(browser, locale="de-DE")
    german.set_viewport_size({"width": 1280, "height": 720})
    german.goto(tv_url(room, table))
    german.wait_for_function(
        "s => { const t = window.jeweltv; return t && t.stream && t.stream.seq === s }",
        arg=page.evaluate("() => window.jeweltv.stream.seq"),
    )
    german.wait_for_selector(READY[game])
    german.evaluate(TWO_FRAMES)
    look = german.evaluate(LOOK, ITEMS[game])
    assert look["count"] > 0 and look["problems"] == [], ("de", look["problems"])
    pause(room, table, False)
    for shown in (page, german):
        assert shown.evaluate("() => window.jeweltv.errors") == []
        assert shown.errors == []


# ---------------------------------------------------------------- a price is never a bare number
def falling_position() -> dict:
    """A spectator's view and talk of a Das Kollier falling auction from a random game."""
    rng = random.Random(5)
    for _game in range(40):
        state = KOLLIER.new_game(rng.getrandbits(32), 4)
        while not KOLLIER.is_over(state):
            view = KOLLIER.view(state, None)
            if view["phase"] == "falling":
                to_act = KOLLIER.to_act(state)
                moment = talk.Moment(view=view, seat=None, legal=[], to_act=to_act)
                return {"view": view, "to_act": to_act, "talk": talk.talk("das-kollier", moment)}
            mover, move = random_step(KOLLIER, state, rng)
            state, _ = KOLLIER.apply(state, mover, move)
    raise AssertionError("no falling auction in 40 games")


SHOW = """(position) => {
  const tv = window.jeweltv;
  tv.wanted = 91;
  const seats = ["Ada", "Bea", "Cem", "Dan"]
    .map((name) => ({name, kind: "human", connected: true}));
  tv.receive({t: "joined", table: 91, seats: [], spectator: true,
              summary: {id: 91, game: "das-kollier", title: "Das Kollier", players: 4, seats,
                        status: "playing"}});
  tv.receive({t: "sync", table: 91, seq: 9, seat: null, status: "playing", history: [],
              view: position.view, to_act: position.to_act, legal_moves: [],
              talk: position.talk});
}"""


@needs_browser
def test_the_tvs_falling_price_is_named_and_says_whom_it_waits_for(room, browser):
    position = falling_position()
    page = television(browser)
    page.goto(tv_url(room))
    page.wait_for_function("() => window.jeweltv && window.jeweltv.welcome")
    page.evaluate(SHOW, position)
    block = page.locator(".tv-board .auction-block")
    block.wait_for()
    price = position["view"]["auction"]["price"]
    asked = ["Ada", "Bea", "Cem", "Dan"][position["view"]["auction"]["asked"]]
    assert block.locator(".phase").inner_text() == "Falling auction"
    assert block.locator(".price").inner_text() == f"${price:,}"
    # Under the price, the moment's line as the talk says it: who is asked, and what they decide.
    assert block.locator(".about").inner_text().startswith(f"{asked} may buy or decline")
    look = page.evaluate(LOOK, ".tv-board g.gem-card, .tv-board .auction-block > *")
    assert look["problems"] == [], look["problems"]
    assert page.evaluate("() => window.jeweltv.errors") == []
    assert page.errors == []
