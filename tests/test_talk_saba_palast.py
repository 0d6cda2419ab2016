"""Saba – Palast der Königin's talk (shared/talk/saba_palast/): complete at every seat and for
a spectator over hundreds of random positions, said in the catalogs' words, plain data, leaking
nothing, and warning before each costly move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from client.words import i18n
from shared import talk
from shared.engine import get_game
from shared.games.saba_palast.data import CARDS, MATERIALS, QUARTERS
from shared.randomplay import random_step
from shared.talk import Moment, lines_of, lines_of_talk
from shared.talk.saba_palast import VOICE
from tests.test_saba_palast import perturb_hidden
from tests.test_talk import check_line, check_translated
from tests.test_talk import check_talk as check_complete
from tests.test_talk import moment as talk_moment
from tests.test_talk import positions as talk_positions

GAME = get_game("saba-palast")


def moment(state: dict, seat: int | None, events: list | None = None) -> Moment:
    return talk_moment(GAME, state, seat, events)


def said(state: dict, seat: int | None, events: list | None = None) -> dict[str, Any]:
    return talk.talk(GAME.id, moment(state, seat, events))


def positions(games: int, every: int, players: int, profi: bool = False, seed: int = 0):
    """States (with the events that led there) from random games, one in `every` moves, and
    each game's end."""
    rng = random.Random(seed * 1000 + players * 10 + profi)
    for _ in range(games):
        yield from talk_positions(GAME, players, rng.getrandbits(48), every, {"profi": profi})


def check_talk(state: dict, seat: int | None, events: list) -> dict[str, Any]:
    """Complete (tests/test_talk.py's check), every moment and move explained, a rules topic
    and facts to weigh at every moment."""
    out = said(state, seat, events)
    legal = GAME.legal_moves(state, seat) if seat is not None else []
    check_complete(out, legal, f"{GAME.id}:{seat}", explained=True)
    assert out["topic"] and out["facts"], "no topic or no facts"
    return out


@pytest.mark.parametrize(("players", "profi"), [(2, False), (3, False), (4, False), (3, True)])
def test_the_talk_is_complete_at_every_seat(players, profi):
    seen = 0
    for state, events in positions(3, 7, players, profi):
        for seat in [*range(players), None]:
            check_talk(state, seat, events)
            seen += 1
    assert seen > 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_talk_leaks_nothing(players):
    """With what a seat cannot see changed (the kit's perturbation), its talk stays the same."""
    rng = random.Random(players)
    changed = 0
    for state, events in positions(2, 5, players, seed=7):
        if GAME.is_over(state):
            continue
        for seat in [*range(players), None]:
            other = perturb_hidden(GAME.copy_state(state), seat, rng)
            if other is None or other == state:
                continue
            changed += 1
            assert said(other, seat, events) == said(state, seat, events), (
                f"seat {seat}'s talk tells something hidden from it"
            )
    assert changed > 50


def test_the_rules_render_in_every_language():
    rules = talk.rules(GAME.id)
    assert rules["sections"] and rules["goal"] and rules["end"]
    ids = [section["id"] for section in rules["sections"]]
    assert len(ids) == len(set(ids))
    for section in rules["sections"]:
        for line in [section["title"], *section["text"]]:
            check_translated(line, section["id"])
    for lang in ("en", "de", "fr"):
        i18n.set_language(lang)
        try:
            for section in rules["sections"]:
                assert i18n.say(section["title"])
                assert all(i18n.say(line) for line in section["text"])
            assert "{" not in i18n.say(rules["goal"])
        finally:
            i18n.set_language("en")


