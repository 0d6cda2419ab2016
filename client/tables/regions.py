"""The parts a game's table view is made of: a snapshot of the update, regions, one timeline.

A view takes each update from the table scene (`TableView.show`) and hands it on as a
`Snapshot`: the engine's view for the seat shown, its legal moves and the table's talk, read
only. The board is drawn by `Region`s — the plaques, a pawn, a necklace, a rail of purses —
each an object that holds only its own state (sprites, tweens, what it has cached), is given
the snapshot, draws itself from it and answers a tap at a point with what the tap means: a
legal move to send, or a `Choice` (a piece picked up, an amount stepped). A region never reads
another region, nor the view; the view only puts them together: which region draws when, and
which one a tap reaches.

Motion that crosses regions (a card flying from the hand into the necklace, coins from one purse
to another) goes through the view's one `Motion`: the table's animator and timeline, and a
board of notices the regions subscribe to (`subscribe`/`publish`) — a stone has landed, a space
waits for its card — so one region learns what another set in motion without reaching into it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, TableContext
from client.ui.anim import Animator, Timeline
from client.words import i18n
from shared import talk


def _nobody(seat: int | None) -> str:
    return "?"


@dataclass(frozen=True)
class Snapshot:
    """The facts of one update, as a region may read them and never change them."""

    view: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    legal: tuple[Move, ...] = ()
    # The events the update brings (none with a fresh view: nothing to animate).
    events: tuple[Event, ...] = ()
    seat: int | None = None
    # Grows with every update (the view's `version` when it was taken).
    version: int = 0
    # Players' names by seat, as the table knows them now.
    name: Callable[[int | None], str] = field(default=_nobody, compare=False)
    # Makes the table's talk of this update when first asked (None for a game without a voice).
    talk_of: Callable[[], talk.Talk | None] = field(default=lambda: None, compare=False)

    @cached_property
    def talk(self) -> talk.Talk | None:
        """What the moment means for the seat shown (shared/talk)."""
        return self.talk_of()

    def __bool__(self) -> bool:
        return bool(self.view)

    def say(self, line: Any) -> str:
        """A line of the talk in the UI language, seats by their players' names."""
        return i18n.say(line, self.name)

    def move_talk(self, move: Move) -> dict[str, Any] | None:
        """The talk's entry (label, what it does, a warning) for one of the legal moves."""
        said = self.talk
        if said is None:
            return None
        for i, legal in enumerate(self.legal):
            if legal is move or legal == move:
                return said["moves"][i]
        return None

    def first(self, **fields: Any) -> Move | None:
        """The first legal move whose fields have these values."""
        return next((m for m in self.legal if all(m.get(k) == v for k, v in fields.items())), None)


def snapshot(
    view: Mapping[str, Any],
    legal: list[Move],
    events: list[Event],
    version: int,
    name: Callable[[int | None], str],
    talk_of: Callable[[], talk.Talk | None],
) -> Snapshot:
    """The snapshot of an update: its view behind a read-only mapping, moves and events as
    tuples."""
    return Snapshot(
        MappingProxyType(dict(view)),
        tuple(legal),
        tuple(events),
        view.get("seat"),
        version,
        name,
        talk_of,
    )


def world_clip(surface: pygame.Surface, cam: Camera) -> pygame.FRect:
    """The part of the world the surface's clip shows within the board (world units): a region
    drawing onto the cached board draws only what reaches it."""
    bounds = cam.area.clip(surface.get_clip())
    s = cam.scale
    return pygame.FRect(cam.to_world(*bounds.topleft), (bounds.w / s, bounds.h / s))


@dataclass(frozen=True)
class Frame:
    """What changes between two drawings of the same update: the camera, the table's clock, the
    target keys lit for the piece picked up (`hot`, the scene's set: read it, never change it),
    the piece in the hand and the target under it."""

    cam: Camera
    now: float = 0.0
    hot: Set[Any] = frozenset()
    held: Piece | None = None
    hover: Any = None


@dataclass(frozen=True)
class Choice:
    """A tap that chooses without moving: a piece picked up (`key` is the piece's), an amount
    stepped on a chooser."""

    key: Any


# What a tap on a region means: a legal move to send, a choice, or nothing of this region's.
Answer = Move | Choice | None


class Motion:
    """The view's one animation timeline: the table's animator (tweens) and timeline (one step
    per event, in order), and the notices regions subscribe to for motion that crosses them."""

    def __init__(self, ctx: TableContext) -> None:
        self.animator: Animator = ctx.animator
        self.timeline: Timeline = ctx.timeline
        self._listeners: dict[str, list[Callable[..., Any]]] = {}

    def subscribe(self, notice: str, listener: Callable[..., Any]) -> None:
        """Call `listener` with the notice's arguments whenever `notice` is published."""
        self._listeners.setdefault(notice, []).append(listener)

    def publish(self, notice: str, *args: Any) -> list[Any]:
        """Tell every listener of `notice`; returns what each answered (in subscription order)."""
        return [listener(*args) for listener in self._listeners.get(notice, [])]

    def play(self, events: tuple[Event, ...] | list[Event]) -> None:
        """One timeline step per event, in order: when its turn comes the regions subscribed to
        the event's type start their motion and answer how long it lasts (the step waits for the
        longest)."""
        for event in events:
            self.timeline.add(self._step(event))

    def _step(self, event: Event) -> Callable[[], float]:
        def run() -> float:
            lasts = self.publish(str(event.get("type")), event)
            return max((seconds for seconds in lasts if seconds is not None), default=0.0)

        return run


class Region:
    """A part of the table: its own state, drawn from the snapshot it was given.

    `show` takes each update's snapshot (`fresh`: a first view or a resync, nothing to animate);
    `draw_still` draws what stays put between updates (the table scene caches it), `draw` what
    moves, every frame; `hit` answers a tap at a world point. Subclasses keep to their own
    attributes and the snapshot.
    """

    def __init__(self, motion: Motion) -> None:
        self.motion = motion
        self.snap = Snapshot()

    def show(self, snap: Snapshot, fresh: bool) -> None:
        """Take the update's snapshot."""
        self.snap = snap

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """Draw what stays still until the next update (part of the table's cached board)."""

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """Draw what moves or glows, every frame."""

    def hit(self, point: tuple[float, float]) -> Answer:
        """What a tap at the world `point` means here: a legal move, a choice, or None."""
        return None
