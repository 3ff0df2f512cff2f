"""One Redis client per process and address, with short timeouts: for the few writes that ask
Redis directly (the live table's news, the bulk queue's turns) and must never wait long on it.
A forked process (a Celery or gunicorn worker) makes its own: a connection is never shared
across a fork."""

from __future__ import annotations

import os

_clients: dict[tuple[int, str, float], object] = {}


def client_of(url: str, timeout: float):
    """The Redis client of ``url`` in this process, its reads and connects bounded by
    ``timeout`` seconds."""
    key = (os.getpid(), url, timeout)
    found = _clients.get(key)
    if found is None:
        import redis

        if any(pid != os.getpid() for pid, _, _ in _clients):
            _clients.clear()  # made before a fork: the parent's
        found = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        _clients[key] = found
    return found
