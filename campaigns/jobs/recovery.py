"""What Celery and the broker cannot do for a job: send again, with nobody asking, a job whose
message never reached a worker because of an outage; and tell a job nobody makes any more.

A job lost with its worker is not this module's: its task is acknowledged late, so the broker
gives its message back and Celery delivers it again (``campaigns.jobs.work``). What no broker
can give back is a message it never had, or a task that gave up:

``recover_outages`` (the Celery task ``campaigns.tasks.recover_jobs``, run by ``celery beat``
every ``EARTHBOOK_JOB_RECOVER_INTERVAL`` seconds) sends again the jobs failed because of an
outage (``OUTAGE_FAILURES``): the broker could not be reached to queue them, or the database or
the storage was lost for longer than the task's own retries. Each job is sent again at most
``EARTHBOOK_JOB_AUTO_RETRIES`` times (the count starts again once it is done); then it is left
failed for a person to ask again. Sending twice is harmless: every job's task is idempotent.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from campaigns.jobs.queue import send
from campaigns.models import (
    JOB_MODELS,
    OUTAGE_FAILURES,
    BackgroundJob,
    JobFailure,
    JobStatus,
)

logger = logging.getLogger(__name__)


def lost_after(model: type[BackgroundJob]) -> timedelta:
    """How long a job of ``model`` may stay "running" while somebody still makes it: its longest
    hard time limit (a live worker ends it by then) and the broker's visibility timeout (a lost
    worker's message is delivered again by then, and the row claimed again)."""
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    return timedelta(seconds=model.longest_run() + visibility)


def stale(model: type[BackgroundJob], now=None) -> Q:
    """The jobs of ``model`` in the making that nobody is making any more: "running" past
    ``lost_after``, or "queued" for ``EARTHBOOK_JOB_QUEUED_PATIENCE`` (its message may never
    have left). A request given one of these asks for a new job instead (or sends it again)."""
    now = now or timezone.now()
    waited = now - timedelta(seconds=settings.EARTHBOOK_JOB_QUEUED_PATIENCE)
    return Q(status=JobStatus.RUNNING, updated_at__lt=now - lost_after(model)) | Q(
        status=JobStatus.QUEUED, updated_at__lt=waited
    )


def _as_read(row: BackgroundJob):
    """The row only if nothing moved it since it was read."""
    return type(row)._default_manager.filter(
        pk=row.pk, status=row.status, updated_at=row.updated_at, auto_retries=row.auto_retries
    )


def recover_kind(model: type[BackgroundJob]) -> int:
    """Send again the jobs of one kind failed by an outage; returns how many."""
    limit = settings.EARTHBOOK_JOB_AUTO_RETRIES
    failed = model._default_manager.filter(status=JobStatus.FAILED, failure__in=OUTAGE_FAILURES)
    detail = f"It was sent again {limit} times after an outage with nobody asking and still failed."
    # Sent again as often as it may be: failed for a person to ask again, saying so.
    failed.filter(auto_retries__gte=limit).update(**model.failed_fields(JobFailure.LOST, detail))
    sent = 0
    for row in failed.filter(auto_retries__lt=limit).order_by("updated_at"):
        # Claim the row as it was read: a second run meanwhile sends nothing twice.
        if not _as_read(row).update(
            status=JobStatus.QUEUED,
            failure="",
            auto_retries=F("auto_retries") + 1,
            updated_at=timezone.now(),
        ):
            continue
        logger.warning("%s %s failed in an outage; sending its task again", model.KIND, row.pk)
        send(row)  # a broker still down leaves it failed, to be tried again
        sent += 1
    return sent


def recover_outages() -> int:
    """Send again the jobs of every kind failed by an outage; returns how many. A kind's
    trouble is logged, and the other kinds are still looked after."""
    sent = 0
    for model in JOB_MODELS:
        try:
            sent += recover_kind(model)
        except Exception:
            logger.exception("Could not send again the %s jobs failed by an outage", model.KIND)
    return sent
