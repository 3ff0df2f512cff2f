"""Asking for the chronicle's PDF: a job row, and its task queued once the row is committed (or
run at once, when Celery runs in-process).

One PDF is in the making per campaign and language: asking again while it is being made, or
once it is made of the world as it still is, is given that job instead of a new one.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q

from campaigns.chronicle.jobs import IN_THE_MAKING, fail
from campaigns.chronicle.tasks import make_chronicle_pdf
from campaigns.models import Campaign, ChronicleExport, ChronicleStatus

logger = logging.getLogger(__name__)


def current_for(campaign: Campaign) -> Q:
    """The jobs that answer a request now: in the making, or made of the world as it is."""
    return Q(status__in=IN_THE_MAKING) | Q(
        status=ChronicleStatus.DONE, world_version=campaign.world_version
    )


def request_pdf(*, campaign: Campaign, by) -> tuple[ChronicleExport | None, bool]:
    """The PDF of the chronicle in the campaign's language: the job that is making it or made
    it of the world as it is now, or a new job (``True``), queued once it is committed, or made
    at once when Celery runs in-process."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        found = (
            ChronicleExport.objects.filter(campaign=campaign, language=campaign.language)
            .filter(current_for(campaign))
            .first()
        )
        if found is not None:
            return found, False
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
        if not make_chronicle_pdf.app.conf.task_always_eager:
            transaction.on_commit(lambda: _enqueue(job.pk))
    if make_chronicle_pdf.app.conf.task_always_eager:
        make_chronicle_pdf.apply((job.pk,))
        job.refresh_from_db()
    return job, True


def _enqueue(job_id: int) -> None:
    """Send the task; a broker that cannot be reached leaves a failed job, not one that waits
    forever."""
    try:
        make_chronicle_pdf.apply_async((job_id,), queue=settings.CHRONICLE_QUEUE)
    except Exception:
        logger.exception("Chronicle PDF %s could not be queued", job_id)
        fail(job_id, "not-queued")
