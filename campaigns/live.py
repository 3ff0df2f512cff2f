"""The live table's news: "campaign C is now at world version V", told to every open stream.

Every write bumps the campaign's world version (``campaigns.services.bump_versions``), reads it
under the campaign's lock (``campaigns.services.held``) and asks here, once its transaction
commits (never when it is rolled back), to tell that version to the pages that follow the
campaign (``web.views.live``'s stream).

* With Redis (``REDIS_URL``) the news is published on one channel, ``earthbook:live:<db>``, so it
  reaches every process on every node. Each process that serves streams holds ONE subscription
  to it, whatever its number of streams (a thread of its own with an asyncio loop, started by
  the first stream, ``redis.asyncio``), and fans each message out to the streams of that
  campaign.
* Without Redis (the embedded default, one process) the news goes straight to this process's
  streams.

A stream reads the campaign's version only once this process's subscription is confirmed by
Redis (``Hub.subscribed``): a write committed before that would otherwise never reach a first
stream of a fresh worker.

A stream's ``Listener`` keeps only the newest version it was told (a page only needs the last
one). When the subscription to Redis breaks, or is made again after a break, every stream is
closed: the pages reconnect with the version they have and are told at once what they missed.
Publishing never fails a write: a Redis that does not answer loses the news (pages still poll as
the fallback, and the next write tells them again).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from collections import defaultdict
from urllib.parse import urlparse

from django.conf import settings
from django.db import transaction

from campaigns.models import Campaign
from campaigns.redis_clients import client_of

log = logging.getLogger(__name__)

RECONNECT_SECONDS = 1.0
# The news "check your readers again" in place of a version.
CHECK = "check"
PUBLISH_TIMEOUT_SECONDS = 1.0


def channel() -> str:
    """The channel of the news: Redis's channels span its numbered databases, so the name holds
    the database of ``REDIS_URL`` (two sites sharing one Redis server keep their news apart)."""
    database = urlparse(settings.REDIS_URL or "").path.strip("/") or "0"
    return f"earthbook:live:{database}"


def announce_after_commit(campaign_id: int, version: int | None = None) -> None:
    """Tell the campaign's new world version once the write in progress commits (at once outside a
    transaction); nothing when it is rolled back. ``version``: the one the write read under the
    campaign's lock (every later write commits after it and tells its own); None to read it then."""
    transaction.on_commit(lambda: announce(campaign_id, version), robust=True)


def check_readers_after_commit(campaign_id: int) -> None:
    """Once the write in progress commits, have every stream of the campaign check its reader
    again at once (a member removed, the share link replaced): who lost access stops being told
    now, not at their stream's next check."""
    transaction.on_commit(lambda: check_readers(campaign_id), robust=True)


def check_readers(campaign_id: int) -> None:
    if settings.REDIS_URL:
        _publish([campaign_id, CHECK])
    else:
        hub.deliver(campaign_id, CHECK)


def announce(campaign_id: int, version: int | None = None) -> None:
    """Tell every stream of the campaign its world version: ``version``, or as it is now."""
    if not settings.REDIS_URL and not hub.follows(campaign_id):
        return  # nobody in this process to tell, and no other process to reach
    if version is None:
        version = (
            Campaign.objects.filter(pk=campaign_id).values_list("world_version", flat=True).first()
        )
    if version is None:
        return
    if settings.REDIS_URL:
        publish(campaign_id, version)
    else:
        hub.deliver(campaign_id, version)


def publish(campaign_id: int, version: int) -> None:
    _publish([campaign_id, version])


def _publish(news: list) -> None:
    import redis

    try:
        client_of(settings.REDIS_URL, PUBLISH_TIMEOUT_SECONDS).publish(channel(), json.dumps(news))
    except (redis.RedisError, OSError) as error:
        log.warning("live news of campaign %s not published: %s", news[0], error)


