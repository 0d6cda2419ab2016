"""Saba – Palast der Königin: one test per rule, then the shared random-game kit."""

from __future__ import annotations

import random

import pytest

from shared.engine import IllegalMove, OptionError, get_game
from shared.games.saba_palast.data import (
    CARDS,
    FIGURES,
    HARBOUR_CAPACITY,
    MATERIAL_COUNT,
    MATERIALS,
    PALACE_CARDS_BY_LEVEL,
    PALACE_COSTS,
    QUARTERS,
    SERAIL_MARKERS,
    parse_cost,
)
from shared.games.saba_palast.scoring import points, serail_leader
from tests import kit

GAME = get_game("saba-palast")
BLUE, RED, YELLOW = 0, 1, 2


def new(players: int = 3, first: int = 0, profi: bool = False, seed: int = 1) -> dict:
    return GAME.new_game(seed, players, {"first_seat": first, "profi": profi})


def play(state: dict, seat: int, kind: str, **fields) -> tuple[dict, list]:
    return GAME.apply(state, seat, {"type": kind, **fields})


def give(state: dict, seat: int, **materials: int) -> None:
    """Move materials from the supply to the seat's stock."""
    for material, count in materials.items():
        assert state["supply"][material] >= count
        state["supply"][material] -= count
        state["stocks"][seat][material] += count


def clear_stock(state: dict, seat: int) -> None:
    for material in MATERIALS:
        state["supply"][material] += state["stocks"][seat][material]
        state["stocks"][seat][material] = 0


def set_harbour(state: dict, fields: list[tuple[str, int]]) -> None:
    """Lay the harbour out as (material, count) for fields 1–4, through the supply."""
    for slot in state["harbour"]:
        state["supply"][slot["material"]] += slot["count"]
    state["harbour"] = [{"material": m, "count": n} for m, n in fields]
    for material, count in fields:
        state["supply"][material] -= count


def set_display(state: dict, cards: list[str | None], deck: list[str] | None = None) -> None:
    """Put `cards` on building fields 1–3; the other unseen cards stay in the deck (in order),
    unless `deck` names it exactly."""
    unseen = [c for c in [*state["display"], *state["deck"]] if c]
    rest = [c for c in unseen if c not in cards]
    state["display"] = list(cards)
    state["deck"] = rest if deck is None else deck


def at(state: dict, phase: str) -> dict:
    state["phase"] = phase
    return state


def build_ready(players: int = 3, seat: int = 0, profi: bool = False) -> dict:
    """Seat `seat` to move in its build step, with plenty of materials and a known display."""
    state = new(players, first=seat, profi=profi)
    clear_stock(state, seat)
    give(state, seat, alabaster=3, sandstone=3, ebony=3, gold=3)
    set_display(state, ["arch-1", "arch-2", "arch-3"])
    return at(state, "build")


def types(events: list) -> list[str]:
    return [e["type"] for e in events]


# ---------------------------------------------------------------------- material and setup


def test_card_data_one_card_per_garden_field_and_level_each_level_costs_one_more():
    for field, costs in PALACE_COSTS.items():
        for level in range(1, len(costs) + 1):
            card = CARDS[f"{('arch', 'fountain', 'column')[level - 1]}-{field}"]
            assert (card["level"], card["field"]) == (level, field)
            assert sum(card["cost"].values()) == level + 1
            assert "gold" not in card["cost"]
    assert len([c for c in CARDS.values() if c["kind"] == "palace"]) == 24
    assert CARDS["treasury-1"]["cost"] == parse_cost("ASE")
    assert CARDS["treasury-2"]["cost"] == parse_cost("ASEG")
    assert CARDS["end"]["cost"] == parse_cost("AASSEE")


def test_two_to_four_players_and_a_profi_option():
    for players in (2, 3, 4):
        assert GAME.new_game(1, players)["options"]["profi"] is False
    for players in (1, 5):
        with pytest.raises(OptionError, match="2–4 players"):
            GAME.new_game(1, players)
    with pytest.raises(OptionError, match="true or false"):
        GAME.new_game(1, 3, {"profi": "yes"})


def test_the_supply_holds_fifteen_of_each_material():
    state = new(4)
    invariants(state)
    for material in MATERIALS:
        held = sum(s[material] for s in state["stocks"])
        harbour = sum(h["count"] for h in state["harbour"] if h["material"] == material)
        assert state["supply"][material] + held + harbour == MATERIAL_COUNT


def test_start_player_gets_nothing_the_next_one_and_the_third_and_fourth_two_alike():
    state = new(4, first=2, seed=11)
    stocks = state["stocks"]
    assert sum(stocks[2].values()) == 0
    assert sum(stocks[3].values()) == 1
    for seat in (0, 1):
        assert sorted(stocks[seat].values()) == [0, 0, 0, 2]
    kinds = [next(m for m in MATERIALS if stocks[s][m]) for s in (3, 0, 1)]
    assert len(set(kinds)) == 3  # one of each type handed out, the fourth returned


def test_each_harbour_field_gets_its_own_type_filled_to_capacity():
    state = new(3)
    assert sorted(h["material"] for h in state["harbour"]) == sorted(MATERIALS)
    assert [h["count"] for h in state["harbour"]] == list(HARBOUR_CAPACITY)


def test_palace_deck_order_levels_treasuries_and_the_end_card_among_the_last_three():
    for seed in range(20):
        state = GAME.new_game(seed, 3)
        deck = state["display"] + state["deck"]
        assert len(deck) == 27
        assert sorted(deck[:8]) == sorted(PALACE_CARDS_BY_LEVEL[1])
        assert deck[8] == "treasury-1"
        assert sorted(deck[9:17]) == sorted(PALACE_CARDS_BY_LEVEL[2])
        assert deck[17] == "treasury-2"
        assert sorted(c for c in deck[18:] if c != "end") == sorted(PALACE_CARDS_BY_LEVEL[3])
        assert "end" in deck[23:]  # shuffled in with the last three level-3 cards


def test_the_end_card_can_lie_anywhere_among_the_bottom_four():
    spots = {(GAME.new_game(seed, 3)["deck"]).index("end") for seed in range(60)}
    assert spots == {20, 21, 22, 23}


def test_three_cards_are_turned_onto_the_building_fields():
    state = new(3)
    assert len(state["display"]) == 3
    assert all(CARDS[c]["level"] == 1 for c in state["display"])
    assert len(state["deck"]) == 24


def test_figures_markers_harbour_cards_and_vizier_at_the_start():
    state = new(4)
    assert state["figures"] == [FIGURES] * 4
    assert state["markers"] == [SERAIL_MARKERS] * 4
    assert state["harbour_cards"] == [{"X": "front", "Y": "front"}] * 4
    assert state["vizier"] == "bazaar"
    assert state["hands"] == [[], [], [], []]
    assert len(state["action_deck"]) == 20


@pytest.mark.parametrize(("players", "spaces"), [(2, 4), (3, 5), (4, 6)])
def test_serail_spaces_in_use_depend_on_the_player_count(players, spaces):
    assert new(players)["serail_spaces"] == spaces


# ---------------------------------------------------------------------- the turn


