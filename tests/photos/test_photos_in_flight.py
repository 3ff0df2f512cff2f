"""Photos being prepared: an account has only so many waiting for their copies at once, and each
counts for what its copies will take, so a burst of uploads cannot hold the bulk queue or end
past the bytes the account may keep once they are made."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.utils import translation

from campaigns.jobs.quotas import QuotaReached
from campaigns.models import GamePhoto, JobStatus
from campaigns.photos.service import add_photo
from campaigns.photos.tasks import make_copies
from legacy.wording import said
from tests.support import made
from tests.support.api import assert_error
from tests.support.api import client_for as api_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()


def upload(client, game):
    return client.post(
        f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/photos/",
        {"file": made.upload(made.jpeg_with_gps()), "caption": "Our board"},
        format="multipart",
    )


def waiting(game, by, count=1) -> list[GamePhoto]:
    """Photos uploaded whose copies are not made yet (their task was never run)."""
    photos = [
        add_photo(game=game, upload=made.upload(made.jpeg_with_gps()), by=by) for _ in range(count)
    ]
    assert {photo.status for photo in photos} == {JobStatus.QUEUED}
    return photos


def test_an_account_with_as_many_photos_being_prepared_as_it_may_waits(
    game, editor, settings, media
):
    settings.EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = 2
    first, _second = waiting(game, editor, 2)
    error = assert_error(
        upload(api_for(editor), game), 409, "conflict", rule="quota-photos-in-flight-per-account"
    )
    assert error["message"] == (
        "This account already has as many photos being prepared as it may (2): send this one "
        "again once they are ready."
    )
    assert GamePhoto.objects.count() == 2
    assert make_copies(first.pk) == JobStatus.DONE
    assert upload(api_for(editor), game).status_code == 201


def test_photos_being_prepared_by_others_take_none_of_an_accounts_places(
    game, editor, other_editor, settings
):
    settings.EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = 1
    waiting(game, other_editor)
    assert upload(api_for(editor), game).status_code == 201


def test_a_photo_being_prepared_counts_for_what_its_copies_will_take(game, editor, settings):
    size = len(made.jpeg_with_gps())
    # Room for three uploads as sent, not for two photos with their copies.
    settings.EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT = 3 * size
    waiting(game, editor)
    assert_error(
        upload(api_for(editor), game), 409, "conflict", rule="quota-photo-bytes-per-account"
    )


def test_a_ready_photo_counts_for_what_its_copies_take(game, editor, settings, media):
    size = len(made.jpeg_with_gps())
    (photo,) = waiting(game, editor)
    assert make_copies(photo.pk) == JobStatus.DONE
    copies = GamePhoto.objects.get(pk=photo.pk).stored_bytes
    # Room for what the ready photo's copies take and for one more being prepared, exactly.
    settings.EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT = copies + 2 * size - 1
    assert upload(api_for(editor), game).status_code == 409
    settings.EARTHBOOK_QUOTA_PHOTO_BYTES_PER_ACCOUNT = copies + 2 * size
    assert upload(api_for(editor), game).status_code == 201


def test_the_refusal_is_said_in_russian_too(game, editor, settings):
    settings.EARTHBOOK_QUOTA_PHOTOS_IN_FLIGHT_PER_ACCOUNT = 1
    waiting(game, editor)
    with pytest.raises(QuotaReached) as refused:
        waiting(game, editor)
    with translation.override("ru"):
        assert said(refused.value).startswith("У этой учётной записи уже готовится")
