"""At the table together in the browser (client/web/social.js): two phones chat and see each
other's lines and an emote bubble at the sender's seat; a spectator's line never reaches a player
on a table without `open_chat` (and the spectator's page says so); a refusal comes in the
player's language and gives the words back; and Play again from the browser starts the next
game with the bot, the spectator following to the new table.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from client.net.connection import AsyncClient
from server import social
from tests.test_server_kit import HOST, ServerThread
from tests.test_web_page import (
    BIJOUX_TAPS,
    host_table,
    open_lobby,
    phone,
    play_to_the_end,
    stream,
)


def people_table(server: ServerThread, seats: int, bots: list[int], **table: Any) -> int:
    """A Bijoux table made by a Python host that watches: bots at `bots`, the other seats for
    people; the game starts once every seat is taken. `table`: more fields of the `create`."""
    return host_table(server, "magie-des-bijoux", seats, bots=bots, **table)


def sit(page, server, table: int, seat: int, name: str, locale: str = "en-GB") -> None:
    open_lobby(page, server, name)
    page.tap(f"[data-table='{table}'] [data-seat='{seat}']")
    page.wait_for_selector(".chat")


def watch(page, server, table: int, name: str) -> None:
    """Watch under `name`: a spectator is named by its hello, so the page comes back named."""
    open_lobby(page, server, name)
    page.reload()
    page.wait_for_function("() => window.jeweltable.welcome")
    page.tap(f"[data-table='{table}'] .watch")
    page.wait_for_selector(".chat")


def say(page, text: str) -> None:
    page.tap("#chat-text")
    page.keyboard.type(text)
    page.tap("#chat-send")


def heard(page, text: str) -> None:
    """Wait until the chat's lines hold `text` (a page that comes back draws them first)."""
    page.wait_for_function(
        "t => { const lines = document.querySelector('.chat .lines');"
        " return lines !== null && lines.innerText.includes(t); }",
        arg=text,
    )


def lines(page) -> str:
    return page.inner_text(".chat .lines")


def test_a_redraw_while_typing_keeps_the_chat_field_and_every_letter(server, browser):
    # The table redraws whenever news comes (a move, a line, a clock): the field keeps its focus
    # and caret, so the rest of the line goes where the first letters went.
    table = people_table(server, 3, [2])
    ada, bob = phone(browser, locale="de-DE"), phone(browser)
    sit(ada, server, table, 0, "Ada")
    sit(bob, server, table, 1, "Bob")
    ada.wait_for_selector("main.table[data-seq]")
    # The send button keeps its whole label beside the field (German "Senden" was squeezed).
    assert ada.evaluate(
        "() => { const b = document.querySelector('#chat-send');"
        " return b.scrollWidth <= b.clientWidth; }"
    )
    ada.tap("#chat-text")
    ada.keyboard.type("good ")
    ada.evaluate("() => window.jeweltable.render()")
    assert ada.evaluate("() => document.activeElement.id") == "chat-text"
    ada.keyboard.type("luck")
    ada.keyboard.press("Enter")
    heard(bob, "good luck")
    assert "Ada: good luck" in lines(bob)


def test_a_redraw_keeps_the_lines_read_back_and_every_emote_in_sight(server, browser):
    # The chat panel outlives the redraws (it is moved into each new screen), and an element
    # moved in the page starts again at its top: the lines read back jumped home at every move
    # and every tick of a clock. The emotes wrap onto a second line rather than run off the
    # phone's edge unseen.
    table = people_table(server, 2, [1])
    ada = phone(browser)
    ada.set_viewport_size({"width": 390, "height": 844})
    sit(ada, server, table, 0, "Ada")
    ada.wait_for_selector("main.table[data-seq]")
    for k in range(3):
        say(ada, f"line {k}: " + "a long line that wraps over several rows of the chat " * 3)
    heard(ada, "line 2")
    ada.wait_for_function(
        "() => { const l = document.querySelector('.chat .lines');"
        " return l.scrollHeight > l.clientHeight + 40 && l.scrollTop > 0; }"
    )
    where = "() => document.querySelector('.chat .lines').scrollTop"
    ada.evaluate("() => { document.querySelector('.chat .lines').scrollTop = 20; }")
    assert ada.evaluate(where) == 20
    # A scroll's event comes with the next frame (as a finger's does): the page keeps its place.
    ada.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    ada.evaluate("() => window.jeweltable.render()")
    assert ada.evaluate(where) == 20
    edges = ada.evaluate(
        "() => [...document.querySelectorAll('.chat .emotes button, .chat .say *, .chat')]"
        ".map((el) => el.getBoundingClientRect().right)"
    )
    assert len(edges) >= 8 and max(edges) <= 390
    assert ada.errors == []


