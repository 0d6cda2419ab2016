"""Kept games: game files (export, read, refusals), the replay viewer stepping through whole
games of every title, and replays over the wire (a finished game whole, a running one only as a
spectator sees it, never a table with a password)."""

import json
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from shared import engine, gamefile  # noqa: E402
from shared.randomplay import play_random_game  # noqa: E402
from tests.test_server_kit import (  # noqa: E402
    arun,
    connect,
    forbidden_keys,
    make_table,
    play_random,
    players_for,
    running_server,
)

GAMES = ["magie-des-bijoux", "das-kollier", "kette-von-saba", "saba-palast"]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("JEWELTABLE_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def finished_doc(game_id: str, seed: int = 4) -> dict:
    game = engine.get_game(game_id)
    players = players_for(game)
    options = None  # choices left open are drawn from the seed (the file keeps them open)
    _state, history = play_random_game(game, seed, players, options)
    names = [f"P{i}" for i in range(players)]
    return gamefile.make(game_id, players, options, seed, history, names)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_exported_game_reads_back_and_replays_to_the_same_outcome(game_id, tmp_path):
    doc = finished_doc(game_id)
    path = gamefile.write(doc, tmp_path / "game.jtg")
    again = gamefile.read(path)
    assert again == json.loads(json.dumps(doc))
    final = engine.replay(
        game_id, again["seed"], again["players"], again["options"], again["moves"]
    )
    assert engine.get_game(game_id).outcome(final) == doc["outcome"]


def test_a_bad_game_file_is_refused_with_its_reason(tmp_path):
    doc = finished_doc("magie-des-bijoux")
    cases = {
        "not.jtg": ("{ not json", "not a Jewel Table game file"),
        "other.jtg": (json.dumps({"format": "something else"}), "not a Jewel Table game file"),
        "future.jtg": (json.dumps({**doc, "version": 99}), "version 99"),
        "game.jtg": (json.dumps({**doc, "game": "chess"}), "does not know"),
        "short.jtg": (json.dumps({**doc, "moves": doc["moves"][:-3]}), "before the game is over"),
        "bent.jtg": (
            json.dumps({**doc, "moves": [[doc["moves"][0][0] + 1, doc["moves"][0][1]]]}),
            "move 1 does not replay",
        ),
        "liar.jtg": (json.dumps({**doc, "outcome": {"scores": [99]}}), "outcome"),
    }
    for name, (text, reason) in cases.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(gamefile.GameFileError, match=reason):
            gamefile.read(tmp_path / name)
    with pytest.raises(gamefile.GameFileError, match="there is no file"):
        gamefile.read(tmp_path / "missing.jtg")


def test_a_running_game_cannot_be_made_a_file():
    game = engine.get_game("das-kollier")
    state = game.new_game(3, 4, None)
    seat, move = 0, None
    rng = random.Random(3)
    seat = rng.choice(game.to_act(state))
    move = rng.choice(game.legal_moves(state, seat))
    with pytest.raises(gamefile.GameFileError, match="only a finished game"):
        gamefile.make("das-kollier", 4, None, 3, [(seat, move)], ["a", "b", "c", "d"])


def test_the_export_command_writes_a_finished_game_and_refuses_a_running_one(tmp_path, capsys):
    from client.cli import main

    data = tmp_path / "store"
    args = ["--game", "kette-von-saba", "--players", "3", "--seed", "2", "--data", str(data)]
    assert main(["play", "--headless", *args]) == 0
    out = tmp_path / "kette.jtg"
    assert main(["replay", "1", "--export", str(out), "--data", str(data)]) == 0
    doc = gamefile.read(out)
    assert doc["game"] == "kette-von-saba" and doc["players"] == 3
    assert main(["replay", "7", "--export", str(out), "--data", str(data)]) == 2
    assert "no table 7" in capsys.readouterr().err


@pytest.mark.parametrize("game_id", GAMES)
def test_the_viewer_shows_every_step_of_a_whole_game(game_id):
    from client.app import App
    from client.net.replays import FileReplay
    from client.scenes.replay import ReplayScene
    from client.ui.settings import Settings

    doc = finished_doc(game_id, seed=7)
    replay = FileReplay(doc)
    app = App((1024, 700), Settings(name="Ada", language="de"))
    scene = ReplayScene(app, replay)
    app.stack.push(scene)
    surface = pygame.Surface((1024, 700))
    # Forward one step at a time, as playing does (with each move's events and animations).
    for step in range(1, replay.moves + 1):
        assert scene._show(step, jump=False)
        app.step(1 / 20)
        assert scene.step == step
    app.draw(surface)
    assert scene.model.status == "over" and scene.model.outcome == doc["outcome"]
    # Reaching the end by playing brings up the results, as at the table.
    for _ in range(60):
        app.step(1 / 20)
    assert type(app.stack.top).__name__ == "ResultsScene"
    app.stack.pop()
    # Back, through every seat's eyes, and a jump by a tap on the track.
    for viewer in replay.viewers:
        while scene.viewer_choice != viewer:
            scene.next_viewer()
        scene.go(replay.moves // 2)
        app.step(1 / 20)
        app.draw(surface)
        assert scene.viewer == viewer and scene.step == replay.moves // 2
    track = scene.track
    app.step(
        1 / 20,
        [
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN, pos=(track.right - 2, track.centery), button=1
            ),
            pygame.event.Event(
                pygame.MOUSEBUTTONUP, pos=(track.right - 2, track.centery), button=1
            ),
        ],
    )
    assert scene.step >= replay.moves * 0.9
    app.shutdown()


def test_the_viewer_plays_by_itself_and_stops_at_the_end():
    from client.app import App
    from client.net.replays import FileReplay
    from client.scenes.replay import ReplayScene
    from client.ui.settings import Settings

    replay = FileReplay(finished_doc("magie-des-bijoux", seed=2))
    app = App((1024, 700), Settings(name="Ada", language="en"))
    scene = ReplayScene(app, replay, step=replay.moves - 3)
    app.stack.push(scene)
    scene.speed = 4.0
    scene.toggle_play()
    for _ in range(600):
        app.step(1 / 20)
        if not scene.playing:
            break
    assert scene.step == replay.moves and not scene.playing
    app.shutdown()


@arun(120)
async def test_replays_over_the_wire_keep_secrets_and_passwords(tmp_path):
    async with running_server(tmp_path) as server:
        ada, bob = await connect(server, "Ada"), await connect(server, "Bob")
        zoe = await connect(server, "Zoé")
        done = await make_table(server, "das-kollier", [ada, bob, bob], seed=5)
        ada.send({"t": "watch", "table": done})
        await play_random(done, [ada, bob, bob], ada, random.Random(1))
        cara, dan = await connect(server, "Cara"), await connect(server, "Dan")
        running = await make_table(server, "das-kollier", [cara, dan, dan], seed=6)
        cara.send({"t": "watch", "table": running})
        await play_random(running, [cara, dan, dan], cara, random.Random(2), max_moves=6)
        eve = await connect(server, "Eve")
        eve.send({"t": "create", "game": "magie-des-bijoux", "seats": 1, "password": "pw"})
        locked = (await eve.expect("joined"))["table"]
        eve.send({"t": "start", "table": locked})
        await eve.expect("sync")
        eve.send(
            {
                "t": "move",
                "table": locked,
                "seat": 0,
                "move": {"type": "place_pawn", "plaque": [0, 0]},
            }
        )
        await eve.expect("update")
        zoe.send({"t": "replays", "id": 1})
        listed = await zoe.expect("replays")
        ids = [t["id"] for t in listed["tables"]]
        assert done in ids and running in ids and locked not in ids
        # A finished game comes whole, as a game file that replays to its outcome.
        zoe.send({"t": "replay", "table": done})
        whole = await zoe.expect("replay")
        doc = gamefile.check(whole["file"])
        assert doc["seed"] == 5
        # A running game: one position at a time, a spectator's, with no seed anywhere.
        zoe.send({"t": "replay", "table": running, "step": 3})
        part = await zoe.expect("replay")
        assert part["step"] == 3 and part["moves"] >= 6 and "file" not in part
        assert "seed" not in json.dumps(part) and not forbidden_keys(part)
        game = engine.get_game("das-kollier")
        record = server.lobby.journal.store.table(running)
        state = game.new_game(record.seed, 3, record.options)
        for seat, move, _by in record.moves[:3]:
            state, events = game.apply(state, seat, move)
        assert part["view"] == json.loads(json.dumps(game.view(state, None)))
        assert part["events"] == json.loads(json.dumps(game.view_events(events, None)))
        zoe.send({"t": "replay", "table": locked})
        assert (await zoe.expect("error"))["code"] == "no_table"
