"""The game-agnostic test kit every game's tests run.

`check_random_games` plays random legal games from hypothesis-drawn seeds and checks, at every
step: the move was in `legal_moves`, and a few other listed moves are accepted too; `apply` never
changes the state it is given; every seat to act has a legal move; the game's invariants
hold; states, views, events and the table's talk round-trip through msgpack; views, `to_act`,
each seat's `legal_moves` and its talk (shared/talk) hide what they must (via the game test's
`perturb_hidden`); and at a sample of those
steps, the events hide what they must (`check_events`). At the end: the game ended, the outcome
is well formed, and `replay` rebuilds the identical state.

`perturb_hidden(state, seat, rng)` is written by each game's tests from the rules' visibility
statement: it returns a different state that `seat` (None: a spectator) cannot tell apart from
`state` (e.g. other players' hands swapped with deck cards, others' secret money changed), or None
when nothing is hidden from that seat now. The kit demands the views be equal, so a view that
leaks a hidden fact fails; and it demands that some perturbations really changed the state, so a
perturbation that does nothing fails too.

Events are checked the same way: the move just played is played again by the same seat from a
state perturbed for an observer, and the observer must see the same events (see `check_events`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared import engine, talk
from shared.engine import Game, Move, State
from shared.randomplay import MAX_MOVES, random_step

Invariants = Callable[[State], None]
Perturb = Callable[[State, "int | None", random.Random], "State | None"]
# `perturb_hidden` told the move about to be played: (state, seat, rng, mover, move).
PerturbBeforeMove = Callable[[State, "int | None", random.Random, int, Move], "State | None"]

# Scale the number of random games with JEWEL_KIT_SCALE (e.g. 0.2 for a quick run, 5 for a soak).
# The suite's own counts are small on purpose (a dozen games a player count, about half of what
# they were until 28 November): hypothesis draws new seeds at every run, so the runs add up, and
# the fuzzers (docs/fuzzing.md) play far more; the whole suite has 12 minutes on two cores.
SCALE = float(os.environ.get("JEWEL_KIT_SCALE", "1"))
# Listed moves besides the one played that every step of a checked game applies (see
# `check_listed_moves_apply`).
LISTED_SAMPLES = 2
# Share of the view-checked steps at which the events are checked by perturbation too (see
# `check_events`): each such check costs about as much as `check_views`; at this share each game's
# test file grows by some 4-10%, and thousands of steps still get checked.
EVENT_SHARE = 0.4


def roundtrip(obj: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(obj, use_bin_type=True), raw=False, strict_map_key=False)


# The leaves of plain data, by exact type (a subclass, an IntEnum say, takes the slower way).
LEAVES = frozenset({str, int, bool, type(None)})


def is_plain(obj: Any) -> bool:
    """Only dicts with str keys, lists, str, int, bool and None (the question `assert_plain`
    asks, without building the path of every value it passes: the random games ask it of every
    view, event and talk of every seat at every step)."""
    kind = type(obj)
    if kind in LEAVES:
        return True
    if kind is dict:
        return all(
            isinstance(k, str) and (type(v) in LEAVES or is_plain(v)) for k, v in obj.items()
        )
    if kind is list:
        return all(type(v) in LEAVES or is_plain(v) for v in obj)
    if isinstance(obj, dict):
        return all(isinstance(k, str) and is_plain(v) for k, v in obj.items())
    if isinstance(obj, list):
        return all(is_plain(v) for v in obj)
    return isinstance(obj, str | int | bool)


def assert_plain(obj: Any, where: str = "value") -> None:
    """Only dicts with str keys, lists, str, int, bool and None; else which value is not, by
    its path (looked for only when `is_plain` said no)."""
    if is_plain(obj):
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            assert isinstance(k, str), f"{where} has a non-str key {k!r}"
            assert_plain(v, f"{where}[{k!r}]")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            assert_plain(v, f"{where}[{i}]")
    else:
        assert obj is None or isinstance(obj, (str, int, bool)), (
            f"{where} is a {type(obj).__name__}, not plain data"
        )


def check_views(
    game: Game, state: State, events: list, perturb: Perturb | None, rng: random.Random
) -> int:
    """Views and events of every seat and a spectator: plain, round-tripping, leak-free.
    Returns how many perturbations changed the state."""
    changed = 0
    for seat in [*range(state["players"]), None]:
        view = game.view(state, seat)
        assert_plain(view, f"view({seat})")
        assert roundtrip(view) == view
        for key in ("seed", "rng"):
            assert key not in view, f"view({seat}) contains {key!r}, which predicts chance"
        seen = game.view_events(events, seat)
        assert_plain(seen, f"events({seat})")
        assert roundtrip(seen) == seen
        said = table_talk(game, state, seat, view, seen)
        if said is not None:
            assert_plain(said, f"talk({seat})")
            assert roundtrip(said) == said
        if perturb is not None:
            other = perturb(game.copy_state(state), seat, rng)
            if other is not None and other != state:
                changed += 1
                assert game.view(other, seat) == view, (
                    f"view({seat}) reveals something hidden from it"
                )
                # The table's talk for that seat is made from what it may see: the same.
                other_view = game.view(other, seat)
                assert table_talk(game, other, seat, other_view, seen) == said, (
                    f"the talk for {seat} tells something hidden from it"
                )
                # The server sends each seat its legal moves too: they must leak nothing either.
                assert game.to_act(other) == game.to_act(state)
                if seat is not None:
                    assert game.legal_moves(other, seat) == game.legal_moves(state, seat), (
                        f"legal_moves({seat}) depends on something hidden from it"
                    )
    return changed


def table_talk(game: Game, state: State, seat: int | None, view: dict, events: list) -> dict | None:
    """The table's talk (shared/talk) for `seat` as the server makes it, or None without a voice."""
    legal = game.legal_moves(state, seat) if seat is not None else []
    moment = talk.Moment(view, seat, legal, game.to_act(state), events)
    return talk.talk(game.id, moment)