def test_two_phones_chat_see_each_others_lines_and_an_emote_bubble(server, browser):
    table = people_table(server, 3, [2])
    ada, bob = phone(browser), phone(browser)
    sit(ada, server, table, 0, "Ada")
    sit(bob, server, table, 1, "Bob")
    for page in (ada, bob):
        page.wait_for_selector("main.table[data-seq]")
    say(ada, "good luck, Bob!")
    # The line comes back to the sender from the server like to everyone else: either page may
    # hear it first.
    for page in (ada, bob):
        heard(page, "good luck")
        assert "Ada: good luck, Bob!" in lines(page)
    # What was sent left the field; the field keeps its focus for the next line.
    assert ada.input_value("#chat-text") == ""
    say(bob, "thanks")
    heard(ada, "thanks")
    # Bob is awaited at seat 1's emote: one tap, a bubble at Bob's seat on both screens.
    bob.tap("[data-emote='well_played']")
    for page in (ada, bob):
        bubble = page.wait_for_selector(".players li .bubble[data-seat='1']")
        assert bubble.inner_text() == "Well played!"
        box = bubble.bounding_box()
        assert box["height"] >= 16 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert "Bob: Well played!" in lines(ada)
    # The bubble goes after its three seconds; the line stays.
    ada.wait_for_function("() => !document.querySelector('.bubble')", timeout=6000)
    assert "Bob: Well played!" in lines(ada)
    # Emote buttons and the field are fingers' size.
    for selector in ("[data-emote='hmm']", "#chat-text", "#chat-send"):
        box = bob.locator(selector).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, selector
    # A page that comes back asks for what was said: the lines are there again.
    bob.reload()
    heard(bob, "good luck")
    assert "Bob: thanks" in lines(bob)
    assert ada.errors == [] and bob.errors == []


def test_a_spectators_line_reaches_players_only_on_an_open_chat_table(server, browser):
    table = people_table(server, 2, [1])
    ada, cleo, dan = phone(browser), phone(browser), phone(browser)
    frames: list[Any] = []
    ada.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    sit(ada, server, table, 0, "Ada")
    for page, name in ((cleo, "Cleo"), (dan, "Dan")):
        watch(page, server, table, name)
    # The spectator's panel says who reads it; a player's does not.
    assert "read by spectators only" in cleo.inner_text(".chat h2")
    assert "read by spectators only" not in ada.inner_text(".chat h2")
    say(cleo, "psst, play the ruby")
    heard(dan, "psst")
    assert "Cleo (watching): psst, play the ruby" in lines(dan)
    say(ada, "hello all")
    for page in (cleo, dan):
        heard(page, "hello all")
    assert "psst" not in lines(ada)
    # Asked again after a reload, the log still holds nothing the player may not read.
    ada.reload()
    heard(ada, "hello")
    assert "psst" not in lines(ada)
    # Nor did the player's page ever get the words, in any message.
    assert frames and not [f for f in frames if isinstance(f, bytes) and b"psst" in f]

    # On an open_chat table the spectator's words reach the player, and nothing says otherwise.
    other = people_table(server, 2, [1], open_chat=True)
    bea, eve = phone(browser), phone(browser)
    sit(bea, server, other, 0, "Bea")
    watch(eve, server, other, "Eve")
    assert "read by spectators only" not in eve.inner_text(".chat h2")
    say(eve, "nice move")
    heard(bea, "nice")
    assert "Eve (watching): nice move" in lines(bea)
    for page in (ada, cleo, dan, bea, eve):
        assert page.errors == []


