"""The client application: one window, the scene stack, the input layer, the frame loop.

Each frame: pygame events → intents → the top scene; the network session's received messages
are applied to the models (never blocking: the connection runs in its own thread); every scene
updates by the frame time; the stack draws; toasts and the connection banner go on top.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import time
import warnings
from collections.abc import Iterable
from typing import Any

import pygame

from client.audio.sound import Sounds
from client.ui import theme
from client.ui.anim import Animator
from client.ui.gems import gem_surface
from client.ui.input import InputLayer, Intent
from client.ui.scene import SceneStack
from client.ui.settings import Settings
from client.ui.widgets import Toasts
from client.words import i18n

FPS = 60
# With nothing moving the loop wakes this often (seconds) to read input, the network and the
# LAN browser, and redraws this often in any case (a status that changed by itself); after any
# input it runs at full rate this long, so hover and typing feel immediate.
IDLE_POLL = 0.05
IDLE_REDRAW = 1.0
STAY_AWAKE = 0.5
HEADLESS_DRIVERS = ("offscreen", "dummy")


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


# The smallest window every scene fits without cutting text, in every language.
MIN_SIZE = (800, 600)


def fit_size(size: tuple[int, int]) -> tuple[int, int]:
    """`size` grown to the minimum window size where it is smaller."""
    return (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))


def open_window(size: tuple[int, int], fullscreen: bool = False) -> pygame.Surface:
    """The resizable window (or fullscreen); `NoDisplay` when there is no video device."""
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplay(str(exc)) from exc
    driver = pygame.display.get_driver()
    # Without a screen SDL falls back to a driver that draws nowhere; accept it only on request.
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplay(f"SDL found no screen and fell back to its {driver!r} driver")
    try:
        if fullscreen:
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            window = pygame.display.set_mode(fit_size(size), pygame.RESIZABLE)
    except pygame.error as exc:
        raise NoDisplay(str(exc)) from exc
    # The window manager stops a drag below the minimum (resize() grows it back otherwise).
    with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_SIZE
    return window


class App:
    def __init__(
        self, size: tuple[int, int] = (1280, 800), settings: Settings | None = None
    ) -> None:
        self.settings = settings or Settings.load()
        i18n.set_language(self.settings.language)
        pygame.font.init()
        # Fonts from an earlier window (pygame quit since) are dead: open them anew.
        theme.font.cache_clear()
        self.windowed_size = size
        self.window = open_window(size, self.settings.fullscreen)
        pygame.display.set_caption(i18n._("Jewel Table"))
        pygame.display.set_icon(gem_surface("diamond", 32))
        size = self.window.get_size()
        self.layout = self._layout(size)
        self.input = InputLayer(size)
        self.input.resize(size)
        self.animator = Animator(reduce_motion=self.settings.reduce_motion)
        self.toasts = Toasts(self.animator)
        self.stack = SceneStack()
        self.sounds = Sounds(self.settings)
        self.clock_ref = [0.0]
        self.session: Any = None
        self.host_server: Any = None
        # Background helpers (LAN browser, hosted server) to stop when the window closes.
        self.closers: list[Any] = []
        self.running = True

    @property
    def clock(self) -> float:
        """Seconds since the app started (frame time, not wall time)."""
        return self.clock_ref[0]

    # ------------------------------------------------------------------ window
    def resize(self, size: tuple[int, int]) -> None:
        if not self.settings.fullscreen:
            size = fit_size(size)
        if self.window.get_size() != size and not self.settings.fullscreen:
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.layout = self._layout(size)
        self.input.resize(size)
        self.stack.resize(self.layout)

    def _layout(self, size: tuple[int, int]) -> theme.Layout:
        s = self.settings
        return theme.Layout(size, large_type=s.table_display, text_size=s.text_size)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.windowed_size = self.window.get_size()
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.resize(self.window.get_size())

    def apply_settings(self) -> None:
        """Language, type size or motion changed: rebuild every scene's layout and labels."""
        i18n.set_language(self.settings.language)
        self.animator.reduce_motion = self.settings.reduce_motion
        pygame.display.set_caption(i18n._("Jewel Table"))
        self.layout = self._layout(self.window.get_size())
        for scene in self.stack.scenes:
            scene.resize(self.layout)
            relabel = getattr(scene, "relabel", None)
            if relabel is not None:
                relabel()

    # ------------------------------------------------------------------ frame
    def dispatch(self, intent: Intent) -> None:
        if intent.kind == "quit":
            self.running = False
        elif intent.kind == "resize":
            self.resize(intent.size)
        elif intent.kind == "fullscreen":
            self.toggle_fullscreen()
        else:
            self.stack.handle(intent)

    def step(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: input, network, animation and drawing (no flip, no waiting)."""
        self.advance(dt, events)
        self.draw(self.window)

    def advance(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> bool:
        """Input, network and animation for `dt` seconds; True if an event or a message came."""
        news = False
        for event in events:
            news = True
            for intent in self.input.feed(event):
                self.dispatch(intent)
        if self.session is not None:
            news = bool(self.session.poll()) or news
        self.clock_ref[0] += dt
        self.animator.update(dt)
        self.stack.update(dt)
        self.toasts.update(dt)
        return news

    def frame_rate(self) -> float:
        """Frames a second the screen needs now with no input: FPS while anything moves, a few
        for a slow pulse or a caret, 0 when it stands still."""
        if self.animator.busy or self.toasts.items:
            return FPS
        if self.session is not None and self.session.reconnecting:
            return FPS
        return max((scene.frame_rate() for scene in self.stack.scenes), default=0.0)

    def draw(self, surface: pygame.Surface) -> None:
        self.stack.draw(surface)
        self.toasts.draw(surface, self.layout)
        self.draw_connection(surface)

    def draw_connection(self, surface: pygame.Surface) -> None:
        """A banner while the connection is down and being restored."""
        if self.session is None or not self.session.reconnecting:
            return
        lay = self.layout
        label = theme.text(
            i18n._("Connection lost — reconnecting…"), lay.body, theme.INK, bold=True
        )
        rect = label.get_rect().inflate(lay.body * 3, lay.body)
        rect.midtop = (lay.w // 2, lay.margin)
        pygame.draw.rect(surface, theme.GOLD, rect, border_radius=rect.h // 2)
        surface.blit(label, label.get_rect(midleft=(rect.x + lay.body * 2, rect.centery)))
        angle = self.clock * 6
        cx, cy = rect.x + lay.body, rect.centery
        for i in range(8):
            a = angle + i * math.pi / 4
            shade = theme.mix(theme.GOLD, theme.INK, i / 8)
            pygame.draw.circle(
                surface,
                shade,
                (cx + math.cos(a) * lay.body * 0.35, cy + math.sin(a) * lay.body * 0.35),
                max(2, lay.body // 9),
            )

    def run(self) -> int:
        """The frame loop until the window closes. It draws only when something changed or
        moves: an idle client sleeps, waking a few times a second to read its input and the
        network; after any input it stays awake at full rate for a moment."""
        clock = pygame.time.Clock()
        last = drawn = input_at = time.monotonic()
        try:
            while self.running:
                rate = self.frame_rate()
                now = time.monotonic()
                awake = rate >= FPS or now - input_at < STAY_AWAKE
                period = 1 / rate if rate else IDLE_REDRAW
                if awake:
                    clock.tick(FPS)
                else:
                    # SDL's own waiting polls the system every millisecond: sleeping is cheaper.
                    time.sleep(max(0.0, min(IDLE_POLL, drawn + period - now)))
                events = pygame.event.get()
                now = time.monotonic()
                if events:
                    input_at = now
                news = self.advance(min(now - last, 0.1), events)
                last = now
                if news or awake or now - drawn >= period:
                    self.draw(self.window)
                    pygame.display.flip()
                    drawn = now
        finally:
            self.shutdown()
            pygame.quit()
        return 0

    def shutdown(self) -> None:
        """Close the connection, stop the helpers and the hosted server, keep the settings."""
        if self.session is not None:
            if self.session.token:
                assert self.settings.tokens is not None
                self.settings.tokens[self.session.address] = self.session.token
            self.session.close()
        for closer in self.closers:
            closer()
        if self.host_server is not None:
            self.host_server.stop()
        self.settings.save()


def _open_app() -> App | None:
    """The window; None after saying why when there is no display."""
    try:
        return App()
    except NoDisplay as exc:
        print(
            i18n._(
                "jeweltable: no display found ({reason}). Run it on a desktop, or use "
                "`jeweltable screenshot` / `jeweltable play --headless` without a screen.",
                reason=exc,
            ),
            file=sys.stderr,
        )
        return None


def main(args: Any = None) -> int:
    """Open the client on the start screen; a clear error and exit 1 without a display."""
    from client.scenes.start import StartScene

    app = _open_app()
    if app is None:
        return 1
    interface = getattr(args, "interface", None)
    app.stack.push(StartScene(app, interface=interface))
    return app.run()


def run_replay(doc: dict[str, Any]) -> int:
    """`jeweltable replay --open FILE`: the replay viewer on a game file, in its own window."""
    from client.net.replays import FileReplay
    from client.scenes.replay import ReplayScene
    from client.scenes.start import StartScene

    app = _open_app()
    if app is None:
        return 1
    app.stack.push(StartScene(app))
    app.stack.push(ReplayScene(app, FileReplay(doc)))
    return app.run()