def test_a_turn_runs_harbour_build_quarter_draw_and_an_explicit_end():
    state = new(3, first=1)
    clear_stock(state, 1)
    give(state, 1, alabaster=2, gold=1)
    set_display(state, ["arch-1", "arch-2", "arch-3"])
    assert GAME.to_act(state) == [1]
    state, _ = play(state, 1, "harbour", field=1)
    assert state["phase"] == "build"
    state, _ = play(state, 1, "build", card="arch-1")
    assert state["phase"] == "quarter"
    state, _ = play(state, 1, "place_figure", quarter="mason")
    assert state["phase"] == "draw"
    state, _ = play(state, 1, "draw")
    assert state["phase"] == "finish"
    state, events = play(state, 1, "end_turn")
    assert state["turn"] == 2 and state["phase"] == "harbour"
    assert events[-1] == {"type": "turn_started", "seat": 2}


def test_the_harbour_is_a_must_before_building():
    state = new(3)
    with pytest.raises(IllegalMove, match="harbour"):
        play(state, 0, "build", card=state["display"][0])
    with pytest.raises(IllegalMove, match="harbour"):
        play(state, 0, "pass")
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"harbour"}


def test_building_is_optional_and_passing_skips_the_quarter():
    state = build_ready()
    state, _ = play(state, 0, "pass")
    assert state["phase"] == "draw"
    with pytest.raises(IllegalMove, match="draw an action card"):
        play(state, 0, "place_figure", quarter="mason")


def test_a_quarter_only_after_building_a_palace_part_not_after_a_treasury_card():
    state = build_ready()
    set_display(state, ["treasury-1", "arch-2", "arch-3"])
    state, _ = play(state, 0, "fulfil", card="treasury-1")
    assert state["phase"] == "build"  # a palace part may still be built
    state, _ = play(state, 0, "pass")
    assert state["phase"] == "draw"


def test_drawing_an_action_card_is_a_must_before_ending_the_turn():
    state = at(new(3), "draw")
    with pytest.raises(IllegalMove, match="draw an action card"):
        play(state, 0, "end_turn")
    state, events = play(state, 0, "draw")
    assert len(state["hands"][0]) == 1
    assert types(events) == ["card_drawn"]


def test_free_actions_at_any_point_of_the_own_turn_only():
    state = new(3)
    state["hands"][0] = ["gold", "gold"]
    state["action_deck"].remove("gold")
    state["action_deck"].remove("gold")
    state["quarters"]["goldsmith"] = [0]
    state["figures"][0] -= 1
    gold = state["stocks"][0]["gold"]
    state, _ = play(state, 0, "play_card", card="gold")  # before the harbour
    state, _ = play(state, 0, "harbour", field=1)
    state = at(state, "finish")
    state, _ = play(state, 0, "use_quarter", quarter="goldsmith")  # after drawing
    state, _ = play(state, 0, "play_card", card="gold")
    assert state["stocks"][0]["gold"] >= gold + 3
    with pytest.raises(IllegalMove, match="turn"):
        play(state, 1, "play_card", card="gold")


def test_end_of_turn_limits_three_cards_seven_materials_player_chooses_what_to_return():
    state = at(new(3), "finish")
    clear_stock(state, 0)
    give(state, 0, alabaster=5, gold=4)
    state["hands"][0] = ["ebony", "gold", "gold", "sandstone"]
    for card in state["hands"][0]:
        state["action_deck"].remove(card)
    state, events = play(state, 0, "end_turn")
    assert state["phase"] == "return" and state["turn"] == 0
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"return_material", "discard_card"}
    with pytest.raises(IllegalMove, match="ending"):
        play(state, 0, "play_card", card="gold")
    state, events = play(state, 0, "return_material", material="gold")
    assert events == [{"type": "material_returned", "seat": 0, "material": "gold"}]
    state, _ = play(state, 0, "discard_card", card="gold")
    with pytest.raises(IllegalMove, match="no more than 3 cards"):
        play(state, 0, "discard_card", card="ebony")
    state, events = play(state, 0, "return_material", material="alabaster")
    assert state["stocks"][0] == {"alabaster": 4, "sandstone": 0, "ebony": 0, "gold": 3}
    assert state["hands"][0] == ["ebony", "gold", "sandstone"]
    assert state["turn"] == 1 and types(events)[-1] == "turn_started"


def test_a_turn_within_the_limits_ends_at_once():
    state = at(new(3), "finish")
    state, _ = play(state, 0, "end_turn")
    assert state["turn"] == 1


# ---------------------------------------------------------------------- the harbour


def test_harbour_cards_show_fields_1_and_3_and_turn_after_use():
    state = new(3)
    assert sorted(GAME.view(state, None)["harbour_fields"][0]) == [1, 3]
    with pytest.raises(IllegalMove, match="fields 1 and 3, not field 4"):
        play(state, 0, "harbour", field=4)
    state, _ = play(state, 0, "harbour", field=1)
    assert state["harbour_cards"][0] == {"X": "back", "Y": "front"}
    assert sorted(GAME.view(state, None)["harbour_fields"][0]) == [3, 4]
    state = at(state, "harbour")
    state, _ = play(state, 0, "harbour", field=4)
    assert state["harbour_cards"][0] == {"X": "front", "Y": "front"}


def test_harbour_field_1_takes_two_and_draws_an_action_card():
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    before = state["stocks"][0]["gold"]
    state, events = play(state, 0, "harbour", field=1)
    assert state["stocks"][0]["gold"] == before + 2
    assert len(state["hands"][0]) == 1
    assert "card_drawn" in types(events)


def test_harbour_field_2_takes_two_and_removes_a_displayed_palace_card():
    state = new(3)
    state["harbour_cards"][0]["Y"] = "back"
    set_display(state, ["treasury-1", "arch-5", "fountain-2"])
    with pytest.raises(IllegalMove, match="arch-5, fountain-2"):
        play(state, 0, "harbour", field=2, remove="treasury-1")
    with pytest.raises(IllegalMove, match="name one"):
        play(state, 0, "harbour", field=2)
    top = state["deck"][0]
    state, events = play(state, 0, "harbour", field=2, remove="arch-5")
    assert state["display"] == ["treasury-1", "fountain-2", top]
    assert {"type": "card_left", "card": "arch-5", "reason": "removed"} in events
    assert state["stocks"][0]  # materials taken as well
    assert state["harbour_cards"][0]["Y"] == "front"


def test_harbour_field_2_may_be_taken_when_no_palace_card_can_be_removed():
    state = new(3)
    state["harbour_cards"][0]["Y"] = "back"
    set_display(state, ["treasury-2", "end", None], deck=[])
    assert {"type": "harbour", "field": 2} in GAME.legal_moves(state, 0)
    state, _ = play(state, 0, "harbour", field=2)
    assert state["display"] == ["treasury-2", "end", None]


def test_harbour_field_3_takes_three_and_moves_the_vizier_with_its_action_at_once():
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    clear_stock(state, 0)
    with pytest.raises(IllegalMove, match="already stands on the bazaar"):
        play(state, 0, "harbour", field=3, vizier="bazaar")
    state, events = play(state, 0, "harbour", field=3, vizier="goldsmith")
    assert state["vizier"] == "goldsmith"
    assert state["stocks"][0] == {"alabaster": 0, "sandstone": 3, "ebony": 0, "gold": 1}
    assert {"type": "vizier_moved", "seat": 0, "from": "bazaar", "to": "goldsmith"} in events