def test_a_moment_is_said_in_words():
    """The talk said in German names the seats and fills every field."""
    state = GAME.new_game(3, 3)
    i18n.set_language("de")
    try:
        out = said(state, state["turn"])
        names = {0: "Anna", 1: "Ben", 2: "Cleo"}
        for line in lines_of_talk(out):
            text = i18n.say(line, names.get)
            assert "{" not in text, text
        headline = i18n.say(out["headline"], names.get)
        assert headline and headline != out["headline"]["m"]
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------------- costly moves
def fresh(players: int = 3, seed: int = 5) -> dict:
    return GAME.new_game(seed, players)


def entry_for(state: dict, seat: int, wanted: dict) -> dict:
    out = said(state, seat)
    legal = GAME.legal_moves(state, seat)
    assert wanted in legal, f"{wanted!r} is not legal here: {legal!r}"
    return out["moves"][legal.index(wanted)]


def warning(state: dict, seat: int, wanted: dict) -> str:
    found = entry_for(state, seat, wanted)
    assert found["warn"], f"{wanted!r} carries no warning"
    return i18n.say(found["warn"])


def test_taking_the_harbour_over_the_limit_warns():
    state = fresh()
    me = state["turn"]
    state["stocks"][me] = {"alabaster": 2, "sandstone": 2, "ebony": 2, "gold": 0}
    state["supply"]["alabaster"] -= 2
    state["harbour_cards"][me] = {"X": "back", "Y": "front"}  # fields 4 and 3
    text = warning(state, me, {"type": "harbour", "field": 4})
    assert "10" in text and "7" in text
    # Two materials more keep the seat at 7 or below: no warning.
    state["stocks"][me] = {"alabaster": 1, "sandstone": 1, "ebony": 1, "gold": 0}
    assert entry_for(state, me, {"type": "harbour", "field": 4})["warn"] is None


def test_ending_the_turn_over_the_limits_warns():
    state = fresh()
    me = state["turn"]
    state.update(phase="finish")
    state["stocks"][me] = {"alabaster": 3, "sandstone": 3, "ebony": 3, "gold": 0}
    text = warning(state, me, {"type": "end_turn"})
    assert "2" in text


def test_giving_back_what_a_card_needs_warns():
    state = fresh()
    me = state["turn"]
    state.update(phase="return")
    card = next(c for c in state["display"] if CARDS[c]["kind"] == "palace")
    slot = state["display"].index(card)
    need = GAME.view(state, me)["display_costs"][slot]
    stock = {m: need.get(m, 0) for m in MATERIALS}
    stock["gold"] += 8 - sum(stock.values())
    state["stocks"][me] = stock
    scarce = next(m for m in MATERIALS if need.get(m) and m != "gold")
    assert "{card}" not in warning(state, me, {"type": "return_material", "material": scarce})


def test_building_nothing_when_a_part_is_payable_warns():
    state = fresh()
    me = state["turn"]
    state.update(phase="build")
    state["stocks"][me] = {m: 5 for m in MATERIALS}
    warning(state, me, {"type": "pass"})


def test_with_nothing_payable_yet_the_moment_points_to_cards_before_building_nothing():
    """Nothing on the building fields is payable from the stock: with an action card in hand
    the moment does not say "build nothing" flatly (the card may pay); with none it does."""
    state = fresh()
    me = state["turn"]
    state.update(phase="build")
    state["stocks"][me] = {m: 0 for m in MATERIALS}
    state["hands"][me] = ["ebony"]
    assert "action cards" in i18n.say(said(state, me)["explain"])
    state["hands"][me] = []
    assert i18n.say(said(state, me)["explain"]).endswith("build nothing.")


def test_building_without_a_figure_or_from_a_quarter_warns():
    state = fresh()
    me = state["turn"]
    state.update(phase="build")
    state["stocks"][me] = {m: 5 for m in MATERIALS}
    state["figures"][me] = 0
    state["quarters"]["mason"] = [me]
    card = next(c for c in state["display"] if CARDS[c]["kind"] == "palace")
    warning(state, me, {"type": "build", "card": card, "no_figure": True})
    assert "masons" in warning(state, me, {"type": "build", "card": card, "from_quarter": "mason"})


