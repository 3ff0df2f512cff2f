"""Asking again, with nobody asking, for the pictures an outage or a lost worker left behind.

``recover_lost`` (the Celery task ``campaigns.tasks.recover_snapshots``, run by ``celery beat``
every ``SNAPSHOT_RECOVER_INTERVAL`` seconds) asks again for:

* a row "rendering" whose heartbeat (``campaigns.pictures.render.heartbeat``) has been silent
  for ``SNAPSHOT_LOST_AFTER`` seconds: its worker died (kill -9, a machine gone) or its render
  was stopped at the hard time limit;
* a row "queued" for ``SNAPSHOT_QUEUED_PATIENCE`` seconds: its message may have died with a
  worker that had taken it;
* a row "failed" because of an outage: the broker could not be reached to queue it, or the
  database was lost for longer than the task's own retries.

Each row is asked for again at most ``SNAPSHOT_AUTO_RETRIES`` times (the count starts again
once it is drawn); then it is left failed, with the reason, for a person to ask. Asking twice is
harmless: a render finds an identical picture already stored and draws nothing.

The same task sends again the lost tasks of the photos of the real board
(``campaigns.photos.recovery``).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from campaigns.models import Snapshot, SnapshotStatus
from campaigns.photos.recovery import recover_lost_photos
from campaigns.pictures.snapshots import QUEUE_FAILURE, request_snapshot, request_timeline

logger = logging.getLogger(__name__)

# Failures an outage explains: the broker down when it was queued, the database lost.
OUTAGE_FAILURES = (QUEUE_FAILURE, "OperationalError", "InterfaceError")


def _outage_failure() -> Q:
    q = Q()
    for start in OUTAGE_FAILURES:
        q |= Q(error__startswith=start)
    return Q(status=SnapshotStatus.FAILED) & q


def _stalled(now) -> Q:
    lost = now - timedelta(seconds=settings.SNAPSHOT_LOST_AFTER)
    waited = now - timedelta(seconds=settings.SNAPSHOT_QUEUED_PATIENCE)
    return Q(status=SnapshotStatus.RENDERING, updated_at__lt=lost) | Q(
        status=SnapshotStatus.QUEUED, updated_at__lt=waited
    )


def _give_up(row: Snapshot, limit: int) -> None:
    if row.status == SnapshotStatus.RENDERING:
        reason = "its worker died or it ran past its time limit"
    else:
        reason = "it waited in the queue too long"
    Snapshot.objects.filter(pk=row.pk, status=row.status, updated_at=row.updated_at).update(
        status=SnapshotStatus.FAILED,
        error=(
            f"The render was asked for again {limit} times with nobody asking and still did "
            f"not finish ({reason}). Ask for the picture again."
        ),
        updated_at=timezone.now(),
    )


def recover_lost() -> int:
    """Ask again for the pictures lost with a worker or an outage; returns how many."""
    limit = settings.SNAPSHOT_AUTO_RETRIES
    rows = Snapshot.objects.filter(_stalled(timezone.now()) | _outage_failure())
    asked = 0
    for row in rows.order_by("updated_at"):
        if row.auto_retries >= limit:
            if row.status != SnapshotStatus.FAILED:
                _give_up(row, limit)
            continue
        # Claim the row as it was read: a second run meanwhile asks nothing twice.
        if not Snapshot.objects.filter(
            pk=row.pk, status=row.status, updated_at=row.updated_at, auto_retries=row.auto_retries
        ).update(auto_retries=F("auto_retries") + 1):
            continue
        logger.warning(
            "Board snapshot %s (campaign %s, game %s) was %s; asking for it again",
            row.pk,
            row.campaign_id,
            row.game_number,
            row.status,
        )
        try:
            if row.game_number == Snapshot.TIMELINE:
                request_timeline(row.campaign_id, force=True)
            else:
                request_snapshot(row.campaign_id, row.game_number, force=True)
        except Exception:
            logger.exception("Could not ask again for board snapshot %s", row.pk)
            continue
        asked += 1
    return asked


@shared_task(name="campaigns.tasks.recover_snapshots", soft_time_limit=50, time_limit=60)
def recover_snapshots() -> int:
    """Run by ``celery beat``: see ``recover_lost``, and, for the photos of the real board,
    ``campaigns.photos.recovery``; returns how many pictures and photos were asked for again.
    Lives here, not in ``tasks``, since it asks for pictures (``snapshots -> tasks``)."""
    asked = recover_lost()
    try:
        asked += recover_lost_photos()
    except Exception:  # the pictures were asked for: a photo's trouble is logged, not raised
        logger.exception("Could not send again the tasks of lost photos")
    return asked
