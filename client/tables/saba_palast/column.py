"""Saba – Palast der Königin: the board's right column — the building fields' surcharges and the
palace deck, the serail's track with its markers (moving) and the queen's figure (profi), the
treasury's figures, the harbour's quays, the supply and the action cards' piles. The still parts
are cached with the board; a figure on its way to the treasury or serail stays hidden until it
lands."""

from __future__ import annotations

import pygame

from client.tables.base import Camera, Sprite
from client.tables.regions import Frame, Motion, Region, Snapshot
from client.tables.saba_palast import art, card_art, layout, regions, words
from client.tables.saba_palast.drawing import Drawing
from client.tables.saba_palast.hiding import Hidden
from client.tables.saba_palast.layout import (
    ACTION_DECK,
    DECK,
    DISCARD,
    DISPLAY,
    DISPLAY_AREA,
    HARBOUR,
    HARBOUR_FIELDS,
    MARKER,
    PILES,
    RIGHT_AREA,
    SERAIL,
    SUPPLY,
    SUPPLY_TOKEN,
    SURCHARGE,
    TREASURY,
)
from client.ui import theme
from client.ui.anim import MOVE
from client.ui.widgets import symbol
from shared.games.saba_palast.data import MATERIALS

Point = tuple[float, float]


class Column(Drawing, Region):
    """The right column of the board, and the serail's markers moving along their track."""

    kinds = frozenset(("draw",))

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.hidden = Hidden(
            motion,
            ("treasury", "serail_figure"),
            lambda key: TREASURY if key[0] == "treasury" else SERAIL,
        )
        self.markers: list[tuple[int, Sprite]] = []
        motion.subscribe("serail_marker", self._marker_in)
        motion.subscribe("serail_marker_returned", self._marker_out)
        motion.subscribe("settle_serail", self._settle)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        self.hidden.show_all(fresh)
        if fresh:
            self._place(snap.view["serail"])

    def _place(self, serail: list[int]) -> None:
        self.markers = []
        for i, seat in enumerate(serail):
            pos = layout.serail_space(i)
            self.markers.append((seat, Sprite(*pos, home=pos)))

    # ------------------------------------------------------------------ motion
    def _marker_in(self, seat: int, start: Point, delay: float) -> None:
        """A marker comes from its tray to the serail's first space; the others move on."""
        animator = self.motion.animator
        sprite = Sprite(*start, home=layout.serail_space(0), alpha=0.0)
        self.markers.insert(0, (seat, sprite))
        animator.animate(sprite, 0.001, delay=delay, alpha=255.0)
        for i, (_s, sp) in enumerate(self.markers):
            home = layout.serail_space(i)
            sp.home = home
            animator.animate(sp, MOVE, delay=delay, x=home[0], y=home[1])

    def _marker_out(self, seat: int, end: Point, delay: float, batch: int) -> bool:
        """The serail's last marker flies back to its tray; False when there is none."""
        if not self.markers:
            return False
        _s, sprite = self.markers.pop()
        start = (sprite.home[0], sprite.home[1])
        self.motion.publish("fly", "marker", seat, start, end, delay, MARKER, 24, None, batch)
        return True

    def _settle(self, serail: list[int]) -> None:
        if [s for s, _sp in self.markers] != serail:
            self._place(serail)

    # ------------------------------------------------------------------ drawing
    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        view = self.snap.view
        s = round(cam.scale, 5)
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

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The serail's markers, and the crown of the seat that leads it."""
        cam = frame.cam
        size = self._px(MARKER, cam)
        for seat, sprite in self.markers:
            image = art.marker(seat, size)
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(round(sprite.alpha))
            self._blit(surface, image, cam, (sprite.x, sprite.y))
        leader = self.snap.view.get("serail_leader")
        if leader is not None and self.markers:
            # After the serail's label, however wide that is drawn.
            label = theme.font(self._size(18, cam), True).size(words.ui("serail"))[0]
            crown = max(SERAIL.x + 100, SERAIL.x + 12 + label / cam.scale + 8)
            self._text(
                surface, "♛", 20, cam, (crown, SERAIL.y + 16), theme.GOLD_LIGHT, True, "midleft"
            )
            width = theme.font(self._size(20, cam), True).size("♛")[0]
            colour = theme.player_colour(leader)
            x, y = cam.to_screen(crown + width / cam.scale + 10, SERAIL.y + 16)
            symbol(surface, colour.symbol, (x, y), max(3, 8 * cam.scale), colour.rgb)
