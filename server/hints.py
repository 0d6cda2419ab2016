"""Hints: what a strong player would do here, and why (issue 28, docs/protocol.md `hint`).

A seated person asks on their own turn; the server asks the strong bot for that seat, on that
seat's view only (and the recent events as that seat saw them, which the bot may remember), and
answers with the move, its place in the seat's `legal_moves`, and the table's talk for that move
(its label, what it does, its warning): the "why" a client shows beside the lit move.

The bot searches a fixed number of iterations (per game, `ITERATIONS`) from a seed made of the
table, the position and the seat, so asking twice gives the same answer and a test can ask the
same bot; a budget in time only guards a slow machine (then the answer may differ). The seat's
view is all it is given: the hint cannot depend on anything the seat may not see.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import time
from collections import deque
from typing import Any

from server.identities import Identity
from server.refusals import Refused
from server.status import PLAYING
from server.tables import Table
from shared import bots, engine, talk

# Iterations of the strong search per hint, per game: about a third of a second of one core of
# the slower development machine each (its cost per iteration differs 25-fold between games);
# bench.hints measures the answers against the 1 s target.
ITERATIONS = {
    "magie-des-bijoux": 1000,
    "das-kollier": 120,
    "kette-von-saba": 600,
    "saba-palast": 160,
}
DEFAULT_ITERATIONS = 300
# Where a game's strong level searches otherwise at some player counts: La Magie des Bijoux's
# own search at two and three players counts positions (5–8 µs each), not tree iterations.
ITERATIONS_AT = {("magie-des-bijoux", 2): 15_000, ("magie-des-bijoux", 3): 15_000}
# The guard in time: a hint never thinks longer than this, even on a slow machine.
BUDGET_MS = 900.0
# At most this many hints per person in this many seconds (as chat is limited).
HINT_BURST = 3
HINT_WINDOW = 20.0


def seed_for(table: Table, seat: int) -> int:
    """The hint bot's seed: the table's id, position and seat — never the game's own seed."""
    digest = hashlib.sha256(f"hint:{table.id}:{table.seq}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def iterations(game_id: str, players: int) -> int:
    """The strong search's iterations for a hint in `game_id` at `players`."""
    return ITERATIONS_AT.get((game_id, players), ITERATIONS.get(game_id, DEFAULT_ITERATIONS))


def hint_bot(game: engine.Game, seat: int, seed: int, players: int) -> bots.Bot:
    """The strong bot a hint asks (a test may ask the same one)."""
    bot = bots.make_bot(game, seat, "strong", seed=seed, budget_ms=BUDGET_MS)
    bot.max_iterations = iterations(game.id, players)  # type: ignore[attr-defined]
    return bot


def advise(
    game: engine.Game,
    seat: int,
    seed: int,
    view: dict,
    legal: list,
    to_act: list[int],
    seen: list[list],
) -> dict[str, Any]:
    """The hint for a seat that sees `view` with `legal` moves (`to_act`: the seats to act),
    having seen the events `seen` (each move's events as that seat saw them): the move, its
    index in `legal`, and the talk of that move. Pure: only what the seat may see goes in."""
    bot = hint_bot(game, seat, seed, view["players"])
    for events in seen:
        bot.observe(events)
    move = bot.choose(engine.plain_copy(view), legal)
    if move is None:
        raise ValueError("no move to hint")
    index = legal.index(move)
    moment = talk.Moment(view=view, seat=seat, legal=legal, to_act=to_act, events=[])
    said = talk.talk(game.id, moment)
    return {"move": move, "index": index, "why": said["moves"][index] if said else None}


class Hints:
    """The lobby's hint desk: checks who may ask, limits how often, thinks on a worker thread."""

    def __init__(self) -> None:
        self._asked: dict[str, deque[float]] = {}

    def _limit(self, identity: Identity) -> None:
        now = time.monotonic()
        asked = self._asked.setdefault(identity.key, deque(maxlen=HINT_BURST))
        if len(asked) == HINT_BURST and now - asked[0] < HINT_WINDOW:
            wait = math.ceil(HINT_WINDOW - (now - asked[0]))
            raise Refused(
                "rate_limited", f"at most {HINT_BURST} hints in {HINT_WINDOW:g} s; wait {wait} s"
            )
        asked.append(now)

    async def answer(self, table: Table, seat: int, identity: Identity) -> dict[str, Any]:
        """The `hint` message for `seat` of `table`, asked by `identity`; `Refused` when the
        table does not allow hints, the seat is not the asker's, or it is not its turn."""
        if not table.rules.get("hints", True):
            raise Refused("no_hints", f"table {table.id} plays without hints")
        if table.status != PLAYING or table.state is None:
            raise Refused("not_playing", f"table {table.id} is {table.status}")
        if table.paused:
            raise Refused("paused", f"table {table.id} is paused; wait until it resumes")
        if seat >= table.players:
            raise Refused("bad_seat", f"table {table.id} has seats 0 to {table.players - 1}")
        if table.seats[seat].holder is not identity:
            raise Refused("not_your_seat", f"you do not hold seat {seat} of table {table.id}")
        state, seq = table.state, table.seq
        to_act = table.game.to_act(state)
        if seat not in to_act:
            raise Refused("not_your_turn", "a hint is for your own turn")
        self._limit(identity)
        game = table.game
        view = engine.plain_copy(game.view(state, seat))
        legal = game.legal_moves(state, seat)
        seen = [game.view_events(events, seat) for events in table.recent]
        seed = seed_for(table, seat)
        said = await asyncio.to_thread(advise, game, seat, seed, view, legal, to_act, seen)
        return {"t": "hint", "table": table.id, "seat": seat, "seq": seq, **said}
