"""The results at the end of a game: winners first, scores, and the game's own summary."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client import i18n
from client.net.model import TableModel
from client.scenes.dialogs import Dialog
from client.tables.base import TableView
from client.ui import theme
from client.ui.scene import Services
from client.ui.widgets import Button


class ResultsScene(Dialog):
    width = 0.5
    height = 0.66

    def __init__(
        self,
        app: Services,
        model: TableModel,
        game_view: TableView,
        leave: Callable[[], None],
        replay: Callable[[], None] | None = None,
    ) -> None:
        self.model = model
        self.game_view = game_view
        self.leave = leave
        if replay is not None:
            self.width = 0.72  # room for a third button
        super().__init__(app, i18n._("Results"))
        self.buttons = [
            Button(i18n._("Look at the board"), self.close),
            Button(i18n._("Back to the lobby"), self.to_lobby, primary=True),
        ]
        if replay is not None:
            self.buttons.insert(1, Button(i18n._("Watch the replay"), replay))
        self.pop = {"s": 0.0}
        app.animator.animate(self.pop, 0.45, "out_back", s=1.0)
        self.layout_buttons()

    def to_lobby(self) -> None:
        self.close()
        self.leave()

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        outcome = self.model.outcome or {}
        names = self.model.names
        scores = outcome.get("scores", [])
        winners = outcome.get("winners", [])
        summary = self.game_view.result_lines(outcome)
        if len(scores) == 1 and summary:
            # Solitaire: the game's own verdict is the headline.
            headline, summary = summary[0], summary[1:]
        elif not winners:
            headline = i18n._("Nobody wins")
        elif len(winners) == 1:
            headline = i18n._("{names} wins!", names=names[winners[0]])
        else:
            headline = i18n._("{names} share the win!", names=" & ".join(names[s] for s in winners))
        size = max(lay.body, round(lay.title * self.pop["s"]))
        if theme.font(size, True).size(headline)[0] > self.body.w:
            size = lay.body
        y = self.body.y + lay.title * 0.6
        theme.blit_text(
            surface,
            theme.fit_text(headline, size, self.body.w, True),
            size,
            (self.body.centerx, y),
            theme.GOLD_LIGHT,
            True,
            "center",
        )
        y += lay.title
        # Winners first, also when a tie-break (not the score) decided it.
        ranking = sorted(range(len(scores)), key=lambda s: (-scores[s], s not in winners, s))
        row_h = round(lay.body * 2)
        for seat in ranking:
            rect = pygame.Rect(self.body.x, round(y), self.body.w, row_h - 4)
            if seat in winners:
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.PANEL, theme.GOLD, 0.25),
                    rect,
                    border_radius=lay.radius,
                )
            self.game_view.seat_token(
                surface, seat, (rect.x + row_h / 2, rect.centery), lay.body * 0.6
            )
            theme.blit_text(
                surface,
                names[seat],
                lay.body,
                (rect.x + row_h * 1.1, rect.centery),
                theme.TEXT,
                seat in winners,
                "midleft",
            )
            theme.blit_text(
                surface,
                self.game_view.score_text(scores[seat]),
                lay.body,
                (rect.right - lay.margin, rect.centery),
                theme.TEXT,
                True,
                "midright",
            )
            y += row_h
        y += lay.body * 0.5
        for line in summary:
            for part in theme.wrap(line, lay.small, self.body.w):
                theme.blit_text(surface, part, lay.small, (self.body.x, y), theme.TEXT_DIM)
                y += lay.small * 1.35
