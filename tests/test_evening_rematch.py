""" "Play again" carries the conversation over: the old table's chat is the new table's first
lines, for those who could read it, journaled with the new table."""

from __future__ import annotations

from tests.test_server_kit import arun, running_server
from tests.test_server_social import finished_relay, quiet, relay  # noqa: F401 (a fixture)


@arun(30)
async def test_play_again_carries_the_chat_over_to_the_new_table(tmp_path, relay) -> None:  # noqa: F811
    async with running_server(tmp_path) as server:
        old, ada, bob, cleo = await finished_relay(server)
        ada.send({"t": "chat", "table": old, "text": "good game!"})
        bob.send({"t": "emote", "table": old, "emote": "well_played"})
        cleo.send({"t": "chat", "table": old, "text": "Bob nearly had it"})  # spectators only
        for client in (ada, bob, cleo):
            await quiet(client)
        bob.send({"t": "rematch", "table": old})
        new = (await ada.expect("rematch", table=old))["next"]
        await ada.expect("joined", table=new)
        players = (await ada.expect("chat_log", table=new))["lines"]
        assert [(m["t"], m["from"], m.get("text") or m.get("emote")) for m in players] == [
            ("chat", "Ada", "good game!"),
            ("emote", "Bob", "well_played"),
        ]
        assert all(m["table"] == new for m in players)
        watched = (await cleo.expect("chat_log", table=new))["lines"]
        assert [m.get("text") or m.get("emote") for m in watched] == [
            "good game!",
            "well_played",
            "Bob nearly had it",
        ]
        # Asked again at the new table, the same; and the lines are the new table's journal.
        bob.send({"t": "chat_log", "table": new})
        assert (await bob.expect("chat_log", table=new))["lines"][-2:] == players[-2:]
        stored = server.journal.store.chat(new)
        assert [(c.name, c.text, c.spectators_only) for c in stored] == [
            ("Ada", "good game!", False),
            ("Bob", "well_played", False),
            ("Cleo", "Bob nearly had it", True),
        ]
        # The conversation goes on there.
        ada.send({"t": "chat", "table": new, "text": "again!"})
        line = await bob.wait_for(lambda m: m["t"] == "chat" and m["table"] == new)
        assert line["text"] == "again!"
