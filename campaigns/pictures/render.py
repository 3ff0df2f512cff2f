"""Drawing and storing a board picture: the worker's side, run by the tasks in
``campaigns.pictures.tasks``.

``render_game`` draws the world as it is now in the database (``campaigns.pictures.state``),
hashes it, and stores the PNG under ``snapshots/<hash>.png`` with Django's storage API. A file
already stored under that name is used as it is, so an identical state is rendered once and two
snapshots of it share a file. The row ends ``done`` (with the file's name and the hash) or
``failed`` with the reason.

The row is claimed, kept alive and ended as every background job's is (``campaigns.jobs.work``):
a render that was overtaken (its worker presumed dead and the task delivered again, or the game
amended meanwhile) cannot overwrite a newer one. That is what makes the task safe to run twice,
which ``acks_late`` asks of it.
"""

from __future__ import annotations

import io
import logging

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image

from campaigns.jobs.work import claim, finish
from campaigns.models import JobStatus, Snapshot
from campaigns.pictures.state import finished_games, picture_for, state_hash
from campaigns.pictures.storage import image_name
from legacy.drawing import STORED_COMPRESS_LEVEL, render_image, render_png
from legacy.errors import RuleViolation
from legacy.refusals import ServiceRule

logger = logging.getLogger(__name__)


PNG_COMPRESS_LEVEL = STORED_COMPRESS_LEVEL


TIMELINE_FRAME_MS = 1200


TIMELINE_LAST_FRAME_MS = 3000


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


def _render(row: Snapshot | None, key: str, name: str, render) -> str:
    if row is None:
        return "gone"  # the campaign was deleted, or nobody asked
    if row.status == JobStatus.FAILED:
        return row.status  # a stale delivery: a failure ends only with a new request
    if row.status == JobStatus.DONE and row.state_hash == key and _stored_intact(name):
        return row.status  # already drawn: running twice changes nothing
    attempt = claim(row)
    if attempt is None:
        return "overtaken"
    _store(name, render)
    done = finish(Snapshot, row.pk, attempt, state_hash=key, image=name, error="")
    return JobStatus.DONE if done else "overtaken"


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
        raise RuleViolation(ServiceRule.TIMELINE_NEEDS_A_GAME)
    width = settings.SNAPSHOT_TIMELINE_WIDTH
    pictures = [picture_for(campaign_id, n) for n in numbers]
    key = state_hash(pictures, format="webp", width=width, frame_ms=TIMELINE_FRAME_MS)
    return _render(
        row,
        key,
        image_name(key, "webp", prefix="timeline-"),
        lambda: timeline_bytes(pictures, width),
    )
