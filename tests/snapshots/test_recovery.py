"""A picture whose worker was lost is delivered again by the broker (its task is acknowledged
late) and drawn, a bounded number of times; one failed by an outage is sent again by the
periodic ``campaigns.tasks.recover_jobs``, with nobody asking, a bounded number of times.

Celery runs in-process here: a delivery again is the task run once more, as a worker would run
the message the broker gave back. The worker test (test_worker.py) kills a real worker."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from campaigns.jobs.tasks import recover_jobs
from campaigns.models import JobFailure, JobStatus, Snapshot
from campaigns.pictures.tasks import render_snapshot, render_timeline
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


# --- A worker lost: the broker delivers the message again -------------------------------------


def test_a_render_delivered_again_after_its_worker_was_lost_is_drawn(played, media):
    before = left(played, JobStatus.RUNNING, 5)
    assert render_snapshot.apply(args=(played.pk, 1)).get() == JobStatus.DONE
    row = Snapshot.objects.get(pk=before.pk)
    assert row.status == JobStatus.DONE
    assert row.attempts == before.attempts + 1
    assert row.auto_retries == 0  # drawn: the count starts again
    assert stored_files(media) == [f"{row.state_hash}.png"]


def test_a_render_lost_with_its_worker_too_often_ends_failed_with_the_reason(played, settings):
    settings.EARTHBOOK_JOB_AUTO_RETRIES = 3
    left(played, JobStatus.RUNNING, 5, auto_retries=3)
    render_snapshot.apply(args=(played.pk, 1))
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert (row.status, row.failure) == (JobStatus.FAILED, JobFailure.LOST)
    assert "worker was lost 4 times" in row.error
    assert "started again and again" in row.failure_text


def test_each_delivery_after_a_lost_worker_is_counted(played, settings):
    settings.EARTHBOOK_JOB_AUTO_RETRIES = 3
    left(played, JobStatus.RUNNING, 5, auto_retries=1)
    render_snapshot.apply(args=(played.pk, 1))
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert (row.status, row.auto_retries) == (JobStatus.DONE, 0)


def test_a_timeline_delivered_again_after_its_worker_was_lost_is_drawn(
    played, django_capture_on_commit_callbacks
):
    from campaigns.pictures.snapshots import request_timeline

    with django_capture_on_commit_callbacks(execute=True):
        timeline = request_timeline(played.pk)
    Snapshot.objects.filter(pk=timeline.pk).update(status=JobStatus.RUNNING)
    render_timeline.apply(args=(played.pk,))
    row = Snapshot.objects.get(pk=timeline.pk)
    assert row.is_timeline and row.status == JobStatus.DONE


def test_the_recovery_loop_leaves_a_job_in_the_making_to_the_broker(
    played, django_capture_on_commit_callbacks
):
    left(played, JobStatus.RUNNING, 3600)
    assert recover(django_capture_on_commit_callbacks) == 0
    assert Snapshot.objects.get(campaign=played, game_number=1).status == JobStatus.RUNNING
    left(played, JobStatus.QUEUED, 3600)
    assert recover(django_capture_on_commit_callbacks) == 0
    assert Snapshot.objects.get(campaign=played, game_number=1).status == JobStatus.QUEUED


# --- An outage: the recovery loop sends it again ------------------------------------------------


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
    row = Snapshot.objects.get(campaign=played, game_number=1)
    assert (row.status, row.failure) == (JobStatus.FAILED, JobFailure.LOST)
    assert "sent again 3 times after an outage" in row.error


# --- The settings that make it so -----------------------------------------------------------


def test_celery_beat_asks_for_jobs_failed_by_an_outage_every_half_minute():
    entry = django_settings.CELERY_BEAT_SCHEDULE["recover-jobs"]
    assert entry["task"] == "campaigns.tasks.recover_jobs"
    assert entry["schedule"] <= 30


def test_a_lost_workers_message_is_given_back_after_the_longest_job_within_minutes():
    """Redis gives an unacknowledged message to another worker once the visibility timeout has
    passed: above every job's time limit (never a job still running), and not an hour."""
    visibility = django_settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert max(django_settings.EARTHBOOK_JOB_TIME_LIMITS.values()) < visibility <= 15 * 60
    assert django_settings.CELERY_TASK_ACKS_LATE is True
    assert django_settings.CELERY_TASK_REJECT_ON_WORKER_LOST is True
    assert django_settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1


def test_every_kind_of_background_job_is_looked_after_by_the_recovery():
    from django.apps import apps

    from campaigns.models import JOB_MODELS, BackgroundJob

    kinds = {m for m in apps.get_models() if issubclass(m, BackgroundJob)}
    assert kinds == set(JOB_MODELS)
    assert {m.KIND for m in kinds} >= {"snapshot", "poster", "photo", "chronicle", "import"}
