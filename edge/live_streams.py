"""How many live streams one client address may hold open at once (``LIVE_STREAMS_PER_ADDRESS``,
0: no limit), counted across every process that serves streams.

A stream takes a place when it opens and gives it back when it ends. With Redis (``REDIS_URL``)
the places of an address are one sorted set, ``earthbook:live-streams:<db>:<address>``: each
member is one stream, scored by the time its place runs out. An open stream renews its place at
each heartbeat; a place not renewed for ``HOLD_SECONDS`` (its worker crashed, or was killed)
no longer counts, so a lost worker does not leak places. Taking a place is one Lua script: two
streams opening at once in two processes cannot both take the last one. Without Redis (the
embedded default, one process) the places are counted in this process.

When Redis does not answer, a stream is let through: the limit protects the server, and the
news a stream waits for comes through the same Redis anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import weakref
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlparse

from django.conf import settings

log = logging.getLogger(__name__)

# A place not renewed for this long is free again (the streams renew theirs at each heartbeat).
HOLD_SECONDS = 90.0
REDIS_TIMEOUT_SECONDS = 1.0

_TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if tonumber(ARGV[4]) > 0 and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""

_here: Counter[str] = Counter()
_clients: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass
class Place:
    """One open stream's place among its address's."""

    address: str
    member: str
    given_back: bool = False

    async def renew(self) -> None:
        if not settings.REDIS_URL:
            return
        try:
            client = _client()
            await client.zadd(_key(self.address), {self.member: time.time() + HOLD_SECONDS})
            await client.expire(_key(self.address), int(HOLD_SECONDS) + 1)
        except Exception as error:  # noqa: BLE001 - a lost renewal only frees the place early
            log.warning("live streams: a place was not renewed (%s)", error)

    async def give_back(self) -> None:
        """Free the place (once, however often asked)."""
        if self.given_back:
            return
        self.given_back = True
        if not settings.REDIS_URL:
            _free_here(self.address)
            return
        try:
            await _client().zrem(_key(self.address), self.member)
        except Exception as error:  # noqa: BLE001 - it runs out by itself
            log.warning("live streams: a place was not given back (%s)", error)

    def give_back_soon(self, loop: asyncio.AbstractEventLoop) -> None:
        """From any thread: free the place, in the stream's own event loop for Redis."""
        if self.given_back:
            return
        if not settings.REDIS_URL:
            self.given_back = True
            _free_here(self.address)
            return
        # When that loop has ended, the place runs out by itself.
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self.give_back(), loop)


def _free_here(address: str) -> None:
    _here[address] -= 1
    if _here[address] <= 0:
        del _here[address]


def limit() -> int:
    return int(getattr(settings, "LIVE_STREAMS_PER_ADDRESS", 0))


async def take(address: str) -> Place | None:
    """A place for one more stream from ``address``; None when it holds as many as it may."""
    most = limit()
    place = Place(address=address, member=uuid.uuid4().hex)
    if not settings.REDIS_URL:
        if most and _here[address] >= most:
            return None
        _here[address] += 1
        return place
    now = time.time()
    try:
        taken = await _client().eval(
            _TAKE,
            1,
            _key(address),
            now,
            now + HOLD_SECONDS,
            place.member,
            most,
            int(HOLD_SECONDS) + 1,
        )
    except Exception as error:  # noqa: BLE001 - let the stream through (module docstring)
        log.warning("live streams: places not counted (%s)", error)
        return place
    return place if taken else None


def held_here(address: str) -> int:
    """The places ``address`` holds in this process (without Redis)."""
    return _here[address]


def _key(address: str) -> str:
    database = urlparse(settings.REDIS_URL or "").path.strip("/") or "0"
    return f"earthbook:live-streams:{database}:{address}"


def _client():
    """One asyncio Redis client per event loop (a client belongs to the loop it was made in)."""
    import redis.asyncio as aioredis

    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = aioredis.Redis.from_url(
            settings.REDIS_URL,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        )
        _clients[loop] = client
    return client
