"""LAN discovery over mDNS/DNS-SD: the server advertises itself, `browse` lists the servers heard.

The service type is `_jeweltable._tcp.local.`; the TXT record carries the protocol version, the
server's name, its games, how many tables have open seats and the browser page's port. Both sides
can be limited to some interface addresses (`interfaces`); by default zeroconf uses every IPv4
interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from shared import engine
from shared.protocol import PROTOCOL_VERSION, SERVICE_TYPE

log = logging.getLogger(__name__)

# The TXT record is rewritten at most this often when the open-table count changes.
UPDATE_EVERY = 1.0


def make_zeroconf(interfaces: list[str] | None) -> AsyncZeroconf:
    """An AsyncZeroconf on the given IPv4 addresses only (every interface when None)."""
    choice: Any = list(interfaces) if interfaces else InterfaceChoice.All
    return AsyncZeroconf(interfaces=choice, ip_version=IPVersion.V4Only)


def advertised_addresses(host: str, interfaces: list[str] | None) -> list[str]:
    """The IPv4 addresses to announce: the chosen interfaces, the bound host, or every one."""
    if interfaces:
        return list(interfaces)
    if host not in ("", "0.0.0.0"):
        return [host]
    found = [
        ip.ip
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if isinstance(ip.ip, str) and not ip.ip.startswith("127.")
    ]
    return found or ["127.0.0.1"]


def instance_label(name: str) -> str:
    """A DNS-SD instance label: at most 63 bytes, no dots."""
    label = name.replace(".", " ").strip() or "Jewel Table"
    while len(label.encode("utf-8")) > 63:
        label = label[:-1]
    return label


class Advertiser:
    """Announces one server; `open_tables_changed` keeps the TXT record current."""

    def __init__(
        self,
        name: str,
        port: int,
        *,
        host: str = "0.0.0.0",
        interfaces: list[str] | None = None,
        open_tables: int = 0,
        web_port: int | None = None,
    ) -> None:
        self.name = name
        self.port = port
        self.web_port = web_port
        self.interfaces = interfaces or None
        self.addresses = advertised_addresses(host, interfaces)
        self.open_tables = open_tables
        self.zc: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None
        self._pending: asyncio.TimerHandle | None = None
        self._update: asyncio.Task | None = None

    def _properties(self) -> dict[str, str]:
        props = {
            "v": str(PROTOCOL_VERSION),
            "name": self.name,
            "games": ",".join(engine.list_games()),
            "open": str(self.open_tables),
        }
        if self.web_port is not None:
            props["web"] = str(self.web_port)
        return props

    def _service_info(self, instance: str) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE,
            instance,
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties=self._properties(),
            server=f"{instance_label(socket.gethostname()).replace(' ', '-')}.local.",
        )

    async def start(self) -> None:
        self.zc = make_zeroconf(self.interfaces)
        self.info = self._service_info(f"{instance_label(self.name)}.{SERVICE_TYPE}")
        # zeroconf returns a task that finishes once the announcement has gone out.
        await (await self.zc.async_register_service(self.info, allow_name_change=True))
        log.info("discovery: advertising %s on %s", self.info.name, ", ".join(self.addresses))

    @property
    def instance(self) -> str | None:
        return None if self.info is None else self.info.name

    def open_tables_changed(self, count: int) -> None:
        """Note a new count; the TXT record follows within UPDATE_EVERY seconds."""
        self.open_tables = count
        if self._pending is None and self.zc is not None:
            loop = asyncio.get_running_loop()
            self._pending = loop.call_later(UPDATE_EVERY, self._push)

    def _push(self) -> None:
        self._pending = None
        if self.zc is not None and self.info is not None:
            self._update = asyncio.get_running_loop().create_task(self._update_service())

    async def _update_service(self) -> None:
        assert self.zc is not None and self.info is not None
        self.info = self._service_info(self.info.name)
        await (await self.zc.async_update_service(self.info))

    async def close(self) -> None:
        """Unregister (goodbye packets) and close."""
        if self._pending is not None:
            self._pending.cancel()
        if self._update is not None:
            with contextlib.suppress(Exception):
                await self._update
        if self.zc is None:
            return
        if self.info is not None:
            with contextlib.suppress(Exception):
                await (await self.zc.async_unregister_service(self.info))
        await self.zc.async_close()
        self.zc = None


def _port(text: str) -> bool:
    return text.isdigit() and 0 < int(text) < 65536


def service_record(info: AsyncServiceInfo) -> dict[str, Any]:
    """What a resolved announcement says: name, addresses, port, version, games, open tables."""
    props = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): (
            v.decode("utf-8", "replace") if isinstance(v, bytes) else ""
        )
        for k, v in (info.properties or {}).items()
    }
    try:
        open_tables = int(props.get("open", "0"))
    except ValueError:
        open_tables = 0
    version = props.get("v", "")
    addresses = info.parsed_addresses(IPVersion.V4Only)
    web = props.get("web", "")
    return {
        "name": props.get("name") or info.name.removesuffix("." + SERVICE_TYPE),
        "instance": info.name,
        "addresses": addresses,
        "port": info.port,
        "version": int(version) if version.isdigit() else None,
        "compatible": version == str(PROTOCOL_VERSION),
        "games": [g for g in props.get("games", "").split(",") if g],
        "open_tables": open_tables,
        # The browser page (server/web.py), if the server serves one.
        "web": f"http://{addresses[0]}:{web}/" if _port(web) and addresses else None,
    }


async def browse(interfaces: list[str] | None = None, timeout: float = 3.0) -> list[dict[str, Any]]:
    """The servers heard within `timeout` seconds, sorted by name."""
    azc = make_zeroconf(interfaces)
    loop = asyncio.get_running_loop()
    found: dict[str, dict[str, Any]] = {}
    lookups: set[asyncio.Task] = set()

    async def resolve(name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if await info.async_request(azc.zeroconf, 1500) and info.port:
            found[name] = service_record(info)

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            found.pop(name, None)
            return
        task = loop.create_task(resolve(name))
        lookups.add(task)
        task.add_done_callback(lookups.discard)

    browser = AsyncServiceBrowser(azc.zeroconf, SERVICE_TYPE, handlers=[on_change])
    try:
        await asyncio.sleep(timeout)
        if lookups:
            await asyncio.wait(list(lookups), timeout=2)
    finally:
        for task in lookups:
            task.cancel()
        await browser.async_cancel()
        await azc.async_close()
    return sorted(found.values(), key=lambda s: (s["name"], s["instance"]))
