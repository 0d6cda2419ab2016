"""“Host a game”: a Jewel Table server inside the client, on its own thread, advertised on the LAN.

The server is the same `server.app.Server` that `jeweltable serve` runs; the client then connects
to it over TCP like any other client, so a hosted game and a remote one behave the same. It serves
the page for phones and tablets too (`web_urls`, for a QR code on screen).
"""

from __future__ import annotations

import asyncio
import threading

from shared.protocol import DEFAULT_PORT


class LocalServer:
    """Start with `start()` (waits until it listens, returns the port); stop with `stop()`."""

    def __init__(
        self,
        name: str,
        interfaces: list[str] | None = None,
        discovery: bool = True,
        port: int | None = None,
        web: bool = True,
    ) -> None:
        self.name = name
        self.wanted_port = port
        self.web = web
        self.interfaces = list(interfaces or [])
        self.discovery = discovery
        self.port = 0
        self.host = "127.0.0.1"
        # The page's URLs a phone could open, LAN addresses first (empty without `web`).
        self.web_urls: list[str] = []
        self.error: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="jeweltable-host", daemon=True)

    def start(self) -> LocalServer:
        """Start the server's thread (returns at once; see `ready` and `wait`)."""
        self._thread.start()
        return self

    @property
    def ready(self) -> bool:
        """Whether the server has started listening, or failed (see `error`)."""
        return self._ready.is_set()

    def wait(self, timeout: float = 15.0) -> int:
        """Wait until it listens; its port. `OSError` with the reason if it could not start."""
        self._ready.wait(timeout)
        if self.error is not None or not self.port:
            raise OSError(self.error or "the server did not start in time")
        return self.port

    def stop(self, timeout: float = 10.0) -> None:
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        from server.app import Server, ServerConfig, default_web_port

        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        # With one chosen interface the server listens there only; else on every address.
        listen = self.interfaces[0] if len(self.interfaces) == 1 else "0.0.0.0"
        server = None
        # The usual port if it is free (others find it by habit), else any.
        ports = (DEFAULT_PORT, 0) if self.wanted_port is None else (self.wanted_port,)
        for port in ports:
            config = ServerConfig(
                host=listen,
                port=port,
                name=self.name,
                interfaces=self.interfaces,
                discovery=self.discovery,
                # The page next to the game port, as `jeweltable serve` has it (else any port).
                web_port=default_web_port(port) if self.web else None,
            )
            try:
                server = Server(config)
                await server.start()
                break
            except OSError as exc:
                self.error = str(exc)
                if server is not None:
                    await server.close()
                server = None
        if server is None:
            self._ready.set()
            return
        self.error = None
        self.port = server.port
        self.web_urls = server.web_urls()
        self.host = "127.0.0.1" if listen == "0.0.0.0" else listen
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await server.close()
