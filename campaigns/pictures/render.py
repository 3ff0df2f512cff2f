"""Drawing and storing a board picture: the worker's side, run by the tasks in
``campaigns.pictures.tasks``.

``render_game`` draws the world as it is now in the database (``campaigns.pictures.state``),
hashes it, and stores the PNG under ``snapshots/<hash>.png`` with Django's storage API. A file
already stored under that name is used as it is, so an identical state is rendered once and two
snapshots of it share a file. The row ends ``done`` (with the file's name and the hash) or
``failed`` with the reason.

Every move is a conditional update that names the statuses it may come from
(``campaigns.models.SNAPSHOT_TRANSITIONS``) and, for the end of a render, the attempt that
started it: a render that was overtaken (its worker presumed dead and the task delivered again,
or the game amended meanwhile) cannot overwrite a newer one. That is what makes the task safe to
run twice, which ``acks_late`` asks of it.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import threading
import time

from celery import current_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection
from django.utils import timezone
from PIL import Image

from campaigns.models import (
    Snapshot,
    SnapshotStatus,
    snapshot_statuses_before,
)
from campaigns.pictures.state import finished_games, picture_for, state_hash
from campaigns.pictures.storage import image_name
from legacy.drawing import STORED_COMPRESS_LEVEL, render_image, render_png
from legacy.errors import RuleViolation

logger = logging.getLogger(__name__)


PNG_COMPRESS_LEVEL = STORED_COMPRESS_LEVEL


TIMELINE_FRAME_MS = 1200


TIMELINE_LAST_FRAME_MS = 3000


TEST_DELAY_ENV = "EARTHBOOK_SNAPSHOT_TEST_DELAY"


ERROR_MAX = 2000


def describe(exc: BaseException, prefix: str = "") -> str:
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return (f"{prefix}: {text}" if prefix else text)[:ERROR_MAX]


def _stored_intact(name: str) -> bool:
    """True when a whole, readable image is stored under ``name`` (a worker killed halfway
    through writing could leave a torn file behind)."""
    if not default_storage.exists(name):
        return False
    try:
        with default_storage.open(name, "rb") as fh, Image.open(fh) as image:
            image.verify()
    except Exception:
        logger.warning("Stored snapshot %s is unreadable; it will be rendered again", name)
        return False
    return True


def _store(name: str, render) -> None:
    """Store ``render()`` under ``name`` unless an intact file is there already."""
    if _stored_intact(name):
        return
    if default_storage.exists(name):
        default_storage.delete(name)
    saved = default_storage.save(name, ContentFile(render()))
    if saved != name:
        # Another worker stored the same picture meanwhile: one file is enough.
        default_storage.delete(saved)


def _start(row: Snapshot) -> int | None:
    """Move the row to rendering; the attempt's number, or None when it may not start."""
    moved = Snapshot.objects.filter(
        pk=row.pk,
        status__in=snapshot_statuses_before(SnapshotStatus.RENDERING),
        attempts=row.attempts,
    ).update(status=SnapshotStatus.RENDERING, attempts=row.attempts + 1, updated_at=timezone.now())
    return row.attempts + 1 if moved else None


def _finish(pk: int, attempt: int, key: str, name: str) -> bool:
    """Done, unless a newer attempt or a new request overtook this one."""
    return bool(
        Snapshot.objects.filter(pk=pk, status=SnapshotStatus.RENDERING, attempts=attempt).update(
            status=SnapshotStatus.DONE,
            state_hash=key,
            image=name,
            error="",
            auto_retries=0,
            updated_at=timezone.now(),
        )
    )


def _test_delay() -> None:
    """A pause before drawing, for the tests that kill a worker while it renders. Only honoured
    when the environment variable is set."""
    raw = os.environ.get(TEST_DELAY_ENV)
    if raw:
        time.sleep(float(raw))


def _beat(pk: int, attempt: int, stop: threading.Event, every: float) -> None:
    try:
        while not stop.wait(every):
            Snapshot.objects.filter(
                pk=pk, status=SnapshotStatus.RENDERING, attempts=attempt
            ).update(updated_at=timezone.now())
    except Exception:
        logger.warning("The heartbeat of snapshot %s stopped", pk, exc_info=True)
    finally:
        connection.close()  # this thread's own connection


