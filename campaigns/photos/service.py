"""Adding and deleting photos of the real board, with their audit entries.

``add_photo`` checks the upload cheaply (``campaigns.photos.checks.check_upload``: its size,
its header, a JPEG's scans; no pixel decoded) before anything is written; a refusal stores
nothing, no row and no file. The upload is kept under a name that is never served
(``photos/<key>.upload``), the row made and the audit written in one transaction under the
campaign's lock; once it has committed, the task that decodes it, stores its pixels encoded
again as the original and makes the web copy and the thumbnail is sent. ``delete_photo``
removes the row and, once that has committed, its files.
"""

from __future__ import annotations

import logging
from functools import partial

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction

from campaigns.jobs.queue import enqueue_on_commit
from campaigns.jobs.quotas import check_photo
from campaigns.models import Game, GamePhoto, JobStatus
from campaigns.photos.checks import PhotoRefused, check_upload
from campaigns.photos.storage import delete_files, new_key, upload_name
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.refusals import ServiceRule

logger = logging.getLogger(__name__)

CAPTION_MAX = 200


def clean_caption(caption) -> str:
    text = " ".join(str(caption or "").split())
    if len(text) > CAPTION_MAX:
        raise PhotoRefused(ServiceRule.PHOTO_CAPTION, field="caption", limit=CAPTION_MAX)
    return text


def may_delete(photo: GamePhoto, user, *, is_owner: bool, can_write: bool) -> bool:
    """The campaign's owner deletes any photo; a member who may write deletes their own."""
    if is_owner:
        return True
    return can_write and photo.uploaded_by_id is not None and photo.uploaded_by_id == user.pk


def add_photo(*, game: Game, upload, caption: str = "", by) -> GamePhoto:
    """Attach a photo of the board to ``game``; refused (nothing stored) when the file is not a
    whole photo of an allowed kind within the limits, the caption is too long, or one more photo
    would pass a quota of the uploader or of the campaign (``QuotaReached``)."""
    text = clean_caption(caption)
    checked = check_upload(upload)
    name = None
    try:
        with transaction.atomic():
            campaign = lock_campaign(game.campaign_id, marks=False)
            check_photo(campaign_id=game.campaign_id, account=by, size=len(checked.content))
            name = default_storage.save(upload_name(new_key()), ContentFile(checked.content))
            photo = GamePhoto.objects.create(
                game=game,
                uploaded_by=by if getattr(by, "is_authenticated", False) else None,
                caption=text,
                status=JobStatus.QUEUED,
                original=name,
                width=checked.width,
                height=checked.height,
                stored_bytes=len(checked.content),
            )
            audit(campaign, by, AuditAction.PHOTO_ADDED, game=game.number, photo=photo.pk)
            enqueue_on_commit(photo)
    except BaseException:
        if name:
            delete_files([name])
        raise
    return photo


def delete_photo(*, photo: GamePhoto, by) -> bool:
    """Delete a photo and, once that has committed, its stored files; False (nothing done, no
    audit) when it was deleted meanwhile, by a request at the same moment."""
    with transaction.atomic():
        campaign = lock_campaign(photo.game.campaign_id, marks=False)
        # The row as it is now, under the campaign's lock: its copies may have been made since
        # it was read, or another request may have deleted it.
        rows = GamePhoto.objects.select_for_update().select_related("game").filter(pk=photo.pk)
        current = rows.first()
        if current is None:
            return False
        names = [current.original.name, current.web.name, current.thumbnail.name]
        number = current.game.number
        GamePhoto.objects.filter(pk=current.pk).delete()
        audit(campaign, by, AuditAction.PHOTO_DELETED, game=number, photo=current.pk)
        transaction.on_commit(partial(delete_files, names), robust=True)
    return True
