"""Learn to play in pygame: the start screen's game picker, and a lesson's step at the table.

The server runs the lesson (server/lessons.py) and sends the current step with every update
of the learner's seat (`TableModel.lesson`). `LessonPanel` draws it above the board — its number,
why a refused move was not the step's, what to look at and what to do — and tells the table
scene which moves the step teaches (lit, the other moves quiet) and which parts it lights.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.net.model import Move
from client.scenes.dialogs import Dialog
from client.ui import theme
from client.ui.scene import Services
from client.ui.widgets import Button
from client.words import i18n
from shared import engine, lessons

# The table scene that draws the panel (client/scenes/table.py), named without importing it:
# it imports this module.
TableScene = Any


def lesson_games() -> list[str]:
    """The games that have a lesson, in the registry's order."""
    return lessons.available(engine.list_games())


class LessonPicker(Dialog):
    """ "Learn to play": one button per game with a lesson; a tap starts it."""

    width = 0.5
    height = 0.62

    def __init__(self, app: Services, learn: Callable[[str], None]) -> None:
        self.learn = learn
        super().__init__(app, i18n._("Learn to play"))
        self.choices = [
            Button(engine.get_game(game).title, lambda g=game: self.pick(g), primary=True)
            for game in lesson_games()
        ]
        self.buttons = [Button(i18n._("Cancel"), self.close)]
        self.resize(app.layout)

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        lay = layout
        y = self.body.y + round(lay.small * 3.4)
        for button in getattr(self, "choices", []):
            button.rect = pygame.Rect(self.body.x, y, self.body.w, lay.button_h)
            y += lay.button_h + lay.margin // 2

    def pick(self, game: str) -> None:
        self.close()
        self.learn(game)

    def handle(self, intent: Any) -> bool:
        for button in self.choices:
            if button.handle(intent):
                return True
        return super().handle(intent)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        intro = i18n._(
            "A short guided game: you make every move, and each rule is told when it first matters."
        )
        for i, line in enumerate(theme.wrap(intro, lay.small, self.body.w)[:2]):
            theme.blit_text(
                surface, line, lay.small, (self.body.x, self.body.y + i * lay.small * 1.3)
            )
        for button in self.choices:
            button.draw(surface, lay.body)


class LessonPanel:
    """The step of the lesson a table scene shows, drawn above its board."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._wrapped: tuple[tuple, list[tuple[str, str]]] | None = None

    def step(self) -> dict[str, Any] | None:
        """The lesson's current step for the seat shown, or None (no lesson here)."""
        lesson = self.scene.model.lesson
        if lesson is None or self.scene.viewer != lesson_seat(self.scene):
            return None
        return lesson

    def lit_moves(self) -> list[Move] | None:
        """The moves the step teaches (None when no step asks for a move now)."""
        step = self.step()
        stream = self.scene.model.streams.get(self.scene.viewer)
        if step is None or step["watch"] or step["done"] or stream is None:
            return None
        return [stream.legal[i] for i in step["lit"] if i < len(stream.legal)]

    def parts(self) -> list[str]:
        """The parts of the table the step lights besides its moves ("pawn", "previous")."""
        step = self.step()
        return list(step["light"]) if step is not None and not step["done"] else []

    def lines(self, width: int) -> list[tuple[str, str]]:
        """(kind, text) of each wrapped line: the step's number, a refusal, the words (during a
        fast-forward: its line as the head, and no step's number)."""
        step = self.step()
        if step is None or step["done"]:
            return []
        lay = self.scene.layout
        key = (id(step), width, i18n.language(), lay.small)
        if self._wrapped is not None and self._wrapped[0] == key:
            return self._wrapped[1]
        say = self.scene.game_view.say
        out: list[tuple[str, str]] = []
        # During a fast-forward the table plays on by itself: its line heads the panel, no step.
        fast = bool(step.get("fast"))
        if not fast:
            out.append(("head", i18n._("Step {n} of {count}", n=step["step"], count=step["steps"])))
        # A head and a refusal are drawn bold (`draw`): wrapped as bold, they keep to the panel.
        if step.get("refused"):
            refused = say(step["refused"])
            out += [("refused", part) for part in theme.wrap(refused, lay.small, width, True)]
        kind = "head" if fast else "words"
        for line in step["words"]:
            out += [(kind, part) for part in theme.wrap(say(line), lay.small, width, fast)]
        self._wrapped = (key, out)
        return out

    def height(self, width: int) -> int:
        """The panel's height at `width` (0 without a step to show)."""
        lay = self.scene.layout
        lines = self.lines(width - 2 * lay.margin)
        if not lines:
            return 0
        return round(len(lines) * lay.small * 1.3 + lay.margin * 1.5)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lay = self.scene.layout
        lines = self.lines(rect.w - 2 * lay.margin)
        if not lines or rect.h <= 0:
            return
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*theme.PANEL, 235), box.get_rect(), border_radius=lay.radius)
        pygame.draw.rect(box, (*theme.GOLD, 255), box.get_rect(), 2, border_radius=lay.radius)
        surface.blit(box, rect)
        colours = {"head": theme.GOLD, "refused": theme.GOLD_LIGHT, "words": theme.TEXT}
        y = rect.y + lay.margin * 0.6
        for kind, text in lines:
            theme.blit_text(
                surface,
                text,
                lay.small,
                (rect.x + lay.margin, y),
                colours[kind],
                kind != "words",
            )
            y += lay.small * 1.3


def lesson_seat(scene: TableScene) -> int | None:
    """The learner's seat at a lesson table: this device's one seat."""
    mine = scene.model.mine
    return mine[0] if mine else None


def result_lines(scene: TableScene) -> list[str] | None:
    """At a lesson's end: the scoring on the learner's result and the offer of a real game,
    said in the UI language (None at any other table)."""
    lesson = scene.model.lesson
    if lesson is None or not lesson.get("done"):
        return None
    return [scene.game_view.say(line) for line in lesson["words"]]
