"""The README's pictures of the phone, the tablet and the TV (issues 29 and 33), made again after a
change.

    .venv/bin/python docs/screens/make.py                 # every shot, into docs/screens/
    .venv/bin/python docs/screens/make.py --only tv-kollier tv-palast --out /tmp/shots

A server runs in this process as `jeweltable serve --host 127.0.0.1 --no-discovery` would (its
data in a folder of its own, its bots quick); Debian's chromium (`JEWELTABLE_CHROMIUM` for
another) is driven through Playwright, the phone at 390×844 with touch, the tablet at 1024×768,
the TV at 1920×1080. Tables the page does not make itself are made by a Python client, as the
browser tests make theirs (tests/test_web_page.py `host_table`, tests/test_web_tv.py
`bot_table`). Every screen is checked before it is saved — no uncaught error on the page, no
toast, the TV's views all drawn — and the script stops with the reason otherwise. Each PNG is
shrunk by pngquant and optipng where they are installed (`apt-get install pngquant optipng`);
the script says the size of each and warns above 250 kB.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from client.net.connection import AsyncClient
from server.app import Server, ServerConfig

HOST = "127.0.0.1"
CHROMIUM = os.environ.get("JEWELTABLE_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
TV = {"width": 1920, "height": 1080}
# Above this a picture makes the README slow to open.
MOST_BYTES = 250_000


class Room:
    """The server on its own asyncio loop in a background thread, and the Python clients that
    made tables on it (closed with it)."""

    def __init__(self, data_dir: Path) -> None:
        self.config = ServerConfig(
            host=HOST,
            port=0,
            web_port=0,
            name="screens",
            data_dir=data_dir,
            discovery=False,
            bot_delay=(0.02, 0.05),
        )
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server: Server | None = None
        self.hosts: list[AsyncClient] = []
        self._ready = threading.Event()
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self.server = Server(self.config)
        await self.server.start()
        self._ready.set()
        await self._stop.wait()
        for host in self.hosts:
            await host.close()
        await self.server.close()

    def __enter__(self) -> Room:
        self._thread.start()
        if not self._ready.wait(20):
            raise RuntimeError("the server did not start within 20 s")
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.loop is not None
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(20)

    def url(self, path: str = "") -> str:
        assert self.server is not None
        return f"http://{HOST}:{self.server.web_port}/{path}"

    def run(self, coro: Any, timeout: float = 30) -> Any:
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def table(
        self,
        creator: str,
        game: str,
        seats: int,
        bots: dict[int, str],
        sit: bool = True,
        **fields: Any,
    ) -> tuple[AsyncClient, int]:
        """A table made by `creator` (seated at seat 0 when `sit`), bots of the given levels at
        their seats, the others open; `fields`: more of the `create` (docs/protocol.md)."""
        return self.run(self._table(creator, game, seats, bots, sit, fields))

    async def _table(
        self, creator: str, game: str, seats: int, bots: dict[int, str], sit: bool, fields: dict
    ) -> tuple[AsyncClient, int]:
        assert self.server is not None
        host = await AsyncClient.connect(HOST, self.server.port, creator)
        self.hosts.append(host)
        host.send({"t": "create", "game": game, "seats": seats, "sit": sit, **fields})
        answer = await host.wait_for(lambda m: m["t"] in ("joined", "error"))
        if answer["t"] != "joined":
            raise RuntimeError(f"the server refused the table: {answer}")
        table = answer["table"]
        for seat, level in bots.items():
            host.send({"t": "bot", "table": table, "seat": seat, "level": level})
        if len(bots) == seats:
            await host.wait_for(
                lambda m: (
                    m["t"] == "table"
                    and m["table"]["id"] == table
                    and all(s["kind"] != "empty" for s in m["table"]["seats"])
                )
            )
        return host, table

    def send(self, host: AsyncClient, msg: dict[str, Any]) -> None:
        assert self.loop is not None
        self.loop.call_soon_threadsafe(host.send, msg)


# ---------------------------------------------------------------- the browser's side
def new_page(browser, viewport: dict[str, int], touch: bool = True):
    """A page of its own (its own storage), English, keeping its uncaught errors."""
    context = browser.new_context(
        viewport=viewport,
        has_touch=touch,
        is_mobile=touch and viewport["width"] < 600,
        locale="en-GB",
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def open_lobby(page, room: Room, name: str) -> None:
    page.goto(room.url())
    page.wait_for_function("() => window.jeweltable && window.jeweltable.welcome")
    page.fill("#name", name)
    page.dispatch_event("#name", "change")
    page.wait_for_selector("#create")


# The first element of a selector brought into view, and where a finger would touch it once it
# holds still over two frames and nothing covers its middle; else why not yet.
AIM = """(selector) => new Promise((done) => {
  const el = document.querySelector(selector);
  if (!el) { done({why: "not there"}); return; }
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const a = el.getBoundingClientRect();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const b = el.getBoundingClientRect();
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!el.isConnected) done({why: "redrawn"});
    else if (a.x !== b.x || a.y !== b.y || a.width !== b.width) done({why: "moving"});
    else if (!hit || !(hit === el || el.contains(hit))) done({why: "covered"});
    else done({why: "", x, y});
  }));
})"""


def tap(page, selector: str, timeout: float = 10.0) -> None:
    """One touch on the first element of `selector` once it is still and on top (a redraw by
    news from the server may replace it meanwhile: then it is aimed at again)."""
    deadline = time.monotonic() + timeout
    while True:
        aim = page.evaluate(AIM, selector)
        if not aim["why"]:
            page.touchscreen.tap(aim["x"], aim["y"])
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"could not tap {selector}: {aim['why']}")
        page.wait_for_timeout(50)


def scroll_to_top(page, selector: str) -> None:
    """Scroll the page (or the part that scrolls) so that `selector` starts at the top."""
    page.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'start'})")


# The page's short animations (a price's bump, a card dealt) run out, at most 3 s; the endless
# ones (a clock draining) are drawn as they stand.
SETTLED = """() => document.fonts.ready.then(() => {
  const ending = document.getAnimations().filter((a) => {
    const end = a.effect && a.effect.getComputedTiming().endTime;
    return a.playState === "running" && Number.isFinite(end) && end < 3000;
  });
  const waited = new Promise((done) => setTimeout(done, 3000));
  return Promise.race([Promise.all(ending.map((a) => a.finished.catch(() => null))), waited]);
}).then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))"""


def settle(page) -> None:
    """Fonts loaded, short animations done, two frames drawn: the picture shows what stays."""
    page.evaluate(SETTLED)


def shoot(page, out: Path, name: str) -> Path:
    """Save the page's screen as out/name.png once nothing is wrong on it; shrink it."""
    settle(page)
    if page.errors:
        raise RuntimeError(f"{name}: the page failed: {page.errors}")
    if page.locator(".toast").count():
        raise RuntimeError(f"{name}: a toast is up: {page.inner_text('.toast')!r}")
    tv_errors = page.evaluate("() => (window.jeweltv && window.jeweltv.errors) || []")
    if tv_errors:
        raise RuntimeError(f"{name}: the TV failed to draw: {tv_errors}")
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    shrink(path)
    size = path.stat().st_size
    warning = f"  (over {MOST_BYTES // 1000} kB)" if size > MOST_BYTES else ""
    print(
        f"{path}  {page.viewport_size['width']}×{page.viewport_size['height']}"
        f"  {size / 1000:.0f} kB{warning}"
    )
    return path


