"""Tweens and the event timeline: time is passed in, so no display and no clock are needed."""

from client.ui.anim import (
    EASINGS,
    LAND_FADE,
    MOVE,
    SHAKE,
    Animator,
    Timeline,
    Tween,
    out_cubic,
    pulse,
)


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 10.0


def test_every_easing_starts_at_0_and_ends_at_1_except_shake_which_comes_back_to_rest():
    for name, ease in EASINGS.items():
        assert abs(ease(0.0)) < 1e-9, name
        assert abs(ease(1.0) - (0.0 if name == "shake" else 1.0)) < 1e-9, name


def test_a_tween_moves_attributes_with_ease_out_and_lands_exactly():
    thing = Thing()
    tween = Tween(thing, 0.4, "out_cubic", x=100.0)
    tween.update(0.2)
    assert abs(thing.x - 100 * out_cubic(0.5)) < 1e-6
    assert thing.x > 50  # ease-out: more than half way at half time
    tween.update(0.3)
    assert thing.x == 100.0 and tween.done


def test_a_tween_waits_for_its_delay_and_reads_start_values_when_it_begins():
    thing = Thing()
    tween = Tween(thing, 0.1, delay=0.2, y=20.0)
    tween.update(0.1)
    thing.y = 15.0  # changed before the tween starts: it starts from here
    tween.update(0.15)
    assert 15.0 < thing.y < 20.0
    tween.update(1)
    assert thing.y == 20.0


def test_tweens_work_on_dict_keys_and_call_on_finished_once():
    box = {"alpha": 0.0}
    calls = []
    animator = Animator()
    animator.animate(box, 0.2, alpha=255.0, on_finished=lambda: calls.append(1))
    for _ in range(20):
        animator.update(0.05)
    assert box["alpha"] == 255.0 and calls == [1] and not animator.busy


def test_a_new_tween_of_the_same_attribute_takes_over():
    thing = Thing()
    animator = Animator()
    animator.animate(thing, 1.0, x=100.0)
    animator.update(0.1)
    animator.animate(thing, 0.1, x=-5.0)
    animator.update(2.0)
    assert thing.x == -5.0


def test_a_shake_swings_and_returns_to_where_it_started():
    thing = Thing()
    animator = Animator()
    animator.animate(thing, 0.12, "shake", x=10.0)
    seen = []
    for _ in range(13):
        animator.update(0.01)
        seen.append(thing.x)
    assert max(seen) > 2 and min(seen) < -2
    assert thing.x == 0.0


def test_the_timeline_plays_steps_in_order_each_for_its_length():
    animator = Animator()
    timeline = Timeline(animator)
    played = []
    for name in "abc":
        timeline.add(lambda n=name: played.append(n) or 0.3)
    timeline.update(0.01)
    assert played == ["a"]
    timeline.update(0.3)
    assert played == ["a", "b"]
    timeline.update(0.3)
    assert played == ["a", "b", "c"]


def test_no_step_holds_the_queue_longer_than_400_ms():
    timeline = Timeline(Animator())
    played = []
    timeline.add(lambda: played.append(1) or 5.0)
    timeline.add(lambda: played.append(2) or 0.1)
    timeline.update(0.01)
    timeline.update(0.41)
    assert played == [1, 2]


def test_the_timeline_skips_ahead_when_events_arrive_faster_than_they_play():
    animator = Animator()
    timeline = Timeline(animator, backlog=4)
    thing = Thing()
    played = []
    for i in range(10):
        timeline.add(
            lambda i=i: played.append(i) or animator.animate(thing, 0.3, x=float(i)) and 0.3
        )
    timeline.update(0.01)
    assert played == list(range(10))
    assert thing.x == 9.0 and not animator.busy and timeline.idle


def test_highlights_pulse_between_0_and_1_over_1_2_seconds():
    assert pulse(0.0) == 0.0
    assert abs(pulse(0.6) - 1.0) < 1e-9
    assert abs(pulse(1.2)) < 1e-9


class Piece:
    def __init__(self) -> None:
        self.x, self.y, self.lift, self.scale, self.alpha = 0.0, 0.0, 0.0, 1.0, 255.0


