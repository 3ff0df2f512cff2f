"""Each address's places among the live streams: counted across processes (in Redis when the site
has it), never more than the limit, and a place its worker stopped renewing (a crash) runs out."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync

from edge import live_streams


def run(coroutine_function):
    """Run it to its end on a thread of its own: a browser test before it on this worker may
    leave an event loop running on the main thread, where asgiref refuses to start another.
    These places touch Redis only, never the test database, so any thread will do."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(async_to_sync(coroutine_function)).result()


@pytest.fixture
def two_places(settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    address = "192.0.2.7"

    async def clear():
        if settings.REDIS_URL:
            await live_streams._client().delete(live_streams._key(address))

    run(clear)
    yield address
    run(clear)


def test_an_address_takes_no_more_places_than_the_limit(two_places):
    async def scenario():
        first, second = await live_streams.take(two_places), await live_streams.take(two_places)
        third = await live_streams.take(two_places)
        await first.give_back()
        fourth = await live_streams.take(two_places)
        for place in (second, fourth):
            await place.give_back()
        return first, second, third, fourth

    first, second, third, fourth = run(scenario)
    assert first and second and fourth
    assert third is None


def test_a_place_its_stream_stopped_renewing_runs_out(two_places, settings, monkeypatch):
    if not settings.REDIS_URL:
        pytest.skip("without Redis the places are this process's own: a crash takes them along")
    now = live_streams.time.time()

    async def scenario():
        lost = [await live_streams.take(two_places) for _ in range(2)]  # a worker that crashed
        refused = await live_streams.take(two_places)
        monkeypatch.setattr(live_streams.time, "time", lambda: now + live_streams.HOLD_SECONDS + 1)
        later = await live_streams.take(two_places)
        return lost, refused, later

    lost, refused, later = run(scenario)
    assert all(lost) and refused is None and later is not None
