"""The site as shipped: DEBUG off and the static files collected by the shipped storage (hashed
names in a manifest). What works with the development settings must work here too: the service
worker, every page a campaign reaches and every static file those pages name."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client, override_settings
from django.urls import Resolver404, resolve, reverse

import web.urls
from tests.support.static import served_from
from tests.support.walk import url_patterns, walk

pytestmark = pytest.mark.django_db

STATIC_REFERENCE = re.compile(r'(?:src|href)="(/static/[^"#?]+)')


@pytest.fixture
def shipped(collected_static, settings):
    """The shipped settings over the collected files; a client made here reads them."""
    with override_settings(DEBUG=False, **served_from(collected_static)):
        yield collected_static


def reader(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_service_worker_is_served_with_the_shipped_settings(shipped, owner):
    for client in (reader(), reader(owner)):
        response = client.get("/sw.js")
        assert response.status_code == 200
        text = response.content.decode()
        assert '"staticUrl": "/static/"' in text
        # It installs the hashed names the manifest gives, never the development ones.
        assert re.search(r"/static/css/earthbook\.[0-9a-f]{12}\.css", text)
        assert "/static/css/earthbook.css" not in text


def test_the_manifest_names_hashed_icons_with_the_shipped_settings(shipped):
    response = reader().get("/manifest.webmanifest")
    assert response.status_code == 200
    assert re.search(r"/static/icons/earthbook-192\.[0-9a-f]{12}\.png", response.content.decode())


def walked_pages(client, game):
    campaign = game.campaign

    def inside(path: str) -> bool:
        try:
            match = resolve(urlsplit(path).path)
        except Resolver404:
            return False
        if match.namespace == "campaigns":
            return match.kwargs.get("pk", campaign.pk) == campaign.pk
        return path.startswith("/accounts/") or path == "/"

    values = {
        "pk": [campaign.pk],
        "number": [game.number],
        "slug": ["egypt"],
        "player": [game.seats.order_by("order").first().player_id],
    }
    starts = ["/", reverse("campaigns:dashboard", kwargs={"pk": campaign.pk})]
    return list(
        walk(
            client,
            starts,
            patterns=url_patterns("campaigns", web.urls.urlpatterns),
            values=values,
            inside=inside,
            language="en",
            per_pattern=1,
            limit=150,
        )
    )


def test_every_page_of_a_campaign_and_every_static_file_it_names_answer_without_an_error(
    shipped, game, owner
):
    client = reader(owner)
    walked = walked_pages(client, game)
    assert len(walked) > 30
    assert [(path, r.status_code) for path, _name, r in walked if r.status_code >= 500] == []
    assets = set()
    for _path, _name, response in walked:
        if response.get("Content-Type", "").startswith("text/html"):
            assets |= set(STATIC_REFERENCE.findall(response.content.decode()))
    assert any(re.search(r"\.[0-9a-f]{12}\.css$", a) for a in assets)
    answers = {asset: reader().get(asset) for asset in sorted(assets)}
    assert {asset: r.status_code for asset, r in answers.items() if r.status_code != 200} == {}
