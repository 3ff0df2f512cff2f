"""A job's row as its task moves it: claimed, done or failed.

Every move is a conditional update that names the statuses it may come from
(``campaigns.models.JOB_TRANSITIONS``) and, for the end of a run, the attempt that started it: a
run that was overtaken (a new request meanwhile) cannot overwrite a newer one. That is what makes
the tasks safe to run twice, which ``acks_late`` asks of them.

A worker lost mid-job (kill -9, a machine gone, a pool process killed) is Celery's and the
broker's to notice: the task is acknowledged late, so its message is given back (at once for a
pool process, ``task_reject_on_worker_lost``; after the Redis visibility timeout for a whole
worker) and delivered again. That delivery finds the row still "running": ``claim`` counts it
(``auto_retries``) and, past ``EARTHBOOK_JOB_AUTO_RETRIES``, ends the job failed
(``JobFailure.LOST``) instead of starting it once more, so a job that kills its worker every time
is not delivered for ever.
"""

from __future__ import annotations

import logging
import os
import time

from django.conf import settings
from django.utils import timezone

from campaigns.models import BackgroundJob, JobFailure, JobStatus, job_statuses_before

logger = logging.getLogger(__name__)

# A pause once a job is claimed, before its work, for the tests that kill a worker mid-job. Only
# honoured when the environment variable is set (never in production).
TEST_DELAY_ENV = "EARTHBOOK_JOB_TEST_DELAY"

ERROR_MAX = 2000


def describe(exc: BaseException, prefix: str = "") -> str:
    """An exception in a developer's words, for a job's detail."""
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return (f"{prefix}: {text}" if prefix else text)[:ERROR_MAX]


def claim(job: BackgroundJob, *, since=None) -> int | None:
    """Move ``job`` (as it was read) to running; the attempt's number, or None when it may not
    start (it moved meanwhile, or it is in a status ``since`` does not name, or it was lost with
    its worker as often as it may be: then it is failed, saying so).

    A job found "running" is a message given back after its worker was lost, delivered again."""
    allowed = [s for s in job_statuses_before(JobStatus.RUNNING) if since is None or s in since]
    if job.status not in allowed:
        return None
    lost_again = job.status == JobStatus.RUNNING
    if lost_again and job.auto_retries >= settings.EARTHBOOK_JOB_AUTO_RETRIES:
        _give_up(job)
        return None
    now = timezone.now()
    moved = (
        type(job)
        ._default_manager.filter(pk=job.pk, status=job.status, attempts=job.attempts)
        .update(
            status=JobStatus.RUNNING,
            attempts=job.attempts + 1,
            auto_retries=job.auto_retries + 1 if lost_again else job.auto_retries,
            updated_at=now,
        )
    )
    if not moved:
        return None
    if lost_again:
        logger.warning("%s %s was lost with its worker; it is started again", job.KIND, job.pk)
    _test_delay()
    return job.attempts + 1


def _give_up(job: BackgroundJob) -> None:
    detail = (
        f"Its worker was lost {job.auto_retries + 1} times while it ran (killed, or gone with "
        "its machine); it is not started again with nobody asking."
    )
    type(job)._default_manager.filter(
        pk=job.pk, status=JobStatus.RUNNING, attempts=job.attempts
    ).update(**type(job).failed_fields(JobFailure.LOST, detail))
    logger.warning("%s %s was lost with its worker too often: failed", job.KIND, job.pk)


def finish(model: type[BackgroundJob], pk: int, attempt: int, **fields) -> bool:
    """Done, unless a newer attempt or a new request overtook this one."""
    return bool(
        model._default_manager.filter(pk=pk, status=JobStatus.RUNNING, attempts=attempt).update(
            status=JobStatus.DONE,
            failure="",
            auto_retries=0,
            finished_at=timezone.now(),
            updated_at=timezone.now(),
            **fields,
        )
    )


def fail(model: type[BackgroundJob], code: str, detail: str = "", **lookup) -> int:
    """Failed with the reason ``code`` (a ``JobFailure``), unless it is done or failed already
    (a second delivery that drew it meanwhile stays drawn); how many rows moved."""
    return model._default_manager.filter(
        status__in=job_statuses_before(JobStatus.FAILED), **lookup
    ).update(**model.failed_fields(code, detail))


def back_in_queue(model: type[BackgroundJob], detail: str = "", **lookup) -> int:
    """A running job back in the queue until its retry runs, saying what went wrong."""
    return model._default_manager.filter(status=JobStatus.RUNNING, **lookup).update(
        status=JobStatus.QUEUED,
        updated_at=timezone.now(),
        **model.detail_fields(f"Will retry after: {detail}" if detail else ""),
    )


def _test_delay() -> None:
    """A pause once a job is claimed, before its work, for the tests that kill a worker
    mid-job."""
    raw = os.environ.get(TEST_DELAY_ENV)
    if raw:
        time.sleep(float(raw))
