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

from django.core.cache import cache
from django.db import transaction

from campaigns.jobs.queue import enqueue_on_commit
from campaigns.jobs.quotas import check_poster
from campaigns.models import EndPoster, JobStatus
from campaigns.pictures.poster import Poster, poster_of, record, status_of

logger = logging.getLogger(__name__)

ASKED_SECONDS = 300


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
        if row is None or row.status != JobStatus.DONE:
            record(campaign_id, poster.name, JobStatus.DONE)
            row = status_of(campaign_id, poster)
        return row
    if row is not None and row.status == JobStatus.FAILED and not again:
        return row
    note = f"poster-asked:{poster.name}"
    with transaction.atomic():
        if again:
            # Asked for by a person: refused while the campaign, or its owner's campaigns, have
            # as many posters being drawn as they may (``QuotaReached``).
            check_poster(campaign_id=campaign_id)
            cache.delete(note)
        if cache.add(note, 1, ASKED_SECONDS) or row is None or row.status == JobStatus.DONE:
            # Never asked, its file gone, asked again, or asked long enough ago to be lost.
            record(campaign_id, poster.name, JobStatus.QUEUED)
            row = status_of(campaign_id, poster)
            assert row is not None  # recorded just above
            enqueue_on_commit(row)
    return row


def request_poster_on_commit(campaign_id: int) -> None:
    """After the world is named: draw its poster once everything is committed."""
    transaction.on_commit(partial(request_poster, campaign_id), robust=True)