def test_too_many_lines_are_refused_in_the_players_language_and_the_words_come_back(
    server, browser, monkeypatch
):
    # Five lines in ten seconds: a machine loaded enough took longer than that to type them.
    monkeypatch.setattr(social, "CHAT_WINDOW", 600.0)
    table = people_table(server, 2, [1])
    page = phone(browser, locale="de-DE")
    sit(page, server, table, 0, "Ada")
    for i in range(5):
        say(page, f"line {i}")
    heard(page, "line 4")
    say(page, "one too many")
    toast = page.wait_for_selector(".toast")
    assert "Zu viele Versuche" in toast.inner_text(), toast.inner_text()
    # Nothing written is lost: the refused words are back in the field.
    page.wait_for_function("() => document.querySelector('#chat-text').value === 'one too many'")
    assert "one too many" not in lines(page)
    assert page.errors == []


def test_play_again_from_the_browser_starts_the_next_game_with_the_bot_and_the_spectator(
    server, browser
):
    page = phone(browser)
    open_lobby(page, server)
    page.tap("[data-game='magie-des-bijoux']")
    page.tap("[data-players='2']")
    page.tap("#create")
    page.wait_for_selector("main.table[data-seq]")
    first = page.evaluate("() => window.jeweltable.table")
    watcher = phone(browser)
    watch(watcher, server, first, "Dee")
    watcher.wait_for_selector("main.table[data-seq]")
    play_to_the_end(page, BIJOUX_TAPS)
    page.wait_for_selector("#rematch")
    watcher.wait_for_function("() => window.jeweltable.stream.status === 'finished'")
    # A spectator sees the results without a Play again of its own.
    assert watcher.locator("#rematch").count() == 0
    page.tap("#rematch")
    # The bot needs no asking: the next game starts, and both pages follow it.
    for p in (page, watcher):
        p.wait_for_function(
            "first => window.jeweltable.table !== first && window.jeweltable.stream"
            " && window.jeweltable.stream.status === 'playing'",
            arg=first,
            timeout=15000,
        )
    second = page.evaluate("() => window.jeweltable.table")
    assert watcher.evaluate("() => window.jeweltable.table") == second
    assert stream(page)["seat"] == 0 and stream(watcher)["seat"] is None
    assert page.evaluate("() => window.jeweltable.spectator") is False
    assert watcher.evaluate("() => window.jeweltable.spectator") is True
    # The old table was left: the pages are at the new one only.
    page.wait_for_selector(".chat")
    assert page.errors == [] and watcher.errors == []


async def _bob(server: ServerThread, ready: asyncio.Future, asks: bool) -> None:
    """Bob at seat 0 of a two-seat Bijoux table: plays the first legal move whenever it is his
    turn (at any table he sits at). `asks`: he asks to play again a moment after the game ends;
    else he says yes a moment after someone else asked."""
    bob = await AsyncClient.connect(HOST, server.port, "Bob")
    bob.send({"t": "create", "game": "magie-des-bijoux", "seats": 2, "sit": True})
    table = (await bob.expect("joined"))["table"]
    ready.set_result(table)
    asked = False
    try:
        while True:
            msg = await bob.recv(timeout=None)
            summary = msg.get("table") if msg["t"] == "table" else None
            if (
                summary
                and summary["id"] == table
                and summary["status"] == "waiting"
                and all(s["kind"] != "empty" for s in summary["seats"])
            ):
                bob.send({"t": "start", "table": table})
            if msg["t"] == "rematch" and 0 in msg["waiting"] and not asked:
                asked = True
                await asyncio.sleep(1.5)
                bob.send({"t": "rematch", "table": table})
            if msg["t"] not in ("sync", "update") or msg["seat"] is None:
                continue
            if asks and msg["status"] == "finished" and not asked and msg["table"] == table:
                asked = True
                await asyncio.sleep(0.5)
                bob.send({"t": "rematch", "table": table})
            elif msg["status"] == "playing" and msg["seat"] in msg["to_act"]:
                move = msg["legal_moves"][0]
                bob.send(
                    {"t": "move", "table": msg["table"], "seat": 0, "move": move, "seq": msg["seq"]}
                )
    finally:
        await bob.close()


