"""The lesson runner over sockets (server/lessons.py, docs/protocol.md `learn`): a lesson table
of its own, the step with every update, a move the step does not teach refused with the step's
line (nothing changes), the scripted seats moving by themselves, the scoring at the end, no
listing in the lobby or the room, and the lesson again where it was after a restart."""

from __future__ import annotations

from client.net.connection import AsyncClient
from shared import lessons
from tests.test_server_kit import HOST, arun, latest, running_server

GAME = "magie-des-bijoux"


async def learner_turn(client: AsyncClient, table: int, seq: int) -> dict:
    """The learner's next message at `seq` or later that is a step to make (or the end)."""
    while True:
        msg = await latest(client, table, 0, seq)
        said = msg["lesson"]
        if said["done"] or not said["watch"]:
            return msg
        seq = msg["seq"] + 1


@arun(90)
async def test_a_lesson_is_played_to_its_end_with_a_wrong_move_answered(tmp_path):
    lesson = lessons.lesson(GAME)
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        other = await AsyncClient.connect(HOST, server.port, "Bo")
        assert GAME in ada.welcome["lessons"]
        ada.send({"t": "learn", "game": GAME, "id": 5})
        joined = await ada.expect("joined", ref=5)
        table = joined["table"]
        assert joined["seats"] == [lesson.learner]
        assert [s["name"] for s in joined["summary"]["seats"]] == ["Ada", "Mira"]
        assert joined["summary"]["hints"] is False and joined["summary"]["undo"] is False
        msg = await learner_turn(ada, table, 0)
        said = msg["lesson"]
        assert (said["step"], said["steps"]) == (1, lesson.steps)
        assert said["words"] == lesson.script[0].words and said["refused"] is None
        assert [msg["legal_moves"][i] for i in said["lit"]] == lesson.script[0].accept
        # A move the step does not teach: its line, the same step, and nothing played.
        wrong = next(m for m in msg["legal_moves"] if m not in lesson.script[0].accept)
        ada.send({"t": "move", "table": table, "seat": 0, "move": wrong, "id": 6})
        error = await ada.expect("error", ref=6)
        assert error["code"] == "lesson_step"
        assert error["lesson"]["refused"] == lesson.script[0].why_not
        assert error["lesson"]["step"] == 1 and error["lesson"]["lit"] == said["lit"]
        assert "third row" in error["reason"]
        moves = 0
        while not msg["lesson"]["done"]:
            said = msg["lesson"]
            ada.send(
                {
                    "t": "move",
                    "table": table,
                    "seat": 0,
                    "move": msg["legal_moves"][said["lit"][0]],
                    "seq": msg["seq"],
                }
            )
            moves += 1
            msg = await learner_turn(ada, table, msg["seq"] + 1)
            assert msg["lesson"]["step"] == min(said["step"] + 1, lesson.steps)
        assert moves == lesson.steps and msg["status"] == "finished"
        end = msg["lesson"]
        assert end["words"][-1] == lessons.FINISHED_LINE
        assert end["words"][0]["a"]["points"] == msg["outcome"]["scores"][0] == 8
        # Nobody else saw the lesson in the lobby.
        other.send({"t": "sync", "table": table, "id": 9})
        assert (await other.expect("error", ref=9))["code"] == "not_at_table"
        assert all(m["t"] != "table" or m["table"]["id"] != table for m in other.pending())
        other.send({"t": "room", "id": 10})
        room = await other.expect("room", ref=10)
        assert all(e["table"] != table for e in room["tables"])
        other.send({"t": "room", "watch": False})
        await ada.close()
        await other.close()


@arun(60)
async def test_a_game_without_a_lesson_is_refused(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        ada.send({"t": "learn", "game": "no-such-game", "id": 1})
        error = await ada.expect("error", ref=1)
        assert error["code"] == "no_lesson" and GAME in error["reason"]
        await ada.close()


@arun(90)
async def test_a_lesson_goes_on_where_it_was_after_a_restart(tmp_path, caplog):
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        ada.send({"t": "learn", "game": GAME})
        table = (await ada.expect("joined"))["table"]
        msg = await learner_turn(ada, table, 0)
        ada.send(
            {
                "t": "move",
                "table": table,
                "seat": 0,
                "move": msg["legal_moves"][msg["lesson"]["lit"][0]],
            }
        )
        msg = await learner_turn(ada, table, 1)
        before = msg["lesson"]
        token = ada.token
        await ada.close()
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada", token)
        again = await latest(ada, table, 0, msg["seq"])
        assert again["lesson"] == before and again["seq"] == msg["seq"]
        # Back at its lesson, the learner's lobby still does not list it.
        assert all(t["id"] != table for t in ada.welcome["tables"])
        assert not [r for r in caplog.records if "keeps no" in r.getMessage()]
        await ada.close()


@arun(60)
async def test_a_move_sent_twice_is_played_once_and_a_lesson_left_ends(tmp_path):
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        ada.send({"t": "learn", "game": GAME})
        table = (await ada.expect("joined"))["table"]
        msg = await learner_turn(ada, table, 0)
        move = msg["legal_moves"][msg["lesson"]["lit"][0]]
        # A double tap: the step takes the first; the second finds the scripted seat to move.
        ada.send({"t": "move", "table": table, "seat": 0, "move": move, "id": 1})
        ada.send({"t": "move", "table": table, "seat": 0, "move": move, "id": 2})
        error = await ada.expect("error", ref=2)
        assert error["code"] == "lesson_step" and error["lesson"]["watch"]
        assert (await latest(ada, table, 0, 1))["seq"] == 1
        # Another lesson ends this one (one at a time); leaving that one ends it too.
        ada.send({"t": "learn", "game": GAME, "id": 3})
        second = (await ada.expect("joined", ref=3))["table"]
        assert second != table and table not in server.lobby.tables
        ada.send({"t": "leave", "table": second, "id": 4})
        await ada.expect("left", ref=4)
        assert second not in server.lobby.tables
        await ada.close()


@arun(120)
async def test_a_lesson_fast_forwards_every_seat_to_the_steps_after_it(tmp_path):
    """Das Kollier's lesson skips its middle: the table plays every seat, the learner's too,
    while the learner reads what happens (`watch`, `fast`); the steps after it are the
    script's, and the game ends with them."""
    lesson = lessons.lesson("das-kollier")
    async with running_server(tmp_path) as server:
        ada = await AsyncClient.connect(HOST, server.port, "Ada")
        ada.send({"t": "learn", "game": "das-kollier", "id": 1})
        table = (await ada.expect("joined", ref=1))["table"]
        msg = await learner_turn(ada, table, 0)
        fast = []
        steps = 0
        while not msg["lesson"]["done"]:
            said = msg["lesson"]
            assert said["step"] == steps + 1 and not said["fast"]
            move = msg["legal_moves"][said["lit"][0]]
            ada.send({"t": "move", "table": table, "seat": 0, "move": move, "seq": msg["seq"]})
            steps += 1
            seq = msg["seq"] + 1
            while True:
                msg = await latest(ada, table, 0, seq)
                if msg["lesson"]["done"] or not msg["lesson"]["watch"]:
                    break
                if msg["lesson"]["fast"]:
                    fast.append(msg["seq"])
                seq = msg["seq"] + 1
        assert steps == lesson.steps and msg["status"] == "finished"
        assert len(fast) > 40, "the middle of the game was played by the table"
        assert msg["outcome"]["winners"] == [0]
        assert msg["lesson"]["words"][-1] == lessons.FINISHED_FAST_LINE
        await ada.close()
