"""La Magie des Bijoux on the table: jewel plaques with settings, four stone colours, one pawn.

World coordinates: each plaque is a 100×100 cell, row-major as in the engine's view. The pawn is
the one piece: drag it (or tap a glowing plaque) to one of the plaques the server lists as legal.
Stones drop into their sockets; which socket holds which stone is remembered across views so a
new stone never shuffles the old ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from client import i18n
from client.tables.base import Camera, Event, Move, Piece, Sprite, TableView, Target, View
from client.ui import theme
from client.ui.anim import MOVE, pulse
from client.ui.gems import draw_gem
from shared.games.magie_des_bijoux import PLAQUE_KINDS

CELL = 100.0
# A stone is this fraction of a plaque across (a little more than its socket, as set stones are).
STONE = 0.25
# The game's own stone colours, each a gem with its own cut (see client/ui/gems.py).
STONE_GEMS = ["ruby", "sapphire", "topaz", "emerald"]

KIND_NAMES: dict[str, dict[str, str]] = {
    "ring": {"en": "ring", "de": "Ring", "fr": "bague"},
    "ear clip": {"en": "pair of ear clips", "de": "Ohrclips", "fr": "boucles d'oreilles"},
    "brooch": {"en": "brooch", "de": "Brosche", "fr": "broche"},
    "bangle": {"en": "bangle", "de": "Armreif", "fr": "bracelet"},
    "diadem": {"en": "diadem", "de": "Diadem", "fr": "diadème"},
    "crown": {"en": "crown", "de": "Krone", "fr": "couronne"},
}

# Where the settings sit on each kind of plaque, in fractions of the cell; the middle stays
# free for the pawn.
SOCKETS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.27)],
    2: [(0.3, 0.64), (0.7, 0.64)],
    3: [(0.5, 0.22), (0.25, 0.7), (0.75, 0.7)],
    4: [(0.18, 0.6), (0.33, 0.36), (0.67, 0.36), (0.82, 0.6)],
    5: [(0.15, 0.66), (0.3, 0.4), (0.5, 0.28), (0.7, 0.4), (0.85, 0.66)],
    6: [(0.2, 0.3), (0.5, 0.2), (0.8, 0.3), (0.3, 0.76), (0.5, 0.8), (0.7, 0.76)],
}

EVENT_TEXT: dict[str, dict[str, str]] = {
    "pawn_placed": {
        "en": "{name} puts the pawn on a {kind}.",
        "de": "{name} stellt die Figur auf: {kind}.",
        "fr": "{name} pose le pion sur : {kind}.",
    },
    "stone_placed": {
        "en": "{name} sets a stone in the {kind} ({filled} of {settings}).",
        "de": "{name} setzt einen Stein: {kind} ({filled} von {settings}).",
        "fr": "{name} sertit une pierre : {kind} ({filled} sur {settings}).",
    },
    "plaque_filled": {
        "en": "The {kind} is complete.",
        "de": "{kind}: alle Fassungen besetzt.",
        "fr": "{kind} : toutes les montures sont pleines.",
    },
    "extra_move": {
        "en": "{name} earns an extra move!",
        "de": "{name} erhält einen Extrazug!",
        "fr": "{name} gagne un coup de plus !",
    },
    "blocked": {
        "en": "The pawn has nowhere to go: the game is over.",
        "de": "Die Figur kann nirgends hin: Das Spiel ist aus.",
        "fr": "Le pion ne peut plus bouger : la partie est finie.",
    },
    "no_stones": {
        "en": "{name} has no stones left: the game is over.",
        "de": "{name} hat keine Steine mehr: Das Spiel ist aus.",
        "fr": "{name} n'a plus de pierres : la partie est finie.",
    },
}

UI_TEXT: dict[str, dict[str, str]] = {
    "extra": {"en": "Extra move!", "de": "Extrazug!", "fr": "Coup bonus !"},
    "place_pawn": {
        "en": "Place the pawn on any plaque",
        "de": "Stelle die Figur auf eine Platte",
        "fr": "Posez le pion sur une plaque",
    },
    "stones": {
        "en": "Stones left: {n}",
        "de": "Steine übrig: {n}",
        "fr": "Pierres restantes : {n}",
    },
    "points": {"en": "Points so far: {n}", "de": "Punkte bisher: {n}", "fr": "Points acquis : {n}"},
    "final_points": {"en": "Points: {n}", "de": "Punkte: {n}", "fr": "Points : {n}"},
    "empty": {
        "en": "Empty settings: {n}",
        "de": "Leere Fassungen: {n}",
        "fr": "Montures vides : {n}",
    },
    "perfect": {
        "en": "Every setting is filled: a perfect solitaire!",
        "de": "Alle Fassungen besetzt: ein perfektes Solitär!",
        "fr": "Toutes les montures sont pleines : réussite parfaite !",
    },
    "solitaire_left": {
        "en": "{n} settings stayed empty (0 wins the solitaire).",
        "de": "{n} Fassungen blieben leer (0 gewinnt das Solitär).",
        "fr": "{n} montures sont restées vides (0 gagne la réussite).",
    },
    "neutral": {
        "en": "Plaques won by nobody: {n} points.",
        "de": "Platten ohne Besitzer: {n} Punkte.",
        "fr": "Plaques sans gagnant : {n} points.",
    },
}

HELP: dict[str, str] = {
    "en": (
        "La Magie des Bijoux — jewellers set stones for the royal wedding.\n"
        "The board is a grid of jewel plaques; each has 1 to 6 settings and is worth that many "
        "points. Everyone shares one pawn.\n"
        "Start: the first player puts the pawn on any plaque, without a stone.\n"
        "Your turn: move the pawn like a rook — along its row or column, as far as you like, "
        "jumping over anything — to a plaque that still has a free setting. It may not go back "
        "to the plaque it stood on just before (marked with a faint pawn). Then set one of your "
        "stones there. Drag the pawn, or tap a glowing plaque.\n"
        "Filling a plaque's last setting gives you one extra move at once, but an extra move "
        "never earns another.\n"
        "End: when the player to move has no plaque to go to, or no stone left.\n"
        "Scoring: you win a plaque with strictly more stones on it than every other player and "
        "than its empty settings (they count as one more player). Most points wins; ties share.\n"
        "Solitaire: one player with all four colours; the fewer settings stay empty, the better — "
        "none left empty is a win."
    ),
    "de": (
        "Juwelenzauber — Goldschmiede fassen Steine für die königliche Hochzeit.\n"
        "Das Brett ist ein Raster aus Schmuckplatten mit je 1 bis 6 Fassungen; jede Platte zählt "
        "so viele Punkte, wie sie Fassungen hat. Alle ziehen dieselbe Figur.\n"
        "Start: Wer beginnt, stellt die Figur auf eine beliebige Platte, ohne Stein.\n"
        "Dein Zug: Ziehe die Figur wie einen Turm — in ihrer Reihe oder Spalte, beliebig weit, "
        "über alles hinweg — auf eine Platte mit freier Fassung. Zurück auf die Platte, auf der "
        "sie direkt zuvor stand (blass markiert), darf sie nicht. Dann setzt du dort einen "
        "deiner Steine. Ziehe die Figur oder tippe auf eine leuchtende Platte.\n"
        "Wer die letzte Fassung einer Platte füllt, zieht sofort noch einmal; ein Extrazug "
        "bringt aber keinen weiteren.\n"
        "Ende: wenn wer am Zug ist, keine Platte erreichen kann oder keinen Stein mehr hat.\n"
        "Wertung: Eine Platte gewinnt, wer mehr Steine darauf hat als jeder andere und als sie "
        "leere Fassungen hat (die zählen wie ein weiterer Spieler). Die meisten Punkte gewinnen.\n"
        "Solitär: allein mit allen vier Farben; je weniger Fassungen leer bleiben, desto besser — "
        "keine leere Fassung ist ein Sieg."
    ),
    "fr": (
        "La Magie des Bijoux — des orfèvres sertissent des pierres pour le mariage royal.\n"
        "Le plateau est une grille de plaques-bijoux ; chacune a de 1 à 6 montures et vaut autant "
        "de points. Tout le monde joue le même pion.\n"
        "Départ : le premier joueur pose le pion sur une plaque au choix, sans pierre.\n"
        "À votre tour : déplacez le pion comme une tour — dans sa rangée ou sa colonne, aussi "
        "loin que vous voulez, par-dessus tout — vers une plaque qui a encore une monture libre. "
        "Il ne peut pas revenir sur la plaque qu'il vient de quitter (marquée d'un pion pâle). "
        "Sertissez-y ensuite une de vos pierres. Faites glisser le pion ou touchez une plaque "
        "qui brille.\n"
        "Remplir la dernière monture d'une plaque donne aussitôt un coup de plus, mais un coup "
        "bonus n'en donne jamais un autre.\n"
        "Fin : quand le joueur au trait ne peut aller nulle part ou n'a plus de pierre.\n"
        "Décompte : une plaque revient à qui y a plus de pierres que chaque autre joueur et que "
        "de montures vides (elles comptent comme un joueur de plus). Le plus de points gagne.\n"
        "Réussite : seul avec les quatre couleurs ; moins il reste de montures vides, mieux "
        "c'est — aucune, c'est gagné."
    ),
}


@dataclass
class FlyingStone:
    seat: int
    key: tuple[int, int]
    sprite: Sprite


class MagieDesBijouxView(TableView):
    game_id = "magie-des-bijoux"
    has_secrets = False

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.rows = self.cols = 0
        self.sockets: list[list[int]] = []
        self.hidden: set[tuple[int, int]] = set()
        self.flying: dict[tuple[int, int], FlyingStone] = {}
        self.pawn = Sprite(0.0, 0.0)
        self.sparkles: list[dict[str, float]] = []
        self.banner = {"alpha": 0.0, "scale": 1.0}
        # Plaques to redraw on the cached board (None: all of them).
        self.changes: list[pygame.FRect] | None = None

    # ------------------------------------------------------------------ data in
    def show(self, view: View, legal: list[Move], events: list[Event], fresh: bool) -> None:
        self._note_changes(self.view, view, fresh)
        super().show(view, legal, events, fresh)
        self.rows, self.cols = view["rows"], view["cols"]
        cells = self.rows * self.cols
        if fresh or len(self.sockets) != cells:
            self.sockets = [[] for _ in range(cells)]
            self.hidden.clear()
            self.flying.clear()
        incoming = self._reconcile(view["stones"])
        home = self._pawn_home()
        self.pawn.home = home
        if fresh:
            self.pawn.x, self.pawn.y = home
            self.pawn.lift = 0.6 if view["pawn"] is None else 0.0
            return
        self.hidden.update(incoming)
        for event in events:
            self.ctx.timeline.add(self._step(event, incoming))
        if not any(e.get("type") in ("pawn_moved", "pawn_placed") for e in events):
            self.ctx.animator.animate(self.pawn, MOVE, x=home[0], y=home[1])

    def _note_changes(self, old: View, new: View, fresh: bool) -> None:
        """Remember which plaques look different in `new`, for `take_changes`."""
        if fresh or not old or old.get("end") != new.get("end") or old["rows"] != new["rows"]:
            self.changes = None
            return
        cells = {
            cell
            for cell, (a, b) in enumerate(zip(old["stones"], new["stones"], strict=True))
            if a != b or old["owners"][cell] != new["owners"][cell]
        }
        for rc in (old.get("previous"), new.get("previous")):
            if rc is not None:
                cells.add(self._cell(rc))
        if self.changes is not None:
            self.changes.extend(self._cell_rect(c) for c in cells)

    def take_changes(self) -> list[pygame.FRect] | None:
        changes, self.changes = self.changes, []
        return changes

    def _reconcile(self, stones: list[list[int]]) -> list[tuple[int, int]]:
        """Keep the stones already seated; put new ones in the next free sockets."""
        added = []
        for cell, counts in enumerate(stones):
            seated = self.sockets[cell]
            have = [seated.count(seat) for seat in range(len(counts))]
            if any(h > c for h, c in zip(have, counts, strict=True)):
                seated.clear()
                for seat, n in enumerate(counts):
                    seated.extend([seat] * n)
                continue
            for seat, n in enumerate(counts):
                for _ in range(n - have[seat]):
                    seated.append(seat)
                    added.append((cell, len(seated) - 1))
        return added

    def _step(self, event: Event, incoming: list[tuple[int, int]]):
        kind = event.get("type")

        def run() -> float:
            if kind == "pawn_placed":
                x, y = self._centre(event["plaque"])
                self.pawn.lift = 1.0
                self.ctx.animator.animate(self.pawn, MOVE, x=x, y=y)
                self.ctx.animator.animate(self.pawn, MOVE, "out_bounce", lift=0.0)
                return MOVE
            if kind == "pawn_moved":
                x, y = self._centre(event["to"])
                self.ctx.animator.animate(self.pawn, MOVE, x=x, y=y, lift=0.0)
                return MOVE * 0.8
            if kind == "stone_placed":
                cell = self._cell(event["plaque"])
                for key in [k for k in incoming if k[0] == cell and k in self.hidden]:
                    self._drop_stone(key)
                return 0.28
            if kind == "plaque_filled":
                x, y = self._centre(event["plaque"])
                spark = {"x": x, "y": y, "r": 10.0, "alpha": 255.0}
                self.sparkles.append(spark)
                self.ctx.animator.animate(
                    spark,
                    0.6,
                    r=CELL * 0.75,
                    alpha=0.0,
                    on_finished=lambda: self.sparkles.remove(spark),
                )
                return 0.1
            if kind == "extra_move":
                self.banner.update(alpha=0.0, scale=0.6)
                self.ctx.animator.animate(self.banner, 0.35, "out_back", alpha=255.0, scale=1.0)
                self.ctx.animator.animate(self.banner, 0.5, delay=1.1, alpha=0.0)
                return 0.2
            return 0.0

        return run

    def _drop_stone(self, key: tuple[int, int]) -> None:
        cell, index = key
        x, y = self._socket_pos(cell, index)
        sprite = Sprite(x, y - CELL * 0.45, home=(x, y), scale=1.5)
        self.flying[key] = FlyingStone(self.sockets[cell][index], key, sprite)
        self.hidden.discard(key)

        def landed() -> None:
            self.flying.pop(key, None)
            if self.changes is not None:
                self.changes.append(self._cell_rect(cell))
            self.version += 1

        self.ctx.animator.animate(sprite, 0.3, "out_bounce", y=y, on_finished=landed)
        self.ctx.animator.animate(sprite, 0.18, scale=1.0)

    def _gem(self, seat: int, cell: int, index: int) -> str:
        """The stone's gem: the seat's colour; in solitaire the one player sets all four."""
        if self.view["players"] == 1:
            return STONE_GEMS[(cell + index) % 4]
        return STONE_GEMS[seat % 4]

    # ------------------------------------------------------------------ geometry
    def world_size(self) -> tuple[float, float]:
        return (max(1, self.cols) * CELL, max(1, self.rows) * CELL)

    def _cell(self, rc: list[int]) -> int:
        return rc[0] * self.cols + rc[1]

    def _centre(self, rc: list[int]) -> tuple[float, float]:
        return (rc[1] + 0.5) * CELL, (rc[0] + 0.5) * CELL

    def _socket_pos(self, cell: int, index: int) -> tuple[float, float]:
        row, col = divmod(cell, self.cols)
        fx, fy = SOCKETS[self.view["settings"][cell]][index]
        return (col + fx) * CELL, (row + fy) * CELL

    def _pawn_home(self) -> tuple[float, float]:
        if self.view["pawn"] is None:
            return self.world_size()[0] / 2, self.world_size()[1] / 2
        return self._centre(self.view["pawn"])

    def _cell_rect(self, cell: int) -> pygame.FRect:
        row, col = divmod(cell, self.cols)
        return pygame.FRect(col * CELL, row * CELL, CELL, CELL)

    # ------------------------------------------------------------------ input
    def _targets(self) -> list[Target]:
        out = []
        for move in self.legal:
            if move.get("type") in ("move", "place_pawn"):
                cell = self._cell(move["plaque"])
                out.append(Target(cell, self._cell_rect(cell), move))
        return out

    def pieces(self) -> list[Piece]:
        targets = self._targets()
        if not targets:
            return []
        r = CELL * 0.22
        rect = pygame.FRect(self.pawn.x - r, self.pawn.y - r * 1.6, r * 2, r * 2.4)
        return [Piece("pawn", rect, self.pawn, targets)]

    def loose_targets(self) -> list[Target]:
        return self._targets()

    # ------------------------------------------------------------------ words
    def _kind(self, rc: list[int]) -> str:
        settings = self.view["settings"][self._cell(rc)]
        return i18n.pick(KIND_NAMES[PLAQUE_KINDS[settings]])

    def event_text(self, event: Event) -> str | None:
        kind = event.get("type")
        name = self.ctx.name(event.get("seat"))
        if kind in ("pawn_placed", "plaque_filled"):
            return i18n.pick(EVENT_TEXT[kind], name=name, kind=self._kind(event["plaque"]))
        if kind == "stone_placed":
            return i18n.pick(
                EVENT_TEXT[kind],
                name=name,
                kind=self._kind(event["plaque"]),
                filled=event["filled"],
                settings=event["settings"],
            )
        if kind == "extra_move":
            return i18n.pick(EVENT_TEXT[kind], name=name)
        if kind == "game_over":
            return i18n.pick(EVENT_TEXT[event.get("reason", "blocked")], name=name)
        return None

    def help_text(self) -> str:
        return i18n.pick(HELP)

    def status(self) -> str | None:
        if not self.view or self.view.get("end") is not None:
            return None
        if self.view["pawn"] is None:
            return i18n.pick(UI_TEXT["place_pawn"])
        if self.view["extra"]:
            return i18n.pick(UI_TEXT["extra"])
        return None

    def panel_lines(self, seat: int) -> list[str]:
        if not self.view:
            return []
        lines = [i18n.pick(UI_TEXT["stones"], n=self.view["supply"][seat])]
        if self.view["players"] == 1:
            empty = sum(
                s - sum(st)
                for s, st in zip(self.view["settings"], self.view["stones"], strict=True)
            )
            lines.append(i18n.pick(UI_TEXT["empty"], n=empty))
        else:
            points = sum(
                s
                for s, o in zip(self.view["settings"], self.view["owners"], strict=True)
                if o == seat
            )
            key = "points" if self.view.get("end") is None else "final_points"
            lines.append(i18n.pick(UI_TEXT[key], n=points))
        return lines

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        if outcome.get("solitaire"):
            empty = outcome.get("empty_settings", 0)
            if empty == 0:
                return [i18n.pick(UI_TEXT["perfect"])]
            return [i18n.pick(UI_TEXT["solitaire_left"], n=empty)]
        return [i18n.pick(UI_TEXT["neutral"], n=outcome.get("neutral_points", 0))]

    def seat_token(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float):
        draw_gem(surface, STONE_GEMS[seat % 4], centre, r * 2.2)

    # ------------------------------------------------------------------ drawing
    def _visible_cells(self, cam: Camera, bounds: pygame.Rect | None = None):
        """(cell, settings, x, y) of every plaque at least partly inside `bounds` (default: the
        board area)."""
        s = CELL * cam.scale
        area = bounds or cam.area
        for cell, n in enumerate(self.view["settings"]):
            row, col = divmod(cell, self.cols)
            x, y = cam.to_screen(col * CELL, row * CELL)
            if x > area.right or y > area.bottom or x + s < area.x or y + s < area.y:
                continue
            yield cell, n, x, y

    def draw_board(self, surface: pygame.Surface, cam: Camera) -> None:
        if not self.view:
            return
        s = CELL * cam.scale
        size = max(8, round(s))
        clip = surface.get_clip()
        bounds = cam.area.clip(clip)
        surface.set_clip(bounds)
        owners = self.view["owners"]
        over = self.view.get("end") is not None
        solitaire = self.view["players"] == 1
        for cell, n, x, y in self._visible_cells(cam, bounds):
            pos = (round(x), round(y))
            surface.blit(plaque_surface(n, size), pos)
            owner = owners[cell]
            if over and solitaire:
                if sum(self.view["stones"][cell]) < n:
                    surface.blit(_veil(size), pos)
            elif over:
                if owner is None:
                    surface.blit(_veil(size), pos)
                else:
                    self._ribbon(surface, owner, x, y, s, large=True)
            elif owner is not None and not solitaire:
                self._ribbon(surface, owner, x, y, s, large=False)
            seated = self.sockets[cell] if cell < len(self.sockets) else []
            for index, seat in enumerate(seated):
                if (cell, index) in self.hidden or (cell, index) in self.flying:
                    continue
                fx, fy = SOCKETS[n][index]
                gem = self._gem(seat, cell, index)
                draw_gem(surface, gem, (x + fx * s, y + fy * s), s * STONE)
        previous = self.view.get("previous")
        if previous is not None:
            cx, cy = cam.to_screen(*self._centre(previous))
            ghost = pawn_surface(max(8, round(s * 0.5)), ghost=True)
            surface.blit(ghost, ghost.get_rect(center=(round(cx), round(cy - s * 0.04))))
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface, cam: Camera, hot: set[Any], held: Piece | None) -> None:
        if not self.view:
            return
        s = CELL * cam.scale
        size = max(8, round(s))
        clip = surface.get_clip()
        surface.set_clip(cam.area)
        over = self.view.get("end") is not None
        if hot:
            glow = pulse(self.ctx.now)
            strength = 0.8 + 0.2 * glow if held is not None else 0.55 + 0.45 * glow
            shine = _glow(size, round(strength * 12))
            for cell, _n, x, y in self._visible_cells(cam):
                if cell in hot:
                    surface.blit(shine, (round(x), round(y)))
                    if cell == self.ctx.hover:
                        surface.blit(_glow(size, 12), (round(x), round(y)))
        for stone in list(self.flying.values()):
            sx, sy = cam.to_screen(stone.sprite.x, stone.sprite.y)
            gem = self._gem(stone.seat, *stone.key)
            draw_gem(surface, gem, (sx, sy), s * STONE * stone.sprite.scale)
        for spark in self.sparkles:
            cx, cy = cam.to_screen(spark["x"], spark["y"])
            ring = _ring(max(2, round(spark["r"] * cam.scale)), max(2, round(s * 0.04)))
            ring.set_alpha(round(spark["alpha"]))
            surface.blit(ring, ring.get_rect(center=(round(cx), round(cy))))
        if not over or self.view.get("pawn") is not None:
            self._draw_pawn(surface, cam, s)
        if self.banner["alpha"] > 1:
            self._draw_banner(surface, cam)
        surface.set_clip(clip)

    def _draw_pawn(self, surface: pygame.Surface, cam: Camera, s: float) -> None:
        p = self.pawn
        px, py = cam.to_screen(p.x + p.shake, p.y)
        size = max(8, round(s * 0.5))
        lifted = p.lift
        if self.view["pawn"] is None and p.lift > 0.5:
            # Waiting to be placed: the pawn hovers over the board, gently bobbing.
            lifted = 0.6 + 0.4 * pulse(self.ctx.now)
        lift = lifted * s * 0.08
        shadow = _pawn_shadow(size, round(lifted * 4))
        surface.blit(
            shadow,
            shadow.get_rect(center=(round(px + s * 0.04 + lift * 0.5), round(py + s * 0.14))),
        )
        body = pawn_surface(size)
        surface.blit(body, body.get_rect(center=(round(px), round(py - s * 0.04 - lift))))

    def _ribbon(
        self, surface: pygame.Surface, seat: int, x: float, y: float, s: float, large: bool
    ):
        """The plaque's current (or, at the end, final) winner: a rosette in the corner."""
        r = s * (0.13 if large else 0.08)
        cx, cy = x + s - r * 1.25 - s * 0.03, y + s - r * 1.25 - s * 0.03
        if large:
            colour = theme.player_colour(seat).rgb
            pygame.draw.rect(
                surface,
                colour,
                pygame.Rect(
                    round(x + s * 0.04), round(y + s * 0.04), round(s * 0.92), round(s * 0.92)
                ),
                max(2, round(s * 0.035)),
                border_radius=max(2, round(s * 0.07)),
            )
        pygame.draw.circle(surface, theme.GOLD, (cx, cy), r * 1.15)
        pygame.draw.circle(surface, theme.IVORY, (cx, cy), r * 0.95)
        draw_gem(surface, STONE_GEMS[seat % 4], (cx, cy), r * 1.9)

    def _draw_banner(self, surface: pygame.Surface, cam: Camera) -> None:
        size = max(18, round(cam.area.h * 0.075 * self.banner["scale"]))
        box = _banner(i18n.pick(UI_TEXT["extra"]), size)
        box.set_alpha(round(self.banner["alpha"]))
        surface.blit(box, box.get_rect(center=cam.area.center))


