"""Saba – Palast der Königin on the table: what is drawn where, the state of each update.

The rooms: layout.py (where), art.py, card_art.py, regions.py and highlights.py (how it looks),
words.py (labels; the game's terms, the moment, the moves' words, the rules and the log's
sentences are the table's talk, shared/talk/saba_palast.py), controls.py (what the seat may do
now), motion.py (events turned into animations), and the drawing rooms board.py, pieces.py,
steps.py and cues.py. The board is cached by region (garden, right column, quarters, trays) and
redrawn only where the view changed; what moves — the building cards, the harbour's materials,
the vizier, the serail markers, counters, harbour cards and everything flying — is drawn every
frame."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, Sprite, TableView, View
from client.tables.saba_palast import highlights, layout, words
from client.tables.saba_palast.board import Board
from client.tables.saba_palast.controls import Controls, Interaction
from client.tables.saba_palast.cues import Cues
from client.tables.saba_palast.layout import (
    DISPLAY,
    DISPLAY_AREA,
    GARDEN,
    HARBOUR_FIELDS,
    PILES,
    QUARTER_RECTS,
    RIGHT_AREA,
    SERAIL,
    SUPPLY,
    TREASURY,
    Table,
    Tray,
)
from client.tables.saba_palast.motion import CardSprite, Flyer, Motion
from client.tables.saba_palast.pieces import Pieces
from client.tables.saba_palast.steps import Steps
from shared.games.saba_palast.data import (
    HARBOUR_CARDS,
    MATERIALS,
    QUARTERS,
)


class SabaPalastView(Controls, Motion, Board, Pieces, Steps, Cues, TableView):
    """The Saba table: the state of each update, the board and what moves over it, the words."""

    game_id = "saba-palast"
    has_secrets = True

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.table = Table.build(2, None)
        self.cards: dict[str, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.harbour_shown: list[dict[str, Any]] = []
        self.harbour_sprites = [
            Sprite(r.centerx, r.centery, home=(r.centerx, r.centery)) for r in HARBOUR_FIELDS
        ]
        self.vizier = Sprite(0.0, 0.0)
        self.markers: list[tuple[int, Sprite]] = []
        self.flyers: list[Flyer] = []
        self.rings: list[dict[str, float]] = []
        self.counts: dict[tuple[int, str], dict[str, float]] = {}
        self.sides: dict[tuple[int, str], dict[str, float]] = {}
        self.hidden: dict[Any, int] = {}
        self.batch = 0
        self.banner = {"alpha": 0.0, "scale": 1.0, "text": ""}
        self.act = Interaction()
        self.changes: list[pygame.FRect] | None = None
        self.warned_for: Any = None  # the selected piece whose warnings were said

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        old = self.view
        super().show(view, legal, events, fresh)
        table = Table.build(view["players"], view.get("seat"))
        relaid = (table.players, table.seat) != (self.table.players, self.table.seat)
        self.table = table
        self.batch += 1
        if fresh or relaid or not old:
            self._reset()
        else:
            self._note_changes(old, view)
            self._animate(old, view, events)
        self.act = self._interactions()

    def _reset(self) -> None:
        """Put everything where the view says, with nothing in flight."""
        view = self.view
        self.changes = None
        self.hidden.clear()
        self.flyers.clear()
        self.leaving.clear()
        self.rings.clear()
        self.cards = {}
        for slot, card in enumerate(view["display"]):
            if card is not None:
                x, y = DISPLAY[slot].center
                self.cards[card] = CardSprite(x, y, home=(x, y), card=card)
        self.harbour_shown = [dict(h) for h in view["harbour"]]
        for sprite in self.harbour_sprites:
            sprite.x, sprite.y = sprite.home
            sprite.alpha = 255.0
        home = layout.vizier_pos(view["vizier"])
        self.vizier = Sprite(*home, home=home)
        self.markers = []
        for i, seat in enumerate(view["serail"]):
            pos = layout.serail_space(i)
            self.markers.append((seat, Sprite(*pos, home=pos)))
        self.counts = {
            (seat, m): {"v": float(stock[m])}
            for seat, stock in enumerate(view["stocks"])
            for m in MATERIALS
        }
        self.sides = {
            (seat, card): {"turn": 1.0, "old": float(HARBOUR_CARDS[card][side])}
            for seat, cards in enumerate(view["harbour_cards"])
            for card, side in cards.items()
        }
        self.banner["alpha"] = 0.0

    def _note_changes(self, old: View, new: View) -> None:
        """Remember which board regions look different in `new`, for `take_changes`."""
        if self.changes is None:
            return
        # Hidden things of earlier updates show again: their flights belong to an older view.
        for key in list(self.hidden):
            self.changes.append(self._hidden_region(key))
        self.hidden.clear()
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

    def _changed(self, rect: pygame.FRect) -> None:
        if self.changes is not None:
            self.changes.append(rect)
        self.version += 1

    def _hidden_region(self, key: Any) -> pygame.FRect:
        kind = key[0]
        if kind in ("level", "balcony", "left"):
            return GARDEN
        if kind == "qfig":
            return QUARTER_RECTS[key[1]].inflate(8, 8)
        if kind == "treasury":
            return TREASURY
        if kind == "serail_figure":
            return SERAIL
        return self.table.trays[key[1]].rect.inflate(8, 8)

    # ------------------------------------------------------------------ positions
    def tray(self, seat: int) -> Tray:
        return self.table.trays[seat]

    def token_home(self, seat: int, material: str) -> tuple[float, float]:
        return self.tray(seat).tokens[material]

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
            # Where `_draw_tray` writes the own ★.
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
        s = round(cam.scale, 5)
        if self._region_visible(GARDEN, cam, bounds):
            self._draw_garden(surface, cam, s)
        if self._region_visible(RIGHT_AREA, cam, bounds):
            self._draw_right(surface, cam, s)
        for q in QUARTERS:
            if self._region_visible(QUARTER_RECTS[q], cam, bounds):
                self._draw_quarter(surface, cam, s, q)
        for seat, tray in self.table.trays.items():
            if self._region_visible(tray.rect, cam, bounds):
                self._draw_tray(surface, cam, s, seat, tray)
        surface.set_clip(clip)

    # ------------------------------------------------------------------ every frame
    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        self._draw_turn_ring(surface, cam)
        self._draw_harbour(surface, cam)
        self._draw_serail(surface, cam)
        self._draw_counts(surface, cam)
        self._draw_harbour_cards(surface, cam, held)
        selected = self._selected(hot, held)
        self._toast_warnings(selected)
        self._draw_steps(surface, cam, hot, selected)
        self._draw_cards(surface, cam, held)
        self._draw_vizier(surface, cam, held)
        self._draw_glows(surface, cam, hot, selected)
        self._draw_moved_pieces(surface, cam, held)
        self._draw_chips(surface, cam, hot)
        self._draw_flyers(surface, cam)
        if held is not None and isinstance(held.sprite, CardSprite):
            self._draw_card(surface, cam, held.sprite)
        self._draw_dialog(surface, cam, hot)
        if self.banner["alpha"] > 1:
            size = max(18, round(cam.area.h * 0.06 * self.banner["scale"]))
            box = highlights.banner(self.banner["text"], size)
            box.set_alpha(round(self.banner["alpha"]))
            surface.blit(box, box.get_rect(center=cam.area.center))
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
        view = self.view
        if not view:
            return []
        stock = words.ui("panel_stock", materials=sum(view["stocks"][seat].values()))
        if view.get("end") is not None:
            first = words.ui("panel_final", points=view["points"][seat])
        else:
            first = words.ui(
                "panel_points", points=view["points"][seat], cards=view["hand_counts"][seat]
            )
        return [first, stock]
