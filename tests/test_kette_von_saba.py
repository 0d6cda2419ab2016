"""Die Kette von Saba: one test per rule of setup, the auction, the reconstruction and the views,
then the shared random-game kit. The board, placement and reward rules are tested in
test_kette_von_saba_board.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shared.engine import IllegalMove, OptionError, get_game
from shared.games.kette_von_saba import LAYOUTS, PIECES, SPACES, reward
from shared.games.kette_von_saba.bank import DRAW_PRICE, START_CASH
from shared.games.kette_von_saba.game import HAND_SIZES
from shared.games.kette_von_saba.necklace import (
    JOKER,
    JOKERS,
    REAL_CARDS,
    card_spaces,
    live_layouts,
)
from shared.randomplay import random_step
from tests import kit
from tests.test_kette_von_saba_board import INDEX, board_with

GAME = get_game("kette-von-saba")


def table(
    hands: list[list[str]],
    deck: list[str] | None = None,
    board: list | None = None,
    cash: list[int] | None = None,
    options: dict | None = None,
    first: int = 0,
) -> dict:
    """A stage-1 game in which seat `first` is about to offer a card: the given hands, deck (top
    card last), board and cash; nothing set aside."""
    players = len(hands)
    state = GAME.new_game(1, players, {"first_seat": first, **(options or {})})
    state.update(
        hands=[list(h) for h in hands],
        deck=list(deck if deck is not None else ["perle-1", "perle-2", "perle-3"]),
        board=board or board_with({}),
        cash=list(cash or [START_CASH] * players),
        forgeries=[],
    )
    assert state["phase"] == "offer" and state["turn"] == first
    return state


def reconstruction(
    hands: list[list[str]], board: list, turn: int = 0, cash: list[int] | None = None, **options
) -> dict:
    """A stage-2 game with an empty deck in which `turn` is to lay or discard a card."""
    state = table(hands, deck=[], board=board, cash=cash, options=options)
    state.update(stage=2, phase="reconstruction", turn=turn)
    return state


def act(state: dict, seat: int, kind: str, **fields) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat, {"type": kind, **fields})


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def spaces_for(state: dict, card: str) -> set[tuple[int, int]]:
    board = state["board"]
    return {SPACES[i] for i in card_spaces(board, live_layouts(board), card)}


def occupied(state: dict) -> set[tuple[int, int]]:
    return {SPACES[i] for i, entry in enumerate(state["board"]) if entry is not None}


def outer_columns_but(space: tuple[int, int]) -> list:
    """A board whose columns ±4 and ±5 hold pearls (1-2 and 3-4), all but `space`."""
    pieces = {(c, r): f"perle-{r + 1 + 2 * (abs(c) == 5)}" for c in (-5, -4, 4, 5) for r in (0, 1)}
    return board_with({s: p for s, p in pieces.items() if s != space})


def first_layout() -> list[str]:
    return [PIECES[code] for code in LAYOUTS[0]]


HANDS3 = [["rubin-1", "perle-2"], ["saphir-3"], ["amethyst-4"]]
HANDS4 = [["rubin-1"], ["saphir-3"], ["amethyst-4"], ["perle-2"]]


# ---------------------------------------------------------------------- setup


def test_forty_four_cards_are_in_play_and_jokers_leave_with_no_jokers():
    state = GAME.new_game(3, 5)
    assert cards_in(state).total() == 44
    assert cards_in(state)[JOKER] == JOKERS
    state = GAME.new_game(3, 5, {"no-jokers": True})
    assert cards_in(state) == Counter(REAL_CARDS)


@pytest.mark.parametrize(("players", "size"), sorted(HAND_SIZES.items()))
def test_hands_are_dealt_by_player_count(players, size):
    state = GAME.new_game(11, players)
    assert [len(h) for h in state["hands"]] == [size] * players


def test_everyone_starts_with_twenty_thousand_marks():
    assert GAME.new_game(4, 6)["cash"] == [20_000] * 6


def test_setup_lays_four_cards_on_legal_spaces_and_never_a_joker():
    for seed in range(30):
        state = GAME.new_game(seed, 4)
        laid = [e for e in state["board"] if e is not None]
        assert len(laid) == 4
        assert not any(e["joker"] for e in laid)
        assert live_layouts(state["board"])
        assert state["rewards_paid"] == 0


def test_a_real_card_turned_up_at_setup_with_no_space_is_set_aside_as_a_forgery():
    seed = next(s for s in range(2000) if GAME.new_game(s, 3)["forgeries"])
    state = GAME.new_game(seed, 3)
    for card in state["forgeries"]:
        assert card != JOKER
        assert spaces_for(state, card) == set()


class JokersOnTop(random.Random):
    """A generator whose shuffles leave the four jokers on top of the deck (its end)."""

    def shuffle(self, x):  # type: ignore[override]
        super().shuffle(x)
        x.sort(key=lambda card: card == JOKER)


def test_a_joker_turned_up_at_setup_goes_back_into_the_deck():
    state = {"game": GAME.id, "seed": 0, "players": 4, "rng": 0}
    state["options"] = {**GAME.resolve_options(None, 4), "first_seat": 0}
    deck_before = [*REAL_CARDS, *[JOKER] * JOKERS]
    JokersOnTop(3).shuffle(deck_before)
    assert deck_before[-JOKERS:] == [JOKER] * JOKERS  # the first four cards turned up
    GAME._setup(state, JokersOnTop(3))
    laid = [e for e in state["board"] if e is not None]
    assert len(laid) == 4 and not any(e["joker"] for e in laid)
    assert JOKER not in state["forgeries"]
    held = sum(hand.count(JOKER) for hand in state["hands"])
    assert state["deck"].count(JOKER) + held == JOKERS
    assert cards_in(state).total() == 44


def test_setup_comes_from_the_seed():
    assert GAME.new_game(8, 5) == GAME.new_game(8, 5)
    assert GAME.new_game(8, 5)["board"] != GAME.new_game(9, 5)["board"]


def test_player_counts_and_options_are_checked():
    with pytest.raises(OptionError, match="3–7 players"):
        GAME.new_game(1, 2)
    with pytest.raises(OptionError, match="3–7 players"):
        GAME.new_game(1, 8)
    with pytest.raises(OptionError, match="true or false"):
        GAME.new_game(1, 3, {"joker-symmetry": "yes"})
    assert GAME.new_game(1, 3)["options"]["no-jokers"] is False


# ---------------------------------------------------------------------- stage 1: the auction


def test_the_auctioneer_must_put_a_card_of_his_hand_up_for_sale():
    state = table(HANDS3)
    assert GAME.legal_moves(state, 0) == [
        {"type": "offer", "card": "perle-2"},
        {"type": "offer", "card": "rubin-1"},
    ]
    with pytest.raises(IllegalMove, match="from your hand"):
        act(state, 0, "offer", card="saphir-3")
    state, events = act(state, 0, "offer", card="rubin-1")
    assert events == [{"type": "card_offered", "seat": 0, "card": "rubin-1"}]
    assert state["lot"] == "rubin-1" and state["hands"][0] == ["perle-2"]


def test_bidding_goes_round_clockwise_from_the_auctioneers_left():
    state = table(HANDS4, first=2)
    state, _ = act(state, 2, "offer", card="amethyst-4")
    order = []
    for _ in range(5):
        seat = GAME.to_act(state)[0]
        order.append(seat)
        state, _ = act(state, seat, "bid", amount=(len(order)) * 1000)
    assert order == [3, 0, 1, 3, 0]


def test_bids_are_thousands_rising_by_a_thousand_and_never_above_the_bidders_cash():
    state = table(HANDS3, cash=[20_000, 4_000, 20_000])
    state, _ = act(state, 0, "offer", card="rubin-1")
    with pytest.raises(IllegalMove, match="the lowest bid is 1,000"):
        act(state, 1, "bid", amount=0)
    with pytest.raises(IllegalMove, match="steps of 1,000"):
        act(state, 1, "bid", amount=1500)
    with pytest.raises(IllegalMove, match="more than your cash"):
        act(state, 1, "bid", amount=5000)
    assert [m["amount"] for m in GAME.legal_moves(state, 1) if m["type"] == "bid"] == [
        1000,
        2000,
        3000,
        4000,
    ]
    state, _ = act(state, 1, "bid", amount=3000)
    with pytest.raises(IllegalMove, match="rise by 1,000; the lowest bid now is 4,000"):
        act(state, 2, "bid", amount=3000)


def test_a_player_who_passed_may_bid_again_when_his_turn_comes_round():
    state = table(HANDS4)
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 2, "bid", amount=1000)
    state, _ = act(state, 3, "pass")
    state, events = act(state, 1, "bid", amount=2000)
    assert events == [{"type": "bid", "seat": 1, "amount": 2000}]
    assert state["auction"]["bidder"] == 1


def test_bidding_ends_when_every_other_bidder_has_passed_after_the_highest_bid():
    state = table(HANDS4)
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "bid", amount=2000)
    state, _ = act(state, 2, "pass")
    assert state["phase"] == "bidding"
    state, events = act(state, 3, "pass")
    assert events[-1] == {"type": "bidding_closed", "bid": 2000, "bidder": 1}
    assert state["phase"] == "reserve" and GAME.to_act(state) == [0]


def test_a_player_who_cannot_afford_the_next_bid_passes_by_himself():
    state = table(HANDS4, cash=[20_000, 20_000, 2_000, 20_000])
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, events = act(state, 1, "bid", amount=2000)
    assert {"type": "passed", "seat": 2, "forced": True} in events
    assert GAME.to_act(state) == [3]


def test_no_bid_the_auctioneer_lays_the_card_himself_without_reward():
    state = table(HANDS3, board=board_with({(0, 1): "rubin-2"}))
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, events = act(state, 2, "pass")
    assert events[-1] == {"type": "no_bid", "seat": 0}
    assert state["phase"] == "lay" and GAME.to_act(state) == [0]
    assert GAME.legal_moves(state, 0) == [{"type": "place", "space": [0, 0]}]
    state, events = act(state, 0, "place", space=[0, 0])
    assert events[0] == {
        "type": "placed",
        "seat": 0,
        "card": "rubin-1",
        "piece": "rubin-1",
        "space": [0, 0],
        "reward": 0,
    }
    assert state["cash"] == [START_CASH] * 3
    assert state["phase"] == "draw"


def test_an_unsold_forgery_is_set_aside():
    # The rules' example: with the ruby on top of the centre column, the other ruby is false.
    state = table(HANDS3, board=board_with({(0, 0): "rubin-1"}))
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, events = act(state, 2, "pass")
    assert {"type": "forgery", "seat": 0, "card": "rubin-1"} in events
    assert state["forgeries"] == ["rubin-1"]
    assert state["phase"] == "draw"


def test_an_unsold_joker_with_no_space_goes_back_to_the_auctioneers_hand():
    state = table([["joker", "perle-2"], ["saphir-3"], ["amethyst-4"]])
    state, _ = act(state, 0, "offer", card="joker")
    state, _ = act(state, 1, "pass")
    state, events = act(state, 2, "pass")
    assert {"type": "joker_returned", "seat": 0} in events
    assert sorted(state["hands"][0]) == ["joker", "perle-2"]


def test_the_highest_bidder_pays_the_auctioneer_and_may_keep_the_card():
    state = table(HANDS3)
    state, _ = act(state, 0, "offer", card="perle-2")
    state, _ = act(state, 1, "bid", amount=7000)
    state, _ = act(state, 2, "pass")
    state, events = act(state, 0, "sell")
    assert {"type": "sold", "seller": 0, "buyer": 1, "price": 7000, "card": "perle-2"} in events
    assert state["cash"] == [27_000, 13_000, 20_000]
    assert GAME.to_act(state) == [1] and {"type": "keep"} in GAME.legal_moves(state, 1)
    state, _ = act(state, 1, "keep")
    assert state["hands"][1] == ["saphir-3", "perle-2"]


def test_a_buyer_who_lays_his_card_at_once_earns_a_double_reward():
    cards = {(0, 0): "rubin-1", (0, 2): "rubin-3", (1, 1): "saphir-2"}
    state = table([["rubin-2"], ["saphir-3"], ["amethyst-4"]], board=board_with(cards))
    state, _ = act(state, 0, "offer", card="rubin-2")
    state, _ = act(state, 1, "bid", amount=1000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "sell")
    single = reward(occupied(state), (0, 1))
    assert single == 6000  # lines of 2 upward, downward and to the upper right
    state, events = act(state, 1, "place", space=[0, 1])
    assert events[0]["reward"] == 2 * single
    assert state["cash"][1] == START_CASH - 1000 + 2 * single


def test_a_card_that_fits_nowhere_stays_in_the_buyers_hand():
    state = table(HANDS3, board=board_with({(0, 0): "rubin-1"}))
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "bid", amount=1000)
    state, _ = act(state, 2, "pass")
    state, events = act(state, 0, "sell")
    assert {"type": "kept", "seat": 1, "card": "rubin-1"} in events
    assert state["phase"] == "draw"


def test_the_auctioneer_may_name_one_higher_reserve_price_which_a_player_may_accept():
    state = table(HANDS4)
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "bid", amount=3000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 3, "pass")
    with pytest.raises(IllegalMove, match="above the highest bid"):
        act(state, 0, "reserve", price=3000)
    state, events = act(state, 0, "reserve", price=6000)
    assert events == [{"type": "reserve_named", "seat": 0, "price": 6000}]
    assert state["phase"] == "reserve_offer" and GAME.to_act(state) == [1]
    state, _ = act(state, 1, "decline")
    state, events = act(state, 2, "accept")
    assert events == [{"type": "reserve_accepted", "seat": 2, "price": 6000}]
    # Bidding goes on as before from the accepter's left; then the auctioneer must sell.
    assert state["phase"] == "bidding" and GAME.to_act(state) == [3]
    state, _ = act(state, 3, "bid", amount=7000)
    state, _ = act(state, 1, "pass")
    state, events = act(state, 2, "pass")
    assert {"type": "sold", "seller": 0, "buyer": 3, "price": 7000, "card": "rubin-1"} in events
    assert state["phase"] == "buyer"


def test_a_reserve_price_nobody_accepts_leaves_the_card_to_the_auctioneer_without_reward():
    state = table(HANDS3, cash=[20_000, 20_000, 5_000])
    state, _ = act(state, 0, "offer", card="perle-2")
    state, _ = act(state, 1, "bid", amount=4000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "reserve", price=9000)
    state, events = act(state, 1, "decline")
    # Seat 2 cannot pay 9,000 and declines by himself.
    assert {"type": "reserve_declined", "seat": 2, "forced": True} in events
    assert events[-1] == {"type": "reserve_refused", "seat": 0}
    assert state["phase"] == "lay"
    state, events = act(state, 0, "place", space=GAME.legal_moves(state, 0)[0]["space"])
    assert events[0]["reward"] == 0
    assert state["cash"] == [20_000, 20_000, 5_000]


def test_a_reserve_price_is_named_only_once_per_card():
    state = table(HANDS3)
    state, _ = act(state, 0, "offer", card="perle-2")
    state, _ = act(state, 1, "bid", amount=1000)
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "reserve", price=2000)
    state, _ = act(state, 1, "accept")
    state, _ = act(state, 2, "pass")
    assert state["phase"] == "buyer"  # sold at once: no second reserve price


def test_the_auctioneer_may_buy_the_top_card_of_the_deck_for_two_thousand():
    state = table(HANDS3, deck=["perle-1", "saphir-4"])
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "place", space=GAME.legal_moves(state, 0)[0]["space"])
    assert GAME.legal_moves(state, 0) == [{"type": "draw"}, {"type": "end_turn"}]
    state, events = act(state, 0, "draw")
    assert events[0] == {
        "type": "drew",
        "seat": 0,
        "price": DRAW_PRICE,
        "hidden": {"card": "saphir-4"},
        "seen_by": [0],
    }
    assert state["hands"][0] == ["perle-2", "saphir-4"]
    assert state["cash"][0] == START_CASH - 2000 and state["fees_paid"] == 2000
    assert state["auctioneer"] == 1 and state["phase"] == "offer"


def test_the_role_of_auctioneer_passes_to_the_left():
    state = table(HANDS3)
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "place", space=GAME.legal_moves(state, 0)[0]["space"])
    state, _ = act(state, 0, "end_turn")
    assert state["auctioneer"] == 1 and GAME.to_act(state) == [1]


def test_an_auctioneer_with_an_empty_hand_sells_the_top_card_of_the_deck():
    state = table([["rubin-1"], [], ["amethyst-4"]], deck=["perle-1", "saphir-4"])
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "place", space=GAME.legal_moves(state, 0)[0]["space"])
    state, events = act(state, 0, "end_turn")
    assert events[0] == {
        "type": "deck_card_offered",
        "seat": 1,
        "card": "saphir-4",
        "reason": "empty_hand",
    }
    assert state["lot"] == "saphir-4" and state["deck"] == ["perle-1"]
    assert GAME.to_act(state) == [2]


def test_after_a_whole_round_without_a_draw_the_next_auctioneer_sells_the_deck_top():
    hands = [["rubin-1", "rubin-2"], ["saphir-3"], ["amethyst-4"]]
    state = table(hands, deck=["perle-1", "saphir-4"])
    for seat in range(3):
        card = state["hands"][seat][0]
        state, _ = act(state, seat, "offer", card=card)
        for bidder in [(seat + 1) % 3, (seat + 2) % 3]:
            state, _ = act(state, bidder, "pass")
        state, _ = act(state, seat, "place", space=GAME.legal_moves(state, seat)[0]["space"])
        state, events = act(state, seat, "end_turn")
    assert events[0]["type"] == "deck_card_offered"
    assert events[0]["reason"] == "round_without_draw"
    assert state["lot"] == "saphir-4" and state["hands"][0] == ["rubin-2"]
    assert state["quiet_auctions"] == 3


def test_stage_one_ends_when_the_deck_is_empty_and_the_richest_player_starts_stage_two():
    state = table(HANDS3, deck=["perle-1"], cash=[20_000, 20_000, 25_000])
    state, _ = act(state, 0, "offer", card="rubin-1")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 0, "place", space=GAME.legal_moves(state, 0)[0]["space"])
    state, events = act(state, 0, "draw")
    assert {"type": "reconstruction_begins", "seat": 2} in events
    assert state["stage"] == 2 and GAME.to_act(state) == [2]


def test_a_tie_for_the_richest_goes_first_to_the_last_auctioneers_left_neighbour_clockwise():
    hands = [["rubin-1"], ["saphir-3"], ["amethyst-4"], ["perle-2"]]
    state = table(hands, deck=["perle-1"], cash=[30_000, 20_000, 20_000, 30_000], first=2)
    state, _ = act(state, 2, "offer", card="amethyst-4")
    for seat in (3, 0, 1):
        state, _ = act(state, seat, "pass")
    state, _ = act(state, 2, "place", space=GAME.legal_moves(state, 2)[0]["space"])
    state, events = act(state, 2, "draw")
    # Seats 0 and 3 are richest with 30,000; going round from seat 3 (left of seat 2), 3 is first.
    assert {"type": "reconstruction_begins", "seat": 3} in events


# ---------------------------------------------------------------------- stage 2: reconstruction


def test_in_stage_two_each_player_lays_a_card_and_takes_his_reward():
    board = board_with({(0, 0): "rubin-1", (0, 1): "rubin-2"})
    state = reconstruction([["rubin-3"], ["saphir-3"], ["amethyst-4"]], board)
    expected = reward(occupied(state), (0, 2))
    state, events = act(state, 0, "place", card="rubin-3", space=[0, 2])
    assert events[0]["reward"] == expected == 3000
    assert state["cash"][0] == START_CASH + expected
    assert GAME.to_act(state) == [1]


def test_a_forgery_may_be_discarded_instead_of_laying_a_card():
    board = board_with({(0, 0): "rubin-1"})
    state = reconstruction([["rubin-1", "perle-2"], ["saphir-3"], ["amethyst-4"]], board)
    assert {"type": "discard", "card": "rubin-1"} in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="no forgery"):
        act(state, 0, "discard", card="perle-2")
    state, events = act(state, 0, "discard", card="rubin-1")
    assert {"type": "forgery", "seat": 0, "card": "rubin-1"} in events
    assert state["forgeries"] == ["rubin-1"] and GAME.to_act(state) == [1]


def test_a_joker_is_no_forgery_while_the_necklace_is_not_full():
    state = reconstruction([["joker", "perle-2"], ["saphir-3"], ["amethyst-4"]], board_with({}))
    with pytest.raises(IllegalMove, match="no forgery"):
        act(state, 0, "discard", card="joker")


def test_a_joker_laid_stands_for_the_settled_piece_and_earns_a_reward():
    board = board_with({(1, 0): "smaragd-1"})
    state = reconstruction([["joker"], ["smaragd-2", "smaragd-2"], ["amethyst-4"]], board)
    state, events = act(state, 0, "place", card="joker", space=[1, 1])
    assert events[0]["piece"] == "smaragd-2" and events[0]["reward"] == 2000
    assert state["board"][INDEX[(1, 1)]] == {"piece": "smaragd-2", "joker": True}
    state, _ = act(state, 1, "place", card="smaragd-2", space=[-1, 1])
    assert GAME.legal_moves(state, 2)  # seat 2 plays on; seat 1's second copy is now false
    assert spaces_for(state, "smaragd-2") == set()


def test_players_without_cards_are_skipped():
    board = board_with({(0, 0): "rubin-1"})
    state = reconstruction([["perle-2"], [], ["amethyst-4"]], board)
    state, _ = act(state, 0, "place", card="perle-2", space=GAME.legal_moves(state, 0)[0]["space"])
    assert GAME.to_act(state) == [2]


def test_players_holding_only_jokers_with_no_space_are_skipped():
    # Laying the last pearl settles nothing new: no space is certain enough for a joker.
    board = outer_columns_but((4, 1))
    state = reconstruction([["perle-2", "rubin-1"], ["joker"], ["amethyst-4"]], board)
    state, _ = act(state, 0, "place", card="perle-2", space=[4, 1])
    assert GAME.to_act(state) == [2]


def test_when_the_necklace_is_full_the_jokers_held_are_forgeries_and_the_game_ends():
    layout = {space: piece for space, piece in zip(SPACES, first_layout(), strict=True)}
    last = (0, 3)
    board = board_with({s: p for s, p in layout.items() if s != last})
    state = reconstruction([[layout[last]], ["joker"], ["joker", "rubin-1"]], board)
    state, events = act(state, 0, "place", card=layout[last], space=list(last))
    assert sorted(state["forgeries"]) == ["joker", "joker", "rubin-1"]
    assert GAME.is_over(state) and state["end"] == "necklace_full"
    assert events[-1]["type"] == "game_over"


def test_the_game_ends_when_a_round_passes_in_which_nobody_can_lay_or_discard():
    board = outer_columns_but((4, 1))
    state = reconstruction([["perle-2"], ["joker"], ["joker"]], board)
    state, events = act(state, 0, "place", card="perle-2", space=[4, 1])
    assert GAME.is_over(state) and state["end"] == "no_card_fits"
    assert GAME.to_act(state) == []
    assert events[-1]["type"] == "game_over"


def test_the_richest_player_wins_and_ties_share():
    state = reconstruction([["perle-2"], [], []], board_with({}), cash=[20_000, 25_000, 21_000])
    state, events = act(state, 0, "place", card="perle-2", space=[4, 1])
    outcome = GAME.outcome(state)
    assert (outcome["scores"], outcome["winners"]) == ([21_000, 25_000, 21_000], [1])
    state = reconstruction([["perle-2"], [], []], board_with({}), cash=[24_000, 25_000, 21_000])
    state, events = act(state, 0, "place", card="perle-2", space=[4, 1])
    assert GAME.outcome(state)["winners"] == [0, 1]
    assert events[-1]["winners"] == [0, 1]


# ---------------------------------------------------------------------- views


def test_hands_are_hidden_from_others_but_their_sizes_are_public():
    state = GAME.new_game(5, 4)
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert "hands" not in view
        assert view["hand_counts"] == [len(h) for h in state["hands"]]
        if seat is None:
            assert "hand" not in view
        else:
            assert view["hand"] == state["hands"][seat]


def test_the_deck_is_hidden_from_everyone_but_its_size():
    state = GAME.new_game(5, 4)
    view = GAME.view(state, None)
    assert "deck" not in view and view["deck_count"] == len(state["deck"])
    shuffled = GAME.copy_state(state)
    random.Random(1).shuffle(shuffled["deck"])
    assert shuffled != state
    for seat in (None, 0, 1, 2, 3):
        assert GAME.view(shuffled, seat) == GAME.view(state, seat)


def test_a_drawn_card_is_seen_only_by_its_drawer():
    event = {
        "type": "drew",
        "seat": 0,
        "price": DRAW_PRICE,
        "hidden": {"card": "saphir-4"},
        "seen_by": [0],
    }
    assert GAME.view_events([event], 0)[0]["card"] == "saphir-4"
    assert "card" not in GAME.view_events([event], 1)[0]
    assert "card" not in GAME.view_events([event], None)[0]


def test_money_the_board_the_lot_and_the_forgeries_are_public():
    state = table(HANDS3, board=board_with({(0, 0): "rubin-1"}))
    state["forgeries"] = ["rubin-1"]
    state, _ = act(state, 0, "offer", card="perle-2")
    view = GAME.view(state, None)
    assert view["cash"] == state["cash"] and view["board"] == state["board"]
    assert view["lot"] == "perle-2" and view["forgeries"] == ["rubin-1"]
    assert [0, 0] not in view["lot_spaces"]
    assert view["possible"][INDEX[(0, 1)]] == ["rubin-2"]
    assert view["possible"][INDEX[(0, 0)]] == []


def test_illegal_input_is_refused_with_a_reason_and_changes_nothing():
    kit.check_illegal_input(GAME, 4)
    state = table(HANDS3)
    state, _ = act(state, 0, "offer", card="rubin-1")
    for bad in (
        {"type": "bid"},
        {"type": "bid", "amount": "lots"},
        {"type": "sell"},
        {"type": "place", "space": [9, 9]},
    ):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 1, bad)


# ---------------------------------------------------------------------- the kit


def cards_in(state: dict) -> Counter:
    """Every card of the game wherever it is: deck, hands, board, forgeries, the lot."""
    cards = Counter(state["deck"]) + Counter(state["forgeries"])
    for hand in state["hands"]:
        cards += Counter(hand)
    for entry in state["board"]:
        if entry is not None:
            cards[JOKER if entry["joker"] else entry["piece"]] += 1
    if state["lot"] is not None:
        cards[state["lot"]] += 1
    return cards


def invariants(state: dict) -> None:
    """The board fits a complete necklace; every card is somewhere exactly once; money moves only
    by the rules; forgeries stay false; without jokers the finished necklace is full with 8
    forgeries."""
    board, options = state["board"], state["options"]
    live = live_layouts(board)
    assert live, "no complete necklace agrees with the board"
    expected = Counter(REAL_CARDS)
    if not options["no-jokers"]:
        expected[JOKER] = JOKERS
    assert cards_in(state) == expected
    n = state["players"]
    assert all(c >= 0 for c in state["cash"])
    assert sum(state["cash"]) == START_CASH * n + state["rewards_paid"] - state["fees_paid"]
    assert state["fees_paid"] % DRAW_PRICE == 0
    for card in state["forgeries"]:
        if card != JOKER:
            assert not card_spaces(board, live, card, options["joker-symmetry"])
    auction = state["auction"]
    if auction is not None and auction["bidder"] is not None and state["phase"] == "bidding":
        assert auction["bid"] <= state["cash"][auction["bidder"]]
    if GAME.is_over(state):
        assert not any(state["deck"])
        if not options["joker-symmetry"]:
            assert None not in board
        if options["no-jokers"]:
            assert len(state["forgeries"]) == 8


def perturb_hidden(state: dict, seat: int | None, rng: random.Random) -> dict | None:
    """Swap two cards the seat cannot see: in the deck (its order is hidden from everyone) or in
    other players' hands (only their number is public)."""
    places = [("deck", None, i) for i in range(len(state["deck"]))]
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            places += [("hand", other, i) for i in range(len(hand))]

    def where(place):
        kind, owner, i = place
        return (state["deck"] if kind == "deck" else state["hands"][owner]), i

    for _ in range(10):
        if len(places) < 2:
            return None
        (a, i), (b, j) = (where(p) for p in rng.sample(places, 2))
        if a[i] != b[j]:
            a[i], b[j] = b[j], a[i]
            return state
    return None


