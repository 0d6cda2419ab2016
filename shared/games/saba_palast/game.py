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

The rules are in rooms by job: `facts` (what the rules look up in a state), `legal` (the legal
moves), `moves` (applying a move: its check and the rule of each type, in `harbour`,
`building`, `figures` and `turn`), `scoring` (points and the outcome), `views` (what a seat
may see) and `copies`.

Speed (docs/performance.md): `apply` copies only the containers a move of its type may change
(`copies.OWN`) and shares the rest with the state it was given, so a state handed out must never be
changed in place — copy it first (`copy_state` is a full copy). `legal_moves` hands out moves
built once (`engine.ListedMove`, read-only) from tables, and remembers a few answers by what
they depend on (the vizier's moves, the harbour fields shown, the cards a hand may play).
"""

from __future__ import annotations

import random
from typing import Any

from shared.engine import Event, Game, ListedMove, Move, Option, State, View
from shared.games.saba_palast.copies import copy_state
from shared.games.saba_palast.data import (
    ACTION_CARDS_PER_MATERIAL,
    BOTTOM_LEVEL3,
    FIGURES,
    GARDEN_FIELDS,
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    MATERIAL_COUNT,
    MATERIALS,
    PALACE_CARDS_BY_LEVEL,
    QUARTERS,
    SERAIL_MARKERS,
    SERAIL_SPACES_BY_PLAYERS,
    START_MATERIALS_BY_PLACE,
    VIZIER_START,
)
from shared.games.saba_palast.facts import PENDING_FOR, fresh_step
from shared.games.saba_palast.legal import list_moves
from shared.games.saba_palast.moves import apply_move
from shared.games.saba_palast.scoring import outcome
from shared.games.saba_palast.views import seat_view


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
        return list_moves(state, seat)

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
        return work, apply_move(work, seat, move)

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
        return list_moves(state, seat)

    def _working_copy(self, state: State) -> State:
        # Only the top level: `apply_move` copies the containers its move may change (`OWN`) and
        # shares the rest with the state it was given.
        return dict(state)

    def _apply(self, state: State, seat: int, move: Move) -> list[Event]:
        return apply_move(state, seat, move)

    def _outcome(self, state: State) -> dict[str, Any]:
        return outcome(state)

    def _view(self, state: State, seat: int | None) -> View:
        return seat_view(state, seat, self.id)

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
        return copy_state(state)


GAME = SabaPalast()