# pngquant: 256 colours, the best it can (text and gems stay sharp); a file that would come out
# larger or below the quality is left as it is (its exit codes 98 and 99).
PNGQUANT = ["pngquant", "--force", "--skip-if-larger", "--quality", "70-95", "--speed", "1"]


def shrink(path: Path) -> None:
    """The PNG in 256 colours by pngquant, then deflated at optipng's best, where installed."""
    if shutil.which("pngquant"):
        subprocess.run([*PNGQUANT, "--output", str(path), str(path)], check=False)
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o5", "-strip", "all", str(path)], check=True)


# ---------------------------------------------------------------- the shots
def lobby_card(room: Room, browser, out: Path) -> None:
    """Lobby cards with their table numbers and names, a password, bots and open seats."""
    room.table("Eve", "magie-des-bijoux", 2, {})
    room.table("Dan", "saba-palast", 3, {1: "basic"}, table_name="Kitchen")
    room.table("Cy", "das-kollier", 4, {2: "strong"}, table_name="Friday room", password="opal")
    page = new_page(browser, PHONE)
    open_lobby(page, room, "Bea")
    page.wait_for_function("() => document.querySelectorAll('li.table').length >= 3")
    scroll_to_top(page, "main > h2")
    shoot(page, out, "phone-lobby-card")


