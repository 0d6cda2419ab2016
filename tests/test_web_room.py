"""The room on screens (client/web/tvroom.js, room.js): the TV's overview of every table, its
cycle, the evening's standings on the TV and the phone's standing line, and the winner's reveal
on both when the host ends the evening. Debian's chromium through Playwright: the TV at
1920×1080, the phone at 390×844.

With SCREENS=DIR in the environment the tests also save their screens there as PNGs (the
README's pictures, docs/screens/).
"""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path
from typing import Any

import pytest

from client.net.connection import AsyncClient
from shared import engine
from tests.test_server_kit import HOST, ServerThread, forbidden_keys, play_random
from tests.test_web_page import browser_missing
from tests.test_web_tv import TV, received, television, tv_url

needs_browser = pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
CODE = "open-sesame"
PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu"]
GAMES = ["magie-des-bijoux", "das-kollier", "kette-von-saba", "saba-palast"]


def on_loop(server: ServerThread, coro: Any, timeout: float = 120) -> Any:
    return asyncio.run_coroutine_threadsafe(coro, server.loop).result(timeout)


def screen(page: Any, name: str) -> None:
    """Save the page's screen as DIR/name.png when SCREENS=DIR is set."""
    folder = os.environ.get("SCREENS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def serving(tmp_path: Path, **changes: Any) -> ServerThread:
    return ServerThread(tmp_path, web_port=0, bot_delay=(0.02, 0.05), **changes)


async def twelve_tables(server: ServerThread) -> tuple[AsyncClient, list[int]]:
    """Twelve started tables of the four games, every seat held by one client under the names
    of people who do not move (so each table waits for its first seat); the last is locked."""
    host = await AsyncClient.connect(HOST, server.port, "Host")
    made = []
    for n in range(12):
        game = engine.get_game(GAMES[n % 4])
        seats = min(game.max_players, 2 + n % 3)
        seats = max(seats, game.min_players)
        create: dict[str, Any] = {
            "t": "create",
            "game": game.id,
            "seats": seats,
            "seed": n + 1,
            "name": NAMES[n % len(NAMES)],
        }
        if n == 11:
            create["password"] = "opal"
        host.send(create)
        table = (await host.expect("joined"))["table"]
        for seat in range(1, seats):
            host.send({"t": "join", "table": table, "seat": seat, "name": NAMES[(n + seat) % 12]})
            await host.expect("joined", table=table, seats=list(range(seat + 1)))
        host.send({"t": "start", "table": table})
        made.append(table)
    for table in made:
        await host.wait_for(
            lambda m, t=table: (
                m["t"] == "table" and m["table"]["id"] == t and m["table"]["status"] == "playing"
            )
        )
    return host, made


CARDS_FIT = """() => [...document.querySelectorAll('.tv-room-grid > li')].map((li) => {
  const b = li.querySelector('button').getBoundingClientRect();
  const card = li.querySelector('button');
  return {table: Number(li.dataset.roomTable), text: card.innerText,
          inside: b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight,
          cut: card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1,
          font: parseFloat(getComputedStyle(card).fontSize)};
})"""


@needs_browser
def test_the_tv_overview_shows_every_one_of_twelve_live_tables(tmp_path, browser):
    with serving(tmp_path) as server:
        host, made = on_loop(server, twelve_tables(server))
        page = television(browser)
        page.goto(tv_url(server))
        page.wait_for_function(
            "n => document.querySelectorAll('.tv-room-grid > li').length === n", arg=12
        )
        # The scores so far come with each game's view: wait until every open table shows them.
        page.wait_for_function(
            "() => [...document.querySelectorAll('.tv-room-grid > li')]"
            ".filter((li) => li.querySelector('.fact')).length >= 11"
        )
        cards = {c["table"]: c for c in page.evaluate(CARDS_FIT)}
        assert sorted(cards) == sorted(made)
        for n, table in enumerate(made):
            card = cards[table]
            assert f"Table #{table}" in card["text"]
            assert engine.get_game(GAMES[n % 4]).title in card["text"]
            assert card["inside"] and not card["cut"], card
            assert card["font"] >= 14
            # Whose turn, and for how long (m:ss, counted on by the page).
            assert "'s turn" in card["text"] or "Waiting for" in card["text"], card
        # Magie des Bijoux says the points so far; the locked table shows no game at all.
        assert "Points so far: 0" in cards[made[0]]["text"]
        assert page.locator(f"[data-room-table='{made[11]}'] .fact").count() == 0
        waited = page.locator(f"[data-room-table='{made[0]}'] .waited")
        first = waited.inner_text()
        assert first.startswith("0:")
        page.wait_for_function(
            "([t, was]) => document.querySelector(`[data-room-table='${t}'] .waited`).innerText"
            " !== was",
            arg=[made[0], first],
        )
        screen(page, "tv-overview")
        # A smaller screen (720p) shows fewer tables a page rather than cut any off.
        page.set_viewport_size({"width": 1280, "height": 720})
        page.wait_for_selector("main.tv-room[data-width='1280']")
        page.wait_for_function("() => document.querySelectorAll('.tv-room-grid .fact').length")
        small = page.evaluate(CARDS_FIT)
        assert small and all(c["inside"] and not c["cut"] and c["font"] >= 14 for c in small)
        if len(small) < 12:
            assert "Page 1 of 2" in page.inner_text(".tv-room-page")
        page.set_viewport_size(TV)
        page.wait_for_function(
            "n => document.querySelectorAll('.tv-room-grid > li').length === n", arg=12
        )
        # Nothing but the spectator's share reached the display; no table was watched for it.
        messages = received(page)
        assert not [m for m in messages if forbidden_keys(m)]
        locked = [
            e for m in messages if m["t"] == "room" for e in m["tables"] if e["table"] == made[11]
        ]
        assert locked and all(e["view"] is None for e in locked)
        assert not [m for m in messages if m["t"] in ("sync", "update")]
        # A card is a way in: the table is shown, and the address names it.
        page.click(f".tv-room-grid [data-table='{made[0]}']")
        page.wait_for_selector(f"main.tv >> text=Table #{made[0]}")
        assert page.url.endswith(f"/tv?table={made[0]}")
        assert page.errors == []
        on_loop(server, host.close())


@needs_browser
def test_the_tv_cycles_through_the_tables_in_play(tmp_path, browser):
    with serving(tmp_path) as server:
        host, made = on_loop(server, twelve_tables(server))
        page = television(browser)
        page.goto(tv_url(server) + "?cycle=5")
        page.wait_for_selector(".tv-room-grid > li")
        # Each stop comes after five seconds: the overview, then the open tables one by one.
        page.wait_for_function("() => window.jeweltv.table !== null", timeout=15000)
        first = page.evaluate("() => window.jeweltv.table")
        assert first == made[0]
        page.wait_for_function(
            "t => window.jeweltv.table !== null && window.jeweltv.table !== t",
            arg=first,
            timeout=15000,
        )
        second = page.evaluate("() => window.jeweltv.table")
        assert second == made[1]
        assert page.url.endswith("/tv?cycle=5")
        assert page.errors == []
        on_loop(server, host.close())


async def an_evening(server: ServerThread) -> tuple[AsyncClient, AsyncClient, list[dict]]:
    """Ann, Bob and Cy (one client, three seats) play two games of La Magie des Bijoux and one
    of Die Kette von Saba to the end; a watcher gets the standings after each."""
    people = await AsyncClient.connect(HOST, server.port, "Ann")
    watcher = await AsyncClient.connect(HOST, server.port, "Watcher")
    rng = random.Random(5)
    pushed = []
    for game, seed in (("magie-des-bijoux", 1), ("kette-von-saba", 2), ("magie-des-bijoux", 3)):
        people.send({"t": "create", "game": game, "seats": 3, "seed": seed, "name": "Ann"})
        table = (await people.expect("joined"))["table"]
        for seat, name in ((1, "Bob"), (2, "Cy")):
            people.send({"t": "join", "table": table, "seat": seat, "name": name})
            await people.expect("joined", table=table, seats=list(range(seat + 1)))
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined", table=table)
        people.send({"t": "start", "table": table})
        await play_random(table, [people] * 3, watcher, rng)
        pushed.append(await watcher.wait_for(lambda m: m["t"] == "standings" and m["tables"]))
        watcher.send({"t": "leave", "table": table})
        people.send({"t": "leave", "table": table})
    return people, watcher, pushed


PLACE = {1: "1st", 2: "2nd", 3: "3rd"}


def standing_line(rows: list[dict], name: str) -> str:
    """The phone's line for `name`, worked out here from the rows as a person would."""
    mine = next(r for r in rows if r["name"] == name)
    above = [r for r in rows if r["rank"] < mine["rank"]]
    if not above:
        others = [r for r in rows if r is not mine]
        n = mine["points"] - others[0]["points"]
        return f"You lead, {n:g} point{'' if n == 1 else 's'} ahead of {others[0]['name']}."
    gap = above[-1]["points"] - mine["points"]
    if gap == 0:
        return f"You are {PLACE[mine['rank']]}, level on points with {above[-1]['name']}."
    word = "point" if gap == 1 else "points"
    return f"You are {PLACE[mine['rank']]}, {gap:g} {word} behind {above[-1]['name']}."


STANDINGS_ROWS = """sel => [...document.querySelectorAll(sel + ' tbody tr')].map((tr) =>
  [...tr.querySelectorAll('td')].map((td) => td.innerText))"""

NOTHING_CUT = """() => [...document.querySelectorAll('.tv-standings table, .tv-standings td')]
  .filter((el) => { const r = el.getBoundingClientRect();
    return r.right > innerWidth + 1 || r.bottom > innerHeight + 1 || r.left < -1 || r.top < -1
      || el.scrollWidth > el.clientWidth + 1; })
  .map((el) => el.innerText)"""


@needs_browser
def test_the_standings_on_the_tv_and_the_phone_and_the_winner_revealed_on_both(tmp_path, browser):
    with serving(tmp_path, evening="Friday", host_code=CODE) as server:
        people, watcher, pushed = on_loop(server, an_evening(server))
        final = pushed[-1]
        overall = final["overall"]
        assert final["tables"] == 3 and sum(r["games"] for r in overall) == 9
        tv = television(browser)
        tv.goto(tv_url(server) + "?standings")
        tv.wait_for_selector(".tv-standings .overall tbody tr")
        # The TV reads back the server's standings: rank, name, points, games, wins.
        shown = tv.evaluate(STANDINGS_ROWS, ".tv-standings .overall")
        want = [
            [str(r["rank"]), r["name"], f"{r['points']:g}", str(r["games"]), str(r["wins"])]
            for r in overall
        ]
        assert shown == want
        per_game = tv.locator(".tv-standings .per-game table")
        assert per_game.count() == 2
        titles = per_game.locator("caption").all_inner_texts()
        assert titles == ["Die Kette von Saba", "La Magie des Bijoux"]
        assert tv.evaluate(NOTHING_CUT) == []
        assert "Friday: the standings" in tv.inner_text(".tv-standings h1")
        screen(tv, "tv-standings")
        # The phone of Bob, in the lobby: his standing in a line.
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        context.add_init_script("localStorage.setItem('jeweltable.name', 'Bob')")
        phone = context.new_page()
        errors: list[str] = []
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(f"http://{HOST}:{server.server.web_port}/")
        line = phone.wait_for_selector(".standing-line")
        assert line.inner_text().splitlines()[0] == standing_line(overall, "Bob")
        box = line.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        screen(phone, "phone-standing")
        # The host ends the evening: the winner is revealed on every screen at once.
        on_loop(server, end_evening(server))
        winners = [r["name"] for r in overall if r["rank"] == 1]
        for page in (tv, phone):
            reveal = page.wait_for_selector(".reveal .reveal-winner")
            assert all(name in reveal.inner_text() for name in winners)
            rows = page.evaluate(STANDINGS_ROWS, ".reveal")
            assert [row[1] for row in rows] == [r["name"] for r in overall][:8]
        # The page's redraws (news of the room) leave the reveal as it is: its animation plays once.
        kept = tv.evaluate(
            "() => { const el = document.querySelector('.reveal');"
            " window.jeweltv.receive({t: 'room', whole: false, tables: [], gone: []});"
            " return document.querySelector('.reveal') === el }"
        )
        assert kept
        tv.wait_for_timeout(1600)  # the reveal's animation has played
        screen(tv, "tv-reveal")
        # The phone closes it; the TV keeps it until the next evening.
        phone.click(".reveal-close")
        phone.wait_for_selector(".reveal", state="detached")
        assert tv.locator(".reveal").count() == 1
        assert tv.errors == [] and errors == []
        context.close()
        for client in (people, watcher):
            on_loop(server, client.close())


async def end_evening(server: ServerThread) -> None:
    hal = await AsyncClient.connect(HOST, server.port, "Hal")
    hal.send({"t": "host", "code": CODE})
    await hal.expect("host")
    hal.send({"t": "evening_end"})
    await hal.wait_for(lambda m: m["t"] == "standings" and m["evening"]["ended"])
    await hal.close()


@needs_browser
def test_the_reveal_keeps_still_for_reduced_motion(tmp_path, browser):
    with serving(tmp_path, evening="Friday", host_code=CODE) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 720}, reduced_motion="reduce")
        page.goto(tv_url(server))
        page.wait_for_function("() => window.jeweltv && window.jeweltv.welcome")
        on_loop(server, end_evening(server))
        page.wait_for_selector(".reveal")
        moving = page.evaluate(
            "() => [...document.querySelectorAll('.reveal, .reveal *')]"
            ".filter((el) => getComputedStyle(el).animationName !== 'none').length"
        )
        assert moving == 0
        page.close()


