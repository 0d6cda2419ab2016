"""Saba – Palast der Königin: what the seat may do now, as pieces and targets.

Interaction comes only from the legal moves the server sent:
  - a move that needs one choice is a tap target (a harbour field, a quarter, a card in hand,
    the action pile, the step button; the quarter a figure leaves for the treasury or serail,
    a choice that may come out of turn) — or, where the table's talk warns about it, a piece
    of its own that a first tap selects (the warning shows) and a second plays;
  - a move that needs two is a piece and its targets: a building card and its garden field,
    harbour field 2 and the card it removes, harbour field 3 (or the vizier) and the quarter
    he goes to, a figure from the supply and a quarter, a quarter figure and where it moves
    (profi);
  - where one target allows several moves (the exchange's and bazaar's swaps, taking or
    declining the vizier's quarter action, where a builder's figure comes from or none at all,
    what he leaves on the field) the choices appear as chips beside it while the piece is held
    or selected.

`Controls(snap, table, sprites).build()` is a function of the update's snapshot and the layout;
the view lends it the sprites its pieces move (the harbour's fields, the vizier, the building
cards), which belong to their regions."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Set
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.tables.base import Move, Piece, Sprite, Target
from client.tables.regions import Answer, Choice, Frame, Snapshot
from client.tables.saba_palast import layout
from client.tables.saba_palast.layout import (
    ACTION_DECK,
    CHIP_H,
    CHIP_W,
    DISPLAY,
    FIELDS,
    HARBOUR_FIELDS,
    QUARTER_RECTS,
    STACKED_CHIP_W,
    VIZIER,
    Table,
    Tray,
    W,
)
from shared.games.saba_palast.data import (
    CARDS,
    HARBOUR_CARDS,
)


@dataclass
class Chip:
    """One choice in a popup beside a target: the move it makes and what it shows."""

    key: Any
    rect: pygame.FRect
    move: Move
    popup: int
    # The target the choice belongs to (a quarter, a garden field): lit while the chip is not
    # shown.
    anchor: pygame.FRect = field(default_factory=pygame.FRect)


@dataclass
class Interaction:
    """What the seat may do now: pieces, one-tap targets, chips and the step's button."""

    pieces: list[Piece] = field(default_factory=list)
    loose: list[Target] = field(default_factory=list)
    rects: dict[Any, pygame.FRect] = field(default_factory=dict)
    chips: dict[Any, Chip] = field(default_factory=dict)
    popups: dict[int, pygame.FRect] = field(default_factory=dict)
    button: Move | None = None

    def piece(self, key: Any) -> Piece | None:
        return next((p for p in self.pieces if p.key == key), None)

    def selected(self, hot: Set[Any], held: Piece | None) -> Piece | None:
        """The piece in the hand, or the one whose targets are all lit (picked up by a tap)."""
        if held is not None:
            return held
        if not hot:
            return None
        for piece in self.pieces:
            if piece.targets and {t.key for t in piece.targets} == hot:
                return piece
        return None

    def lit_rect(self, target: Target, picked: bool) -> pygame.FRect:
        """A choice's chip shows only while its piece is picked up: until then a lesson's step
        or a hint lights the place it belongs to (the quarter, the garden field)."""
        chip = self.chips.get(target.key)
        return chip.anchor if chip is not None and not picked else target.rect


@dataclass(frozen=True)
class TableFrame(Frame):
    """A frame of the Saba table: besides the camera and the lit targets, what the seat may do
    now (`act`), the piece selected and the moves a lesson's step teaches (`taught`)."""

    act: Interaction = field(default_factory=Interaction)
    selected: Piece | None = None
    taught: list[Move] | None = None


@dataclass
class Sprites:
    """The sprites the seat's pieces move, lent by the regions that own them."""

    harbour: list[Sprite]
    vizier: Sprite
    card: Callable[[str], Sprite]


