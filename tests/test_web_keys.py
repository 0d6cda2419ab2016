"""Das Kollier, Die Kette von Saba and Saba – Palast played to the end by the keys alone (issue
33), each with axe at the seat's first turn and on the results, and the live region saying every
move once. Beside tests/test_web_a11y.py (La Magie des Bijoux's game by keys, the lobby, the TV,
the settings), whose helpers they use: a file of their own, so that `make test`'s processes, which
take whole files, share these long games out (docs/performance.md, "Test suite")."""

from __future__ import annotations

import pytest

from tests.test_web_a11y import Keys, arrows_move_between, present, tab_to, whole_game_by_keys
from tests.test_web_page import serving
from tests.web_games import BOTH_WAYS, KETTE_BOTH_WAYS, KOLLIER_TAPS, PALAST_TAPS

# The results' screen is the same page for every game: axe checks it at the end of La Magie des
# Bijoux's game by keys (tests/test_web_a11y.py); here axe checks each game's table.


@pytest.fixture
def server(tmp_path):
    """The bots at the quickest pace the server allows, as in tests/test_web_a11y.py."""
    with serving(tmp_path, (0.0, 0.0)) as thread:
        yield thread


KOLLIER_STEPS = [
    "button[data-gem]",
    "button[data-gem][aria-pressed=true]",
    "#pay-chosen:not([disabled])",
    "#sell",
    ".sales [data-move=sell]",
    "[data-step][aria-label='+1,000']",
]
PAIRS = [f"[data-move={kind}]" for pair in BOTH_WAYS for kind in pair]


def test_das_kollier_is_played_to_the_end_by_keys(server, browser):
    """Every kind of control by the keys: bids and passes (each way in turn), a sealed bid
    raised by its + step, a sale to the bank opened and made, a payment put together from the
    gems (every other one: a gem picked, then Pay), a warned move's second press."""
    keys = Keys(BOTH_WAYS, "[data-move=bid], [data-move=sealed_bid], [data-move=accept]")

    def reach(page, now: dict) -> list[str]:
        there = present(page, [*KOLLIER_STEPS, *PAIRS, *KOLLIER_TAPS])
        pay = "#pay-chosen:not([disabled])"
        if "button[data-gem][aria-pressed=true]" in there and pay in there:
            return [pay]
        if "button[data-gem]" in there and keys.every_other("pay", now["seq"]):
            return ["button[data-gem]"]
        if "#sell" in there and keys.first_time("sell"):
            return ["#sell"]
        if ".sales [data-move=sell]" in there and keys.first_time("sold"):
            return [".sales [data-move=sell]"]
        if "[data-move=sealed_bid]" in there and keys.first_time(f"sealed:{now['seq']}"):
            return ["[data-step][aria-label='+1,000']"]
        return [*keys.alternate(there), *KOLLIER_TAPS]

    # An open auction nobody bids on any more is knocked down after a second, the least.
    whole_game_by_keys(
        server, browser, "das-kollier", reach, keys, {"quiet_time": 1}, axe_on_results=False
    )
    assert {"sell", "sold"} <= keys.once


# Die Kette von Saba's steps that are no move of their own: a card of the hand picked, a marked
# place chosen for it (the confirmation then lays it), the amounts beyond the quick ones opened.
KETTE_STEPS = ["#confirm", "svg.necklace .place", ".kette-hand button:not(.picked)"]
KETTE_STEPS += ["details.more:not([open]) > summary", "details.more[open] button"]
KETTE_KEYS = [
    "[data-move=offer]",
    "[data-move=discard]",
    "[data-move=sell]",
    "[data-move=reserve]",
    "[data-move=bid]",
    "[data-move=pass]",
    "[data-move=accept]",
    "[data-move=decline]",
    "[data-move=keep]",
]


def test_die_kette_von_saba_is_played_to_the_end_by_keys(server, browser):
    """Every kind of control by the keys: the arrows going from marked place to marked place; a
    card of the hand picked, then a marked place on the necklace, then the confirmation (the lot
    laid, or kept, each way in turn); bids, passes, prices asked and answers each way in turn;
    the other amounts opened once and one of them pressed; a warned move's second press."""
    keys = Keys(KETTE_BOTH_WAYS, "#confirm")

    def reach(page, now: dict) -> list[str]:
        pairs = [f"[data-move={kind}]" for pair in KETTE_BOTH_WAYS for kind in pair]
        there = present(page, [*KETTE_STEPS, *pairs, *KETTE_KEYS, "[data-move=keep]"])
        if "#confirm" in there:
            return ["#confirm"]
        if "details.more[open] button" in there and keys.first_time("more"):
            return ["details.more[open] button"]
        if "details.more:not([open]) > summary" in there and keys.first_time("open more"):
            return ["details.more:not([open]) > summary"]
        place = ["svg.necklace .place"]
        if page.locator("svg.necklace .place").count() > 1 and keys.first_time("arrows"):
            arrows_move_between(page, "svg.necklace .place")
        if "[data-move=keep]" in there and not keys.every_other("lay", now["seq"]):
            place = []  # the lot kept rather than laid, every other time
        turn = ["[data-move=draw]", "[data-move=end_turn]"]
        return [
            *place,
            *keys.alternate(there),
            *KETTE_KEYS,
            KETTE_STEPS[2],
            *keys.alternate(set(turn) & there),
            *turn,
        ]

    whole_game_by_keys(
        server, browser, "kette-von-saba", reach, keys, {"first_seat": 0}, axe_on_results=False
    )
    pressed = set(keys.pressed)
    assert "arrows" in keys.once
    assert {"details.more[open] button", ".kette-hand button:not(.picked)", "#confirm"} <= pressed


IN_TRAY = "() => document.getElementById('tray').contains(document.activeElement)"


def test_saba_palast_is_played_to_the_end_by_keys(server, browser):
    """Every kind of control by the keys: the turn's steps, a choice in two steps (a harbour
    field, then the card to remove or the vizier's quarter; a card built one of several ways),
    the action cards in the tray, a harbour field pressed on the board itself every other time
    (a warned one arms its button below, where the focus goes), the arrows going from one of
    the board's targets to another, and "My tray" taking the focus to the tray."""
    keys = Keys([], "#back, .controls [data-move=harbour]")  # a choice of the harbour's fields
    targets = [f".controls {c}, .tray {c}" for c in PALAST_TAPS]
    board = "svg .harbour.legal"

    def reach(page, now: dict) -> list[str]:
        if keys.first_time("tray"):
            page.keyboard.press("Home")  # to the top of the page, where "My tray" shows
            page.wait_for_selector("#tray-link", state="visible", timeout=3000)
            assert tab_to(page, ["#tray-link"]), "My tray is not reached by Tab"
            page.keyboard.press("Enter")
            assert page.evaluate(
                "() => document.getElementById('tray').contains(document.activeElement)"
            )
        there = present(page, [board, "#back", *targets])
        if page.locator("svg [data-cell]").count() > 1 and keys.first_time("arrows"):
            arrows_move_between(page, "svg [data-cell]")
        if board in there and "#back" not in there and keys.every_other("board", now["seq"]):
            return [board]
        return targets

    whole_game_by_keys(server, browser, "saba-palast", reach, keys, axe_on_results=False)
    assert board in keys.pressed and "arrows" in keys.once
