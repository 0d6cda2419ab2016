"""The table every game shares: panels, turn, log, board with zoom/pan, drag and drop, curtain.

The scene reads a `TableModel` and feeds the game's view the view, legal moves and events of
the seat it shows. It decides nothing about the rules: the pieces and targets it lets a person
use come from the game view, which builds them from the legal moves the server sent.

Its jobs with a state of their own are parts (docs/client.md): the hand over the board
(board_hand.py), the move buttons (move_strip.py), the hint's and the lesson's lights
(table_hints.py), the cached layer (table_layer.py) and the game's end (table_end.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from client.net.model import Move, TableModel
from client.scenes.board_hand import BoardHand
from client.scenes.chat import ChatPanel
from client.scenes.dialogs import ConfirmDialog, TextDialog
from client.scenes.hands import Hands
from client.scenes.lesson import LessonPanel
from client.scenes.move_strip import MoveStrip
from client.scenes.phones import PhonesDialog, phone_urls
from client.scenes.table_chrome import TableChrome
from client.scenes.table_end import TableEnd
from client.scenes.table_hints import HintLights
from client.scenes.table_layer import TableLayer
from client.tables import view_for
from client.tables.base import Camera, Piece, TableContext, Target
from client.ui import theme
from client.ui.anim import Timeline
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
        # arrives in the model (`hint`), and the hint lights tell it.
        self.ask_hint = ask_hint
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
        self.stream_seen: tuple[object, int] | None = None
        # The piece picked up or held, and panning (client/scenes/board_hand.py).
        self.hand = BoardHand(self, app.animator)
        self.pending: tuple[Piece | None, Move] | None = None
        self.refusals_seen = len(model.refusals)
        # The move buttons under the board (client/scenes/move_strip.py).
        self.strip = MoveStrip(
            self.game_view,
            app.toasts,
            lambda move: self.commit(None, move),
            lambda: self._layout_move_buttons(),
        )
        # The hint asked and the lesson's places, lit (client/scenes/table_hints.py).
        self.hints = HintLights(self, app.toasts)
        self.resyncs_seen = model.resyncs
        self.bar_buttons: list[Button] = []
        # The board and the chrome, cached (client/scenes/table_layer.py).
        self.layer = TableLayer(self)
        self.backdrop = pygame.Surface((1, 1))
        self.backdrop_key: tuple = ()
        self.active_panels: list[pygame.Rect] = []
        self.turn_left = 0
        self.turn_right = 0
        self.turn_row: pygame.Rect | None = None
        self.chat = ChatPanel(app, model, self.chat_seat)
        self.was_my_turn = False
        # The results and the rematch (client/scenes/table_end.py).
        self.end = TableEnd(self)
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
        if self.strip.buttons:
            rows = self.strip.rows
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
            if self.hints.may_ask():
                buttons.append(Button(i18n._("Hint"), self.hints.ask))
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
        # The buttons follow the board on screen; a change of that re-lays them (update()).
        self.settled = self.timeline.idle
        choices = self.game_view.move_buttons() if self.interactive else []
        self.strip.lay_out(choices, self.board_rect, self.layout)

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
            self.hand.selected = None
        else:
            self.hand.keep()
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
    def commit(self, piece: Piece | None, move: Move, target: Target | None = None) -> None:
        """Send `move` for the seat shown; a dropped piece snaps onto its target meanwhile."""
        if not isinstance(self.viewer, int) or not self.interactive:
            return
        if piece is not None and target is not None:
            cx, cy = target.rect.center
            self.app.animator.animate(piece.sprite, 0.15, x=cx, y=cy, lift=0.0)
        self.pending = (piece, move)
        self.hand.selected = None
        self.send_move(self.viewer, move)

    def refused(self, reason: str) -> None:
        """The server refused the pending move: say why near the piece and glide it back."""
        piece = self.pending[0] if self.pending else None
        self.pending = None
        pos = None
        if piece is not None:
            pos = self.camera.to_screen(piece.sprite.x, piece.sprite.y)
            self.hand.glide_back(piece, shake=True)
        self.app.toasts.show(i18n._("Refused: {reason}", reason=reason), pos)

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
        for button in self.bar_buttons + self.strip.buttons:
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
            if self.hand.selected is not None:
                self.hand.selected = None
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
        return self.hand.handle(intent)

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
        self.hints.follow()
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
        self.end.show_results()

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
        self.end.follow_rematch()

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain_for is not None:
            self._draw_curtain(surface)
            return
        surface.blit(self.layer.refresh(surface), (0, 0))
        hot: set[Any] = set()
        self.game_view.taught = None
        if self.interactive:
            source = self.hand.held or self.hand.selected
            targets = source.targets if source is not None else self.game_view.loose_targets()
            hot = {t.key for t in targets}
            lit = self.lesson.lit_moves()
            if lit is not None:
                # A lesson's step: only the moves it teaches glow (the others still answer).
                hot = {t.key for t in targets if t.move in lit}
                self.game_view.taught = lit
        self.game_view.draw(surface, self.camera, hot, self.hand.held)
        self.hand.note_spots()
        self._draw_lesson(surface)
        self.hand.draw_selected(surface, self.layout, self.app.clock)
        self.hints.draw(surface, self.layout, self.app.clock)
        self._draw_hands_notice(surface)
        self._draw_turn(surface)
        self._draw_active_ring(surface)
        for button in self.bar_buttons + self.strip.buttons:
            button.draw(surface, self.layout.small)
        if self.log_visible():
            self.chat.draw_controls(surface)
        if self.chat.bubbles:
            self.chat.draw_bubbles(surface, self._panel_rects())

    def _draw_lesson(self, surface: pygame.Surface) -> None:
        """The lesson's step over the top of the board's column (whatever the board's cached
        layer held there before the step took that room is covered by the felt first)."""
        rect = self.lesson_rect()
        if not rect.h:
            return
        strip = pygame.Rect(rect.x, rect.y, rect.w, self.board_area().y - rect.y)
        if self.layer.drawn_backdrop is not None:
            surface.blit(self.layer.drawn_backdrop, strip, strip)
        self.lesson.draw(surface, rect)

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
