"""The auction block on Die Kette von Saba's table: who sells, what the person at this device
may do, the highest bid and the price asked; in stage 2 how the reconstruction stands."""

from __future__ import annotations

from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.kette_von_saba import art, lettering, words
from client.tables.kette_von_saba.layout import BLOCK_RECT, LOT_RECT
from client.ui import theme
from shared.games.kette_von_saba.game import DRAW_PRICE


class BlockDrawing(TableView):
    """The block's part of the table view (mixed into `KetteVonSabaView`)."""

    bid: dict[str, float]

    def _draw_block(self, surface: pygame.Surface, cam: Camera) -> None:
        """The auction block: auctioneer, the card on sale, the highest bid, the price asked;
        in stage 2 how the reconstruction stands."""
        view = self.view
        mine = self._my_turn()
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
            if mine and view["end"] is None:
                hint = i18n._("Pick a card, then a glowing space")
                lines.append((hint, small, theme.GOLD_LIGHT, False))
            text = lettering.stacked(tuple(lines), cam.rect_to_screen(BLOCK_RECT).w, "center")
            x, y = cam.to_screen(BLOCK_RECT.centerx, BLOCK_RECT.y + 12)
            surface.blit(text, text.get_rect(midtop=(round(x), round(y))))
            return
        if not self._lot_visible():
            slot = cam.rect_to_screen(LOT_RECT)
            pygame.draw.rect(surface, theme.GOLD_DARK, slot, 1, border_radius=max(2, slot.w // 12))
        self._draw_auctioneer(surface, cam, mine)
        auction = view.get("auction")
        # In the draw step the auction is over (the log tells how it went): no stale bid.
        if auction is not None and view["phase"] != "draw":
            self._draw_bid(surface, cam, auction)

    def _draw_auctioneer(self, surface: pygame.Surface, cam: Camera, mine: bool) -> None:
        icon = max(12, round(36 * cam.scale))
        lines = [
            (
                i18n._("{name} sells", name=self.ctx.name(self.view["auctioneer"])),
                lettering.px(cam, 22),
                theme.TEXT,
                True,
            )
        ]
        line = self._auction_hint(mine)
        if line is not None:
            lines.append(
                (line, lettering.px(cam, 19), theme.GOLD_LIGHT if mine else theme.TEXT_DIM, False)
            )
        right = LOT_RECT.x - 20
        width = round((right - BLOCK_RECT.x - 10) * cam.scale) - icon
        text = lettering.stacked(tuple(lines), width, "right")
        x, y = cam.to_screen(right, BLOCK_RECT.y + 10)
        gavel = art.gavel_surface(icon)
        surface.blit(gavel, gavel.get_rect(topright=(round(x), round(y))))
        surface.blit(text, text.get_rect(topright=(round(x) - icon, round(y))))

    def _auction_hint(self, mine: bool) -> str | None:
        """The line under the auctioneer's: what the person here may do now (`mine`), else
        what the seat to act is doing, or where the card on sale comes from."""
        view = self.view
        phase = view["phase"]
        auction = view.get("auction") or {}
        name = self.ctx.name(auction.get("bidder") if phase == "buyer" else view["auctioneer"])
        if phase == "offer":
            if mine:
                return i18n._("Drag a card from your hand here to sell it")
            return i18n._("{name} chooses a card to sell", name=name)
        if phase == "draw":
            price = words.money(DRAW_PRICE)
            if mine:
                return i18n._("Tap the deck to buy its top card for {amount}", amount=price)
            return i18n._("{name} may buy the top card for {amount}", name=name, amount=price)
        if phase == "buyer":
            if mine:
                return i18n._("Lay it on a glowing space (double reward) or keep it")
            return i18n._("{name} keeps it or lays it for double reward", name=name)
        if phase == "lay":
            if mine:
                return i18n._("Unsold: lay it on a glowing space (no reward)")
            return i18n._("Unsold: {name} lays it without reward", name=name)
        if phase == "reserve" and mine:
            return i18n._("Sell now, or ask a higher price once")
        if mine:
            return i18n._("Bid or pass with the buttons below")
        if auction.get("from_deck"):
            return i18n.pgettext("kette-von-saba", "from the deck")
        return None

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
                self.seat_token(surface, bidder, (rect.right + r * 2, rect.centery), r)
                name_x = rect.right + r * 3.5
                room = round(x + width - name_x)
                if room > size * 2:
                    at = (name_x, rect.centery)
                    lettering.fitted(
                        surface, self.ctx.name(bidder), size, at, theme.TEXT, False, "midleft", room
                    )
        y += size * 1.3
        lines = []
        reserve = auction.get("reserve")
        if reserve:
            asked = i18n._("Price asked: {amount}", amount=words.money(reserve))
            lines.append((asked, size, theme.GOLD, True))
        spaces = self.view.get("lot_spaces")
        if spaces is not None and self._lot_visible():
            lines.append((_fits(len(spaces)), size, theme.TEXT_DIM, False))
        if lines:
            surface.blit(lettering.stacked(tuple(lines), width, "left"), (round(x), round(y)))


def _layouts(n: int) -> str:
    """How many necklaces the cards laid still allow."""
    if n == 1:
        return i18n._("Only one necklace is still possible")
    return i18n.ngettext(
        "{n} necklace still possible", "{n} necklaces still possible", n, n=i18n.number(n)
    )


def _fits(n: int) -> str:
    """On how many spaces the card on sale could go."""
    if n == 0:
        return i18n.pgettext("kette-von-saba", "fits nowhere")
    return i18n.npgettext(
        "kette-von-saba", "fits {n} space", "fits {n} spaces", n, n=i18n.number(n)
    )
