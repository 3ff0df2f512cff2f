"""The live table: every open page of a campaign learns when anything was written since it was
drawn. It follows the campaign's stream of news (server-sent events, ``campaign_live_stream``,
served by the ASGI server) and, when that fails or there is none, asks about once a second
(``campaign_live``).

The answer is the campaign's ``world_version`` (bumped under the campaign lock by every write) as
an ETag. A page sends the one it was drawn at in ``If-None-Match``; while nothing changed the
answer is an empty ``304``. Asking costs the reader's session, account and the campaign row (the
same check every page makes, three small queries) and nothing about the world. Short requests
suit the shipped gunicorn (gthread workers with a few threads each), which a stream held open
per page would tie up.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connection
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseNotFound,
    HttpResponseNotModified,
    JsonResponse,
    StreamingHttpResponse,
)
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from campaigns.live import hub
from web.access import acampaign_access
from web.views.common import campaign_view

HEARTBEAT_SECONDS = 25.0
RECONNECT_MS = 3000


def version_tag(campaign) -> str:
    """The ETag of a campaign's live answer: its world version (the address names the
    campaign)."""
    return f'"{campaign.world_version}"'


def _matches(header: str, tag: str) -> bool:
    return any(part.strip() in (tag, f"W/{tag}", "*") for part in header.split(","))


@require_GET
@campaign_view()
def campaign_live(request, access):
    """``{"version": N}`` with its ETag, or ``304`` when the page already has that version."""
    tag = version_tag(access.campaign)
    if _matches(request.headers.get("If-None-Match", ""), tag):
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"version": access.campaign.world_version})
    response["ETag"] = tag
    # Each reader asks the server every time: no cache in between keeps an answer.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("Cookie",))
    return response


# --- The stream --------------------------------------------------------------------------------


def event(version: int) -> bytes:
    """One server-sent event: the campaign's world version, as its id and its data."""
    return f"id: {version}\ndata: {version}\n\n".encode()


def _version_told(request) -> int | None:
    """The version the page has: ``Last-Event-ID`` when the browser reconnects, else ``?v=``."""
    for raw in (request.headers.get("Last-Event-ID"), request.GET.get("v")):
        if raw is not None and raw.strip().isdigit() and len(raw.strip()) < 12:
            return int(raw.strip())
    return None


async def campaign_live_stream(request, pk):
    """``text/event-stream``: an event (``id`` and ``data``: the world version) whenever the
    campaign's world version changes, at once when the page's own (``Last-Event-ID``, or ``?v=``
    on the first connection) is not the current one; a comment line as a heartbeat every
    ``HEARTBEAT_SECONDS``. Readers only (404 for anyone else, as the poll).

    Only an ASGI server holds a stream open. A WSGI server (the synchronous gunicorn, the
    development server) answers ``204``: an EventSource then stops trying and the page polls."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if not isinstance(request, ASGIRequest):
        return _no_stream()
    # Listening before reading the version: nothing written in between is missed.
    listener = hub.listen(pk)
    try:
        reader = await acampaign_access(request, pk)
    except Http404:
        # A bare 404 (an EventSource shows no page), the same for a private campaign and none.
        hub.leave(listener)
        return HttpResponseNotFound()
    except BaseException:
        hub.leave(listener)
        raise
    finally:
        # A stream holds no database connection while it waits.
        await sync_to_async(_done_with_database)()
    response = EventStream(
        _events(listener, _version_told(request), reader.campaign.world_version),
        content_type="text/event-stream",
    )
    response.listener = listener
    response["Cache-Control"] = "private, no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front passes each event on at once
    patch_vary_headers(response, ("Cookie",))
    return response


class EventStream(StreamingHttpResponse):
    """The stream's response: closing it (as the server does when the phone goes, even before a
    first byte was sent) takes its listener off the hub."""

    listener = None

    def close(self):
        if self.listener is not None:
            hub.leave(self.listener)
        super().close()


def _no_stream() -> HttpResponse:
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response


def _done_with_database() -> None:
    if not connection.in_atomic_block:  # (a test's transaction stays open)
        close_old_connections()
        connection.close()


async def _events(listener, told: int | None, current: int):
    try:
        yield f"retry: {RECONNECT_MS}\n\n".encode()
        sent = current
        if told != current:
            yield event(current)
        while True:
            try:
                newest = await asyncio.wait_for(listener.wait(after=sent), HEARTBEAT_SECONDS)
            except TimeoutError:
                yield b":\n\n"
                continue
            if newest is None:  # the news was cut: the page reconnects and is told again
                return
            sent = newest
            yield event(newest)
    finally:
        hub.leave(listener)
