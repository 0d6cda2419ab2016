"""Overlays drawn over the scene beneath: the base dialog, rules help, settings, a message, the
seats' names on a shared device, a locked table's password."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.ui import theme
from client.ui.input import Intent
from client.ui.scene import Scene, Services
from client.ui.settings import TEXT_SIZES
from client.ui.widgets import Button, Scroller, TextField, panel
from client.words import i18n


class Dialog(Scene):
    """A centred panel over a dimmed screen; Esc or a tap outside closes it."""

    opaque = False
    width = 0.6
    height = 0.7
    # How dark the screen behind gets (0–255), and whether a tap outside closes the dialog.
    veil = 140
    closes_outside = True
    # The height of the buttons at the bottom (None: the layout's button height).
    button_height: int | None = None

    def __init__(self, app: Services, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.buttons: list[Button] = []
        self.fade = {"a": 0.0}
        app.animator.animate(self.fade, 0.2, a=1.0)
        self.resize(app.layout)

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        # Large text widens a dialog (the window's edge still bounds it).
        width = self.width * layout.text_scale if layout.text_scale > 1 else self.width
        w = max(min(layout.w - 2 * layout.margin, 340), round(layout.w * width))
        h = max(min(layout.h - 2 * layout.margin, 300), round(layout.h * self.height))
        self.rect = pygame.Rect(
            0, 0, min(w, layout.w - 2 * layout.margin), min(h, layout.h - 2 * layout.margin)
        )
        self.rect.center = (layout.w // 2, layout.h // 2)
        self.body = self.rect.inflate(-layout.margin * 2, -layout.margin * 2)
        self.body.y += layout.title + layout.margin // 2
        self.body.h -= layout.title + layout.margin // 2
        self.layout_buttons()

    def layout_buttons(self) -> None:
        """Lay the buttons out in a row at the bottom of the panel, right to left; a button
        with no room left in its row (large text) starts a row above."""
        lay = self.layout
        right = self.rect.right - lay.margin
        x, bottom = right, self.rect.bottom - lay.margin
        for button in reversed(self.buttons):
            w = max(
                lay.button_h * 3, theme.font(lay.body, True).size(button.label)[0] + lay.body * 2
            )
            w = min(w, self.rect.w - lay.margin * 2)
            h = self.button_height or lay.button_h
            if x - w < self.rect.x + lay.margin and x < right:
                x, bottom = right, bottom - h - lay.margin // 2
            button.rect = pygame.Rect(0, 0, w, h)
            button.rect.bottomright = (x, bottom)
            x -= w + lay.margin // 2

    def close(self) -> None:
        self.app.stack.pop(self)

    def handle(self, intent: Intent) -> bool:
        for button in self.buttons:
            if button.handle(intent):
                return True
        if intent.kind == "back":
            self.close()
            return True
        if intent.kind == "tap" and not self.rect.collidepoint(intent.pos):
            if self.closes_outside:
                self.close()
            return True
        return intent.kind in ("tap", "drag_start", "drag", "drop", "zoom", "scroll", "confirm")

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, round(self.veil * self.fade["a"])))
        surface.blit(veil, (0, 0))
        panel(surface, self.rect, lay.radius, alpha=245)
        # A long title (large text) steps down toward body size before it is shortened.
        room = self.rect.w - lay.margin * 2
        size = lay.title
        while size > lay.body and theme.font(size, True).size(self.title)[0] > room:
            size -= 1
        theme.blit_text(
            surface,
            theme.fit_text(self.title, size, room, bold=True),
            size,
            (self.rect.x + lay.margin, self.rect.y + lay.margin + (lay.title - size) // 2),
            theme.GOLD,
            bold=True,
        )
        self.draw_body(surface)
        for button in self.buttons:
            button.draw(surface, lay.body)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Draw the dialog's content inside `self.body`."""