def test_the_viziers_action_takes_only_what_the_supply_holds():
    state = new(3)
    give(state, 1, gold=state["supply"]["gold"])
    state, events = play(state, 0, "harbour", field=3, vizier="goldsmith")
    assert events[-1]["count"] == 0  # allowed, but nothing to take
    state["vizier"] = "bazaar"
    state["quarters"]["goldsmith"] = [0]
    with pytest.raises(IllegalMove, match="no gold any more"):
        play(state, 0, "use_quarter", quarter="goldsmith")


def test_the_vizier_swap_is_named_or_declined_when_one_is_possible():
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    clear_stock(state, 0)
    with pytest.raises(IllegalMove, match="give sandstone, take gold.*or decline"):
        play(state, 0, "harbour", field=3, vizier="exchange")
    swapped, _ = play(
        state, 0, "harbour", field=3, vizier="exchange", give="sandstone", take="gold"
    )
    assert swapped["stocks"][0] == {"alabaster": 0, "sandstone": 2, "ebony": 0, "gold": 1}


def test_the_viziers_swap_may_be_declined():
    # Audit decision 6: the quarter's action is a permission; the vizier still moves.
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    clear_stock(state, 0)
    decline = {"type": "harbour", "field": 3, "vizier": "bazaar", "decline": True}
    state["vizier"] = "exchange"
    assert decline in GAME.legal_moves(state, 0)
    state, events = GAME.apply(state, 0, decline)
    assert state["vizier"] == "bazaar"
    assert state["stocks"][0] == {"alabaster": 0, "sandstone": 3, "ebony": 0, "gold": 0}
    assert events[-1] == {
        "type": "quarter_action",
        "seat": 0,
        "quarter": "bazaar",
        "vizier": True,
        "declined": True,
    }


def test_the_viziers_free_material_may_be_declined():
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    clear_stock(state, 0)
    legal = GAME.legal_moves(state, 0)
    for quarter in ("stonemason", "mason", "carpenter", "goldsmith"):
        assert {"type": "harbour", "field": 3, "vizier": quarter} in legal
        assert {"type": "harbour", "field": 3, "vizier": quarter, "decline": True} in legal
    supply = dict(state["supply"])
    state, _ = play(state, 0, "harbour", field=3, vizier="goldsmith", decline=True)
    assert state["stocks"][0] == {"alabaster": 0, "sandstone": 3, "ebony": 0, "gold": 0}
    assert state["supply"]["gold"] == supply["gold"]


def test_declining_the_viziers_action_is_said_once_and_only_on_field_3():
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    state["vizier"] = "mason"
    with pytest.raises(IllegalMove, match="not both"):
        play(state, 0, "harbour", field=3, vizier="bazaar", decline=True, give="sandstone",
             take="ebony")  # fmt: skip
    with pytest.raises(IllegalMove, match="true or left out"):
        play(state, 0, "harbour", field=3, vizier="goldsmith", decline="yes")
    with pytest.raises(IllegalMove, match="harbour field 3 only"):
        play(state, 0, "harbour", field=1, decline=True)


def test_harbour_field_4_takes_four_and_nothing_more():
    state = new(3)
    state["harbour_cards"][0]["X"] = "back"
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    clear_stock(state, 0)
    state, events = play(state, 0, "harbour", field=4)
    assert state["stocks"][0]["ebony"] == 4
    assert types(events) == ["harbour_taken", "harbour_refilled"]


def test_harbour_refill_example_two_alabaster_and_two_gold_move_up():
    # Before: field 1 two gold, field 2 two alabaster, field 3 three sandstone, field 4 four
    # ebony. The player takes the sandstone; gold and alabaster move one field on, alabaster is
    # topped up to three, the ebony stays, field 1 restarts with two sandstone.
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    state, _ = play(state, 0, "harbour", field=3, vizier="mason")
    assert state["harbour"] == [
        {"material": "sandstone", "count": 2},
        {"material": "gold", "count": 2},
        {"material": "alabaster", "count": 3},
        {"material": "ebony", "count": 4},
    ]
    invariants(state)


def test_the_harbour_is_refilled_only_as_far_as_the_supply_holds():
    state = new(3)
    set_harbour(state, [("gold", 2), ("alabaster", 2), ("sandstone", 3), ("ebony", 4)])
    give(state, 1, alabaster=state["supply"]["alabaster"], sandstone=state["supply"]["sandstone"])
    state, _ = play(state, 0, "harbour", field=3, vizier="mason")
    assert state["harbour"][0] == {"material": "sandstone", "count": 0}
    assert state["harbour"][2] == {"material": "alabaster", "count": 2}
    state = at(state, "harbour")
    state["turn"] = 1
    state, events = play(state, 1, "harbour", field=1)
    assert events[0]["count"] == 0  # an empty field may still be taken


# ---------------------------------------------------------------------- building


def test_building_pays_the_cost_plus_the_building_fields_surcharge_of_0_1_2_gold():
    for slot, surcharge in enumerate((0, 1, 2)):
        state = build_ready()
        card = state["display"][slot]
        before = dict(state["stocks"][0])
        state, events = play(state, 0, "build", card=card)
        cost = {**CARDS[card]["cost"]}
        if surcharge:
            cost["gold"] = surcharge
        assert events[0]["cost"] == cost
        for material in MATERIALS:
            assert state["stocks"][0][material] == before[material] - cost.get(material, 0)


def test_building_without_the_materials_is_refused_with_the_cost():
    state = build_ready()
    clear_stock(state, 0)
    give(state, 0, sandstone=2)
    with pytest.raises(IllegalMove, match="arch-2 costs 2 sandstone, 1 gold here"):
        play(state, 0, "build", card="arch-2")


def test_the_part_goes_on_its_garden_field_and_the_builder_on_its_balcony():
    state = build_ready()
    state, events = play(state, 0, "build", card="arch-3")
    field = state["garden"][2]
    assert field["levels"] == [1] and field["figure"] == 0
    assert state["figures"][0] == FIGURES - 1
    assert {"type": "card_left", "card": "arch-3", "reason": "built"} in events


def test_only_one_palace_part_per_turn():
    state = build_ready()
    set_display(state, ["arch-1", "treasury-1", "arch-3"])
    state, _ = play(state, 0, "build", card="arch-1")
    assert state["phase"] == "build"  # the treasury card may still be fulfilled
    with pytest.raises(IllegalMove, match="already built"):
        play(state, 0, "build", card="arch-3")


def test_cards_slide_toward_field_1_and_the_deck_fills_field_3():
    state = build_ready()
    top = state["deck"][0]
    state, events = play(state, 0, "build", card="arch-1")
    assert state["display"] == ["arch-2", "arch-3", top]
    assert {"type": "card_revealed", "card": top} in events


def test_a_higher_level_returns_the_figure_and_its_owner_puts_a_serail_marker():
    state = build_ready()
    state["garden"][0] = {"levels": [1], "figure": RED, "material": None}
    state["figures"][RED] -= 1
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, events = play(state, 0, "build", card="fountain-1")
    assert state["garden"][0] == {"levels": [1, 2], "figure": BLUE, "material": None}
    assert state["figures"][RED] == FIGURES
    assert state["serail"] == [RED] and state["markers"][RED] == SERAIL_MARKERS - 1
    assert {"type": "figure_returned", "seat": RED, "field": 1} in events


