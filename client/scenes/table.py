"""The table every game shares: panels, turn, log, board with zoom/pan, drag and drop, curtain.

The scene reads a `TableModel` and feeds the game's view the view, legal moves and events of
the seat it shows. It decides nothing about the rules: the pieces and targets it lets a person
use come from the game view, which builds them from the legal moves the server sent.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from client.net.model import Move, TableModel
from client.scenes.chat import ChatPanel
from client.scenes.dialogs import ConfirmDialog, TextDialog
from client.scenes.hands import Hands
from client.scenes.lesson import LessonPanel, result_lines
from client.scenes.phones import PhonesDialog, phone_urls
from client.scenes.results import ResultsScene
from client.scenes.table_chrome import TableChrome
from client.tables import view_for
from client.tables.base import Camera, Piece, TableContext, Target
from client.ui import focus, theme
from client.ui.anim import MOVE, SHAKE, Timeline, pulse
from client.ui.input import Intent
from client.ui.scene import Scene, Services
from client.ui.widgets import Button
from client.words import i18n

SendMove = Callable[[int, Move], None]

LOG_LINES = 200
# Frames a second with no input: while events play out; while the quiet time drains; while the
# active ring and the legal targets pulse (a 1.2 s glow looks smooth at this rate).
ANIMATING = 60.0
TIMER_RATE = 20.0
PULSE_RATE = 12.0
# A turn clock shows whole seconds: a few frames a second keep it on time.
CLOCK_RATE = 4.0


@dataclass
class BoardSpot:
    """A piece or a target on the board as a keyboard stop: pressing it taps its middle, so
    the keys do exactly what a finger there would (pick up, put down, choose)."""

    label: str
    rect: pygame.Rect
    action: Callable[[], None]
    enabled: bool = True


class TableScene(TableChrome, Scene):
    # A resync says so in a toast (the replay viewer jumps without one).
    announce_resync = True
    # This device's seats say "(you)" on their panels (not in the replay viewer).
    marks_you = True

    def __init__(
        self,
        app: Services,
        model: TableModel,
        send_move: SendMove,
        leave: Callable[[], None],
        close: Callable[[], None] | None = None,
        watch_replay: Callable[[], None] | None = None,
        take_back: Callable[[int], None] | None = None,
        ask_hint: Callable[[int], None] | None = None,
        play_real: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(app)
        # After a lesson: a real game of its title (the lobby makes it).
        self.play_real = play_real
        # Offered on the results screen: this game's replay, from the server that kept it.
        self.watch_replay = watch_replay
        self.model = model
        self.send_move = send_move
        # Takes back the seat's last move (the replay viewer has none).
        self.take_back = take_back
        # Asks the server for a hint for a seat (the replay viewer has none); the answer
        # arrives in the model (`hint`), and `hint_seen` is the last one told.
        self.ask_hint = ask_hint
        self.hint_seen: dict[str, Any] | None = model.hint
        self.leave = leave
        # Esc returns to the lobby keeping the seats; only "Leave" gives them up.
        self.close = close or leave
        self.timeline = Timeline(app.animator)
        self.settled = True
        self.ctx = TableContext(app.animator, self.timeline, app.toasts, model.names, app.clock_ref)
        self.game_view = view_for(model.game, self.ctx)
        self.camera = Camera(pygame.Rect(0, 0, 1, 1), (1.0, 1.0))
        self.viewer: int | None | str = "none yet"
        self.seen_revision = -1
        self.consumed = 0
        self.log: list[str] = []
        self.log_scroll = 0
        self.log_open = False
        self.curtain_for: int | None = None
        self.revealed: int | None = None
        self.selected: Piece | None = None
        self.stream_seen: tuple[object, int] | None = None
        self.held: Piece | None = None
        self.grab = (0.0, 0.0)
        self.hover_target: Any = None
        self.panning = False
        self.pending: tuple[Piece | None, Move] | None = None
        self.refusals_seen = len(model.refusals)
        self.results_shown = False
        self.move_buttons: list[Button] = []
        self.move_button_moves: list[Move] = []
        # A move button the table's talk warns of, pressed once: (the view's version, the move).
        self.armed: tuple[int, Move] | None = None
        self.move_rows = 0
        self.resyncs_seen = model.resyncs
        self.bar_buttons: list[Button] = []
        self.static: pygame.Surface | None = None
        self.static_key: tuple = ()
        self.backdrop = pygame.Surface((1, 1))
        self.backdrop_key: tuple = ()
        self.drawn_backdrop: pygame.Surface | None = None
        self.board_seen_from: tuple = ()
        self.active_panels: list[pygame.Rect] = []
        self.turn_left = 0
        self.turn_right = 0
        self.turn_row: pygame.Rect | None = None
        self.chat = ChatPanel(app, model, self.chat_seat)
        self.was_my_turn = False
        self.offer_shown = False
        self.followed = False
        # The hand on idle seats: nudges, handed seats, pauses (client/scenes/hands.py).
        self.hands = Hands(self) if ask_hint is not None and app.session is not None else None
        # A lesson's step above the board (client/scenes/lesson.py), at a lesson table.
        self.lesson = LessonPanel(self)
        self.resize(app.layout)
        self.sync()

    # ------------------------------------------------------------------ mode
    @property
    def display_mode(self) -> bool:
        """Table display or spectator: no controls, large board and log."""
        return self.app.settings.table_display or self.model.spectator

    @property
    def interactive(self) -> bool:
        stream = self.model.streams.get(self.viewer) if self.viewer != "none yet" else None
        return (
            not self.model.spectator
            and not self.app.settings.table_display
            and stream is not None
            and isinstance(self.viewer, int)
            # A seat not to act may still have moves it may make out of turn.
            and (self.viewer in stream.to_act or bool(stream.legal))
            and self.pending is None
            and self.curtain_for is None
            and self.model.status != "over"
            and not (self.hands is not None and self.hands.blocked())
            # Hints and taps follow the board on screen: not while earlier moves still play.
            and self.timeline.idle
        )

    # ------------------------------------------------------------------ layout
    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        lay = layout
        # The bar's height follows the usual text size: large text gets a second row below
        # instead, so the board loses as little height as it can.
        row = max(round(lay.h * 0.075), round(lay.body / lay.text_scale * 2.6))
        self.bar = pygame.Rect(0, 0, lay.w, row)
        self.bar_row = self.bar.copy()
        # Below 1000 px the log is an overlay behind a button (a spectator's board needs the
        # room); a table display has no buttons, so it keeps the log beside the board.
        self.wide = lay.w >= 1000 or self.app.settings.table_display
        self._layout_bar()
        # Large text: when the buttons leave the turn line too little room, it gets a second
        # row of the bar to itself.
        left = self.bar_buttons[0].rect.x if self.bar_buttons else lay.w
        if left < lay.body * 16:
            second = round(lay.body * 1.7)
            self.bar = pygame.Rect(0, 0, lay.w, row + second)
            self.turn_row = pygame.Rect(0, row, lay.w, second)
        else:
            self.turn_row = None
        top = self.bar.bottom + lay.margin
        bottom = lay.h - lay.margin
        # Large text widens the players' panels a little (their lines wrap the rest).
        side = max(round(lay.w * 0.2), 190 if lay.w >= 1000 else 170)
        side += round((lay.text_scale - 1) * 30)
        self.panels_rect = pygame.Rect(lay.margin, top, side, bottom - top)
        log_w = max(round(lay.w * (0.24 if self.display_mode else 0.22)), 200)
        self.log_rect = pygame.Rect(lay.w - lay.margin - log_w, top, log_w, bottom - top)
        # The log above, the chat below it, in one column.
        split = self.log_rect.y + round(self.log_rect.h * 0.5)
        self.log_area = pygame.Rect(self.log_rect.x, self.log_rect.y, log_w, split - top)
        chat_rect = pygame.Rect(self.log_rect.x, split, log_w, self.log_rect.bottom - split)
        self.chat.relabel()
        self.chat.resize(chat_rect, lay, writing=not self.app.settings.table_display)
        right = self.log_rect.x - lay.margin if self.wide else lay.w - lay.margin
        self.board_rect = pygame.Rect(
            self.panels_rect.right + lay.margin,
            top,
            right - self.panels_rect.right - lay.margin,
            bottom - top,
        )
        self._layout_bar()
        self._layout_move_buttons()
        self.camera.resize(self.board_area(), self.game_view.world_size())

    def board_area(self) -> pygame.Rect:
        area = self.board_rect.copy()
        if self.move_buttons:
            rows = self.move_rows
            area.h -= rows * (self.layout.button_h + self.layout.margin // 2) + self.layout.margin
        # A lesson's step takes the top of the board's column.
        taken = self.lesson.height(self.board_rect.w) if hasattr(self, "lesson") else 0
        area.y += taken
        area.h -= taken
        return area.inflate(-self.layout.margin, -self.layout.margin)

    def lesson_rect(self) -> pygame.Rect:
        """Where the lesson's step is drawn: the top of the board's column."""
        height = self.lesson.height(self.board_rect.w)
        return pygame.Rect(self.board_rect.x, self.board_rect.y, self.board_rect.w, height)

    def _layout_bar(self) -> None:
        lay = self.layout
        buttons = []
        if not self.app.settings.table_display:
            if phone_urls(self.app):
                buttons.append(Button(i18n._("Phones"), self.open_phones))
            buttons.append(Button(i18n._("Rules"), self.open_help))
            if self.may_undo():
                buttons.append(Button(i18n._("Undo"), self.undo))
            if self.may_hint():
                buttons.append(Button(i18n._("Hint"), self.hint))
            if not self.wide:
                buttons.append(Button(i18n._("Game log"), self.toggle_log, selected=self.log_open))
            if getattr(self, "hands", None) is not None:
                buttons.extend(self.hands.bar_buttons())
            buttons.append(Button(i18n._("Leave"), self.ask_to_leave))
        x = lay.w - lay.margin
        for button in reversed(buttons):
            w = theme.font(lay.small, True).size(button.label)[0] + lay.small * 2
            button.rect = pygame.Rect(0, 0, w, round(self.bar_row.h * 0.62))
            button.rect.midright = (x, self.bar_row.centery)
            x -= w + lay.margin // 2
        self.bar_buttons = buttons

    def open_phones(self) -> None:
        """The page's QR code, for a phone or tablet to join or watch this table."""
        self.app.stack.push(PhonesDialog(self.app))

    def _layout_move_buttons(self) -> None:
        lay = self.layout
        # The buttons follow the board on screen; a change of that re-lays them (update()).
        self.settled = self.timeline.idle
        choices = self.game_view.move_buttons() if self.interactive else []
        self.move_button_moves = [move for _label, move in choices]
        buttons = [
            Button(self._armed_label(label, move), lambda m=move: self.press(m))
            for label, move in choices
        ]
        x, row = self.board_rect.x, 0
        widths = []
        for button in buttons:
            w = min(
                self.board_rect.w, theme.font(lay.small, True).size(button.label)[0] + lay.small * 2
            )
            if x + w > self.board_rect.right and x > self.board_rect.x:
                x, row = self.board_rect.x, row + 1
            widths.append((button, x, row, w))
            x += w + lay.margin // 2
        self.move_rows = row + 1 if buttons else 0
        for button, bx, brow, w in widths:
            y = self.board_rect.bottom - (self.move_rows - brow) * (lay.button_h + lay.margin // 2)
            button.rect = pygame.Rect(bx, y, w, lay.button_h)
        self.move_buttons = buttons

    # ------------------------------------------------------------------ model → game view
    def choose_viewer(self) -> int | None:
        """The seat whose view is shown: the spectator, or the held seat that is to act."""
        if self.model.spectator:
            return None
        to_act = [s for s in self.model.to_act() if s in self.model.mine]
        if to_act:
            return to_act[0]
        if isinstance(self.viewer, int) and self.viewer in self.model.mine:
            return self.viewer
        return self.model.mine[0]

    def sync(self) -> None:
        """Feed the game view whatever arrived since the last frame."""
        if self.model.revision == self.seen_revision:
            return
        self.seen_revision = self.model.revision
        self.ctx.names[:] = self.model.names
        viewer = self.choose_viewer()
        stream = self.model.streams.get(viewer)
        if stream is None:
            return
        refused = len(self.model.refusals) > self.refusals_seen
        if self.pending is not None and not refused:
            self.pending = None
        resynced = self.model.resyncs != self.resyncs_seen
        fresh = viewer != self.viewer or resynced
        self.resyncs_seen = self.model.resyncs
        if resynced and self.announce_resync:
            self.app.toasts.show(i18n._("Reconnected — the table is up to date"))
        if viewer != self.viewer:
            if (
                isinstance(viewer, int)
                and len(self.model.mine) > 1
                and self.game_view.has_secrets
                and self.revealed != viewer
            ):
                self.curtain_for = viewer
            self.viewer = viewer
            self.log = []
            self.consumed = 0
        new_events = stream.events[self.consumed :]
        self.consumed = len(stream.events)
        if any(e.get("type") == "taken_back" for e in new_events):
            fresh = True  # a move taken back: the board shows the position before it, still
        if fresh:
            self.timeline.skip()
            # The stream's events are the whole log again (a resync brings the history).
            self.log = []
        else:
            self.app.sounds.events(self.model.game, new_events)
        self.ctx.timer = self.model.timer
        self.ctx.to_act = list(stream.to_act) if self.model.status == "playing" else []
        self.ctx.outcome = self.model.outcome
        self.game_view.show(stream.view, stream.legal, [] if fresh else new_events, fresh)
        for event in (
            stream.events[len(stream.events) - len(new_events) :] if not fresh else stream.events
        ):
            line = self.event_text(event)
            if line:
                self.log.append(line[:1].upper() + line[1:])
        self.log = self.log[-LOG_LINES:]
        if fresh or new_events or (viewer, stream.seq) != self.stream_seen:
            self.log_scroll = 0
            self.selected = None
        elif self.selected is not None:
            # Only the table's summary changed (a seat, a spectator, the status): a piece
            # picked up stays picked up.
            key = self.selected.key
            self.selected = next((p for p in self.game_view.pieces() if p.key == key), None)
        self.stream_seen = (viewer, stream.seq)
        self._layout_bar()
        self.camera.resize(self.board_area(), self.game_view.world_size())
        self._layout_move_buttons()
        self.camera.resize(self.board_area(), self.game_view.world_size())

    def hands_changed(self) -> None:
        """A pause, a handed seat or a nudge changed what the bar and the moves offer."""
        self._layout_bar()
        self._layout_move_buttons()
        self.camera.resize(self.board_area(), self.game_view.world_size())

    def _draw_hands_notice(self, surface: pygame.Surface) -> None:
        notice = self.hands.notice() if self.hands is not None else None
        if notice:
            area = self.board_area()
            theme.blit_text(
                surface,
                notice,
                self.layout.body,
                (area.centerx, area.y),
                theme.GOLD,
                bold=True,
                anchor="midtop",
            )

    # ------------------------------------------------------------------ undo and clock
    def may_undo(self) -> bool:
        """Whether the seat shown may take back its last move now (the server says so)."""
        stream = self.model.streams.get(self.viewer) if isinstance(self.viewer, int) else None
        return (
            self.take_back is not None
            and stream is not None
            and stream.can_undo
            and not self.display_mode
            and self.pending is None
        )

    def undo(self) -> None:
        if not self.may_undo() or not isinstance(self.viewer, int) or self.take_back is None:
            return
        self.pending = (None, {"type": "undo"})
        self.take_back(self.viewer)
        self._layout_bar()

    # ------------------------------------------------------------------ hints
    def may_hint(self) -> bool:
        """Whether the seat shown may ask for a hint now: the table allows hints and it is that
        seat's turn (the server checks the same)."""
        stream = self.model.streams.get(self.viewer) if isinstance(self.viewer, int) else None
        return (
            self.ask_hint is not None
            and self.model.hints
            and self.model.status == "playing"
            and stream is not None
            and self.viewer in stream.to_act
            and not self.display_mode
        )

    def hint(self) -> None:
        if self.may_hint() and isinstance(self.viewer, int) and self.ask_hint is not None:
            self.ask_hint(self.viewer)

    def current_hint(self) -> dict[str, Any] | None:
        """The server's hint for the position on screen, or None (none asked, or stale)."""
        hint = self.model.hint
        stream = self.model.streams.get(self.viewer) if isinstance(self.viewer, int) else None
        if not hint or "move" not in hint or stream is None:
            return None
        return hint if hint["seat"] == self.viewer and hint["seq"] == stream.seq else None

    def tell_hint(self) -> None:
        """A new answer: the move and why (the table's talk), or why there is none."""
        self.hint_seen = self.model.hint
        if self.hint_seen and "refused" in self.hint_seen:
            self.app.toasts.show(i18n._("No hint: {reason}", reason=self.hint_seen["refused"]))
            return
        hint = self.current_hint()
        if hint is None or not hint.get("why"):
            return
        why = hint["why"]
        said = self.game_view.say(why["label"])
        if why.get("does"):
            said = i18n._("{move} — {does}", move=said, does=self.game_view.say(why["does"]))
        if why.get("warn"):
            said = i18n._("{said} ({warning})", said=said, warning=self.game_view.say(why["warn"]))
        self.app.toasts.show(i18n._("Hint: {said}", said=said), life=6.0)

    def hint_rects(self) -> list[pygame.Rect]:
        """Where the hinted move is on screen: its place on the board (and the piece that goes
        there), or its button."""
        hint = self.current_hint()
        if hint is None or not self.interactive:
            return []
        return self.move_rects(hint["move"])

    def lesson_rects(self) -> list[pygame.Rect]:
        """What the lesson's step lights: the places of the moves it teaches, and the parts of
        the table it names (the pawn, where it came from…)."""
        if not self.interactive:
            return []
        rects = [rect for move in self.lesson.lit_moves() or [] for rect in self.move_rects(move)]
        for part in self.lesson.parts():
            found = self.game_view.part_rect(part)
            if found is not None:
                rects.append(self.camera.rect_to_screen(found))
        return rects

    def move_rects(self, move: Move) -> list[pygame.Rect]:
        """Where `move` is played on screen: its place on the board (and the piece that goes
        there), or its button."""
        cam, rects = self.camera, []
        for target in self.game_view.loose_targets():
            if target.move == move:
                rects.append(cam.rect_to_screen(target.rect))
        picked = {p.key for p in (self.selected, self.held) if p is not None}
        for piece in self.game_view.pieces():
            for target in piece.targets:
                if target.move == move:
                    place = self.game_view.lit_rect(target, piece.key in picked)
                    rects += [cam.rect_to_screen(piece.rect), cam.rect_to_screen(place)]
        for button, button_move in zip(self.move_buttons, self.move_button_moves, strict=False):
            if button_move == move:
                rects.append(pygame.Rect(button.rect))
        rects += [cam.rect_to_screen(place) for place in self.game_view.move_places(move)]
        return rects

    def _draw_hint(self, surface: pygame.Surface) -> None:
        lay = self.layout
        glow = 0.5 + 0.5 * pulse(self.app.clock)
        colour = theme.mix(theme.GOLD, theme.GOLD_LIGHT, glow)
        for rect in self.hint_rects() + self.lesson_rects():
            ring = pygame.Rect(rect).inflate(lay.line * 8, lay.line * 8)
            pygame.draw.rect(surface, colour, ring, max(2, lay.line * 2), border_radius=lay.radius)

    def event_text(self, event: dict[str, Any]) -> str | None:
        """A log line: the table's own events here, the game's from its view."""
        if event.get("type") == "taken_back":
            return i18n._("{name} took back a move", name=self.ctx.name(event.get("seat")))
        return self.game_view.event_text(event)

    def time_left(self) -> dict[int, float]:
        return self.model.time_left(time.monotonic())

    def clock_running(self) -> bool:
        return bool(self.model.clock and self.model.clock.get("running") and self.time_left())

    # ------------------------------------------------------------------ moves
    def press(self, move: Move) -> None:
        """A move button: a move the table's talk warns of is played by a second press; the
        first says why (a legal move is never hidden, and never played unwarned)."""
        said = self.game_view.move_talk(move)
        armed = (self.game_view.version, move)
        if said is not None and said.get("warn") and self.armed != armed:
            self.armed = armed
            warning = self.game_view.say(said["warn"])
            again = i18n._("Tap it again to play it.")
            self.app.toasts.show(f"⚠ {warning} {again}", life=6.0)
            self._layout_move_buttons()
            return
        self.armed = None
        self.commit(None, move)

    def _armed_label(self, label: str, move: Move) -> str:
        if self.armed == (self.game_view.version, move):
            return i18n._("{move} — tap again", move=label)
        return label

    def commit(self, piece: Piece | None, move: Move, target: Target | None = None) -> None:
        """Send `move` for the seat shown; a dropped piece snaps onto its target meanwhile."""
        if not isinstance(self.viewer, int) or not self.interactive:
            return
        if piece is not None and target is not None:
            cx, cy = target.rect.center
            self.app.animator.animate(piece.sprite, 0.15, x=cx, y=cy, lift=0.0)
        self.pending = (piece, move)
        self.selected = None
        self.send_move(self.viewer, move)

    def refused(self, reason: str) -> None:
        """The server refused the pending move: say why near the piece and glide it back."""
        piece = self.pending[0] if self.pending else None
        self.pending = None
        pos = None
        if piece is not None:
            pos = self.camera.to_screen(piece.sprite.x, piece.sprite.y)
            self.glide_back(piece, shake=True)
        self.app.toasts.show(i18n._("Refused: {reason}", reason=reason), pos)

    def glide_back(self, piece: Piece, shake: bool) -> None:
        sprite = piece.sprite
        hx, hy = sprite.home
        if shake:
            self.app.animator.animate(sprite, SHAKE, "shake", shake=12.0)
        self.app.animator.animate(sprite, MOVE, delay=SHAKE if shake else 0.0, x=hx, y=hy, lift=0.0)

    def _piece_at(self, pos: tuple[float, float]) -> Piece | None:
        if not self.interactive:
            return None
        wx, wy = self.camera.to_world(*pos)
        for piece in self.game_view.pieces():
            if piece.rect.collidepoint(wx, wy):
                return piece
        return None

    def _target_at(self, targets: list[Target], pos: tuple[float, float]) -> Target | None:
        if not self.board_area().collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(*pos)
        for target in targets:
            if target.rect.collidepoint(wx, wy):
                return target
        return None

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        if self.curtain_for is None and self.log_visible() and self.chat.handle(intent):
            return True
        if self.chat.focused and intent.kind == "back":
            self.chat.blur()
            return True
        if self.curtain_for is not None:
            if intent.kind in ("tap", "confirm"):
                self.revealed = self.curtain_for
                self.curtain_for = None
                self._layout_move_buttons()
                return True
            if intent.kind == "back":
                self.close()
                return True
            return False
        for button in self.bar_buttons + self.move_buttons:
            if button.handle(intent):
                return True
        used = self.game_view.handle(intent, self.camera) if self.interactive else False
        if isinstance(used, dict):
            self.commit(None, used)
            return True
        if used:
            return True
        kind = intent.kind
        if kind == "back":
            if self.selected is not None:
                self.selected = None
            else:
                self.close()
            return True
        if kind == "key":
            return self._key(intent.key)
        if kind == "zoom" and self.board_rect.collidepoint(intent.pos):
            self.camera.zoom_at(intent.pos, intent.factor)
            return True
        if kind == "scroll" and self.log_visible() and self.log_area.collidepoint(intent.pos):
            self.log_scroll = max(0, self.log_scroll + round(intent.amount * 2))
            return True
        if kind == "drag_start":
            piece = self._piece_at(intent.pos)
            if piece is not None:
                self.held = piece
                wx, wy = self.camera.to_world(*intent.pos)
                self.grab = (piece.sprite.x - wx, piece.sprite.y - wy)
                self.app.animator.animate(piece.sprite, 0.12, lift=1.0)
                return True
            self.panning = self.board_rect.collidepoint(intent.pos)
            return self.panning
        if kind == "drag":
            if self.held is not None:
                wx, wy = self.camera.to_world(*intent.pos)
                self.held.sprite.x, self.held.sprite.y = wx + self.grab[0], wy + self.grab[1]
                target = self._target_at(self.held.targets, intent.pos)
                self.hover_target = self.ctx.hover = target.key if target else None
                return True
            if self.panning:
                self.camera.pan(*intent.rel)
                return True
            return False
        if kind == "drop":
            self.panning = False
            piece, self.held, self.hover_target = self.held, None, None
            self.ctx.hover = None
            if piece is None:
                return False
            target = self._target_at(piece.targets, intent.pos)
            if target is not None and self.interactive:
                self.commit(piece, target.move, target)
            else:
                self.glide_back(piece, shake=True)
            return True
        if kind == "tap":
            return self._tap(intent.pos)
        return False

    def _tap(self, pos: tuple[float, float]) -> bool:
        if not self.interactive:
            return False
        if self.selected is not None:
            target = self._target_at(self.selected.targets, pos)
            if target is not None:
                self.commit(self.selected, target.move, target)
                return True
        piece = self._piece_at(pos)
        if piece is not None:
            self.selected = None if self.selected and self.selected.key == piece.key else piece
            return True
        target = self._target_at(self.game_view.loose_targets(), pos)
        if target is not None:
            owner = next(
                (p for p in self.game_view.pieces() if any(t.key == target.key for t in p.targets)),
                None,
            )
            self.commit(owner, target.move, target)
            return True
        self.selected = None
        return False

    def _key(self, key: str) -> bool:
        area = self.board_rect.center
        if key == "zoom_in":
            self.camera.zoom_at(area, 1.25)
        elif key == "zoom_out":
            self.camera.zoom_at(area, 0.8)
        elif key == "zoom_reset":
            self.camera.reset()
        else:
            return False
        return True

    def open_help(self) -> None:
        rules = i18n._("Rules")
        title = f"{rules} — {self._title()}"
        self.app.stack.push(TextDialog(self.app, title, self.game_view.help_text()))

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self._layout_bar()

    def log_visible(self) -> bool:
        return self.wide or self.log_open

    def chat_seat(self) -> int | None:
        """Which of this device's seats speaks: the one shown (None for a spectator)."""
        return (
            self.viewer if isinstance(self.viewer, int) and self.viewer in self.model.mine else None
        )

    # ------------------------------------------------------------------ frame
    def frame_rate(self) -> float:
        # Emote bubbles fade and the chat field's caret blinks, whatever else moves.
        return max(self._board_rate(), self.chat.frame_rate())

    def _board_rate(self) -> float:
        if not self.timeline.idle:
            return ANIMATING
        if self.ctx.timer is not None:
            return TIMER_RATE  # the quiet time drains
        if self.my_turn() or self.curtain_for is not None:
            return PULSE_RATE  # the device's ring, its legal targets and the curtain pulse
        if self.clock_running():
            return CLOCK_RATE
        return 0.0

    def update(self, dt: float) -> None:
        if self.model.removed:
            # The table is gone (the lobby says so in a toast): back to the lobby.
            self.model.removed = False
            self.close()
            return
        self.sync()
        if self.model.hint is not self.hint_seen:
            self.tell_hint()
        if len(self.model.refusals) > self.refusals_seen:
            reasons = self.model.refusals[self.refusals_seen :]
            self.refusals_seen = len(self.model.refusals)
            self.refused(reasons[-1])
        self.timeline.update(dt)
        if self.timeline.idle != self.settled:
            # The moves on screen caught up with the game (or new ones started): the action
            # buttons follow what is shown.
            self._layout_move_buttons()
            self.camera.resize(self.board_area(), self.game_view.world_size())
        self._social()
        if (
            self.model.outcome is not None
            and not self.results_shown
            and self.timeline.idle
            and self.app.stack.top is self
        ):
            self.results_shown = True
            lesson = result_lines(self)
            real = None
            if lesson is not None and self.play_real is not None:
                real = functools.partial(self.play_real, self.model.game)
            self.app.stack.push(
                ResultsScene(
                    self.app,
                    self.model,
                    self.game_view,
                    self.leave,
                    None if lesson is not None else self.watch_replay,
                    lesson=lesson,
                    play_real=real,
                )
            )

    def _social(self) -> None:
        """What was said, whose turn began, and the rematch: sounds, toasts, following."""
        said = self.chat.update()
        if said and not self.log_visible():
            for entry in said[-2:]:
                speaker, text = self.chat.entry_text(entry)
                self.app.toasts.show(f"{speaker} {text}" if speaker else text)
        mine = self.my_turn()
        if mine and not self.was_my_turn:
            focused = pygame.display.get_init() and pygame.key.get_focused()
            self.app.sounds.play("turn" if focused else "chime")
        self.was_my_turn = mine
        rematch = self.model.rematch
        if rematch is None or self.app.session is None:
            return
        following = self.app.session.tables.get(rematch.next_table)
        if rematch.started and following is not None and following.streams and not self.followed:
            # The next game began: leave this table for the lobby, which opens the next one.
            self.followed = True
            self.leave()
        elif not rematch.done and not self.offer_shown and self.app.stack.top is self:
            self.offer_shown = self.results_shown = True
            self.app.stack.push(ResultsScene(self.app, self.model, self.game_view, self.leave))

    def _chrome_key(self) -> tuple:
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

    def _board_key(self) -> tuple:
        cam = self.camera
        return (self.game_view.version, cam.zoom, cam.cx, cam.cy, tuple(cam.area))

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain_for is not None:
            self._draw_curtain(surface)
            return
        self._refresh_static(surface)
        surface.blit(self.static, (0, 0))
        hot: set[Any] = set()
        self.game_view.taught = None
        if self.interactive:
            source = self.held or self.selected
            targets = source.targets if source is not None else self.game_view.loose_targets()
            hot = {t.key for t in targets}
            lit = self.lesson.lit_moves()
            if lit is not None:
                # A lesson's step: only the moves it teaches glow (the others still answer).
                hot = {t.key for t in targets if t.move in lit}
                self.game_view.taught = lit
        self.game_view.draw(surface, self.camera, hot, self.held)
        self._note_board_spots()
        self._draw_lesson(surface)
        if self.selected is not None and self.held is None and self.interactive:
            self._draw_selected(surface, self.selected)
        self._draw_hint(surface)
        self._draw_hands_notice(surface)
        self._draw_turn(surface)
        self._draw_active_ring(surface)
        for button in self.bar_buttons + self.move_buttons:
            button.draw(surface, self.layout.small)
        if self.log_visible():
            self.chat.draw_controls(surface)
        if self.chat.bubbles:
            self.chat.draw_bubbles(surface, self._panel_rects())

    def _note_board_spots(self) -> None:
        """The pieces that may be picked up, the places they (or loose moves) go and the
        view's own controls, as keyboard stops in reading order, before the buttons
        (client.ui.focus)."""
        if not self.interactive or self.held is not None:
            return
        source = self.selected
        things: list[Piece | Target] = [*self.game_view.pieces()]
        things += source.targets if source is not None else self.game_view.loose_targets()
        named = [("piece" if isinstance(t, Piece) else "target", t.key, t.rect) for t in things] + [
            ("control", key, rect) for key, rect in self.game_view.tap_spots()
        ]
        area = self.board_area()
        spots = []
        for kind, key, world in named:
            rect = self.camera.rect_to_screen(world).clip(area)
            if rect.w and rect.h:
                spots.append(BoardSpot(f"{kind}:{key!r}", rect, self._tapper(rect.center)))
        for spot in sorted(spots, key=lambda s: (s.rect.y // 8, s.rect.x)):
            focus.note(spot)

    def _tapper(self, pos: tuple[int, int]) -> Callable[[], None]:
        return lambda: self.handle(Intent("tap", pos=(float(pos[0]), float(pos[1]))))

    def _draw_lesson(self, surface: pygame.Surface) -> None:
        """The lesson's step over the top of the board's column (whatever the board's cached
        layer held there before the step took that room is covered by the felt first)."""
        rect = self.lesson_rect()
        if not rect.h:
            return
        strip = pygame.Rect(rect.x, rect.y, rect.w, self.board_area().y - rect.y)
        if self.drawn_backdrop is not None:
            surface.blit(self.drawn_backdrop, strip, strip)
        self.lesson.draw(surface, rect)

    def _draw_selected(self, surface: pygame.Surface, piece: Piece) -> None:
        """A piece picked up by a tap: a gold ring around it until a tap puts it somewhere."""
        lay = self.layout
        rect = self.camera.rect_to_screen(piece.rect).inflate(lay.line * 6, lay.line * 6)
        glow = 0.5 + 0.5 * pulse(self.app.clock)
        colour = theme.mix(theme.GOLD, theme.GOLD_LIGHT, glow)
        pygame.draw.rect(surface, colour, rect, max(2, lay.line * 3), border_radius=lay.radius)

    def _refresh_static(self, like: pygame.Surface) -> None:
        """What changes only with the game is drawn into a cached layer, by region, when it
        changes: the board (a stone landed, the camera moved) or the chrome around it (panels,
        log, bar). When both change at once the chrome follows a frame later, so no single frame
        redraws everything."""
        size = like.get_size()
        chrome, board = self._chrome_key(), self._board_key()
        if self.static is None or self.static.get_size() != size:
            self.static = pygame.Surface(size).convert(like)
            self.static_key = ()
        if not self.static_key:
            self._redraw_chrome(like)
            self._redraw_board(full=True)
        elif board != self.static_key[1]:
            self._redraw_board(full=False)
            chrome = self.static_key[0]
        elif chrome != self.static_key[0] and self._redraw_chrome(like):
            self._redraw_board(full=True)
        self.static_key = (chrome, board)

    def _redraw_board(self, full: bool) -> None:
        """Redraw the board area, or only the parts the game view says changed."""
        cam = self.camera
        seen_from = (cam.zoom, cam.cx, cam.cy, tuple(cam.area))
        changes = self.game_view.take_changes()
        if full or changes is None or seen_from != self.board_seen_from:
            self.board_seen_from = seen_from
            areas = [cam.area]
        else:
            areas = [cam.rect_to_screen(c).clip(cam.area) for c in changes]
        layer = self.static
        clip = layer.get_clip()
        for area in areas:
            if area.w and area.h:
                layer.set_clip(area)
                layer.blit(self.backdrop, area, area)
                self.game_view.draw_board(layer, cam)
        layer.set_clip(clip)

    def _redraw_chrome(self, like: pygame.Surface) -> bool:
        """Redraw bar, panels and log; True if a new layout wiped the board too."""
        rects = self._panel_rects()
        log = self.log_rect if self.log_visible() else None
        backdrop = self._backdrop(like, tuple(r for _s, r in rects), log)
        layer = self.static
        regions = [self.bar, self.panels_rect.inflate(self.layout.margin, self.layout.margin)]
        if log is not None:
            regions.append(log.inflate(self.layout.margin, self.layout.margin))
        if backdrop is not self.drawn_backdrop:
            # A new layout: the whole layer, board included, starts from the new backdrop.
            regions = [layer.get_rect()]
            self.drawn_backdrop = backdrop
        for region in regions:
            layer.blit(backdrop, region, region)
        self._draw_bar(layer)
        self._draw_panels(layer, rects)
        if log is not None:
            self._draw_log(layer)
        return regions == [layer.get_rect()]

    def ask_to_leave(self) -> None:
        """Leave at once, but ask first while this device plays in a running game."""
        if self.model.status != "playing" or self.model.spectator:
            self.leave()
            return
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                i18n._("Leave the game?"),
                i18n._(
                    "Your seat is given up and opens for someone else (a stand-in bot plays it "
                    "meanwhile where the table has one). Esc takes you to the lobby and keeps "
                    "your seat."
                ),
                i18n._("Leave"),
                self.leave,
            )
        )

    def my_turn(self) -> bool:
        """Whether a seat this device holds is to act."""
        return self.model.status == "playing" and any(
            s in self.model.mine for s in self.model.to_act()
        )
