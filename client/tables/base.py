"""What a game's table view is: the one package a game adds to the shared table scene.

The table scene (client/scenes/table.py) owns everything games share — player panels, the log,
the turn indicator, toasts, help, results, the privacy curtain, zoom and pan, drag and drop, and
the animation queue. A view reads the engine view, the events and the legal moves the server
sent for the seat shown, and:
  - draws the board in world coordinates through a `Camera`;
  - offers `Piece`s (things a person can pick up) and `Target`s (where a legal move puts them),
    each target carrying the exact move dict from the server's legal moves;
  - turns events into animations (queued on the timeline) and into log sentences;
  - writes the rules help in the UI language.
It never decides what is legal: a target exists only because the server listed its move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from client.ui import theme
from client.ui.anim import Animator, Timeline
from client.words import i18n
from shared import talk

if TYPE_CHECKING:
    from client.ui.input import Intent
    from client.ui.widgets import Toasts

View = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


class Camera:
    """World coordinates of the board → screen pixels, with zoom and pan.

    At zoom 1 the whole world fits the board area; zoom goes up to `max_zoom` around the point
    under the pointer, and panning keeps part of the board in view.
    """

    def __init__(self, area: pygame.Rect, world: tuple[float, float]) -> None:
        self.area = pygame.Rect(area)
        self.world = world
        self.zoom = 1.0
        self.max_zoom = 4.0
        self.cx, self.cy = world[0] / 2, world[1] / 2

    @property
    def fit(self) -> float:
        return min(self.area.w / self.world[0], self.area.h / self.world[1])

    @property
    def scale(self) -> float:
        return self.fit * self.zoom

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        return self.area.centerx + (x - self.cx) * s, self.area.centery + (y - self.cy) * s

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        s = self.scale
        return self.cx + (sx - self.area.centerx) / s, self.cy + (sy - self.area.centery) / s

    def rect_to_screen(self, rect: pygame.FRect) -> pygame.Rect:
        x, y = self.to_screen(rect.x, rect.y)
        s = self.scale
        return pygame.Rect(round(x), round(y), round(rect.w * s), round(rect.h * s))

    def zoom_at(self, screen_pos: tuple[float, float], factor: float) -> None:
        """Zoom by `factor`, keeping the world point under `screen_pos` where it is."""
        wx, wy = self.to_world(*screen_pos)
        self.zoom = max(1.0, min(self.max_zoom, self.zoom * factor))
        nx, ny = self.to_world(*screen_pos)
        self.cx += wx - nx
        self.cy += wy - ny
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.cx -= dx / self.scale
        self.cy -= dy / self.scale
        self._clamp()

    def reset(self) -> None:
        self.zoom = 1.0
        self.cx, self.cy = self.world[0] / 2, self.world[1] / 2

    def resize(self, area: pygame.Rect, world: tuple[float, float]) -> None:
        self.area = pygame.Rect(area)
        if world != self.world:
            self.world = world
            self.reset()
        self._clamp()

    def _clamp(self) -> None:
        # At zoom 1 the board is centred; zoomed in, its centre may move only within the world.
        half_w = self.area.w / self.scale / 2
        half_h = self.area.h / self.scale / 2
        lo_x, hi_x = min(half_w, self.world[0] - half_w), max(half_w, self.world[0] - half_w)
        lo_y, hi_y = min(half_h, self.world[1] - half_h), max(half_h, self.world[1] - half_h)
        self.cx = max(lo_x, min(hi_x, self.cx))
        self.cy = max(lo_y, min(hi_y, self.cy))


@dataclass
class Sprite:
    """Where a piece is drawn (world coordinates) and how: moved by tweens, owned by a view.

    `home` is where the view puts it; `lift` (0..1) raises it above the table with a wider
    shadow while held; `shake` is a sideways offset for a refused drop.
    """

    x: float
    y: float
    home: tuple[float, float] = (0.0, 0.0)
    lift: float = 0.0
    alpha: float = 255.0
    scale: float = 1.0
    shake: float = 0.0


@dataclass
class Target:
    """A place a piece may go; `move` is the legal move (as the server sent it) that does it."""

    key: Any
    rect: pygame.FRect
    move: Move


@dataclass
class Piece:
    """Something a person can pick up and drop on one of its `targets`."""

    key: Any
    rect: pygame.FRect
    sprite: Sprite
    targets: list[Target] = field(default_factory=list)


@dataclass
class TableContext:
    """What the table scene lends a game view: animation, toasts, seat names, the language."""

    animator: Animator
    timeline: Timeline
    toasts: Toasts
    names: list[str]
    clock: list[float] = field(default_factory=lambda: [0.0])
    # The target under a dragged piece, drawn brighter than the other legal targets.
    hover: Any = None
    # The move the server will make by itself after a quiet time, as the last update said:
    # {"seconds": s, "seat": n}, or None.
    timer: dict[str, Any] | None = None
    # The seats to act and the outcome, as the last update said (for the table's talk).
    to_act: list[int] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    @property
    def now(self) -> float:
        return self.clock[0]

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]


def rules_text(
    game_id: str, topic: str | None = None, name: Callable[[int], str] | None = None
) -> str:
    """A game's rules in the UI language as its voice says them (shared/talk): the goal and how
    it ends first, then the section `topic` (the moment's), then the rest."""
    rules = talk.rules(game_id)
    if rules is None:
        return i18n._("This game has no drawn table yet: the buttons list every legal move.")
    sections = sorted(rules["sections"], key=lambda section: section["id"] != topic)
    parts = [i18n.say(rules["goal"], name), i18n.say(rules["end"], name)]
    for section in sections:
        body = "\n".join(i18n.say(line, name) for line in section["text"])
        parts.append(f"{i18n.say(section['title'], name).upper()}\n{body}")
    return "\n\n".join(parts)


class TableView:
    """Base of every game's table view; see the module docstring for the contract."""

    game_id: ClassVar[str] = ""
    # Whether seats see different things: a device held by several seats then shows a curtain.
    has_secrets: ClassVar[bool] = True

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        # Grows whenever what `draw_board` draws changes; the scene caches the board until then.
        self.version = 0
        self.view: View = {}
        self.legal: list[Move] = []
        self.seat: int | None = None
        self.events: list[Event] = []
        # The moves a lesson's step teaches now (the scene sets it each frame; None outside a
        # step): a view that glows its pieces may glow only those that lead to them.
        self.taught: list[Move] | None = None
        self._talk: tuple[int, talk.Talk | None] | None = None

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        """Take a new view; animate `events` unless `fresh` (a first view, a resync)."""
        self.version += 1
        self.view, self.legal, self.events = view, legal, events
        self.seat = view.get("seat")

    # ------------------------------------------------------------------ the table's talk
    def talk(self) -> talk.Talk | None:
        """What the moment means for the seat shown (shared/talk), made from the same view,
        legal moves and events as the page's; None for a game without a voice."""
        if self._talk is None or self._talk[0] != self.version:
            said = None
            if self.view:
                moment = talk.Moment(
                    view=self.view,
                    seat=self.seat,
                    legal=self.legal,
                    to_act=list(self.ctx.to_act),
                    events=self.events,
                    outcome=self.ctx.outcome,
                )
                said = talk.talk(self.game_id, moment)
            self._talk = (self.version, said)
        return self._talk[1]

    def say(self, line: Any) -> str:
        """A line of the talk in the UI language, seats by their players' names."""
        return i18n.say(line, self.ctx.name)

    def move_talk(self, move: Move) -> dict[str, Any] | None:
        """The talk's entry (label, what it does, a warning) for one of the legal moves."""
        said = self.talk()
        if said is None:
            return None
        for i, legal in enumerate(self.legal):
            if legal is move or legal == move:
                return said["moves"][i]
        return None

    def offered_moves(self) -> list[Move]:
        """Every move the view offers the seat shown now: on its targets (with a piece or
        without) and its buttons; a view with choosers of its own adds the moves they reach."""
        moves = [target.move for target in self.loose_targets()]
        for piece in self.pieces():
            moves += [target.move for target in piece.targets]
        return moves + [move for _label, move in self.move_buttons()]

    def shown_talk(self) -> dict[str, Any] | None:
        """What the view shows of the table's talk (the tests compare it with the page's): the
        moment, the facts, and the talk's entry of each legal move it offers, by the move's
        index in the legal moves (a legal move it does not offer has none). None without a
        voice."""
        said = self.talk()
        if said is None:
            return None
        offered = self.offered_moves()
        return {
            "moment": {"headline": said["headline"], "explain": said["explain"]},
            "facts": said["facts"],
            "moves": {i: said["moves"][i] for i, m in enumerate(self.legal) if m in offered},
        }

    # ------------------------------------------------------------------ drawing
    def world_size(self) -> tuple[float, float]:
        """The board's size in world units (the camera fits it to the board area)."""
        return (100.0, 100.0)

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        """Draw what stays still between updates, within the surface's clip (the scene caches
        it and asks again when `version` changes)."""

    def take_changes(self) -> list[pygame.FRect] | None:
        """World areas whose board drawing changed since the last call; None: all of it."""
        return None

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        """Draw what moves, every frame, over the board: `hot` are target keys to highlight,
        `held` the piece in the hand."""

    def part_rect(self, part: str) -> pygame.FRect | None:
        """Where a part of the table named by the game's voice ("pawn", "previous") lies in the
        world, for a lesson's step to light it; None where this view draws no such part."""
        return None

    def lit_rect(self, target: Target, picked: bool) -> pygame.FRect:
        """Where a lesson's step or a hint lights `target` of a piece (`picked`: that piece is
        selected or held now): its own place."""
        return target.rect

    def move_places(self, move: Move) -> list[pygame.FRect]:
        """Where the controls that play `move` lie in the world besides the board's targets and
        pieces (a button, the gems a payment takes), for a lesson's step to light them."""
        return []

    def pieces(self) -> list[Piece]:
        """The pieces the seat shown may move now, each with its legal targets."""
        return []

    def loose_targets(self) -> list[Target]:
        """Legal targets that need no piece (a tap alone plays them)."""
        return []

    def tap_spots(self) -> list[tuple[str, pygame.FRect]]:
        """The view's own controls on the board (a name and a world rect each), which the
        keyboard reaches as a tap at their middle; pieces and targets come on their own."""
        return []

    def handle(self, intent: Intent, cam: Camera) -> Move | bool:
        """Input the board uses before the table does, while the seat shown may act (typing an
        amount, putting a payment together): a move dict to send it, True when the intent was
        used, False to leave it to the table."""
        return False

    def move_buttons(self) -> list[tuple[str, Move]]:
        """Legal moves that have no place on the board (pass, stop...), as (label, move)."""
        return []

    def panel_lines(self, seat: int) -> list[str]:
        """Public facts for a seat's panel (score, money where public, cards in hand)."""
        return []

    def seat_token(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float):
        """Draw the seat's colour token (by default the player colour with its symbol)."""
        from client.ui.widgets import symbol

        colour = theme.player_colour(seat)
        symbol(surface, colour.symbol, centre, r, colour.rgb)

    def status(self) -> str | None:
        """A short line about the game's state for the top bar (an extra move, a phase)."""
        return None

    def score_text(self, score: int) -> str:
        """A final score in words for the results ("12 points"; games of money say so)."""
        return i18n.ngettext("{n} point", "{n} points", score, n=i18n.number(score))

    # ------------------------------------------------------------------ words
    def event_text(self, event: Event) -> str | None:
        """One log sentence for an event in the UI language, or None to leave it out: the
        table's talk tells it where the game's voice does (the page says the same)."""
        tell = getattr(talk.voice(self.game_id), "event_line", None)
        if tell is not None:
            line = tell(event, self.view)
            return None if line is None else self.say(line)
        if event.get("type") == "game_over":
            return i18n._("The game is over.")
        return None

    def help_text(self) -> str:
        """The rules in the UI language as the game's voice says them (shared/talk), the
        section of the moment first after the goal."""
        said = self.talk()
        return rules_text(self.game_id, said["topic"] if said else None, self.ctx.name)

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        """Extra lines for the results screen (beyond the scores): what the game's voice says
        of the end (the talk's `results`), the same words as the page's."""
        found = talk.voice(self.game_id)
        sum_up = getattr(found, "result_lines", None)
        if sum_up is None or not self.view:
            return []
        return [self.say(line) for line in sum_up(outcome, self.view)]
