"""The evening in the pygame lobby (client/scenes/standings.py): the standing line a person reads,
the standings beside the tables, and the winner's reveal when the evening ends — headless."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.evening import Evening  # noqa: E402
from client.scenes.lobby import LobbyScene  # noqa: E402
from client.scenes.standings import RevealDialog, place, standing_line  # noqa: E402
from client.tools.screenshot import sample_lobby  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402

FRIDAY = {"id": 1, "name": "Friday", "started": 1.0, "ended": None}
ROWS = [
    {"rank": 1, "name": "Cy", "points": 5.5, "games": 3, "wins": 2},
    {"rank": 2, "name": "Ann", "points": 3.5, "games": 3, "wins": 1},
    {"rank": 3, "name": "Bob", "points": 1.0, "games": 2, "wins": 0},
    {"rank": 4, "name": "Dee", "points": 0.0, "games": 2, "wins": 0},
]


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))
    # English before (a test of another file in this process may have left German) and after.
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def standings(rows=ROWS, ended=None, evening_id=1):
    evening = {**FRIDAY, "id": evening_id, "ended": ended}
    return {"t": "standings", "evening": evening, "tables": 4, "overall": rows, "games": {}}


def evening_of(*messages):
    evening = Evening()
    for msg in messages:
        evening.receive(msg)
    return evening


def test_the_standing_line_says_the_place_and_the_gap_to_the_one_ahead():
    evening = evening_of(standings())
    assert standing_line(evening, "Bob") == "You are 3rd, 2.5 points behind Ann."
    assert standing_line(evening, "  ann ") == "You are 2nd, 2 points behind Cy."
    assert standing_line(evening, "Cy") == "You lead, 2 points ahead of Ann."
    assert standing_line(evening, "Eve") == "No counted game of yours yet this evening."


def test_the_standing_line_counts_one_point_in_the_singular_and_ties_by_name():
    rows = [
        {"rank": 1, "name": "Cy", "points": 3.0, "games": 2, "wins": 1},
        {"rank": 1, "name": "Ann", "points": 3.0, "games": 2, "wins": 1},
        {"rank": 3, "name": "Bob", "points": 2.0, "games": 2, "wins": 1},
        {"rank": 4, "name": "Dee", "points": 2.0, "games": 3, "wins": 1},
    ]
    evening = evening_of(standings(rows))
    assert standing_line(evening, "Ann") == "You share 1st place with Cy."
    assert standing_line(evening, "Bob") == "You are 3rd, 1 point behind Ann."
    assert standing_line(evening, "Dee") == "You are 4th, level on points with Bob."


def test_the_standing_line_speaks_german_and_french():
    evening = evening_of(standings())
    i18n.set_language("de")
    assert standing_line(evening, "Bob") == "Du bist 3., 2,5 Punkte hinter Ann."
    i18n.set_language("fr")
    assert standing_line(evening, "Ann") == "Tu es 2e, 2 points derrière Cy."
    assert place(1) == "1er"


def test_no_evening_no_line():
    assert standing_line(Evening(), "Ann") is None
    assert standing_line(evening_of({"t": "standings", "evening": None}), "Ann") is None


def test_the_winner_is_revealed_only_when_an_evening_seen_open_ends():
    seen_end = evening_of(standings(), standings(ended=2.0))
    assert seen_end.reveal is not None and seen_end.reveal["evening"]["ended"] == 2.0
    # A screen that comes in after the end shows the final standings but reveals nothing.
    assert evening_of(standings(ended=2.0)).reveal is None
    # Another evening's end, or a new evening, is no reveal of this one.
    assert evening_of(standings(), standings(ended=2.0, evening_id=2)).reveal is None
    assert evening_of(standings(), standings(ended=2.0), standings(evening_id=2)).reveal is None


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_lobby_shows_the_standings_and_reveals_the_winner(size):
    app = App(size, Settings(name="Bob", language="en"))
    scene = LobbyScene(app, sample_lobby(), actions=None)
    app.stack.push(scene)
    scene.evening.receive(standings())
    for _ in range(3):
        app.step(1 / 30)
    assert scene.has_standings
    if size[0] >= 1000:
        # The side column: within the window, beside the list.
        rect = scene.standings_rect
        assert rect.w > 0 and rect.right <= size[0] and rect.bottom <= size[1]
        assert rect.x > scene.list_rect.right
    scene.evening.receive(standings(ended=2.0))
    app.step(1 / 30)
    reveal = app.stack.top
    assert isinstance(reveal, RevealDialog)
    assert reveal.rect.right <= size[0] and reveal.rect.bottom <= size[1]
    for _ in range(45):  # the crown, the winner, the rows: under two seconds
        app.step(1 / 30)
    assert reveal.motion == {"crown": 1.0, "winner": 1.0, "rows": 1.0}
    reveal.close()
    assert app.stack.top is scene
    app.step(1 / 30)
    assert app.stack.top is scene  # revealed once
