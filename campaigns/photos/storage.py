"""Stored photos: their files' names, serving one behind the campaign's access rules (Django
sends it, with a private cache and an ETag; never from a public folder), and deleting them.

A photo's files are named by a random key, never by anything the uploader sent:
``photos/<key>.jpg`` (or ``.png``), ``photos/<key>-web.webp`` and ``photos/<key>-thumb.webp``.
Until its task has run, the photo's ``original`` is the upload as it was sent,
``photos/<key>.upload``: it is never served.
"""

from __future__ import annotations

import logging
import secrets

from django.core.files.storage import default_storage
from django.http import FileResponse, HttpResponseBase
from django.utils.cache import get_conditional_response

from campaigns.models import GamePhoto, JobStatus

logger = logging.getLogger(__name__)

FOLDER = "photos"

CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png", "webp": "image/webp"}

# A photo's files never change (a new photo is a new row): a client may keep them, privately.
CACHE_CONTROL = "private, max-age=86400"

# What a request may ask for: the copy on the pages, the thumbnail, the full photo.
VARIANTS = ("web", "thumbnail", "original")

UPLOAD_EXTENSION = "upload"


def new_key() -> str:
    return secrets.token_hex(16)


def original_name(key: str, extension: str) -> str:
    return f"{FOLDER}/{key}.{extension}"


def upload_name(key: str) -> str:
    """Where an upload waits for its task, as it was sent (never served)."""
    return f"{FOLDER}/{key}.{UPLOAD_EXTENSION}"


def is_upload(name: str) -> bool:
    return name.endswith(f".{UPLOAD_EXTENSION}")


def copy_name(original: str, suffix: str) -> str:
    """The name of a copy made from ``original`` (``web`` or ``thumb``)."""
    stem = original.rpartition(".")[0]
    return f"{stem}-{suffix}.webp"


def _file_of(photo: GamePhoto, variant: str):
    if photo.status != JobStatus.DONE or is_upload(photo.original.name or ""):
        return None  # the upload as sent (with its metadata) is never served
    if variant == "original":
        return photo.original
    return photo.web if variant == "web" else photo.thumbnail


def photo_response(request, photo: GamePhoto | None, variant: str):
    """One of the stored files of ``photo``, or a 304 when the client's copy is that one; None
    when there is no such file (the copies are still being made, or the file is gone)."""
    if photo is None or variant not in VARIANTS:
        return None
    field = _file_of(photo, variant)
    if not field:
        return None
    etag = f'"{photo.pk}-{variant}-{field.name.rpartition("/")[2]}"'
    current: HttpResponseBase | None = get_conditional_response(request, etag=etag)
    if current is None:
        try:
            handle = default_storage.open(field.name, "rb")
        except OSError:
            logger.warning("Stored photo %s is missing", field.name)
            return None
        extension = field.name.rpartition(".")[2]
        current = FileResponse(handle, content_type=CONTENT_TYPES.get(extension))
        current["ETag"] = etag
        current["X-Content-Type-Options"] = "nosniff"
    current["Cache-Control"] = CACHE_CONTROL
    return current


def delete_files(names) -> None:
    """Delete stored files by name; one that cannot be deleted is logged, not raised (the row
    is gone: a file left behind is only space)."""
    for name in names:
        if not name:
            continue
        try:
            default_storage.delete(name)
        except (OSError, NotImplementedError):
            logger.warning("Could not delete stored photo %s", name, exc_info=True)
