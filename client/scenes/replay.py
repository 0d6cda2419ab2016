"""The replay viewer: a kept game step by step, forward and back, played at a chosen speed.

It is the table scene fed by a `Replay` (client/net/replays.py) instead of a server: every position
is shown by the game's own view, with its animations going forward and the game log beside it.
A control strip under the board steps, plays, jumps (a tap on the strip's track) and chooses
whose eyes to see through — a spectator's, or once the game is over any seat's.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.net.model import SeatInfo, TableModel
from client.net.replays import Replay
from client.scenes.dialogs import Dialog
from client.scenes.table import TableScene
from client.ui import theme
from client.ui.input import Intent
from client.ui.scene import Services
from client.ui.widgets import Button, Scroller, panel
from client.words import i18n

SPEEDS = (0.5, 1.0, 2.0, 4.0)
# Seconds a step stays on screen at 1× (the moves' own animations take part of it).
STEP_TIME = 1.2


class ReplayScene(TableScene):
    announce_resync = False
    marks_you = False

    def __init__(self, app: Services, replay: Replay, step: int = 0) -> None:
        self.replay = replay
        self.step = 0
        self.target = step
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.viewer_choice: int | None = None
        seats = [SeatInfo(i, name or None, "human") for i, name in enumerate(replay.names)]
        model = TableModel(0, replay.game, seats, mine=[], status="playing")
        super().__init__(app, model, lambda seat, move: None, self.close_viewer)
        self.track = pygame.Rect(0, 0, 0, 0)
        self._show(step, jump=True)

    # ------------------------------------------------------------------ stepping
    def close_viewer(self) -> None:
        if self.app.stack.top is not self:
            while self.app.stack.top is not self and self.app.stack.top is not None:
                self.app.stack.pop()
        self.app.stack.pop()

    def ask_to_leave(self) -> None:
        self.close_viewer()

    def _show(self, step: int, jump: bool) -> bool:
        """Put position `step` on the table (animated when it is the next one); False while it
        is on its way from the server."""
        step = max(0, min(step, self.replay.moves))
        frame = self.replay.frame(step, self.viewer_choice)
        if frame is None:
            return False
        fresh = jump or step != self.step + 1
        model = self.model
        model.mine = [] if self.viewer_choice is None else [self.viewer_choice]
        model.outcome, model.status = None, "playing"
        events = self.replay.history(step, self.viewer_choice) if fresh else frame.events
        if fresh:
            model.streams.clear()
        model.update(self.viewer_choice, frame.view, [], frame.to_act, events, fresh=fresh)
        if model.outcome is None:
            self.end.results_shown = False
        else:
            # The results come up once, when the last move is reached by playing.
            self.end.results_shown = jump
        self.step = self.target = step
        self._layout_move_buttons()
        return True

    def go(self, step: int) -> None:
        self.target = max(0, min(step, self.replay.moves))
        if self.target != self.step + 1:
            self.playing = False
            self._show(self.target, jump=True)

    def toggle_play(self) -> None:
        if self.step >= self.replay.moves:
            self.go(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._layout_move_buttons()

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._layout_move_buttons()

    def next_viewer(self) -> None:
        choices = self.replay.viewers
        self.viewer_choice = choices[(choices.index(self.viewer_choice) + 1) % len(choices)]
        self._show(self.step, jump=True)

    def update(self, dt: float) -> None:
        if self.target != self.step and not self.playing:
            self._show(self.target, jump=True)
        elif self.playing and self.timeline.idle:
            self.wait -= dt * self.speed
            if self.wait <= 0:
                if self.step >= self.replay.moves:
                    self.playing = False
                    self._layout_move_buttons()
                elif self._show(self.step + 1, jump=False):
                    self.wait = STEP_TIME
        super().update(dt)

    def frame_rate(self) -> float:
        return 30.0 if self.playing or self.target != self.step else super().frame_rate()

    # ------------------------------------------------------------------ the table scene's parts

    @property
    def interactive(self) -> bool:
        return False

    def turn_text(self) -> tuple[str, bool]:
        where = i18n._("Move {n} of {total}", n=self.step, total=self.replay.moves)
        if self.model.status == "over":
            return where + " · " + i18n.pgettext("table.over", "Game over"), False
        acting = self.model.to_act()
        if acting:
            whose = i18n._("{name}'s turn", name=self.model.names[acting[0]])
            return where + " · " + whose, False
        return where, False

    def _layout_move_buttons(self) -> None:
        """The control strip, where a seat's action buttons would be."""
        lay = self.layout
        viewer = self.viewer_choice
        seen_as = (
            i18n._("As a spectator")
            if viewer is None
            else i18n._("As {name}", name=self.replay.names[viewer] or str(viewer + 1))
        )
        buttons = [
            Button("|◀", lambda: self.go(0)),
            Button("◀", lambda: self.go(self.step - 1)),
            Button("❚❚" if self.playing else "▶", self.toggle_play, primary=True),
            Button("▶", lambda: self.go(self.step + 1)),
            Button("▶|", lambda: self.go(self.replay.moves)),
            Button(
                i18n.number(int(self.speed)) + "×" if self.speed >= 1 else "½×", self.next_speed
            ),
        ]
        if len(self.replay.viewers) > 1:
            buttons.append(Button(seen_as, self.next_viewer))
        x = self.board_rect.x
        y = self.board_rect.bottom - lay.button_h
        for button in buttons:
            w = theme.font(lay.small, True).size(button.label)[0] + lay.small * 2
            button.rect = pygame.Rect(x, y, max(w, lay.button_h), lay.button_h)
            x = button.rect.right + lay.margin // 2
        # The rest of the strip is a track: a tap jumps there.
        self.track = pygame.Rect(x, y, max(0, self.board_rect.right - x), lay.button_h)
        self.strip.show(buttons, rows=1)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "tap" and self.track.w > 0 and self.track.collidepoint(intent.pos):
            share = (intent.pos[0] - self.track.x) / max(1, self.track.w)
            self.go(round(share * self.replay.moves))
            return True
        if intent.kind == "key":
            step = {"left": -1, "right": 1, "home": -(10**9), "end": 10**9}.get(intent.key)
            if step is not None:
                self.go(self.step + step)
                return True
            if intent.key == "space":
                self.toggle_play()
                return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout
        track = self.track
        if track.w > lay.margin * 2:
            mid = track.centery
            pygame.draw.line(
                surface, theme.GOLD_DARK, (track.x + lay.margin // 2, mid), (track.right, mid), 3
            )
            share = self.step / max(1, self.replay.moves)
            x = track.x + lay.margin // 2 + share * (track.w - lay.margin // 2)
            pygame.draw.circle(surface, theme.GOLD, (round(x), mid), max(5, lay.small // 2))


class ReplayListDialog(Dialog):
    """Kept games to replay: a server's (when connected) or this computer's, and game files.
    Each row is a card (game, state, moves; then the players); the list scrolls."""

    width = 0.7
    height = 0.8

    def __init__(self, app: Services, entries: Any, opener: Any) -> None:
        self.entries = entries
        self.opener = opener
        self.scroller = Scroller()
        self.rows: list[tuple[pygame.Rect, dict[str, Any]]] = []
        super().__init__(app, i18n._("Replays"))
        self.buttons = [Button(i18n._("Close"), self.close)]
        self.layout_buttons()

    def frame_rate(self) -> float:
        return 4.0 if self.entries() is None else 0.0

    def _lines(self, entry: dict[str, Any]) -> tuple[str, str]:
        from shared.engine import get_game

        if entry.get("source") == "file":
            return entry["name"], i18n._("game file")
        status = {
            "finished": i18n._("finished"),
            "playing": i18n._("running"),
            "abandoned": i18n._("abandoned"),
        }.get(entry["status"], entry["status"])
        moves = i18n.ngettext("{n} move", "{n} moves", entry["moves"], n=entry["moves"])
        title = " · ".join([get_game(entry["game"]).title, status, moves])
        return title, ", ".join(n for n in entry["seats"] if n)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        entries = self.entries()
        if not entries:
            text = i18n._("Asking…") if entries is None else i18n._("No kept games yet.")
            theme.blit_text(surface, text, lay.body, self.body.topleft, theme.TEXT_DIM)
            return
        view = self.body.copy()
        view.h = self.buttons[0].rect.y - lay.margin // 2 - view.y
        row_h = round(lay.body * 1.4 + lay.small * 1.6)
        step = row_h + lay.margin // 3
        self.scroller.set(view, len(entries) * step, step / 2)
        width = view.w - self.scroller.track().w - lay.margin // 2
        clip = surface.get_clip()
        surface.set_clip(view)
        self.rows = []
        first = int(self.scroller.offset // step)
        for index in range(first, len(entries)):
            y = view.y + index * step - self.scroller.offset
            if y >= view.bottom:
                break
            rect = pygame.Rect(view.x, round(y), width, row_h)
            panel(surface, rect, lay.radius, alpha=235)
            title, people = self._lines(entries[index])
            pad = lay.small
            for text, size, colour, bold, dy in (
                (title, lay.body, theme.TEXT, True, lay.small * 0.4),
                (people, lay.small, theme.TEXT_DIM, False, lay.small * 0.6 + lay.body * 1.2),
            ):
                for line in theme.wrap_facts(text, size, rect.w - 2 * pad, bold)[:1]:
                    theme.blit_text(surface, line, size, (rect.x + pad, rect.y + dy), colour, bold)
            self.rows.append((rect, entries[index]))
        surface.set_clip(clip)
        self.scroller.draw(surface)

    def handle(self, intent: Intent) -> bool:
        if self.scroller.handle(intent):
            return True
        if intent.kind == "tap":
            for rect, entry in self.rows:
                if rect.collidepoint(intent.pos) and self.body.collidepoint(intent.pos):
                    self.opener(entry)
                    return True
        return super().handle(intent)


# ---------------------------------------------------------------------- opening replays
def _open(app: Services, replay: Replay) -> None:
    app.stack.push(ReplayScene(app, replay))


def open_local_replays(app: Services) -> None:
    """The games kept by a server on this computer, and game files in the usual folders."""
    from pathlib import Path

    from client.net.replays import FileReplay
    from server import replay as kept
    from server.store import NotADatabase, Store, default_data_dir
    from shared import gamefile

    entries: list[dict[str, Any]] = []
    data = default_data_dir()
    if (data / "jeweltable.sqlite3").exists():
        try:
            store = Store(data)
        except NotADatabase as exc:
            app.toasts.show(str(exc))
        else:
            try:
                entries += [dict(e, source="local") for e in kept.offered_locally(store)]
            finally:
                store.close()
    for folder in (Path.cwd(), Path.home() / "Downloads", data):
        for path in sorted(folder.glob("*" + gamefile.SUFFIX))[:50] if folder.is_dir() else []:
            entries.append({"source": "file", "path": str(path), "name": path.name})

    def opener(entry: dict[str, Any]) -> None:
        try:
            if entry["source"] == "file":
                _open(app, FileReplay(gamefile.read(entry["path"])))
                return
            store = Store(data)
            try:
                record = store.table(entry["id"])
            finally:
                store.close()
            if record is None:
                raise gamefile.GameFileError(i18n._("That game is no longer kept."))
            doc = {
                "game": record.game,
                "players": record.players,
                "options": record.options,
                "seed": record.seed,
                "moves": [[seat, move] for seat, move, _by in record.moves],
                "names": [s.get("name") or "" for s in record.seats],
            }
            _open(app, FileReplay(doc))
        except gamefile.GameFileError as exc:
            app.toasts.show(str(exc))

    app.stack.push(ReplayListDialog(app, lambda: entries, opener))


def open_server_replays(app: Services, session: Any) -> None:
    """The games the connected server kept (never a table with a password)."""
    session.ask_replays()

    def opener(entry: dict[str, Any]) -> None:
        app.stack.push(PendingReplay(app, session, entry["id"]))

    app.stack.push(ReplayListDialog(app, lambda: session.kept, opener))


class PendingReplay(Dialog):
    """Waits for the server's first answer about a kept game, then opens the viewer."""

    width = 0.4
    height = 0.3
    PATIENCE = 10.0

    def __init__(self, app: Services, session: Any, table_id: int) -> None:
        self.session = session
        self.table_id = table_id
        self.waited = 0.0
        super().__init__(app, i18n._("Replays"))
        self.buttons = [Button(i18n._("Cancel"), self.close)]
        self.layout_buttons()
        session.replay(table_id)

    def frame_rate(self) -> float:
        return 4.0

    def update(self, dt: float) -> None:
        from client.net.replays import FileReplay, ServerReplay
        from shared import gamefile

        self.waited += dt
        for answer in self.session.take_replays(self.table_id):
            self.close()
            try:
                if "file" in answer:
                    _open(self.app, FileReplay(gamefile.check(answer["file"])))
                else:
                    _open(self.app, ServerReplay(self.session, self.table_id, answer))
            except gamefile.GameFileError as exc:
                self.app.toasts.show(str(exc))
            return
        if self.waited > self.PATIENCE:
            self.close()
            self.app.toasts.show(i18n._("The server did not send the game."))

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.blit_text(surface, i18n._("Asking…"), lay.body, self.body.topleft, theme.TEXT_DIM)
