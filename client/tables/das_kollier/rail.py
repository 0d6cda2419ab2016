"""The players' rail on Das Kollier's table: each seat as the others see it (name, how many gems,
the marker of a bank sale, passes and sealed bids)."""

from __future__ import annotations

import pygame

from client.tables.base import Camera
from client.tables.das_kollier import art, facts, pen
from client.tables.das_kollier.layout import SMALL, rail_column
from client.tables.das_kollier.words import money, number
from client.tables.regions import Region
from client.ui import theme
from client.words import i18n


class PlayerRail(Region):
    """A column per seat, in the panels' order (the seat shown last)."""

    def drawn_from(self) -> str:
        """What the still drawing depends on, as text."""
        view, snap = self.snap.view, self.snap
        public = [view.get(k) for k in ("phase", "auction", "auctioneer", "defaulters")]
        mine = snap.seat if isinstance(snap.seat, int) else None
        return repr(
            [view.get(k) for k in ("gem_counts", "markers", "sold", "sealed_bids_made")]
            + [view.get("outcome"), public, facts.words(snap), mine]
        )

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """Each player as the others see them: name, how many gems, the marker of a sale."""
        view = self.snap.view
        order = facts.order(self.snap)
        phase, auction = view.get("phase"), facts.auction(view)
        sealed = view.get("sealed_bids_made", [])
        outcome = view.get("outcome") or {}
        radius = max(3, round(10 * cam.scale))
        for index, seat in enumerate(order):
            col = rail_column(index, len(order)).inflate(-6, -4)
            lead = phase == "open" and auction.get("bidder") == seat
            fill = theme.mix(theme.PANEL, theme.GOLD, 0.3) if lead else theme.PANEL
            if phase == "open" and seat in auction.get("passed", []):
                fill = theme.mix(theme.PANEL, theme.TABLE, 0.6)
            pygame.draw.rect(surface, fill, cam.rect_to_screen(col), border_radius=radius)
            pen.seat_token(
                surface, seat, cam.to_screen(col.x + 20, col.y + 24), max(6.0, 14 * cam.scale)
            )
            if seat == view.get("auctioneer") and phase not in ("over", "sealed"):
                g = max(10, round(32 * cam.scale))
                surface.blit(art.gavel_surface(g, -35), cam.to_screen(col.x + 6, col.bottom - 36))
            name = self.snap.name(seat)
            width = col.w - 42
            pen.label(
                surface, cam, name, SMALL, (col.x + 38, col.y + 6), theme.TEXT, "topleft", width
            )
            y = col.y + 44
            if outcome:
                score = money(outcome["scores"][seat])
                pen.text(surface, cam, score, SMALL, (col.x + 38, y), theme.GOLD_LIGHT, True)
                continue
            ink = theme.GOLD_LIGHT if lead else theme.TEXT_DIM
            count = f"◆ {view.get('gem_counts', [0] * 9)[seat]}"
            rect = pen.text(surface, cam, count, SMALL, (col.x + 38, y), ink, True)
            x = cam.to_world(rect.right, rect.y)[0] + 10
            marker = view.get("markers", [0] * 9)[seat]
            if marker or view.get("sold", [False] * 9)[seat]:
                size = max(8, round(20 * cam.scale))
                surface.blit(art.coin(size), cam.to_screen(x, y + 1))
                x += 24
                room = col.right - x - 4
                label = number(marker)
                if theme.font(pen.px(cam, SMALL * 0.85)).size(label)[0] <= room * cam.scale:
                    rect = pen.text(surface, cam, label, SMALL * 0.85, (x, y + 2), ink)
                    x = cam.to_world(rect.right, rect.y)[0] + 10
            tags = []
            if seat in view.get("defaulters", []):
                tags.append("✗")
            if phase == "sealed" and seat < len(sealed) and sealed[seat]:
                tags.append("✓")
            if phase == "open" and seat in auction.get("passed", []):
                tags.append(i18n.pgettext("das-kollier", "Pass"))
            # What does not fit a narrow column is left out, the word before the signs; a
            # column that passed is dimmed anyway.
            room = (col.right - x - 4) * cam.scale
            small = theme.font(pen.px(cam, SMALL * 0.85))
            while tags and small.size(" ".join(tags))[0] > room:
                tags.pop()
            if tags:
                pen.text(surface, cam, " ".join(tags), SMALL * 0.85, (x, y + 2), ink)
