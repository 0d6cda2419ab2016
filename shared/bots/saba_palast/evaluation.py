"""Saba – Palast der Königin's bots: judging a position (`evaluate`) and the sums over a view or a
full state it is made of, which the rules of thumb share."""

from __future__ import annotations

import math

from shared.bots.saba_palast.hidden import DECK_LAYOUT
from shared.engine import Move, State
from shared.games.saba_palast.data import (
    CARDS,
    LEVEL_PARTS,
    MATERIALS,
    QUARTER_MATERIAL,
    SPECIAL_COSTS,
    STOCK_LIMIT,
    card_id,
)
from shared.games.saba_palast.facts import card_cost, fresh_step, obsolete, visible_fields
from shared.games.saba_palast.game import GAME
from shared.games.saba_palast.scoring import points, serail_preferred

TREASURY_CARDS = [c for c in SPECIAL_COSTS if CARDS[c]["kind"] == "treasury"]

# The quarter that hands out each material.
QUARTER_OF: dict[str, str] = {m: q for q, m in QUARTER_MATERIAL.items()}


# ---------------------------------------------------------------------- a view or a full state
# The helpers below read a "board": a seat's view or a full state; both hold the public facts.

# How likely a balcony figure outlives one higher level of its field still to come: one on
# display is soon built; one in the deck may be removed, or built by the figure's owner.
OUTLIVES_SHOWN = 0.3
OUTLIVES_DECK = 0.5
# Expected points per unit of what helps to build later.
MATERIAL_WORTH = 0.1
CARD_WORTH = 0.1
SERAIL_WORTH = 0.04
# A quarter figure's materials over the turns left, as points.
QUARTER_WORTH_PER_CARD = 0.025
QUARTER_WORTH_MAX = 0.4
# Share of a player's next build counted now, by the turns until it comes (0: this turn).
# A player ending his turn must not look better off than one still in it.
REACH_BY_TURNS = (0.8, 0.5, 0.35, 0.25, 0.2)
# The treasury figure a treasury card still to come is expected to bring the player leading
# now: most of it when the card is on display, less while it lies in the deck.
TREASURY_SHOWN_LEAD = 0.2
TREASURY_DECK_LEAD = 0.3
# How sharply the evaluation favours the leader (per expected point).
LEAD_SHARPNESS = 1.5

# What sending another's figure home is worth to us, per expected point it costs him.
SPITE = 0.5


def to_come(board: dict, field: int, level: int) -> list[bool]:
    """For each level above `level` on garden field `field` (1-based) that may still be built:
    whether its card is on display now."""
    shown = board["display"]
    if "deck" in board:
        deck = board["deck"]
        return [
            card in shown
            for card in (card_id(lv, field) for lv in range(level + 1, max(LEVEL_PARTS) + 1))
            if card in shown or card in deck
        ]
    # Seen from a seat: a level the deck has passed is gone unless it is on display.
    coming = coming_level(board)
    built = board["garden"][field - 1]["levels"]
    return [
        card in shown
        for lv in range(level + 1, max(LEVEL_PARTS) + 1)
        if (card := card_id(lv, field)) in shown or (lv >= coming and lv not in built)
    ]


def outlives(board: dict, field: int, level: int) -> float:
    """How likely a figure on garden field `field` at `level` stays there to the end."""
    chance = 1.0
    for shown in to_come(board, field, level):
        chance *= OUTLIVES_SHOWN if shown else OUTLIVES_DECK
    return chance


def coming_level(board: dict) -> int:
    """The level of the palace cards the deck turns up next."""
    top = len(DECK_LAYOUT) - (board["deck_count"] if "deck_count" in board else len(board["deck"]))
    later = [slot for slot in DECK_LAYOUT[top:] if isinstance(slot, int)]
    return later[0] if later else max(LEVEL_PARTS)


def idle_quarters(board: dict, seat: int) -> dict[str, int]:
    """How many of the seat's figures in each quarter may still act this turn."""
    spent = board["step"]["spent"] if board["turn"] == seat else {}
    return {
        q: 0 if q == board["vizier"] else max(0, figs.count(seat) - spent.get(q, 0))
        for q, figs in board["quarters"].items()
    }


