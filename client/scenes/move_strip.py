"""The strip of move buttons under the table's board: the moves the game view offers as
buttons (pass, keep, bid …), laid out in rows from the bottom of the board's column.

`MoveStrip` holds the buttons, the moves they play, how many rows they take and the move armed
by a first press. A move the table's talk warns of is played by a second press; the first says
why (a legal move is never hidden, and never played unwarned).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.net.model import Move
from client.tables.base import TableView
from client.ui import theme
from client.ui.widgets import Button, Toasts
from client.words import i18n


class MoveStrip:
    """The move buttons of the seat shown, and the one warned move pressed once."""

    def __init__(
        self,
        game_view: TableView,
        toasts: Toasts,
        play: Callable[[Move], None],
        relabel: Callable[[], None],
    ) -> None:
        self.game_view = game_view
        self.toasts = toasts
        # `play` sends a move pressed (twice when warned); `relabel` lays the strip out again.
        self.play = play
        self.relabel = relabel
        self.buttons: list[Button] = []
        self.moves: list[Move] = []
        self.rows = 0
        # A move button the table's talk warns of, pressed once: (the view's version, the move).
        self.armed: tuple[int, Move] | None = None

    def lay_out(
        self, choices: list[tuple[str, Move]], area: pygame.Rect, layout: theme.Layout
    ) -> None:
        """A button per (label, move) of `choices`, in rows from the bottom of `area`."""
        lay = layout
        self.moves = [move for _label, move in choices]
        buttons = [
            Button(self._armed_label(label, move), lambda m=move: self.press(m))
            for label, move in choices
        ]
        x, row = area.x, 0
        widths = []
        for button in buttons:
            w = min(area.w, theme.font(lay.small, True).size(button.label)[0] + lay.small * 2)
            if x + w > area.right and x > area.x:
                x, row = area.x, row + 1
            widths.append((button, x, row, w))
            x += w + lay.margin // 2
        self.rows = row + 1 if buttons else 0
        for button, bx, brow, w in widths:
            y = area.bottom - (self.rows - brow) * (lay.button_h + lay.margin // 2)
            button.rect = pygame.Rect(bx, y, w, lay.button_h)
        self.buttons = buttons

    def show(self, buttons: list[Button], rows: int) -> None:
        """Buttons laid out elsewhere (the replay viewer's controls), in `rows` rows."""
        self.buttons, self.moves, self.rows = buttons, [], rows

    def press(self, move: Move) -> None:
        """A move button: a warned move arms at the first press and plays at the second."""
        said = self.game_view.move_talk(move)
        armed = (self.game_view.version, move)
        if said is not None and said.get("warn") and self.armed != armed:
            self.armed = armed
            warning = self.game_view.say(said["warn"])
            again = i18n._("Tap it again to play it.")
            self.toasts.show(f"⚠ {warning} {again}", life=6.0)
            self.relabel()
            return
        self.armed = None
        self.play(move)

    def _armed_label(self, label: str, move: Move) -> str:
        if self.armed == (self.game_view.version, move):
            return i18n._("{move} — tap again", move=label)
        return label
