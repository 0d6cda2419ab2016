"""Das Kollier's voice (shared/talk/das_kollier.py): complete, parallel to the legal moves, said
from the catalogs, plain, leak-free, and warning of the moves that may hurt the mover."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from shared import talk
from shared.games.das_kollier import GAME
from shared.games.das_kollier.game import PENALTY, SALE_CAP
from shared.randomplay import random_step
from shared.talk import Moment, lines_of, lines_of_talk
from shared.talk import das_kollier as voice
from tests import kit
from tests.test_das_kollier import perturb_hidden

LOCALE = Path(__file__).resolve().parent.parent / "client" / "locale"
TALK_KEYS = {"headline", "explain", "moves", "facts", "topic", "goal", "end", "log"}
OVERBID = "You cannot pay this: you would pay {penalty} or a gem as a penalty"


def catalog(lang: str) -> dict:
    with (LOCALE / lang / "LC_MESSAGES" / "jeweltable.po").open("rb") as f:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(f)}


CATALOGS = {lang: catalog(lang) for lang in ("de", "fr")}


def moment(state: dict, seat: int | None, events: list | None = None) -> Moment:
    legal = GAME.legal_moves(state, seat) if seat is not None else []
    return Moment(
        view=GAME.view(state, seat),
        seat=seat,
        legal=legal,
        to_act=GAME.to_act(state),
        events=GAME.view_events(events or [], seat),
        outcome=GAME.outcome(state) if GAME.is_over(state) else None,
    )


def positions(games: int, seed: int, options: dict | None = None):
    """States of random games (every step), with the events that led there."""
    rng = random.Random(seed)
    for g in range(games):
        players = 3 + g % 4
        state = GAME.new_game(rng.getrandbits(32), players, options)
        events: list = []
        while True:
            yield state, events
            if GAME.is_over(state):
                break
            mover, move = random_step(GAME, state, rng)
            state, events = GAME.apply(state, mover, move)


def sampled(games: int, seed: int, every: int, options: dict | None = None):
    for i, (state, events) in enumerate(positions(games, seed, options)):
        if i % every == 0 or GAME.is_over(state):
            yield state, events


def check_params(line: dict) -> None:
    for value in (line.get("a") or {}).values():
        check_value(value)


def check_value(value) -> None:
    if isinstance(value, list):
        for item in value:
            check_value(item)
    elif isinstance(value, dict):
        assert "m" in value or set(value) == {"seat"}, value
        if "seat" in value and "m" not in value:
            assert isinstance(value["seat"], int)
    else:
        assert isinstance(value, (int, str)) and not isinstance(value, bool), value


def check_translated(line: dict) -> None:
    for lang, found in CATALOGS.items():
        entry = found.get((line.get("c"), line["m"]))
        assert entry is not None, f"{line['m']!r} ({line.get('c')}) is not in the {lang} catalog"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"{line['m']!r} is not translated into {lang}"
        if "p" in line:
            assert isinstance(entry.id, tuple) and entry.id[1] == line["p"]


def check_talk(said: dict, legal: list) -> None:
    assert set(said) == TALK_KEYS
    assert said["headline"] and said["explain"]
    assert len(said["moves"]) == len(legal)
    for entry in said["moves"]:
        assert entry["label"] and entry["does"], entry
    assert said["topic"] in {section.id for section in voice.RULES}
    for line in lines_of_talk(said):
        check_params(line)
        check_translated(line)
    kit.assert_plain(said, "talk")
    assert kit.roundtrip(said) == said


def test_the_talk_is_complete_plain_translated_and_parallel_to_the_legal_moves():
    told = 0
    for options in (None, {"sealed_first_auctioneer": True}):
        for state, events in sampled(12, 7, 3, options):
            for seat in [*range(state["players"]), None]:
                here = moment(state, seat, events)
                said = talk.talk("das-kollier", here)
                check_talk(said, here.legal)
                told += 1
    assert told > 500


def test_the_talk_of_a_seat_does_not_change_with_what_it_cannot_see():
    rng = random.Random(11)
    changed = 0
    for state, _ in sampled(10, 13, 2):
        for seat in [*range(state["players"]), None]:
            said = talk.talk("das-kollier", moment(state, seat))
            other = perturb_hidden(GAME.copy_state(state), seat, rng)
            if other is None or other == state:
                continue
            changed += 1
            assert talk.talk("das-kollier", moment(other, seat)) == said, (
                f"the talk of seat {seat} tells something hidden from it"
            )
    assert changed > 200


def warnings(said: dict, legal: list, kind: str) -> list:
    return [e["warn"] for m, e in zip(legal, said["moves"], strict=True) if m["type"] == kind]


def overbid(line) -> bool:
    return bool(line) and line["m"] == OVERBID and line["a"]["penalty"]["a"]["n"] == PENALTY


def test_costly_moves_carry_their_warning():
    """Every listed bid, start price, acceptance or pre-emption beyond what the seat can pay
    warns of the penalty, and none within its means does; a sale beyond the bank's cap warns."""
    met = dict.fromkeys(["bid", "open_auction", "accept", "preempt", "sell"], 0)
    within = 0
    for state, _ in positions(40, 17):
        for seat in GAME.to_act(state):
            here = moment(state, seat)
            said = talk.talk("das-kollier", here)
            cash, hand = state["cash"][seat], state["hands"][seat]
            mixed = state["round"] > 6
            for move, entry in zip(here.legal, said["moves"], strict=True):
                kind = move["type"]
                price = {
                    "bid": move.get("amount"),
                    "open_auction": move.get("start_price"),
                    "accept": (state["auction"] or {}).get("price"),
                    "preempt": (state["auction"] or {}).get("price"),
                }.get(kind)
                if price is not None:
                    payable = voice.can_pay(
                        cash, hand, price, mixed and kind in ("bid", "open_auction")
                    )
                    if payable:
                        within += 1
                        assert entry["warn"] is None, (move, entry)
                    else:
                        met[kind] += 1
                        assert overbid(entry["warn"]), (move, entry)
                if kind == "sell":
                    gems = move.get("necklace") or move.get("gems")
                    value = (
                        voice.necklace_value(gems)
                        if "necklace" in move
                        else sum(voice.VALUE[g] for g in gems)
                    )
                    if value > SALE_CAP:
                        met["sell"] += 1
                        assert entry["warn"] is not None
                        assert any(
                            line["m"].startswith("The bank pays at most")
                            for line in lines_of(entry["warn"])
                        )
    assert within > 100
    assert all(met.values()), met


