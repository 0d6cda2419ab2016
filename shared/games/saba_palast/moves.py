"""Saba – Palast der Königin: applying a move: its check, what the working state copies, and
the rule of each move type."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.saba_palast.building import do_build, do_fulfil, finish
from shared.games.saba_palast.copies import OWN
from shared.games.saba_palast.facts import PALACE_CARDS, PENDING_FOR
from shared.games.saba_palast.figures import do_send_figure
from shared.games.saba_palast.harbour import (
    do_harbour,
    do_move_figure,
    do_place_figure,
    do_use_quarter,
)
from shared.games.saba_palast.turn import (
    do_discard_card,
    do_draw,
    do_end_turn,
    do_pass,
    do_play_card,
    do_return_material,
)

# The free actions (cards, quarters, moving a figure), and the phases in which they may be taken.
FREE_MOVES = frozenset({"play_card", "use_quarter", "move_figure"})
FREE_PHASES = frozenset({"harbour", "build", "quarter", "draw", "finish"})
PHASE_NAMES = {
    "harbour": "take materials from the harbour",
    "build": "build",
    "quarter": "put a figure into a quarter",
    "draw": "draw an action card",
    "finish": "end the turn",
    "return": "give back what is over the limits",
}


# Moves of the turn's steps, by phase (free actions are checked separately).
PHASE_MOVES: dict[str, frozenset[str]] = {
    "harbour": frozenset({"harbour"}),
    "build": frozenset({"build", "fulfil", "pass"}),
    "quarter": frozenset({"place_figure", "pass"}),
    "draw": frozenset({"draw"}),
    "finish": frozenset({"end_turn"}),
    "return": frozenset({"return_material", "discard_card"}),
}

# The keys each move type may carry besides "type".
MOVE_KEYS: dict[str, frozenset[str]] = {
    "harbour": frozenset({"field", "remove", "vizier", "give", "take", "decline"}),
    "build": frozenset({"card", "from_quarter", "no_figure", "leave"}),
    "fulfil": frozenset({"card"}),
    "pass": frozenset(),
    "place_figure": frozenset({"quarter"}),
    "draw": frozenset(),
    "end_turn": frozenset(),
    "return_material": frozenset({"material"}),
    "discard_card": frozenset({"card"}),
    "play_card": frozenset({"card"}),
    "use_quarter": frozenset({"quarter", "give", "take"}),
    "move_figure": frozenset({"from", "to"}),
    "send_figure": frozenset({"quarter"}),
}
# The keys each move type may carry, "type" included.
MOVE_FIELDS: dict[str, frozenset[str]] = {k: v | {"type"} for k, v in MOVE_KEYS.items()}


def apply_move(state: State, seat: int, move: Move) -> list[Event]:
    """Apply `move` of `seat` to the working state (see `copies.OWN`); its events."""
    kind = move["type"]
    try:
        plain = PLAIN_MOVES[state["phase"]].get(kind)
    except KeyError:  # no phase of the rules: `check_move` says what is wrong
        plain = None
    if plain is None or state["pending"] or not plain[0].issuperset(move):
        check_move(state, kind, move)
        plain = (None, OWN.get(kind), DO[kind])
    _, own, rule = plain
    if own is not None:
        own(state, seat, move)
    events: list[Event] = []
    rule(state, seat, move, events)
    if (
        state["end"] is None
        and PALACE_CARDS.isdisjoint(state["display"])
        and PALACE_CARDS.isdisjoint(state["deck"])
    ):
        finish(state, "palace_complete", events)
    return events


def check_move(state: State, kind: str, move: Move) -> None:
    """Refuse a move of a type, with keys or at a time the rules do not allow (the moves of
    the turn's phases with the right keys pass `apply_move` without coming here)."""
    allowed = MOVE_FIELDS.get(kind)
    if allowed is None:
        raise IllegalMove(
            f"unknown move {kind!r}; the moves are {', '.join(MOVE_KEYS)}", "malformed"
        )
    if not allowed.issuperset(move):
        extra = set(move) - {"type"} - MOVE_KEYS[kind]
        raise IllegalMove(f"a {kind!r} move does not take {', '.join(sorted(extra))}", "malformed")
    phase = state["phase"]
    pending = state["pending"]
    if pending or kind == "send_figure":
        if not pending:
            raise IllegalMove("no figure is waiting for its owner to name its quarter")
        if kind != "send_figure":
            raise IllegalMove(
                f"first name the quarter your figure leaves for {PENDING_FOR[pending['for']]}"
                f" ({', '.join(pending['quarters'])})"
            )
    elif kind in FREE_MOVES:
        if phase not in FREE_PHASES:
            raise IllegalMove("your turn is ending: first give back what is over the limits")
    elif kind not in PHASE_MOVES[phase]:
        raise IllegalMove(f"now is the time to {PHASE_NAMES[phase]}, not to {kind}")


# The rule of each move type.
DO = {
    "harbour": do_harbour,
    "build": do_build,
    "fulfil": do_fulfil,
    "pass": do_pass,
    "place_figure": do_place_figure,
    "draw": do_draw,
    "end_turn": do_end_turn,
    "return_material": do_return_material,
    "discard_card": do_discard_card,
    "play_card": do_play_card,
    "use_quarter": do_use_quarter,
    "move_figure": do_move_figure,
    "send_figure": do_send_figure,
}
assert DO.keys() == MOVE_KEYS.keys()
# By phase, the move types that need no further check of the phase while nothing is pending:
# (their keys, what `apply_move` copies for them, their rule).
PLAIN_MOVES: dict[str, dict[str, tuple]] = {
    phase: {
        kind: (MOVE_FIELDS[kind], OWN.get(kind), DO[kind])
        for kind in MOVE_KEYS
        if kind in kinds or (kind in FREE_MOVES and phase in FREE_PHASES)
    }
    for phase, kinds in PHASE_MOVES.items()
}
