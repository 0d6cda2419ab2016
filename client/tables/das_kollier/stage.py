"""The auction cloth in the middle of Das Kollier's table: the lot with its base value (its cards
shown as they land, the notices `lot_dealt` and `lot_landed`), every player's necklace at the
end, or the bank sale dialog over it (what the seat's panel tells in `desk`)."""

from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import Camera
from client.tables.das_kollier import art, facts, pen
from client.tables.das_kollier.choices import Desk
from client.tables.das_kollier.layout import BODY, HEAD, LOT, SMALL, STAGE, lot_slots
from client.tables.das_kollier.words import money
from client.tables.regions import Motion, Region, Snapshot
from client.ui import theme
from client.words import i18n
from shared.talk.das_kollier.moves import sale_entry


class AuctionCloth(Region):
    """The cloth: the lot (less the cards still in flight), the necklaces at the end, the
    sale."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.desk = Desk()
        # Cards of the lot not yet landed on the cloth.
        self.lot_hidden = 0
        motion.subscribe("desk", self._take_desk)
        motion.subscribe("lot_landed", self._landed)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        if fresh:
            self.lot_hidden = 0
        elif any(e.get("type") == "lot_revealed" for e in snap.events):
            self.lot_hidden = len(snap.view.get("lot", []))

    def _take_desk(self, desk: Desk) -> None:
        self.desk = desk

    def _landed(self) -> None:
        self.lot_hidden = max(0, self.lot_hidden - 1)
        self.motion.publish("board_changed")

    def drawn_from(self) -> str:
        """What the still drawing depends on (the seat's choice aside), as text."""
        snap, view = self.snap, self.snap.view
        public = [view.get(k) for k in ("phase", "auction", "auctioneer", "defaulters")]
        mine = snap.seat if isinstance(snap.seat, int) else None
        return repr(
            [view.get(k) for k in ("lot", "lot_value", "bank", "cash", "round", "sealed_bid")]
            + [view.get("outcome"), public, list(snap.legal), self.lot_hidden]
            + [facts.words(snap), mine]
        )

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The cloth and what lies on it."""
        stage = cam.rect_to_screen(STAGE)
        surface.blit(art.cloth(max(8, stage.w), max(8, stage.h)), stage.topleft)
        if self.desk.chosen.selling:
            self._draw_sale(surface, cam)
            return
        view = self.snap.view
        if view.get("outcome"):
            self._draw_final_necklaces(surface, cam, view["outcome"])
            return
        lot = view.get("lot", [])
        auctioneer = view.get("auctioneer")
        sealed = view.get("phase") == "sealed"
        pen.text(
            surface,
            cam,
            i18n._("Who runs the first auction?")
            if sealed
            else i18n.pgettext(
                "das-kollier", "Auctioneer: {name}", name=self.snap.name(auctioneer)
            ),
            BODY,
            (LOT.centerx, LOT.y + 8),
            theme.GOLD_LIGHT,
            True,
            "midtop",
            width=LOT.w - 20,
        )
        slots = lot_slots(len(lot))
        shown = len(lot) - self.lot_hidden
        for gem, slot in list(zip(lot, slots, strict=True))[: max(0, shown)]:
            pen.card(surface, cam, gem, slot)
        if lot:
            label = i18n.pgettext(
                "das-kollier", "Base value {value}", value=money(view.get("lot_value", 0))
            )
            y = (slots[0].bottom if slots else LOT.centery) + 14
        else:
            label, y = i18n._("No lot on the table"), LOT.centery
        if not self.lot_hidden:
            pen.text(
                surface, cam, label, BODY, (LOT.centerx, y), theme.TEXT, True, "midtop", width=LOT.w
            )

    def _draw_final_necklaces(
        self, surface: pygame.Surface, cam: Camera, outcome: dict[str, Any]
    ) -> None:
        """At the end every necklace is shown: each player's, strung, with its value."""
        necklaces = outcome.get("necklaces", [])
        n = len(necklaces)
        cols = 2 if n <= 4 else 3
        rows = (n + cols - 1) // cols
        w, h = (LOT.w - 8) / cols, (LOT.h - 8) / max(1, rows)
        winners = outcome.get("winners", [])
        for seat, gems in enumerate(necklaces):
            row, col = divmod(seat, cols)
            cell = pygame.FRect(LOT.x + 4 + col * w, LOT.y + 4 + row * h, w - 8, h - 8)
            if seat in winners:
                pygame.draw.rect(surface, theme.GOLD, cam.rect_to_screen(cell), 2, border_radius=6)
            name = self.snap.name(seat)
            pen.text(
                surface,
                cam,
                name,
                SMALL,
                (cell.centerx, cell.y + 4),
                theme.TEXT,
                True,
                "midtop",
                width=cell.w - 8,
            )
            value = money(outcome["scores"][seat]) if gems else "—"
            pen.text(
                surface,
                cam,
                value,
                SMALL,
                (cell.centerx, cell.bottom - 4),
                theme.GOLD_LIGHT,
                True,
                "midbottom",
            )
            if gems:
                box = cam.rect_to_screen(cell.inflate(-16, -(SMALL * 2.6 + 8)))
                image = art.necklace_surface(tuple(gems), max(8, box.w), max(8, box.h))
                surface.blit(image, box.topleft)

    def _draw_sale(self, surface: pygame.Surface, cam: Camera) -> None:
        """The bank sale dialog over the auction cloth: what is chosen, what it is worth, what
        the bank can pay now."""
        view = self.snap.view
        panel = cam.rect_to_screen(STAGE.inflate(-12, -12))
        surface.blit(art.block_plate(max(8, panel.w), max(8, panel.h)), panel.topleft)
        x, w = STAGE.x + 24, STAGE.w - 48
        pen.text(
            surface,
            cam,
            i18n._("Sell to the bank (once a game)"),
            HEAD,
            (x, STAGE.y + 16),
            theme.GOLD_LIGHT,
            True,
            width=w,
        )
        pen.text(
            surface,
            cam,
            i18n._("Tap gems in your hand, or take your necklace whole."),
            SMALL,
            (x, STAGE.y + 56),
            theme.TEXT_DIM,
            width=w,
        )
        chosen = self.desk.chosen
        pen.text(surface, cam, chosen.words(), BODY, (x, STAGE.y + 96), theme.TEXT, width=w)
        # What the bank pays for it, and a warning where the sale loses worth: the talk's words.
        if chosen.any():
            entry = sale_entry(view, chosen.sale())
            does, warn = self.snap.say(entry["does"]), entry["warn"]
        else:
            said = self.snap.talk or {"facts": []}
            found = [f for f in said["facts"] if f["label"].get("m") == "Sale to the bank"]
            does = self.snap.say(found[0]["value"]) if found else ""
            warn = None
        y = pen.lines(surface, cam, does, SMALL, (x, STAGE.y + 134), w, theme.GOLD_LIGHT)
        if warn:
            pen.lines(surface, cam, f"⚠ {self.snap.say(warn)}", SMALL, (x, y + 4), w, theme.DANGER)
