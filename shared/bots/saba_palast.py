"""Bots for Saba – Palast der Königin.

What a seat cannot see: the others' action cards, the action draw pile's order and which cards
lie in the discard pile, and the palace deck's order. `determinize` deals them at random: the 20
action cards minus the own hand go to the other hands, the draw pile and the discard pile by
their public counts; the palace deck is rebuilt from its fixed layout (level 1, treasury 1,
level 2, treasury 2, level 3, then three level-3 cards shuffled with the end card) with cards not
yet seen on the building fields or in the garden.

Rules of thumb (basic): take the harbour field after which the best build is affordable; build
where a figure gains a balcony it is likely to keep (a column stays for good; a level whose next
level is on display soon goes), sending another's figure home counts too; fulfil a treasury card
only when the treasury figure will be ours, the end card only when we win; play action cards and
use quarters just as far as a build needs them; put figures into quarters for the materials the
palace asks for; give back what the coming builds need least.

Strong: a flat search over a few ways of going on, not a tree (`flat_search`, through the
policy's "search" option). At a harbour, build or quarter decision it weighs the rules of thumb's
move and a few others (`root_choices`: the next best harbour moves by basic's own score, the
best builds — each with the cards and quarters paying for it — and passing, placing a figure or
not); every other decision is basic's. Each round of the search imagines one state from the
view and plays every way on that same state, so the ways are compared on the same hidden cards;
after the way, everybody plays by the rules of thumb (the opponents the bench seats, and a fair
guess at people) until two turns have ended (`playout`: the own turn and the next player's),
and the evaluation judges the position for the seat. The best mean wins; the rules of thumb's
move unless another is better by a margin. One iteration is one way played out once (a few
milliseconds), so a decision at the tables' 800 ms budget plays some 150–250.

Evaluation: each seat's expected points — balcony figures weighed by how likely they stay,
treasury figures, a share for materials, cards, quarter figures and serail markers — plus a look
at the coming round: each player in turn builds what serves him best with what he holds and his
next harbour field, and part of what that brings him (and costs the figure's owner it sends home)
counts, the more the sooner. The points become a soft share of the lead.

History: the tree search of the other games (`shared.bots.search`) judging each new node by this
evaluation at once won 54% of 120 two-player games against basic — random play-outs waste
materials, and a tree over single moves (a turn holds many) saw little past the own turn.
Comparing whole ways on shared imagined states, played on by basic, did better at a tenth of the
iterations (see docs/performance.md).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from shared.bots.base import Policy
from shared.engine import IllegalMove, Move, State, View, get_game
from shared.games.saba_palast.data import (
    ACTION_CARDS_PER_MATERIAL,
    BOTTOM_LEVEL3,
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    LEVEL_PARTS,
    MATERIALS,
    PALACE_CARDS_BY_LEVEL,
    QUARTER_MATERIAL,
    QUARTERS,
    SPECIAL_COSTS,
    STOCK_LIMIT,
    card_id,
)
from shared.games.saba_palast.facts import card_cost, fresh_step, obsolete, visible_fields
from shared.games.saba_palast.scoring import points, serail_preferred

GAME = get_game("saba-palast")

# The palace deck's layout from the top: a level (1–3), a treasury card's id, or BOTTOM for the
# last cards, where three level-3 cards lie shuffled with the end card.
BOTTOM = "bottom"
DECK_LAYOUT: list[int | str] = [
    *[1] * len(PALACE_CARDS_BY_LEVEL[1]),
    "treasury-1",
    *[2] * len(PALACE_CARDS_BY_LEVEL[2]),
    "treasury-2",
    *[3] * (len(PALACE_CARDS_BY_LEVEL[3]) - BOTTOM_LEVEL3),
    *[BOTTOM] * (BOTTOM_LEVEL3 + 1),
]
assert len(DECK_LAYOUT) == sum(map(len, PALACE_CARDS_BY_LEVEL.values())) + len(SPECIAL_COSTS)

TREASURY_CARDS = [c for c in SPECIAL_COSTS if CARDS[c]["kind"] == "treasury"]

# The quarter that hands out each material.
QUARTER_OF: dict[str, str] = {m: q for q, m in QUARTER_MATERIAL.items()}

# Public state keys the view carries unchanged.
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


# ---------------------------------------------------------------------- imagining hidden cards


def imagined_deck(view: View, rng: random.Random) -> list[str]:
    """A palace deck of the view's size in the deck's fixed layout, its cards drawn from those
    of each level not yet seen on the building fields or built in the garden."""
    shown = {c for c in view["display"] if c}
    pools: dict[int, list[str]] = {}
    for level, cards in PALACE_CARDS_BY_LEVEL.items():
        pool = [
            c
            for c in cards
            if c not in shown and level not in view["garden"][CARDS[c]["field"] - 1]["levels"]
        ]
        rng.shuffle(pool)
        pools[level] = pool
    layout = DECK_LAYOUT[len(DECK_LAYOUT) - view["deck_count"] :]
    deck = [pools[slot].pop() if isinstance(slot, int) else slot for slot in layout]
    bottom = [i for i, slot in enumerate(layout) if slot == BOTTOM]
    if bottom:
        # The end card is still in the deck unless it was turned up; it lies anywhere below.
        end_unseen = "end" not in shown and view["end"] is None
        cards = [pools[3].pop() for _ in range(len(bottom) - end_unseen)]
        cards += ["end"] * end_unseen
        rng.shuffle(cards)
        for i, card in zip(bottom, cards, strict=True):
            deck[i] = card
    return deck


def determinize(view: View, rng: random.Random) -> State:
    """A full state the seat cannot tell from the real one: hidden cards dealt at random."""
    seat, n = view["seat"], view["players"]
    unseen = Counter({m: ACTION_CARDS_PER_MATERIAL for m in MATERIALS})
    unseen.subtract(view["hand"])
    cards = list(unseen.elements())
    rng.shuffle(cards)
    hands = []
    for s, count in enumerate(view["hand_counts"]):
        if s == seat:
            hands.append(list(view["hand"]))
        else:
            hands.append(sorted(cards[:count]))
            del cards[:count]
    deck_count = view["action_deck_count"]
    state = {key: view[key] for key in PUBLIC_KEYS}
    state.update(
        game=GAME.id,
        seed=0,
        players=n,
        options=view["options"],
        rng=rng.getrandbits(63),
        deck=imagined_deck(view, rng),
        hands=hands,
        action_deck=cards[:deck_count],
        discard=cards[deck_count:],
    )
    return GAME.copy_state(state)


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

# What sending another's figure home is worth to us, per expected point it costs him.
SPITE = 0.5
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


# ---------------------------------------------------------------------- play-outs


def seat_board(state: State, seat: int) -> dict:
    """A full (imagined) state read as `seat`'s board by the rules of thumb."""
    return {
        **state,
        "seat": seat,
        "hand": state["hands"][seat],
        "points": points(state),
        "deck_count": len(state["deck"]),
    }


