"""The cache keeps one Redis client per server and shares it between calls and threads (Django
builds a new one for every call otherwise), and a shared client still reads and writes what
each thread meant."""

from __future__ import annotations

import os
import threading
import uuid

from config.cache import FailSoftRedisCache
from tests.support.real_parts import missing


def test_the_cache_builds_its_redis_client_once_and_reuses_it():
    cache = FailSoftRedisCache("redis://127.0.0.1:1/0", {})  # no connection is made here
    first = cache._cache.get_client("a")
    assert cache._cache.get_client("b") is first
    assert cache._cache.get_client("c", write=True) is first  # one server: one pool


def test_threads_sharing_the_client_each_read_back_what_they_wrote():
    url = os.environ.get("REDIS_URL")
    if not url:
        missing("REDIS_URL is not set")
    cache = FailSoftRedisCache(url, {})
    prefix = uuid.uuid4().hex
    seen: dict[int, list] = {}

    def work(n: int) -> None:
        got = []
        for i in range(50):
            key = f"{prefix}:{n}:{i}"
            cache.set(key, (n, i), 30)
            got.append(cache.get(key))
        seen[n] = got

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert seen == {n: [(n, i) for i in range(50)] for n in range(8)}
    cache.delete_many([f"{prefix}:{n}:{i}" for n in range(8) for i in range(50)])
