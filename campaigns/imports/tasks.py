"""The import task (see ``campaigns.imports``): a job id in, the job's end written on its row.

Its name is fixed (``campaigns.tasks.import_backup``) so that a message queued before an
upgrade still finds it. It is acknowledged late: a worker lost mid-import leaves the message
to be delivered again, and the import, one transaction, left nothing behind.
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from campaigns.imports.jobs import run_import


@shared_task(
    name="campaigns.tasks.import_backup",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=max(1, settings.BACKUP_IMPORT_TIME_LIMIT - 10),
    time_limit=settings.BACKUP_IMPORT_TIME_LIMIT,
)
def import_backup(job_id: int) -> str:
    """Restore the backup stored on import job ``job_id`` into a new campaign."""
    return run_import(job_id)
