"""The table views made of regions (client/tables/regions.py): every region of a game drawn
alone from a random position's snapshot, and a tap on each of its targets answered with the
move (or the piece picked up) the whole view gives there. All four games' views are made so."""

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.tables.base import Camera, TableContext  # noqa: E402
from client.tables.das_kollier.air import Air as KollierAir  # noqa: E402
from client.tables.das_kollier.banner import Banner as KollierBanner  # noqa: E402
from client.tables.das_kollier.block import AuctionBlock  # noqa: E402
from client.tables.das_kollier.choices import Chosen, Desk  # noqa: E402
from client.tables.das_kollier.corner import OwnCorner  # noqa: E402
from client.tables.das_kollier.layout import WORLD as KOLLIER_WORLD  # noqa: E402
from client.tables.das_kollier.panel import Panel  # noqa: E402
from client.tables.das_kollier.rail import PlayerRail  # noqa: E402
from client.tables.das_kollier.stage import AuctionCloth  # noqa: E402
from client.tables.das_kollier.top import TopBar  # noqa: E402
from client.tables.das_kollier.view import DasKollierView  # noqa: E402
from client.tables.kette_von_saba.air import Air  # noqa: E402
from client.tables.kette_von_saba.banner import Banner as KetteBanner  # noqa: E402
from client.tables.kette_von_saba.block import Block  # noqa: E402
from client.tables.kette_von_saba.corners import Corners  # noqa: E402
from client.tables.kette_von_saba.hand import Hand  # noqa: E402
from client.tables.kette_von_saba.layout import (  # noqa: E402
    DECK_RECT,
    LOT_RECT,
    PLAY_RECT,
    PLUS_RECT,
    WORLD,
)
from client.tables.kette_von_saba.lot import Lot  # noqa: E402
from client.tables.kette_von_saba.necklace import Necklace  # noqa: E402
from client.tables.kette_von_saba.rail import Rail  # noqa: E402
from client.tables.kette_von_saba.view import KetteVonSabaView  # noqa: E402
from client.tables.magie_des_bijoux.banner import Banner  # noqa: E402
from client.tables.magie_des_bijoux.pawn import Pawn  # noqa: E402
from client.tables.magie_des_bijoux.plaques import Plaques  # noqa: E402
from client.tables.magie_des_bijoux.view import MagieDesBijouxView  # noqa: E402
from client.tables.regions import Choice, Frame, Motion, Snapshot, snapshot  # noqa: E402
from client.tables.saba_palast.air import Air as PalastAir  # noqa: E402
from client.tables.saba_palast.banner import Banner as PalastBanner  # noqa: E402
from client.tables.saba_palast.column import Column  # noqa: E402
from client.tables.saba_palast.controls import Controls, Sprites, TableFrame  # noqa: E402
from client.tables.saba_palast.cues import Cues  # noqa: E402
from client.tables.saba_palast.display import Display  # noqa: E402
from client.tables.saba_palast.garden import Garden  # noqa: E402
from client.tables.saba_palast.harbour import Harbour  # noqa: E402
from client.tables.saba_palast.layout import DIALOG, Table  # noqa: E402
from client.tables.saba_palast.quarters import Quarters  # noqa: E402
from client.tables.saba_palast.steps import Steps  # noqa: E402
from client.tables.saba_palast.trays import Trays  # noqa: E402
from client.tables.saba_palast.view import SabaPalastView  # noqa: E402
from client.ui.anim import Animator, Timeline  # noqa: E402
from shared import talk  # noqa: E402
from shared.engine import get_game  # noqa: E402
from shared.randomplay import random_step  # noqa: E402

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus"]
pygame.init()
SIZE = (800, 600)
BACKGROUND = (10, 60, 40)


def context() -> TableContext:
    animator = Animator()
    return TableContext(animator, Timeline(animator), None, list(NAMES))