def cover(board: dict, seat: int, hand: list[str], cost: dict[str, int]) -> list[Move] | None:
    """The free moves (action cards, quarters) after which the seat can pay `cost` now, in
    order; [] when it can pay already, None when it cannot manage."""
    stock = board["stocks"][seat]
    short = {m: k - stock[m] for m, k in cost.items() if stock[m] < k}
    if not short:
        return []
    idle = idle_quarters(board, seat)
    # What cards and quarters handing out the very material cannot bring takes a swap each.
    swaps = sum(max(0, k - hand.count(m) - idle[QUARTER_OF[m]]) for m, k in short.items())
    if swaps > idle["bazaar"] + idle["exchange"]:
        return None
    stock, supply = dict(stock), dict(board["supply"])
    hand = list(hand)
    moves: list[Move] = []

    def gain(material: str, move: Move) -> None:
        stock[material] += 1
        supply[material] -= 1
        moves.append(move)

    for m in MATERIALS:
        while stock[m] < cost.get(m, 0) and supply[m] > 0:
            if m in hand:
                hand.remove(m)
                gain(m, {"type": "play_card", "card": m})
            elif idle[QUARTER_OF[m]]:
                idle[QUARTER_OF[m]] -= 1
                gain(m, {"type": "use_quarter", "quarter": QUARTER_OF[m]})
            else:
                break
    for m in MATERIALS:
        while stock[m] < cost.get(m, 0):
            if supply[m] == 0:
                return None
            swap = swap_for(m, stock, cost, idle)
            if swap is None:
                # A card of a material not needed here becomes stock to swap away.
                spare = next(
                    (c for c in hand if stock[c] >= cost.get(c, 0) and supply[c] > 0), None
                )
                if (
                    spare is None
                    or swap_for(m, {**stock, spare: stock[spare] + 1}, cost, idle) is None
                ):
                    return None
                hand.remove(spare)
                gain(spare, {"type": "play_card", "card": spare})
                continue
            quarter, give = swap
            idle[quarter] -= 1
            stock[give] -= 1
            supply[give] += 1
            gain(m, {"type": "use_quarter", "quarter": quarter, "give": give, "take": m})
    return moves


def swap_for(
    material: str, stock: dict[str, int], cost: dict[str, int], idle: dict[str, int]
) -> tuple[str, str] | None:
    """A (quarter, material to give) swap bringing one `material`, giving only what `cost`
    does not need; None when no idle quarter allows one."""
    spare = sorted(
        (m for m in MATERIALS if m != material and stock[m] > cost.get(m, 0)),
        key=lambda m: cost.get(m, 0) - stock[m],
    )
    if material != "gold" and idle["bazaar"]:
        give = next((m for m in spare if m != "gold"), None)
        if give is not None:
            return "bazaar", give
    if idle["exchange"]:
        give = next((m for m in spare if (m == "gold") != (material == "gold")), None)
        if give is not None:
            return "exchange", give
    return None


def places_figure(board: dict, seat: int, card: str) -> bool:
    """Whether building `card` puts one of the seat's figures on its balcony."""
    field = board["garden"][CARDS[card]["field"] - 1]
    return (
        board["figures"][seat] > 0
        or field["figure"] == seat
        or any(seat in figs for figs in board["quarters"].values())
    )


def treasury_goes_to(board: dict, score: list[int]) -> list[int]:
    """The seats the treasury scoring prefers with these points (one seat: his figure)."""
    best = max(score)
    return serail_preferred(board["serail"], [s for s, p in enumerate(score) if p == best])


def card_gain(
    board: dict, seat: int, card: str, slot: int, score: list[int]
) -> tuple[float, float]:
    """What building or fulfilling the displayed `card` brings, in expected points: (to the
    seat, less the materials spent; taken from the figure's owner it sends home)."""
    info = CARDS[card]
    spent = MATERIAL_WORTH * sum(card_cost(board, card, slot).values())
    if info["kind"] != "palace":
        winners = treasury_goes_to(board, score)
        if info["kind"] == "end":
            return (10.0 / len(winners) if seat in winners else -10.0), 0.0
        # A treasury figure for nobody, or for another, is no gain.
        return (1.0 if winners == [seat] else -1.0) - spent, 0.0
    field, level = info["field"], info["level"]
    garden = board["garden"][field - 1]
    holder = garden["figure"]
    if not places_figure(board, seat, card):
        return -spent, 0.0
    stays = outlives(board, field, level)
    if holder is None:
        return stays - spent, 0.0
    before = outlives(board, field, garden["levels"][-1])
    if holder == seat:
        return stays - before - spent, 0.0
    return stays - spent, before


def options_to_build(
    board: dict, seat: int, hand: list[str], score: list[int]
) -> list[tuple[float, float, str, list[Move]]]:
    """Displayed cards the seat may still take this turn: (gain, taken from another, card,
    free moves first)."""
    step = board["step"] if board["turn"] == seat else {"built": False, "fulfilled": False}
    found = []
    for slot, card in enumerate(board["display"]):
        if card is None or obsolete(board, card):
            continue
        palace = CARDS[card]["kind"] == "palace"
        if step["built"] if palace else step["fulfilled"]:
            continue
        plan = cover(board, seat, hand, card_cost(board, card, slot))
        if plan is not None:
            found.append((*card_gain(board, seat, card, slot, score), card, plan))
    return found


# ---------------------------------------------------------------------- judging a position