def test_replacing_ones_own_figure_returns_it_and_earns_a_marker_too():
    state = build_ready()
    state["garden"][0] = {"levels": [1], "figure": BLUE, "material": None}
    state["figures"][BLUE] = 0
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, _ = play(state, 0, "build", card="fountain-1")
    assert state["garden"][0]["figure"] == BLUE
    assert state["figures"][BLUE] == 0
    assert state["serail"] == [BLUE]


def test_a_lower_level_is_never_built_over_a_higher_one_such_cards_leave_at_once():
    state = build_ready()
    state["garden"][1]["levels"] = [2]
    set_display(state, ["column-1", "arch-1", "arch-3"], deck=["arch-2", "arch-4", "arch-5"])
    state["garden"][0]["levels"] = []
    # Building the column on field 1 makes the arch of field 1 useless; the arch of field 2
    # turned up next is useless already: both leave at once.
    give(state, 0, alabaster=1)
    state, events = play(state, 0, "build", card="column-1")
    assert state["display"] == ["arch-3", "arch-4", "arch-5"]
    left = [(e["card"], e["reason"]) for e in events if e["type"] == "card_left"]
    assert left == [("column-1", "built"), ("arch-1", "obsolete"), ("arch-2", "obsolete")]
    invariants(state)


def test_the_balcony_figure_comes_from_a_quarter_when_the_supply_is_empty():
    state = build_ready()
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0]
    state["quarters"]["bazaar"] = [0]
    with pytest.raises(IllegalMove, match="mason, bazaar"):
        play(state, 0, "build", card="arch-3")
    state, _ = play(state, 0, "build", card="arch-3", from_quarter="mason")
    assert state["quarters"]["mason"] == []
    assert state["garden"][2]["figure"] == 0


def test_with_no_figure_anywhere_the_part_is_built_without_a_figure():
    state = build_ready()
    state["figures"][0] = 0
    state, events = play(state, 0, "build", card="arch-3")
    assert state["garden"][2] == {"levels": [1], "figure": None, "material": None}
    assert {"type": "balcony", "seat": None, "field": 3, "from_quarter": None} in events


def test_with_an_empty_supply_the_builder_may_also_place_no_figure():
    # Audit decision 5: "darf … nehmen" — a quarter of his choice, or no figure at all.
    state = build_ready()
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0]
    state["quarters"]["bazaar"] = [0]
    builds = [
        m for m in GAME.legal_moves(state, 0) if m["type"] == "build" and m["card"] == "arch-3"
    ]
    assert builds == [
        {"type": "build", "card": "arch-3", "from_quarter": "mason"},
        {"type": "build", "card": "arch-3", "from_quarter": "bazaar"},
        {"type": "build", "card": "arch-3", "no_figure": True},
    ]
    with pytest.raises(IllegalMove, match="or build with no figure"):
        play(state, 0, "build", card="arch-3")
    state, events = play(state, 0, "build", card="arch-3", no_figure=True)
    assert state["garden"][2] == {"levels": [1], "figure": None, "material": None}
    assert state["quarters"]["mason"] == [0] and state["quarters"]["bazaar"] == [0]
    assert {"type": "balcony", "seat": None, "field": 3, "from_quarter": None} in events


def test_building_without_a_figure_leaves_the_figure_on_that_balcony():
    # Garden field 1 holds red's figure on its arch. Blue builds the fountain there but puts no
    # figure up: red's stays, nobody gets one back and nobody lays a serail marker.
    state = build_ready()
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0] * FIGURES
    state["garden"][0] = {"levels": [1], "figure": RED, "material": None}
    state["figures"][RED] -= 1
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, events = play(state, 0, "build", card="fountain-1", no_figure=True)
    assert state["garden"][0] == {"levels": [1, 2], "figure": RED, "material": None}
    assert state["figures"][RED] == FIGURES - 1
    assert state["serail"] == []
    assert "figure_returned" not in types(events) and "serail_marker" not in types(events)
    invariants(state)


def test_with_no_figure_anywhere_the_figure_on_that_balcony_stays():
    state = build_ready()
    state["figures"][0] = 0
    state["garden"][0] = {"levels": [1], "figure": RED, "material": None}
    state["figures"][RED] -= 1
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, events = play(state, 0, "build", card="fountain-1")
    assert state["garden"][0]["figure"] == RED and state["serail"] == []
    assert "figure_returned" not in types(events)


def test_no_figure_is_refused_while_a_figure_goes_up_anyway():
    state = build_ready()
    with pytest.raises(IllegalMove, match="your supply holds a figure"):
        play(state, 0, "build", card="arch-3", no_figure=True)
    # His own figure on the balcony comes back to him and goes up again, with a marker.
    state["figures"][0] = 0
    state["quarters"]["mason"] = [0] * 7
    state["garden"][0] = {"levels": [1], "figure": 0, "material": None}
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    assert [m for m in GAME.legal_moves(state, 0) if m.get("card") == "fountain-1"] == [
        {"type": "build", "card": "fountain-1"}
    ]
    with pytest.raises(IllegalMove, match="is yours"):
        play(state, 0, "build", card="fountain-1", no_figure=True)
    with pytest.raises(IllegalMove, match="not both"):
        play(state, 0, "build", card="arch-3", no_figure=True, from_quarter="mason")


# ---------------------------------------------------------------------- the serail


def test_serail_example_with_three_players():
    # Spaces 1–5 in use. Before: yellow, red, yellow, red, red. Blue gets a figure back and
    # lays a marker on space 1: the others move on and red's last marker drops off. Yellow and
    # red now have two markers each; yellow's is nearer space 1, so yellow leads.
    state = build_ready(seat=YELLOW)
    state["serail"] = [YELLOW, RED, YELLOW, RED, RED]
    state["markers"] = [5, 2, 3]
    state["garden"][0] = {"levels": [1], "figure": BLUE, "material": None}
    state["figures"][BLUE] -= 1
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, events = play(state, YELLOW, "build", card="fountain-1")
    assert state["serail"] == [BLUE, YELLOW, RED, YELLOW, RED]
    assert state["markers"] == [4, 3, 3]
    assert {"type": "serail_marker_returned", "seat": RED} in events
    assert serail_leader(state) == YELLOW


def test_two_players_use_four_serail_spaces():
    state = build_ready(players=2)
    state["serail"] = [0, 0, 1, 1]
    state["markers"] = [3, 3]
    state["garden"][0] = {"levels": [1], "figure": 1, "material": None}
    state["figures"][1] -= 1
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, _ = play(state, 0, "build", card="fountain-1")
    assert state["serail"] == [1, 0, 0, 1]
    assert state["markers"] == [3, 3]


def test_a_player_without_markers_puts_none_in_the_serail():
    state = build_ready(players=4)
    state["serail"] = [1, 1, 1, 1, 1]
    state["markers"][1] = 0
    state["garden"][0] = {"levels": [1], "figure": 1, "material": None}
    state["figures"][1] -= 1
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, events = play(state, 0, "build", card="fountain-1")
    assert state["serail"] == [1, 1, 1, 1, 1]
    assert "serail_marker" not in types(events)


