"""Saba – Palast der Königin: the turn's four steps in the own tray.

The current step is lit; below it the step's button, or where a step has none, what to do now."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Piece
from client.tables.saba_palast import art, words
from client.tables.saba_palast.drawing import Drawing
from client.ui import theme

STEP_PHASES = ("harbour", "build", "quarter", "draw")


class Steps(Drawing):
    """The steps row and its button or hint (a mixin of the view)."""

    def _draw_steps(
        self, surface: pygame.Surface, cam: Camera, hot: set[Any], selected: Piece | None
    ) -> None:
        """The turn's four steps in the own tray, the current one lit; and its step button, or
        where a step has none, what to do now."""
        if self.seat is None:
            return
        tray = self.tray(self.seat)
        mine = self.view["turn"] == self.seat and self.view["end"] is None
        phase = self.view["phase"]
        labels = words.steps()
        r = tray.steps
        step = r.w / 4
        current = STEP_PHASES.index(phase) if phase in STEP_PHASES else 4
        label_size = self._size(14, cam)
        font = theme.font(label_size, True)
        # Each step is named under its number where the names fit; on a small board only the
        # current one is, centred under the row (the title bar names it too).
        each = all(font.size(label)[0] <= step * cam.scale - 4 for label in labels)
        radius = max(15.0, self._size(17, cam) * 0.68 / cam.scale)
        below = r.y + 18 + max(28.0, radius + label_size * 0.55 / cam.scale)
        for i, label in enumerate(labels):
            cx = r.x + step * (i + 0.5)
            cy = r.y + 18
            if mine and i == current:
                fill, ink = theme.GOLD, theme.INK
            elif mine and i < current:
                fill, ink = theme.mix(theme.GOLD_DARK, theme.TABLE, 0.5), theme.TEXT_DIM
            else:
                fill, ink = theme.TABLE_LIGHT, theme.TEXT_DIM
            x, y = cam.to_screen(cx, cy)
            pygame.draw.circle(surface, fill, (x, y), radius * cam.scale)
            self._text(surface, str(i + 1), 17, cam, (cx, cy), ink, True)
            colour = theme.GOLD_LIGHT if mine and i == current else theme.TEXT_DIM
            if each:
                self._text(surface, label, 14, cam, (cx, below), colour, mine and i == current)
            elif mine and i == current:
                self._text(surface, label, 14, cam, (r.centerx, below), colour, True, within=r)
            if i < 3:
                a = cam.to_screen(cx + radius + 3, cy)
                b = cam.to_screen(cx + step - radius - 3, cy)
                pygame.draw.line(surface, theme.GOLD_DARK, a, b, max(1, round(2 * cam.scale)))
        move = self.act.button
        if move is None:
            hint = self._step_hint(phase, selected) if mine else None
            pending = self.view.get("pending")
            if pending and pending["seat"] == self.seat:
                # A figure of ours must leave a quarter, maybe in another player's turn.
                hint = f"step_send_{pending['for']}"
            if hint:
                size = self._size(16, cam)
                box = cam.rect_to_screen(tray.button)
                lines = theme.wrap(words.ui(hint), size, box.w)
                step_px = art.line_height(size)
                y = box.centery - step_px * (len(lines) - 1) / 2
                for i, line in enumerate(lines):
                    theme.blit_text(
                        surface,
                        line,
                        size,
                        (box.centerx, y + i * step_px),
                        theme.GOLD_LIGHT,
                        False,
                        "center",
                    )
            return
        kind = move["type"]
        key = {"pass": "pass_build" if phase == "build" else "pass_quarter"}.get(kind, kind)
        rect = cam.rect_to_screen(tray.button)
        radius = max(3, rect.h // 4)
        lit = ("button", kind) in hot
        theme.shadowed_rect(
            surface, rect, theme.GOLD if lit else theme.PANEL, radius, 2, theme.GOLD_DARK
        )
        ink = theme.INK if lit else theme.TEXT
        size = self._size(20, cam)
        label = theme.fit_text(words.ui(key), size, max(10, rect.w - size), bold=True)
        theme.blit_text(surface, label, size, rect.center, ink, True, "center")

    @staticmethod
    def _step_hint(phase: str, selected: Piece | None) -> str | None:
        """The words key of what to do now in a step without a button (None: nothing to say)."""
        if phase == "return":
            return "step_return"
        if phase != "harbour":
            return None
        key = selected.key if selected is not None else None
        if key == ("vizier",) or key in (("harbour", 3), ("harbour_card", 3)):
            return "step_vizier"
        if key in (("harbour", 2), ("harbour_card", 2)):
            return "step_remove"
        return "step_harbour"
