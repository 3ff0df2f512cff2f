"""A photo whose task was lost does not wait for ever: a message taken by a worker that died is
given back by the broker and made by another (a bounded number of times); one the broker
refused is sent again by the periodic ``campaigns.tasks.recover_jobs``, with nobody asking."""

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
    """Where the photo tasks are sent: ``lose`` keeps every message (a worker took it),
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


def test_a_photo_whose_worker_was_lost_gets_its_copies_when_its_message_comes_again(
    game, owner, broker, django_capture_on_commit_callbacks
):
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    assert photo.status == JobStatus.QUEUED and len(broker.sent) == 1  # sent, and taken
    left(photo, JobStatus.RUNNING, 700)  # its worker took it, then died
    prepare_photo.apply(args=broker.sent[0])  # the broker gives the message to another worker
    photo.refresh_from_db()
    assert photo.status == JobStatus.DONE
    assert photo.web and photo.thumbnail
    assert photo.auto_retries == 0  # made: the count starts again


def test_the_recovery_loop_leaves_a_photo_in_the_making_to_the_broker(
    game, owner, broker, django_capture_on_commit_callbacks
):
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    for status in (JobStatus.RUNNING, JobStatus.QUEUED):
        left(photo, status, 3600)
        assert recover(django_capture_on_commit_callbacks) == 0
        assert GamePhoto.objects.get(pk=photo.pk).status == status
    assert len(broker.sent) == 1  # nothing sent again


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


def test_a_photo_whose_worker_is_lost_every_time_is_given_up_after_a_few_tries(
    game, owner, settings, broker, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_AUTO_RETRIES = 2
    photo = waiting_photo(game, owner, django_capture_on_commit_callbacks)
    left(photo, JobStatus.RUNNING, 5, auto_retries=2)  # lost twice, delivered a third time
    prepare_photo.apply(args=broker.sent[0])
    photo.refresh_from_db()
    assert photo.status == JobStatus.FAILED
    assert "worker was lost 3 times" in photo.error
    assert not photo.web
