"""Das Kollier's deck: the buyer takes the lot, the next lot is dealt up to the threshold, the
second deck is formed when the first runs out (the bank's gift to every seat first), and the
game ends when the second has been auctioned."""

from __future__ import annotations

from shared.engine import Event, State, draw_rng
from shared.games.das_kollier.gems import VALUE, sort_gems
from shared.games.das_kollier.scoring import outcome
from shared.games.das_kollier.tables import SECOND_DECK_GIFT, STEP, THRESHOLD


def finish_lot(state: State, buyer: int, events: list[Event]) -> None:
    """The buyer takes the lot and runs the next auction; the round counter moves on."""
    lot = state["lot"]
    state["hands"][buyer] = sort_gems(state["hands"][buyer] + lot)
    events.append({"type": "lot_won", "seat": buyer, "gems": lot[:], "round": state["round"]})
    state["auctioneer"], state["round"] = buyer, state["round"] + 1
    state["defaulters"], state["auction"] = [], None
    reveal(state, events)


def reveal(state: State, events: list[Event]) -> None:
    """Deal the next lot: turn cards until it reaches the threshold; the second deck when
    the first runs out; the second deck's last cards are auctioned as they are; then the
    game ends."""
    lot: list[str] = []
    value, threshold = 0, THRESHOLD[state["players"]]
    deck = state["deck"]
    while True:
        top = len(deck)  # the lot takes the deck's top cards (its end), top card first
        while value < threshold and top:
            top -= 1
            value += VALUE[deck[top]]
        lot += deck[top:][::-1]
        state["deck"] = deck[:top]
        if value >= threshold or state["deck_number"] == 2:
            break
        second_deck(state, events)  # the first deck is used up
        deck = state["deck"]
    state["lot"] = lot
    if lot:
        state["phase"] = "choose"
        seat = state["auctioneer"]
        events.append({"type": "lot_revealed", "seat": seat, "gems": lot[:], "value": value})
    else:
        state["phase"] = "over"
        events.append({"type": "game_over", **outcome(state)})


def second_deck(state: State, events: list[Event]) -> None:
    """The first deck is used up: the bank's gift to every seat (as far as it holds money,
    shared from the auctioneer on), and the set-aside gems with the bank's shuffled into the
    second deck."""
    n, first = state["players"], state["auctioneer"]
    thousands = min(state["bank"], SECOND_DECK_GIFT * n) // STEP
    share, extra = divmod(thousands, n)
    gifts = [share * STEP] * n
    for k in range(extra):
        gifts[(first + k) % n] += STEP
    for seat, gift in enumerate(gifts):
        state["cash"][seat] += gift
    state["bank"] -= sum(gifts)
    deck = state["set_aside"] + state["bank_gems"]
    draw_rng(state).shuffle(deck)
    state.update(deck=deck, deck_number=2, set_aside=[], bank_gems=[])
    events.append({"type": "second_deck", "gifts": gifts, "cards": len(deck)})
