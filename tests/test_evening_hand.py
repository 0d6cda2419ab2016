"""A hand on idle seats over TCP: the creator or the host hands a seat to a bot, nudges, pauses
and removes; everyone else is refused with the documented codes. The host code and evenings."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from server import standins
from tests.test_server_kit import arun, connect, running_server
from tests.test_web_gateway import WebClient

CODE = "open-sesame"
GAME = "magie-des-bijoux"


async def three_seats(server: Any, first: int = 0, clock: dict | None = None) -> tuple:
    """Ada (creator) in seat 0, Bob in 1, Cy in 2 of a started table; and Eve, who is no one."""
    ada, bob, cy, eve = [await connect(server, n) for n in ("Ada", "Bob", "Cy", "Eve")]
    create: dict[str, Any] = {"t": "create", "game": GAME, "seats": 3, "seed": 4}
    create["options"] = {"first_seat": first}
    if clock:
        create["clock"] = clock
    ada.send(create)
    table = (await ada.expect("joined"))["table"]
    for seat, person in ((1, bob), (2, cy)):
        person.send({"t": "join", "table": table, "seat": seat})
        await person.expect("joined", table=table)
    ada.send({"t": "start", "table": table})
    await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["status"] == "playing")
    return table, ada, bob, cy, eve


async def refused(client: Any, msg: dict[str, Any], code: str) -> dict[str, Any]:
    client.send({**msg, "id": code})
    error = await client.expect("error", ref=code)
    assert error["code"] == code, error
    return error


async def summary(client: Any, table: int, match: Any) -> dict[str, Any]:
    got = await client.wait_for(
        lambda m: m["t"] == "table" and m["table"]["id"] == table and match(m["table"])
    )
    return got["table"]


@arun(timeout=60)
async def test_only_the_creator_or_the_host_has_a_hand_on_a_table(tmp_path: Path) -> None:
    async with running_server(tmp_path, host_code=CODE) as server:
        table, ada, bob, cy, eve = await three_seats(server)
        for who in (eve, bob):  # a stranger, and a player who did not create the table
            for msg in (
                {"t": "hand_to_bot", "table": table, "seat": 2},
                {"t": "nudge", "table": table, "seat": 2},
                {"t": "pause", "table": table, "paused": True},
                {"t": "remove", "table": table, "seat": 2},
            ):
                error = await refused(who, msg, "not_creator")
                assert "creator or the host" in error["reason"]
        # A wrong host code is refused, and counted per address.
        await refused(eve, {"t": "host", "code": "guess"}, "bad_host_code")
        await refused(eve, {"t": "evening_start", "name": "Friday"}, "not_host")
        eve.send({"t": "host", "code": CODE, "id": "h"})
        assert (await eve.expect("host", ref="h"))["host"] is True
        # Now Eve, the host, may: she nudges Cy.
        eve.send({"t": "nudge", "table": table, "seat": 2, "id": "n"})
        assert (await eve.expect("nudged", ref="n"))["reached"] is True
        nudge = await cy.expect("nudge", table=table)
        assert nudge["seat"] == 2 and nudge["by"] == "Eve" and nudge["cue"] == "buzz"
        # Once in five seconds a seat.
        error = await refused(ada, {"t": "nudge", "table": table, "seat": 2}, "rate_limited")
        assert error["retry_after"] >= 1
        # Nobody to nudge at a bot's seat or an empty one.
        await refused(ada, {"t": "nudge", "table": table, "seat": 5}, "bad_seat")


@arun(timeout=60)
async def test_host_code_guesses_are_limited(tmp_path: Path) -> None:
    async with running_server(tmp_path, host_code=CODE) as server:
        eve = await connect(server, "Eve")
        for _ in range(5):
            await refused(eve, {"t": "host", "code": "guess"}, "bad_host_code")
        error = await refused(eve, {"t": "host", "code": CODE}, "rate_limited")
        assert error["retry_after"] > 0


@arun(timeout=60)
async def test_the_host_starts_and_ends_one_evening_at_a_time(tmp_path: Path) -> None:
    async with running_server(tmp_path, host_code=CODE) as server:
        hal, ann = await connect(server, "Hal"), await connect(server, "Ann")
        await refused(hal, {"t": "evening_end"}, "not_host")
        hal.send({"t": "host", "code": CODE})
        await hal.expect("host")
        await refused(hal, {"t": "evening_end"}, "no_evening")
        hal.send({"t": "evening_start", "name": "Saturday"})
        pushed = await ann.expect("standings")  # everyone connected hears of it
        assert pushed["evening"]["name"] == "Saturday" and pushed["evening"]["ended"] is None
        await refused(hal, {"t": "evening_start", "name": "Sunday"}, "evening_open")
        hal.send({"t": "evening_end"})
        ended = await ann.wait_for(lambda m: m["t"] == "standings" and m["evening"]["ended"])
        assert ended["evening"]["name"] == "Saturday"
        hal.send({"t": "evening_start", "name": "Sunday"})
        begun = await ann.wait_for(lambda m: m["t"] == "standings" and not m["evening"]["ended"])
        assert begun["evening"]["name"] == "Sunday" and begun["overall"] == []
        # A screen that comes in now is shown the evening at once, after its welcome.
        tv = await connect(server, "TV")
        shown = await tv.expect("standings")
        assert shown["evening"]["name"] == "Sunday"


@arun(timeout=60)
async def test_an_absent_persons_seat_is_handed_to_a_bot_and_taken_back(tmp_path: Path) -> None:
    async with running_server(tmp_path, host_code=CODE) as server:
        table, ada, bob, cy, eve = await three_seats(server, first=1)
        hand = {"t": "hand_to_bot", "table": table, "seat": 1}
        # Bob is here and was not kept waiting for: his seat is not handed.
        await refused(ada, hand, "seat_active")
        await refused(ada, {**hand, "seat": 1, "level": "nobody"}, "seat_active")
        token = bob.token
        await bob.close()
        await summary(ada, table, lambda t: not t["seats"][1]["connected"])
        await refused(ada, {**hand, "level": "nobody"}, "unknown_bot")
        ada.send(hand)
        shown = await summary(ada, table, lambda t: t["seats"][1].get("handed"))
        assert shown["seats"][1]["stand_in"] == "basic" and shown["seats"][1]["kind"] == "human"
        await refused(ada, hand, "already_handed")
        # The bot plays Bob's turn (seat 1 was first).
        moved = await ada.wait_for(lambda m: m["t"] == "update" and m["table"] == table)
        assert moved["seq"] == 1
        # Bob comes back: the bot plays on until he takes his seat back.
        bob = await connect(server, "Bob", token=token)
        await refused(cy, {"t": "reclaim", "table": table, "seat": 1}, "not_your_seat")
        bob.send({"t": "reclaim", "table": table, "seat": 1, "id": "r"})
        await summary(ada, table, lambda t: not t["seats"][1].get("handed"))
        await refused(bob, {"t": "reclaim", "table": table, "seat": 1}, "not_handed")


@arun(timeout=60)
async def test_an_idle_persons_seat_is_handed_to_a_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(standins, "IDLE_SEAT", 0.3)
    async with running_server(tmp_path, host_code=CODE) as server:
        table, ada, bob, cy, eve = await three_seats(server, first=1)
        await refused(ada, {"t": "hand_to_bot", "table": table, "seat": 2}, "seat_active")
        await asyncio.sleep(0.5)  # Bob, to act, keeps the table waiting
        # Cy is not to act, so not idle; Bob is.
        await refused(ada, {"t": "hand_to_bot", "table": table, "seat": 2}, "seat_active")
        ada.send({"t": "hand_to_bot", "table": table, "seat": 1})
        told = await bob.expect("handed", table=table)
        assert told["seat"] == 1 and told["by"] == "Ada" and told["level"] == "basic"
        moved = await bob.wait_for(lambda m: m["t"] == "update" and m["seat"] == 1)
        assert moved["seq"] == 1 and moved["events"]


@arun(timeout=60)
async def test_a_paused_table_takes_no_move_and_its_clock_stands_still(tmp_path: Path) -> None:
    async with running_server(tmp_path, host_code=CODE) as server:
        clock = {"kind": "move", "seconds": 30}
        table, ada, bob, cy, eve = await three_seats(server, first=0, clock=clock)
        await refused(ada, {"t": "pause", "table": table, "paused": False}, "not_paused")
        ada.send({"t": "pause", "table": table, "paused": True})
        paused = await bob.expect("paused", table=table)
        assert paused["paused"] is True and paused["by"] == "Ada"
        assert paused["clock"]["running"] == []
        left = paused["clock"]["remaining"][0]
        await refused(ada, {"t": "pause", "table": table, "paused": True}, "already_paused")
        sync = await ada.wait_for(lambda m: m["t"] == "sync" and m["seat"] == 0)
        move = sync["legal_moves"][0]
        await refused(ada, {"t": "move", "table": table, "seat": 0, "move": move}, "paused")
        await refused(ada, {"t": "undo", "table": table, "seat": 0}, "paused")
        await asyncio.sleep(0.5)
        ada.send({"t": "sync", "table": table})
        again = await ada.wait_for(lambda m: m["t"] == "sync" and m["paused"])
        assert again["clock"]["remaining"][0] == left and again["clock"]["running"] == []
        # The host (not the creator) goes on with it; the clock runs from where it stood.
        eve.send({"t": "host", "code": CODE})
        await eve.expect("host")
        eve.send({"t": "pause", "table": table, "paused": False})
        resumed = await ada.expect("paused", table=table, paused=False)
        assert resumed["clock"]["running"] == [0] and resumed["clock"]["remaining"][0] == left
        ada.send({"t": "move", "table": table, "seat": 0, "move": move, "id": "m"})
        await ada.wait_for(lambda m: m["t"] == "update" and m.get("ack") == "m")


@arun(timeout=60)
async def test_a_removed_person_cannot_take_the_seat_back(tmp_path: Path) -> None:
    async with running_server(tmp_path, host_code=CODE) as server:
        table, ada, bob, cy, eve = await three_seats(server, first=0)
        await refused(ada, {"t": "remove", "table": table, "seat": 2, "level": "x"}, "unknown_bot")
        ada.send({"t": "remove", "table": table, "seat": 2, "to": "open"})
        told = await cy.expect("removed", table=table)
        assert told["seat"] == 2 and told["by"] == "Ada"
        await summary(
            ada, table, lambda t: t["status"] == "playing" and t["seats"][2]["kind"] == "empty"
        )
        error = await refused(cy, {"t": "join", "table": table, "seat": 2}, "removed")
        assert "removed" in error["reason"]
        await refused(ada, {"t": "remove", "table": table, "seat": 2}, "no_person")
        # Someone else may take the open seat; Bob's seat goes to a bot.
        eve.send({"t": "join", "table": table, "seat": 2, "id": "j"})
        await eve.expect("joined", ref="j")
        ada.send({"t": "remove", "table": table, "seat": 1})
        await bob.expect("removed", table=table)
        shown = await summary(ada, table, lambda t: t["seats"][1]["kind"] == "bot")
        assert shown["seats"][1]["level"] == "basic"
    # The bar is stored: after a restart Cy still may not sit there.
    async with running_server(tmp_path, host_code=CODE) as server:
        cy = await connect(server, "Cy")
        await refused(cy, {"t": "join", "table": table}, "removed")


@arun(timeout=60)
async def test_the_hand_works_and_is_refused_the_same_through_the_browser_gateway(
    tmp_path: Path,
) -> None:
    async with running_server(tmp_path, host_code=CODE, web_port=0) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": GAME, "seats": 2, "seed": 2})
        table = (await ada.expect("joined"))["table"]
        phone = await WebClient.open(server.web_port, "Bob")  # Bob plays on his phone
        phone.send({"t": "join", "table": table, "seat": 1})
        await phone.expect("joined", table=table)
        ada.send({"t": "start", "table": table})
        await phone.expect("sync", table=table)
        tv = await WebClient.open(server.web_port, "Eve")  # a browser that is no one yet
        await refused(tv, {"t": "pause", "table": table, "paused": True}, "not_creator")
        await refused(phone, {"t": "nudge", "table": table, "seat": 0}, "not_creator")
        tv.send({"t": "host", "code": CODE})
        await tv.expect("host")
        tv.send({"t": "nudge", "table": table, "seat": 1, "id": "n"})
        assert (await tv.expect("nudged", ref="n"))["reached"] is True
        assert (await phone.expect("nudge", table=table))["cue"] == "buzz"
        tv.send({"t": "pause", "table": table, "paused": True})
        assert (await phone.expect("paused", table=table))["by"] == "Eve"
        for client in (phone, tv):
            await client.close()