def new_table(room: Room, browser, out: Path) -> None:
    """The phone's New table: a mixed table being set up (me, an open seat, a strong bot), then
    its settings unfolded with a clock and a password."""
    page = new_page(browser, PHONE)
    open_lobby(page, room, "Ada")
    tap(page, "[data-game='das-kollier']")
    tap(page, "[data-players='3']")
    page.select_option("[data-seat-kind='1']", label="open for a person")
    page.select_option("[data-seat-kind='2']", label="bot (strong)")
    page.fill("#new-table-name", "Friday room")
    scroll_to_top(page, "#new-table")
    shoot(page, out, "phone-new-table")
    tap(page, "#table-settings summary")
    page.wait_for_selector("#clock")
    page.select_option("#clock", label="1 min a move")
    page.select_option("#takeover", label="bot (basic)")
    page.fill("#new-password", "opal")
    page.locator("#new-password").blur()
    scroll_to_top(page, "#table-settings")
    shoot(page, out, "phone-new-table-settings")


def pass_and_play(room: Room, browser, out: Path) -> None:
    """Das Kollier on one tablet for Ada, Bea and Cy: the curtain "Pass the device to Bea", and
    Bea's table once she tapped."""
    page = new_page(browser, TABLET)
    open_lobby(page, room, "Ada")
    tap(page, "[data-game='das-kollier']")
    tap(page, "[data-players='3']")
    page.select_option("[data-seat-kind='1']", label="me")
    page.select_option("[data-seat-kind='2']", label="me")
    page.fill("[data-seat-name='1']", "Bea")
    page.fill("[data-seat-name='2']", "Cy")
    page.fill("#new-table-name", "Family night")
    page.select_option("#option-quiet_time", label="30")  # no knock-down while it goes round
    page.select_option("#option-first_seat", label="Seat 1")  # Ada is the first auctioneer
    tap(page, "#create")
    # Ada opens the first auction; the device goes to the bidders, Bea first.
    deadline = time.monotonic() + 30
    while True:
        page.wait_for_selector("#curtain, main.table[data-seq]")
        curtain = page.locator("#curtain")
        if curtain.count() and curtain.get_attribute("data-seat") == "1":
            break
        if curtain.count():
            tap(page, "#reveal")
            page.wait_for_selector("main.table[data-seq]")
        elif page.locator("[data-move=open_auction]").count():
            tap(page, "[data-move=open_auction]")
            page.wait_for_selector("#curtain")
        if time.monotonic() > deadline:
            raise RuntimeError("the device never went to Bea")
    page.wait_for_selector("text=Pass the device to Bea")
    shoot(page, out, "tablet-curtain")
    tap(page, "#reveal")
    page.wait_for_function(
        "() => window.jeweltable.stream && window.jeweltable.stream.seat === 1"
        " && document.querySelector('main.table[data-seq] [data-move=bid]')"
    )
    shoot(page, out, "tablet-revealed")