VIEW = MagieDesBijouxView


# ---------------------------------------------------------------------- cached drawings


def _jewel(surf: pygame.Surface, settings: int, s: int) -> None:
    """The piece of jewellery a plaque shows, in gold lines, behind its settings."""
    w = max(2, round(s * 0.035))
    gold, light = theme.GOLD_DARK, theme.GOLD

    def p(fx: float, fy: float) -> tuple[float, float]:
        return fx * s, fy * s

    if settings == 1:
        pygame.draw.circle(surf, gold, p(0.5, 0.58), s * 0.22, w * 2)
        pygame.draw.circle(surf, light, p(0.5, 0.58), s * 0.22, w)
        pygame.draw.polygon(surf, gold, [p(0.38, 0.38), p(0.62, 0.38), p(0.5, 0.2)])
    elif settings == 2:
        for fx in (0.3, 0.7):
            pygame.draw.arc(
                surf, gold, pygame.Rect(*p(fx - 0.07, 0.14), s * 0.14, s * 0.16), 0, math.pi, w
            )
            pygame.draw.line(surf, gold, p(fx, 0.22), p(fx, 0.5), w)
            pygame.draw.polygon(
                surf, light, [p(fx, 0.44), p(fx + 0.12, 0.64), p(fx, 0.84), p(fx - 0.12, 0.64)], w
            )
    elif settings == 3:
        rect = pygame.Rect(*p(0.16, 0.14), s * 0.68, s * 0.72)
        pygame.draw.line(surf, gold, p(0.06, 0.5), p(0.94, 0.5), w)
        pygame.draw.ellipse(surf, theme.mix(theme.IVORY, theme.GOLD, 0.3), rect)
        pygame.draw.ellipse(surf, gold, rect, w * 2)
        for i in range(18):
            a = 2 * math.pi * i / 18
            bead = (
                rect.centerx + math.cos(a) * rect.w * 0.5,
                rect.centery + math.sin(a) * rect.h * 0.5,
            )
            pygame.draw.circle(surf, light, bead, w * 0.9)
        pygame.draw.ellipse(surf, light, rect.inflate(-w * 6, -w * 6), w)
    elif settings == 4:
        rect = pygame.Rect(*p(0.12, 0.26), s * 0.76, s * 0.56)
        pygame.draw.ellipse(surf, gold, rect, w * 3)
        pygame.draw.ellipse(surf, light, rect.inflate(-w * 2, -w * 2), w)
    elif settings == 5:
        arc = [p(0.08 + 0.84 * i / 20, 0.72 - 0.46 * math.sin(math.pi * i / 20)) for i in range(21)]
        pygame.draw.lines(surf, gold, False, arc, w * 3)
        pygame.draw.lines(surf, light, False, [(x, y + w * 2) for x, y in arc], w)
    else:
        crown = [
            p(0.14, 0.86),
            p(0.14, 0.3),
            p(0.33, 0.52),
            p(0.5, 0.18),
            p(0.67, 0.52),
            p(0.86, 0.3),
            p(0.86, 0.86),
        ]
        pygame.draw.polygon(surf, theme.mix(theme.IVORY, theme.GOLD, 0.35), crown)
        pygame.draw.polygon(surf, gold, crown, w)
        pygame.draw.line(surf, gold, p(0.14, 0.64), p(0.86, 0.64), w)


