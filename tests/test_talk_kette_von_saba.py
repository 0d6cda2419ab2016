"""The voice of Die Kette von Saba (shared/talk/kette_von_saba/): for hundreds of random
positions, at every seat and as a spectator, the talk is complete, names every legal move in
order, says only lines the de and fr catalogs translate, with plain parameters, round-trips
msgpack and tells a seat nothing hidden from it (its game log included); every event gets its
log sentence; costly moves carry their warnings; the rules render."""

from __future__ import annotations

import json
import random

import pytest

from client.words import i18n
from shared import engine
from shared.games.kette_von_saba.bank import BID_STEP
from shared.randomplay import random_step
from shared.talk import Moment, lines_of, lines_of_talk, rules, talk
from shared.talk.kette_von_saba import VOICE as GAME_VOICE
from tests.test_kette_von_saba import perturb_hidden
from tests.test_talk import check_talk as check_complete
from tests.test_talk import check_translated
from tests.test_talk import moment as talk_moment
from tests.test_talk import positions as talk_positions

GAME_ID = "kette-von-saba"
GAME = engine.get_game(GAME_ID)


def moment(state: dict, seat: int | None, events: list | None = None) -> Moment:
    return talk_moment(GAME, state, seat, events)


def positions(games: int, every: int, players=(3, 4, 5, 7)):
    """(state, events) at every `every`-th step of random games (and at each end)."""
    for g in range(games):
        yield from talk_positions(GAME, players[g % len(players)], 2000 + g, every)


def check_talk(said: dict, m: Moment) -> None:
    """Complete (tests/test_talk.py's check), every moment and move explained, one log entry
    per event, and facts to weigh at every moment."""
    check_complete(said, m.legal, f"{GAME_ID}:{m.seat}", explained=True)
    assert len(said["log"]) == len(m.events), "one log entry per event"
    assert said["facts"], "facts"


def test_the_talk_is_complete_at_hundreds_of_positions():
    seen_phases = set()
    count = 0
    for state, events in positions(games=12, every=9):
        for seat in [*range(state["players"]), None]:
            m = moment(state, seat, events)
            said = talk(GAME_ID, m)
            check_talk(said, m)
            count += 1
        seen_phases.add(state["phase"])
    assert count > 500
    assert {"offer", "bidding", "reserve", "draw", "reconstruction", "over"} <= seen_phases


def test_the_talk_leaks_nothing_hidden():
    rng = random.Random(7)
    changed = 0
    for state, _events in positions(games=8, every=7):
        for seat in [*range(state["players"]), None]:
            said = talk(GAME_ID, moment(state, seat))
            other = perturb_hidden(GAME.copy_state(state), seat, rng)
            if other is None or other == state:
                continue
            changed += 1
            assert talk(GAME_ID, moment(other, seat)) == said, f"seat {seat}'s talk leaks"
    assert changed > 100


# Every event the engine makes, each with a log sentence; `taken_back` the clients say.
TOLD = {
    "card_offered",
    "deck_card_offered",
    "bid",
    "reserve_named",
    "reserve_accepted",
    "passed",
    "reserve_declined",
    "no_bid",
    "reserve_refused",
    "bidding_closed",
    "sold",
    "kept",
    "joker_returned",
    "forgery",
    "reconstruction_begins",
    "placed",
    "drew",
    "game_over",
}


def moves_played(games: int, players=(3, 4, 5, 7)):
    """(state before, mover, move, state after, events) of every move of random games."""
    for g in range(games):
        rng = random.Random(3000 + g)
        state = GAME.new_game(4000 + g, players[g % len(players)], None)
        while not GAME.is_over(state):
            mover, chosen = random_step(GAME, state, rng)
            after, events = GAME.apply(state, mover, chosen)
            yield state, mover, chosen, after, events
            state = after


def test_every_event_gets_its_log_line_at_every_seat():
    told: set[str] = set()
    for _before, _mover, _move, after, events in moves_played(games=6):
        lines_for: dict[str, dict] = {}
        for seat in [*range(after["players"]), None]:
            m = moment(after, seat, events)
            said = talk(GAME_ID, m)
            check_talk(said, m)
            for event, line in zip(m.events, said["log"], strict=True):
                assert event["type"] in TOLD, f"an event the voice does not know: {event!r}"
                assert line is not None, f"no log line for {event!r}"
                # An event every seat sees alike gets the same line at every seat.
                seen_alike = lines_for.setdefault(json.dumps(event, sort_keys=True), line)
                assert seen_alike == line, (event, seen_alike, line)
                text = i18n.say(line, lambda s: f"P{s}")
                assert text and "{" not in text, line
                if event["type"] == "drew":
                    # The card drawn is named to its buyer only.
                    assert ("card" in line["a"]) == (seat == event["seat"]), (seat, line)
                told.add(event["type"])
    assert TOLD - {"joker_returned", "forgery"} <= told, TOLD - told
    taken = {"type": "taken_back", "seat": 1}
    assert talk(GAME_ID, moment(after, 0))["log"] == []
    assert GAME_VOICE.event_line(taken, GAME.view(after, 0)) is None