# ---------------------------------------------------------------------- treasury and end card


def test_a_treasury_card_instead_of_a_palace_part_then_the_leader_scores():
    state = build_ready()
    set_display(state, ["arch-1", "arch-2", "treasury-1"])
    state["garden"][4]["figure"] = RED
    state["figures"][RED] -= 1
    before = dict(state["stocks"][0])
    state, events = play(state, 0, "fulfil", card="treasury-1")
    # A + S + E and the 2 gold of building field 3.
    assert state["stocks"][0] == {m: before[m] - 1 - (m == "gold") for m in MATERIALS}
    assert state["treasury"] == [RED]
    assert state["figures"][RED] == FIGURES - 2
    assert points(state) == [0, 2, 0]
    assert events[-1]["type"] == "treasury_scored" and events[-1]["seat"] == RED


def test_a_treasury_card_as_well_as_a_palace_part():
    state = build_ready()
    set_display(state, ["arch-1", "treasury-1", "arch-3"])
    state, _ = play(state, 0, "build", card="arch-1")
    state, _ = play(state, 0, "fulfil", card="treasury-1")
    assert state["treasury"] == [0]  # blue leads with his new balcony figure
    assert state["phase"] == "quarter"


def test_a_treasury_tie_is_broken_by_the_serail():
    state = build_ready()
    set_display(state, ["treasury-1", "arch-2", "arch-3"])
    for seat, field in ((RED, 0), (YELLOW, 1)):
        state["garden"][field]["figure"] = seat
        state["figures"][seat] -= 1
    state["serail"] = [YELLOW, RED, RED]
    state["markers"] = [5, 3, 4]
    state, _ = play(state, 0, "fulfil", card="treasury-1")
    assert state["treasury"] == [RED]  # two markers beat one


def test_a_treasury_tie_the_serail_cannot_break_places_nobody():
    state = build_ready()
    set_display(state, ["treasury-1", "arch-2", "arch-3"])
    state, events = play(state, 0, "fulfil", card="treasury-1")
    assert state["treasury"] == []
    assert events[-1] == {
        "type": "treasury_scored",
        "seat": None,
        "leaders": [0, 1, 2],
        "points": [0, 0, 0],
    }


def test_the_treasury_figure_comes_from_a_quarter_when_the_leaders_supply_is_empty():
    state = build_ready()
    set_display(state, ["treasury-1", "arch-2", "arch-3"])
    state["figures"][RED] = 0
    state["garden"][0]["figure"] = RED
    state["quarters"]["mason"] = [RED] * 7
    state, _ = play(state, 0, "fulfil", card="treasury-1")
    assert state["treasury"] == [RED]
    assert state["quarters"]["mason"] == [RED] * 6


def leader_in_two_quarters(seat: int = RED) -> dict:
    """Blue may fulfil treasury card 1; `seat` leads with a balcony figure, his supply is empty
    and his other seven figures stand in the masons' and carpenters' quarters."""
    state = build_ready()
    set_display(state, ["treasury-1", "arch-2", "arch-3"])
    state["garden"][0] = {"levels": [1], "figure": seat, "material": None}
    state["figures"][seat] = 0
    state["quarters"]["mason"] = [seat] * 4
    state["quarters"]["carpenter"] = [seat] * 3
    return state


def test_the_treasury_leader_chooses_the_quarter_his_figure_leaves_even_out_of_turn():
    # Audit decision 7: one of *his* figures — with figures in two quarters, red names one.
    state = leader_in_two_quarters()
    state["vizier"] = "carpenter"
    state, events = play(state, BLUE, "fulfil", card="treasury-1")
    assert GAME.to_act(state) == [RED] and state["turn"] == BLUE
    assert state["pending"] == {"seat": RED, "for": "treasury", "quarters": ["carpenter", "mason"]}
    assert events[-1]["type"] == "treasury_scored" and events[-1]["choosing"] is True
    assert state["treasury"] == []
    # The vizier's quarter first, then board order: today's default comes first.
    assert GAME.legal_moves(state, RED) == [
        {"type": "send_figure", "quarter": "carpenter"},
        {"type": "send_figure", "quarter": "mason"},
    ]
    assert GAME.legal_moves(state, BLUE) == []
    with pytest.raises(IllegalMove, match="choosing the quarter its figure leaves for the"):
        play(state, BLUE, "pass")
    with pytest.raises(IllegalMove, match="one of these quarters: carpenter, mason"):
        play(state, RED, "send_figure", quarter="goldsmith")
    view = GAME.view(state, YELLOW)
    assert view["pending"] == state["pending"] and view["to_act"] == [RED]
    state, events = play(state, RED, "send_figure", quarter="mason")
    assert state["treasury"] == [RED] and state["pending"] is None
    assert state["quarters"]["mason"] == [RED] * 3 and state["quarters"]["carpenter"] == [RED] * 3
    assert events == [{"type": "figure_sent", "seat": RED, "quarter": "mason", "to": "treasury"}]
    assert GAME.to_act(state) == [BLUE] and state["phase"] == "build"
    invariants(state)


def test_the_builder_himself_may_have_to_name_the_quarter_first():
    state = leader_in_two_quarters(seat=BLUE)
    state, _ = play(state, BLUE, "fulfil", card="treasury-1")
    assert GAME.to_act(state) == [BLUE]
    with pytest.raises(IllegalMove, match="first name the quarter your figure leaves"):
        play(state, BLUE, "pass")
    state, _ = play(state, BLUE, "send_figure", quarter="carpenter")
    assert state["treasury"] == [BLUE] and state["quarters"]["carpenter"] == [BLUE] * 2


def test_no_figure_waits_unless_asked_for():
    state = build_ready()
    with pytest.raises(IllegalMove, match="no figure is waiting"):
        play(state, BLUE, "send_figure", quarter="mason")


def test_a_game_ending_while_a_figure_waits_sends_it_from_the_default_quarter():
    # Profi, the serail example on the last palace card: yellow, the new serail leader, would
    # name a quarter, but the game is over; his figure counts, from the default quarter.
    state = build_ready(profi=True)
    state["serail"] = [YELLOW, RED, YELLOW, RED, RED]
    state["markers"] = [5, 2, 3]
    state["serail_figure"] = RED
    state["figures"][RED] -= 1
    set_display(state, ["fountain-1", None, None], deck=[])
    for field in range(1, 8):
        state["garden"][field] = {"levels": [1, 2, 3], "figure": None, "material": None}
    state["garden"][0] = {"levels": [1], "figure": BLUE, "material": None}
    state["figures"][BLUE] -= 1
    state["figures"][YELLOW] = 0
    state["quarters"]["mason"] = [YELLOW] * 3
    state["quarters"]["goldsmith"] = [YELLOW] * 5
    state, events = play(state, BLUE, "build", card="fountain-1")
    assert state["end"] == "palace_complete" and state["pending"] is None
    assert state["serail_figure"] == YELLOW and state["quarters"]["mason"] == [YELLOW] * 2
    assert {"type": "figure_sent", "seat": YELLOW, "quarter": "mason", "to": "serail"} in events
    assert points(state)[YELLOW] == 1
    invariants(state)


