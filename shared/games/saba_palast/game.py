"""Saba – Palast der Königin: the rule engine.

State (plain data; fields numbered as in the rules are stored 0-based in lists):
- `supply[material]`: the common supply; `stocks[seat][material]`: each player's open stock.
- `harbour[i]`: harbour field i+1 as {"material", "count"}; `harbour_cards[seat][card]`: "front"
  or "back" (the side showing).
- `deck`: the palace deck, top first (hidden); `display[i]`: the card on building field i+1 or
  None.
- `garden[i]`: garden field i+1 as {"levels": built levels in order, "figure": seat on its
  balcony or None, "material": material left there (profi) or None}.
- `quarters[quarter]`: seats of the figures standing there; `vizier`: his quarter.
- `serail`: seats of the markers, space 1 first; `serail_spaces`: spaces in use.
- `figures[seat]`, `markers[seat]`: figures and serail markers still in the player's supply.
- `treasury`: seats of the figures in the treasury; `serail_figure`: seat or None (profi).
- `hands[seat]`: action cards (each names a material); `action_deck`, `discard`.
- `turn`, `phase` (harbour, build, quarter, draw, finish, return) and `step`: what the player to
  move has done this turn ({"built", "fulfilled", "moved", "spent": {quarter: figures that
  cannot act again this turn}}).
- `end`: None, "end_card" or "palace_complete".
- `pending`: None, or a figure waiting to leave a quarter for the treasury or (profi) the serail
  because its owner's supply is empty and he has figures in more than one quarter:
  {"seat", "for": "treasury" | "serail", "quarters"}. That seat alone is to act until it names
  the quarter, even out of turn.

Moves (numbers as in the rules, 1-based):
- harbour {field 1–4; field 2: remove: a displayed palace card, if any; field 3: vizier: a
  quarter, plus give/take when it is the exchange or bazaar and a swap is possible, or
  decline: true to forgo the quarter's action}
- build {card; from_quarter: when the supply holds no figure; no_figure: true to build without
  putting a figure on the balcony when the supply holds none; leave: a material (profi)}
- fulfil {card: a treasury card or the end card}; pass (end the build or quarter step)
- place_figure {quarter}; draw; end_turn; then, over the limits, return_material {material}
  and discard_card {card} one at a time
- free, at any time in the own turn: play_card {card}, use_quarter {quarter; give/take for the
  exchange and bazaar}, move_figure {from, to} (profi, once a turn)
- send_figure {quarter}: the answer of the seat a `pending` figure belongs to

Speed (docs/performance.md): `apply` copies only the containers a move of its type may change
(`OWN`) and shares the rest with the state it was given, so a state handed out must never be
changed in place — copy it first (`copy_state` is a full copy). `legal_moves` hands out moves
built once (`engine.ListedMove`, read-only) from tables, and remembers a few answers by what
they depend on (the vizier's moves, the harbour fields shown, the cards a hand may play).
"""

from __future__ import annotations

import random
from typing import Any

