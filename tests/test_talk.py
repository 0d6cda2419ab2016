"""The table's talk (shared/talk): complete, in the catalogs, the same for every client, and sent
over the wire only to clients that ask for it.

Each game's own voice has its own tests (tests/test_talk_<game>.py); these hold for every voice.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from client.net.connection import AsyncClient
from client.words import i18n
from shared import engine, talk
from shared.games.das_kollier.gems import KINDS as GEM_KINDS
from shared.games.kette_von_saba.necklace import PIECES as KETTE_PIECES
from shared.protocol import PROTOCOL_VERSION
from shared.randomplay import random_step
from tests.kit import assert_plain, roundtrip
from tests.test_server_kit import HOST, arun, make_table, players_for, running_server

LOCALE = Path(__file__).resolve().parent.parent / "client" / "locale"
VOICED = [g for g in engine.list_games() if talk.voice(g) is not None]


def catalog(lang: str) -> dict[tuple[str | None, str], Message]:
    with (LOCALE / lang / "LC_MESSAGES" / "jeweltable.po").open("rb") as f:
        cat = read_po(f, locale=lang)
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in cat}


CATALOGS = {lang: catalog(lang) for lang in ("de", "fr")}


# The lines `check_line` passed, by their repr.
CHECKED_LINES: set[str] = set()


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def check_translated(line: dict, where: str) -> None:
    """A line's message is in the de and fr catalogs, translated (every plural form), and a
    counted line's plural is the catalog's."""
    key = (line.get("c"), line["m"])
    for lang, cat in CATALOGS.items():
        assert key in cat, f"{where}: {key} is not in the {lang} catalog (run `make i18n`)"
        message = cat[key]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{where}: {key} is not translated ({lang})"
        if "p" in line:
            assert isinstance(message.id, tuple) and message.id[1] == line["p"], where


def check_line(line: dict, where: str) -> None:
    """A line: a catalog message translated in de and fr, its fields all given, its
    parameters numbers, lines, lists of them, seats or names. (A line checked once passes
    again unchecked: the same lines come back at every step of every game.)"""
    assert isinstance(line, dict) and isinstance(line.get("m"), str), f"{where}: not a line"
    key = repr(line)
    if key in CHECKED_LINES:
        return
    assert set(line) <= {"m", "c", "p", "a"}, f"{where}: unknown keys {set(line)}"
    check_translated(line, where)
    args = line.get("a") or {}
    wanted = fields(line["m"]) | (fields(line["p"]) if "p" in line else set())
    assert wanted <= set(args), f"{where}: {line['m']!r} lacks {wanted - set(args)}"
    if "p" in line:
        assert isinstance(args.get("n"), int), f"{where}: a counted line without its count"
    for name, value in args.items():
        check_param(value, f"{where}.{name}")
    CHECKED_LINES.add(key)


def check_param(value: object, where: str) -> None:
    if isinstance(value, bool) or value is None:
        pytest.fail(f"{where}: {value!r} is no parameter")
    if isinstance(value, (int, str)):
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            check_param(item, f"{where}[{i}]")
        return
    assert isinstance(value, dict), f"{where}: {value!r}"
    if "seat" in value:
        assert set(value) == {"seat"} and isinstance(value["seat"], int), where
        return
    check_line(value, where)


def check_talk(said: dict, legal: list, where: str, explained: bool = False) -> None:
    """A talk for `legal` at `where` ("game-id:seat"): every key, one entry per legal move,
    every line from the catalogs with its parameters, plain and the same after msgpack.
    `explained`: a voice that explains every moment and says what every move does."""
    assert set(said) == {
        "headline",
        "explain",
        "moves",
        "facts",
        "topic",
        "goal",
        "end",
        "log",
        "results",
        "scores",
    }
    if explained:
        assert said["explain"] is not None, f"{where}: a moment without its explanation"
        for legal_move, entry in zip(legal, said["moves"], strict=False):
            assert entry["does"] is not None, f"{where}: {legal_move} says nothing it does"
    for i, line in enumerate(said["log"] or []):
        if line is not None:
            check_line(line, f"{where}.log[{i}]")
    for i, line in enumerate(said["results"] or []):
        check_line(line, f"{where}.results[{i}]")
    if said["scores"] is not None:
        for i, row in enumerate(said["scores"]["rows"]):
            check_line(row["label"], f"{where}.scores[{i}].label")
            for j, cell in enumerate(row["cells"]):
                if cell is not None:
                    check_line(cell, f"{where}.scores[{i}].cells[{j}]")
    assert_plain(said, where)
    assert roundtrip(said) == said
    assert len(said["moves"]) == len(legal), f"{where}: a legal move has no entry"
    check_line(said["headline"], f"{where}.headline")
    if said["explain"] is not None:
        check_line(said["explain"], f"{where}.explain")
    for i, entry in enumerate(said["moves"]):
        assert set(entry) == {"label", "does", "warn"}, where
        check_line(entry["label"], f"{where}.moves[{i}].label")
        for key in ("does", "warn"):
            if entry[key] is not None:
                check_line(entry[key], f"{where}.moves[{i}].{key}")
    for i, entry in enumerate(said["facts"]):
        check_line(entry["label"], f"{where}.facts[{i}].label")
        check_param(entry["value"], f"{where}.facts[{i}].value")
    sections = {s["id"] for s in talk.rules(where.split(":")[0])["sections"]}
    assert said["topic"] is None or said["topic"] in sections, f"{where}: unknown topic"


def moment(game: engine.Game, state: dict, seat: int | None, events: list | None = None):
    """What the server hands the voice for `seat` (server/tables.py `seat_message`)."""
    return talk.Moment(
        view=game.view(state, seat),
        seat=seat,
        legal=game.legal_moves(state, seat) if seat is not None else [],
        to_act=game.to_act(state),
        events=game.view_events(events or [], seat),
        outcome=game.outcome(state) if game.is_over(state) else None,
    )


def positions(
    game: engine.Game, players: int, seed: int, every: int = 3, options: dict | None = None
):
    """(state, events) along a random game, every `every` moves and at its end."""
    rng = random.Random(seed)
    state = game.new_game(seed, players, options or {})
    events: list = []
    step = 0
    while True:
        if step % every == 0 or game.is_over(state):
            yield state, events
        if game.is_over(state):
            return
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        step += 1


@pytest.mark.parametrize("game_id", VOICED)
def test_every_seat_and_the_spectators_get_a_complete_talk_in_every_language(game_id):
    game = engine.get_game(game_id)
    counts = sorted({min(max(2, game.min_players), game.max_players), game.max_players})
    checked = 0
    for players in counts:
        for seed in range(3):
            for state, events in positions(game, players, seed):
                for seat in [*range(players), None]:
                    here = moment(game, state, seat, events)
                    said = talk.talk(game_id, here)
                    check_talk(said, here.legal, f"{game_id}:{seat}")
                    if said["log"] is not None:
                        assert len(said["log"]) == len(here.events)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", VOICED)
def test_the_rules_have_a_goal_an_end_and_titled_sections(game_id):
    rules = talk.rules(game_id)
    check_line(rules["goal"], "goal")
    check_line(rules["end"], "end")
    ids = [s["id"] for s in rules["sections"]]
    assert len(ids) == len(set(ids)) >= 2
    for section in rules["sections"]:
        check_line(section["title"], section["id"])
        assert section["text"], f"{section['id']} says nothing"
        for line in section["text"]:
            check_line(line, section["id"])


# The pieces a game's page draws, by the ids it draws them under: each must be named (and
# explained, by itself or by its kind) by the voice.
DRAWN_PIECES = {
    "magie-des-bijoux": [
        *(f"plaque:{n}" for n in range(1, 7)),
        *(f"stone:{s}" for s in range(4)),
        "pawn",
        "previous",
        "setting",
    ],
    "das-kollier": [f"gem:{g}" for g in GEM_KINDS],
    "kette-von-saba": [
        "lion",
        *(f"{kind}:{p}" for kind in ("card", "lion") for p in KETTE_PIECES),
        "ghost",
        "could",
        "forgeries",
        "deck",
    ],
}


@pytest.mark.parametrize("game_id", sorted(DRAWN_PIECES))
def test_every_piece_a_page_draws_is_named_and_explained_in_every_language(game_id):
    pieces = talk.rules(game_id)["pieces"]
    assert_plain(pieces, game_id)
    assert set(DRAWN_PIECES[game_id]) <= set(pieces)
    for piece_id, entry in pieces.items():
        assert set(entry) == {"name", "about"}, piece_id
        check_line(entry["name"], f"{piece_id}.name")
        about = entry["about"] or pieces[piece_id.split(":")[0]]["about"]
        check_line(about, f"{piece_id}.about")


def test_a_line_is_said_in_the_clients_language_with_its_parameters():
    line = talk.say(
        "magie-des-bijoux.talk",
        "{name} has no stone left.",
        name=talk.seat(1),
    )
    counted = talk.say_n("magie-des-bijoux.talk", "{n} point", "{n} points", 12000)
    try:
        i18n.set_language("de")
        assert i18n.say(line, lambda seat: ["Ada", "Bea"][seat]) == "Bea hat keinen Stein mehr."
        assert i18n.say(counted) == "12.000 Punkte"
        assert i18n.say([counted, 3]) == "12.000 Punkte, 3"
        i18n.set_language("fr")
        assert i18n.say(line) == "place 2 n'a plus de pierre."
    finally:
        i18n.set_language("en")
    assert i18n.say(counted) == "12,000 points"


def test_a_game_without_a_voice_has_no_talk_and_no_rules():
    moment = talk.Moment({}, None, [], [])
    assert talk.talk("no-such-game", moment) is None
    assert talk.rules("no-such-game") is None
    assert talk.voice("../etc") is None


async def hello_with_talk(server, name: str) -> AsyncClient:
    client = await AsyncClient.connect(HOST, server.port, None)
    client.send({"t": "hello", "v": PROTOCOL_VERSION, "name": name, "talk": True})
    client.welcome = await client.expect("welcome")
    return client


@pytest.mark.parametrize("game_id", VOICED)
@arun(60)
async def test_the_server_sends_the_talk_to_those_who_ask_and_pygame_makes_the_same(
    tmp_path, game_id
):
    """A browser-like client gets each seat's talk with every update, made from that message
    alone; a client that did not ask gets none; the pygame view makes the identical talk
    from the same message (one voice for every client)."""
    from client.tables import view_for

    game = engine.get_game(game_id)
    players = players_for(game)
    async with running_server(tmp_path) as server:
        asking = await hello_with_talk(server, "Page")
        plain = await AsyncClient.connect(HOST, server.port, "Pygame")
        holders = [asking] + [plain] * (players - 1)
        table = await make_table(server, game_id, holders, seed=5)
        watcher = await hello_with_talk(server, "TV")
        watcher.send({"t": "watch", "table": table})
        await watcher.expect("joined")
        rng = random.Random(3)
        messages = []
        for seq in range(12):
            seen = await asking.wait_for(
                lambda m, seq=seq: (
                    m["t"] in ("sync", "update") and m["seq"] >= seq and m["seat"] == 0
                )
            )
            messages.append(seen)
            other = await plain.wait_for(
                lambda m, seq=seq: m["t"] in ("sync", "update") and m["seq"] >= seq
            )
            assert "talk" not in other
            if seen["status"] != "playing":
                break
            mover = seen["to_act"][0]
            state = server.lobby.tables[table].state
            move = rng.choice(game.legal_moves(state, mover))
            (asking if mover == 0 else plain).send(
                {"t": "move", "table": table, "seat": mover, "move": move, "seq": seq}
            )
        spectated = await watcher.wait_for(lambda m: m["t"] in ("sync", "update"))
        assert spectated["talk"] is not None and spectated["talk"]["moves"] == []
        whole, before = None, None
        for msg in messages:
            # A sync's talk is whole, an update's only what changed (and its log): merged, as
            # the page does. The goal never changes: an update after an update leaves it out.
            if msg["t"] == "update" and whole is not None:
                assert ("goal" in msg["talk"]) is (before == "sync") and "log" in msg["talk"]
                msg["talk"] = {**whole, **msg["talk"]}
            whole, before = msg["talk"], msg["t"]
            check_talk(msg["talk"], msg["legal_moves"], f"{game_id}:0")
            moment = talk.Moment(
                msg["view"],
                0,
                msg["legal_moves"],
                msg["to_act"] if msg["status"] == "playing" else [],
                msg.get("events") or msg.get("history") or [],
                msg.get("outcome"),
            )
            assert talk.talk(game_id, moment) == msg["talk"]
        last = messages[-1]
        view = view_for(game_id, pygame_context(["Page", *["Pygame"] * (players - 1)]))
        view.ctx.to_act = last["to_act"] if last["status"] == "playing" else []
        view.ctx.outcome = last.get("outcome")
        events = last.get("events") or last.get("history") or []
        view.show(last["view"], last["legal_moves"], events, False)
        assert view.talk() == last["talk"]


@arun(60)
async def test_an_update_tells_the_talk_by_its_changes_and_whole_after_anyone_syncs(tmp_path):
    """Spectators' updates carry only the talk's changed keys; a new spectator's sync makes the
    next update whole for every spectator, so each one's merged talk is always the voice's."""
    game_id = VOICED[0]
    game = engine.get_game(game_id)
    async with running_server(tmp_path) as server:
        plain = await AsyncClient.connect(HOST, server.port, "Pygame")
        table = await make_table(server, game_id, [plain] * game.min_players, seed=9)
        first = await hello_with_talk(server, "TV 1")
        first.send({"t": "watch", "table": table})
        await first.expect("joined")
        merged = (await first.wait_for(lambda m: m["t"] == "sync"))["talk"]
        rng = random.Random(1)

        async def play_one(seq: int) -> None:
            state = server.lobby.tables[table].state
            mover = game.to_act(state)[0]
            move = rng.choice(game.legal_moves(state, mover))
            plain.send({"t": "move", "table": table, "seat": mover, "move": move, "seq": seq})

        def said_for(msg) -> dict:
            moment = talk.Moment(msg["view"], None, [], msg["to_act"], msg["events"], None)
            return talk.talk(game_id, moment)

        seq = server.lobby.tables[table].seq
        kinds = []
        for step in range(6):
            if step == 3:  # a second spectator comes in: its sync, then whole updates for all
                second = await hello_with_talk(server, "TV 2")
                second.send({"t": "watch", "table": table})
                await second.expect("joined")
                assert set((await second.wait_for(lambda m: m["t"] == "sync"))["talk"]) == set(
                    merged
                )
            await play_one(seq)
            seq += 1
            update = await first.wait_for(lambda m, s=seq: m["t"] == "update" and m["seq"] == s)
            kinds.append(set(update["talk"]) == set(merged))
            merged = {**merged, **update["talk"]}
            assert merged == said_for(update)
            if step >= 3:
                other = await second.wait_for(lambda m, s=seq: m["t"] == "update" and m["seq"] == s)
                assert other["talk"] == update["talk"]
        # Whole only after a sync (the first update after the first spectator's own sync, and
        # the one after the second spectator's), told by its changes otherwise.
        assert kinds == [True, False, False, True, False, False]


def pygame_context(names: list[str]):
    import pygame

    from client.tables.base import TableContext
    from client.ui.anim import Animator, Timeline
    from client.ui.widgets import Toasts

    pygame.init()
    animator = Animator()
    return TableContext(animator, Timeline(animator), Toasts(animator), names)


@arun(30)
async def test_rules_are_answered_on_demand_and_an_unknown_game_is_refused(tmp_path):
    async with running_server(tmp_path) as server:
        client = await AsyncClient.connect(HOST, server.port, "Ada")
        client.send({"t": "rules", "game": VOICED[0], "id": 4})
        answer = await client.expect("rules")
        assert answer["ref"] == 4
        assert answer == {"t": "rules", "ref": 4, **talk.rules(VOICED[0])}
        client.send({"t": "rules", "game": "chess", "id": 5})
        refusal = await client.expect("error")
        assert refusal["code"] == "unknown_game" and refusal["ref"] == 5
        client.send({"t": "rules", "id": 6})
        assert (await client.expect("error"))["code"] == "malformed"