def test_profi_the_new_serail_leader_chooses_the_quarter_his_figure_leaves():
    # The serail example: blue's marker pushes red's last one out and yellow takes the lead from
    # red. Yellow's supply is empty and his figures stand in two quarters: he names one.
    state = build_ready(profi=True)
    state["serail"] = [YELLOW, RED, YELLOW, RED, RED]
    state["markers"] = [5, 2, 3]
    state["serail_figure"] = RED
    state["figures"][RED] -= 1
    state["garden"][0] = {"levels": [1], "figure": BLUE, "material": None}
    state["figures"][BLUE] -= 1
    state["figures"][YELLOW] = 0
    state["quarters"]["exchange"] = [YELLOW] * 4
    state["quarters"]["stonemason"] = [YELLOW] * 4
    set_display(state, ["fountain-1", "arch-2", "arch-3"])
    state, events = play(state, BLUE, "build", card="fountain-1")
    assert serail_leader(state) == YELLOW and state["serail_figure"] is None
    assert GAME.to_act(state) == [YELLOW]
    assert state["pending"] == {
        "seat": YELLOW,
        "for": "serail",
        "quarters": ["stonemason", "exchange"],
    }
    assert {"type": "serail_figure", "seat": YELLOW, "choosing": True} in events
    state, events = play(state, YELLOW, "send_figure", quarter="exchange")
    assert state["serail_figure"] == YELLOW and state["quarters"]["exchange"] == [YELLOW] * 3
    assert events == [
        {"type": "figure_sent", "seat": YELLOW, "quarter": "exchange", "to": "serail"}
    ]
    assert GAME.to_act(state) == [BLUE]
    invariants(state)


def test_a_treasury_leader_with_no_figure_left_places_none():
    state = build_ready()
    set_display(state, ["treasury-1", "arch-2", "arch-3"])
    # Red leads with 8 balcony figures and has none in his supply or in a quarter.
    for field in range(8):
        state["garden"][field] = {"levels": [1], "figure": RED, "material": None}
    state["figures"][RED] = 0
    state, events = play(state, 0, "fulfil", card="treasury-1")
    assert state["treasury"] == []
    assert events[-1]["type"] == "treasury_scored"
    assert events[-1]["seat"] is None and events[-1]["leaders"] == [RED]
    invariants(state)


def test_only_one_treasury_or_end_card_per_turn():
    state = build_ready()
    give(state, 0, alabaster=3, sandstone=3, ebony=3)
    set_display(state, ["treasury-2", "end", "column-1"], deck=[])
    state, _ = play(state, 0, "fulfil", card="treasury-2")
    with pytest.raises(IllegalMove, match="already fulfilled"):
        play(state, 0, "fulfil", card="end")


def test_the_end_card_ends_the_game_at_once():
    state = build_ready()
    give(state, 0, alabaster=1, sandstone=1, ebony=1)
    set_display(state, ["end", "arch-2", "arch-3"])
    state["garden"][5]["figure"] = RED
    state["figures"][RED] -= 1
    state, events = play(state, 0, "fulfil", card="end")
    assert GAME.is_over(state) and state["end"] == "end_card"
    assert state["treasury"] == []  # the end card scores no treasury
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [RED]
    assert GAME.to_act(state) == []


def test_the_game_ends_when_every_palace_building_card_is_built_or_removed():
    state = build_ready()
    set_display(state, ["treasury-2", "column-8", "end"], deck=[])
    give(state, 0, alabaster=1)
    state, events = play(state, 0, "build", card="column-8")
    assert state["end"] == "palace_complete"
    assert events[-1]["type"] == "game_over"


def test_removing_the_last_palace_card_at_the_harbour_ends_the_game_too():
    state = new(3)
    state["harbour_cards"][0]["Y"] = "back"
    set_display(state, ["treasury-2", "column-8", "end"], deck=[])
    state, _ = play(state, 0, "harbour", field=2, remove="column-8")
    assert state["end"] == "palace_complete"


# ---------------------------------------------------------------------- quarters


def test_a_quarter_figure_costs_one_gold_more_than_the_last():
    state = at(new(3), "quarter")
    state["step"]["built"] = True
    clear_stock(state, 0)
    give(state, 0, gold=1)
    state["quarters"]["mason"] = [0, 1]
    state["figures"][0] -= 1
    with pytest.raises(IllegalMove, match="bazaar costs 2 gold here; you have 1 gold"):
        play(state, 0, "place_figure", quarter="bazaar")
    give(state, 0, gold=2)
    state, events = play(state, 0, "place_figure", quarter="bazaar")
    assert events == [{"type": "figure_placed", "seat": 0, "quarter": "bazaar", "gold": 2}]
    assert state["stocks"][0]["gold"] == 1


def test_a_new_quarter_figure_works_from_the_next_turn():
    state = at(new(3), "quarter")
    state["step"]["built"] = True
    give(state, 0, gold=1)
    state, _ = play(state, 0, "place_figure", quarter="mason")
    with pytest.raises(IllegalMove, match="already acted"):
        play(state, 0, "use_quarter", quarter="mason")
    state, _ = play(state, 0, "draw")
    state, _ = play(state, 0, "end_turn")
    state["turn"] = 0
    state, events = play(state, 0, "use_quarter", quarter="mason")
    assert events[0]["material"] == "sandstone"


@pytest.mark.parametrize(
    ("quarter", "give_take", "change"),
    [
        ("stonemason", {}, {"alabaster": 1}),
        ("mason", {}, {"sandstone": 1}),
        ("carpenter", {}, {"ebony": 1}),
        ("goldsmith", {}, {"gold": 1}),
        ("exchange", {"give": "gold", "take": "ebony"}, {"gold": -1, "ebony": 1}),
        ("exchange", {"give": "alabaster", "take": "gold"}, {"alabaster": -1, "gold": 1}),
        ("bazaar", {"give": "alabaster", "take": "sandstone"}, {"alabaster": -1, "sandstone": 1}),
    ],
)
def test_the_six_quarter_actions(quarter, give_take, change):
    state = new(3)
    state["vizier"] = "stonemason" if quarter != "stonemason" else "mason"
    clear_stock(state, 0)
    give(state, 0, alabaster=1, gold=1)
    before = dict(state["stocks"][0])
    state["quarters"][quarter] = [0]
    state, _ = play(state, 0, "use_quarter", quarter=quarter, **give_take)
    for material in MATERIALS:
        assert state["stocks"][0][material] == before[material] + change.get(material, 0)


def test_the_bazaar_swaps_no_gold():
    state = new(3)
    state["vizier"] = "mason"
    give(state, 0, gold=1, ebony=1)
    state["quarters"]["bazaar"] = [0]
    with pytest.raises(IllegalMove, match="allows these swaps"):
        play(state, 0, "use_quarter", quarter="bazaar", give="gold", take="ebony")


def test_a_quarter_acts_once_per_figure_and_turn():
    state = new(3)
    state["vizier"] = "mason"
    state["quarters"]["goldsmith"] = [0, 1, 0]
    state, _ = play(state, 0, "use_quarter", quarter="goldsmith")
    state, _ = play(state, 0, "use_quarter", quarter="goldsmith")
    with pytest.raises(IllegalMove, match="already acted this turn"):
        play(state, 0, "use_quarter", quarter="goldsmith")


