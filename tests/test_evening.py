"""The host's evening over real sockets: counted games add up to standings equal to an
independent computation, friendly tables and bots gain nothing, ratings equal openskill's own,
the standings survive a restart and are exported as JSON and CSV."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from client.cli import main as cli
from server.chronicle import Chronicle
from server.evening import placings
from tests.test_server_kit import arun, connect, running_server

HOST_CODE = "sesame-17"


def test_points_by_placing_are_scaled_to_the_table_and_ties_share_them() -> None:
    # Four seats: 3/2/1/0; the two seats on 7 share the points of 2nd and 3rd place.
    assert placings([10, 7, 7, 2], [0]) == [(1, 3.0), (2, 1.5), (2, 1.5), (4, 0.0)]
    # The game's winner (its own tie-break) places above an equal score.
    assert placings([5, 5, 3], [1]) == [(2, 1.0), (1, 2.0), (3, 0.0)]
    # A shared win shares the first two places' points.
    assert placings([4, 4], [0, 1]) == [(1, 0.5), (1, 0.5)]
    # Five seats: 4 … 0.
    assert [p for _, p in placings([1, 2, 3, 4, 5], [4])] == [0.0, 1.0, 2.0, 3.0, 4.0]


# ---------------------------------------------------------------------- the test's own arithmetic
def better_and_equal(outcome: dict[str, Any], seat: int) -> tuple[int, int]:
    """How many seats did better than `seat`, and how many as well (itself included)."""
    winners = outcome["winners"]

    def merit(s: int) -> tuple[bool, Any]:
        return (s in winners, outcome["scores"][s])

    better = sum(1 for s in range(len(outcome["scores"])) if merit(s) > merit(seat))
    equal = sum(1 for s in range(len(outcome["scores"])) if merit(s) == merit(seat))
    return better, equal


def expected_points(outcome: dict[str, Any], seat: int) -> float:
    n = len(outcome["scores"])
    better, equal = better_and_equal(outcome, seat)
    return sum(n - 1 - p for p in range(better, better + equal)) / equal


# ---------------------------------------------------------------------- playing over TCP
async def seat_table(
    people: list[Any], game: str, bots: int = 0, friendly: bool = False, seed: int | None = 1
) -> int:
    """A started table: people[i] in seat i, then `bots` basic bots (`seed` None: the server
    draws it)."""
    owner = people[0]
    msg: dict[str, Any] = {"t": "create", "game": game, "seats": len(people) + bots}
    if seed is not None:
        msg["seed"] = seed
    if friendly:
        msg["friendly"] = True
    owner.send(msg)
    table = (await owner.expect("joined"))["table"]
    for seat, person in enumerate(people[1:], start=1):
        person.send({"t": "join", "table": table, "seat": seat})
        await person.expect("joined", table=table)
    for seat in range(len(people), len(people) + bots):
        owner.send({"t": "bot", "table": table, "seat": seat})
    owner.send({"t": "start", "table": table})
    await owner.wait_for(lambda m: m["t"] == "table" and m["table"]["status"] == "playing")
    return table


async def play_out(client: Any, table: int, seat: int, rng: random.Random) -> dict[str, Any]:
    """Random legal moves for one seat whenever it is to act, until the game ends; the
    outcome."""
    while True:
        msg = await client.wait_for(
            lambda m: m["t"] in ("sync", "update") and m["table"] == table and m["seat"] == seat,
            timeout=60,
        )
        if msg["status"] == "finished":
            return msg["outcome"]
        if seat in msg["to_act"] and msg["legal_moves"]:
            move = rng.choice(msg["legal_moves"])
            client.send(
                {"t": "move", "table": table, "seat": seat, "move": move, "seq": msg["seq"]}
            )


async def play_round(tables: list[tuple[int, list[Any]]], rng: random.Random) -> list[dict]:
    """Every table of a round played out at once; each table's outcome."""
    outcomes = []
    for table, people in tables:
        plays = [
            play_out(p, table, seat, random.Random(rng.random())) for seat, p in enumerate(people)
        ]
        outcomes.append(plays)
    done = await asyncio.gather(*(asyncio.gather(*plays) for plays in outcomes))
    return [results[0] for results in done]


