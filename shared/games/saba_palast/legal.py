"""Saba – Palast der Königin: the legal moves of the seat to act."""

from __future__ import annotations

from typing import Any

from shared.engine import ListedMove, Move, State
from shared.games.saba_palast.data import (
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    MATERIALS,
    QUARTER_MATERIAL,
    QUARTERS,
    STOCK_LIMIT,
    SURCHARGES,
    SWAPS,
)
from shared.games.saba_palast.facts import (
    CARD_FIELD,
    CARD_LEVEL,
    PALACE_CARDS,
    can_pay,
    card_cost,
    figure_sources,
    may_leave_balcony,
    quarter_figures,
)

# ---------------------------------------------------------------------- tables built once
# The moves `list_moves` hands out, built once as read-only `ListedMove`s (key order as the
# moves were always written), and the facts it looks up on every call.
# What a card costs on each building field before a material left on its garden field.
BASE_COSTS: dict[tuple[str, int], tuple[tuple[str, int], ...]] = {}
for _card, _info in CARDS.items():
    for _slot, _gold in enumerate(SURCHARGES):
        _cost = dict(_info["cost"])
        if _gold:
            _cost["gold"] = _cost.get("gold", 0) + _gold
        BASE_COSTS[_card, _slot] = tuple(_cost.items())
ALABASTER, SANDSTONE, EBONY, GOLD = MATERIALS
# The same as counts in the order of MATERIALS, by building field and card.
NEEDS: list[dict[str, tuple[int, ...]]] = [
    {c: tuple(dict(BASE_COSTS[c, slot]).get(m, 0) for m in MATERIALS) for c in CARDS}
    for slot in range(len(SURCHARGES))
]
PASS = ListedMove(type="pass")
DRAW = ListedMove(type="draw")
END_TURN = ListedMove(type="end_turn")
HARBOUR_MOVES = {f: ListedMove(type="harbour", field=f) for f in range(1, 5)}
REMOVE_MOVES = {c: ListedMove(type="harbour", field=2, remove=c) for c in PALACE_CARDS}
VIZIER_MOVES = {q: ListedMove(type="harbour", field=3, vizier=q) for q in QUARTERS}
DECLINE_MOVES = {q: ListedMove(type="harbour", field=3, vizier=q, decline=True) for q in QUARTERS}
VIZIER_SWAPS = {
    q: [(g, t, ListedMove(type="harbour", field=3, vizier=q, give=g, take=t)) for g, t in swaps]
    for q, swaps in SWAPS.items()
}
USE_SWAPS = {
    q: [(g, t, ListedMove(type="use_quarter", quarter=q, give=g, take=t)) for g, t in swaps]
    for q, swaps in SWAPS.items()
}
USE_MOVES = {q: ListedMove(type="use_quarter", quarter=q) for q in QUARTER_MATERIAL}
PLACE_MOVES = tuple(ListedMove(type="place_figure", quarter=q) for q in QUARTERS)
FULFIL_MOVES = {c: ListedMove(type="fulfil", card=c) for c in CARDS if c not in PALACE_CARDS}
SEND_MOVES = {q: ListedMove(type="send_figure", quarter=q) for q in QUARTERS}
MOVE_FIGURE_MOVES = {
    src: [ListedMove({"type": "move_figure", "from": src, "to": dst}) for dst in QUARTERS]
    for src in QUARTERS
}
PLAY_MOVES = {m: ListedMove(type="play_card", card=m) for m in MATERIALS}
PLAY_LISTS: dict[tuple, list[Move]] = {}  # the play_card moves by hand (as a tuple)
DISCARD_MOVES = {m: ListedMove(type="discard_card", card=m) for m in MATERIALS}
RETURN_MOVES = tuple((m, ListedMove(type="return_material", material=m)) for m in MATERIALS)
RETURN_LISTS: dict[tuple[bool, ...], list[Move]] = {}  # by which stock counts are not 0
# Build moves, made when first listed: (card, from_quarter, no_figure, leave) -> move.
BUILD_MOVES: dict[tuple[str, str | None, bool, str | None], ListedMove] = {}
# {"type": "build", "card": card}, the commonest, by card.
SIMPLE_BUILDS = {c: ListedMove(type="build", card=c) for c in PALACE_CARDS}


def vizier_moves(vizier: str, stock: dict[str, int], supply: dict[str, int]) -> list[Move]:
    """The moves of harbour field 3 with the vizier on `vizier`, given the stock and supply
    after the harbour step: they depend only on which of them hold some of each material."""
    moves: list[Move] = []
    for quarter in QUARTERS:
        if quarter == vizier:
            continue
        # The quarter's action may be declined where it would change something.
        if quarter in SWAPS:
            swaps = [m for g, t, m in VIZIER_SWAPS[quarter] if stock[g] > 0 and supply[t] > 0]
            moves += swaps
            moves.append(DECLINE_MOVES[quarter] if swaps else VIZIER_MOVES[quarter])
        else:
            moves.append(VIZIER_MOVES[quarter])
            if supply[QUARTER_MATERIAL[quarter]] > 0:
                moves.append(DECLINE_MOVES[quarter])
    return moves


