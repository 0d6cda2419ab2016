"""Saba – Palast der Königin: the turn's four steps in the own tray.

The current step is lit; below it the step's button, or where a step has none, what to do now
(as the table's talk says it), or the warning of a move that waits for its second tap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from client.tables.base import Piece
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import art, words
from client.tables.saba_palast.controls import Interaction, TableFrame
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.layout import Table
from client.ui import theme

STEP_PHASES = ("harbour", "build", "quarter", "draw")


class Steps(Drawing, Region):
    """The steps row in the own tray and its button or hint."""

    kinds = frozenset(("button",))

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.view: Mapping[str, Any] = {}
        self.seat: int | None = None
        self.table = Table.build(2, None)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.view = snap.view
        self.seat = snap.seat
        self.table = Table.build(snap.view["players"], snap.seat)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The turn's four steps in the own tray, the current one lit; and its step button, or
        where a step has none, what to do now."""
        if self.seat is None:
            return
        cam, hot = frame.cam, frame.hot
        act = frame.act if isinstance(frame, TableFrame) else Interaction()
        selected = frame.selected if isinstance(frame, TableFrame) else None
        tray = self.table.trays[self.seat]
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
        move = act.button
        warning = self.warning(selected)
        if move is None or warning:
            # What to do now, in a step without a button, as the talk says it — or the warning
            # of a move that waits for its second tap.
            hint = warning or (self.step_hint(selected) if mine else None)
            short = None  # the words where the talk's explanation does not fit
            if not warning and mine:
                short = {"harbour": "step_harbour", "return": "step_return"}.get(phase)
            pending = self.view.get("pending")
            if not warning and pending and pending["seat"] == self.seat:
                hint = self.explain()  # a figure of ours leaves a quarter, maybe out of turn
                short = f"step_send_{pending['for']}"
            if hint:
                # Between the current step's name and the tray's bottom edge, as small as it
                # must be (never below the table's minimum), the last line cut if still too long.
                label_bottom = below + label_size * 0.6 / cam.scale
                room = pygame.FRect(
                    tray.button.x,
                    label_bottom,
                    tray.button.w,
                    max(tray.button.bottom, tray.rect.bottom - 4) - label_bottom,
                )
                box = cam.rect_to_screen(room)
                size, lines = self._fit_hint(hint, box, self._size(16, cam))
                if len(lines) * art.line_height(size) > box.h and short and hint != words.ui(short):
                    hint = words.ui(short)
                    size, lines = self._fit_hint(hint, box, self._size(16, cam))
                step_px = art.line_height(size)
                fit = max(1, int(box.h // step_px))
                if len(lines) > fit:
                    rest = " ".join(lines[fit - 1 :])
                    lines = [*lines[: fit - 1], theme.fit_text(rest, size, box.w, bool(warning))]
                y = box.centery - step_px * (len(lines) - 1) / 2
                for i, line in enumerate(lines):
                    theme.blit_text(
                        surface,
                        line,
                        size,
                        (box.centerx, y + i * step_px),
                        theme.GOLD_LIGHT,
                        bool(warning),
                        "center",
                    )
            return
        kind = move["type"]
        rect = cam.rect_to_screen(tray.button)
        radius = max(3, rect.h // 4)
        lit = ("button", kind) in hot
        theme.shadowed_rect(
            surface, rect, theme.GOLD if lit else theme.PANEL, radius, 2, theme.GOLD_DARK
        )
        ink = theme.INK if lit else theme.TEXT
        size = self._size(20, cam)
        said = self.snap.move_talk(move)
        text = self.snap.say(said["label"]) if said else kind
        label = theme.fit_text(text, size, max(10, rect.w - size), bold=True)
        theme.blit_text(surface, label, size, rect.center, ink, True, "center")

    @staticmethod
    def _fit_hint(hint: str, box: pygame.Rect, size: int) -> tuple[int, list[str]]:
        """The hint's lines in `box`, at `size` or smaller (down to the table's minimum)."""
        lines = theme.wrap(hint, size, box.w)
        while len(lines) * art.line_height(size) > box.h and size > art.MIN_TEXT:
            size -= 1
            lines = theme.wrap(hint, size, box.w)
        return size, lines

    def explain(self) -> str | None:
        """The talk's line of explanation of the moment, in words."""
        said = self.snap.talk
        return self.snap.say(said["explain"]) if said and said.get("explain") else None

    def warning(self, selected: Piece | None) -> str | None:
        """The warning of the move a first tap selected ("⚠ …"), while it waits for the second."""
        if selected is None or selected.key[0] != "warned":
            return None
        said = self.snap.move_talk(selected.targets[0].move)
        return f"⚠ {self.snap.say(said['warn'])}" if said and said.get("warn") else None

    def step_hint(self, selected: Piece | None) -> str | None:
        """What to do now in a step without a button: with harbour field 2 or 3 (or the vizier)
        in hand, what the second tap chooses; else the talk's explanation of the moment."""
        key = selected.key if selected is not None else None
        if key == ("vizier",) or key in (("harbour", 3), ("harbour_card", 3)):
            return words.ui("step_vizier")
        if key in (("harbour", 2), ("harbour_card", 2)):
            return words.ui("step_remove")
        return self.explain()
