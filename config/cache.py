"""The cache, fail-soft: Redis down is a slower site, never a broken one.

``FailSoftRedisCache`` is Django's own ``RedisCache`` whose every call answers as a cache that
holds nothing when Redis cannot be reached (a read is a miss, a write is dropped, a counter
starts again), and logs why; after a failure it rests a few seconds before asking Redis again.
Whatever reads the cache (the API's worlds, the login throttles) then falls back to the
database, or lets the request through. No new library: django-redis's ``IGNORE_EXCEPTIONS``
would do the same, at the price of a second Redis client. Short socket timeouts
(``OPTIONS``, see settings) keep an unreachable Redis from holding a request up.

The health check (``campaigns.health``) asks the cache with ``strict()``, which raises.
"""

from __future__ import annotations

import functools
import logging
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# After a failure, say so in the log at most this often (every request would meet it).
LOG_EVERY_SECONDS = 30
# After a failure, answer without asking Redis for this long: a Redis that hangs rather than
# refuses would otherwise cost every call its timeout.
REST_SECONDS = 5

# (method name, what it answers while Redis is down)
_SOFT = {
    "add": False,
    "get": None,
    "set": None,
    "touch": False,
    "delete": False,
    "get_many": {},
    "has_key": False,
    "incr": None,
    "set_many": [],
    "delete_many": None,
    "clear": False,
}


class ClientPerPool(RedisCacheClient):
    """Django's Redis client, keeping one ``redis.Redis`` per connection pool rather than
    building one for every call (a ``redis.Redis`` is safe to share; its pool hands out the
    connections, and makes new ones in a forked process)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class FailSoftRedisCache(RedisCache):
    _last_logged = 0.0
    _down_until: dict[str, float] = {}  # by location: Redis is presumed down until then

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ClientPerPool
        self._params = params
        self._where = str(server)

    def _resting(self) -> bool:
        return time.monotonic() < FailSoftRedisCache._down_until.get(self._where, 0.0)

    def strict(self) -> RedisCache:
        """The same cache, raising when Redis cannot be reached (for the health check)."""
        return RedisCache(self._servers, self._params)

    def _failed(self, name: str, exc: Exception) -> None:
        now = time.monotonic()
        FailSoftRedisCache._down_until[self._where] = now + REST_SECONDS
        if now - FailSoftRedisCache._last_logged >= LOG_EVERY_SECONDS:
            FailSoftRedisCache._last_logged = now
            logger.warning("Cache unreachable (%s: %s); going on without it", name, exc)


def _soft(name: str, answer):
    method = getattr(RedisCache, name)

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        if not self._resting():
            try:
                return method(self, *args, **kwargs)
            except (RedisError, OSError) as exc:
                self._failed(name, exc)
        if name == "get":
            return kwargs.get("default", args[1] if len(args) > 1 else None)
        return answer() if callable(answer) else answer

    return wrapper


for _name, _answer in _SOFT.items():
    _fresh = type(_answer) if _answer in ({}, []) else _answer  # a new {} or [] each time
    setattr(FailSoftRedisCache, _name, _soft(_name, _fresh))
