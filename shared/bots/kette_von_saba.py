"""Bots for Die Kette von Saba.

A card's worth: laid now it earns the board's reward at its best space (doubled for a buyer in
stage 1); kept, it earns on a fuller board later, estimated by imagining each empty space filled
with the chance `LATER_FILL`, averaged over the spaces the live layouts give its piece and weighted
by the chance that it still finds a space (the other copy of its piece may take the last one).

Rules of thumb (basic): offer the card worth least to keep; bid in steps of 1,000 up to a share of
the lot's worth and of one's cash; name a reserve when the bid is far below the lot's worth; a
buyer lays the lot at once when the doubled reward beats its worth kept; buy the deck's top card
when an unseen card is worth more than its price; in stage 2 lay the card that loses least by
being laid now, or discard a forgery to wait when every card would lose much.

Strong (search): the unseen cards are dealt at random from what the seat cannot see. A position is
judged by each seat's cash plus what its cards will earn in stage 2, where players lay one card
each in turn: a seat holding more cards lays its last ones alone on a nearly full board, so the
count of cards that fit matters more than their faces. An auction under way is settled as the
rules of thumb would settle it. The search weighs a few telling bids and reserve prices only.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from shared.bots.base import Policy
from shared.engine import Move, State, View, get_game
from shared.games.kette_von_saba.bank import ACCOUNTS, BID_STEP, BUYER_REWARD, DRAW_PRICE
from shared.games.kette_von_saba.board import (
    MIRROR,
    RAYS,
    SPACE_INDEX,
    SPACES,
    reward_at,
    space_list,
)
from shared.games.kette_von_saba.necklace import (
    JOKER,
    JOKERS,
    MASKS,
    PIECE_CODE,
    PIECES,
    REAL_CARDS,
    card_spaces,
    live_layouts,
    settled_piece,
)

GAME = get_game("kette-von-saba")

# The chance that a space empty now holds a card when a kept card is laid in stage 2.
LATER_FILL = 0.5
# A joker goes where the piece is settled, usually late: worth this share of an average space.
JOKER_SHARE = 0.9
# A bidder goes up to this share of the lot's worth to him, and of his cash.
BID_SHARE = 0.6
CASH_SHARE = 0.6
# The auctioneer names a reserve when the bid is below this share of the lot's worth ...
RESERVE_BELOW = 0.4
# ... asking this share of the worth (at least one step above the bid).
RESERVE_ASK = 0.5
# The deck's top card is bought when an unseen card is worth this many times its price.
DRAW_MARGIN = 1.2
# In stage 2, a forgery is discarded to wait when laying any card now loses more than this.
WAIT_LOSS = 2000
# evaluate: a seat's standing is a soft lead (over gaps of this many marks) over the richest other
# seat, blended with one over the average other seat.
LEAD_SCALE = 6000.0
AHEAD_SCALE = 6000.0
LEAD_WEIGHT = 0.5


def card_pool(options: dict) -> Counter:
    """All cards in play: the 40 real cards and, unless left out, the jokers."""
    pool = Counter(REAL_CARDS)
    if not options["no-jokers"]:
        pool[JOKER] = JOKERS
    return pool


class Appraisal:
    """What the cards are worth on one board: rewards now and later, and forgery chances."""

    def __init__(self, board: list, forgeries: list[str], options: dict) -> None:
        self.board = board
        self.live = live_layouts(board)
        self.live_count = self.live.bit_count()
        self.symmetry = options["joker-symmetry"]
        self.empty = [i for i, entry in enumerate(board) if entry is None]
        self.later = later_rewards(board, LATER_FILL)
        # Real copies gone for good: on the board (jokers only stand in) or set aside.
        self.gone = Counter(e["piece"] for e in board if e is not None and not e["joker"])
        self.gone.update(forgeries)
        self.mean_later = sum(self.later) / len(self.empty) if self.empty else 0.0
        self._prospect: dict[str, tuple[float, float]] = {}
        self._now: dict[tuple[str, int], tuple[int, int | None]] = {}

    def spaces(self, card: str) -> list[int]:
        """Where `card` may be laid now."""
        return card_spaces(self.board, self.live, card, self.symmetry)

    def now(self, card: str, multiplier: int = 1) -> tuple[int, int | None]:
        """The best reward for laying `card` now and its space (0 and None when it fits
        nowhere)."""
        key = (card, multiplier)
        if key not in self._now:
            best, where = 0, None
            for i in self.spaces(card):
                earned = reward_at(self.board, i) * multiplier
                if where is None or earned > best:
                    best, where = earned, i
            self._now[key] = best, where
        return self._now[key]

    def worth(self, card: str) -> float:
        """The reward `card` is expected to earn if kept and laid in stage 2."""
        fit, place = self.prospect(card)
        return fit * place

    def prospect(self, card: str) -> tuple[float, float]:
        """The chance that `card` still finds a space, and the expected reward (marks) of the
        spaces the live layouts give it, when laid later."""
        if card not in self._prospect:
            self._prospect[card] = self._joker() if card == JOKER else self._piece(card)
        return self._prospect[card]

    def _joker(self) -> tuple[float, float]:
        if not self.empty:
            return 0.0, 0.0
        return 1.0, JOKER_SHARE * self.mean_later

    def _piece(self, card: str) -> tuple[float, float]:
        code = PIECE_CODE[card]
        live, board = self.live, self.board
        weighted = weights = 0
        somewhere = both = 0
        for i in self.empty:
            here = live & MASKS[i][code]
            if not here:
                continue
            n = here.bit_count()
            weighted += n * self.later[i]
            weights += n
            somewhere |= here
            if MIRROR[i] > i and board[MIRROR[i]] is None:
                both |= here & MASKS[MIRROR[i]][code]
        if not weights:
            return 0.0, 0.0
        # With one space left for the piece, a second copy still in play wins it half the time.
        rival = 2 - self.gone[card] >= 2
        fits = somewhere.bit_count() - (0.5 * (somewhere & ~both).bit_count() if rival else 0)
        return fits / self.live_count, weighted / weights


# Appraisals by board, set-aside cards and option: a search meets the same boards again and again.
APPRAISALS: dict[tuple, Appraisal] = {}
APPRAISALS_KEPT = 20_000


# The same by the board and forgeries lists themselves: the engine replaces those lists when they
# change, never changes them in place, so a search meets the very same lists again and again.
# Each entry keeps its lists alive, so their ids cannot pass to other lists meanwhile.
APPRAISED_LISTS: dict[tuple[int, int, bool], tuple[list, list, Appraisal]] = {}


def appraise(board: list, forgeries: list[str], options: dict) -> Appraisal:
    """The appraisal of this board (shared: appraisals depend on nothing else)."""
    symmetry = options["joker-symmetry"]
    lists = (id(board), id(forgeries), symmetry)
    seen = APPRAISED_LISTS.get(lists)
    if seen is not None and seen[0] is board and seen[1] is forgeries:
        return seen[2]
    key = (
        tuple(None if e is None else (e["piece"], e["joker"]) for e in board),
        tuple(sorted(forgeries)),
        options["joker-symmetry"],
    )
    found = APPRAISALS.get(key)
    if found is None:
        if len(APPRAISALS) >= APPRAISALS_KEPT:
            APPRAISALS.clear()
        found = APPRAISALS[key] = Appraisal(board, forgeries, options)
    if len(APPRAISED_LISTS) >= APPRAISALS_KEPT:
        APPRAISED_LISTS.clear()
    APPRAISED_LISTS[lists] = (board, forgeries, found)
    return found


def later_rewards(board: list, fill: float) -> list[float]:
    """Per space, the expected reward when the empty spaces around it hold a card with chance
    `fill` each (with fill 0: the reward now); 0 where a card lies."""
    occupied = [1.0 if entry is not None else fill for entry in board]
    out = []
    for i, entry in enumerate(board):
        if entry is not None:
            out.append(0.0)
            continue
        total = 0.0
        for line in RAYS[i]:
            if not line:
                continue
            chance = 1.0
            for j in line:
                chance *= occupied[j]
                if not chance:
                    break
                total += chance
            total += occupied[line[0]]
        out.append(max(total, 1.0) * 1000)
    return out


# ---------------------------------------------------------------------- determinize


def unseen_cards(view: View) -> list[str]:
    """The cards the seat cannot see: in others' hands or in the deck."""
    pool = card_pool(view["options"])
    for entry in view["board"]:
        if entry is not None:
            pool[JOKER if entry["joker"] else entry["piece"]] -= 1
    pool.subtract(view["forgeries"])
    pool.subtract(view["hand"])
    if view["lot"] is not None:
        pool[view["lot"]] -= 1
    return sorted(pool.elements())


