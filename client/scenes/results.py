"""The results at the end of a game: winners first, scores — where the game's voice says them,
a table of where each seat's points came from (client/scenes/scores.py) —, the game's own
summary, and *Play again* (a rematch: the same people and bots at a new table, each person
confirming)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.net.model import Rematch, TableModel
from client.scenes.dialogs import Dialog
from client.scenes.scores import ScoreTable
from client.tables.base import TableView
from client.ui import theme
from client.ui.scene import Services
from client.ui.widgets import Button
from client.words import i18n
from shared import talk


class ResultsScene(Dialog):
    width = 0.56
    height = 0.7

    def __init__(
        self,
        app: Services,
        model: TableModel,
        game_view: TableView,
        leave: Callable[[], None],
        replay: Callable[[], None] | None = None,
        lesson: list[str] | None = None,
        play_real: Callable[[], None] | None = None,
    ) -> None:
        self.model = model
        # After a lesson: the scoring explained on the learner's result (instead of the game's
        # own summary), and "Play a real game" instead of "Play again".
        self.lesson = lesson
        if lesson is not None:
            self.width = 0.66
        self.game_view = game_view
        self.leave = leave
        if replay is not None:
            self.width = 0.72  # room for a third button
        if getattr(talk.voice(model.game), "score_rows", None) is not None:
            # Room for the table of where the points came from.
            self.width, self.height = 0.8, 0.9
        self.asked = False
        self.offer: Rematch | None = None
        self.deadline = 0.0
        super().__init__(app, i18n._("Results"))
        self.again = Button(i18n._("Play again"), self.play_again, primary=True)
        self.buttons = [
            Button(i18n._("Look at the board"), self.close),
            Button(i18n._("Back to the lobby"), self.to_lobby),
        ]
        if replay is not None:
            self.buttons.insert(1, Button(i18n._("Watch the replay"), replay))
        if lesson is not None:
            real = play_real or self.to_lobby
            self.again = Button(i18n._("Play a real game"), real, primary=True)
            self.buttons.insert(1, self.again)
        elif not model.spectator and app.session is not None:
            self.buttons.insert(1, self.again)
        self.pop = {"s": 0.0}
        app.animator.animate(self.pop, 0.45, "out_back", s=1.0)
        self.layout_buttons()

    def to_lobby(self) -> None:
        self.close()
        self.leave()

    def layout_buttons(self) -> None:
        """One row; where the words do not fit, *Play again* takes a row of its own above."""
        super().layout_buttons()
        if not self.buttons or self.buttons[0].rect.x >= self.rect.x + self.layout.margin:
            return
        lay = self.layout
        again = self.again if self.again in self.buttons else None
        rest = [b for b in self.buttons if b is not again]
        width = (self.rect.w - lay.margin * 2 - lay.margin // 2 * (len(rest) - 1)) // len(rest)
        x = self.rect.x + lay.margin
        for button in rest:
            button.rect = pygame.Rect(x, self.rect.bottom - lay.margin - lay.button_h, width, 0)
            button.rect.h = lay.button_h
            x += width + lay.margin // 2
        if again is not None:
            again.rect = pygame.Rect(0, 0, self.rect.w - lay.margin * 2, lay.button_h)
            again.rect.bottomleft = (self.rect.x + lay.margin, rest[0].rect.y - lay.margin // 2)

    def play_again(self) -> None:
        """Ask for the next game, or say yes to someone else's offer."""
        if self.app.session is not None:
            self.app.session.rematch(self.model.table_id)
            self.asked = True
            self.again.enabled = False

    def update(self, dt: float) -> None:
        offer = self.model.rematch
        if offer is not self.offer:
            self.offer = offer
            if offer is not None:
                self.deadline = self.app.clock + offer.seconds
                mine = set(self.model.mine)
                self.again.enabled = not offer.done and bool(mine & set(offer.waiting))

    def frame_rate(self) -> float:
        # The seconds left to confirm count down.
        return 2.0 if self.offer is not None and not self.offer.done else 0.0

    def rematch_line(self) -> str | None:
        """How the next game stands, in a sentence."""
        offer = self.offer
        if offer is None:
            return i18n._("Asking the others…") if self.asked else None
        if offer.started:
            return i18n._("The next game begins…")
        if offer.done:
            return i18n._(
                "The next game waits at table #{id} for its empty seats.", id=offer.next_table
            )
        left = max(0, round(self.deadline - self.app.clock))
        names = self.model.names
        if set(self.model.mine) & set(offer.waiting):
            return i18n.ngettext(
                "{name} asks to play again: {n} second left to say yes.",
                "{name} asks to play again: {n} seconds left to say yes.",
                left,
                name=offer.by,
            )
        waiting = ", ".join(names[s] for s in offer.waiting if s < len(names))
        if not waiting:
            return i18n._("Waiting for the empty seats to fill…")
        return i18n.ngettext(
            "Waiting for {names} ({n} second)…",
            "Waiting for {names} ({n} seconds)…",
            left,
            names=waiting,
        )

    def score_table(self) -> ScoreTable | None:
        """The table of where the points came from, as the game's voice says it (None: it says
        none, or the outcome has no breakdown)."""
        said = self.game_view.talk()
        scores = said.get("scores") if said else None
        if not scores:
            return None
        outcome = self.model.outcome or {}
        return ScoreTable(
            scores,
            self.game_view.say,
            self.model.names,
            outcome.get("winners", []),
            self.game_view.seat_token,
        )

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        outcome = self.model.outcome or {}
        names = self.model.names
        scores = outcome.get("scores", [])
        winners = outcome.get("winners", [])
        summary = self.lesson if self.lesson is not None else self.game_view.result_lines(outcome)
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
        table = self.score_table()
        if table is not None:
            # In the body's size where every column and row fits above the summary, else
            # smaller (with fewer columns, the others named beneath).
            bottom = min(b.rect.y for b in self.buttons) - lay.margin
            room = bottom - y - len(summary) * lay.small * 1.35
            size = lay.body
            if table.height(self.body.w, size) > room or len(table.shown) < len(table.order):
                size = lay.small
            y += table.draw(surface, pygame.Rect(self.body.x, round(y), self.body.w, 0), size, lay)
            ranking = []
        else:
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
        note = self.rematch_line()
        if note is not None:
            top = min(b.rect.y for b in self.buttons) - lay.margin // 2
            lines = theme.wrap(note, lay.small, self.body.w)
            for i, part in enumerate(lines):
                theme.blit_text(
                    surface,
                    part,
                    lay.small,
                    (self.body.x, top - (len(lines) - i) * lay.small * 1.35),
                    theme.GOLD_LIGHT,
                )
        # The game's own lines, as many as fit above the buttons (large text in a small window
        # leaves room for fewer beside the score table; the log keeps every one).
        bottom = min(b.rect.y for b in self.buttons) - lay.margin // 2
        for part in (p for line in summary for p in theme.wrap(line, lay.small, self.body.w)):
            if y + lay.small * 1.35 > bottom:
                break
            theme.blit_text(surface, part, lay.small, (self.body.x, y), theme.TEXT_DIM)
            y += lay.small * 1.35
