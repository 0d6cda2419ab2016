"""One input layer: mouse, touch and keys become a few intents before any scene sees them.

Scenes never read pygame events. They receive `Intent`s:
  hover(pos)                      the pointer moved with no button held
  tap(pos)                        pressed and released without moving far
  drag_start(pos, start)          a press moved beyond the slop; `start` is where it began
  drag(pos, rel)                  the held pointer moved
  drop(pos)                       the dragged pointer was released
  zoom(pos, factor)               wheel or pinch around `pos`
  scroll(pos, amount)             wheel, for lists (amount in lines, positive is up)
  back, confirm, fullscreen       Esc, Enter, F11
  text(text), key(key)            typed text; editing keys (backspace, tab, tab_back for
                                  Shift+Tab, space, left, right...)
  resize(size), quit

A finger acts like the mouse; two fingers pinch (zoom) and move (drag). The mouse events SDL
synthesises from touches are ignored so a touch is seen once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

Pos = tuple[float, float]


@dataclass
class Intent:
    kind: str
    pos: Pos = (0.0, 0.0)
    start: Pos = (0.0, 0.0)
    rel: Pos = (0.0, 0.0)
    factor: float = 1.0
    amount: float = 0.0
    text: str = ""
    key: str = ""
    size: tuple[int, int] = (0, 0)
    extra: dict[str, Any] = field(default_factory=dict)


EDIT_KEYS = {
    pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete",
    pygame.K_TAB: "tab",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_PAGEUP: "page_up",
    pygame.K_PAGEDOWN: "page_down",
    pygame.K_PLUS: "zoom_in",
    pygame.K_KP_PLUS: "zoom_in",
    pygame.K_EQUALS: "zoom_in",
    pygame.K_MINUS: "zoom_out",
    pygame.K_KP_MINUS: "zoom_out",
    pygame.K_0: "zoom_reset",
}


class InputLayer:
    """Turns pygame events into intents; `slop` is how far a press may move and still tap."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.slop = 8.0
        self.pressed_at: Pos | None = None
        self.dragging = False
        self.last: Pos = (0.0, 0.0)
        self.fingers: dict[int, Pos] = {}
        self.pinch: float | None = None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.slop = max(8.0, min(size) * 0.012)

    def feed(self, event: pygame.event.Event) -> list[Intent]:
        """The intents one pygame event makes (often none)."""
        kind = event.type
        if kind == pygame.QUIT:
            return [Intent("quit")]
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (int(event.x), int(event.y)) if hasattr(event, "x") else tuple(event.size)
            return [Intent("resize", size=size)]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            return [Intent("text", text=event.text)]
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []
            return self._mouse(event)
        if kind == pygame.MOUSEWHEEL:
            if getattr(event, "touch", False):
                return []
            pos = self.last
            return [
                Intent("zoom", pos=pos, factor=1.15**event.y),
                Intent("scroll", pos=pos, amount=float(event.y)),
            ]
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            return self._finger(event)
        return []

    # ------------------------------------------------------------------ pointer
    def press(self, pos: Pos) -> list[Intent]:
        self.pressed_at = pos
        self.last = pos
        self.dragging = False
        return []

    def move(self, pos: Pos) -> list[Intent]:
        rel = (pos[0] - self.last[0], pos[1] - self.last[1])
        self.last = pos
        if self.pressed_at is None:
            return [Intent("hover", pos=pos)]
        if not self.dragging:
            dx, dy = pos[0] - self.pressed_at[0], pos[1] - self.pressed_at[1]
            if math.hypot(dx, dy) < self.slop:
                return []
            self.dragging = True
            return [
                Intent("drag_start", pos=self.pressed_at, start=self.pressed_at),
                Intent("drag", pos=pos, start=self.pressed_at, rel=(dx, dy)),
            ]
        return [Intent("drag", pos=pos, start=self.pressed_at, rel=rel)]

    def release(self, pos: Pos) -> list[Intent]:
        if self.pressed_at is None:
            return []
        start, dragging = self.pressed_at, self.dragging
        self.pressed_at = None
        self.dragging = False
        if dragging:
            return [Intent("drop", pos=pos, start=start)]
        return [Intent("tap", pos=pos, start=start)]

    def _mouse(self, event: pygame.event.Event) -> list[Intent]:
        pos = (float(event.pos[0]), float(event.pos[1]))
        if event.type == pygame.MOUSEMOTION:
            return self.move(pos)
        if event.button != 1:
            return []
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.press(pos)
        return self.release(pos)

    def _finger(self, event: pygame.event.Event) -> list[Intent]:
        pos = (event.x * self.size[0], event.y * self.size[1])
        fid = event.finger_id
        if event.type == pygame.FINGERDOWN:
            self.fingers[fid] = pos
            if len(self.fingers) == 1:
                return self.press(pos)
            self.pinch = self._spread()
            return []
        if event.type == pygame.FINGERUP:
            self.fingers.pop(fid, None)
            if self.fingers:
                self.pinch = None if len(self.fingers) < 2 else self._spread()
                # The remaining finger goes on moving without a jump.
                self.last = next(iter(self.fingers.values()))
                return []
            self.pinch = None
            return self.release(pos)
        self.fingers[fid] = pos
        if len(self.fingers) >= 2 and self.pinch:
            spread = self._spread()
            centre = self._centre()
            factor = spread / self.pinch if self.pinch else 1.0
            self.pinch = spread
            rel = (centre[0] - self.last[0], centre[1] - self.last[1])
            self.last = centre
            out = [Intent("zoom", pos=centre, factor=factor)]
            if self.dragging:
                out.append(Intent("drag", pos=centre, start=self.pressed_at or centre, rel=rel))
            return out
        return self.move(pos)

    def _spread(self) -> float:
        pts = list(self.fingers.values())[:2]
        return max(1.0, math.dist(pts[0], pts[1]))

    def _centre(self) -> Pos:
        pts = list(self.fingers.values())[:2]
        return ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)

    # ------------------------------------------------------------------ keys
    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key = event.key
        if key == pygame.K_F11:
            return [Intent("fullscreen")]
        if key == pygame.K_ESCAPE:
            return [Intent("back")]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return [Intent("confirm")]
        if key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            return [Intent("key", key="tab_back")]
        if key == pygame.K_SPACE:
            # Presses the focused button; a text field takes the typed space as text instead.
            return [Intent("key", key="space")]
        if key in EDIT_KEYS:
            return [Intent("key", key=EDIT_KEYS[key])]
        if key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return [Intent("key", key="paste")]
        return []
