"""The chronicle's PDF task (see ``campaigns.chronicle``): a job id in, the job's end written on
its row. A background job (``campaigns.jobs``): acknowledged late, so a worker lost while
rendering leaves the message to be delivered again, and the job, found running, is taken again.
"""

from __future__ import annotations

from celery import shared_task

from campaigns.jobs.tasks import JobTask, time_limits
from campaigns.models import ChronicleExport


@shared_task(
    name="campaigns.tasks.chronicle_pdf",
    base=JobTask,
    job_model=ChronicleExport,
    **time_limits("chronicle"),
)
def make_chronicle_pdf(job_id: int) -> str:
    """Make the PDF of chronicle job ``job_id``."""
    from campaigns.chronicle.jobs import run_pdf

    return run_pdf(job_id)
