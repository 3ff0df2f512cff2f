"""A share link on the pages: its token is read once, kept in the session and taken out of the
address; the pictures a share-link reader sees are signed links to those pictures alone."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from tests.support.games import play
from tests.support.pages import url

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared(prepared_campaign, settings, tmp_path, django_capture_on_commit_callbacks):
    """Two games played and drawn, and the campaign shared."""
    from config.celery import app

    settings.MEDIA_ROOT = tmp_path / "media"
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            play(prepared_campaign, 2)
    finally:
        app.conf.task_always_eager = before
    prepared_campaign.shared = True
    prepared_campaign.save(update_fields=["shared"])
    return prepared_campaign


def picture_address(client, campaign, game: int) -> str:
    part = client.get(url(campaign, f"games/{game}/snapshot/")).content.decode()
    found = re.search(r'<a href="([^"]+)" data-snapshot="ready"', part)  # the picture's link
    assert found, part
    return found.group(1).replace("&amp;", "&")


def test_the_token_leaves_the_address_after_the_first_visit_and_the_reader_reads_on(shared):
    reader = Client()
    token = shared.share_token
    first = reader.get(url(shared, f"history/?share={token}&page=1"))
    assert first.status_code == 302
    assert first["Location"] == url(shared, "history/?page=1")
    assert token not in first["Location"]
    for page in ("history/?page=1", "", "games/1/", "standings/"):
        response = reader.get(url(shared, page))
        assert response.status_code == 200, page
        assert token not in response.content.decode(), page


def test_a_wrong_share_token_is_still_a_404_and_not_a_redirect(shared):
    assert Client().get(url(shared, "?share=not-the-token")).status_code == 404


def test_a_share_reader_sees_signed_pictures_without_the_token(shared):
    reader = Client()
    reader.get(url(shared, f"?share={shared.share_token}"))
    address = picture_address(reader, shared, 1)
    assert "sig=" in address and shared.share_token not in address
    stranger = Client()  # the address alone, without the session
    picture = stranger.get(address)
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"


def test_a_signed_picture_opens_no_other_picture_nor_page(shared):
    reader = Client()
    reader.get(url(shared, f"?share={shared.share_token}"))
    sig = parse_qs(urlsplit(picture_address(reader, shared, 1)).query)["sig"][0]
    stranger = Client()
    for page in ("games/2/snapshot.png", "timeline.webp", "", "games/1/", "history/"):
        assert stranger.get(url(shared, f"{page}?sig={sig}")).status_code == 404, page
    tampered = sig[:-1] + ("A" if sig[-1] != "A" else "B")
    assert stranger.get(url(shared, f"games/1/snapshot.png?sig={tampered}")).status_code == 404


def test_members_keep_plain_picture_addresses(shared, as_owner):
    assert picture_address(as_owner, shared, 1) == url(shared, "games/1/snapshot.png")


def test_a_signed_picture_from_the_pages_stops_opening_once_sharing_is_off(shared):
    reader = Client()
    reader.get(url(shared, f"?share={shared.share_token}"))
    address = picture_address(reader, shared, 1)
    assert Client().get(address).status_code == 200
    shared.shared = False
    shared.save(update_fields=["shared"])
    assert Client().get(address).status_code == 404
