"""The auction block on Das Kollier's table: its headline, the line under the price and a hint
for each phase, and the order in which a falling auction asks the seats."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera, TableView
from client.tables.das_kollier.layout import BLOCK, BLOCK_PAD, BODY, HEAD, SMALL
from client.tables.das_kollier.words import count_of, money, ui
from client.ui import theme


class AuctionBlock(TableView):
    """The block's words (a part of DasKollierView)."""

    def _block_words(self) -> tuple[str, str, str]:
        """The block's headline, the line under the price and a hint, by phase."""
        view, auction = self.view, self._auction()
        phase, me = view.get("phase"), self.seat
        name = self.ctx.name
        price = money(auction.get("price", 0))
        auctioneer = view.get("auctioneer")
        if phase == "sealed":
            mine = view.get("sealed_bid")
            made = sum(view.get("sealed_bids_made", []))
            count = ui("sealed_count", n=made, of=view.get("players", 0))
            if mine is None:
                return ui("sealed_head"), ui("sealed_cash"), count
            return ui("sealed_head"), ui("sealed_yours", amount=money(mine)), count
        if phase == "choose":
            sub = ui("choose_you") if self.legal else ui("choose", name=name(auctioneer))
            hint = ""
            if self.legal:
                hint = ui("start_hint") if self._moves("open_auction") else ui("must_fall")
            return ui("choose_head"), sub, hint
        if phase == "open":
            bidder = auction.get("bidder")
            start = money(auction.get("start_price", 0))
            if bidder is None:
                sub = ui("no_bid", price=start)
            elif bidder == me:
                sub = ui("you_lead")
            else:
                sub = ui("high_bid", name=name(bidder))
            hint = ""
            if self._moves("knock_down"):
                hint = ui("knock_hint")
            elif me is not None and me in auction.get("passed", []):
                hint = ui("you_passed")
            elif self._moves("pass") and not self._moves("bid"):
                hint = ui("beyond_means")
            return ui("open_head"), sub, hint
        if phase == "falling":
            asked = auction.get("asked")
            sub = ui("asked_you") if asked == me else ui("asked", name=name(asked))
            return ui("falling"), sub, ui("falling_hint")
        if phase == "preempt":
            accepter = name(auction.get("accepter"))
            sub = ui("preempt", name=accepter, price=price)
            if self._moves("preempt") or self._moves("waive"):
                return ui("preempt_head"), sub, ui("preempt_you", name=accepter)
            return ui("preempt_head"), sub, ui("preempt_hint", name=name(auctioneer))
        if phase == "pay":
            return self._pay_words(auction, price)
        if phase == "commission":
            mine = bool(self._moves("commission"))
            sub = ui("commission_you") if mine else ui("commission_choice", name=name(auctioneer))
            paid = ui(
                "paid_with",
                cash=money(auction.get("paid_cash", 0)),
                gems=count_of("gems", auction.get("paid_gem_count", 0)),
            )
            return ui("commission_head"), sub, paid
        if phase == "over":
            outcome = view.get("outcome") or {}
            winners = outcome.get("winners", [])
            sub = ""
            if winners:
                best = money(outcome["scores"][winners[0]])
                sub = ui("winner", name=" & ".join(name(s) for s in winners), value=best)
            return ui("over"), sub, ""
        return "", "", ""

    def _pay_words(self, auction: dict[str, Any], price: str) -> tuple[str, str, str]:
        buyer = auction.get("buyer")
        if buyer != self.seat:
            kind = ui("pay_mixed_other") if self._mixed() else ui("pay_cash_only")
            return ui("pay_head"), ui("pay", name=self.ctx.name(buyer), price=price), kind
        if self._moves("default"):
            cash = any("gem" not in m for m in self._moves("default"))
            hint = ui("penalty_hint") if cash else ui("penalty_gem_only")
            return ui("pay_head"), ui("cannot_pay", price=price), hint
        if self._mixed():
            cash = money(max(0, auction.get("price", 0) - self._worth()))
            worth = ui("worth", gems=money(self._worth()), cash=cash)
            return ui("pay_head"), self._chosen_words(), worth
        return ui("pay_head"), ui("pay_you", price=price), ui("pay_cash_only")

    def _draw_block(self, surface: pygame.Surface, cam: Camera) -> None:
        head, sub, hint = self._block_words()
        x, w = BLOCK.x + BLOCK_PAD, BLOCK.w - 2 * BLOCK_PAD
        self._text(
            surface, cam, head, HEAD, (x, BLOCK.y + 12), theme.GOLD_LIGHT, True, width=w - 50
        )
        # Without a price to show, the words move up under the headline.
        top = BLOCK.y + (128 if self._shows_number() else 56)
        self._text(surface, cam, sub, BODY, (x, top), theme.TEXT, width=w)
        if hint:
            px = self._px(cam, SMALL)
            for i, line in enumerate(theme.wrap(hint, px, round(w * cam.scale))[:2]):
                y = top + 32 + i * SMALL * 1.25
                self._text(surface, cam, line, SMALL, (x, y), theme.TEXT_DIM, width=w)
        if self.view.get("phase") == "falling":
            self._draw_falling_order(surface, cam)

    def _draw_falling_order(self, surface: pygame.Surface, cam: Camera) -> None:
        """The seats asked in turn from the auctioneer's left; those before the one asked have
        declined at this price."""
        n = self.view.get("players", 0)
        auctioneer, asked = self.view.get("auctioneer", 0), self._auction().get("asked")
        turn = [(auctioneer + 1 + k) % n for k in range(n - 1)]
        x, y = BLOCK.x + BLOCK_PAD + 24, BLOCK.y + 244
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
