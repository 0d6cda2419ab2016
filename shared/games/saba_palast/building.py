"""Saba – Palast der Königin: building palace parts, fulfilling treasury and end cards, the
building fields, and the end of the game."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.saba_palast.data import CARDS, MATERIALS
from shared.games.saba_palast.facts import (
    PALACE_CARDS,
    can_pay,
    card_cost,
    figure_sources,
    first_obsolete,
    flag,
    fmt_cost,
    may_leave_balcony,
)
from shared.games.saba_palast.figures import (
    add_marker,
    score_treasury,
    send_figure,
    take_from_quarter,
)
from shared.games.saba_palast.scoring import outcome


# --- 2. build
def do_build(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Build a displayed palace part: pay, put a figure on its balcony (or none), send one home."""
    card, slot = displayed(state, move, "palace")
    if state["step"]["built"]:
        raise IllegalMove("you have already built a palace part this turn")
    info = CARDS[card]
    field = state["garden"][info["field"] - 1]
    cost = card_cost(state, card, slot)
    pay(state, seat, cost, card)
    sources = figure_sources(state, seat, card)
    source = move.get("from_quarter")
    no_figure = flag(move, "no_figure")
    if no_figure:
        if source is not None:
            raise IllegalMove("take your balcony figure from a quarter or place none, not both")
        if not may_leave_balcony(state, seat, card):
            if state["figures"][seat] > 0:
                raise IllegalMove("your supply holds a figure: it goes onto the balcony")
            raise IllegalMove(
                "the figure on that balcony is yours: it comes back and goes up again"
            )
    elif source not in sources:
        if sources == [None]:
            raise IllegalMove("your balcony figure comes from your supply; name no quarter")
        raise IllegalMove(
            "your supply holds no figure: name the quarter to take it from ("
            + ", ".join(q for q in sources if q)
            + "), or build with no figure"
        )
    leave = move.get("leave")
    if leave is not None:
        if not state["options"]["profi"]:
            raise IllegalMove("materials are left on garden fields only in the profi game")
        if leave not in MATERIALS or state["stocks"][seat][leave] == 0:
            raise IllegalMove(f"you have no {leave} left to put on the garden field")
    if field["material"] is not None:
        state["supply"][field["material"]] += 1
        field["material"] = None
    field["levels"].append(info["level"])
    events.append(
        {
            "type": "built",
            "seat": seat,
            "card": card,
            "field": info["field"],
            "level": info["level"],
            "cost": cost,
        }
    )
    # The figure on the balcony goes home only when the builder puts one of his there;
    # without one to place (or choosing to place none) it stays.
    placing = not no_figure and (
        source is not None or state["figures"][seat] > 0 or field["figure"] == seat
    )
    returned = field["figure"] if placing else None
    if returned is not None:
        field["figure"] = None
        state["figures"][returned] += 1
        events.append({"type": "figure_returned", "seat": returned, "field": info["field"]})
    if placing and source is not None:
        take_from_quarter(state, seat, source)
        field["figure"] = seat
    elif placing:
        state["figures"][seat] -= 1
        field["figure"] = seat
    events.append(
        {
            "type": "balcony",
            "seat": seat if placing else None,
            "field": info["field"],
            "from_quarter": source,
        }
    )
    if leave is not None:
        state["stocks"][seat][leave] -= 1
        field["material"] = leave
        events.append(
            {"type": "material_left", "seat": seat, "field": info["field"], "material": leave}
        )
    if returned is not None:
        add_marker(state, returned, events)
    state["step"]["built"] = True
    leave_display(state, card, "built", events)
    after_building(state)


def do_fulfil(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Fulfil a displayed treasury card (the leader's figure to the treasury) or the end card."""
    card, slot = displayed(state, move, "special")
    if state["step"]["fulfilled"]:
        raise IllegalMove("you have already fulfilled a treasury or end card this turn")
    cost = card_cost(state, card, slot)
    pay(state, seat, cost, card)
    state["step"]["fulfilled"] = True
    events.append({"type": "fulfilled", "seat": seat, "card": card, "cost": cost})
    leave_display(state, card, "fulfilled", events)
    if CARDS[card]["kind"] == "end":
        finish(state, "end_card", events)
        return
    score_treasury(state, events)
    after_building(state)


def displayed(state: State, move: Move, kind: str) -> tuple[str, int]:
    """The move's card and its building field (0-based), refused unless displayed and of `kind`."""
    card = move.get("card")
    if not isinstance(card, str) or card not in state["display"]:
        shown = ", ".join(c for c in state["display"] if c) or "none"
        raise IllegalMove(f"{card!r} is not on a building field (displayed: {shown})")
    is_palace = CARDS[card]["kind"] == "palace"
    if kind == "palace" and not is_palace:
        raise IllegalMove(f"{card} is not a palace part: fulfil it instead of building it")
    if kind == "special" and is_palace:
        raise IllegalMove(f"{card} is a palace part: build it instead of fulfilling it")
    return card, state["display"].index(card)


def pay(state: State, seat: int, cost: dict[str, int], card: str) -> None:
    """The seat pays `cost` into the supply, or the move is refused."""
    stock = state["stocks"][seat]
    if not can_pay(stock, cost):
        raise IllegalMove(f"{card} costs {fmt_cost(cost)} here; you have {fmt_cost(stock)}")
    for material, count in cost.items():
        stock[material] -= count
        state["supply"][material] += count


def after_building(state: State) -> None:
    """Leave the build step once nothing more may be built or fulfilled this turn."""
    step = state["step"]
    specials = any(c and c not in PALACE_CARDS for c in state["display"])
    if step["built"] and (step["fulfilled"] or not specials):
        to_quarter_step(state)


def to_quarter_step(state: State) -> None:
    # No figure in supply: no quarter can be taken this turn, whatever happens.
    """On to the quarter step, or (no figure may be placed) to the draw."""
    can_place = state["step"]["built"] and state["figures"][state["turn"]] > 0
    state["phase"] = "quarter" if can_place else "draw"


def leave_display(state: State, card: str, reason: str, events: list[Event]) -> None:
    """Take a card off the building fields; the others slide toward field 1, the deck's
    top card fills field 3, and cards that can no longer be built leave at once."""
    display = state["display"]
    display.remove(card)
    events.append({"type": "card_left", "card": card, "reason": reason})
    while True:
        display.append(state["deck"].pop(0) if state["deck"] else None)
        if display[-1] is not None:
            events.append({"type": "card_revealed", "card": display[-1]})
        dead = first_obsolete(state["garden"], display)
        if dead is None:
            return
        display.remove(dead)
        events.append({"type": "card_left", "card": dead, "reason": "obsolete"})


# --- the end
def finish(state: State, reason: str, events: list[Event]) -> None:
    """End the game for `reason` ("end_card" or "palace_complete")."""
    if state["pending"]:
        # The game ends before its owner names the quarter: which one no longer matters.
        send_figure(state, state["pending"]["quarters"][0], events)
    state["end"] = reason
    events.append({"type": "game_over", "reason": reason, **outcome(state)})
