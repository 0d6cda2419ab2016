"""The evening in the pygame lobby: the standings beside the tables with this person's standing
in a line ("You are 3rd, 2 points behind Ann"), and the winner's reveal when the host ends the
evening. The same catalog words as the page's room.js; the server ranks, the screen draws."""

from __future__ import annotations

from typing import Any

import pygame

from client.net.evening import Evening
from client.scenes.dialogs import Dialog
from client.ui import theme
from client.ui.scene import Services
from client.ui.widgets import Button, panel
from client.words import i18n


def points(n: float) -> str:
    """Points as the language writes them: whole, or with a half (2.5 / 2,5)."""
    if float(n).is_integer():
        return i18n.number(int(n))
    text = f"{n:g}"
    return text.replace(".", ",") if i18n.language() in ("de", "fr") else text


def place(n: int) -> str:
    """1st, 2nd, 3rd, 4th … (1., 2. in German; 1er, 2e in French)."""
    if n == 1:
        return i18n.pgettext("place", "1st")
    if 11 <= n % 100 <= 13:
        return i18n.pgettext("place", "{n}th", n=n)
    suffix = {1: "{n}st", 2: "{n}nd", 3: "{n}rd"}.get(n % 10, "{n}th")
    return i18n.pgettext("place", suffix, n=n)


def _count(n: float) -> int:
    # A half point reads as plural in every language we speak.
    return int(n) if float(n).is_integer() else 2


def standing_line(evening: Evening, name: str) -> str | None:
    """The person's standing in one line; None without an evening."""
    if not evening.shown or not name:
        return None
    rows = (evening.standings or {}).get("overall") or []
    mine = evening.row_of(name)
    if mine is None:
        return i18n._("No counted game of yours yet this evening.")
    ahead = [row for row in rows if row["rank"] < mine["rank"]]
    if not ahead:
        level = [row["name"] for row in rows if row is not mine and row["rank"] == mine["rank"]]
        if level:
            return i18n._("You share 1st place with {names}.", names=", ".join(level))
        others = [row for row in rows if row is not mine]
        if not others:
            return i18n._("You lead.")
        gap = mine["points"] - others[0]["points"]
        return i18n.ngettext(
            "You lead, {points} point ahead of {name}.",
            "You lead, {points} points ahead of {name}.",
            _count(gap),
            points=points(gap),
            name=others[0]["name"],
        )
    above = ahead[-1]
    gap = above["points"] - mine["points"]
    if gap == 0:
        return i18n._(
            "You are {place}, level on points with {name}.",
            place=place(mine["rank"]),
            name=above["name"],
        )
    return i18n.ngettext(
        "You are {place}, {points} point behind {name}.",
        "You are {place}, {points} points behind {name}.",
        _count(gap),
        place=place(mine["rank"]),
        points=points(gap),
        name=above["name"],
    )


def heading(standings: dict[str, Any]) -> str:
    evening = standings["evening"]
    if evening.get("ended"):
        return i18n._("{name}: the final standings", name=evening["name"])
    return i18n._("{name}: the standings", name=evening["name"])


