"""The lobby: the server's tables, a new-table dialog, taking a seat or watching, starting.

The lobby is also the waiting room: a table being filled shows its seats here, and the table
scene opens by itself once the server sends the first position of a table this client is at.
The tables' cards are a part of their own (table_list.py), and so is the New-table dialog
(new_table.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.net.evening import Evening
from client.net.model import LobbyModel, TableInfo
from client.scenes.dialogs import (
    ConfirmDialog,
    MessageDialog,
    PasswordDialog,
    SeatNamesDialog,
    SettingsDialog,
)
from client.scenes.new_table import CreateTableDialog
from client.scenes.phones import PhonesDialog, lobby_card, phone_urls
from client.scenes.standings import RevealDialog, draw_panel, standing_line
from client.scenes.table_list import TableList, seats_held
from client.ui import theme
from client.ui.input import Intent
from client.ui.scene import Scene, Services
from client.ui.widgets import Button
from client.words import i18n

if TYPE_CHECKING:
    from client.net.session import Session


class LobbyScene(Scene):
    def __init__(
        self,
        app: Services,
        lobby: LobbyModel,
        actions: Session | None,
        create_game: str | None = None,
        learn_game: str | None = None,
    ) -> None:
        self.has_phones = self.phone_card = False
        # The host's evening (client/scenes/standings.py): its standings beside the list.
        self.evening = actions.evening if actions is not None else Evening()
        self.has_standings = self.evening.shown
        super().__init__(app)
        self.lobby = lobby
        self.actions = actions
        # The tables' cards (client/scenes/table_list.py): their buttons come back as sit,
        # watch, open_table, close_table and do.
        self.table_list = TableList(lobby, actions, self, app.layout)
        self.open_tables: set[int] = set()
        if actions is not None and actions.token:
            assert app.settings.tokens is not None
            app.settings.tokens[actions.address] = actions.token
            app.settings.save()
        self.create_game = create_game
        # Opened from "Learn to play" on the start screen: that game's lesson begins at once.
        self.learn_game = learn_game
        self.relabel()

    def entered(self) -> None:
        # Opened from a game box on the start screen: go straight to a new table of that game.
        if self.create_game is not None:
            game, self.create_game = self.create_game, None
            self.new_table(game)
        if self.learn_game is not None and self.actions is not None:
            game, self.learn_game = self.learn_game, None
            self.actions.learn(game)

    def relabel(self) -> None:
        self.has_phones = bool(phone_urls(self.app))
        self.has_standings = self.evening.shown
        # Wide enough, the join card for phones stands beside the list; else behind a button.
        self.phone_card = self.has_phones and self.app.layout.w >= 1000
        phones = (
            []
            if self.phone_card or not self.has_phones
            else [Button(i18n._("Phones"), self.open_phones)]
        )
        self.top_buttons = phones + [
            Button(i18n._("New table"), self.new_table, primary=True),
            Button(i18n._("Replays"), self.open_replays),
            Button(i18n._("Settings"), lambda: self.app.stack.push(SettingsDialog(self.app))),
            Button(i18n._("Disconnect"), self.disconnect),
        ]
        self.resize(self.layout)

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        if self.phone_card != (self.has_phones and layout.w >= 1000):
            self.relabel()  # the join card moves beside the list or behind a button
            return
        lay = layout
        self.bar = pygame.Rect(0, 0, lay.w, round(lay.title * 2.2))
        x = lay.w - lay.margin
        for button in reversed(self.top_buttons):
            w = theme.font(lay.body, True).size(button.label)[0] + lay.body * 2
            button.rect = pygame.Rect(0, 0, w, lay.button_h)
            button.rect.midright = (x, self.bar.centery)
            x -= w + lay.margin // 2
        # The standings take the side column where it is wide enough; else a line (draw).
        wide = getattr(self, "has_standings", False) and lay.w >= 1000
        side = getattr(self, "phone_card", False) or wide
        card_w = round(lay.w * 0.24) if side else 0
        self.list_rect = pygame.Rect(
            lay.margin,
            self.bar.bottom + lay.margin,
            lay.w - 2 * lay.margin - (card_w + lay.margin if card_w else 0),
            lay.h - self.bar.bottom - 2 * lay.margin,
        )
        self.phones_rect = pygame.Rect(
            self.list_rect.right + lay.margin, self.list_rect.y, card_w, round(card_w * 1.32)
        )
        self.standings_rect = self._standings_rect(card_w)
        # The cards scroll inside the list, under its heading.
        cards_rect = pygame.Rect(
            self.list_rect.x,
            round(self.list_rect.y + lay.title * 1.2),
            self.list_rect.w,
            self.list_rect.bottom - round(self.list_rect.y + lay.title * 1.2),
        )
        self.table_list.place(cards_rect, lay)

    def _standings_rect(self, width: int) -> pygame.Rect:
        """The evening's standings: the side column, under the phones' card when it is there."""
        lay = self.layout
        top = self.phones_rect.bottom + lay.margin if self.phone_card else self.list_rect.y
        return pygame.Rect(
            self.list_rect.right + lay.margin, top, width, self.list_rect.bottom - top
        )

    def _follow_evening(self) -> None:
        """The standings came or went: the side column opens or closes; an evening that ended
        reveals its winner."""
        if self.evening.shown != self.has_standings:
            self.relabel()
        if self.evening.reveal is not None:
            final, self.evening.reveal = self.evening.reveal, None
            self.app.stack.push(RevealDialog(self.app, final))

    # ------------------------------------------------------------------ actions
    def new_table(self, game: str | None = None) -> None:
        if self.lobby.games:
            self.app.stack.push(CreateTableDialog(self.app, self, self.lobby.games, game))

    def open_phones(self) -> None:
        self.app.stack.push(PhonesDialog(self.app, self._open_seats_of_mine()))

    def _open_seats_of_mine(self) -> list[tuple[int, int]]:
        """Open seats of the waiting tables this client made: each may be handed to a phone."""
        if self.actions is None:
            return []
        return [
            (info.id, seat.seat)
            for info in self.lobby.tables
            if info.status == "waiting" and self.actions.is_creator(info)
            for seat in info.seats
            if seat.kind == "open"
        ]

    def open_replays(self) -> None:
        from client.scenes.replay import open_server_replays

        if self.actions is not None:
            open_server_replays(self.app, self.actions)

    def disconnect(self) -> None:
        if self.app.session is not None:
            self.app.session.close()
            self.app.session = None
        # Back to the start screen, closing any table opened from here.
        self.app.stack.pop_through(self)

    def do(self, name: str, *args: Any) -> None:
        """Send the session's `name` request with `args` (nothing without a session)."""
        if self.actions is not None:
            getattr(self.actions, name)(*args)

    def sit(self, info: TableInfo, seat: int) -> None:
        if seats_held(self.actions, info):
            # A second seat for this device: whoever will play it says their name.
            self.app.stack.push(
                SeatNamesDialog(
                    self.app, [seat], lambda names: self.do("join", info.id, seat, "", names[seat])
                )
            )
            return
        if info.password:
            self.app.stack.push(
                PasswordDialog(
                    self.app,
                    lambda pw: self.do("join", info.id, seat, pw),
                    i18n._("Sit here"),
                )
            )
        else:
            self.do("join", info.id, seat)

    def close_table(self, info: TableInfo) -> None:
        """The creator closes a table: everyone at it is told, a game not over is abandoned."""
        playing = info.status == "playing"
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                i18n._("Close this table?"),
                i18n._("The game is abandoned and everyone at the table goes back to the lobby.")
                if playing
                else i18n._("Everyone at the table goes back to the lobby."),
                i18n._("Close table"),
                lambda: self.do("close_table", info.id),
            )
        )

    def watch(self, info: TableInfo) -> None:
        if info.password:
            self.app.stack.push(
                PasswordDialog(self.app, lambda pw: self.do("watch", info.id, pw), i18n._("Watch"))
            )
        else:
            self.do("watch", info.id)

    def open_table(self, table_id: int) -> None:
        from client.scenes.table import TableScene

        session = self.actions
        if session is None or table_id not in session.tables:
            return
        model = session.tables[table_id]
        self.open_tables.add(table_id)

        def send_move(seat: int, move: dict[str, Any]) -> None:
            session.move(table_id, seat, move)

        def leave() -> None:
            session.leave(table_id)
            self.open_tables.discard(table_id)
            close()

        def close() -> None:
            # Back to the lobby; the seats stay ours and "Open table" brings the table back.
            while self.app.stack.top is not self and self.app.stack.top is not None:
                self.app.stack.pop()

        def watch_replay() -> None:
            from client.scenes.replay import PendingReplay

            self.app.stack.push(PendingReplay(self.app, session, table_id))

        def take_back(seat: int) -> None:
            session.undo(table_id, seat)

        def ask_hint(seat: int) -> None:
            session.hint(table_id, seat)

        def play_real(game: str) -> None:
            # After a lesson: leave it, and a real game against bots opens by itself.
            leave()
            session.play_against_bots(game)

        self.app.stack.push(
            TableScene(
                self.app,
                model,
                send_move,
                leave,
                close,
                watch_replay,
                take_back,
                ask_hint,
                play_real,
            )
        )

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._follow_evening()
        session = self.actions
        if session is None:
            return
        if session.state == "closed":
            replaced = session.code == "replaced"
            if not replaced:
                self.app.toasts.show(
                    i18n._(
                        "The server closed the connection: {reason}", reason=session.reason or "?"
                    )
                )
            self.disconnect()
            if replaced:
                # Said plainly, and kept on screen: the seats live on in the other window.
                self.app.stack.push(
                    MessageDialog(
                        self.app,
                        i18n._("Your seats moved to another window"),
                        i18n._(
                            "You connected to this server again from another window or device "
                            "and took your seats over there. This window has let them go."
                        ),
                    )
                )
            return
        self.open_tables &= set(session.tables)
        if bool(phone_urls(self.app)) != self.has_phones:
            self.relabel()
        while session.notices:
            self.app.toasts.show(session.notices.pop(0))
        # A table this client is at has started (or was resumed): open it.
        for table_id, model in list(session.tables.items()):
            if model.streams and table_id not in self.open_tables and self.app.stack.top is self:
                self.open_table(table_id)

    def handle(self, intent: Intent) -> bool:
        for button in self.top_buttons:
            if button.handle(intent):
                return True
        if self.table_list.scroll(intent):
            return True
        if self.phone_card and intent.kind == "tap" and self.phones_rect.collidepoint(intent.pos):
            self.open_phones()  # bigger, and a code for one seat
            return True
        if self.table_list.press(intent):
            return True
        if intent.kind == "back":
            self.disconnect()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.bar)
        pygame.draw.line(surface, theme.GOLD_DARK, self.bar.bottomleft, self.bar.bottomright, 1)
        theme.blit_text(
            surface,
            self.lobby.server_name or i18n._("Lobby"),
            lay.title,
            (lay.margin, self.bar.centery),
            theme.GOLD,
            True,
            "midleft",
        )
        title_w = theme.font(lay.title, True).size(self.lobby.server_name or i18n._("Lobby"))[0]
        name = self.app.settings.name
        right = self.top_buttons[0].rect.x - lay.margin
        # The player's name where the bar has room for it (large text may leave none).
        if right - theme.font(lay.body).size(name)[0] >= lay.margin * 2 + title_w:
            centre = (right, self.bar.centery)
            theme.blit_text(surface, name, lay.body, centre, theme.TEXT_DIM, anchor="midright")
        theme.blit_text(
            surface,
            i18n._("Lobby"),
            lay.body,
            (self.list_rect.x, self.list_rect.y),
            theme.TEXT,
            True,
        )
        if not self.lobby.tables:
            theme.blit_text(
                surface,
                i18n._("No tables yet — create one."),
                lay.body,
                (self.list_rect.centerx, self.list_rect.centery),
                theme.TEXT_DIM,
                anchor="center",
            )
        self.table_list.draw(surface)
        for button in self.top_buttons:
            button.draw(surface, lay.body)
        if self.phone_card:
            lobby_card(self.app, surface, self.phones_rect, lay)
        if self.has_standings and self.standings_rect.w and self.standings_rect.h > lay.title * 3:
            draw_panel(surface, self.standings_rect, lay, self.evening, self.app.settings.name)
        elif self.has_standings:
            self._draw_standing_line(surface)

    def _draw_standing_line(self, surface: pygame.Surface) -> None:
        """Narrow windows: this person's standing in one line beside the list's heading."""
        lay = self.layout
        line = standing_line(self.evening, self.app.settings.name)
        if not line:
            return
        heading = theme.font(lay.body, True).size(i18n._("Lobby"))[0] + lay.margin
        width = self.list_rect.w - heading
        shown = theme.fit_text(line, lay.body, width)
        at = (self.list_rect.right, self.list_rect.y)
        theme.blit_text(surface, shown, lay.body, at, theme.GOLD, anchor="topright")
