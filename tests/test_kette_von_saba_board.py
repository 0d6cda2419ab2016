"""Die Kette von Saba: the board, the cards, the 960 necklaces, placement and rewards.

Spaces are (column, row); the board as the rules notes draw it (rows shift by half a space in odd
columns, so a space touches up to six others):

    column  -5 -4 -3 -2 -1  0  1  2  3  4  5
    height   2  2  3  3  4  4  4  3  3  2  2
"""

from __future__ import annotations

from collections import Counter

import pytest

from shared.games.kette_von_saba import LAYOUTS, PIECES, SPACES, neighbours, reward
from shared.games.kette_von_saba.board import (
    DIRECTIONS,
    HEIGHT_BY_DISTANCE,
    height,
    mirror,
    ray,
    step,
)
from shared.games.kette_von_saba.necklace import (
    COLUMN_SEQUENCES,
    JOKER,
    REAL_CARDS,
    STONE_TYPES,
    card_spaces,
    joker_spaces,
    live_layouts,
    piece_spaces,
    settled_piece,
)

INDEX = {space: i for i, space in enumerate(SPACES)}


def board_with(cards: dict[tuple[int, int], str], jokers: dict | None = None) -> list:
    """A board holding `cards` (space → piece) and `jokers` (space → the piece it stands for)."""
    board: list = [None] * len(SPACES)
    for space, piece in cards.items():
        board[INDEX[space]] = {"piece": piece, "joker": False}
    for space, piece in (jokers or {}).items():
        board[INDEX[space]] = {"piece": piece, "joker": True}
    return board


def where(board: list, card: str, symmetry: bool = False) -> set[tuple[int, int]]:
    """The spaces where `card` may be laid on `board`."""
    return {SPACES[i] for i in card_spaces(board, live_layouts(board), card, symmetry)}


# ---------------------------------------------------------------------- the board


def test_the_board_has_thirty_two_spaces():
    assert len(SPACES) == 32
    assert len(set(SPACES)) == 32


def test_column_heights_rise_to_the_centre():
    heights = Counter(c for c, _ in SPACES)
    assert [heights[c] for c in range(-5, 6)] == [2, 2, 3, 3, 4, 4, 4, 3, 3, 2, 2]


def test_rows_start_at_zero_at_the_top_of_each_column():
    for c in range(-5, 6):
        assert sorted(r for cc, r in SPACES if cc == c) == list(range(HEIGHT_BY_DISTANCE[abs(c)]))


def test_odd_columns_sit_half_a_space_higher():
    assert [height((c, 0)) for c in range(-5, 6)] == [-1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1]


def test_the_lower_ends_fall_on_two_diagonals_meeting_below_the_centre():
    bottoms = {c: max(r for cc, r in SPACES if cc == c) for c in range(-5, 6)}
    assert [height((c, bottoms[c])) for c in range(-5, 6)] == [6 - abs(c) for c in range(-5, 6)]


def test_neighbours_are_symmetric():
    for space in SPACES:
        for other in neighbours(space):
            assert other in SPACES
            assert space in neighbours(other)


def test_neighbours_lie_in_the_six_directions():
    #   (0,0) touches (0,1) below it, both spaces of columns ±1 beside it (one half a space
    #   higher, one half lower), and nothing above it: 5 neighbours.
    assert set(neighbours((0, 0))) == {(0, 1), (1, 0), (1, 1), (-1, 0), (-1, 1)}
    assert len(neighbours((0, 1))) == 6
    assert set(neighbours((5, 1))) == {(5, 0), (4, 0), (4, 1)}
    for space in SPACES:
        assert len(neighbours(space)) <= len(DIRECTIONS) == 6
        for d in DIRECTIONS:
            n = step(space, d)
            assert n is None or n in neighbours(space)


def test_the_halves_mirror_each_other():
    for space in SPACES:
        assert mirror(space) in SPACES
        assert set(neighbours(mirror(space))) == {mirror(n) for n in neighbours(space)}


# ---------------------------------------------------------------------- the cards


def test_forty_real_cards_five_stone_types_pieces_of_one_to_four_two_of_each():
    assert len(REAL_CARDS) == 40
    assert len(PIECES) == 20
    assert Counter(REAL_CARDS) == {f"{t}-{n}": 2 for t in STONE_TYPES for n in (1, 2, 3, 4)}
    assert STONE_TYPES == ("rubin", "smaragd", "saphir", "perle", "amethyst")


# ---------------------------------------------------------------------- the 960 necklaces


def test_exactly_960_complete_necklaces_exist():
    assert len(LAYOUTS) == 960
    assert len(set(LAYOUTS)) == 960


def test_column_sequences_fit_the_column_heights():
    for h, sequences in zip(HEIGHT_BY_DISTANCE, COLUMN_SEQUENCES, strict=True):
        for sequence in sequences:
            assert len(sequence) == h
            assert list(sequence) == list(range(sequence[0], sequence[0] + h))