def position(game_id: str, seed: int, players: int, most: int = 40) -> tuple[dict, list, list[int]]:
    """A random position part of the way through a game (up to `most` moves): the view, legal
    moves and seats to act of the seat to act."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new_game(seed, players)
    for _ in range(rng.randrange(1, most)):
        if game.is_over(state):
            break
        seat, move = random_step(game, state, rng)
        state, _events = game.apply(state, seat, move)
    seat = (game.to_act(state) or [0])[0]
    return game.view(state, seat), game.legal_moves(state, seat), game.to_act(state)


def snap_of(game_id: str, view: dict, legal: list, to_act: list[int]) -> Snapshot:
    def said():
        moment = talk.Moment(view=view, seat=view.get("seat"), legal=legal, to_act=to_act)
        return talk.talk(game_id, moment)

    return snapshot(view, legal, [], 1, lambda s: NAMES[s] if s is not None else "?", said)


def drawn(draw) -> pygame.Surface:
    """A surface with `draw(surface)` done on a plain background."""
    surface = pygame.Surface(SIZE)
    surface.fill(BACKGROUND)
    draw(surface)
    return surface


def changed(surface: pygame.Surface) -> int:
    """How many pixels are no longer the background."""
    same = pygame.mask.from_threshold(surface, BACKGROUND, (1, 1, 1, 255)).count()
    return SIZE[0] * SIZE[1] - same


def the_view(ctx: TableContext, game_view, view, legal, to_act):
    ctx.to_act = list(to_act)
    game_view.show(view, legal, [], True)
    return game_view


# ---------------------------------------------------------------------- La Magie des Bijoux


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bijoux_regions_draw_alone_and_answer_taps_as_the_view(seed):
    game_id = "magie-des-bijoux"
    view, legal, to_act = position(game_id, seed, 3)
    snap = snap_of(game_id, view, legal, to_act)
    motion = Motion(context())
    plaques, pawn, banner = Plaques(motion), Pawn(motion), Banner(motion)
    for region in (plaques, pawn, banner):
        region.show(snap, True)
    cam = Camera(pygame.Rect(0, 0, *SIZE), plaques.grid.world_size())
    targets = plaques.targets()
    hot = frozenset(t.key for t in targets)
    frame = Frame(cam, 0.3, hot)

    assert changed(drawn(lambda s: plaques.draw_still(s, cam))) > SIZE[0] * SIZE[1] // 3
    lit = drawn(lambda s: plaques.draw(s, frame))
    assert changed(lit) > 0 if targets else changed(lit) == 0
    assert changed(drawn(lambda s: pawn.draw(s, frame))) > 0
    assert changed(drawn(lambda s: banner.draw(s, frame))) == 0
    banner.look.update(alpha=255.0, scale=1.0)
    assert changed(drawn(lambda s: banner.draw(s, frame))) > 0

    # The whole view, shown the same update, offers the same targets and the same pawn.
    whole = the_view(context(), MagieDesBijouxView(context()), view, legal, to_act)
    assert [t.move for t in whole.loose_targets()] == [t.move for t in targets]
    assert targets, "a seat to act has a plaque to go to"
    for target in whole.loose_targets():
        assert plaques.hit(target.rect.center) == target.move
        assert whole.answer(target.rect.center) == target.move
    others = [c for c in range(len(view["settings"])) if c not in hot]
    for cell in others:
        assert plaques.hit(plaques.grid.cell_rect(cell).center) is None
    (piece,) = whole.pieces()
    assert pawn.hit(piece.rect.center) == Choice(piece.key) == whole.answer(piece.rect.center)
    assert pawn.hit((-50.0, -50.0)) is None


def test_bijoux_pawn_waits_without_moves():
    view, legal, to_act = position("magie-des-bijoux", 4, 2)
    motion = Motion(context())
    pawn = Pawn(motion)
    pawn.show(snap_of("magie-des-bijoux", view, [], to_act), True)
    assert pawn.hit((pawn.sprite.x, pawn.sprite.y)) is None
    assert pawn.piece([]) is None


# ---------------------------------------------------------------------- Die Kette von Saba


def kette_regions(motion: Motion) -> dict:
    return {
        "necklace": Necklace(motion),
        "corners": Corners(motion),
        "rail": Rail(motion),
        "block": Block(motion),
        "lot": Lot(motion),
        "air": Air(motion),
        "banner": KetteBanner(motion),
        "hand": Hand(motion),
    }


# Which region answers a tap on each kind of target.
KETTE_TARGETS = {"block": "lot", "deck": "corners", "forgeries": "corners", "hand": "hand"}


# Random positions, one in each phase of the game (and its end): seed → phase.
KETTE_SEEDS = {
    0: "draw",
    1: "reserve_offer",
    2: "bidding",
    5: "lay",
    6: "end",
    7: "reserve",
    13: "offer",
    23: "buyer",
    63: "reconstruction",
}


@pytest.mark.parametrize("seed", KETTE_SEEDS)
def test_kette_regions_draw_alone_and_answer_taps_as_the_view(seed):
    game_id = "kette-von-saba"
    view, legal, to_act = position(game_id, seed, 3 + seed % 3, most=300)
    assert (view["phase"] if view["end"] is None else "end") == KETTE_SEEDS[seed]
    snap = snap_of(game_id, view, legal, to_act)
    motion = Motion(context())
    regions = kette_regions(motion)
    for region in regions.values():
        region.show(snap, True)
    motion.animator.finish_all()  # the hand dealt
    regions["air"].flights.clear()
    cam = Camera(pygame.Rect(0, 0, *SIZE), WORLD)
    whole = the_view(context(), KetteVonSabaView(context()), view, legal, to_act)
    whole.ctx.animator.finish_all()
    loose = whole.loose_targets()
    frame = Frame(cam, 0.3, frozenset(t.key for t in loose))

    for name in ("necklace", "corners", "rail"):
        assert changed(drawn(lambda s, r=regions[name]: r.draw_still(s, cam))) > 1000, name
    assert changed(drawn(lambda s: regions["block"].draw(s, frame))) > 0
    acting = changed(drawn(lambda s: regions["rail"].draw(s, frame)))
    assert acting > 0 if view["end"] is None else acting == 0
    lit = changed(drawn(lambda s: regions["necklace"].draw(s, frame)))
    assert lit > 0 if loose else lit == 0
    hand = changed(drawn(lambda s: regions["hand"].draw(s, frame)))
    assert hand > 0 if view.get("hand") else hand == 0
    lot = changed(drawn(lambda s: regions["lot"].draw(s, frame)))
    assert lot > 0 if view.get("lot") else lot == 0
    assert changed(drawn(lambda s: regions["air"].draw(s, frame))) == 0
    motion.publish("fly", "perle-1", DECK_RECT.center, LOT_RECT.center, 92.0, 98.0, True)
    motion.animator.update(0.2)
    assert changed(drawn(lambda s: regions["air"].draw(s, frame))) > 0
    regions["banner"].look.update(alpha=255.0, text="Stage 2")
    assert changed(drawn(lambda s: regions["banner"].draw(s, frame))) > 0

    # A tap on each target the view offers is answered with its move, by its region.
    for target in loose:
        key = target.key
        name = "necklace" if isinstance(key, tuple) else KETTE_TARGETS[key]
        point = target.rect.center
        assert regions[name].hit(point) == target.move, key
        assert whole.answer(point) == target.move, key
    # A tap on a piece picks it up (on a hand card, where it shows: its left edge).
    for piece in whole.pieces():
        point = (piece.rect.x + 3, piece.rect.centery)
        name = "lot" if piece.key == "lot" else "hand"
        assert regions[name].hit(point) == Choice(piece.key) == whole.answer(point)
    # The amount chooser: + steps, the button plays the amount shown (a warned one at the
    # second tap).
    chooser = regions["block"].chooser()
    assert (chooser is not None) == (whole.block.chooser() is not None)
    if chooser is not None:
        kind, moves, index = chooser
        assert isinstance(regions["block"].hit(PLUS_RECT.center), Choice)
        _kind, moves, index = regions["block"].chooser()
        said = regions["block"].hit(PLAY_RECT.center)
        if isinstance(said, Choice):
            assert snap.move_talk(moves[index])["warn"]
            said = regions["block"].hit(PLAY_RECT.center)
        assert said == moves[index] and said in legal
    else:
        assert regions["block"].hit(PLAY_RECT.center) is None


BANNER_NOTICES = {Banner: "extra_move", KetteBanner: "banner", KollierBanner: "knocked_down"}


@pytest.mark.parametrize("banner", [Banner, KetteBanner, KollierBanner, PalastBanner])
def test_a_banner_pops_up_stays_a_while_and_fades(banner):
    motion = Motion(context())
    region = banner(motion)
    if banner is PalastBanner:
        motion.publish("banner", "Game over", 0.0)
    else:
        motion.publish(BANNER_NOTICES[banner], {"type": "extra_move"})
    seen = []
    for _ in range(180):
        motion.animator.update(1 / 60)
        seen.append(region.look["alpha"])
    assert max(seen) >= 255.0, "it shows"
    shown = sys.modules[banner.__module__].SHOWN  # when it begins to fade
    assert seen[round(shown * 60) - 3] == 255.0, "still whole until then"
    assert seen[-1] == 0.0 and not motion.animator.busy, "gone after three seconds"


# ---------------------------------------------------------------------- Das Kollier


def kollier_regions(motion: Motion, ctx: TableContext) -> dict:
    """Das Kollier's regions, the panel last (it tells the others the seat's choice)."""
    return {
        "top": TopBar(motion),
        "rail": PlayerRail(motion),
        "stage": AuctionCloth(motion),
        "block": AuctionBlock(motion, lambda: ctx.now, lambda: ctx.timer),
        "corner": OwnCorner(motion),
        "air": KollierAir(motion),
        "banner": KollierBanner(motion),
        "panel": Panel(motion, ctx),
    }


def kollier_alone(snap: Snapshot) -> dict:
    ctx = context()
    regions = kollier_regions(Motion(ctx), ctx)
    for region in regions.values():
        region.show(snap, True)
    return regions


# Random positions, one in each phase the seat to act meets (and the end): seed → phase; a
# payment of gems and cash put together by hand, and a sale to the bank offered.
KOLLIER_SEEDS = {
    0: "falling",
    1: "open",
    2: "pay",
    3: "commission",
    6: "over",
    16: "choose",
    28: "preempt",
    36: "pay-mixed",
    113: "choose+sell",
}


@pytest.mark.parametrize("seed", KOLLIER_SEEDS)
def test_kollier_regions_draw_alone_and_answer_taps_as_the_view(seed):
    game_id = "das-kollier"
    view, legal, to_act = position(game_id, seed, 3 + seed % 3, most=400)
    kinds = [m["type"] for m in legal]
    phase = view["phase"]
    if phase == "pay" and view["round"] > 6 and kinds.count("pay") > 1:
        phase = "pay-mixed"
    assert phase + ("+sell" if "sell" in kinds else "") == KOLLIER_SEEDS[seed]
    snap = snap_of(game_id, view, legal, to_act)
    regions = kollier_alone(snap)
    motion = regions["panel"].motion
    cam = Camera(pygame.Rect(0, 0, *SIZE), KOLLIER_WORLD)
    frame = Frame(cam, 0.3)
    panel = regions["panel"]

    for name in ("top", "rail", "stage", "block", "corner"):
        assert changed(drawn(lambda s, r=regions[name]: r.draw_still(s, cam))) > 1000, name
    for name in ("top", "block", "corner"):  # the bank, the price and gavel, the cash
        assert changed(drawn(lambda s, r=regions[name]: r.draw(s, frame))) > 0, name
    buttons = changed(drawn(lambda s: panel.draw_still(s, cam)))
    assert (buttons > 0) == any(c.style != "stack" for c in panel.controls)
    glow = changed(drawn(lambda s: panel.draw(s, frame)))
    if any(c.style == "primary" and isinstance(c.action, dict) for c in panel.controls):
        assert glow > 0
    if not panel.controls and view["phase"] != "falling":
        assert glow == 0
    # What flies and the banner show only once an event sets them going.
    assert changed(drawn(lambda s: regions["air"].draw(s, frame))) == 0
    assert changed(drawn(lambda s: regions["banner"].draw(s, frame))) == 0
    motion.publish("bid", {"type": "bid", "seat": view["seat"], "amount": 1_000})
    motion.publish("knocked_down", {"type": "knocked_down"})
    motion.animator.update(0.2)
    assert changed(drawn(lambda s: regions["air"].draw(s, frame))) > 0
    assert regions["banner"].text == "Sold!"
    regions["banner"].look.update(alpha=255.0, scale=1.0)
    assert changed(drawn(lambda s: regions["banner"].draw(s, frame))) > 0
    # A sale to the bank covers the cloth: the block steps aside.
    motion.publish("desk", Desk(Chosen(selling=True)))
    assert changed(drawn(lambda s: regions["block"].draw_still(s, cam))) == 0
    assert changed(drawn(lambda s: regions["stage"].draw_still(s, cam))) > 1000

    # A tap on each control the view offers is answered by the panel alone as by the view: its
    # move (a warned one at the second tap), or a choice.
    whole = the_view(context(), DasKollierView(context()), view, legal, to_act)
    spots = whole.tap_spots()
    assert spots or not legal or view["phase"] == "over"
    for key, rect in spots:
        alone = kollier_alone(snap)
        whole = the_view(context(), DasKollierView(context()), view, legal, to_act)
        control = next(c for c in alone["panel"].controls if c.key == key)
        said = alone["panel"].hit(rect.center)
        assert said == whole.answer(rect.center), key
        if not isinstance(control.action, dict):
            assert said == Choice(key), key
            continue
        if isinstance(said, Choice):
            assert alone["block"].desk.warning, key  # the first tap shows the warning
            said = alone["panel"].hit(rect.center)
            assert said == whole.answer(rect.center), key
        assert said == control.action, key
        # A move the engine lists, or an amount or payment the choosers put together.
        assert said in legal or said["type"] in ("bid", "open_auction", "pay", "sell"), key
    assert kollier_alone(snap)["panel"].hit((-50.0, -50.0)) is None


# ---------------------------------------------------------------------- Saba – Palast


def palast_regions(motion: Motion) -> dict:
    return {
        "garden": Garden(motion),
        "column": Column(motion),
        "quarters": Quarters(motion),
        "trays": Trays(motion),
        "harbour": Harbour(motion),
        "display": Display(motion),
        "steps": Steps(motion),
        "cues": Cues(motion),
        "air": PalastAir(motion),
        "banner": PalastBanner(motion),
    }


def scene_answer(view, point):
    """What the table scene makes of a tap at `point` with nothing picked up: a piece there
    first, else a one-tap target's move."""
    piece = next((p for p in view.pieces() if p.rect.collidepoint(point)), None)
    if piece is not None:
        return Choice(piece.key)
    target = next((t for t in view.loose_targets() if t.rect.collidepoint(point)), None)
    return target.move if target is not None else None


