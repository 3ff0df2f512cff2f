"""Pictures left behind by a lost worker or an outage are asked for again by the periodic
``campaigns.tasks.recover_jobs``, with nobody asking, a bounded number of times.

Celery runs in-process here; the worker test (test_worker.py) kills a real worker."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from campaigns.jobs.tasks import recover_jobs
from campaigns.models import JobFailure, JobStatus, Snapshot
from tests.support.snapshots import stored_files

pytestmark = pytest.mark.django_db


def left(campaign, status, seconds_ago, **fields) -> Snapshot:
    """The game 1 picture, as a lost worker or an outage left it, ``seconds_ago``."""
    Snapshot.objects.filter(campaign=campaign, game_number=1).update(
        status=status,
        updated_at=timezone.now() - datetime.timedelta(seconds=seconds_ago),
        **fields,
    )
    return Snapshot.objects.get(campaign=campaign, game_number=1)


def recover(django_capture_on_commit_callbacks) -> int:
    with django_capture_on_commit_callbacks(execute=True):
        return recover_jobs.apply().get()


def test_a_render_whose_worker_went_silent_is_drawn_again_with_nobody_asking(
    played, settings, media, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_LOST_AFTER = 30
    before = left(played, JobStatus.RUNNING, 31)
    assert recover(django_capture_on_commit_callbacks) == 1
    row = Snapshot.objects.get(pk=before.pk)
    assert row.status == JobStatus.DONE
    assert row.attempts == before.attempts + 1
    assert row.auto_retries == 0  # drawn: the count starts again
    assert stored_files(media) == [f"{row.state_hash}.png"]


def test_a_render_still_beating_is_left_to_its_worker(
    played, settings, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_LOST_AFTER = 30
    before = left(played, JobStatus.RUNNING, 5)
    assert recover(django_capture_on_commit_callbacks) == 0
    assert Snapshot.objects.get(pk=before.pk).status == JobStatus.RUNNING


def test_a_picture_queued_too_long_is_asked_for_again(
    played, settings, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_QUEUED_PATIENCE = 600
    left(played, JobStatus.QUEUED, 601)
    assert recover(django_capture_on_commit_callbacks) == 1
    assert Snapshot.objects.get(campaign=played, game_number=1).status == JobStatus.DONE


def test_a_picture_queued_a_short_while_waits_its_turn(
    played, settings, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_QUEUED_PATIENCE = 600
    left(played, JobStatus.QUEUED, 60)
    assert recover(django_capture_on_commit_callbacks) == 0
    assert Snapshot.objects.get(campaign=played, game_number=1).status == JobStatus.QUEUED


def test_a_picture_that_could_not_be_queued_while_the_broker_was_down_is_drawn_once_it_is_back(
    played, django_capture_on_commit_callbacks
):
    left(
        played,
        JobStatus.FAILED,
        5,
        failure=JobFailure.NOT_QUEUED,
        error="The render could not be queued: OperationalError: Connection refused.",
    )
    assert recover(django_capture_on_commit_callbacks) == 1
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert (row.status, row.error) == (JobStatus.DONE, "")


def test_a_picture_that_failed_for_its_own_reasons_is_left_for_a_person(
    played, django_capture_on_commit_callbacks
):
    left(
        played,
        JobStatus.FAILED,
        5,
        failure=JobFailure.STOPPED,
        error="ValueError: a territory the board lacks",
    )
    assert recover(django_capture_on_commit_callbacks) == 0
    assert Snapshot.objects.get(campaign=played, game_number=1).status == JobStatus.FAILED


def test_an_outage_failure_is_retried_a_bounded_number_of_times(
    played, settings, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_AUTO_RETRIES = 3
    left(
        played,
        JobStatus.FAILED,
        5,
        failure=JobFailure.NOT_QUEUED,
        error="The render could not be queued: ConnectionError",
        auto_retries=3,
    )
    assert recover(django_capture_on_commit_callbacks) == 0
    assert Snapshot.objects.get(campaign=played, game_number=1).status == JobStatus.FAILED


def test_a_render_lost_too_often_ends_failed_with_the_reason(
    played, settings, django_capture_on_commit_callbacks
):
    settings.EARTHBOOK_JOB_AUTO_RETRIES = 3
    settings.EARTHBOOK_JOB_LOST_AFTER = 30
    left(played, JobStatus.RUNNING, 31, auto_retries=3)
    assert recover(django_capture_on_commit_callbacks) == 0
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert row.status == JobStatus.FAILED
    assert "asked for again 3 times" in row.error


def test_celery_beat_asks_for_lost_pictures_every_half_minute():
    entry = django_settings.CELERY_BEAT_SCHEDULE["recover-jobs"]
    assert entry["task"] == "campaigns.tasks.recover_jobs"
    assert entry["schedule"] <= 30


def test_a_lost_workers_message_is_given_back_within_minutes_not_an_hour():
    visibility = django_settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert django_settings.EARTHBOOK_JOB_TIME_LIMITS["timeline"] < visibility <= 600
    assert django_settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1


def test_every_kind_of_background_job_is_looked_after_by_the_recovery():
    from django.apps import apps

    from campaigns.models import JOB_MODELS, BackgroundJob

    kinds = {m for m in apps.get_models() if issubclass(m, BackgroundJob)}
    assert kinds == set(JOB_MODELS)
    assert {m.KIND for m in kinds} >= {"snapshot", "poster", "photo", "chronicle", "import"}


def test_a_timeline_whose_worker_went_silent_is_drawn_again_with_nobody_asking(
    played, settings, media, django_capture_on_commit_callbacks
):
    from campaigns.pictures.snapshots import request_timeline

    settings.EARTHBOOK_JOB_LOST_AFTER = 30
    with django_capture_on_commit_callbacks(execute=True):
        timeline = request_timeline(played.pk)
    Snapshot.objects.filter(pk=timeline.pk).update(
        status=JobStatus.RUNNING,
        heartbeat_at=timezone.now() - datetime.timedelta(seconds=31),
        updated_at=timezone.now() - datetime.timedelta(seconds=31),
    )
    assert recover(django_capture_on_commit_callbacks) == 1
    row = Snapshot.objects.get(pk=timeline.pk)
    assert row.is_timeline and row.status == JobStatus.DONE