def columns_of(layout) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for (c, _), code in zip(SPACES, layout, strict=True):
        out.setdefault(c, []).append(PIECES[code])
    return out


def test_every_necklace_follows_the_three_placement_rules():
    for layout in LAYOUTS:
        columns = columns_of(layout)
        for c, pieces in columns.items():
            kinds = {p.split("-")[0] for p in pieces}
            counts = [int(p.split("-")[1]) for p in pieces]
            assert len(kinds) == 1  # one stone type per column
            assert counts == list(range(counts[0], counts[0] + len(counts)))  # rising by one
            assert tuple(counts) in COLUMN_SEQUENCES[abs(c)]
            assert columns[-c] == pieces  # the halves mirror each other
        assert all(n <= 2 for n in Counter(PIECES[k] for k in layout).values())


def test_every_necklace_has_five_column_types_and_leaves_eight_forgeries():
    for layout in LAYOUTS:
        columns = columns_of(layout)
        kind = {c: columns[c][0].split("-")[0] for c in range(6)}
        assert kind[4] == kind[5]
        assert len({kind[0], kind[1], kind[2], kind[3], kind[4]}) == 5
        assert {columns[4][0], columns[5][0]} == {f"{kind[4]}-1", f"{kind[4]}-3"}
        spare = Counter(REAL_CARDS) - Counter(PIECES[k] for k in layout)
        assert sum(spare.values()) == 8
        # The centre column's duplicates and the two spare pieces of columns ±2 and ±3.
        assert {p for p in spare if p.startswith(kind[0])} == set(columns[0])
        for c in (2, 3):
            left_over = {f"{kind[c]}-{n}" for n in (1, 2, 3, 4)} - set(columns[c])
            assert spare[left_over.pop()] == 2


# ---------------------------------------------------------------------- placement


def test_an_empty_board_takes_any_piece_somewhere():
    board = board_with({})
    for piece in PIECES:
        assert where(board, piece)


def test_the_duplicates_of_the_centre_column_become_forgeries():
    # The rules' example: the rubies fill the centre column; their second copies fit nowhere.
    board = board_with({(0, 0): "rubin-1"})
    assert where(board, "rubin-1") == set()
    assert where(board, "rubin-2") == {(0, 1)}
    board = board_with({(0, r): f"rubin-{r + 1}" for r in range(4)})
    for n in (1, 2, 3, 4):
        assert where(board, f"rubin-{n}") == set()


def test_a_column_takes_one_stone_type_set_by_its_first_card():
    board = board_with({(2, 0): "smaragd-1"})
    assert where(board, "smaragd-2") >= {(2, 1), (-2, 1)}
    assert (2, 1) not in where(board, "saphir-2")
    assert (2, 2) not in where(board, "rubin-3")


def test_each_card_holds_one_stone_more_than_the_card_above():
    # The rules' example: three emeralds never go below one emerald, nor below four.
    board = board_with({(2, 0): "smaragd-1"})
    assert (2, 1) in where(board, "smaragd-2")
    assert (2, 1) not in where(board, "smaragd-3")
    board = board_with({(3, 2): "smaragd-4"})
    assert {p for p in PIECES if (3, 1) in where(board, p)} == {"smaragd-3"}
    assert {p for p in PIECES if (3, 0) in where(board, p)} == {"smaragd-2"}


def test_the_three_centre_columns_run_one_to_four():
    board = board_with({})
    for c in (-1, 0, 1):
        for r in range(4):
            assert {p.split("-")[1] for p in PIECES if (c, r) in where(board, p)} == {str(r + 1)}


def test_columns_of_three_run_one_to_three_or_two_to_four():
    board = board_with({})
    assert {int(p[-1]) for p in PIECES if (2, 0) in where(board, p)} == {1, 2}
    assert {int(p[-1]) for p in PIECES if (3, 2) in where(board, p)} == {3, 4}


def test_columns_of_two_hold_one_two_or_three_four():
    board = board_with({})
    assert {int(p[-1]) for p in PIECES if (4, 0) in where(board, p)} == {1, 3}
    assert {int(p[-1]) for p in PIECES if (5, 1) in where(board, p)} == {2, 4}


def test_the_left_half_mirrors_the_right_half():
    board = board_with({(3, 1): "perle-3"})
    assert {p for p in PIECES if (-3, 1) in where(board, p)} == {"perle-3"}


def test_checking_columns_one_by_one_is_not_enough():
    # Rubies in the centre column use up the ruby type: an empty outer column, which column
    # rules alone would open to any type, still refuses the second ruby.
    board = board_with({(0, 1): "rubin-2"})
    assert (4, 1) not in where(board, "rubin-2")
    assert where(board, "rubin-2") == set()
    # Columns ±4 and ±5 share one type, one pair 1-2 and the other 3-4.
    board = board_with({(4, 0): "perle-1"})
    assert where(board, "perle-3") == {(5, 0), (-5, 0)}
    assert where(board, "saphir-3") & {(5, 0), (-5, 0)} == set()


