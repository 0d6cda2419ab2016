"""What a seat or a spectator of Das Kollier may see: money and gems are secret (the others see
only how many gems a seat holds), a payment's gems only the buyer and the auctioneer, a sealed
bid only its bidder."""

from __future__ import annotations

from shared.engine import State, View
from shared.games.das_kollier.gems import best_necklace
from shared.games.das_kollier.hands import lot_value
from shared.games.das_kollier.scoring import outcome
from shared.games.das_kollier.tables import CASH_ONLY_ROUNDS, GAME_ID, THRESHOLD
from shared.games.das_kollier.turns import to_act


def seat_view(state: State, seat: int | None) -> View:
    """What `seat` may see of the state (None: a spectator)."""
    phase, auction = state["phase"], state["auction"]
    view: View = {
        "game": GAME_ID,
        "players": state["players"],
        "seat": seat,
        "options": state["options"],
        "phase": phase,
        "round": state["round"],
        "cash_only": state["round"] <= CASH_ONLY_ROUNDS,
        "deck_number": state["deck_number"],
        "deck_count": len(state["deck"]),
        "set_aside_count": len(state["set_aside"]),
        "bank": state["bank"],
        "bank_gem_count": len(state["bank_gems"]),
        "debts": [dict(d) for d in state["debts"]],
        "auctioneer": state["auctioneer"],
        "lot": state["lot"],
        "lot_value": lot_value(state["lot"]),
        "threshold": THRESHOLD[state["players"]],
        "gem_counts": [len(h) for h in state["hands"]],
        "markers": state["markers"],
        "sold": state["sold"],
        "defaulters": state["defaulters"],
        "auction": None,
        "to_act": to_act(state),
    }
    if auction is not None:
        public = {k: v for k, v in auction.items() if k != "paid_gems"}
        if phase == "commission":
            public["paid_gem_count"] = len(auction["paid_gems"])
            if seat in (state["auctioneer"], auction["buyer"]):
                public["paid_gems"] = auction["paid_gems"]
        view["auction"] = public
    if phase == "sealed":
        view["sealed_bids_made"] = [bid is not None for bid in state["sealed_bids"]]
    if seat is not None:
        value, necklace = best_necklace(state["hands"][seat])
        view["cash"] = state["cash"][seat]
        view["gems"] = state["hands"][seat]
        view["best_necklace"] = {"value": value, "gems": necklace}
        if phase == "sealed":
            view["sealed_bid"] = state["sealed_bids"][seat]
    if phase == "over":
        view["outcome"] = outcome(state)
    return view