def test_with_reduced_motion_a_move_jumps_to_its_place_and_fades_in_without_travelling():
    animator = Animator(reduce_motion=True)
    piece = Piece()
    landed = []
    animator.animate(piece, MOVE, x=100.0, y=50.0, on_finished=lambda: landed.append(1))
    seen = []
    for _ in range(10):
        animator.update(1 / 60)
        seen.append((piece.x, piece.y, piece.alpha))
    # Never between its two places: it is where it lands from the first frame.
    assert all((x, y) == (100.0, 50.0) for x, y, _ in seen)
    alphas = [a for _, _, a in seen]
    assert alphas[0] < 128 and alphas == sorted(alphas) and alphas[-1] == 255.0
    assert landed == [1] and not animator.busy
    assert LAND_FADE < MOVE


def test_with_reduced_motion_nothing_shakes_bounces_or_zooms():
    animator = Animator(reduce_motion=True)
    piece = Piece()
    banner = {"alpha": 0.0, "scale": 0.6}
    animator.animate(piece, SHAKE, "shake", x=12.0)
    animator.animate(piece, MOVE, "out_bounce", lift=1.0)
    animator.animate(banner, 0.35, "out_back", alpha=255.0, scale=1.0)
    xs, lifts, scales, alphas = [], [], [], []
    for _ in range(30):
        animator.update(1 / 60)
        xs.append(piece.x)
        lifts.append(piece.lift)
        scales.append(banner["scale"])
        alphas.append(banner["alpha"])
    assert set(xs) == {0.0}
    assert set(lifts) == {1.0}
    assert set(scales) == {1.0}
    # The banner still fades in, never overshooting.
    assert alphas[0] < 255.0 and max(alphas) == 255.0 and alphas == sorted(alphas)


def test_with_reduced_motion_a_thing_already_in_place_does_not_blink():
    animator = Animator(reduce_motion=True)
    piece = Piece()
    animator.animate(piece, MOVE, x=0.0, y=0.0)
    animator.update(1 / 60)
    assert piece.alpha == 255.0


def test_a_timeline_with_reduced_motion_lands_every_move_at_once_when_it_is_skipped():
    animator = Animator(reduce_motion=True)
    timeline = Timeline(animator, backlog=2)
    piece = Piece()
    for i in range(5):
        timeline.add(lambda i=i: animator.animate(piece, MOVE, x=float(i)) and MOVE)
    timeline.update(0.01)
    assert piece.x == 4.0 and piece.alpha == 255.0 and not animator.busy


def test_with_reduced_motion_la_magie_des_bijoux_moves_land_at_once_and_no_sprite_travels():
    """A stretch of a real game on La Magie des Bijoux's view: the pawn is only ever on a
    plaque, falling stones never between their start and their socket, and every move's
    pieces are in their places within a short time (one step of the timeline an event)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import random

    from client.tables.base import TableContext
    from client.tables.magie_des_bijoux.view import MagieDesBijouxView
    from shared.engine import get_game
    from shared.randomplay import random_step

    game = get_game("magie-des-bijoux")
    animator = Animator(reduce_motion=True)
    timeline = Timeline(animator)
    view = MagieDesBijouxView(TableContext(animator, timeline, None, ["A", "B", "C"]))
    state = game.new_game(7, 3)
    view.show(game.view(state, None), [], [], True)
    rng = random.Random(7)
    for _ in range(12):
        seat, move = random_step(game, state, rng)
        state, events = game.apply(state, seat, move)
        before = (view.pawn.sprite.x, view.pawn.sprite.y)
        view.show(game.view(state, None), [], game.view_events(events, None), False)
        places = {before}
        frames, landed = 0, None
        while not (timeline.idle and not animator.busy):
            timeline.update(1 / 60)
            animator.update(1 / 60)
            frames += 1
            places.add((view.pawn.sprite.x, view.pawn.sprite.y))
            home = (view.pawn.sprite.x, view.pawn.sprite.y) == view.pawn.sprite.home
            if landed is None and home and not timeline.queue and not view.plaques.flying:
                landed = frames
            for stone in view.plaques.flying.values():
                assert stone.sprite.y == stone.sprite.home[1], "a stone falls"
                assert stone.sprite.scale == 1.0, "a stone zooms"
        # At most the place it left and the place it landed on (a move step by step may
        # land on several, each at once).
        moved = sum(1 for e in events if e.get("type") in ("pawn_moved", "pawn_placed"))
        assert len(places) <= 1 + max(1, moved)
        # Banners and sparkles may still fade; the pieces are in their places by then.
        assert landed is not None and landed <= 60 * 0.45 * len(events), "a move lands late"