def crowded_standings() -> dict:
    """An evening of thirty people who played every game (what a big LAN party gives)."""
    names = [f"Player with a long name {n}" for n in range(30)]
    rows = [
        {"rank": n + 1, "name": name, "points": 60 - 2 * n, "games": 12, "wins": 30 - n}
        for n, name in enumerate(names)
    ]
    rated = [{**row, "rating": 20.5 - row["rank"]} for row in rows]
    evening = {"id": 1, "name": "The longest night of the year", "started": 1.0, "ended": None}
    return {
        "t": "standings",
        "evening": evening,
        "tables": 90,
        "overall": rows,
        "games": {game: rated for game in GAMES},
    }


@needs_browser
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_crowded_evenings_standings_fit_the_tv(tmp_path, browser, size):
    with serving(tmp_path) as server:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(tv_url(server) + "?standings")
        page.wait_for_function("() => window.jeweltv && window.jeweltv.welcome")
        page.evaluate("msg => window.jeweltv.receive(msg)", crowded_standings())
        page.wait_for_selector(".tv-standings .overall tbody tr")
        assert page.evaluate(NOTHING_CUT) == []
        # The leaders are shown, the rest counted; every game has its table.
        assert page.locator(".tv-standings .overall tbody tr").count() < 30
        assert "more" in page.inner_text(".tv-standings .overall tfoot")
        assert page.locator(".tv-standings .per-game table").count() == 4
        page.close()
