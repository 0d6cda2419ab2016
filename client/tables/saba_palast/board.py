"""Saba – Palast der Königin: the cached board regions, with what rests on them.

Each region (garden, right column, quarters, trays) is a cached drawing from regions.py;
over it go the things that change only with the view: built parts, figures, counts, hands."""

from __future__ import annotations

import pygame

from client.tables.base import Camera
from client.tables.saba_palast import art, card_art, layout, regions, words
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.layout import (
    ACTION_DECK,
    BALCONIES,
    BALCONY_FIGURE,
    DECK,
    DISCARD,
    DISPLAY,
    DISPLAY_AREA,
    FIELDS,
    GARDEN,
    HARBOUR,
    HARBOUR_FIELDS,
    PART,
    PILES,
    QUARTER_FIGURE,
    QUARTER_RECTS,
    RIGHT_AREA,
    SERAIL,
    SUPPLY,
    SUPPLY_TOKEN,
    SURCHARGE,
    TREASURY,
    Tray,
)
from client.ui import theme
from client.ui.widgets import symbol
from shared.games.saba_palast.data import (
    MATERIALS,
    QUARTER_MATERIAL,
    QUARTERS,
)


class Board(Drawing):
    """The board's regions as the view shows them (a mixin of the view)."""

    def _draw_garden(self, surface: pygame.Surface, cam: Camera, s: float) -> None:
        image = regions.garden(
            s,
            tuple(tuple(f) for f in FIELDS),
            tuple(BALCONIES),
            tuple(layout.PALACE),
            tuple(GARDEN),
        )
        self._blit(surface, image, cam, GARDEN.topleft, "topleft")
        size = self._px(PART, cam)
        for i, spot in enumerate(self.view["garden"]):
            f = i + 1
            rect = FIELDS[i]
            levels = spot["levels"]
            top = max(levels) if levels else 0
            for level in (1, 2, 3):
                if level in levels and ("level", f, level) not in self.hidden:
                    state = "built"
                elif level < top:
                    state = "skipped"
                else:
                    state = "open"
                pos = (rect.x + 31 + (level - 1) * 44, rect.bottom - 44)
                self._blit(surface, art.part(level, size, state), cam, pos)
            if spot["material"] is not None and ("left", f) not in self.hidden:
                token = art.token(spot["material"], self._px(30, cam))
                self._blit(surface, token, cam, (rect.right - 22, rect.y + 22))
            seat = spot["figure"]
            if seat is not None and ("balcony", f) not in self.hidden:
                bx, by = BALCONIES[i]
                self._blit(
                    surface, art.figure(seat, self._px(BALCONY_FIGURE, cam)), cam, (bx, by - 8)
                )

    def _draw_right(self, surface: pygame.Surface, cam: Camera, s: float) -> None:
        view = self.view
        treasury = words.ui("treasury")
        size = self._size(18, cam)
        if theme.font(size, True).size(treasury)[0] > (TREASURY.w - 20) * cam.scale:
            treasury = words.ui("treasury_short")
        labels = (words.ui("serail"), treasury, words.ui("harbour"), words.ui("supply"))
        image = regions.right_column(
            s,
            tuple(RIGHT_AREA),
            tuple(tuple(r) for r in DISPLAY),
            tuple(tuple(r) for r in SURCHARGE),
            tuple(DECK),
            tuple(SERAIL),
            view["serail_spaces"],
            tuple(layout.serail_space(i) for i in range(6)),
            tuple(TREASURY),
            tuple(HARBOUR),
            tuple(tuple(r) for r in HARBOUR_FIELDS),
            tuple(SUPPLY),
            tuple(PILES),
            labels,
        )
        self._blit(surface, image, cam, RIGHT_AREA.topleft, "topleft")
        # The palace deck.
        if view["deck_count"]:
            back = card_art.card_back(self._px(DECK.w, cam), self._px(DECK.h, cam), "palace")
            self._blit(surface, back, cam, DECK.center)
        self._count(
            surface, cam, view["deck_count"], (DECK.centerx, DECK.bottom + 14), within=DISPLAY_AREA
        )
        # Treasury and the serail figure (profi).
        size = self._px(26, cam)
        for i, seat in enumerate(view["treasury"]):
            if ("treasury", i) not in self.hidden:
                self._blit(surface, art.figure(seat, size), cam, layout.treasury_spot(i))
        if view["serail_figure"] is not None and ("serail_figure",) not in self.hidden:
            pos = (SERAIL.right - 20, SERAIL.y + 18)
            self._blit(surface, art.figure(view["serail_figure"], size), cam, pos)
        # Supply, action cards and discards.
        tsize = self._px(SUPPLY_TOKEN, cam)
        for m in MATERIALS:
            x, y = layout.supply_token(m)
            left = view["supply"][m]
            token = art.token(m, tsize)
            if left == 0:
                token = token.copy()
                token.set_alpha(90)
            self._blit(surface, token, cam, (x, y))
            self._count(surface, cam, left, (x, y + 34), within=SUPPLY)
        if view["action_deck_count"]:
            back = card_art.card_back(self._px(ACTION_DECK.w, cam), self._px(ACTION_DECK.h, cam))
            self._blit(surface, back, cam, ACTION_DECK.center)
        self._pile_count(surface, cam, view["action_deck_count"], ACTION_DECK)
        if view["discard_count"]:
            back = card_art.card_back(self._px(DISCARD.w, cam), self._px(DISCARD.h, cam)).copy()
            back.set_alpha(130)
            self._blit(surface, back, cam, DISCARD.center)
        self._pile_count(surface, cam, view["discard_count"], DISCARD)

    def _pile_count(self, surface, cam, n: int, pile: pygame.FRect) -> None:
        """How many cards a pile holds: beside it, or on a dark tag over its foot where the
        type is too large for the gap beside it."""
        size = self._size(18, cam)
        image = theme.text(str(n), size, theme.TEXT, True)
        if image.get_width() / cam.scale <= 28:
            self._count(surface, cam, n, (pile.right + 16, pile.bottom - 10), within=PILES)
            return
        x, y = cam.to_screen(pile.centerx, pile.bottom)
        rect = image.get_rect(midbottom=(round(x), round(y) - 2)).inflate(6, -2)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.h // 3)
        pygame.draw.rect(surface, theme.GOLD_DARK, rect, 1, border_radius=rect.h // 3)
        surface.blit(image, image.get_rect(center=rect.center))

    @staticmethod
    def _quarter_names(cam: Camera) -> tuple[dict[str, tuple[str, ...]], int]:
        """Each quarter's name in lines that fit its tile at this scale, and the most lines
        any of them needs."""
        size = art.text_size(18 * cam.scale)
        width = (QUARTER_RECTS[QUARTERS[0]].w - 14) * cam.scale
        font = theme.font(size, True)
        names = {
            q: words.quarter_lines(q, lambda line: font.size(line)[0] <= width) for q in QUARTERS
        }
        return names, max(len(lines) for lines in names.values())

    def _draw_quarter(self, surface: pygame.Surface, cam: Camera, s: float, q: str) -> None:
        rect = QUARTER_RECTS[q]
        gives = QUARTER_MATERIAL.get(q, "")
        swaps = "gold>alabaster" if q == "exchange" else "sandstone>ebony"
        names, band = self._quarter_names(cam)
        image = regions.quarter_tile(
            q, s, tuple(rect), names[q], band, tuple(layout.quarter_badge(q)), gives, swaps
        )
        self._blit(surface, image, cam, (rect.x - 4, rect.y - 4), "topleft")
        size = self._px(QUARTER_FIGURE, cam)
        for i, seat in enumerate(self.view["quarters"][q]):
            if ("qfig", q, i) not in self.hidden:
                self._blit(surface, art.figure(seat, size), cam, layout.quarter_figure(q, i))

    def _draw_tray(
        self, surface: pygame.Surface, cam: Camera, s: float, seat: int, tray: Tray
    ) -> None:
        view = self.view
        image = regions.tray(s, tuple(tray.rect), seat, tray.own)
        self._blit(surface, image, cam, (tray.rect.x - 4, tray.rect.y - 4), "topleft")
        name = self.ctx.name(seat)
        width = tray.rect.w - 110 if not tray.own else 240
        size = self._size(20, cam)
        label = theme.fit_text(name, size, max(20, round(width * cam.scale)), bold=True)
        self._text(surface, label, 20, cam, tray.name, theme.TEXT, True, "midleft", tray.rect)
        colour = theme.player_colour(seat)
        x, y = cam.to_screen(tray.name[0] - 16, tray.name[1])
        symbol(surface, colour.symbol, (x, y), max(3, 10 * cam.scale), colour.rgb)
        # Points.
        px = tray.rect.right - 40 if not tray.own else tray.rect.x + 260
        self._text(
            surface,
            f"★ {view['points'][seat]}",
            20,
            cam,
            (px, tray.name[1]),
            theme.GOLD_LIGHT,
            True,
            within=tray.rect,
        )
        tsize = self._px(tray.token_size, cam)
        for m, pos in tray.tokens.items():
            token = art.token(m, tsize)
            if view["stocks"][seat][m] == 0:
                token = token.copy()
                token.set_alpha(80)
            self._blit(surface, token, cam, pos)
        if tray.own:
            hand = view.get("hand", [])
            w, h = self._px(68, cam), self._px(96, cam)
            for i, card in enumerate(hand):
                if ("hand", seat, i) in self.hidden:
                    continue
                rect = tray.hand_card(i, len(hand))
                self._blit(surface, card_art.action_card(card, w, h), cam, rect.center)
            if not hand:
                self._text(surface, "—", 20, cam, tray.hand.center, theme.TEXT_DIM)
        else:
            back = card_art.card_back(self._px(tray.hand.w, cam), self._px(tray.hand.h, cam))
            self._blit(surface, back, cam, tray.hand.center)
            n = view["hand_counts"][seat]
            gap = (tray.figures[0] - tray.hand.centerx) * cam.scale
            if gap < theme.font(self._size(18, cam), True).size(str(n))[0] + 4:
                # No room below beside the figures' count: on the card back itself.
                self._count(surface, cam, n, tray.hand.center, within=tray.rect)
            else:
                pos = (tray.hand.centerx, tray.hand.bottom + 12)
                self._count(surface, cam, n, pos, within=tray.rect)
        fig = 40 if tray.own else 30
        self._blit(surface, art.figure(seat, self._px(fig, cam)), cam, tray.figures)
        below = fig / 2 + 10
        figures = (tray.figures[0], tray.figures[1] + below)
        self._count(surface, cam, view["figures"][seat], figures, within=tray.rect)
        size = 26 if tray.own else 24
        self._blit(surface, art.marker(seat, self._px(size, cam)), cam, tray.markers)
        markers = (tray.markers[0], tray.figures[1] + below)
        self._count(surface, cam, view["markers"][seat], markers, within=tray.rect)
