"""The seat's own corner of Das Kollier's table: its marker, its gems in one stack per kind with
their count badges, and its best necklace strung as it is worn."""

from __future__ import annotations

from collections import Counter

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.das_kollier import art
from client.tables.das_kollier.layout import (
    BODY,
    HAND,
    MARKER_POS,
    ME,
    NECKLACE,
    NECKLACE_TITLE,
    NECKLACE_VALUE_Y,
    SMALL,
    hand_slots,
)
from client.tables.das_kollier.words import money, number
from client.ui import theme
from shared.games.das_kollier.gems import KINDS
from shared.talk import das_kollier as voice


class OwnCorner(TableView):
    """The corner region (a part of DasKollierView)."""

    def _draw_corner(self, surface: pygame.Surface, cam: Camera) -> None:
        """The seat's own corner: its marker, its gems in stacks, its best necklace."""
        view = self.view
        if self.seat is None:
            self._lines(
                surface,
                cam,
                self.say(voice.SECRET),
                BODY,
                (ME.centerx, ME.y + 40),
                ME.w - 40,
                theme.TEXT_DIM,
                "midtop",
            )
            return
        marker = view.get("markers", [0] * 9)[self.seat]
        if marker or view.get("sold", [False] * 9)[self.seat]:
            size = max(8, round(24 * cam.scale))
            surface.blit(art.coin(size), cam.to_screen(*MARKER_POS))
            label = i18n.pgettext("das-kollier", "marker {amount}", amount=money(marker))
            x, y = MARKER_POS[0] + 32, MARKER_POS[1] + 2
            self._text(surface, cam, label, SMALL, (x, y), theme.GOLD)
        hand = self._hand()
        counts = Counter(hand)
        kinds = sorted(counts, key=KINDS.index)
        chosen = self._chosen_counts()
        if not kinds:
            self._text(
                surface, cam, i18n._("No gems yet"), BODY, (HAND.x, HAND.y + 40), theme.TEXT_DIM
            )
        for kind, slot in zip(kinds, hand_slots(len(kinds)), strict=True):
            lift = 16.0 if chosen[kind] else 0.0
            for k in range(min(3, counts[kind]) - 1, -1, -1):
                self._card(surface, cam, kind, slot.move(k * 5, -k * 5), lift)
        self._draw_necklace(surface, cam)

    def _draw_badges(self, surface: pygame.Surface, cam: Camera) -> None:
        """How many gems a stack holds (and how many are chosen), on its corner, over the
        glow of a stack that may be tapped."""
        if self.seat is None:
            return
        counts = Counter(self._hand())
        chosen = self._chosen_counts()
        kinds = sorted(counts, key=KINDS.index)
        rad = max(9, round(15 * cam.scale))
        px = self._px(cam, SMALL * 0.8)
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
        best = self.view.get("best_necklace") or {"value": 0, "gems": []}
        self._text(
            surface,
            cam,
            self.say(voice.BEST_NECKLACE),
            BODY,
            NECKLACE_TITLE,
            theme.GOLD_LIGHT,
            True,
            "midtop",
            width=NECKLACE.w,
        )
        gems = best.get("gems", [])
        if not gems:
            none_yet = self.say(voice.NO_NECKLACE)
            lines = theme.wrap(
                none_yet[:1].upper() + none_yet[1:],
                self._px(cam, SMALL),
                round(NECKLACE.w * cam.scale),
            )
            for i, line in enumerate(lines[:3]):
                self._text(
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
        self._label(
            surface,
            cam,
            value,
            BODY,
            (NECKLACE.centerx, NECKLACE_VALUE_Y),
            theme.GOLD_LIGHT,
            "midtop",
            NECKLACE.w + 20,
        )