def test_a_forgery_stays_a_forgery():
    board = board_with({(0, 0): "rubin-1"})
    assert where(board, "rubin-1") == set()
    board[INDEX[(1, 0)]] = {"piece": "saphir-1", "joker": False}
    assert where(board, "rubin-1") == set()


# ---------------------------------------------------------------------- jokers


def test_a_joker_goes_only_where_the_piece_is_certain():
    assert where(board_with({}), JOKER) == set()
    # One emerald at the top of column 1 settles both centre-side columns: 1-2-3-4 emeralds.
    board = board_with({(1, 0): "smaragd-1"})
    assert where(board, JOKER) == {(1, 1), (1, 2), (1, 3), (-1, 0), (-1, 1), (-1, 2), (-1, 3)}
    live = live_layouts(board)
    assert PIECES[settled_piece(live, INDEX[(-1, 2)])] == "smaragd-3"
    assert settled_piece(live, INDEX[(0, 0)]) is None


def test_a_joker_takes_a_pieces_place():
    # The joker stands for the second emerald in column 1: one real "smaragd-2" still goes to
    # the mirror space, the other has no place and is a forgery.
    board = board_with({(1, 0): "smaragd-1"}, jokers={(1, 1): "smaragd-2"})
    assert where(board, "smaragd-2") == {(-1, 1)}
    board[INDEX[(-1, 1)]] = {"piece": "smaragd-2", "joker": False}
    assert where(board, "smaragd-2") == set()


def test_without_joker_symmetry_a_joker_faces_any_card():
    board = board_with({(1, 0): "smaragd-1", (-1, 1): "smaragd-2"})
    assert (1, 1) in where(board, JOKER)


def test_joker_symmetry_a_joker_faces_an_empty_space_or_a_joker():
    board = board_with({(1, 0): "smaragd-1", (-1, 1): "smaragd-2"})
    assert (1, 1) not in where(board, JOKER, symmetry=True)
    assert (1, 2) in where(board, JOKER, symmetry=True)
    board = board_with({(1, 0): "smaragd-1"}, jokers={(-1, 1): "smaragd-2"})
    assert (1, 1) in where(board, JOKER, symmetry=True)


def test_joker_symmetry_a_space_facing_a_joker_takes_only_a_joker():
    board = board_with({(1, 0): "smaragd-1"}, jokers={(-1, 1): "smaragd-2"})
    assert where(board, "smaragd-2") == {(1, 1)}
    assert where(board, "smaragd-2", symmetry=True) == set()


def test_joker_symmetry_leaves_the_centre_column_free():
    board = board_with({(0, 0): "rubin-1", (0, 1): "rubin-2"})
    assert {(0, 2), (0, 3)} <= where(board, JOKER, symmetry=True)


def test_piece_and_joker_spaces_agree_with_card_spaces():
    board = board_with({(1, 0): "smaragd-1"})
    live = live_layouts(board)
    assert card_spaces(board, live, JOKER) == joker_spaces(board, live)
    assert card_spaces(board, live, "rubin-1") == piece_spaces(board, live, "rubin-1")


# ---------------------------------------------------------------------- rewards


def test_reward_example_lines_of_two_three_and_five_pay_ten_thousand():
    #   The new card at (-2,0): one card up and to the right (a line of 2), two below it (3),
    #   four down and to the right (5); nothing above it (the edge), up-left or down-left.
    occupied = {(-1, 0), (-2, 1), (-2, 2), (-1, 1), (0, 1), (1, 2), (2, 2)}
    assert ray((-2, 0), "down_right") == [(-1, 1), (0, 1), (1, 2), (2, 2)]
    assert reward(occupied, (-2, 0)) == 10_000


def test_an_isolated_card_pays_one_thousand():
    assert reward(set(), (0, 0)) == 1000
    assert reward({(5, 0), (3, 2)}, (0, 1)) == 1000


def test_a_line_ends_at_the_first_gap():
    # Below (0,0): (0,1) is empty, so the cards at (0,2) and (0,3) do not count.
    assert reward({(0, 2), (0, 3)}, (0, 0)) == 1000
    assert reward({(0, 1), (0, 3)}, (0, 0)) == 2000


def test_the_largest_reward_surrounds_a_centre_card():
    everything = set(SPACES) - {(0, 2)}
    lines = [len(ray((0, 2), d)) + 1 for d in DIRECTIONS]
    assert reward(everything, (0, 2)) == sum(lines) * 1000


@pytest.mark.parametrize("space", [(0, 0), (-5, 1), (3, 2)])
def test_a_card_counts_in_every_line_it_starts(space):
    occupied = set(neighbours(space))
    assert reward(occupied, space) == 2000 * len(neighbours(space))