def draw_rows(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: list[dict[str, Any]],
    size: int,
    appear: float = 1.0,
) -> int:
    """The standings as a table inside `rect` (rank, name, points, games, wins), as many rows
    as fit; the y below the last. `appear` (0–1) lets the rows slide in one after another."""
    step = round(size * 1.5)
    small = max(14, round(size * 0.8))
    numbers = theme.font(size).size("00.0")[0]
    gap = size // 2
    columns: list[tuple[str, int]] = []
    right = rect.right
    # A narrow panel leaves out the games played (the full table is on the TV).
    compact = rect.w < size * 17
    labels = ("wins", "points") if compact else ("wins", "games", "points")
    words = {"wins": i18n._("Wins"), "games": i18n._("Games"), "points": i18n._("Points")}
    for key in labels:
        columns.insert(0, (key, right))
        right -= max(numbers, theme.font(small).size(words[key])[0]) + gap
    y = rect.y
    theme.blit_text(surface, "#", small, (rect.x, y), theme.TEXT_DIM)
    theme.blit_text(surface, i18n._("Name"), small, (rect.x + size * 2, y), theme.TEXT_DIM)
    for key, edge in columns:
        theme.blit_text(surface, words[key], small, (edge, y), theme.TEXT_DIM, anchor="topright")
    y += step
    fit = max(0, (rect.bottom - y) // step)
    shown = rows[:fit]
    name_w = right - rect.x - size * 2
    for i, row in enumerate(shown):
        # Each row slides in 60 ms after the one above it (docs VISUAL.md: a deal staggers).
        t = max(0.0, min(1.0, appear * (len(shown) + 3) - i))
        if t <= 0:
            break
        alpha = round(255 * t)
        dy = round((1 - t) * size)
        colour = theme.GOLD if row["rank"] == 1 else theme.TEXT
        bold = row["rank"] == 1
        top = y + dy
        theme.blit_text(surface, str(row["rank"]), size, (rect.x, top), theme.TEXT_DIM, alpha=alpha)
        name = theme.fit_text(row["name"], size, name_w, bold)
        theme.blit_text(surface, name, size, (rect.x + size * 2, top), colour, bold, alpha=alpha)
        values = {"points": points(row["points"]), "games": str(row["games"])}
        values["wins"] = str(row["wins"])
        for key, edge in columns:
            theme.blit_text(
                surface, values[key], size, (edge, top), colour, bold, "topright", alpha
            )
        y += step
    more = len(rows) - len(shown)
    if more > 0 and fit:
        said = i18n.ngettext("and {n} more", "and {n} more", more)
        theme.blit_text(surface, said, small, (rect.x, y - step // 4), theme.TEXT_DIM)
    return y


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, lay: theme.Layout, evening: Evening, name: str
) -> None:
    """The lobby's standings panel: the evening, this person's line, the overall standings."""
    standings = evening.standings
    if not standings or not standings.get("evening"):
        return
    panel(surface, rect, lay.radius)
    inner = rect.inflate(-lay.margin, -lay.margin)
    y = inner.y
    title = theme.fit_text(heading(standings), lay.body, inner.w, True)
    theme.blit_text(surface, title, lay.body, (inner.x, y), theme.GOLD, True)
    y += round(lay.body * 1.5)
    small = max(14, round(lay.body * 0.85))
    games = i18n.ngettext("{n} counted game", "{n} counted games", standings.get("tables", 0))
    theme.blit_text(surface, games, small, (inner.x, y), theme.TEXT_DIM)
    y += round(small * 1.6)
    line = standing_line(evening, name)
    if line:
        for part in theme.wrap(line, small, inner.w - lay.margin // 2):
            theme.blit_text(surface, part, small, (inner.x + lay.margin // 3, y), theme.TEXT)
            y += round(small * 1.3)
        pygame.draw.line(
            surface, theme.GOLD, (inner.x, y - round(small * 1.3) * 1), (inner.x, y), 1
        )
        y += round(small * 0.6)
    rows_rect = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
    draw_rows(surface, rows_rect, standings.get("overall") or [], small)


class RevealDialog(Dialog):
    """The winner of the evening, over the lobby: a crown that drops in, the winner's name,
    then the final standings row by row (under a second in all)."""

    width = 0.62
    height = 0.72

    def __init__(self, app: Services, standings: dict[str, Any]) -> None:
        self.standings = standings
        self.motion = {"crown": 0.0, "winner": 0.0, "rows": 0.0}
        evening = standings["evening"]
        super().__init__(app, i18n._("The evening {name} is over", name=evening["name"]))
        self.buttons = [Button(i18n._("Close"), self.close, primary=True)]
        self.layout_buttons()
        animate = app.animator.animate
        animate(self.motion, 0.6, "out_back", delay=0.2, crown=1.0)
        animate(self.motion, 0.4, delay=0.6, winner=1.0)
        animate(self.motion, 0.6, "linear", delay=0.9, rows=1.0)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        body = self.body
        winners = [row["name"] for row in self.standings.get("overall") or [] if row["rank"] == 1]
        crown = round(lay.title * 2.2)
        t = self.motion["crown"]
        centre = body.centerx
        y = body.y + round((1 - t) * -crown * 0.5)
        theme.blit_text(
            surface,
            "♛",
            crown,
            (centre, y),
            theme.GOLD,
            anchor="midtop",
            alpha=round(255 * min(1.0, max(0.0, t))),
        )
        y = body.y + round(crown * 1.15)
        if winners:
            said = i18n.ngettext(
                "{names} wins the evening!",
                "{names} win the evening!",
                len(winners),
                names=", ".join(winners),
            )
        else:
            said = i18n._("Nobody counted a game this evening.")
        a = round(255 * self.motion["winner"])
        for part in theme.wrap(said, lay.title, body.w):
            theme.blit_text(surface, part, lay.title, (centre, y), theme.GOLD, True, "midtop", a)
            y += round(lay.title * 1.25)
        y += lay.margin // 2
        bottom = self.buttons[0].rect.y - lay.margin // 2
        rows = pygame.Rect(body.x + lay.margin, y, body.w - 2 * lay.margin, bottom - y)
        draw_rows(surface, rows, self.standings.get("overall") or [], lay.body, self.motion["rows"])
