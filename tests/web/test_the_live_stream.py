"""The live table's stream: a phone following a campaign is told each new world version as soon
as the write that made it commits (never one that was refused), with a small heartbeat while
nothing happens; a stranger is refused; a phone that reconnects is told what it missed."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.core.signals import request_finished
from django.db import close_old_connections, connection
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext

from campaigns import live
from campaigns.models import Campaign
from tests.support.pages import url
from web.views import live as live_views

pytestmark = pytest.mark.django_db

WAIT = 10.0  # a bounded wait for what must come, not a measure of speed


def version_of(campaign) -> int:
    return Campaign.objects.get(pk=campaign.pk).world_version


def recruit(client, game, players, troops: str = "31"):
    return client.post(
        url(game.campaign, "games/1/log/recruitment/"),
        {"recruitment-player": str(players["Ada"].pk), "recruitment-troops": troops},
    )


def follow(user, campaign, **headers):
    """Open the campaign's stream as ``user`` (in the running loop); its chunks, one by one."""

    async def opened():
        client = AsyncClient()
        await client.aforce_login(user)
        query = headers.pop("v", None)
        address = url(campaign, "live/stream/") + (f"?v={query}" if query is not None else "")
        return await client.get(address, headers=headers)

    return opened()


async def next_chunk(response) -> bytes:
    return await asyncio.wait_for(response.streaming_content.__anext__(), WAIT)


async def hang_up(response):
    """The phone goes: the server closes the response (its stream, and its place in the hub).
    As Django's test client does, the request's end leaves the test's database connection alone
    (it is inside the test's transaction)."""
    request_finished.disconnect(close_old_connections)
    try:
        await sync_to_async(response.close)()
    finally:
        request_finished.connect(close_old_connections)
    await response.streaming_content.aclose()


def subscribed():
    if settings.REDIS_URL:  # the news comes through Redis: the one subscription must be up
        assert live.hub.subscribed.wait(WAIT)


def test_a_stranger_may_not_follow_a_campaigns_stream(game, stranger):
    async def scenario():
        response = await follow(stranger, game.campaign)
        return response.status_code

    assert async_to_sync(scenario)() == 404
    assert not live.hub.follows(game.campaign.pk)


def test_a_phone_is_told_of_an_entry_made_on_another_once_it_is_saved(
    game, players, owner, as_owner, django_capture_on_commit_callbacks
):
    before = version_of(game.campaign)

    def enter_on_another_phone():
        with django_capture_on_commit_callbacks(execute=True):
            assert recruit(as_owner, game, players).status_code in (200, 302)

    async def scenario():
        response = await follow(owner, game.campaign, v=before)
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["X-Accel-Buffering"] == "no"
        assert await next_chunk(response) == b"retry: 3000\n\n"
        await sync_to_async(subscribed, thread_sensitive=False)()
        await sync_to_async(enter_on_another_phone)()
        told = await next_chunk(response)
        await hang_up(response)
        return told

    told = async_to_sync(scenario)()
    after = version_of(game.campaign)
    assert after > before
    assert told == f"id: {after}\ndata: {after}\n\n".encode()
    assert not live.hub.follows(game.campaign.pk)  # the closed stream left the hub


def test_a_quiet_table_gets_only_a_small_heartbeat(game, owner, monkeypatch):
    monkeypatch.setattr(live_views, "HEARTBEAT_SECONDS", 0.05)
    now = version_of(game.campaign)

    async def scenario():
        response = await follow(owner, game.campaign, v=now)
        chunks = [await next_chunk(response) for _ in range(3)]
        await hang_up(response)
        return chunks

    assert async_to_sync(scenario)() == [b"retry: 3000\n\n", b":\n\n", b":\n\n"]