def test_declining_the_vizier_quarter_and_freeing_a_neighbour_warn():
    state = fresh()
    me = state["turn"]
    other = (me + 1) % 3
    state["quarters"]["bazaar"] = [other]  # the vizier stands there at the start
    moves = GAME.legal_moves(state, me)
    decline = next(m for m in moves if m.get("vizier") == "goldsmith" and m.get("decline"))
    assert "gold" in warning(state, me, decline)
    take = next(m for m in moves if m.get("vizier") == "goldsmith" and not m.get("decline"))
    assert warning(state, me, take)  # the bazaar is freed for the other's figure


def test_a_treasury_scoring_that_favours_another_warns():
    state = fresh()
    me = state["turn"]
    other = (me + 1) % 3
    state.update(phase="build")
    state["display"][0] = "treasury-1"
    state["garden"][0]["figure"] = other
    state["figures"][other] -= 1
    state["stocks"][me] = {m: 5 for m in MATERIALS}
    warning(state, me, {"type": "fulfil", "card": "treasury-1"})
    # Leading oneself, the scoring is no harm.
    state["garden"][0]["figure"] = me
    assert entry_for(state, me, {"type": "fulfil", "card": "treasury-1"})["warn"] is None


def test_ending_the_game_while_behind_warns():
    state = fresh()
    me = state["turn"]
    other = (me + 1) % 3
    state.update(phase="build")
    state["display"][1] = "end"
    state["garden"][2]["figure"] = other
    state["stocks"][me] = {m: 5 for m in MATERIALS}
    warning(state, me, {"type": "fulfil", "card": "end"})


def test_playing_a_card_for_nothing_warns():
    state = fresh()
    me = state["turn"]
    state["hands"][me] = ["ebony"]
    state["stocks"][(me + 1) % 3]["ebony"] += state["supply"]["ebony"]
    state["supply"]["ebony"] = 0
    warning(state, me, {"type": "play_card", "card": "ebony"})


def test_a_figure_into_the_vizier_quarter_warns():
    state = fresh()
    me = state["turn"]
    state.update(phase="quarter")
    state["stocks"][me]["gold"] = 3
    warning(state, me, {"type": "place_figure", "quarter": state["vizier"]})
    assert all(
        entry_for(state, me, {"type": "place_figure", "quarter": q})["warn"] is None
        for q in QUARTERS
        if q != state["vizier"]
    )


def test_facts_say_why_a_harbour_field_and_what_scores():
    state = fresh()
    me = state["turn"]
    out = said(state, me)
    text = "\n".join(i18n.say(f["label"]) + ": " + i18n.say(f["value"]) for f in out["facts"])
    assert "1 and 3" in text  # the harbour cards' fronts
    assert "balcony" in text and "treasury" in text
    for name in ("alabaster", "sandstone", "ebony", "gold", "stonemasons"):
        assert name in text
    assert all(len(lines_of(f["label"]) and list(lines_of(f["label"]))) for f in out["facts"])


def test_a_figure_owed_from_a_working_quarter_warns_when_an_idle_one_could_go():
    state = fresh()
    me = state["turn"]
    state["figures"][me] = 0
    state["quarters"]["mason"] = [me]
    state["quarters"][state["vizier"]] = [me]
    state["pending"] = {"seat": me, "for": "treasury", "quarters": [state["vizier"], "mason"]}
    assert "idle" in warning(state, me, {"type": "send_figure", "quarter": "mason"})
    assert entry_for(state, me, {"type": "send_figure", "quarter": state["vizier"]})["warn"] is None


# ---------------------------------------------------------------------------- the game log
# The events the log leaves out: the harbour refilled is seen on the board, a card that leaves
# the display because it was built or fulfilled has its own sentence already, and `taken_back`
# the clients say themselves.
SILENT = {"harbour_refilled", "taken_back"}


