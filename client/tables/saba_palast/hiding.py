"""Saba – Palast der Königin: the things a still region keeps hidden while their flight is on
the way (a built part, a figure, a card dealt into the hand).

A flight publishes `hide` (key, batch) when it starts and `reveal` (key, batch) when it lands;
the region whose kind of key it is hides the thing and, when it lands, publishes
`board_changed` with the area to draw again. A new update shows every hidden thing again (their
flights belong to an older view)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from client.tables.regions import Motion


class Hidden:
    """The keys of `kinds` hidden in one region, and where each is drawn (`area`)."""

    def __init__(
        self, motion: Motion, kinds: Iterable[str], area: Callable[[Any], pygame.FRect]
    ) -> None:
        self.motion = motion
        self.kinds = frozenset(kinds)
        self.area = area
        self.keys: dict[Any, int] = {}
        motion.subscribe("hide", self._hide)
        motion.subscribe("reveal", self._reveal)

    def __contains__(self, key: Any) -> bool:
        return key in self.keys

    def _hide(self, key: Any, batch: int) -> None:
        if key[0] in self.kinds:
            self.keys[key] = batch

    def _reveal(self, key: Any, batch: int) -> None:
        if key[0] in self.kinds and self.keys.get(key) == batch:
            del self.keys[key]
            self.motion.publish("board_changed", self.area(key))

    def show_all(self, quietly: bool) -> None:
        """A new update: everything hidden shows again (`quietly`: the whole board is drawn
        anew anyway)."""
        if not quietly:
            for key in self.keys:
                self.motion.publish("board_changed", self.area(key))
        self.keys.clear()
