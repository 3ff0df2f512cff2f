"""Celery tasks: the board snapshots and the end poster, drawn away from the request that asked.

The tasks take ids, never model instances, and call the drawing in ``campaigns.pictures.render``
and ``campaigns.pictures.poster``. Their names are fixed (``campaigns.tasks.*``) so that messages
queued before an upgrade still find them. They are background jobs (``campaigns.jobs``): their
base, ``JobTask``, acknowledges them late, retries a transient error, and ends the row failed
with the reason once they are not retried any more.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from campaigns.jobs.tasks import RETRYING, JobTask, time_limits
from campaigns.models import EndPoster, Snapshot
from campaigns.pictures import render
from campaigns.pictures.poster import draw_poster
from campaigns.pictures.storage import sweep_files

logger = logging.getLogger(__name__)

SNAPSHOT_ROW: dict[str, Any] = {
    "base": JobTask,
    "job_model": Snapshot,
    "job_keys": ("campaign_id", "game_number"),
    "job_defaults": {"game_number": Snapshot.TIMELINE},
}


@shared_task(
    name="campaigns.tasks.render_snapshot",
    **SNAPSHOT_ROW,
    **time_limits("snapshot"),
    **RETRYING,
)
def render_snapshot(campaign_id: int, game_number: int) -> str:
    """Render and store the board picture of a campaign at the end of one game."""
    return str(render.render_game(campaign_id, game_number))


@shared_task(
    name="campaigns.tasks.render_timeline",
    **SNAPSHOT_ROW,
    **time_limits("timeline", margin=15),
    **RETRYING,
)
def render_timeline(campaign_id: int) -> str:
    """Render and store the campaign's timeline: the board after every finished game."""
    return str(render.render_timeline_now(campaign_id))


@shared_task(
    name="campaigns.tasks.sweep_snapshot_files",
    acks_late=True,
    **time_limits("timeline", margin=15),
)
def sweep_snapshot_files() -> int:
    """Delete the stored files no row names any more: pictures, chronicle PDFs, posters, photos
    (run daily by ``celery beat``); returns how many went."""
    swept = sweep_files()
    if swept:
        logger.info("Swept %d stored files no row names", len(swept))
    return len(swept)


@shared_task(
    name="campaigns.tasks.render_poster",
    base=JobTask,
    job_model=EndPoster,
    job_keys=("campaign_id",),
    **time_limits("poster"),
    **RETRYING,
)
def render_poster(campaign_id: int) -> str:
    """Draw and store the campaign's end poster (the world named, the final board, the
    winners); nothing to do before the world is named or when it is stored already."""
    return draw_poster(campaign_id)
