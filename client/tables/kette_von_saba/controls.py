"""What the seat shown may do at Die Kette von Saba's table, built from the server's legal
moves only: the cards it may pick up with their targets (the block, the settings, the hand, the
forgeries), the deck to tap, buttons for a few bids and prices, keep, draw and end of turn, and
on the auction block an amount chooser (− amount + and the move's button) that reaches every
legal bid or price: a client never hides a legal move."""

from __future__ import annotations

from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, Move, Piece, Sprite, TableView, Target
from client.tables.kette_von_saba import lettering, words
from client.tables.kette_von_saba.layout import (
    BLOCK_RECT,
    CARD_RATIO,
    CHOOSER_Y,
    DECK_RECT,
    FORGERY_RECT,
    HAND_CARD,
    HAND_RECT,
    LOT_RECT,
    SPACE_OF,
    space_rect,
)
from client.ui import theme
from client.ui.input import Intent
from client.ui.widgets import Button

# Moves made on the board (a card dragged or tapped onto its target), not by a button.
BOARD_MOVES = ("place", "offer")
# Bid (or price) buttons offered: the lowest plus these steps above it, and the highest (the
# chooser on the block reaches the others).
BID_STEPS = (0, 1, 4)
# Moves with an amount (the move's field holding it), each chosen on the block with − and +.
AMOUNT_MOVES = {"bid": "amount", "reserve": "price"}
# The amount chooser at the foot of the block, left of the card on sale (world units): −, the
# amount, + and the button that plays the chosen move.
MINUS_RECT = pygame.FRect(BLOCK_RECT.x + 10, CHOOSER_Y, 40, 36)
AMOUNT_RECT = pygame.FRect(MINUS_RECT.right + 4, CHOOSER_Y, 104, 36)
PLUS_RECT = pygame.FRect(AMOUNT_RECT.right + 4, CHOOSER_Y, 40, 36)
PLAY_RECT = pygame.FRect(
    PLUS_RECT.right + 10, CHOOSER_Y, LOT_RECT.x - 20 - PLUS_RECT.right - 10, 36
)