@lru_cache(maxsize=64)
def plaque_surface(settings: int, size: int) -> pygame.Surface:
    """A plaque with `settings` empty settings, `size` px square (gap included)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    gap = max(1, round(size * 0.04))
    card = pygame.Rect(gap, gap, size - 2 * gap, size - 2 * gap)
    radius = max(2, round(size * 0.07))
    shadow = card.move(max(1, round(size * 0.015)), max(1, round(size * 0.02)))
    pygame.draw.rect(surf, (0, 0, 0, 90), shadow, border_radius=radius)
    pygame.draw.rect(surf, theme.IVORY, card, border_radius=radius)
    inner = card.inflate(-gap * 2, -gap * 2)
    pygame.draw.rect(
        surf, theme.IVORY_SHADE, inner, max(1, round(size * 0.012)), border_radius=radius
    )
    pygame.draw.rect(surf, theme.GOLD, card, max(1, round(size * 0.018)), border_radius=radius)
    _jewel(surf, settings, size)
    r = size * 0.1
    for fx, fy in SOCKETS[settings]:
        c = (fx * size, fy * size)
        pygame.draw.circle(surf, theme.GOLD, c, r)
        pygame.draw.circle(surf, (70, 58, 44), c, r * 0.78)
        pygame.draw.circle(surf, (40, 32, 24), (c[0] + r * 0.1, c[1] + r * 0.12), r * 0.55)
    fsize = max(8, round(size * 0.13))
    label = theme.text(str(settings), fsize, theme.GOLD_DARK, bold=True)
    surf.blit(label, (gap * 2.2, gap * 1.4))
    return surf.convert_alpha() if pygame.display.get_surface() else surf


@lru_cache(maxsize=32)
def pawn_surface(size: int, ghost: bool = False) -> pygame.Surface:
    """The shared pawn: lacquered violet-black with gold trim (a pale outline when `ghost`)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    s = size
    body = [(s * 0.3, s * 0.92), (s * 0.4, s * 0.5), (s * 0.6, s * 0.5), (s * 0.7, s * 0.92)]
    if ghost:
        colour = (*theme.INK, 70)
        pygame.draw.polygon(surf, colour, body)
        pygame.draw.circle(surf, colour, (s * 0.5, s * 0.34), s * 0.17)
        pygame.draw.ellipse(surf, colour, pygame.Rect(s * 0.2, s * 0.84, s * 0.6, s * 0.14))
        return surf
    dark, mid = (44, 26, 58), (86, 52, 110)
    pygame.draw.ellipse(surf, dark, pygame.Rect(s * 0.2, s * 0.82, s * 0.6, s * 0.16))
    pygame.draw.polygon(surf, dark, body)
    pygame.draw.polygon(
        surf,
        mid,
        [(s * 0.36, s * 0.88), (s * 0.43, s * 0.52), (s * 0.5, s * 0.52), (s * 0.46, s * 0.88)],
    )
    pygame.draw.ellipse(surf, theme.GOLD, pygame.Rect(s * 0.33, s * 0.47, s * 0.34, s * 0.08))
    pygame.draw.circle(surf, dark, (s * 0.5, s * 0.34), s * 0.17)
    pygame.draw.circle(surf, mid, (s * 0.46, s * 0.3), s * 0.1)
    pygame.draw.circle(surf, (220, 200, 240), (s * 0.44, s * 0.27), max(1, s * 0.035))
    pygame.draw.ellipse(
        surf, theme.GOLD, pygame.Rect(s * 0.2, s * 0.82, s * 0.6, s * 0.16), max(1, round(s * 0.03))
    )
    return surf


