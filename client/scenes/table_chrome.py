"""What the table scene draws around the board: the bar (game, whose turn, buttons), the
players' panels, the game log and the privacy curtain between hot-seat turns.

A mixin of `TableScene` (client/scenes/table.py): it reads the scene's model, layout and
viewer, and never changes the game.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.net.model import BOT_NAMES
from client.ui import theme
from client.ui.anim import pulse
from client.ui.widgets import panel
from client.words import i18n


class TableChrome:
    """The bar, the panels, the log and the curtain of a `TableScene`."""

    app: Any
    model: Any
    layout: Any
    game_view: Any
    # The bar's first row (the buttons) and, with large text, the turn line's own second row.
    bar_row: pygame.Rect
    turn_row: pygame.Rect | None

    def _title(self) -> str:
        from shared.engine import get_game

        try:
            return get_game(self.model.game).title
        except KeyError:
            return self.model.game

    def _backdrop(
        self, like: pygame.Surface, panels: tuple[pygame.Rect, ...], log: pygame.Rect | None
    ) -> pygame.Surface:
        """The felt with the bar and the empty panel and log boxes, made once per layout."""
        key = (like.get_size(), tuple(map(tuple, panels)), tuple(log) if log else None)
        if key != self.backdrop_key:
            lay = self.layout
            backdrop = pygame.Surface(like.get_size()).convert(like)
            backdrop.blit(theme.felt(like.get_size()), (0, 0))
            pygame.draw.rect(backdrop, theme.PANEL, self.bar)
            for rect in panels:
                panel(backdrop, rect, lay.radius)
            if log is not None:
                panel(backdrop, log, lay.radius, alpha=190 if self.wide else 240)
            self.backdrop, self.backdrop_key = backdrop, key
        return self.backdrop

    def chrome_key(self) -> tuple:
        """What the bar, the panels and the log show: redrawn when it changes."""
        return (
            self.model.revision,
            self.layout.size,
            i18n.language(),
            self.log_scroll,
            self.log_open,
            self.chat.key(),
            self.viewer,
            self.pending is None,
            # The panels show the turn clocks: redrawn as a running one passes a second.
            tuple(int(t) for t in self.time_left().values()) if self.clock_running() else (),
        )

    def paint_chrome(
        self, layer: pygame.Surface, like: pygame.Surface, drawn: pygame.Surface | None
    ) -> pygame.Surface:
        """Redraw bar, panels and log into `layer` (the table's cached layer), on the backdrop
        of this layout; returned. One that is not `drawn`, the backdrop drawn on before, is a
        new layout: the whole layer, board included, starts from it."""
        rects = self._panel_rects()
        log = self.log_rect if self.log_visible() else None
        backdrop = self._backdrop(like, tuple(r for _s, r in rects), log)
        regions = [self.bar, self.panels_rect.inflate(self.layout.margin, self.layout.margin)]
        if log is not None:
            regions.append(log.inflate(self.layout.margin, self.layout.margin))
        if backdrop is not drawn:
            regions = [layer.get_rect()]
        for region in regions:
            layer.blit(backdrop, region, region)
        self._draw_bar(layer)
        self._draw_panels(layer, rects)
        if log is not None:
            self._draw_log(layer)
        return backdrop

    def _draw_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        pygame.draw.rect(surface, theme.PANEL, self.bar)
        pygame.draw.line(surface, theme.GOLD_DARK, self.bar.bottomleft, self.bar.bottomright, 1)
        right = self.bar_buttons[0].rect.x if self.bar_buttons else lay.w
        if self.app.settings.table_display:
            # The display has no buttons: say how to leave it.
            hint = theme.blit_text(
                surface,
                i18n._("Esc: back to the lobby"),
                lay.small,
                (right - lay.margin, self.bar_row.centery),
                theme.TEXT_DIM,
                anchor="midright",
            )
            right = hint.x
        self.turn_right = right - lay.margin
        if self.model.spectator:
            watching = theme.blit_text(
                surface,
                i18n._("Watching"),
                lay.small,
                (right - lay.margin, self.bar_row.centery),
                theme.TEXT_DIM,
                anchor="midright",
            )
            # The turn line stays clear of the "watching" label.
            self.turn_right = watching.x - lay.margin
        # The game's name on the left, unless the turn line needs its room (a narrow window).
        title = self._title()
        bold = theme.font(lay.body, True)
        title_right = lay.margin + bold.size(title)[0] + lay.margin * 2
        if self.turn_row is not None:
            # The turn line has the bar's second row; the name shows where the first has room.
            if title_right <= self.turn_right:
                self._draw_title(surface, title)
            self.turn_left, self.turn_right = lay.margin, lay.w - lay.margin
        elif title_right + bold.size(self.turn_text()[0])[0] > self.turn_right:
            self.turn_left = lay.margin
        else:
            self.turn_left = title_right
            self._draw_title(surface, title)

    def _draw_title(self, surface: pygame.Surface, title: str) -> None:
        lay = self.layout
        centre = (lay.margin, self.bar_row.centery)
        theme.blit_text(surface, title, lay.body, centre, theme.GOLD, True, "midleft")

    def _draw_turn(self, surface: pygame.Surface) -> None:
        """Whose turn it is, in the middle of the bar; a pulsing gold line when it is ours."""
        lay = self.layout
        turn, mine = self.turn_text()
        status = self.game_view.status() if self.model.status == "playing" else None
        label = f"{turn} · {status}" if status else turn
        running = self.model.clock.get("running", []) if self.model.clock else []
        left = self.time_left()
        if running and left:
            shown = next((s for s in running if s in self.model.mine), running[0])
            label = f"{label} · {clock_words(left.get(shown, 0.0))}"
        left = self.turn_left
        right = self.turn_right or lay.w - lay.margin
        # In the bar's own row of large text, the turn line keeps to body size (gold says mine).
        size = lay.title if mine and self.turn_row is None else lay.body
        room = max(40, right - left)
        # A long turn line steps down toward body size; still too long, it keeps what to do
        # now (the gold underline already says whose turn it is), or the turn alone.
        while size > lay.body and theme.font(size, True).size(label)[0] > room:
            size = max(lay.body, size - 2)
        if theme.font(size, True).size(label)[0] > room:
            shorter = [status] if status and mine else []
            label = next(
                (s for s in [*shorter, turn] if theme.font(size, True).size(s)[0] <= room), label
            )
        label = theme.fit_text(label, size, room, bold=True)
        width = theme.font(size, True).size(label)[0]
        x = min(max(lay.w / 2, left + width / 2), right - width / 2)
        colour = theme.GOLD_LIGHT if mine else theme.TEXT
        row = self.turn_row or self.bar
        rect = theme.blit_text(surface, label, size, (x, row.centery), colour, True, "center")
        if mine:
            glow = round(120 + 100 * pulse(self.app.clock))
            line = pygame.Surface((rect.w, max(2, lay.line)), pygame.SRCALPHA)
            line.fill((*theme.GOLD, glow))
            surface.blit(line, (rect.x, rect.bottom))

    def _draw_active_ring(self, surface: pygame.Surface) -> None:
        lay = self.layout
        # The ring pulses to call this device's player; another's turn is shown still.
        glow = 0.5 + 0.5 * pulse(self.app.clock) if self.my_turn() else 0.5
        ring = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, glow)
        for rect in self.active_panels:
            pygame.draw.rect(surface, ring, rect, max(2, lay.line * 2), border_radius=lay.radius)

    def turn_text(self) -> tuple[str, bool]:
        """The turn indicator and whether it is this device's turn."""
        if self.model.status == "over":
            return i18n.pgettext("table.over", "Game over"), False
        if self.model.status == "waiting":
            return i18n._("Waiting for the host to start"), False
        acting = self.model.to_act()
        if not acting:
            return "", False
        names = self.model.names
        mine = [s for s in acting if s in self.model.mine]
        if mine and len(self.model.mine) == 1:
            return i18n._("Your turn"), True
        seat = mine[0] if mine else acting[0]
        return i18n._("{name}'s turn", name=names[seat]), bool(mine)

    def _panel_order(self) -> list[int]:
        """Seats clockwise from the one after the viewer; the viewer's own seat comes last."""
        n = len(self.model.seats)
        me = self.viewer if isinstance(self.viewer, int) else n - 1
        return [(me + 1 + i) % n for i in range(n)]

    def _panel_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(seat, rect) of each player panel, the viewer's own at the bottom."""
        lay = self.layout
        order = self._panel_order()
        width = self._panel_text_width(self.panels_rect)
        lines = max(len(self._panel_text(s, width)) for s in order) if order else 0
        h = round(lay.body * 1.5 + lay.small * 1.3 * max(1, lines) + lay.margin)
        gap = lay.margin // 2
        avail = self.panels_rect.h
        h = min(h, (avail - gap * (len(order) - 1)) // max(1, len(order)))
        mine = not self.model.spectator and isinstance(self.viewer, int)
        out = []
        for i, seat in enumerate(order):
            if mine and i == len(order) - 1:
                y = self.panels_rect.bottom - h
            else:
                y = self.panels_rect.y + i * (h + gap)
            out.append((seat, pygame.Rect(self.panels_rect.x, y, self.panels_rect.w, h)))
        return out

    def _panel_text_width(self, rect: pygame.Rect) -> int:
        """The width a panel's lines have beside the seat's token."""
        lay = self.layout
        x = rect.x + lay.margin * 0.6 + lay.body * 1.4 + lay.margin * 0.6
        return round(rect.right - x - lay.margin * 0.5)

    def _marked(self, seat: int) -> bool:
        return seat in self.model.mine and self.marks_you

    def _you_apart(self, seat: int, width: int) -> bool:
        """Whether "(you)" goes under the name (large text), not beside it."""
        if not self._marked(seat):
            return False
        marked = self.model.names[seat] + " (" + i18n._("you") + ")"
        return theme.font(self.layout.body, True).size(marked)[0] > width - self.layout.margin / 2

    def _panel_text(self, seat: int, width: int, size: int | None = None) -> list[str]:
        """The panel's lines under the name: tags (bot, away) and the game's facts, a line too
        wide broken between its facts rather than cut."""
        info = self.model.seats[seat]
        tags = []
        if info.kind == "bot":
            if info.level not in BOT_NAMES:  # a named bot level says "bot" in its name already
                tags.append(i18n._("bot"))
        elif info.kind == "open":
            tags.append(i18n._("open seat"))
        elif not info.connected:
            tags.append(i18n._("away"))
        if info.stand_in is not None:
            tags.append(i18n._("a bot plays"))
        if self._you_apart(seat, width):
            tags.insert(0, i18n._("you"))
        lines = ([" · ".join(tags)] if tags else []) + self.game_view.panel_lines(seat)
        if tags and len(lines) > 1 and (tags == [i18n._("you")] or self.layout.text_scale > 1):
            # The tags begin the first line of facts (broken between facts where too wide):
            # large text leaves a panel few lines.
            lines[:2] = [f"{lines[0]} · {lines[1]}"]
        clock = self.model.clock
        left = self.time_left()
        if clock and seat in left and (clock["kind"] == "chess" or seat in clock["running"]):
            lines.append(i18n._("time left: {time}", time=clock_words(left[seat])))
        size = size or self.layout.small
        return [part for line in lines for part in theme.wrap_facts(line, size, width)]

    def _draw_panels(self, surface: pygame.Surface, rects: list[tuple[int, pygame.Rect]]) -> None:
        acting = self.model.to_act() if self.model.status == "playing" else []
        self.active_panels = []
        for seat, rect in rects:
            self._draw_panel(surface, rect, seat, seat in acting)

    def _draw_panel(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, active: bool
    ) -> None:
        lay = self.layout
        info = self.model.seats[seat]
        if active:
            self.active_panels.append(rect)
        r = lay.body * 0.7
        token_c = (rect.x + lay.margin * 0.6 + r, rect.y + lay.margin * 0.5 + lay.body * 0.75)
        self.game_view.seat_token(surface, seat, token_c, r)
        x = token_c[0] + r + lay.margin * 0.6
        name = self.model.names[seat]
        width = self._panel_text_width(rect)
        if self._marked(seat) and not self._you_apart(seat, width):
            name += " (" + i18n._("you") + ")"
        name = theme.fit_text(name, lay.body, width - lay.margin / 2, bold=True)
        theme.blit_text(surface, name, lay.body, (x, token_c[1]), theme.TEXT, True, "midleft")
        dot = theme.OK if info.connected or info.kind == "bot" else theme.DANGER
        y = token_c[1] + lay.body * 0.8
        pygame.draw.circle(
            surface,
            dot,
            (rect.x + lay.margin * 0.6 + r, y + lay.small * 0.62),
            max(3, lay.small * 0.22),
        )
        # Large text in a short panel (many seats, a small window): the lines step down toward
        # the usual size before any is left out.
        size, least = lay.small, round(lay.small / lay.text_scale)
        lines = self._panel_text(seat, width, size)
        bottom = rect.bottom - lay.margin * 0.3
        while size > least and y + (len(lines) - 1) * round(size * 1.3) + size > bottom:
            size -= 1
            lines = self._panel_text(seat, width, size)
        for line in lines:
            if y + size > bottom:
                break
            text = theme.fit_text(line, size, max(width, rect.right - x - lay.margin * 0.5))
            theme.blit_text(surface, text, size, (x, y), theme.TEXT_DIM)
            y += round(size * 1.3)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        rect = self.log_area
        chat = self.chat.rect
        pygame.draw.line(
            surface,
            theme.GOLD_DARK,
            (chat.x + lay.margin, chat.y),
            (chat.right - lay.margin, chat.y),
            max(1, lay.line),
        )
        self.chat.draw(surface)
        theme.blit_text(
            surface,
            i18n._("Game log"),
            lay.body,
            (rect.x + lay.margin, rect.y + lay.margin * 0.6),
            theme.GOLD,
            True,
        )
        size = lay.body if self.display_mode else lay.small
        step = round(size * 1.3)
        inner = pygame.Rect(
            rect.x + lay.margin, rect.y + lay.body + lay.margin * 1.4, rect.w - lay.margin * 2, 0
        )
        inner.h = rect.bottom - lay.margin - inner.y
        # Newest at the bottom; an entry is shown whole or not at all.
        end = len(self.log) - self.log_scroll
        y = inner.bottom
        for index in range(end - 1, -1, -1):
            lines = theme.wrap(self.log[index], size, inner.w)
            y -= step * len(lines)
            if y < inner.y:
                break
            colour = theme.TEXT if index == len(self.log) - 1 else theme.TEXT_DIM
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, size, (inner.x, y + i * step), colour)
            y -= step // 3

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        lay = self.layout
        name = self.model.names[self.curtain_for] if self.curtain_for is not None else ""
        surface.fill(theme.TABLE_DARK)
        centre = (lay.w / 2, lay.h * 0.42)
        self.game_view.seat_token(
            surface, self.curtain_for or 0, (centre[0], centre[1] - lay.title * 2.2), lay.title
        )
        theme.blit_text(
            surface,
            i18n._("Pass the device to {name}", name=name),
            lay.title,
            centre,
            theme.GOLD,
            True,
            "center",
        )
        alpha = round(150 + 105 * pulse(self.app.clock))
        theme.blit_text(
            surface,
            i18n._("{name}: tap when only you can see the screen", name=name),
            lay.body,
            (centre[0], centre[1] + lay.title * 1.6),
            theme.TEXT,
            anchor="center",
            alpha=alpha,
        )


def clock_words(seconds: float) -> str:
    """A turn clock's time left as m:ss (h:mm:ss from an hour), whole seconds rounded up."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
