"""GET /api/v1/campaigns/{id}/snapshots/?as_of_game=N: the status of a game's picture, and
.../snapshots/image/?as_of_game=N the picture itself, for whoever may read the campaign (and see
what its packets unlocked); strangers get 404."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.test import override_settings
from django.urls import clear_url_caches
from django.utils import timezone
from rest_framework.test import APIClient

import config.urls
from campaigns.models import JobFailure, JobStatus, Snapshot
from tests.support.games import start
from tests.support.snapshots import body_of, image, url

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_member_reads_the_status_and_fetches_the_image(played, viewer, media):
    response = client_for(viewer).get(url(played))
    assert response.status_code == 200, response.content
    body = response.json()
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert body["status"] == "done" and body["game"] == 1 and body["kind"] == "game"
    assert body["image_url"].startswith(f"http://testserver{image(played)}&sig=")
    assert body["state_hash"] == row.state_hash and body["error"] == ""
    picture = client_for(viewer).get(body["image_url"].removeprefix("http://testserver"))
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    assert body_of(picture) == (media / row.image.name).read_bytes()
    assert picture["ETag"] == f'"{row.state_hash}"'


def test_a_client_holding_the_current_picture_gets_a_304(played, viewer):
    row = Snapshot.objects.get(campaign=played, game_number=1)
    again = client_for(viewer).get(image(played), HTTP_IF_NONE_MATCH=f'"{row.state_hash}"')
    assert again.status_code == 304 and not again.content
    stale = client_for(viewer).get(image(played), HTTP_IF_NONE_MATCH='"an-older-picture"')
    assert stale.status_code == 200 and body_of(stale).startswith(b"\x89PNG")


@pytest.mark.parametrize("accept", ["image/png", "application/xml", "text/html", "*/*"])
def test_the_picture_comes_whatever_the_client_accepts(played, viewer, accept):
    response = client_for(viewer).get(image(played), HTTP_ACCEPT=accept)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


def test_stored_pictures_are_not_served_from_a_public_folder(played, client):
    row = Snapshot.objects.get(campaign=played, game_number=1)
    try:
        with override_settings(DEBUG=True):  # even in development, where urls.py is read so
            importlib.reload(config.urls)
            clear_url_caches()
            assert client.get(f"/media/{row.image.name}").status_code == 404
    finally:
        importlib.reload(config.urls)
        clear_url_caches()


def test_a_picture_not_drawn_yet_is_a_404_that_says_so(played, owner):
    Snapshot.objects.filter(campaign=played).update(status=JobStatus.QUEUED)
    response = client_for(owner).get(image(played))
    assert response.status_code == 404
    assert "not drawn yet (it is queued)" in response.json()["error"]["message"]
    Snapshot.objects.all().delete()
    assert client_for(owner).get(image(played)).status_code == 404
    assert not Snapshot.objects.exists()  # fetching the image asks for nothing


def test_a_share_link_reader_may_read_it(played):
    played.shared = True
    played.save(update_fields=["shared"])
    response = client_for().get(url(played, share=played.share_token))
    assert response.status_code == 200 and response.json()["status"] == "done"
    address = response.json()["image_url"].removeprefix("http://testserver")
    assert address.startswith(image(played) + "&sig=") and played.share_token not in address
    assert client_for().get(address).status_code == 200
    assert client_for().get(image(played, share=played.share_token)).status_code == 200
    assert client_for().get(image(played)).status_code == 404


@pytest.mark.parametrize("who", ["viewer", "share-reader"])
def test_a_campaign_hiding_its_packets_shows_its_pictures_to_editors_only(
    played, viewer, owner, who
):
    played.hide_unlocked_content = played.shared = True
    played.save(update_fields=["hide_unlocked_content", "shared"])
    client = client_for(viewer if who == "viewer" else None)
    share = None if who == "viewer" else played.share_token
    refused = 403 if who == "viewer" else 401
    for address in (url(played, share=share), image(played, share=share)):
        response = client.get(address)
        assert response.status_code == refused
        assert "packets unlocked" in response.json()["error"]["message"]
    timeline = f"/api/v1/campaigns/{played.pk}/snapshots/timeline/"
    assert client.get(timeline + (f"?share={share}" if share else "")).status_code == refused
    assert client_for(owner).get(image(played)).status_code == 200


@pytest.mark.parametrize("who", ["stranger", "anonymous", "wrong-share", "share-while-off"])
def test_strangers_get_404(played, stranger, who):
    client = client_for(stranger if who == "stranger" else None)
    share = {"wrong-share": "not-the-token", "share-while-off": played.share_token}.get(who)
    if who == "wrong-share":
        played.shared = True
        played.save(update_fields=["shared"])
    for address in (url(played, share=share), image(played, share=share)):
        response = client.get(address)
        assert response.status_code == 404
        assert "image_url" not in response.json()


def test_asking_for_a_missing_picture_queues_it(played, owner, django_capture_on_commit_callbacks):
    Snapshot.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        first = client_for(owner).get(url(played))
    assert first.status_code == 200
    assert first.json()["status"] == "queued" and first.json()["image_url"] is None
    second = client_for(owner).get(url(played))
    assert second.json()["status"] == "done" and second.json()["image_url"]


def test_a_failed_picture_says_why(played, owner):
    Snapshot.objects.filter(campaign=played).update(
        status=JobStatus.FAILED, failure=JobFailure.STOPPED, error="ValueError: the ink ran out"
    )
    body = client_for(owner).get(url(played)).json()
    assert body["status"] == "failed" and body["error"] == "ValueError: the ink ran out"
    assert body["image_url"] is None


def test_a_game_not_finished_has_no_picture(played, players, owner):
    start(played, players, ("argentina", "greenland", "india"))
    for game in (2, 3):
        response = client_for(owner).get(url(played, game))
        assert response.status_code == 404
    assert not Snapshot.objects.filter(game_number__in=[2, 3]).exists()


@pytest.mark.parametrize("query", ["", "?as_of_game=abc", "?as_of_game=0", "?as_of_game=40000"])
def test_a_malformed_request_is_a_400(played, owner, query):
    response = client_for(owner).get(f"/api/v1/campaigns/{played.pk}/snapshots/{query}")
    assert response.status_code == 400


def test_a_member_asks_to_draw_it_again_and_a_reader_may_not(
    played, viewer, django_capture_on_commit_callbacks
):
    played.shared = True
    played.save(update_fields=["shared"])
    assert client_for().post(url(played, share=played.share_token)).status_code == 401
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(viewer).post(url(played))
    assert response.status_code == 202 and response.json()["status"] == "queued"
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert row.status == JobStatus.DONE and row.attempts == 2


def test_a_member_asking_twenty_times_to_draw_it_again_queues_one_drawing(
    played, viewer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as sent:
        answers = [client_for(viewer).post(url(played)) for _ in range(20)]
        timeline = [
            client_for(viewer).post(f"/api/v1/campaigns/{played.pk}/snapshots/timeline/")
            for _ in range(20)
        ]
    assert {a.status_code for a in answers + timeline} == {202}
    assert {a.json()["status"] for a in answers + timeline} == {"queued"}
    assert len(sent) == 2  # one drawing of the game, one of the timeline; both wait
    assert Snapshot.objects.filter(campaign=played, status=JobStatus.QUEUED).count() == 2


def test_reading_a_picture_takes_a_few_queries(played, viewer, django_assert_max_num_queries):
    # The caller's access and the snapshot row, read together; force_authenticate needs no
    # lookup of its own.
    with django_assert_max_num_queries(1):
        assert client_for(viewer).get(url(played)).status_code == 200
    with django_assert_max_num_queries(1):
        assert client_for(viewer).get(image(played)).status_code == 200


def visibility_timeout(settings) -> int:
    return settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]


def test_a_render_lost_for_good_is_reported_as_failed(played, owner, settings):
    """Past its time limit and the broker's visibility timeout (a lost worker's message was
    given to another by then), a render still "rendering" will not end by itself."""
    settings.EARTHBOOK_JOB_TIME_LIMITS = {**settings.EARTHBOOK_JOB_TIME_LIMITS, "snapshot": 90}
    row = Snapshot.objects.get(campaign=played, game_number=1)
    long_ago = timezone.now() - datetime.timedelta(seconds=90 + visibility_timeout(settings) + 31)
    Snapshot.objects.filter(pk=row.pk).update(status=JobStatus.RUNNING, updated_at=long_ago)
    body = client_for(owner).get(url(played)).json()
    assert body["status"] == "failed"
    assert "time limit of 90 seconds" in body["error"]
    assert Snapshot.objects.get(pk=row.pk).status == JobStatus.FAILED


def test_a_render_still_within_its_time_limit_is_left_rendering(played, owner, settings):
    settings.EARTHBOOK_JOB_TIME_LIMITS = {**settings.EARTHBOOK_JOB_TIME_LIMITS, "snapshot": 90}
    a_minute_ago = timezone.now() - datetime.timedelta(seconds=60)
    Snapshot.objects.filter(campaign=played).update(
        status=JobStatus.RUNNING, updated_at=a_minute_ago
    )
    assert client_for(owner).get(url(played)).json()["status"] == "rendering"


def test_a_render_whose_worker_was_lost_waits_for_the_broker_to_give_it_again(
    played, owner, settings
):
    """Past its time limit but not its visibility timeout: its message may still come again."""
    settings.EARTHBOOK_JOB_TIME_LIMITS = {**settings.EARTHBOOK_JOB_TIME_LIMITS, "snapshot": 90}
    waited = timezone.now() - datetime.timedelta(seconds=90 + visibility_timeout(settings) - 30)
    Snapshot.objects.filter(campaign=played).update(status=JobStatus.RUNNING, updated_at=waited)
    assert client_for(owner).get(url(played)).json()["status"] == "rendering"


def test_the_timeline_over_the_api(played, owner, stranger, django_capture_on_commit_callbacks):
    address = f"/api/v1/campaigns/{played.pk}/snapshots/timeline/"
    assert client_for(stranger).get(address).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(owner).get(address).json()["status"] == "queued"
    body = client_for(owner).get(address).json()
    assert body["status"] == "done" and body["kind"] == "timeline" and body["game"] == 0
    assert body["image_url"].startswith(f"http://testserver{address}image/?sig=")
    animation = client_for(owner).get(f"{address}image/")
    assert animation.status_code == 200 and animation["Content-Type"] == "image/webp"
    assert body_of(animation)[8:12] == b"WEBP"
    assert client_for(stranger).get(f"{address}image/").status_code == 404
