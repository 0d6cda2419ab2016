"""Saba – Palast: the engine's shortcuts for speed (moves built once, containers shared between
a state and the next, tables and remembered answers) play exactly the games the plain engine
played, and keep to the interface."""

from __future__ import annotations

import contextlib
import hashlib
import random
from typing import Any

import msgpack
import pytest

from shared.engine import IllegalMove, ListedMove, get_game

GAME = get_game("saba-palast")

# Moves tried at every step besides the one played: most are refused (wrong phase, keys,
# seat), some are legal; either way the answer goes into the digest.
PROBES = [
    {"type": "draw"},
    {"type": "pass"},
    {"type": "end_turn"},
    {"type": "harbour", "field": 3},
    {"type": "harbour", "field": 2, "vizier": "mason"},
    {"type": "return_material", "material": "gold"},
    {"type": "use_quarter", "quarter": "exchange", "give": "gold", "take": "ebony"},
    {"type": "use_quarter", "quarter": "mason"},
    {"type": "build", "card": "arch-1", "no_figure": True},
    {"type": "send_figure", "quarter": "mason"},
    {"type": "place_figure", "quarter": "bazaar"},
    {"type": "play_card", "card": "gold"},
    {"type": "fulfil", "card": "end"},
    {"type": "bogus"},
    {"type": "pass", "extra": 1},
    {"type": "move_figure", "from": "mason", "to": "bazaar"},
]
# Weights of the move types in the games that start short of figures (so that supplies run
# empty: builds from a quarter or with no figure, a figure chosen out of turn).
WEIGHTS = {"place_figure": 30, "build": 10, "fulfil": 10, "move_figure": 3}


def pack(obj: object) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def scarce(state: dict, seed: int) -> None:
    """Few figures in the supplies, some in the quarters, and gold to place more."""
    players = state["players"]
    state["figures"] = [seed % 3] * players
    for seat in range(players):
        state["quarters"]["mason" if seat % 2 else "carpenter"].append(seat)
        state["quarters"]["stonemason" if seed % 2 else "exchange"].append(seat)
        give = min(3, state["supply"]["gold"])
        state["supply"]["gold"] -= give
        state["stocks"][seat]["gold"] += give


def as_before(value: Any) -> bytes:
    """`value` packed as before outcomes carried each score's parts (`breakdown`, issue 28,
    checked by tests/test_scores.py), wherever an outcome is (the end's event, views): the
    games themselves are the same, so their old digests hold."""

    def strip(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k != "breakdown"}
        if isinstance(v, list | tuple):
            return [strip(x) for x in v]
        return v

    return pack(strip(value))


def digest(seed: int, players: int, profi: bool, short: bool) -> tuple[str, int, int]:
    """A random game's digest over everything a caller sees at every step: who is to act,
    every seat's legal moves in order, the views (every 5th step), a probe move's answer, the
    move's state, events, events as each seat sees them and may_take_back; then the end."""
    rng = random.Random(seed)
    state = GAME.new_game(seed, players, {"profi": profi})
    if short:
        scarce(state, seed)
    h = hashlib.sha256(as_before(state))
    steps = sent = 0
    while seats := GAME.to_act(state):
        seat = rng.choice(seats)
        moves = GAME.legal_moves(state, seat)
        h.update(as_before([seats, moves, [GAME.legal_moves(state, s) for s in range(players)]]))
        if steps % 5 == 0:
            h.update(as_before([GAME.view(state, v) for v in (None, *range(players))]))
        probe, probe_seat = rng.choice(PROBES), rng.randrange(players)
        try:
            after, events = GAME.apply(state, probe_seat, probe)
            h.update(as_before(["legal", after, events]))
        except IllegalMove as e:
            h.update(as_before([e.code, e.reason]))
        if short:
            move = rng.choices(moves, [WEIGHTS.get(m["type"], 1) for m in moves])[0]
        else:
            move = rng.choice(moves)
        after, events = GAME.apply(state, seat, move)
        sent += move["type"] == "send_figure"
        h.update(as_before([move, after, events, GAME.may_take_back(state, seat, move, events)]))
        h.update(as_before([GAME.view_events(events, v) for v in (None, *range(players))]))
        state = after
        steps += 1
    h.update(as_before([GAME.is_over(state), GAME.outcome(state), GAME.timer(state)]))
    return h.hexdigest()[:24], steps, sent


# (case, (digest, steps, figures sent by their owner's choice)), as the engine before the
# speed work played them (main's engine from 906f424 to 975b3c0: a deep copy each move, every
# move list built afresh). Two of them name a figure's quarter out of turn; the last three
# start short of figures, so builds take the figure from a quarter or place none. A change of
# the rules changes the digests: then check the new games by hand and write the new ones down.
GOLDEN = [
    ((1, 2, False, False), ("d0f701127e6d4301439a6ea8", 360, 0)),
    ((2, 3, False, False), ("982bb05848a0dbeabc5672a3", 363, 0)),
    ((3, 4, False, False), ("706dcab03e328359189f856f", 315, 0)),
    ((4, 2, True, False), ("8b0a4e7fdbea59174e1e8a08", 334, 1)),
    ((6, 4, True, False), ("a40727893ec0c1b1aa1fa0c5", 255, 0)),
    ((8, 4, True, True), ("f0c1de3809c6a81bed0115fd", 296, 1)),
    ((9, 2, True, True), ("f8b9fc6f1474530fb3ac39dd", 426, 0)),
    ((11, 3, True, True), ("d4bff10e11cdc2016d7deb37", 387, 0)),
]


@pytest.mark.parametrize(("case", "expected"), GOLDEN)
def test_the_engine_plays_the_games_it_always_played(case, expected):
    assert digest(*case) == expected


@pytest.mark.parametrize("profi", [False, True])
def test_apply_changes_no_state_it_was_given_and_no_earlier_state(profi):
    # The states of a game share the containers no move changed: playing on (legal and
    # refused moves alike) must leave every earlier state exactly as it was.
    rng = random.Random(5)
    state = GAME.new_game(5, 4, {"profi": profi})
    kept = [(state, pack(state))]
    while seats := GAME.to_act(state):
        seat = seats[0]
        moves = GAME.legal_moves(state, seat)
        for probe in rng.sample(PROBES, 3):
            with contextlib.suppress(IllegalMove):
                GAME.apply(state, rng.randrange(4), probe)
        state, _ = GAME.apply(state, seat, rng.choice(moves))
        kept.append((state, pack(state)))
    assert len(kept) > 100
    assert all(pack(s) == packed for s, packed in kept)


def test_listed_moves_are_read_only_and_plain_data():
    rng = random.Random(2)
    state = GAME.new_game(2, 3, {"profi": True})
    listed = 0
    while seats := GAME.to_act(state):
        moves = GAME.legal_moves(state, seats[0])
        for move in moves:
            if isinstance(move, ListedMove):
                listed += 1
                with pytest.raises(TypeError):
                    move["type"] = "tampered"
        assert msgpack.unpackb(pack(moves)) == moves
        moves.append({"type": "mine"})  # the list itself is the caller's
        state, _ = GAME.apply(state, seats[0], rng.choice(moves[:-1]))
    assert listed > 100
