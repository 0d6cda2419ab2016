"""Das Kollier's voice (shared/talk/das_kollier/): complete, parallel to the legal moves, said
from the catalogs, plain, leak-free, warning of the moves that may hurt the mover, and telling
every event in the game log as the seat may see it."""

from __future__ import annotations

import random

import pytest

from shared import talk
from shared.engine import IllegalMove
from shared.games.das_kollier import GAME
from shared.games.das_kollier.gems import VALUE, necklace_value
from shared.games.das_kollier.hands import can_pay
from shared.games.das_kollier.tables import PENALTY, SALE_CAP
from shared.randomplay import random_step
from shared.talk import Moment, lines_of, lines_of_talk
from shared.talk import das_kollier as voice
from shared.talk.das_kollier.terms import GEM_NAMES
from tests.test_das_kollier import perturb_before_move, perturb_hidden
from tests.test_talk import check_line, check_talk, check_translated
from tests.test_talk import moment as talk_moment

OVERBID = "You cannot pay this: you would pay {penalty} or a gem as a penalty"


def moment(state: dict, seat: int | None, events: list | None = None) -> Moment:
    return talk_moment(GAME, state, seat, events)


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


def test_the_talk_is_complete_plain_translated_and_parallel_to_the_legal_moves():
    told = 0
    for options in (None, {"sealed_first_auctioneer": True}):
        for state, events in sampled(12, 7, 3, options):
            for seat in [*range(state["players"]), None]:
                here = moment(state, seat, events)
                said = talk.talk("das-kollier", here)
                check_talk(said, here.legal, f"das-kollier:{seat}", explained=True)
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
                    payable = can_pay(cash, hand, price, mixed and kind in ("bid", "open_auction"))
                    if payable:
                        within += 1
                        assert entry["warn"] is None, (move, entry)
                    else:
                        met[kind] += 1
                        assert overbid(entry["warn"]), (move, entry)
                if kind == "sell":
                    gems = move.get("necklace") or move.get("gems")
                    value = (
                        necklace_value(gems) if "necklace" in move else sum(VALUE[g] for g in gems)
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
    from client.words import i18n

    assert i18n.say(bids[0][1]["warn"]) == (
        "You cannot pay this: you would pay $3,000 or a gem as a penalty"
    )


def test_the_lot_and_the_sales_are_said_with_names_and_values():
    from client.words import i18n

    state = GAME.new_game(2, 3)
    state["hands"][0] = ["rubin", "granat", "achat", "achat"]
    state["bank"] = 4_000
    here = moment(state, 0)
    said = talk.talk("das-kollier", here)
    facts = {i18n.say(f["label"]): i18n.say(f["value"]) for f in said["facts"]}
    lot = state["lot"]
    assert facts["Lot"].split(", ")[0] == f"{i18n.say(GEM_NAMES[lot[0]])} {VALUE[lot[0]]:,}"
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
    from client.words import i18n

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
                check_translated(line, "rules")
    finally:
        i18n.set_language("en")
    for section in rules["sections"]:
        for line in lines_of([section["title"], *section["text"]]):
            check_translated(line, section["id"])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_talk_is_said_in_the_language_without_a_field_left(lang):
    from client.words import i18n

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


# ---------------------------------------------------------------------------- the log
# Every kind of event Das Kollier's engine makes; each one is told (`taken_back` is the server's,
# said by the clients themselves).
EVENT_TYPES = {
    "sealed_bid",
    "first_auctioneer",
    "auction_opened",
    "falling_auction",
    "bid",
    "passed",
    "knocked_down",
    "accepted",
    "declined",
    "taken_for_nothing",
    "price_fell",
    "preempted",
    "waived",
    "paid",
    "compensation",
    "commission",
    "default",
    "rerun",
    "sold_to_bank",
    "debt_paid",
    "lot_won",
    "lot_revealed",
    "second_deck",
    "game_over",
}


def steps(games: int, seed: int, options: dict | None = None):
    """Every move of random games: (before, mover, move, after, events)."""
    rng = random.Random(seed)
    for g in range(games):
        state = GAME.new_game(rng.getrandbits(32), 3 + g % 4, options)
        while not GAME.is_over(state):
            mover, chosen = random_step(GAME, state, rng)
            after, events = GAME.apply(state, mover, chosen)
            yield state, mover, chosen, after, events
            state = after


def test_every_event_is_told_at_every_seat_and_to_the_spectators_from_the_catalogs():
    """Each event, as each seat and a spectator see it, gets its sentence in the talk's log (one
    per event, in order), made of catalog lines translated into German and French."""
    met: set[str] = set()
    for options in (None, {"sealed_first_auctioneer": True}):
        for _, _, _, after, events in steps(6, 23, options):
            for seat in [*range(after["players"]), None]:
                here = moment(after, seat, events)
                said = talk.talk("das-kollier", here)
                assert said["log"] == [voice.VOICE.event_line(e, here.view) for e in here.events]
                for event, line in zip(here.events, said["log"], strict=True):
                    assert event["type"] in EVENT_TYPES, event
                    assert line is not None, f"{event['type']} is not told to seat {seat}"
                    met.add(event["type"])
                    check_line(line, f"{event['type']} told to seat {seat}")
    # A lot nobody wants even at nothing is rare in random play: its sentence is checked below.
    assert met >= EVENT_TYPES - {"taken_for_nothing"}, EVENT_TYPES - met


def test_a_hidden_part_of_an_event_is_said_only_to_the_seats_that_may_see_it():
    """A sealed bid's amount, a payment's gems, a commission gem, a penalty gem and the gems of a
    sale reach only the seats the engine shows them to: every other seat reads the spectators'
    sentence, and the seats that see it read more."""
    told = dict.fromkeys(["sealed_bid", "paid", "commission", "default", "sold_to_bank"], 0)
    for options in (None, {"sealed_first_auctioneer": True}):
        for _, _, _, after, events in steps(20, 29, options):
            for event in events:
                if "hidden" not in event:
                    continue
                public = voice.VOICE.event_line(
                    GAME.view_events([event], None)[0], GAME.view(after, None)
                )
                for seat in range(after["players"]):
                    seen = GAME.view_events([event], seat)[0]
                    line = voice.VOICE.event_line(seen, GAME.view(after, seat))
                    if seat not in event["seen_by"]:
                        assert line == public, (seat, event)
                    elif event["type"] != "paid" or event["gem_count"]:
                        assert line != public, (seat, event)
                        told[event["type"]] += 1
    assert all(told[kind] for kind in ("sealed_bid", "paid", "sold_to_bank")), told


def test_taken_back_and_unknown_events_say_nothing():
    view = GAME.view(GAME.new_game(3, 3), 0)
    assert voice.VOICE.event_line({"type": "taken_back", "seat": 0}, view) is None
    assert voice.VOICE.event_line({"type": "no_such_event", "seat": 0}, view) is None


@pytest.mark.parametrize(
    ("event", "text"),
    [
        ({"type": "sealed_bid", "seat": 1}, "Ben puts a sealed bid face down."),
        (
            {"type": "taken_for_nothing", "seat": 2},
            "Nobody wanted it even for nothing: Cleo keeps the lot for free.",
        ),
        ({"type": "sealed_bid", "seat": 1, "amount": 0}, "Ben puts $0 face down."),
        (
            {"type": "first_auctioneer", "seat": 1, "bids": [3_000, 7_000, 0], "paid": 7_000},
            "The sealed bids are opened: Ada $3,000, Ben $7,000, Cleo $0. Ben pays $7,000 and"
            " runs the first auction.",
        ),
        (
            {"type": "falling_auction", "seat": 0, "price": 9_000, "asked": 1},
            "Ada offers the lot in turn at $9,000, starting with Ben.",
        ),
        (
            {"type": "knocked_down", "buyer": 2, "price": 14_000},
            "Going, going, gone: sold to Cleo for $14,000.",
        ),
        (
            {"type": "preempted", "seat": 0, "price": 4_000, "accepter": 2},
            "Ada uses the right of first refusal and buys at $4,000 instead of Cleo.",
        ),
        (
            {
                "type": "paid",
                "seat": 1,
                "price": 30_000,
                "cash": 1_000,
                "gem_count": 4,
                "gems": ["rubin"],
                "necklaces": [["topas", "achat", "achat"]],
            },
            "Ben pays $30,000: $1,000 in cash and ruby, topaz, 2 agates.",
        ),
        (
            {"type": "paid", "seat": 1, "price": 30_000, "cash": 1_000, "gem_count": 4},
            "Ben pays $30,000: $1,000 in cash and 4 gems.",
        ),
        (
            {"type": "paid", "seat": 1, "price": 8_000, "cash": 8_000, "gem_count": 0},
            "Ben pays $8,000 in cash.",
        ),
        (
            {"type": "commission", "seat": 0, "cash": 0, "gem_count": 1, "gem": "opal"},
            "Ada takes as commission: opal.",
        ),
        (
            {"type": "commission", "seat": 0, "cash": 0, "gem_count": 1},
            "Ada takes a gem as commission.",
        ),
        (
            {
                "type": "default",
                "seat": 2,
                "price": 16_000,
                "penalty_cash": 3_000,
                "penalty_gem": False,
            },
            "Cleo cannot pay $16,000 and pays a penalty of $3,000.",
        ),
        (
            {
                "type": "default",
                "seat": 2,
                "price": 16_000,
                "penalty_cash": 0,
                "penalty_gem": True,
                "gem": "granat",
            },
            "Cleo cannot pay $16,000 and gives up as a penalty: garnet.",
        ),
        (
            {
                "type": "default",
                "seat": 2,
                "price": 16_000,
                "penalty_cash": 0,
                "penalty_gem": True,
            },
            "Cleo cannot pay $16,000 and gives up a gem as a penalty.",
        ),
        (
            {
                "type": "sold_to_bank",
                "seat": 0,
                "gem_count": 3,
                "paid": 4_000,
                "owed": 18_000,
                "gems": ["rubin", "achat", "achat"],
                "value": 22_000,
            },
            "Ada sells ruby, 2 agates to the bank (worth $22,000): $4,000 now, $18,000 owed.",
        ),
        (
            {"type": "sold_to_bank", "seat": 0, "gem_count": 3, "paid": 4_000, "owed": 18_000},
            "Ada sells 3 gems to the bank and lays down the marker.",
        ),
        (
            {"type": "debt_paid", "seat": 0, "amount": 2_000, "into": "marker"},
            "The bank pays Ada $2,000 of the marker it owed.",
        ),
        (
            {"type": "debt_paid", "seat": 0, "amount": 2_000, "into": "cash"},
            "The bank pays Ada $2,000 it owed.",
        ),
        (
            {"type": "lot_revealed", "seat": 1, "gems": ["achat", "smaragd"], "value": 8_000},
            "New lot for Ben to auction: emerald, agate (base value $8,000).",
        ),
        (
            {"type": "second_deck", "gifts": [5_000, 5_000, 0], "cards": 13},
            "The first deck is used up: the bank hands out Ada $5,000, Ben $5,000, Cleo $0, and"
            " a second deck of 13 cards is shuffled.",
        ),
        ({"type": "game_over", "scores": [0, 0, 0], "winners": [0]}, "The game is over."),
    ],
)
def test_the_log_says_each_event_as_the_clients_said_it(event, text):
    from client.words import i18n

    names = ["Ada", "Ben", "Cleo"]
    view = GAME.view(GAME.new_game(5, 3), None)
    assert i18n.say(voice.VOICE.event_line(event, view), names.__getitem__) == text


def test_the_log_of_a_seat_does_not_change_with_what_it_cannot_see():
    """The kit's perturbation, played through a move: a state the seat cannot tell apart, the same
    move by the same mover, and the seat's talk after it — log included — is the same wherever
    its view after the move is (a move may rightly make public what the perturbation changed)."""
    rng = random.Random(31)
    compared = told = 0
    for options in (None, {"sealed_first_auctioneer": True}):
        for before, mover, chosen, after, events in steps(4, 37, options):
            for seat in [*range(before["players"]), None]:
                other = perturb_before_move(GAME.copy_state(before), seat, rng, mover, chosen)
                if other is None or other == before:
                    continue
                try:
                    other_after, other_events = GAME.apply(other, mover, chosen)
                except IllegalMove:
                    continue
                if GAME.view(other_after, seat) != GAME.view(after, seat):
                    continue
                said = talk.talk("das-kollier", moment(after, seat, events))
                assert talk.talk("das-kollier", moment(other_after, seat, other_events)) == said, (
                    f"seat {seat}'s log of {chosen!r} tells something hidden from it"
                )
                compared += 1
                told += len(said["log"])
    assert compared > 300 and told > compared
