"""The seat's own corner of Das Kollier's table: its cash (rolling toward each update's), its
marker, its gems in one stack per kind with their count badges (the chosen ones lifted, as the
seat's panel tells in `desk`), and its best necklace strung as it is worn."""

from __future__ import annotations

from collections import Counter

import pygame

from client.tables.base import Camera
from client.tables.das_kollier import art, facts, pen
from client.tables.das_kollier.choices import Desk
from client.tables.das_kollier.layout import (
    BODY,
    CASH_POS,
    HAND,
    HEAD,
    MARKER_POS,
    ME,
    NECKLACE,
    NECKLACE_TITLE,
    NECKLACE_VALUE_Y,
    SMALL,
    hand_slots,
)
from client.tables.das_kollier.words import money, number
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.ui import theme
from client.words import i18n
from shared.games.das_kollier.gems import KINDS
from shared.talk.das_kollier import terms


class OwnCorner(Region):
    """What the seat shown owns (a spectator's corner says it is secret)."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.desk = Desk()
        self.roll = {"cash": 0.0}
        motion.subscribe("desk", self._take_desk)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        cash = float(snap.view.get("cash", 0))
        if fresh:
            self.roll["cash"] = cash
        else:
            self.motion.animator.animate(self.roll, 0.4, cash=cash)

    def _take_desk(self, desk: Desk) -> None:
        self.desk = desk

    def drawn_from(self) -> str:
        """What the still drawing depends on (the seat's choice aside), as text."""
        snap, view = self.snap, self.snap.view
        mine = snap.seat if isinstance(snap.seat, int) else None
        own = None if mine is None else (view["markers"][mine], view["sold"][mine])
        return repr([view.get("gems"), view.get("best_necklace"), own, facts.words(snap), mine])

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The seat's own corner: its marker, its gems in stacks, its best necklace."""
        view, seat = self.snap.view, self.snap.seat
        if seat is None:
            pen.lines(
                surface,
                cam,
                self.snap.say(terms.SECRET),
                BODY,
                (ME.centerx, ME.y + 40),
                ME.w - 40,
                theme.TEXT_DIM,
                "midtop",
            )
            return
        marker = view.get("markers", [0] * 9)[seat]
        if marker or view.get("sold", [False] * 9)[seat]:
            size = max(8, round(24 * cam.scale))
            surface.blit(art.coin(size), cam.to_screen(*MARKER_POS))
            label = i18n.pgettext("das-kollier", "marker {amount}", amount=money(marker))
            x, y = MARKER_POS[0] + 32, MARKER_POS[1] + 2
            pen.text(surface, cam, label, SMALL, (x, y), theme.GOLD)
        counts = Counter(facts.hand(self.snap))
        kinds = sorted(counts, key=KINDS.index)
        chosen = self.desk.chosen.counts()
        if not kinds:
            pen.text(
                surface, cam, i18n._("No gems yet"), BODY, (HAND.x, HAND.y + 40), theme.TEXT_DIM
            )
        for kind, slot in zip(kinds, hand_slots(len(kinds)), strict=True):
            lift = 16.0 if chosen[kind] else 0.0
            for k in range(min(3, counts[kind]) - 1, -1, -1):
                pen.card(surface, cam, kind, slot.move(k * 5, -k * 5), lift)
        self._draw_necklace(surface, cam)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The cash rolling, and how many gems a stack holds (and how many are chosen), on its
        corner, over the glow of a stack that may be tapped."""
        if self.snap.seat is None:
            return
        cam = frame.cam
        cash = money(round(self.roll["cash"] / 100) * 100)
        pen.text(
            surface,
            cam,
            i18n.pgettext("das-kollier", "Your cash {amount}", amount=cash),
            HEAD,
            CASH_POS,
            theme.GOLD_LIGHT,
            True,
        )
        counts = Counter(facts.hand(self.snap))
        chosen = self.desk.chosen.counts()
        kinds = sorted(counts, key=KINDS.index)
        rad = max(9, round(15 * cam.scale))
        px = pen.px(cam, SMALL * 0.8)
        for kind, slot in zip(kinds, hand_slots(len(kinds)), strict=True):
            if counts[kind] < 2 and not chosen[kind]:
                continue
            lift = 16.0 if chosen[kind] else 0.0
            top = min(3, counts[kind]) - 1
            badge = cam.to_screen(slot.right + top * 5 - 2, slot.y - top * 5 - lift + 2)
            colour = theme.GOLD if chosen[kind] else theme.PANEL
            label = f"{chosen[kind]}/{counts[kind]}" if chosen[kind] else f"×{counts[kind]}"
            ink = theme.INK if chosen[kind] else theme.TEXT
            text = theme.text(label, px, ink, bold=True)
            pill = pygame.Rect(0, 0, max(rad * 2, text.get_width() + rad), rad * 2)
            pill.center = (round(badge[0]), round(badge[1]))
            pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, pill, 1, border_radius=pill.h // 2)
            surface.blit(text, text.get_rect(center=pill.center))

    def _draw_necklace(self, surface: pygame.Surface, cam: Camera) -> None:
        best = self.snap.view.get("best_necklace") or {"value": 0, "gems": []}
        pen.text(
            surface,
            cam,
            self.snap.say(terms.BEST_NECKLACE),
            BODY,
            NECKLACE_TITLE,
            theme.GOLD_LIGHT,
            True,
            "midtop",
            width=NECKLACE.w,
        )
        gems = best.get("gems", [])
        if not gems:
            none_yet = self.snap.say(terms.NO_NECKLACE)
            lines = theme.wrap(
                none_yet[:1].upper() + none_yet[1:],
                pen.px(cam, SMALL),
                round(NECKLACE.w * cam.scale),
            )
            for i, line in enumerate(lines[:3]):
                pen.text(
                    surface,
                    cam,
                    line,
                    SMALL,
                    (NECKLACE.centerx, NECKLACE.y + 60 + i * 28),
                    theme.TEXT_DIM,
                    anchor="midtop",
                )
            return
        box = cam.rect_to_screen(NECKLACE)
        surface.blit(art.necklace_surface(tuple(gems), max(8, box.w), max(8, box.h)), box.topleft)
        kinds = len(set(gems))
        value = i18n.npgettext(
            "das-kollier",
            "{value} = {base} × {n} kind",
            "{value} = {base} × {n} kinds",
            kinds,
            value=money(best["value"]),
            base=number(best["value"] // max(1, kinds)),
        )
        pen.label(
            surface,
            cam,
            value,
            BODY,
            (NECKLACE.centerx, NECKLACE_VALUE_Y),
            theme.GOLD_LIGHT,
            "midtop",
            NECKLACE.w + 20,
        )
