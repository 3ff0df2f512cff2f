"""A photo whose task was lost (its worker died, the broker lost or refused the message) does not
wait for ever: the periodic ``campaigns.tasks.recover_jobs`` sends its task again, with
nobody asking, a bounded number of times."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from campaigns.jobs.tasks import recover_jobs
from campaigns.models import GamePhoto, JobStatus
from campaigns.photos.service import add_photo
from campaigns.photos.tasks import prepare_photo
from tests.support import made

pytestmark = pytest.mark.django_db


class Broker:
    """Where the photo tasks are sent: ``lose`` loses every message (a worker died with it),
    ``down`` refuses them (the broker cannot be reached), ``back`` runs them in-process."""

    def __init__(self):
        self.mode = "lose"
        self.sent = []

    def apply_async(self, args=None, kwargs=None, **options):
        if self.mode == "down":
            raise ConnectionRefusedError("the broker is down")
        self.sent.append(args)
        if self.mode == "back":
            return prepare_photo.apply(args=args, kwargs=kwargs)
        return None


@pytest.fixture
def broker(monkeypatch):
    broker = Broker()
    monkeypatch.setattr(prepare_photo, "apply_async", broker.apply_async)
    return broker


def waiting_photo(game, owner, django_capture_on_commit_callbacks) -> GamePhoto:
    with django_capture_on_commit_callbacks(execute=True):
        photo = add_photo(game=game, upload=made.upload(made.encoded("JPEG")), by=owner)
    photo.refresh_from_db()
    return photo


def left(photo: GamePhoto, status: str, seconds_ago: int, **fields) -> GamePhoto:
    GamePhoto.objects.filter(pk=photo.pk).update(
        status=status,
        updated_at=timezone.now() - datetime.timedelta(seconds=seconds_ago),
        **fields,
    )
    return GamePhoto.objects.get(pk=photo.pk)


def recover(django_capture_on_commit_callbacks) -> int:
    with django_capture_on_commit_callbacks(execute=True):
        return recover_jobs.apply().get()


def test_a_photo_whose_task_was_lost_gets_its_copies_once_the_task_is_sent_again(
    game, owner, settings, broker, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_QUEUED_PATIENCE = 600
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    assert photo.status == JobStatus.QUEUED and len(broker.sent) == 1  # sent, and lost
    left(photo, JobStatus.QUEUED, 601)
    broker.mode = "back"  # a worker is back
    assert recover(django_capture_on_commit_callbacks) == 1
    photo.refresh_from_db()
    assert photo.status == JobStatus.DONE
    assert photo.web and photo.thumbnail
    assert photo.auto_retries == 0  # made: the count starts again


def test_a_photo_left_processing_by_a_dead_worker_is_made_again(
    game, owner, settings, broker, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_QUEUED_PATIENCE = 600
    photo = left(
        waiting_photo(game, owner, django_capture_on_commit_callbacks), JobStatus.RUNNING, 700
    )
    broker.mode = "back"
    assert recover(django_capture_on_commit_callbacks) == 1
    assert GamePhoto.objects.get(pk=photo.pk).status == JobStatus.DONE


def test_a_photo_whose_worker_still_beats_is_left_to_its_task(
    game, owner, settings, broker, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_LOST_AFTER = 30
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    left(photo, JobStatus.RUNNING, 60, heartbeat_at=timezone.now())
    assert recover(django_capture_on_commit_callbacks) == 0
    assert len(broker.sent) == 1  # nothing sent again
    assert GamePhoto.objects.get(pk=photo.pk).status == JobStatus.RUNNING


def test_a_photo_the_broker_would_not_take_is_sent_again_once_it_is_back(
    game, owner, broker, django_capture_on_commit_callbacks
):
    broker.mode = "down"
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    assert photo.status == JobStatus.FAILED
    assert photo.error.startswith("The photo could not be queued")
    assert recover(django_capture_on_commit_callbacks) == 1  # still down: failed again
    assert GamePhoto.objects.get(pk=photo.pk).status == JobStatus.FAILED
    broker.mode = "back"
    assert recover(django_capture_on_commit_callbacks) == 1
    photo.refresh_from_db()
    assert photo.status == JobStatus.DONE and photo.error == ""


def test_a_photo_that_failed_for_its_own_reasons_is_left_for_a_person(
    game, owner, broker, django_capture_on_commit_callbacks
):
    photo = left(
        waiting_photo(game, owner, django_capture_on_commit_callbacks),
        JobStatus.FAILED,
        3600,
        failure="stopped",
        error="UnidentifiedImageError: cannot identify image file",
    )
    assert recover(django_capture_on_commit_callbacks) == 0
    assert GamePhoto.objects.get(pk=photo.pk).status == JobStatus.FAILED
    assert len(broker.sent) == 1


def test_a_photo_whose_task_is_lost_every_time_is_given_up_after_a_few_tries(
    game, owner, settings, broker, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_QUEUED_PATIENCE = 600
    settings.EARTHBOOK_JOB_AUTO_RETRIES = 2
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    for _ in range(2):
        left(photo, JobStatus.QUEUED, 601)
        assert recover(django_capture_on_commit_callbacks) == 1
    assert len(broker.sent) == 3  # sent on upload, then twice again
    left(photo, JobStatus.QUEUED, 601)
    assert recover(django_capture_on_commit_callbacks) == 0
    photo.refresh_from_db()
    assert photo.status == JobStatus.FAILED
    assert "asked for again 2 times" in photo.error
    assert len(broker.sent) == 3