def standings_of(names_points: dict[str, list[float]], wins: dict[str, int]) -> dict[str, tuple]:
    return {n: (sum(p), len(p), wins.get(n, 0)) for n, p in names_points.items()}


@arun(timeout=240)
async def test_an_evening_of_three_games_gives_the_standings_computed_independently(
    tmp_path: Path,
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    rng = random.Random(30)
    async with running_server(tmp_path, evening="Friday", host_code=HOST_CODE) as server:
        people = {name: await connect(server, name) for name in names}
        p = people
        # Round 1: magie with a bot, kette, and a friendly saba-palast table.
        round1 = [
            ("magie-des-bijoux", [p["Ann"], p["Bob"]], 1, False),
            ("kette-von-saba", [p["Cy"], p["Dee"], p["Eve"]], 0, False),
            ("saba-palast", [p["Fay"], p["Gus"]], 0, True),
        ]
        # Round 2: the same games, other people together; one person alone with two bots
        # (no count: a game counts with two people or more).
        round2 = [
            ("saba-palast", [p["Ann"], p["Cy"], p["Fay"]], 0, False),
            ("magie-des-bijoux", [p["Bob"], p["Dee"], p["Gus"]], 1, False),
            ("kette-von-saba", [p["Eve"]], 2, False),
        ]
        played: list[tuple[str, list[str], bool, dict]] = []  # game, seat names, counted, outcome
        for n, games in enumerate((round1, round2)):
            tables = []
            for k, (game, at, bots, friendly) in enumerate(games):
                tables.append((await seat_table(at, game, bots, friendly, seed=10 * n + k), at))
            outcomes = await play_round(tables, rng)
            for (game, at, bots, friendly), outcome in zip(games, outcomes, strict=True):
                seat_names = [c.welcome["name"] for c in at] + [None] * bots
                counted = not friendly and len(at) >= 2
                played.append((game, seat_names, counted, outcome))

        # The test's own standings: overall and per game.
        points: dict[str, list[float]] = {}
        wins: dict[str, int] = {}
        per_game: dict[str, dict[str, list[float]]] = {}
        per_game_wins: dict[str, dict[str, int]] = {}
        for game, seat_names, counted, outcome in played:
            if not counted:
                continue
            for seat, name in enumerate(seat_names):
                if name is None:
                    continue
                got = expected_points(outcome, seat)
                points.setdefault(name, []).append(got)
                per_game.setdefault(game, {}).setdefault(name, []).append(got)
                if seat in outcome["winners"]:
                    wins[name] = wins.get(name, 0) + 1
                    per_game_wins.setdefault(game, {})[name] = (
                        per_game_wins.get(game, {}).get(name, 0) + 1
                    )

        ann = p["Ann"]
        ann.send({"t": "standings", "id": 1})
        told = await ann.expect("standings", ref=1)
        assert told["evening"]["name"] == "Friday" and told["evening"]["ended"] is None
        assert told["tables"] == sum(1 for *_, counted, _ in played if counted)
        got = {e["name"]: (e["points"], e["games"], e["wins"]) for e in told["overall"]}
        assert got == standings_of(points, wins)
        for game, table_points in per_game.items():
            in_game = {e["name"]: (e["points"], e["games"], e["wins"]) for e in told["games"][game]}
            assert in_game == standings_of(table_points, per_game_wins.get(game, {}))
        # Ranked by points, then wins, then fewer games.
        merits = [(-e["points"], -e["wins"], e["games"]) for e in told["overall"]]
        assert merits == sorted(merits)
        # The friendly table's people (Fay and Gus played only there in round 1) and the bots
        # gained nothing there: Gus's only counted game is round 2's magie.
        assert got["Gus"][1] == 1

        # Ratings: openskill's Plackett-Luce, computed here from the same games in order.
        model = PlackettLuce()
        ratings: dict[tuple[str, str], Any] = {}
        for game, seat_names, counted, outcome in played:
            if not counted:
                continue
            seats = [s for s, name in enumerate(seat_names) if name is not None]
            teams = [[ratings.get((seat_names[s], game), model.rating())] for s in seats]
            ranks = [better_and_equal(outcome, s)[0] + 1 for s in seats]
            for s, team in zip(seats, model.rate(teams, ranks=ranks), strict=True):
                ratings[(seat_names[s], game)] = team[0]
        ann.send({"t": "ratings", "id": 2})
        listed = (await ann.expect("ratings", ref=2))["ratings"]
        assert {(r["name"], r["game"]) for r in listed} == set(ratings)
        for r in listed:
            theirs = ratings[(r["name"], r["game"])]
            assert r["mu"] == pytest.approx(theirs.mu, abs=1e-4)
            assert r["sigma"] == pytest.approx(theirs.sigma, abs=1e-4)
            assert r["rating"] == pytest.approx(theirs.mu - 3 * theirs.sigma, abs=0.01)
        # The lobby shows a person's conservative rating beside their name at a table.
        ann.send({"t": "create", "game": "saba-palast", "seats": 2})
        summary = (await ann.expect("joined"))["summary"]
        shown = summary["seats"][0]["rating"]
        assert shown == pytest.approx(ratings[("Ann", "saba-palast")].ordinal(), abs=0.01)

    # After a restart the evening and its standings are the same.
    async with running_server(tmp_path, host_code=HOST_CODE) as server:
        again = await connect(server, "Ann")
        again.send({"t": "standings", "id": 3})
        after = await again.expect("standings", ref=3)
        assert after["overall"] == told["overall"] and after["games"] == told["games"]
        assert after["evening"] == told["evening"]
        await again.close()

    # Exported: JSON and CSV by the file's extension, the same standings.
    out_json, out_csv = tmp_path / "friday.json", tmp_path / "friday.csv"
    assert cli(["evening", "--export", str(out_json), "--data", str(tmp_path)]) == 0
    exported = json.loads(out_json.read_text())
    assert exported["overall"] == told["overall"] and exported["games"] == told["games"]
    assert cli(["evening", "--export", str(out_csv), "--data", str(tmp_path)]) == 0
    rows = list(csv.DictReader(out_csv.open()))
    overall = [r for r in rows if r["scope"] == "overall"]
    assert [(r["name"], float(r["points"]), int(r["games"])) for r in overall] == [
        (e["name"], e["points"], e["games"]) for e in told["overall"]
    ]
    assert {r["scope"] for r in rows} == {"overall", *told["games"]}


def test_the_terminal_log_is_one_line_a_fact_for_people_or_machines() -> None:
    text, lines = io.StringIO(), io.StringIO()
    Chronicle(text).fact("in", "Ann came in", name="Ann")
    Chronicle(lines, json_lines=True).fact("in", "Ann came in", name="Ann")
    Chronicle(text, quiet=True).fact("out", "Ann went out", name="Ann")
    assert re.fullmatch(r"\d\d:\d\d:\d\d Ann came in\n", text.getvalue())
    fact = json.loads(lines.getvalue())
    assert fact["fact"] == "in" and fact["name"] == "Ann" and "T" in fact["at"]


def test_export_says_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert cli(["evening", "--export", str(tmp_path / "x.txt"), "--data", str(tmp_path)]) == 2
    assert "must end in .json or .csv" in capsys.readouterr().err
    assert cli(["evening", "--export", str(tmp_path / "x.json"), "--data", str(tmp_path)]) == 2
    assert "no evening" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
