"""Das Kollier: one test per rule, with the rule text's worked examples; then the kit."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product

import pytest

from shared.engine import IllegalMove, OptionError, get_game, replay
from shared.games.das_kollier import best_necklace, best_split, necklace_value
from shared.games.das_kollier.gems import CARDS, GEMS, KINDS, SET_ASIDE, all_cards
from shared.games.das_kollier.hands import can_pay
from shared.games.das_kollier.tables import half_up
from shared.randomplay import play_random_game, random_step
from tests import kit

GAME = get_game("das-kollier")


def table(
    players: int = 4,
    *,
    lot: list[str],
    hands: dict[int, list[str]] | None = None,
    cash: list[int] | None = None,
    bank: int | None = None,
    auctioneer: int = 0,
    round: int = 1,
    deck_top: list[str] | None = None,
) -> dict:
    """A game at the choice of auction for `lot`, with the given hands, cash and round. The other
    cards form the deck (`deck_top` drawn first); the bank holds the money nobody else does."""
    state = GAME.new_game(1, players, {"first_seat": auctioneer})
    hands = hands or {}
    placed = Counter(lot) + Counter(deck_top or [])
    for gems in hands.values():
        placed += Counter(gems)
    set_aside = Counter(SET_ASIDE) - placed
    rest = Counter(all_cards()) - placed - set_aside
    assert not placed - Counter(all_cards()), "more gems than the game has"
    state["lot"] = list(lot)
    state["hands"] = [sorted(hands.get(s, []), key=KINDS.index) for s in range(players)]
    state["set_aside"] = sorted(set_aside.elements(), key=KINDS.index)
    state["deck"] = sorted(rest.elements(), key=KINDS.index) + list(reversed(deck_top or []))
    if cash is not None:
        state["cash"] = list(cash)
    state["bank"] = 60_000 - sum(state["cash"]) if bank is None else bank
    state["round"] = round
    return state


def run(state: dict, *moves: tuple[int, dict]) -> tuple[dict, list[dict]]:
    """Play (seat, move) pairs; the final state and all events."""
    events: list[dict] = []
    for seat, move in moves:
        state, new = GAME.apply(state, seat, move)
        events += new
    return state, events


def bid(amount: int) -> dict:
    return {"type": "bid", "amount": amount}


def opened(start: int) -> dict:
    return {"type": "open_auction", "start_price": start}


KNOCK = {"type": "knock_down"}
# The server's knock-down after the quiet time.
QUIET = {"type": "knock_down", "timer": True}
PASS = {"type": "pass"}
FALL = {"type": "falling_auction"}
ACCEPT = {"type": "accept"}
DECLINE = {"type": "decline"}


def pay(cash: int = 0, gems: list[str] | None = None, necklaces: list | None = None) -> dict:
    return {"type": "pay", "cash": cash, "gems": gems or [], "necklaces": necklaces or []}


# ---------------------------------------------------------------------- gems and necklaces


def test_forty_gem_cards_in_ten_kinds_most_valuable_rarest():
    assert sum(CARDS.values()) == 40
    values = [g.value for g in GEMS]
    assert values == sorted(values, reverse=True)
    assert [g.cards for g in GEMS] == sorted(g.cards for g in GEMS)


def test_necklace_value_worked_examples():
    # Smaragd 7,000 and two Turmaline 5,000: 17,000 × 2 kinds.
    assert necklace_value(["smaragd", "turmalin", "turmalin"]) == 34_000
    # Rubin, two Topase, four Achate: 29,000 × 3 kinds.
    assert necklace_value(["rubin"] + ["topas"] * 2 + ["achat"] * 4) == 87_000
    # Amethyst, four Opale, two Türkise, two Achate: 22,000 × 4 kinds.
    assert necklace_value(["amethyst"] + ["opal"] * 4 + ["tuerkis"] * 2 + ["achat"] * 2) == 88_000
    # The necklace sold to the bank: Amethyst and two Achate.
    assert necklace_value(["achat", "amethyst", "achat"]) == 12_000


@pytest.mark.parametrize(
    ("gems", "why"),
    [
        (["smaragd"], "at least one pair"),
        (["turmalin", "turmalin"], "at least one pair"),
        (["smaragd", "smaragd", "turmalin", "turmalin"], "centre"),
        (["turmalin", "smaragd", "smaragd"], "centre"),
        (["smaragd", "turmalin", "turmalin", "opal"], "pairs"),
        (["smaragd", "glass", "glass"], "no gem"),
    ],
)
def test_necklace_value_says_why_gems_are_no_necklace(gems, why):
    with pytest.raises(ValueError, match=why):
        necklace_value(gems)


def test_best_necklace_takes_every_pair_below_the_best_centre():
    hand = ["rubin", "topas", "topas", "achat", "achat", "achat", "achat", "achat", "opal"]
    assert best_necklace(hand) == (87_000, ["rubin", "topas", "topas"] + ["achat"] * 4)
    assert best_necklace(["diamant", "rubin", "opal"]) == (0, [])
    assert best_necklace([]) == (0, [])


def test_best_necklace_is_centred_on_the_best_gem_with_a_pair_below():
    hand = ["diamant", "rubin", "topas", "topas", "achat", "achat", "achat"]
    assert best_necklace(hand) == (84_000, ["diamant", "topas", "topas", "achat", "achat"])


def test_best_split_may_cut_a_hand_into_two_necklaces():
    # Two Smaragde and four Turmaline: two necklaces of 34,000 beat one of 54,000 + a Smaragd.
    hand = ["smaragd", "smaragd"] + ["turmalin"] * 4
    assert best_split(hand) == (68_000, [["smaragd", "turmalin", "turmalin"]] * 2)


def test_best_split_is_exact_on_random_hands():
    def brute(gems: list[str]) -> int:
        if not gems:
            return 0
        top, rest = gems[0], gems[1:]
        best = GEMS[KINDS.index(top)].value + brute(rest)
        lower = sorted({g for g in rest if g != top}, key=KINDS.index)
        choices = [[]]
        for kind in lower:
            pairs = rest.count(kind) // 2
            choices = [c + [kind] * 2 * k for c in choices for k in range(pairs + 1)]
        for chosen in choices:
            if chosen:
                left = list((Counter(rest) - Counter(chosen)).elements())
                left.sort(key=KINDS.index)
                best = max(best, necklace_value([top, *chosen]) + brute(left))
        return best

    rng = random.Random(5)
    for _ in range(300):
        hand = sorted(rng.sample(all_cards(), rng.randint(0, 9)), key=KINDS.index)
        total, necklaces = best_split(hand)
        assert total == brute(hand)
        left = Counter(hand)
        for necklace in necklaces:
            assert not Counter(necklace) - left
            left -= Counter(necklace)
        singles = sum(GEMS[KINDS.index(g)].value for g in left.elements())
        assert total == sum(map(necklace_value, necklaces)) + singles


@cache
def plain_split(counts: tuple[int, ...]) -> int:
    """The best payment value by trying everything for the most valuable gem left: alone, or
    the centre of a necklace with any number of pairs of each lower kind (memoized on the
    gems left, so hands of 20-odd gems stay quick)."""
    top = next((k for k, count in enumerate(counts) if count), None)
    if top is None:
        return 0
    rest = list(counts)
    rest[top] -= 1
    best = GEMS[top].value + plain_split(tuple(rest))
    lower = range(top + 1, len(counts))
    for pairs in product(*[range(rest[k] // 2 + 1) for k in lower]):
        if not any(pairs):
            continue
        left, worth = rest[:], GEMS[top].value
        for k, p in zip(lower, pairs, strict=True):
            left[k] -= 2 * p
            worth += 2 * p * GEMS[k].value
        best = max(best, worth * (1 + sum(1 for p in pairs if p)) + plain_split(tuple(left)))
    return best


def test_best_split_agrees_with_the_plain_search_on_large_random_hands():
    rng = random.Random(8)
    for _ in range(80):
        hand = rng.sample(all_cards(), rng.randint(10, 22))
        counts = Counter(hand)
        assert best_split(hand)[0] == plain_split(tuple(counts[k] for k in KINDS))


def test_best_split_handles_all_forty_gems():
    # The Diamant with every pair below: 144,000 × 10 kinds; the odd Granat, Amethyst and Türkis
    # count singly.
    total, necklaces = best_split(all_cards())
    assert total == 1_452_000
    assert len(necklaces) == 1 and necklace_value(necklaces[0]) == 1_440_000


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "each"), [(3, 20_000), (4, 15_000), (5, 12_000), (6, 10_000)])
def test_the_sixty_thousand_are_dealt_out_and_the_bank_starts_empty(players, each):
    state = GAME.new_game(3, players)
    assert state["cash"] == [each] * players
    assert state["bank"] == 0


def test_diamant_rubine_and_topase_are_set_aside_for_the_second_deck():
    state = GAME.new_game(3, 4)
    assert sorted(state["set_aside"]) == sorted(["diamant", "rubin", "rubin", "topas", "topas"])
    assert len(state["deck"]) + len(state["lot"]) == 35
    assert not {"diamant", "rubin", "topas"} & set(state["deck"] + state["lot"])


def test_player_counts_outside_three_to_six_are_refused():
    with pytest.raises(OptionError, match="3–6 players"):
        GAME.new_game(1, 2)
    with pytest.raises(OptionError, match="quiet_time"):
        GAME.new_game(1, 4, {"quiet_time": 0})


def test_lot_is_revealed_until_the_threshold_amethyst_then_tuerkis():
    # Four players: an Amethyst (4,000) is too little alone; a Türkis makes 6,000.
    state = table(lot=["granat"], deck_top=["amethyst", "tuerkis", "opal"])
    state, events = run(state, (0, FALL), (1, ACCEPT), (1, pay(6_000)))
    assert state["lot"] == ["amethyst", "tuerkis"]
    assert events[-1] == {
        "type": "lot_revealed",
        "seat": 1,
        "gems": ["amethyst", "tuerkis"],
        "value": 6_000,
    }


@pytest.mark.parametrize(("players", "lot"), [(5, ["opal", "tuerkis"]), (6, ["opal", "achat"])])
def test_five_players_auction_from_5000_and_six_from_4000(players, lot):
    state = table(players, lot=["granat"], deck_top=[*lot, "achat"])
    state, _ = run(state, (0, FALL), (1, ACCEPT), (1, pay(6_000)))
    assert state["lot"] == lot


# ---------------------------------------------------------------------- the open auction


def test_open_auction_everyone_but_the_auctioneer_bids_at_any_moment():
    state, _ = run(table(lot=["smaragd"], auctioneer=2), (2, opened(7_000)))
    assert GAME.to_act(state) == [0, 1, 3]
    assert GAME.legal_moves(state, 2) == []
    with pytest.raises(IllegalMove, match="auctioneer may not bid"):
        GAME.apply(state, 2, bid(8_000))


def test_start_price_is_at_least_the_lots_base_value_in_thousands():
    state = table(lot=["smaragd"])
    with pytest.raises(IllegalMove, match="at least the lot's base value, 7,000"):
        GAME.apply(state, 0, opened(6_000))
    with pytest.raises(IllegalMove, match="whole number of thousands"):
        GAME.apply(state, 0, opened(7_500))


def test_first_bid_at_least_the_start_price_then_each_1000_more():
    state, _ = run(table(lot=["smaragd"]), (0, opened(9_000)))
    with pytest.raises(IllegalMove, match="at least the start price, 9,000"):
        GAME.apply(state, 1, bid(8_000))
    state, _ = run(state, (1, bid(9_000)))
    with pytest.raises(IllegalMove, match="bids must rise by 1,000; the current bid is 9,000"):
        GAME.apply(state, 3, bid(9_000))
    state, _ = run(state, (3, bid(10_000)), (1, bid(12_000)))
    assert state["auction"]["bid"] == 12_000 and state["auction"]["bidder"] == 1


def test_highest_bidder_and_passed_bidders_wait_for_a_new_bid():
    state, _ = run(table(lot=["smaragd"]), (0, opened(7_000)), (1, bid(7_000)), (2, PASS))
    assert GAME.to_act(state) == [3]
    with pytest.raises(IllegalMove, match="highest bid"):
        GAME.apply(state, 1, bid(9_000))
    state, _ = run(state, (3, bid(8_000)))
    assert GAME.to_act(state) == [1, 2]


def test_auctioneer_knocks_down_to_the_highest_bidder_who_runs_the_next_auction():
    state, events = run(
        table(lot=["smaragd"]),
        (0, opened(7_000)),
        (1, bid(7_000)),
        (2, bid(9_000)),
        (1, PASS),
        (3, PASS),
        (0, KNOCK),
    )
    assert {"type": "knocked_down", "buyer": 2, "price": 9_000} in events
    assert GAME.to_act(state) == [2] and state["phase"] == "pay"
    state, _ = run(state, (2, pay(9_000)))
    assert "smaragd" in state["hands"][2]
    assert state["auctioneer"] == 2 and GAME.to_act(state) == [2]
    assert state["round"] == 2


def test_the_auctioneer_knocks_down_only_after_every_other_seat_has_passed_since_the_last_bid():
    # Rules audit 2: the others must have had their chance; until then the quiet time decides.
    state, _ = run(table(lot=["smaragd"]), (0, opened(7_000)))
    assert {"type": "knock_down"} not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="every other seat has passed") as refused:
        GAME.apply(state, 0, KNOCK)
    assert refused.value.code == "not_your_turn"
    state, _ = run(state, (1, PASS), (2, bid(7_000)), (3, PASS))
    # Seat 1 passed before the last bid: its pass no longer counts.
    assert GAME.to_act(state) == [1]
    with pytest.raises(IllegalMove, match="every other seat has passed"):
        GAME.apply(state, 0, KNOCK)
    state, _ = run(state, (1, PASS))
    assert GAME.to_act(state) == [0] and GAME.legal_moves(state, 0) == [KNOCK]
    state, events = run(state, (0, KNOCK))
    assert {"type": "knocked_down", "buyer": 2, "price": 7_000} in events


def test_nobody_bids_the_auctioneer_knocks_down_to_himself_once_all_passed():
    state, _ = run(table(lot=["smaragd"]), (0, opened(8_000)), (1, PASS), (2, PASS))
    with pytest.raises(IllegalMove, match="every other seat has passed"):
        GAME.apply(state, 0, KNOCK)
    state, events = run(state, (3, PASS), (0, KNOCK))
    assert {"type": "knocked_down", "buyer": 0, "price": 8_000} in events


def test_the_quiet_time_knocks_down_before_everyone_has_passed():
    state, _ = run(table(lot=["smaragd"]), (0, opened(7_000)), (2, bid(8_000)))
    state, events = run(state, (0, QUIET))
    assert {"type": "knocked_down", "buyer": 2, "price": 8_000} in events
    with pytest.raises(IllegalMove, match="true or false"):
        GAME.apply(run(table(lot=["smaragd"]), (0, opened(7_000)))[0], 0, {**KNOCK, "timer": 1})


def test_quiet_time_knock_down_is_a_timer_move_for_the_server():
    state = table(lot=["smaragd"])
    assert GAME.timer(state) is None
    state, _ = run(state, (0, opened(7_000)))
    assert GAME.timer(state) == {"seconds": 8, "seat": 0, "move": QUIET}
    custom = GAME.new_game(1, 4, {"quiet_time": 5, "first_seat": 1})
    custom = GAME.apply(custom, 1, {"type": "open_auction", "start_price": 100_000})[0]
    assert GAME.timer(custom)["seconds"] == 5


def test_nobody_bids_so_the_auctioneer_buys_at_his_start_price_without_commission():
    state = table(lot=["smaragd"], bank=0, cash=[15_000] * 4)
    state, events = run(state, (0, opened(8_000)), (0, QUIET), (0, pay(8_000)))
    assert {"type": "knocked_down", "buyer": 0, "price": 8_000} in events
    assert state["cash"][0] == 7_000 and state["bank"] == 8_000
    assert "smaragd" in state["hands"][0] and state["auctioneer"] == 0


# ---------------------------------------------------------------------- the falling auction


def decline_round(state: dict, seats: list[int]) -> dict:
    return run(state, *[(s, DECLINE) for s in seats])[0]


def test_falling_auction_goes_round_from_the_left_and_falls_1000_a_round():
    state, _ = run(table(lot=["smaragd"], auctioneer=2), (2, FALL))
    assert state["auction"] == {"price": 7_000, "asked": 3}
    state = decline_round(state, [3, 0, 1])
    assert state["auction"] == {"price": 6_000, "asked": 3}
    with pytest.raises(IllegalMove, match="seat 3's turn"):
        GAME.apply(state, 0, ACCEPT)


def test_falling_auction_bought_at_base_value_commission_half_but_at_least_4000():
    state = table(lot=["smaragd"], cash=[0, 15_000, 0, 0], bank=45_000)
    state, events = run(state, (0, FALL), (1, ACCEPT), (1, pay(7_000)))
    # Half of 7,000 rounded up is 4,000.
    assert {"type": "commission", "seat": 0, "cash": 4_000} in events
    assert state["cash"] == [4_000, 8_000, 0, 0] and state["bank"] == 48_000


def test_falling_example_smaragd_bought_at_5000_gives_4000_commission():
    # A Smaragd is offered falling; player C (seat 3) takes it at 5,000. The auctioneer either
    # takes 4,000 commission (half is 3,000, topped up by the bank)...
    state = table(lot=["smaragd"], cash=[0, 0, 0, 15_000], bank=45_000)
    state, _ = run(state, (0, FALL))
    state = decline_round(state, [1, 2, 3, 1, 2, 3])
    state, _ = run(state, (1, DECLINE), (2, DECLINE), (3, ACCEPT))
    assert state["phase"] == "preempt" and GAME.to_act(state) == [0]
    waived, events = run(state, (0, {"type": "waive"}), (3, pay(5_000)))
    assert {"type": "commission", "seat": 0, "cash": 4_000} in events
    assert waived["cash"] == [4_000, 0, 0, 10_000] and waived["bank"] == 46_000
    assert "smaragd" in waived["hands"][3]
    # ... or he buys the Smaragd himself for 5,000: all to the bank, and C gets 1,000.
    state["cash"][0], state["bank"] = 5_000, 40_000
    taken, events = run(state, (0, {"type": "preempt"}), (0, pay(5_000)))
    assert {"type": "compensation", "seat": 3, "amount": 1_000} in events
    assert taken["cash"] == [0, 0, 0, 16_000] and taken["bank"] == 44_000
    assert "smaragd" in taken["hands"][0] and taken["auctioneer"] == 0


def test_no_preemption_when_bought_at_the_base_value():
    state, _ = run(table(lot=["smaragd"]), (0, FALL), (1, ACCEPT))
    assert state["phase"] == "pay" and state["auction"]["buyer"] == 1


def test_falling_commission_top_up_only_as_far_as_the_bank_holds():
    state = table(lot=["achat"] * 6, cash=[0, 1_000, 0, 0], bank=0)
    state["cash"][2] = 59_000  # all the other money is in a hand, none in the bank
    state, _ = run(state, (0, FALL))
    for _ in range(5):
        state = decline_round(state, [1, 2, 3])
    state, _ = run(state, (1, ACCEPT), (0, {"type": "waive"}))
    state, events = run(state, (1, pay(1_000)))
    assert {"type": "commission", "seat": 0, "cash": 1_000} in events
    assert state["bank"] == 0


def test_all_decline_at_zero_the_auctioneer_takes_the_lot_for_nothing():
    state, _ = run(table(lot=["achat"] * 6, bank=0), (0, FALL))
    for _ in range(7):
        state = decline_round(state, [1, 2, 3])
    assert state["hands"][0] == ["achat"] * 6
    assert state["cash"] == [15_000] * 4 and state["auctioneer"] == 0 and state["round"] == 2


def test_in_rounds_1_to_6_an_auctioneer_short_of_cash_must_let_the_lot_fall():
    state = table(lot=["smaragd"], cash=[6_000, 18_000, 18_000, 18_000], round=6)
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"falling_auction"}
    with pytest.raises(IllegalMove, match="must run a falling auction"):
        GAME.apply(state, 0, opened(7_000))
    state["round"] = 7
    assert GAME.apply(state, 0, opened(7_000))[0]["phase"] == "open"


# ---------------------------------------------------------------------- payment and commission


def won(state: dict, price: int, buyer: int = 1) -> dict:
    start = state["lot"] and sum(GEMS[KINDS.index(g)].value for g in state["lot"])
    return run(state, (0, opened(start)), (buyer, bid(price)), (0, QUIET))[0]


def test_rounds_1_to_6_are_paid_in_cash_only():
    state = won(table(lot=["smaragd"], hands={1: ["granat"]}, round=6), 8_000)
    assert GAME.legal_moves(state, 1)[0] == pay(8_000)
    with pytest.raises(IllegalMove, match="must be paid in cash"):
        GAME.apply(state, 1, pay(2_000, ["granat"]))


def test_commission_example_13000_paid_with_7000_and_a_granat():
    # Player A wins for 13,000 and pays 7,000 and a Granat: the auctioneer takes the Granat or
    # 4,000 in cash (half of 7,000, rounded up).
    state = table(lot=["smaragd"], hands={1: ["granat"]}, cash=[0, 15_000, 0, 0], round=7)
    state = won(state, 13_000)
    state, events = run(state, (1, pay(7_000, ["granat"])))
    paid = events[0]
    assert GAME.view_events([paid], 2)[0] == {
        "type": "paid",
        "seat": 1,
        "price": 13_000,
        "cash": 7_000,
        "gem_count": 1,
    }
    assert GAME.view_events([paid], 0)[0]["gems"] == ["granat"]
    assert GAME.legal_moves(state, 0) == [
        {"type": "commission", "take": "cash"},
        {"type": "commission", "take": "granat"},
    ]
    cash, _ = run(state, (0, {"type": "commission", "take": "cash"}))
    assert cash["cash"][0] == 4_000 and "granat" in cash["bank_gems"]
    gem, events = run(state, (0, {"type": "commission", "take": "granat"}))
    assert gem["cash"][0] == 0 and gem["hands"][0] == ["granat"]
    assert GAME.view_events(events, 2)[0] == {
        "type": "commission",
        "seat": 0,
        "cash": 0,
        "gem_count": 1,
    }
    assert GAME.view_events(events, 1)[0]["gem"] == "granat"


def test_commission_example_15000_paid_with_a_16000_necklace_no_change():
    # Player B wins for 15,000 and pays with a necklace worth 16,000: no change; the auctioneer
    # takes an Amethyst or a Türkis.
    necklace = ["amethyst", "tuerkis", "tuerkis"]
    state = table(lot=["smaragd"], hands={1: necklace}, cash=[0, 15_000, 0, 0], round=7)
    state = won(state, 15_000)
    assert pay(0, [], [necklace]) in GAME.legal_moves(state, 1)
    state, _ = run(state, (1, pay(0, [], [necklace])))
    assert state["cash"][1] == 15_000
    takes = [m["take"] for m in GAME.legal_moves(state, 0)]
    assert takes == ["cash", "amethyst", "tuerkis"]
    state, _ = run(state, (0, {"type": "commission", "take": "tuerkis"}))
    assert state["hands"][0] == ["tuerkis"]
    assert Counter(state["bank_gems"]) >= Counter(["amethyst", "tuerkis"])


def test_payments_must_cover_the_price_and_cash_never_pays_beyond_the_rest():
    hand = ["granat", "opal", "achat"]
    state = won(table(lot=["smaragd"], hands={1: hand}, round=7), 8_000)
    with pytest.raises(IllegalMove, match="less than the price"):
        GAME.apply(state, 1, pay(1_000, ["granat"]))
    with pytest.raises(IllegalMove, match="exactly 2,000"):
        GAME.apply(state, 1, pay(3_000, ["granat"]))
    with pytest.raises(IllegalMove, match="exactly 0"):
        GAME.apply(state, 1, pay(1_000, ["granat", "opal"]))
    with pytest.raises(IllegalMove, match="no necklace"):
        GAME.apply(state, 1, pay(0, [], [["granat", "opal"]]))
    with pytest.raises(IllegalMove, match="do not hold a smaragd"):
        GAME.apply(state, 1, pay(1_000, ["smaragd"]))
    assert run(state, (1, pay(0, ["granat", "opal"])))[0]["cash"][1] == 15_000


def test_gems_and_necklaces_may_overpay_and_no_change_is_given():
    # Rules audit 3: "Bei Überzahlung durch Edelsteine oder ein Kollier erfolgt keine
    # Geldrückgabe." 6,000 + 3,000 + 1,000 = 10,000 for a price of 8,000: the achat is spare.
    hand = ["granat", "opal", "achat"]
    state = won(table(lot=["smaragd"], hands={1: hand}, round=7, bank=0), 8_000)
    cash_before = state["cash"][1]
    state, events = run(state, (1, pay(0, hand)))
    assert state["cash"][1] == cash_before and state["phase"] == "commission"
    assert sorted(state["auction"]["paid_gems"]) == sorted(hand)
    assert not any(e["type"] in ("compensation", "debt_paid") for e in events)
    state, _ = run(state, (0, {"type": "commission", "take": "achat"}))
    assert "achat" in state["hands"][0] and state["bank"] == 0
    # A necklace worth 12,000 for a price of 8,000, with cash besides: refused, cash 0 taken.
    necklace = ["amethyst", "achat", "achat"]
    state = won(table(lot=["smaragd"], hands={1: necklace}, round=7), 8_000)
    with pytest.raises(IllegalMove, match="exactly 0"):
        GAME.apply(state, 1, pay(1_000, [], [necklace]))
    state, _ = run(state, (1, pay(0, [], [necklace])), (0, {"type": "commission", "take": "cash"}))
    assert state["hands"][1] == ["smaragd"] and state["cash"][0] == 15_000


def test_no_commission_when_the_auctioneer_buys_his_own_lot():
    state = table(lot=["smaragd"], cash=[15_000, 15_000, 15_000, 15_000], bank=0)
    state, events = run(state, (0, opened(7_000)), (0, QUIET), (0, pay(7_000)))
    assert not [e for e in events if e["type"] == "commission"]
    assert state["bank"] == 7_000 and state["cash"][0] == 8_000


def test_open_commission_is_half_the_cash_rounded_up():
    assert [half_up(c) for c in (0, 1_000, 7_000, 8_000, 13_000)] == [0, 1_000, 4_000, 4_000, 7_000]
    state = table(lot=["smaragd"], cash=[7_000, 15_000, 0, 0])
    state, events = run(won(state, 9_000), (1, pay(9_000)))
    assert {"type": "commission", "seat": 0, "cash": 5_000} in events


# ---------------------------------------------------------------------- failing to pay


def test_a_bid_beyond_ones_means_is_allowed_and_reveals_nothing():
    state = table(lot=["smaragd"], cash=[15_000, 2_000, 29_000, 14_000])
    state, _ = run(state, (0, opened(7_000)))
    state, events = run(state, (1, bid(40_000)))
    assert events == [{"type": "bid", "seat": 1, "amount": 40_000}]


def test_a_winner_who_cannot_pay_pays_3000_and_the_lot_is_auctioned_again():
    state = table(lot=["smaragd"], cash=[15_000, 5_000, 20_000, 20_000], bank=0)
    state = won(state, 8_000)
    assert GAME.legal_moves(state, 1) == [{"type": "default"}]
    with pytest.raises(IllegalMove, match="do not hold a granat"):
        GAME.apply(state, 1, {"type": "default", "gem": "granat"})
    state, events = run(state, (1, {"type": "default"}))
    assert state["cash"][1] == 2_000 and state["bank"] == 3_000
    assert state["phase"] == "choose" and state["auctioneer"] == 0 and state["lot"] == ["smaragd"]
    assert state["round"] == 1 and state["defaulters"] == [1]
    assert events[-1] == {"type": "rerun", "seat": 0, "lot": ["smaragd"]}
    # In the rerun he may not bid more than he can pay; the others may.
    state, _ = run(state, (0, opened(7_000)))
    with pytest.raises(IllegalMove, match="only offer what you can pay"):
        GAME.apply(state, 1, bid(7_000))
    assert [m for m in GAME.legal_moves(state, 1) if m["type"] == "bid"] == []
    assert run(state, (2, bid(30_000)))[0]["auction"]["bidder"] == 2


def test_in_the_rerun_a_defaulter_may_not_accept_or_start_beyond_his_means():
    # Seat 1 bids 8,000 with 2,000 in hand and pays all his cash as the penalty; in the rerun's
    # falling auction he may not accept 7,000, and only declining is listed for him.
    state = table(lot=["smaragd"], cash=[15_000, 2_000, 21_000, 22_000])
    state, _ = run(won(state, 8_000), (1, {"type": "default"}))
    state, _ = run(state, (0, FALL))
    with pytest.raises(IllegalMove, match="only offer what you can pay"):
        GAME.apply(state, 1, ACCEPT)
    assert GAME.legal_moves(state, 1) == [DECLINE]
    # An auctioneer who could not pay for his own lot starts the rerun only at what he can pay.
    state = table(lot=["smaragd"], cash=[12_000, 16_000, 16_000, 16_000])
    state, _ = run(state, (0, opened(13_000)), (0, QUIET), (0, {"type": "default"}))
    assert state["cash"][0] == 9_000 and state["defaulters"] == [0]
    with pytest.raises(IllegalMove, match="only offer what you can pay"):
        GAME.apply(state, 0, opened(10_000))
    starts = [m["start_price"] for m in GAME.legal_moves(state, 0) if m["type"] == "open_auction"]
    assert starts == [7_000, 8_000, 9_000]
    assert GAME.apply(state, 0, opened(9_000))[0]["phase"] == "open"


def test_in_the_rerun_a_defaulting_auctioneer_may_not_preempt_beyond_his_means():
    state = table(lot=["smaragd"], cash=[8_000, 17_000, 17_000, 18_000])
    state, _ = run(state, (0, opened(9_000)), (0, QUIET), (0, {"type": "default"}))
    assert state["cash"][0] == 5_000
    # Rounds 1–6 and 5,000 < 7,000: the rerun must fall. Seat 1 takes it at 6,000.
    state, _ = run(state, (0, FALL))
    state = decline_round(state, [1, 2, 3])
    state, _ = run(state, (1, ACCEPT))
    assert state["phase"] == "preempt"
    with pytest.raises(IllegalMove, match="only offer what you can pay"):
        GAME.apply(state, 0, {"type": "preempt"})
    assert GAME.legal_moves(state, 0) == [{"type": "waive"}]


def test_a_refused_move_changes_nothing():
    state = won(table(lot=["smaragd"], hands={1: ["granat", "opal"]}, round=7), 8_000)
    snapshot = kit.roundtrip(state)
    for move in (
        pay(1_000, ["granat"]),
        pay(0, ["granat", "opal", "opal"]),
        {"type": "sell", "gems": ["granat", "smaragd"]},
        {"type": "default", "gem": "granat"},
    ):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 1, move)
        assert state == snapshot


def test_a_winner_who_can_pay_may_not_default():
    state = won(table(lot=["smaragd"]), 8_000)
    with pytest.raises(IllegalMove, match="so you must"):
        GAME.apply(state, 1, {"type": "default"})


def test_the_penalty_may_be_a_gem_of_his_choice_and_must_be_with_less_than_3000():
    state = table(
        lot=["smaragd"], hands={1: ["opal", "achat"]}, cash=[15_000, 2_000, 21_000, 22_000]
    )
    state = won(state, 8_000)
    assert GAME.legal_moves(state, 1)[:2] == [
        {"type": "default", "gem": "opal"},
        {"type": "default", "gem": "achat"},
    ]
    with pytest.raises(IllegalMove, match="a gem of your choice"):
        GAME.apply(state, 1, {"type": "default"})
    state, events = run(state, (1, {"type": "default", "gem": "achat"}))
    assert state["hands"][1] == ["opal"] and "achat" in state["bank_gems"]
    assert "gem" not in GAME.view_events(events, 2)[0]
    assert GAME.view_events(events, 1)[0]["gem"] == "achat"


def test_with_neither_3000_nor_a_gem_the_penalty_is_all_his_cash():
    state = won(table(lot=["smaragd"], cash=[15_000, 2_000, 21_000, 22_000]), 8_000)
    state, _ = run(state, (1, {"type": "default"}))
    assert state["cash"][1] == 0


def test_from_round_7_can_pay_counts_gems_and_necklaces():
    necklace = ["smaragd", "turmalin", "turmalin"]
    assert can_pay(0, necklace, 34_000, True)
    assert not can_pay(0, necklace, 35_000, True)
    assert not can_pay(0, necklace, 1_000, False)
    assert can_pay(0, necklace * 2, 68_000, True)


def test_the_hand_pays_with_two_necklaces_when_only_that_covers_the_price():
    hand = ["smaragd", "smaragd"] + ["turmalin"] * 4
    state = table(lot=["granat"], hands={1: hand}, cash=[15_000, 0, 22_000, 23_000], round=7)
    state = won(state, 68_000)
    two = [["smaragd", "turmalin", "turmalin"]] * 2
    assert GAME.legal_moves(state, 1)[0] == pay(0, [], two)
    state, _ = run(state, (1, pay(0, [], two)))
    assert state["phase"] == "commission"


# ---------------------------------------------------------------------- selling to the bank


def test_bank_sale_example_12000_necklace_brings_11000_with_the_marker():
    necklace = ["amethyst", "achat", "achat"]
    state = table(lot=["smaragd"], hands={0: necklace}, cash=[0, 15_000, 15_000, 15_000])
    state, events = run(state, (0, {"type": "sell", "necklace": necklace}))
    assert state["cash"][0] == 10_000 and state["markers"][0] == 1_000
    assert state["bank"] == 15_000 - 11_000 and state["sold"][0]
    public = GAME.view_events(events, 1)[0]
    assert public == {
        "type": "sold_to_bank",
        "seat": 0,
        "gem_count": 3,
        "paid": 10_000,
        "owed": 0,
        "marker": 1_000,
        "marker_owed": 0,
    }
    assert GAME.view(state, 2)["markers"] == [1_000, 0, 0, 0]


def test_bank_sale_is_once_per_game():
    state = table(
        lot=["smaragd"], hands={0: ["opal", "achat"]}, bank=20_000, cash=[0, 20_000, 20_000, 0]
    )
    state, _ = run(state, (0, {"type": "sell", "gems": ["achat"]}))
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "sell"]
    with pytest.raises(IllegalMove, match="once a game"):
        GAME.apply(state, 0, {"type": "sell", "gems": ["opal"]})


def test_bank_owes_what_it_cannot_pay_and_pays_it_first_when_money_comes_in():
    hand = ["granat", "turmalin"]
    state = table(lot=["smaragd"], hands={1: hand}, cash=[15_000, 0, 20_000, 23_000], bank=2_000)
    state, events = run(state, (0, opened(7_000)), (1, {"type": "sell", "gems": hand}))
    assert state["cash"][1] == 2_000 and state["bank"] == 0
    assert state["debts"] == [
        {"seat": 1, "amount": 8_000, "into": "cash"},
        {"seat": 1, "amount": 1_000, "into": "marker"},
    ]
    # A bid of 9,000: half (5,000) to the auctioneer, the rest to the bank, which pays its debt.
    state, events = run(state, (2, bid(9_000)), (0, QUIET), (2, pay(9_000)))
    assert state["cash"][0] == 20_000 and state["cash"][1] == 6_000
    assert state["debts"] == [
        {"seat": 1, "amount": 4_000, "into": "cash"},
        {"seat": 1, "amount": 1_000, "into": "marker"},
    ]
    assert {"type": "debt_paid", "seat": 1, "amount": 4_000, "into": "cash"} in events


def test_a_buyer_may_sell_to_the_bank_to_raise_the_price():
    state = table(lot=["smaragd"], hands={1: ["granat"]}, cash=[15_000, 2_000, 20_000, 13_000])
    state = won(state, 8_000)
    assert {"type": "sell", "gems": ["granat"]} in GAME.legal_moves(state, 1)
    state, _ = run(state, (1, {"type": "sell", "gems": ["granat"]}), (1, pay(8_000)))
    assert state["cash"][1] == 0 and "smaragd" in state["hands"][1]


def sells(state: dict, seat: int) -> list[dict]:
    return [m for m in GAME.legal_moves(state, seat) if m["type"] == "sell"]


def test_a_sale_to_the_bank_is_allowed_at_any_time_also_out_of_turn():
    # Rules audit 1: "zu einem beliebigen Zeitpunkt": during another seat's auction, a falling
    # auction, a payment and the commission choice, by a seat that is not to act.
    hands = {2: ["opal", "achat"], 3: ["tuerkis"]}
    start = table(lot=["smaragd"], hands=hands, cash=[15_000, 15_000, 15_000, 15_000], round=7)
    situations = {
        "choose": start,
        "open": run(start, (0, opened(7_000)), (1, bid(7_000)), (2, PASS))[0],
        "falling": run(start, (0, FALL))[0],
        "preempt": run(start, (0, FALL), *[(s, DECLINE) for s in (1, 2, 3)], (1, ACCEPT))[0],
        "pay": won(start, 8_000),
    }
    for phase, state in situations.items():
        assert state["phase"] == phase and 2 not in GAME.to_act(state), phase
        assert {"type": "sell", "gems": ["achat"]} in sells(state, 2), phase
        after, events = run(state, (2, {"type": "sell", "gems": ["achat"]}))
        assert after["sold"][2] and after["phase"] == phase and events[0]["seat"] == 2
        assert GAME.to_act(after) == GAME.to_act(state), phase
        # Only the sale passes out of turn: any other move still waits for the seat's turn.
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, 2, {"type": "pass"} if phase == "open" else DECLINE)
        assert refused.value.code in ("not_your_turn", "illegal"), phase
    # The commission choice: the auctioneer and the others may sell while it is open.
    paid = run(won(start, 8_000, buyer=3), (3, pay(6_000, ["tuerkis"])))[0]
    assert paid["phase"] == "commission"
    assert sells(paid, 2) and GAME.legal_moves(paid, 0)[0]["type"] == "commission"
    # Once sold, a seat has no move out of turn left; a seat with no gems never had one.
    assert sells(run(paid, (2, {"type": "sell", "gems": ["opal"]}))[0], 2) == []
    assert GAME.legal_moves(paid, 1) == []


def test_a_sale_during_the_commission_choice_leaves_the_auctioneer_his_cash_commission():
    # The buyer paid 9,000 in cash and a gem; the bank holds only that payment. Half the cash,
    # 5,000, stays for the auctioneer; the seller gets the other 4,000 now and is owed the rest.
    hands = {1: ["tuerkis"], 2: ["granat"]}
    state = table(
        lot=["smaragd"], hands=hands, cash=[15_000, 20_000, 15_000, 10_000], bank=0, round=7
    )
    state = run(won(state, 11_000), (1, pay(9_000, ["tuerkis"])))[0]
    assert state["phase"] == "commission" and state["bank"] == 9_000
    state, events = run(state, (2, {"type": "sell", "gems": ["granat"]}))
    assert events[0]["paid"] == 4_000 and events[0]["owed"] == 2_000
    assert events[0]["marker"] == 0 and events[0]["marker_owed"] == 1_000
    state, events = run(state, (0, {"type": "commission", "take": "cash"}))
    assert state["cash"][0] == 15_000 + 5_000
    assert state["bank"] == 0 and state["debts"] == [
        {"seat": 2, "amount": 2_000, "into": "cash"},
        {"seat": 2, "amount": 1_000, "into": "marker"},
    ]


def test_random_games_with_sales_out_of_turn_keep_every_rule():
    """Random games where, now and then, a seat that is not to act sells to the bank."""
    sold_out_of_turn = 0
    for seed in range(30):
        players = 3 + seed % 4
        rng = random.Random(seed)
        state = GAME.new_game(seed, players)
        while not GAME.is_over(state):
            idle = [s for s in range(players) if s not in GAME.to_act(state) and sells(state, s)]
            if idle and rng.random() < 0.2:
                seat = rng.choice(idle)
                move = rng.choice(sells(state, seat))
                sold_out_of_turn += 1
            else:
                seat, move = random_step(GAME, state, rng)
            state, _ = GAME.apply(state, seat, move)
            invariants(state)
    assert sold_out_of_turn > 50


# ---------------------------------------------------------------------- decks and the end


def test_second_deck_gives_3000_each_and_shuffles_set_aside_with_the_banks_gems():
    state = table(lot=["smaragd"], bank=15_000, cash=[15_000, 15_000, 15_000, 0])
    state["bank_gems"], state["deck"] = ["opal"], ["achat"]
    state, events = run(state, (0, FALL), (1, ACCEPT), (1, pay(7_000)))
    second = next(e for e in events if e["type"] == "second_deck")
    assert second == {"type": "second_deck", "gifts": [3_000] * 4, "cards": 6}
    assert state["deck_number"] == 2 and state["set_aside"] == [] and state["bank_gems"] == []
    # The Achat left from the first deck starts the first lot of the second.
    assert state["lot"][0] == "achat" and sum(len(h) for h in state["hands"]) == 1


def test_second_deck_gift_shares_a_short_bank_from_the_next_auctioneer():
    state = table(lot=["smaragd"], bank=0, cash=[15_000, 15_000, 15_000, 15_000])
    state["deck"] = []
    # Seat 2 pays 7,000 and the auctioneer takes 4,000: the bank holds 3,000 for four players,
    # one thousand each from seat 2, the next auctioneer, clockwise.
    state, events = run(state, (0, FALL), (1, DECLINE), (2, ACCEPT), (2, pay(7_000)))
    second = next(e for e in events if e["type"] == "second_deck")
    assert second["gifts"] == [1_000, 0, 1_000, 1_000]


def test_the_last_lot_is_auctioned_below_the_threshold_and_then_the_game_ends():
    state = table(lot=["smaragd"], deck_top=["opal"])
    state["bank_gems"] = state["deck"][:-1] + state["set_aside"]
    state["deck_number"], state["set_aside"], state["deck"] = 2, [], ["opal"]
    state, events = run(state, (0, FALL), (1, ACCEPT), (1, pay(7_000)))
    assert state["lot"] == ["opal"] and state["phase"] == "choose"
    state, events = run(state, (1, FALL), (2, ACCEPT), (2, pay(3_000)))
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert events[-1]["type"] == "game_over"
    invariants(state)


def test_winner_has_the_best_necklace_then_fewer_gems_then_best_single_then_money():
    state = table(lot=["smaragd"])
    state["hands"] = [
        ["turmalin", "amethyst", "amethyst"],  # 26,000 with 3 gems
        ["granat", "opal", "opal", "achat", "achat"],  # (6+6+2)×3 = 42,000
        ["granat", "opal", "opal", "achat", "achat"],
        [],
    ]
    assert GAME.outcome(state)["winners"] == [1, 2]
    assert GAME.outcome(state)["decided_by"] is None
    state["hands"][2] = ["granat", "opal", "opal", "achat", "achat", "tuerkis"]
    assert GAME.outcome(state)["winners"] == [2]
    assert GAME.outcome(state)["decided_by"] == "outside"
    state["hands"][1] = ["granat", "opal", "opal", "achat", "achat", "tuerkis"]
    state["cash"][1], state["cash"][2] = 5_000, 4_000
    state["markers"][2] = 1_000
    assert GAME.outcome(state)["winners"] == [1, 2]
    state["debts"] = [{"seat": 2, "amount": 1_000, "into": "cash"}]
    assert GAME.outcome(state)["winners"] == [2]
    assert GAME.outcome(state)["decided_by"] == "money"
    assert GAME.outcome(state)["scores"] == [26_000, 42_000, 42_000, 0]


def test_fewer_gems_wins_a_tie_of_necklace_values():
    state = table(lot=["smaragd"])
    state["hands"][0] = ["amethyst", "achat", "achat", "achat", "achat"]  # 16,000 in 5 gems
    state["hands"][1] = ["granat", "achat", "achat"]  # 16,000 in 3 gems
    assert GAME.outcome(state)["scores"] == [16_000, 16_000, 0, 0]
    assert GAME.outcome(state)["winners"] == [1]
    assert GAME.outcome(state)["decided_by"] == "gems"
    state["hands"][1] = []
    assert GAME.outcome(state)["decided_by"] is None  # the value alone decided


# ---------------------------------------------------------------------- advanced rule


def test_sealed_bids_decide_the_first_auctioneer_who_pays_his_bid():
    state = GAME.new_game(4, 4, {"sealed_first_auctioneer": True, "first_seat": 2})
    assert state["phase"] == "sealed" and state["lot"]
    assert GAME.to_act(state) == [0, 1, 2, 3]
    state, events = run(
        state,
        (0, {"type": "sealed_bid", "amount": 3_000}),
        (1, {"type": "sealed_bid", "amount": 0}),
    )
    assert "amount" not in GAME.view_events(events, 1)[0]
    assert GAME.view(state, 3)["sealed_bids_made"] == [True, True, False, False]
    assert GAME.view(state, 3)["sealed_bid"] is None and GAME.view(state, 0)["sealed_bid"] == 3_000
    with pytest.raises(IllegalMove, match="cash you hold"):
        GAME.apply(state, 2, {"type": "sealed_bid", "amount": 16_000})
    # A tie of 3,000 between seats 0 and 3: seat 3 is nearer the first seat (2) clockwise.
    state, events = run(
        state,
        (2, {"type": "sealed_bid", "amount": 1_000}),
        (3, {"type": "sealed_bid", "amount": 3_000}),
    )
    assert state["auctioneer"] == 3 and state["phase"] == "choose"
    assert state["cash"] == [15_000, 15_000, 15_000, 12_000] and state["bank"] == 3_000
    assert events[-1] == {
        "type": "first_auctioneer",
        "seat": 3,
        "bids": [3_000, 0, 1_000, 3_000],
        "paid": 3_000,
    }


# ---------------------------------------------------------------------- views


def test_a_seat_sees_its_own_money_and_gems_others_only_counts_and_markers():
    state = table(lot=["smaragd"], hands={0: ["granat"], 1: ["opal", "achat"]})
    mine, theirs, spectator = GAME.view(state, 1), GAME.view(state, 0), GAME.view(state, None)
    assert mine["cash"] == 15_000 and mine["gems"] == ["opal", "achat"]
    assert theirs["gems"] == ["granat"]
    assert mine["gem_counts"] == [1, 2, 0, 0] and "markers" in mine
    for view in (mine, theirs, spectator):
        assert "hands" not in view and "deck" not in view and "bank_gems" not in view
    assert "cash" not in spectator and "gems" not in spectator
    assert spectator["lot"] == ["smaragd"] and spectator["round"] == 1


def test_replay_rebuilds_the_same_game():
    state, history = play_random_game(GAME, 42, 5)
    assert replay(GAME.id, 42, 5, None, history) == state


def test_illegal_input_is_refused_with_a_reason():
    kit.check_illegal_input(GAME, 4)
    state = table(lot=["smaragd"])
    for move in (
        {"type": "bid", "amount": 8_000},
        {"type": "open_auction"},
        {"type": "open_auction", "start_price": "7000"},
        {"type": "open_auction", "start_price": 10**30},
        {"type": "sell", "gems": ["smaragd"]},
        {"type": "sell"},
        {"type": "sell", "gems": "opal"},
    ):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 0, move)


# ---------------------------------------------------------------------- the kit


def gem_places(state: dict) -> list[list[str]]:
    places = [*state["hands"], state["deck"], state["bank_gems"], state["set_aside"], state["lot"]]
    if state["phase"] == "commission":
        places.append(state["auction"]["paid_gems"])
    return places


def invariants(state: dict) -> None:
    """Money is conserved (cash, bank, markers); every gem card is somewhere exactly once; the
    bank holds nothing while it owes (but for a payment awaiting the commission choice)."""
    assert sum(state["cash"]) + state["bank"] + sum(state["markers"]) == 60_000
    assert min(state["cash"]) >= 0 and state["bank"] >= 0
    assert all(d["amount"] > 0 for d in state["debts"])
    assert not state["debts"] or state["bank"] == 0 or state["phase"] == "commission"
    for seat, marker in enumerate(state["markers"]):
        assert marker in (0, 1_000) and (state["sold"][seat] or not marker)
    held = Counter()
    for place in gem_places(state):
        held.update(place)
    assert held == Counter(CARDS)
    assert state["round"] >= 1


def perturb_hidden(state: dict, seat: int | None, rng: random.Random) -> dict | None:
    """What the rules hide from `seat`: other players' cash and gems, the deck's order and
    contents, the bank's gem pile, gems of a payment it did not make or receive, and sealed bids
    not yet revealed. Swap some of those around."""
    if state["phase"] == "over":
        return None
    others = [s for s in range(state["players"]) if s != seat]
    if len(others) >= 2:
        giver, taker = rng.sample(others, 2)
        amount = state["cash"][giver] // 1_000 * 1_000
        if amount:
            moved = rng.randrange(1_000, amount + 1, 1_000)
            state["cash"][giver] -= moved
            state["cash"][taker] += moved
    hidden = [state["hands"][s] for s in others] + [state["deck"], state["bank_gems"]]
    auction = state["auction"]
    if state["phase"] == "commission" and seat not in (state["auctioneer"], auction["buyer"]):
        hidden.append(auction["paid_gems"])
    filled = [place for place in hidden if place]
    if len(filled) >= 2:
        a, b = rng.sample(filled, 2)
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
        for place in (a, b):
            if place is not state["deck"]:
                place.sort(key=KINDS.index)
    rng.shuffle(state["deck"])
    if state["phase"] == "sealed":
        for s in others:
            if state["sealed_bids"][s] is not None:
                state["sealed_bids"][s] = rng.randrange(0, state["cash"][s] + 1, 1_000)
    return state


def perturb_before_move(
    state: dict, seat: int | None, rng: random.Random, mover: int, move: dict
) -> dict | None:
    """`perturb_hidden` for the kit's event check, which tells it the move about to be played.
    The last sealed bid opens all of them at once (the `first_auctioneer` event lists them), yet
    no view shows them afterwards: so before that move keep the bids, and the cash that bounds
    them, and perturb only the gems."""
    last_bid = state["phase"] == "sealed" and state["sealed_bids"].count(None) == 1
    if not (last_bid and move["type"] == "sealed_bid"):
        return perturb_hidden(state, seat, rng)
    bids, cash = state["sealed_bids"][:], state["cash"][:]
    state = perturb_hidden(state, seat, rng)
    if state is not None:
        state.update(sealed_bids=bids, cash=cash)
    return state


@pytest.mark.parametrize(("players", "games"), [(3, 12), (4, 12), (5, 10), (6, 6)])
def test_random_games_keep_every_rule(players, games):
    kit.check_random_games(
        GAME,
        players,
        invariants=invariants,
        perturb_hidden=perturb_hidden,
        perturb_before_move=perturb_before_move,
        examples=games,
        view_every=2,
    )


def test_random_games_with_sealed_bids_for_the_first_auction():
    kit.check_random_games(
        GAME,
        4,
        options={"sealed_first_auctioneer": True},
        invariants=invariants,
        perturb_hidden=perturb_hidden,
        perturb_before_move=perturb_before_move,
        examples=8,
        view_every=2,
    )


@pytest.mark.parametrize("players", [3, 4, 6])
def test_many_random_games_end(players):
    kit.check_many_games(GAME, players, games=200)
