"""A look at the page in Firefox ESR (issue 29): the lobby and a table of each game against bots,
on a 390×844 screen, saved as PNGs — the look `firefox-esr --headless --screenshot` cannot give,
since it shoots before the page's socket has brought a table.

    .venv/bin/python docs/screens/firefox.py --out /tmp/firefox    # apt-get install firefox-esr

Firefox is driven through WebDriver BiDi, which it speaks itself (`--remote-debugging-port`):
no geckodriver, which Debian does not package. A server runs in this process as for the
README's other pictures (docs/screens/make.py `Room`: 127.0.0.1, no discovery, quick bots);
Firefox runs headless with a profile of its own in a temporary folder and is stopped at the
end. The page is used as a person would, through its own controls (the name, a game's tile,
"Play against bots", ←); the script stops, saying why, when a step does not come within 20 s or
the page reports an error. A look, not a test: the suite plays the page in chromium and WebKit.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from docs.screens.make import PHONE, Room, shrink  # noqa: E402

FIREFOX = os.environ.get("JEWELTABLE_FIREFOX", "firefox-esr")
GAMES = ["das-kollier", "kette-von-saba", "magie-des-bijoux", "saba-palast"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Bidi:
    """One WebDriver BiDi session on Firefox's socket, one browsing context (its first tab)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.context = ""

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        await self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:  # events (none asked for) and other answers are passed over
            msg = json.loads(await self.ws.recv())
            if msg.get("id") == number:
                if msg.get("type") == "error":
                    raise RuntimeError(f"{method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]

    async def js(self, expression: str) -> Any:
        result = await self.call(
            "script.evaluate",
            expression=expression,
            target={"context": self.context},
            awaitPromise=True,
        )
        if result.get("type") == "exception":
            raise RuntimeError(f"the page threw: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    async def until(self, condition: str, what: str, seconds: float = 20.0) -> None:
        for _ in range(int(seconds * 10)):
            if await self.js(f"Boolean({condition})"):
                return
            await asyncio.sleep(0.1)
        raise RuntimeError(f"{what} did not come within {seconds:.0f} s")

    async def shoot(self, out: Path, name: str) -> None:
        # Short animations done, fonts in: what stays on the screen.
        await self.js("document.fonts.ready.then(() => new Promise((r) => setTimeout(r, 1200)))")
        errors = await self.js("JSON.stringify(window.__errors || [])")
        if errors != "[]":
            raise RuntimeError(f"{name}: the page failed: {errors}")
        shot = await self.call("browsingContext.captureScreenshot", context=self.context)
        path = out / f"{name}.png"
        path.write_bytes(base64.b64decode(shot["data"]))
        shrink(path)
        print(f"{path}  {PHONE['width']}×{PHONE['height']}  {path.stat().st_size / 1000:.0f} kB")


async def look(port: int, page_url: str, out: Path) -> None:
    async with websockets.connect(f"ws://127.0.0.1:{port}/session", max_size=None) as ws:
        bidi = Bidi(ws)
        await bidi.call("session.new", capabilities={})
        try:
            tree = await bidi.call("browsingContext.getTree")
            bidi.context = tree["contexts"][0]["context"]
            await bidi.call("browsingContext.setViewport", context=bidi.context, viewport=PHONE)
            await bidi.call(
                "script.addPreloadScript",
                functionDeclaration="() => { window.__errors = [];"
                " addEventListener('error', (e) => window.__errors.push(String(e.message))); }",
            )
            await bidi.call(
                "browsingContext.navigate", context=bidi.context, url=page_url, wait="complete"
            )
            await bidi.until("window.jeweltable && window.jeweltable.welcome", "the welcome")
            await bidi.js(
                "(() => { const name = document.querySelector('#name'); name.value = 'Fox';"
                " name.dispatchEvent(new Event('change')); })()"
            )
            await bidi.until("document.querySelector(\"[data-game='das-kollier']\")", "the games")
            await bidi.shoot(out, "firefox-lobby")
            for game in GAMES:
                await bidi.js(f"document.querySelector(\"[data-game='{game}']\").click()")
                await bidi.until("document.querySelector('#create')", "Play against bots")
                await bidi.js("document.querySelector('#create').click()")
                await bidi.until(
                    "document.querySelector('main.table[data-seq]')", f"{game}'s table"
                )
                await bidi.shoot(out, f"firefox-{game}")
                # Leave the game (its question answered yes) for the next one.
                await bidi.js(
                    "window.confirm = () => true; document.querySelector('#leave').click()"
                )
                await bidi.until("document.querySelector('main.lobby')", "the lobby again")
        finally:
            await bidi.call("session.end")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder of the PNGs")
    args = parser.parse_args(argv)
    if shutil.which(FIREFOX) is None:
        print(f"no {FIREFOX} here (apt-get install firefox-esr)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as profile:
        firefox = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--no-remote",
                "--profile",
                profile,
                "--remote-debugging-port",
                str(port),
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert firefox.stderr is not None
            for line in firefox.stderr:  # "WebDriver BiDi listening on ws://…"
                if "listening on" in line:
                    break
            else:
                raise RuntimeError("Firefox ended before it listened")
            with Room(Path(data)) as room:
                asyncio.run(look(port, room.url(), args.out))
        finally:
            firefox.terminate()
            try:
                firefox.wait(10)
            except subprocess.TimeoutExpired:
                firefox.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
