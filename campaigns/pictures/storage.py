"""Stored pictures: where they are kept, serving one behind the campaign's access rules (with an
ETag, never from a public folder), and sweeping away the stored files no row names any more.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.core.files.storage import default_storage
from django.http import FileResponse, HttpResponseBase
from django.utils import timezone
from django.utils.cache import get_conditional_response

from campaigns.access import ServedPicture
from campaigns.models import (
    ChronicleExport,
    EndPoster,
    GamePhoto,
    JobStatus,
    Snapshot,
)

logger = logging.getLogger(__name__)


FOLDER = "snapshots"


CONTENT_TYPES = {"png": "image/png", "webp": "image/webp"}


# The picture of a game changes when the game is amended: a client keeps its copy but asks each
# time whether it is still current (a 304 by ETag, the state's hash, when it is).
CACHE_CONTROL = "private, no-cache"


def picture_response(request, row: Snapshot | ServedPicture | None):
    """The stored picture of ``row``: its file (the ETag is the hash of what it shows), or a 304
    when the client's copy is that one. None when it is not drawn, or its file is gone.

    Pictures are served by Django, behind the campaign's access rules, from whatever storage
    holds them, never from a public folder: a private campaign's board stays private."""
    if row is None or row.status != JobStatus.DONE or not row.image or not row.state_hash:
        return None
    etag = f'"{row.state_hash}"'
    current: HttpResponseBase | None = get_conditional_response(request, etag=etag)
    if current is None:
        try:
            file = default_storage.open(str(row.image), "rb")  # its name, from either kind
        except OSError:
            logger.warning("Stored snapshot %s is missing", row.image)
            return None
        extension = str(row.image).rpartition(".")[2]
        current = FileResponse(file, content_type=CONTENT_TYPES.get(extension))
        current["ETag"] = etag
    current["Cache-Control"] = CACHE_CONTROL
    return current


def _named_files() -> dict[str, set[str]]:
    """Each folder of stored files, and the names its rows name: a file no row names is
    nobody's (a picture drawn again under a new name, a chronicle PDF or a poster left behind
    by a newer one, the files of a deleted campaign)."""
    photos: set[str] = set()
    for names in GamePhoto.objects.values_list("original", "web", "thumbnail"):
        photos.update(name for name in names if name)
    return {
        FOLDER: set(Snapshot.objects.exclude(image="").values_list("image", flat=True)),
        "chronicles": set(ChronicleExport.objects.exclude(file="").values_list("file", flat=True)),
        "posters": set(EndPoster.objects.values_list("name", flat=True)),
        "photos": photos,
    }


def sweep_files(older_than: timedelta = timedelta(hours=1), dry_run: bool = False) -> list[str]:
    """Delete the stored files that no row names (an amended game's old picture, a timeline
    before its latest game, a chronicle PDF or a poster of an older state, the pictures, photos
    and PDFs of a deleted campaign); returns their names.

    A file younger than ``older_than`` is kept: a worker stores its file a moment before it
    names it on its row, and must not lose it in between.
    """
    cutoff = timezone.now() - older_than
    swept = []
    for folder, named in _named_files().items():
        try:
            _folders, files = default_storage.listdir(folder)
        except FileNotFoundError:
            continue
        for filename in sorted(files):
            name = f"{folder}/{filename}"
            if name in named:
                continue
            try:
                if default_storage.get_modified_time(name) > cutoff:
                    continue
                if not dry_run:
                    default_storage.delete(name)
            except (OSError, NotImplementedError):
                logger.warning("Could not sweep stored file %s", name, exc_info=True)
                continue
            swept.append(name)
    return swept


def image_name(key: str, ext: str, prefix: str = "") -> str:
    return f"{FOLDER}/{prefix}{key}.{ext}"
