"""Das Kollier's bank: a seat's sale to it (once a game, also out of turn), the money it takes
in and pays out, and its debts, paid oldest first as far as it holds money."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.das_kollier.checks import gem_list
from shared.games.das_kollier.gems import base_value, necklace_value, sort_gems
from shared.games.das_kollier.hands import take_gems
from shared.games.das_kollier.tables import MARKER, SALE_CAP, half_up


def move_sell(state: State, seat: int, move: Move) -> list[Event]:
    """A seat's sale to the bank, once a game: single gems at base value or one necklace, at most
    SALE_CAP; what the bank cannot pay now it owes, and the marker with it."""
    if state["sold"][seat]:
        raise IllegalMove("you have already sold to the bank: that is allowed once a game")
    if ("gems" in move) == ("necklace" in move):
        raise IllegalMove("sell either single 'gems' or one 'necklace'", "malformed")
    if "gems" in move:
        gems = gem_list(move["gems"], "'gems'")
        value = base_value(gems)
    else:
        gems = gem_list(move["necklace"], "'necklace'")
        try:
            value = necklace_value(gems)
        except ValueError as exc:
            raise IllegalMove(f"that is no necklace: {exc}") from None
    if not gems:
        raise IllegalMove("name the gems you sell")
    state["hands"][seat] = take_gems(state["hands"][seat], gems)
    state["bank_gems"] = state["bank_gems"] + gems
    sold = state["sold"] = state["sold"][:]
    sold[seat] = True
    credit = min(value, SALE_CAP)
    spare = bank_spare(state)
    paid = min(credit, spare)
    marker = min(MARKER, spare - paid)
    state["bank"] -= paid + marker
    state["cash"][seat] += paid
    markers = state["markers"] = state["markers"][:]
    markers[seat] += marker
    for amount, into in ((credit - paid, "cash"), (MARKER - marker, "marker")):
        if amount:
            state["debts"] = [*state["debts"], {"seat": seat, "amount": amount, "into": into}]
    return [
        {
            "type": "sold_to_bank",
            "seat": seat,
            "gem_count": len(gems),
            "paid": paid,
            "owed": credit - paid,
            "marker": marker,
            "marker_owed": MARKER - marker,
            "hidden": {"gems": sort_gems(gems), "value": value},
            "seen_by": [seat],
        }
    ]


def bank_in(state: State, amount: int, events: list[Event]) -> None:
    """The bank takes in `amount` and pays its debts from it."""
    state["bank"] += amount
    settle(state, events)


def settle(state: State, events: list[Event]) -> None:
    """The bank pays its debts first, oldest first, as far as it holds money."""
    debts = state["debts"]
    if not debts or not state["bank"]:
        return
    # The debts and the markers are shared with the state `apply` was given (the cash is
    # the working copy's own).
    debts = state["debts"] = [dict(debt) for debt in debts]
    state["markers"] = state["markers"][:]
    while debts and state["bank"]:
        debt = debts[0]
        amount = min(debt["amount"], state["bank"])
        state["bank"] -= amount
        (state["cash"] if debt["into"] == "cash" else state["markers"])[debt["seat"]] += amount
        events.append(
            {"type": "debt_paid", "seat": debt["seat"], "amount": amount, "into": debt["into"]}
        )
        debt["amount"] -= amount
        if not debt["amount"]:
            debts.pop(0)


def bank_spare(state: State) -> int:
    """What the bank may pay for a sale now: nothing while older debts wait; during the
    commission choice, not the cash commission the auctioneer may still take."""
    if state["debts"]:
        return 0
    kept = half_up(state["auction"]["paid_cash"]) if state["phase"] == "commission" else 0
    return max(0, state["bank"] - kept)


def bank_out(state: State, seat: int, amount: int) -> int:
    """The bank pays `seat` up to `amount`, as far as it holds money; returns what it paid."""
    paid = min(amount, state["bank"])
    state["bank"] -= paid
    state["cash"][seat] += paid
    return paid
