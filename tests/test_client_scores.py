"""pygame's results show where the points came from: the talk's table of scoring parts, the
seat's own column beside the winner's, in the UI language (client/scenes/scores.py)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.app import App  # noqa: E402
from client.net.model import SeatInfo, TableModel  # noqa: E402
from client.scenes.results import ResultsScene  # noqa: E402
from client.scenes.scores import capital  # noqa: E402
from client.scenes.table import TableScene  # noqa: E402
from client.ui import theme  # noqa: E402
from client.ui.settings import Settings  # noqa: E402
from client.words import i18n  # noqa: E402
from shared import engine, talk  # noqa: E402
from tests.test_scores import bots_game  # noqa: E402

NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"]


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path))


def finished_table(app: App, game: engine.Game, state: dict, viewer: int) -> TableScene:
    """The table of a finished game as seat `viewer` sees it when the server says it is over."""
    n = state["players"]
    model = TableModel(1, game.id, [SeatInfo(i, NAMES[i], "human") for i in range(n)], [viewer])
    model.status, model.outcome = "over", game.outcome(state)
    model.update(viewer, game.view(state, viewer), [], [], [], fresh=True)
    scene = TableScene(app, model, lambda seat, move: None, lambda: None)
    app.stack.push(scene)
    return scene


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game_id", engine.list_games())
def test_the_results_show_each_part_with_the_seats_own_beside_the_winners(
    game_id, language, monkeypatch
):
    game = engine.get_game(game_id)
    players = min(game.max_players, 4)
    state = bots_game(game, players, 21)
    outcome = game.outcome(state)
    app = App((800, 600), Settings(name="Ada", language=language))
    scene = finished_table(app, game, state, 1)
    for _ in range(20):
        app.step(1 / 30)
    assert isinstance(app.stack.top, ResultsScene)
    drawn: list[str] = []
    blit = theme.blit_text

    def record(surface, s, *args, **kwargs):
        drawn.append(s)
        return blit(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    app.draw(pygame.Surface((800, 600)))
    said = talk.talk(game_id, talk.Moment(game.view(state, 1), 1, [], [], [], outcome))
    winner = outcome["winners"][0] if outcome["winners"] else None
    assert said["scores"]["order"][0] == 1
    for row in said["scores"]["rows"]:
        assert capital(i18n.say(row["label"], NAMES.__getitem__)) in drawn, row["label"]
        for seat in {1, winner} - {None}:
            cell = row["cells"][seat]
            text = "–" if cell is None else i18n.say(cell, NAMES.__getitem__)
            assert text in drawn, (row["label"], seat)
    assert NAMES[1] in drawn and (winner is None or NAMES[winner] in drawn)
    assert scene.game_view.talk()["scores"] == said["scores"]
