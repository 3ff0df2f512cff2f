"""A script with a token reads a picture's status and fetches the picture in two statements: the
token with its account, then the picture's row with its campaign and the reader's role there.
Who may see what stays exactly as for any other caller."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from api.tokens import EXPIRED
from api.views.pictures import SnapshotQuerySerializer, plain_game
from campaigns.access import picture_to_serve, snapshot_with_campaign
from campaigns.models import Membership, Snapshot
from campaigns.pictures.snapshots import request_timeline
from tests.support.api import token_for
from tests.support.snapshots import body_of, image, url

pytestmark = pytest.mark.django_db


def with_token(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def timeline(campaign, what="image/") -> str:
    return f"/api/v1/campaigns/{campaign.pk}/snapshots/timeline/{what}"


def statements(client, address, **headers) -> tuple[object, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address, **headers)
    return response, len(queries)


def test_a_member_fetches_a_picture_with_a_token_in_two_statements(played, viewer, media):
    response, count = statements(with_token(viewer), image(played))
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert body_of(response) == (media / row.image.name).read_bytes()
    assert count == 2


def test_a_picture_fetched_reads_its_file_and_who_may_see_it_and_nothing_else(played, viewer):
    with CaptureQueriesContext(connection) as queries:
        assert with_token(viewer).get(image(played)).status_code == 200
    picture = queries.captured_queries[-1]["sql"]
    assert '"share_token"' in picture and '"state_hash"' in picture
    # Not the campaign's name nor its rules, nor the picture's job record: serving the file
    # reads none of them.
    for column in ('"name"', '"world_version"', '"auto_retries"', '"error"', '"created_at"'):
        assert column not in picture


@pytest.mark.parametrize("who", ["owner", "viewer", "stranger", None])
def test_the_picture_served_is_the_row_polled_for_every_reader(
    played, owner, viewer, stranger, who
):
    played.public = played.shared = True
    played.save(update_fields=["public", "shared"])
    reader = {"owner": owner, "viewer": viewer, "stranger": stranger, None: None}[who]
    served = picture_to_serve(played.pk, 1, reader)
    polled = snapshot_with_campaign(played.pk, 1, reader)
    for name in ("status", "public_status", "campaign_id", "game_number", "state_hash"):
        assert getattr(served, name) == getattr(polled, name)
    assert served.image == polled.image.name and served.my_role == polled.my_role
    for name in ("pk", "public", "shared", "share_token", "hide_unlocked_content"):
        assert getattr(served.campaign, name) == getattr(polled.campaign, name)
    assert picture_to_serve(played.pk, 2, reader) is None


def test_a_member_polls_a_pictures_status_with_a_token_in_two_statements(played, viewer):
    response, count = statements(with_token(viewer), url(played))
    assert response.status_code == 200 and response.json()["status"] == "done"
    assert response.json()["image_url"].startswith(f"http://testserver{image(played)}&sig=")
    assert count == 2


def test_a_client_holding_the_picture_gets_a_304_by_token(played, viewer):
    row = Snapshot.objects.get(campaign=played, game_number=1)
    response, count = statements(
        with_token(viewer), image(played), HTTP_IF_NONE_MATCH=f'"{row.state_hash}"'
    )
    assert response.status_code == 304 and count == 2


def test_the_timeline_comes_by_token_too(played, viewer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        request_timeline(played.pk)
    response, count = statements(with_token(viewer), timeline(played))
    assert response.status_code == 200 and response["Content-Type"] == "image/webp"
    assert count == 2


def test_a_stranger_with_a_token_is_told_there_is_no_such_campaign(played, stranger):
    client = with_token(stranger)
    for address in (image(played), url(played), timeline(played), timeline(played, what="")):
        response = client.get(address)
        assert response.status_code == 404
        assert response.json()["error"]["message"] == "There is no such campaign."
    missing = f"/api/v1/campaigns/{played.pk + 1000}/snapshots/image/?as_of_game=1"
    assert client.get(missing).json() == client.get(image(played)).json()


def test_a_stranger_asking_for_a_game_with_no_picture_learns_nothing_more(played, stranger):
    response = with_token(stranger).get(image(played, game=9))
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "There is no such campaign."


def test_a_member_removed_loses_the_picture_at_once(played, viewer):
    client = with_token(viewer)
    assert client.get(image(played)).status_code == 200
    Membership.objects.filter(campaign=played, user=viewer).delete()
    assert client.get(image(played)).status_code == 404
    assert client.get(url(played)).status_code == 404


def test_a_public_campaigns_picture_comes_to_anyone_with_a_token(played, stranger):
    played.public = True
    played.save(update_fields=["public"])
    assert with_token(stranger).get(image(played)).status_code == 200


def test_a_share_link_opens_the_picture_to_a_token_that_is_not_a_member(played, stranger):
    played.shared = True
    played.save(update_fields=["shared"])
    client = with_token(stranger)
    assert client.get(image(played, share=played.share_token)).status_code == 200
    assert client.get(image(played, share="not-the-token")).status_code == 404


def test_a_campaign_hiding_its_packets_refuses_its_pictures_to_a_viewers_token(
    played, viewer, owner
):
    played.hide_unlocked_content = True
    played.save(update_fields=["hide_unlocked_content"])
    for address in (image(played), url(played), timeline(played, what="")):
        response = with_token(viewer).get(address)
        assert response.status_code == 403
        assert "packets unlocked" in response.json()["error"]["message"]
    assert with_token(owner).get(image(played)).status_code == 200


def test_a_picture_not_drawn_is_a_404_that_says_so_by_token(played, viewer):
    response = with_token(viewer).get(image(played, game=2))
    assert response.status_code == 404
    assert "not drawn yet" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("credentials", "message"),
    [
        ("Token no-such-token", "Invalid token."),
        ("Token ", "Invalid token header. No credentials provided."),
    ],
)
def test_a_bad_token_is_refused_before_any_picture(played, credentials, message):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=credentials)
    for address in (image(played), url(played)):
        response = client.get(address)
        assert response.status_code == 401
        assert response.json()["error"]["message"] == message


def test_an_expired_token_is_refused_and_shows_no_picture(played, viewer):
    client = with_token(viewer)
    AuthToken.objects.filter(user=viewer).update(expiry=timezone.now() - timedelta(hours=1))
    response = client.get(image(played))
    assert response.status_code == 401 and response.json()["error"]["message"] == EXPIRED
    assert not AuthToken.objects.filter(user=viewer).exists()


def test_a_deactivated_accounts_token_shows_no_picture(played, viewer):
    client = with_token(viewer)
    viewer.is_active = False
    viewer.save(update_fields=["is_active"])
    response = client.get(image(played))
    assert response.status_code == 401
    assert response.json()["error"]["message"] == "User inactive or deleted."


def test_a_signed_link_is_decided_by_its_signature_even_with_a_members_token(played, viewer):
    client = with_token(viewer)
    response = client.get(image(played) + "&sig=tampered")
    assert response.status_code == 404
    assert "not valid" in response.json()["error"]["message"]


def test_a_logged_in_page_reader_still_fetches_the_picture(played, viewer, client):
    client.force_login(viewer)
    assert client.get(image(played)).status_code == 200


@pytest.mark.parametrize(
    ("query", "plainly"),
    [
        ("as_of_game=1", 1),
        ("as_of_game=015", 15),
        ("as_of_game=32767", 32767),
        ("as_of_game=0", None),
        ("as_of_game=32768", None),
        ("as_of_game=", None),
        ("as_of_game=-1", None),
        ("as_of_game=%2B1", None),
        ("as_of_game=1.0", None),
        ("as_of_game=%201", None),
        ("as_of_game=%D9%A1", None),  # an Arabic-Indic one
        ("as_of_game=%C2%B2", None),  # a superscript two
        ("as_of_game=1&as_of_game=1", None),
        ("game=1", None),
    ],
)
def test_a_game_read_without_the_serializer_is_one_the_serializer_reads_alike(rf, query, plainly):
    from rest_framework.request import Request

    request = Request(rf.get(f"/?{query}"))
    assert plain_game(request) == plainly
    if plainly is not None:
        data = dict(request.query_params.items())
        serializer = SnapshotQuerySerializer(data=data, context={"in_query": True})
        assert serializer.is_valid() and serializer.validated_data["as_of_game"] == plainly


@pytest.mark.parametrize(
    "query", ["?as_of_game=abc", "?as_of_game=0", "?as_of_game=1&as_of_game=2"]
)
def test_a_token_asking_for_a_malformed_game_gets_the_serializers_refusal(played, viewer, query):
    response = with_token(viewer).get(f"/api/v1/campaigns/{played.pk}/snapshots/image/{query}")
    assert response.status_code == 400
    assert "as_of_game" in str(response.json()["error"])
