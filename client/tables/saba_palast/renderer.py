"""Saba – Palast der Königin on the table.

What is drawn where is in layout.py, how it looks in art.py, the words in words.py. The board
is cached by region (garden, right column, quarters, trays) and redrawn only where the view
changed; what moves — the building cards, the harbour's materials, the vizier, the serail
markers, counters, harbour cards and everything flying — is drawn every frame.

Interaction comes only from the legal moves the server sent:
  - a move that needs one choice is a tap target (a harbour field, a quarter, a card in hand,
    the action pile, the step button);
  - a move that needs two is a piece and its targets: a building card and its garden field,
    harbour field 2 and the card it removes, harbour field 3 (or the vizier) and the quarter
    he goes to, a figure from the supply and a quarter, a quarter figure and where it moves
    (profi);
  - where one target allows several moves (the exchange's and bazaar's swaps, where a
    builder's figure comes from, what he leaves on the field) the choices appear as chips
    beside it while the piece is held or selected.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.tables.base import Camera, Event, Move, Piece, Sprite, TableView, Target, View
from client.tables.saba_palast import art, layout, words
from client.tables.saba_palast.layout import (
    ACTION_DECK,
    BALCONIES,
    CARD_H,
    CARD_W,
    DECK,
    DISCARD,
    DISPLAY,
    DISPLAY_AREA,
    FIELDS,
    GARDEN,
    HARBOUR,
    HARBOUR_FIELDS,
    PILES,
    QUARTER_RECTS,
    SERAIL,
    SUPPLY,
    SURCHARGE,
    TREASURY,
    Table,
    Tray,
    W,
)
from client.ui import theme
from client.ui.anim import FLIP, MOVE, STAGGER, pulse
from client.ui.widgets import symbol
from shared.games.saba_palast.data import (
    CARDS,
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    HARBOUR_CARDS,
    MATERIALS,
    QUARTER_MATERIAL,
    QUARTERS,
    STOCK_LIMIT,
)

RIGHT_AREA = pygame.FRect(
    DISPLAY_AREA.x, DISPLAY_AREA.y, W - DISPLAY_AREA.x, PILES.bottom - DISPLAY_AREA.y
)
HARBOUR_TOKEN = 38.0
SUPPLY_TOKEN = 40.0
BALCONY_FIGURE = 36.0
QUARTER_FIGURE = 30.0
VIZIER = 56.0
MARKER = 36.0
PART = 40.0
CHIP_W, CHIP_H = 92.0, 50.0
STEP_PHASES = ("harbour", "build", "quarter", "draw")
DIALOG = pygame.FRect(W / 2 - 400, layout.TOP + 150, 800, 300)


@dataclass
class CardSprite(Sprite):
    """A building card on the table; `turn` 0 shows its back, 1 its face (a flip passes 0.5)."""

    card: str = ""
    turn: float = 1.0


@dataclass
class Flyer:
    """Something in flight over the board: a token, figure, marker or card."""

    kind: str
    what: Any
    sprite: Sprite
    size: float
    turn: float = 1.0


@dataclass
class Chip:
    """One choice in a popup beside a target: the move it makes and what it shows."""

    key: Any
    rect: pygame.FRect
    move: Move
    popup: int


@dataclass
class Interaction:
    pieces: list[Piece] = field(default_factory=list)
    loose: list[Target] = field(default_factory=list)
    rects: dict[Any, pygame.FRect] = field(default_factory=dict)
    chips: dict[Any, Chip] = field(default_factory=dict)
    popups: dict[int, pygame.FRect] = field(default_factory=dict)
    button: Move | None = None


def _card_rect(x: float, y: float, scale: float = 1.0) -> pygame.FRect:
    w, h = CARD_W * scale, CARD_H * scale
    return pygame.FRect(x - w / 2, y - h / 2, w, h)


class SabaPalastView(TableView):
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

    # ------------------------------------------------------------------ animation
    def _at(self, delay: float, action) -> None:
        """Run `action` after `delay` seconds (at once when the timeline skips ahead)."""
        self.ctx.animator.animate({"t": 0.0}, 0.001, delay=delay, on_finished=action, t=1.0)

    def _hide(self, key: Any) -> None:
        self.hidden[key] = self.batch

    def _show_again(self, key: Any, batch: int) -> None:
        if self.hidden.get(key) == batch:
            del self.hidden[key]
            self._changed(self._hidden_region(key))

    def _fly(
        self,
        kind: str,
        what: Any,
        start: tuple[float, float],
        end: tuple[float, float],
        delay: float,
        size: float,
        end_size: float | None = None,
        reveal: Any = None,
        fade: bool = False,
        turn: bool = False,
    ) -> None:
        """Send a token, figure, marker or card from `start` to `end` after `delay`; when it
        lands, the hidden thing `reveal` shows on the board."""
        sprite = Sprite(start[0], start[1], home=end, alpha=0.0)
        flyer = Flyer(kind, what, sprite, size, turn=0.0 if turn else 1.0)
        self.flyers.append(flyer)
        batch = self.batch
        if reveal is not None:
            self._hide(reveal)

        def landed() -> None:
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            if reveal is not None:
                self._show_again(reveal, batch)

        animator = self.ctx.animator
        animator.animate(sprite, 0.001, delay=delay, alpha=255.0)
        scale = (end_size or size) / size
        animator.animate(
            sprite, MOVE, delay=delay, x=end[0], y=end[1], scale=scale, on_finished=landed
        )
        if fade:
            animator.animate(sprite, MOVE, delay=delay + MOVE * 0.4, alpha=0.0)
        if turn:
            animator.animate(flyer, FLIP, delay=delay + MOVE * 0.5, turn=1.0)

    def _animate(self, old: View, new: View, events: list[Event]) -> None:
        """Turn one update's events into animations, one after another on a running clock."""
        plan = Plan(self, old, new)
        for event in events:
            handler = getattr(plan, f"on_{event.get('type')}", None)
            if handler is not None:
                handler(event)
        plan.finish()
        total = plan.t
        self.ctx.timeline.add(lambda: min(0.4, total))

    # ------------------------------------------------------------------ positions
    def tray(self, seat: int) -> Tray:
        return self.table.trays[seat]

    def token_home(self, seat: int, material: str) -> tuple[float, float]:
        return self.tray(seat).tokens[material]

    # ------------------------------------------------------------------ input
    def _interactions(self) -> Interaction:
        act = Interaction()
        if self.seat is None or not self.legal:
            return act
        by_type: dict[str, list[Move]] = defaultdict(list)
        for move in self.legal:
            by_type[move["type"]].append(move)
        tray = self.tray(self.seat)
        self._use_targets(act, by_type["use_quarter"])
        self._harbour_targets(act, tray, by_type["harbour"])
        self._build_targets(act, by_type["build"], by_type["fulfil"])
        self._quarter_targets(act, tray, by_type["place_figure"], by_type["move_figure"])
        self._hand_targets(act, tray, by_type["play_card"])
        self._return_targets(act, by_type["return_material"], by_type["discard_card"])
        for kind in ("pass", "draw", "end_turn"):
            for move in by_type[kind]:
                act.button = move
                self._loose(act, ("button", kind), tray.button, move)
                if kind == "draw":
                    self._loose(act, ("draw",), ACTION_DECK, move)
        return act

    @staticmethod
    def _loose(act: Interaction, key: Any, rect: pygame.FRect, move: Move) -> Target:
        target = Target(key, rect, move)
        act.loose.append(target)
        act.rects[key] = rect
        return target

    @staticmethod
    def _target(act: Interaction, key: Any, rect: pygame.FRect, move: Move) -> Target:
        act.rects[key] = rect
        return Target(key, rect, move)

    def _chips(
        self, act: Interaction, anchor: pygame.FRect, moves: list[Move], key: Any
    ) -> list[Target]:
        """Choices for one target as a popup of chips beside it (above when there is room)."""
        popup_id = len(act.popups)
        cols = min(len(moves), 3)
        rows = math.ceil(len(moves) / cols)
        w = cols * (CHIP_W + 8) + 8
        h = rows * (CHIP_H + 8) + 8
        x = min(max(0.0, anchor.centerx - w / 2), W - w)
        y = anchor.y - h - 6 if anchor.y - h - 6 >= 0 else anchor.bottom + 6
        popup = pygame.FRect(x, y, w, h)
        act.popups[popup_id] = popup
        targets = []
        for i, move in enumerate(moves):
            row, col = divmod(i, cols)
            rect = pygame.FRect(
                x + 8 + col * (CHIP_W + 8), y + 8 + row * (CHIP_H + 8), CHIP_W, CHIP_H
            )
            chip_key = (*key, i)
            act.chips[chip_key] = Chip(chip_key, rect, move, popup_id)
            targets.append(self._target(act, chip_key, rect, move))
        return targets

    def _harbour_targets(self, act: Interaction, tray: Tray, moves: list[Move]) -> None:
        by_field: dict[int, list[Move]] = defaultdict(list)
        for move in moves:
            by_field[move["field"]].append(move)
        card_rects = self._harbour_card_rects(self.seat)
        for f, group in sorted(by_field.items()):
            rect = HARBOUR_FIELDS[f - 1]
            card_rect = card_rects.get(f)
            if len(group) == 1 and set(group[0]) == {"type", "field"}:
                self._loose(act, ("harbour", f), rect, group[0])
                if card_rect is not None:
                    self._loose(act, ("harbour_card", f), card_rect, group[0])
                continue
            targets: list[Target] = []
            if f == 2:
                for move in group:
                    slot = self.view["display"].index(move["remove"])
                    targets.append(
                        self._target(act, ("remove", move["remove"]), DISPLAY[slot], move)
                    )
            else:
                by_quarter: dict[str, list[Move]] = defaultdict(list)
                for move in group:
                    by_quarter[move["vizier"]].append(move)
                for q, options in by_quarter.items():
                    if len(options) == 1:
                        targets.append(
                            self._target(act, ("vizier", q), QUARTER_RECTS[q], options[0])
                        )
                    else:
                        targets += self._chips(act, QUARTER_RECTS[q], options, ("vizier", q))
            sprite = self.harbour_sprites[f - 1]
            act.pieces.append(Piece(("harbour", f), rect, sprite, targets))
            if card_rect is not None:
                cx, cy = card_rect.center
                act.pieces.append(
                    Piece(("harbour_card", f), card_rect, Sprite(cx, cy, home=(cx, cy)), targets)
                )
            if f == 3:
                vx, vy = self.vizier.home
                rect_v = pygame.FRect(vx - 22, vy - VIZIER / 2, 44, VIZIER)
                act.pieces.append(Piece(("vizier",), rect_v, self.vizier, targets))

    def _build_targets(self, act: Interaction, builds: list[Move], fulfils: list[Move]) -> None:
        display = self.view["display"]
        by_card: dict[str, list[Move]] = defaultdict(list)
        for move in builds:
            by_card[move["card"]].append(move)
        for card, group in by_card.items():
            f = CARDS[card]["field"]
            if len(group) == 1:
                targets = [self._target(act, ("field", f), FIELDS[f - 1], group[0])]
            else:
                targets = self._chips(act, FIELDS[f - 1], group, ("build", card))
            sprite = self.cards.get(card)
            slot = display.index(card)
            if sprite is None:
                x, y = DISPLAY[slot].center
                sprite = self.cards[card] = CardSprite(x, y, home=(x, y), card=card)
            act.pieces.append(Piece(("card", card), DISPLAY[slot], sprite, targets))
        for move in fulfils:
            slot = display.index(move["card"])
            self._loose(act, ("fulfil", move["card"]), DISPLAY[slot], move)

    def _use_targets(self, act: Interaction, moves: list[Move]) -> None:
        by_quarter: dict[str, list[Move]] = defaultdict(list)
        for move in moves:
            by_quarter[move["quarter"]].append(move)
        for q, group in by_quarter.items():
            badge = layout.quarter_badge(q)
            if len(group) == 1 and "give" not in group[0]:
                self._loose(act, ("use", q), badge, group[0])
                continue
            targets = self._chips(act, QUARTER_RECTS[q], group, ("swap", q))
            cx, cy = badge.center
            act.pieces.append(Piece(("badge", q), badge, Sprite(cx, cy, home=(cx, cy)), targets))

    def _quarter_targets(
        self, act: Interaction, tray: Tray, places: list[Move], moves: list[Move]
    ) -> None:
        if places:
            targets = [
                self._loose(act, ("quarter", m["quarter"]), QUARTER_RECTS[m["quarter"]], m)
                for m in places
            ]
            fx, fy = tray.figures
            rect = pygame.FRect(fx - 24, fy - 30, 48, 60)
            act.pieces.append(
                Piece(("supply_figure",), rect, Sprite(fx, fy, home=(fx, fy)), targets)
            )
        by_source: dict[str, list[Move]] = defaultdict(list)
        for move in moves:
            by_source[move["from"]].append(move)
        for src, group in by_source.items():
            standing = self.view["quarters"][src]
            index = standing.index(self.seat)
            fx, fy = layout.quarter_figure(src, index)
            targets = [
                self._target(act, ("move_to", src, m["to"]), QUARTER_RECTS[m["to"]], m)
                for m in group
            ]
            rect = pygame.FRect(fx - 13, fy - 18, 26, 36)
            act.pieces.insert(
                0, Piece(("quarter_figure", src), rect, Sprite(fx, fy, home=(fx, fy)), targets)
            )

    def _hand_targets(self, act: Interaction, tray: Tray, plays: list[Move]) -> None:
        if not plays or self.view["phase"] == "return":
            return
        playable = {m["card"]: m for m in plays}
        hand = self.view.get("hand", [])
        for i, card in enumerate(hand):
            if card in playable:
                self._loose(act, ("play", i), tray.hand_card(i, len(hand)), playable[card])

    def _return_targets(self, act: Interaction, materials: list[Move], cards: list[Move]) -> None:
        by_material = {m["material"]: m for m in materials}
        for m, rect in self._dialog_tokens().items():
            if m in by_material:
                self._loose(act, ("return", m), rect, by_material[m])
        by_card = {m["card"]: m for m in cards}
        for i, (card, rect) in enumerate(self._dialog_cards()):
            if card in by_card:
                self._loose(act, ("discard", i), rect, by_card[card])

    def _dialog_tokens(self) -> dict[str, pygame.FRect]:
        d = DIALOG
        return {
            m: pygame.FRect(d.x + 120 + i * 100, d.y + 86, 70, 70) for i, m in enumerate(MATERIALS)
        }

    def _dialog_cards(self) -> list[tuple[str, pygame.FRect]]:
        hand = self.view.get("hand", [])
        d = DIALOG
        step = min(84.0, 420 / max(1, len(hand)))
        return [
            (card, pygame.FRect(d.x + 120 + i * step, d.y + 186, 62, 88))
            for i, card in enumerate(hand)
        ]

    def _harbour_card_rects(self, seat: int | None) -> dict[int, pygame.FRect]:
        if seat is None or seat not in self.table.trays:
            return {}
        tray = self.tray(seat)
        cards = self.view["harbour_cards"][seat]
        return {
            HARBOUR_CARDS[card][side]: tray.harbour_cards[i]
            for i, (card, side) in enumerate(sorted(cards.items()))
        }

    def pieces(self) -> list[Piece]:
        return self.act.pieces

    def loose_targets(self) -> list[Target]:
        return self.act.loose

    # ------------------------------------------------------------------ geometry
    def world_size(self) -> tuple[float, float]:
        return self.table.size

    # ------------------------------------------------------------------ drawing helpers
    @staticmethod
    def _px(units: float, cam: Camera) -> int:
        return max(4, round(units * cam.scale))

    @staticmethod
    def _px_moving(units: float, cam: Camera) -> int:
        """A size for something that grows or shrinks in flight, in steps of 3 px so the
        cached drawings are reused from frame to frame."""
        return max(6, round(units * cam.scale / 3) * 3)

    @staticmethod
    def _blit(surface: pygame.Surface, image: pygame.Surface, cam: Camera, pos, anchor="center"):
        x, y = cam.to_screen(*pos)
        surface.blit(image, image.get_rect(**{anchor: (round(x), round(y))}))

    @staticmethod
    def _size(units: float, cam: Camera) -> int:
        """The type size for text `units` tall: never below the table's minimum."""
        return art.text_size(units * cam.scale)

    @staticmethod
    def _text(
        surface: pygame.Surface,
        s: str,
        units: float,
        cam: Camera,
        pos,
        colour=theme.TEXT,
        bold=False,
        anchor="center",
        within: pygame.FRect | None = None,
    ) -> None:
        """Text `units` tall at world `pos`, at least `art.MIN_TEXT` px; kept inside the
        world rect `within` (its board region) when it grows past the drawing's scale."""
        size = art.text_size(units * cam.scale)
        x, y = cam.to_screen(*pos)
        if within is None:
            theme.blit_text(surface, s, size, (x, y), colour, bold, anchor)
            return
        image = theme.text(s, size, colour, bold)
        rect = image.get_rect(**{anchor: (round(x), round(y))})
        surface.blit(image, rect.clamp(cam.rect_to_screen(within)))

    def _region_visible(self, rect: pygame.FRect, cam: Camera, bounds: pygame.Rect) -> bool:
        return cam.rect_to_screen(rect.inflate(12, 12)).colliderect(bounds)

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

    def _draw_garden(self, surface: pygame.Surface, cam: Camera, s: float) -> None:
        image = art.garden(
            s,
            tuple(tuple(f) for f in FIELDS),
            tuple(BALCONIES),
            tuple(layout.PALACE),
            tuple(GARDEN),
        )
        self._blit(surface, image, cam, GARDEN.topleft, "topleft")
        size = self._px(PART, cam)
        for i, spot in enumerate(self.view["garden"]):
            f = i + 1
            rect = FIELDS[i]
            levels = spot["levels"]
            top = max(levels) if levels else 0
            for level in (1, 2, 3):
                if level in levels and ("level", f, level) not in self.hidden:
                    state = "built"
                elif level < top:
                    state = "skipped"
                else:
                    state = "open"
                pos = (rect.x + 31 + (level - 1) * 44, rect.bottom - 44)
                self._blit(surface, art.part(level, size, state), cam, pos)
            if spot["material"] is not None and ("left", f) not in self.hidden:
                token = art.token(spot["material"], self._px(30, cam))
                self._blit(surface, token, cam, (rect.right - 22, rect.y + 22))
            seat = spot["figure"]
            if seat is not None and ("balcony", f) not in self.hidden:
                bx, by = BALCONIES[i]
                self._blit(
                    surface, art.figure(seat, self._px(BALCONY_FIGURE, cam)), cam, (bx, by - 8)
                )

    def _draw_right(self, surface: pygame.Surface, cam: Camera, s: float) -> None:
        view = self.view
        treasury = words.ui("treasury")
        size = self._size(18, cam)
        if theme.font(size, True).size(treasury)[0] > (TREASURY.w - 20) * cam.scale:
            treasury = words.ui("treasury_short")
        labels = (words.ui("serail"), treasury, words.ui("harbour"), words.ui("supply"))
        image = art.right_column(
            s,
            tuple(RIGHT_AREA),
            tuple(tuple(r) for r in DISPLAY),
            tuple(tuple(r) for r in SURCHARGE),
            tuple(DECK),
            tuple(SERAIL),
            view["serail_spaces"],
            tuple(layout.serail_space(i) for i in range(6)),
            tuple(TREASURY),
            tuple(HARBOUR),
            tuple(tuple(r) for r in HARBOUR_FIELDS),
            tuple(SUPPLY),
            tuple(PILES),
            labels,
        )
        self._blit(surface, image, cam, RIGHT_AREA.topleft, "topleft")
        # The palace deck.
        if view["deck_count"]:
            back = art.card_back(self._px(DECK.w, cam), self._px(DECK.h, cam), "palace")
            self._blit(surface, back, cam, DECK.center)
        self._count(
            surface, cam, view["deck_count"], (DECK.centerx, DECK.bottom + 14), within=DISPLAY_AREA
        )
        # Treasury and the serail figure (profi).
        size = self._px(26, cam)
        for i, seat in enumerate(view["treasury"]):
            if ("treasury", i) not in self.hidden:
                self._blit(surface, art.figure(seat, size), cam, layout.treasury_spot(i))
        if view["serail_figure"] is not None and ("serail_figure",) not in self.hidden:
            pos = (SERAIL.right - 20, SERAIL.y + 18)
            self._blit(surface, art.figure(view["serail_figure"], size), cam, pos)
        # Supply, action cards and discards.
        tsize = self._px(SUPPLY_TOKEN, cam)
        for m in MATERIALS:
            x, y = layout.supply_token(m)
            left = view["supply"][m]
            token = art.token(m, tsize)
            if left == 0:
                token = token.copy()
                token.set_alpha(90)
            self._blit(surface, token, cam, (x, y))
            self._count(surface, cam, left, (x, y + 34), within=SUPPLY)
        if view["action_deck_count"]:
            back = art.card_back(self._px(ACTION_DECK.w, cam), self._px(ACTION_DECK.h, cam))
            self._blit(surface, back, cam, ACTION_DECK.center)
        self._pile_count(surface, cam, view["action_deck_count"], ACTION_DECK)
        if view["discard_count"]:
            back = art.card_back(self._px(DISCARD.w, cam), self._px(DISCARD.h, cam)).copy()
            back.set_alpha(130)
            self._blit(surface, back, cam, DISCARD.center)
        self._pile_count(surface, cam, view["discard_count"], DISCARD)

    def _pile_count(self, surface, cam, n: int, pile: pygame.FRect) -> None:
        """How many cards a pile holds: beside it, or on a dark tag over its foot where the
        type is too large for the gap beside it."""
        size = self._size(18, cam)
        image = theme.text(str(n), size, theme.TEXT, True)
        if image.get_width() / cam.scale <= 28:
            self._count(surface, cam, n, (pile.right + 16, pile.bottom - 10), within=PILES)
            return
        x, y = cam.to_screen(pile.centerx, pile.bottom)
        rect = image.get_rect(midbottom=(round(x), round(y) - 2)).inflate(6, -2)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.h // 3)
        pygame.draw.rect(surface, theme.GOLD_DARK, rect, 1, border_radius=rect.h // 3)
        surface.blit(image, image.get_rect(center=rect.center))

    def _count(self, surface, cam, n: int, pos, colour=theme.TEXT, within=None) -> None:
        self._text(surface, str(n), 18, cam, pos, colour, bold=True, within=within)

    @staticmethod
    def _quarter_names(cam: Camera) -> tuple[dict[str, tuple[str, ...]], int]:
        """Each quarter's name in lines that fit its tile at this scale, and the most lines
        any of them needs."""
        size = art.text_size(18 * cam.scale)
        width = (QUARTER_RECTS[QUARTERS[0]].w - 14) * cam.scale
        font = theme.font(size, True)
        names = {
            q: words.quarter_lines(q, lambda line: font.size(line)[0] <= width) for q in QUARTERS
        }
        return names, max(len(lines) for lines in names.values())

    def _draw_quarter(self, surface: pygame.Surface, cam: Camera, s: float, q: str) -> None:
        rect = QUARTER_RECTS[q]
        gives = QUARTER_MATERIAL.get(q, "")
        swaps = "gold>alabaster" if q == "exchange" else "sandstone>ebony"
        names, band = self._quarter_names(cam)
        image = art.quarter_tile(
            q, s, tuple(rect), names[q], band, tuple(layout.quarter_badge(q)), gives, swaps
        )
        self._blit(surface, image, cam, (rect.x - 4, rect.y - 4), "topleft")
        size = self._px(QUARTER_FIGURE, cam)
        for i, seat in enumerate(self.view["quarters"][q]):
            if ("qfig", q, i) not in self.hidden:
                self._blit(surface, art.figure(seat, size), cam, layout.quarter_figure(q, i))

    def _draw_tray(
        self, surface: pygame.Surface, cam: Camera, s: float, seat: int, tray: Tray
    ) -> None:
        view = self.view
        image = art.tray(s, tuple(tray.rect), seat, tray.own)
        self._blit(surface, image, cam, (tray.rect.x - 4, tray.rect.y - 4), "topleft")
        name = self.ctx.name(seat)
        width = tray.rect.w - 110 if not tray.own else 240
        size = self._size(20, cam)
        label = theme.fit_text(name, size, max(20, round(width * cam.scale)), bold=True)
        self._text(surface, label, 20, cam, tray.name, theme.TEXT, True, "midleft", tray.rect)
        colour = theme.player_colour(seat)
        x, y = cam.to_screen(tray.name[0] - 16, tray.name[1])
        symbol(surface, colour.symbol, (x, y), max(3, 10 * cam.scale), colour.rgb)
        # Points.
        px = tray.rect.right - 40 if not tray.own else tray.rect.x + 260
        self._text(
            surface,
            f"★ {view['points'][seat]}",
            20,
            cam,
            (px, tray.name[1]),
            theme.GOLD_LIGHT,
            True,
            within=tray.rect,
        )
        tsize = self._px(tray.token_size, cam)
        for m, pos in tray.tokens.items():
            token = art.token(m, tsize)
            if view["stocks"][seat][m] == 0:
                token = token.copy()
                token.set_alpha(80)
            self._blit(surface, token, cam, pos)
        if tray.own:
            hand = view.get("hand", [])
            w, h = self._px(68, cam), self._px(96, cam)
            for i, card in enumerate(hand):
                if ("hand", seat, i) in self.hidden:
                    continue
                rect = tray.hand_card(i, len(hand))
                self._blit(surface, art.action_card(card, w, h), cam, rect.center)
            if not hand:
                self._text(surface, "—", 20, cam, tray.hand.center, theme.TEXT_DIM)
        else:
            back = art.card_back(self._px(tray.hand.w, cam), self._px(tray.hand.h, cam))
            self._blit(surface, back, cam, tray.hand.center)
            n = view["hand_counts"][seat]
            gap = (tray.figures[0] - tray.hand.centerx) * cam.scale
            if gap < theme.font(self._size(18, cam), True).size(str(n))[0] + 4:
                # No room below beside the figures' count: on the card back itself.
                self._count(surface, cam, n, tray.hand.center, within=tray.rect)
            else:
                pos = (tray.hand.centerx, tray.hand.bottom + 12)
                self._count(surface, cam, n, pos, within=tray.rect)
        fig = 40 if tray.own else 30
        self._blit(surface, art.figure(seat, self._px(fig, cam)), cam, tray.figures)
        below = fig / 2 + 10
        figures = (tray.figures[0], tray.figures[1] + below)
        self._count(surface, cam, view["figures"][seat], figures, within=tray.rect)
        size = 26 if tray.own else 24
        self._blit(surface, art.marker(seat, self._px(size, cam)), cam, tray.markers)
        markers = (tray.markers[0], tray.figures[1] + below)
        self._count(surface, cam, view["markers"][seat], markers, within=tray.rect)

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
            box = art.banner(self.banner["text"], size)
            box.set_alpha(round(self.banner["alpha"]))
            surface.blit(box, box.get_rect(center=cam.area.center))
        surface.set_clip(clip)

    def _draw_turn_ring(self, surface: pygame.Surface, cam: Camera) -> None:
        """A pulsing gold edge around the tray of the player whose turn it is."""
        seat = self.view["turn"]
        if self.view["end"] is not None or seat not in self.table.trays:
            return
        rect = cam.rect_to_screen(self.table.trays[seat].rect.inflate(2, 2))
        colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, pulse(self.ctx.now))
        width = max(2, round(4 * cam.scale))
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, round(14 * cam.scale)))

    def _selected(self, hot: set[Any], held: Piece | None) -> Piece | None:
        if held is not None:
            return held
        if not hot:
            return None
        for piece in self.act.pieces:
            if piece.targets and {t.key for t in piece.targets} == hot:
                return piece
        return None

    def _draw_harbour(self, surface: pygame.Surface, cam: Camera) -> None:
        size = self._px(HARBOUR_TOKEN, cam)
        for i, slot in enumerate(self.harbour_shown):
            sprite = self.harbour_sprites[i]
            dx, dy = sprite.x - sprite.home[0] + sprite.shake, sprite.y - sprite.home[1]
            token = art.token(slot["material"], size)
            if sprite.alpha < 255:
                token = token.copy()
                token.set_alpha(round(sprite.alpha))
            count = slot["count"]
            for k in range(count):
                x, y = layout.harbour_token(i, k, count)
                self._blit(surface, token, cam, (x + dx, y + dy))

    def _draw_serail(self, surface: pygame.Surface, cam: Camera) -> None:
        size = self._px(MARKER, cam)
        for seat, sprite in self.markers:
            image = art.marker(seat, size)
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(round(sprite.alpha))
            self._blit(surface, image, cam, (sprite.x, sprite.y))
        leader = self.view.get("serail_leader")
        if leader is not None and self.markers:
            # After the serail's label, however wide that is drawn.
            label = theme.font(self._size(18, cam), True).size(words.ui("serail"))[0]
            crown = max(SERAIL.x + 100, SERAIL.x + 12 + label / cam.scale + 8)
            self._text(
                surface, "♛", 20, cam, (crown, SERAIL.y + 16), theme.GOLD_LIGHT, True, "midleft"
            )
            width = theme.font(self._size(20, cam), True).size("♛")[0]
            colour = theme.player_colour(leader)
            x, y = cam.to_screen(crown + width / cam.scale + 10, SERAIL.y + 16)
            symbol(surface, colour.symbol, (x, y), max(3, 8 * cam.scale), colour.rgb)

    def _draw_counts(self, surface: pygame.Surface, cam: Camera) -> None:
        """Material counts in the trays, rolling when they change."""
        for seat, tray in self.table.trays.items():
            for m, (x, y) in tray.tokens.items():
                value = self.counts.get((seat, m), {"v": 0.0})["v"]
                n = round(value)
                units = 22 if tray.own else 17
                below = tray.token_size / 2 + 1
                colour = theme.TEXT if n else theme.TEXT_DIM
                self._text(
                    surface, str(n), units, cam, (x, y + below), colour, True, "midtop", tray.rect
                )

    def _draw_harbour_cards(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        for seat, tray in self.table.trays.items():
            cards = self.view["harbour_cards"][seat]
            for i, (card, side) in enumerate(sorted(cards.items())):
                rect = tray.harbour_cards[i]
                flip = self.sides.get((seat, card), {"turn": 1.0, "old": 0.0})
                turn = flip["turn"]
                f = HARBOUR_CARDS[card][side] if turn >= 0.5 else round(flip["old"])
                w = self._px(rect.w, cam)
                h = self._px(rect.h, cam)
                image = art.harbour_card(f, w, h)
                squeeze = abs(2 * turn - 1)
                cx, cy = rect.center
                piece = self._piece(("harbour_card", f)) if seat == self.seat else None
                if piece is not None:
                    sprite = piece.sprite
                    cx, cy = sprite.x + sprite.shake, sprite.y - sprite.lift * 6
                if squeeze < 0.999:
                    image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
                self._blit(surface, image, cam, (cx, cy))

    def _draw_steps(
        self, surface: pygame.Surface, cam: Camera, hot: set[Any], selected: Piece | None
    ) -> None:
        """The turn's four steps in the own tray, the current one lit; and its step button, or
        where a step has none, what to do now."""
        if self.seat is None:
            return
        tray = self.tray(self.seat)
        mine = self.view["turn"] == self.seat and self.view["end"] is None
        phase = self.view["phase"]
        labels = words.ui("steps_short").split("|")
        r = tray.steps
        step = r.w / 4
        current = STEP_PHASES.index(phase) if phase in STEP_PHASES else 4
        label_size = self._size(14, cam)
        font = theme.font(label_size, True)
        # Each step is named under its number where the names fit; on a small board only the
        # current one is, centred under the row (the title bar names it too).
        each = all(font.size(label)[0] <= step * cam.scale - 4 for label in labels)
        radius = max(15.0, self._size(17, cam) * 0.68 / cam.scale)
        below = r.y + 18 + max(28.0, radius + label_size * 0.55 / cam.scale)
        for i, label in enumerate(labels):
            cx = r.x + step * (i + 0.5)
            cy = r.y + 18
            if mine and i == current:
                fill, ink = theme.GOLD, theme.INK
            elif mine and i < current:
                fill, ink = theme.mix(theme.GOLD_DARK, theme.TABLE, 0.5), theme.TEXT_DIM
            else:
                fill, ink = theme.TABLE_LIGHT, theme.TEXT_DIM
            x, y = cam.to_screen(cx, cy)
            pygame.draw.circle(surface, fill, (x, y), radius * cam.scale)
            self._text(surface, str(i + 1), 17, cam, (cx, cy), ink, True)
            colour = theme.GOLD_LIGHT if mine and i == current else theme.TEXT_DIM
            if each:
                self._text(surface, label, 14, cam, (cx, below), colour, mine and i == current)
            elif mine and i == current:
                self._text(surface, label, 14, cam, (r.centerx, below), colour, True, within=r)
            if i < 3:
                a = cam.to_screen(cx + radius + 3, cy)
                b = cam.to_screen(cx + step - radius - 3, cy)
                pygame.draw.line(surface, theme.GOLD_DARK, a, b, max(1, round(2 * cam.scale)))
        move = self.act.button
        if move is None:
            hint = self._step_hint(phase, selected) if mine else None
            if hint:
                size = self._size(16, cam)
                box = cam.rect_to_screen(tray.button)
                lines = theme.wrap(words.ui(hint), size, box.w)
                step_px = art.line_height(size)
                y = box.centery - step_px * (len(lines) - 1) / 2
                for i, line in enumerate(lines):
                    theme.blit_text(
                        surface,
                        line,
                        size,
                        (box.centerx, y + i * step_px),
                        theme.GOLD_LIGHT,
                        False,
                        "center",
                    )
            return
        kind = move["type"]
        key = {"pass": "pass_build" if phase == "build" else "pass_quarter"}.get(kind, kind)
        rect = cam.rect_to_screen(tray.button)
        radius = max(3, rect.h // 4)
        lit = ("button", kind) in hot
        theme.shadowed_rect(
            surface, rect, theme.GOLD if lit else theme.PANEL, radius, 2, theme.GOLD_DARK
        )
        ink = theme.INK if lit else theme.TEXT
        size = self._size(20, cam)
        label = theme.fit_text(words.ui(key), size, max(10, rect.w - size), bold=True)
        theme.blit_text(surface, label, size, rect.center, ink, True, "center")

    @staticmethod
    def _step_hint(phase: str, selected: Piece | None) -> str | None:
        """The words key of what to do now in a step without a button (None: nothing to say)."""
        if phase == "return":
            return "step_return"
        if phase != "harbour":
            return None
        key = selected.key if selected is not None else None
        if key == ("vizier",) or key in (("harbour", 3), ("harbour_card", 3)):
            return "step_vizier"
        if key in (("harbour", 2), ("harbour_card", 2)):
            return "step_remove"
        return "step_harbour"

    def _draw_card(self, surface: pygame.Surface, cam: Camera, sprite: CardSprite) -> None:
        w, h = self._px(CARD_W, cam), self._px(CARD_H, cam)
        turn = sprite.turn
        image = (
            art.building_card(sprite.card, w, h) if turn >= 0.5 else art.card_back(w, h, "palace")
        )
        squeeze = abs(2 * turn - 1)
        if squeeze < 0.999 or sprite.scale != 1.0:
            # Flips and flights scale the cached card rather than drawing a new one each frame.
            size = (max(1, round(w * squeeze * sprite.scale)), max(1, round(h * sprite.scale)))
            image = pygame.transform.smoothscale(image, size)
        if sprite.alpha < 255:
            image = image.copy()
            image.set_alpha(round(sprite.alpha))
        x, y = sprite.x + sprite.shake, sprite.y - sprite.lift * 6
        if sprite.lift > 0.01:
            sh = art.shadow(round(w * 0.9), max(4, round(h * 0.2)))
            self._blit(surface, sh, cam, (sprite.x + 6, sprite.y + CARD_H * sprite.scale * 0.45))
        self._blit(surface, image, cam, (x, y))

    def _draw_cards(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        held_sprite = held.sprite if held is not None else None
        for sprite in [*self.cards.values(), *self.leaving]:
            if sprite is not held_sprite:
                self._draw_card(surface, cam, sprite)

    def _draw_vizier(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        v = self.vizier
        lift = v.lift * 8
        if lift:
            sh = art.shadow(self._px(40, cam), self._px(12, cam))
            self._blit(surface, sh, cam, (v.x + 6, v.y + VIZIER / 2))
        self._blit(surface, art.vizier(self._px(VIZIER, cam)), cam, (v.x + v.shake, v.y - lift))

    def _draw_glows(
        self, surface: pygame.Surface, cam: Camera, hot: set[Any], selected: Piece | None
    ) -> None:
        glow = pulse(self.ctx.now)
        level = round((0.8 + 0.2 * glow if selected is not None else 0.45 + 0.55 * glow) * 12)
        radius = max(3, round(10 * cam.scale))
        for key in hot:
            if key in self.act.chips:
                continue
            rect = self.act.rects.get(key)
            if rect is None:
                continue
            self._glow(surface, cam, rect, 12 if key == self.ctx.hover else level, radius)
        if selected is None:
            soft = round((0.3 + 0.45 * glow) * 12)
            for piece in self.act.pieces:
                self._glow(surface, cam, piece.rect, soft, radius)
        elif selected.key != ("vizier",):
            r = cam.rect_to_screen(selected.rect.inflate(6, 6))
            surface.blit(art.outline(r.w, r.h, radius, max(2, round(4 * cam.scale))), r)

    def _glow(
        self, surface: pygame.Surface, cam: Camera, rect: pygame.FRect, level: int, radius: int
    ) -> None:
        r = cam.rect_to_screen(rect)
        image = art.glow(max(2, r.w), max(2, r.h), level, radius)
        surface.blit(image, image.get_rect(center=r.center))

    def _piece(self, key: Any) -> Piece | None:
        return next((p for p in self.act.pieces if p.key == key), None)

    def _draw_moved_pieces(self, surface: pygame.Surface, cam: Camera, held: Piece | None) -> None:
        """Pieces that look like part of the board (a figure, a quarter's badge) follow the
        pointer while held, and are seen gliding back or snapping onto their target."""
        if self.seat is None:
            return
        for piece in self.act.pieces:
            kind = piece.key[0]
            if kind not in ("supply_figure", "quarter_figure", "badge"):
                continue
            sprite = piece.sprite
            away = abs(sprite.x - sprite.home[0]) + abs(sprite.y - sprite.home[1]) > 0.5
            if piece is not held and not away and not sprite.shake:
                continue
            pos = (sprite.x + sprite.shake, sprite.y - sprite.lift * 6)
            if kind == "badge":
                r = piece.rect.copy()
                r.center = pos
                rect = cam.rect_to_screen(r)
                surface.blit(art.outline(rect.w, rect.h, max(3, rect.h // 4), 3), rect)
                continue
            if sprite.lift > 0.01:
                shade = art.shadow(self._px(30, cam), self._px(10, cam))
                self._blit(surface, shade, cam, (sprite.x + 5, sprite.y + 16))
            size = 40 if kind == "supply_figure" else QUARTER_FIGURE
            self._blit(surface, art.figure(self.seat, self._px(size, cam)), cam, pos)

    def _draw_chips(self, surface: pygame.Surface, cam: Camera, hot: set[Any]) -> None:
        shown = {chip.popup for key, chip in self.act.chips.items() if key in hot}
        if not shown:
            return
        radius = max(3, round(10 * cam.scale))
        for popup in shown:
            rect = cam.rect_to_screen(self.act.popups[popup])
            theme.shadowed_rect(surface, rect, theme.PANEL, radius, 3, theme.GOLD)
        glow = pulse(self.ctx.now)
        for key, chip in self.act.chips.items():
            if chip.popup not in shown:
                continue
            rect = cam.rect_to_screen(chip.rect)
            lit = key == self.ctx.hover
            fill = theme.GOLD_LIGHT if lit else theme.mix(theme.IVORY, theme.GOLD_LIGHT, 0.3 * glow)
            theme.shadowed_rect(surface, rect, fill, radius, 2, theme.GOLD_DARK)
            self._chip_face(surface, cam, chip)

    def _chip_face(self, surface: pygame.Surface, cam: Camera, chip: Chip) -> None:
        move = chip.move
        cx, cy = chip.rect.center
        size = self._px(30, cam)
        if "give" in move:
            self._blit(surface, art.token(move["give"], size), cam, (cx - 28, cy))
            self._text(surface, "→", 22, cam, (cx, cy), theme.INK, True)
            self._blit(surface, art.token(move["take"], size), cam, (cx + 28, cy))
            return
        # A builder's choice: where his figure comes from, and what he leaves on the field.
        siblings = [c.move for c in self.act.chips.values() if c.popup == chip.popup]
        halves = [k for k in ("from_quarter", "leave") if any(k in m for m in siblings)]
        r = chip.rect
        w = r.w / max(1, len(halves))
        for i, half in enumerate(halves):
            x = r.x + w * (i + 0.5)
            if half == "from_quarter":
                caption = words.quarter(move["from_quarter"])
                self._blit(
                    surface, art.figure(self.seat or 0, self._px(24, cam)), cam, (x, r.y + 32)
                )
            else:
                caption = words.ui("leave")
                if move.get("leave"):
                    token = art.token(move["leave"], self._px(24, cam))
                    self._blit(surface, token, cam, (x, r.y + 32))
                else:
                    self._text(surface, "—", 20, cam, (x, r.y + 32), theme.INK, True)
            size = self._size(12, cam)
            caption = theme.fit_text(caption, size, max(10, round((w - 6) * cam.scale)))
            self._text(surface, caption, 12, cam, (x, r.y + 11), theme.INK)

    def _draw_flyers(self, surface: pygame.Surface, cam: Camera) -> None:
        for flyer in self.flyers:
            sprite = flyer.sprite
            if sprite.alpha < 1:
                continue
            size = flyer.size * sprite.scale
            if flyer.kind == "token":
                image = art.token(flyer.what, self._px_moving(size, cam))
            elif flyer.kind == "figure":
                image = art.figure(flyer.what, self._px_moving(size, cam))
            elif flyer.kind == "marker":
                image = art.marker(flyer.what, self._px_moving(size, cam))
            else:
                h = self._px_moving(size, cam)
                w = round(h * 0.71)
                face = flyer.what is not None and flyer.turn >= 0.5
                image = art.action_card(flyer.what, w, h) if face else art.card_back(w, h)
                squeeze = abs(2 * flyer.turn - 1)
                if squeeze < 0.999:
                    image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(round(sprite.alpha))
            self._blit(surface, image, cam, (sprite.x, sprite.y))
        for ring in self.rings:
            x, y = cam.to_screen(ring["x"], ring["y"])
            r = max(2, round(ring["r"] * cam.scale))
            pygame.draw.circle(surface, theme.GOLD_LIGHT, (x, y), r, max(1, round(4 * cam.scale)))

    def _draw_dialog(self, surface: pygame.Surface, cam: Camera, hot: set[Any]) -> None:
        """At the end of an own turn over the limits: what to give back, one tap at a time."""
        view = self.view
        if view["phase"] != "return" or view["turn"] != self.seat or self.seat is None:
            return
        rect = cam.rect_to_screen(DIALOG)
        theme.shadowed_rect(
            surface, rect, theme.PANEL, max(4, round(16 * cam.scale)), 4, theme.GOLD
        )
        self._text(
            surface,
            words.ui("return_title"),
            22,
            cam,
            (DIALOG.centerx, DIALOG.y + 30),
            theme.GOLD_LIGHT,
            True,
        )
        stock = view["stocks"][self.seat]
        have = sum(stock.values())
        colour = theme.DANGER if have > STOCK_LIMIT else theme.OK
        self._text(
            surface,
            words.ui("return_materials", have=have, limit=STOCK_LIMIT),
            16,
            cam,
            (DIALOG.x + 24, DIALOG.y + 70),
            colour,
            True,
            "midleft",
        )
        size = self._px(56, cam)
        for m, r in self._dialog_tokens().items():
            token = art.token(m, size)
            if not stock[m]:
                token = token.copy()
                token.set_alpha(70)
            self._blit(surface, token, cam, r.center)
            self._text(
                surface,
                str(stock[m]),
                16,
                cam,
                (r.right + 4, r.bottom - 8),
                theme.TEXT,
                True,
                "midleft",
            )
        limit = HAND_LIMIT_PROFI if view["options"].get("profi") else HAND_LIMIT
        hand = view.get("hand", [])
        colour = theme.DANGER if len(hand) > limit else theme.OK
        self._text(
            surface,
            words.ui("return_cards", have=len(hand), limit=limit),
            16,
            cam,
            (DIALOG.x + 24, DIALOG.y + 172),
            colour,
            True,
            "midleft",
        )
        for card, r in self._dialog_cards():
            image = art.action_card(card, self._px(r.w, cam), self._px(r.h, cam))
            self._blit(surface, image, cam, r.center)
        level = round((0.45 + 0.55 * pulse(self.ctx.now)) * 12)
        radius = max(3, round(8 * cam.scale))
        for key in hot:
            if key[0] in ("return", "discard"):
                self._glow(
                    surface,
                    cam,
                    self.act.rects[key],
                    12 if key == self.ctx.hover else level,
                    radius,
                )

    # ------------------------------------------------------------------ words
    def event_text(self, event: Event) -> str | None:
        return words.sentence(event, self.ctx.name(event.get("seat")))

    def help_text(self) -> str:
        return words.i18n.pick(words.HELP)

    def status(self) -> str | None:
        if not self.view or self.view.get("end") is not None:
            return None
        phase = self.view["phase"]
        if phase in STEP_PHASES:
            index = STEP_PHASES.index(phase)
            return f"{index + 1} · {words.ui('steps_short').split('|')[index]}"
        return words.ui("end_turn" if phase == "finish" else "give_back")

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

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        lines = [
            words.ui("end_card_result" if outcome.get("end") == "end_card" else "palace_result")
        ]
        scores = outcome.get("scores", [])
        if scores and len(outcome.get("winners", [])) == 1 and scores.count(max(scores)) > 1:
            lines.append(words.ui("serail_result"))
        return lines


class Plan:
    """Schedules one update's animations on a running clock `t` (seconds from now)."""

    def __init__(self, renderer: SabaPalastView, old: View, new: View) -> None:
        self.r = renderer
        self.old, self.new = old, new
        self.t = 0.0
        self.last_taken = 0
        self.slide_at: float | None = None
        self.revealed = 0

    # --- helpers
    def tokens(self, seat: int, cost: dict[str, int], to_supply: bool) -> None:
        """Materials between a seat's tray and the supply, staggered."""
        r = self.r
        tray = r.tray(seat)
        k = 0
        for m in MATERIALS:
            for _ in range(cost.get(m, 0)):
                a, b = tray.tokens[m], layout.supply_token(m)
                start, end = (a, b) if to_supply else (b, a)
                sizes = (
                    (tray.token_size, SUPPLY_TOKEN)
                    if to_supply
                    else (SUPPLY_TOKEN, tray.token_size)
                )
                r._fly("token", m, start, end, self.t + k * STAGGER, sizes[0], sizes[1])
                k += 1

    def figure_spot(self, seat: int) -> tuple[float, float]:
        return self.r.tray(seat).figures

    def beat(self, seconds: float) -> None:
        self.t += seconds

    # --- events
    def on_harbour_taken(self, e: Event) -> None:
        r, i, seat = self.r, e["field"] - 1, e["seat"]
        self.last_taken = e["field"]
        count = e["count"]
        start = self.t

        def emptied() -> None:
            if i < len(r.harbour_shown):
                r.harbour_shown[i] = {**r.harbour_shown[i], "count": 0}

        # Tokens leave from where they are shown (a dropped field rests on its target).
        sprite = r.harbour_sprites[i]
        dx, dy = sprite.x - sprite.home[0], sprite.y - sprite.home[1]
        for k in range(count):
            x, y = layout.harbour_token(i, k, count)
            r._fly(
                "token",
                e["material"],
                (x + dx, y + dy),
                r.token_home(seat, e["material"]),
                start + k * STAGGER,
                HARBOUR_TOKEN,
                r.tray(seat).token_size,
            )
        r._at(start, emptied)
        # The harbour card used turns over.
        old_cards = self.old["harbour_cards"][seat]
        for card, side in self.new["harbour_cards"][seat].items():
            if old_cards.get(card) != side:
                flip = r.sides.setdefault((seat, card), {"turn": 1.0, "old": 0.0})
                flip["old"] = float(HARBOUR_CARDS[card][old_cards[card]])
                flip["turn"] = 0.0
                r.ctx.animator.animate(flip, FLIP, "linear", delay=start + 0.1, turn=1.0)
        self.beat(0.22 + STAGGER * count)

    def on_harbour_refilled(self, e: Event) -> None:
        r = self.r
        harbour = [dict(h) for h in e["harbour"]]
        taken = self.last_taken
        batch = r.batch

        def refill() -> None:
            if r.batch != batch:
                return
            r.harbour_shown = harbour
            for j, sprite in enumerate(r.harbour_sprites):
                hx, hy = sprite.home
                if j == 0:
                    sprite.y, sprite.alpha = hy - 40, 0.0
                    r.ctx.animator.animate(sprite, MOVE, y=hy, alpha=255.0)
                elif j < taken:
                    sprite.x = r.harbour_sprites[j - 1].home[0]
                    r.ctx.animator.animate(sprite, MOVE, x=hx)

        r._at(self.t, refill)
        self.beat(0.15)

    def on_card_drawn(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        tray = r.tray(seat)
        if tray.own and "card" in e:
            hand = self.new.get("hand", [])
            index = max(i for i, c in enumerate(hand) if c == e["card"]) if e["card"] in hand else 0
            end = tray.hand_card(index, len(hand)).center
            r._fly(
                "card",
                e["card"],
                ACTION_DECK.center,
                end,
                self.t,
                ACTION_DECK.h,
                96,
                reveal=("hand", seat, index),
                turn=True,
            )
        else:
            r._fly(
                "card",
                None,
                ACTION_DECK.center,
                tray.hand.center,
                self.t,
                ACTION_DECK.h,
                tray.hand.h,
            )
        self.beat(0.3)

    def _from_hand(self, seat: int, card: str | None) -> tuple[tuple[float, float], float]:
        tray = self.r.tray(seat)
        if tray.own and card is not None:
            hand = self.old.get("hand", [])
            if card in hand:
                return tray.hand_card(hand.index(card), len(hand)).center, 96.0
        return tray.hand.center, tray.hand.h

    def on_card_played(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        start, size = self._from_hand(seat, e["card"])
        r._fly("card", e["card"], start, DISCARD.center, self.t, size, DISCARD.h)
        if e.get("count"):
            r._fly(
                "token",
                e["card"],
                layout.supply_token(e["card"]),
                r.token_home(seat, e["card"]),
                self.t + 0.2,
                SUPPLY_TOKEN,
                r.tray(seat).token_size,
            )
        self.beat(0.35)

    def on_card_discarded(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        start, size = self._from_hand(seat, e.get("card"))
        r._fly("card", e.get("card"), start, DISCARD.center, self.t, size, DISCARD.h)
        self.beat(0.25)

    def on_vizier_moved(self, e: Event) -> None:
        r = self.r
        home = layout.vizier_pos(e["to"])
        r.vizier.home = home
        r.vizier.lift = 1.0
        r.ctx.animator.animate(r.vizier, MOVE * 1.2, delay=self.t, x=home[0], y=home[1])
        r.ctx.animator.animate(r.vizier, MOVE, "out_bounce", delay=self.t + MOVE, lift=0.0)
        self.beat(0.4)

    def on_quarter_action(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        tray = r.tray(seat)
        if "give" in e:
            r._fly(
                "token",
                e["give"],
                tray.tokens[e["give"]],
                layout.supply_token(e["give"]),
                self.t,
                tray.token_size,
                SUPPLY_TOKEN,
            )
            r._fly(
                "token",
                e["take"],
                layout.supply_token(e["take"]),
                tray.tokens[e["take"]],
                self.t + 0.15,
                SUPPLY_TOKEN,
                tray.token_size,
            )
        elif e.get("count"):
            badge = layout.quarter_badge(e["quarter"]).center
            r._fly(
                "token",
                e["material"],
                badge,
                tray.tokens[e["material"]],
                self.t,
                30,
                tray.token_size,
            )
        self.beat(0.3)

    def _card_leaves(self, card: str, end: tuple[float, float], scale: float) -> None:
        r = self.r
        sprite = r.cards.pop(card, None)
        if sprite is None:
            return
        r.leaving.append(sprite)
        if self.slide_at is None:
            self.slide_at = self.t + 0.15

        def gone() -> None:
            if sprite in r.leaving:
                r.leaving.remove(sprite)

        r.ctx.animator.animate(sprite, MOVE * 1.2, delay=self.t, x=end[0], y=end[1], scale=scale)
        r.ctx.animator.animate(sprite, MOVE, delay=self.t + MOVE * 0.6, alpha=0.0, on_finished=gone)

    def on_built(self, e: Event) -> None:
        r, seat, f = self.r, e["seat"], e["field"]
        target = FIELDS[f - 1]
        pos = (target.x + 31 + (e["level"] - 1) * 44, target.bottom - 44)
        self._card_leaves(e["card"], pos, 0.3)
        key = ("level", f, e["level"])
        r._hide(key)
        batch = r.batch

        def placed() -> None:
            r._show_again(key, batch)
            ring = {"x": pos[0], "y": pos[1], "r": 8.0}
            r.rings.append(ring)
            r.ctx.animator.animate(ring, 0.5, r=70.0, on_finished=lambda: r.rings.remove(ring))

        r._at(self.t + MOVE * 1.2, placed)
        self.tokens(seat, e["cost"], to_supply=True)
        self.beat(0.3)

    def on_figure_returned(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        bx, by = BALCONIES[e["field"] - 1]
        r._fly(
            "figure",
            seat,
            (bx, by - 8),
            self.figure_spot(seat),
            self.t,
            BALCONY_FIGURE,
            r.tray(seat).token_size,
        )
        self.beat(0.25)

    def on_balcony(self, e: Event) -> None:
        r, seat, f = self.r, e.get("seat"), e["field"]
        if seat is None:
            return
        src = e.get("from_quarter")
        if src is not None:
            index = (
                self.old["quarters"][src].index(seat) if seat in self.old["quarters"][src] else 0
            )
            start = layout.quarter_figure(src, index)
        else:
            start = self.figure_spot(seat)
        bx, by = BALCONIES[f - 1]
        r._fly(
            "figure",
            seat,
            start,
            (bx, by - 8),
            self.t,
            QUARTER_FIGURE,
            BALCONY_FIGURE,
            reveal=("balcony", f),
        )
        self.beat(0.2)

    def on_material_left(self, e: Event) -> None:
        r, seat, f = self.r, e["seat"], e["field"]
        rect = FIELDS[f - 1]
        r._fly(
            "token",
            e["material"],
            r.token_home(seat, e["material"]),
            (rect.right - 22, rect.y + 22),
            self.t,
            r.tray(seat).token_size,
            30,
            reveal=("left", f),
        )
        self.beat(0.25)

    def on_serail_marker(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        start = r.tray(seat).markers
        sprite = Sprite(*start, home=layout.serail_space(0), alpha=0.0)
        r.markers.insert(0, (seat, sprite))
        r.ctx.animator.animate(sprite, 0.001, delay=self.t, alpha=255.0)
        for i, (_s, sp) in enumerate(r.markers):
            home = layout.serail_space(i)
            sp.home = home
            r.ctx.animator.animate(sp, MOVE, delay=self.t, x=home[0], y=home[1])
        self.beat(0.3)

    def on_serail_marker_returned(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        if not r.markers:
            return
        _s, sprite = r.markers.pop()
        end = r.tray(seat).markers
        r._fly("marker", seat, (sprite.home[0], sprite.home[1]), end, self.t, MARKER, 24)
        self.beat(0.2)

    def on_serail_figure(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        r._fly(
            "figure",
            seat,
            self.figure_spot(seat),
            (SERAIL.right - 20, SERAIL.y + 18),
            self.t,
            30,
            26,
            reveal=("serail_figure",),
        )
        self.beat(0.25)

    def on_serail_figure_returned(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        r._fly(
            "figure",
            seat,
            (SERAIL.right - 20, SERAIL.y + 18),
            self.figure_spot(seat),
            self.t,
            26,
            30,
        )
        self.beat(0.2)

    def on_card_left(self, e: Event) -> None:
        r, card = self.r, e["card"]
        if self.slide_at is None:
            self.slide_at = self.t
        if e.get("reason") in ("removed", "obsolete") and card in r.cards:
            sprite = r.cards[card]
            self._card_leaves(card, (sprite.x, sprite.y - 60), 0.9)
            self.beat(0.3)

    def on_card_revealed(self, e: Event) -> None:
        r, card = self.r, e["card"]
        if card in r.cards:
            return
        x, y = DECK.center
        sprite = CardSprite(x, y, home=(x, y), card=card, turn=0.0, alpha=0.0)
        r.cards[card] = sprite
        # A new card is turned up once the others have slid along, or at once.
        when = max(self.t, (self.slide_at or 0.0) + 0.1 + STAGGER * self.revealed)
        self.revealed += 1
        r.ctx.animator.animate(sprite, 0.001, delay=when, alpha=255.0)
        slot = self.new["display"].index(card) if card in self.new["display"] else 2
        hx, hy = DISPLAY[slot].center
        sprite.home = (hx, hy)
        r.ctx.animator.animate(sprite, MOVE, delay=when, x=hx, y=hy)
        r.ctx.animator.animate(sprite, FLIP, "linear", delay=when, turn=1.0)
        self.t = max(self.t, when)

    def on_fulfilled(self, e: Event) -> None:
        seat = e["seat"]
        end = TREASURY.center if CARDS[e["card"]]["kind"] == "treasury" else layout.PALACE.center
        self._card_leaves(e["card"], end, 0.5)
        self.tokens(seat, e["cost"], to_supply=True)
        self.beat(0.4)

    def on_treasury_scored(self, e: Event) -> None:
        r, seat = self.r, e.get("seat")
        r.banner.update(text=words.ui("treasury_banner"))
        self._banner(self.t)
        if seat is not None:
            index = len(self.new["treasury"]) - 1
            r._fly(
                "figure",
                seat,
                self.figure_spot(seat),
                layout.treasury_spot(index),
                self.t + 0.3,
                30,
                26,
                reveal=("treasury", index),
            )
        self.beat(0.5)

    def _banner(self, delay: float) -> None:
        r = self.r
        r.banner.update(alpha=0.0, scale=0.6)
        r.ctx.animator.animate(r.banner, 0.35, "out_back", delay=delay, alpha=255.0, scale=1.0)
        r.ctx.animator.animate(r.banner, 0.5, delay=delay + 1.4, alpha=0.0)

    def on_figure_placed(self, e: Event) -> None:
        r, seat, q = self.r, e["seat"], e["quarter"]
        index = len(self.new["quarters"][q]) - 1
        r._fly(
            "figure",
            seat,
            self.figure_spot(seat),
            layout.quarter_figure(q, index),
            self.t,
            30,
            QUARTER_FIGURE,
            reveal=("qfig", q, index),
        )
        self.tokens(seat, {"gold": e["gold"]}, to_supply=True)
        self.beat(0.3)

    def on_figure_moved(self, e: Event) -> None:
        r, seat = self.r, e["seat"]
        src, dst = e["from"], e["to"]
        old = self.old["quarters"][src]
        start = layout.quarter_figure(src, old.index(seat) if seat in old else 0)
        index = len(self.new["quarters"][dst]) - 1
        r._fly(
            "figure",
            seat,
            start,
            layout.quarter_figure(dst, index),
            self.t,
            QUARTER_FIGURE,
            QUARTER_FIGURE,
            reveal=("qfig", dst, index),
        )
        self.beat(0.3)

    def on_material_returned(self, e: Event) -> None:
        self.tokens(e["seat"], {e["material"]: 1}, to_supply=True)
        self.beat(0.2)

    def on_action_deck_reshuffled(self, e: Event) -> None:
        for k in range(3):
            self.r._fly(
                "card",
                None,
                DISCARD.center,
                ACTION_DECK.center,
                self.t + k * STAGGER,
                DISCARD.h,
                ACTION_DECK.h,
            )
        self.beat(0.3)

    def on_game_over(self, e: Event) -> None:
        self.r.banner.update(text=words.ui("game_over"))
        self._banner(self.t)

    # --- after the events
    def finish(self) -> None:
        """Whatever the events did not move goes to where the new view puts it."""
        r, new = self.r, self.new
        animator = r.ctx.animator
        slide = self.slide_at if self.slide_at is not None else 0.0
        for card in list(r.cards):
            if card not in new["display"]:
                r.cards.pop(card)
        for slot, card in enumerate(new["display"]):
            if card is None:
                continue
            home = DISPLAY[slot].center
            sprite = r.cards.get(card)
            if sprite is None:
                sprite = r.cards[card] = CardSprite(*home, home=home, card=card)
            if sprite.home != home or (sprite.x, sprite.y) != home:
                sprite.home = home
                if sprite.turn >= 1.0:
                    animator.animate(sprite, MOVE, delay=slide, x=home[0], y=home[1])
        for sprite in r.harbour_sprites:
            if (sprite.x, sprite.y) != sprite.home:
                animator.animate(sprite, MOVE, x=sprite.home[0], y=sprite.home[1], lift=0.0)
        home = layout.vizier_pos(new["vizier"])
        if r.vizier.home != home:
            r.vizier.home = home
            animator.animate(r.vizier, MOVE, x=home[0], y=home[1])
        if [s for s, _sp in r.markers] != new["serail"]:
            r.markers = []
            for i, seat in enumerate(new["serail"]):
                pos = layout.serail_space(i)
                r.markers.append((seat, Sprite(*pos, home=pos)))
        for seat, stock in enumerate(new["stocks"]):
            for m in MATERIALS:
                counter = r.counts.setdefault((seat, m), {"v": float(stock[m])})
                if round(counter["v"]) != stock[m] or counter["v"] != stock[m]:
                    animator.animate(counter, 0.5, delay=min(self.t, 0.3), v=float(stock[m]))
        if new["harbour"] != r.harbour_shown and self.last_taken == 0:
            r.harbour_shown = [dict(h) for h in new["harbour"]]
        batch = r.batch
        harbour = [dict(h) for h in new["harbour"]]

        def settle() -> None:
            if r.batch == batch:
                r.harbour_shown = harbour

        r._at(self.t, settle)
