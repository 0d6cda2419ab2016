"""The lessons (shared/lessons) replay on the current engine as real games: every move a step
accepts and every scripted move is legal where the script plays it, the learner is to move at
each step, and the script ends exactly when the game does. A rules change that breaks a lesson
fails here."""

from __future__ import annotations

import itertools

import pytest

from shared import engine, lessons, talk
from shared.lessons import FastForward, Progress, Scripted, Step

GAMES = lessons.available(engine.list_games())


def play(lesson: lessons.Lesson, choice: dict[int, int]) -> tuple[dict, list[dict]]:
    """Play the lesson to its end, taking at step k (0-based) its accepted move `choice[k]`
    (else the first); the final state and the learner's lesson messages."""
    game = engine.get_game(lesson.game)
    state = game.new_game(lesson.seed, lesson.players, lesson.options)
    progress = Progress(lesson)
    said = []
    step = 0
    fast = 0
    while progress.entry is not None:
        entry = progress.entry
        assert not game.is_over(state), f"the game ended before entry {progress.at}"
        acting = game.to_act(state)
        if isinstance(entry, FastForward):
            found = progress.fast_move(game, state)
            assert found is not None, f"the fast-forward {entry.name!r} found no move"
            seat_index, move, quiet = found
            assert quiet or move in game.legal_moves(state, seat_index)
            assert progress.refusal(lesson.learner, move) is not None, "the learner must wait"
            message = progress.message([], None, game.view(state, lesson.learner))
            assert message["watch"] and message["fast"] and message["words"] == entry.words
            state, _ = game.apply(state, seat_index, move)
            fast += 1
            assert fast < 2000, f"the fast-forward {entry.name!r} never ends"
        elif isinstance(entry, Step):
            assert lesson.learner in acting, f"step {step + 1}: {acting} to act"
            legal = game.legal_moves(state, lesson.learner)
            for move in entry.accept:
                assert move in legal, f"step {step + 1}: {move} is not legal"
            message = progress.message(legal, None, game.view(state, lesson.learner))
            assert message["lit"] and not message["watch"], f"step {step + 1} lights nothing"
            said.append(message)
            wrong = next((m for m in legal if m not in entry.accept), None)
            if wrong is not None:
                assert progress.refusal(lesson.learner, wrong) == entry.why_not
            move = entry.accept[choice.get(step, 0)]
            assert progress.refusal(lesson.learner, move) is None
            state, _ = game.apply(state, lesson.learner, move)
            step += 1
        else:
            assert isinstance(entry, Scripted)
            assert entry.seat in acting, f"entry {progress.at}: seat {entry.seat} is not to act"
            assert entry.seat != lesson.learner
            legal = game.legal_moves(state, entry.seat)
            move = progress.scripted(entry.seat, legal)
            assert move is not None, f"entry {progress.at}: no scripted move of {entry.moves} legal"
            assert progress.refusal(lesson.learner, move) is not None, "the learner must wait"
            state, _ = game.apply(state, entry.seat, move)
        progress.played(state)
    assert game.is_over(state), "the script ended before the game"
    final = game.view(state, lesson.learner)
    said.append(progress.message([], game.outcome(state), final))
    return state, said


@pytest.mark.parametrize("game_id", GAMES)
def test_every_lesson_replays_to_its_end_on_the_engine(game_id):
    lesson = lessons.lesson(game_id)
    assert lesson is not None and lesson.players >= 2 and lesson.names[lesson.learner] is None
    assert 8 <= lesson.steps <= 20, "a lesson is about ten minutes: 10–20 steps"
    _state, said = play(lesson, {})
    assert [m["step"] for m in said[:-1]] == list(range(1, lesson.steps + 1))
    end = said[-1]
    assert end["done"] and end["words"][-1] == lesson.finished_line and len(end["words"]) > 1