# Turns a play-out finishes (the one under way counts) before the evaluation judges it.
PLAYOUT_TURNS = 2
PLAYOUT_MOVES = 120


def playout(state: State, turns: int | None = None) -> State:
    """Everybody plays by the rules of thumb until `turns` turns have ended (the one under way
    first) or the game is over. Chance inside comes from the imagined state's own seed."""
    rng = random.Random(state["rng"])
    turns = PLAYOUT_TURNS if turns is None else turns
    for _ in range(PLAYOUT_MOVES):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_moves(state, seat)
        if len(legal) == 1:
            move = legal[0]
        else:
            move = basic(seat_board(state, seat), legal, rng, state)
        turn = state["turn"]
        state, _ = GAME.apply(state, seat, move)
        if state["turn"] != turn:
            turns -= 1
            if turns <= 0:
                break
    return state


# ---------------------------------------------------------------------- the strong search

# Root moves weighed at each kind of decision (the rules of thumb's own choice among them).
HARBOUR_CHOICES = 4
BUILD_CHOICES = 3
# How much better than the rules of thumb's move another must look to be chosen instead.
MARGIN = 0.01


def root_choices(view: View, legal: list[Move], rng: random.Random) -> list[list[Move | str]]:
    """The ways of going on the search compares, each as the moves it plays in a row (the
    first is the one to play now; a card's id stands for building or fulfilling it as
    `best_build` would), the rules of thumb's own way first. One way: no search is needed."""
    seat, phase = view["seat"], view["phase"]
    mine = basic(view, legal, rng)
    if view["pending"] or phase not in ("harbour", "build", "quarter"):
        return [[mine]]
    if phase == "harbour":
        moves = harbour_choices(view, seat, legal)
        scored = sorted(
            ((harbour_score(view, seat, m, rng), i) for i, m in enumerate(moves)), reverse=True
        )
        ways: list[list[Move | str]] = [[mine]]
        ways += [[moves[i]] for _, i in scored if moves[i] != mine]
        return ways[:HARBOUR_CHOICES]
    if phase == "build":
        ways = []
        for _, card, plan in sorted(build_options(view, seat), key=lambda f: -f[0]):
            first = plan[0] if plan else build_move(view, card, legal)
            if first is not None:
                ways.append([first, *plan[1:], card] if plan else [first])
            if len(ways) >= BUILD_CHOICES:
                break
        if {"type": "pass"} in legal:
            ways.append([{"type": "pass"}])
        own = next((w for w in ways if w[0] == mine), None)
        if own is None:
            return [[mine]]
        return [own, *(w for w in ways if w is not own)]
    ways = [[mine]]
    want = demand(view, seat)
    for move in (
        {"type": "pass"},
        *(
            {"type": "place_figure", "quarter": QUARTER_OF[m]}
            for m in sorted(MATERIALS, key=lambda m: -want[m])[:2]
        ),
    ):
        if move in legal and [move] not in ways:
            ways.append([move])
    return ways