@contextlib.contextmanager
def heartbeat(pk: int, attempt: int):
    """While a worker renders, its row's ``updated_at`` moves every few seconds: a row
    "rendering" and silent for long was lost with its worker (``campaigns.pictures.recovery``).
    Not in-process (eager): the request that renders is there to see it end."""
    every = settings.SNAPSHOT_HEARTBEAT_SECONDS
    task = current_task
    if every <= 0 or task is None or task.request.is_eager or task.request.id is None:
        yield
        return
    stop = threading.Event()
    thread = threading.Thread(
        target=_beat, args=(pk, attempt, stop, every), name=f"snapshot-{pk}-heartbeat", daemon=True
    )
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=every + 5)


def _render(row: Snapshot | None, key: str, name: str, render) -> str:
    if row is None:
        return "gone"  # the campaign was deleted, or nobody asked
    if row.status == SnapshotStatus.FAILED:
        return row.status  # a stale delivery: a failure ends only with a new request
    if row.status == SnapshotStatus.DONE and row.state_hash == key and _stored_intact(name):
        return row.status  # already drawn: running twice changes nothing
    attempt = _start(row)
    if attempt is None:
        return "overtaken"
    with heartbeat(row.pk, attempt):
        _test_delay()
        _store(name, render)
    return SnapshotStatus.DONE if _finish(row.pk, attempt, key, name) else "overtaken"


def render_game(campaign_id: int, game_number: int) -> str:
    """Render and store the picture of game ``game_number``; returns how it ended."""
    row = Snapshot.objects.filter(campaign_id=campaign_id, game_number=game_number).first()
    if row is None:
        return "gone"
    width = settings.SNAPSHOT_WIDTH
    picture = picture_for(campaign_id, game_number)
    key = state_hash(picture, format="png", width=width)
    return _render(
        row,
        key,
        image_name(key, "png"),
        lambda: render_png(picture, width=width, compress_level=PNG_COMPRESS_LEVEL),
    )


def timeline_bytes(pictures: list, width: int) -> bytes:
    """An animated WebP: one frame per picture, the last one held longer."""
    frames = [render_image(p, width=width) for p in pictures]
    durations = [TIMELINE_FRAME_MS] * (len(frames) - 1) + [TIMELINE_LAST_FRAME_MS]
    buf = io.BytesIO()
    frames[0].save(
        buf,
        "WEBP",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        quality=85,
        method=4,
    )
    return buf.getvalue()


def render_timeline_now(campaign_id: int) -> str:
    """Render and store the timeline of every finished game; returns how it ended."""
    row = Snapshot.objects.filter(campaign_id=campaign_id, game_number=Snapshot.TIMELINE).first()
    if row is None:
        return "gone"
    numbers = finished_games(campaign_id)
    if not numbers:
        raise RuleViolation("No game is finished yet: the timeline has nothing to show.")
    width = settings.SNAPSHOT_TIMELINE_WIDTH
    pictures = [picture_for(campaign_id, n) for n in numbers]
    key = state_hash(pictures, format="webp", width=width, frame_ms=TIMELINE_FRAME_MS)
    return _render(
        row,
        key,
        image_name(key, "webp", prefix="timeline-"),
        lambda: timeline_bytes(pictures, width),
    )


def record_failure(campaign_id: int, game_number: int, reason: str) -> None:
    Snapshot.objects.filter(
        campaign_id=campaign_id,
        game_number=game_number,
        status__in=snapshot_statuses_before(SnapshotStatus.FAILED),
    ).update(status=SnapshotStatus.FAILED, error=reason[:ERROR_MAX], updated_at=timezone.now())


def record_retry(campaign_id: int, game_number: int, reason: str) -> None:
    """Back in the queue, saying what went wrong, until the retry runs."""
    Snapshot.objects.filter(
        campaign_id=campaign_id, game_number=game_number, status=SnapshotStatus.RENDERING
    ).update(
        status=SnapshotStatus.QUEUED,
        error=f"Will retry after: {reason}"[:ERROR_MAX],
        updated_at=timezone.now(),
    )
