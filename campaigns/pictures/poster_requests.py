"""Asking for the end poster: queued once the transaction commits, at most once in a few
minutes for the same poster (a short-lived note in the cache), never when it is stored."""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from campaigns.pictures.poster import Poster, poster_of
from campaigns.pictures.tasks import render_poster

logger = logging.getLogger(__name__)

ASKED_SECONDS = 300


def _enqueue(campaign_id: int) -> None:
    try:
        render_poster.apply_async(args=(campaign_id,), queue=settings.SNAPSHOT_QUEUE)
    except Exception:
        logger.exception("The end poster of campaign %s could not be drawn or queued", campaign_id)


def request_poster(campaign_id: int, poster: Poster | None = None) -> None:
    """Ask for the poster to be drawn, once the transaction commits, unless it is stored or was
    asked for a moment ago."""
    poster = poster or poster_of(campaign_id)
    if poster is None or poster.stored:
        return
    if cache.add(f"poster-asked:{poster.name}", 1, ASKED_SECONDS):
        transaction.on_commit(partial(_enqueue, campaign_id), robust=True)


def request_poster_on_commit(campaign_id: int) -> None:
    """After the world is named: draw its poster once everything is committed."""
    transaction.on_commit(partial(request_poster, campaign_id), robust=True)
