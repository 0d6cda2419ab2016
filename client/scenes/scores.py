"""Where the points came from, in the results: the table's talk's `scores` (shared/talk/scores.py)
drawn as a table — a row per scoring part, a column per seat in the talk's order (the seat's own
first, then the winners'), as many columns as the width holds; the seats left out are named
beneath with their totals, so nobody's score is lost on a small window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from client.ui import theme
from client.words import i18n

# The widest a label column may take of the table, so that at least two seats' columns fit.
LABEL_SHARE = 0.42


def capital(text: str) -> str:
    """A label begins with a capital (a game term said mid-sentence begins small: "crown")."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Row:
    """One row as the UI language says it: a label, a cell per seat ("" where it has nothing)."""

    label: str
    cells: list[str]
    kind: str


class ScoreTable:
    """The results' table of scoring parts, drawn from what it is given (the talk's `scores`
    said in the UI language, the players' names, the winners) into a rect of the dialog."""

    def __init__(
        self,
        scores: dict[str, Any],
        say: Callable[[Any], str],
        names: list[str],
        winners: list[int],
        token: Callable[[pygame.Surface, int, tuple[float, float], float], None] | None = None,
    ) -> None:
        self.order: list[int] = [s for s in scores["order"] if 0 <= s < len(names)]
        self.rows = [
            Row(
                capital(say(row["label"])),
                ["" if cell is None else say(cell) for cell in row["cells"]],
                row["kind"],
            )
            for row in scores["rows"]
        ]
        self.names = names
        self.winners = winners
        self.token = token  # draws a seat's colour token (the game view's `seat_token`)
        self.shown: list[int] = []  # the seats whose columns fit, set by `fit`

    def row_height(self, size: int) -> int:
        return round(size * 1.55)

    def height(self, width: int, size: int) -> int:
        """The height the table takes at `width`: its heading, a header of names, its rows and
        the lines naming the seats left out (when some are)."""
        _, widths = self.fit(width, size)
        label_w = width - sum(widths) - size // 2
        rows = 2 + len(self.left_out_lines(width, size))
        lines = sum(self._row_h(row, size, label_w) for row in self.rows)
        return self.row_height(size) * rows + lines

    def _label_lines(self, row: Any, size: int, width: int) -> list[str]:
        """A row's label in the lines it takes at `width`: one, or two where large text or a
        narrow window leaves too little room (the second shortened only past that)."""
        bold = row.kind == "total"
        if theme.font(size, bold).size(row.label)[0] <= width:
            return [row.label]
        lines = theme.wrap(row.label, size, width, bold) or [row.label]
        if len(lines) > 2:
            lines = [lines[0], theme.fit_text(" ".join(lines[1:]), size, width, bold)]
        return [theme.fit_text(line, size, width, bold) for line in lines]

    def _row_h(self, row: Any, size: int, width: int) -> int:
        extra = len(self._label_lines(row, size, width)) - 1
        return self.row_height(size) + extra * round(size * 1.2)

    def left_out_lines(self, width: int, size: int) -> list[str]:
        """The seats whose columns did not fit (as `fit` left them), with their totals."""
        left_out = [s for s in self.order if s not in self.shown]
        if not left_out:
            return []
        total = next((row for row in self.rows if row.kind == "total"), None)
        others = ", ".join(
            f"{self.names[s]} {total.cells[s]}" if total else self.names[s] for s in left_out
        )
        return theme.wrap(i18n._("Also: {others}", others=others), size, width)

    def _column_width(self, seat: int, size: int) -> int:
        widest = max(
            (
                theme.font(size, row.kind == "total").size(row.cells[seat])[0]
                for row in self.rows
                if seat < len(row.cells)
            ),
            default=0,
        )
        name = theme.font(size, True).size(self.names[seat])[0] + size * 2  # its token, a gap
        return max(widest, name, size * 3) + size

    def fit(self, width: int, size: int) -> tuple[int, list[int]]:
        """The labels' width and the widths of the columns they leave room for: the seat's own
        and the winner's always (narrowed only if they must be), the others in order while
        they fit beside the whole labels."""
        label_w = max(
            (theme.font(size, row.kind == "total").size(row.label)[0] for row in self.rows),
            default=0,
        )
        label_w += size
        widths = [self._column_width(seat, size) for seat in self.order]
        must = 1 + sum(1 for seat in self.order[1:] if seat in self.winners)
        must = min(max(must, 2), len(self.order))
        shown = self.order[:must]
        for i in range(must, len(self.order)):
            if label_w + sum(widths[: i + 1]) > width:
                break
            shown = self.order[: i + 1]
        self.shown = shown
        used = sum(widths[: len(shown)])
        if label_w + used <= width:
            return label_w, widths[: len(shown)]
        # The labels give way (onto two lines, `_label_lines`) down to about half their width,
        # then the columns share what is left.
        halves = max(
            (
                max(
                    theme.font(size, row.kind == "total").size(row.label)[0] // 2,
                    *(
                        theme.font(size, row.kind == "total").size(word)[0]
                        for word in row.label.split()
                    ),
                )
                for row in self.rows
            ),
            default=0,
        )
        least = min(round(width * LABEL_SHARE), halves + size * 2)
        label_w = max(least, width - used)
        if label_w + used <= width:
            return label_w, widths[: len(shown)]
        return label_w, [(width - label_w) // len(shown)] * len(shown)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int, lay: Any) -> int:
        """Draw into `rect` (its width; as high as `height`), return the height used."""
        _, widths = self.fit(rect.w, size)
        columns_x = rect.right - sum(widths)  # the columns at the right, the labels at the left
        row_h = self.row_height(size)
        y = rect.y
        heading = i18n._("Where the points came from")
        theme.blit_text(
            surface, heading, size, (rect.x, y + row_h / 2), theme.GOLD, True, "midleft"
        )
        y += row_h
        # The header: each shown seat's name, the winners' in gold.
        x = columns_x
        for seat, w in zip(self.shown, widths, strict=True):
            colour = theme.GOLD_LIGHT if seat in self.winners else theme.TEXT
            name = theme.fit_text(self.names[seat], size, w - size * 2, True)
            drawn = theme.blit_text(
                surface, name, size, (x + w, y + row_h / 2), colour, True, "midright"
            )
            if self.token is not None:
                self.token(surface, seat, (drawn.x - size * 0.8, y + row_h / 2), size * 0.45)
            x += w
        y += row_h
        label_w = columns_x - rect.x - size // 2
        for row in self.rows:
            line = pygame.Rect(rect.x, y, rect.w, self._row_h(row, size, label_w))
            bold = row.kind == "total"
            if bold:
                pygame.draw.line(surface, theme.GOLD_DARK, line.topleft, line.topright, lay.line)
                x = columns_x
                for seat, w in zip(self.shown, widths, strict=True):
                    if seat in self.winners:
                        cell = pygame.Rect(x + size // 4, y + 2, w - size // 4, line.h - 4)
                        pygame.draw.rect(
                            surface,
                            theme.mix(theme.PANEL, theme.GOLD, 0.25),
                            cell,
                            border_radius=lay.radius,
                        )
                    x += w
            dim = row.kind == "aside"
            colour = theme.TEXT_DIM if dim else theme.TEXT
            labels = self._label_lines(row, size, label_w)
            step = round(size * 1.2)
            top = line.centery - step * (len(labels) - 1) / 2
            for i, label in enumerate(labels):
                theme.blit_text(
                    surface, label, size, (rect.x, top + i * step), colour, bold, "midleft"
                )
            x = columns_x
            for seat, w in zip(self.shown, widths, strict=True):
                text = row.cells[seat] if seat < len(row.cells) else ""
                text = theme.fit_text(text or "–", size, w - size // 2, bold)
                cell_colour = theme.GOLD_LIGHT if bold and seat in self.winners else colour
                theme.blit_text(
                    surface, text, size, (x + w, line.centery), cell_colour, bold, "midright"
                )
                x += w
            y += line.h
        for line_text in self.left_out_lines(rect.w, size):
            theme.blit_text(
                surface, line_text, size, (rect.x, y + row_h / 2), theme.TEXT_DIM, False, "midleft"
            )
            y += row_h
        return y - rect.y
