"""Keyboard focus: Tab and Shift+Tab go through the controls the top scene drew in its last
frame, in the order it drew them; Enter or Space presses the focused button; a gold ring shows
which control has the focus.

Controls (buttons, text fields) say they were drawn with `note(control)`; the scene stack
records the top scene's frame (`FocusRing.record`), so every scene, dialog and game view that
draws its controls with these widgets is reachable by keys without a list of its own. The ring
shows only after a key moved it (a tap hides it), as a browser's `:focus-visible` does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import pygame

from client.ui import theme


class Focusable(Protocol):
    """A control the keyboard can reach: a rect on screen and whether it may be used."""

    rect: pygame.Rect
    enabled: bool


_recording: list[Any] | None = None


def note(control: Focusable) -> None:
    """`control` was drawn in the frame being recorded (if one is)."""
    if _recording is not None and control.rect.w > 0 and control.rect.h > 0:
        _recording.append(control)


# The keys that move the focus: forward, backward.
NEXT_KEYS = ("tab", "right", "down")
BACK_KEYS = ("tab_back", "left", "up")


class FocusRing:
    """Which drawn control has the keyboard's focus, and the ring drawn around it."""

    def __init__(self) -> None:
        self.controls: list[Any] = []
        # How many controls the frame before had: the same number, the same place is focused.
        self.count = 0
        self.index: int | None = None
        self.label: str | None = None
        self.shown = False

    @contextmanager
    def record(self) -> Iterator[None]:
        """Collect the controls drawn inside the block as the reachable ones."""
        global _recording
        drawn: list[Any] = []
        _recording, outer = drawn, _recording
        try:
            yield
        finally:
            _recording = outer
        self.count = len(self.controls)
        self.controls = [c for c in drawn if getattr(c, "enabled", True)]
        self._follow()

    def _follow(self) -> None:
        """Keep the focus on the same control across frames (scenes build theirs anew)."""
        if self.index is None:
            return
        labels = [getattr(c, "label", None) for c in self.controls]
        if self.index < len(labels) and labels[self.index] == self.label:
            return
        if self.label is not None and self.label in labels and len(labels) != self.count:
            same = [i for i, label in enumerate(labels) if label == self.label]
            self.index = min(same, key=lambda i: abs(i - (self.index or 0)))
        elif self.controls:
            self.index = min(self.index, len(self.controls) - 1)
            self.label = labels[self.index]
        else:
            self.index = None

    @property
    def focused(self) -> Any | None:
        if self.index is None or not self.controls:
            return None
        return self.controls[self.index]

    def move(self, step: int) -> bool:
        """Focus the next (`step` 1) or previous (-1) control; False if there is none."""
        if not self.controls:
            return False
        if self.index is None:
            self.index = 0 if step > 0 else len(self.controls) - 1
        else:
            self.index = (self.index + step) % len(self.controls)
        self.shown = True
        self._focus(self.controls[self.index])
        return True

    def _focus(self, control: Any) -> None:
        self.label = getattr(control, "label", None)
        for other in self.controls:
            if hasattr(other, "focused"):
                other.focused = other is control
        if hasattr(control, "focused"):
            pygame.key.start_text_input()

    def press(self) -> bool:
        """Press the focused button (Enter, Space); False if no button has a visible focus."""
        control = self.focused
        if not self.shown or control is None or not hasattr(control, "action"):
            return False
        if control.enabled:
            control.action()
        return True

    def handle(self, key: str, text_focused: bool) -> bool:
        """A key for the focus: Tab/Shift+Tab always, arrows only once the ring is shown (and
        no text field takes them); True if used."""
        if key in ("tab", "tab_back"):
            return self.move(1 if key == "tab" else -1)
        if self.shown and not text_focused and key in NEXT_KEYS + BACK_KEYS:
            return self.move(1 if key in NEXT_KEYS else -1)
        return False

    def reset(self) -> None:
        """Another scene came to the top: its first control is the next Tab's."""
        self.index = None
        self.label = None

    def hide(self) -> None:
        """A tap or a click: the pointer is in use, the ring goes away (the focus stays)."""
        self.shown = False

    def draw(self, surface: pygame.Surface, layout: theme.Layout) -> None:
        """The ring: ivory inside gold, clear of the control's edge, seen on any colour."""
        control = self.focused
        if not self.shown or control is None:
            return
        width = max(2, layout.line * 2)
        ring = control.rect.inflate(width * 4, width * 4)
        radius = max(4, ring.h // 4)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, width, border_radius=radius)
        inner = ring.inflate(-width * 2, -width * 2)
        pygame.draw.rect(surface, theme.INK, inner, max(1, width // 2), border_radius=radius)