@pytest.mark.parametrize("game_id", GAMES)
def test_every_accepted_move_of_every_step_leads_to_the_end(game_id):
    """A step that accepts several moves: each of them (with the others' first choices, and
    all together where there are few) still plays the script to its end."""
    lesson = lessons.lesson(game_id)
    steps = [e for e in lesson.script if isinstance(e, Step)]
    several = [k for k, s in enumerate(steps) if len(s.accept) > 1]
    for k in several:
        for i in range(1, len(steps[k].accept)):
            play(lesson, {k: i})
    combos = list(itertools.product(*(range(len(steps[k].accept)) for k in several)))
    for combo in combos[:64]:
        play(lesson, dict(zip(several, combo, strict=True)))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lessons_words_are_lines_of_the_catalogs(game_id):
    """Every line a lesson says is a catalog line (context + English message id), its
    parameters all said: the clients translate it like the talk."""
    lesson = lessons.lesson(game_id)
    _state, said = play(lesson, {})
    lines = [line for m in said for line in talk.lines_of(m["words"])]
    lines += [entry.why_not for entry in lesson.script if isinstance(entry, Step)]
    assert lines
    for line in lines:
        assert line["c"] and line["m"]
        assert lessons.english(line)  # every {field} has its parameter


def test_a_move_the_step_does_not_teach_is_answered_with_the_steps_line():
    lesson = lessons.lesson("magie-des-bijoux")
    progress = Progress(lesson)
    first = lesson.script[0]
    assert progress.refusal(0, {"type": "place_pawn", "plaque": [0, 0]}) == first.why_not
    assert progress.refusal(1, first.accept[0]) is not None  # not the learner's seat
    assert "third row" in lessons.english(first.why_not)


def test_a_game_without_a_lesson_has_none():
    assert lessons.lesson("no-such-game") is None
    assert lessons.lesson("../engine") is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_replayed_from_its_moves_stands_where_it_was(game_id):
    """A restored lesson table finds its place in the script from the game's moves alone (a
    fast-forward's length is known only by playing it again), at every move of the game."""
    lesson = lessons.lesson(game_id)
    game = engine.get_game(lesson.game)
    state = game.new_game(lesson.seed, lesson.players, lesson.options)
    progress = Progress(lesson)
    moves = []
    while progress.entry is not None:
        entry = progress.entry
        if isinstance(entry, FastForward):
            seat_index, move, _quiet = progress.fast_move(game, state)
        elif isinstance(entry, Step):
            seat_index, move = lesson.learner, entry.accept[0]
        else:
            seat_index = entry.seat
            move = progress.scripted(seat_index, game.legal_moves(state, seat_index))
        state, _ = game.apply(state, seat_index, move)
        progress.played(state)
        moves.append((seat_index, move))
        if len(moves) % 17 == 0 or progress.entry is None:
            again = Progress.replayed(lesson, game, moves)
            assert (again.at, again.moves) == (progress.at, progress.moves)


def test_a_fast_forward_plays_the_same_moves_every_time():
    """The fast-forward's bot is seeded from the lesson's seed and the move's number: the same
    position each time, so the steps after it stay legal."""
    lesson = lessons.lesson("das-kollier")
    first, _ = play(lesson, {})
    again, _ = play(lesson, {})
    assert first == again
    assert any(isinstance(entry, FastForward) for entry in lesson.script)


def test_saba_palast_lessons_words_about_the_position_hold():
    """Saba – Palast's lesson says what the fast-forward leaves (5 ★ each, two treasury figures)
    and that the learner's column wins the game: true on the current engine and bots."""
    lesson = lessons.lesson("saba-palast")
    game = engine.get_game(lesson.game)
    state = game.new_game(lesson.seed, lesson.players, lesson.options)
    progress = Progress(lesson)
    seen = None
    while progress.entry is not None:
        entry = progress.entry
        if isinstance(entry, FastForward):
            seat_index, move, _quiet = progress.fast_move(game, state)
        elif isinstance(entry, Step):
            if entry.accept == [{"type": "harbour", "field": 4}]:
                seen = game.view(state, lesson.learner)
            seat_index, move = lesson.learner, entry.accept[0]
        else:
            seat_index = entry.seat
            move = progress.scripted(seat_index, game.legal_moves(state, seat_index))
        state, _ = game.apply(state, seat_index, move)
        progress.played(state)
    assert seen is not None and seen["points"] == [5, 5] and len(seen["treasury"]) == 2
    outcome = game.outcome(state)
    assert outcome["winners"] == [lesson.learner] and outcome["end"] == "palace_complete"
