"""Where the points came from: every finished game's outcome breaks each seat's score into the
parts the engine adds up, and the table's talk says them as a table (shared/talk/scores.py)."""

from __future__ import annotations

import json

import pytest

from shared import engine, gamefile, talk
from shared.bots import make_bot
from shared.games.das_kollier.gems import necklace_value
from shared.randomplay import play_random_game
from shared.talk.scores import column_order, is_breakdown
from tests.test_talk import check_line

GAMES = engine.list_games()


def counts(game: engine.Game) -> range:
    return range(game.min_players, game.max_players + 1)


def bots_game(game: engine.Game, players: int, seed: int, options: dict | None = None) -> dict:
    """A whole game of basic bots (they make necklaces, buy and lay cards, build), to its end;
    a quiet open auction is knocked down by the server's timer move."""
    state = game.new_game(seed, players, options)
    bots = [make_bot(game, s, "basic", seed=seed + s) for s in range(players)]
    while not game.is_over(state):
        for seat in game.to_act(state):
            move = bots[seat].choose(game.view(state, seat), game.legal_moves(state, seat))
            if move is not None:
                break
        else:
            timer = game.timer(state)
            seat, move = timer["seat"], timer["move"]
        state, _ = game.apply(state, seat, move)
    return state


def finished_games():
    """(game, state) for random and bots' finished games of every title and player count (and
    the options that change the scoring: Palast's professional serail figure)."""
    for game_id in GAMES:
        game = engine.get_game(game_id)
        option_sets = [{}, {"profi": True}] if game_id == "saba-palast" else [{}]
        for players in counts(game):
            for options in option_sets:
                for seed in range(3):
                    yield game, play_random_game(game, seed, players, options)[0]
                if players <= 4 or game_id != "magie-des-bijoux":
                    yield game, bots_game(game, players, 11 + players, options)


def test_every_seats_parts_add_up_to_its_score_in_every_finished_game():
    seen: dict[str, set[str]] = {g: set() for g in GAMES}
    for game, state in finished_games():
        outcome = game.outcome(state)
        breakdown = outcome["breakdown"]
        assert len(breakdown) == state["players"] == len(outcome["scores"])
        ids = [p["id"] for p in breakdown[0]]
        for seat, parts in enumerate(breakdown):
            assert [p["id"] for p in parts] == ids, "every seat has the same parts"
            assert all(set(p) == {"id", "count", "points"} for p in parts)
            assert sum(p["points"] for p in parts) == outcome["scores"][seat], (game.id, seat)
            seen[game.id] |= {p["id"] for p in parts if p["points"]}
        assert is_breakdown(outcome)
    # The random and the bots' games reach the parts that matter in each game.
    assert {"gems", "kinds"} <= seen["das-kollier"]
    assert {"start", "sales", "purchases", "deck", "rewards"} <= seen["kette-von-saba"]
    assert {"balconies", "treasury"} <= seen["saba-palast"]
    assert len(seen["magie-des-bijoux"]) >= 5


def test_kette_money_is_booked_where_it_came_from():
    # Every change of cash is booked: the parts are the cash itself, start money included.
    game = engine.get_game("kette-von-saba")
    state = bots_game(game, 4, 2)
    outcome = game.outcome(state)
    for seat, parts in enumerate(outcome["breakdown"]):
        part = {p["id"]: p for p in parts}
        assert part["start"] == {"id": "start", "count": 1, "points": 20_000}
        assert sum(p["points"] for p in parts) == state["cash"][seat]
        assert part["purchases"]["points"] <= 0 and part["deck"]["points"] <= 0
        assert part["deck"]["points"] == -2000 * part["deck"]["count"]
    paid = sum(p["points"] for b in outcome["breakdown"] for p in b if "rewards" in p["id"])
    fees = -sum(p["points"] for b in outcome["breakdown"] for p in b if p["id"] == "deck")
    assert (paid, fees) == (state["rewards_paid"], state["fees_paid"])


def test_a_necklace_is_its_gems_base_value_times_its_kinds():
    # Rules example: diamond, 2 garnets, 4 agates = (10,000 + 12,000 + 4,000) × 3 = 78,000.
    game = engine.get_game("das-kollier")
    state = game.new_game(1, 3)
    necklace = ["diamant", "granat", "granat", "achat", "achat", "achat", "achat"]
    state["hands"] = [[*necklace, "opal"], ["rubin"], []]
    outcome = game.outcome(state)
    assert outcome["breakdown"][0] == [
        {"id": "gems", "count": 7, "points": 26_000},
        {"id": "kinds", "count": 3, "points": 52_000},
    ]
    assert outcome["scores"][0] == necklace_value(necklace) == 78_000
    assert outcome["breakdown"][1] == [
        {"id": "gems", "count": 0, "points": 0},
        {"id": "kinds", "count": 0, "points": 0},
    ]


