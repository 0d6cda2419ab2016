"""The lobby's New-table dialog: the game, its seats (me on this device, a bot, or open for a
person), its options and password, and the table's name, sent as one `create`.

The dialog keeps what is being set up; it asks the lobby it was opened from only for the
session that creates the table (`Creator`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from client.net.session import BOT_LEVELS
from client.scenes.dialogs import Dialog, SeatNamesDialog
from client.ui import theme
from client.ui.input import Intent
from client.ui.scene import Services
from client.ui.widgets import Button, TextField, panel
from client.words import i18n
from shared.protocol import TABLE_NAME_LEN

if TYPE_CHECKING:
    from client.net.session import Session


class Creator(Protocol):
    """What the dialog needs of the lobby that opened it: the session that creates the table
    (None in a lobby without a server)."""

    actions: Session | None


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
        self, app: Services, lobby: Creator, games: list[dict[str, Any]], game: str | None
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
