"""Celery tasks: the board snapshots, rendered away from the request that asked for them.

The tasks take ids, never model instances, and call the rendering in ``campaigns.pictures.render``.
Their names are fixed (``campaigns.tasks.*``) so that messages queued before an upgrade still find
them. They are idempotent (``campaigns.pictures.render`` keys a stored picture by the hash of what
it shows), so they are acknowledged late: a worker that dies mid-render leaves the message to be
delivered again (``acks_late``; ``reject_on_worker_lost`` for a pool process killed under a live
worker).

A transient error (storage or network ``OSError``, a database connection lost) is retried with
exponential backoff; anything else, the last retry, or the soft time limit ends the snapshot as
``failed`` with the reason, on the row, where the API shows it. Never silently.
"""

from __future__ import annotations

import logging

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError

from campaigns.pictures import render
from campaigns.pictures.poster import draw_poster, record_failure
from campaigns.pictures.storage import sweep_files

logger = logging.getLogger(__name__)

# Worth another try: the storage or the database may be back in a moment.
TRANSIENT_ERRORS = (OSError, OperationalError, InterfaceError)
MAX_RETRIES = 5


class SnapshotTask(Task):
    """Writes how a render ended on its ``Snapshot`` row when the task does not succeed."""

    abstract = True

    def apply(self, *args, **kwargs):
        """In-process (eager, the embedded default) a render ends as under a worker: retried,
        then recorded on its row; it is not raised into the request that asked for it (a
        finished game is not undone by its picture). Retries run at once, without backoff."""
        kwargs.setdefault("throw", False)
        return super().apply(*args, **kwargs)

    @staticmethod
    def snapshot_of(args, kwargs) -> tuple[int, int]:
        """(campaign id, game number) of a call; game 0 is the timeline."""
        given = {**dict(zip(("campaign_id", "game_number"), args, strict=False)), **kwargs}
        return int(given["campaign_id"]), int(given.get("game_number", 0))

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        if isinstance(exc, SoftTimeLimitExceeded):
            reason = f"The render took longer than {self.soft_time_limit} seconds."
        else:
            reason = render.describe(exc)
            retries = self.request.retries if self.request else 0
            if retries:
                reason = f"{reason} (after {retries} retries)"
        try:
            render.record_failure(*self.snapshot_of(args, kwargs), reason)
        except Exception:  # the database itself may be what failed; the log still has it
            logger.exception("Could not record the failure of snapshot task %s", task_id)

    def on_retry(self, exc, task_id, args, kwargs, einfo):
        try:
            render.record_retry(*self.snapshot_of(args, kwargs), render.describe(exc))
        except Exception:
            logger.exception("Could not record the retry of snapshot task %s", task_id)


RETRYING = {
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": 2,  # 2, 4, 8 ... seconds
    "retry_backoff_max": 120,
    "retry_jitter": True,
    "max_retries": MAX_RETRIES,
}


@shared_task(
    name="campaigns.tasks.render_snapshot",
    base=SnapshotTask,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=max(1, settings.SNAPSHOT_TIME_LIMIT - 10),
    time_limit=settings.SNAPSHOT_TIME_LIMIT,
    **RETRYING,
)
def render_snapshot(campaign_id: int, game_number: int) -> str:
    """Render and store the board picture of a campaign at the end of one game."""
    return str(render.render_game(campaign_id, game_number))


@shared_task(
    name="campaigns.tasks.render_timeline",
    base=SnapshotTask,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=max(1, settings.SNAPSHOT_TIMELINE_TIME_LIMIT - 15),
    time_limit=settings.SNAPSHOT_TIMELINE_TIME_LIMIT,
    **RETRYING,
)
def render_timeline(campaign_id: int) -> str:
    """Render and store the campaign's timeline: the board after every finished game."""
    return str(render.render_timeline_now(campaign_id))


@shared_task(
    name="campaigns.tasks.sweep_snapshot_files",
    acks_late=True,
    time_limit=settings.SNAPSHOT_TIMELINE_TIME_LIMIT,
)
def sweep_snapshot_files() -> int:
    """Delete the stored files no row names any more: pictures, chronicle PDFs, posters, photos
    (run daily by ``celery beat``); returns how many went."""
    swept = sweep_files()
    if swept:
        logger.info("Swept %d stored files no row names", len(swept))
    return len(swept)


class PosterTask(Task):
    """Writes on the campaign's ``EndPoster`` row that drawing its poster failed, once the task
    is not retried any more."""

    abstract = True

    def apply(self, *args, **kwargs):
        """In-process (eager) a failure ends as under a worker: retried, then recorded on the
        row, not raised into the request that asked for the poster."""
        kwargs.setdefault("throw", False)
        return super().apply(*args, **kwargs)

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        campaign_id = (list(args) + [kwargs.get("campaign_id")])[0]
        code = "too-long" if isinstance(exc, SoftTimeLimitExceeded) else "stopped"
        logger.warning("The end poster of campaign %s failed: %r", campaign_id, exc)
        try:
            record_failure(int(campaign_id), code)
        except Exception:  # the database itself may be what failed; the log still has it
            logger.exception("Could not record the failure of poster task %s", task_id)


@shared_task(
    name="campaigns.tasks.render_poster",
    base=PosterTask,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=max(1, settings.SNAPSHOT_TIME_LIMIT - 10),
    time_limit=settings.SNAPSHOT_TIME_LIMIT,
    **RETRYING,
)
def render_poster(campaign_id: int) -> str:
    """Draw and store the campaign's end poster (the world named, the final board, the
    winners); nothing to do before the world is named or when it is stored already."""
    return draw_poster(campaign_id)
