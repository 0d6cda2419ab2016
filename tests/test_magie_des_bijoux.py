"""La Magie des Bijoux: one test per rule, then the shared random-game kit."""

from __future__ import annotations

import pytest

from shared.engine import IllegalMove, OptionError, get_game, replay
from shared.games.magie_des_bijoux import (
    GRID_BY_PLAYERS,
    PLAQUES,
    STONES_PER_PLAYER,
    plaque_winner,
    reachable,
)
from tests import kit

GAME = get_game("magie-des-bijoux")


def board(settings: list[list[int]], players: int, first_seat: int = 0) -> dict:
    """A game whose grid is exactly `settings` (rows of setting counts), pawn not yet placed."""
    rows, cols = len(settings), len(settings[0])
    state = GAME.new_game(1, players, {"first_seat": first_seat})
    # Drawn to order: with 2–4 players the real grid follows the player count.
    state.update(
        rows=rows,
        cols=cols,
        settings=[s for row in settings for s in row],
        stones=[[0] * players for _ in range(rows * cols)],
    )
    return state


def play(state: dict, seat: int, row: int, col: int, kind: str = "move"):
    return GAME.apply(state, seat, {"type": kind, "plaque": [row, col]})


def cell(state: dict, row: int, col: int) -> int:
    return row * state["cols"] + col


FOURS = [[4] * 4 for _ in range(4)]


# ---------------------------------------------------------------------- setup


def test_thirty_six_plaques_six_of_each_size():
    assert sorted(PLAQUES) == sorted([1, 2, 3, 4, 5, 6] * 6)


@pytest.mark.parametrize(("players", "shape"), [(1, (4, 4)), (2, (4, 4)), (3, (5, 5)), (4, (6, 6))])
def test_grid_size_follows_player_count(players, shape):
    state = GAME.new_game(7, players)
    assert (state["rows"], state["cols"]) == shape
    assert len(state["settings"]) == shape[0] * shape[1]


def test_four_players_use_all_thirty_six_plaques():
    assert sorted(GAME.new_game(3, 4)["settings"]) == sorted(PLAQUES)


