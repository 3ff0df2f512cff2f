"""Sending again, with nobody asking, the task of a photo whose copies were never made.

A photo waits "queued" or "processing" while its task makes its web copy and thumbnail. If the
task was lost (its worker died and the message with it, the broker lost it), the photo would
wait for ever. ``recover_lost_photos`` (run with the pictures' recovery by ``celery beat``, the
task ``campaigns.tasks.recover_snapshots``, every ``SNAPSHOT_RECOVER_INTERVAL`` seconds) sends
the task again for:

* a photo "queued" or "processing" whose status has not moved for
  ``SNAPSHOT_QUEUED_PATIENCE`` seconds (longer than the task with all its retries may take);
* a photo "failed" because of an outage: the broker could not be reached to queue it, or the
  database was lost for longer than the task's own retries.

Each photo is sent again at most ``SNAPSHOT_AUTO_RETRIES`` times (the count starts again once
its copies are made); then it is left failed, with the reason. Sending twice is harmless: the
task leaves a photo whose copies are made as it is, and the copies' names follow from the
original's.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from campaigns.models import GamePhoto, PhotoStatus
from campaigns.photos.service import QUEUE_FAILURE, send_task

logger = logging.getLogger(__name__)

# Failures an outage explains: the broker down when it was queued, the database lost.
OUTAGE_FAILURES = (QUEUE_FAILURE, "OperationalError", "InterfaceError")
PENDING = (PhotoStatus.QUEUED, PhotoStatus.PROCESSING)


def _lost(now) -> Q:
    waited = now - timedelta(seconds=settings.SNAPSHOT_QUEUED_PATIENCE)
    return Q(status__in=PENDING, updated_at__lt=waited)


def _outage_failure() -> Q:
    q = Q()
    for start in OUTAGE_FAILURES:
        q |= Q(error__startswith=start)
    return Q(status=PhotoStatus.FAILED) & q


def _as_read(row: GamePhoto):
    """The photo's row only if nothing moved it since it was read."""
    return GamePhoto.objects.filter(
        pk=row.pk, status=row.status, updated_at=row.updated_at, auto_retries=row.auto_retries
    )


def _give_up(row: GamePhoto, limit: int) -> None:
    _as_read(row).update(
        status=PhotoStatus.FAILED,
        error=(
            f"Its copies were asked for again {limit} times with nobody asking and still were "
            f"not made (the task was lost, or the photo waited in the queue too long)."
        ),
        updated_at=timezone.now(),
    )


def recover_lost_photos() -> int:
    """Send again the tasks of the photos lost with a worker or an outage; returns how many."""
    limit = settings.SNAPSHOT_AUTO_RETRIES
    rows = GamePhoto.objects.filter(_lost(timezone.now()) | _outage_failure())
    sent = 0
    for row in rows.order_by("updated_at"):
        if row.auto_retries >= limit:
            if row.status != PhotoStatus.FAILED:
                _give_up(row, limit)
            continue
        # Claim the row as it was read: a second run meanwhile sends nothing twice.
        if not _as_read(row).update(
            status=PhotoStatus.QUEUED,
            error="",
            auto_retries=F("auto_retries") + 1,
            updated_at=timezone.now(),
        ):
            continue
        logger.warning("Photo %s was left %s; sending its task again", row.pk, row.status)
        send_task(row.pk)  # a broker still down leaves it failed, to be tried again
        sent += 1
    return sent
