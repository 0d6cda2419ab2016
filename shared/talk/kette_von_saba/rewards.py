"""What laying a card pays on the moment's board, for the moves, the facts and the moment that
weigh it: worked out once per space and talk."""

from __future__ import annotations

from typing import Any

from shared.games.kette_von_saba.board import SPACE_INDEX, reward_at


class Rewards:
    """The reward of laying a card on a space of the moment's board, each space worked out once."""

    def __init__(self, board: list[Any]) -> None:
        self.board = board
        self.known: dict[int, int] = {}

    def at(self, space: list[int]) -> int:
        """The reward of a card laid on `space` ([column, row])."""
        index = SPACE_INDEX[(space[0], space[1])]
        found = self.known.get(index)
        if found is None:
            found = self.known[index] = reward_at(self.board, index)
        return found

    def best(self, spaces: list[list[int]] | None) -> int:
        """The best reward among `spaces` (0 for none)."""
        return max((self.at(space) for space in spaces or ()), default=0)
