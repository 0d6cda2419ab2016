"""Saba – Palast der Königin: figures leaving a quarter, the serail's markers and figure, and
the treasury."""

from __future__ import annotations

from shared.engine import Event, IllegalMove, Move, State
from shared.games.saba_palast.facts import PENDING_FOR, figure_quarters, has_figure
from shared.games.saba_palast.scoring import points, serail_leader, serail_preferred


def add_marker(state: State, seat: int, events: list[Event]) -> None:
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
        update_serail_figure(state, events)


def update_serail_figure(state: State, events: list[Event]) -> None:
    """(Profi) the serail's figure goes to the serail's leader."""
    leader = serail_leader(state)
    holder = state["serail_figure"]
    if leader is None or leader == holder:
        return
    if holder is not None:
        state["figures"][holder] += 1
        state["serail_figure"] = None
        events.append({"type": "serail_figure_returned", "seat": holder})
    if ask_for_figure(state, leader, "serail"):
        events.append({"type": "serail_figure", "seat": leader, "choosing": True})
        return
    if has_figure(state, leader):
        source = take_any_figure(state, leader)
        state["serail_figure"] = leader
        events.append({"type": "serail_figure", "seat": leader, "from_quarter": source})


def score_treasury(state: State, events: list[Event]) -> None:
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
    if len(leaders) == 1 and ask_for_figure(state, leaders[0], "treasury"):
        event.update(seat=leaders[0], choosing=True)
    elif len(leaders) == 1 and has_figure(state, leaders[0]):
        source = take_any_figure(state, leaders[0])
        state["treasury"].append(leaders[0])
        event.update(seat=leaders[0], from_quarter=source)
    events.append(event)


def ask_for_figure(state: State, seat: int, target: str) -> bool:
    """With the seat's supply empty and figures in more than one quarter, the seat names
    the quarter its figure leaves for the treasury or serail: ask, and say so."""
    quarters = figure_quarters(state, seat)
    if state["figures"][seat] > 0 or len(quarters) < 2:
        return False
    state["pending"] = {"seat": seat, "for": target, "quarters": quarters}
    return True


def take_any_figure(state: State, seat: int) -> str | None:
    """Take one of the seat's figures (see `has_figure`) for the treasury or serail: from
    his supply, else from a quarter (the vizier's, where it is idle, first; then in board
    order). Returns the quarter it left, or None for the supply."""
    if state["figures"][seat] > 0:
        state["figures"][seat] -= 1
        return None
    quarter = figure_quarters(state, seat)[0]
    take_from_quarter(state, seat, quarter)
    return quarter


def do_send_figure(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """The owner of the pending figure names the quarter it leaves."""
    pending = state["pending"]
    quarter = move.get("quarter")
    if quarter not in pending["quarters"]:
        raise IllegalMove(
            f"your figure for {PENDING_FOR[pending['for']]} leaves one of these quarters:"
            f" {', '.join(pending['quarters'])}"
        )
    send_figure(state, quarter, events)


def send_figure(state: State, quarter: str, events: list[Event]) -> None:
    """The pending figure leaves `quarter` for the treasury or the serail."""
    pending, state["pending"] = state["pending"], None
    seat = pending["seat"]
    take_from_quarter(state, seat, quarter)
    if pending["for"] == "treasury":
        state["treasury"].append(seat)
    else:
        state["serail_figure"] = seat
    events.append({"type": "figure_sent", "seat": seat, "quarter": quarter, "to": pending["for"]})


def take_from_quarter(state: State, seat: int, quarter: str) -> None:
    """Take one of the seat's figures out of the quarter."""
    state["quarters"][quarter].remove(seat)
    if seat == state["turn"]:
        # The figure taken is one that has already acted, if any has.
        spent = state["step"]["spent"]
        left = state["quarters"][quarter].count(seat)
        if spent.get(quarter, 0) > left:
            spent[quarter] = left