def worth(state: State) -> list[float]:
    """Each seat's points to expect: sure points, balconies by how likely they stay, a share
    for materials, action cards, quarter figures and serail markers, the treasury its leader
    may expect, and part of what each player's next build (see `next_builds`) brings him and
    costs the figure's owner it sends home; the sooner the build, the larger the part."""
    n = state["players"]
    value = [0.0] * n
    for i, field in enumerate(state["garden"]):
        if field["figure"] is not None:
            value[field["figure"]] += outlives(state, i + 1, field["levels"][-1])
    for seat in state["treasury"]:
        value[seat] += 1.0
    if state["serail_figure"] is not None:
        value[state["serail_figure"]] += 1.0
    left = sum(1 for c in (*state["deck"], *state["display"]) if c and CARDS[c]["kind"] == "palace")
    per_quarter = min(QUARTER_WORTH_MAX, QUARTER_WORTH_PER_CARD * left)
    for figures in state["quarters"].values():
        for seat in figures:
            value[seat] += per_quarter
    for seat in state["serail"]:
        value[seat] += SERAIL_WORTH
    leaders = treasury_goes_to(state, points(state))
    if len(leaders) == 1:
        for card in TREASURY_CARDS:
            if card in state["display"]:
                value[leaders[0]] += TREASURY_SHOWN_LEAD
            elif card in state["deck"]:
                value[leaders[0]] += TREASURY_DECK_LEAD
    for seat in range(n):
        stock = sum(state["stocks"][seat].values())
        value[seat] += MATERIAL_WORTH * min(STOCK_LIMIT, stock)
        value[seat] += CARD_WORTH * len(state["hands"][seat])
    for turns, seat, gain, holder, taken in next_builds(state):
        share = REACH_BY_TURNS[turns]
        value[seat] += share * gain
        if holder is not None:
            value[holder] -= share * taken
    return value


def next_builds(state: State) -> list[tuple[int, int, float, int | None, float]]:
    """Each player's next build, in turn order from the next to build: (turns until it comes,
    seat, gain, the seat whose figure it sends home or None, what that costs him). A player
    takes the better of his visible harbour fields (the player building now: what he holds)
    and builds the displayed card serving him best — a treasury card only when it scores for
    him, the end card only when he wins. The builds change the garden and the display for the
    players after him."""
    n, turn = state["players"], state["turn"]
    board = {**state, "garden": list(state["garden"]), "display": list(state["display"])}
    deck = iter(state["deck"])
    building = state["phase"] in ("harbour", "build") and not state["step"]["built"]
    first = turn if building else turn + 1
    builds = []
    for turns, seat in enumerate((first + i) % n for i in range(n)):
        # A player who has built this turn builds next in a turn still to start.
        turns += first > turn
        now = seat == turn and state["phase"] == "build"
        step = state["step"] if now else fresh_step()
        hand = state["hands"][seat]
        score = points(board)
        wanted = []
        for slot, card in enumerate(board["display"]):
            if card is None or obsolete(board, card):
                continue
            palace = CARDS[card]["kind"] == "palace"
            if step["built"] if palace else step["fulfilled"]:
                continue
            gain, taken = card_gain(board, seat, card, slot, score)
            if palace or gain > 0:
                wanted.append((gain + SPITE * taken, gain, taken, card, slot))
        # The best card the seat can pay for, trying the best first.
        choice = next(
            (
                w
                for w in sorted(wanted, reverse=True)
                if any(
                    affords(board, seat, hand, card_cost(board, w[3], w[4]), stock, step)
                    for stock in stocks(state, seat, now)
                )
            ),
            None,
        )
        if choice is None:
            continue
        _, gain, taken, card, _ = choice
        info = CARDS[card]
        holder = None
        if info["kind"] == "palace":
            field = board["garden"][info["field"] - 1]
            holder = field["figure"] if taken else None
            board["garden"][info["field"] - 1] = {
                **field,
                "levels": [*field["levels"], info["level"]],
                "figure": seat if places_figure(board, seat, card) else field["figure"],
            }
        builds.append((turns, seat, gain, holder, taken))
        board["display"].remove(card)
        board["display"].append(next(deck, None))
    return builds


def stocks(state: State, seat: int, now: bool) -> list[dict[str, int]]:
    """The stocks the seat may build from: what it holds while building now, else what each
    harbour field its harbour cards show would add (as the harbour is now)."""
    stock = state["stocks"][seat]
    if now:
        return [stock]
    out = []
    for field in visible_fields(state, seat):
        slot = state["harbour"][field - 1]
        out.append({**stock, slot["material"]: stock[slot["material"]] + slot["count"]})
    return out


def affords(
    board: dict, seat: int, hand: list[str], cost: dict[str, int], stock: dict, step: dict
) -> bool:
    """Whether the seat, holding `stock`, can pay `cost` with the help of its cards and
    quarters."""
    if all(stock[m] >= k for m, k in cost.items()):
        return True
    stocks = list(board["stocks"])
    stocks[seat] = stock
    return cover({**board, "stocks": stocks, "step": step}, seat, hand, cost) is not None


def evaluate(state: State) -> list[float]:
    """Per seat in [0, 1]: the outcome once the game is over; before, a soft share of the
    lead by expected points, blended with the share of those points."""
    n = state["players"]
    if state["end"] is not None:
        winners = GAME.outcome(state)["winners"]
        return [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    value = worth(state)
    top = max(value)
    weights = [math.exp(LEAD_SHARPNESS * (v - top)) for v in value]
    total, mass = sum(weights), sum(value) or 1.0
    return [0.75 * w / total + 0.25 * v / mass for w, v in zip(weights, value, strict=True)]