class Controls(TableView):
    """The seat's part of the table view (mixed into `KetteVonSabaView`): pieces, targets and
    move buttons."""

    hand_keys: list[tuple[str, int]]
    hand_sprites: dict[tuple[str, int], Sprite]
    lot_sprite: Sprite
    _pieces: list[Piece]
    # The amount chosen on the block for each kind of move, and the chosen move pressed once
    # while the talk warns of it: (the view's version, the move).
    chosen_amount: dict[str, int]
    amount_armed: tuple[int, Move] | None

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

    def offered_moves(self) -> list[Move]:
        """The targets and buttons, and every amount the block's chooser steps through."""
        chooser = self.chooser()
        return super().offered_moves() + (chooser[1] if chooser is not None else [])

    def warning(self) -> str | None:
        """The talk's warning of the move chosen on the block, else of the first button move that
        has one, for the block."""
        said = self.talk()
        if not said:
            return None
        chooser = self.chooser()
        if chooser is not None:
            # The amount shown on the block speaks for all amounts.
            entry = self.move_talk(chooser[1][chooser[2]])
            if entry is not None and entry["warn"]:
                return self.say(entry["warn"])
        for move, entry in zip(self.legal, said["moves"], strict=True):
            if chooser is not None and move["type"] in AMOUNT_MOVES:
                continue
            if entry["warn"] and move["type"] not in BOARD_MOVES:
                return self.say(entry["warn"])
        return None

    # ------------------------------------------------------------------ the amount chooser
    def chooser(self) -> tuple[str, list[Move], int] | None:
        """The amounts the seat shown may name now: (the kind of move, its legal moves by amount,
        the index of the one chosen), or None when it names none."""
        if not self.view or not self._my_turn():
            return None
        for kind, field in AMOUNT_MOVES.items():
            moves = sorted((m for m in self.legal if m["type"] == kind), key=lambda m: m[field])
            if moves:
                amount = self.chosen_amount.get(kind)
                index = next((i for i, m in enumerate(moves) if m[field] == amount), 0)
                return kind, moves, index
        return None

    def _choose(self, kind: str, move: Move) -> None:
        self.chosen_amount[kind] = move[AMOUNT_MOVES[kind]]
        self.amount_armed = None

    def handle(self, intent: Intent, cam: Camera) -> Move | bool:
        """A tap on the block's amount chooser: − and + step through every legal amount; the
        button plays the chosen move (one the talk warns of by a second tap, the first says
        why on the block)."""
        chooser = self.chooser()
        if chooser is None or intent.kind != "tap":
            return False
        kind, moves, index = chooser
        x, y = cam.to_world(*intent.pos)
        if MINUS_RECT.collidepoint(x, y):
            self._choose(kind, moves[max(0, index - 1)])
            return True
        if PLUS_RECT.collidepoint(x, y):
            self._choose(kind, moves[min(len(moves) - 1, index + 1)])
            return True
        if PLAY_RECT.collidepoint(x, y) or AMOUNT_RECT.collidepoint(x, y):
            move = moves[index]
            said = self.move_talk(move)
            armed = (self.version, move)
            if said is not None and said["warn"] and self.amount_armed != armed:
                self.amount_armed = armed
                return True
            self.amount_armed = None
            return move
        return False

    def _chooser_buttons(self, cam: Camera) -> list[Button]:
        """The chooser's parts as buttons at their places on the screen (− amount + play)."""
        chooser = self.chooser()
        if chooser is None:
            return []
        kind, moves, index = chooser
        move = moves[index]
        amount = words.money(move[AMOUNT_MOVES[kind]])
        said = self.move_talk(move)
        label = self.say(said["label"]) if said else amount
        if said and said["warn"]:
            label = f"⚠ {label}"
        if self.amount_armed == (self.version, move):
            label = i18n._("{move} — tap again", move=label)
        minus = Button("−", _nothing, enabled=index > 0)
        shown = Button(amount, _nothing, selected=True)
        plus = Button("+", _nothing, enabled=index < len(moves) - 1)
        play = Button(label, _nothing, primary=True)
        for button, rect in (
            (minus, MINUS_RECT),
            (shown, AMOUNT_RECT),
            (plus, PLUS_RECT),
            (play, PLAY_RECT),
        ):
            button.rect = cam.rect_to_screen(rect)
        return [minus, shown, plus, play]

    def _draw_chooser(self, surface: pygame.Surface, cam: Camera) -> None:
        size = lettering.px(cam, 17)
        buttons = self._chooser_buttons(cam)
        for button in buttons[1::2]:
            # The amount and the move's label in full: a smaller type where the block is small.
            fitted = size
            while (
                fitted > 8
                and theme.font(fitted, True).size(button.label)[0] > button.rect.w - fitted
            ):
                fitted -= 1
            button.draw(surface, fitted)
        for button in buttons[0::2]:
            # − and +: a sign, never shortened to "…" on a small screen.
            fill, ink = theme.PANEL, theme.TEXT
            if not button.enabled:
                fill, ink = theme.mix(fill, theme.TABLE, 0.6), theme.mix(ink, theme.TABLE, 0.5)
            r = button.rect
            theme.shadowed_rect(surface, r, fill, max(4, r.h // 4), lift=2, border=theme.GOLD_DARK)
            theme.blit_text(surface, button.label, size, r.center, ink, bold=True, anchor="center")

    def _my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.view["to_act"]

    def _chosen(self, hot: set[Any], held: Piece | None) -> Any:
        """The piece the person has picked up or selected (the scene shows its targets)."""
        if held is not None:
            return held.key
        if not hot or {t.key for t in self.loose_targets()} == hot:
            return None
        return next((p.key for p in self._pieces if {t.key for t in p.targets} == hot), None)


def _nothing() -> None:
    """The chooser's buttons are drawn by the view; its taps go through `Controls.handle`."""


def _some(moves: list[Move]) -> list[Move]:
    """A few of a long list of amounts as buttons: the lowest, some steps above it, and the
    highest (the block's chooser offers every one)."""
    if len(moves) <= len(BID_STEPS) + 1:
        return moves
    picks = sorted({k for k in BID_STEPS if k < len(moves)} | {len(moves) - 1})
    return [moves[k] for k in picks]