@pytest.mark.parametrize(
    ("grid", "shape"), [("5x5", (5, 5)), ("6x6", (6, 6)), ("3x5", (3, 5)), ("4x6", (4, 6))]
)
def test_solitaire_grid_options(grid, shape):
    state = GAME.new_game(2, 1, {"grid": grid})
    assert (state["rows"], state["cols"]) == shape


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("grid", ["4x4", "5x5", "6x6", "3x5", "4x6"])
def test_with_two_to_four_players_the_grid_option_is_refused(players, grid):
    with pytest.raises(OptionError, match="solitaire only") as refused:
        GAME.new_game(1, players, {"grid": grid})
    assert f"{players} players" in str(refused.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_with_two_to_four_players_grid_auto_is_accepted(players):
    state = GAME.new_game(1, players, {"grid": "auto"})
    assert f"{state['rows']}x{state['cols']}" == GRID_BY_PLAYERS[players]


def test_grid_is_dealt_from_the_seed():
    assert GAME.new_game(5, 4)["settings"] == GAME.new_game(5, 4)["settings"]
    assert GAME.new_game(5, 4)["settings"] != GAME.new_game(6, 4)["settings"]


def test_each_player_has_forty_stones_and_solitaire_all_160():
    assert GAME.new_game(1, 3)["supply"] == [STONES_PER_PLAYER] * 3
    assert GAME.new_game(1, 1)["supply"] == [160]


def test_bad_options_and_player_counts_are_refused_clearly():
    with pytest.raises(OptionError, match="1–4 players"):
        GAME.new_game(1, 5)
    with pytest.raises(OptionError, match="grid"):
        GAME.new_game(1, 1, {"grid": "9x9"})
    with pytest.raises(OptionError, match="no option"):
        GAME.new_game(1, 2, {"colour": "red"})
    with pytest.raises(OptionError, match="first_seat"):
        GAME.new_game(1, 2, {"first_seat": 2})


# ---------------------------------------------------------------------- the pawn


def test_first_seat_places_the_pawn_without_a_stone_then_next_seat_moves():
    state = board(FOURS, 3, first_seat=2)
    assert GAME.to_act(state) == [2]
    assert len(GAME.legal_moves(state, 2)) == 16
    state, events = play(state, 2, 1, 1, "place_pawn")
    assert state["pawn"] == cell(state, 1, 1)
    assert sum(map(sum, state["stones"])) == 0
    assert events == [{"type": "pawn_placed", "seat": 2, "plaque": [1, 1]}]
    assert GAME.to_act(state) == [0]


def test_solitaire_player_places_the_pawn_and_moves_it_himself():
    state = board(FOURS, 1)
    state, _ = play(state, 0, 0, 0, "place_pawn")
    assert GAME.to_act(state) == [0]


def test_pawn_moves_like_a_rook_any_distance_never_diagonally():
    #   . . . .
    #   . P . .     P at (1,1): its row and column are reachable, nothing else
    #   . . . .
    #   . . . .
    state, _ = play(board(FOURS, 2), 0, 1, 1, "place_pawn")
    targets = {(m["plaque"][0], m["plaque"][1]) for m in GAME.legal_moves(state, 1)}
    assert targets == {(1, 0), (1, 2), (1, 3), (0, 1), (2, 1), (3, 1)}
    with pytest.raises(IllegalMove, match="like a rook"):
        play(state, 1, 2, 2)


def test_pawn_may_pass_over_full_plaques():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state["stones"][cell(state, 0, 1)] = [2, 2]  # full, in the way
    state, _ = play(state, 1, 0, 3)
    assert state["pawn"] == cell(state, 0, 3)


def test_pawn_may_not_return_to_the_square_it_just_left():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state, _ = play(state, 1, 0, 2)
    with pytest.raises(IllegalMove, match="just left"):
        play(state, 0, 0, 0)
    assert [0, 0] not in [m["plaque"] for m in GAME.legal_moves(state, 0)]
    state, _ = play(state, 0, 0, 3)
    with pytest.raises(IllegalMove, match="just left"):
        play(state, 1, 0, 2)
    state, _ = play(state, 1, 0, 0)  # (0,0) is two squares back: allowed again


def test_pawn_may_not_stay_where_it_is():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    with pytest.raises(IllegalMove, match="another plaque"):
        play(state, 1, 0, 0)


def test_pawn_may_not_land_on_a_full_plaque():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state["stones"][cell(state, 2, 0)] = [3, 1]
    snapshot = kit.roundtrip(state)
    with pytest.raises(IllegalMove, match="full"):
        play(state, 1, 2, 0)
    assert state == snapshot  # a refused move changes nothing
    assert [2, 0] not in [m["plaque"] for m in GAME.legal_moves(state, 1)]


def test_the_pawn_is_placed_only_once():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    assert {m["type"] for m in GAME.legal_moves(state, 1)} == {"move"}
    with pytest.raises(IllegalMove, match="already on the board"):
        play(state, 1, 2, 2, "place_pawn")


# ---------------------------------------------------------------------- stones


def test_the_mover_must_set_a_stone_on_the_plaque_reached():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state, events = play(state, 1, 3, 0)
    assert state["stones"][cell(state, 3, 0)] == [0, 1]
    assert state["supply"] == [STONES_PER_PLAYER, STONES_PER_PLAYER - 1]
    assert {
        "type": "stone_placed",
        "seat": 1,
        "plaque": [3, 0],
        "filled": 1,
        "settings": 4,
    } in events


def test_filling_a_plaques_last_setting_gives_one_extra_move():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state["stones"][cell(state, 0, 2)] = [2, 1]
    state, events = play(state, 1, 0, 2)
    assert GAME.to_act(state) == [1]
    assert state["extra"] is True
    assert {"type": "extra_move", "seat": 1} in events


def test_a_one_setting_plaque_always_gives_the_extra_move():
    settings = [[1, 4, 4, 4]] + [[4] * 4 for _ in range(3)]
    state, _ = play(board(settings, 2), 0, 3, 0, "place_pawn")
    state, _ = play(state, 1, 0, 0)
    assert GAME.to_act(state) == [1]


def test_a_plaque_filled_during_an_extra_move_gives_no_further_extra_move():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state["stones"][cell(state, 0, 2)] = [2, 1]
    state["stones"][cell(state, 3, 2)] = [1, 2]
    state, _ = play(state, 1, 0, 2)  # fills: extra move
    state, events = play(state, 1, 3, 2)  # fills again during the extra move
    filled = [e for e in events if e["type"] == "plaque_filled"]
    assert filled == [{"type": "plaque_filled", "seat": 1, "plaque": [3, 2], "extra_move": False}]
    assert GAME.to_act(state) == [0]


# ---------------------------------------------------------------------- the end


def test_game_ends_when_the_player_to_move_cannot_move():
    #   P X X X     seat 0 placed P at (0,0); row 0 and column 0 are full but for (1,0)
    #   . . . .     seat 1 moves to (1,0) and fills it; no extra chain can save the next mover
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    for c in (1, 2, 3):
        state["stones"][cell(state, 0, c)] = [2, 2]
    for r in (2, 3):
        state["stones"][cell(state, r, 0)] = [2, 2]
        for c in (1, 2, 3):
            state["stones"][cell(state, r, c)] = [2, 2]
    for c in (1, 2, 3):
        state["stones"][cell(state, 1, c)] = [2, 2]
    state["stones"][cell(state, 1, 0)] = [1, 2]
    state, events = play(state, 1, 1, 0)  # fills: extra move, but (0,0) is the previous square
    assert GAME.is_over(state)
    assert state["end"] == "blocked"
    assert events[-1]["type"] == "game_over"
    assert GAME.to_act(state) == []


def test_game_ends_when_the_next_player_cannot_move_after_an_ordinary_move():
    #   P m X X     seat 1 moves from P (0,0) to m (0,1) without filling it; every other plaque
    #   . X . .     of row 0 and column 1 is full and (0,0) is the square just left: seat 0,
    #   . X . .     to move next, is shut in and the game ends at once.
    #   . X . .
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    for r, c in [(0, 2), (0, 3), (1, 1), (2, 1), (3, 1)]:
        state["stones"][cell(state, r, c)] = [2, 2]
    state, events = play(state, 1, 0, 1)
    assert state["stones"][cell(state, 0, 1)] == [0, 1]
    assert GAME.is_over(state) and state["end"] == "blocked"
    assert events[-1]["type"] == "game_over" and events[-1]["seat"] == 0


def test_game_ends_when_the_player_to_move_has_no_stone_left():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    state["supply"] = [0, 1]
    state, _ = play(state, 1, 0, 1)
    assert GAME.is_over(state)
    assert state["end"] == "no_stones"


# ---------------------------------------------------------------------- scoring


def test_plaque_example_1_one_stone_each_on_two_settings_is_neutral():
    assert plaque_winner({0: 1, 1: 1}, 2) is None


def test_plaque_example_2_two_against_one_and_one_empty_wins_the_bangle():
    assert plaque_winner({2: 2, 1: 1}, 4) == 2


def test_plaque_example_3_three_of_five_wins_the_diadem():
    assert plaque_winner({1: 3, 3: 1}, 5) == 1


def test_empty_settings_act_as_an_extra_player():
    assert plaque_winner({0: 1}, 6) is None
    assert plaque_winner({0: 3}, 6) is None  # three empty settings tie the three stones
    assert plaque_winner({0: 4}, 6) == 0
    assert plaque_winner({}, 3) is None


def test_a_plaque_cannot_hold_more_stones_than_settings():
    with pytest.raises(ValueError, match="do not fit"):
        plaque_winner({0: 3}, 2)


def test_scoring_example_a_17_b_15():
    # The rule text's final example: A wins plaques of 6, 3, 6 and 2 settings (17 points), B wins
    # 4, 5, 2, 3 and 1 (15 points), the other plaques are neutral (24 points): A wins.
    settings = [[6, 3, 6, 2], [4, 5, 2, 3], [1, 4, 4, 4], [3, 3, 3, 3]]
    state = board(settings, 2)
    won_by = [[0, 0, 0, 0], [1, 1, 1, 1], [1, None, None, None], [None] * 4]
    for r in range(4):
        for c in range(4):
            s = settings[r][c]
            owner = won_by[r][c]
            # A neutral plaque: an even split, with one empty setting when the size is odd.
            state["stones"][cell(state, r, c)] = (
                [s, 0] if owner == 0 else [0, s] if owner == 1 else [s // 2, s // 2]
            )
    result = GAME.outcome(state)
    assert result["scores"] == [17, 15]
    assert result["winners"] == [0]
    assert result["neutral_points"] == 24
    assert sum(result["scores"]) + result["neutral_points"] == sum(map(sum, settings))


def test_ties_for_first_place_share_the_win():
    state = board([[3, 3, 4, 4]] + [[4] * 4 for _ in range(3)], 2)
    state["stones"][0] = [3, 0]
    state["stones"][1] = [0, 3]
    assert GAME.outcome(state)["winners"] == [0, 1]


def test_solitaire_result_is_the_number_of_empty_settings_and_zero_wins():
    state = board([[1, 2, 1, 1]] + [[1] * 4 for _ in range(3)], 1)
    state["stones"] = [[1] for _ in range(16)]
    state["stones"][1] = [1]
    result = GAME.outcome(state)
    assert result["empty_settings"] == 1
    assert result["winners"] == []
    state["stones"][1] = [2]
    assert GAME.outcome(state)["empty_settings"] == 0
    assert GAME.outcome(state)["winners"] == [0]


# ---------------------------------------------------------------------- interface


def test_reachable_lists_the_highlighted_squares_of_the_rule_example():
    state, _ = play(board(FOURS, 2), 0, 2, 2, "place_pawn")
    assert sorted(reachable(state)) == sorted(
        cell(state, r, c) for r, c in [(2, 0), (2, 1), (2, 3), (0, 2), (1, 2), (3, 2)]
    )


def test_illegal_input_is_refused_with_a_reason_and_changes_nothing():
    kit.check_illegal_input(GAME, 3)
    state = GAME.new_game(1, 2, {"first_seat": 0})
    for bad in (
        {"type": "place_pawn"},
        {"type": "place_pawn", "plaque": [9, 9]},
        {"type": "place_pawn", "plaque": ["a", 0]},
        {"type": "move", "plaque": [0, 0]},
    ):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 0, bad)


def test_the_view_is_public_and_shows_the_reachable_plaques():
    state, _ = play(board(FOURS, 2), 0, 0, 0, "place_pawn")
    view = GAME.view(state, None)
    assert view["pawn"] == [0, 0]
    assert len(view["reachable"]) == 6
    assert GAME.view(state, 0)["stones"] == view["stones"]


def test_replay_rebuilds_the_same_game():
    from shared.randomplay import play_random_game

    state, history = play_random_game(GAME, 99, 4)
    assert replay(GAME.id, 99, 4, None, history) == state


# ---------------------------------------------------------------------- the kit


def invariants(state: dict) -> None:
    """Stones are conserved, no plaque overflows, scores stay within the total."""
    n = state["players"]
    start = 160 if n == 1 else STONES_PER_PLAYER
    for seat in range(n):
        placed = sum(st[seat] for st in state["stones"])
        assert placed + state["supply"][seat] == start
    for settings, stones in zip(state["settings"], state["stones"], strict=True):
        assert 0 <= sum(stones) <= settings
    result = GAME.outcome(state)
    assert sum(result["scores"]) <= sum(state["settings"])


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_rule(players):
    kit.check_random_games(GAME, players, invariants=invariants, examples=30)


def test_random_solitaire_on_a_rectangle():
    kit.check_random_games(GAME, 1, options={"grid": "4x6"}, invariants=invariants, examples=20)


@pytest.mark.parametrize("players", [2, 4])
def test_thousands_of_random_games_end(players):
    kit.check_many_games(GAME, players, games=1000)
