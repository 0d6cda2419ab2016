"""The seats' comings and goings at a table: sitting down (behind the table's password),
watching, bots added, seats given up or freed after their holder stayed away too long, people
removed from a game, and the seats stored after each change."""

from __future__ import annotations

import contextlib

from server import bots
from server.identities import Identity
from server.refusals import Refused
from server.seats import Seat, barred_name, password_matches
from server.status import ABANDONED, FINISHED, PLAYING, WAITING
from server.store import StorageFull
from server.table_face import TableFace
from server.telling import tell


class Seating:
    """Who sits at a table and who watches. Its own state: whether seats given up while the
    disk was full are not yet in the store (`save_pending` writes them)."""

    def __init__(self, table: TableFace) -> None:
        self.table = table
        self.unsaved = False

    def needs_password(self, identity: Identity) -> bool:
        """Whether `identity` must give the table's password to sit or watch."""
        table = self.table
        return not (
            table.password is None or identity in table.attendees() or identity is table.creator
        )

    def check_password(self, identity: Identity, password: str | None) -> None:
        table = self.table
        if not self.needs_password(identity):
            return
        assert table.password is not None
        if password is None or not password_matches(table.password, password):
            raise Refused("password", "this table is locked; the password is wrong or missing")

    async def sit(
        self, identity: Identity, seat: int | None, password: str | None, name: str | None = None
    ) -> None:
        """Give `identity` a seat (the first free one if `seat` is None), shown under `name`
        (one of the people sharing a device) or else the identity's name."""
        table = self.table
        self.check_password(identity, password)
        if table.status not in (WAITING, PLAYING):
            raise Refused("no_seat", f"table {table.id} is {table.status}; you may only watch")
        if table.barred & {identity.key, barred_name(name or identity.name)}:
            raise Refused("removed", f"you were removed from this game at table {table.id}")
        free = [i for i, s in enumerate(table.seats) if s.empty]
        if seat is None:
            if not free:
                raise Refused("no_seat", f"table {table.id} has no free seat")
            seat = free[0]
        elif seat >= table.players:
            raise Refused("bad_seat", f"table {table.id} has seats 0 to {table.players - 1}")
        elif seat not in free:
            raise Refused("seat_taken", f"seat {seat} of table {table.id} is taken")
        table.seats[seat] = Seat(
            name=name or identity.name, holder=identity, holder_key=identity.key
        )
        try:
            await self.save_seats()
        except StorageFull:
            table.seats[seat] = Seat()  # not stored, so not given
            raise
        identity.tables.add(table)

    async def seat_again(
        self, people: dict[int, tuple[Identity, str]], bot_levels: dict[int, str], watching: set
    ) -> None:
        """A rematch: the last game's people (seat → identity, name), bots (seat → level) and
        spectators come to this new table at once, without its password."""
        table = self.table
        for seat, (identity, name) in people.items():
            table.seats[seat] = Seat(name=name, holder=identity, holder_key=identity.key)
            identity.tables.add(table)
        for seat, level in bot_levels.items():
            player = bots.make(level, table.game, seat)
            table.seats[seat] = Seat(name=f"{level} bot {seat + 1}", bot=level, bot_player=player)
        for identity in watching:
            table.spectators.add(identity)
            identity.tables.add(table)
        await self.save_seats()

    def watch(self, identity: Identity, password: str | None) -> None:
        table = self.table
        self.check_password(identity, password)
        table.spectators.add(identity)
        identity.tables.add(table)
        table.hooks.changed(table)

    async def add_bot(self, identity: Identity, seat: int | None, level: str) -> int:
        """Fill an empty seat with a bot; the creator or a seated player may."""
        table = self.table
        table.check_host(identity, "add a bot")
        if table.status not in (WAITING, PLAYING):
            raise Refused("no_seat", f"table {table.id} is {table.status}")
        free = [i for i, s in enumerate(table.seats) if s.empty]
        if seat is None:
            if not free:
                raise Refused("no_seat", f"table {table.id} has no free seat")
            seat = free[0]
        elif seat >= table.players or seat not in free:
            raise Refused("seat_taken", f"seat {seat} of table {table.id} is not free")
        try:
            player = bots.make(level, table.game, seat)
        except (KeyError, ValueError) as exc:
            raise Refused("unknown_bot", str(exc.args[0])) from None
        name = f"{level} bot {seat + 1}"
        table.seats[seat] = Seat(name=name, bot=level, bot_player=player)
        try:
            await self.save_seats()
        except StorageFull:
            table.seats[seat] = Seat()
            raise
        if table.status == PLAYING:
            table._schedule_bots()
        return seat

    async def leave(self, identity: Identity, seat: int | None) -> None:
        """Give up one seat (or remove a bot from it), or everything here when `seat` is None."""
        table = self.table
        if seat is not None:
            if seat >= table.players:
                raise Refused("bad_seat", f"table {table.id} has seats 0 to {table.players - 1}")
            target = table.seats[seat]
            if target.bot is not None:
                table.check_host(identity, "remove a bot")
            elif target.holder is not identity:
                raise Refused("not_your_seat", f"you do not hold seat {seat} of table {table.id}")
            seats = [seat]
        else:
            if identity not in table.attendees():
                raise Refused("not_at_table", f"you neither sit at nor watch table {table.id}")
            seats = table.held_by(identity)
            table.spectators.discard(identity)
        for i in seats:
            table.seats[i] = Seat()
        await table._people_left([identity])

    async def release_expired(self, now: float) -> None:
        """Free seats whose holders have been away longer than the table's keep time."""
        table = self.table
        if table.status == FINISHED:
            return
        gone = set()
        for i, s in enumerate(table.seats):
            holder = s.holder
            if holder is None or holder.connected or holder.disconnected_since is None:
                continue
            if now - holder.disconnected_since >= table.keep:
                table.seats[i] = Seat()
                gone.add(holder)
        if gone:
            await table._people_left(list(gone))

    async def people_left(self, people: list[Identity]) -> None:
        """After seats were freed: hand on the host role, abandon an empty waiting table, save."""
        table = self.table
        for person in people:
            if not table.held_by(person) and person not in table.spectators:
                person.tables.discard(table)
        if table.creator in people and table.creator not in table.attendees():
            holders = [s.holder for s in table.seats if s.holder is not None]
            table.creator = holders[0] if holders else None
            table.creator_key = table.creator.key if table.creator else None
        if table.status == FINISHED:
            table.hooks.changed(table)
            return
        # Leaving is never refused: on a full disk the store catches up later (`save_pending`).
        self.unsaved = True
        with contextlib.suppress(StorageFull):
            await self.save_pending()
        if self.unsaved:
            table.hooks.changed(table)
        if table.status != ABANDONED:
            table.presence_changed()

    async def save_pending(self) -> None:
        """Store the seats given up while the disk was full (abandon a waiting table left
        empty). Raises `StorageFull` while it still is."""
        table = self.table
        if not self.unsaved or table.status in (FINISHED, ABANDONED):
            return
        if table.status == WAITING and not table.attendees():
            await table._abandon()
        else:
            await self.save_seats()

    async def save_seats(self) -> None:
        table = self.table
        stored = [s.stored() for s in table.seats]
        await table.journal.run(table.journal.store.save_seats, table.id, stored, table.creator_key)
        self.unsaved = False
        table.hooks.changed(table)

    async def remove(self, identity: Identity, seat: int, to: str, level: str) -> None:
        """Take a person's seat from them for this game: it goes to a bot of `level` (`to`
        "bot") or becomes open ("open"); that identity may not sit at this table again."""
        table = self.table
        table.check_steward(identity, "remove a person")
        if table.status not in (WAITING, PLAYING):
            raise Refused("not_playing", f"table {table.id} is {table.status}")
        held = table.person_at(seat)
        replacement = Seat()
        if to == "bot":
            try:
                player = bots.make(level, table.game, seat)
            except (KeyError, ValueError) as exc:
                raise Refused("unknown_bot", str(exc.args[0])) from None
            replacement = Seat(name=f"{level} bot {seat + 1}", bot=level, bot_player=player)
        assert held.holder_key is not None
        # The identity, and its name: a new connection under the same name is the same person.
        barred = table.barred | {held.holder_key, barred_name(held.name or "")}
        await table.journal.run(table.journal.store.save_barred, table.id, sorted(barred))
        table.barred = barred
        table.seats[seat] = replacement
        person = held.holder
        table.standins.forget(seat)
        tell(person, {"t": "removed", "table": table.id, "seat": seat, "by": identity.name})
        if person is not None:
            await table._people_left([person])
        else:
            self.unsaved = True
            with contextlib.suppress(StorageFull):
                await self.save_pending()
            table.presence_changed()
