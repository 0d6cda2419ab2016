"""What the seat shown may do at Die Kette von Saba's table, built from the server's legal
moves only: the cards it may pick up with their targets (the block, the settings, the hand, the
forgeries), the deck to tap, and buttons for bids, prices, keep, draw and end of turn."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Move, Piece, Sprite, TableView, Target
from client.tables.kette_von_saba.layout import (
    CARD_RATIO,
    DECK_RECT,
    FORGERY_RECT,
    HAND_CARD,
    HAND_RECT,
    LOT_RECT,
    SPACE_OF,
    space_rect,
)

# Moves made on the board (a card dragged or tapped onto its target), not by a button.
BOARD_MOVES = ("place", "offer")
# Bid (or price) buttons offered: the lowest plus these steps above it, and the highest.
BID_STEPS = (0, 1, 4)


class Controls(TableView):
    """The seat's part of the table view (mixed into `KetteVonSabaView`): pieces, targets and
    move buttons."""

    hand_keys: list[tuple[str, int]]
    hand_sprites: dict[tuple[str, int], Sprite]
    lot_sprite: Sprite
    _pieces: list[Piece]

    def _move(self, **fields: Any) -> Move | None:
        return next((m for m in self.legal if all(m.get(k) == v for k, v in fields.items())), None)

    def _space_target(self, move: Move) -> Target:
        index = SPACE_OF[tuple(move["space"])]
        return Target(("space", index), space_rect(index), move)

    def _build_pieces(self) -> list[Piece]:
        """The cards the seat shown may move now, each with its legal targets (topmost first)."""
        phase = self.view.get("phase")
        pieces = []
        if phase in ("buyer", "lay"):
            targets = [self._space_target(m) for m in self.legal if m["type"] == "place"]
            keep = self._move(type="keep")
            if keep is not None:
                targets.append(Target("hand", HAND_RECT, keep))
            if targets:
                pieces.append(Piece("lot", LOT_RECT, self.lot_sprite, targets))
            return pieces
        for key in self.hand_keys:
            card = key[0]
            targets = []
            if phase == "offer":
                offer = self._move(type="offer", card=card)
                if offer is not None:
                    targets.append(Target("block", LOT_RECT, offer))
            elif phase == "reconstruction":
                targets = [
                    self._space_target(m)
                    for m in self.legal
                    if m["type"] == "place" and m["card"] == card
                ]
                discard = self._move(type="discard", card=card)
                if discard is not None:
                    targets.append(Target("forgeries", FORGERY_RECT, discard))
            if targets:
                sprite = self.hand_sprites[key]
                x, y = sprite.home
                rect = pygame.FRect(0, 0, HAND_CARD, HAND_CARD * CARD_RATIO)
                rect.center = (x, y)
                pieces.append(Piece(("hand", *key), rect, sprite, targets))
        pieces.reverse()
        return pieces

    def pieces(self) -> list[Piece]:
        return self._pieces

    def loose_targets(self) -> list[Target]:
        if self.view.get("phase") == "draw":
            draw = self._move(type="draw")
            return [Target("deck", DECK_RECT, draw)] if draw is not None else []
        cards = {p.key[1] if p.key != "lot" else "lot" for p in self._pieces}
        # A tap on a target alone is unambiguous only when a single card could go there.
        return self._pieces[0].targets if len(cards) == 1 else []

    def move_buttons(self) -> list[tuple[str, Move]]:
        """Buttons for the moves not made on the board, labelled by the table's talk; a move the
        talk warns of is marked ⚠ (its warning stands in the block)."""
        shown = [m for m in self.legal if m["type"] not in BOARD_MOVES + ("bid", "reserve")]
        shown += _some([m for m in self.legal if m["type"] == "bid"])
        shown += _some([m for m in self.legal if m["type"] == "reserve"])
        buttons = []
        for move in shown:
            said = self.move_talk(move)
            if said is None:
                continue
            label = self.say(said["label"])
            buttons.append((f"⚠ {label}" if said["warn"] else label, move))
        return buttons

    def warning(self) -> str | None:
        """The talk's warning of the first button move that has one, for the block."""
        said = self.talk()
        if not said:
            return None
        for move, entry in zip(self.legal, said["moves"], strict=True):
            if entry["warn"] and move["type"] not in BOARD_MOVES:
                return self.say(entry["warn"])
        return None

    def _my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.view["to_act"]

    def _chosen(self, hot: set[Any], held: Piece | None) -> Any:
        """The piece the person has picked up or selected (the scene shows its targets)."""
        if held is not None:
            return held.key
        if not hot or {t.key for t in self.loose_targets()} == hot:
            return None
        return next((p.key for p in self._pieces if {t.key for t in p.targets} == hot), None)


def _some(moves: list[Move]) -> list[Move]:
    """A few of a long list of amounts: the lowest, some steps above it, and the highest."""
    if len(moves) <= len(BID_STEPS) + 1:
        return moves
    picks = sorted({k for k in BID_STEPS if k < len(moves)} | {len(moves) - 1})
    return [moves[k] for k in picks]