@lru_cache(maxsize=32)
def _pawn_shadow(size: int, spread: int) -> pygame.Surface:
    surf = pygame.Surface((size, size // 2), pygame.SRCALPHA)
    rect = pygame.Rect(
        size * 0.2 - spread, size * 0.1, size * 0.6 + spread * 2, size * 0.22 + spread
    )
    pygame.draw.ellipse(surf, (0, 0, 0, 80 - spread * 8), rect)
    return surf


@lru_cache(maxsize=64)
def _glow(size: int, level: int) -> pygame.Surface:
    """A gold glow around a legal plaque; `level` (0–12) is how bright it is."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, round(size * 0.08))
    t = level / 12
    pygame.draw.rect(
        surf, (255, 236, 150, round(30 + 40 * t)), surf.get_rect(), border_radius=radius
    )
    for i in range(4):
        width = max(2, round(size * 0.02))
        alpha = round((110 + 35 * i) * (0.55 + 0.45 * t))
        rect = surf.get_rect().inflate(-i * width * 2, -i * width * 2)
        pygame.draw.rect(surf, (255, 226, 110, alpha), rect, width, border_radius=radius)
    return surf


@lru_cache(maxsize=16)
def _veil(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(
        surf,
        (20, 30, 30, 120),
        surf.get_rect().inflate(-size * 0.08, -size * 0.08),
        border_radius=max(2, round(size * 0.07)),
    )
    return surf


@lru_cache(maxsize=64)
def _banner(label: str, size: int) -> pygame.Surface:
    """The gold "extra move" banner with its words, `size` px type."""
    text = theme.text(label, size, theme.INK, bold=True)
    box = pygame.Surface((text.get_width() + size * 2, text.get_height() + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.GOLD, 240), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, (*theme.IVORY, 255), box.get_rect(), 3, border_radius=size // 2)
    box.blit(text, text.get_rect(center=box.get_rect().center))
    return box


@lru_cache(maxsize=128)
def _ring(radius: int, width: int) -> pygame.Surface:
    """A gold ring (the sparkle of a completed plaque)."""
    surf = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.circle(surf, theme.GOLD_LIGHT, (radius + 1, radius + 1), radius, min(width, radius))
    return surf
