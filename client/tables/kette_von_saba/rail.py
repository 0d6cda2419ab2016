"""The rail of purses on Die Kette von Saba's table: each seat's token, name, cards in hand and
marks, the auctioneer's gavel, a pass, and sums rolling toward their new amounts (the notices
`roll`, `passed` and `passes_cleared` of the view's motion)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.tables.base import Camera
from client.tables.kette_von_saba import art, lettering
from client.tables.kette_von_saba.layout import RAIL_RECT, purse_rects
from client.tables.regions import Frame, Motion, Region, Snapshot, world_clip
from client.ui import theme
from client.ui.anim import pulse
from client.ui.widgets import symbol
from client.words import i18n


class Rail(Region):
    """The purses: the sums shown (rolling toward the view's) and the seats that passed."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.cash: dict[str, float] = {}
        self.passed: set[int] = set()
        motion.subscribe("roll", self._roll)
        motion.subscribe("passed", self._mark_pass)
        motion.subscribe("passes_cleared", self._clear_passes)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.passed.clear()
            self.cash = {f"s{s}": float(c) for s, c in enumerate(snap.view["cash"])}

    def _roll(self, seat: int, value: float, delay: float) -> None:
        """The purse of `seat` counts to `value`."""
        self.motion.animator.animate(self.cash, 0.6, delay=delay, **{f"s{seat}": float(value)})

    def _mark_pass(self, seat: int) -> None:
        self.passed.add(seat)
        self.motion.publish("board_changed", RAIL_RECT)

    def _clear_passes(self) -> None:
        if self.passed:
            self.passed.clear()
            self.motion.publish("board_changed", RAIL_RECT)

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The purses at rest, each showing its seat's money (part of the cached board)."""
        if not world_clip(surface, cam).colliderect(RAIL_RECT):
            return
        for seat, rect in enumerate(purse_rects(self.snap.view["players"])):
            box = cam.rect_to_screen(rect)
            surface.blit(self._purse_face(seat, box.size, cam, self.snap.view["cash"][seat]), box)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """What moves in the purses (the board holds them at rest): the ring of those to act,
        and sums rolling toward their new amounts."""
        view, cam = self.snap.view, frame.cam
        acting = set(view["to_act"]) if view["end"] is None else set()
        glow = pulse(frame.now)
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
        view = self.snap.view
        mark = None
        if view["stage"] == 1 and seat == view["auctioneer"] and view["end"] is None:
            mark = "gavel"
        elif seat in self.passed:
            mark = i18n.pgettext("kette-von-saba.purse", "pass")
        leading = seat == (view.get("auction") or {}).get("bidder")
        return purse_face(
            seat,
            size,
            self.snap.name(seat),
            view["hand_counts"][seat],
            mark,
            leading,
            lettering.px(cam, 18),
            lettering.px(cam, 22),
            round(cam.scale, 3),
            money,
            i18n.language(),
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
    language: str,
) -> pygame.Surface:
    """The still part of a purse (see `Rail._purse_face`), in `language`: the money's
    thousands separator is the language's, so a purse drawn before a change of language is not
    the purse after it."""
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