def tv_paused(room: Room, browser, game: str, seats: int, options: dict, wanted: str):
    """A TV at 1920×1080 watching a bots-only table of `game`, paused by its host a few moves in
    at a position for which the JavaScript `wanted(view)` holds."""
    host, table = room.table(
        "Host", game, seats, dict.fromkeys(range(seats), "basic"), sit=False, options=options
    )
    page = new_page(browser, TV, touch=False)
    page.goto(room.url(f"tv?table={table}"))
    page.wait_for_selector(f"main.tv >> text=Table #{table}")
    room.send(host, {"t": "start", "table": table})
    for _attempt in range(12):
        page.wait_for_function(
            f"() => {{ const s = window.jeweltv.stream; return s && s.seq >= 4"
            f" && s.status === 'playing' && ({wanted})(s.view) }}",
            timeout=60_000,
        )
        room.send(host, {"t": "pause", "table": table, "paused": True})
        page.wait_for_selector(".tv-top .turn.paused")
        # The moves sent before the pause are drawn, their animations done.
        page.wait_for_function(
            "() => { const t = window.jeweltv; return !t.queue.length && !t.playing }",
            timeout=20_000,
        )
        if page.evaluate(f"() => ({wanted})(window.jeweltv.stream.view)"):
            return page
        room.send(host, {"t": "pause", "table": table, "paused": False})
        page.wait_for_selector(".tv-top .turn.paused", state="detached")
    raise RuntimeError(f"{game}: no position worth a look in 12 pauses")


def tv_kollier(room: Room, browser, out: Path) -> None:
    """Das Kollier on the TV: an auction running, the lot's gem cards with names and values."""
    page = tv_paused(
        room,
        browser,
        "das-kollier",
        4,
        {"quiet_time": 2},
        "v => ['open', 'falling'].includes(v.phase) && v.lot && v.lot.length >= 3",
    )
    page.wait_for_selector(".tv-board g.gem-card .card-value")
    page.wait_for_selector(".tv-board .auction-block .price")
    shoot(page, out, "tv-kollier")


def tv_palast(room: Room, browser, out: Path) -> None:
    """Saba – Palast on the TV, a bots-only table paused a few moves in."""
    page = tv_paused(room, browser, "saba-palast", 3, {}, "v => true")
    page.wait_for_selector(".tv-board g.harbour")
    shoot(page, out, "tv-palast")


# The lesson's step is on the screen with the plaques it teaches lit.
LESSON_READY = """() => {
  const lesson = window.jeweltable.stream && window.jeweltable.stream.lesson;
  const lit = document.querySelector('.plaque.hinted');
  return Boolean(lesson && !lesson.done && !lesson.watch && lit);
}"""


def lesson(room: Room, browser, out: Path) -> None:
    """ "Learn to play" La Magie des Bijoux on a phone: the first step, then a plaque it does not
    teach tapped and the step's line of why."""
    page = new_page(browser, PHONE)
    open_lobby(page, room, "Ada")
    tap(page, "[data-learn='magie-des-bijoux']")
    page.wait_for_function(LESSON_READY)
    page.wait_for_function("() => document.querySelector('.lesson').innerText.includes('Step 1')")
    page.wait_for_selector("svg.bijoux .piece-name")  # the plaques' names come with the rules
    scroll_to_top(page, ".lesson")
    shoot(page, out, "phone-lesson")
    tap(page, ".plaque.legal.quiet")
    page.wait_for_selector(".lesson .refused")
    scroll_to_top(page, ".lesson")
    shoot(page, out, "phone-lesson-refused")


