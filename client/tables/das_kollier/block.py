"""The auction block on Das Kollier's table: its headline, the line under the price and a hint
for each phase, and the order in which a falling auction asks the seats."""

from __future__ import annotations

from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.das_kollier.layout import BLOCK, BLOCK_PAD, BODY, HEAD, NUMBER_BOTTOM, SMALL
from client.tables.das_kollier.words import gem_count, money
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
            count = i18n._(
                "{n} of {of} bids are down; the highest pays and runs the first auction",
                n=made,
                of=view.get("players", 0),
            )
            if mine is None:
                return (
                    i18n.pgettext("das-kollier", "Sealed bids"),
                    i18n._("Put down any cash, even nothing"),
                    count,
                )
            return (
                i18n.pgettext("das-kollier", "Sealed bids"),
                i18n._("Your bid: {amount}", amount=money(mine)),
                count,
            )
        if phase == "choose":
            sub = (
                i18n._("Your lot: open or falling auction?")
                if self.legal
                else i18n._("{name} chooses the kind of auction", name=name(auctioneer))
            )
            hint = ""
            if self.legal:
                hint = (
                    i18n._("Open: set a start price of at least the base value")
                    if self._moves("open_auction")
                    else i18n._("Your cash is below the base value: it must fall.")
                )
            return i18n._("The lot is out"), sub, hint
        if phase == "open":
            bidder = auction.get("bidder")
            start = money(auction.get("start_price", 0))
            if bidder is None:
                sub = i18n._("no bid yet · start price {price}", price=start)
            elif bidder == me:
                sub = i18n._("You hold the highest bid")
            else:
                sub = i18n.pgettext("das-kollier", "highest bid: {name}", name=name(bidder))
            hint = ""
            if self._moves("knock_down"):
                hint = i18n._("Everyone else has passed: knock it down")
            elif me is not None and me == auctioneer:
                hint = i18n._(
                    "You knock it down once everyone else has passed; else the clock does"
                )
            elif me is not None and me in auction.get("passed", []):
                hint = i18n._("You passed; bid again after a new bid")
            elif self._moves("pass") and not self._moves("bid"):
                hint = i18n._("The next bid is beyond your means")
            return i18n.pgettext("das-kollier", "Open auction"), sub, hint
        if phase == "falling":
            asked = auction.get("asked")
            sub = (
                i18n._("Buy the lot at this price?")
                if asked == me
                else i18n._("{name} may buy or decline", name=name(asked))
            )
            return (
                i18n.pgettext("das-kollier", "Falling auction"),
                sub,
                i18n._("In turn from the auctioneer's left; when all decline, 1,000 less"),
            )
        if phase == "preempt":
            accepter = name(auction.get("accepter"))
            sub = i18n._("{name} would buy at {price}", name=accepter, price=price)
            if self._moves("preempt") or self._moves("waive"):
                return (
                    i18n.pgettext("das-kollier", "First refusal"),
                    sub,
                    i18n._(
                        "Take it yourself ({name} gets 1,000 from the bank) or let it go",
                        name=accepter,
                    ),
                )
            return (
                i18n.pgettext("das-kollier", "First refusal"),
                sub,
                i18n._("{name} may take it at that price", name=name(auctioneer)),
            )
        if phase == "pay":
            return self._pay_words(auction, price)
        if phase == "commission":
            mine = bool(self._moves("commission"))
            sub = (
                i18n._("Half the cash, or one of the gems")
                if mine
                else i18n._("{name} chooses the commission", name=name(auctioneer))
            )
            paid = i18n.pgettext(
                "das-kollier",
                "paid: {cash} and {gems}",
                cash=money(auction.get("paid_cash", 0)),
                gems=gem_count(auction.get("paid_gem_count", 0)),
            )
            return i18n.pgettext("das-kollier", "Commission"), sub, paid
        if phase == "over":
            outcome = view.get("outcome") or {}
            winners = outcome.get("winners", [])
            sub = ""
            if winners:
                best = money(outcome["scores"][winners[0]])
                sub = i18n.pgettext(
                    "das-kollier",
                    "Best necklace: {name} · {value}",
                    name=" & ".join(name(s) for s in winners),
                    value=best,
                )
            return i18n.pgettext("das-kollier", "The game is over"), sub, ""
        return "", "", ""

    def _pay_words(self, auction: dict[str, Any], price: str) -> tuple[str, str, str]:
        buyer = auction.get("buyer")
        if buyer != self.seat:
            kind = (
                i18n._("cash, gems or necklaces")
                if self._mixed()
                else i18n._("This lot is paid in cash")
            )
            return (
                i18n.pgettext("das-kollier", "Payment"),
                i18n.pgettext(
                    "das-kollier", "{name} pays {price}", name=self.ctx.name(buyer), price=price
                ),
                kind,
            )
        if self._moves("default"):
            cash = any("gem" not in m for m in self._moves("default"))
            hint = (
                i18n._("Penalty, then the lot goes up again. Or tap a gem to give up.")
                if cash
                else i18n._("Penalty: tap the gem you give up; then the lot goes up again")
            )
            return (
                i18n.pgettext("das-kollier", "Payment"),
                i18n._("You cannot pay {price}", price=price),
                hint,
            )
        if self._mixed():
            cash = money(max(0, auction.get("price", 0) - self._worth()))
            worth = i18n.pgettext(
                "das-kollier", "gems {gems} + cash {cash}", gems=money(self._worth()), cash=cash
            )
            over = self._overpaid()
            if over:
                # The warning comes first; what is chosen shows in the hand too.
                warning = i18n._(
                    "Gems worth {worth}: {amount} more than the price, and no change is given",
                    worth=money(self._worth()),
                    amount=money(over),
                )
                return i18n.pgettext("das-kollier", "Payment"), warning, self._chosen_words()
            return i18n.pgettext("das-kollier", "Payment"), self._chosen_words(), worth
        return (
            i18n.pgettext("das-kollier", "Payment"),
            i18n.pgettext("das-kollier", "Pay {price}", price=price),
            i18n._("This lot is paid in cash"),
        )

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
