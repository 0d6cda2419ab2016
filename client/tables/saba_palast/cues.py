"""Saba – Palast der Königin: the seat's choices shown over the board.

Glows over legal targets, the pieces that look like part of the board (a figure, a quarter's
badge) while they move, popups of chips where one target allows several moves, and the
give-back dialog at the end of a turn over the limits. What the seat may do comes with each
frame (`TableFrame.act`, made by controls.py from the snapshot)."""

from __future__ import annotations

import pygame

from client.tables.base import Camera
from client.tables.regions import Frame, Region
from client.tables.saba_palast import art, card_art, highlights, layout, words
from client.tables.saba_palast.controls import Chip, Interaction, TableFrame
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.layout import (
    DIALOG,
    QUARTER_FIGURE,
    STACKED_CHIP_W,
)
from client.ui import theme
from client.ui.anim import pulse
from shared.games.saba_palast.data import (
    HAND_LIMIT,
    HAND_LIMIT_PROFI,
    QUARTER_MATERIAL,
    STOCK_LIMIT,
)


class Cues(Drawing, Region):
    """Glows, moving board pieces, chips and the give-back dialog."""

    kinds = frozenset(
        (
            "return",
            "discard",
        )
    )

    def draw_glows(self, surface: pygame.Surface, frame: Frame) -> None:
        """The lit targets, the pieces the seat may pick up (softly), the one selected."""
        cam, hot = frame.cam, frame.hot
        act, selected, taught = _act(frame), _selected(frame), _taught(frame)
        glow = pulse(frame.now)
        level = round((0.8 + 0.2 * glow if selected is not None else 0.45 + 0.55 * glow) * 12)
        radius = max(3, round(10 * cam.scale))
        for key in hot:
            if key in act.chips:
                continue
            rect = act.rects.get(key)
            if rect is None:
                continue
            self._glow(surface, cam, rect, 12 if key == frame.hover else level, radius)
        if selected is None:
            soft = round((0.3 + 0.45 * glow) * 12)
            for piece in act.pieces:
                # A lesson's step: the pieces that lead to another move stay quiet.
                if taught is None or any(t.move in taught for t in piece.targets):
                    self._glow(surface, cam, piece.rect, soft, radius)
        elif selected.key != ("vizier",):
            r = cam.rect_to_screen(selected.rect.inflate(6, 6))
            surface.blit(highlights.outline(r.w, r.h, radius, max(2, round(4 * cam.scale))), r)

    def draw_moved_pieces(self, surface: pygame.Surface, frame: Frame) -> None:
        """Pieces that look like part of the board (a figure, a quarter's badge) follow the
        pointer while held, and are seen gliding back or snapping onto their target."""
        seat = self.snap.seat
        if seat is None:
            return
        cam = frame.cam
        for piece in _act(frame).pieces:
            kind = piece.key[0]
            if kind not in ("supply_figure", "quarter_figure", "badge"):
                continue
            sprite = piece.sprite
            away = abs(sprite.x - sprite.home[0]) + abs(sprite.y - sprite.home[1]) > 0.5
            if piece is not frame.held and not away and not sprite.shake:
                continue
            pos = (sprite.x + sprite.shake, sprite.y - sprite.lift * 6)
            if kind == "badge":
                r = piece.rect.copy()
                r.center = pos
                rect = cam.rect_to_screen(r)
                surface.blit(highlights.outline(rect.w, rect.h, max(3, rect.h // 4), 3), rect)
                continue
            if sprite.lift > 0.01:
                shade = highlights.shadow(self._px(30, cam), self._px(10, cam))
                self._blit(surface, shade, cam, (sprite.x + 5, sprite.y + 16))
            size = 40 if kind == "supply_figure" else QUARTER_FIGURE
            self._blit(surface, art.figure(seat, self._px(size, cam)), cam, pos)

    def draw_chips(self, surface: pygame.Surface, frame: Frame) -> None:
        """The popups of choices beside the lit targets that allow several moves."""
        cam, hot, act = frame.cam, frame.hot, _act(frame)
        shown = {chip.popup for key, chip in act.chips.items() if key in hot}
        if not shown:
            return
        radius = max(3, round(10 * cam.scale))
        for popup in shown:
            rect = cam.rect_to_screen(act.popups[popup])
            theme.shadowed_rect(surface, rect, theme.PANEL, radius, 3, theme.GOLD)
        glow = pulse(frame.now)
        for key, chip in act.chips.items():
            if chip.popup not in shown:
                continue
            rect = cam.rect_to_screen(chip.rect)
            lit = key == frame.hover
            fill = theme.GOLD_LIGHT if lit else theme.mix(theme.IVORY, theme.GOLD_LIGHT, 0.3 * glow)
            theme.shadowed_rect(surface, rect, fill, radius, 2, theme.GOLD_DARK)
            self._chip_face(surface, cam, act, chip)

    def _chip_face(
        self, surface: pygame.Surface, cam: Camera, act: Interaction, chip: Chip
    ) -> None:
        move = chip.move
        cx, cy = chip.rect.center
        size = self._px(30, cam)
        if "give" in move:
            self._blit(surface, art.token(move["give"], size), cam, (cx - 28, cy))
            self._text(surface, "→", 22, cam, (cx, cy), theme.INK, True)
            self._blit(surface, art.token(move["take"], size), cam, (cx + 28, cy))
            return
        r = chip.rect
        if move["type"] == "harbour":
            # The vizier's quarter: its material taken, or its action declined.
            if move.get("decline"):
                self._chip_half(surface, cam, r, r.centerx, r.w, words.ui("decline"), None)
            else:
                material = QUARTER_MATERIAL[move["vizier"]]
                self._blit(surface, art.token(material, size), cam, (cx - 18, cy))
                self._text(surface, "+1", 18, cam, (cx + 18, cy), theme.INK, True)
            return
        # A builder's choice: where his figure comes from (or none), and what he leaves.
        siblings = [c.move for c in act.chips.values() if c.popup == chip.popup]
        halves = [
            half
            for half, keys in (("figure", ("from_quarter", "no_figure")), ("leave", ("leave",)))
            if any(k in m for m in siblings for k in keys)
        ]
        w = r.w / max(1, len(halves))
        for i, half in enumerate(halves):
            x = r.x + w * (i + 0.5)
            if half == "figure" and move.get("no_figure"):
                self._chip_half(surface, cam, r, x, w, words.ui("no_figure"), None)
            elif half == "figure":
                figure = art.figure(self.snap.seat or 0, self._px(24, cam))
                caption = words.quarter(move["from_quarter"]) if "from_quarter" in move else ""
                self._chip_half(surface, cam, r, x, w, caption, figure)
            else:
                token = art.token(move["leave"], self._px(24, cam)) if move.get("leave") else None
                self._chip_half(surface, cam, r, x, w, words.ui("leave"), token)

    def _chip_half(
        self,
        surface: pygame.Surface,
        cam: Camera,
        r: pygame.FRect,
        x: float,
        w: float,
        caption: str,
        image: pygame.Surface | None,
    ) -> None:
        """One part of a chip: a caption on top, an image below it (or a dash: none); in a
        wide chip the image stands left of the caption."""
        if w >= STACKED_CHIP_W:
            # Without an image the caption has the whole chip, so long words still fit.
            left = r.x + 12
            if image is not None:
                self._blit(surface, image, cam, (r.x + 30, r.centery))
                left = r.x + 52
            size = self._size(16, cam)
            room = max(10, round((r.right - 8 - left) * cam.scale))
            lines = theme.wrap(caption, size, room)
            # A caption too long for a line (a small board beside large text) takes two, if
            # the chip is tall enough for them.
            if len(lines) == 1 or art.line_height(size) * 2 > r.h * cam.scale:
                lines = [" ".join(lines)]
            step = art.line_height(size) / cam.scale
            top = r.centery - step * (len(lines) - 1) / 2
            for i, line in enumerate(lines[:2]):
                at = ((left + r.right - 8) / 2, top + i * step)
                self._text(surface, theme.fit_text(line, size, room), 16, cam, at, theme.INK)
            return
        if image is not None:
            self._blit(surface, image, cam, (x, r.y + 32))
        else:
            self._text(surface, "—", 20, cam, (x, r.y + 32), theme.INK, True)
        size = self._size(12, cam)
        caption = theme.fit_text(caption, size, max(10, round((w - 6) * cam.scale)))
        self._text(surface, caption, 12, cam, (x, r.y + 11), theme.INK)

    def draw_dialog(self, surface: pygame.Surface, frame: Frame) -> None:
        """At the end of an own turn over the limits: what to give back, one tap at a time."""
        view, seat, cam, hot = self.snap.view, self.snap.seat, frame.cam, frame.hot
        if view["phase"] != "return" or view["turn"] != seat or seat is None:
            return
        rect = cam.rect_to_screen(DIALOG)
        theme.shadowed_rect(
            surface, rect, theme.PANEL, max(4, round(16 * cam.scale)), 4, theme.GOLD
        )
        self._text(
            surface,
            words.ui("return_title"),
            22,
            cam,
            (DIALOG.centerx, DIALOG.y + 30),
            theme.GOLD_LIGHT,
            True,
        )
        stock = view["stocks"][seat]
        have = sum(stock.values())
        colour = theme.DANGER if have > STOCK_LIMIT else theme.OK
        self._text(
            surface,
            words.ui("return_materials", have=have, limit=STOCK_LIMIT),
            16,
            cam,
            (DIALOG.x + 24, DIALOG.y + 70),
            colour,
            True,
            "midleft",
        )
        size = self._px(56, cam)
        for m, r in layout.dialog_tokens().items():
            token = art.token(m, size)
            if not stock[m]:
                token = token.copy()
                token.set_alpha(70)
            self._blit(surface, token, cam, r.center)
            self._text(
                surface,
                str(stock[m]),
                16,
                cam,
                (r.right + 4, r.bottom - 8),
                theme.TEXT,
                True,
                "midleft",
            )
        limit = HAND_LIMIT_PROFI if view["options"].get("profi") else HAND_LIMIT
        hand = view.get("hand", [])
        colour = theme.DANGER if len(hand) > limit else theme.OK
        self._text(
            surface,
            words.ui("return_cards", have=len(hand), limit=limit),
            16,
            cam,
            (DIALOG.x + 24, DIALOG.y + 172),
            colour,
            True,
            "midleft",
        )
        for card, r in layout.dialog_cards(hand):
            image = card_art.action_card(card, self._px(r.w, cam), self._px(r.h, cam))
            self._blit(surface, image, cam, r.center)
        level = round((0.45 + 0.55 * pulse(frame.now)) * 12)
        radius = max(3, round(8 * cam.scale))
        for key in hot:
            if key[0] in ("return", "discard"):
                self._glow(
                    surface,
                    cam,
                    _act(frame).rects[key],
                    12 if key == frame.hover else level,
                    radius,
                )


def _act(frame: Frame) -> Interaction:
    return frame.act if isinstance(frame, TableFrame) else Interaction()


def _selected(frame: Frame):
    return frame.selected if isinstance(frame, TableFrame) else None


def _taught(frame: Frame):
    return frame.taught if isinstance(frame, TableFrame) else None
