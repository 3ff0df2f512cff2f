"""The Celery task that makes a photo's web copy and thumbnail, away from the request that
uploaded it. Its name is fixed (``campaigns.tasks.prepare_photo``) so that a message queued
before an upgrade still finds it. It takes the photo's id and is safe to run twice: a photo
already done is left alone, and the copies' names follow from the original's.

A photo is a background job (``campaigns.jobs``): its task base retries a transient error
(storage, database) and ends the photo ``failed`` with the reason on its row otherwise.
"""

from __future__ import annotations

import io
import logging

from celery import shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image

from campaigns.jobs.tasks import TRANSIENT_ERRORS, JobTask, time_limits
from campaigns.jobs.work import claim, finish, running
from campaigns.models import GamePhoto, JobStatus
from campaigns.photos.storage import copy_name

logger = logging.getLogger(__name__)

WEBP_QUALITY = 82


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
    if photo.status == JobStatus.DONE:
        return photo.status
    attempt = claim(photo)
    if attempt is None:
        return "overtaken"
    with (
        running(photo, attempt),
        default_storage.open(photo.original.name, "rb") as handle,
        Image.open(handle) as image,
    ):
        image.load()
        web = _store(copy_name(photo.original.name, "web"), _copy(image, settings.PHOTO_WEB_SIZE))
        thumbnail = _store(
            copy_name(photo.original.name, "thumb"), _copy(image, settings.PHOTO_THUMBNAIL_SIZE)
        )
    if not finish(GamePhoto, photo_id, attempt, web=web, thumbnail=thumbnail, error=""):
        if not GamePhoto.objects.filter(pk=photo_id).exists():  # deleted: its copies go too
            for name in (web, thumbnail):
                default_storage.delete(name)
            return "gone"
        return "overtaken"
    return JobStatus.DONE


@shared_task(
    name="campaigns.tasks.prepare_photo",
    base=JobTask,
    job_model=GamePhoto,
    **time_limits("photo"),
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=3,
)
def prepare_photo(photo_id: int) -> str:
    """Make the web copy and the thumbnail of a photo of the board."""
    return str(make_copies(photo_id))
