"""Saba – Palast der Königin: the sprites its regions move (cards on the building fields, things
in flight)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from client.tables.base import Sprite


@dataclass
class CardSprite(Sprite):
    """A building card on the table; `turn` 0 shows its back, 1 its face (a flip passes 0.5)."""

    card: str = ""
    turn: float = 1.0


@dataclass
class Flyer:
    """Something in flight over the board: a token, figure, marker or card."""

    kind: str
    what: Any
    sprite: Sprite
    size: float
    turn: float = 1.0
