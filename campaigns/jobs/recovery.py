"""The one recovery loop: sending again, with nobody asking, the jobs a lost worker or an outage
left behind, so that no job waits "queued" or stays "running" for ever.

``recover_lost`` (the Celery task ``campaigns.tasks.recover_jobs``, run by ``celery beat`` every
``EARTHBOOK_JOB_RECOVER_INTERVAL`` seconds) looks at every kind of job
(``campaigns.models.JOB_MODELS``) and sends again:

* a job "running" whose heartbeat (``campaigns.jobs.work.running``) has been silent for
  ``EARTHBOOK_JOB_LOST_AFTER`` seconds: its worker died (kill -9, a machine gone) or it was
  stopped at its hard time limit;
* a job "queued" for ``EARTHBOOK_JOB_QUEUED_PATIENCE`` seconds: its message may have died with
  a worker that had taken it;
* a job failed because of an outage (``OUTAGE_FAILURES``): the broker could not be reached to
  queue it, or the database or the storage was lost for longer than the task's own retries.

Each job is sent again at most ``EARTHBOOK_JOB_AUTO_RETRIES`` times (the count starts again
once it is done); then it is left failed (``JobFailure.LOST``) for a person to ask again.
Sending twice is harmless: every job's task is idempotent.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from campaigns.jobs.queue import send
from campaigns.models import JOB_MODELS, OUTAGE_FAILURES, BackgroundJob, JobFailure, JobStatus

logger = logging.getLogger(__name__)


def stale(now=None) -> Q:
    """The jobs in the making that nobody is making any more: "running" with a heartbeat silent
    for ``EARTHBOOK_JOB_LOST_AFTER`` seconds, or "queued" for ``EARTHBOOK_JOB_QUEUED_PATIENCE``.
    A request given one of these asks for a new job instead (or sends it again)."""
    now = now or timezone.now()
    lost = now - timedelta(seconds=settings.EARTHBOOK_JOB_LOST_AFTER)
    waited = now - timedelta(seconds=settings.EARTHBOOK_JOB_QUEUED_PATIENCE)
    silent = Q(heartbeat_at__lt=lost) | Q(heartbeat_at__isnull=True, updated_at__lt=lost)
    return (Q(status=JobStatus.RUNNING) & silent) | Q(
        status=JobStatus.QUEUED, updated_at__lt=waited
    )


def _left_behind(now) -> Q:
    return stale(now) | Q(status=JobStatus.FAILED, failure__in=OUTAGE_FAILURES)


def _as_read(row: BackgroundJob):
    """The row only if nothing moved it since it was read."""
    return type(row)._default_manager.filter(
        pk=row.pk, status=row.status, updated_at=row.updated_at, auto_retries=row.auto_retries
    )


def _give_up(row: BackgroundJob, limit: int) -> None:
    if row.status == JobStatus.RUNNING:
        reason = "its worker died or it ran past its time limit"
    else:
        reason = "it waited in the queue too long"
    detail = (
        f"It was asked for again {limit} times with nobody asking and still did not finish "
        f"({reason})."
    )
    _as_read(row).update(**type(row).failed_fields(JobFailure.LOST, detail))


def recover_kind(model: type[BackgroundJob]) -> int:
    """Send again the jobs of one kind left behind; returns how many."""
    limit = settings.EARTHBOOK_JOB_AUTO_RETRIES
    sent = 0
    for row in model._default_manager.filter(_left_behind(timezone.now())).order_by("updated_at"):
        if row.auto_retries >= limit:
            if row.status != JobStatus.FAILED or row.failure != JobFailure.LOST:
                _give_up(row, limit)
            continue
        # Claim the row as it was read: a second run meanwhile sends nothing twice.
        if not _as_read(row).update(
            status=JobStatus.QUEUED,
            failure="",
            heartbeat_at=None,
            auto_retries=F("auto_retries") + 1,
            updated_at=timezone.now(),
        ):
            continue
        logger.warning("%s %s was left %s; sending its task again", model.KIND, row.pk, row.status)
        send(row)  # a broker still down leaves it failed, to be tried again
        sent += 1
    return sent


def recover_lost() -> int:
    """Send again the jobs of every kind lost with a worker or an outage; returns how many.
    A kind's trouble is logged, and the other kinds are still looked after."""
    sent = 0
    for model in JOB_MODELS:
        try:
            sent += recover_kind(model)
        except Exception:
            logger.exception("Could not send again the lost %s jobs", model.KIND)
    return sent