def can_act(state: State, seat: int) -> bool:
    """Whether `seat` holds a card he may lay or discard in stage 2."""
    hand = state["hands"][seat]
    if any(card != JOKER for card in hand):
        return True
    board = state["board"]
    symmetry = state["options"]["joker-symmetry"]
    return JOKER in hand and bool(card_spaces(board, live_layouts(board), JOKER, symmetry))


def determinize(view: View, rng: random.Random) -> State:
    """A full state the seat cannot tell from the real one: the unseen cards dealt at random to
    the other hands (by their public counts) and the deck."""
    seat = view["seat"]
    cards = unseen_cards(view)
    state: State = {
        "game": GAME.id,
        "seed": 0,
        "players": view["players"],
        "options": dict(view["options"]),
        "rng": rng.getrandbits(63),
        "stage": view["stage"],
        "phase": view["phase"],
        "turn": view["turn"],
        # Shared with the view: the engine replaces these lists, never changes them.
        "board": view["board"],
        "forgeries": view["forgeries"],
        "cash": list(view["cash"]),
        # Where the cash came from is the results' bookkeeping, not the bot's: booked as if
        # each seat started with what it holds now (the parts still add up to the cash).
        "accounts": [
            {part: [1, cash] if part == "start" else [0, 0] for part in ACCOUNTS}
            for cash in view["cash"]
        ],
        "rewards_paid": view["rewards_paid"],
        "fees_paid": view["fees_paid"],
        "auctioneer": view["auctioneer"],
        "lot": view["lot"],
        "auction": None if view["auction"] is None else dict(view["auction"]),
        "quiet_auctions": view["quiet_auctions"],
        "end": view["end"],
    }
    rng.shuffle(cards)
    deal = iter(cards)
    hands = [
        list(view["hand"]) if other == seat else [next(deal) for _ in range(count)]
        for other, count in enumerate(view["hand_counts"])
    ]
    state["hands"], state["deck"] = hands, list(deal)
    # In stage 2 the player to act holds a card he can play: if he got only jokers that fit
    # nowhere, one of them changes place with a real card dealt elsewhere.
    turn = view["turn"]
    if view["stage"] == 2 and view["end"] is None and turn != seat and not can_act(state, turn):
        elsewhere = [h for s, h in enumerate(hands) if s not in (seat, turn)] + [state["deck"]]
        spots = [(h, i) for h in elsewhere for i, card in enumerate(h) if card != JOKER]
        pile, i = rng.choice(spots)
        pile[i], hands[turn][0] = hands[turn][0], pile[i]
    return state


