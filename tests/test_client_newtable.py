"""pygame's New table dialog: each seat a small menu (me / open / basic / strong / random), one
tap away from any choice, and the lobby behind it dimmed and inert (its QR code for phones
does not show through, a tap outside loses nothing)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.host import LocalServer  # noqa: E402
from client.scenes.new_table import SEAT_KINDS, CreateTableDialog  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from tests.test_client_phones import lobby_of, run_until  # noqa: E402


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def app_at_lobby():
    server = LocalServer("Dialog", ["127.0.0.1"], discovery=False, port=0).start()
    server.wait()
    app = App((1280, 800), Settings(name="Ada", language="en"))
    try:
        yield app, lobby_of(app, server)
    finally:
        app.shutdown()
        server.stop()


def tap(app, pos) -> None:
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def seat_buttons(dialog):
    return [b for group, b in dialog.controls if group == "seat"]


def test_each_seat_is_a_menu_and_any_choice_is_two_taps_away(app_at_lobby):
    app, lobby = app_at_lobby
    lobby.new_table("das-kollier")
    dialog = app.stack.top
    assert isinstance(dialog, CreateTableDialog)
    assert dialog.kinds == ["me", "basic", "basic"]
    for kind in ("open", "strong", "random", "me", "basic"):
        tap(app, seat_buttons(dialog)[2].rect.center)
        assert [b.label for b in dialog.menu] == [
            "me",
            "open for a person",
            "bot (basic)",
            "bot (strong)",
            "bot (random)",
        ]
        [current] = [b for b in dialog.menu if b.selected]
        assert SEAT_KINDS[dialog.menu.index(current)] == dialog.kinds[2]
        tap(app, dialog.menu[SEAT_KINDS.index(kind)].rect.center)
        assert dialog.menu == [] and dialog.kinds[2] == kind
    # A tap beside an open menu closes it and changes nothing.
    tap(app, seat_buttons(dialog)[1].rect.center)
    assert dialog.menu_seat == 1
    tap(app, (dialog.rect.x + 4, dialog.rect.y + 4))
    assert dialog.menu == [] and dialog.kinds == ["me", "basic", "basic"]
    assert app.stack.top is dialog


def test_the_table_made_has_the_seats_the_menus_chose(app_at_lobby):
    app, lobby = app_at_lobby
    lobby.new_table("das-kollier")
    dialog = app.stack.top
    for seat, kind in ((1, "open"), (2, "strong")):
        dialog.open_menu(seat)
        tap(app, dialog.menu[SEAT_KINDS.index(kind)].rect.center)
    dialog.create()
    session = app.session

    def made():
        tables = session.lobby.tables
        return tables and [s.kind for s in tables[0].seats] == ["human", "open", "bot"]

    assert run_until(app, made)
    assert session.lobby.tables[0].seats[2].level == "strong"


def test_hints_and_the_idle_stand_in_are_chosen_in_the_dialog(app_at_lobby):
    """Hints follow the server's default until chosen (on; off once a clock is chosen), and the
    table made has what the dialog said, the idle stand-in included."""
    app, lobby = app_at_lobby
    lobby.new_table("magie-des-bijoux")
    dialog = app.stack.top

    def control(name):
        return next(b for group, b in dialog.controls if group == f"option:{name}")

    assert control("hints").label.endswith(": on") and control("idle").label.endswith(": off")
    tap(app, control("clock").rect.center)
    assert control("hints").label.endswith(": off")  # a timed table: no hints by default
    tap(app, control("hints").rect.center)
    assert control("hints").label.endswith(": on") and dialog.hints is True
    tap(app, control("idle").rect.center)
    assert "1 min" in control("idle").label
    session = app.session
    sent = []
    send = session.send
    session.send = lambda msg: sent.append(msg) or send(msg)
    dialog.create()
    assert run_until(app, lambda: session.lobby.tables)
    [create] = [m for m in sent if m["t"] == "create"]
    assert create["hints"] is True and create["idle_takeover"] == 60
    assert create["clock"] == {"kind": "move", "seconds": 30}
    assert session.lobby.tables[0].hints is True


def contrast(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The spread of brightness in `rect`: high over a QR code's black and white modules."""
    values = [
        sum(surface.get_at((x, y))[:3])
        for x in range(rect.x, rect.right, 3)
        for y in range(rect.y, rect.bottom, 3)
    ]
    return max(values) - min(values)


def test_the_lobby_behind_is_dimmed_so_its_qr_code_does_not_show_and_a_tap_there_is_inert(
    app_at_lobby,
):
    app, lobby = app_at_lobby
    assert lobby.phone_card
    screen = pygame.Surface((1280, 800))
    app.draw(screen)
    card = lobby.phones_rect
    before = contrast(screen, card)
    lobby.new_table("magie-des-bijoux")
    dialog = app.stack.top
    for _ in range(30):  # the veil fades in over 0.2 s
        app.step(1 / 60)
    app.draw(screen)
    outside = card.clip(pygame.Rect(dialog.rect.right, 0, 1280 - dialog.rect.right, 800))
    assert outside.w > 20
    assert contrast(screen, outside) < before * 0.15
    tap(app, outside.center)  # where the lobby's QR card is: nothing opens, nothing closes
    assert app.stack.top is dialog
