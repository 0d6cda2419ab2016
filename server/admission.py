"""Admission: how many connections may wait without having said `hello`.

A connection counts as waiting from the moment it is accepted — on the TCP port, or on the web
port (page files and `/ws` alike) — until its session has answered its `hello` with `welcome`,
or until it closes. A connection that would make more than `per_address` waiting connections
from one address, or more than `total` in all, is refused at once: the TCP port sends
`bye` (`busy`) and closes, the web port answers `503` with the reason, before any upgrade. A
connection that says hello in time costs nothing here; a flood of silent ones costs at most the
caps times the little a connection may hold before its hello (`MAX_HELLO_BYTES`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

# Connections from one address that may be waiting for their `welcome` at once: a phone loading
# the page opens a handful; a load test from one machine opens up to 256 at a time.
WAITING_PER_ADDRESS = 256
# And from every address together: a whole hall arriving in the same second says hello within
# milliseconds each, so this many waiting at once is already a flood.
WAITING_TOTAL = 1024
# Bytes a connection may send before its hello is answered: a hello is a few dozen bytes (a
# name of at most 32 characters, a token of at most 128), so a bigger message is no hello.
MAX_HELLO_BYTES = 4096
TOO_LARGE_BEFORE_HELLO = f"a message before 'welcome' may be at most {MAX_HELLO_BYTES} bytes"
# The code and reasons of a refused connection (TCP: `bye`; web: the 503's body).
BUSY = "busy"
BUSY_ADDRESS = "too many connections from your address have not said hello yet; try again soon"
BUSY_TOTAL = "too many connections have not said hello yet; try again in a moment"
# Refusals are logged at most once in this many seconds, with the count since the last line:
# a flood must not fill the log (or the memory of whatever reads it).
LOG_EVERY = 10.0


def address_of(peer: Any) -> str:
    """The address part of a peer name: ('192.168.1.20', 51234) -> '192.168.1.20'."""
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return str(peer)


class Ticket:
    """One waiting connection's place: `welcomed()` once its hello is answered, `release()` when
    it closes (either may come first; the place is given back once)."""

    __slots__ = ("_admission", "address", "on_welcome")

    def __init__(self, admission: Admission, address: str) -> None:
        self._admission: Admission | None = admission
        self.address = address
        # Called once at `welcome` (the web port lifts its frame limit there).
        self.on_welcome: Callable[[], None] | None = None

    @property
    def waiting(self) -> bool:
        return self._admission is not None

    def welcomed(self) -> None:
        """The session said hello and was welcomed: it waits no more."""
        on_welcome, self.on_welcome = self.on_welcome, None
        self.release()
        if on_welcome is not None:
            on_welcome()

    def release(self) -> None:
        """Give the place back (the connection closed, or was welcomed)."""
        admission, self._admission = self._admission, None
        if admission is not None:
            admission._left(self.address)


class Admission:
    """The count of waiting connections, per address and in all, with their caps."""

    def __init__(self, per_address: int = WAITING_PER_ADDRESS, total: int = WAITING_TOTAL) -> None:
        self.per_address = per_address
        self.total = total
        self.waiting = 0
        self._by_address: dict[str, int] = {}
        # Connections refused since the server started, and since the last log line.
        self.refused = 0
        self._unlogged = 0
        self._logged_at = -LOG_EVERY

    def waiting_from(self, address: str) -> int:
        return self._by_address.get(address, 0)

    def enter(self, peer: Any) -> Ticket | str:
        """A place for a connection just accepted from `peer`, or the reason it is refused."""
        address = address_of(peer)
        here = self._by_address.get(address, 0)
        if here >= self.per_address:
            return self._refuse(address, BUSY_ADDRESS)
        if self.waiting >= self.total:
            return self._refuse(address, BUSY_TOTAL)
        self._by_address[address] = here + 1
        self.waiting += 1
        return Ticket(self, address)

    def _left(self, address: str) -> None:
        self.waiting -= 1
        here = self._by_address[address] - 1
        if here:
            self._by_address[address] = here
        else:
            del self._by_address[address]

    def _refuse(self, address: str, reason: str) -> str:
        self.refused += 1
        self._unlogged += 1
        now = time.monotonic()
        if now - self._logged_at >= LOG_EVERY:
            log.warning(
                "refused %d connection(s) that would wait for hello (latest from %s: %s;"
                " %d waiting in all)",
                self._unlogged,
                address,
                reason,
                self.waiting,
            )
            self._unlogged = 0
            self._logged_at = now
        return reason