def test_the_vizier_blocks_his_quarter():
    state = new(3)
    state["quarters"]["bazaar"] = [0]
    give(state, 0, alabaster=1)
    with pytest.raises(IllegalMove, match="vizier blocks the bazaar"):
        play(state, 0, "use_quarter", quarter="bazaar", give="alabaster", take="ebony")
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "use_quarter"]


def test_stonemason_vizier_carpenter_example():
    # Blue has a figure in the stonemason's and the carpenter's quarter; the vizier blocks the
    # carpenters. Blue takes 1 alabaster (stonemason), then 3 gold from harbour field 3, moves
    # the vizier to the stonemasons and takes 1 alabaster for it; the carpenters are free again
    # and give him 1 ebony.
    state = new(3, first=BLUE)
    clear_stock(state, BLUE)
    set_harbour(state, [("sandstone", 2), ("ebony", 2), ("gold", 3), ("alabaster", 4)])
    state["vizier"] = "carpenter"
    state["quarters"]["stonemason"] = [BLUE]
    state["quarters"]["carpenter"] = [BLUE]
    state["figures"][BLUE] -= 2
    with pytest.raises(IllegalMove, match="vizier blocks the carpenter"):
        play(state, BLUE, "use_quarter", quarter="carpenter")
    state, _ = play(state, BLUE, "use_quarter", quarter="stonemason")
    state, _ = play(state, BLUE, "harbour", field=3, vizier="stonemason")
    assert state["stocks"][BLUE] == {"alabaster": 2, "sandstone": 0, "ebony": 0, "gold": 3}
    state, _ = play(state, BLUE, "use_quarter", quarter="carpenter")
    assert state["stocks"][BLUE] == {"alabaster": 2, "sandstone": 0, "ebony": 1, "gold": 3}
    invariants(state)


def test_action_cards_give_their_material_as_far_as_the_supply_holds():
    state = new(3)
    state["hands"][0] = ["ebony", "ebony"]
    state["action_deck"].remove("ebony")
    state["action_deck"].remove("ebony")
    give(state, 1, ebony=state["supply"]["ebony"] - 1)
    state, events = play(state, 0, "play_card", card="ebony")
    assert events[0]["count"] == 1
    state, events = play(state, 0, "play_card", card="ebony")
    assert events[0]["count"] == 0
    assert state["discard"] == ["ebony", "ebony"] and state["hands"][0] == []


def test_the_discard_pile_is_shuffled_into_a_new_draw_pile():
    state = at(new(3), "draw")
    state["discard"], state["action_deck"] = state["action_deck"], []
    state, events = play(state, 0, "draw")
    assert types(events) == ["action_deck_reshuffled", "card_drawn"]
    assert len(state["action_deck"]) == 19 and state["discard"] == []


# ---------------------------------------------------------------------- scoring


def test_one_point_per_figure_on_a_balcony_or_in_the_treasury():
    state = new(3)
    state["garden"][0]["figure"] = RED
    state["garden"][1]["figure"] = RED
    state["garden"][2]["figure"] = BLUE
    state["treasury"] = [BLUE, YELLOW]
    state["quarters"]["mason"] = [YELLOW]  # quarters score nothing
    assert GAME.outcome(state)["scores"] == [2, 2, 1]


def test_a_tie_for_the_win_goes_by_the_serail_and_a_remaining_tie_shares():
    state = new(3)
    state["garden"][0]["figure"] = RED
    state["garden"][1]["figure"] = BLUE
    assert GAME.outcome(state)["winners"] == [BLUE, RED]
    state["serail"] = [YELLOW, RED, BLUE]
    assert GAME.outcome(state)["winners"] == [RED]  # one marker each, red's nearer space 1


# ---------------------------------------------------------------------- profi


def test_profi_hand_limit_is_four():
    state = at(new(3, profi=True), "finish")
    state["hands"][0] = ["ebony", "gold", "gold", "sandstone"]
    for card in state["hands"][0]:
        state["action_deck"].remove(card)
    state, _ = play(state, 0, "end_turn")
    assert state["turn"] == 1


def test_profi_move_a_quarter_figure_once_per_turn_not_onto_the_vizier():
    state = new(3, profi=True)
    state["quarters"]["mason"] = [0, 0]
    state["figures"][0] -= 2
    with pytest.raises(IllegalMove, match="vizier blocks the bazaar"):
        play(state, 0, "move_figure", **{"from": "mason", "to": "bazaar"})
    state, _ = play(state, 0, "move_figure", **{"from": "mason", "to": "goldsmith"})
    assert state["quarters"]["goldsmith"] == [0]
    with pytest.raises(IllegalMove, match="already moved"):
        play(state, 0, "move_figure", **{"from": "mason", "to": "carpenter"})
    with pytest.raises(IllegalMove, match="only in the profi game"):
        play(new(3), 0, "move_figure", **{"from": "mason", "to": "goldsmith"})


def test_profi_a_moved_figure_does_not_act_twice():
    state = new(3, profi=True)
    state["vizier"] = "exchange"
    state["quarters"]["mason"] = [0]
    state, _ = play(state, 0, "use_quarter", quarter="mason")
    state, _ = play(state, 0, "move_figure", **{"from": "mason", "to": "goldsmith"})
    with pytest.raises(IllegalMove, match="already acted"):
        play(state, 0, "use_quarter", quarter="goldsmith")


def test_profi_the_serail_leader_keeps_a_figure_there_worth_a_point():
    state = build_ready(profi=True)
    state["serail"] = [RED]
    state["markers"][RED] -= 1
    state["serail_figure"] = RED
    state["figures"][RED] -= 1
    assert points(state) == [0, 1, 0]
    for field in (0, 1):
        state["garden"][field] = {"levels": [1], "figure": YELLOW, "material": None}
        state["figures"][YELLOW] -= 1
    set_display(state, ["fountain-1", "arch-3", "arch-4"])
    state, events = play(state, 0, "build", card="fountain-1")
    # Yellow: one marker on space 1, red's is on space 2: yellow leads and replaces red.
    assert state["serail_figure"] == YELLOW
    assert state["figures"][RED] == FIGURES
    assert {"type": "serail_figure_returned", "seat": RED} in events
    assert points(state) == [1, 0, 2]


def test_profi_a_material_left_on_a_garden_field_makes_the_next_level_dearer():
    state = build_ready(profi=True)
    state, events = play(state, 0, "build", card="arch-1", leave="gold")
    assert state["garden"][0]["material"] == "gold"
    assert state["stocks"][0]["gold"] == 2
    set_display(state, ["fountain-1", "arch-3", "arch-4"])
    state["step"]["built"] = False
    state = at(state, "build")
    clear_stock(state, 0)
    give(state, 0, alabaster=2, sandstone=1)
    with pytest.raises(IllegalMove, match="2 alabaster, 1 sandstone, 1 gold"):
        play(state, 0, "build", card="fountain-1")
    give(state, 0, gold=1)
    state, _ = play(state, 0, "build", card="fountain-1")
    assert state["garden"][0]["material"] is None
    assert sum(state["stocks"][0].values()) == 0
    invariants(state)


