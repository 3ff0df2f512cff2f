"""The import task (see ``campaigns.imports``): a job id in, the job's end written on its row.

Its name is fixed (``campaigns.tasks.import_backup``) so that a message queued before an
upgrade still finds it. A background job (``campaigns.jobs``): acknowledged late, so a worker
lost mid-import leaves the message to be delivered again, and the import, one transaction, left
nothing behind.
"""

from __future__ import annotations

from celery import shared_task

from campaigns.imports.jobs import run_import
from campaigns.jobs.tasks import JobTask, time_limits
from campaigns.models import ImportJob


@shared_task(
    name="campaigns.tasks.import_backup",
    base=JobTask,
    job_model=ImportJob,
    **time_limits("import"),
)
def import_backup(job_id: int) -> str:
    """Restore the backup stored on import job ``job_id`` into a new campaign."""
    return run_import(job_id)