def test_a_phone_that_reconnects_is_told_at_once_what_it_missed(game, players, owner, as_owner):
    missed = version_of(game.campaign)
    assert recruit(as_owner, game, players).status_code in (200, 302)
    now = version_of(game.campaign)
    assert now > missed

    async def scenario(last_seen):
        response = await follow(owner, game.campaign, **{"Last-Event-ID": str(last_seen)})
        chunks = [await next_chunk(response), await next_chunk(response)]
        await hang_up(response)
        return chunks

    assert async_to_sync(scenario)(missed)[1] == f"id: {now}\ndata: {now}\n\n".encode()


def test_a_phone_up_to_date_is_told_nothing_until_something_changes(game, owner, monkeypatch):
    monkeypatch.setattr(live_views, "HEARTBEAT_SECONDS", 0.05)
    now = version_of(game.campaign)

    async def scenario():
        response = await follow(owner, game.campaign, **{"Last-Event-ID": str(now)})
        chunks = [await next_chunk(response), await next_chunk(response)]
        await hang_up(response)
        return chunks

    assert async_to_sync(scenario)() == [b"retry: 3000\n\n", b":\n\n"]


def test_a_server_without_streams_sends_the_page_back_to_polling(game, as_owner):
    # The synchronous server (WSGI) never holds a worker for a stream: 204, and the page polls.
    response = as_owner.get(url(game.campaign, "live/stream/"))
    assert response.status_code == 204 and response.content == b""


def test_only_a_saved_write_is_announced_and_only_once_saved(
    game, players, as_owner, monkeypatch, django_capture_on_commit_callbacks
):
    told = []
    monkeypatch.setattr(live, "announce", lambda pk, version=None: told.append((pk, version)))
    with django_capture_on_commit_callbacks(execute=True):
        # Refused: a faction holds no missiles to fire; everything it wrote is rolled back.
        as_owner.post(
            url(game.campaign, "games/1/log/missiles/"),
            {"missiles-count": "1", "missiles-player": str(players["Boris"].pk)},
        )
    assert told == []
    with django_capture_on_commit_callbacks(execute=True):
        assert recruit(as_owner, game, players).status_code in (200, 302)
        assert told == []  # not before the write commits
    made = Campaign.objects.get(pk=game.campaign.pk).world_version
    assert told == [(game.campaign.pk, made)]


def test_a_write_tells_the_version_it_made_without_reading_it_again(
    game, players, as_owner, monkeypatch, settings, django_capture_on_commit_callbacks
):
    settings.REDIS_URL = "redis://127.0.0.1:6379/15"  # told through Redis: never reached here
    published = []
    monkeypatch.setattr(live, "publish", lambda pk, version: published.append((pk, version)))
    with django_capture_on_commit_callbacks() as after_the_commit:
        assert recruit(as_owner, game, players).status_code in (200, 302)
    with CaptureQueriesContext(connection) as read:
        for callback in after_the_commit:
            callback()
    made = Campaign.objects.get(pk=game.campaign.pk).world_version
    assert published == [(game.campaign.pk, made)]
    assert not [q["sql"] for q in read.captured_queries if '"world_version"' in q["sql"]]


def test_a_stranger_reading_by_the_share_link_follows_the_stream(game, stranger):
    campaign = game.campaign
    Campaign.objects.filter(pk=campaign.pk).update(shared=True)
    token = Campaign.objects.get(pk=campaign.pk).share_token

    async def scenario(share):
        client = AsyncClient()
        await client.aforce_login(stranger)
        response = await client.get(url(campaign, "live/stream/") + f"?share={share}")
        if response.status_code == 200:
            await hang_up(response)
        return response.status_code

    assert async_to_sync(scenario)(token) == 200
    assert async_to_sync(scenario)("not-the-token") == 404


def test_a_phone_gone_before_its_first_event_leaves_nothing_behind(game, owner):
    async def scenario():
        response = await follow(owner, game.campaign)
        following = live.hub.follows(game.campaign.pk)
        await hang_up(response)  # before a single byte was read
        return following

    assert async_to_sync(scenario)() is True
    assert not live.hub.follows(game.campaign.pk)
