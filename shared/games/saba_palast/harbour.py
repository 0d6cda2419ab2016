"""Saba – Palast der Königin: the harbour, the vizier and the city quarters (their actions,
figures put into them and moved between them)."""

from __future__ import annotations

from typing import Any

from shared.engine import Event, IllegalMove, Move, State, parse_int
from shared.games.saba_palast.building import leave_display, pay
from shared.games.saba_palast.data import (
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    QUARTER_MATERIAL,
    QUARTERS,
    SWAPS,
    TURNED,
)
from shared.games.saba_palast.facts import PALACE_CARDS, flag, quarter_figures, swap_options
from shared.games.saba_palast.legal import shown_fields
from shared.games.saba_palast.turn import draw_card

# The fields that move on when harbour field i+1 is taken, with the capacity of the field each
# fills next (field 1 restarts with the type taken).
REFILL_ORDER = [
    [(j, cap) for j, cap in zip([k for k in range(4) if k != i], HARBOUR_CAPACITY[1:], strict=True)]
    for i in range(4)
]

# The harbour move's keys that belong to one field only.
HARBOUR_FIELD_KEYS = (("remove", 2), ("vizier", 3), ("give", 3), ("take", 3), ("decline", 3))


# --- 1. harbour
def do_harbour(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Take a harbour field the seat's harbour cards show, with the field's extra."""
    field = move.get("field")
    if type(field) is not int:
        field = parse_int(move, "field", "the harbour field")
    shown = shown_fields(state["harbour_cards"][seat])
    if field not in shown:
        a, b = sorted(shown)
        raise IllegalMove(f"your harbour cards show fields {a} and {b}, not field {field}")
    if len(move) > 2:  # more than the type and the field
        for key, needed_on in HARBOUR_FIELD_KEYS:
            if key in move and field != needed_on:
                raise IllegalMove(f"{key!r} belongs to harbour field {needed_on} only")
    take_harbour(state, seat, field, events)
    if field == 1:
        draw_card(state, seat, events)
    elif field == 2:
        remove_card(state, move.get("remove"), events)
    elif field == 3:
        move_vizier(state, seat, move, events)
    state["phase"] = "build"


def take_harbour(state: State, seat: int, field: int, events: list[Event]) -> None:
    """Take a harbour field's materials, refill the harbour and turn the harbour card."""
    slot = state["harbour"][field - 1]
    material, count = slot["material"], slot["count"]
    state["stocks"][seat][material] += count
    events.append(
        {
            "type": "harbour_taken",
            "seat": seat,
            "field": field,
            "material": material,
            "count": count,
        }
    )
    shown = refill_harbour(state, field - 1)
    cards = state["harbour_cards"][seat]
    for card, side in cards.items():
        if HARBOUR_CARDS[card][side] == field:
            cards[card] = TURNED[side]
            break
    events.append({"type": "harbour_refilled", "harbour": shown})


def refill_harbour(state: State, taken: int) -> list[dict[str, Any]]:
    """The fields below the one taken move one toward field 4; field 1 restarts with the
    type taken; each field is topped up from the supply as far as it holds. Returns the
    new fields once more, as new dicts (for the event)."""
    harbour, supply = state["harbour"], state["supply"]
    if len(harbour) != len(HARBOUR_CAPACITY):
        raise ValueError("the harbour has four fields")
    # New field dicts: the old ones may be shared with the state `apply` was given.
    material = harbour[taken]["material"]
    add, held = HARBOUR_CAPACITY[0], supply[material]
    if held < add:
        add = held
    supply[material] = held - add
    refilled = [{"material": material, "count": add}]
    shown = [{"material": material, "count": add}]
    for i, capacity in REFILL_ORDER[taken]:
        slot = harbour[i]
        material, count = slot["material"], slot["count"]
        add, held = capacity - count, supply[material]
        if held < add:
            add = held
        supply[material] = held - add
        refilled.append({"material": material, "count": count + add})
        shown.append({"material": material, "count": count + add})
    state["harbour"] = refilled
    return shown


def remove_card(state: State, card: Any, events: list[Event]) -> None:
    """Harbour field 2: a displayed palace card leaves the building fields."""
    removable = [c for c in state["display"] if c in PALACE_CARDS]
    if not removable:
        if card is not None:
            raise IllegalMove("no palace building card is on display to remove")
        return
    if card not in removable:
        raise IllegalMove(
            "harbour field 2 removes one displayed palace building card: name one of "
            + ", ".join(removable)
        )
    leave_display(state, card, "removed", events)


def move_vizier(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Harbour field 3: the vizier moves, and his new quarter acts for the seat at once."""
    target = move.get("vizier")
    if target not in QUARTERS:
        raise IllegalMove(
            f"harbour field 3 moves the vizier: name a quarter ({', '.join(QUARTERS)})"
        )
    if target == state["vizier"]:
        raise IllegalMove(f"the vizier already stands on the {target}; move him elsewhere")
    declined = flag(move, "decline")
    if declined and ("give" in move or "take" in move):
        raise IllegalMove("decline the quarter's action or name a swap, not both")
    events.append({"type": "vizier_moved", "seat": seat, "from": state["vizier"], "to": target})
    state["vizier"] = target
    if declined:
        events.append(
            {
                "type": "quarter_action",
                "seat": seat,
                "quarter": target,
                "vizier": True,
                "declined": True,
            }
        )
        return
    quarter_action(state, seat, target, move, events, immediate=True)


def quarter_action(
    state: State,
    seat: int,
    quarter: str,
    move: Move,
    events: list[Event],
    immediate: bool,
) -> None:
    """Carry out a quarter's action for the seat. The vizier's immediate action takes a
    material only as far as the supply holds; a swap is named when one is possible (the
    vizier's may be declined instead: see `move_vizier`)."""
    stock, supply = state["stocks"][seat], state["supply"]
    if quarter in SWAPS:
        give, take = move.get("give"), move.get("take")
        if (give, take) in SWAPS[quarter] and stock[give] > 0 and supply[take] > 0:
            # One of the swaps `swap_options` lists: carry it out at once.
            stock[give] -= 1
            supply[give] += 1
            supply[take] -= 1
            stock[take] += 1
            events.append(
                {
                    "type": "quarter_action",
                    "seat": seat,
                    "quarter": quarter,
                    "vizier": immediate,
                    "give": give,
                    "take": take,
                }
            )
            return
    elif "give" not in move and "take" not in move:
        material = QUARTER_MATERIAL[quarter]
        got = 1 if supply[material] > 0 else 0
        if got or immediate:
            supply[material] -= got
            stock[material] += got
            events.append(
                {
                    "type": "quarter_action",
                    "seat": seat,
                    "quarter": quarter,
                    "vizier": immediate,
                    "material": material,
                    "count": got,
                }
            )
            return
    # Otherwise, the move as the rules judge it in full (a swap that is not possible, or
    # none where none is).
    event: Event = {
        "type": "quarter_action",
        "seat": seat,
        "quarter": quarter,
        "vizier": immediate,
    }
    if quarter in SWAPS:
        options = swap_options(state, seat, quarter)
        pair = (move.get("give"), move.get("take"))
        if not options:
            if pair != (None, None):
                raise IllegalMove(f"no swap at the {quarter} is possible now")
            events.append(event)
            return
        if pair not in options:
            shown = "; ".join(f"give {g}, take {t}" for g, t in options)
            declining = " (or decline the swap)" if immediate else ""
            raise IllegalMove(f"the {quarter} allows these swaps now: {shown}{declining}")
        give, take = pair
        stock[give] -= 1
        supply[give] += 1
        supply[take] -= 1
        stock[take] += 1
        event.update(give=give, take=take)
    else:
        if "give" in move or "take" in move:
            raise IllegalMove(f"the {quarter} hands out a material; it swaps nothing")
        material = QUARTER_MATERIAL[quarter]
        got = 1 if supply[material] > 0 else 0
        if not got and not immediate:
            raise IllegalMove(f"the supply holds no {material} any more")
        supply[material] -= got
        stock[material] += got
        event.update(material=material, count=got)
    events.append(event)


# --- 3. quarter
def do_place_figure(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Put a figure from the supply into a quarter, for gold."""
    quarter = move.get("quarter")
    if quarter not in QUARTERS:
        raise IllegalMove(f"name a quarter: {', '.join(QUARTERS)}")
    if state["figures"][seat] == 0:
        raise IllegalMove("you have no figure left in your supply")
    price = quarter_figures(state, seat) + 1
    pay(state, seat, {"gold": price}, f"a figure in the {quarter}")
    state["figures"][seat] -= 1
    state["quarters"][quarter].append(seat)
    # It works from the next turn on.
    spent = state["step"]["spent"]
    spent[quarter] = spent.get(quarter, 0) + 1
    state["phase"] = "draw"
    events.append({"type": "figure_placed", "seat": seat, "quarter": quarter, "gold": price})


def do_use_quarter(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """A free action: the quarter's action for one of the seat's figures there."""
    quarter = move.get("quarter")
    if quarter not in QUARTERS:
        raise IllegalMove(f"name a quarter: {', '.join(QUARTERS)}")
    reason = quarter_blocked(state, seat, quarter)
    if reason is not None:
        raise IllegalMove(reason)
    quarter_action(state, seat, quarter, move, events, immediate=False)
    spent = state["step"]["spent"]
    spent[quarter] = spent.get(quarter, 0) + 1


def quarter_blocked(state: State, seat: int, quarter: str) -> str | None:
    """Why the seat cannot use the quarter now, or None."""
    mine = state["quarters"][quarter].count(seat)
    if mine == 0:
        return f"you have no figure in the {quarter}"
    if state["vizier"] == quarter:
        return f"the vizier blocks the {quarter}"
    if state["step"]["spent"].get(quarter, 0) >= mine:
        return f"your figures in the {quarter} have already acted this turn"
    return None


def do_move_figure(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """(Profi) a free action once a turn: a figure moves to another quarter."""
    src, dst = move.get("from"), move.get("to")
    if not state["options"]["profi"]:
        raise IllegalMove("figures move between quarters only in the profi game")
    if state["step"]["moved"]:
        raise IllegalMove("you have already moved a quarter figure this turn")
    if src not in QUARTERS or seat not in state["quarters"][src]:
        raise IllegalMove(f"you have no figure in the {src}")
    if dst not in QUARTERS or dst == src:
        raise IllegalMove("move the figure to another quarter")
    if dst == state["vizier"]:
        raise IllegalMove(f"the vizier blocks the {dst}")
    spent = state["step"]["spent"]
    state["quarters"][src].remove(seat)
    state["quarters"][dst].append(seat)
    # The figure moved is one that has not acted yet, if there is one: it may act at its
    # new quarter, but no figure acts twice.
    left = state["quarters"][src].count(seat)
    if spent.get(src, 0) > left:
        spent[src] = left
        spent[dst] = spent.get(dst, 0) + 1
    state["step"]["moved"] = True
    events.append({"type": "figure_moved", "seat": seat, "from": src, "to": dst})