class Controls:
    """The seat's pieces, targets, chips and step button, from the snapshot of an update."""

    def __init__(self, snap: Snapshot, table: Table, sprites: Sprites) -> None:
        self.snap = snap
        self.view = snap.view
        self.seat = snap.seat
        self.table = table
        self.sprites = sprites

    def build(self) -> Interaction:
        act = Interaction()
        if self.seat is None or not self.snap.legal:
            return act
        by_type: dict[str, list[Move]] = defaultdict(list)
        for move in self.snap.legal:
            by_type[move["type"]].append(move)
        tray = self.table.trays[self.seat]
        self._use_targets(act, by_type["use_quarter"])
        self._harbour_targets(act, tray, by_type["harbour"])
        self._build_targets(act, by_type["build"], by_type["fulfil"])
        self._quarter_targets(act, tray, by_type["place_figure"], by_type["move_figure"])
        self._hand_targets(act, tray, by_type["play_card"])
        self._return_targets(act, by_type["return_material"], by_type["discard_card"])
        for move in by_type["send_figure"]:
            self._loose(act, ("send", move["quarter"]), QUARTER_RECTS[move["quarter"]], move)
        for kind in ("pass", "draw", "end_turn"):
            for move in by_type[kind]:
                act.button = move
                self._loose(act, ("button", kind), tray.button, move)
                if kind == "draw":
                    self._loose(act, ("draw",), ACTION_DECK, move)
        return act

    def _loose(self, act: Interaction, key: Any, rect: pygame.FRect, move: Move) -> Target:
        """A one-tap target; a move the table's talk warns about asks first instead: a piece of
        its own there, whose first tap selects it (its warning shows) and whose second plays
        it. No legal move is hidden."""
        target = Target(key, rect, move)
        act.rects[key] = rect
        said = self.snap.move_talk(move)
        if said is not None and said.get("warn"):
            cx, cy = rect.center
            act.pieces.append(Piece(("warned", key), rect, Sprite(cx, cy, home=(cx, cy)), [target]))
        else:
            act.loose.append(target)
        return target

    @staticmethod
    def _target(act: Interaction, key: Any, rect: pygame.FRect, move: Move) -> Target:
        act.rects[key] = rect
        return Target(key, rect, move)

    def _chips(
        self,
        act: Interaction,
        anchor: pygame.FRect,
        moves: list[Move],
        key: Any,
        stack: bool = False,
    ) -> list[Target]:
        """Choices for one target as a popup of chips beside it (above when there is room);
        `stack`: in one column as wide as the target, so that neighbours' popups never meet."""
        popup_id = len(act.popups)
        cols = 1 if stack else min(len(moves), 3)
        chip_w = max(STACKED_CHIP_W, anchor.w - 16) if stack else CHIP_W
        rows = math.ceil(len(moves) / cols)
        w = cols * (chip_w + 8) + 8
        h = rows * (CHIP_H + 8) + 8
        x = min(max(0.0, anchor.centerx - w / 2), W - w)
        y = anchor.y - h - 6 if anchor.y - h - 6 >= 0 else anchor.bottom + 6
        popup = pygame.FRect(x, y, w, h)
        act.popups[popup_id] = popup
        targets = []
        for i, move in enumerate(moves):
            row, col = divmod(i, cols)
            rect = pygame.FRect(
                x + 8 + col * (chip_w + 8), y + 8 + row * (CHIP_H + 8), chip_w, CHIP_H
            )
            chip_key = (*key, i)
            act.chips[chip_key] = Chip(chip_key, rect, move, popup_id, anchor)
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
                        # Every quarter offers its choices at once: two stack up.
                        stack = len(options) == 2
                        targets += self._chips(
                            act, QUARTER_RECTS[q], options, ("vizier", q), stack=stack
                        )
            sprite = self.sprites.harbour[f - 1]
            act.pieces.append(Piece(("harbour", f), rect, sprite, targets))
            if card_rect is not None:
                cx, cy = card_rect.center
                act.pieces.append(
                    Piece(("harbour_card", f), card_rect, Sprite(cx, cy, home=(cx, cy)), targets)
                )
            if f == 3:
                vizier = self.sprites.vizier
                vx, vy = vizier.home
                rect_v = pygame.FRect(vx - 22, vy - VIZIER / 2, 44, VIZIER)
                act.pieces.append(Piece(("vizier",), rect_v, vizier, targets))

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
                # Where the figure comes from, alone, reads best one choice a line.
                stack = not any("leave" in m for m in group)
                targets = self._chips(act, FIELDS[f - 1], group, ("build", card), stack=stack)
            slot = display.index(card)
            act.pieces.append(
                Piece(("card", card), DISPLAY[slot], self.sprites.card(card), targets)
            )
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
        for m, rect in layout.dialog_tokens().items():
            if m in by_material:
                self._loose(act, ("return", m), rect, by_material[m])
        by_card = {m["card"]: m for m in cards}
        for i, (card, rect) in enumerate(layout.dialog_cards(self.view.get("hand", []))):
            if card in by_card:
                self._loose(act, ("discard", i), rect, by_card[card])

    def _harbour_card_rects(self, seat: int | None) -> dict[int, pygame.FRect]:
        if seat is None or seat not in self.table.trays:
            return {}
        tray = self.table.trays[seat]
        cards = self.view["harbour_cards"][seat]
        return {
            HARBOUR_CARDS[card][side]: tray.harbour_cards[i]
            for i, (card, side) in enumerate(sorted(cards.items()))
        }


def answer(act: Interaction, kinds: Set[str], point: tuple[float, float]) -> Answer:
    """What a tap at the world `point` means among the offers whose keys are of `kinds`, as
    the table scene takes it: a piece picked up (a `Choice` of its key) before a one-tap
    target's move."""
    for piece in act.pieces:
        kind = piece.key[1][0] if piece.key[0] == "warned" else piece.key[0]
        if kind in kinds and piece.rect.collidepoint(point):
            return Choice(piece.key)
    for target in act.loose:
        if target.key[0] in kinds and target.rect.collidepoint(point):
            return target.move
    return None