def test_materials_stay_on_garden_fields_only_in_the_profi_game():
    state = build_ready()
    with pytest.raises(IllegalMove, match="only in the profi game"):
        play(state, 0, "build", card="arch-1", leave="gold")


# ---------------------------------------------------------------------- views and events


def test_views_show_action_hands_only_to_their_holder_and_no_deck_order():
    state = new(3)
    state["hands"][1] = ["gold"]
    state["action_deck"].remove("gold")
    view = GAME.view(state, 1)
    assert view["hand"] == ["gold"] and view["hand_counts"] == [0, 1, 0]
    assert "hand" not in GAME.view(state, None)
    for seat in (0, None):
        other = GAME.view(state, seat)
        assert "hands" not in other and "deck" not in other and "action_deck" not in other
        assert other["deck_count"] == 24 and other["action_deck_count"] == 19
        assert other["stocks"] == state["stocks"]


def test_a_drawn_action_card_is_seen_only_by_its_drawer():
    state = at(new(3), "draw")
    state, events = play(state, 0, "draw")
    card = state["hands"][0][0]
    assert GAME.view_events(events, 0)[0]["card"] == card
    assert "card" not in GAME.view_events(events, 1)[0]
    assert "card" not in GAME.view_events(events, None)[0]


def test_illegal_input_is_refused_with_a_reason_and_changes_nothing():
    kit.check_illegal_input(GAME, 3)
    state = new(3)
    snapshot = kit.roundtrip(state)
    for bad in (
        {"type": "harbour"},
        {"type": "harbour", "field": "3"},
        {"type": "harbour", "field": 1, "remove": "arch-1"},
        {"type": "harbour", "field": 3},
        {"type": "harbour", "field": 3, "vizier": "palace"},
        {"type": "harbour", "field": 3, "vizier": "mason", "give": "gold"},
        {"type": "build", "card": None},
        {"type": "build", "card": ["arch-1"]},
        {"type": "play_card", "card": "gold"},
        {"type": "use_quarter", "quarter": "mason"},
        {"type": "use_quarter", "quarter": 7},
        {"type": "end_turn", "now": True},
        {"type": "move_figure", "from": "mason", "to": "bazaar"},
    ):
        with pytest.raises(IllegalMove) as info:
            GAME.apply(state, 0, bad)
        assert info.value.reason
    assert state == snapshot


def test_copy_state_shares_no_container_with_the_original():
    from shared.randomplay import play_random_game

    state, _ = play_random_game(GAME, 5, 4, {"profi": True})
    copy = GAME.copy_state(state)
    assert copy == state

    def containers(obj, out):
        if isinstance(obj, (dict, list)):
            out.add(id(obj))
            for v in obj.values() if isinstance(obj, dict) else obj:
                containers(v, out)
        return out

    # Options are never written to, so they may be shared.
    shared = containers(state, set()) & containers(copy, set())
    assert shared == containers(state["options"], set())


# ---------------------------------------------------------------------- the kit


def invariants(state: dict) -> None:
    """The 60 materials, each player's 8 figures and 5 markers are each somewhere exactly once;
    no garden field holds a lower level over a higher one; action cards are conserved."""
    n = state["players"]
    for material in MATERIALS:
        places = [
            state["supply"][material],
            *(s[material] for s in state["stocks"]),
            *(h["count"] for h in state["harbour"] if h["material"] == material),
        ]
        assert min(places) >= 0
        on_fields = sum(g["material"] == material for g in state["garden"])
        assert sum(places) + on_fields == MATERIAL_COUNT, material
    assert sorted(h["material"] for h in state["harbour"]) == sorted(MATERIALS)
    assert all(h["count"] <= c for h, c in zip(state["harbour"], HARBOUR_CAPACITY, strict=True))
    for seat in range(n):
        figures = (
            state["figures"][seat]
            + sum(g["figure"] == seat for g in state["garden"])
            + sum(f.count(seat) for f in state["quarters"].values())
            + state["treasury"].count(seat)
            + (state["serail_figure"] == seat)
        )
        assert figures == FIGURES and state["figures"][seat] >= 0
        assert state["markers"][seat] + state["serail"].count(seat) == SERAIL_MARKERS
    assert len(state["serail"]) <= state["serail_spaces"]
    for field in state["garden"]:
        assert field["levels"] == sorted(set(field["levels"]))
        assert field["figure"] is None or field["levels"]
    cards = [c for c in [*state["display"], *state["deck"]] if c]
    assert len(cards) == len(set(cards)) and set(cards) <= set(CARDS)
    for card in cards:
        info = CARDS[card]
        if info["kind"] == "palace":
            levels = state["garden"][info["field"] - 1]["levels"]
            assert not levels or levels[-1] < info["level"], f"{card} is on display uselessly"
    assert state["display"] == [c for c in state["display"] if c] + [None] * state["display"].count(
        None
    )
    actions = sorted([*state["action_deck"], *state["discard"], *sum(state["hands"], [])])
    assert actions == sorted(m for m in MATERIALS for _ in range(5))
    limit = 4 if state["options"]["profi"] else 3
    for seat in range(n):
        if seat != state["turn"]:
            assert sum(state["stocks"][seat].values()) <= 7
            assert len(state["hands"][seat]) <= limit
    assert set(state["quarters"]) == set(QUARTERS) and state["vizier"] in QUARTERS


def perturb_hidden(state: dict, seat: int | None, rng: random.Random) -> dict | None:
    """From the rules: other players' action cards, the action deck and the palace deck's order
    are hidden (which level-3 cards and the end card lie where among the bottom four, too)."""
    others = [s for s in range(state["players"]) if s != seat and state["hands"][s]]
    if others and state["action_deck"]:
        holder = rng.choice(others)
        hand = state["hands"][holder]
        i, j = rng.randrange(len(hand)), rng.randrange(len(state["action_deck"]))
        hand[i], state["action_deck"][j] = state["action_deck"][j], hand[i]
        hand.sort()
    rng.shuffle(state["action_deck"])
    deck = state["deck"]
    alike: dict[object, list[int]] = {}
    for i, card in enumerate(deck):
        info = CARDS[card]
        bottom = i >= len(deck) - 4 and info["kind"] in ("palace", "end")
        key = "bottom" if bottom and info.get("level", 3) == 3 else info.get("level", card)
        alike.setdefault(key, []).append(i)
    groups = [g for g in alike.values() if len(g) > 1]
    if groups:
        a, b = rng.sample(rng.choice(groups), 2)
        deck[a], deck[b] = deck[b], deck[a]
    state["rng"] = rng.getrandbits(63)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_rule(players):
    kit.check_random_games(
        GAME,
        players,
        invariants=invariants,
        perturb_hidden=perturb_hidden,
        examples=12,
        view_every=3,
    )


def test_random_profi_games_keep_every_rule():
    kit.check_random_games(
        GAME,
        3,
        options={"profi": True},
        invariants=invariants,
        perturb_hidden=perturb_hidden,
        examples=12,
        view_every=3,
    )


@pytest.mark.parametrize("players", [2, 4])
def test_thousands_of_random_games_end(players):
    kit.check_many_games(GAME, players, games=1000)
