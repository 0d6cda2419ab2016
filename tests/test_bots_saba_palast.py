"""Saba – Palast der Königin bots: what they imagine, and their rules of thumb."""

from __future__ import annotations

import random
from collections import Counter

from shared.bots import make_bot
from shared.bots.saba_palast import POLICY
from shared.bots.saba_palast.basic import basic, harbour_choices, harbour_score
from shared.bots.saba_palast.evaluation import evaluate
from shared.bots.saba_palast.hidden import determinize
from shared.bots.saba_palast.search import HARBOUR_CHOICES, follow, playout, root_choices
from shared.engine import get_game
from shared.games.saba_palast.data import ACTION_CARDS_PER_MATERIAL, CARDS, FIGURES, MATERIALS
from shared.randomplay import random_step
from tests.test_saba_palast import (
    at,
    build_ready,
    clear_stock,
    give,
    leader_in_two_quarters,
    new,
    set_display,
    set_harbour,
)

GAME = get_game("saba-palast")
BLUE, RED, YELLOW = 0, 1, 2


def positions(seed: int, moves: int, players: int = 3):
    """Seat-to-move states along a random game."""
    rng = random.Random(seed)
    state = GAME.new_game(seed, players)
    for _ in range(moves):
        if GAME.is_over(state):
            return
        yield state
        seat, move = random_step(GAME, state, rng)
        state, _ = GAME.apply(state, seat, move)


def kind(card: str) -> object:
    """A palace card's level, else the card itself (treasury and end cards)."""
    return CARDS[card].get("level", card)


def decide(state: dict, seat: int = BLUE) -> dict:
    return basic(GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(1))


def test_the_imagined_palace_deck_keeps_the_decks_layout():
    rng = random.Random(2)
    for state in positions(4, 400):
        seat = GAME.to_act(state)[0]
        deck = determinize(GAME.view(state, seat), rng)["deck"]
        assert len(deck) == len(state["deck"])
        for i, (real, imagined) in enumerate(zip(state["deck"], deck, strict=True)):
            # Only among the bottom four do level-3 cards and the end card mix.
            bottom = len(deck) - i <= 4 and {kind(real), kind(imagined)} <= {3, "end"}
            assert bottom or kind(real) == kind(imagined)
        assert not set(deck) & {c for c in state["display"] if c}


def test_the_imagined_action_cards_are_the_twenty_less_the_own_hand():
    rng = random.Random(3)
    for state in positions(5, 300):
        seat = GAME.to_act(state)[0]
        imagined = determinize(GAME.view(state, seat), rng)
        every = Counter(imagined["action_deck"] + imagined["discard"])
        for hand in imagined["hands"]:
            every.update(hand)
        assert every == {m: ACTION_CARDS_PER_MATERIAL for m in MATERIALS}
        assert imagined["hands"][seat] == state["hands"][seat]


def test_basic_sends_another_figure_home_rather_than_taking_an_empty_balcony():
    state = build_ready()
    set_display(state, ["arch-1", "fountain-2", "arch-3"])
    state["garden"][1] = {"levels": [1], "figure": RED, "material": None}
    state["figures"][RED] -= 1
    assert decide(state) == {"type": "build", "card": "fountain-2"}


def lacking_alabaster() -> dict:
    """Blue could build column 1 but for one alabaster, which its action card gives."""
    state = build_ready()
    clear_stock(state, BLUE)
    give(state, BLUE, alabaster=1, sandstone=1, ebony=1)
    state["hands"][BLUE] = ["alabaster"]
    set_display(state, ["column-1", "arch-5", "arch-3"])
    return state


def test_basic_plays_the_action_card_its_build_lacks():
    state = lacking_alabaster()
    assert decide(state) == {"type": "play_card", "card": "alabaster"}


def test_basic_fulfils_a_treasury_card_only_when_its_figure_is_ours():
    state = build_ready()
    set_display(state, ["treasury-1", "arch-5", "arch-3"])
    state["step"]["built"] = True
    state["garden"][0] = {"levels": [1], "figure": BLUE, "material": None}
    assert decide(state) == {"type": "fulfil", "card": "treasury-1"}
    state["garden"][1] = {"levels": [1], "figure": RED, "material": None}
    state["garden"][2] = {"levels": [1], "figure": RED, "material": None}
    assert decide(state) == {"type": "pass"}


def test_basic_fulfils_the_end_card_when_it_wins():
    state = build_ready()
    give(state, BLUE, alabaster=1, sandstone=1, ebony=1)
    set_display(state, ["end", "arch-2", "arch-3"])
    state["garden"][5] = {"levels": [1], "figure": BLUE, "material": None}
    assert decide(state) == {"type": "fulfil", "card": "end"}
    state["garden"][6] = {"levels": [1], "figure": RED, "material": None}
    state["garden"][7] = {"levels": [1], "figure": RED, "material": None}
    assert decide(state).get("card") != "end"