@pytest.mark.parametrize("players", [3, 5, 7])
def test_random_games_keep_every_rule(players):
    kit.check_random_games(
        GAME,
        players,
        invariants=invariants,
        perturb_hidden=perturb_hidden,
        examples=8,
        view_every=3,
    )


@pytest.mark.parametrize("options", [{"no-jokers": True}, {"joker-symmetry": True}])
def test_random_games_with_the_joker_variants(options):
    kit.check_random_games(
        GAME,
        4,
        options=options,
        invariants=invariants,
        perturb_hidden=perturb_hidden,
        examples=6,
        view_every=3,
    )


# Reward multipliers by the phase in which a card is laid: a buyer laying his card at once earns
# double, an auctioneer laying an unsold card nothing, stage 2 the plain reward.
REWARD_BY_PHASE = {"buyer": 2, "lay": 0, "reconstruction": 1}


def check_money(before: dict, after: dict, events: list[dict]) -> None:
    """Cash changes only by the rules: a sale moves the price from buyer to auctioneer, a draw
    pays 2,000 to the bank, a laid card earns its reward times the phase's multiplier."""
    n = before["players"]
    expected = [0] * n
    for event in events:
        if event["type"] == "sold":
            assert event["seller"] == before["auctioneer"] != event["buyer"]
            assert event["price"] <= before["cash"][event["buyer"]]
            expected[event["buyer"]] -= event["price"]
            expected[event["seller"]] += event["price"]
        elif event["type"] == "drew":
            assert event["price"] == DRAW_PRICE
            expected[event["seat"]] -= DRAW_PRICE
        elif event["type"] == "placed":
            space = tuple(event["space"])
            base = reward(occupied(before), space)
            assert event["reward"] == base * REWARD_BY_PHASE[before["phase"]]
            expected[event["seat"]] += event["reward"]
    assert [a - b for a, b in zip(after["cash"], before["cash"], strict=True)] == expected


