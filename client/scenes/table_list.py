"""The lobby's list of tables: a card per table in view, each with its seats and what this
client may do there (sit, watch, start, add a bot, open, close), scrolled inside the list.

`TableList` holds its own state — the scroller, the cards built and what they were built from —
and asks the lobby (`Seating`) to do what a card's button means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from client.net.model import LobbyModel, TableInfo
from client.ui import theme
from client.ui.input import Intent
from client.ui.motifs import GAME_BOXES, motif
from client.ui.widgets import Button, Scroller, panel
from client.words import i18n

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


def seats_held(actions: Session | None, info: TableInfo) -> list[int]:
    """The seats of table `info` this client holds."""
    if actions is None or info.id not in actions.tables:
        return []
    return actions.tables[info.id].mine


class Seating(Protocol):
    """What a card's buttons ask of the lobby."""

    def sit(self, info: TableInfo, seat: int) -> None: ...

    def watch(self, info: TableInfo) -> None: ...

    def open_table(self, table_id: int) -> None: ...

    def close_table(self, info: TableInfo) -> None: ...

    def do(self, name: str, *args: Any) -> None:
        """Send the session's `name` request with `args` (nothing without a session)."""
        ...


class TableList:
    """The cards of the lobby's tables, in the rect `place` gives them."""

    def __init__(
        self, lobby: LobbyModel, actions: Session | None, seating: Seating, layout: theme.Layout
    ) -> None:
        self.lobby = lobby
        self.actions = actions
        self.seating = seating
        self.scroller = Scroller()
        self.cards: list[tuple[pygame.Rect, TableInfo, list[Button]]] = []
        self.seen: Any = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.layout = layout

    def place(self, rect: pygame.Rect, layout: theme.Layout) -> None:
        """The cards scroll inside `rect`; built again at the next draw."""
        self.rect = rect
        self.layout = layout
        self.seen = None

    def scroll(self, intent: Intent) -> bool:
        """A scroll, a drag or a tap on the track moves the list."""
        return self.scroller.handle(intent)

    def press(self, intent: Intent) -> bool:
        """A card's button, where the card shows."""
        for _rect, _info, buttons in self.cards:
            for button in buttons:
                # A card half under the bar or the list's edge takes taps only where it shows.
                pointed = intent.kind in ("tap", "hover", "long_press")
                if pointed and not self.rect.collidepoint(intent.pos):
                    continue
                if button.handle(intent):
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The cards in view, clipped to the list, and its scroll bar."""
        key = self._cards_key()
        if key != self.seen:
            self._build_cards()
            self.seen = key
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for rect, info, buttons in self.cards:
            self._draw_card(surface, rect, info, buttons)
        surface.set_clip(clip)
        self.scroller.draw(surface)

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
        view = self.rect
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
        mine = seats_held(self.actions, info)
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
            button = Button(label, lambda s=seat.seat, i=info: self.seating.sit(i, s))
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
                i18n._("Start"), lambda i=info: self.seating.do("start_table", i.id), primary=True
            )
            start.enabled = full
            actions.append(start)
            if not full:
                seat = next(s.seat for s in info.seats if s.kind == "open")
                actions.append(
                    Button(
                        "+ " + i18n._("bot"), lambda i=info, s=seat: self.seating.do("bot", i.id, s)
                    )
                )
        if mine and info.status == "waiting":
            actions.append(Button(i18n._("Leave"), lambda i=info: self.seating.do("leave", i.id)))
        if info.status != "waiting" and info.id in (self.actions.tables if self.actions else {}):
            actions.append(
                Button(
                    i18n._("Open table"), lambda i=info: self.seating.open_table(i.id), primary=True
                )
            )
        elif not mine:
            actions.append(Button(i18n._("Watch"), lambda i=info: self.seating.watch(i)))
        if creator and info.status != "over":
            actions.append(
                Button(i18n._("Close table"), lambda i=info: self.seating.close_table(i))
            )
        for button in actions:
            w = theme.font(lay.body, True).size(button.label)[0] + lay.body * 2
            button.rect = pygame.Rect(0, 0, w, lay.button_h)
            button.rect.topright = (right, rect.y + lay.margin // 2)
            right -= w + lay.margin // 2
        return buttons + actions

    def _draw_card(
        self, surface: pygame.Surface, rect: pygame.Rect, info: TableInfo, buttons: list[Button]
    ) -> None:
        lay = self.layout
        mine = seats_held(self.actions, info)
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