# Random positions, one in each phase of a turn (and the end): (seed, players) → phase.
PALAST_SEEDS = {
    (1, 3): "harbour",
    (2, 2): "build",
    (4, 4): "quarter",
    (5, 3): "draw",
    (8, 3): "return",
    (3, 2): "end",
}


def palast_position(seed: int, players: int, phase: str) -> tuple[dict, list, list[int]]:
    """A random position of Saba – Palast in `phase` (or at the end), seen by the seat to act."""
    game = get_game("saba-palast")
    rng = random.Random(seed)
    state = game.new_game(seed, players)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if state["phase"] == phase and rng.random() < 0.3:
            break
        seat, move = random_step(game, state, rng)
        state, _events = game.apply(state, seat, move)
    seat = (game.to_act(state) or [0])[0]
    return game.view(state, seat), game.legal_moves(state, seat), game.to_act(state)


@pytest.mark.parametrize(("seed", "players"), PALAST_SEEDS)
def test_palast_regions_draw_alone_and_answer_taps_as_the_view(seed, players):
    game_id = "saba-palast"
    phase = PALAST_SEEDS[(seed, players)]
    view, legal, to_act = palast_position(seed, players, phase)
    assert (view["phase"] if view["end"] is None else "end") == phase
    snap = snap_of(game_id, view, legal, to_act)
    motion = Motion(context())
    regions = palast_regions(motion)
    for region in regions.values():
        region.show(snap, True)
    table = Table.build(view["players"], snap.seat)
    sprites = Sprites(
        regions["harbour"].sprites, regions["quarters"].vizier, regions["display"].sprite
    )
    act = Controls(snap, table, sprites).build()
    for region in regions.values():
        if hasattr(region, "offer"):
            region.offer(act)
    cam = Camera(pygame.Rect(0, 0, *SIZE), table.size)
    hot = frozenset(t.key for t in act.loose)
    frame = TableFrame(cam, 0.3, hot, None, None, act, act.selected(hot, None))

    for name in ("garden", "column", "quarters", "trays"):
        assert changed(drawn(lambda s, r=regions[name]: r.draw_still(s, cam))) > 1000, name
    for name in ("harbour", "display", "quarters"):
        assert changed(drawn(lambda s, r=regions[name]: r.draw(s, frame))) > 0, name
    ring = changed(drawn(lambda s: regions["trays"].draw_turn_ring(s, frame)))
    assert ring > 0 if view["end"] is None else ring == 0
    assert changed(drawn(lambda s: regions["trays"].draw(s, frame))) > 0
    assert changed(drawn(lambda s: regions["steps"].draw(s, frame))) > 0
    dialog = changed(drawn(lambda s: regions["cues"].draw_dialog(s, frame)))
    assert dialog > SIZE[0] * SIZE[1] // 20 if phase == "return" else dialog == 0
    glows = changed(drawn(lambda s: regions["cues"].draw_glows(s, frame)))
    assert glows > 0 if act.loose or act.pieces else glows == 0
    assert changed(drawn(lambda s: regions["air"].draw(s, frame))) == 0
    motion.publish("fly", "token", "gold", (100.0, 100.0), (400.0, 400.0), 0.0, 40.0)
    motion.animator.update(0.1)
    assert changed(drawn(lambda s: regions["air"].draw(s, frame))) > 0
    assert changed(drawn(lambda s: regions["banner"].draw(s, frame))) == 0
    motion.publish("banner", "Game over", 0.0)
    motion.animator.update(0.5)
    assert changed(drawn(lambda s: regions["banner"].draw(s, frame))) > 0

    # The whole view, shown the same update, offers the same; a tap on each of its targets and
    # pieces is answered by the region that holds it as the table scene takes it.
    whole = the_view(context(), SabaPalastView(context()), view, legal, to_act)
    assert [t.move for t in whole.loose_targets()] == [t.move for t in act.loose]
    assert [p.key for p in whole.pieces()] == [p.key for p in act.pieces]
    if view["end"] is None:
        assert act.loose or act.pieces, "the seat to act has something to tap"
    owner = {kind: region for region in regions.values() for kind in getattr(region, "kinds", ())}
    taps = [(t.key[0], t.rect.center, t.move) for t in act.loose]
    taps += [
        (p.key[1][0] if p.key[0] == "warned" else p.key[0], p.rect.center, Choice(p.key))
        for p in act.pieces
    ]
    for kind, point, said in taps:
        assert whole.answer(point) == scene_answer(whole, point), kind
        if scene_answer(whole, point) == said:
            assert owner[kind].hit(point) == said, kind
    if phase == "return":
        assert regions["cues"].hit(DIALOG.center) is None or whole.answer(DIALOG.center)
    assert all(r.hit((-50.0, -50.0)) is None for r in regions.values())
