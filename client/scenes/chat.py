"""The table's chat: the lines said, a field to write, emotes one tap away, bubbles at the seats.

`ChatPanel` reads `TableModel.chat` (filled by the session from the server's `chat`, `emote`
and `muted` messages) and sends through `app.session`. The table scene gives it a rect beside
the game log; it draws its lines into the scene's cached layer and its field, buttons and the
emote bubbles every frame. The table's creator taps someone's line to mute them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.net.model import ChatEntry, TableModel
from client.scenes.dialogs import ConfirmDialog
from client.ui import theme
from client.ui.input import Intent
from client.ui.scene import Services
from client.ui.widgets import Button, TextField
from client.words import i18n
from shared.protocol import CHAT_LEN, EMOTES

# The emotes' words, in the order of their buttons.
EMOTE_WORDS = {
    "well_played": i18n.C_("emote", "Well played!"),
    "good_luck": i18n.C_("emote", "Good luck!"),
    "thanks": i18n.C_("emote", "Thanks!"),
    "oops": i18n.C_("emote", "Oops!"),
    "hmm": i18n.C_("emote", "Hmm…"),
    "hurry_up": i18n.C_("emote", "Hurry up!"),
}

# A bubble shows this long (seconds), fading in and out.
BUBBLE_LIFE = 3.0
BUBBLE_FADE = 0.3
BUBBLE_RATE = 30.0


def emote_text(emote: str | None) -> str:
    """An emote's words in the reader's language."""
    word = EMOTE_WORDS.get(emote or "")
    return i18n._(word) if word is not None else emote or ""


class ChatPanel:
    """Chat lines, the writing field and the emote buttons, in a rect the table scene gives."""

    def __init__(self, app: Services, model: TableModel, seat: Callable[[], int | None]) -> None:
        self.app = app
        self.model = model
        self.seat = seat
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.field = TextField("", i18n._("Say something…"), max_len=CHAT_LEN)
        self.field.on_enter = self.send
        self.emote_buttons = [
            Button(emote_text(name), lambda n=name: self.emote(n)) for name in EMOTES
        ]
        self.writing = True
        self.scroll = 0
        self.revision_seen = model.chat_revision
        self.resets_seen = model.chat_resets
        # Bubbles at the seats: (seat, emote, the app clock when it came).
        self.bubbles: list[tuple[int, str, float]] = []
        # Where each line was drawn, for the creator's tap to mute.
        self.line_rects: list[tuple[pygame.Rect, ChatEntry]] = []

    # ------------------------------------------------------------------ layout
    def resize(self, rect: pygame.Rect, layout: theme.Layout, writing: bool) -> None:
        """Lay out in `rect`; `writing` False (a table display) shows the lines only."""
        self.rect, self.layout, self.writing = rect, layout, writing
        lay = layout
        inner = rect.inflate(-lay.margin * 2, -lay.margin * 2)
        bottom = inner.bottom
        if writing:
            self.field.rect = pygame.Rect(inner.x, bottom - lay.button_h, inner.w, lay.button_h)
            bottom = self.field.rect.y - lay.margin // 2
            chip_h = round(lay.button_h * 0.78)
            rows = self._chip_rows(inner.w)
            top = bottom - len(rows) * (chip_h + lay.margin // 3) + lay.margin // 3
            for r, row in enumerate(rows):
                y = top + r * (chip_h + lay.margin // 3)
                x = inner.x
                for button, w in row:
                    button.rect = pygame.Rect(x, y, w, chip_h)
                    x += w + lay.margin // 3
            bottom = top - lay.margin // 2
        title_h = round(lay.body * 1.4)
        self.lines_rect = pygame.Rect(
            inner.x, inner.y + title_h, inner.w, bottom - inner.y - title_h
        )

    def _chip_rows(self, width: int) -> list[list[tuple[Button, int]]]:
        """The emote buttons in rows as wide as their words, each row stretched to `width`."""
        lay = self.layout
        gap = lay.margin // 3
        rows: list[list[tuple[Button, int]]] = [[]]
        used = 0
        for button in self.emote_buttons:
            w = theme.font(lay.small, True).size(button.label)[0] + lay.small
            if rows[-1] and used + gap + w > width:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append((button, w))
        stretched = []
        for row in rows:
            spare = (width - sum(w for _, w in row) - gap * (len(row) - 1)) // len(row)
            stretched.append([(button, w + spare) for button, w in row])
        return stretched

    def relabel(self) -> None:
        self.field.placeholder = i18n._("Say something…")
        for name, button in zip(EMOTES, self.emote_buttons, strict=True):
            button.label = emote_text(name)

    # ------------------------------------------------------------------ actions
    def send(self) -> None:
        text = self.field.value.strip()
        session = self.app.session
        if not text or session is None:
            return
        session.chat(self.model.table_id, text, self.seat())
        self.field.value = ""
        self.scroll = 0

    def emote(self, name: str) -> None:
        if self.app.session is not None:
            self.app.session.emote(self.model.table_id, name, self.seat())

    def creator(self) -> bool:
        """Whether this client created the table (only the creator may mute)."""
        session = self.app.session
        if session is None:
            return False
        info = next((t for t in session.lobby.tables if t.id == self.model.table_id), None)
        return info is not None and session.is_creator(info)

    def ask_to_mute(self, entry: ChatEntry) -> None:
        muted = entry.who in self.model.muted
        if muted:
            title = i18n._("Let {name} chat again?", name=entry.name)
            body = i18n._("Their messages and emotes reach this table again.")
            action = i18n._("Unmute")
        else:
            title = i18n._("Mute {name}?", name=entry.name)
            body = i18n._(
                "Their messages and emotes no longer reach anyone at this table (and its next "
                "games). You can let them chat again the same way."
            )
            action = i18n._("Mute")
        table_id = self.model.table_id

        def then() -> None:
            if self.app.session is not None:
                self.app.session.mute(table_id, entry.who, not muted)

        self.app.stack.push(ConfirmDialog(self.app, title, body, action, then))

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        if self.writing:
            if self.field.handle(intent):
                return True
            for button in self.emote_buttons:
                if button.handle(intent):
                    return True
        if intent.kind == "scroll" and self.rect.collidepoint(intent.pos):
            self.scroll = max(0, min(len(self.model.chat) - 1, self.scroll + round(intent.amount)))
            return True
        if intent.kind == "tap" and self.lines_rect.collidepoint(intent.pos) and self.creator():
            for rect, entry in self.line_rects:
                if rect.collidepoint(intent.pos) and entry.who > 0 and not self.own(entry):
                    self.ask_to_mute(entry)
                    return True
        return False

    def own(self, entry: ChatEntry) -> bool:
        """Whether this device said it (from one of its seats, or watching under its name)."""
        if entry.seat is not None:
            return entry.seat in self.model.mine
        return self.model.spectator and entry.name == getattr(self.app.session, "name", None)

    @property
    def focused(self) -> bool:
        return self.writing and self.field.focused

    def blur(self) -> None:
        self.field.focused = False

    # ------------------------------------------------------------------ frame
    def update(self) -> list[ChatEntry]:
        """Take what was said since the last frame: sounds, bubbles; the new entries."""
        self.bubbles = [b for b in self.bubbles if self.app.clock - b[2] < BUBBLE_LIFE]
        if self.model.chat_resets != self.resets_seen:
            # The server's log replaced the lines: old news, no bubbles, no sound.
            self.resets_seen = self.model.chat_resets
            self.revision_seen = self.model.chat_revision
            return []
        if self.model.chat_revision == self.revision_seen:
            return []
        fresh = self.model.chat_revision - self.revision_seen
        self.revision_seen = self.model.chat_revision
        new = self.model.chat[-fresh:] if fresh <= len(self.model.chat) else list(self.model.chat)
        now = self.app.clock
        for entry in new:
            if entry.emote is not None and entry.seat is not None:
                self.bubbles = [b for b in self.bubbles if b[0] != entry.seat]
                self.bubbles.append((entry.seat, entry.emote, now))
        if any(e.who for e in new):
            self.app.sounds.play("emote" if all(e.emote for e in new if e.who) else "chat")
        return new

    def frame_rate(self) -> float:
        rate = BUBBLE_RATE if self.bubbles else 0.0
        return max(rate, self.field.frame_rate() if self.writing else 0.0)

    def key(self) -> tuple:
        """What the lines drawn depend on (the scene's cache key)."""
        return (self.model.chat_revision, self.scroll, len(self.model.muted))

    def entry_text(self, entry: ChatEntry) -> tuple[str, str]:
        """(the speaker's part, the rest) of a line."""
        if entry.who == 0:
            return "", entry.text
        name = entry.name
        if entry.seat is None:
            name = i18n._("{name} (watching)", name=name)
        if entry.emote is not None:
            return i18n._("{name}:", name=name), emote_text(entry.emote)
        return i18n._("{name}:", name=name), entry.text

    def draw(self, surface: pygame.Surface) -> None:
        """The title and the lines (into the scene's cached layer)."""
        lay = self.layout
        theme.blit_text(
            surface,
            i18n._("Chat"),
            lay.body,
            (self.rect.x + lay.margin, self.rect.y + lay.margin * 0.6),
            theme.GOLD,
            True,
        )
        if self.model.spectator and not self.model.open_chat:
            hint = i18n._("read by spectators only")
            x = self.rect.x + lay.margin * 2 + theme.font(lay.body, True).size(i18n._("Chat"))[0]
            hint = theme.fit_text(hint, lay.small, self.rect.right - lay.margin - x)
            theme.blit_text(
                surface, hint, lay.small, (x, self.rect.y + lay.margin * 0.75), theme.TEXT_DIM
            )
        size = lay.small
        step = round(size * 1.3)
        area = self.lines_rect
        self.line_rects = []
        y = area.bottom
        entries = self.model.chat[: len(self.model.chat) - self.scroll]
        if not self.model.chat:
            theme.blit_text(
                surface, i18n._("Nothing said yet."), size, (area.x, area.bottom - step),
                theme.TEXT_DIM,
            )  # fmt: skip
        for entry in reversed(entries):
            speaker, said = self.entry_text(entry)
            whole = f"{speaker} {said}" if speaker else said
            lines = theme.wrap(whole, size, area.w)
            y -= step * len(lines)
            if y < area.y:
                break
            muted = entry.who in self.model.muted
            colour = theme.TEXT_DIM if entry.who == 0 or entry.emote or muted else theme.TEXT
            for i, line in enumerate(lines):
                rect = theme.blit_text(surface, line, size, (area.x, y + i * step), colour)
                if i == 0 and speaker and line.startswith(speaker):
                    gold = theme.GOLD_LIGHT if entry.seat is not None else theme.GOLD_DARK
                    theme.blit_text(surface, speaker, size, rect.topleft, gold)
                self.line_rects.append((rect, entry))
            y -= step // 4

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The field and the emote buttons (every frame: the caret blinks)."""
        if not self.writing:
            return
        lay = self.layout
        for button in self.emote_buttons:
            button.draw(surface, lay.small)
        self.field.draw(surface, lay.small, self.app.clock)

    def draw_bubbles(self, surface: pygame.Surface, panels: list[tuple[int, pygame.Rect]]) -> None:
        """Each fresh emote as a bubble beside its seat's panel."""
        if not self.bubbles:
            return
        lay = self.layout
        where = dict(panels)
        now = self.app.clock
        for seat, emote, born in self.bubbles:
            rect = where.get(seat)
            age = now - born
            if rect is None or age >= BUBBLE_LIFE:
                continue
            alpha = min(1.0, age / BUBBLE_FADE, (BUBBLE_LIFE - age) / BUBBLE_FADE)
            label = theme.text(emote_text(emote), lay.body, theme.INK, True)
            box = label.get_rect().inflate(lay.body * 1.2, lay.body * 0.7)
            box.midleft = (rect.right + lay.margin, rect.y + lay.body * 1.1)
            layer = pygame.Surface(box.inflate(lay.margin * 2, 4).size, pygame.SRCALPHA)
            inner = box.move(-box.x + lay.margin, -box.y + 2)
            tail = [
                (inner.x + 2, inner.centery - lay.body * 0.3),
                (inner.x - lay.margin + 2, inner.centery),
                (inner.x + 2, inner.centery + lay.body * 0.3),
            ]
            pygame.draw.polygon(layer, theme.IVORY, tail)
            pygame.draw.rect(layer, theme.IVORY, inner, border_radius=inner.h // 2)
            pygame.draw.rect(layer, theme.GOLD, inner, 2, border_radius=inner.h // 2)
            layer.blit(label, label.get_rect(center=inner.center))
            layer.set_alpha(round(255 * max(0.0, alpha)))
            surface.blit(layer, (box.x - lay.margin, box.y - 2))