def test_palast_points_are_balconies_treasury_and_the_professional_serail():
    game = engine.get_game("saba-palast")
    state = game.new_game(4, 3, {"profi": True})
    state["garden"][0]["figure"], state["garden"][3]["figure"] = 1, 1
    state["treasury"], state["serail_figure"] = [1, 2], 1
    outcome = game.outcome(state)
    assert [[p["points"] for p in parts] for parts in outcome["breakdown"]] == [
        [0, 0, 0],
        [2, 1, 1],
        [0, 1, 0],
    ]
    assert outcome["scores"] == [0, 4, 1]
    plain = game.outcome(game.new_game(4, 3))
    assert [p["id"] for p in plain["breakdown"][0]] == ["balconies", "treasury"]


def moment_over(game: engine.Game, state: dict, seat: int | None) -> talk.Moment:
    outcome = game.outcome(state)
    return talk.Moment(game.view(state, seat), seat, [], [], [], outcome)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_talk_says_every_seats_parts_and_total_in_every_language(game_id):
    game = engine.get_game(game_id)
    for players in (game.min_players, game.max_players):
        state = bots_game(game, players, 5)
        outcome = game.outcome(state)
        for seat in [*range(players), None]:
            said = talk.talk(game_id, moment_over(game, state, seat))["scores"]
            assert said["order"] == column_order(outcome, seat)
            assert sorted(said["order"]) == list(range(players))
            if seat is not None:
                assert said["order"][0] == seat
            kinds = [row["kind"] for row in said["rows"]]
            assert kinds.count("total") == 1
            assert kinds.index("total") == len([k for k in kinds if k == "part"])
            for i, row in enumerate(said["rows"]):
                assert len(row["cells"]) == players
                check_line(row["label"], f"{game_id}.scores[{i}]")
                for cell in row["cells"]:
                    if cell is not None:
                        check_line(cell, f"{game_id}.scores[{i}]")
            # A part row for every part some seat scored (or counted) — and only those.
            scored = {p["id"] for b in outcome["breakdown"] for p in b if p["points"] or p["count"]}
            assert kinds.count("part") == len(scored)


def test_the_winners_columns_come_right_after_the_seats_own():
    outcome = {"scores": [5, 9, 7, 9], "winners": [3]}
    assert column_order(outcome, 0) == [0, 3, 1, 2]
    assert column_order(outcome, 3) == [3, 1, 2, 0]
    assert column_order(outcome, None) == [3, 1, 2, 0]


def test_an_outcome_without_a_breakdown_has_no_table():
    # A table finished before outcomes had breakdowns (kept in the server's store) shows none.
    game = engine.get_game("saba-palast")
    state = bots_game(game, 2, 1)
    outcome = {k: v for k, v in game.outcome(state).items() if k != "breakdown"}
    said = talk.talk(game.id, talk.Moment(game.view(state, 0), 0, [], [], [], outcome))
    assert said["scores"] is None
    wrong = game.outcome(state)
    wrong["breakdown"][0][0]["points"] += 1  # parts that do not add up are not shown
    assert not is_breakdown(wrong)


def test_a_game_file_from_before_the_breakdown_reads_and_gains_it(tmp_path):
    game = engine.get_game("magie-des-bijoux")
    state, history = play_random_game(game, 3, 2)
    doc = gamefile.make(game.id, 2, {}, 3, history, ["Ada", "Ben"])
    old = {**doc, "outcome": {k: v for k, v in doc["outcome"].items() if k != "breakdown"}}
    (tmp_path / "old.jtg").write_text(json.dumps(old))
    assert gamefile.read(tmp_path / "old.jtg")["outcome"] == game.outcome(state)
    liar = {**doc, "outcome": {**doc["outcome"], "breakdown": [[], []]}}
    (tmp_path / "liar.jtg").write_text(json.dumps(liar))
    with pytest.raises(gamefile.GameFileError, match="outcome"):
        gamefile.read(tmp_path / "liar.jtg")