# ---------------------------------------------------------------------- basic


def lot_worth(appraisal: Appraisal, card: str) -> float:
    """What the lot is worth to its buyer: laid at once for double, or kept."""
    now, _ = appraisal.now(card, BUYER_REWARD)
    return max(now, appraisal.worth(card))


def bid_limit(worth: float, cash: int) -> int:
    """The highest bid for a lot of this worth, in whole thousands."""
    return int(min(BID_SHARE * worth, CASH_SHARE * cash)) // BID_STEP * BID_STEP


def likely_sale(state: State, worth: float) -> tuple[int | None, int]:
    """Who ends up with the lot under way and at what price when everyone bids by the rules of
    thumb (the buyer and 0 once the price is paid; None when the sale fails)."""
    auction, phase, n = state["auction"], state["phase"], state["players"]
    bid, bidder, seller = auction["bid"], auction["bidder"], state["auctioneer"]
    if phase == "buyer":
        return bidder, 0
    if phase == "reserve":
        return bidder, bid
    cash = state["cash"]
    if phase == "reserve_offer":
        price = auction["reserve"]
        answering = [(state["turn"] + k) % n for k in range(n)]
        answering = [s for s in answering if s != seller][: n - 1 - auction["passes"]]
        takers = [s for s in answering if bid_limit(worth, cash[s]) >= price]
        return (takers[0], price) if takers else (None, 0)
    willing = {s: bid_limit(worth, cash[s]) for s in range(n) if s != seller}
    if bidder is not None:
        willing[bidder] = max(willing[bidder], bid)
    ranked = sorted(willing, key=lambda s: (willing[s], s == bidder), reverse=True)
    top, second = ranked[0], willing[ranked[1]] if len(ranked) > 1 else 0
    if willing[top] < BID_STEP:
        return None, 0
    return top, max(bid, min(willing[top], second + BID_STEP))


