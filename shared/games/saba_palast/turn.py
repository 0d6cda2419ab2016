"""Saba – Palast der Königin: passing, drawing and playing action cards, the end of a turn
and giving back what is over the limits."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State, draw_rng
from shared.games.saba_palast.building import to_quarter_step
from shared.games.saba_palast.data import HAND_LIMIT, HAND_LIMIT_PROFI, MATERIALS, STOCK_LIMIT
from shared.games.saba_palast.facts import hand_limit, within_limits


def do_pass(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """End the build or quarter step."""
    if state["phase"] == "build":
        to_quarter_step(state)
    else:
        state["phase"] = "draw"
    events.append({"type": "passed", "seat": seat})


# --- 4. draw, end of turn
def do_draw(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Draw an action card; then the turn may end."""
    draw_card(state, seat, events)
    state["phase"] = "finish"


def draw_card(state: State, seat: int, events: list[Event]) -> None:
    """The seat draws an action card (the discard pile reshuffled when the deck is empty)."""
    if not state["action_deck"] and state["discard"]:
        state["action_deck"], state["discard"] = state["discard"], []
        draw_rng(state).shuffle(state["action_deck"])
        events.append({"type": "action_deck_reshuffled"})
    if not state["action_deck"]:
        events.append({"type": "no_action_card", "seat": seat})
        return
    card = state["action_deck"].pop()
    hand = state["hands"][seat]
    hand.append(card)
    hand.sort()
    events.append({"type": "card_drawn", "seat": seat, "hidden": {"card": card}, "seen_by": [seat]})


def do_end_turn(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """End the turn, or give back first what is over the limits."""
    if sum(state["stocks"][seat].values()) <= STOCK_LIMIT and len(state["hands"][seat]) <= (
        HAND_LIMIT_PROFI if state["options"]["profi"] else HAND_LIMIT
    ):  # as `within_limits`
        next_turn(state, events)
    else:
        state["phase"] = "return"
        events.append({"type": "over_limits", "seat": seat})


def do_return_material(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Give back a material over the limit."""
    material = move.get("material")
    stock = state["stocks"][seat]
    held = sum(stock.values())
    if held <= STOCK_LIMIT:
        raise IllegalMove(f"you hold no more than {STOCK_LIMIT} materials; keep them")
    if material not in MATERIALS or stock[material] == 0:
        raise IllegalMove(f"you have no {material} to give back")
    stock[material] -= 1
    state["supply"][material] += 1
    events.append({"type": "material_returned", "seat": seat, "material": material})
    if held - 1 <= STOCK_LIMIT and len(state["hands"][seat]) <= (
        HAND_LIMIT_PROFI if state["options"]["profi"] else HAND_LIMIT
    ):
        next_turn(state, events)


def do_discard_card(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Discard an action card over the limit."""
    card = move.get("card")
    hand = state["hands"][seat]
    if len(hand) <= hand_limit(state):
        raise IllegalMove(f"you hold no more than {hand_limit(state)} cards; keep them")
    if card not in hand:
        raise IllegalMove(f"you hold no {card!r} action card")
    hand.remove(card)
    state["discard"].append(card)
    events.append(
        {"type": "card_discarded", "seat": seat, "hidden": {"card": card}, "seen_by": [seat]}
    )
    if within_limits(state, seat):
        next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> None:
    """The next player's turn begins."""
    state["turn"] = (state["turn"] + 1) % state["players"]
    state["phase"] = "harbour"
    state["step"] = {"built": False, "fulfilled": False, "moved": False, "spent": {}}
    events.append({"type": "turn_started", "seat": state["turn"]})


# --- free actions
def do_play_card(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """A free action: play an action card for a material of its kind."""
    card = move.get("card")
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalMove(f"you hold no {card!r} action card")
    hand.remove(card)
    state["discard"].append(card)
    got = 1 if state["supply"][card] > 0 else 0
    state["supply"][card] -= got
    state["stocks"][seat][card] += got
    events.append({"type": "card_played", "seat": seat, "card": card, "count": got})
