"""The fallback table for a game without a drawn view: its public facts and its legal moves.

Every registered game stays playable: each legal move the server sent becomes a button.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, TableView
from client.ui import theme

MAX_BUTTONS = 60


def move_label(move: Move) -> str:
    """A move as a short line: its type, then its fields."""
    fields = [f"{k} {v}" for k, v in move.items() if k != "type"]
    return " · ".join([str(move.get("type", "?")).replace("_", " "), *fields])


def _fact(value: Any) -> str | None:
    if isinstance(value, (str, int, bool)) or value is None:
        return str(value)
    if (
        isinstance(value, list)
        and len(value) <= 8
        and all(isinstance(v, (int, str)) for v in value)
    ):
        return ", ".join(map(str, value))
    return None


class GenericView(TableView):
    game_id = ""

    def world_size(self) -> tuple[float, float]:
        return (160.0, 100.0)

    def event_text(self, event: Event) -> str | None:
        """Until the game has its own sentences: who did what, in the event's own words."""
        what = str(event.get("type", "?")).replace("_", " ")
        seat = event.get("seat")
        return f"{self.ctx.name(seat)}: {what}" if isinstance(seat, int) else what

    def move_buttons(self) -> list[tuple[str, Move]]:
        return [(move_label(m), m) for m in self.legal[:MAX_BUTTONS]]

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        area = cam.area
        size = max(14, round(area.h * 0.03))
        y = area.y + size
        for key, value in self.view.items():
            shown = _fact(value)
            if shown is None or key in ("game", "options"):
                continue
            line = theme.fit_text(f"{key}: {shown}", size, area.w - size * 2)
            theme.blit_text(surface, line, size, (area.x + size, y), theme.TEXT_DIM)
            y += round(size * 1.35)
            if y > area.centery:
                break
