"""Photos of the board on the game page: added from a phone's camera or gallery, refused with
the rule in the reader's language, shown beside the drawn board, served behind the campaign's
access rules, deleted by their uploader or the owner."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import GamePhoto, JobStatus
from campaigns.photos.service import add_photo
from tests.support import made
from tests.support.pages import client_for
from tests.support.photos import stored_files

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def page(game) -> str:
    return reverse("campaigns:game", args=[game.campaign_id, game.number])


def add_address(game) -> str:
    return reverse("campaigns:game_photos", args=[game.campaign_id, game.number])


def file_address(photo, name="game_photo_web") -> str:
    return reverse(f"campaigns:{name}", args=[photo.game.campaign_id, photo.game.number, photo.pk])


def delete_address(photo) -> str:
    return file_address(photo, "game_photo_delete")


def post_photo(client, game, content: bytes, name="board.jpg", caption="The board tonight"):
    return client.post(add_address(game), {"file": made.upload(content, name), "caption": caption})


@pytest.fixture
def photo(game, editor, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        photo = add_photo(
            game=game, upload=made.upload(made.jpeg_with_gps()), caption="Europe", by=editor
        )
    photo.refresh_from_db()
    return photo


def test_the_game_page_offers_a_photo_from_the_camera_or_gallery_to_writers(game, owner):
    html = client_for(owner).get(page(game)).content.decode()
    assert 'type="file"' in html and 'accept="image/*"' in html
    assert 'enctype="multipart/form-data"' in html


def test_a_viewer_is_offered_no_upload(game, viewer):
    html = client_for(viewer).get(page(game)).content.decode()
    assert 'type="file"' not in html


def test_an_editor_adds_a_photo_and_the_page_shows_it_beside_the_board(
    game, editor, django_capture_on_commit_callbacks
):
    client = client_for(editor)
    with django_capture_on_commit_callbacks(execute=True):
        response = post_photo(client, game, made.jpeg_with_gps())
    assert response.status_code == 302
    photo = GamePhoto.objects.get()
    assert photo.status == JobStatus.DONE and photo.uploaded_by == editor
    html = client.get(page(game)).content.decode()
    assert 'class="board-and-photos"' in html
    assert file_address(photo) in html
    assert "The board tonight" in html and "by edith" in html
    assert client.get(file_address(photo))["Content-Type"] == "image/webp"


def test_a_photo_not_yet_prepared_says_so(game, owner):
    add_photo(game=game, upload=made.upload(made.encoded("PNG")), by=owner)  # task not run
    html = client_for(owner).get(page(game)).content.decode()
    assert "This photo is being prepared" in html
    assert "hx-get" in html


@pytest.mark.parametrize(
    ("content", "name", "words"),
    [
        (made.pdf(), "board.pdf", "Only JPEG, PNG, WebP or HEIC photos."),
        (made.SCRIPT, "board.jpg", "Only JPEG, PNG, WebP or HEIC photos."),
        (made.png_bomb(), "board.png", "This photo has more than 40 million pixels."),
        (
            made.progressive_jpeg(scans=200),
            "board.jpg",
            "This JPEG is written in more than 64 passes; save it again as an ordinary JPEG.",
        ),
    ],
    ids=["pdf", "script", "bomb", "too-many-scans"],
)
def test_a_refused_file_is_a_form_error_naming_the_rule(game, owner, media, content, name, words):
    response = post_photo(client_for(owner), game, content, name)
    assert response.status_code == 200  # the form again, with its refusal
    assert words in response.content.decode()
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []


def test_an_oversized_photo_is_refused_naming_the_limit(game, owner, settings, media):
    settings.PHOTO_MAX_BYTES = 1024 * 1024
    big = made.encoded("PNG", size=(1200, 1200), compress_level=0)
    response = post_photo(client_for(owner), game, big, "board.png")
    assert response.status_code == 200  # the form again, with its refusal
    assert "This photo is larger than 1 MB." in response.content.decode()
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []


def test_refusals_read_in_russian_on_a_russian_page(game, owner):
    response = post_photo(client_for(owner, "ru"), game, made.progressive_jpeg(scans=200))
    html = response.content.decode()
    assert "This JPEG is written" not in html
    assert "обычный JPEG" in html


def test_a_viewer_cannot_add_a_photo(game, viewer, media):
    response = post_photo(client_for(viewer), game, made.encoded("PNG"))
    assert response.status_code == 403
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []


def test_a_stranger_gets_404_for_a_photo(photo, stranger):
    client = client_for(stranger)
    for name in ("game_photo_web", "game_photo_thumbnail", "game_photo_original"):
        assert client.get(file_address(photo, name)).status_code == 404
    assert client.get(delete_address(photo)).status_code == 404
    assert client_for().get(file_address(photo)).status_code in (302, 404)


def test_a_share_link_reader_sees_the_photos_as_they_see_the_pictures(photo, game):
    campaign = game.campaign
    campaign.shared = True
    campaign.save(update_fields=["shared"])
    client = client_for()
    client.get(page(game) + f"?share={campaign.share_token}")
    assert client.get(file_address(photo)).status_code == 200
    campaign.hide_unlocked_content = True
    campaign.save(update_fields=["hide_unlocked_content"])
    assert client.get(file_address(photo)).status_code == 404
    assert file_address(photo) not in client.get(page(game)).content.decode()


def test_the_stored_file_served_holds_no_gps(photo, owner):
    response = client_for(owner).get(file_address(photo, "game_photo_original"))
    data = b"".join(response.streaming_content)
    assert response["Content-Type"] == "image/jpeg"
    assert b"Exif" not in data and b"SpyPhone" not in data
    assert "private" in response["Cache-Control"] and response["ETag"]


def test_a_viewer_cannot_delete_a_photo(photo, viewer):
    client = client_for(viewer)
    assert delete_address(photo) not in client.get(page(photo.game)).content.decode()
    assert client.post(delete_address(photo)).status_code == 403
    assert GamePhoto.objects.filter(pk=photo.pk).exists()


def test_another_editor_cannot_delete_someone_elses_photo(photo, other_editor):
    assert client_for(other_editor).post(delete_address(photo)).status_code == 403
    assert GamePhoto.objects.filter(pk=photo.pk).exists()


@pytest.mark.parametrize("who", ["editor", "owner"])
def test_the_uploader_and_the_owner_delete_a_photo_after_confirming(
    photo, who, request, media, django_capture_on_commit_callbacks
):
    client = client_for(request.getfixturevalue(who))
    assert delete_address(photo) in client.get(page(photo.game)).content.decode()
    confirm = client.get(delete_address(photo))
    assert confirm.status_code == 200 and 'method="post"' in confirm.content.decode()
    assert GamePhoto.objects.filter(pk=photo.pk).exists()  # asking is not deleting
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(delete_address(photo)).status_code == 302
    assert not GamePhoto.objects.filter(pk=photo.pk).exists()
    assert stored_files(media) == []
    assert client.get(file_address(photo)).status_code == 404


def test_the_audit_names_photos_added_and_deleted(photo, owner, django_capture_on_commit_callbacks):
    client = client_for(owner)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(delete_address(photo))
    audit = client.get(reverse("campaigns:audit", args=[photo.game.campaign_id])).content.decode()
    assert "A photo of the board was added to game 1." in audit
    assert "A photo of the board was deleted from game 1." in audit


class NeverRead:
    """A request body that fails the test if anything reads it."""

    def read(self, *args):
        raise AssertionError("the body was read")

    readline = read


def test_a_photo_form_of_100_mb_is_refused_from_its_length_before_it_is_read(game, owner, media):
    # The CSRF check, which reads a form's body, is on, as it is for a browser.
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(
        add_address(game),
        content_type="multipart/form-data; boundary=BoUnDaRy",
        CONTENT_LENGTH=str(100 * 1024 * 1024),
        **{"wsgi.input": NeverRead()},
    )
    assert response.status_code == 200  # the form again, with its refusal
    assert "This photo is larger than 15 MB." in response.content.decode()
    assert GamePhoto.objects.count() == 0 and stored_files(media) == []
