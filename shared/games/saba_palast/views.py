"""Saba – Palast der Königin: the view of a seat or a spectator."""

from __future__ import annotations

from shared.engine import State, View
from shared.games.saba_palast.copies import copy_state
from shared.games.saba_palast.facts import card_cost, to_act, visible_fields
from shared.games.saba_palast.scoring import outcome, points, serail_leader

# The state's keys every seat and spectator sees as they are (the bots' guess of a state from a
# view reads them back: shared/bots/saba_palast/hidden.py).
PUBLIC_KEYS = (
    "supply",
    "stocks",
    "harbour",
    "harbour_cards",
    "display",
    "garden",
    "quarters",
    "vizier",
    "serail",
    "serail_spaces",
    "figures",
    "markers",
    "treasury",
    "serail_figure",
    "turn",
    "phase",
    "step",
    "end",
    "pending",
)


def seat_view(state: State, seat: int | None, game_id: str) -> View:
    """What `seat` (None: a spectator) may see of the state: all but the palace deck's order,
    the action cards' draw and discard piles and the other hands (their counts only)."""
    state = copy_state(state)  # the view must not share containers with the state
    view = {k: state[k] for k in ("players", "options", *PUBLIC_KEYS)}
    view.update(
        options=dict(state["options"]),
        game=game_id,
        seat=seat,
        to_act=to_act(state),
        harbour_fields=[visible_fields(state, s) for s in range(state["players"])],
        # What each displayed card costs now (its materials, the field's gold, a material
        # left on its garden field), so that a view shows prices without the rules.
        display_costs=[
            card_cost(state, c, slot) if c else None for slot, c in enumerate(state["display"])
        ],
        deck_count=len(state["deck"]),
        action_deck_count=len(state["action_deck"]),
        discard_count=len(state["discard"]),
        hand_counts=[len(h) for h in state["hands"]],
        points=points(state),
        serail_leader=serail_leader(state),
    )
    if seat is not None:
        view["hand"] = state["hands"][seat]
    if state["end"] is not None:
        view["outcome"] = outcome(state)
    return view