def test_a_bid_beyond_the_seats_means_warns_with_the_engines_penalty():
    state = GAME.new_game(1, 4)
    state.update(
        phase="open", auction={"start_price": 6_000, "bid": 15_000, "bidder": 2, "passed": []}
    )
    state["auctioneer"], state["cash"][1] = 0, 15_000
    here = moment(state, 1)
    said = talk.talk("das-kollier", here)
    bids = [(m, e) for m, e in zip(here.legal, said["moves"], strict=True) if m["type"] == "bid"]
    assert bids and bids[0][0]["amount"] == 16_000
    assert overbid(bids[0][1]["warn"])
    from client import i18n

    assert i18n.say(bids[0][1]["warn"]) == (
        "You cannot pay this: you would pay $3,000 or a gem as a penalty"
    )


def test_the_lot_and_the_sales_are_said_with_names_and_values():
    from client import i18n

    state = GAME.new_game(2, 3)
    state["hands"][0] = ["rubin", "granat", "achat", "achat"]
    state["bank"] = 4_000
    here = moment(state, 0)
    said = talk.talk("das-kollier", here)
    facts = {i18n.say(f["label"]): i18n.say(f["value"]) for f in said["facts"]}
    lot = state["lot"]
    assert facts["Lot"].split(", ")[0] == f"{i18n.say(voice.GEM_NAMES[lot[0]])} " + (
        f"{voice.VALUE[lot[0]]:,}"
    )
    assert facts["Your best necklace"] == "ruby, 2 agates = $22,000"
    sales = [
        i18n.say(e["label"]) + " — " + i18n.say(e["does"])
        for m, e in zip(here.legal, said["moves"], strict=True)
        if m["type"] == "sell"
    ]
    assert any(
        "necklace of ruby, 2 agates" in s and "the bank pays $4,000 now and owes you $6,000" in s
        for s in sales
    ), sales


def test_every_rules_section_renders_in_every_language():
    from client import i18n

    rules = talk.rules("das-kollier")
    assert rules is not None
    assert [s["id"] for s in rules["sections"]][:2] == ["gems", "lot"]
    try:
        for lang in ("en", "de", "fr"):
            i18n.set_language(lang)
            for section in rules["sections"]:
                assert i18n.say(section["title"])
                for line in section["text"]:
                    text = i18n.say(line)
                    assert text and "{" not in text, text
            for line in lines_of([rules["goal"], rules["end"]]):
                check_translated(line)
    finally:
        i18n.set_language("en")
    for section in rules["sections"]:
        for line in lines_of([section["title"], *section["text"]]):
            check_translated(line)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_talk_is_said_in_the_language_without_a_field_left(lang):
    from client import i18n

    try:
        i18n.set_language(lang)
        for state, events in sampled(3, 5, 5):
            for seat in [*range(state["players"]), None]:
                said = talk.talk("das-kollier", moment(state, seat, events))
                for line in lines_of_talk(said):
                    text = i18n.say(line, lambda s: f"P{s}")
                    assert "{" not in text, text
    finally:
        i18n.set_language("en")
