"""A bid is binding the moment it is made (RULES-NOTES.md, decision 11), over real sockets.

In every auction — Das Kollier's open, falling and sealed ones, Die Kette von Saba's — the
mover asks `undo` right after each bid, pass, acceptance, refusal or reserve price: the server
says `cannot_undo`, no seat is offered Undo (`can_undo` false in every seat's update, which is
what the pygame client and the page show the button by), and the table stays as it was.
"""

from __future__ import annotations

from typing import Any

from client.net.connection import AsyncClient
from server.store import Store
from tests.test_server_kit import arun, connect, latest, make_table, running_server

# The longest quiet time: the server never knocks an open auction down by itself in a test.
QUIET = 120


async def binding(
    holders: list[AsyncClient], table: int, seat: int, move: dict[str, Any], seq: int
) -> list[dict]:
    """`seat` plays `move` at `seq`, then asks to take it back: refused with `cannot_undo`,
    nobody is offered Undo, and a fresh `sync` shows the table unchanged. Each seat's update."""
    mover = holders[seat]
    mover.send({"t": "move", "table": table, "seat": seat, "move": move, "seq": seq})
    moved = await latest(mover, table, seat, seq + 1)
    assert moved["seq"] == seq + 1, f"{move} was not accepted"
    updates = [
        moved if other == seat else await latest(client, table, other, seq + 1)
        for other, client in enumerate(holders)
    ]
    for other, update in enumerate(updates):
        assert update["can_undo"] is False, f"seat {other} is offered Undo after {move}"
    ref = f"undo-{seq}"
    mover.send({"t": "undo", "table": table, "seat": seat, "id": ref})
    refused = await mover.expect("error", ref=ref)
    assert refused["code"] == "cannot_undo", refused
    assert "auction move" in refused["reason"], refused["reason"]
    mover.send({"t": "sync", "table": table})
    synced = await mover.wait_for(
        lambda m: m["t"] == "sync" and m["table"] == table and m["seq"] >= seq + 1
    )
    assert synced["seq"] == seq + 1, "the refused undo changed the table"
    assert synced["view"] == moved["view"] and synced["to_act"] == moved["to_act"]
    assert synced["can_undo"] is False
    return updates


def nothing_taken_back(data_dir, table: int, moves: int) -> None:
    """The journal holds every move as played, none marked undone, no taking back."""
    store = Store(data_dir)
    try:
        assert [by for _, _, by in store.journal(table)] == ["player"] * moves
    finally:
        store.close()


async def seated(server, game_id: str, seed: int, options: dict) -> tuple[list, int]:
    holders = [await connect(server, name) for name in ("Ada", "Bob", "Cy")]
    table = await make_table(server, game_id, holders, seed=seed, options=options)
    return holders, table


@arun(60)
async def test_kollier_open_auction_the_start_price_bids_passes_and_knock_down_bind(tmp_path):
    async with running_server(tmp_path) as server:
        options = {"first_seat": 0, "quiet_time": QUIET}
        holders, table = await seated(server, "das-kollier", 5, options)
        start = await latest(holders[0], table, 0, 0)
        opening = next(m for m in start["legal_moves"] if m["type"] == "open_auction")
        opened = await binding(holders, table, 0, opening, 0)
        assert opened[0]["timer"] is not None, "the auction runs: still the auctioneer's turn"
        bid = next(m for m in opened[1]["legal_moves"] if m["type"] == "bid")
        await binding(holders, table, 1, bid, 1)  # nobody has answered it yet
        await binding(holders, table, 2, {"type": "pass"}, 2)
        knocked = await binding(holders, table, 0, {"type": "knock_down"}, 3)
        assert knocked[0]["view"]["phase"] == "pay"
    nothing_taken_back(tmp_path, table, 4)


@arun(60)
async def test_kollier_falling_auction_the_choice_refusals_acceptance_and_preemption_bind(
    tmp_path,
):
    async with running_server(tmp_path) as server:
        options = {"first_seat": 0, "quiet_time": QUIET}
        holders, table = await seated(server, "das-kollier", 5, options)
        await binding(holders, table, 0, {"type": "falling_auction"}, 0)
        await binding(holders, table, 1, {"type": "decline"}, 1)
        fell = await binding(holders, table, 2, {"type": "decline"}, 2)
        assert any(e["type"] == "price_fell" for e in fell[2]["events"])
        await binding(holders, table, 1, {"type": "accept"}, 3)
        preempted = await binding(holders, table, 0, {"type": "preempt"}, 4)
        assert preempted[0]["to_act"] == [0], "the auctioneer pays now: still his turn"
    nothing_taken_back(tmp_path, table, 5)


@arun(60)
async def test_kollier_sealed_bids_for_the_first_auctioneer_bind_before_the_last(tmp_path):
    async with running_server(tmp_path) as server:
        options = {"first_seat": 0, "quiet_time": QUIET, "sealed_first_auctioneer": True}
        holders, table = await seated(server, "das-kollier", 5, options)
        first = await binding(holders, table, 0, {"type": "sealed_bid", "amount": 1000}, 0)
        assert set(first[0]["to_act"]) == {1, 2}, "the others have not bid yet"
        await binding(holders, table, 1, {"type": "sealed_bid", "amount": 0}, 1)
        last = await binding(holders, table, 2, {"type": "sealed_bid", "amount": 2000}, 2)
        assert any(e["type"] == "first_auctioneer" for e in last[2]["events"])
    nothing_taken_back(tmp_path, table, 3)


@arun(60)
async def test_kette_bids_passes_a_reserve_price_and_its_answers_bind(tmp_path):
    async with running_server(tmp_path) as server:
        holders, table = await seated(server, "kette-von-saba", 2, {"first_seat": 0})
        start = await latest(holders[0], table, 0, 0)
        await binding(holders, table, 0, start["legal_moves"][0], 0)  # the offer shows a card
        await binding(holders, table, 1, {"type": "pass"}, 1)
        await binding(holders, table, 2, {"type": "bid", "amount": 1000}, 2)
        closed = await binding(holders, table, 1, {"type": "pass"}, 3)
        assert closed[1]["view"]["phase"] == "reserve"
        await binding(holders, table, 0, {"type": "reserve", "price": 3000}, 4)
        await binding(holders, table, 1, {"type": "decline"}, 5)
        await binding(holders, table, 2, {"type": "accept"}, 6)
        sold = await binding(holders, table, 1, {"type": "pass"}, 7)
        assert any(e["type"] == "sold" for e in sold[1]["events"])
    nothing_taken_back(tmp_path, table, 8)


@arun(60)
async def test_kette_laying_the_unsold_card_is_no_auction_move_and_may_be_taken_back(tmp_path):
    async with running_server(tmp_path) as server:
        holders, table = await seated(server, "kette-von-saba", 2, {"first_seat": 0})
        ada = holders[0]
        start = await latest(ada, table, 0, 0)
        await binding(holders, table, 0, start["legal_moves"][0], 0)
        await binding(holders, table, 1, {"type": "pass"}, 1)
        unsold = (await binding(holders, table, 2, {"type": "pass"}, 2))[0]
        assert unsold["view"]["phase"] == "lay"
        ada.send({"t": "move", "table": table, "seat": 0, "move": unsold["legal_moves"][0]})
        laid = await latest(ada, table, 0, 4)
        assert laid["can_undo"] is True
        ada.send({"t": "undo", "table": table, "seat": 0, "id": "lay"})
        back = await latest(ada, table, 0, 5)
        assert back["ack"] == "lay" and back["view"] == unsold["view"]
