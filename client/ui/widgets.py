"""Small controls drawn in the table's style: buttons, text fields, toasts, symbols."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from client.ui import focus, theme
from client.ui.anim import Animator
from client.ui.input import Intent


@dataclass
class Button:
    """A rounded button; `primary` ones are gold. `action` runs on a tap inside `rect`."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    primary: bool = False
    enabled: bool = True
    hover: bool = False
    selected: bool = False

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "hover":
            self.hover = self.rect.collidepoint(intent.pos)
            return False
        if intent.kind == "tap" and self.enabled and self.rect.collidepoint(intent.pos):
            self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int) -> None:
        focus.note(self)
        r = self.rect
        radius = max(4, r.h // 4)
        if self.primary:
            fill = theme.GOLD_LIGHT if self.hover else theme.GOLD
            ink = theme.INK
        elif self.selected:
            fill, ink = theme.IVORY, theme.INK
        else:
            fill = theme.TABLE_LIGHT if self.hover else theme.PANEL
            ink = theme.TEXT
        if not self.enabled and not self.selected:
            fill, ink = theme.mix(fill, theme.TABLE, 0.6), theme.mix(ink, theme.TABLE, 0.5)
        theme.shadowed_rect(surface, r, fill, radius, lift=2, border=theme.GOLD_DARK)
        label = theme.fit_text(self.label, size, r.w - size, bold=True)
        theme.blit_text(surface, label, size, r.center, ink, bold=True, anchor="center")


# The caret blinks once a second (on for 0.6 s): five frames a second draw it right.
CARET_RATE = 5.0


@dataclass
class TextField:
    """A one-line text field; focus it with a tap, type, Enter runs `on_enter`."""

    value: str = ""
    placeholder: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    secret: bool = False
    focused: bool = False
    max_len: int = 64
    enabled: bool = True
    on_enter: Callable[[], None] | None = None

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "tap":
            self.focused = self.rect.collidepoint(intent.pos)
            if self.focused:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)
            # A tap elsewhere only takes the focus away: the button under it still gets it.
            return self.focused
        if not self.focused:
            return False
        if intent.kind == "text":
            self.value = (self.value + intent.text)[: self.max_len]
            return True
        if intent.kind == "key" and intent.key == "backspace":
            self.value = self.value[:-1]
            return True
        if intent.kind == "key" and intent.key == "paste":
            clip = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
            self.value = (self.value + clip.strip())[: self.max_len]
            return True
        if intent.kind == "confirm" and self.on_enter is not None:
            self.on_enter()
            return True
        if intent.kind == "key" and intent.key in ("tab", "tab_back"):
            return False  # the focus moves on (client.ui.focus)
        return intent.kind in ("text", "key")

    def frame_rate(self) -> float:
        """Frames a second the blinking caret needs (none without the focus)."""
        return CARET_RATE if self.focused else 0.0

    def draw(self, surface: pygame.Surface, size: int, t: float) -> None:
        focus.note(self)
        r = self.rect
        pygame.draw.rect(surface, theme.IVORY, r, border_radius=max(4, r.h // 5))
        border = theme.GOLD if self.focused else theme.GOLD_DARK
        pygame.draw.rect(surface, border, r, 2, border_radius=max(4, r.h // 5))
        pad = size // 2
        shown = "•" * len(self.value) if self.secret else self.value
        if shown:
            label = theme.text(shown, size, theme.INK)
            x = r.x + pad - max(0, label.get_width() - (r.w - 2 * pad))
            clip = surface.get_clip()
            surface.set_clip(r.inflate(-pad, 0))
            surface.blit(label, label.get_rect(midleft=(x, r.centery)))
            surface.set_clip(clip)
            caret_x = min(r.right - pad, r.x + pad + label.get_width())
        else:
            # A long hint steps down a size (with large text, down to two thirds) before it is
            # shortened.
            hint = size
            if theme.font(size).size(self.placeholder)[0] > r.w - 2 * pad:
                hint = max(8, round(size * 0.82))
            while hint > max(8, size * 0.66, 14) and (
                theme.font(hint).size(self.placeholder)[0] > r.w - 2 * pad
            ):
                hint -= 1
            lines = [self.placeholder]
            if theme.font(hint).size(self.placeholder)[0] > r.w - 2 * pad:
                # Still too long: two lines, where the field is tall enough for them.
                two = theme.wrap(self.placeholder, hint, r.w - 2 * pad)
                if len(two) == 2 and hint * 2.3 <= r.h:
                    lines = two
            step = round(hint * 1.1)
            for i, line in enumerate(lines):
                theme.blit_text(
                    surface,
                    theme.fit_text(line, hint, r.w - 2 * pad),
                    hint,
                    (r.x + pad, r.centery + (i - (len(lines) - 1) / 2) * step),
                    (130, 130, 120),
                    anchor="midleft",
                )
            caret_x = r.x + pad
        if self.focused and (t % 1.0) < 0.6:
            pygame.draw.line(
                surface,
                theme.INK,
                (caret_x + 1, r.y + r.h * 0.22),
                (caret_x + 1, r.bottom - r.h * 0.22),
                2,
            )


@dataclass
class Toast:
    message: str
    pos: tuple[float, float] | None
    life: float
    alpha: float = 0.0
    rise: float = 0.0


class Toasts:
    """Short messages that fade in near a point (or at the top), linger and fade away."""

    def __init__(self, animator: Animator) -> None:
        self.animator = animator
        self.items: list[Toast] = []

    def show(self, message: str, pos: tuple[float, float] | None = None, life: float = 2.6) -> None:
        toast = Toast(message, pos, life, rise=12.0)
        self.items = [t for t in self.items if t.message != message][-3:] + [toast]
        self.animator.animate(toast, 0.25, alpha=255.0, rise=0.0)

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.life -= dt
            if toast.life <= 0.3 and toast.alpha >= 255:
                self.animator.animate(toast, 0.3, alpha=0.0)
        self.items = [t for t in self.items if t.life > 0]

    def draw(self, surface: pygame.Surface, layout: theme.Layout) -> None:
        size = layout.body
        y_top = layout.h * 0.12
        for i, toast in enumerate(self.items):
            lines = theme.wrap(toast.message, size, int(layout.w * 0.5))
            w = max(theme.font(size).size(line)[0] for line in lines) + size * 2
            h = len(lines) * round(size * 1.3) + size
            if toast.pos is None:
                x, y = layout.w / 2, y_top + i * (h + size * 0.5)
            else:
                x, y = toast.pos
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (round(x), round(y + toast.rise))
            rect.clamp_ip(surface.get_rect())
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (*theme.INK, 230), box.get_rect(), border_radius=size // 2)
            pygame.draw.rect(box, (*theme.GOLD, 255), box.get_rect(), 2, border_radius=size // 2)
            for j, line in enumerate(lines):
                label = theme.text(line, size, theme.TEXT)
                box.blit(label, label.get_rect(midtop=(w / 2, size / 2 + j * round(size * 1.3))))
            box.set_alpha(round(toast.alpha))
            surface.blit(box, rect)


def symbol(
    surface: pygame.Surface, kind: str, centre: tuple[float, float], r: float, colour
) -> None:
    """A player's symbol (circle, square, triangle, diamond, star, hexagon, cross) at `centre`."""
    x, y = centre
    outline = theme.INK if sum(colour) > 450 else theme.IVORY
    if kind == "circle":
        pygame.draw.circle(surface, colour, (x, y), r)
        pygame.draw.circle(surface, outline, (x, y), r, max(1, round(r / 6)))
        return
    if kind == "square":
        points = [
            (x - r * 0.85, y - r * 0.85),
            (x + r * 0.85, y - r * 0.85),
            (x + r * 0.85, y + r * 0.85),
            (x - r * 0.85, y + r * 0.85),
        ]
    elif kind == "triangle":
        points = [(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)]
    elif kind == "diamond":
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    elif kind == "star":
        points = [
            (
                x + math.cos(a) * (r if i % 2 == 0 else r * 0.45),
                y + math.sin(a) * (r if i % 2 == 0 else r * 0.45),
            )
            for i, a in enumerate(-math.pi / 2 + k * math.pi / 5 for k in range(10))
        ]
    elif kind == "hexagon":
        points = [
            (x + math.cos(a) * r, y + math.sin(a) * r) for a in (k * math.pi / 3 for k in range(6))
        ]
    else:
        w = r * 0.38
        points = [
            (x - w, y - r),
            (x + w, y - r),
            (x + w, y - w),
            (x + r, y - w),
            (x + r, y + w),
            (x + w, y + w),
            (x + w, y + r),
            (x - w, y + r),
            (x - w, y + w),
            (x - r, y + w),
            (x - r, y - w),
            (x - w, y - w),
        ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, max(1, round(r / 6)))


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, alpha: int = 215) -> None:
    """A translucent dark panel with a thin gold edge."""
    surface.blit(_panel_box(rect.w, rect.h, radius, alpha), rect)


@lru_cache(maxsize=128)
def _panel_box(w: int, h: int, radius: int, alpha: int) -> pygame.Surface:
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.PANEL, alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, (*theme.GOLD_DARK, 255), box.get_rect(), 1, border_radius=radius)
    return box


class Scroller:
    """A vertical scroll position over content taller than its view, with a bar to show it.

    The wheel, a drag, the arrow and page keys and a tap on the bar's track move it; `offset`
    is how far the content is scrolled (0 at the top)."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.content = 0.0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.line = 20.0

    @property
    def limit(self) -> float:
        return max(0.0, self.content - self.view.h)

    def set(self, view: pygame.Rect, content: float, line: float) -> None:
        """The visible area, the content's height and a line's height (for wheel and keys)."""
        self.view, self.content, self.line = pygame.Rect(view), content, line
        self.offset = min(max(0.0, self.offset), self.limit)

    def track(self) -> pygame.Rect:
        width = max(6, round(self.line * 0.35))
        return pygame.Rect(self.view.right - width, self.view.y, width, self.view.h)

    def by(self, amount: float) -> None:
        self.offset = min(max(0.0, self.offset + amount), self.limit)

    def handle(self, intent: Intent) -> bool:
        """Scroll for `intent` if it is a scrolling one over the view; True if used."""
        if self.limit <= 0:
            return False
        if intent.kind == "scroll" and self.view.collidepoint(intent.pos):
            self.by(-intent.amount * self.line * 2)
            return True
        if intent.kind == "drag" and self.view.collidepoint(intent.start):
            self.by(-intent.rel[1])
            return True
        if intent.kind == "tap" and self.track().inflate(self.line, 0).collidepoint(intent.pos):
            thumb = self.thumb()
            self.by(self.view.h * 0.9 * (1 if intent.pos[1] > thumb.centery else -1))
            return True
        if intent.kind == "key":
            step = {"up": -self.line, "down": self.line, "page_up": -self.view.h * 0.9}.get(
                intent.key, self.view.h * 0.9 if intent.key == "page_down" else None
            )
            if intent.key in ("home", "end"):
                self.offset = 0.0 if intent.key == "home" else self.limit
                return True
            if step is not None:
                self.by(step)
                return True
        return False

    def thumb(self) -> pygame.Rect:
        track = self.track()
        h = max(track.w * 3, round(track.h * self.view.h / max(self.content, 1)))
        y = track.y + round((track.h - h) * (self.offset / self.limit if self.limit else 0))
        return pygame.Rect(track.x, y, track.w, h)

    def draw(self, surface: pygame.Surface) -> None:
        """The bar, only when there is more than fits."""
        if self.limit <= 0:
            return
        track = self.track()
        radius = track.w // 2
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.GOLD_DARK, 0.35), track, 0, radius)
        pygame.draw.rect(surface, theme.GOLD, self.thumb(), 0, radius)
