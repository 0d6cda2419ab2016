"""Animation as data advanced by frame time, in the manner of Pygame Zero's `animate`.

`Animator.animate(obj, duration, easing, **targets)` moves numeric attributes of any object
(or keys of a dict) from their current values to `targets`; `update(dt)` advances every tween by
`dt` seconds. Nothing here reads a clock, so animations are tested without a display.

`Timeline` plays a queue of steps in order (one step per server event): each step starts its
tweens and says how long it lasts; when the queue grows long (a reconnect, a fast bot) it skips
ahead so the table never lags far behind the game.

Reduced motion (`Animator(reduce_motion=True)`, the player's setting) is decided here, once, for
every view: what places, sizes, turns or tilts a thing (`MOTION`) jumps to its end when its
tween begins, a thing with an `alpha` that jumped fades in over `LAND_FADE`, shakes are left
out and overshooting easings (out_back, out_bounce) become plain ones. Fades and counters
still run as they are, so a move lands at once and nothing travels, bounces or zooms.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import Any


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def out_bounce(t: float) -> float:
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


def shake(t: float) -> float:
    """0 → 0 with three damped swings between: multiply by an amplitude for a refusal shake."""
    return math.sin(t * math.pi * 6) * (1 - t)


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "out_bounce": out_bounce,
    "shake": shake,
}

# The visual language's durations, in seconds.
MOVE = 0.32
FLIP = 0.30
FADE = 0.25
STAGGER = 0.06
SHAKE = 0.12
PULSE_PERIOD = 1.2
# Reduced motion: how long a piece that jumped to its place takes to fade in.
LAND_FADE = 0.15

# The attributes that move a thing on screen (place, lift, size, turn, tilt); with reduced
# motion they jump instead of being tweened.
MOTION = frozenset({"x", "y", "lift", "scale", "shake", "rise", "tilt", "turn", "w", "r", "pop"})
# With reduced motion an overshooting easing becomes one that stays within its ends.
CALM_EASINGS = {"out_back": "out_cubic", "out_bounce": "out_cubic"}


def pulse(t: float, period: float = PULSE_PERIOD) -> float:
    """A gentle 0..1 breathing value for highlighted targets."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * t / period)


