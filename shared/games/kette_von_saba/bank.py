"""The money of Die Kette von Saba: what everyone starts with, the steps of a bid, the price of
the deck's top card, what laying a card pays by who lays it, and the book of every seat's cash.

A seat's `accounts` book every change of its cash under where it came from (`ACCOUNTS`: part ->
[how many times, amount]), so that the result can say it; `book` is the one way cash changes.
"""

from __future__ import annotations

from shared.engine import State

START_CASH = 20_000
BID_STEP = 1000
DRAW_PRICE = 2000
# Reward multipliers: a buyer laying his card at once in stage 1 earns double; cards laid by an
# auctioneer after a sale that did not happen earn nothing.
BUYER_REWARD = 2
UNSOLD_REWARD = 0
RECONSTRUCTION_REWARD = 1
# Where a seat's cash comes from (its `accounts`, in this order): the starting money, cards
# sold at auction, rewards for cards laid at once by their buyer (double) and in the
# reconstruction; and where it goes: cards bought at auction, cards bought from the deck.
ACCOUNTS = ("start", "sales", "double_rewards", "rewards", "purchases", "deck")


def opening_accounts() -> dict[str, list[int]]:
    """A seat's accounts at the start: its starting money, nothing else yet."""
    return {part: [1, START_CASH] if part == "start" else [0, 0] for part in ACCOUNTS}


def book(state: State, seat: int, part: str, amount: int) -> None:
    """Pay `amount` to the seat (less than 0: from it), booked in its `accounts` under
    `part`: every change of a seat's cash goes through here, so its parts add up to it."""
    cash = state["cash"] = state["cash"][:]
    cash[seat] += amount
    accounts = state["accounts"] = state["accounts"][:]
    times, total = accounts[seat][part]
    accounts[seat] = {**accounts[seat], part: [times + 1, total + amount]}