class TextDialog(Dialog):
    """Paragraphs of text (the rules), scrolled with the wheel or a drag."""

    width = 0.7
    height = 0.8

    def __init__(self, app: Services, title: str, body: str) -> None:
        self.text = body
        self.scroller = Scroller()
        super().__init__(app, title)
        self.buttons = [Button(i18n._("Close"), self.close, primary=True)]
        self.layout_buttons()

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        area = self.body.copy()
        area.h -= layout.button_h + layout.margin
        self.lines = self._lines(area.w - layout.body)
        step = round(layout.body * 1.4)
        height = sum(step if line is not None else step // 2 for line in self.lines)
        self.scroller.set(area, height, step)

    def _lines(self, width: int) -> list[str | None]:
        """The wrapped lines; None between paragraphs."""
        out: list[str | None] = []
        for paragraph in self.text.split("\n"):
            out += theme.wrap(paragraph, self.layout.body, width)
            out.append(None)
        return out

    def handle(self, intent: Intent) -> bool:
        return self.scroller.handle(intent) or super().handle(intent)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = lay.body
        area = self.scroller.view
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.scroller.offset
        step = round(size * 1.4)
        for line in self.lines:
            if line is None:
                y += step // 2
                continue
            if area.y - step < y < area.bottom:
                theme.blit_text(surface, line, size, (area.x, y), theme.TEXT)
            y += step
        surface.set_clip(clip)
        self.scroller.draw(surface)


class MessageDialog(TextDialog):
    width = 0.5
    height = 0.4


class ConfirmDialog(MessageDialog):
    """A question with Cancel and the action's own word; `then` runs only on that word."""

    def __init__(
        self, app: Services, title: str, body: str, action: str, then: Callable[[], None]
    ) -> None:
        self.then = then
        super().__init__(app, title, body)
        self.buttons = [
            Button(i18n._("Cancel"), self.close),
            Button(action, self.confirm, primary=True),
        ]
        self.layout_buttons()

    def confirm(self) -> None:
        self.close()
        self.then()


# The sound volumes a tap on the volume button steps through.
VOLUMES = (0.25, 0.5, 0.7, 1.0)


class SettingsDialog(Dialog):
    """Name, language, table display (large type, no controls), fullscreen and sound."""

    width = 0.55
    height = 0.78

    def __init__(self, app: Services, on_close: Callable[[], None] | None = None) -> None:
        self.on_close = on_close
        self.name = TextField(app.settings.name, i18n._("Your name"), max_len=32)
        super().__init__(app, i18n._("Settings"))
        self.rows: list[tuple[str, Button]] = []
        self.build()

    def build(self) -> None:
        s = self.app.settings
        onoff = {True: i18n._("on"), False: i18n._("off")}
        self.title = i18n._("Settings")
        self.rows = [
            (i18n._("Language"), Button(i18n.LANGUAGES[s.language], self.next_language)),
            (
                i18n._("Table display (large type, no controls)"),
                Button(onoff[s.table_display], self.toggle_display),
            ),
            (
                i18n._("Fullscreen (F11)"),
                Button(onoff[s.fullscreen], self.app.toggle_fullscreen),
            ),
            (i18n._("Sound"), Button(onoff[not s.muted], self.toggle_sound)),
            (
                i18n._("Volume"),
                Button(i18n._("{n}%", n=round(s.volume * 100)), self.next_volume),
            ),
            (i18n._("Reduce motion"), Button(onoff[s.reduce_motion], self.toggle_motion)),
            (i18n._("Text size"), Button(i18n._("{n}%", n=s.text_size), self.next_text_size)),
        ]
        self.buttons = [Button(i18n._("Done"), self.close, primary=True)]
        self.resize(self.layout)

    def resize(self, layout: theme.Layout) -> None:
        # Large text: the dialog takes more of the window, its rows closer together.
        self.height = SettingsDialog.height if layout.text_scale == 1 else 0.96
        super().resize(layout)
        row_h = layout.button_h if layout.text_scale == 1 else round(layout.body * 1.75)
        gap = layout.margin // 2 if layout.text_scale == 1 else layout.margin // 4
        y = self.body.y + layout.body * 1.4
        self.name.rect = pygame.Rect(self.body.x, round(y), self.body.w, row_h)
        y += row_h + gap * 2
        for _label, button in getattr(self, "rows", []):
            button.rect = pygame.Rect(0, 0, round(self.body.w * 0.3), row_h)
            button.rect.topright = (self.body.right, round(y))
            y += row_h + gap

    def frame_rate(self) -> float:
        return self.name.frame_rate()

    def next_language(self) -> None:
        codes = list(i18n.LANGUAGES)
        s = self.app.settings
        s.language = codes[(codes.index(s.language) + 1) % len(codes)]
        self.app.apply_settings()
        self.build()

    def toggle_display(self) -> None:
        self.app.settings.table_display = not self.app.settings.table_display
        self.app.apply_settings()
        self.build()

    def toggle_motion(self) -> None:
        self.app.settings.reduce_motion = not self.app.settings.reduce_motion
        self.app.apply_settings()
        self.build()

    def next_text_size(self) -> None:
        """The next larger text size (after the largest, the smallest); every scene reflows."""
        s = self.app.settings
        s.text_size = TEXT_SIZES[(TEXT_SIZES.index(s.text_size) + 1) % len(TEXT_SIZES)]
        self.app.apply_settings()
        self.build()

    def toggle_sound(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self.app.sounds.play("tap")
        self.build()

    def next_volume(self) -> None:
        """The next louder volume (after the loudest, the softest); a tap lets it be heard."""
        s = self.app.settings
        s.volume = next((v for v in VOLUMES if v > s.volume + 0.01), VOLUMES[0])
        s.muted = False
        self.app.sounds.play("tap")
        self.build()

    def close(self) -> None:
        name = self.name.value.strip()
        if name:
            self.app.settings.name = name[:32]
        self.app.settings.save()
        super().close()
        if self.on_close is not None:
            self.on_close()

    def handle(self, intent: Intent) -> bool:
        if self.name.handle(intent):
            return True
        for _label, button in self.rows:
            if button.handle(intent):
                return True
        return super().handle(intent)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.blit_text(
            surface, i18n._("Your name"), lay.small, (self.body.x, self.body.y), theme.TEXT_DIM
        )
        self.name.draw(surface, lay.body, self.app.clock)
        for label, button in self.rows:
            # A long label takes two lines (in a smaller size) beside its button, never cut.
            width = self.body.w - button.rect.w - lay.margin
            size = lay.body
            lines = theme.wrap(label, size, width)
            if len(lines) > 1:
                size = lay.small
                lines = theme.wrap(label, size, width)[:2]
            step = size * 1.15
            y = button.rect.centery - step * (len(lines) - 1) / 2
            for line in lines:
                line = theme.fit_text(line, size, width)
                theme.blit_text(surface, line, size, (self.body.x, y), anchor="midleft")
                y += step
            button.draw(surface, lay.body)


class SeatNamesDialog(Dialog):
    """Who plays each seat of this device (hot-seat): a name per seat, recent names one tap
    away; `then(names by seat)` runs on Play. Names are remembered for next time."""

    width = 0.6
    height = 0.7

    def __init__(
        self, app: Services, seats: list[int], then: Callable[[dict[int, str]], None]
    ) -> None:
        self.seats = seats
        self.then = then
        recent = [n for n in app.settings.recent_names or [] if n != app.settings.name]
        first = [app.settings.name] if len(seats) > 1 else []
        defaults = (first + recent + [""] * len(seats))[: len(seats)]
        self.fields = [
            TextField(name, i18n._("Seat {n}", n=seat + 1), max_len=32)
            for seat, name in zip(seats, defaults, strict=True)
        ]
        empty = [f for f in self.fields if not f.value]
        (empty or self.fields)[0].focused = True
        self.chips = [
            Button(name, lambda n=name: self.pick(n))
            for name in [app.settings.name, *recent]
            if name
        ]
        super().__init__(app, i18n._("Who plays at this device?"))
        self.buttons = [
            Button(i18n._("Cancel"), self.close),
            Button(i18n._("Play"), self.ok, primary=True),
        ]
        for field_ in self.fields:
            field_.on_enter = self.ok
        self.resize(app.layout)

    def pick(self, name: str) -> None:
        """A recent name goes into the focused field (or the first empty one)."""
        target = next((f for f in self.fields if f.focused), None)
        target = target or next((f for f in self.fields if not f.value), self.fields[-1])
        target.value = name
        for field_ in self.fields:
            field_.focused = field_ is target

    def names(self) -> dict[int, str]:
        return {
            seat: field_.value.strip() or i18n._("Player {n}", n=seat + 1)
            for seat, field_ in zip(self.seats, self.fields, strict=True)
        }

    def ok(self) -> None:
        names = self.names()
        self.app.settings.remember_names(list(names.values()))
        self.app.settings.save()
        self.close()
        self.then(names)

    def resize(self, layout: theme.Layout) -> None:
        super().resize(layout)
        fields = getattr(self, "fields", [])
        y = self.body.y
        label_w = round(self.body.w * 0.3)
        for field_ in fields:
            field_.rect = pygame.Rect(
                self.body.x + label_w, y, self.body.w - label_w, layout.button_h
            )
            y += layout.button_h + layout.margin // 2
        x, y = self.body.x, y + layout.small * 1.8
        for chip in getattr(self, "chips", []):
            w = theme.font(layout.small, True).size(chip.label)[0] + layout.small * 2
            if x + w > self.body.right:
                x, y = self.body.x, y + layout.button_h * 0.8 + layout.margin // 2
            chip.rect = pygame.Rect(x, round(y), w, round(layout.button_h * 0.8))
            x += w + layout.margin // 2

    def handle(self, intent: Intent) -> bool:
        for field_ in self.fields:
            if field_.handle(intent):
                return True
        # Tab goes from field to field, chip and button (client.ui.focus).
        return any(chip.handle(intent) for chip in self.chips) or super().handle(intent)

    def frame_rate(self) -> float:
        return max(f.frame_rate() for f in self.fields)

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        for seat, field_ in zip(self.seats, self.fields, strict=True):
            theme.blit_text(
                surface,
                theme.fit_text(i18n._("Seat {n}", n=seat + 1), lay.body, field_.rect.x - lay.body),
                lay.body,
                (self.body.x, field_.rect.centery),
                theme.TEXT,
                True,
                "midleft",
            )
            field_.draw(surface, lay.body, self.app.clock)
        if self.chips:
            top = self.chips[0].rect.y
            theme.blit_text(
                surface, i18n._("Recent names"), lay.small, (self.body.x, top - lay.small * 1.4),
                theme.TEXT_DIM,
            )  # fmt: skip
            for chip in self.chips:
                chip.draw(surface, lay.small)


class PasswordDialog(Dialog):
    width = 0.4
    height = 0.32

    def __init__(self, app: Services, then: Callable[[str], None], action: str) -> None:
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
