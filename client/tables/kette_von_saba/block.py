"""The auction block on Die Kette von Saba's table: who sells, what the person at this device
may do, the highest bid and the price asked; in stage 2 how the reconstruction stands."""

from __future__ import annotations

from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.kette_von_saba import art, lettering, words
from client.tables.kette_von_saba.layout import BLOCK_RECT, CHOOSER_Y, LOT_RECT
from client.ui import theme


class BlockDrawing(TableView):
    """The block's part of the table view (mixed into `KetteVonSabaView`)."""

    bid: dict[str, float]

    def warning(self) -> str | None: ...

    def chooser(self) -> tuple[str, list[Any], int] | None: ...

    amount_armed: tuple[int, Any] | None

    def _lot_fact(self) -> str | None:
        """What the card on sale pays and where, as the talk's facts say it."""
        said = self.talk()
        for entry in said["facts"] if said else ():
            if entry["label"]["m"] == "On sale: {card}":
                return self.say(entry["value"])
        return None

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
            said = self.talk()
            if said and said["explain"] and view["end"] is None:
                colour = theme.GOLD_LIGHT if mine else theme.TEXT_DIM
                lines.append((self.say(said["explain"]), small, colour, False))
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
        # The moment as the table's talk says it: the headline follows it (after a sale it
        # says who bought, not who sells), the line under it what is decided now.
        # A warning of the buttons (⚠) takes the explanation's place: the block has room for
        # two lines, and the bid it would repeat stands on its right.
        # With the amount chooser at the foot of the block, a warning stands alone above it, in
        # a callout of its own (`_draw_chooser_warning`): the top bar says whose turn it is,
        # the card is on the block.
        said = self.talk()
        lines = []
        if said:
            warning = self.warning() if mine else None
            if warning and self.chooser() is not None:
                return
            lines.append((self.say(said["headline"]), lettering.px(cam, 22), theme.TEXT, True))
            if warning:
                lines.append(("⚠ " + warning, lettering.px(cam, 17), theme.GOLD, False))
            elif said["explain"]:
                colour = theme.GOLD_LIGHT if mine else theme.TEXT_DIM
                lines.append((self.say(said["explain"]), lettering.px(cam, 19), colour, False))
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
        lot = self._lot_fact()
        if lot is not None and self._lot_visible():
            lines.append((lot, size, theme.TEXT_DIM, False))
        if lines:
            surface.blit(lettering.stacked(tuple(lines), width, "left"), (round(x), round(y)))

    def _draw_chooser_warning(self, surface: pygame.Surface, cam: Camera) -> None:
        """The warning of the amount shown on the chooser, whole, in a callout standing on the
        chooser's row: as tall as its words need, over the rail's left end where the block
        is too small for them (at 800×600 in German), never cut short."""
        warning = self.warning() if self._my_turn() else None
        if not warning or self.chooser() is None:
            return
        pad = max(4, round(8 * cam.scale))
        left, right = cam.to_screen(BLOCK_RECT.x, 0)[0], cam.to_screen(LOT_RECT.x - 12, 0)[0]
        width = round(right - left) - 2 * pad
        size = lettering.px(cam, 17)
        said = [("⚠ " + warning, size, theme.GOLD, False)]
        kind, moves, index = self.chooser()
        if self.amount_armed == (self.version, moves[index]):
            # Armed by a first tap: the button's own label may be too small to say so.
            said.append((i18n._("Tap it again to play it."), size, theme.TEXT, True))
        text = lettering.stacked(tuple(said), width, "left", None)
        bottom = cam.to_screen(0, CHOOSER_Y - 4)[1]
        box = pygame.Rect(round(left), 0, width + 2 * pad, text.get_height() + 2 * pad)
        box.bottom = round(bottom)
        theme.shadowed_rect(surface, box, theme.PANEL, pad, lift=2, border=theme.GOLD_DARK)
        surface.blit(text, (box.x + pad, box.y + pad))


def _layouts(n: int) -> str:
    """How many necklaces the cards laid still allow."""
    if n == 1:
        return i18n._("Only one necklace is still possible")
    return i18n.ngettext(
        "{n} necklace still possible", "{n} necklaces still possible", n, n=i18n.number(n)
    )
