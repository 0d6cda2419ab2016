"""At the table together, over real sockets on 127.0.0.1: chat limits, stripped controls, the
creator's mutes, spectators kept apart from players, chat in the replay, and rematches."""

from __future__ import annotations

import asyncio

import pytest

from server import replay, social
from shared import engine
from shared.engine import Game, IllegalMove
from shared.protocol import CHAT_LEN
from tests.test_server_kit import arun, connect, make_table, running_server

pytestmark = pytest.mark.timeout(60)


async def quiet(client) -> list[dict]:
    """Everything the client got, after a ping round trip (so nothing is still in flight)."""
    client.send({"t": "ping", "id": "q"})
    await client.expect("pong", ref="q")
    return [m for m in client.pending() if m["t"] != "pong"]


def said(messages: list[dict], kind: str = "chat") -> list[dict]:
    return [m for m in messages if m["t"] == kind]


async def chat_table(server, open_chat: bool = False):
    """Ada (creator, seat 0) and Bob (seat 1) play; Cleo and Dan watch."""
    ada, bob, cleo, dan = [await connect(server, n) for n in ("Ada", "Bob", "Cleo", "Dan")]
    msg = {"t": "create", "game": "magie-des-bijoux", "seats": 2, "open_chat": open_chat}
    ada.send(msg)
    table = (await ada.expect("joined"))["table"]
    bob.send({"t": "join", "table": table})
    await bob.expect("joined", table=table)
    for watcher in (cleo, dan):
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined", table=table)
    for client in (ada, bob, cleo, dan):
        await quiet(client)
    return table, ada, bob, cleo, dan


# ---------------------------------------------------------------------- chat


