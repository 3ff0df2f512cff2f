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
from importlib import import_module

from asgiref.sync import sync_to_async
from django.conf import settings
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
from edge import live_streams
from edge.client import client_address
from web.access import acampaign_access
from web.views.common import campaign_view

HEARTBEAT_SECONDS = 25.0
RECONNECT_MS = 3000
# A stream's reader is checked again at the first heartbeat or event this long after the last
# check: a reader who lost their access stops being told within about a minute.
RECHECK_SECONDS = 50.0
# What a stream refused for its address's too many is told (it polls meanwhile).
TOO_MANY_RETRY_SECONDS = 60
# A first stream of a fresh worker waits this long, at most, for the subscription to the news.
SUBSCRIBED_WITHIN_SECONDS = 5.0


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

    One client address holds at most ``LIVE_STREAMS_PER_ADDRESS`` streams (``edge.live_streams``):
    one more is answered ``429``. The reader is checked again every ``RECHECK_SECONDS`` (their
    session read afresh): a member removed, a session logged out or a share link replaced ends
    the stream, and the page's reconnection is refused.

    Only an ASGI server holds a stream open. A WSGI server (the synchronous gunicorn, the
    development server) answers ``204``: an EventSource then stops trying and the page polls."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if not isinstance(request, ASGIRequest):
        return _no_stream()
    place = await live_streams.take(client_address(request))
    if place is None:
        return _too_many()
    # Listening before reading the version: nothing written in between is missed, once the
    # subscription to the news is up (a first stream of a fresh worker waits for it).
    listener = hub.listen(pk)
    try:
        if not await _news_followed():
            raise _NotFollowed
        reader = await acampaign_access(request, pk)
    except Http404:
        # A bare 404 (an EventSource shows no page), the same for a private campaign and none.
        await _end(listener, place)
        return HttpResponseNotFound()
    except _NotFollowed:
        await _end(listener, place)
        return _unavailable()
    except BaseException:
        await _end(listener, place)
        raise
    finally:
        # A stream holds no database connection while it waits.
        await sync_to_async(_done_with_database)()
    response = EventStream(
        _events(
            request, pk, listener, place, _version_told(request), reader.campaign.world_version
        ),
        content_type="text/event-stream",
    )
    response.listener = listener
    response.place = place
    response["Cache-Control"] = "private, no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front passes each event on at once
    patch_vary_headers(response, ("Cookie",))
    return response


class _NotFollowed(Exception):
    """The news could not be followed in time."""


class EventStream(StreamingHttpResponse):
    """The stream's response: closing it (as the server does when the phone goes, even before a
    first byte was sent) takes its listener off the hub and gives its place back."""

    listener = None
    place = None

    def close(self):
        if self.listener is not None:
            hub.leave(self.listener)
            if self.place is not None:
                self.place.give_back_soon(self.listener.loop)
        super().close()


def _no_stream() -> HttpResponse:
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response


def _too_many() -> HttpResponse:
    """As many streams from this address as it may hold: the page polls instead."""
    response = HttpResponse(status=429)
    response["Retry-After"] = str(TOO_MANY_RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def _unavailable() -> HttpResponse:
    response = HttpResponse(status=503)
    response["Retry-After"] = str(RECONNECT_MS // 1000)
    response["Cache-Control"] = "no-store"
    return response


async def _news_followed() -> bool:
    """With Redis, wait (bounded) until this process's subscription to the news is up."""
    if not settings.REDIS_URL:
        return True
    waited = 0.0
    while not hub.subscribed.is_set():
        if waited >= SUBSCRIBED_WITHIN_SECONDS:
            return False
        await asyncio.sleep(0.01)
        waited += 0.01
    return True


async def _end(listener, place) -> None:
    hub.leave(listener)
    await place.give_back()


def _done_with_database() -> None:
    if not connection.in_atomic_block:  # (a test's transaction stays open)
        close_old_connections()
        connection.close()


async def _still_reads(request, pk) -> bool:
    """Is the stream's reader still one? Their session is read again from its store (a logout
    deleted it), then their access as the stream's opening checked it."""
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.session.session_key)
    if hasattr(request, "_acached_user"):
        del request._acached_user
    try:
        await acampaign_access(request, pk)
    except Http404:
        return False
    finally:
        await sync_to_async(_done_with_database)()
    return True


async def _events(request, pk, listener, place, told: int | None, current: int):
    loop = asyncio.get_running_loop()
    try:
        yield f"retry: {RECONNECT_MS}\n\n".encode()
        sent = current
        if told != current:
            yield event(current)
        checked = loop.time()
        while True:
            try:
                newest = await asyncio.wait_for(listener.wait(after=sent), HEARTBEAT_SECONDS)
            except TimeoutError:
                newest = 0  # a heartbeat
            if newest is None:  # the news was cut: the page reconnects and is told again
                return
            if listener.take_check() or loop.time() - checked >= RECHECK_SECONDS:
                if not await _still_reads(request, pk):
                    return
                checked = loop.time()
            if newest > sent:
                sent = newest
                yield event(newest)
            elif not newest:
                await place.renew()
                yield b":\n\n"
    finally:
        hub.leave(listener)
        await place.give_back()
