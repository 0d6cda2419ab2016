"""Live LAN browsing for the start screen: servers appear and disappear as they come and go.

zeroconf runs on its own thread with an asyncio loop; `poll()` hands the UI the changes since the
last frame without blocking. The TXT record is read by the server's own parser
(`server.discovery`), so both sides agree on what a server announces.
"""

from __future__ import annotations

import asyncio
import collections
import threading
from typing import Any

from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo

from client.model import ServerInfo
from server.discovery import _found, _zeroconf
from shared.protocol import SERVICE_TYPE


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
        azc = _zeroconf(self.interfaces)
        tasks: set[asyncio.Task] = set()

        async def resolve(name: str) -> None:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if await info.async_request(azc.zeroconf, 1500) and info.port:
                found = _found(info)
                if found["compatible"] and info.parsed_addresses(IPVersion.V4Only):
                    self._changes.append(("found", name, server_info(found)))

        def on_change(
            zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
        ) -> None:
            if state_change is ServiceStateChange.Removed:
                self._changes.append(("lost", name, None))
                return
            task = self._loop.create_task(resolve(name)) if self._loop else None
            if task is not None:
                tasks.add(task)
                task.add_done_callback(tasks.discard)

        browser = AsyncServiceBrowser(azc.zeroconf, SERVICE_TYPE, handlers=[on_change])
        try:
            await self._stop.wait()
        finally:
            for task in tasks:
                task.cancel()
            await browser.async_cancel()
            await azc.async_close()
