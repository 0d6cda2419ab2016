"""Saba – Palast der Königin on the table: the regions put together, and the state of each
update.

The board is made of regions (client/tables/regions.py), each with its own state, given the
snapshot of every update: the garden (`garden`), the right column with the serail's markers
(`column`), the quarters with the vizier (`quarters`), the trays with their rolling counts and
harbour cards (`trays`), the harbour's materials (`harbour`), the building cards (`display`),
the turn's steps in the own tray (`steps`), the glows, chips and give-back dialog (`cues`),
what flies (`air`) and the banner (`banner`). Each update's events become motion through the
choreography (motion.py), which tells the regions what to move by the notices of the view's one
`Motion`. What the seat may do is made from the snapshot by controls.py; each region answers a
tap on what lies in it. The garden, the right column, the quarters and the trays are cached by
the table scene as the board, and drawn again only where the view changed; the rest is drawn
every frame."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, TableView, Target, View
from client.tables.regions import Answer, Motion, Snapshot, snapshot
from client.tables.saba_palast import words
from client.tables.saba_palast.air import Air
from client.tables.saba_palast.banner import Banner
from client.tables.saba_palast.column import Column
from client.tables.saba_palast.controls import Controls, Interaction, Sprites, TableFrame
from client.tables.saba_palast.cues import Cues
from client.tables.saba_palast.display import Display
from client.tables.saba_palast.garden import Garden
from client.tables.saba_palast.harbour import Harbour
from client.tables.saba_palast.layout import (
    DISPLAY_AREA,
    GARDEN,
    PILES,
    QUARTER_RECTS,
    RIGHT_AREA,
    SERAIL,
    SUPPLY,
    TREASURY,
    Table,
)
from client.tables.saba_palast.motion import Choreography
from client.tables.saba_palast.quarters import Quarters
from client.tables.saba_palast.steps import Steps
from client.tables.saba_palast.trays import Trays
from shared.games.saba_palast.data import QUARTERS


class SabaPalastView(TableView):
    """The Saba table: its regions, the snapshot of each update, what the seat may do."""

    game_id = "saba-palast"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.motion = Motion(ctx)
        self.snap = Snapshot()
        self.table = Table.build(2, None)
        self.garden = Garden(self.motion)
        self.column = Column(self.motion)
        self.quarters = Quarters(self.motion)
        self.trays = Trays(self.motion)
        self.harbour = Harbour(self.motion)
        self.display = Display(self.motion)
        self.steps = Steps(self.motion)
        self.cues = Cues(self.motion)
        self.air = Air(self.motion)
        self.banner = Banner(self.motion)
        self.regions = (
            self.garden,
            self.column,
            self.quarters,
            self.trays,
            self.harbour,
            self.display,
            self.steps,
            self.cues,
            self.air,
            self.banner,
        )
        # The regions a tap reaches, topmost first (the dialog lies over the board).
        self.tappable = (
            self.cues,
            self.steps,
            self.trays,
            self.display,
            self.harbour,
            self.quarters,
            self.column,
        )
        self.choreography = Choreography(self.motion)
        self.act = Interaction()
        self.changes: list[pygame.FRect] | None = None
        self.warned_for: Any = None  # the selected piece whose warnings were said
        self.motion.subscribe("board_changed", self._changed)

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        super().show(view, legal, events, fresh)
        table = Table.build(view["players"], view.get("seat"))
        relaid = (table.players, table.seat) != (self.table.players, self.table.seat)
        self.table = table
        # A first view, a resync or another layout: everything starts from the view, at rest.
        restart = fresh or relaid or not old
        if restart:
            self.changes = None
        else:
            self._note_changes(old, view)
        self.snap = snapshot(
            view, legal, [] if restart else events, self.version, self.ctx.name, self.talk
        )
        for region in self.regions:
            region.show(self.snap, restart)
        if restart:
            self.choreography.skip()
        else:
            self.choreography.play(old, view, self.snap.events)
        sprites = Sprites(self.harbour.sprites, self.quarters.vizier, self.display.sprite)
        self.act = Controls(self.snap, table, sprites).build()
        for region in self.tappable:
            region.offer(self.act)

    def _note_changes(self, old: View, new: View) -> None:
        """Remember which board regions look different in `new`, for `take_changes`."""
        if self.changes is None:
            return
        if old["garden"] != new["garden"]:
            self.changes.append(GARDEN)
        if (old["deck_count"], old["treasury"], old["serail_figure"]) != (
            new["deck_count"],
            new["treasury"],
            new["serail_figure"],
        ):
            self.changes.extend([DISPLAY_AREA, TREASURY, SERAIL])
        if old["supply"] != new["supply"]:
            self.changes.append(SUPPLY)
        if (old["action_deck_count"], old["discard_count"]) != (
            new["action_deck_count"],
            new["discard_count"],
        ):
            self.changes.append(PILES)
        for q in QUARTERS:
            if old["quarters"][q] != new["quarters"][q]:
                self.changes.append(QUARTER_RECTS[q].inflate(8, 8))
        for seat, tray in self.table.trays.items():
            keys = ("stocks", "hand_counts", "figures", "markers", "points")
            if any(old[k][seat] != new[k][seat] for k in keys) or (
                tray.own and old.get("hand") != new.get("hand")
            ):
                self.changes.append(tray.rect.inflate(8, 8))
        if old["end"] != new["end"]:
            self.changes = None

    def take_changes(self) -> list[pygame.FRect] | None:
        changes, self.changes = self.changes, []
        return changes

    def _changed(self, area: pygame.FRect) -> None:
        """A region's still drawing changed (a flight landed): the board is drawn again there."""
        if self.changes is not None:
            self.changes.append(area)
        self.version += 1

    # ------------------------------------------------------------------ moves
    def pieces(self) -> list[Piece]:
        return self.act.pieces

    def loose_targets(self) -> list[Target]:
        return self.act.loose

    def lit_rect(self, target: Target, picked: bool) -> pygame.FRect:
        return self.act.lit_rect(target, picked)

    def answer(self, point: tuple[float, float]) -> Answer:
        """What a tap at the world `point` means: the topmost region's answer."""
        for region in self.tappable:
            said = region.hit(point)
            if said is not None:
                return said
        return None

    # ------------------------------------------------------------------ geometry
    def part_rect(self, part: str) -> pygame.FRect | None:
        """A part of the table a lesson's step names: the own tray ("tray"), its two harbour
        cards ("harbour_cards") and its ★ ("points"), the serail or the treasury."""
        if part == "serail":
            return SERAIL
        if part == "treasury":
            return TREASURY
        tray = self.table.trays.get(self.seat) if self.view else None
        if tray is None or not tray.own:
            return None
        if part == "tray":
            return tray.rect
        if part == "harbour_cards" and tray.harbour_cards:
            return tray.harbour_cards[0].union(tray.harbour_cards[-1])
        if part == "points":
            # Where the trays write the own ★.
            return pygame.FRect(tray.rect.x + 250, tray.name[1] - 16, 64, 32)
        return None

    def world_size(self) -> tuple[float, float]:
        return self.table.size

    # ------------------------------------------------------------------ the cached board
    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)

        def visible(rect: pygame.FRect) -> bool:
            return cam.rect_to_screen(rect.inflate(12, 12)).colliderect(bounds)

        if visible(GARDEN):
            self.garden.draw_still(surface, cam)
        if visible(RIGHT_AREA):
            self.column.draw_still(surface, cam)
        for q in QUARTERS:
            if visible(QUARTER_RECTS[q]):
                self.quarters.draw_quarter(surface, cam, q)
        for seat, tray in self.table.trays.items():
            if visible(tray.rect):
                self.trays.draw_tray(surface, cam, seat, tray)
        surface.set_clip(clip)

    # ------------------------------------------------------------------ every frame
    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        selected = self.act.selected(hot, held)
        frame = TableFrame(
            cam, self.ctx.now, hot, held, self.ctx.hover, self.act, selected, self.taught
        )
        self.trays.draw_turn_ring(surface, frame)
        self.harbour.draw(surface, frame)
        self.column.draw(surface, frame)
        self.trays.draw(surface, frame)
        self._toast_warnings(selected)
        self.steps.draw(surface, frame)
        self.display.draw(surface, frame)
        self.quarters.draw(surface, frame)
        self.cues.draw_glows(surface, frame)
        self.cues.draw_moved_pieces(surface, frame)
        self.cues.draw_chips(surface, frame)
        self.air.draw(surface, frame)
        self.display.draw_held(surface, frame)
        self.cues.draw_dialog(surface, frame)
        self.banner.draw(surface, frame)
        surface.set_clip(clip)

    def _toast_warnings(self, selected: Piece | None) -> None:
        """Once a piece is selected, say the warnings of the moves its next tap may make (a
        warned move's own, or its choices' chips)."""
        key = selected.key if selected is not None else None
        if key == self.warned_for:
            return
        self.warned_for = key
        if selected is None:
            return
        said = []
        for target in selected.targets:
            if key[0] != "warned" and target.key not in self.act.chips:
                continue
            entry = self.move_talk(target.move)
            if entry and entry.get("warn"):
                label = self.say(entry["label"])
                said.append(f"⚠ {label}: {self.say(entry['warn'])}")
        for line in said[:3]:
            self.ctx.toasts.show(line, life=6.0)

    # ------------------------------------------------------------------ words
    def status(self) -> str | None:
        """The moment's headline as the table's talk says it."""
        if not self.view or self.view.get("end") is not None:
            return None
        said = self.talk()
        return self.say(said["headline"]) if said else None

    def panel_lines(self, seat: int) -> list[str]:
        return words.panel_lines(self.view, seat) if self.view else []
