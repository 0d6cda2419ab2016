"""Undo: the table's policy (server/undo.py) for all four games, and taking back over a real
socket, through a restart, and out of replays and game files."""

from __future__ import annotations

import random

import pytest

from server import replay
from server.store import Store
from server.undo import Takebacks, still_its_turn
from shared import engine, gamefile
from shared.randomplay import random_step
from tests.test_server_kit import arun, connect, latest, make_table, running_server

GAMES = engine.list_games()
# Das Kollier takes nothing back: each of its moves is an auction move, which binds the moment it
# is made (RULES-NOTES.md, decision 11), or shows or settles something (tests/test_undo_rules.py).
TAKING_BACK = [g for g in GAMES if g != "das-kollier"]


def players(game: engine.Game) -> int:
    return min(max(game.min_players, 3), game.max_players)


def positions(game_id: str, games: int = 6):
    """(game, before, seat, move, after, events) of every move of a few random games."""
    game = engine.get_game(game_id)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed, players(game))
        while not game.is_over(state):
            seat, move = random_step(game, state, rng)
            after, events = game.apply(state, seat, move)
            yield game, state, seat, move, after, events
            state = after


def takeable(game_id: str):
    """Moves the rules let their seat take back, after which that seat is still to act."""
    for game, before, seat, move, after, events in positions(game_id):
        if game.may_take_back(before, seat, move, events) and still_its_turn(game, after, seat):
            yield game, before, seat, move, after, events


def first_takeable(game_id: str):
    found = next(takeable(game_id), None)
    assert found is not None, f"{game_id}: no move may ever be taken back"
    return found


@pytest.mark.parametrize("game_id", TAKING_BACK)
def test_a_persons_own_last_move_is_taken_back_while_it_is_still_their_turn(game_id):
    game, before, seat, move, after, events = first_takeable(game_id)
    takebacks = Takebacks(game, enabled=True)
    takebacks.played(1, seat, "player", before, move, after, events)
    assert takebacks.refusal(after, seat) is None
    assert takebacks.take().before == before


@pytest.mark.parametrize("by", ["bot", "timer", "clock"])
@pytest.mark.parametrize("game_id", TAKING_BACK)
def test_bots_timers_and_clocks_never_take_back(game_id, by):
    game, before, seat, move, after, events = first_takeable(game_id)
    takebacks = Takebacks(game, enabled=True)
    takebacks.played(1, seat, by, before, move, after, events)
    assert "no move to take back" in takebacks.refusal(after, seat)


@pytest.mark.parametrize("game_id", TAKING_BACK)
def test_a_table_without_undo_takes_nothing_back(game_id):
    game, before, seat, move, after, events = first_takeable(game_id)
    takebacks = Takebacks(game, enabled=False)
    takebacks.played(1, seat, "player", before, move, after, events)
    assert takebacks.refusal(after, seat) == "this table does not allow taking moves back"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_that_revealed_or_drew_stands(game_id):
    refused = 0
    for game, before, seat, move, after, events in positions(game_id, games=2):
        if game.may_take_back(before, seat, move, events) or not still_its_turn(game, after, seat):
            continue
        takebacks = Takebacks(game, enabled=True)
        takebacks.played(1, seat, "player", before, move, after, events)
        assert takebacks.refusal(after, seat) is not None
        refused += 1
    # La Magie des Bijoux hides nothing and draws nothing: every move may be taken back there.
    assert refused or game_id == "magie-des-bijoux"


@pytest.mark.parametrize("game_id", TAKING_BACK)
def test_once_the_turn_is_over_its_moves_stand(game_id):
    checked = 0
    for game, before, seat, move, after, events in positions(game_id, games=2):
        if not game.may_take_back(before, seat, move, events) or still_its_turn(game, after, seat):
            continue
        takebacks = Takebacks(game, enabled=True)
        takebacks.played(1, seat, "player", before, move, after, events)
        assert takebacks.refusal(after, seat) == "your turn is over: its moves stand"
        checked += 1
    # In Saba – Palast only `end_turn` ends a turn, and the rules already keep it.
    assert checked or game_id == "saba-palast"


@pytest.mark.parametrize("game_id", TAKING_BACK)
def test_once_another_seat_acted_nothing_before_it_is_taken_back(game_id):
    game, before, seat, move, after, events = first_takeable(game_id)
    takebacks = Takebacks(game, enabled=True)
    takebacks.played(1, seat, "player", before, move, after, events)
    # Play on (the seat's own moves too) until another seat acts.
    rng, state, seq, mover = random.Random(1), after, 2, seat
    while mover == seat and not game.is_over(state):
        pending = [step.seq for step in takebacks.steps]
        mover, answer = random_step(game, state, rng)
        later, more = game.apply(state, mover, answer)
        takebacks.played(seq, mover, "player", state, answer, later, more)
        state, seq = later, seq + 1
    assert mover != seat, f"{game_id}: no other seat acted"
    assert all(step.seat == mover for step in takebacks.steps)
    assert "no move to take back" in takebacks.refusal(state, seat)
    # In La Magie des Bijoux the seat's moves could all still be taken back until then; in the
    # others the seat's own end of turn (drawing, ending it) already let them go.
    assert pending or game_id != "magie-des-bijoux"


