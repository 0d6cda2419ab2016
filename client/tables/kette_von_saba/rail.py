"""The rail of purses on Die Kette von Saba's table: each seat's token, name, cards in hand and
marks, the auctioneer's gavel, a pass, and sums rolling toward their new amounts."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.kette_von_saba import art, lettering
from client.tables.kette_von_saba.layout import purse_rects
from client.ui import theme
from client.ui.anim import pulse
from client.ui.widgets import symbol


class RailDrawing(TableView):
    """The purses' part of the table view (mixed into `KetteVonSabaView`)."""

    cash: dict[str, float]
    passed: set[int]

    def _draw_rail(self, surface: pygame.Surface, cam: Camera) -> None:
        """The purses at rest, each showing its seat's money (part of the cached board)."""
        for seat, rect in enumerate(purse_rects(self.view["players"])):
            box = cam.rect_to_screen(rect)
            surface.blit(self._purse_face(seat, box.size, cam, self.view["cash"][seat]), box)

    def _draw_purses(self, surface: pygame.Surface, cam: Camera) -> None:
        """What moves in the purses (the board holds them at rest): the ring of those to act,
        and sums rolling toward their new amounts."""
        view = self.view
        acting = set(view["to_act"]) if view["end"] is None else set()
        glow = pulse(self.ctx.now)
        pad = max(4, round(8 * cam.scale))
        for seat, rect in enumerate(purse_rects(view["players"])):
            box = cam.rect_to_screen(rect)
            money = self.cash.get(f"s{seat}", float(view["cash"][seat]))
            if abs(money - view["cash"][seat]) > 0.5:
                surface.blit(self._purse_face(seat, box.size, cam, None), box)
                at = (box.x + pad, box.y + box.h * 0.72)
                lettering.rolling(surface, money, lettering.px(cam, 22), at, theme.GOLD_LIGHT)
            if seat in acting:
                colour = theme.mix(theme.GOLD_DARK, theme.GOLD_LIGHT, glow)
                width = max(2, round(4 * cam.scale))
                pygame.draw.rect(surface, colour, box, width, border_radius=max(4, box.h // 5))

    def _purse_face(
        self, seat: int, size: tuple[int, int], cam: Camera, money: int | None
    ) -> pygame.Surface:
        """A purse: token, name, the auctioneer's gavel or a pass, the cards in hand and its
        `money` (None: left out, for a sum drawn rolling over it)."""
        view = self.view
        mark = None
        if view["stage"] == 1 and seat == view["auctioneer"] and view["end"] is None:
            mark = "gavel"
        elif seat in self.passed:
            mark = i18n.pgettext("kette-von-saba.purse", "pass")
        leading = seat == (view.get("auction") or {}).get("bidder")
        return purse_face(
            seat,
            size,
            self.ctx.name(seat),
            view["hand_counts"][seat],
            mark,
            leading,
            lettering.px(cam, 18),
            lettering.px(cam, 22),
            round(cam.scale, 3),
            money,
        )


@lru_cache(maxsize=64)
def purse_face(
    seat: int,
    size: tuple[int, int],
    name: str,
    cards: int,
    mark: str | None,
    leading: bool,
    small: int,
    money_size: int,
    scale: float,
    money: int | None,
) -> pygame.Surface:
    """The still part of a purse (see `RailDrawing._purse_face`)."""
    w, h = size
    surf = art.purse_box(w, h, leading).copy()
    pad = max(4, round(8 * scale))
    r = max(6, round(11 * scale))
    top = h * 0.3
    colour = theme.player_colour(seat)
    symbol(surf, colour.symbol, (pad + r, top), r, colour.rgb)
    right = w - pad
    if mark == "gavel":
        gavel = art.gavel_surface(max(12, round(26 * scale)))
        surf.blit(gavel, gavel.get_rect(midright=(right, round(top))))
        right -= gavel.get_width() + pad // 2
    elif mark is not None:
        tag = theme.text(mark, small, theme.TEXT_DIM)
        surf.blit(tag, tag.get_rect(midright=(right, round(top))))
        right -= tag.get_width() + pad
    x = pad + r * 2 + pad
    label = theme.text(lettering.fit(name, small, round(right - x), True), small, theme.TEXT, True)
    surf.blit(label, label.get_rect(midleft=(x, round(top))))
    count = theme.text(str(cards), small, theme.TEXT_DIM)
    back_w = max(6, round(small * 0.7))
    money_w = theme.font(money_size, True).size("00,000")[0]
    if pad + money_w + pad + back_w + 3 + count.get_width() + pad <= w:
        bottom = round(h * 0.72)
        cx = w - pad - count.get_width()
        surf.blit(count, count.get_rect(midleft=(cx, bottom)))
        back = art.card_back(back_w)
        surf.blit(back, back.get_rect(midright=(cx - 3, bottom)))
    if money is not None:
        lettering.rolling(surf, money, money_size, (pad, h * 0.72), theme.GOLD_LIGHT)
    return surf
