"""Asking for the chronicle's PDF: a job row, and its task queued once the row is committed (or
run at once, when Celery runs in-process), as every background job's (``campaigns.jobs``).

One PDF is in the making per campaign and language: asking again while it is being made, or
once it is made of the world as it still is, is given that job instead of a new one. A job in
the making that nobody makes any more (running past its time limit and the broker's visibility
timeout, or waiting in the queue past its patience: ``campaigns.jobs.recovery.stale``) is ended
failed (``JobFailure.LOST``) and a new one is made, so that no request is given a dead job.
"""

from __future__ import annotations

import logging

from django.db import IntegrityError, transaction
from django.db.models import Q

from campaigns.jobs.queue import enqueue_on_commit
from campaigns.jobs.quotas import check_pdf
from campaigns.jobs.recovery import stale
from campaigns.jobs.work import fail
from campaigns.models import IN_THE_MAKING, Campaign, ChronicleExport, JobFailure, JobStatus

logger = logging.getLogger(__name__)


def current_for(campaign: Campaign) -> Q:
    """The jobs that answer a request now: in the making, or made of the world as it is."""
    return Q(status__in=IN_THE_MAKING) | Q(
        status=JobStatus.DONE, world_version=campaign.world_version
    )


def request_pdf(*, campaign: Campaign, by) -> tuple[ChronicleExport | None, bool]:
    """The PDF of the chronicle in the campaign's language: the job that is making it or made
    it of the world as it is now, or a new job (``True``), queued once it is committed, or made
    at once when Celery runs in-process. A new job is refused (``QuotaReached``, nothing
    written) when the asker or the campaign has as many PDFs in the making as it may."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        found = (
            ChronicleExport.objects.filter(campaign=campaign, language=campaign.language)
            .filter(current_for(campaign))
            .first()
        )
        if found is not None and found.status in IN_THE_MAKING:
            dead = ChronicleExport.objects.filter(stale(ChronicleExport), pk=found.pk)
            if dead.exists():
                logger.warning(
                    "Chronicle PDF %s was left %s; asking for a new one", found.pk, found.status
                )
                fail(ChronicleExport, JobFailure.LOST, "Nobody made it any more.", pk=found.pk)
                found = None
        if found is not None:
            return found, False
        check_pdf(campaign=campaign, account=by)
        try:
            with transaction.atomic():
                job = ChronicleExport.objects.create(
                    campaign=campaign,
                    language=campaign.language,
                    world_version=campaign.world_version,
                    requested_by=by if getattr(by, "is_authenticated", False) else None,
                )
        except IntegrityError:  # another request made it a moment ago
            found = ChronicleExport.objects.filter(
                campaign=campaign, language=campaign.language, status__in=IN_THE_MAKING
            ).first()
            return found, False
        # In-process, made at once: the request is given the job as it ended.
        enqueue_on_commit(job, at_once_in_process=True)
    job.refresh_from_db()
    return job, True
