"""Asking for the end poster: queued once the transaction commits, at most once in a few
minutes for the same poster (a short-lived note in the cache), never when it is stored; and the
campaign's ``EndPoster`` row, which says how the drawing stands.

A failed poster is left failed, with the reason, until someone asks again (``again``), as the
chronicle's PDF is. A poster waiting or being drawn is sent again when it was not asked for in a
few minutes: its task may have been lost (drawing twice is harmless).
"""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from campaigns.models import EndPoster, PosterStatus
from campaigns.pictures.poster import Poster, poster_of, record, record_failure, status_of
from campaigns.pictures.tasks import render_poster

logger = logging.getLogger(__name__)

ASKED_SECONDS = 300


def _enqueue(campaign_id: int) -> None:
    """Send the task; a broker that cannot be reached leaves a failed poster, not one that
    waits for ever."""
    try:
        render_poster.apply_async(args=(campaign_id,), queue=settings.SNAPSHOT_QUEUE)
    except Exception:
        logger.exception("The end poster of campaign %s could not be drawn or queued", campaign_id)
        record_failure(campaign_id, "not-queued")


def request_poster(
    campaign_id: int, poster: Poster | None = None, *, again: bool = False
) -> EndPoster | None:
    """Ask for the poster to be drawn, once the transaction commits, unless it is stored, was
    asked for a moment ago, or failed (then only ``again``); the row that says how it stands,
    None before the world is named."""
    poster = poster or poster_of(campaign_id)
    if poster is None:
        return None
    row = status_of(campaign_id, poster)
    if poster.stored:
        if row is None or row.status != PosterStatus.DONE:
            record(campaign_id, poster.name, PosterStatus.DONE)
            row = status_of(campaign_id, poster)
        return row
    if row is not None and row.status == PosterStatus.FAILED and not again:
        return row
    note = f"poster-asked:{poster.name}"
    if again:
        cache.delete(note)
    if cache.add(note, 1, ASKED_SECONDS) or row is None or row.status == PosterStatus.DONE:
        # Never asked, its file gone, asked again, or asked long enough ago to be lost.
        record(campaign_id, poster.name, PosterStatus.QUEUED)
        transaction.on_commit(partial(_enqueue, campaign_id), robust=True)
        row = status_of(campaign_id, poster)
    return row


def request_poster_on_commit(campaign_id: int) -> None:
    """After the world is named: draw its poster once everything is committed."""
    transaction.on_commit(partial(request_poster, campaign_id), robust=True)