def silent(event: dict) -> bool:
    if event["type"] == "card_left":
        return event["reason"] not in ("removed", "obsolete")
    return event["type"] in SILENT


@pytest.mark.parametrize(("players", "profi"), [(2, False), (4, False), (3, True)])
def test_the_log_tells_every_event_at_every_seat(players, profi):
    """Each event of a random game gets one line in the talk's log (or None for the events that
    say nothing), at every seat and for a spectator, in the catalogs' words in every language."""
    rng = random.Random(players * 10 + profi)
    said_kinds: set[str] = set()
    for _ in range(2):
        state = GAME.new_game(rng.getrandbits(48), players, {"profi": profi})
        while not GAME.is_over(state):
            mover, chosen = random_step(GAME, state, rng)
            state, events = GAME.apply(state, mover, chosen)
            for viewer in [*range(players), None]:
                shown = GAME.view_events(events, viewer)
                log = said(state, viewer, events)["log"]
                assert len(log) == len(shown)
                for event, line in zip(shown, log, strict=True):
                    if silent(event):
                        assert line is None, f"{event!r} should say nothing"
                        continue
                    assert line is not None, f"{event!r} has no log line"
                    check_line(line, event["type"])
                    said_kinds.add(event["type"])
    assert {"turn_started", "harbour_taken", "built", "card_drawn", "game_over"} <= said_kinds


def test_the_log_is_said_in_every_language_with_names():
    names = {0: "Anna", 1: "Ben", 2: "Cleo"}
    events = [
        {"type": "turn_started", "seat": 1},
        {"type": "card_left", "card": "arch-3", "reason": "removed"},
        {"type": "card_left", "card": "end", "reason": "obsolete"},
        {"type": "built", "seat": 2, "card": "column-5", "cost": {"gold": 2, "ebony": 1}},
        {
            "type": "quarter_action",
            "seat": 0,
            "quarter": "exchange",
            "give": "gold",
            "take": "ebony",
        },
        {"type": "taken_back", "seat": 0},
        {"type": "card_left", "card": "arch-2", "reason": "built"},
    ]
    view = GAME.view(GAME.new_game(3, 3), None)
    expected = {
        "en": [
            "Ben's turn.",
            "The arch for garden field 3 is taken out of the game.",
            "The end card can no longer be built and leaves.",
            "Cleo builds the column for garden field 5, paying 1 ebony, 2 gold.",
            "Anna swaps 1 gold for 1 ebony at the exchange quarter.",
        ],
        "de": ["Ben ist am Zug.", "Der Torbogen für Gartenfeld 3"],
        "fr": ["Au tour de Ben.", "L'arche du parterre 3"],
    }
    for lang, starts in expected.items():
        i18n.set_language(lang)
        try:
            lines = [VOICE.event_line(event, view) for event in events]
            assert lines[-2:] == [None, None]
            text = [i18n.say(line, names.get) for line in lines[:-2]]
            for got, start in zip(text, starts, strict=False):
                assert got.startswith(start), (lang, got)
            assert all("{" not in t for t in text)
        finally:
            i18n.set_language("en")


def test_a_drawn_card_is_named_only_to_its_drawer():
    """The log names an action card drawn or discarded only at the seat that holds it."""
    rng = random.Random(11)
    state = GAME.new_game(11, 3)
    checked = 0
    while not GAME.is_over(state) and checked < 20:
        mover, chosen = random_step(GAME, state, rng)
        state, events = GAME.apply(state, mover, chosen)
        for event in events:
            if event["type"] not in ("card_drawn", "card_discarded"):
                continue
            for viewer in [0, 1, 2, None]:
                shown = GAME.view_events([event], viewer)
                log = said(state, viewer, [event])["log"]
                if not shown:
                    continue
                named = "material" in (log[0].get("a") or {})
                assert named == (viewer == event["seat"]), (viewer, event)
            checked += 1
    assert checked >= 5
