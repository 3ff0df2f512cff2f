"""The live port's worker: uvicorn's, whose connections may not sit idle.

uvicorn closes a kept-alive connection that sends no new request for ``keepalive`` seconds, but
not a connection that never sends a first one: a host could open tens of thousands and send
nothing. Here a connection must send a whole request head within the same ``keepalive``
seconds of opening, or it is closed.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker


class FirstRequestOnTime(HttpToolsProtocol):
    """uvicorn's HTTP protocol, closing a connection whose first request head does not come in
    time."""

    _waiting = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._waiting = self.loop.call_later(self.timeout_keep_alive, self._no_request)

    def on_headers_complete(self) -> None:
        self._stop_waiting()
        super().on_headers_complete()

    def connection_lost(self, exc) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _stop_waiting(self) -> None:
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None

    def _no_request(self) -> None:
        self._waiting = None
        if not self.transport.is_closing():
            self.transport.close()


class LiveWorker(UvicornWorker):
    CONFIG_KWARGS = {"loop": "auto", "http": FirstRequestOnTime}
