"""Saba – Palast der Königin's bots: the rules of thumb (`basic`), and which moves the search
weighs."""

from __future__ import annotations

import random
from collections import Counter

from shared.bots.saba_palast.evaluation import (
    QUARTER_OF,
    SPITE,
    card_gain,
    coming_level,
    options_to_build,
)
from shared.bots.saba_palast.hidden import determinize, seat_board
from shared.engine import Move, State, View
from shared.games.saba_palast.data import (
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    MATERIALS,
    PALACE_CARDS_BY_LEVEL,
    QUARTER_MATERIAL,
    QUARTERS,
    STOCK_LIMIT,
)
from shared.games.saba_palast.facts import card_cost, obsolete
from shared.games.saba_palast.game import GAME

# ---------------------------------------------------------------------- what the search weighs


def harbour_choices(board: dict, seat: int, legal: list[Move]) -> list[Move]:
    """The harbour moves worth weighing (see `sensible_swaps`)."""
    stock = board["stocks"][seat]
    # The vizier's quarter acts on the stock after harbour field 3's materials.
    field = board["harbour"][2]
    after = {**stock, field["material"]: stock[field["material"]] + field["count"]}
    room = STOCK_LIMIT - sum(after.values())
    return sensible_swaps([m for m in legal if m["type"] == "harbour"], after, room)


def sensible_swaps(moves: list[Move], stock: dict[str, int], room: int = 0) -> list[Move]:
    """The harbour moves, keeping of those whose vizier swaps at a quarter only the one giving
    the material the seat holds most of for the one it holds least of — or declining the swap
    where even that one would give more of a material than it brings. The vizier's free
    material is declined only when the stock has no `room` left for it after field 3."""
    best: dict[str, Move] = {}
    for move in moves:
        if "give" in move:
            quarter, rank = move["vizier"], stock[move["give"]] - stock[move["take"]]
            if (
                quarter not in best
                or rank > stock[best[quarter]["give"]] - stock[best[quarter]["take"]]
            ):
                best[quarter] = move

    def kept(move: Move) -> bool:
        quarter = move.get("vizier")
        if quarter in best:
            swap = best[quarter]
            worth = stock[swap["give"]] - stock[swap["take"]] > 0
            return move is swap if worth else bool(move.get("decline"))
        if move.get("decline"):
            return room <= 0
        return True

    return [m for m in moves if kept(m)]


# ---------------------------------------------------------------------- rules of thumb

# The least gain that makes a build worth its materials: materials come easily, and even a
# balcony that will not last counts for the treasury scorings and sends another figure home.
WORTH_BUILDING = -0.3
# Quarter figures a player sets up, while enough of the palace is left to repay them.
QUARTER_FIGURES = 3
QUARTER_CARDS_LEFT = 10


def hand_limit(board: dict) -> int:
    return HAND_LIMIT_PROFI if board["options"]["profi"] else HAND_LIMIT


def build_options(view: View, seat: int) -> list[tuple[float, str, list[Move]]]:
    """(value, card, free moves first) of what the seat may build or fulfil now."""
    return [
        (gain + SPITE * taken, card, plan)
        for gain, taken, card, plan in options_to_build(view, seat, view["hand"], view["points"])
    ]


def demand(view: View, seat: int) -> dict[str, float]:
    """How much the seat wants each material: the displayed cards worth building, the
    level the deck is at, and gold for surcharges and quarters."""
    want = {m: 0.0 for m in MATERIALS}
    want["gold"] = 1.0
    for slot, card in enumerate(view["display"]):
        if card is None or obsolete(view, card):
            continue
        gain, taken = card_gain(view, seat, card, slot, view["points"])
        weight = max(0.2, gain + SPITE * taken)
        for m, k in card_cost(view, card, slot).items():
            want[m] += weight * k
    for card in PALACE_CARDS_BY_LEVEL[coming_level(view)]:
        for m, k in CARDS[card]["cost"].items():
            want[m] += 0.1 * k
    return want


def least_useful(view: View, seat: int, have: dict[str, int]) -> str:
    """The material among `have` the seat can spare best."""
    want = demand(view, seat)
    return max((m for m in MATERIALS if have.get(m)), key=lambda m: have[m] - want[m])


def most_useful(view: View, seat: int, among: list[str]) -> str:
    """The material among `among` the seat lacks most."""
    want, stock = demand(view, seat), view["stocks"][seat]
    return max(among, key=lambda m: want[m] - stock[m])


def best_build(view: View, seat: int, legal: list[Move]) -> Move | None:
    """The next move toward the best build or fulfilment worth making, or None."""
    found = [f for f in build_options(view, seat) if f[0] > WORTH_BUILDING]
    if not found:
        return None
    _, card, plan = max(found, key=lambda f: f[0])
    if plan:
        return plan[0] if plan[0] in legal else None
    kind = "build" if CARDS[card]["kind"] == "palace" else "fulfil"
    moves = [m for m in legal if m["type"] == kind and m["card"] == card and "leave" not in m]
    # A balcony figure taken from a quarter: the one the vizier blocks, else any; building
    # without one (an empty supply allows it) only when no figure can go up.
    moves.sort(key=lambda m: (bool(m.get("no_figure")), m.get("from_quarter") != view["vizier"]))
    return moves[0] if moves else None


