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
import secrets
import socket
from typing import Any

import ifaddr
from zeroconf import (
    DNSIncoming,
    DNSOutgoing,
    DNSQuestion,
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from shared import engine
from shared.protocol import PROTOCOL_VERSION, SERVICE_TYPE

log = logging.getLogger(__name__)

# The TXT record is rewritten at most this often when the open-table count changes.
UPDATE_EVERY = 1.0
# `browse` is done this long after the last answer: servers answer a query within about
# 20–120 ms (RFC 6762's random delay), so a quiet quarter second means everyone has spoken.
QUIET_AFTER = 0.25
# Questions ask for multicast answers ("QM"). A "QU" question asks for a unicast reply to port
# 5353, which the kernel hands to any one of the processes sharing that port, often not ours:
# the first answer then waits for the browser's second query, a second later.
ASK = DNSQuestionType.QM
MDNS_GROUP, MDNS_PORT = "224.0.0.251", 5353
TYPE_PTR, CLASS_IN = 12, 1


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


class _DirectAnswers(asyncio.DatagramProtocol):
    """Feeds the answers to one direct question into a zeroconf's cache."""

    def __init__(self, zc: Zeroconf, query_id: int) -> None:
        self.zc = zc
        self.query_id = query_id

    def datagram_received(self, data: bytes, addr: tuple[str, int]) -> None:
        msg = DNSIncoming(data, addr)
        if msg.valid and msg.is_response() and msg.id == self.query_id:
            self.zc.record_manager.async_updates_from_response(msg)

    def error_received(self, exc: Exception) -> None:
        log.debug("discovery: direct question failed: %s", exc)


async def ask_directly(zc: Zeroconf, interfaces: list[str] | None, listen: float = 1.5) -> None:
    """Ask every server for its announcement at once, from a port of our own.

    A question from a port other than 5353 (RFC 6762 §6.7, "legacy unicast") is answered at
    once by unicast to that port; the browser's own question may be dropped as a duplicate of
    another client's (zeroconf ignores an identical packet for 0.8 s) or answered only a
    second later (a record is multicast at most once a second). The answers go into `zc`'s
    cache, so its browsers report them as usual; `listen` seconds later the port is closed.
    """
    loop = asyncio.get_running_loop()
    query_id = secrets.randbelow(0xFFFF) + 1  # a different packet each time: never a duplicate
    out = DNSOutgoing(0, multicast=False, id_=query_id)
    out.add_question(DNSQuestion(SERVICE_TYPE, TYPE_PTR, CLASS_IN))
    packets = out.packets()
    transports = []
    try:
        for address in advertised_addresses("0.0.0.0", interfaces):
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                sock.setsockopt(
                    socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(address)
                )
                sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
                sock.bind((address, 0))
            except OSError as exc:
                sock.close()
                log.debug("discovery: no direct question on %s: %s", address, exc)
                continue
            transport, _ = await loop.create_datagram_endpoint(
                lambda: _DirectAnswers(zc, query_id), sock=sock
            )
            transports.append(transport)
            for packet in packets:
                transport.sendto(packet, (MDNS_GROUP, MDNS_PORT))
        await asyncio.sleep(listen)
    finally:
        for transport in transports:
            transport.close()


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


async def browse(
    interfaces: list[str] | None = None, timeout: float = 3.0, quiet: float = QUIET_AFTER
) -> list[dict[str, Any]]:
    """The servers heard, sorted by name: returns `quiet` seconds after the last answer, or
    after `timeout` seconds at most (the whole of it when nobody answers)."""
    azc = make_zeroconf(interfaces)
    loop = asyncio.get_running_loop()
    found: dict[str, dict[str, Any]] = {}
    lookups: set[asyncio.Task] = set()
    heard = asyncio.Event()
    last_answer = 0.0

    def answered() -> None:
        nonlocal last_answer
        last_answer = loop.time()
        heard.set()

    async def resolve(name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if await info.async_request(azc.zeroconf, 1500, question_type=ASK) and info.port:
            found[name] = service_record(info)
        answered()

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        answered()
        if state_change is ServiceStateChange.Removed:
            found.pop(name, None)
            return
        task = loop.create_task(resolve(name))
        lookups.add(task)
        task.add_done_callback(lookups.discard)

    deadline = loop.time() + timeout
    browser = AsyncServiceBrowser(
        azc.zeroconf, SERVICE_TYPE, handlers=[on_change], question_type=ASK
    )
    asking = loop.create_task(ask_directly(azc.zeroconf, interfaces, min(timeout, 1.5)))
    try:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(heard.wait(), timeout)
        while (now := loop.time()) < deadline:
            if lookups:
                await asyncio.wait(list(lookups), timeout=deadline - now)
                continue
            if now - last_answer >= quiet:
                break
            await asyncio.sleep(min(last_answer + quiet, deadline) - now)
    finally:
        for task in [*lookups, asking]:
            task.cancel()
        await browser.async_cancel()
        await azc.async_close()
    return sorted(found.values(), key=lambda s: (s["name"], s["instance"]))
