"""A job's row as its task moves it: claimed, kept alive by a heartbeat, done or failed.

Every move is a conditional update that names the statuses it may come from
(``campaigns.models.JOB_TRANSITIONS``) and, for the end of a run, the attempt that started it: a
run that was overtaken (its worker presumed dead and the task sent again, or a new request
meanwhile) cannot overwrite a newer one. That is what makes the tasks safe to run twice, which
``acks_late`` asks of them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time

from celery import current_task
from django.conf import settings
from django.db import connection
from django.utils import timezone

from campaigns.models import BackgroundJob, JobStatus, job_statuses_before

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
    start (it moved meanwhile, or it is in a status ``since`` does not name)."""
    allowed = [s for s in job_statuses_before(JobStatus.RUNNING) if since is None or s in since]
    now = timezone.now()
    moved = (
        type(job)
        ._default_manager.filter(pk=job.pk, status__in=allowed, attempts=job.attempts)
        .update(
            status=JobStatus.RUNNING,
            attempts=job.attempts + 1,
            heartbeat_at=now,
            updated_at=now,
        )
    )
    return job.attempts + 1 if moved else None


def finish(model: type[BackgroundJob], pk: int, attempt: int, **fields) -> bool:
    """Done, unless a newer attempt or a new request overtook this one."""
    return bool(
        model._default_manager.filter(pk=pk, status=JobStatus.RUNNING, attempts=attempt).update(
            status=JobStatus.DONE,
            failure="",
            auto_retries=0,
            heartbeat_at=None,
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
        heartbeat_at=None,
        updated_at=timezone.now(),
        **model.detail_fields(f"Will retry after: {detail}" if detail else ""),
    )


def _test_delay() -> None:
    raw = os.environ.get(TEST_DELAY_ENV)
    if raw:
        time.sleep(float(raw))


def _beat(model, pk: int, attempt: int, stop: threading.Event, every: float) -> None:
    try:
        while not stop.wait(every):
            model._default_manager.filter(pk=pk, status=JobStatus.RUNNING, attempts=attempt).update(
                heartbeat_at=timezone.now()
            )
    except Exception:
        logger.warning("The heartbeat of %s %s stopped", model.KIND, pk, exc_info=True)
    finally:
        connection.close()  # this thread's own connection


@contextlib.contextmanager
def running(job: BackgroundJob, attempt: int):
    """While a worker runs ``job``, its ``heartbeat_at`` moves every
    ``EARTHBOOK_JOB_HEARTBEAT_SECONDS``: a job "running" and silent for
    ``EARTHBOOK_JOB_LOST_AFTER`` was lost with its worker (``campaigns.jobs.recovery``). Not
    in-process (eager): the request that runs it is there to see it end."""
    every = settings.EARTHBOOK_JOB_HEARTBEAT_SECONDS
    task = current_task
    if every <= 0 or not task or task.request.is_eager or task.request.id is None:
        _test_delay()
        yield
        return
    stop = threading.Event()
    thread = threading.Thread(
        target=_beat,
        args=(type(job), job.pk, attempt, stop, every),
        name=f"{job.KIND}-{job.pk}-heartbeat",
        daemon=True,
    )
    thread.start()
    try:
        _test_delay()
        yield
    finally:
        stop.set()
        thread.join(timeout=every + 5)