def test_the_log_tells_no_seat_what_is_hidden_from_it():
    """The kit's perturbation before a move: for every observer, a state it cannot tell apart
    played with the same move gives it the same talk, its log included."""
    rng = random.Random(11)
    compared = 0
    for before, mover, chosen, after, events in moves_played(games=5):
        for seat in [*range(before["players"]), None]:
            if seat == mover:
                continue
            other = perturb_hidden(GAME.copy_state(before), seat, rng)
            if other is None or other == before:
                continue
            try:
                other_after, other_events = GAME.apply(other, mover, chosen)
            except engine.IllegalMove:
                continue
            if GAME.view(other_after, seat) != GAME.view(after, seat):
                continue  # the move made public what the perturbation changed
            said = talk(GAME_ID, moment(after, seat, events))
            assert talk(GAME_ID, moment(other_after, seat, other_events)) == said, (
                f"seat {seat}'s log of {chosen!r} tells something hidden from it"
            )
            compared += 1
    assert compared > 300


def said_moves(state: dict, seat: int) -> list[tuple[dict, dict]]:
    m = moment(state, seat)
    return list(zip(m.legal, talk(GAME_ID, m)["moves"], strict=True))


def find(predicate, games=40):
    """The first random position where `predicate(state)` holds."""
    for state, _ in positions(games=games, every=1):
        if not GAME.is_over(state) and predicate(state):
            return state
    raise AssertionError("no such position in the random games")


def warning(line) -> str:
    return i18n.say(line) if line else ""


def test_asking_a_higher_price_says_what_it_risks():
    state = find(lambda s: s["phase"] == "reserve")
    moves = said_moves(state, state["turn"])
    asks = [entry for m, entry in moves if m["type"] == "reserve"]
    assert asks and all(entry["warn"] for entry in asks)
    assert "nobody pays" in warning(asks[0]["warn"])
    sell = next(entry for m, entry in moves if m["type"] == "sell")
    assert sell["warn"] is None


def test_a_bid_above_what_the_card_pays_carries_a_warning():
    state = find(lambda s: s["phase"] == "bidding" and s["cash"][s["turn"]] >= 12 * BID_STEP)
    moves = said_moves(state, state["turn"])
    bids = [(m, entry) for m, entry in moves if m["type"] == "bid"]
    top_move, top = bids[-1]
    assert top["warn"], f"bidding {top_move['amount']} for one card says nothing"
    assert "More than the card pays" in warning(top["warn"]) or "fits nowhere" in warning(
        top["warn"]
    )
    passing = next(entry for m, entry in moves if m["type"] == "pass")
    assert passing["warn"] is None


def test_keeping_a_card_that_pays_now_says_what_is_given_up():
    state = find(lambda s: s["phase"] == "buyer")
    moves = said_moves(state, state["turn"])
    keep = next(entry for m, entry in moves if m["type"] == "keep")
    assert keep["warn"] and "double" in warning(keep["warn"])


def test_laying_on_a_poorer_space_says_a_better_one_pays_more():
    def poorer(s):
        if s["phase"] != "reconstruction":
            return False
        moves = said_moves(s, s["turn"])
        return any(entry["warn"] for _, entry in moves)

    state = find(poorer)
    warned = [entry for m, entry in said_moves(state, state["turn"]) if entry["warn"]]
    assert all("Another space pays more" in warning(entry["warn"]) for entry in warned)


def test_the_header_follows_the_sale():
    state = find(lambda s: s["phase"] == "buyer")
    said = talk(GAME_ID, moment(state, None))
    assert "bought" in warning(said["headline"]) and "sells" not in warning(said["headline"])


def test_the_rules_render_in_every_language():
    found = rules(GAME_ID)
    ids = [section["id"] for section in found["sections"]]
    assert len(ids) == len(set(ids)) and "auction" in ids and "reward" in ids
    for lang in ("en", "de", "fr"):
        i18n.set_language(lang)
        try:
            text = [i18n.say(found["goal"]), i18n.say(found["end"])]
            for section in found["sections"]:
                text.append(i18n.say(section["title"]))
                text += [i18n.say(line) for line in section["text"]]
            assert all(t and "{" not in t for t in text), lang
        finally:
            i18n.set_language("en")
    for line in lines_of([found["goal"], found["end"]]):
        check_translated(line, "rules")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_whole_game_is_said_in_each_language(lang):
    i18n.set_language(lang)
    try:
        for state, events in positions(games=2, every=3, players=(4,)):
            for seat in [state["turn"], None]:
                said = talk(GAME_ID, moment(state, seat, events))
                for line in lines_of_talk(said):
                    text = i18n.say(line, lambda s: f"P{s}")
                    assert text and "{" not in text, line
    finally:
        i18n.set_language("en")
