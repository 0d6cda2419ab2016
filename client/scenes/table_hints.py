"""What the table lights for a person learning: the server's hint (asked with the bar's Hint
button, told in a toast with the table's talk, ringed where it is played) and a lesson's step
(the places of the moves it teaches and the parts of the table it names).

`HintLights` holds the last hint told; it reads the rest of the table scene through `Lit`:
the model and the seat shown, the game view and the camera, the hand (a piece picked up lights
its places) and the move buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from client.net.model import Move, TableModel
from client.scenes.board_hand import BoardHand
from client.scenes.lesson import LessonPanel
from client.scenes.move_strip import MoveStrip
from client.tables.base import Camera, TableView
from client.ui import theme
from client.ui.anim import pulse
from client.ui.widgets import Toasts
from client.words import i18n


class Lit(Protocol):
    """What the lights read of the table scene."""

    model: TableModel
    viewer: int | None | str
    ask_hint: Callable[[int], None] | None
    game_view: TableView
    camera: Camera
    hand: BoardHand
    strip: MoveStrip
    lesson: LessonPanel

    @property
    def display_mode(self) -> bool: ...

    @property
    def interactive(self) -> bool: ...


class HintLights:
    """The hint asked, told and ringed; the lesson's step's places ringed too."""

    def __init__(self, table: Lit, toasts: Toasts) -> None:
        self.table = table
        self.toasts = toasts
        # The last hint told (the model's `hint` is the newest answer).
        self.seen: dict[str, Any] | None = table.model.hint

    # ------------------------------------------------------------------ the hint
    def may_ask(self) -> bool:
        """Whether the seat shown may ask for a hint now: the table allows hints and it is that
        seat's turn (the server checks the same)."""
        table = self.table
        viewer = table.viewer
        stream = table.model.streams.get(viewer) if isinstance(viewer, int) else None
        return (
            table.ask_hint is not None
            and table.model.hints
            and table.model.status == "playing"
            and stream is not None
            and viewer in stream.to_act
            and not table.display_mode
        )

    def ask(self) -> None:
        """The bar's Hint button: ask the server for the seat shown."""
        viewer = self.table.viewer
        if self.may_ask() and isinstance(viewer, int) and self.table.ask_hint is not None:
            self.table.ask_hint(viewer)

    def current(self) -> dict[str, Any] | None:
        """The server's hint for the position on screen, or None (none asked, or stale)."""
        table = self.table
        hint = table.model.hint
        viewer = table.viewer
        stream = table.model.streams.get(viewer) if isinstance(viewer, int) else None
        if not hint or "move" not in hint or stream is None:
            return None
        return hint if hint["seat"] == viewer and hint["seq"] == stream.seq else None

    def follow(self) -> None:
        """Tell a hint that arrived since the last frame."""
        if self.table.model.hint is not self.seen:
            self.tell()

    def tell(self) -> None:
        """A new answer: the move and why (the table's talk), or why there is none."""
        self.seen = self.table.model.hint
        if self.seen and "refused" in self.seen:
            self.toasts.show(i18n._("No hint: {reason}", reason=self.seen["refused"]))
            return
        hint = self.current()
        if hint is None or not hint.get("why"):
            return
        say = self.table.game_view.say
        why = hint["why"]
        said = say(why["label"])
        if why.get("does"):
            said = i18n._("{move} — {does}", move=said, does=say(why["does"]))
        if why.get("warn"):
            said = i18n._("{said} ({warning})", said=said, warning=say(why["warn"]))
        self.toasts.show(i18n._("Hint: {said}", said=said), life=6.0)

    # ------------------------------------------------------------------ where
    def rects(self) -> list[pygame.Rect]:
        """Where the hinted move is on screen: its place on the board (and the piece that goes
        there), or its button."""
        hint = self.current()
        if hint is None or not self.table.interactive:
            return []
        return self.move_rects(hint["move"])

    def lesson_rects(self) -> list[pygame.Rect]:
        """What the lesson's step lights: the places of the moves it teaches, and the parts of
        the table it names (the pawn, where it came from…)."""
        table = self.table
        if not table.interactive:
            return []
        rects = [rect for move in table.lesson.lit_moves() or [] for rect in self.move_rects(move)]
        for part in table.lesson.parts():
            found = table.game_view.part_rect(part)
            if found is not None:
                rects.append(table.camera.rect_to_screen(found))
        return rects

    def move_rects(self, move: Move) -> list[pygame.Rect]:
        """Where `move` is played on screen: its place on the board (and the piece that goes
        there), or its button."""
        table = self.table
        view, cam, rects = table.game_view, table.camera, []
        for target in view.loose_targets():
            if target.move == move:
                rects.append(cam.rect_to_screen(target.rect))
        picked = {p.key for p in (table.hand.selected, table.hand.held) if p is not None}
        for piece in view.pieces():
            for target in piece.targets:
                if target.move == move:
                    place = view.lit_rect(target, piece.key in picked)
                    rects += [cam.rect_to_screen(piece.rect), cam.rect_to_screen(place)]
        strip = table.strip
        for button, button_move in zip(strip.buttons, strip.moves, strict=False):
            if button_move == move:
                rects.append(pygame.Rect(button.rect))
        rects += [cam.rect_to_screen(place) for place in view.move_places(move)]
        return rects

    def draw(self, surface: pygame.Surface, layout: theme.Layout, clock: float) -> None:
        """A pulsing gold ring around each place the hint and the lesson light."""
        lay = layout
        glow = 0.5 + 0.5 * pulse(clock)
        colour = theme.mix(theme.GOLD, theme.GOLD_LIGHT, glow)
        for rect in self.rects() + self.lesson_rects():
            ring = pygame.Rect(rect).inflate(lay.line * 8, lay.line * 8)
            pygame.draw.rect(surface, colour, ring, max(2, lay.line * 2), border_radius=lay.radius)