def results(room: Room, browser, out: Path) -> None:
    """A short game of La Magie des Bijoux against two bots, tapped to its end on a phone; the
    results with the score table in sight."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = new_page(browser, PHONE)
    open_lobby(page, room, "Ada")
    tap(page, "[data-game='magie-des-bijoux']")
    tap(page, "[data-players='3']")
    tap(page, "#create")
    page.wait_for_selector("main.table[data-seq]")
    deadline = time.monotonic() + 240
    while not page.locator(".results .scores table").count():
        if time.monotonic() > deadline:
            raise RuntimeError("the game did not end within 240 s")
        seq = page.evaluate("() => window.jeweltable.stream.seq")
        if not page.locator(".plaque.legal").count():
            page.wait_for_timeout(50)
            continue
        tap(page, ".plaque.legal")
        if page.locator(".armed").count():
            tap(page, ".armed")
        # A touch that a redraw took from under the finger plays nothing: look again.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(
                "seq => window.jeweltable.stream.seq !== seq", arg=seq, timeout=3000
            )
    # The board stays; the side under it scrolls to the score table.
    page.wait_for_timeout(500)
    scroll_to_top(page, ".results .scores")
    shoot(page, out, "phone-scores")


def my_table(page, game: str) -> None:
    """From the lobby, a table of `game` for the page's player and two bots, started; wait for
    the player's first turn."""
    tap(page, f"[data-game='{game}']")
    tap(page, "[data-players='3']")
    tap(page, "#create")
    page.wait_for_function(
        "() => { const s = window.jeweltable.stream;"
        " return s && s.legal_moves.length > 0 && s.to_act.includes(s.seat); }",
        timeout=60_000,
    )


def large_text(room: Room, browser, out: Path) -> None:
    """Das Kollier on a phone with the page's text at 200% (the lobby's "Text size"): the
    seat's first turn, everything reflowed, nothing cut off, no sideways scroll."""
    page = new_page(browser, PHONE)
    open_lobby(page, room, "Ada")
    page.select_option("#text-size", "200")
    my_table(page, "das-kollier")
    if page.evaluate("() => document.documentElement.scrollWidth") > PHONE["width"]:
        raise RuntimeError("at 200% text the page scrolls sideways")
    scroll_to_top(page, "main")
    shoot(page, out, "phone-text-200")


def focus_ring(room: Room, browser, out: Path) -> None:
    """La Magie des Bijoux on a phone played by keys: Tab brought the focus to a plaque the
    seat may take, and the arrows moved it along the row; the ring shows where it is."""
    page = new_page(browser, PHONE)
    open_lobby(page, room, "Ada")
    my_table(page, "magie-des-bijoux")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.plaque.legal')"):
            break
    else:
        raise RuntimeError("Tab never reached a plaque the seat may take")
    page.wait_for_timeout(400)  # the legal plaques' glow at its brightest, as it pulses
    shoot(page, out, "phone-focus-ring")


SHOTS: dict[str, Callable[[Room, Any, Path], None]] = {
    "phone-lobby-card": lobby_card,
    "phone-new-table": new_table,
    "tablet-curtain": pass_and_play,
    "tv-kollier": tv_kollier,
    "tv-palast": tv_palast,
    "phone-lesson": lesson,
    "phone-scores": results,
    "phone-text-200": large_text,
    "phone-focus-ring": focus_ring,
}
# Shots made by another's function.
MADE_WITH = {
    "phone-new-table-settings": "phone-new-table",
    "tablet-revealed": "tablet-curtain",
    "phone-lesson-refused": "phone-lesson",
}


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise SystemExit(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            yield browser
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent, help="folder of the PNGs"
    )
    names = sorted([*SHOTS, *MADE_WITH])
    parser.add_argument("--only", nargs="+", choices=names, metavar="NAME", help=", ".join(names))
    args = parser.parse_args(argv)
    wanted = {MADE_WITH.get(name, name) for name in args.only or SHOTS}
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, Room(Path(data)) as room, chromium() as browser:
        for name, make in SHOTS.items():
            if name in wanted:
                make(room, browser, args.out)
                for context in browser.contexts:
                    context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
