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
        ui = words.UI_TEXT
        mine = self._my_turn()
        if view["stage"] == 2 or view["end"] is not None:
            size, small = lettering.px(cam, 32), lettering.px(cam, 20)
            if view["end"] is not None:
                lines = [(i18n.pick(words.EVENT_TEXT[view["end"]]), size, theme.GOLD, True)]
            else:
                n = view["live_layouts"]
                lines = [
                    (i18n.pick(ui["reconstruction"]), size, theme.GOLD, True),
                    (
                        i18n.pick(ui["layouts"] if n != 1 else ui["layout_one"], n=n),
                        small,
                        theme.TEXT,
                        False,
                    ),
                ]
            paid = i18n.pick(ui["rewards_paid"], amount=words.money(view["rewards_paid"]))
            lines.append((paid, small, theme.TEXT, False))
            if mine and view["end"] is None:
                lines.append((i18n.pick(ui["place_hint"]), small, theme.GOLD_LIGHT, False))
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
        view, ui = self.view, words.UI_TEXT
        auctioneer = view["auctioneer"]
        phase = view["phase"]
        auction = view.get("auction") or {}
        if phase == "offer":
            sub = ui["choose"] if mine else ui["choosing"]
        elif phase == "draw":
            sub = ui["draw_hint"] if mine else ui["may_draw"]
        elif phase == "buyer":
            sub = ui["buyer_hint"] if mine else ui["buyer"]
        elif phase == "lay":
            sub = ui["unsold_hint"] if mine else ui["unsold"]
        elif phase == "reserve" and mine:
            sub = ui["reserve_hint"]
        elif mine:
            sub = ui["bid_hint"]
        else:
            sub = ui["from_deck"] if auction.get("from_deck") else None
        icon = max(12, round(36 * cam.scale))
        lines = [
            (
                i18n.pick(ui["sells"], name=self.ctx.name(auctioneer)),
                lettering.px(cam, 22),
                theme.TEXT,
                True,
            )
        ]
        if sub is not None:
            who = self.ctx.name(auction.get("bidder") if phase == "buyer" else auctioneer)
            line = i18n.pick(sub, name=who, amount=words.money(DRAW_PRICE))
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

    def _draw_bid(self, surface: pygame.Surface, cam: Camera, auction: dict[str, Any]) -> None:
        ui = words.UI_TEXT
        left = LOT_RECT.right + 24
        width = round((BLOCK_RECT.right - 10 - left) * cam.scale)
        size = lettering.px(cam, 19)
        x, y = cam.to_screen(left, BLOCK_RECT.y + 10)
        label = theme.text(
            lettering.fit(i18n.pick(ui["high_bid"]), size, width, False), size, theme.TEXT_DIM
        )
        surface.blit(label, (round(x), round(y)))
        y += label.get_height() + size
        bidder = auction.get("bidder")
        if bidder is None and self.bid["v"] < 500:
            lettering.fitted(
                surface,
                i18n.pick(ui["no_bid_yet"]),
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
            asked = f"{i18n.pick(ui['reserve'])}: {words.money(reserve)}"
            lines.append((asked, size, theme.GOLD, True))
        spaces = self.view.get("lot_spaces")
        if spaces is not None and self._lot_visible():
            n = len(spaces)
            key = "fits_none" if n == 0 else "fits_one" if n == 1 else "fits"
            lines.append((i18n.pick(ui[key], n=n), size, theme.TEXT_DIM, False))
        if lines:
            surface.blit(lettering.stacked(tuple(lines), width, "left"), (round(x), round(y)))
