"""The start screen: four game boxes, the servers heard on the LAN, an address field, Host.

Servers appear with a fade as zeroconf hears them and fade away when they leave. "Host a game"
starts a server inside the client (advertised on the LAN) and connects to it; a tap on a game
box does the same and opens the new-table dialog for that game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.net.model import ServerInfo
from client.scenes.dialogs import ConfirmDialog, SettingsDialog
from client.scenes.lesson import LessonPicker, lesson_games
from client.ui import theme
from client.ui.gems import draw_gem
from client.ui.input import Intent
from client.ui.motifs import GAME_BOXES, motif
from client.ui.scene import Scene, Services
from client.ui.widgets import Button, TextField, panel
from client.words import i18n
from shared import engine
from shared.protocol import DEFAULT_PORT


@dataclass
class ServerRow:
    key: str
    info: ServerInfo
    alpha: float = 0.0
    leaving: bool = False
    rect: pygame.Rect | None = None


def parse_address(text: str) -> tuple[str, int] | None:
    """`host` or `host:port` (IPv4 or a name); None if it is not one."""
    text = text.strip()
    if not text or " " in text:
        return None
    host, sep, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not sep:
        return text, DEFAULT_PORT
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


class StartScene(Scene):
    def __init__(
        self, app: Services, interface: list[str] | None = None, browse: bool = True
    ) -> None:
        super().__init__(app)
        self.interfaces = list(interface or [])
        self.rows: list[ServerRow] = []
        self.status = ""
        # Waiting for the hosted server to listen / for the connection's welcome.
        self.hosting = False
        self.connecting = False
        # The server of the latest connect, to take over there after asking.
        self.target: tuple[str, int] = ("", 0)
        self.pending_game: str | None = None
        # "Learn to play": the game whose lesson opens once the hosted server is there.
        self.pending_lesson: str | None = None
        self.address = TextField(
            placeholder=i18n._("host:port, e.g. 192.168.1.20"), on_enter=self.connect_typed
        )
        self.browser = None
        if browse:
            from client.net.discovery import LanBrowser

            self.browser = LanBrowser(self.interfaces).start()
            app.closers.append(self.browser.stop)
        self.relabel()

    # ------------------------------------------------------------------ layout
    def relabel(self) -> None:
        self.address.placeholder = i18n._("host:port, e.g. 192.168.1.20")
        self.connect_button = Button(i18n._("Connect"), self.connect_typed)
        self.host_button = Button(i18n._("Host a game"), self.host, primary=True)
        self.settings_button = Button(i18n._("Settings"), self.open_settings)
        self.quit_button = Button(i18n._("Quit"), self.quit)
        self.replays_button = Button(i18n._("Replays"), self.open_replays)
        self.learn_button = Button(i18n._("Learn to play"), self.open_lessons)
        self.boxes = []
        for game_id, title in GAME_BOXES:
            known = game_id in engine.list_games()
            self.boxes.append((game_id, title, known))
        self.resize(self.layout)

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        lay = layout
        self.header = pygame.Rect(
            lay.margin, lay.margin, lay.w - 2 * lay.margin, round(lay.huge * 1.9)
        )
        top = self.header.bottom + lay.margin
        left_w = round((lay.w - 3 * lay.margin) * 0.58)
        self.games_rect = pygame.Rect(lay.margin, top, left_w, lay.h - top - lay.margin)
        self.side = pygame.Rect(
            self.games_rect.right + lay.margin,
            top,
            lay.w - left_w - 3 * lay.margin,
            lay.h - top - lay.margin,
        )
        gap = lay.margin
        tile_w = (self.games_rect.w - gap) // 2
        tile_h = min((self.games_rect.h - gap) // 2, round(tile_w * 1.0))
        self.tiles = []
        for i in range(4):
            r, c = divmod(i, 2)
            self.tiles.append(
                pygame.Rect(
                    self.games_rect.x + c * (tile_w + gap),
                    self.games_rect.y + r * (tile_h + gap),
                    tile_w,
                    tile_h,
                )
            )
        side = self.side
        bh = lay.button_h
        # Settings and Quit share the bottom row in halves, or (large text) each as wide as
        # its word needs.
        needs = [
            theme.font(lay.body, True).size(b.label)[0] + round(lay.body * 1.2)
            for b in (self.settings_button, self.quit_button)
        ]
        settings_w = quit_w = round(side.w * 0.48)
        if max(needs) > settings_w and sum(needs) <= side.w - lay.margin // 2:
            settings_w = round(needs[0] * (side.w - lay.margin // 2) / sum(needs))
            quit_w = side.w - settings_w - lay.margin // 2
        self.quit_button.rect = pygame.Rect(0, 0, quit_w, bh)
        self.quit_button.rect.bottomright = side.bottomright
        self.settings_button.rect = pygame.Rect(0, 0, settings_w, bh)
        self.settings_button.rect.bottomleft = side.bottomleft
        # Kept games, under the player's name in the header.
        replays_w = theme.font(lay.body, True).size(self.replays_button.label)[0] + lay.body * 2
        self.replays_button.rect = pygame.Rect(0, 0, replays_w, round(bh * 0.9))
        self.replays_button.rect.bottomright = self.header.bottomright
        self.host_button.rect = pygame.Rect(
            side.x,
            self.settings_button.rect.y - lay.margin - round(bh * 1.2),
            side.w,
            round(bh * 1.2),
        )
        self.learn_button.rect = pygame.Rect(
            side.x, self.host_button.rect.y - lay.margin // 2 - bh, side.w, bh
        )
        field_y = self.learn_button.rect.y - lay.margin - bh
        connect_w = theme.font(lay.body, True).size(self.connect_button.label)[0] + lay.body * 2
        self.connect_button.rect = pygame.Rect(side.right - connect_w, field_y, connect_w, bh)
        self.address.rect = pygame.Rect(side.x, field_y, side.w - connect_w - lay.margin // 2, bh)
        self.list_rect = pygame.Rect(
            side.x, side.y, side.w, field_y - side.y - lay.margin - lay.body * 1.5
        )

    # ------------------------------------------------------------------ discovery
    def server_found(self, info: ServerInfo, key: str | None = None) -> None:
        key = key or f"{info.host}:{info.port}"
        for row in self.rows:
            if row.key == key:
                row.info, row.leaving = info, False
                self.app.animator.animate(row, 0.3, alpha=255.0)
                return
        row = ServerRow(key, info)
        self.rows.append(row)
        self.app.animator.animate(row, 0.4, alpha=255.0)

    def server_lost(self, key: str) -> None:
        for row in self.rows:
            if row.key == key and not row.leaving:
                row.leaving = True
                self.app.animator.animate(
                    row, 0.4, alpha=0.0, on_finished=lambda r=row: self._drop(r)
                )

    def _drop(self, row: ServerRow) -> None:
        if row.leaving and row in self.rows:
            self.rows.remove(row)

    # ------------------------------------------------------------------ actions
    def connect(self, host: str, port: int, take_over: bool = False) -> None:
        """Connect with the token kept for this server; `take_over` moves its seats here from
        another window that holds them (asked first: see `update`)."""
        from client.net.session import Session

        if self.app.session is not None:
            self.app.session.close()
        address = f"{host}:{port}"
        token = (self.app.settings.tokens or {}).get(address)
        self.target = (host, port)
        self.app.session = Session(host, port, self.app.settings.name, token, take_over).start()
        self.status = i18n._("Connecting to {address}…", address=address)
        self.connecting = True

    def connect_typed(self) -> None:
        parsed = parse_address(self.address.value)
        if parsed is None:
            self.app.toasts.show(i18n._("Type an address like 192.168.1.20 or 192.168.1.20:7766"))
            return
        self.connect(*parsed)

    def host(self, game: str | None = None) -> None:
        from client.net.host import LocalServer

        if self.app.host_server is None:
            name = f"{self.app.settings.name} · Jewel Table"
            self.app.host_server = LocalServer(name, self.interfaces).start()
        self.pending_game = game
        self.hosting = True
        self.status = i18n._("Starting a server on this computer…")

    def open_lessons(self) -> None:
        """The game picker of "Learn to play"."""
        if lesson_games():
            self.app.stack.push(LessonPicker(self.app, self.learn))

    def learn(self, game: str) -> None:
        """A lesson of `game`, at a server started on this computer."""
        self.pending_lesson = game
        self.host()

    def open_settings(self) -> None:
        self.app.stack.push(SettingsDialog(self.app))

    def open_replays(self) -> None:
        """The games kept on this computer (by a server hosted here) and game files."""
        from client.scenes.replay import open_local_replays

        open_local_replays(self.app)

    def quit(self) -> None:
        self.app.running = False

    # ------------------------------------------------------------------ frame
    def handle(self, intent: Intent) -> bool:
        if self.address.handle(intent):
            return True
        for button in (
            self.connect_button,
            self.host_button,
            self.learn_button,
            self.settings_button,
            self.replays_button,
            self.quit_button,
        ):
            if button.handle(intent):
                return True
        if intent.kind == "tap":
            for row in self.rows:
                if row.rect is not None and row.rect.collidepoint(intent.pos) and not row.leaving:
                    self.connect(row.info.host, row.info.port)
                    return True
            for rect, (game_id, _title, known) in zip(self.tiles, self.boxes, strict=True):
                if rect.collidepoint(intent.pos) and known:
                    self.host(game_id)
                    return True
        if intent.kind == "back":
            self.quit()
            return True
        return False

    def frame_rate(self) -> float:
        # "Looking for servers..." counts its dots twice a second.
        return max(self.address.frame_rate(), 0.0 if self.rows else 4.0)

    def update(self, dt: float) -> None:
        if self.browser is not None:
            for change, key, info in self.browser.poll():
                if change == "found" and info is not None:
                    self.server_found(info, key)
                else:
                    self.server_lost(key)
        local = self.app.host_server
        if local is not None and local.ready and self.hosting:
            self.hosting = False
            if local.error:
                self.app.toasts.show(
                    i18n._("Could not start a server: {reason}", reason=local.error)
                )
                self.app.host_server = None
                self.status = ""
            else:
                self.connect(local.host, local.port)
        session = self.app.session
        if session is None or not self.connecting:
            return
        if session.connected and session.lobby.revision:
            from client.scenes.lobby import LobbyScene

            lobby = LobbyScene(
                self.app,
                session.lobby,
                session,
                create_game=self.pending_game,
                learn_game=self.pending_lesson,
            )
            self.status, self.connecting, self.pending_game = "", False, None
            self.pending_lesson = None
            self.app.stack.push(lobby)
        elif session.state == "closed" and session.code == "in_use":
            self.app.session = None
            self.status, self.connecting = "", False
            host, port = self.target
            self.app.stack.push(
                ConfirmDialog(
                    self.app,
                    i18n._("Your seats are open in another window"),
                    i18n._(
                        "Another window (or another device with your name) holds your seats "
                        "at this server. Take them over here? The other window will be told."
                    ),
                    i18n._("Take over"),
                    lambda: self.connect(host, port, take_over=True),
                )
            )
        elif session.state == "closed":
            self.app.toasts.show(
                i18n._("Could not connect: {reason}", reason=session.reason or "?")
            )
            self.app.session = None
            self.status, self.connecting = "", False

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        self._draw_header(surface)
        for rect, (game_id, title, known) in zip(self.tiles, self.boxes, strict=True):
            self._draw_tile(surface, rect, game_id, title, known)
        panel(surface, self.list_rect.inflate(lay.margin, lay.margin), lay.radius)
        theme.blit_text(
            surface,
            i18n._("Tables on your network"),
            lay.body,
            (self.list_rect.x, self.list_rect.y),
            theme.GOLD,
            True,
        )
        self._draw_servers(surface)
        theme.blit_text(
            surface,
            theme.fit_text(self.status, lay.small, self.side.w),
            lay.small,
            (self.side.x, self.address.rect.y - lay.small * 1.5),
            theme.TEXT_DIM,
        )
        self.address.draw(surface, lay.body, self.app.clock)
        for button in (
            self.connect_button,
            self.host_button,
            self.learn_button,
            self.settings_button,
            self.replays_button,
            self.quit_button,
        ):
            button.draw(surface, lay.body)

    def _draw_header(self, surface: pygame.Surface) -> None:
        lay = self.layout
        r = lay.huge * 0.55
        draw_gem(surface, "diamond", (self.header.x + r, self.header.y + lay.huge * 0.7), r * 2.2)
        x = self.header.x + r * 2.4
        theme.blit_text(
            surface, i18n._("Jewel Table"), lay.huge, (x, self.header.y), theme.GOLD, True
        )
        theme.blit_text(
            surface,
            i18n._("Four jewel games at one table"),
            lay.body,
            (x + 2, self.header.y + lay.huge * 1.2),
            theme.TEXT_DIM,
        )
        theme.blit_text(
            surface,
            self.app.settings.name,
            lay.body,
            (self.header.right, self.header.y + lay.body * 0.4),
            theme.TEXT,
            True,
            "topright",
        )

    def _draw_tile(
        self, surface: pygame.Surface, rect: pygame.Rect, game_id: str, title: str, known: bool
    ) -> None:
        lay = self.layout
        theme.shadowed_rect(surface, rect, theme.PANEL, lay.radius, lift=3, border=theme.GOLD_DARK)
        inner = rect.inflate(-lay.margin, -lay.margin)
        pygame.draw.rect(surface, theme.GOLD_DARK, inner, 1, border_radius=lay.radius)
        label_h = lay.body * 3
        size = max(16, min(inner.w, inner.h - label_h))
        art = motif(game_id, size)
        if not known:
            art = art.copy()
            art.set_alpha(90)
        surface.blit(art, art.get_rect(midtop=(inner.centerx, inner.y)))
        # A long title that does not fit in bold is set in the regular weight, then (large
        # text) on two lines, before it is cut.
        room = inner.w - lay.margin
        bold = theme.font(lay.body, True).size(title)[0] <= room
        lines = [title]
        if theme.font(lay.body, bold).size(title)[0] > room:
            lines = theme.wrap(title, lay.body, room, bold=True)[:2]
            bold = all(theme.font(lay.body, True).size(line)[0] <= room for line in lines)
        colour = theme.TEXT if known else theme.TEXT_DIM
        bottom = inner.bottom - lay.small * 1.6
        for i, line in enumerate(reversed(lines)):
            theme.blit_text(
                surface,
                theme.fit_text(line, lay.body, room, bold=bold),
                lay.body,
                (inner.centerx, bottom - i * lay.body * 1.15),
                colour,
                bold,
                "midbottom",
            )
        if known:
            game = engine.get_game(game_id)
            line = i18n._("{lo}–{hi} players", lo=game.min_players, hi=game.max_players)
            theme.blit_text(
                surface,
                line,
                lay.small,
                (inner.centerx, inner.bottom - lay.small * 0.3),
                theme.TEXT_DIM,
                anchor="midbottom",
            )

    def _draw_servers(self, surface: pygame.Surface) -> None:
        lay = self.layout
        y = self.list_rect.y + lay.body * 1.8
        if not self.rows:
            dots = "." * (1 + int(self.app.clock * 2) % 3)
            text = i18n._("Looking for servers…").rstrip("…") + dots
            theme.blit_text(surface, text, lay.small, (self.list_rect.x, y), theme.TEXT_DIM)
        titles = {g: t for g, t in GAME_BOXES}
        for row in self.rows:
            games = ", ".join(titles.get(g, g) for g in row.info.games)
            line = i18n.ngettext(
                "{n} open table · {games}",
                "{n} open tables · {games}",
                row.info.open_tables,
                games=games,
            )
            # The facts wrap between themselves (then between words) rather than being cut.
            lines = theme.wrap_facts(line, lay.small, self.list_rect.w - lay.body)
            row_h = round(lay.body * 1.4 + lay.small * (0.5 + 1.3 * len(lines)))
            rect = pygame.Rect(self.list_rect.x, round(y), self.list_rect.w, row_h)
            row.rect = rect
            if rect.bottom > self.list_rect.bottom:
                break
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                box, (*theme.TABLE_LIGHT, 255), box.get_rect(), border_radius=lay.radius
            )
            pygame.draw.rect(
                box, (*theme.GOLD_DARK, 255), box.get_rect(), 1, border_radius=lay.radius
            )
            name = theme.fit_text(row.info.name, lay.body, rect.w - lay.body, bold=True)
            box.blit(
                theme.text(name, lay.body, theme.TEXT, True), (lay.body // 2, lay.small * 0.35)
            )
            for i, part in enumerate(lines):
                part = theme.fit_text(part, lay.small, rect.w - lay.body)
                box.blit(
                    theme.text(part, lay.small, theme.TEXT_DIM),
                    (lay.body // 2, lay.small * (0.5 + 1.3 * i) + lay.body * 1.2),
                )
            box.set_alpha(round(row.alpha))
            surface.blit(box, rect)
            y += row_h + lay.margin // 2
