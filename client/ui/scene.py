"""A stack of scenes, in the manner of Tuxemon's state manager.

The top scene gets the input; scenes are drawn from the topmost opaque one upward, so a dialog
(an overlay, `opaque = False`) is drawn over the scene beneath it, which keeps animating.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from client.ui.anim import Animator
from client.ui.focus import FocusRing
from client.ui.input import Intent
from client.ui.settings import Settings
from client.ui.theme import Layout
from client.ui.widgets import Toasts


class Services(Protocol):
    """What scenes use of the application (client.app.App is one): passed in, never imported,
    so scenes and the app stay free of an import circle."""

    settings: Settings
    stack: SceneStack
    layout: Layout
    animator: Animator
    toasts: Toasts
    window: pygame.Surface
    # The network session (client.net.session.Session) while connected, else None.
    session: Any
    # The server started inside the client (client.net.host.LocalServer), else None.
    host_server: Any
    # Stopped when the window closes (LAN browser, hosted server).
    closers: list[Callable[[], None]]
    # The sound effects (client.audio.sound.Sounds): `play(name)`, `events(game, events)`.
    sounds: Any
    # Seconds since the app started, in a list that the table context shares.
    clock_ref: list[float]
    running: bool

    @property
    def clock(self) -> float: ...

    def apply_settings(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def step(self, dt: float, events: Any = ()) -> None: ...


class Scene:
    """One screen or overlay. Scenes draw a model they do not own and turn intents into actions."""

    opaque = True

    def __init__(self, app: Services) -> None:
        self.app = app
        self.layout: Layout = app.layout

    def resize(self, layout: Layout) -> None:
        """The window changed size; recompute rects from `layout`."""
        self.layout = layout

    def handle(self, intent: Intent) -> bool:
        """React to one intent; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (called for every scene on the stack)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on `surface`."""

    def entered(self) -> None:
        """The scene became the top of the stack."""

    def frame_rate(self) -> float:
        """Frames a second this scene needs when nothing happens (no input, no message, no
        tween running): 0 while it stands still, a few for a slow pulse or a caret."""
        return 0.0


class SceneStack:
    """The scenes, and the keyboard's focus over the controls the top one draws."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.focus = FocusRing()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self.focus.reset()
        scene.entered()

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or `scene`, wherever it is)."""
        if scene is None:
            self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
        self.focus.reset()
        if self.scenes:
            self.scenes[-1].entered()

    def pop_through(self, scene: Scene) -> None:
        """Remove `scene` and everything above it."""
        if scene in self.scenes:
            del self.scenes[self.scenes.index(scene) :]
            if self.scenes:
                self.scenes[-1].entered()

    def replace(self, scene: Scene) -> None:
        """Clear the stack and show `scene`."""
        self.scenes = []
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, intent: Intent) -> bool:
        """The top scene's intent; the focus goes first for Tab and for Enter or Space on a
        focused button, and takes the arrows the scene leaves."""
        if not self.scenes:
            return False
        focus = self.focus
        if intent.kind in ("tap", "drag_start"):
            focus.hide()
        typing = any(getattr(c, "focused", False) for c in focus.controls)
        tab = intent.kind == "key" and intent.key in ("tab", "tab_back")
        if tab and focus.handle(intent.key, typing):
            return True
        press = intent.kind == "confirm" or (intent.kind == "key" and intent.key == "space")
        if press and not typing and focus.press():
            return True
        if self.scenes[-1].handle(intent):
            return True
        return intent.kind == "key" and focus.handle(intent.key, typing)

    def update(self, dt: float) -> None:
        for scene in list(self.scenes):
            scene.update(dt)

    def resize(self, layout: Layout) -> None:
        for scene in self.scenes:
            scene.resize(layout)

    def draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:-1]:
            scene.draw(surface)
        if self.scenes:
            with self.focus.record():
                self.scenes[-1].draw(surface)
            self.focus.draw(surface, self.scenes[-1].layout)