def ignoring_the_move(perturb: Perturb) -> PerturbBeforeMove:
    """A `perturb_hidden` as a `perturb_before_move` that does not look at the move."""

    def perturb_before_move(
        state: State, seat: int | None, rng: random.Random, mover: int, move: Move
    ) -> State | None:
        return perturb(state, seat, rng)

    return perturb_before_move


def check_events(
    game: Game,
    before: State,
    mover: int,
    move: Move,
    after: State,
    events: list,
    perturb: PerturbBeforeMove,
    rng: random.Random,
) -> int:
    """The events of a move tell each observer (every seat but the mover, and a spectator) nothing
    hidden from it. Returns how many observers' events were compared.

    For an observer `s`, `perturb(before, s, rng, mover, move)` is a state `s` cannot tell from
    `before`; the same move by the same mover, played there (when legal there), must show `s` the
    same events. A move may rightly make public what the perturbation changed (the next card of a
    reshuffled deck, the final scores), so the events are compared only where `s`'s view after
    the move is equal in both games too; a leak that also shows in that view is the view check's.
    A reveal only events show (sealed bids opened together) needs a `perturb_before_move` that
    keeps it. Not covered: the mover's own secret choice (a sealed bid's amount), since both games
    play the same move; the games' own tests check those events."""
    compared = 0
    for seat in [*range(before["players"]), None]:
        if seat == mover:
            continue
        other = perturb(game.copy_state(before), seat, rng, mover, move)
        if other is None or other == before:
            continue
        try:
            other_after, other_events = game.apply(other, mover, move)
        except engine.IllegalMove:
            continue
        if game.view(other_after, seat) != game.view(after, seat):
            continue  # the move made public something that the perturbation changed
        seen, other_seen = game.view_events(events, seat), game.view_events(other_events, seat)
        assert seen == other_seen, (
            f"the events of seat {mover}'s move {move!r} tell seat {seat} something hidden from"
            f" it: it sees {seen!r}, but from a state it cannot tell apart {other_seen!r}"
        )
        compared += 1
    return compared


def check_listed_moves_apply(
    game: Game, state: State, rng: random.Random, samples: int = LISTED_SAMPLES
) -> None:
    """`legal_moves` and `apply` agree: a few listed moves of the seats to act (other than the
    one random play will choose) are each accepted, and leave the state they were given alone."""
    listed = [(s, m) for s in game.to_act(state) for m in game.legal_moves(state, s)]
    before = roundtrip(state)
    for seat, move in rng.sample(listed, min(samples, len(listed))):
        try:
            game.apply(state, seat, move)
        except engine.IllegalMove as exc:
            raise AssertionError(f"listed move {move!r} of seat {seat} refused: {exc}") from None
        assert roundtrip(state) == before, f"apply changed the state it was given ({move!r})"