@pytest.mark.parametrize("bob_asks", [True, False], ids=["bob-asks", "the-page-asks"])
def test_a_rematch_between_two_people_shows_who_is_awaited_and_follows_the_next_game(
    server, browser, bob_asks
):
    ready = asyncio.run_coroutine_threadsafe(_make_future(), server.loop).result(5)
    task = asyncio.run_coroutine_threadsafe(_bob(server, ready, bob_asks), server.loop)
    table = asyncio.run_coroutine_threadsafe(_wait(ready), server.loop).result(10)
    try:
        page = phone(browser)
        sit(page, server, table, 1, "Ada")
        page.wait_for_selector("main.table[data-seq]")
        play_to_the_end(page, BIJOUX_TAPS)
        if bob_asks:
            # The page stays on the results, says who asks and how long is left, and offers
            # its Play again.
            note = page.wait_for_selector(".rematch-note:has-text('asks to play again')")
            assert "Bob asks to play again:" in note.inner_text()
            assert "seconds left to say yes" in note.inner_text()
            assert page.is_enabled("#rematch")
            page.tap("#rematch")
        else:
            page.tap("#rematch")
            # Bob is awaited, by name, with the seconds he has left; asked once is enough.
            note = page.wait_for_selector(".rematch-note:has-text('Waiting for')")
            assert re.fullmatch(r"Waiting for Bob \(\d+ seconds\)…", note.inner_text())
            assert page.is_disabled("#rematch")
            assert page.evaluate("() => window.jeweltable.table") == table
        page.wait_for_function(
            "first => window.jeweltable.table !== first && window.jeweltable.stream"
            " && window.jeweltable.stream.status === 'playing'",
            arg=table,
            timeout=15000,
        )
        assert stream(page)["seat"] == 1
        assert page.errors == []
    finally:
        task.cancel()


async def _make_future() -> asyncio.Future:
    return asyncio.get_running_loop().create_future()


async def _wait(future: asyncio.Future) -> Any:
    return await asyncio.wait_for(asyncio.shield(future), 10)


async def _zed(server: ServerThread, table: int) -> AsyncClient:
    zed = await AsyncClient.connect(HOST, server.port, "Zed")
    zed.send({"t": "watch", "table": table})
    await zed.expect("joined", table=table)
    return zed


def test_the_tables_host_mutes_someone_by_a_tap_on_their_line(server, browser):
    page = phone(browser)
    open_lobby(page, server, "Ada")
    page.reload()
    page.wait_for_function("() => window.jeweltable.welcome")
    # A table whose spectators talk to the players (the page sends what the lobby would).
    page.evaluate(
        "() => window.jeweltable.connection.send({t: 'create', game: 'magie-des-bijoux',"
        " seats: 2, open_chat: true, name: 'Ada'})"
    )
    page.wait_for_selector(".chat")
    table = page.evaluate("() => window.jeweltable.table")
    zed = asyncio.run_coroutine_threadsafe(_zed(server, table), server.loop)
    zed = zed.result(10)

    async def zed_says(text: str) -> dict:
        zed.send({"t": "chat", "table": table, "text": text})
        return await zed.wait_for(lambda m: m["t"] in ("chat", "error"), timeout=10)

    def says(text: str) -> dict:
        return asyncio.run_coroutine_threadsafe(zed_says(text), server.loop).result(15)

    try:
        assert says("buy my gems")["t"] == "chat"
        heard(page, "buy my gems")
        page.on("dialog", lambda dialog: dialog.accept())
        page.tap(".chat .lines button.line")
        heard(page, "Zed was muted by the table's host.")
        answer = says("still here")
        assert answer["t"] == "error" and answer["code"] == "muted"
        assert "still here" not in lines(page)
        # Muted lines are dimmed; the host's own lines are no buttons.
        assert page.locator(".chat .lines .muted").count() == 1
        say(page, "welcome")
        heard(page, "Ada: welcome")
        assert page.locator(".chat .lines button.line").count() == 1
        assert page.errors == []
    finally:
        asyncio.run_coroutine_threadsafe(zed.close(), server.loop).result(10)
