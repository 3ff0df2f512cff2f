"""Photo quotas: an account (whatever campaign it uploads to) and a campaign keep at most so many
photos and so many bytes of them. One more is refused with the limit in the reader's language
(409 over the API, a form error on the page) and nothing is stored; deleting one makes room."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaigns.models import GamePhoto
from campaigns.photos.service import add_photo, delete_photo
from tests.support import made
from tests.support.api import assert_error
from tests.support.api import client_for as api_for
from tests.support.pages import client_for
from tests.support.photos import stored_files

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()


def photos_address(game) -> str:
    return f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/photos/"


def upload(client, game, **headers):
    return client.post(
        photos_address(game),
        {"file": made.upload(made.jpeg_with_gps()), "caption": "Our board"},
        format="multipart",
        **headers,
    )


def added(game, by, count=1) -> list[GamePhoto]:
    return [
        add_photo(game=game, upload=made.upload(made.jpeg_with_gps()), by=by) for _ in range(count)
    ]


def test_an_accounts_photo_past_its_limit_is_a_409_and_nothing_is_stored(
    game, editor, settings, media
):
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT = 2
    added(game, editor, 2)
    files = stored_files(media)
    error = assert_error(
        upload(api_for(editor), game), 409, "conflict", rule="quota-photos-per-account"
    )
    assert error["message"] == (
        "This account has reached its limit of photos (2): delete one before adding another."
    )
    assert GamePhoto.objects.count() == 2
    assert stored_files(media) == files


def test_a_deleted_photo_makes_room_for_the_next(game, editor, settings):
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT = 2
    first, _second = added(game, editor, 2)
    assert upload(api_for(editor), game).status_code == 409
    delete_photo(photo=first, by=editor)
    assert upload(api_for(editor), game).status_code == 201


def test_the_account_limit_counts_its_uploads_in_every_campaign_not_others(
    game, editor, other_editor, settings
):
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_ACCOUNT = 1
    added(game, other_editor)  # another account's photo takes none of edith's place
    assert upload(api_for(editor), game).status_code == 201
    assert upload(api_for(editor), game).status_code == 409


def test_a_campaigns_photo_past_its_limit_is_refused_whoever_uploads_it(
    game, editor, other_editor, settings
):
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN = 1
    added(game, other_editor)
    assert_error(upload(api_for(editor), game), 409, "conflict", rule="quota-photos-per-campaign")
    assert GamePhoto.objects.count() == 1


def test_the_bytes_an_account_keeps_are_limited_too(game, editor, settings, media):
    (photo,) = added(game, editor)
    photo.refresh_from_db()
    assert photo.stored_bytes > 0  # the original and its copies, once made
    settings.EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT = photo.stored_bytes + 10
    files = stored_files(media)
    assert_error(
        upload(api_for(editor), game), 409, "conflict", rule="quota-photo-bytes-per-account"
    )
    assert GamePhoto.objects.count() == 1 and stored_files(media) == files
    settings.EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT = 0  # no limit
    assert upload(api_for(editor), game).status_code == 201


def test_the_bytes_a_campaign_keeps_are_limited_too(game, editor, other_editor, settings):
    (photo,) = added(game, other_editor)
    photo.refresh_from_db()
    settings.EARTHBOOK_QUOTA_PHOTO_BYTES_PER_CAMPAIGN = photo.stored_bytes + 10
    assert_error(
        upload(api_for(editor), game), 409, "conflict", rule="quota-photo-bytes-per-campaign"
    )
    assert GamePhoto.objects.count() == 1


def test_the_refusal_is_in_russian_for_a_russian_reader(game, editor, settings):
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN = 1
    added(game, editor)
    error = assert_error(upload(api_for(editor), game, HTTP_ACCEPT_LANGUAGE="ru"), 409, "conflict")
    assert error["message"] == (
        "Эта кампания хранит не больше фотографий, чем 1: удалите одну, прежде чем добавить новую."
    )


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "This campaign has reached its limit of photos (1): delete one before adding"),
        ("ru", "Эта кампания хранит не больше фотографий, чем 1"),
    ],
)
def test_on_the_page_a_photo_past_the_limit_is_a_form_error_and_nothing_is_stored(
    game, owner, editor, settings, media, language, words
):
    settings.EARTHBOOK_QUOTA_PHOTOS_PER_CAMPAIGN = 1
    added(game, editor)
    files = stored_files(media)
    address = reverse("campaigns:game_photos", args=[game.campaign_id, game.number])
    response = client_for(owner, language).post(
        address, {"file": made.upload(made.jpeg_with_gps()), "caption": "The board tonight"}
    )
    assert response.status_code == 200  # the form again, with its refusal
    assert words in response.content.decode()
    assert GamePhoto.objects.count() == 1 and stored_files(media) == files
