"""Photos of the board over the API: listed, uploaded as multipart, read, deleted; refusals in
the API's one error shape, and nothing stored for them."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from campaigns.models import GamePhoto
from tests.support import made
from tests.support.api import token_for
from tests.support.photos import stored_files

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def photos_address(game) -> str:
    return f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/photos/"


def upload(client, game, content: bytes, name="board.jpg", caption="Our board"):
    return client.post(
        photos_address(game),
        {"file": made.upload(content, name), "caption": caption},
        format="multipart",
    )


@pytest.fixture
def uploaded(game, editor, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(api(editor), game, made.jpeg_with_gps())
    assert response.status_code == 201, response.content
    return response.json()


def test_an_editor_uploads_a_photo_and_reads_its_copies(uploaded, game, editor):
    client = api(editor)
    listed = client.get(photos_address(game)).json()
    assert [p["id"] for p in listed] == [uploaded["id"]]
    detail = client.get(photos_address(game) + f"{uploaded['id']}/").json()
    assert detail["status"] == "done" and detail["caption"] == "Our board"
    assert detail["uploaded_by"] == "edith"
    web = client.get(detail["web_url"])
    assert web.status_code == 200 and web["Content-Type"] == "image/webp"
    thumbnail = client.get(detail["thumbnail_url"])
    assert thumbnail["Content-Type"] == "image/webp"
    original = client.get(detail["original_url"])
    data = b"".join(original.streaming_content)
    assert original["Content-Type"] == "image/jpeg" and b"SpyPhone" not in data


@pytest.mark.parametrize(
    ("content", "name", "rule"),
    [
        (made.pdf(), "board.pdf", "photo-type"),
        (made.SCRIPT, "board.jpg", "photo-type"),
        (made.png_bomb(), "board.png", "photo-too-many-pixels"),
        (made.progressive_jpeg(scans=15_000), "board.jpg", "photo-too-many-scans"),
        (made.HTML + made.encoded("PNG"), "board.png", "photo-type"),
    ],
    ids=["pdf", "script", "bomb", "too-many-scans", "polyglot"],
)
def test_a_hostile_file_is_refused_in_the_error_shape_and_nothing_is_stored(
    game, owner, media, content, name, rule
):
    response = upload(api(owner), game, content, name)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["rule"] == rule and error["fields"]["file"]
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []


def test_an_oversized_photo_is_refused(game, owner, settings, media):
    content = made.encoded("PNG")
    settings.PHOTO_MAX_BYTES = len(content) - 1
    response = upload(api(owner), game, content, "board.png")
    assert response.status_code == 400
    assert response.json()["error"]["rule"] == "photo-too-large"
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []


def test_an_upload_without_a_file_says_so(game, owner):
    response = api(owner).post(photos_address(game), {"caption": "x"}, format="multipart")
    assert response.status_code == 400
    assert "file" in response.json()["error"]["fields"]


def test_a_viewer_reads_photos_but_cannot_upload_or_delete(uploaded, game, viewer, media):
    client = api(viewer)
    assert client.get(photos_address(game)).status_code == 200
    assert upload(client, game, made.encoded("PNG")).status_code == 403
    assert client.delete(photos_address(game) + f"{uploaded['id']}/").status_code == 403
    assert GamePhoto.objects.count() == 1


def test_a_stranger_gets_404_for_a_photo(uploaded, game, stranger):
    client = api(stranger)
    for address in (
        photos_address(game),
        photos_address(game) + f"{uploaded['id']}/",
        photos_address(game) + f"{uploaded['id']}/web/",
        photos_address(game) + f"{uploaded['id']}/original/",
    ):
        response = client.get(address)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    assert api().get(photos_address(game) + f"{uploaded['id']}/web/").status_code == 404


def test_another_editor_may_not_delete_it_but_the_owner_may(
    uploaded, game, other_editor, owner, media, django_capture_on_commit_callbacks
):
    address = photos_address(game) + f"{uploaded['id']}/"
    assert api(other_editor).delete(address).status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        assert api(owner).delete(address).status_code == 204
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []
    assert api(owner).get(address).status_code == 404


def test_the_uploader_deletes_their_photo(
    uploaded, game, editor, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api(editor).delete(photos_address(game) + f"{uploaded['id']}/")
    assert response.status_code == 204
    assert stored_files(media) == []


def test_the_schema_documents_the_multipart_upload(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    path = "/api/v1/campaigns/{campaign_id}/games/{number}/photos/"
    body = schema["paths"][path]["post"]["requestBody"]["content"]
    assert "multipart/form-data" in body
    assert "/api/v1/campaigns/{campaign_id}/games/{number}/photos/{photo_id}/" in schema["paths"]


def test_deleting_a_photo_another_request_deleted_a_moment_ago_is_a_404_not_a_500(
    uploaded, game, owner, monkeypatch
):
    from api.views import photos as views

    read = views._photo

    def read_then_deleted_by_another(game, photo_id):
        photo = read(game, photo_id)
        GamePhoto.objects.filter(pk=photo.pk).delete()  # the other request got there first
        return photo

    monkeypatch.setattr(views, "_photo", read_then_deleted_by_another)
    response = api(owner).delete(photos_address(game) + f"{uploaded['id']}/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