def basic(view: View, legal: list[Move], rng: random.Random) -> Move | None:
    """The rules-of-thumb move for the phase at hand."""
    appraisal = appraise(view["board"], view["forgeries"], view["options"])
    return BASIC_BY_PHASE[view["phase"]](view, legal, appraisal, rng)


def offer(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """Sell the card worth least to keep."""
    return min(legal, key=lambda m: (appraisal.worth(m["card"]), rng.random()))


def bid(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """The lowest bid while it stays within the limit; else pass."""
    bids = [m for m in legal if m["type"] == "bid"]
    worth = lot_worth(appraisal, view["lot"])
    if bids and bids[0]["amount"] <= bid_limit(worth, view["cash"][view["seat"]]):
        return bids[0]
    return {"type": "pass"}


def reserve(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """Sell, unless the bid is far below the lot's worth: then ask for a part of it."""
    worth = lot_worth(appraisal, view["lot"])
    high = view["auction"]["bid"]
    if high >= RESERVE_BELOW * worth:
        return {"type": "sell"}
    ask = int(RESERVE_ASK * worth) // 1000 * 1000
    prices = [m for m in legal if m["type"] == "reserve"]
    return min(prices, key=lambda m: abs(m["price"] - ask)) if prices else {"type": "sell"}


def reserve_offer(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """Accept a reserve price within the bid limit."""
    worth = lot_worth(appraisal, view["lot"])
    within = view["auction"]["reserve"] <= bid_limit(worth, view["cash"][view["seat"]])
    return {"type": "accept" if within else "decline"}


def buyer(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """Lay the lot at once when the doubled reward beats its worth kept."""
    now, where = appraisal.now(view["lot"], BUYER_REWARD)
    if where is not None and now >= appraisal.worth(view["lot"]):
        return {"type": "place", "space": space_list(where)}
    return {"type": "keep"}


def lay(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """An unsold lot earns nothing: lay it where it raises the worth of one's own hand most."""
    card = view["lot"]

    def hand_worth(move: Move) -> float:
        index = SPACE_INDEX[tuple(move["space"])]
        piece = PIECES[settled_piece(appraisal.live, index)] if card == JOKER else card
        board = list(view["board"])
        board[index] = {"piece": piece, "joker": card == JOKER}
        after = appraise(board, view["forgeries"], view["options"])
        return sum(after.worth(c) for c in view["hand"])

    return max(legal, key=lambda m: (hand_worth(m), rng.random()))


def draw(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """Buy the deck's top card when an unseen card is worth more than its price."""
    cards = unseen_cards(view)
    mean = sum(appraisal.worth(c) for c in cards) / len(cards) if cards else 0.0
    return {"type": "draw" if mean >= DRAW_MARGIN * DRAW_PRICE else "end_turn"}


def reconstruction(view: View, legal: list[Move], appraisal: Appraisal, rng: random.Random) -> Move:
    """Lay the card that loses least by being laid now; discard a forgery to wait when every
    card would lose much."""
    board = view["board"]
    best, best_gain = None, -math.inf
    for move in legal:
        if move["type"] != "place":
            continue
        now = reward_at(board, SPACE_INDEX[tuple(move["space"])])
        gain = now - appraisal.worth(move["card"]) + rng.random()
        if gain > best_gain:
            best, best_gain = move, gain
    discards = [m for m in legal if m["type"] == "discard"]
    if discards and (best is None or best_gain < -WAIT_LOSS):
        return discards[0]
    return best if best is not None else discards[0]


BASIC_BY_PHASE = {
    "offer": offer,
    "bidding": bid,
    "reserve": reserve,
    "reserve_offer": reserve_offer,
    "buyer": buyer,
    "lay": lay,
    "draw": draw,
    "reconstruction": reconstruction,
}


# ---------------------------------------------------------------------- evaluate

# The average reward of a card laid in stage 2 with this many cards on the board (measured in
# games between rules-of-thumb players).
REWARD_BY_FILL = (
    *(2500, 2700, 2900, 3100, 3200, 3600, 4400, 5000, 5400, 6000, 6400, 6800, 7000, 7200, 7400),
    *(7500, 7600, 7800, 8000, 8200, 8400, 8600, 8800, 9000, 9200, 9400, 9600, 9900, 10300),
    *(11300, 12500, 14400),
)
# The chance that a card from the deck fits the necklace.
DECK_FIT = 0.8

# Phases in which the lot is on its way to the highest bidder.
SALE_PHASES = ("bidding", "reserve", "reserve_offer", "buyer")


def evaluate(state: State) -> list[float]:
    """Per seat in [0, 1]: how its wealth — cash, and what its cards (and the lot it is buying)
    will earn in stage 2 — stands against the richest and the average other seat."""
    n = state["players"]
    if state["end"] is not None:
        return standing([float(c) for c in state["cash"]])
    appraisal = appraise(state["board"], state["forgeries"], state["options"])
    wealth = [float(c) for c in state["cash"]]
    cards = [[appraisal.prospect(c) for c in hand] for hand in state["hands"]]
    if state["phase"] in SALE_PHASES:
        buyer, price = likely_sale(state, lot_worth(appraisal, state["lot"]))
        if buyer is not None:
            cards[buyer].append(appraisal.prospect(state["lot"]))
            wealth[buyer] -= price
            wealth[state["auctioneer"]] += price
    # The deck's cards reach the hands before stage 2 (through draws and sales): a share each.
    share = len(state["deck"]) / n
    for hand in cards:
        if share:
            hand.append((DECK_FIT * share, appraisal.mean_later))
    for s, income in enumerate(stage_two_income(state, appraisal, cards)):
        wealth[s] += income
    return standing(wealth)


def stage_two_income(state: State, appraisal: Appraisal, cards: list[list[tuple]]) -> list[float]:
    """Per seat, what its cards ((chance to fit, expected reward) each) will earn in stage 2.
    Players lay one card each in turn, so a seat holding more cards lays its last ones on a
    fuller board, alone: the reward of a card grows with the cards already laid."""
    n = state["players"]
    left = [sum(fit for fit, _ in hand) for hand in cards]
    mean_later = appraisal.mean_later or 1.0
    quality = [
        sum(fit * place for fit, place in hand) / (mean_later * held) if held else 0.0
        for hand, held in zip(cards, left, strict=True)
    ]
    if state["stage"] == 2:
        first = state["turn"]
    else:
        first = max(range(n), key=lambda s: state["cash"][s])
    order = [(first + k) % n for k in range(n)]
    laid = float(len(SPACES) - len(appraisal.empty))
    # More cards than spaces: the forgeries among them fall on every hand alike.
    held = sum(left)
    if held > len(appraisal.empty):
        left = [x * len(appraisal.empty) / held for x in left]
    income = [0.0] * n
    while any(x > 1e-9 for x in left):
        for s in order:
            if left[s] <= 1e-9:
                continue
            part = min(1.0, left[s])
            income[s] += part * quality[s] * REWARD_BY_FILL[min(int(laid), len(SPACES) - 1)]
            laid += part
            left[s] -= part
    return income


def standing(wealth: list[float]) -> list[float]:
    """Per seat in [0, 1]: a soft lead over the richest other seat, blended with a soft lead
    over the average other seat."""
    n = len(wealth)
    total = sum(wealth)
    out = []
    for s, mine in enumerate(wealth):
        others = wealth[:s] + wealth[s + 1 :]
        lead = (mine - max(others)) / LEAD_SCALE
        ahead = (mine - (total - mine) / (n - 1)) / AHEAD_SCALE
        out.append(LEAD_WEIGHT * logistic(lead) + (1 - LEAD_WEIGHT) * logistic(ahead))
    return out


def logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


# ---------------------------------------------------------------------- candidates

# The search weighs a few telling amounts, not every one: shares of the lot's worth ...
BID_TARGETS = (0.3, 0.6, 0.9)
RESERVE_TARGETS = (0.5, 0.8)


def candidates(state: State, seat: int, legal: list[Move]) -> list[Move]:
    """The moves the search weighs: every move, but in the auction only passing or selling, the
    lowest step, one step above what the others would bid by the rules of thumb, the highest
    they would pay, and a few shares of the lot's worth."""
    phase = state["phase"]
    if phase not in ("bidding", "reserve"):
        return legal
    field = "amount" if phase == "bidding" else "price"
    amounts = [m for m in legal if field in m]
    if not amounts:
        return legal
    appraisal = appraise(state["board"], state["forgeries"], state["options"])
    worth = lot_worth(appraisal, state["lot"])
    seller, cash = state["auctioneer"], state["cash"]
    limits = [bid_limit(worth, cash[s]) for s in range(state["players"]) if s not in (seat, seller)]
    if phase == "bidding":
        targets = [max(limits, default=0) + BID_STEP, *(f * worth for f in BID_TARGETS)]
    else:
        richest = max(c for s, c in enumerate(cash) if s != seat)
        targets = [max(limits, default=0), richest, *(f * worth for f in RESERVE_TARGETS)]
    chosen = [legal[0], amounts[0]]
    for target in targets:
        nearest = nearest_amount(amounts, field, target)
        if nearest not in chosen:
            chosen.append(nearest)
    return chosen


def nearest_amount(amounts: list[Move], field: str, target: float) -> Move:
    """The move whose `field` is nearest `target` (the lower of two as near), among `amounts`
    listed in rising steps of BID_STEP as the engine lists them (any other list is searched)."""
    first, last = amounts[0][field], amounts[-1][field]
    if last - first != (len(amounts) - 1) * BID_STEP:
        return min(amounts, key=lambda m: abs(m[field] - target))
    low = min(len(amounts) - 1, max(0, math.floor((target - first) / BID_STEP)))
    high = min(len(amounts) - 1, low + 1)
    below, above = amounts[low], amounts[high]
    return below if abs(below[field] - target) <= abs(above[field] - target) else above


POLICY = Policy(
    basic=basic,
    determinize=determinize,
    evaluate=evaluate,
    rollout_depth=0,
    candidates=candidates,
)
