"""The Celery task that decodes an uploaded photo, stores its pixels encoded again as the
original, and makes its web copy and thumbnail, away from the request that uploaded it (which
only read its header: ``campaigns.photos.checks``). Its name is fixed
(``campaigns.tasks.prepare_photo``) so that a message queued before an upgrade still finds it.
It takes the photo's id and is safe to run twice: a photo already done is left alone, and the
files' names follow from the upload's.

A photo is a background job (``campaigns.jobs``): its task base retries a transient error
(storage, database) and ends the photo ``failed`` with the reason on its row otherwise. A file
that cannot be decoded whole ends it failed (``JobFailure.REFUSED``, the refusal on its row); one
that takes longer than the kind's soft time limit (``EARTHBOOK_JOB_TIME_LIMITS["photo"]``) ends
it failed as too long, and the worker goes on.
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
from campaigns.jobs.work import claim, fail, finish
from campaigns.models import GamePhoto, JobFailure, JobStatus
from campaigns.photos.checks import CleanPhoto, PhotoRefused, clean_photo
from campaigns.photos.storage import copy_name, delete_files, is_upload

logger = logging.getLogger(__name__)

WEBP_QUALITY = 82


def _cleaned(name: str) -> CleanPhoto:
    with default_storage.open(name, "rb") as handle:
        return clean_photo(handle.read())


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
    sent = photo.original.name or ""  # (a photo's row always names its upload)
    try:
        clean = _cleaned(sent)
    except PhotoRefused as refusal:
        fail(GamePhoto, JobFailure.REFUSED, f"{refusal.rule}: {refusal}", pk=photo_id)
        return JobStatus.FAILED
    stem = sent.rpartition(".")[0]
    original = _store(f"{stem}.{clean.extension}", clean.content)
    with Image.open(io.BytesIO(clean.content)) as image:
        image.load()
        web_copy = _copy(image, settings.PHOTO_WEB_SIZE)
        thumbnail_copy = _copy(image, settings.PHOTO_THUMBNAIL_SIZE)
    web = _store(copy_name(original, "web"), web_copy)
    thumbnail = _store(copy_name(original, "thumb"), thumbnail_copy)
    if not finish(
        GamePhoto,
        photo_id,
        attempt,
        original=original,
        width=clean.width,
        height=clean.height,
        web=web,
        thumbnail=thumbnail,
        stored_bytes=len(clean.content) + len(web_copy) + len(thumbnail_copy),
        error="",
    ):
        if not GamePhoto.objects.filter(pk=photo_id).exists():  # deleted: its files go too
            delete_files([sent, original, web, thumbnail])
            return "gone"
        return "overtaken"
    if is_upload(sent) and sent != original:
        delete_files([sent])  # the upload as it was sent, metadata and all
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
