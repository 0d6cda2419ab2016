"""The lobby: the server's tables, a new-table dialog, taking a seat or watching, starting.

The lobby is also the waiting room: a table being filled shows its seats here, and the table
scene opens by itself once the server sends the first position of a table this client is at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.net.evening import Evening
from client.net.model import LobbyModel, TableInfo
from client.net.session import BOT_LEVELS
from client.scenes.dialogs import (
    ConfirmDialog,
    Dialog,
    MessageDialog,
    SeatNamesDialog,
    SettingsDialog,
)
from client.scenes.phones import PhonesDialog, lobby_card, phone_urls
from client.scenes.standings import RevealDialog, draw_panel, standing_line
from client.ui import theme
from client.ui.input import Intent
from client.ui.motifs import GAME_BOXES, motif
from client.ui.scene import Scene, Services
from client.ui.widgets import Button, Scroller, TextField, panel
from client.words import i18n
from shared.protocol import TABLE_NAME_LEN

if TYPE_CHECKING:
    from client.net.session import Session

TITLES = dict(GAME_BOXES)
STATUS_WORDS = {
    "waiting": i18n.N_("waiting"),
    "playing": i18n.N_("playing"),
    "over": i18n.N_("finished"),
}


def table_label(info: TableInfo) -> str:
    """A table as every lobby names it: its number, and its own name when it has one."""
    return f"#{info.id} · {info.name}" if info.name else f"#{info.id}"


def game_title(lobby: LobbyModel, game_id: str) -> str:
    for game in lobby.games:
        if game["id"] == game_id:
            return game["title"]
    return TITLES.get(game_id, game_id)


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
        self.scroller = Scroller()
        self.cards: list[tuple[pygame.Rect, TableInfo, list[Button]]] = []
        self.seen: Any = None
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
        self.cards_rect = pygame.Rect(
            self.list_rect.x,
            round(self.list_rect.y + lay.title * 1.2),
            self.list_rect.w,
            self.list_rect.bottom - round(self.list_rect.y + lay.title * 1.2),
        )
        self.seen: Any = None

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

    def _do(self, name: str, *args: Any) -> None:
        if self.actions is not None:
            getattr(self.actions, name)(*args)

    def sit(self, info: TableInfo, seat: int) -> None:
        if self._mine(info):
            # A second seat for this device: whoever will play it says their name.
            self.app.stack.push(
                SeatNamesDialog(
                    self.app, [seat], lambda names: self._do("join", info.id, seat, "", names[seat])
                )
            )
            return
        if info.password:
            self.app.stack.push(
                PasswordDialog(
                    self.app,
                    lambda pw: self._do("join", info.id, seat, pw),
                    i18n._("Sit here"),
                )
            )
        else:
            self._do("join", info.id, seat)

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
                lambda: self._do("close_table", info.id),
            )
        )

    def watch(self, info: TableInfo) -> None:
        if info.password:
            self.app.stack.push(
                PasswordDialog(self.app, lambda pw: self._do("watch", info.id, pw), i18n._("Watch"))
            )
        else:
            self._do("watch", info.id)

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
        if self.scroller.handle(intent):
            return True
        if self.phone_card and intent.kind == "tap" and self.phones_rect.collidepoint(intent.pos):
            self.open_phones()  # bigger, and a code for one seat
            return True
        for _rect, _info, buttons in self.cards:
            for button in buttons:
                # A card half under the bar or the list's edge takes taps only where it shows.
                pointed = intent.kind in ("tap", "hover", "long_press")
                if pointed and not self.cards_rect.collidepoint(intent.pos):
                    continue
                if button.handle(intent):
                    return True
        if intent.kind == "back":
            self.disconnect()
            return True
        return False

    def _mine(self, info: TableInfo) -> list[int]:
        if self.actions is None or info.id not in self.actions.tables:
            return []
        return self.actions.tables[info.id].mine

    def _cards_key(self) -> Any:
        """What the table cards depend on: rebuilt only when it changes (keeps hover state)."""
        held = {t: tuple(m.mine) for t, m in self.actions.tables.items()} if self.actions else {}
        return (
            self.lobby.revision,
            self.scroller.offset,
            self.layout.size,
            tuple(sorted(held.items())),
        )

    def _build_cards(self) -> None:
        """Cards for the tables in view only: a lobby of hundreds of tables stays quick."""
        lay = self.layout
        card_h = round(lay.body * 3.2 + lay.button_h * 1.2 + lay.margin)
        step = card_h + lay.margin // 2
        view = self.cards_rect
        self.scroller.set(view, len(self.lobby.tables) * step, step / 2)
        width = view.w - self.scroller.track().w - lay.margin // 2
        self.cards = []
        first = max(0, int(self.scroller.offset // step))
        for index in range(first, len(self.lobby.tables)):
            y = view.y + index * step - self.scroller.offset
            if y >= view.bottom:
                break
            info = self.lobby.tables[index]
            rect = pygame.Rect(view.x, round(y), width, card_h)
            self.cards.append((rect, info, self._card_buttons(rect, info)))

    def _sit_label(self, width: int) -> str:
        """An open seat's words: "+ Sit here", without the "+" where large text leaves no
        room for it in a button `width` px wide."""
        label = "+ " + i18n._("Sit here")
        room = width - self.layout.small
        return label if theme.font(self.layout.small, True).size(label)[0] <= room else label[2:]

    def _card_buttons(self, rect: pygame.Rect, info: TableInfo) -> list[Button]:
        lay = self.layout
        mine = self._mine(info)
        creator = self.actions is not None and self.actions.is_creator(info)
        buttons: list[Button] = []
        seat_w = max(
            lay.button_h * 3,
            round((rect.w - rect.h - lay.margin * 3) / max(4, len(info.seats))),
        )
        x = rect.x + rect.h
        y = rect.bottom - lay.margin // 2 - lay.button_h
        for seat in info.seats:
            label = seat.shown_name or self._sit_label(seat_w - lay.margin // 2)
            if seat.kind == "bot":
                label = seat.shown_name or i18n._("bot")
            button = Button(label, lambda s=seat.seat, i=info: self.sit(i, s))
            button.enabled = seat.kind == "open" and info.status != "over"
            button.selected = seat.seat in mine
            button.rect = pygame.Rect(x, y, seat_w - lay.margin // 2, lay.button_h)
            buttons.append(button)
            x += seat_w
        right = rect.right - lay.margin
        actions: list[Button] = []
        full = all(s.kind != "open" for s in info.seats)
        if creator and info.status == "waiting":
            start = Button(
                i18n._("Start"), lambda i=info: self._do("start_table", i.id), primary=True
            )
            start.enabled = full
            actions.append(start)
            if not full:
                seat = next(s.seat for s in info.seats if s.kind == "open")
                actions.append(
                    Button("+ " + i18n._("bot"), lambda i=info, s=seat: self._do("bot", i.id, s))
                )
        if mine and info.status == "waiting":
            actions.append(Button(i18n._("Leave"), lambda i=info: self._do("leave", i.id)))
        if info.status != "waiting" and info.id in (self.actions.tables if self.actions else {}):
            actions.append(
                Button(i18n._("Open table"), lambda i=info: self.open_table(i.id), primary=True)
            )
        elif not mine:
            actions.append(Button(i18n._("Watch"), lambda i=info: self.watch(i)))
        if creator and info.status != "over":
            actions.append(Button(i18n._("Close table"), lambda i=info: self.close_table(i)))
        for button in actions:
            w = theme.font(lay.body, True).size(button.label)[0] + lay.body * 2
            button.rect = pygame.Rect(0, 0, w, lay.button_h)
            button.rect.topright = (right, rect.y + lay.margin // 2)
            right -= w + lay.margin // 2
        return buttons + actions

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        key = self._cards_key()
        if key != self.seen:
            self._build_cards()
            self.seen = key
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
        clip = surface.get_clip()
        surface.set_clip(self.cards_rect)
        for rect, info, buttons in self.cards:
            self._draw_card(surface, rect, info, buttons)
        surface.set_clip(clip)
        self.scroller.draw(surface)
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

    def _draw_card(
        self, surface: pygame.Surface, rect: pygame.Rect, info: TableInfo, buttons: list[Button]
    ) -> None:
        lay = self.layout
        mine = self._mine(info)
        panel(surface, rect, lay.radius, alpha=230)
        if mine:
            pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=lay.radius)
        art = motif(info.game, rect.h - lay.margin)
        surface.blit(art, (rect.x + lay.margin // 2, rect.y + lay.margin // 2))
        x = rect.x + rect.h
        # The number and name, then the game, up to the card's buttons in the same row.
        top = [b.rect.x for b in buttons if b.rect.y < rect.y + lay.margin]
        room = min(top, default=rect.right) - lay.margin // 2 - x
        title = f"{table_label(info)} · {game_title(self.lobby, info.game)}"
        title = theme.fit_text(title, lay.body, room, True)
        theme.blit_text(surface, title, lay.body, (x, rect.y + lay.margin // 2), theme.TEXT, True)
        facts = [i18n._(STATUS_WORDS[info.status])]
        if info.host:
            facts.append(info.host)
        if info.spectators:
            facts.append(i18n._("{n} watching", n=info.spectators))
        if info.password:
            facts.append(i18n._("password"))
        theme.blit_text(
            surface,
            " · ".join(facts),
            lay.small,
            (x, rect.y + lay.margin // 2 + lay.body * 1.4),
            theme.TEXT_DIM,
        )
        for button in buttons:
            button.draw(surface, lay.small)


class PasswordDialog(Dialog):
    width = 0.4
    height = 0.32

    def __init__(self, app: Services, then: Any, action: str) -> None:
        """Ask for a locked table's password, then call `then(password)`; `action` labels the
        button that does it (Sit here, Watch)."""
        self.then = then
        self.field = TextField(placeholder=i18n._("Password"), secret=True, max_len=64)
        super().__init__(app, i18n._("This table has a password"))
        self.field.on_enter = self.ok
        self.field.focused = True
        self.buttons = [
            Button(i18n._("Cancel"), self.close),
            Button(action, self.ok, primary=True),
        ]
        self.resize(app.layout)

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        self.field.rect = pygame.Rect(self.body.x, self.body.y, self.body.w, layout.button_h)

    def ok(self) -> None:
        self.close()
        self.then(self.field.value)

    def handle(self, intent: Intent) -> bool:
        return self.field.handle(intent) or super().handle(intent)

    def frame_rate(self) -> float:
        return self.field.frame_rate()

    def draw_body(self, surface: pygame.Surface) -> None:
        self.field.draw(surface, self.layout.body, self.app.clock)


# A seat's menu, in this order: this device, a person elsewhere, then the bots.
SEAT_KINDS = ["me", "open", *BOT_LEVELS]
# Who plays for a player who drops out: nobody (the seat waits), or a bot of a level.
TAKEOVER_CHOICES: list[str | None] = [None, *BOT_LEVELS]
BOT_LEVEL_WORDS = {
    "basic": i18n.N_("bot (basic)"),
    "strong": i18n.N_("bot (strong)"),
    "random": i18n.N_("bot (random)"),
}

# The turn clocks a table may have (docs/protocol.md, `create`): none, per move, or chess.
CLOCK_CHOICES: list[tuple[dict[str, Any] | None, str]] = [
    (None, i18n.N_("none")),
    ({"kind": "move", "seconds": 30}, i18n.N_("30 s a move")),
    ({"kind": "move", "seconds": 60}, i18n.N_("1 min a move")),
    ({"kind": "move", "seconds": 120}, i18n.N_("2 min a move")),
    ({"kind": "chess", "seconds": 600, "increment": 10}, i18n.N_("10 min each + 10 s a move")),
]

# After how long a person's seat to act goes to a stand-in bot (create's `idle_takeover`).
IDLE_CHOICES: list[tuple[int | None, str]] = [
    (None, i18n.N_("off")),
    (60, i18n.N_("a bot after 1 min")),
    (180, i18n.N_("a bot after 3 min")),
    (600, i18n.N_("a bot after 10 min")),
]

# Names of the games' options; an option not named here shows its id words.
OPTION_NAMES: dict[str, str] = {
    "first_seat": i18n.N_("Who starts"),
    "grid": i18n.N_("Grid"),
    "quiet_time": i18n.N_("Knock-down after quiet seconds"),
    "sealed_first_auctioneer": i18n.N_("Sealed bids for the first auction"),
    "no-jokers": i18n.N_("Without jokers"),
    "joker-symmetry": i18n.N_("Jokers in mirrored pairs"),
    "profi": i18n.N_("Professional rules"),
}

# Options a game accepts for one player only (La Magie des Bijoux: with more, the grid follows the
# player count); the dialog offers them only in solitaire.
SOLITAIRE_OPTIONS = frozenset({"grid"})


class CreateTableDialog(Dialog):
    """Game, seats (each: me on this device, bot, or open for a person), options, password.

    A seat's button opens its menu (me / open / basic / strong / random) beside it; the lobby
    behind is dimmed so that nothing of it (the phones' QR code) shows through, and a stray tap
    outside closes neither the menu's dialog nor loses what was set up."""

    width = 0.72
    height = 0.86
    veil = 235
    closes_outside = False

    def __init__(
        self, app: Services, lobby: LobbyScene, games: list[dict[str, Any]], game: str | None
    ) -> None:
        self.lobby = lobby
        self.games = games
        ids = [g["id"] for g in games]
        self.game = games[ids.index(game)] if game in ids else games[0]
        self.kinds: list[str] = []
        self.options: dict[str, Any] = {}
        self.takeover: str | None = None
        self.undo = True
        self.clock = 0  # an index into CLOCK_CHOICES
        # Hints: None until chosen (the server's default: on, but off with a clock or at a
        # counted evening table); the idle limit's index into IDLE_CHOICES.
        self.hints: bool | None = None
        self.idle = 0
        self.password = TextField(
            placeholder=i18n._("Password (optional)"), secret=True, max_len=64
        )
        # What the lobbies show beside the table's number ("#3 · Family night").
        self.table_name = TextField(
            placeholder=i18n._("Table name (optional)"), max_len=TABLE_NAME_LEN
        )
        self.controls: list[tuple[str, Button]] = []
        # The seat whose menu is open, and the menu's choices.
        self.menu_seat: int | None = None
        self.menu: list[Button] = []
        super().__init__(app, i18n._("New table"))
        self.choose(self.game)

    def frame_rate(self) -> float:
        return max(self.password.frame_rate(), self.table_name.frame_rate())

    def choose(self, game: dict[str, Any]) -> None:
        self.game = game
        n = max(game["min_players"], min(game["max_players"], 2 if game["max_players"] >= 2 else 1))
        self.kinds = ["me"] + ["basic"] * (n - 1)
        self.options = {}
        self.build()

    def build(self) -> None:
        self.buttons = [
            Button(i18n._("Cancel"), self.close),
            Button(i18n._("Create table"), self.create, primary=True),
        ]
        controls: list[tuple[str, Button]] = []
        for g in self.games:
            button = Button(g["title"], lambda g=g: self.choose(g), selected=g is self.game)
            controls.append(("game", button))
        n = len(self.kinds)
        minus = Button("−", lambda: self.set_seats(n - 1))
        minus.enabled = n > self.game["min_players"]
        plus = Button("+", lambda: self.set_seats(n + 1))
        plus.enabled = n < self.game["max_players"]
        controls += [("count", minus), ("count", plus)]
        names = self.seat_words()
        for seat, kind in enumerate(self.kinds):
            seat_name = i18n._("Seat {n}", n=seat + 1)
            label = f"{seat_name}: {names[kind]}"
            button = Button(label + "  ▾", lambda s=seat: self.open_menu(s), selected=kind == "me")
            controls.append(("seat", button))
        for name, option in self.game["options"].items():
            if name in SOLITAIRE_OPTIONS and n > 1:
                continue
            value = self.options.get(name, option["default"])
            controls.append(
                (
                    f"option:{name}",
                    Button(self.option_label(name, value), lambda o=name: self.cycle_option(o)),
                )
            )
        shown = i18n._("off") if self.takeover is None else i18n._(BOT_LEVEL_WORDS[self.takeover])
        controls.append(
            (
                "option:takeover",
                Button(
                    i18n._("Bots stand in for absent players") + f": {shown}", self.cycle_takeover
                ),
            )
        )
        undo = i18n._("on") if self.undo else i18n._("off")
        clock = i18n._(CLOCK_CHOICES[self.clock][1])
        hints = i18n._("on") if self.hints_shown() else i18n._("off")
        idle = i18n._(IDLE_CHOICES[self.idle][1])
        controls += [
            ("option:undo", Button(i18n._("Undo") + f": {undo}", self.toggle_undo)),
            ("option:clock", Button(i18n._("Turn clock") + f": {clock}", self.cycle_clock)),
            ("option:hints", Button(i18n._("Hints") + f": {hints}", self.toggle_hints)),
            (
                "option:idle",
                Button(i18n._("Idle seats") + f": {idle}", self.cycle_idle),
            ),
        ]
        self.controls = controls
        self.resize(self.layout)

    def toggle_undo(self) -> None:
        self.undo = not self.undo
        self.build()

    def hints_shown(self) -> bool:
        """Hints as the table will have them: as chosen, else the server's default here (off
        with a turn clock)."""
        return self.hints if self.hints is not None else CLOCK_CHOICES[self.clock][0] is None

    def toggle_hints(self) -> None:
        self.hints = not self.hints_shown()
        self.build()

    def cycle_idle(self) -> None:
        self.idle = (self.idle + 1) % len(IDLE_CHOICES)
        self.build()

    def cycle_clock(self) -> None:
        self.clock = (self.clock + 1) % len(CLOCK_CHOICES)
        self.build()

    def cycle_takeover(self) -> None:
        index = TAKEOVER_CHOICES.index(self.takeover)
        self.takeover = TAKEOVER_CHOICES[(index + 1) % len(TAKEOVER_CHOICES)]
        self.build()

    def option_label(self, name: str, value: Any) -> str:
        title = i18n._(OPTION_NAMES[name]) if name in OPTION_NAMES else name.replace("_", " ")
        if name == "first_seat":
            shown = i18n._("random") if value is None else i18n._("Seat {n}", n=value + 1)
        elif value is True or value is False:
            shown = i18n._("on") if value else i18n._("off")
        elif value == "auto":
            shown = i18n._("auto")
        else:
            shown = str(value)
        return f"{title}: {shown}"

    def option_values(self, name: str) -> list[Any]:
        option = self.game["options"][name]
        if "choices" in option:
            return list(option["choices"])
        if option.get("type") == "bool":
            return [False, True]
        if name == "first_seat":
            return [None, *range(len(self.kinds))]
        lo, hi = option.get("min", 0), option.get("max", (option["default"] or 0) + 10)
        return list(range(lo, min(hi, lo + 30) + 1))

    def cycle_option(self, name: str) -> None:
        values = self.option_values(name)
        current = self.options.get(name, self.game["options"][name]["default"])
        index = values.index(current) if current in values else -1
        self.options[name] = values[(index + 1) % len(values)]
        self.build()

    def set_seats(self, n: int) -> None:
        n = max(self.game["min_players"], min(self.game["max_players"], n))
        self.kinds = (self.kinds + ["basic"] * n)[:n]
        if self.options.get("first_seat") is not None and self.options["first_seat"] >= n:
            self.options["first_seat"] = None
        if n > 1:
            for name in SOLITAIRE_OPTIONS:
                self.options.pop(name, None)
        self.build()

    def seat_words(self) -> dict[str, str]:
        return {
            "me": i18n._("me"),
            "open": i18n._("open for a person"),
            **{level: i18n._(BOT_LEVEL_WORDS[level]) for level in BOT_LEVELS},
        }

    def open_menu(self, seat: int) -> None:
        """Open seat `seat`'s menu: one tap there chooses what the seat is."""
        words = self.seat_words()
        current = self.kinds[seat]
        self.menu_seat = seat
        self.menu = [
            Button(words[kind], lambda k=kind: self.set_seat(seat, k), selected=kind == current)
            for kind in SEAT_KINDS
        ]
        self.place_menu()

    def close_menu(self) -> None:
        self.menu_seat = None
        self.menu = []

    def set_seat(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self.close_menu()
        self.build()

    def place_menu(self) -> None:
        """The menu's choices in a column under its seat's button (above it near the bottom)."""
        if self.menu_seat is None:
            return
        seats = [b for g, b in self.controls if g == "seat"]
        anchor = seats[self.menu_seat].rect
        lay = self.layout
        w = max(
            anchor.w,
            max(theme.font(lay.small, True).size(b.label)[0] for b in self.menu) + lay.small * 2,
        )
        h = lay.button_h * len(self.menu)
        x = min(anchor.x, self.rect.right - lay.margin // 2 - w)
        y = anchor.bottom + 2
        if y + h > self.rect.bottom - lay.margin // 2:
            y = anchor.y - 2 - h
        for i, button in enumerate(self.menu):
            button.rect = pygame.Rect(x, y + i * lay.button_h, w, lay.button_h)

    def menu_rect(self) -> pygame.Rect:
        return self.menu[0].rect.unionall([b.rect for b in self.menu[1:]])

    def create(self) -> None:
        options = {k: v for k, v in self.options.items() if v != self.game["options"][k]["default"]}
        self.close()
        here = [seat for seat, kind in enumerate(self.kinds) if kind == "me"]

        def create(names: dict[int, str]) -> None:
            if self.lobby.actions is not None:
                self.lobby.actions.create(
                    self.game["id"],
                    self.kinds,
                    options,
                    self.password.value,
                    self.takeover,
                    names,
                    undo=self.undo,
                    clock=CLOCK_CHOICES[self.clock][0],
                    hints=self.hints,
                    idle_takeover=IDLE_CHOICES[self.idle][0],
                    table_name=self.table_name.value,
                )

        if len(here) > 1:
            # Several people share this device: each seat gets its player's name.
            self.app.stack.push(SeatNamesDialog(self.app, here, create))
        else:
            create({})

    def resize(self, layout: theme.Layout) -> None:
        # Large text: the dialog takes the window's height, its buttons hug their words.
        large = layout.text_scale > 1
        self.height = 0.98 if large else CreateTableDialog.height
        super().resize(layout)
        lay = layout
        body = self.body
        bh = round(lay.small * 1.7) if large else lay.button_h
        y = body.y + lay.small * (1.15 if large else 1.3)
        x = body.x
        # Large text: the lines of the seats' hint closer, the buttons at the bottom lower.
        self.hint_step = 1.1 if large else 1.25
        self.button_height = bh
        self.layout_buttons()
        rows: dict[str, list[Button]] = {}
        for group, button in getattr(self, "controls", []):
            rows.setdefault(group.split(":")[0], []).append(button)
        self.labels: list[tuple[str, tuple[float, float]]] = []

        def flow(
            buttons: list[Button], y: float, width: int | None = None, pad: float = 2.0
        ) -> float:
            x = body.x
            for button in buttons:
                w = width or theme.font(lay.small, True).size(button.label)[0] + round(
                    lay.small * pad
                )
                if x + w > body.right and x > body.x:
                    x, y = body.x, y + bh + lay.margin // 3
                button.rect = pygame.Rect(x, round(y), w, bh)
                x += w + lay.margin // 3
            return y + bh + lay.margin * (0.3 if large else 0.6)

        self.labels.append((i18n._("Game"), (x, body.y)))
        y = flow(rows.get("game", []), y)
        self.labels.append((i18n._("Seats"), (x, y)))
        y = flow(
            rows.get("count", []),
            y + lay.small * (1.0 if large else 1.15),
            width=max(bh, lay.body * 2),
        )
        y = flow(rows.get("seat", []), y)
        self.hint_y = y
        y += lay.small * (self.hint_step * len(self.hint_lines(lay)) + (0 if large else 0.15))
        # The table's options, tighter: at 800×600 a game with variants fills the dialog.
        y = flow(rows.get("option", []), y, pad=1.2)
        self.password.rect = pygame.Rect(body.x, round(y), min(body.w, round(lay.w * 0.3)), bh)
        # The table's name in the title's row, at its right: the rows below are full at 800×600.
        title_end = self.rect.x + lay.margin * 2 + theme.font(lay.title, True).size(self.title)[0]
        name_w = min(round(lay.w * 0.3), body.right - title_end)
        self.table_name.rect = pygame.Rect(
            body.right - name_w, self.rect.y + lay.margin, name_w, bh
        )
        self.place_menu()

    def handle(self, intent: Intent) -> bool:
        if self.menu:
            # An open menu takes every tap: a choice, or anywhere else to close it unchanged.
            for button in self.menu:
                if button.handle(intent):
                    return True
            if intent.kind in ("tap", "back"):
                self.close_menu()
                return True
            if intent.kind != "hover":
                return True
        # Every field sees a tap (it takes or drops the focus); typing goes to the focused one.
        if any([field_.handle(intent) for field_ in (self.password, self.table_name)]):
            return True
        for _group, button in self.controls:
            if button.handle(intent):
                return True
        return super().handle(intent)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for text, pos in self.labels:
            theme.blit_text(surface, text, lay.small, pos, theme.TEXT_DIM)
        for _group, button in self.controls:
            button.draw(surface, lay.small)
        count = [b for g, b in self.controls if g == "count"]
        if count:
            theme.blit_text(
                surface,
                str(len(self.kinds)),
                lay.body,
                (count[-1].rect.right + lay.margin, count[-1].rect.centery),
                theme.TEXT,
                True,
                "midleft",
            )
        for i, line in enumerate(self.hint_lines(lay)):
            pos = (self.body.x, self.hint_y + i * lay.small * self.hint_step)
            theme.blit_text(surface, line, lay.small, pos, theme.TEXT_DIM)
        self.password.draw(surface, lay.body, self.app.clock)
        self.table_name.draw(surface, lay.body, self.app.clock)

    def hint_lines(self, lay: theme.Layout) -> list[str]:
        """The seats' hint, wrapped to the dialog (two lines at most)."""
        hint = i18n._(
            "Tap a seat to choose who plays it. “me” seats are played on this device (hot-seat)."
        )
        return theme.wrap(hint, lay.small, self.body.w)[:2]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout
        if self.menu:  # over everything of the dialog, its Cancel and Create too
            box = self.menu_rect().inflate(lay.margin // 2, lay.margin // 2)
            panel(surface, box, lay.radius, alpha=250)
            pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=lay.radius)
            for button in self.menu:
                button.draw(surface, lay.small)
