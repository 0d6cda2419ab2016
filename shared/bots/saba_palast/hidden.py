"""Saba – Palast der Königin's bots: imagining what a seat cannot see (`determinize`), and a
full state read as a seat's board."""

from __future__ import annotations

import random
from collections import Counter

from shared.engine import State, View
from shared.games.saba_palast.data import (
    ACTION_CARDS_PER_MATERIAL,
    BOTTOM_LEVEL3,
    CARDS,
    MATERIALS,
    PALACE_CARDS_BY_LEVEL,
    SPECIAL_COSTS,
)
from shared.games.saba_palast.game import GAME
from shared.games.saba_palast.scoring import points
from shared.games.saba_palast.views import PUBLIC_KEYS

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


# ---------------------------------------------------------------------- a seat's board


def seat_board(state: State, seat: int) -> dict:
    """A full (imagined) state read as `seat`'s board by the rules of thumb."""
    return {
        **state,
        "seat": seat,
        "hand": state["hands"][seat],
        "points": points(state),
        "deck_count": len(state["deck"]),
    }
