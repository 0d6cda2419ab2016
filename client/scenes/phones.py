"""How phones and tablets join: the server's page as a QR code with its address under it.

The hosting client knows the page's LAN addresses (`LocalServer.web_urls`, LAN first); a client
of another server builds the address from the one it connected to and the page's port from
`welcome`. A link for one seat (`?table=ID&seat=N`, the seat counted from 0) opens the page
straight at that seat.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.scenes.dialogs import Dialog
from client.ui import theme
from client.ui.qr import qr_surface
from client.ui.scene import Services
from client.ui.widgets import Button
from client.words import i18n


def phone_urls(app: Services) -> list[str]:
    """The page's addresses a phone on the LAN could open (the best first); none without a
    page."""
    host = getattr(app, "host_server", None)
    if host is not None and getattr(host, "web_urls", None):
        return list(host.web_urls)
    session = app.session
    if session is None or not getattr(session, "web_port", None):
        return []
    address = session.address.rsplit(":", 1)[0]
    return [f"http://{address}:{session.web_port}/"]


def seat_link(url: str, table: int, seat: int) -> str:
    return f"{url}?table={table}&seat={seat}"


def draw_join_card(
    surface: pygame.Surface, rect: pygame.Rect, url: str, title: str, size: int, small: int
) -> None:
    """The QR code of `url` centred in `rect` under `title`, the address written under it."""
    lines = theme.wrap(title, size, rect.w, True)[:3]
    for i, line in enumerate(lines):
        theme.blit_text(
            surface,
            line,
            size,
            (rect.centerx, rect.y + i * size * 1.25),
            theme.GOLD,
            True,
            "midtop",
        )
    top = rect.y + len(lines) * size * 1.25 + size * 0.3
    room = min(rect.w, rect.bottom - top - small * 2.2)
    code = qr_surface(url, max(64, round(room)))
    place = code.get_rect(midtop=(rect.centerx, round(top)))
    surface.blit(code, place)
    shown = theme.fit_text(url, small, rect.w)
    theme.blit_text(
        surface,
        shown,
        small,
        (rect.centerx, place.bottom + small * 0.4),
        theme.TEXT,
        True,
        "midtop",
    )


class PhonesDialog(Dialog):
    """A big QR code of the page (or of one seat's link) with the address under it."""

    width = 0.5
    height = 0.8

    def __init__(self, app: Services, seats: list[tuple[int, int]] | None = None) -> None:
        """`seats`: open seats (table, seat) a phone may be handed: a chip each, whose QR code
        opens the page at that seat."""
        self.table: int | None = None
        self.seat: int | None = None
        self.seats = list(seats or [])[:6]
        super().__init__(app, i18n._("Phones and tablets"))
        self.buttons = [Button(i18n._("Done"), self.close, primary=True)]
        self.chips: list[Button] = []
        self.layout_buttons()

    def layout_buttons(self) -> None:
        super().layout_buttons()
        if not hasattr(self, "seats"):
            return
        lay = self.layout
        choices: list[tuple[str, int | None, int | None]] = [(i18n._("Any seat"), None, None)]
        choices += [(i18n._("#{table} seat {n}", table=t, n=s + 1), t, s) for t, s in self.seats]
        x, y = self.body.x, self.body.y
        self.chips = []
        for label, table, seat in choices:
            w = theme.font(lay.small, True).size(label)[0] + lay.small * 2
            if x + w > self.body.right and x > self.body.x:
                x, y = self.body.x, y + lay.button_h + lay.margin // 3
            chip = Button(label, lambda t=table, s=seat: self.choose(t, s))
            chip.selected = (table, seat) == (self.table, self.seat)
            chip.rect = pygame.Rect(x, y, w, lay.button_h)
            self.chips.append(chip)
            x += w + lay.margin // 3
        self.top = y + lay.button_h + lay.margin // 2 if self.seats else self.body.y

    def choose(self, table: int | None, seat: int | None) -> None:
        self.table, self.seat = table, seat
        self.layout_buttons()

    def handle(self, intent: Any) -> bool:
        for chip in self.chips if self.seats else []:
            if chip.handle(intent):
                return True
        return super().handle(intent)

    def url(self) -> str | None:
        urls = phone_urls(self.app)
        if not urls:
            return None
        if self.table is not None and self.seat is not None:
            return seat_link(urls[0], self.table, self.seat)
        return urls[0]

    def draw_body(self, surface: pygame.Surface) -> None:
        lay = self.layout
        url = self.url()
        if url is None:
            for i, line in enumerate(
                theme.wrap(
                    i18n._("This server has no page for phones (it was started with --no-web)."),
                    lay.body,
                    self.body.w,
                )
            ):
                theme.blit_text(
                    surface, line, lay.body, (self.body.x, self.body.y + i * lay.body * 1.3)
                )
            return
        if self.seat is not None:
            hint = i18n._(
                "Scan with the phone that will play seat {n} of table #{table}.",
                n=self.seat + 1,
                table=self.table,
            )
        else:
            hint = i18n._("Scan with a phone or tablet on this network to join in the browser.")
        if self.seats:
            for chip in self.chips:
                chip.draw(surface, lay.small)
        area = pygame.Rect(self.body.x, self.top, self.body.w, 0)
        area.h = self.buttons[0].rect.y - lay.margin - area.y
        draw_join_card(surface, area, url, hint, lay.small, lay.small)


def lobby_card(app: Services, surface: pygame.Surface, rect: pygame.Rect, lay: Any) -> bool:
    """The lobby's join card for phones in `rect`; False when there is no page to show."""
    urls = phone_urls(app)
    if not urls:
        return False
    from client.ui.widgets import panel

    panel(surface, rect, lay.radius, alpha=230)
    inner = rect.inflate(-lay.margin, -lay.margin)
    draw_join_card(surface, inner, urls[0], i18n._("Join from a phone"), lay.body, lay.small)
    theme.blit_text(
        surface,
        theme.fit_text(i18n._("Tap: bigger, or a seat's own code"), lay.small, inner.w),
        lay.small,
        (inner.centerx, inner.bottom),
        theme.TEXT_DIM,
        anchor="midbottom",
    )
    return True
