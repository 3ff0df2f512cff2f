"""Board snapshots: the picture of the world after a game, rendered by a Celery task and stored.

The life of a snapshot (one ``Snapshot`` row per campaign and game; game 0 is the timeline):

1. ``request_snapshot`` (after a game is finished or amended, or on demand) puts the row in the
   queue and, once the transaction has committed, sends ``campaigns.tasks.render_snapshot`` the
   ids. Never earlier: a worker could otherwise look for a row, or a game's marks, that are not
   there yet.
2. The task calls ``render_game``: it draws the picture of the world as it is now in the
   database (``campaigns.pictures``), hashes it, and stores the PNG under
   ``snapshots/<hash>.png`` with Django's storage API. A file already stored under that name is
   used as it is, so an identical state is rendered once and two snapshots of it share a file.
3. The row ends ``done`` (with the file's name and the hash) or ``failed`` with the reason.

Every move is a conditional update that names the statuses it may come from
(``campaigns.models.SNAPSHOT_TRANSITIONS``) and, for the end of a render, the attempt that
started it: a render that was overtaken (its worker presumed dead and the task delivered again,
or the game amended meanwhile) cannot overwrite a newer one. That is what makes the task safe to
run twice, which ``acks_late`` asks of it.
"""

from __future__ import annotations

import io
import logging
import os
import time
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.http import FileResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from PIL import Image

from campaigns.models import (
    Game,
    GameStatus,
    Snapshot,
    SnapshotStatus,
    snapshot_statuses_before,
)
from campaigns.pictures import picture_for, state_hash
from legacy.drawing import render_png
from legacy.errors import RuleViolation

logger = logging.getLogger(__name__)

FOLDER = "snapshots"
PNG_COMPRESS_LEVEL = 6  # rendered once, served many times: a smaller file is worth 0.1 s
TIMELINE_FRAME_MS = 1200
TIMELINE_LAST_FRAME_MS = 3000
TEST_DELAY_ENV = "EARTHBOOK_SNAPSHOT_TEST_DELAY"
ERROR_MAX = 2000


# --- Asking for a picture -------------------------------------------------------------------------


def finished_games(campaign_id: int) -> list[int]:
    return list(
        Game.objects.filter(campaign_id=campaign_id, status=GameStatus.FINISHED)
        .order_by("number")
        .values_list("number", flat=True)
    )


def _queue_row(campaign_id: int, game_number: int, force: bool) -> tuple[Snapshot, bool]:
    """The row, put in the queue; False when a render is already on its way."""
    row, created = Snapshot.objects.get_or_create(campaign_id=campaign_id, game_number=game_number)
    if created:
        return row, True
    if row.status == SnapshotStatus.QUEUED and not force:
        return row, False
    Snapshot.objects.filter(
        pk=row.pk, status__in=snapshot_statuses_before(SnapshotStatus.QUEUED)
    ).update(status=SnapshotStatus.QUEUED, updated_at=timezone.now())
    row.refresh_from_db()
    return row, True


def request_snapshot(campaign_id: int, game_number: int, force: bool = False) -> Snapshot:
    """Ask for the picture of the world at the end of game ``game_number``.

    Called after a game is finished or amended (the picture is then drawn again: its state, and
    so its hash, changed) and on demand for any finished game. Asking while a render is already
    queued adds nothing unless ``force``. A campaign that has asked for its timeline gets it
    refreshed too.
    """
    if (
        game_number < 1
        or not Game.objects.filter(
            campaign_id=campaign_id, number=game_number, status=GameStatus.FINISHED
        ).exists()
    ):
        raise RuleViolation(
            f"There is no finished game {game_number} in this campaign: a game's board picture "
            "is drawn when the game ends.",
            rule="snapshot-of-a-finished-game",
        )
    from campaigns.tasks import render_snapshot

    with transaction.atomic():
        row, send = _queue_row(campaign_id, game_number, force)
        if send:
            transaction.on_commit(
                partial(_enqueue, render_snapshot, row.pk, campaign_id, game_number), robust=True
            )
        if Snapshot.objects.filter(campaign_id=campaign_id, game_number=Snapshot.TIMELINE).exists():
            request_timeline(campaign_id)
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
    for number in numbers:
        request_snapshot(campaign_id, number)  # also refreshes the timeline, if asked for
    if (
        not numbers
        and Snapshot.objects.filter(campaign_id=campaign_id, game_number=Snapshot.TIMELINE).exists()
    ):
        request_timeline(campaign_id)


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


def request_timeline(campaign_id: int, force: bool = False) -> Snapshot:
    """Ask for the campaign's timeline: the board after every finished game, animated."""
    if not finished_games(campaign_id):
        raise RuleViolation(
            "No game of this campaign is finished yet: the timeline has nothing to show.",
            rule="timeline-needs-a-game",
        )
    from campaigns.tasks import render_timeline

    with transaction.atomic():
        row, send = _queue_row(campaign_id, Snapshot.TIMELINE, force)
        if send:
            transaction.on_commit(
                partial(_enqueue, render_timeline, row.pk, campaign_id), robust=True
            )
    return row


