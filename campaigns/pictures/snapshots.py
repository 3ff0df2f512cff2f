"""Asking for board pictures: one ``Snapshot`` row per campaign and game (game 0 is the timeline).

``request_snapshot`` (after a game is finished or amended, or on demand) puts the row in the
queue and, once the transaction has committed, sends the render task
(``campaigns.pictures.tasks``) the ids (``campaigns.jobs.queue``). Never earlier: a worker could
otherwise look for a row, or a game's marks, that are not there yet. A row is read through
``settle``, which shows a render killed at its hard time limit as failed.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from campaigns.jobs.queue import enqueue_on_commit
from campaigns.jobs.quotas import check_picture
from campaigns.jobs.recovery import stale
from campaigns.models import (
    Game,
    GameStatus,
    JobFailure,
    JobStatus,
    Snapshot,
    job_statuses_before,
)
from campaigns.pictures.state import finished_games
from legacy.errors import RuleViolation
from legacy.refusals import ServiceRule

logger = logging.getLogger(__name__)


def _waiting(row: Snapshot) -> bool:
    """Whether a render of ``row`` waits in the queue, within its patience
    (``campaigns.jobs.recovery.stale``: past it, its message may be lost, so it is sent again)."""
    return (
        row.status == JobStatus.QUEUED
        and not Snapshot.objects.filter(stale(Snapshot), pk=row.pk).exists()
    )


def _queue_row(
    campaign_id: int, game_number: int, force: bool, asked: bool = False
) -> tuple[Snapshot, bool]:
    """The row, put in the queue; False when a render is already waiting there. ``asked``: a
    member asked for it, and a render that is not waiting already counts against the quota of
    pictures in the making (``campaigns.jobs.quotas.check_picture``), checked before anything
    is written."""
    row = Snapshot.objects.filter(campaign_id=campaign_id, game_number=game_number).first()
    if row is not None and not force and _waiting(row):
        return row, False
    if asked:
        check_picture(campaign_id=campaign_id)
    if row is None:
        try:
            with transaction.atomic():
                return Snapshot.objects.create(
                    campaign_id=campaign_id, game_number=game_number
                ), True
        except IntegrityError:  # made meanwhile by another request: queued again below
            row = Snapshot.objects.get(campaign_id=campaign_id, game_number=game_number)
    Snapshot.objects.filter(pk=row.pk, status__in=job_statuses_before(JobStatus.QUEUED)).update(
        status=JobStatus.QUEUED, failure="", updated_at=timezone.now()
    )
    row.refresh_from_db()
    return row, True


# A correction's pictures are drawn this many seconds after it, not at once: the corrections of
# a burst (eight in a row) find them still queued and add nothing, so each picture is drawn
# once for the burst, not once for each correction while a fast worker keeps up.
REDRAW_AFTER_SECONDS = 5


def request_snapshot(
    campaign_id: int,
    game_number: int,
    force: bool = False,
    countdown: float | None = None,
    *,
    asked: bool = False,
) -> Snapshot:
    """Ask for the picture of the world at the end of game ``game_number``.

    Called after a game is finished or amended (the picture is then drawn again: its state, and
    so its hash, changed) and on demand for any finished game. Asking while a render is already
    queued adds nothing (it reads the world when it starts; a member asking again and again
    queues one render), unless ``force``: a caller inside the transaction of a change asks so,
    since the render waiting might start before that change is committed. A campaign that has
    asked for its timeline gets it refreshed too.
    """
    if (
        game_number < 1
        or not Game.objects.filter(
            campaign_id=campaign_id, number=game_number, status=GameStatus.FINISHED
        ).exists()
    ):
        raise RuleViolation(ServiceRule.SNAPSHOT_OF_A_FINISHED_GAME, game=game_number)
    with transaction.atomic():
        row, send = _queue_row(campaign_id, game_number, force, asked)
        if send:
            enqueue_on_commit(row, countdown=countdown)
        if Snapshot.objects.filter(campaign_id=campaign_id, game_number=Snapshot.TIMELINE).exists():
            request_timeline(campaign_id, countdown=countdown)
    return row


def refresh(campaign_id: int, from_game: int = 1) -> None:
    """Draw again every picture already asked for that shows game ``from_game`` or a later one
    (and the timeline): the world as of those games changed (a correction, a packet opened, the
    world named). A picture whose state did not change after all is not drawn twice: its file
    is found by hash."""
    numbers = list(
        Snapshot.objects.filter(
            campaign_id=campaign_id, game_number__gte=max(from_game, 1)
        ).values_list("game_number", flat=True)
    )
    later = REDRAW_AFTER_SECONDS
    for number in numbers:
        # also refreshes the timeline, if asked for
        request_snapshot(campaign_id, number, countdown=later)
    if (
        not numbers
        and Snapshot.objects.filter(campaign_id=campaign_id, game_number=Snapshot.TIMELINE).exists()
    ):
        request_timeline(campaign_id, countdown=later)


def refresh_on_commit(campaign_id: int, from_game: int = 1) -> None:
    transaction.on_commit(partial(refresh, campaign_id, from_game), robust=True)


def correction_affects_from(before: dict, after: dict) -> int:
    """The first game whose world a correction changed: the earliest game its mark was placed
    or removed in, before or after the change (1 when the mark does not say)."""
    games = [
        value
        for side in (before or {}, after or {})
        for key in ("placed_in_game", "removed_in_game")
        if isinstance(value := side.get(key), int) and not isinstance(value, bool)
    ]
    return max(min(games), 1) if games else 1


def request_timeline(
    campaign_id: int, force: bool = False, countdown: float | None = None, *, asked: bool = False
) -> Snapshot:
    """Ask for the campaign's timeline: the board after every finished game, animated
    (``asked``: by a member, as ``request_snapshot`` says)."""
    if not finished_games(campaign_id):
        raise RuleViolation(ServiceRule.TIMELINE_NEEDS_A_GAME)
    with transaction.atomic():
        row, send = _queue_row(campaign_id, Snapshot.TIMELINE, force, asked)
        if send:
            enqueue_on_commit(row, countdown=countdown)
    return row


def snapshot_for_reading(campaign_id: int, game_number: int) -> Snapshot:
    """The snapshot of a finished game, asked for now if nobody has asked yet."""
    row = Snapshot.objects.filter(campaign_id=campaign_id, game_number=game_number).first()
    if row is None:
        request_snapshot(campaign_id, game_number)
        row = Snapshot.objects.get(campaign_id=campaign_id, game_number=game_number)
    return settle(row)


def timeline_for_reading(campaign_id: int) -> Snapshot:
    row = Snapshot.objects.filter(campaign_id=campaign_id, game_number=Snapshot.TIMELINE).first()
    if row is None:
        request_timeline(campaign_id)
        row = Snapshot.objects.get(campaign_id=campaign_id, game_number=Snapshot.TIMELINE)
    return settle(row)


# A render stopped at its hard time limit is failed by its task (Celery runs ``on_failure`` for
# it); one lost with its worker is delivered again by the broker once its visibility timeout has
# passed, and claimed again. A row still "rendering" this long after both was lost for good (the
# failure could not be written, the message was lost with the broker): it is shown as failed,
# with the reason, the next time anybody reads it.
STALL_GRACE_SECONDS = 30


def settle(row: Snapshot) -> Snapshot:
    """``row``, failed if its render has been "rendering" for longer than any render may, and
    than the broker takes to give a lost worker's render to another."""
    if row.status != JobStatus.RUNNING:
        return row
    limit = row.time_limit
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    cutoff = timezone.now() - timedelta(seconds=limit + visibility + STALL_GRACE_SECONDS)
    if row.updated_at >= cutoff:
        return row
    Snapshot.objects.filter(
        pk=row.pk, status=JobStatus.RUNNING, attempts=row.attempts, updated_at__lt=cutoff
    ).update(
        **Snapshot.failed_fields(
            JobFailure.TOO_LONG,
            f"The render did not finish within its time limit of {limit} seconds: it was "
            "stopped, or its worker died and nobody took it again. Ask for the picture again.",
        )
    )
    row.refresh_from_db()
    return row