@arun(30)
async def test_a_players_message_reaches_everyone_at_the_table_and_nobody_else(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        lobby = await connect(server, "Eve")
        bob.send({"t": "chat", "table": table, "text": "good luck!"})
        for client in (ada, bob, cleo, dan):
            (line,) = said(await quiet(client))
            assert line == {
                "t": "chat",
                "table": table,
                "from": "Bob",
                "seat": 1,
                "who": line["who"],
                "text": "good luck!",
            }
        assert said(await quiet(lobby)) == []


@arun(30)
async def test_spectators_chat_reaches_only_spectators_by_default(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        assert server.lobby.tables[table].summary()["open_chat"] is False
        cleo.send({"t": "chat", "table": table, "text": "Bob, the ruby is on the left"})
        assert said(await quiet(ada)) == [] and said(await quiet(bob)) == []
        for client in (cleo, dan):
            (line,) = said(await quiet(client))
            assert line["from"] == "Cleo" and line["seat"] is None


@arun(30)
async def test_a_spectator_who_names_themselves_with_watch_chats_under_that_name(tmp_path):
    """A browser page says hello as "Guest" before its person types a name; `watch` carries it."""
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        guest = await connect(server, "Guest")
        guest.send({"t": "watch", "table": table, "name": "Fay"})
        await guest.expect("joined", table=table)
        guest.send({"t": "chat", "table": table, "text": "hello"})
        (line,) = said(await quiet(dan))
        assert line["from"] == "Fay"
        guest.send({"t": "watch", "table": table, "name": ""})
        assert (await guest.expect("error"))["code"] == "out_of_range"


@arun(30)
async def test_an_open_chat_table_lets_spectators_talk_to_players(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server, open_chat=True)
        assert server.lobby.tables[table].summary()["open_chat"] is True
        cleo.send({"t": "chat", "table": table, "text": "well played all"})
        for client in (ada, bob, cleo, dan):
            assert [m["text"] for m in said(await quiet(client))] == ["well played all"]


@arun(30)
async def test_a_message_over_300_characters_is_out_of_range_and_reaches_nobody(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        ada.send({"t": "chat", "table": table, "text": "x" * (CHAT_LEN + 1), "id": 7})
        error = await ada.expect("error")
        assert error["code"] == "out_of_range" and error["ref"] == 7
        ada.send({"t": "chat", "table": table, "text": "x" * CHAT_LEN})
        (line,) = said(await quiet(bob))
        assert len(line["text"]) == CHAT_LEN


@arun(30)
async def test_control_characters_are_stripped(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        text = "\x1b[31mred\x07 alert\nnext\tline\u202e!\x00"
        ada.send({"t": "chat", "table": table, "text": text})
        (line,) = said(await quiet(bob))
        assert line["text"] == "[31mred alert next line!"
        ada.send({"t": "chat", "table": table, "text": "\x00\x01\n "})
        assert (await ada.expect("error"))["code"] == "out_of_range"


@arun(30)
async def test_the_sixth_message_in_ten_seconds_is_rate_limited(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        for n in range(social.CHAT_BURST + 1):
            ada.send({"t": "chat", "table": table, "text": f"spam {n}", "id": n})
        error = await ada.expect("error")
        assert error["code"] == "rate_limited" and error["ref"] == social.CHAT_BURST
        lines = said(await quiet(bob))
        assert [m["text"] for m in lines] == [f"spam {n}" for n in range(social.CHAT_BURST)]
        # Emotes have their own allowance.
        ada.send({"t": "emote", "table": table, "emote": "oops"})
        (emote,) = said(await quiet(bob), "emote")
        assert emote["emote"] == "oops" and emote["from"] == "Ada" and emote["seat"] == 0


@arun(30)
async def test_emotes_are_rate_limited_like_chat_and_unknown_ones_refused(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        ada.send({"t": "emote", "table": table, "emote": "rude_gesture"})
        assert (await ada.expect("error"))["code"] == "out_of_range"
        for _ in range(social.CHAT_BURST + 1):
            ada.send({"t": "emote", "table": table, "emote": "hmm"})
        assert (await ada.expect("error"))["code"] == "rate_limited"
        assert len(said(await quiet(cleo), "emote")) == social.CHAT_BURST


@arun(30)
async def test_only_people_at_the_table_may_chat(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        eve = await connect(server, "Eve")
        eve.send({"t": "chat", "table": table, "text": "hello?"})
        assert (await eve.expect("error"))["code"] == "not_at_table"
        bob.send({"t": "chat", "table": table, "text": "as Ada", "seat": 0})
        assert (await bob.expect("error"))["code"] == "not_your_seat"
        assert said(await quiet(ada)) == []


@arun(30)
async def test_the_creator_mutes_and_unmutes_a_person(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server, open_chat=True)
        cleo.send({"t": "chat", "table": table, "text": "boo"})
        (line,) = said(await quiet(ada))
        bob.send({"t": "mute", "table": table, "who": line["who"]})
        assert (await bob.expect("error"))["code"] == "not_creator"
        ada.send({"t": "mute", "table": table, "who": line["who"]})
        for client in (ada, bob, cleo, dan):
            notice = await client.expect("muted")
            assert notice["name"] == "Cleo" and notice["muted"] is True
        cleo.send({"t": "chat", "table": table, "text": "boo again"})
        assert (await cleo.expect("error"))["code"] == "muted"
        cleo.send({"t": "emote", "table": table, "emote": "hmm"})
        assert (await cleo.expect("error"))["code"] == "muted"
        assert said(await quiet(ada)) == [] and said(await quiet(dan), "emote") == []
        ada.send({"t": "mute", "table": table, "who": 999})
        assert (await ada.expect("error"))["code"] == "no_person"
        ada.send({"t": "mute", "table": table, "who": line["who"], "muted": False})
        assert (await cleo.expect("muted"))["muted"] is False
        cleo.send({"t": "chat", "table": table, "text": "thanks"})
        assert [m["text"] for m in said(await quiet(bob))] == ["boo", "thanks"]


@arun(30)
async def test_a_closed_table_leaves_nothing_of_its_chat_behind(tmp_path):
    """A server that runs for days keeps nothing of the tables it had: mutes and chat lines go
    with the table."""
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server, open_chat=True)
        cleo.send({"t": "chat", "table": table, "text": "boo"})
        (line,) = said(await quiet(ada))
        ada.send({"t": "mute", "table": table, "who": line["who"]})
        await ada.expect("muted")
        kept = server.lobby.social
        assert table in kept.muted and table in kept.backlog
        ada.send({"t": "close", "table": table})
        await ada.expect("table_removed", table=table)
        assert table not in server.lobby.tables
        assert table not in kept.muted and table not in kept.backlog


@arun(30)
async def test_mutes_and_the_chat_setting_survive_a_restart(tmp_path):
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server, open_chat=True)
        bob.send({"t": "chat", "table": table, "text": "hi"})
        (line,) = said(await quiet(ada))
        ada.send({"t": "mute", "table": table, "who": line["who"]})
        await ada.expect("muted")
        token = bob.token
    async with running_server(tmp_path) as server:
        assert server.lobby.tables[table].open_chat is True
        bob = await connect(server, "Bob", token=token)
        bob.send({"t": "chat", "table": table, "text": "still muted?"})
        assert (await bob.expect("error"))["code"] == "muted"


@arun(60)
async def test_chat_is_journaled_and_shown_in_the_replay(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob, cleo = [await connect(server, n) for n in ("Ada", "Bob", "Cleo")]
        table = await make_table(server, "magie-des-bijoux", [ada, bob], options={"first_seat": 0})
        cleo.send({"t": "watch", "table": table})
        await cleo.expect("joined")
        ada.send({"t": "chat", "table": table, "text": "here we go"})
        sync = await ada.expect("sync", table=table)
        ada.send({"t": "move", "table": table, "seat": 0, "move": sync["legal_moves"][0]})
        await ada.expect("update", table=table)
        bob.send({"t": "emote", "table": table, "emote": "well_played"})
        cleo.send({"t": "chat", "table": table, "text": "nice"})
        await quiet(cleo)
        await quiet(bob)
        log = replay.table_log(server.lobby.journal.store, table)
    assert [(c["after"], c["kind"], c["name"], c["text"]) for c in log["chat"]] == [
        (0, "chat", "Ada", "here we go"),
        (1, "emote", "Bob", "well_played"),
        (1, "chat", "Cleo", "nice"),
    ]
    assert log["chat"][2]["spectators_only"] is True
    text = replay.format_log(log).splitlines()
    assert text.index("      > Ada: here we go") < next(
        i for i, line in enumerate(text) if line.lstrip().startswith("1  seat 0")
    )
    assert "      * Bob: [well_played]" in text
    assert "      > Cleo (spectator) (to spectators): nice" in text


# ---------------------------------------------------------------------- rematch


class Relay(Game):
    """A test game for three: each seat in turn from the first passes once; then it is over."""

    id = "test-relay"
    title = "Relay"
    min_players = 3
    max_players = 3
    options = {}

    def _setup(self, state, rng):
        state.update(passed=[])

    def _to_act(self, state):
        first, n = state["options"]["first_seat"], state["players"]
        return [(first + len(state["passed"])) % n]

    def _legal_moves(self, state, seat):
        return [{"type": "pass"}]

    def _apply(self, state, seat, move):
        if move != {"type": "pass"}:
            raise IllegalMove("only pass")
        state["passed"].append(seat)
        return [{"type": "passed", "seat": seat}]

    def _view(self, state, seat):
        return {"passed": list(state["passed"])}

    def _is_over(self, state):
        return len(state["passed"]) == state["players"]

    def _outcome(self, state):
        return {"scores": [0, 0, 0], "winners": [state["passed"][0]]}


@pytest.fixture
def relay(monkeypatch):
    engine.list_games()
    monkeypatch.setitem(engine._REGISTRY, Relay.id, Relay())
    monkeypatch.setattr(social, "REMATCH_WAIT", 0.5)


async def play_out(server, table: int, people: dict[int, object]) -> None:
    """Each person passes when it is their seat's turn (the bot passes by itself)."""
    while server.lobby.tables[table].status != "finished":
        state = server.lobby.tables[table].state
        (seat,) = Relay().to_act(state)
        if seat in people:
            seq = server.lobby.tables[table].seq
            people[seat].send(
                {"t": "move", "table": table, "seat": seat, "move": {"type": "pass"}, "seq": seq}
            )
        await asyncio.sleep(0.01)


async def finished_relay(server, takeover: str | None = None):
    """Ada (seat 0, creator) and Bob (seat 2) play with a random bot in seat 1; Cleo watches.
    The game is played out; everyone's messages so far are drained."""
    ada, bob, cleo = [await connect(server, n) for n in ("Ada", "Bob", "Cleo")]
    create = {"t": "create", "game": Relay.id, "seats": 3, "options": {"first_seat": 1}}
    if takeover:
        create["takeover"] = takeover
    ada.send(create)
    table = (await ada.expect("joined"))["table"]
    ada.send({"t": "bot", "table": table, "seat": 1, "level": "random"})
    bob.send({"t": "join", "table": table, "seat": 2})
    await bob.expect("joined", table=table)
    cleo.send({"t": "watch", "table": table})
    await cleo.expect("joined", table=table)
    await ada.wait_for(lambda m: m["t"] == "table" and m["table"]["seats"][1]["kind"] == "bot")
    ada.send({"t": "start", "table": table})
    await ada.expect("sync", table=table)
    await play_out(server, table, {0: ada, 2: bob})
    for client in (ada, bob, cleo):
        await quiet(client)
    return table, ada, bob, cleo


@arun(30)
async def test_a_rematch_seats_the_same_people_bots_and_spectators_at_a_new_table(tmp_path, relay):
    async with running_server(tmp_path) as server:
        old, ada, bob, cleo = await finished_relay(server)
        old_table = server.lobby.tables[old]
        cleo.send({"t": "rematch", "table": old})
        assert (await cleo.expect("error"))["code"] == "not_your_seat"
        bob.send({"t": "rematch", "table": old})
        offer = await ada.expect("rematch", table=old)
        new = offer["next"]
        assert offer["by"] == "Bob" and offer["waiting"] == [0] and 0 < offer["seconds"] <= 1
        assert offer["started"] is False
        assert (await ada.expect("joined", table=new))["seats"] == [0]
        assert (await bob.expect("joined", table=new))["seats"] == [2]
        assert (await cleo.expect("joined", table=new))["spectator"] is True
        table = server.lobby.tables[new]
        assert table.status == "waiting"
        assert [s.public()["kind"] for s in table.seats] == ["human", "bot", "human"]
        assert table.seats[1].bot == "random" and table.creator.name == "Ada"
        assert table.seed != old_table.seed
        ada.send({"t": "rematch", "table": old})
        started = await cleo.wait_for(lambda m: m["t"] == "rematch" and m["started"])
        assert started["waiting"] == [] and started["next"] == new
        sync = await cleo.expect("sync", table=new)
        assert sync["seat"] is None and sync["status"] == "playing"
        # The next first seat: the last game began with seat 1, this one with seat 2.
        assert old_table.state["options"]["first_seat"] == 1
        assert table.state["options"]["first_seat"] == 2 and sync["to_act"] == [2]
        await bob.expect("sync", table=new)
        # A second rematch of the same old table is the one already played.
        bob.send({"t": "rematch", "table": old})
        assert (await bob.expect("error"))["code"] == "already_started"


@arun(30)
async def test_a_rematch_only_follows_a_finished_game(tmp_path, relay):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        table = await make_table(server, "magie-des-bijoux", [ada, bob])
        ada.send({"t": "rematch", "table": table})
        assert (await ada.expect("error"))["code"] == "not_finished"


@arun(30)
async def test_a_person_who_does_not_confirm_is_replaced_by_the_stand_in_after_the_wait(
    tmp_path, relay
):
    async with running_server(tmp_path) as server:
        old, ada, bob, cleo = await finished_relay(server, takeover="random")
        ada.send({"t": "rematch", "table": old})
        new = (await bob.expect("rematch", table=old))["next"]
        assert (await bob.expect("joined", table=new))["seats"] == [2]
        # Bob says nothing; after the wait his seat goes to the stand-in and the game starts.
        left = await bob.expect("left", table=new, timeout=5)
        assert left["seats"] == []
        started = await ada.wait_for(lambda m: m["t"] == "rematch" and m["done"], timeout=5)
        assert started["started"] is True
        table = server.lobby.tables[new]
        assert table.status == "playing" and table.seats[2].empty
        # The stand-in plays Bob's seat (seat 2 begins this game); then it is Ada's turn.
        update = await ada.wait_for(lambda m: m["t"] == "update" and m["table"] == new)
        assert update["events"] == [{"type": "passed", "seat": 2}] and update["to_act"] == [0]
        # Bob may take his seat back in the running game.
        bob.send({"t": "join", "table": new, "seat": 2})
        assert (await bob.expect("joined", table=new))["seats"] == [2]


@arun(30)
async def test_without_a_stand_in_the_unconfirmed_seat_opens_and_the_table_waits(tmp_path, relay):
    async with running_server(tmp_path) as server:
        old, ada, bob, cleo = await finished_relay(server)
        ada.send({"t": "rematch", "table": old})
        new = (await bob.expect("rematch", table=old))["next"]
        await bob.expect("left", table=new, timeout=5)
        done = await ada.wait_for(lambda m: m["t"] == "rematch" and m["done"], timeout=5)
        assert done["started"] is False
        table = server.lobby.tables[new]
        assert table.status == "waiting" and table.seats[2].empty
        # Someone takes the open seat; the creator starts as usual.
        bob.send({"t": "join", "table": new})
        await bob.expect("joined", table=new)
        ada.send({"t": "start", "table": new})
        await ada.expect("sync", table=new)


@arun(30)
async def test_a_person_who_leaves_the_new_table_declines_the_rematch(tmp_path, relay):
    async with running_server(tmp_path) as server:
        old, ada, bob, cleo = await finished_relay(server, takeover="random")
        ada.send({"t": "rematch", "table": old})
        new = (await bob.expect("rematch", table=old))["next"]
        bob.send({"t": "leave", "table": new})
        await bob.expect("left", table=new)
        status = await ada.wait_for(
            lambda m: m["t"] == "rematch" and m["waiting"] == [] and not m["done"]
        )
        assert status["next"] == new
        # Nobody is awaited, but a seat is empty: the stand-in takes it when the wait ends.
        done = await ada.wait_for(lambda m: m["t"] == "rematch" and m["done"], timeout=5)
        assert done["started"] is True


@arun(30)
async def test_the_chat_log_gives_the_latest_lines_each_may_read(tmp_path, monkeypatch):
    # The allowance is not what this test is about.
    monkeypatch.setattr(social, "CHAT_BURST", 1000)
    async with running_server(tmp_path) as server:
        table, ada, bob, cleo, dan = await chat_table(server)
        ada.send({"t": "chat", "table": table, "text": "hi all"})
        cleo.send({"t": "chat", "table": table, "text": "psst, Bob has the ruby"})
        bob.send({"t": "emote", "table": table, "emote": "thanks"})
        for client in (ada, bob, cleo, dan):
            await quiet(client)
        for client, expected in (
            (bob, ["hi all", "thanks"]),
            (dan, ["hi all", "psst, Bob has the ruby", "thanks"]),
        ):
            client.send({"t": "chat_log", "table": table})
            log = await client.expect("chat_log", table=table)
            assert [m.get("text", m.get("emote")) for m in log["lines"]] == expected
        eve = await connect(server, "Eve")
        eve.send({"t": "chat_log", "table": table})
        assert (await eve.expect("error"))["code"] == "not_at_table"
        for n in range(social.CHAT_BACKLOG + 3):
            ada.send({"t": "chat", "table": table, "text": f"line {n}"})
        await quiet(ada)
        ada.send({"t": "chat_log", "table": table})
        lines = (await ada.expect("chat_log", table=table))["lines"]
        assert len(lines) == social.CHAT_BACKLOG and lines[-1]["text"] == f"line {n}"
