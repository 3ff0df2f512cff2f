"""What the live port serves: the streams of the live table and the health check, nothing else.

The live server (``config/gunicorn_live.conf.py``) holds thousands of connections open; it is
no place for the pages, the admin or the API's writes, which the synchronous server serves. Every
other path is answered ``404`` here before Django sees it, and any other kind of connection (a
websocket) is closed.

A request on the live port must start its answer within ``LIVE_REQUEST_TIMEOUT_SECONDS``: a
stream answers its headers once it has checked the reader, and then stays open as long as the
page does; one that has not answered by then (a database that hangs) is cancelled and answered
``503``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re

from django.conf import settings

SERVED = re.compile(r"^/(c/[0-9]+/live/stream/|health/)$")


def serves(path: str) -> bool:
    return SERVED.match(path) is not None


def only_streams(app):
    """The ASGI application ``app`` as the live port serves it."""

    async def application(scope, receive, send):
        if scope["type"] == "lifespan":
            await app(scope, receive, send)
        elif scope["type"] != "http":
            await send({"type": "websocket.close", "code": 1008})
        elif not serves(scope.get("path", "")):
            await _answer(send, 404)
        else:
            await _started_within(settings.LIVE_REQUEST_TIMEOUT_SECONDS, app, scope, receive, send)

    return application


async def _started_within(seconds, app, scope, receive, send) -> None:
    started = asyncio.Event()

    async def watched(message):
        if message["type"] == "http.response.start":
            started.set()
        await send(message)

    task = asyncio.ensure_future(app(scope, receive, watched))
    waiter = asyncio.ensure_future(started.wait())
    try:
        await asyncio.wait({task, waiter}, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
    if not started.is_set() and not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await _answer(send, 503)
        return
    await task


async def _answer(send, status: int) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), (b"cache-control", b"no-store")],
        }
    )
    await send({"type": "http.response.body", "body": b""})