def _enqueue(task, pk: int, *args) -> None:
    """Send the task; a broker that cannot be reached leaves a visible failure, not a row that
    waits forever."""
    try:
        task.apply_async(args=args, queue=settings.SNAPSHOT_QUEUE)
    except Exception as exc:
        logger.exception("Board snapshot %s could not be queued", args)
        Snapshot.objects.filter(
            pk=pk, status__in=snapshot_statuses_before(SnapshotStatus.FAILED)
        ).update(
            status=SnapshotStatus.FAILED,
            error=describe(exc, "The render could not be queued"),
            updated_at=timezone.now(),
        )


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


# A render is killed without a word at its hard time limit (Celery acknowledges the message and
# runs none of the task's own code). A row still "rendering" this long after that limit was such
# a render: it is shown as failed, with the reason, the next time anybody reads it.
STALL_GRACE_SECONDS = 30


def time_limit(game_number: int) -> int:
    if game_number == Snapshot.TIMELINE:
        return settings.SNAPSHOT_TIMELINE_TIME_LIMIT
    return settings.SNAPSHOT_TIME_LIMIT


def settle(row: Snapshot) -> Snapshot:
    """``row``, failed if its render has been "rendering" for longer than any render may."""
    if row.status != SnapshotStatus.RENDERING:
        return row
    limit = time_limit(row.game_number)
    cutoff = timezone.now() - timedelta(seconds=limit + STALL_GRACE_SECONDS)
    if row.updated_at >= cutoff:
        return row
    Snapshot.objects.filter(
        pk=row.pk, status=SnapshotStatus.RENDERING, attempts=row.attempts, updated_at__lt=cutoff
    ).update(
        status=SnapshotStatus.FAILED,
        error=(
            f"The render did not finish within its time limit of {limit} seconds: it was "
            "stopped, or its worker died. Ask for the picture again."
        ),
        updated_at=timezone.now(),
    )
    row.refresh_from_db()
    return row


# --- Serving a stored picture --------------------------------------------------------------------

CONTENT_TYPES = {"png": "image/png", "webp": "image/webp"}
# The picture of a game changes when the game is amended: a client keeps its copy but asks each
# time whether it is still current (a 304 by ETag, the state's hash, when it is).
CACHE_CONTROL = "private, no-cache"


def picture_response(request, row: Snapshot | None):
    """The stored picture of ``row``: its file (the ETag is the hash of what it shows), or a 304
    when the client's copy is that one. None when it is not drawn, or its file is gone.

    Pictures are served by Django, behind the campaign's access rules, from whatever storage
    holds them, never from a public folder: a private campaign's board stays private."""
    if row is None or row.status != SnapshotStatus.DONE or not row.image or not row.state_hash:
        return None
    etag = f'"{row.state_hash}"'
    current = get_conditional_response(request, etag=etag)
    if current is None:
        try:
            file = default_storage.open(row.image.name, "rb")
        except OSError:
            logger.warning("Stored snapshot %s is missing", row.image.name)
            return None
        extension = row.image.name.rpartition(".")[2]
        current = FileResponse(file, content_type=CONTENT_TYPES.get(extension))
        current["ETag"] = etag
    current["Cache-Control"] = CACHE_CONTROL
    return current


# --- Sweeping away files no snapshot shows any more ---------------------------------------------


def sweep_files(older_than: timedelta = timedelta(hours=1), dry_run: bool = False) -> list[str]:
    """Delete the stored pictures that no snapshot row names (an amended game's old picture, a
    timeline before its latest game, the files of a deleted campaign); returns their names.

    A file younger than ``older_than`` is kept: a worker stores its file a moment before it
    names it on its row, and must not lose it in between.
    """
    try:
        _folders, files = default_storage.listdir(FOLDER)
    except FileNotFoundError:
        return []
    named = set(Snapshot.objects.exclude(image="").values_list("image", flat=True))
    cutoff = timezone.now() - older_than
    swept = []
    for filename in sorted(files):
        name = f"{FOLDER}/{filename}"
        if name in named:
            continue
        try:
            if default_storage.get_modified_time(name) > cutoff:
                continue
            if not dry_run:
                default_storage.delete(name)
        except (OSError, NotImplementedError):
            logger.warning("Could not sweep stored snapshot %s", name, exc_info=True)
            continue
        swept.append(name)
    return swept


# --- Rendering (run by the tasks in campaigns.tasks) ----------------------------------------------


def describe(exc: BaseException, prefix: str = "") -> str:
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return (f"{prefix}: {text}" if prefix else text)[:ERROR_MAX]


def image_name(key: str, ext: str, prefix: str = "") -> str:
    return f"{FOLDER}/{prefix}{key}.{ext}"


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
            updated_at=timezone.now(),
        )
    )


def _test_delay() -> None:
    """A pause before drawing, for the tests that kill a worker while it renders. Only honoured
    when the environment variable is set."""
    raw = os.environ.get(TEST_DELAY_ENV)
    if raw:
        time.sleep(float(raw))


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
    frames = [Image.open(io.BytesIO(render_png(p, width=width))).convert("RGB") for p in pictures]
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


# --- The end of a task that did not succeed -------------------------------------------------------


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
