"""The chronicle's PDF task (see ``campaigns.chronicle``): a job id in, the job's end written on
its row. Acknowledged late: a worker lost while rendering leaves the message to be delivered
again, and the job, found running, is taken again."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings


@shared_task(
    name="campaigns.tasks.chronicle_pdf",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=max(1, settings.CHRONICLE_TIME_LIMIT - 10),
    time_limit=settings.CHRONICLE_TIME_LIMIT,
)
def make_chronicle_pdf(job_id: int) -> str:
    """Make the PDF of chronicle job ``job_id``."""
    from campaigns.chronicle.jobs import run_pdf

    return run_pdf(job_id)