def play_checked(
    game: Game,
    seed: int,
    num_players: int,
    options: dict | None,
    invariants: Invariants | None,
    perturb: Perturb | None,
    view_every: int,
    event_share: float = EVENT_SHARE,
    perturb_before_move: PerturbBeforeMove | None = None,
) -> tuple[State, int, int]:
    """One checked random game: its final state, how many perturbations changed a state, and how
    many observers' events were compared (at a share `event_share` of the view-checked steps,
    with `perturb_before_move`, by default `perturb` not told the move)."""
    if perturb_before_move is None and perturb is not None:
        perturb_before_move = ignoring_the_move(perturb)
    rng = random.Random(seed)
    # The event checks draw from their own generator, so sampling them leaves the game played
    # (and every other check) exactly as it is without them.
    event_rng = random.Random(seed ^ 0xE7E47)
    compared = 0
    state = game.new_game(seed, num_players, options)
    assert_plain(state, "state")
    assert roundtrip(state) == state
    if invariants:
        invariants(state)
    history = []
    changed = check_views(game, state, [], perturb, rng)
    while not game.is_over(state):
        assert len(history) < MAX_MOVES, f"no end within {MAX_MOVES} moves"
        for s in game.to_act(state):
            assert game.legal_moves(state, s), f"seat {s} is to act but has no legal move"
        check_listed_moves_apply(game, state, rng)
        seat, move = random_step(game, state, rng)
        assert move in game.legal_moves(state, seat)
        before = roundtrip(state)
        old = state
        state, events = game.apply(old, seat, move)
        assert roundtrip(old) == before, f"apply changed the state it was given ({move!r})"
        history.append((seat, move))
        if invariants:
            invariants(state)
        assert_plain(events, "events")
        for ev in events:
            assert isinstance(ev.get("type"), str), f"event without a type: {ev!r}"
        if len(history) % view_every == 0 or game.is_over(state):
            assert roundtrip(state) == state
            changed += check_views(game, state, events, perturb, rng)
            if perturb_before_move is not None and event_rng.random() < event_share:
                compared += check_events(
                    game, old, seat, move, state, events, perturb_before_move, event_rng
                )
    outcome = game.outcome(state)
    assert_plain(outcome, "outcome")
    assert len(outcome["scores"]) == num_players
    assert all(0 <= w < num_players for w in outcome["winners"])
    assert game.to_act(state) == []
    assert engine.replay(game.id, seed, num_players, options, history) == state
    return state, changed, compared


def check_random_games(
    game: Game,
    num_players: int,
    *,
    options: dict | None = None,
    invariants: Invariants | None = None,
    perturb_hidden: Perturb | None = None,
    examples: int = 200,
    view_every: int = 1,
    event_share: float = EVENT_SHARE,
    perturb_before_move: PerturbBeforeMove | None = None,
) -> None:
    """Random legal games from hypothesis seeds, with every check of the kit (see module doc).
    `perturb_before_move`, for the event check only: see `check_events`."""
    totals = {"games": 0, "changed": 0, "compared": 0}

    @settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(min_value=0, max_value=2**63 - 1))
    def run(seed: int) -> None:
        _, changed, compared = play_checked(
            game,
            seed,
            num_players,
            options,
            invariants,
            perturb_hidden,
            view_every,
            event_share,
            perturb_before_move,
        )
        totals["games"] += 1
        totals["changed"] += changed
        totals["compared"] += compared

    run()
    if perturb_hidden is not None:
        assert totals["changed"] > 0, "perturb_hidden never changed a state: it checks nothing"
        if event_share > 0:
            assert totals["compared"] > 0, "no events were ever compared: they were not checked"


def check_many_games(
    game: Game, num_players: int, *, options: dict | None = None, games: int = 1000
) -> None:
    """Thousands of quick random games (legality and termination only) from random seeds."""
    from shared.randomplay import play_random_game

    rng = random.Random(num_players * 7919 + len(game.id))
    for _ in range(max(1, int(games * SCALE))):
        seed = rng.getrandbits(63)
        state, _ = play_random_game(game, seed, num_players, options)
        assert game.is_over(state)


def check_illegal_input(game: Game, num_players: int, seed: int = 1) -> None:
    """Malformed, out-of-turn and wrong-seat moves raise `IllegalMove` and change nothing."""
    state = game.new_game(seed, num_players)
    snapshot = roundtrip(state)
    acting = game.to_act(state)
    bad = [
        (acting[0], None),
        (acting[0], {}),
        (acting[0], {"type": 7}),
        (acting[0], {"type": "no-such-move"}),
        (num_players, {"type": "pass"}),
        (-1, {"type": "pass"}),
        ("0", {"type": "pass"}),
    ]
    idle = [s for s in range(num_players) if s not in acting]
    if idle:
        legal_for_other = game.legal_moves(state, acting[0])[0]
        bad.append((idle[0], legal_for_other))
    for seat, move in bad:
        try:
            game.apply(state, seat, move)
        except engine.IllegalMove as exc:
            assert exc.reason, "an illegal move needs a readable reason"
        else:
            raise AssertionError(f"seat {seat!r} playing {move!r} was accepted")
        assert state == snapshot
