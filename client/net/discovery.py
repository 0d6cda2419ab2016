"""Live LAN browsing for the start screen: servers appear and disappear as they come and go.

zeroconf runs on its own thread with an asyncio loop; `poll()` hands the UI the changes since the
last frame without blocking. The TXT record is read by the server's own parser
(`server.discovery`), so both sides agree on what a server announces.

A server that stops without its goodbye reaching us (a crash, a pulled cable) would linger until
its records expire, minutes later; so every few seconds each known server's port is probed, and
one that refuses twice in a row is reported lost. Its records may still sit in zeroconf's cache
when it is started again, and then its new announcement changes nothing there and zeroconf
reports nothing: so a server lost that way stays "dormant" and is probed twice a second until it
answers again (found) or its records go (forgotten). Added, updated (a new port, new TXT) and
removed services are all followed.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import threading
from typing import Any

from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo

from client.net.model import ServerInfo
from server.discovery import ASK, ask_directly, make_zeroconf, service_record
from shared.protocol import SERVICE_TYPE

PROBE_EVERY = 3.0
PROBE_TIMEOUT = 1.5
# How often a server lost without its goodbye is probed for its return.
DORMANT_EVERY = 0.5


def server_info(found: dict[str, Any]) -> ServerInfo:
    address = found["addresses"][0] if found["addresses"] else "127.0.0.1"
    return ServerInfo(found["name"], address, found["port"], found["games"], found["open_tables"])


class LanBrowser:
    """Browses `_jeweltable._tcp` on `interfaces` (all IPv4 interfaces when empty)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = list(interfaces or []) or None
        self._changes: collections.deque[tuple[str, str, ServerInfo | None]] = collections.deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="jeweltable-browse", daemon=True)
        self.error: str | None = None

    def start(self) -> LanBrowser:
        self._thread.start()
        return self

    def poll(self) -> list[tuple[str, str, ServerInfo | None]]:
        """("found", instance, info) and ("lost", instance, None) since the last call."""
        out = []
        while self._changes:
            out.append(self._changes.popleft())
        return out

    def stop(self, timeout: float = 5.0) -> None:
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except OSError as exc:
            # No multicast here (no network, a sandbox): the address field still works.
            self.error = str(exc)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        azc = make_zeroconf(self.interfaces)
        tasks: set[asyncio.Task] = set()
        known: dict[str, ServerInfo] = {}
        # Lost to the probe while zeroconf still holds their records: watched for a return.
        dormant: dict[str, ServerInfo] = {}

        async def resolve(name: str) -> None:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if await info.async_request(azc.zeroconf, 1500, question_type=ASK) and info.port:
                found = service_record(info)
                if found["compatible"] and info.parsed_addresses(IPVersion.V4Only):
                    dormant.pop(name, None)
                    known[name] = server_info(found)
                    self._changes.append(("found", name, known[name]))

        def lost(name: str) -> None:
            if known.pop(name, None) is not None:
                self._changes.append(("lost", name, None))

        def on_change(
            zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
        ) -> None:
            if state_change is ServiceStateChange.Removed:
                dormant.pop(name, None)
                lost(name)
                return
            task = self._loop.create_task(resolve(name)) if self._loop else None
            if task is not None:
                tasks.add(task)
                task.add_done_callback(tasks.discard)

        # Servers are asked at once, directly, and then by the browser's own questions (for
        # multicast answers); each answer is reported as it comes.
        browser = AsyncServiceBrowser(
            azc.zeroconf, SERVICE_TYPE, handlers=[on_change], question_type=ASK
        )
        asking = self._loop.create_task(ask_directly(azc.zeroconf, self.interfaces))
        tasks.add(asking)
        asking.add_done_callback(tasks.discard)
        failures: dict[str, int] = {}
        loop = asyncio.get_running_loop()
        next_probe = loop.time() + PROBE_EVERY
        try:
            while not self._stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), DORMANT_EVERY)
                for name, info in list(dormant.items()):
                    if name in dormant and await _answers(info):
                        await resolve(name)
                if loop.time() < next_probe:
                    continue
                next_probe = loop.time() + PROBE_EVERY
                for name, info in list(known.items()):
                    if await _answers(info):
                        failures.pop(name, None)
                    else:
                        failures[name] = failures.get(name, 0) + 1
                        if failures[name] >= 2:
                            failures.pop(name)
                            lost(name)
                            dormant[name] = info
        finally:
            for task in tasks:
                task.cancel()
            await browser.async_cancel()
            await azc.async_close()


async def _answers(info: ServerInfo) -> bool:
    """Whether the server still accepts connections on its port."""
    try:
        _reader, writer = await asyncio.wait_for(
            asyncio.open_connection(info.host, info.port), PROBE_TIMEOUT
        )
    except (OSError, TimeoutError):
        return False
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    return True
