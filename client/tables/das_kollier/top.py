"""The top of Das Kollier's table: the deck, the round cards and the bank, whose sum rolls
toward each update's."""

from __future__ import annotations

from collections import Counter

import pygame

from client.tables.base import Camera
from client.tables.das_kollier import art, facts, pen
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
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.ui import theme
from client.words import i18n


class TopBar(Region):
    """The deck, the rounds and the bank; the bank's sum shown (rolling toward the view's)."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.roll = {"bank": 0.0}

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        bank = float(snap.view.get("bank", 0))
        if fresh:
            self.roll["bank"] = bank
        else:
            self.motion.animator.animate(self.roll, 0.4, bank=bank)

    def drawn_from(self) -> str:
        """What the still drawing depends on, as text."""
        view = self.snap.view
        return repr(
            [view.get(k) for k in ("deck_count", "deck_number", "round", "bank_gem_count")]
            + [view.get("debts"), facts.words(self.snap)]
        )

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The deck, the round cards, the strongbox, its pile and who owes it."""
        view = self.snap.view
        count = view.get("deck_count", 0)
        layers = min(3, 1 + count // 12) if count else 0
        for i in range(layers):
            pen.card(surface, cam, None, DECK.move(-i * 3, -i * 3))
        if not count:
            pygame.draw.rect(surface, theme.GOLD_DARK, cam.rect_to_screen(DECK), 1, border_radius=4)
        width = ROUND_LABEL[0] - DECK_TEXT_X - 10
        deck = i18n.pgettext("das-kollier", "Deck {n}/2", n=view.get("deck_number", 1))
        pen.text(surface, cam, deck, BODY, (DECK_TEXT_X, 16), theme.TEXT, True, width=width)
        cards = card_count(count)
        pen.text(surface, cam, cards, SMALL, (DECK_TEXT_X, 52), theme.TEXT_DIM, width=width)
        rnd = view.get("round", 1)
        pen.text(
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
        pen.text(
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
        pen.text(surface, cam, pile, SMALL, (BANK_TEXT_X, 52), theme.TEXT_DIM, width=width)
        debts = view.get("debts", [])
        if debts:
            per_seat: Counter[int] = Counter()
            for debt in debts:
                per_seat[debt["seat"]] += debt["amount"]
            owed = ", ".join(f"{self.snap.name(s)} {money(a)}" for s, a in per_seat.items())
            line = i18n.pgettext("das-kollier", "owes {debts}", debts=owed)
            px = pen.px(cam, SMALL)
            if theme.font(px).size(line)[0] > width * cam.scale:
                # Too narrow for who is owed what: the sum (the log says to whom).
                total = money(sum(per_seat.values()))
                line = i18n.pgettext("das-kollier", "owes {debts}", debts=total)
            pen.text(surface, cam, line, SMALL, (BANK_TEXT_X, 80), theme.TEXT_DIM, width=width)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The bank's sum, rolling."""
        bank = money(round(self.roll["bank"] / 100) * 100)
        pen.text(
            surface,
            frame.cam,
            i18n.pgettext("das-kollier", "Bank {amount}", amount=bank),
            BODY,
            (BANK_TEXT_X, 16),
            theme.TEXT,
            True,
            width=WORLD[0] - BANK_TEXT_X - 14,
        )