def build_move(board: dict, card: str, legal: list[Move]) -> Move | None:
    """The move building or fulfilling `card` as `best_build` makes it, if legal."""
    kind = "build" if CARDS[card]["kind"] == "palace" else "fulfil"
    moves = [m for m in legal if m["type"] == kind and m["card"] == card and "leave" not in m]
    moves.sort(key=lambda m: (bool(m.get("no_figure")), m.get("from_quarter") != board["vizier"]))
    return moves[0] if moves else None


def follow(state: State, seat: int, way: list[Move | str]) -> State:
    """`state` after the seat plays `way` (as far as its moves stay legal)."""
    for step in way:
        move = (
            build_move(state, step, GAME.legal_moves(state, seat))
            if isinstance(step, str)
            else step
        )
        if move is None:
            break
        try:
            state, _ = GAME.apply(state, seat, move)
        except IllegalMove:
            break
    return state


def flat_search(bot, view: View, legal: list[Move]) -> Move:
    """Compare the ways of going on (`root_choices`) on the same imagined states: each plays
    its moves, then everybody plays by the rules of thumb for a while (`playout`), and the
    evaluation judges the outcome for the seat; the best mean wins, the rules of thumb's way
    unless another is better by `MARGIN`. One iteration is one way played out once."""
    rng, seat = bot.rng, bot.seat
    ways = root_choices(view, legal, rng)
    bot.iterations = 0
    if len(ways) == 1:
        return ways[0][0]
    totals = [0.0] * len(ways)
    rounds = 0
    deadline = time.perf_counter() + bot.budget_ms / 1000
    limit = bot.max_iterations or 1 << 30
    while True:
        imagined = determinize(view, rng)
        for i, way in enumerate(ways):
            totals[i] += evaluate(playout(follow(imagined, seat, way)))[seat]
            bot.iterations += 1
        rounds += 1
        if bot.iterations >= limit or time.perf_counter() >= deadline:
            break
    best = max(range(len(ways)), key=lambda i: totals[i])
    if totals[best] - totals[0] <= MARGIN * rounds:
        best = 0
    return ways[best][0]


POLICY = Policy(
    basic=basic,
    determinize=determinize,
    evaluate=evaluate,
    rollout_depth=0,
    options={"search": flat_search},
)