# The harbour fields a seat's harbour cards show, in order, by the cards' sides (as items).
SHOWN_FIELDS: dict[tuple, list[int]] = {}


def shown_fields(cards: dict[str, str]) -> list[int]:
    """The harbour fields a seat's harbour cards (card: side showing) show, in order."""
    key = tuple(cards.items())
    shown = SHOWN_FIELDS.get(key)
    if shown is None:
        shown = SHOWN_FIELDS[key] = sorted(HARBOUR_CARDS[c][side] for c, side in key)
    return shown


# The vizier's moves by (his quarter, which materials the stock and the supply hold after the
# harbour step): at most 6 × 2^8 lists.
VIZIER_LISTS: dict[tuple, list[Move]] = {}


def build_move(card: str, source: str | None, no_figure: bool, leave: str | None) -> ListedMove:
    """The build move with these fields, made once."""
    key = (card, source, no_figure, leave)
    move = BUILD_MOVES.get(key)
    if move is None and source is None and not no_figure and leave is None:
        move = BUILD_MOVES[key] = SIMPLE_BUILDS[card]
    if move is None:
        move = {"type": "build", "card": card}
        if source is not None:
            move["from_quarter"] = source
        elif no_figure:
            move["no_figure"] = True
        if leave is not None:
            move["leave"] = leave
        move = BUILD_MOVES[key] = ListedMove(move)
    return move


def listed(table: dict[str, ListedMove], key: Any, **fields: Any) -> Move:
    """The table's move for `key`, or (a value no table foresaw, in a hand-made position) a new
    one with `fields`."""
    move = table.get(key)
    return move if move is not None else dict(fields)


def list_moves(state: State, seat: int) -> list[Move]:
    """The legal moves of `seat`, the seat to act in a running game."""
    pending = state["pending"]
    if pending:
        return [listed(SEND_MOVES, q, type="send_figure", quarter=q) for q in pending["quarters"]]
    phase = state["phase"]
    if phase == "return":
        return return_moves(state, seat)
    if phase == "harbour":
        moves = harbour_moves(state, seat)
    elif phase == "build":
        moves = build_moves(state, seat)
        moves.append(PASS)
    elif phase == "quarter":
        moves = place_moves(state, seat)
        moves.append(PASS)
    elif phase == "draw":
        moves = [DRAW]
    else:
        moves = [END_TURN]
    add_free_moves(state, seat, moves)
    return moves


def harbour_moves(state: State, seat: int) -> list[Move]:
    """The moves of the harbour step: the fields the seat's harbour cards show."""
    moves: list[Move] = []
    for field in shown_fields(state["harbour_cards"][seat]):
        if field == 2:
            removals = [REMOVE_MOVES[c] for c in state["display"] if c in PALACE_CARDS]
            if removals:
                moves += removals
            else:
                moves.append(HARBOUR_MOVES[2])
        elif field == 3:
            add_vizier_moves(state, seat, moves)
        else:
            moves.append(listed(HARBOUR_MOVES, field, type="harbour", field=field))
    return moves


def add_vizier_moves(state: State, seat: int, moves: list[Move]) -> None:
    """The moves of harbour field 3. The vizier's action uses the stock and supply after
    the harbour step (as `take_harbour` leaves them)."""
    first, second, taken, fourth = state["harbour"]
    stock = dict(state["stocks"][seat])
    stock[taken["material"]] += taken["count"]
    supply = dict(state["supply"])
    # `refill_harbour` after field 3: the type taken restarts field 1, fields 1 and 2
    # move on, field 4 stays; each is topped up from the supply as far as it holds, in
    # that order (a field's supply ends at 0 when it holds no more than the field takes).
    cap1, cap2, cap3, cap4 = HARBOUR_CAPACITY
    material = taken["material"]
    held = supply[material]
    supply[material] = held - cap1 if cap1 < held else 0
    material, room = first["material"], cap2 - first["count"]
    held = supply[material]
    supply[material] = held - room if room < held else 0
    material, room = second["material"], cap3 - second["count"]
    held = supply[material]
    supply[material] = held - room if room < held else 0
    material, room = fourth["material"], cap4 - fourth["count"]
    held = supply[material]
    supply[material] = held - room if room < held else 0
    key = (
        state["vizier"],
        stock[ALABASTER] > 0,
        stock[SANDSTONE] > 0,
        stock[EBONY] > 0,
        stock[GOLD] > 0,
        supply[ALABASTER] > 0,
        supply[SANDSTONE] > 0,
        supply[EBONY] > 0,
        supply[GOLD] > 0,
    )
    listed_moves = VIZIER_LISTS.get(key)
    if listed_moves is None:
        listed_moves = VIZIER_LISTS[key] = vizier_moves(state["vizier"], stock, supply)
    moves += listed_moves


