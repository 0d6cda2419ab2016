"""The auction block on Die Kette von Saba's table: who sells, what the person at this device
may do, the highest bid and the price asked; in stage 2 how the reconstruction stands. At its foot
the amount chooser (− amount + and the move's button) reaches every legal bid or price asked: a
client never hides a legal move. The bid pops and counts as bids come (the notices `bid`,
`bid_reset` and `reserve_named` of the view's motion); the card on sale is away while it flies
to the block (`lot_away`, `lot_back`)."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, Move
from client.tables.kette_von_saba import art, lettering, words
from client.tables.kette_von_saba.controls import BOARD_MOVES
from client.tables.kette_von_saba.layout import (
    AMOUNT_RECT,
    BLOCK_RECT,
    CHOOSER_Y,
    LOT_RECT,
    MINUS_RECT,
    PLAY_RECT,
    PLUS_RECT,
)
from client.tables.regions import Answer, Choice, Frame, Motion, Region, Snapshot
from client.ui import theme
from client.ui.widgets import Button, symbol
from client.words import i18n

# Moves with an amount (the move's field holding it), each chosen on the block with − and +.
AMOUNT_MOVES = {"bid": "amount", "reserve": "price"}


class Block(Region):
    """The block: the highest bid shown (popping, counting), the amount chosen for each kind of
    move, and the chosen move pressed once while the talk warns of it."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.bid = {"v": 0.0, "pop": 1.0}
        self.lot_away = False
        self.chosen_amount: dict[str, int] = {}
        # (the snapshot's version, the move) pressed once while the talk warns of it; anything
        # new on the board (an update, a card landing) asks for the first tap again.
        self.amount_armed: tuple[int, Move] | None = None
        motion.subscribe("lot_away", self._lot_goes)
        motion.subscribe("lot_back", self._lot_comes)
        motion.subscribe("bid_reset", self._reset_bid)
        motion.subscribe("bid", self._bid)
        motion.subscribe("reserve_named", self._reserve)
        motion.subscribe("board_changed", self._disarm)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.lot_away = False
            self.bid["v"] = float((snap.view.get("auction") or {}).get("bid") or 0)

    def my_turn(self) -> bool:
        return self.snap.seat is not None and self.snap.seat in self.snap.view["to_act"]

    def _lot_shown(self) -> bool:
        return self.snap.view.get("lot") is not None and not self.lot_away

    # ------------------------------------------------------------------ motion
    def _lot_goes(self) -> None:
        self.lot_away = True

    def _lot_comes(self) -> None:
        self.lot_away = False

    def _disarm(self, area: object) -> None:
        self.amount_armed = None

    def _reset_bid(self) -> None:
        self.bid["v"] = 0.0

    def _bid(self, amount: int) -> None:
        self.bid["pop"] = 1.25
        self.motion.animator.animate(self.bid, 0.45, v=float(amount))
        self.motion.animator.animate(self.bid, 0.3, "out_back", pop=1.0)

    def _reserve(self) -> None:
        self.bid["pop"] = 1.25
        self.motion.animator.animate(self.bid, 0.3, "out_back", pop=1.0)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The block and its amount chooser."""
        self._draw_block(surface, frame.cam)
        self._draw_chooser(surface, frame.cam)

    def _lot_fact(self) -> str | None:
        """What the card on sale pays and where, as the talk's facts say it."""
        said = self.snap.talk
        for entry in said["facts"] if said else ():
            if entry["label"]["m"] == "On sale: {card}":
                return self.snap.say(entry["value"])
        return None

    def _draw_block(self, surface: pygame.Surface, cam: Camera) -> None:
        """The auction block: auctioneer, the card on sale, the highest bid, the price asked;
        in stage 2 how the reconstruction stands."""
        view = self.snap.view
        mine = self.my_turn()
        if view["stage"] == 2 or view["end"] is not None:
            size, small = lettering.px(cam, 32), lettering.px(cam, 20)
            if view["end"] is not None:
                lines = [(words.end_text(view["end"]), size, theme.GOLD, True)]
            else:
                title = i18n.pgettext("kette-von-saba", "Reconstruction")
                lines = [
                    (title, size, theme.GOLD, True),
                    (_layouts(view["live_layouts"]), small, theme.TEXT, False),
                ]
            paid = i18n._("Rewards paid: {amount}", amount=words.money(view["rewards_paid"]))
            lines.append((paid, small, theme.TEXT, False))
            said = self.snap.talk
            if said and said["explain"] and view["end"] is None:
                colour = theme.GOLD_LIGHT if mine else theme.TEXT_DIM
                lines.append((self.snap.say(said["explain"]), small, colour, False))
            text = lettering.stacked(tuple(lines), cam.rect_to_screen(BLOCK_RECT).w, "center")
            x, y = cam.to_screen(BLOCK_RECT.centerx, BLOCK_RECT.y + 12)
            surface.blit(text, text.get_rect(midtop=(round(x), round(y))))
            return
        if not self._lot_shown():
            slot = cam.rect_to_screen(LOT_RECT)
            pygame.draw.rect(surface, theme.GOLD_DARK, slot, 1, border_radius=max(2, slot.w // 12))
        self._draw_auctioneer(surface, cam, mine)
        auction = view.get("auction")
        # In the draw step the auction is over (the log tells how it went): no stale bid.
        if auction is not None and view["phase"] != "draw":
            self._draw_bid(surface, cam, auction)

    def _draw_auctioneer(self, surface: pygame.Surface, cam: Camera, mine: bool) -> None:
        icon = max(12, round(36 * cam.scale))
        # The moment as the table's talk says it: the headline follows it (after a sale it
        # says who bought, not who sells), the line under it what is decided now.
        # A warning of the buttons (⚠) takes the explanation's place: the block has room for
        # two lines, and the bid it would repeat stands on its right.
        # With the amount chooser at the foot of the block, a warning stands alone above it, in
        # a callout of its own (`_draw_chooser_warning`): the top bar says whose turn it is,
        # the card is on the block.
        said = self.snap.talk
        lines = []
        if said:
            warning = self.warning() if mine else None
            if warning and self.chooser() is not None:
                return
            lines.append((self.snap.say(said["headline"]), lettering.px(cam, 22), theme.TEXT, True))
            if warning:
                lines.append(("⚠ " + warning, lettering.px(cam, 17), theme.GOLD, False))
            elif said["explain"]:
                colour = theme.GOLD_LIGHT if mine else theme.TEXT_DIM
                lines.append((self.snap.say(said["explain"]), lettering.px(cam, 19), colour, False))
        right = LOT_RECT.x - 20
        width = round((right - BLOCK_RECT.x - 10) * cam.scale) - icon
        text = lettering.stacked(tuple(lines), width, "right")
        x, y = cam.to_screen(right, BLOCK_RECT.y + 10)
        gavel = art.gavel_surface(icon)
        surface.blit(gavel, gavel.get_rect(topright=(round(x), round(y))))
        surface.blit(text, text.get_rect(topright=(round(x) - icon, round(y))))

    def _draw_bid(self, surface: pygame.Surface, cam: Camera, auction: dict[str, Any]) -> None:
        left = LOT_RECT.right + 24
        width = round((BLOCK_RECT.right - 10 - left) * cam.scale)
        size = lettering.px(cam, 19)
        x, y = cam.to_screen(left, BLOCK_RECT.y + 10)
        label = theme.text(
            lettering.fit(i18n.pgettext("kette-von-saba", "Highest bid"), size, width, False),
            size,
            theme.TEXT_DIM,
        )
        surface.blit(label, (round(x), round(y)))
        y += label.get_height() + size
        bidder = auction.get("bidder")
        if bidder is None and self.bid["v"] < 500:
            lettering.fitted(
                surface,
                i18n.pgettext("kette-von-saba", "no bid yet"),
                size,
                (x, y),
                theme.TEXT,
                False,
                "midleft",
                width,
            )
        else:
            big = lettering.px(cam, 34 * self.bid["pop"])
            rect = lettering.rolling(surface, self.bid["v"], big, (x, y), theme.GOLD_LIGHT)
            if bidder is not None:
                r = max(6, round(12 * cam.scale))
                colour = theme.player_colour(bidder)
                symbol(surface, colour.symbol, (rect.right + r * 2, rect.centery), r, colour.rgb)
                name_x = rect.right + r * 3.5
                room = round(x + width - name_x)
                if room > size * 2:
                    at = (name_x, rect.centery)
                    lettering.fitted(
                        surface,
                        self.snap.name(bidder),
                        size,
                        at,
                        theme.TEXT,
                        False,
                        "midleft",
                        room,
                    )
        y += size * 1.3
        lines = []
        reserve = auction.get("reserve")
        if reserve:
            asked = i18n._("Price asked: {amount}", amount=words.money(reserve))
            lines.append((asked, size, theme.GOLD, True))
        lot = self._lot_fact()
        if lot is not None and self._lot_shown():
            lines.append((lot, size, theme.TEXT_DIM, False))
        if lines:
            surface.blit(lettering.stacked(tuple(lines), width, "left"), (round(x), round(y)))

    def draw_callout(self, surface: pygame.Surface, frame: Frame) -> None:
        """The warning of the amount shown on the chooser, whole, in a callout standing on the
        chooser's row: as tall as its words need, over the rail's left end where the block
        is too small for them (at 800×600 in German), never cut short (drawn over the
        purses, after them)."""
        cam = frame.cam
        warning = self.warning() if self.my_turn() else None
        if not warning or self.chooser() is None:
            return
        pad = max(4, round(8 * cam.scale))
        left, right = cam.to_screen(BLOCK_RECT.x, 0)[0], cam.to_screen(LOT_RECT.x - 12, 0)[0]
        width = round(right - left) - 2 * pad
        size = lettering.px(cam, 17)
        said = [("⚠ " + warning, size, theme.GOLD, False)]
        kind, moves, index = self.chooser()
        if self.amount_armed == (self.snap.version, moves[index]):
            # Armed by a first tap: the button's own label may be too small to say so.
            said.append((i18n._("Tap it again to play it."), size, theme.TEXT, True))
        text = lettering.stacked(tuple(said), width, "left", None)
        bottom = cam.to_screen(0, CHOOSER_Y - 4)[1]
        box = pygame.Rect(round(left), 0, width + 2 * pad, text.get_height() + 2 * pad)
        box.bottom = round(bottom)
        theme.shadowed_rect(surface, box, theme.PANEL, pad, lift=2, border=theme.GOLD_DARK)
        surface.blit(text, (box.x + pad, box.y + pad))

    # ------------------------------------------------------------------ the amount chooser
    def warning(self) -> str | None:
        """The talk's warning of the move chosen on the block, else of the first button move that
        has one, for the block."""
        said = self.snap.talk
        if not said:
            return None
        chooser = self.chooser()
        if chooser is not None:
            # The amount shown on the block speaks for all amounts.
            entry = self.snap.move_talk(chooser[1][chooser[2]])
            if entry is not None and entry["warn"]:
                return self.snap.say(entry["warn"])
        for move, entry in zip(self.snap.legal, said["moves"], strict=True):
            if chooser is not None and move["type"] in AMOUNT_MOVES:
                continue
            if entry["warn"] and move["type"] not in BOARD_MOVES:
                return self.snap.say(entry["warn"])
        return None

    # ------------------------------------------------------------------ the amount chooser
    def chooser(self) -> tuple[str, list[Move], int] | None:
        """The amounts the seat shown may name now: (the kind of move, its legal moves by amount,
        the index of the one chosen), or None when it names none."""
        if not self.snap or not self.my_turn():
            return None
        for kind, field in AMOUNT_MOVES.items():
            moves = sorted(
                (m for m in self.snap.legal if m["type"] == kind), key=lambda m: m[field]
            )
            if moves:
                amount = self.chosen_amount.get(kind)
                index = next((i for i, m in enumerate(moves) if m[field] == amount), 0)
                return kind, moves, index
        return None

    def _choose(self, kind: str, move: Move) -> None:
        self.chosen_amount[kind] = move[AMOUNT_MOVES[kind]]
        self.amount_armed = None

    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap on the amount chooser: − and + step through every legal amount (a choice); the
        button plays the chosen move — one the talk warns of by a second tap, the first says
        why on the block (a choice too)."""
        chooser = self.chooser()
        if chooser is None:
            return None
        kind, moves, index = chooser
        if MINUS_RECT.collidepoint(point) or PLUS_RECT.collidepoint(point):
            step = -1 if MINUS_RECT.collidepoint(point) else 1
            self._choose(kind, moves[max(0, min(len(moves) - 1, index + step))])
            return Choice(("amount", kind, self.chosen_amount[kind]))
        if PLAY_RECT.collidepoint(point) or AMOUNT_RECT.collidepoint(point):
            move = moves[index]
            said = self.snap.move_talk(move)
            armed = (self.snap.version, move)
            if said is not None and said["warn"] and self.amount_armed != armed:
                self.amount_armed = armed
                return Choice(("armed", kind, move[AMOUNT_MOVES[kind]]))
            self.amount_armed = None
            return move
        return None

    def chooser_buttons(self, cam: Camera) -> list[Button]:
        """The chooser's parts as buttons at their places on the screen (− amount + play)."""
        chooser = self.chooser()
        if chooser is None:
            return []
        kind, moves, index = chooser
        move = moves[index]
        amount = words.money(move[AMOUNT_MOVES[kind]])
        said = self.snap.move_talk(move)
        label = self.snap.say(said["label"]) if said else amount
        if said and said["warn"]:
            label = f"⚠ {label}"
        if self.amount_armed == (self.snap.version, move):
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
        buttons = self.chooser_buttons(cam)
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


def _nothing() -> None:
    """The chooser's buttons are drawn by the view; its taps go through `Block.hit`."""


def _layouts(n: int) -> str:
    """How many necklaces the cards laid still allow."""
    if n == 1:
        return i18n._("Only one necklace is still possible")
    return i18n.ngettext(
        "{n} necklace still possible", "{n} necklaces still possible", n, n=i18n.number(n)
    )
