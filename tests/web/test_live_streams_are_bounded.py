"""The live table's streams cannot be hoarded or outlive access: one address holds a few at most,
a reader who loses access (removed, logged out, the share link replaced) stops being told, and
the first stream of a fresh worker misses no write made just after it opened."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.core.signals import request_finished
from django.db import close_old_connections
from django.test import AsyncClient, Client

from campaigns import live, members
from campaigns.models import Campaign, Membership
from tests.support.pages import url
from web.views import live as live_views

pytestmark = pytest.mark.django_db

WAIT = 10.0  # a bounded wait for what must come, not a measure of speed
CHUNKS = 8  # more than a stream that goes on sends before the reader is checked again


async def opened(client: AsyncClient, campaign, address="127.0.0.1", query=""):
    path = url(campaign, "live/stream/") + query
    # As the proxy in front says where the request came from.
    return await client.get(path, headers={"X-Forwarded-For": address})


async def signed_in(user) -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(user)
    return client


async def next_chunk(response) -> bytes:
    return await asyncio.wait_for(response.streaming_content.__anext__(), WAIT)


async def hang_up(response):
    request_finished.disconnect(close_old_connections)
    try:
        await sync_to_async(response.close)()
    finally:
        request_finished.connect(close_old_connections)
    await response.streaming_content.aclose()


async def ends(response) -> bool:
    """Does the stream end by itself (within a few heartbeats)?"""
    try:
        for _ in range(CHUNKS):
            await next_chunk(response)
    except StopAsyncIteration:
        return True
    await hang_up(response)
    return False


@pytest.fixture
def quick(monkeypatch):
    """Heartbeats at once, and the reader checked again at each."""
    monkeypatch.setattr(live_views, "HEARTBEAT_SECONDS", 0.05)
    monkeypatch.setattr(live_views, "RECHECK_SECONDS", 0.0)


def test_one_address_holds_no_more_streams_than_it_may(settings, campaign, owner):
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    settings.TRUSTED_PROXIES = 1

    async def scenario():
        client = await signed_in(owner)
        first, second = await opened(client, campaign), await opened(client, campaign)
        third = await opened(client, campaign)
        elsewhere = await opened(client, campaign, address="10.0.0.9")
        await hang_up(first)
        again = await opened(client, campaign)
        statuses = [r.status_code for r in (first, second, third, elsewhere, again)]
        for response in (second, elsewhere, again):
            await hang_up(response)
        return statuses, third

    statuses, refused = async_to_sync(scenario)()
    # The third from one address is refused, one from another address is not, and a place
    # given back is taken again.
    assert statuses == [200, 200, 429, 200, 200]
    assert refused["Retry-After"]
    assert not live.hub.follows(campaign.pk)


def test_a_refused_reader_gives_its_place_back(settings, campaign, stranger):
    settings.LIVE_STREAMS_PER_ADDRESS = 1

    async def scenario():
        client = await signed_in(stranger)
        return [(await opened(client, campaign)).status_code for _ in range(3)]

    assert async_to_sync(scenario)() == [404, 404, 404]


def test_a_member_removed_stops_being_told(quick, campaign, owner, viewer):
    membership = Membership.objects.get(campaign=campaign, user=viewer)

    def remove():
        members.remove_member(campaign=campaign, membership=membership, by=owner)

    async def scenario():
        response = await opened(await signed_in(viewer), campaign)
        assert response.status_code == 200
        await next_chunk(response)
        await sync_to_async(remove)()
        return await ends(response)

    assert async_to_sync(scenario)() is True


def test_a_member_who_stays_keeps_being_told(quick, campaign, viewer):
    async def scenario():
        response = await opened(await signed_in(viewer), campaign)
        return await ends(response)

    assert async_to_sync(scenario)() is False


def test_a_session_logged_out_stops_being_told(quick, campaign, viewer):
    async def scenario():
        client = await signed_in(viewer)
        response = await opened(client, campaign)
        assert response.status_code == 200
        await next_chunk(response)
        await client.alogout()
        return await ends(response)

    assert async_to_sync(scenario)() is True


def test_a_reader_by_a_replaced_share_link_stops_being_told(quick, campaign, owner, stranger):
    Campaign.objects.filter(pk=campaign.pk).update(shared=True)
    token = Campaign.objects.get(pk=campaign.pk).share_token

    def replace_the_link():
        members.update_sharing(
            campaign=campaign,
            shared=True,
            public=False,
            hide_unlocked_content=False,
            new_link=True,
            by=owner,
        )

    async def scenario():
        response = await opened(await signed_in(stranger), campaign, query=f"?share={token}")
        assert response.status_code == 200
        await next_chunk(response)
        await sync_to_async(replace_the_link)()
        return await ends(response)

    assert async_to_sync(scenario)() is True


@pytest.fixture
def checked_only_when_told(monkeypatch):
    """Heartbeats at once; the reader is checked again only when the news says so."""
    monkeypatch.setattr(live_views, "HEARTBEAT_SECONDS", 0.05)
    monkeypatch.setattr(live_views, "RECHECK_SECONDS", 3600.0)


def test_a_member_removed_stops_being_told_at_once(
    checked_only_when_told, campaign, owner, viewer, django_capture_on_commit_callbacks
):
    membership = Membership.objects.get(campaign=campaign, user=viewer)

    def remove():
        with django_capture_on_commit_callbacks(execute=True):
            members.remove_member(campaign=campaign, membership=membership, by=owner)

    async def scenario():
        response = await opened(await signed_in(viewer), campaign)
        await next_chunk(response)
        await sync_to_async(subscribed, thread_sensitive=False)()
        await sync_to_async(remove)()
        return await ends(response)

    assert async_to_sync(scenario)() is True


def test_a_session_logged_out_stops_being_told_at_once(
    checked_only_when_told, campaign, viewer, django_capture_on_commit_callbacks
):
    async def scenario():
        client = await signed_in(viewer)
        response = await opened(client, campaign)
        assert response.status_code == 200
        await next_chunk(response)
        await sync_to_async(subscribed, thread_sensitive=False)()

        def log_out():
            # The logout form of the pages, posted by the same browser.
            browser = Client()
            browser.cookies = client.cookies
            with django_capture_on_commit_callbacks(execute=True):
                assert browser.post("/accounts/logout/").status_code == 302

        await sync_to_async(log_out)()
        return await ends(response)

    assert async_to_sync(scenario)() is True


def test_a_share_link_replaced_stops_its_readers_at_once(
    checked_only_when_told, campaign, owner, stranger, django_capture_on_commit_callbacks
):
    Campaign.objects.filter(pk=campaign.pk).update(shared=True)
    token = Campaign.objects.get(pk=campaign.pk).share_token

    def replace_the_link():
        with django_capture_on_commit_callbacks(execute=True):
            members.update_sharing(
                campaign=campaign,
                shared=True,
                public=False,
                hide_unlocked_content=False,
                new_link=True,
                by=owner,
            )

    async def scenario():
        response = await opened(await signed_in(stranger), campaign, query=f"?share={token}")
        await next_chunk(response)
        await sync_to_async(subscribed, thread_sensitive=False)()
        await sync_to_async(replace_the_link)()
        return await ends(response)

    assert async_to_sync(scenario)() is True


def subscribed():
    if settings.REDIS_URL:  # the news comes through Redis: the one subscription must be up
        assert live.hub.subscribed.wait(WAIT)


def test_the_first_stream_of_a_fresh_worker_misses_no_write(
    monkeypatch, campaign, owner, django_capture_on_commit_callbacks
):
    # A fresh worker's hub, whose subscription to the news takes a while to be made.
    fresh = live.Hub()
    follow_news = fresh._follow_news

    async def slowly():
        await asyncio.sleep(0.5)
        await follow_news()

    monkeypatch.setattr(fresh, "_follow_news", slowly)
    monkeypatch.setattr(live, "hub", fresh)
    monkeypatch.setattr(live_views, "hub", fresh)

    def write():
        with django_capture_on_commit_callbacks(execute=True):
            Campaign.objects.filter(pk=campaign.pk).update(world_version=campaign.world_version + 1)
            live.announce_after_commit(campaign.pk)

    async def scenario():
        response = await opened(
            await signed_in(owner), campaign, query=f"?v={campaign.world_version}"
        )
        assert await next_chunk(response) == b"retry: 3000\n\n"
        await sync_to_async(write)()
        told = await next_chunk(response)
        await hang_up(response)
        return told

    now = campaign.world_version + 1
    assert async_to_sync(scenario)() == f"id: {now}\ndata: {now}\n\n".encode()
