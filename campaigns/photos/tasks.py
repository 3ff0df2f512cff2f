"""The Celery task that makes a photo's web copy and thumbnail, away from the request that
uploaded it. Its name is fixed (``campaigns.tasks.prepare_photo``) so that a message queued
before an upgrade still finds it. It takes the photo's id and is safe to run twice: a photo
already done is left alone, and the copies' names follow from the original's.

A transient error (storage, database) is retried; anything else ends the photo ``failed`` with
the reason on its row.
"""

from __future__ import annotations

import io
import logging

from celery import Task, shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import InterfaceError, OperationalError
from django.utils import timezone
from PIL import Image

from campaigns.models import GamePhoto, PhotoStatus
from campaigns.photos.storage import copy_name

logger = logging.getLogger(__name__)

TRANSIENT_ERRORS = (OSError, OperationalError, InterfaceError)

WEBP_QUALITY = 82

ERROR_MAX = 2000


def describe(exc: BaseException) -> str:
    return (f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)[:ERROR_MAX]


class PhotoTask(Task):
    """Writes on the photo's row that preparing it failed, when the task does not succeed."""

    abstract = True

    def apply(self, *args, **kwargs):
        """In-process (eager) a failure ends as under a worker: recorded on the row, not raised
        into the request that uploaded the photo."""
        kwargs.setdefault("throw", False)
        return super().apply(*args, **kwargs)

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        photo_id = (list(args) + [kwargs.get("photo_id")])[0]
        try:
            GamePhoto.objects.filter(pk=photo_id).exclude(status=PhotoStatus.DONE).update(
                status=PhotoStatus.FAILED, error=describe(exc), updated_at=timezone.now()
            )
        except Exception:
            logger.exception("Could not record the failure of photo task %s", task_id)


def _copy(image: Image.Image, longest: int) -> bytes:
    copy = image.copy()
    copy.thumbnail((longest, longest), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    copy.save(out, format="WEBP", quality=WEBP_QUALITY)
    return out.getvalue()


def _store(name: str, content: bytes) -> str:
    if default_storage.exists(name):
        default_storage.delete(name)
    return default_storage.save(name, ContentFile(content))


def make_copies(photo_id: int) -> str:
    """Make and store the web copy and the thumbnail of a photo; its status after."""
    photo = GamePhoto.objects.filter(pk=photo_id).first()
    if photo is None:
        return "gone"  # deleted before its copies were made
    if photo.status == PhotoStatus.DONE:
        return photo.status
    GamePhoto.objects.filter(pk=photo_id).update(
        status=PhotoStatus.PROCESSING, updated_at=timezone.now()
    )
    with default_storage.open(photo.original.name, "rb") as handle, Image.open(handle) as image:
        image.load()
        web = _store(copy_name(photo.original.name, "web"), _copy(image, settings.PHOTO_WEB_SIZE))
        thumbnail = _store(
            copy_name(photo.original.name, "thumb"), _copy(image, settings.PHOTO_THUMBNAIL_SIZE)
        )
    moved = GamePhoto.objects.filter(pk=photo_id).update(
        status=PhotoStatus.DONE,
        web=web,
        thumbnail=thumbnail,
        error="",
        auto_retries=0,
        updated_at=timezone.now(),
    )
    if not moved:  # deleted meanwhile: its copies go too
        for name in (web, thumbnail):
            default_storage.delete(name)
        return "gone"
    return PhotoStatus.DONE


@shared_task(
    name="campaigns.tasks.prepare_photo",
    base=PhotoTask,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=max(1, settings.PHOTO_TIME_LIMIT - 10),
    time_limit=settings.PHOTO_TIME_LIMIT,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=3,
)
def prepare_photo(photo_id: int) -> str:
    """Make the web copy and the thumbnail of a photo of the board."""
    return str(make_copies(photo_id))