@pytest.mark.parametrize("options", [{}, {"no-jokers": True}, {"joker-symmetry": True}])
def test_money_moves_only_by_the_rules_and_apply_leaves_its_input_alone(options):
    rng = random.Random(4)
    for game_no in range(12):
        state = GAME.new_game(rng.getrandbits(32), 3 + game_no % 5, options)
        assert state["rewards_paid"] == 0  # setup cards earn nothing
        while not GAME.is_over(state):
            seat, move = random_step(GAME, state, rng)
            snapshot = kit.roundtrip(state)
            after, events = GAME.apply(state, seat, move)
            assert state == snapshot, f"apply changed the state it was given ({move})"
            check_money(state, after, events)
            state = after


@pytest.mark.parametrize("players", [3, 5, 7])
def test_hundreds_of_random_games_end(players):
    kit.check_many_games(GAME, players, games=150)


def test_without_jokers_every_game_ends_with_a_full_necklace_and_eight_forgeries():
    from shared.randomplay import play_random_game

    for seed in range(60):
        state, _ = play_random_game(GAME, seed, 3 + seed % 5, {"no-jokers": True})
        assert None not in state["board"]
        assert len(state["forgeries"]) == 8
        assert Counter(state["forgeries"]) + Counter(e["piece"] for e in state["board"]) == (
            Counter(REAL_CARDS)
        )