from shared.engine import (
    Event,
    Game,
    IllegalMove,
    ListedMove,
    Move,
    Option,
    State,
    View,
    draw_rng,
    parse_int,
)
from shared.games.saba_palast.data import (
    ACTION_CARDS_PER_MATERIAL,
    BOTTOM_LEVEL3,
    CARDS,
    FIGURES,
    GARDEN_FIELDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    MATERIAL_COUNT,
    MATERIALS,
    PALACE_CARDS_BY_LEVEL,
    QUARTER_MATERIAL,
    QUARTERS,
    SERAIL_MARKERS,
    SERAIL_SPACES_BY_PLAYERS,
    START_MATERIALS_BY_PLACE,
    STOCK_LIMIT,
    SURCHARGES,
    SWAPS,
    TURNED,
    VIZIER_START,
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


def fresh_step() -> dict[str, Any]:
    """What a player has done this turn, at its start."""
    return {"built": False, "fulfilled": False, "moved": False, "spent": {}}


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

# The fields that move on when harbour field i+1 is taken, with the capacity of the field each
# fills next (field 1 restarts with the type taken).
REFILL_ORDER = [
    [(j, cap) for j, cap in zip([k for k in range(4) if k != i], HARBOUR_CAPACITY[1:], strict=True)]
    for i in range(4)
]

# The harbour move's keys that belong to one field only.
HARBOUR_FIELD_KEYS = (("remove", 2), ("vizier", 3), ("give", 3), ("take", 3), ("decline", 3))

# Where a pending figure goes, in words.
PENDING_FOR = {"treasury": "the treasury", "serail": "the serail"}


def fmt_cost(cost: dict[str, int]) -> str:
    """A cost as words: "2 alabaster, 1 gold" (or "nothing")."""
    parts = [f"{n} {m}" for m in MATERIALS if (n := cost.get(m, 0))]
    return ", ".join(parts) or "nothing"


def visible_fields(state: State, seat: int) -> list[int]:
    """The harbour fields (1–4) the seat's two harbour cards show now."""
    return [HARBOUR_CARDS[card][side] for card, side in state["harbour_cards"][seat].items()]


def card_cost(state: State, card: str, slot: int) -> dict[str, int]:
    """What fulfilling `card` on building field `slot` (0-based) costs now: the card's
    materials, the field's gold surcharge and (profi) the material left on its garden field."""
    info = CARDS[card]
    cost = dict(info["cost"])
    if SURCHARGES[slot]:
        cost["gold"] = cost.get("gold", 0) + SURCHARGES[slot]
    if info["kind"] == "palace":
        left = state["garden"][info["field"] - 1]["material"]
        if left is not None:
            cost[left] = cost.get(left, 0) + 1
    return cost


def can_pay(stock: dict[str, int], cost: dict[str, int]) -> bool:
    return all(stock[m] >= n for m, n in cost.items())


def obsolete(state: State, card: str) -> bool:
    """Whether a palace card can no longer be built: its field already holds its level or
    a higher one."""
    info = CARDS[card]
    if info["kind"] != "palace":
        return False
    levels = state["garden"][info["field"] - 1]["levels"]
    return bool(levels) and levels[-1] >= info["level"]


def serail_preferred(serail: list[int], seats: list[int]) -> list[int]:
    """Among `seats`, those the serail rule prefers: most markers in the serail, then the
    marker nearest space 1. Returns one seat, or all still tied (none of them in the serail)."""
    counts = {s: serail.count(s) for s in seats}
    most = max(counts.values())
    tied = [s for s in seats if counts[s] == most]
    if len(tied) == 1 or most == 0:
        return tied
    return [next(s for s in serail if s in tied)]


def serail_leader(state: State) -> int | None:
    """The player leading in the serail, or None while it is empty."""
    if not state["serail"]:
        return None
    return serail_preferred(state["serail"], list(range(state["players"])))[0]


# Where a seat's points come from, in the order `point_parts` lists them.
POINT_PARTS = ("balconies", "treasury", "serail")


def point_parts(state: State) -> list[list[int]]:
    """Each seat's points now by where they stand (`POINT_PARTS`): its figures on balconies,
    in the treasury and (profi) in the serail — one point each."""
    parts = [[0, 0, 0] for _ in range(state["players"])]
    for field in state["garden"]:
        if field["figure"] is not None:
            parts[field["figure"]][0] += 1
    for seat in state["treasury"]:
        parts[seat][1] += 1
    if state["serail_figure"] is not None:
        parts[state["serail_figure"]][2] += 1
    return parts


def points(state: State) -> list[int]:
    """Each seat's points now: the sum of its `point_parts`."""
    return [sum(parts) for parts in point_parts(state)]


def swap_options(state: State, seat: int, quarter: str) -> list[tuple[str, str]]:
    """The (give, take) swaps the exchange or the bazaar allows the seat now."""
    stock, supply = state["stocks"][seat], state["supply"]
    return [(g, t) for g, t in SWAPS[quarter] if stock[g] > 0 and supply[t] > 0]


def figure_quarters(state: State, seat: int) -> list[str]:
    """The quarters holding one of the seat's figures, in the order a figure is taken from them
    when nobody chooses: the vizier's quarter (where it is idle) first, then board order."""
    order = [state["vizier"], *(q for q in QUARTERS if q != state["vizier"])]
    return [q for q in order if seat in state["quarters"][q]]


def has_figure(state: State, seat: int) -> bool:
    """Whether the seat has a figure to give: in his supply or in a quarter."""
    return state["figures"][seat] > 0 or bool(figure_quarters(state, seat))


def flag(move: Move, key: str) -> bool:
    """A move's yes/no field: true, or left out."""
    if key not in move:
        return False
    if move[key] is not True:
        raise IllegalMove(f"{key!r} is true or left out", "malformed")
    return True


def quarter_figures(state: State, seat: int) -> int:
    return sum(figs.count(seat) for figs in state["quarters"].values())


def palace_cards_left(state: State) -> int:
    return sum(1 for c in (*state["deck"], *state["display"]) if c and CARDS[c]["kind"] == "palace")


# ---------------------------------------------------------------------- tables built once
# The moves `legal_moves` hands out, built once as read-only `ListedMove`s (key order as the
# moves were always written), and the facts it looks up on every call.
PALACE_CARDS = frozenset(c for c, info in CARDS.items() if info["kind"] == "palace")
CARD_FIELD: dict[str, int] = {c: CARDS[c]["field"] - 1 for c in PALACE_CARDS}  # 0-based
CARD_LEVEL: dict[str, int] = {c: CARDS[c]["level"] for c in PALACE_CARDS}
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
# The keys each move type may carry, "type" included.
MOVE_FIELDS: dict[str, frozenset[str]] = {k: v | {"type"} for k, v in MOVE_KEYS.items()}
# By phase, the move types that need no further check of the phase while nothing is pending:
# (their keys, what `_apply` copies for them, their rule), filled in below the class.
PLAIN_MOVES: dict[str, dict[str, tuple]] = {}
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


def first_obsolete(garden: list[dict[str, Any]], cards: list[str | None]) -> str | None:
    """The first of `cards` that is `obsolete`, or None."""
    for card in cards:
        if card in PALACE_CARDS:
            levels = garden[CARD_FIELD[card]]["levels"]
            if levels and levels[-1] >= CARD_LEVEL[card]:
                return card
    return None


def build_move(card: str, source: str | None, no_figure: bool, leave: str | None) -> ListedMove:
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


class SabaPalast(Game):
    id = "saba-palast"
    title = "Saba – Palast der Königin"
    min_players = 2
    max_players = 4
    options = {
        "profi": Option(
            False,
            "professional rules: hand limit 4, move a quarter figure once a turn, the serail"
            " leader's figure, materials left on garden fields",
            kind=bool,
        ),
    }

    # ------------------------------------------------------------------ setup
    def _setup(self, state: State, rng: random.Random) -> None:
        n, first = state["players"], state["options"]["first_seat"]
        supply = {m: MATERIAL_COUNT for m in MATERIALS}
        stocks = [{m: 0 for m in MATERIALS} for _ in range(n)]
        handed = list(MATERIALS)
        rng.shuffle(handed)
        for place in range(1, n):
            seat, material = (first + place) % n, handed[place - 1]
            stocks[seat][material] += START_MATERIALS_BY_PLACE[place]
            supply[material] -= START_MATERIALS_BY_PLACE[place]
        types = list(MATERIALS)
        rng.shuffle(types)
        harbour = []
        for material, capacity in zip(types, HARBOUR_CAPACITY, strict=True):
            harbour.append({"material": material, "count": capacity})
            supply[material] -= capacity
        by_level = {
            lv: rng.sample(cards, len(cards)) for lv, cards in PALACE_CARDS_BY_LEVEL.items()
        }
        bottom = [*by_level[3][-BOTTOM_LEVEL3:], "end"]
        rng.shuffle(bottom)
        deck = [
            *by_level[1],
            "treasury-1",
            *by_level[2],
            "treasury-2",
            *by_level[3][:-BOTTOM_LEVEL3],
            *bottom,
        ]
        actions = [m for m in MATERIALS for _ in range(ACTION_CARDS_PER_MATERIAL)]
        rng.shuffle(actions)
        state.update(
            supply=supply,
            stocks=stocks,
            harbour=harbour,
            harbour_cards=[{card: "front" for card in HARBOUR_CARDS} for _ in range(n)],
            deck=deck[3:],
            display=deck[:3],
            garden=[{"levels": [], "figure": None, "material": None} for _ in range(GARDEN_FIELDS)],
            quarters={q: [] for q in QUARTERS},
            vizier=VIZIER_START,
            serail=[],
            serail_spaces=SERAIL_SPACES_BY_PLAYERS[n],
            figures=[FIGURES] * n,
            markers=[SERAIL_MARKERS] * n,
            treasury=[],
            serail_figure=None,
            hands=[[] for _ in range(n)],
            action_deck=actions,
            discard=[],
            turn=first,
            phase="harbour",
            step=fresh_step(),
            end=None,
            pending=None,
        )

    # ------------------------------------------------------------------ who, what
    def _to_act(self, state: State) -> list[int]:
        pending = state["pending"]
        return [pending["seat"] if pending else state["turn"]]

    # The public verbs for the common case, in one call each (as the base class decides it): the
    # seat to act in a running game, its moves, and (`apply`) a move that is a map with a type.
    # Anything else goes through the base class (its checks of seat, move shape, game over and
    # turn), so bad input is refused the same way.
    def to_act(self, state: State) -> list[int]:
        if state["end"] is not None:
            return []
        pending = state["pending"]
        return [pending["seat"] if pending else state["turn"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        pending = state["pending"]
        if (
            type(seat) is not int
            or seat != (pending["seat"] if pending else state["turn"])
            or state["end"] is not None
            or not 0 <= seat < state["players"]
        ):
            return super().legal_moves(state, seat)
        return self._legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        pending = state["pending"]
        if (
            type(seat) is not int
            or seat != (pending["seat"] if pending else state["turn"])
            or state["end"] is not None
            or not 0 <= seat < state["players"]
            or (type(move) is not ListedMove and type(move) is not dict)
            or type(move.get("type")) is not str
        ):
            return super().apply(state, seat, move)
        work = dict(state)  # `_working_copy`
        return work, self._apply(work, seat, move)

    def _wait_reason(self, state: State, seat: int) -> str:
        pending = state["pending"]
        if pending:
            return (
                f"seat {pending['seat']} is choosing the quarter its figure leaves for"
                f" {PENDING_FOR[pending['for']]}; seat {seat} waits"
            )
        return super()._wait_reason(state, seat)

    def _is_over(self, state: State) -> bool:
        return state["end"] is not None

    def _legal_moves(self, state: State, seat: int) -> list[Move]:
        pending = state["pending"]
        if pending:
            return [
                listed(SEND_MOVES, q, type="send_figure", quarter=q) for q in pending["quarters"]
            ]
        phase = state["phase"]
        if phase == "return":
            return self._return_moves(state, seat)
        if phase == "harbour":
            moves = self._harbour_moves(state, seat)
        elif phase == "build":
            moves = self._build_moves(state, seat)
            moves.append(PASS)
        elif phase == "quarter":
            moves = self._place_moves(state, seat)
            moves.append(PASS)
        elif phase == "draw":
            moves = [DRAW]
        else:
            moves = [END_TURN]
        self._add_free_moves(state, seat, moves)
        return moves

    def _harbour_moves(self, state: State, seat: int) -> list[Move]:
        moves: list[Move] = []
        for field in shown_fields(state["harbour_cards"][seat]):
            if field == 2:
                removals = [REMOVE_MOVES[c] for c in state["display"] if c in PALACE_CARDS]
                if removals:
                    moves += removals
                else:
                    moves.append(HARBOUR_MOVES[2])
            elif field == 3:
                self._vizier_moves(state, seat, moves)
            else:
                moves.append(listed(HARBOUR_MOVES, field, type="harbour", field=field))
        return moves

    def _vizier_moves(self, state: State, seat: int, moves: list[Move]) -> None:
        """The moves of harbour field 3. The vizier's action uses the stock and supply after
        the harbour step (as `_take_harbour` leaves them)."""
        first, second, taken, fourth = state["harbour"]
        stock = dict(state["stocks"][seat])
        stock[taken["material"]] += taken["count"]
        supply = dict(state["supply"])
        # `_refill_harbour` after field 3: the type taken restarts field 1, fields 1 and 2
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

    def _build_moves(self, state: State, seat: int) -> list[Move]:
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
            sources = self._figure_sources(state, seat, card)
            for source in sources:
                moves += [build_move(card, source, False, leave) for leave in leaves]
            if sources != [None] and self._may_leave_balcony(state, seat, card):
                moves += [build_move(card, None, True, leave) for leave in leaves]
        return moves

    def _figure_sources(self, state: State, seat: int, card: str) -> list[str | None]:
        """Where the builder's balcony figure may come from: [None] for his supply (or no
        figure at all), else the quarters holding one of his figures."""
        field = state["garden"][CARDS[card]["field"] - 1]
        if state["figures"][seat] > 0 or field["figure"] == seat:
            return [None]
        return [q for q in QUARTERS if seat in state["quarters"][q]] or [None]

    def _may_leave_balcony(self, state: State, seat: int, card: str) -> bool:
        """Whether the builder may build without putting a figure on the balcony: his supply is
        empty and the figure there (if any) is not his own, which would come back to him."""
        field = state["garden"][CARDS[card]["field"] - 1]
        return state["figures"][seat] == 0 and field["figure"] != seat

    def _place_moves(self, state: State, seat: int) -> list[Move]:
        price = quarter_figures(state, seat) + 1
        if state["figures"][seat] == 0 or state["stocks"][seat]["gold"] < price:
            return []
        return list(PLACE_MOVES)

    def _return_moves(self, state: State, seat: int) -> list[Move]:
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
            moves += [
                listed(DISCARD_MOVES, c, type="discard_card", card=c) for c in sorted(set(hand))
            ]
        return moves

    def _add_free_moves(self, state: State, seat: int, moves: list[Move]) -> None:
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
            # As `_quarter_blocked`: no figure there, the vizier's quarter, figures that have
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
                    moves += [
                        m for m in MOVE_FIGURE_MOVES[src] if m["to"] != src and m["to"] != vizier
                    ]

    def _working_copy(self, state: State) -> State:
        # Only the top level: `_apply` copies the containers its move may change (`OWN`) and
        # shares the rest with the state it was given.
        return dict(state)

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        kind = move["type"]
        try:
            plain = PLAIN_MOVES[state["phase"]].get(kind)
        except KeyError:  # no phase of the rules: `_check_move` says what is wrong
            plain = None
        if plain is None or state["pending"] or not plain[0].issuperset(move):
            self._check_move(state, kind, move)
            plain = (None, OWN.get(kind), DO[kind])
        _, own, rule = plain
        if own is not None:
            own(state, seat, move)
        events: list[Event] = []
        rule(self, state, seat, move, events)
        if (
            state["end"] is None
            and PALACE_CARDS.isdisjoint(state["display"])
            and PALACE_CARDS.isdisjoint(state["deck"])
        ):
            self._finish(state, "palace_complete", events)
        return events

    def _check_move(self, state: State, kind: str, move: Move) -> None:
        """Refuse a move of a type, with keys or at a time the rules do not allow (the moves of
        the turn's phases with the right keys pass `_apply` without coming here)."""
        allowed = MOVE_FIELDS.get(kind)
        if allowed is None:
            raise IllegalMove(
                f"unknown move {kind!r}; the moves are {', '.join(MOVE_KEYS)}", "malformed"
            )
        if not allowed.issuperset(move):
            extra = set(move) - {"type"} - MOVE_KEYS[kind]
            raise IllegalMove(
                f"a {kind!r} move does not take {', '.join(sorted(extra))}", "malformed"
            )
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

    # --- 1. harbour
    def _do_harbour(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
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
        self._take_harbour(state, seat, field, events)
        if field == 1:
            self._draw_card(state, seat, events)
        elif field == 2:
            self._remove_card(state, move.get("remove"), events)
        elif field == 3:
            self._move_vizier(state, seat, move, events)
        state["phase"] = "build"

    def _take_harbour(self, state: State, seat: int, field: int, events: list[Event]) -> None:
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
        shown = self._refill_harbour(state, field - 1)
        cards = state["harbour_cards"][seat]
        for card, side in cards.items():
            if HARBOUR_CARDS[card][side] == field:
                cards[card] = TURNED[side]
                break
        events.append({"type": "harbour_refilled", "harbour": shown})

    def _refill_harbour(self, state: State, taken: int) -> list[dict[str, Any]]:
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

    def _remove_card(self, state: State, card: Any, events: list[Event]) -> None:
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
        self._leave_display(state, card, "removed", events)

    def _move_vizier(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
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
        self._quarter_action(state, seat, target, move, events, immediate=True)

    def _quarter_action(
        self,
        state: State,
        seat: int,
        quarter: str,
        move: Move,
        events: list[Event],
        immediate: bool,
    ) -> None:
        """Carry out a quarter's action for the seat. The vizier's immediate action takes a
        material only as far as the supply holds; a swap is named when one is possible (the
        vizier's may be declined instead: see `_move_vizier`)."""
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

    # --- 2. build
    def _do_build(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card, slot = self._displayed(state, move, "palace")
        if state["step"]["built"]:
            raise IllegalMove("you have already built a palace part this turn")
        info = CARDS[card]
        field = state["garden"][info["field"] - 1]
        cost = card_cost(state, card, slot)
        self._pay(state, seat, cost, card)
        sources = self._figure_sources(state, seat, card)
        source = move.get("from_quarter")
        no_figure = flag(move, "no_figure")
        if no_figure:
            if source is not None:
                raise IllegalMove("take your balcony figure from a quarter or place none, not both")
            if not self._may_leave_balcony(state, seat, card):
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
            self._take_from_quarter(state, seat, source)
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
            self._add_marker(state, returned, events)
        state["step"]["built"] = True
        self._leave_display(state, card, "built", events)
        self._after_building(state)

    def _do_fulfil(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card, slot = self._displayed(state, move, "special")
        if state["step"]["fulfilled"]:
            raise IllegalMove("you have already fulfilled a treasury or end card this turn")
        cost = card_cost(state, card, slot)
        self._pay(state, seat, cost, card)
        state["step"]["fulfilled"] = True
        events.append({"type": "fulfilled", "seat": seat, "card": card, "cost": cost})
        self._leave_display(state, card, "fulfilled", events)
        if CARDS[card]["kind"] == "end":
            self._finish(state, "end_card", events)
            return
        self._score_treasury(state, events)
        self._after_building(state)

    def _displayed(self, state: State, move: Move, kind: str) -> tuple[str, int]:
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

    def _pay(self, state: State, seat: int, cost: dict[str, int], card: str) -> None:
        stock = state["stocks"][seat]
        if not can_pay(stock, cost):
            raise IllegalMove(f"{card} costs {fmt_cost(cost)} here; you have {fmt_cost(stock)}")
        for material, count in cost.items():
            stock[material] -= count
            state["supply"][material] += count

    def _after_building(self, state: State) -> None:
        """Leave the build step once nothing more may be built or fulfilled this turn."""
        step = state["step"]
        specials = any(c and c not in PALACE_CARDS for c in state["display"])
        if step["built"] and (step["fulfilled"] or not specials):
            self._to_quarter_step(state)

    def _to_quarter_step(self, state: State) -> None:
        # No figure in supply: no quarter can be taken this turn, whatever happens.
        can_place = state["step"]["built"] and state["figures"][state["turn"]] > 0
        state["phase"] = "quarter" if can_place else "draw"

    def _leave_display(self, state: State, card: str, reason: str, events: list[Event]) -> None:
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

    def _add_marker(self, state: State, seat: int, events: list[Event]) -> None:
        """The seat puts a serail marker on space 1; the others move on, and one pushed past
        the last space in use goes back to its owner."""
        if state["markers"][seat] == 0:
            return
        state["markers"][seat] -= 1
        serail = state["serail"]
        serail.insert(0, seat)
        events.append({"type": "serail_marker", "seat": seat})
        if len(serail) > state["serail_spaces"]:
            out = serail.pop()
            state["markers"][out] += 1
            events.append({"type": "serail_marker_returned", "seat": out})
        if state["options"]["profi"]:
            self._update_serail_figure(state, events)

    def _update_serail_figure(self, state: State, events: list[Event]) -> None:
        leader = serail_leader(state)
        holder = state["serail_figure"]
        if leader is None or leader == holder:
            return
        if holder is not None:
            state["figures"][holder] += 1
            state["serail_figure"] = None
            events.append({"type": "serail_figure_returned", "seat": holder})
        if self._ask_for_figure(state, leader, "serail"):
            events.append({"type": "serail_figure", "seat": leader, "choosing": True})
            return
        if has_figure(state, leader):
            source = self._take_any_figure(state, leader)
            state["serail_figure"] = leader
            events.append({"type": "serail_figure", "seat": leader, "from_quarter": source})

    def _score_treasury(self, state: State, events: list[Event]) -> None:
        """The player with the most points puts a figure into the treasury; a tie the serail
        cannot break, or a leader without a figure, places none."""
        score = points(state)
        best = max(score)
        leaders = serail_preferred(state["serail"], [s for s, p in enumerate(score) if p == best])
        event: Event = {
            "type": "treasury_scored",
            "seat": None,
            "leaders": leaders,
            "points": score,
        }
        if len(leaders) == 1 and self._ask_for_figure(state, leaders[0], "treasury"):
            event.update(seat=leaders[0], choosing=True)
        elif len(leaders) == 1 and has_figure(state, leaders[0]):
            source = self._take_any_figure(state, leaders[0])
            state["treasury"].append(leaders[0])
            event.update(seat=leaders[0], from_quarter=source)
        events.append(event)

    def _ask_for_figure(self, state: State, seat: int, target: str) -> bool:
        """With the seat's supply empty and figures in more than one quarter, the seat names
        the quarter its figure leaves for the treasury or serail: ask, and say so."""
        quarters = figure_quarters(state, seat)
        if state["figures"][seat] > 0 or len(quarters) < 2:
            return False
        state["pending"] = {"seat": seat, "for": target, "quarters": quarters}
        return True

    def _take_any_figure(self, state: State, seat: int) -> str | None:
        """Take one of the seat's figures (see `has_figure`) for the treasury or serail: from
        his supply, else from a quarter (the vizier's, where it is idle, first; then in board
        order). Returns the quarter it left, or None for the supply."""
        if state["figures"][seat] > 0:
            state["figures"][seat] -= 1
            return None
        quarter = figure_quarters(state, seat)[0]
        self._take_from_quarter(state, seat, quarter)
        return quarter

    def _do_send_figure(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        pending = state["pending"]
        quarter = move.get("quarter")
        if quarter not in pending["quarters"]:
            raise IllegalMove(
                f"your figure for {PENDING_FOR[pending['for']]} leaves one of these quarters:"
                f" {', '.join(pending['quarters'])}"
            )
        self._send_figure(state, quarter, events)

    def _send_figure(self, state: State, quarter: str, events: list[Event]) -> None:
        """The pending figure leaves `quarter` for the treasury or the serail."""
        pending, state["pending"] = state["pending"], None
        seat = pending["seat"]
        self._take_from_quarter(state, seat, quarter)
        if pending["for"] == "treasury":
            state["treasury"].append(seat)
        else:
            state["serail_figure"] = seat
        events.append(
            {"type": "figure_sent", "seat": seat, "quarter": quarter, "to": pending["for"]}
        )

    def _take_from_quarter(self, state: State, seat: int, quarter: str) -> None:
        state["quarters"][quarter].remove(seat)
        if seat == state["turn"]:
            # The figure taken is one that has already acted, if any has.
            spent = state["step"]["spent"]
            left = state["quarters"][quarter].count(seat)
            if spent.get(quarter, 0) > left:
                spent[quarter] = left

    def _do_pass(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        if state["phase"] == "build":
            self._to_quarter_step(state)
        else:
            state["phase"] = "draw"
        events.append({"type": "passed", "seat": seat})

    # --- 3. quarter
    def _do_place_figure(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        quarter = move.get("quarter")
        if quarter not in QUARTERS:
            raise IllegalMove(f"name a quarter: {', '.join(QUARTERS)}")
        if state["figures"][seat] == 0:
            raise IllegalMove("you have no figure left in your supply")
        price = quarter_figures(state, seat) + 1
        self._pay(state, seat, {"gold": price}, f"a figure in the {quarter}")
        state["figures"][seat] -= 1
        state["quarters"][quarter].append(seat)
        # It works from the next turn on.
        spent = state["step"]["spent"]
        spent[quarter] = spent.get(quarter, 0) + 1
        state["phase"] = "draw"
        events.append({"type": "figure_placed", "seat": seat, "quarter": quarter, "gold": price})

    # --- 4. draw, end of turn
    def _do_draw(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        self._draw_card(state, seat, events)
        state["phase"] = "finish"

    def _draw_card(self, state: State, seat: int, events: list[Event]) -> None:
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
        events.append(
            {"type": "card_drawn", "seat": seat, "hidden": {"card": card}, "seen_by": [seat]}
        )

    def _hand_limit(self, state: State) -> int:
        return HAND_LIMIT_PROFI if state["options"]["profi"] else HAND_LIMIT

    def _within_limits(self, state: State, seat: int) -> bool:
        return sum(state["stocks"][seat].values()) <= STOCK_LIMIT and len(
            state["hands"][seat]
        ) <= self._hand_limit(state)

    def _do_end_turn(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        if sum(state["stocks"][seat].values()) <= STOCK_LIMIT and len(state["hands"][seat]) <= (
            HAND_LIMIT_PROFI if state["options"]["profi"] else HAND_LIMIT
        ):  # as `_within_limits`
            self._next_turn(state, events)
        else:
            state["phase"] = "return"
            events.append({"type": "over_limits", "seat": seat})

    def _do_return_material(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
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
            self._next_turn(state, events)

    def _do_discard_card(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        card = move.get("card")
        hand = state["hands"][seat]
        if len(hand) <= self._hand_limit(state):
            raise IllegalMove(f"you hold no more than {self._hand_limit(state)} cards; keep them")
        if card not in hand:
            raise IllegalMove(f"you hold no {card!r} action card")
        hand.remove(card)
        state["discard"].append(card)
        events.append(
            {"type": "card_discarded", "seat": seat, "hidden": {"card": card}, "seen_by": [seat]}
        )
        if self._within_limits(state, seat):
            self._next_turn(state, events)

    def _next_turn(self, state: State, events: list[Event]) -> None:
        state["turn"] = (state["turn"] + 1) % state["players"]
        state["phase"] = "harbour"
        state["step"] = {"built": False, "fulfilled": False, "moved": False, "spent": {}}
        events.append({"type": "turn_started", "seat": state["turn"]})

    # --- free actions
    def _do_play_card(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
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

    def _do_use_quarter(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
        quarter = move.get("quarter")
        if quarter not in QUARTERS:
            raise IllegalMove(f"name a quarter: {', '.join(QUARTERS)}")
        reason = self._quarter_blocked(state, seat, quarter)
        if reason is not None:
            raise IllegalMove(reason)
        self._quarter_action(state, seat, quarter, move, events, immediate=False)
        spent = state["step"]["spent"]
        spent[quarter] = spent.get(quarter, 0) + 1

    def _quarter_blocked(self, state: State, seat: int, quarter: str) -> str | None:
        """Why the seat cannot use the quarter now, or None."""
        mine = state["quarters"][quarter].count(seat)
        if mine == 0:
            return f"you have no figure in the {quarter}"
        if state["vizier"] == quarter:
            return f"the vizier blocks the {quarter}"
        if state["step"]["spent"].get(quarter, 0) >= mine:
            return f"your figures in the {quarter} have already acted this turn"
        return None

    def _do_move_figure(self, state: State, seat: int, move: Move, events: list[Event]) -> None:
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

    # ------------------------------------------------------------------ end, views, results
    def _finish(self, state: State, reason: str, events: list[Event]) -> None:
        if state["pending"]:
            # The game ends before its owner names the quarter: which one no longer matters.
            self._send_figure(state, state["pending"]["quarters"][0], events)
        state["end"] = reason
        events.append({"type": "game_over", "reason": reason, **self._outcome(state)})

    def _outcome(self, state: State) -> dict[str, Any]:
        """The scores as the sum of their parts: `breakdown[seat]` lists the seat's figures on
        balconies, in the treasury and (profi) in the serail, a point each."""
        parts = point_parts(state)
        score = [sum(p) for p in parts]
        best = max(score)
        winners = serail_preferred(state["serail"], [s for s, p in enumerate(score) if p == best])
        breakdown = [
            [
                {"id": part, "count": n, "points": n}
                for part, n in zip(POINT_PARTS, seat_parts, strict=True)
                if part != "serail" or state["options"]["profi"]
            ]
            for seat_parts in parts
        ]
        return {"scores": score, "winners": winners, "end": state["end"], "breakdown": breakdown}

    def _view(self, state: State, seat: int | None) -> View:
        state = self.copy_state(state)  # the view must not share containers with the state
        view = {
            k: state[k]
            for k in (
                "players",
                "options",
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
        }
        view.update(
            options=dict(state["options"]),
            game=self.id,
            seat=seat,
            to_act=self.to_act(state),
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
            view["outcome"] = self._outcome(state)
        return view

    def may_take_back(self, before: State, seat: int, move: Move, events: list[Event]) -> bool:
        """The steps of a turn with open materials and figures: the harbour, building,
        fulfilling, a figure into a quarter, a quarter's action, moving a figure, passing and
        giving back over the limits. Not an action card drawn or played (hidden until then), a
        palace card turned up from the deck, a reshuffle, or the end of the turn."""
        if move["type"] in ("draw", "play_card", "end_turn"):
            return False
        quiet = {
            "harbour_taken",
            "harbour_refilled",
            "card_left",
            "vizier_moved",
            "quarter_action",
            "built",
            "figure_returned",
            "balcony",
            "material_left",
            "fulfilled",
            "serail_marker",
            "serail_marker_returned",
            "serail_figure_returned",
            "serail_figure",
            "treasury_scored",
            "passed",
            "figure_placed",
            "material_returned",
            "card_discarded",
            "figure_moved",
            "over_limits",
        }
        return all(e["type"] in quiet for e in events)

    def copy_state(self, state: State) -> State:
        # A structural deep copy of the known layout: far faster than a generic one.
        out = dict(state)
        copy_containers(out)
        return out


def copy_containers(state: State) -> None:
    """Replace every container of the state (a copy of its top level) with a copy."""
    state["supply"] = dict(state["supply"])
    state["stocks"] = [dict(s) for s in state["stocks"]]
    state["harbour"] = [dict(h) for h in state["harbour"]]
    state["harbour_cards"] = [dict(c) for c in state["harbour_cards"]]
    for key in (
        "deck",
        "display",
        "serail",
        "figures",
        "markers",
        "treasury",
        "action_deck",
        "discard",
    ):
        state[key] = state[key][:]
    state["garden"] = [{**g, "levels": g["levels"][:]} for g in state["garden"]]
    state["quarters"] = {q: f[:] for q, f in state["quarters"].items()}
    state["hands"] = [h[:] for h in state["hands"]]
    state["step"] = {**state["step"], "spent": dict(state["step"]["spent"])}
    if state["pending"]:
        state["pending"] = {**state["pending"], "quarters": state["pending"]["quarters"][:]}


def own_stock(state: State, seat: int) -> None:
    """The working state's own supply and stock of `seat` (see `OWN`)."""
    stocks = state["stocks"] = state["stocks"][:]
    stocks[seat] = dict(stocks[seat])
    state["supply"] = dict(state["supply"])


def own_hand(state: State, seat: int) -> None:
    """The working state's own hand of `seat` and discard pile."""
    hands = state["hands"] = state["hands"][:]
    hands[seat] = hands[seat][:]
    state["discard"] = state["discard"][:]


def own_step(state: State) -> None:
    step = state["step"]
    state["step"] = {**step, "spent": dict(step["spent"])}


# What `_apply` copies into the working state before a move of each type: the containers the
# move may change. The others stay shared with the state `apply` was given, which must not
# change; pass and end_turn only set the phase, the turn and a fresh step.
def own_return(state: State, seat: int, move: Move) -> None:
    stocks = state["stocks"] = state["stocks"][:]  # as own_stock, for the commonest move
    stocks[seat] = dict(stocks[seat])
    state["supply"] = dict(state["supply"])


def own_play(state: State, seat: int, move: Move) -> None:
    own_hand(state, seat)
    own_stock(state, seat)


def own_discard(state: State, seat: int, move: Move) -> None:
    own_hand(state, seat)


def own_draw(state: State, seat: int, move: Move) -> None:
    hands = state["hands"] = state["hands"][:]
    hands[seat] = hands[seat][:]
    if state["action_deck"]:
        state["action_deck"] = state["action_deck"][:]
    else:  # the discard pile becomes the deck and is shuffled in place
        state["discard"] = state["discard"][:]


def own_use(state: State, seat: int, move: Move) -> None:
    own_stock(state, seat)
    own_step(state)


def own_harbour(state: State, seat: int, move: Move) -> None:
    stocks = state["stocks"] = state["stocks"][:]  # as own_stock; the harbour itself is
    stocks[seat] = dict(stocks[seat])  # refilled into new dicts
    state["supply"] = dict(state["supply"])
    cards = state["harbour_cards"] = state["harbour_cards"][:]
    cards[seat] = dict(cards[seat])
    field = move.get("field")
    if field == 1:
        own_draw(state, seat, move)
    elif field == 2:
        state["display"] = state["display"][:]
        state["deck"] = state["deck"][:]


def own_place(state: State, seat: int, move: Move) -> None:
    own_stock(state, seat)
    own_step(state)
    state["figures"] = state["figures"][:]
    state["quarters"] = {q: f[:] for q, f in state["quarters"].items()}


def own_all(state: State, seat: int, move: Move) -> None:
    copy_containers(state)  # build, fulfil, send_figure, move_figure: rarer, and they reach far


OWN = {
    "return_material": own_return,
    "play_card": own_play,
    "discard_card": own_discard,
    "draw": own_draw,
    "use_quarter": own_use,
    "harbour": own_harbour,
    "place_figure": own_place,
    "build": own_all,
    "fulfil": own_all,
    "send_figure": own_all,
    "move_figure": own_all,
}


# The rule of each move type.
DO = {kind: getattr(SabaPalast, f"_do_{kind}") for kind in MOVE_KEYS}
PLAIN_MOVES.update(
    {
        phase: {
            kind: (MOVE_FIELDS[kind], OWN.get(kind), DO[kind])
            for kind in MOVE_KEYS
            if kind in kinds or (kind in FREE_MOVES and phase in FREE_PHASES)
        }
        for phase, kinds in PHASE_MOVES.items()
    }
)

GAME = SabaPalast()