# Only Saba – Palast has two moves of one turn in a row that may both be taken back (in the
# others a move that may be taken back ends the seat's turn or is followed by a reveal).
@pytest.mark.parametrize("game_id", ["saba-palast"])
def test_several_moves_are_taken_back_newest_first(game_id):
    for game, before, seat, move, after, events in takeable(game_id):
        following = [
            m
            for m in game.legal_moves(after, seat)
            if game.may_take_back(after, seat, m, game.apply(after, seat, m)[1])
            and still_its_turn(game, game.apply(after, seat, m)[0], seat)
        ]
        if not following:
            continue
        later, more = game.apply(after, seat, following[0])
        takebacks = Takebacks(game, enabled=True)
        takebacks.played(1, seat, "player", before, move, after, events)
        takebacks.played(2, seat, "player", after, following[0], later, more)
        assert takebacks.take().before == after
        assert takebacks.refusal(after, seat) is None
        assert takebacks.take().before == before
        return
    raise AssertionError(f"{game_id}: no two moves in a row were found to take back")


# ---------------------------------------------------------------------- over the wire


@arun(60)
async def test_taking_back_over_the_wire_survives_a_restart_and_stays_out_of_the_replay(
    tmp_path,
):
    async with running_server(tmp_path) as server:
        ada, eve = await connect(server, "Ada"), await connect(server, "Eve")
        table = await make_table(server, "magie-des-bijoux", [ada], seed=3)
        eve.send({"t": "watch", "table": table})
        await eve.expect("joined")
        start = await latest(ada, table, 0, 0)
        assert start["can_undo"] is False
        first = start["legal_moves"][0]
        ada.send({"t": "move", "table": table, "seat": 0, "move": first, "seq": 0})
        after_first = await latest(ada, table, 0, 1)
        assert after_first["can_undo"] is True
        second = after_first["legal_moves"][0]
        ada.send({"t": "move", "table": table, "seat": 0, "move": second, "seq": 1})
        await latest(ada, table, 0, 2)
        ada.send({"t": "undo", "table": table, "seat": 0, "id": "u1"})
        undone = await latest(ada, table, 0, 3)
        assert undone["ack"] == "u1" and undone["seq"] == 3
        assert undone["events"] == [{"type": "taken_back", "seat": 0}]
        assert undone["view"] == after_first["view"] and undone["can_undo"] is True
        watched = await latest(eve, table, None, 3)
        assert watched["events"] == [{"type": "taken_back", "seat": 0}]
        assert "can_undo" not in watched
        # Eve only watches: she may not take back Ada's move.
        eve.send({"t": "undo", "table": table, "seat": 0})
        assert (await eve.expect("error"))["code"] == "not_your_seat"
        token = ada.token
    store = Store(tmp_path)
    assert [by for _, _, by in store.journal(table)] == ["player", "undone", "undo"]
    assert store.moves(table) == [(0, first, "player")]
    assert store.move_counts() == {table: 1}
    log = replay.table_log(store, table)
    assert [m["by"] for m in log["moves"]] == ["player", "undone", "undo"]
    assert log["moves"][2]["events"] == [{"type": "taken_back", "seat": 0}]
    store.close()
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada", token=token)
        back = await latest(ada, table, 0, 3)
        assert back["view"] == after_first["view"] and back["can_undo"] is True
        assert back["history"][-1] == {"type": "taken_back", "seat": 0}
        ada.send({"t": "undo", "table": table, "seat": 0})
        again = await latest(ada, table, 0, 4)
        assert again["view"] == start["view"] and again["can_undo"] is False
        ada.send({"t": "undo", "table": table, "seat": 0, "id": 9})
        refused = await ada.expect("error")
        assert refused["code"] == "cannot_undo" and refused["ref"] == 9
        # Play the game out: its file holds only the moves that stand, and replays to its end.
        seq, seen = 4, again
        while seen["status"] != "finished":
            ada.send(
                {"t": "move", "table": table, "seat": 0, "move": seen["legal_moves"][0], "seq": seq}
            )
            seq += 1
            seen = await latest(ada, table, 0, seq)
    store = Store(tmp_path)
    record = store.table(table)
    assert all(by == "player" for _, _, by in record.moves)
    moves = [m[:2] for m in record.moves]
    names = [s["name"] for s in record.seats]
    doc = gamefile.make(record.game, record.players, record.options, record.seed, moves, names)
    assert gamefile.check(doc)["moves"][0] == [0, first]
    assert len(doc["moves"]) == seq - 4
    store.close()


@arun(30)
async def test_a_table_created_without_undo_refuses_it_and_says_so(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada")
        ada.send({"t": "create", "game": "magie-des-bijoux", "seats": 1, "seed": 3, "undo": False})
        joined = await ada.expect("joined")
        assert joined["summary"]["undo"] is False
        table = joined["table"]
        ada.send({"t": "start", "table": table})
        start = await latest(ada, table, 0, 0)
        ada.send({"t": "move", "table": table, "seat": 0, "move": start["legal_moves"][0]})
        assert (await latest(ada, table, 0, 1))["can_undo"] is False
        ada.send({"t": "undo", "table": table, "seat": 0})
        refused = await ada.expect("error")
        assert refused["code"] == "cannot_undo"
        assert refused["reason"] == "this table does not allow taking moves back"
        token = ada.token
    async with running_server(tmp_path) as server:
        ada = await connect(server, "Ada", token=token)
        assert (await ada.expect("joined"))["summary"]["undo"] is False
        ada.send({"t": "undo", "table": table, "seat": 0})
        assert (await ada.expect("error"))["code"] == "cannot_undo"


@arun(30)
async def test_the_other_seat_cannot_take_back_and_the_mover_not_after_the_turn(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, "magie-des-bijoux", [ada, bob], options={"first_seat": 0})
        start = await latest(ada, table, 0, 0)
        ada.send({"t": "move", "table": table, "seat": 0, "move": start["legal_moves"][0]})
        moved = await latest(ada, table, 0, 1)
        assert moved["to_act"] == [1] and moved["can_undo"] is False
        for client, seat in ((ada, 0), (bob, 1)):
            client.send({"t": "undo", "table": table, "seat": seat})
            assert (await client.expect("error"))["code"] == "cannot_undo"