def test_basic_gives_back_what_the_displayed_cards_need_least():
    state = at(new(), "return")
    clear_stock(state, BLUE)
    give(state, BLUE, alabaster=4, ebony=4)
    set_display(state, ["arch-1", "arch-3", "fountain-1"])
    assert decide(state) == {"type": "return_material", "material": "ebony"}


def test_evaluate_gives_a_finished_game_to_its_winners():
    state = build_ready()
    give(state, BLUE, alabaster=1, sandstone=1, ebony=1)
    set_display(state, ["end", "arch-2", "arch-3"])
    state["garden"][5] = {"levels": [1], "figure": RED, "material": None}
    over, _ = GAME.apply(state, BLUE, {"type": "fulfil", "card": "end"})
    assert evaluate(over) == [0.0, 1.0, 0.0]
    assert POLICY.evaluate is evaluate
    assert all(0 <= v <= 1 for v in evaluate(state))


def test_bots_send_a_waiting_figure_from_the_default_quarter():
    # Red leads the treasury scoring with an empty supply and figures in two quarters: bots
    # and stand-ins answer with the default, the vizier's quarter first.
    state = leader_in_two_quarters()
    state["vizier"] = "carpenter"
    state, _ = GAME.apply(state, BLUE, {"type": "fulfil", "card": "treasury-1"})
    default = {"type": "send_figure", "quarter": "carpenter"}
    assert decide(state, RED) == default
    legal = GAME.legal_moves(state, RED)
    assert root_choices(GAME.view(state, RED), legal, random.Random(1)) == [[default]]
    strong = make_bot(GAME, RED, "strong", seed=1, budget_ms=30)
    assert strong.choose(GAME.view(state, RED), legal) == default


def test_basic_takes_a_balcony_figure_from_a_quarter_before_building_without_one():
    state = build_ready()
    state["figures"][BLUE] = 0
    state["quarters"]["mason"] = [BLUE] * FIGURES
    set_display(state, ["arch-1", "fountain-2", "arch-3"])
    state["garden"][1] = {"levels": [1], "figure": RED, "material": None}
    state["figures"][RED] -= 1
    assert decide(state) == {"type": "build", "card": "fountain-2", "from_quarter": "mason"}


def test_basic_declines_the_viziers_material_only_when_the_stock_is_full():
    state = new()
    clear_stock(state, BLUE)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    move = decide(state)
    assert not move.get("decline")
    give(state, BLUE, alabaster=2, ebony=3)  # 5 now, 8 after field 3: one too many
    legal = [m for m in GAME.legal_moves(state, BLUE) if m.get("vizier") == "stonemason"]
    view, rng = GAME.view(state, BLUE), random.Random(1)
    take, decline = legal
    assert harbour_score(view, BLUE, decline, rng) > harbour_score(view, BLUE, take, rng)


def test_the_search_weighs_declining_the_vizier_only_where_it_can_pay():
    state = new()
    clear_stock(state, BLUE)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    legal = GAME.legal_moves(state, BLUE)
    assert any(m.get("decline") for m in legal)
    assert not any(m.get("decline") for m in harbour_choices(state, BLUE, legal))
    give(state, BLUE, alabaster=2, ebony=3)
    kept = harbour_choices(state, BLUE, GAME.legal_moves(state, BLUE))
    declined = {m["vizier"] for m in kept if m.get("decline")}
    assert {"stonemason", "mason", "carpenter", "goldsmith"} <= declined


def test_the_search_weighs_the_rules_of_thumbs_move_first_among_a_few_legal_ones():
    searched = set()
    for state in positions(6, 300):
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
        ways = root_choices(view, legal, random.Random(1))
        assert ways[0][0] == basic(view, legal, random.Random(1))
        assert all(way[0] in legal for way in ways)
        assert len({str(way) for way in ways}) == len(ways)
        if len(ways) > 1:
            searched.add(state["phase"])
            assert state["phase"] in ("harbour", "build", "quarter")
        if state["phase"] == "harbour":
            assert len(ways) <= HARBOUR_CHOICES
    assert searched == {"harbour", "build", "quarter"}


def test_a_way_naming_a_card_builds_it_as_basic_would():
    state = lacking_alabaster()
    view, legal = GAME.view(state, BLUE), GAME.legal_moves(state, BLUE)
    way = next(w for w in root_choices(view, legal, random.Random(1)) if "column-1" in w)
    assert way == [{"type": "play_card", "card": "alabaster"}, "column-1"]
    after = follow(state, BLUE, way)
    assert after["garden"][0]["levels"][-1] == 3
    assert after["garden"][0]["figure"] == BLUE


def test_a_playout_ends_after_its_turns_or_with_the_game():
    for state in positions(7, 200, players=4):
        if state["phase"] != "harbour":
            continue
        after = playout(determinize(GAME.view(state, state["turn"]), random.Random(2)), 2)
        assert GAME.is_over(after) or (
            after["turn"] == (state["turn"] + 2) % 4 and after["phase"] == "harbour"
        )
