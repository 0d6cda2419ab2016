"""Bots: legal moves only, whole games finished, and nothing read that the seat cannot see."""

from __future__ import annotations

import importlib
import random

import pytest

from shared.bots import LEVELS, make_bot, policy_for
from shared.bots.arena import play_match
from shared.engine import get_game, list_games
from shared.randomplay import random_step


def games_with_bots() -> list[str]:
    ids = []
    for game_id in list_games():
        try:
            policy_for(game_id)
        except KeyError:
            continue
        ids.append(game_id)
    return ids


def small_table(game_id: str) -> int:
    game = get_game(game_id)
    return max(game.min_players, min(3, game.max_players))


def perturb_of(game_id: str):
    """The game's own test of what is hidden (tests/test_<module>.py: `perturb_hidden`)."""
    module = importlib.import_module(f"tests.test_{game_id.replace('-', '_')}")
    return getattr(module, "perturb_hidden", None)


class CheckingBot:
    """Wraps a bot: every move it chooses must be among the legal moves it was given."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, view, legal):
        move = self.bot.choose(view, legal)
        assert move is None or move in legal, f"{self.bot.level} chose an illegal move {move}"
        return move

    def delay(self, view, move):
        return self.bot.delay(view, move)

    def observe(self, events):
        self.bot.observe(events)


@pytest.mark.parametrize("game_id", games_with_bots())
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_to_the_end(game_id, level):
    game = get_game(game_id)
    n = small_table(game_id)
    bots = [CheckingBot(make_bot(game, s, level, seed=s, budget_ms=20)) for s in range(n)]
    outcome = play_match(game, bots, seed=5)
    assert len(outcome["scores"]) == n


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="levels"):
        make_bot(get_game("magie-des-bijoux"), 0, "genius")


@pytest.mark.parametrize("game_id", games_with_bots())
@pytest.mark.parametrize("level", ["basic", "strong"])
def test_bots_decide_the_same_whatever_is_hidden_from_them(game_id, level):
    """Poison what the seat cannot see (the game test's `perturb_hidden`): same decisions."""
    game = get_game(game_id)
    perturb = perturb_of(game_id)
    n = small_table(game_id)
    rng = random.Random(3)
    state = game.new_game(11, n)
    checked = 0
    for _ in range(60):
        if game.is_over(state):
            break
        for seat in game.to_act(state):
            legal = game.legal_moves(state, seat)
            poisoned = perturb(game.copy_state(state), seat, rng) if perturb else None
            if poisoned is None or poisoned == state:
                continue
            choices = []
            for s in (state, poisoned):
                # A budget that never binds: exactly 20 iterations, whatever the clock says.
                bot = make_bot(game, seat, level, seed=7, budget_ms=60_000)
                if level == "strong":
                    bot.max_iterations = 20
                choices.append(bot.choose(game.view(s, seat), game.legal_moves(s, seat)))
            assert choices[0] == choices[1]
            assert choices[0] is None or choices[0] in legal
            checked += 1
        seat, move = random_step(game, state, rng)
        state, _ = game.apply(state, seat, move)
    if perturb is None:
        pytest.skip(f"{game_id} hides nothing from its players")
    assert checked > 0


@pytest.mark.parametrize("game_id", games_with_bots())
def test_determinize_agrees_with_the_view(game_id):
    """An imagined state looks, from the seat, exactly like the real one."""
    game = get_game(game_id)
    policy = policy_for(game_id)
    rng = random.Random(1)
    state = game.new_game(4, small_table(game_id))
    for _ in range(40):
        if game.is_over(state):
            break
        for seat in game.to_act(state):
            view = game.view(state, seat)
            imagined = policy.determinize(view, rng)
            assert game.view(imagined, seat) == view
            assert game.legal_moves(imagined, seat) == game.legal_moves(state, seat)
        seat, move = random_step(game, state, rng)
        state, _ = game.apply(state, seat, move)
