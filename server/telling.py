"""The messages a table sends: each seat's `sync` and `update` (its view, legal moves and
events), the spectators' packed update, and the talk told by each update's changes."""

from __future__ import annotations

import time
from typing import Any

from server.identities import Identity
from server.seats import Seat
from server.table_face import TableFace
from shared import talk
from shared.protocol import encode


def wants_talk(session: Any) -> bool:
    """Whether a connection asked for the table's talk with each update (`hello`'s `talk`)."""
    return getattr(session, "talk", False) is True


def tell(identity: Identity | None, msg: dict[str, Any]) -> None:
    """One message to one person, if connected (handed, nudged, removed)."""
    if identity is not None and identity.session is not None:
        identity.session.send(msg)


class Telling:
    """A table's messages to its seats and spectators. Its own state is the talk last told to
    each stream (a seat; None: the spectators): the base the next update's talk is told
    against (only its changed keys); None after a sync, so the next update tells it whole."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self.told: dict[int | None, dict[str, Any] | None] = {}

    def message(
        self,
        kind: str,
        seat: int | None,
        events: list | None = None,
        common: dict[str, Any] | None = None,
        with_talk: bool = False,
    ) -> dict[str, Any]:
        """A `sync` or `update` for one seat (None: a spectator); `Table.seat_message` says
        more."""
        table = self.table
        assert table.state is not None
        common = common or self.common()
        msg: dict[str, Any] = {
            "t": kind,
            "table": table.id,
            "seq": table.seq,
            "seat": seat,
            "status": table.status,
            "view": table.game.view(table.state, seat),
            "to_act": common["to_act"],
            # Every seat's: a seat not to act may have moves it may make out of turn.
            "legal_moves": table.game.legal_moves(table.state, seat) if seat is not None else [],
            "timer": common["timer"],
            "clock": common["clock"],
            "paused": table.paused,
        }
        if seat is not None:
            msg["can_undo"] = table.playing and table.takebacks.may(table.state, seat)
        if events is not None:
            msg["events"] = table.game.view_events(events, seat)
        elif kind == "sync":
            msg["history"] = [
                e for done in table.recent for e in table.game.view_events(done, seat)
            ]
        if table.outcome is not None:
            msg["outcome"] = table.outcome
        if with_talk:
            said = talk.talk(
                table.game.id,
                talk.Moment(
                    view=msg["view"],
                    seat=seat,
                    legal=msg["legal_moves"],
                    to_act=msg["to_act"] if table.playing else [],
                    events=msg.get("events") or msg.get("history") or [],
                    outcome=table.outcome,
                ),
            )
            msg["talk"] = said if kind == "sync" else talk.changed(self.told.get(seat), said)
            # A sync goes to one connection of the stream: the others' base is the last update,
            # so the next update is told whole to all of them.
            self.told[seat] = said if kind == "update" else None
        return msg

    def common(self) -> dict[str, Any]:
        """What every seat's message shares: the seats to act and the timer."""
        table = self.table
        assert table.state is not None
        timer = table.game.timer(table.state) if table.playing else None
        return {
            "to_act": table.game.to_act(table.state),
            "timer": None
            if timer is None
            else {"seconds": timer["seconds"], "seat": timer["seat"]},
            "clock": table.clock.snapshot(time.monotonic()) if table.clock else None,
        }

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        table = self.table
        return {
            "id": table.id,
            "name": table.rules.get("name"),
            "game": table.game.id,
            "title": table.game.title,
            "players": table.players,
            "options": table.options,
            "status": table.status,
            "creator": table.creator.name if table.creator else None,
            "locked": table.password is not None,
            "keep": table.keep,
            "takeover": table.takeover,
            "undo": table.rules["undo"],
            "clock": table.rules["clock"],
            "spectators": len(table.spectators),
            "open_chat": table.open_chat,
            "friendly": table.rules["friendly"],
            "hints": table.rules["hints"],
            "idle_takeover": table.rules.get("idle_takeover"),
            "paused": table.paused,
            "seats": [self._public_seat(s) for s in table.seats],
        }

    def _public_seat(self, seat: Seat) -> dict[str, Any]:
        """A seat as the lobby shows it, with its stand-in and its person's rating."""
        table = self.table
        public = seat.public()
        if seat.handed is not None and table.playing:
            public["stand_in"] = seat.handed  # handed to a bot until its person takes it back
            public["handed"] = True
        elif table.takeover is not None and table.playing and seat.away:
            public["stand_in"] = table.takeover  # a bot plays this seat until its player is back
        if public["kind"] == "human" and table.hooks.rating is not None and seat.name:
            public["rating"] = table.hooks.rating(seat.name, table.game.id)
        return public

    def joined(self, identity: Identity) -> dict[str, Any]:
        table = self.table
        return {
            "t": "joined",
            "table": table.id,
            "seats": table.held_by(identity),
            "spectator": identity in table.spectators,
            "summary": table.summary(),
        }

    def sync(self, identity: Identity) -> None:
        """Send `identity` the full current state of every seat it holds (and as spectator)."""
        table = self.table
        session = identity.session
        if session is None or table.state is None:
            return
        for seat in table.held_by(identity):
            session.send(table.seat_message("sync", seat, with_talk=wants_talk(session)))
        if identity in table.spectators:
            session.send(table.seat_message("sync", None, with_talk=wants_talk(session)))

    def broadcast(self, events: list, mover: int, ref: Any) -> None:
        """Each seat's update to its holder; one packed spectator update to all spectators."""
        table = self.table
        common = self.common()
        for i, s in enumerate(table.seats):
            for bot in (s.bot_player, s.stand_in):
                if bot is not None:
                    bot.observe(table.game.view_events(events, i))
            if s.holder is not None and s.holder.session is not None:
                session = s.holder.session
                msg = table.seat_message("update", i, events, common, with_talk=wants_talk(session))
                if i == mover and ref is not None:
                    msg["ack"] = ref
                session.send(msg)
        # One packed update for the spectators who draw the talk themselves, one for the rest.
        watching = [p.session for p in table.spectators if p.session is not None]
        for with_talk in (False, True):
            group = [session for session in watching if wants_talk(session) is with_talk]
            if group:
                frame = encode(
                    table.seat_message("update", None, events, common, with_talk=with_talk)
                )
                for session in group:
                    session.send_frame(frame)