def build_moves(state: State, seat: int) -> list[Move]:
    """The builds and fulfilments the seat can pay for now."""
    moves: list[Move] = []
    step, stock, garden = state["step"], state["stocks"][seat], state["garden"]
    built, profi = step["built"], state["options"]["profi"]
    # Without the profi rules a builder with a figure in his supply, or his own on the
    # balcony, has one build move per card.
    simple = not profi and state["figures"][seat] > 0
    a, s, e, g = stock[ALABASTER], stock[SANDSTONE], stock[EBONY], stock[GOLD]
    for slot, card in enumerate(state["display"]):
        if card is None:
            continue
        need_a, need_s, need_e, need_g = NEEDS[slot][card]
        if card in PALACE_CARDS:
            if built:
                continue
            field = garden[CARD_FIELD[card]]
            levels = field["levels"]
            if levels and levels[-1] >= CARD_LEVEL[card]:
                continue  # obsolete
            if field["material"] is None:
                if a < need_a or s < need_s or e < need_e or g < need_g:
                    continue
                cost = None
            else:
                cost = card_cost(state, card, slot)
                if not can_pay(stock, cost):
                    continue
        else:
            if step["fulfilled"] or a < need_a or s < need_s or e < need_e or g < need_g:
                continue
            moves.append(FULFIL_MOVES[card])
            continue
        if simple or (not profi and field["figure"] == seat):
            moves.append(SIMPLE_BUILDS[card])
            continue
        leaves: list[str | None] = [None]
        if profi:
            if cost is None:
                cost = card_cost(state, card, slot)
            leaves += [m for m in MATERIALS if stock[m] > cost.get(m, 0)]
        sources = figure_sources(state, seat, card)
        for source in sources:
            moves += [build_move(card, source, False, leave) for leave in leaves]
        if sources != [None] and may_leave_balcony(state, seat, card):
            moves += [build_move(card, None, True, leave) for leave in leaves]
    return moves


def place_moves(state: State, seat: int) -> list[Move]:
    """A figure into each quarter, if the seat has one and the gold."""
    price = quarter_figures(state, seat) + 1
    if state["figures"][seat] == 0 or state["stocks"][seat]["gold"] < price:
        return []
    return list(PLACE_MOVES)


def return_moves(state: State, seat: int) -> list[Move]:
    """What the seat may give back over the limits: a material, an action card."""
    stock = state["stocks"][seat]
    if sum(stock.values()) > STOCK_LIMIT:
        key = (
            stock[ALABASTER] != 0,
            stock[SANDSTONE] != 0,
            stock[EBONY] != 0,
            stock[GOLD] != 0,
        )
        returns = RETURN_LISTS.get(key)
        if returns is None:
            returns = RETURN_LISTS[key] = [move for m, move in RETURN_MOVES if stock[m]]
        moves: list[Move] = returns[:]
    else:
        moves = []
    hand = state["hands"][seat]
    if len(hand) > (HAND_LIMIT_PROFI if state["options"]["profi"] else HAND_LIMIT):
        moves += [listed(DISCARD_MOVES, c, type="discard_card", card=c) for c in sorted(set(hand))]
    return moves


def add_free_moves(state: State, seat: int, moves: list[Move]) -> None:
    """Add the free actions the seat may take now to `moves`."""
    hand = state["hands"][seat]
    if hand:
        key = tuple(hand)
        plays = PLAY_LISTS.get(key)
        if plays is None:
            plays = [listed(PLAY_MOVES, c, type="play_card", card=c) for c in sorted(set(hand))]
            if len(PLAY_LISTS) < 1000:
                PLAY_LISTS[key] = plays
        moves += plays
    quarters = state["quarters"]
    vizier = state["vizier"]
    spent = None
    for quarter in QUARTERS:
        figs = quarters[quarter]
        # As `quarter_blocked`: no figure there, the vizier's quarter, figures that have
        # all acted this turn.
        if seat not in figs or quarter == vizier:
            continue
        if spent is None:
            spent = state["step"]["spent"]
        if spent.get(quarter, 0) >= figs.count(seat):
            continue
        if quarter in SWAPS:
            stock, supply = state["stocks"][seat], state["supply"]
            moves += [m for g, t, m in USE_SWAPS[quarter] if stock[g] > 0 and supply[t] > 0]
        elif state["supply"][QUARTER_MATERIAL[quarter]] > 0:
            moves.append(USE_MOVES[quarter])
    if state["options"]["profi"] and not state["step"]["moved"]:
        for src in QUARTERS:
            if seat in quarters[src]:
                moves += [m for m in MOVE_FIGURE_MOVES[src] if m["to"] != src and m["to"] != vizier]
