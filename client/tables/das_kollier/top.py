"""The top of Das Kollier's table: the deck, the round cards and the bank."""

from __future__ import annotations

from collections import Counter

import pygame

from client import i18n
from client.tables.base import Camera, TableView
from client.tables.das_kollier import art
from client.tables.das_kollier.facts import CASH_ONLY_ROUNDS
from client.tables.das_kollier.layout import (
    BANK_BOX,
    BANK_TEXT_X,
    BODY,
    DECK,
    DECK_TEXT_X,
    ROUND_CARD_W,
    ROUND_CARDS_X,
    ROUND_CARDS_Y,
    ROUND_LABEL,
    ROUND_NOTE_Y,
    ROUND_STEP,
    SMALL,
    WORLD,
)
from client.tables.das_kollier.words import card_count, gem_count, money
from client.ui import theme


class TopBar(TableView):
    """The top region (a part of DasKollierView)."""

    def _draw_top(self, surface: pygame.Surface, cam: Camera) -> None:
        view = self.view
        count = view.get("deck_count", 0)
        layers = min(3, 1 + count // 12) if count else 0
        for i in range(layers):
            self._card(surface, cam, None, DECK.move(-i * 3, -i * 3))
        if not count:
            pygame.draw.rect(surface, theme.GOLD_DARK, cam.rect_to_screen(DECK), 1, border_radius=4)
        width = ROUND_LABEL[0] - DECK_TEXT_X - 10
        deck = i18n.pgettext("das-kollier", "Deck {n}/2", n=view.get("deck_number", 1))
        self._text(surface, cam, deck, BODY, (DECK_TEXT_X, 16), theme.TEXT, True, width=width)
        cards = card_count(count)
        self._text(surface, cam, cards, SMALL, (DECK_TEXT_X, 52), theme.TEXT_DIM, width=width)
        rnd = view.get("round", 1)
        self._text(
            surface,
            cam,
            i18n.pgettext("das-kollier", "Round {n}", n=rnd),
            BODY,
            ROUND_LABEL,
            theme.GOLD_LIGHT,
            True,
            width=BANK_BOX.x - ROUND_LABEL[0] - 10,
        )
        note = (
            i18n.pgettext("das-kollier", "cash only")
            if rnd <= CASH_ONLY_ROUNDS
            else i18n.pgettext("das-kollier", "gems pay too")
        )
        self._text(
            surface,
            cam,
            note,
            SMALL,
            (ROUND_CARDS_X, ROUND_NOTE_Y),
            theme.TEXT_DIM if rnd <= CASH_ONLY_ROUNDS else theme.GOLD,
            width=BANK_BOX.x - ROUND_CARDS_X - 10,
        )
        w = max(8, round(ROUND_CARD_W * cam.scale))
        for n in range(1, CASH_ONLY_ROUNDS + 1):
            state = "past" if rnd > n else ("now" if rnd == n else "later")
            x = ROUND_CARDS_X + (n - 1) * ROUND_STEP
            surface.blit(art.round_card(n, w, state), cam.to_screen(x, ROUND_CARDS_Y))
        box = cam.rect_to_screen(BANK_BOX)
        surface.blit(art.strongbox(max(10, box.w)), box.topleft)
        width = WORLD[0] - BANK_TEXT_X - 14
        pile = i18n.pgettext(
            "das-kollier", "covered pile: {gems}", gems=gem_count(view.get("bank_gem_count", 0))
        )
        self._text(surface, cam, pile, SMALL, (BANK_TEXT_X, 52), theme.TEXT_DIM, width=width)
        debts = view.get("debts", [])
        if debts:
            per_seat: Counter[int] = Counter()
            for debt in debts:
                per_seat[debt["seat"]] += debt["amount"]
            owed = ", ".join(f"{self.ctx.name(s)} {money(a)}" for s, a in per_seat.items())
            line = i18n.pgettext("das-kollier", "owes {debts}", debts=owed)
            px = self._px(cam, SMALL)
            if theme.font(px).size(line)[0] > width * cam.scale:
                # Too narrow for who is owed what: the sum (the log says to whom).
                total = money(sum(per_seat.values()))
                line = i18n.pgettext("das-kollier", "owes {debts}", debts=total)
            self._text(surface, cam, line, SMALL, (BANK_TEXT_X, 80), theme.TEXT_DIM, width=width)
