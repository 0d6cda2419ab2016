"""The auction block on Das Kollier's table: the phase, the price rolling toward each update's
(beside the gavel that knocks at `knocked_down`, and the clock of an open auction), the moment
as the table's talk says it (shared/talk/das_kollier/) under the price, a hint (a warning of a
move tapped once), and the order in which a falling auction asks the seats. What the seat puts
together and points at comes from its panel, in the notice `desk`."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from client.tables.base import Camera, Event
from client.tables.das_kollier import art, facts, pen
from client.tables.das_kollier.choices import Desk
from client.tables.das_kollier.layout import (
    BIG,
    BLOCK,
    BLOCK_PAD,
    BODY,
    HEAD,
    NUMBER_BOTTOM,
    NUMBER_Y,
    SMALL,
)
from client.tables.das_kollier.words import money
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.ui import theme
from client.words import i18n
from shared.talk.das_kollier import terms
from shared.talk.das_kollier.moves import payment_entry


class AuctionBlock(Region):
    """The block: its words (still), its price, gavel and clock (every frame)."""

    def __init__(
        self,
        motion: Motion,
        clock: Callable[[], float],
        timer: Callable[[], dict[str, Any] | None],
    ) -> None:
        super().__init__(motion)
        # The table's clock, and the quiet time after which the server knocks down by itself.
        self.clock = clock
        self.timer = timer
        self.desk = Desk()
        self.roll = {"big": 0.0}
        self.gavel = {"tilt": -35.0}
        self.clock_start: float | None = None
        motion.subscribe("desk", self._take_desk)
        motion.subscribe("knocked_down", self._knock)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        old = self.snap.view
        super().show(snap, fresh)
        view = snap.view
        if self.timer() is None or view.get("phase") != "open":
            self.clock_start = None
        elif fresh or snap.events or self.clock_start is None:
            self.clock_start = self.clock()
        big = float(facts.big_number(view) or 0)
        if fresh:
            self.roll["big"] = big
        else:
            if old.get("phase") != view.get("phase"):
                self.roll["big"] = big
            self.motion.animator.animate(self.roll, 0.4, big=big)

    def _take_desk(self, desk: Desk) -> None:
        self.desk = desk

    def _knock(self, event: Event) -> float:
        self.gavel["tilt"] = -35.0
        self.motion.animator.animate(self.gavel, 0.12, tilt=25.0)
        self.motion.animator.animate(self.gavel, 0.3, delay=0.12, tilt=-35.0)
        return 0.35

    # ------------------------------------------------------------------ the words
    def words(self) -> tuple[str, str, str]:
        """The block's headline (the phase), the line under the price (the moment, as the
        table's talk says it) and a hint: the warning of a move tapped once, what the move under
        the pointer does, the payment being put together, or what the moment means."""
        snap, desk = self.snap, self.desk
        view, said = snap.view, snap.talk
        phase = view.get("phase", "")
        name = terms.PHASE_NAMES.get(phase)
        head = snap.say(name) if name else ""
        head = head[:1].upper() + head[1:]
        if said is None:
            return head, "", ""
        sub, hint = snap.say(said["headline"]), snap.say(said["explain"])
        if (
            phase == "pay"
            and facts.moves(snap, "pay")
            and facts.mixed(view)
            and not desk.chosen.selling
        ):
            sub, hint = self._pay_words()
        hovered = desk.hovered
        entry = snap.move_talk(hovered) if hovered is not None else None
        if desk.warning:
            hint = f"⚠ {desk.warning}"
        elif entry is not None and entry["does"]:
            # What the move under the pointer does, and its warning, before it is tapped.
            hint = snap.say(entry["does"])
            if entry["warn"]:
                hint = f"{hint} ⚠ {snap.say(entry['warn'])}"
        return head, sub, hint

    def _pay_words(self) -> tuple[str, str]:
        """While gems may pay: what is chosen, and what it is worth — or the warning that it pays
        more than the price, as the voice says it of the payment being put together."""
        chosen = self.desk.chosen
        price = facts.auction(self.snap.view).get("price", 0)
        cash = money(max(0, price - chosen.worth()))
        worth = i18n.pgettext(
            "das-kollier", "gems {gems} + cash {cash}", gems=money(chosen.worth()), cash=cash
        )
        if chosen.overpaid(price):
            # The warning comes first; what is chosen shows in the hand too.
            warning = payment_entry(self.snap.view, chosen.payment(price))["warn"]
            if warning is not None:
                return self.snap.say(warning), chosen.words()
        return chosen.words(), worth

    def drawn_from(self) -> str:
        """What the still drawing depends on besides the stage's facts, as text."""
        return repr((self.words(), self.desk.tops))

    # ------------------------------------------------------------------ drawing
    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The block's plate and its words in a column: the headline, the price (drawn every
        frame), then the line under it and the hint, each wrapped to the block's width (none
        while a sale to the bank covers the cloth)."""
        if self.desk.chosen.selling:
            return
        plate = cam.rect_to_screen(BLOCK)
        surface.blit(art.block_plate(max(8, plate.w), max(8, plate.h)), plate.topleft)
        head, sub, hint = self.words()
        x, w = BLOCK.x + BLOCK_PAD, BLOCK.w - 2 * BLOCK_PAD
        number = facts.shows_number(self.snap.view)
        # The gavel lies beside the price, or beside the headline when there is no price.
        head_w = w if number else w - 50
        pen.text(surface, cam, head, HEAD, (x, BLOCK.y + 12), theme.GOLD_LIGHT, True, width=head_w)
        # Without a price to show, the words move up under the headline.
        y = BLOCK.y + (NUMBER_BOTTOM if number else 52)
        y = pen.lines(surface, cam, sub, BODY, (x, y), w, theme.TEXT)
        falling = self.snap.view.get("phase") == "falling"
        # The hint, second in rank, keeps clear of the controls (and the falling order).
        bottom = min(self.desk.tops, default=BLOCK.bottom - 8) - 6 - (56 if falling else 0)
        if hint:
            y = pen.lines(surface, cam, hint, SMALL, (x, y + 4), w, theme.TEXT_DIM, bottom=bottom)
        if falling:
            self._draw_falling_order(surface, cam, y + 30)

    def _draw_falling_order(self, surface: pygame.Surface, cam: Camera, y: float) -> None:
        """The seats asked in turn from the auctioneer's left; those before the one asked have
        declined at this price."""
        view = self.snap.view
        n = view.get("players", 0)
        auctioneer, asked = view.get("auctioneer", 0), facts.auction(view).get("asked")
        turn = [(auctioneer + 1 + k) % n for k in range(n - 1)]
        x = BLOCK.x + BLOCK_PAD + 24
        for i, seat in enumerate(turn):
            cx = x + i * 62
            if i:
                pen.text(surface, cam, "›", BODY, (cx - 31, y), theme.TEXT_DIM, anchor="center")
            if seat == asked:
                pygame.draw.circle(
                    surface, theme.GOLD_LIGHT, cam.to_screen(cx, y), 24 * cam.scale, 2
                )
            pen.seat_token(surface, seat, cam.to_screen(cx, y), max(6.0, 17 * cam.scale))
            if asked in turn and i < turn.index(asked):
                a, b = cam.to_screen(cx - 16, y - 16), cam.to_screen(cx + 16, y + 16)
                pygame.draw.line(surface, theme.DANGER, a, b, max(2, round(4 * cam.scale)))

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The price rolling, the gavel and the clock (none while a sale covers the cloth)."""
        if self.desk.chosen.selling:
            return
        cam, view = frame.cam, self.snap.view
        shows = facts.shows_number(view)
        x = BLOCK.x + BLOCK_PAD + (84 if self.clock_left() is not None else 0)
        if shows:
            big = facts.big_number(view)
            shown = money(round(self.roll["big"] / 100) * 100) if big is not None else "—"
            pen.text(
                surface, cam, shown, BIG, (x, BLOCK.y + NUMBER_Y), theme.IVORY, True, "midleft"
            )
        g = max(10, round(44 * cam.scale))
        tilt = round(self.gavel["tilt"] / 5) * 5
        # Beside the price, so that the headline has the block's whole width; with no price,
        # beside the headline.
        y = BLOCK.y + (NUMBER_Y - 22 if shows else 6)
        spot = cam.to_screen(BLOCK.right - 56, y)
        surface.blit(art.gavel_surface(g, tilt), spot)
        self._draw_clock(surface, cam)

    def clock_left(self) -> float | None:
        """Seconds until the server knocks the open auction down by itself, if it will."""
        timer = self.timer()
        if timer is None or self.clock_start is None or self.snap.view.get("phase") != "open":
            return None
        return max(0.0, timer.get("seconds", 0) - (self.clock() - self.clock_start))

    def _draw_clock(self, surface: pygame.Surface, cam: Camera) -> None:
        left = self.clock_left()
        timer = self.timer()
        if left is None or timer is None:
            return
        seconds = max(1e-6, float(timer["seconds"]))
        centre = cam.to_screen(BLOCK.x + BLOCK_PAD + 36, BLOCK.y + NUMBER_Y)
        r = max(10, round(34 * cam.scale))
        width = max(2, round(6 * cam.scale))
        pygame.draw.circle(surface, theme.TABLE_DARK, centre, r)
        pygame.draw.circle(surface, theme.GOLD_DARK, centre, r, 1)
        share = left / seconds
        colour = theme.DANGER if left < 3 else theme.GOLD
        if share > 0:
            rect = pygame.Rect(0, 0, r * 2, r * 2)
            rect.center = (round(centre[0]), round(centre[1]))
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * share, width)
        theme.blit_text(
            surface, str(math.ceil(left)), pen.px(cam, BODY), centre, theme.TEXT, True, "center"
        )
