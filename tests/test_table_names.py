"""A table's own name: `create`'s `table_name`, trimmed and checked, in every TABLE summary (so on
every lobby card: the page's, pygame's and the TV's), kept over a restart; and the pygame
lobby's card and New-table dialog that show and give it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.host import LocalServer  # noqa: E402
from client.net.session import table_info  # noqa: E402
from client.scenes.new_table import CreateTableDialog
from client.scenes.table_list import table_label  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from shared.protocol import TABLE_NAME_LEN, ProtocolError, check_client_message  # noqa: E402
from tests.test_client_newtable import tap  # noqa: E402
from tests.test_client_phones import lobby_of, run_until  # noqa: E402
from tests.test_server_kit import arun, connect, running_server  # noqa: E402

GAME = "magie-des-bijoux"


def create(**fields) -> dict:
    return {"t": "create", "game": GAME, "seats": 2, **fields}


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "out_of_range"),
        ("   ", "out_of_range"),
        ("x" * (TABLE_NAME_LEN + 1), "out_of_range"),
        ("Family\nnight", "malformed"),
        ("Family\u202enight", "malformed"),
        (7, "malformed"),
        (None, "malformed"),
    ],
)
def test_a_table_name_that_is_empty_too_long_or_hides_characters_is_refused(name, code):
    with pytest.raises(ProtocolError) as refused:
        check_client_message(create(table_name=name))
    assert refused.value.code == code
    assert "'table_name'" in refused.value.reason


def test_a_table_name_of_the_longest_length_after_trimming_is_accepted():
    check_client_message(create(table_name=f"  {'x' * TABLE_NAME_LEN}  "))


@arun(30)
async def test_the_summary_carries_the_trimmed_name_and_none_without_one(tmp_path):
    async with running_server(tmp_path) as srv:
        ada, lobby = await connect(srv, "Ada"), await connect(srv, "Lobby")
        ada.send(create(table_name="  Family   night "))
        joined = await ada.expect("joined")
        assert joined["summary"]["name"] == "Family night"
        # The seat keeps the creator's own name: `name` is the seat's, `table_name` the table's.
        assert joined["summary"]["seats"][0]["name"] == "Ada"
        news = await lobby.wait_for(lambda m: m["t"] == "table")
        assert news["table"]["name"] == "Family night"
        ada.send(create())
        assert (await ada.expect("joined"))["summary"]["name"] is None


@arun(30)
async def test_a_refused_name_makes_no_table(tmp_path):
    async with running_server(tmp_path) as srv:
        ada = await connect(srv, "Ada")
        ada.send({**create(table_name="   "), "id": 4})
        refused = await ada.expect("error")
        assert refused["code"] == "out_of_range" and refused["ref"] == 4
        assert "1 to 32 characters" in refused["reason"]
        assert srv.lobby.tables == {}


@arun(30)
async def test_a_restart_keeps_the_table_name(tmp_path):
    async with running_server(tmp_path) as srv:
        ada = await connect(srv, "Ada")
        ada.send(create(table_name="Opal room"))
        table = (await ada.expect("joined"))["table"]
    async with running_server(tmp_path) as srv:
        bob = await connect(srv, "Bob")
        (listed,) = bob.welcome["tables"]
        assert listed["id"] == table and listed["name"] == "Opal room"


def test_the_pygame_lobby_names_a_table_by_its_number_and_its_name():
    summary = {"id": 3, "game": GAME, "status": "waiting", "seats": [], "name": "Opal room"}
    assert table_label(table_info(summary)) == "#3 · Opal room"
    assert table_label(table_info({**summary, "name": None})) == "#3"


def test_pygame_new_table_dialog_gives_the_name_typed_and_the_lobby_card_shows_it(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    server = LocalServer("Names", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        lobby = lobby_of(app, server)
        lobby.new_table("magie-des-bijoux")
        dialog = app.stack.top
        assert isinstance(dialog, CreateTableDialog)
        # The name's field in the dialog, clear of the rest; a tap gives it the focus.
        assert dialog.rect.contains(dialog.table_name.rect)
        assert not dialog.table_name.rect.colliderect(dialog.password.rect)
        tap(app, dialog.table_name.rect.center)
        assert dialog.table_name.focused and not dialog.password.focused
        app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=" Opal  room ")])
        tap(app, dialog.password.rect.center)
        app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="x")])
        assert dialog.table_name.value == " Opal  room " and dialog.password.value == "x"
        session = app.session
        sent: list[dict] = []
        send = session.send
        session.send = lambda msg: sent.append(msg) or send(msg)
        dialog.create()
        assert run_until(app, lambda: session.lobby.tables)
        [made] = [m for m in sent if m["t"] == "create"]
        assert made["table_name"] == " Opal  room " and made.get("name") is None
        # The lobby lists it with the trimmed name, and its card says the number and the name.
        assert session.lobby.tables[0].name == "Opal room"
        assert table_label(session.lobby.tables[0]) == f"#{session.lobby.tables[0].id} · Opal room"
    finally:
        app.shutdown()
        server.stop()