class Tween:
    """Moves attributes (or dict keys) of `obj` toward `targets` over `duration` seconds."""

    def __init__(
        self,
        obj: Any,
        duration: float,
        easing: str = "out_cubic",
        delay: float = 0.0,
        on_finished: Callable[[], None] | None = None,
        reduce_motion: bool = False,
        **targets: float,
    ) -> None:
        self.obj = obj
        # Reduced motion: the attributes that would travel, set once when the tween begins.
        self.jumps: dict[str, float] = {}
        # Reduced motion: fade in from nothing to the alpha the thing has when it lands.
        self.fade_in = False
        if reduce_motion:
            if easing == "shake":
                targets = {}
            easing = CALM_EASINGS.get(easing, easing)
            self.jumps = {k: v for k, v in targets.items() if k in MOTION}
            targets = {k: v for k, v in targets.items() if k not in MOTION}
            if self.jumps:
                moves = "x" in self.jumps or "y" in self.jumps
                self.fade_in = moves and "alpha" not in targets and self._has("alpha")
                # A jump with nothing else to tween lands at once (or fades in, briefly).
                if self.fade_in:
                    duration = LAND_FADE
                elif not targets:
                    duration = 0.0
        self.duration = max(1e-6, duration)
        self.ease = EASINGS[easing]
        self.relative = easing == "shake"
        self.delay = delay
        self.on_finished = on_finished
        self.targets = targets
        self.starts: dict[str, float] | None = None
        self.elapsed = 0.0
        self.done = False

    def _has(self, name: str) -> bool:
        return name in self.obj if isinstance(self.obj, dict) else hasattr(self.obj, name)

    def _get(self, name: str) -> float:
        return self.obj[name] if isinstance(self.obj, dict) else getattr(self.obj, name)

    def _set(self, name: str, value: float) -> None:
        if isinstance(self.obj, dict):
            self.obj[name] = value
        else:
            setattr(self.obj, name, value)

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; True once finished."""
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if self.starts is None:
            self._begin()
        t = (self.elapsed - self.delay) / self.duration
        if t >= 1.0:
            self.finish()
        else:
            self._apply(t)
        return self.done

    def _begin(self) -> None:
        """Read the start values; with reduced motion, jump and start the landing fade."""
        # A thing already in its place does not blink.
        moved = any(self._get(k) != self.jumps[k] for k in ("x", "y") if k in self.jumps)
        for name, end in self.jumps.items():
            self._set(name, end)
        if self.fade_in and moved:
            self.targets["alpha"] = self._get("alpha")
            self._set("alpha", 0.0)
        self.starts = {k: self._get(k) for k in self.targets}

    def _apply(self, t: float) -> None:
        k = self.ease(t)
        assert self.starts is not None
        for name, end in self.targets.items():
            start = self.starts[name]
            # A shake swings around the start by the target amplitude and comes back to rest.
            self._set(name, start + end * k if self.relative else start + (end - start) * k)

    def finish(self) -> None:
        """Jump to the end values and call `on_finished` once."""
        if self.done:
            return
        if self.starts is None:
            self._begin()
        # Land exactly: on the targets, or (a shake) back where it started.
        for name, end in self.targets.items():
            self._set(name, self.starts[name] if self.relative else end)
        self.done = True
        if self.on_finished is not None:
            self.on_finished()


class Animator:
    """Every running tween; `animate` replaces a running tween of the same attributes.

    With `reduce_motion` every tween it starts is a calm one (see the module's docstring)."""

    def __init__(self, reduce_motion: bool = False) -> None:
        self.tweens: list[Tween] = []
        # The running tweens of each object (by id; a tween holds its object, so the id is not
        # reused meanwhile): `animate` looks only at the object's own, however many run.
        self._of: dict[int, list[Tween]] = {}
        self.reduce_motion = reduce_motion

    def animate(
        self,
        obj: Any,
        duration: float = MOVE,
        easing: str = "out_cubic",
        delay: float = 0.0,
        on_finished: Callable[[], None] | None = None,
        **targets: float,
    ) -> Tween:
        """Start a tween of `obj`'s attributes toward `targets`."""
        mine = self._of.setdefault(id(obj), [])
        if mine:
            # A tween left with nothing to move (every attribute taken by a newer one) can be
            # replaced no further: it is looked at no more (it still runs out, and its
            # `on_finished` is still called), so a thing animated again and again, frame after
            # frame, is not looked at once for every tween it ever had.
            still = []
            for tween in mine:
                if tween.obj is obj and not tween.done:
                    for name in targets:
                        tween.targets.pop(name, None)
                        tween.jumps.pop(name, None)
                        if name == "alpha":
                            tween.fade_in = False
                    if tween.targets or tween.jumps:
                        still.append(tween)
            mine[:] = still
        tween = Tween(obj, duration, easing, delay, on_finished, self.reduce_motion, **targets)
        self.tweens.append(tween)
        mine.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween by `dt` seconds and drop the finished ones."""
        for tween in list(self.tweens):
            tween.update(dt)
        self._drop_finished()

    def finish_all(self) -> None:
        while self.tweens:
            for tween in list(self.tweens):
                tween.finish()
            self._drop_finished()

    def _drop_finished(self) -> None:
        self.tweens = [t for t in self.tweens if not t.done]
        self._of = {}
        for tween in self.tweens:
            self._of.setdefault(id(tween.obj), []).append(tween)

    @property
    def busy(self) -> bool:
        return bool(self.tweens)


Step = Callable[[], float]


class Timeline:
    """Steps played one after another; each starts its animations and returns its length.

    A step never holds the queue longer than `max_step` seconds, and when more than `backlog`
    steps wait, the waiting ones are run at once with their animations finished, so the table
    catches up with the game instead of replaying it slowly.
    """

    def __init__(self, animator: Animator, max_step: float = 0.4, backlog: int = 4) -> None:
        self.animator = animator
        self.max_step = max_step
        self.backlog = backlog
        self.queue: deque[Step] = deque()
        self.wait = 0.0

    def add(self, step: Step) -> None:
        self.queue.append(step)

    def update(self, dt: float) -> None:
        self.wait -= dt
        if len(self.queue) > self.backlog:
            self.skip()
            return
        while self.queue and self.wait <= 0:
            self.wait = min(self.max_step, self.queue.popleft()())

    def skip(self) -> None:
        """Run every waiting step and finish all animations now."""
        while self.queue:
            self.queue.popleft()()
        self.animator.finish_all()
        self.wait = 0.0

    @property
    def idle(self) -> bool:
        return not self.queue and self.wait <= 0
