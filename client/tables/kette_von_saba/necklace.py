"""The necklace on Die Kette von Saba's table: its empty settings (one cached picture per
scale), the cards laid in them, and the glow and reward over each place a card may go to.

A card flying into a space is hidden there until it lands (the notices `space_awaited` and
`space_landed` of the view's motion)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.tables.base import Camera
from client.tables.kette_von_saba import art, lettering, words
from client.tables.kette_von_saba.layout import (
    BOARD_RECT,
    CENTRES,
    CHAIN,
    DECK_RECT,
    FORGERY_RECT,
    HAND_RECT,
    LINKS,
    LOT_RECT,
    RADIUS,
    SPACE_OF,
    TILE_R,
    pixel,
    placed,
    screen_corner,
    space_bounds,
    space_rect,
)
from client.tables.regions import Answer, Frame, Motion, Region, Snapshot, world_clip
from client.ui import theme
from client.ui.anim import pulse
from shared.games.kette_von_saba.bank import (
    BUYER_REWARD,
    RECONSTRUCTION_REWARD,
    UNSOLD_REWARD,
)
from shared.games.kette_von_saba.board import reward_at

# What laying a card pays, by phase, as a multiple of the board's reward.
REWARD_FACTOR: dict[str, int] = {
    "buyer": BUYER_REWARD,
    "lay": UNSOLD_REWARD,
    "reconstruction": RECONSTRUCTION_REWARD,
}
# The empty necklace is kept as one picture up to this many pixels (beyond, when zoomed far
# in, it is drawn piece by piece).
BASE_LIMIT = 3_000_000


class Necklace(Region):
    """The necklace: which spaces wait for a card in flight, and what each empty one pays."""

    def __init__(self, motion: Motion) -> None:
        super().__init__(motion)
        self.hidden_spaces: set[int] = set()
        # The board's reward for a card laid on each space (0 where one lies).
        self.rewards: list[int] = []
        motion.subscribe("space_awaited", self.hidden_spaces.add)
        motion.subscribe("space_landed", self._landed)

    def show(self, snap: Snapshot, fresh: bool) -> None:
        super().show(snap, fresh)
        board = [entry is not None for entry in snap.view["board"]]
        self.rewards = [0 if board[i] else reward_at(board, i) for i in range(len(board))]
        if fresh:
            self.hidden_spaces.clear()

    def _landed(self, index: int) -> None:
        self.hidden_spaces.discard(index)
        self.motion.publish("board_changed", space_bounds(index))

    def draw_still(self, surface: pygame.Surface, cam: Camera) -> None:
        """The settings and the cards laid in them, within the surface's clip."""
        area = world_clip(surface, cam)
        if not area.colliderect(BOARD_RECT):
            return
        s = cam.scale
        corner = screen_corner(cam)
        if (BOARD_RECT.w * s) * (BOARD_RECT.h * s) <= BASE_LIMIT:
            surface.blit(empty_necklace(round(s, 4)), corner)
        else:
            draw_settings(surface, corner, s, area)
        r = round(TILE_R * s)
        board, possible = self.snap.view["board"], self.snap.view["possible"]
        for i, centre in enumerate(CENTRES):
            if not area.colliderect(space_bounds(i)):
                continue
            entry = board[i]
            if entry is None and len(possible[i]) == 1:
                image = art.hex_ghost(possible[i][0], r)
            elif entry is not None and i not in self.hidden_spaces:
                image = art.hex_tile(entry["piece"], entry["joker"], r)
            else:
                continue
            surface.blit(image, image.get_rect(center=placed(corner, s, centre)))

    def draw_lot_spaces(self, surface: pygame.Surface, frame: Frame) -> None:
        """While a card is on sale: where it could go, and what its buyer would earn there."""
        cam = frame.cam
        r = round(TILE_R * cam.scale)
        outline = art.hex_outline(r)
        paid = self.snap.view["phase"] != "lay"
        for space in self.snap.view.get("lot_spaces") or []:
            index = SPACE_OF[tuple(space)]
            at = pixel(cam, CENTRES[index])
            surface.blit(outline, outline.get_rect(center=at))
            if paid:
                self._reward_tag(surface, cam, index, BUYER_REWARD, dim=True)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The glow over every place lit (`frame.hot`) the chosen card may go, with a space's
        reward (the block, the deck, the forgeries and the hand glow as boxes)."""
        if not frame.hot:
            return
        cam = frame.cam
        glow = pulse(frame.now)
        level = round((0.8 + 0.2 * glow if frame.held is not None else 0.55 + 0.45 * glow) * 12)
        r = round(TILE_R * cam.scale)
        factor = REWARD_FACTOR.get(self.snap.view["phase"], 1)
        for key in frame.hot:
            bright = key == frame.hover
            if isinstance(key, tuple) and key[0] == "space":
                at = pixel(cam, CENTRES[key[1]])
                shine = art.hex_glow(r, 12 if bright else level)
                surface.blit(shine, shine.get_rect(center=at))
                self._reward_tag(surface, cam, key[1], factor, dim=False)
            else:
                rect = {"block": LOT_RECT, "deck": DECK_RECT, "forgeries": FORGERY_RECT}.get(key)
                if rect is None:
                    rect = HAND_RECT
                screen = cam.rect_to_screen(rect).inflate(8, 8)
                alpha = round(9 + 12 * (1.0 if bright else glow)) * 10
                width = max(2, round(4 * cam.scale))
                surface.blit(art.glow_box(screen.w, screen.h, alpha, width), screen)

    def _reward_tag(self, surface: pygame.Surface, cam: Camera, index: int, factor: int, dim: bool):
        """The reward laying a card on `index` would pay now, on a dark pill below its centre."""
        amount = self.rewards[index] * factor if index < len(self.rewards) else 0
        size = lettering.px(cam, 17)
        colour = theme.TEXT_DIM if dim else (theme.GOLD_LIGHT if amount else theme.TEXT_DIM)
        text = theme.text(f"+{words.money(amount)}", size, colour, True)
        if dim and text.get_width() > TILE_R * 1.9 * cam.scale:
            return  # only a hint: left out where it would cover its neighbours
        x, y = cam.to_screen(CENTRES[index][0], CENTRES[index][1] + TILE_R * 0.5)
        rect = text.get_rect(center=(round(x), round(y)))
        pill = art.pill(rect.w + size // 2, rect.h, 200 if not dim else 150)
        surface.blit(pill, pill.get_rect(center=rect.center))
        surface.blit(text, rect)

    def hit(self, point: tuple[float, float]) -> Answer:
        """A tap on a space lays the card there when a single card may be laid now (the lot, or
        one kind of hand card); with several the card is picked up first."""
        laid = [m for m in self.snap.legal if m["type"] in ("place", "discard")]
        if len({m.get("card") for m in laid}) != 1:
            return None
        return next(
            (
                m
                for m in laid
                if m["type"] == "place"
                and space_rect(SPACE_OF[tuple(m["space"])]).collidepoint(point)
            ),
            None,
        )


def draw_settings(
    surface: pygame.Surface, origin: tuple[int, int], s: float, area: pygame.FRect | None
) -> None:
    """The empty necklace at scale `s`: its strand, the velvet and gold plates, the links and
    the hollow settings; only what reaches `area` (world units) unless it is None."""
    ring = max(2, round(RADIUS * 0.1 * s))
    width = max(1, round(RADIUS * 0.035 * s))
    reach = area.inflate(RADIUS * 0.4, RADIUS * 0.4) if area is not None else BOARD_RECT
    for point in CHAIN:
        if reach.collidepoint(point):
            x, y = placed(origin, s, point)
            pygame.draw.circle(surface, theme.GOLD_DARK, (x + 1, y + 1), ring, width + 1)
            pygame.draw.circle(surface, theme.GOLD, (x, y), ring, width)
    near = [i for i in range(len(CENTRES)) if area is None or area.colliderect(space_bounds(i))]
    for plate in (
        art.hex_plate(round(RADIUS * 1.13 * s), True),
        art.hex_plate(round(RADIUS * 1.08 * s), False),
    ):
        for i in near:
            surface.blit(plate, plate.get_rect(center=placed(origin, s, CENTRES[i])))
    for i, j in LINKS:
        if i in near or j in near:
            (x0, y0), (x1, y1) = CENTRES[i], CENTRES[j]
            mid = placed(origin, s, ((x0 + x1) / 2, (y0 + y1) / 2))
            pygame.draw.circle(surface, theme.GOLD, mid, ring * 1.3, width + 1)
    socket = art.hex_socket(round(TILE_R * s))
    for i in near:
        surface.blit(socket, socket.get_rect(center=placed(origin, s, CENTRES[i])))


@lru_cache(maxsize=3)
def empty_necklace(s: float) -> pygame.Surface:
    """The empty necklace drawn once per scale (see `draw_settings`)."""
    surf = pygame.Surface(
        (round(BOARD_RECT.w * s) + 2, round(BOARD_RECT.h * s) + 2), pygame.SRCALPHA
    )
    draw_settings(surf, (0, 0), s, None)
    return surf.convert_alpha() if pygame.display.get_surface() else surf
