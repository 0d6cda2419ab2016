"""The auction block on Das Kollier's table: the phase, the moment as the table's talk says it
(shared/talk/das_kollier.py) under the price, a hint (a warning of a move clicked once), and the
order in which a falling auction asks the seats."""

from __future__ import annotations

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.das_kollier.layout import BLOCK, BLOCK_PAD, BODY, HEAD, NUMBER_BOTTOM, SMALL
from client.tables.das_kollier.words import money
from client.ui import theme
from shared.talk import das_kollier as voice


class AuctionBlock(TableView):
    """The block's words (a part of DasKollierView)."""

    def _block_words(self) -> tuple[str, str, str]:
        """The block's headline (the phase), the line under the price (the moment, as the
        table's talk says it) and a hint: the warning of a move tapped once, what the move under
        the pointer does, the payment being put together, or what the moment means."""
        view, said = self.view, self.talk()
        phase = view.get("phase", "")
        name = voice.PHASE_NAMES.get(phase)
        head = self.say(name) if name else ""
        head = head[:1].upper() + head[1:]
        if said is None:
            return head, "", ""
        sub, hint = self.say(said["headline"]), self.say(said["explain"])
        if phase == "pay" and self._moves("pay") and self._mixed() and not self.selling:
            sub, hint = self._pay_words()
        warning = self._armed_warning()
        hovered = next((c for c in self.controls if c.key == self.hover), None)
        entry = (
            self.move_talk(hovered.action) if hovered and isinstance(hovered.action, dict) else None
        )
        if warning:
            hint = f"⚠ {warning}"
        elif entry is not None and entry["does"]:
            # What the move under the pointer does, and its warning, before it is tapped.
            hint = self.say(entry["does"])
            if entry["warn"]:
                hint = f"{hint} ⚠ {self.say(entry['warn'])}"
        return head, sub, hint

    def _pay_words(self) -> tuple[str, str]:
        """While gems may pay: what is chosen, and what it is worth — or the warning that it pays
        more than the price, as the voice says it of the payment being put together."""
        auction = self._auction()
        cash = money(max(0, auction.get("price", 0) - self._worth()))
        worth = i18n.pgettext(
            "das-kollier", "gems {gems} + cash {cash}", gems=money(self._worth()), cash=cash
        )
        over = self._overpaid()
        if over:
            # The warning comes first; what is chosen shows in the hand too.
            warning = voice.payment_entry(self.view, self._payment())["warn"]
            if warning is not None:
                return self.say(warning), self._chosen_words()
        return self._chosen_words(), worth

    def _draw_block(self, surface: pygame.Surface, cam: Camera) -> None:
        """The block's words in a column: the headline, the price (drawn every frame by the
        overlay), then the line under it and the hint, each wrapped to the block's width."""
        head, sub, hint = self._block_words()
        x, w = BLOCK.x + BLOCK_PAD, BLOCK.w - 2 * BLOCK_PAD
        number = self._shows_number()
        # The gavel lies beside the price, or beside the headline when there is no price.
        head_w = w if number else w - 50
        self._text(
            surface, cam, head, HEAD, (x, BLOCK.y + 12), theme.GOLD_LIGHT, True, width=head_w
        )
        # Without a price to show, the words move up under the headline.
        y = BLOCK.y + (NUMBER_BOTTOM if number else 52)
        y = self._lines(surface, cam, sub, BODY, (x, y), w, theme.TEXT)
        falling = self.view.get("phase") == "falling"
        # The hint, second in rank, keeps clear of the controls (and the falling order).
        tops = [c.rect.y for c in self.controls if BLOCK.contains(c.rect)]
        bottom = min(tops, default=BLOCK.bottom - 8) - 6 - (56 if falling else 0)
        if hint:
            y = self._lines(surface, cam, hint, SMALL, (x, y + 4), w, theme.TEXT_DIM, bottom=bottom)
        if falling:
            self._draw_falling_order(surface, cam, y + 30)

    def _draw_falling_order(self, surface: pygame.Surface, cam: Camera, y: float) -> None:
        """The seats asked in turn from the auctioneer's left; those before the one asked have
        declined at this price."""
        n = self.view.get("players", 0)
        auctioneer, asked = self.view.get("auctioneer", 0), self._auction().get("asked")
        turn = [(auctioneer + 1 + k) % n for k in range(n - 1)]
        x = BLOCK.x + BLOCK_PAD + 24
        for i, seat in enumerate(turn):
            cx = x + i * 62
            if i:
                self._text(surface, cam, "›", BODY, (cx - 31, y), theme.TEXT_DIM, anchor="center")
            if seat == asked:
                pygame.draw.circle(
                    surface, theme.GOLD_LIGHT, cam.to_screen(cx, y), 24 * cam.scale, 2
                )
            self.seat_token(surface, seat, cam.to_screen(cx, y), max(6.0, 17 * cam.scale))
            if asked in turn and i < turn.index(asked):
                a, b = cam.to_screen(cx - 16, y - 16), cam.to_screen(cx + 16, y + 16)
                pygame.draw.line(surface, theme.DANGER, a, b, max(2, round(4 * cam.scale)))
