"""Wrong table passwords, counted per client address and table, so that none can be guessed.

Every way in (TCP clients, the web gateway) reaches a table's password through the lobby's
`join` and `watch`, which ask `GuessLimiter` first: after `LIMIT` wrong passwords from one
address for one table within `WINDOW` seconds, further tries there are refused until the oldest
of them is `WINDOW` seconds old. A missing password only asks for it and does not count.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from server.refusals import Refused
from server.tables import Table

log = logging.getLogger(__name__)

LIMIT = 5
WINDOW = 60.0


def peer_address(session: Any) -> str:
    """The client's address as the session knows it: `peer` is (host, port, ...) or a host."""
    peer = getattr(session, "peer", None)
    if isinstance(peer, (tuple, list)) and peer:
        return str(peer[0])
    return str(peer)


class GuessLimiter:
    """When each address last guessed each table's password wrong, within the window."""

    def __init__(
        self,
        limit: int = LIMIT,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._wrong: dict[tuple[str, int], deque[float]] = {}
        # Keys that reached the limit since they last had no wrong guess in the window.
        self._limited: set[tuple[str, int]] = set()

    def wait(self, address: str, table: int) -> float:
        """Seconds until `address` may try `table`'s password again (0: now)."""
        times = self._recent((address, table), self.clock())
        if len(times) < self.limit:
            return 0.0
        return times[-self.limit] + self.window - self.clock()

    def wrong(self, address: str, table: int) -> bool:
        """`address` gave a wrong password for `table`. True if that reached the limit for the
        first time since the address last had no wrong guess there (worth one log line)."""
        now = self.clock()
        key = (address, table)
        self._recent(key, now)
        times = self._wrong.setdefault(key, deque())
        times.append(now)
        if len(times) < self.limit or key in self._limited:
            return False
        self._limited.add(key)
        return True

    def forget_old(self) -> None:
        """Drop what the window has passed (the lobby's sweep calls this)."""
        now = self.clock()
        for key in list(self._wrong):
            self._recent(key, now)

    def _recent(self, key: tuple[str, int], now: float) -> deque[float]:
        """The key's wrong guesses within the window (a key with none is dropped)."""
        times = self._wrong.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._wrong[key]
            self._limited.discard(key)
        return times

    @contextlib.contextmanager
    def guarding(self, session: Any, table: Table, password: str | None) -> Iterator[None]:
        """Around a `join` or `watch`: refuse it while its address has guessed the table's
        password wrong too often; count it if it brings a wrong one."""
        address = peer_address(session)
        if table.seating.needs_password(session.identity):
            wait = self.wait(address, table.id)
            if wait > 0:
                seconds = math.ceil(wait)
                raise Refused(
                    "rate_limited",
                    f"too many wrong passwords for table {table.id} from your address;"
                    f" try again in {seconds} s",
                    {"retry_after": seconds},
                )
        try:
            yield
        except Refused as exc:
            # Counted (and, when it reaches the limit, told in one log line) if it was wrong.
            wrong = exc.code == "password" and password is not None
            if wrong and self.wrong(address, table.id):
                log.warning(
                    "%s guessed the password of table %s wrong %s times within %g s;"
                    " its tries there wait",
                    address,
                    table.id,
                    self.limit,
                    self.window,
                )
            raise
