"""GET /api/v1/campaigns/{id}/snapshots/?as_of_game=N: the status and the image of a game's
picture, for whoever may read the campaign; strangers get 404."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaigns.models import Membership, Role, Snapshot, SnapshotStatus
from tests.snapshots.conftest import play_first_game, start

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.snapshots.urls")]


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def url(campaign, game=1, share=None):
    address = f"/api/v1/campaigns/{campaign.pk}/snapshots/?as_of_game={game}"
    return address + (f"&share={share}" if share else "")


@pytest.fixture
def played(prepared_campaign, players, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    return prepared_campaign


@pytest.fixture
def viewer(played, django_user_model):
    user = django_user_model.objects.create_user(username="vic", password="pw-vic-123")
    Membership.objects.create(campaign=played, user=user, role=Role.VIEWER)
    return user


def test_a_member_reads_the_status_and_fetches_the_image(played, viewer):
    response = client_for(viewer).get(url(played))
    assert response.status_code == 200, response.content
    body = response.json()
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert body["status"] == "done" and body["game"] == 1 and body["kind"] == "game"
    assert body["image_url"] == f"http://testserver/media/snapshots/{row.state_hash}.png"
    assert body["state_hash"] == row.state_hash and body["error"] == ""
    image = client_for().get(body["image_url"].removeprefix("http://testserver"))
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert b"".join(image.streaming_content).startswith(b"\x89PNG")


def test_a_share_link_reader_may_read_it(played):
    played.shared = True
    played.save(update_fields=["shared"])
    response = client_for().get(url(played, share=played.share_token))
    assert response.status_code == 200 and response.json()["status"] == "done"


@pytest.mark.parametrize("who", ["stranger", "anonymous", "wrong-share", "share-while-off"])
def test_strangers_get_404(played, stranger, who):
    client = client_for(stranger if who == "stranger" else None)
    share = {"wrong-share": "not-the-token", "share-while-off": played.share_token}.get(who)
    if who == "wrong-share":
        played.shared = True
        played.save(update_fields=["shared"])
    response = client.get(url(played, share=share))
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
        status=SnapshotStatus.FAILED, error="ValueError: the ink ran out"
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
    assert row.status == SnapshotStatus.DONE and row.attempts == 2


def test_reading_a_picture_takes_a_few_queries(played, viewer, django_assert_max_num_queries):
    # The caller's access (one), the snapshot row (one), and the login's own lookups.
    with django_assert_max_num_queries(3):
        assert client_for(viewer).get(url(played)).status_code == 200


def test_the_timeline_over_the_api(played, owner, stranger, django_capture_on_commit_callbacks):
    address = f"/api/v1/campaigns/{played.pk}/snapshots/timeline/"
    assert client_for(stranger).get(address).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(owner).get(address).json()["status"] == "queued"
    body = client_for(owner).get(address).json()
    assert body["status"] == "done" and body["kind"] == "timeline" and body["game"] == 0
    assert body["image_url"].endswith(".webp")