def harbour_score(
    view: View,
    seat: int,
    move: Move,
    rng: random.Random,
    state: State | None = None,
    want: dict[str, float] | None = None,
) -> float:
    """How good the position looks after this harbour move: the best build then within reach,
    what the new materials are worth, and the quarters of others the vizier now blocks. The
    move is tried on an imagined state, or on `state` itself (a play-out's imagined state).
    `want`: the seat's `demand` before the move, the same after it unless it removes a card."""
    if state is None:
        after, _ = GAME.apply(determinize(view, rng), seat, move)
        seen = GAME.view(after, seat)
    else:
        seen = seat_board(GAME.apply(state, seat, move)[0], seat)
    score = max([0.0, *(f[0] for f in build_options(seen, seat))])
    if want is None or "remove" in move:
        want = demand(seen, seat)
    stock = seen["stocks"][seat]
    score += 0.03 * sum(min(stock[m], want[m]) for m in MATERIALS)
    score += 0.05 * (len(seen["hand"]) - len(view["hand"]))
    if move.get("decline"):
        # The vizier's quarter is worth declining where its material would only go over the
        # stock limit (and be given back); else a swap or material is taken as it comes.
        over = sum(stock.values()) + (move["vizier"] in QUARTER_MATERIAL) > STOCK_LIMIT
        score += 0.05 if over else -0.01
    if "vizier" in move:
        blocked = view["quarters"][move["vizier"]]
        score += 0.1 * sum(1 for s in blocked if s != seat) - 0.2 * blocked.count(seat)
    if "remove" in move:
        score += threat_removed(view, seat, move["remove"])
    return score


def threat_removed(view: View, seat: int, card: str) -> float:
    """Worth of taking `card` out of the game: it would have sent one of our figures home, or
    given another player a balcony."""
    info = CARDS[card]
    holder = view["garden"][info["field"] - 1]["figure"]
    return 0.5 if holder == seat else 0.1


def choose_harbour(
    view: View, seat: int, legal: list[Move], rng: random.Random, state: State | None = None
) -> Move:
    harbour = [m for m in legal if m["type"] == "harbour"]
    want = demand(view, seat)
    return max(
        harbour, key=lambda m: (harbour_score(view, seat, m, rng, state, want), rng.random())
    )


def choose_quarter(view: View, seat: int, legal: list[Move]) -> Move:
    placing = [m for m in legal if m["type"] == "place_figure"]
    mine = sum(figs.count(seat) for figs in view["quarters"].values())
    left = view["deck_count"] + sum(1 for c in view["display"] if c)
    if (
        placing
        and view["figures"][seat] >= 3
        and mine < QUARTER_FIGURES
        and left >= QUARTER_CARDS_LEFT
    ):
        material = most_useful(view, seat, list(MATERIALS))
        quarter = QUARTER_OF[material]
        if quarter == view["vizier"]:
            quarter = next(q for q in QUARTERS if q != view["vizier"])
        return {"type": "place_figure", "quarter": quarter}
    return {"type": "pass"}


def top_up(view: View, seat: int, legal: list[Move]) -> Move | None:
    """A free material for next turn: an idle quarter's material while the stock has room."""
    if sum(view["stocks"][seat].values()) >= STOCK_LIMIT:
        return None
    quarters = [
        QUARTER_MATERIAL[m["quarter"]]
        for m in legal
        if m["type"] == "use_quarter" and m["quarter"] in QUARTER_MATERIAL
    ]
    if quarters:
        return {"type": "use_quarter", "quarter": QUARTER_OF[most_useful(view, seat, quarters)]}
    return None


def basic(
    view: View, legal: list[Move], rng: random.Random, state: State | None = None
) -> Move | None:
    """The rules-of-thumb move for the seat's view (or, in a play-out, for `state`, a full
    imagined state read as the seat's board: see `seat_board`)."""
    seat, phase = view["seat"], view["phase"]
    if view["pending"]:
        # A figure leaving a quarter for the treasury or serail: the default quarter.
        return {"type": "send_figure", "quarter": view["pending"]["quarters"][0]}
    stock = view["stocks"][seat]
    if phase == "return":
        if sum(stock.values()) > STOCK_LIMIT:
            return {"type": "return_material", "material": least_useful(view, seat, stock)}
        card = least_useful(view, seat, Counter(view["hand"]))
        return {"type": "discard_card", "card": card}
    if phase == "harbour":
        return choose_harbour(view, seat, legal, rng, state)
    if phase == "build":
        return best_build(view, seat, legal) or {"type": "pass"}
    if phase == "quarter":
        return choose_quarter(view, seat, legal)
    move = top_up(view, seat, legal)
    if move is not None:
        return move
    # A card the hand cannot keep after the draw is better played than thrown away.
    hand = view["hand"]
    room = sum(stock.values()) < STOCK_LIMIT
    full = len(hand) >= hand_limit(view) + (phase == "finish")
    if hand and room and full:
        card = most_useful(view, seat, sorted(set(hand)))
        if view["supply"][card] > 0:
            return {"type": "play_card", "card": card}
    return {"type": "draw" if phase == "draw" else "end_turn"}
