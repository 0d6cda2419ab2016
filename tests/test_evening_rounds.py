"""Rounds over TCP: ten people over three rounds of a four-player game are seated by the
evening's standings (leaders together), the short tables filled with bots; refusals."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from server.rounds import table_sizes
from tests.test_evening import play_out
from tests.test_evening_hand import refused
from tests.test_server_kit import arun, connect, running_server

CODE = "round-robin"
GAME = "magie-des-bijoux"


def test_a_round_spreads_its_people_over_as_few_tables_as_evenly_as_it_can() -> None:
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(8, 4) == [4, 4]
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(5, 3) == [3, 2]
    assert table_sizes(2, 4) == [2]


async def round_news(client: Any, match: Any) -> dict[str, Any]:
    msg = await client.wait_for(lambda m: m["t"] == "round" and match(m["round"]), timeout=60)
    return msg["round"]


@arun(timeout=280)
async def test_ten_people_over_three_rounds_are_seated_by_standing(tmp_path: Path) -> None:
    async with running_server(tmp_path, evening="Friday", host_code=CODE) as server:
        hal = await connect(server, "Hal")
        names = [f"P{n}" for n in range(10)]
        people = {name: await connect(server, name) for name in names}
        await refused(hal, {"t": "round_start", "game": GAME, "seats": 4}, "not_host")
        await refused(people["P0"], {"t": "round_join"}, "no_round")
        hal.send({"t": "host", "code": CODE})
        await hal.expect("host")
        await refused(hal, {"t": "round_start", "game": GAME, "seats": 6}, "bad_option")
        await refused(hal, {"t": "round_seat"}, "no_round")
        hal.send({"t": "round_start", "game": GAME, "seats": 4})
        for name in names:  # they join in this order
            people[name].send({"t": "round_join"})
            await round_news(people[name], lambda r, n=name: n in r["joined"])
        await round_news(hal, lambda r: len(r["joined"]) == 10)
        rng = random.Random(3)
        for number in (1, 2, 3):
            hal.send({"t": "standings", "id": number})
            ranked = [e["name"] for e in (await hal.expect("standings", ref=number))["overall"]]
            order = ranked + [n for n in names if n not in ranked]
            hal.send({"t": "round_seat"})
            seated = await round_news(
                hal, lambda r, n=number: r["number"] == n and r["status"] == "playing"
            )
            tables = seated["tables"]
            # Leaders together: the first table the top four, then three and three, each
            # short table's last seat a bot.
            assert [t["seats"][:k] for t, k in zip(tables, (4, 3, 3), strict=True)] == [
                order[0:4],
                order[4:7],
                order[7:10],
            ]
            assert [t["seats"][3] for t in tables[1:]] == ["basic bot 4", "basic bot 4"]
            plays = []
            for t in tables:
                for seat, name in enumerate(t["seats"][: 4 if t is tables[0] else 3]):
                    client = people[name]
                    await client.expect("joined", table=t["table"])
                    plays.append(play_out(client, t["table"], seat, random.Random(rng.random())))
            if number == 1:
                await refused(hal, {"t": "round_seat"}, "round_started")
                await refused(people["P3"], {"t": "round_leave"}, "round_started")
            await asyncio.gather(*plays)
            # The next round opens by itself, with the same people.
            opened = await round_news(hal, lambda r, n=number: r["number"] == n + 1)
            assert opened["status"] == "gathering" and opened["joined"] == names
        hal.send({"t": "standings", "id": "end"})
        final = await hal.expect("standings", ref="end")
        assert final["tables"] == 9
        assert sum(e["games"] for e in final["overall"]) == 30