class Listener:
    """One open stream's mailbox: the newest version told, and a wake-up for its loop."""

    def __init__(self, campaign_id: int, loop: asyncio.AbstractEventLoop):
        self.campaign_id = campaign_id
        self.loop = loop
        self.newest = 0
        self.closed = False
        self.check_due = False
        self._woken = asyncio.Event()

    def note(self, version: int | str | None) -> None:
        """In the listener's own loop: ``None`` closes it, ``CHECK`` asks for its reader to be
        checked again."""
        if version is None:
            self.closed = True
        elif version == CHECK:
            self.check_due = True
        elif isinstance(version, int):
            self.newest = max(self.newest, version)
        self._woken.set()

    async def wait(self, after: int) -> int | None:
        """The newest version above ``after`` once there is one, or the newest as it is when a
        check is due; None when closed."""
        while not self.closed and self.newest <= after and not self.check_due:
            self._woken.clear()
            await self._woken.wait()
        return None if self.closed else self.newest

    def take_check(self) -> bool:
        """Is a check of the reader due? (Then it is no longer.)"""
        due, self.check_due = self.check_due, False
        return due


class Hub:
    """This process's streams, by campaign, and its one subscription to the news."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[int, set[Listener]] = defaultdict(set)
        self._thread: threading.Thread | None = None
        self._pid = 0
        self.subscribed = threading.Event()

    def follows(self, campaign_id: int) -> bool:
        return bool(self._listeners.get(campaign_id))

    def listen(self, campaign_id: int) -> Listener:
        """A new stream of ``campaign_id``, in the running loop."""
        listener = Listener(campaign_id, asyncio.get_running_loop())
        with self._lock:
            self._listeners[campaign_id].add(listener)
        if settings.REDIS_URL:
            self._subscribe()
        return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            followers = self._listeners.get(listener.campaign_id)
            if followers is not None:
                followers.discard(listener)
                if not followers:
                    del self._listeners[listener.campaign_id]

    def deliver(self, campaign_id: int, version: int | str | None) -> None:
        """Tell ``version`` to the campaign's streams (``campaign_id`` 0 with None: close them
        all), from any thread: one hand-over per event loop, however many streams it serves."""
        with self._lock:
            if campaign_id:
                listeners = list(self._listeners.get(campaign_id, ()))
            else:
                listeners = [each for group in self._listeners.values() for each in group]
        by_loop: dict[asyncio.AbstractEventLoop, list[Listener]] = defaultdict(list)
        for listener in listeners:
            by_loop[listener.loop].append(listener)
        for loop, group in by_loop.items():
            try:
                loop.call_soon_threadsafe(_note_all, group, version)
            except RuntimeError:  # that loop has ended: its streams are gone
                for listener in group:
                    self.leave(listener)

    # --- The one subscription -------------------------------------------------------------------

    def _subscribe(self) -> None:
        with self._lock:
            if self._thread is not None and self._pid == os.getpid() and self._thread.is_alive():
                return
            self._pid = os.getpid()  # a forked worker starts its own
            self.subscribed.clear()
            self._thread = threading.Thread(
                target=lambda: asyncio.run(self._follow_news()), name="live-news", daemon=True
            )
            self._thread.start()

    async def _follow_news(self) -> None:
        import redis.asyncio as aioredis

        broken = False
        while True:
            client = aioredis.Redis.from_url(settings.REDIS_URL)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(channel())
                    async for message in pubsub.listen():
                        if message.get("type") != "subscribe":
                            self._told(message.get("data"))
                            continue
                        # Redis confirmed the subscription: from now on nothing published is
                        # missed (streams wait for this before reading their first version).
                        self.subscribed.set()
                        if broken:  # what was said meanwhile is lost: the pages ask again
                            self.deliver(0, None)
                            broken = False
            except Exception as error:  # noqa: BLE001 - a broken subscription is made again
                log.warning("live news: the subscription broke (%s); subscribing again", error)
                self.subscribed.clear()
                if not broken:
                    self.deliver(0, None)
                broken = True
            finally:
                with contextlib.suppress(Exception):  # it is being dropped anyway
                    await client.aclose()
            await asyncio.sleep(RECONNECT_SECONDS)

    def _told(self, data) -> None:
        try:
            campaign_id, version = json.loads(data)
        except (TypeError, ValueError):
            return
        if (
            isinstance(campaign_id, int)
            and (isinstance(version, int) or version == CHECK)
            and campaign_id > 0
        ):
            self.deliver(campaign_id, version)


def _note_all(listeners: list[Listener], version: int | str | None) -> None:
    for listener in listeners:
        listener.note(version)


hub = Hub()
