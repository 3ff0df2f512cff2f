"""Restoring a backup as a job: the upload is stored, a task imports it, the client polls.

A backup of a long campaign takes seconds to restore; done inside a request, it holds a web
worker that long. ``start_import`` stores the upload (``ImportJob.payload``) and queues
``campaigns.tasks.import_backup`` once the job is committed; ``run_import`` (the task) reads,
checks and restores it, moving the job through queued -> running -> done | failed with its
progress. Without a broker the task runs in-process, so the job is over when
``start_import`` returns.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from campaigns import backup
from campaigns.models import ImportJob, ImportStatus
from legacy.errors import RuleViolation

logger = logging.getLogger(__name__)

# Where a job stands once each step is done, in percent.
READ, CHECKED, DONE = 20, 40, 100


def start_import(*, owner, payload: bytes) -> ImportJob:
    """Store an uploaded backup and queue its import; returns the job (refreshed, so an
    in-process import shows how it ended)."""
    limit = settings.BACKUP_UPLOAD_MAX_BYTES
    if len(payload) > limit:
        raise backup.BackupError(f"The backup is larger than {limit} bytes.")
    from campaigns.imports.tasks import import_backup

    job = ImportJob.objects.create(owner=owner, payload=payload)
    if import_backup.app.conf.task_always_eager:
        # In-process: this connection sees the job already, and the caller gets its end.
        import_backup.apply((job.pk,))
    else:
        # A worker must find the job: send the message once it is committed.
        transaction.on_commit(
            lambda: import_backup.apply_async((job.pk,), queue=settings.BACKUP_IMPORT_QUEUE)
        )
    job.refresh_from_db()
    return job


def _update(job_id: int, **fields) -> None:
    ImportJob.objects.filter(pk=job_id).update(**fields)


def run_import(job_id: int) -> str:
    """Import the backup of job ``job_id``; how it ended is written on the job, never raised.

    A job already done or failed is left as it is (a message delivered twice); a job found
    ``running`` is taken again: its worker died, and its import, one transaction, left nothing.
    """
    claimed = ImportJob.objects.filter(
        pk=job_id, status__in=[ImportStatus.QUEUED, ImportStatus.RUNNING]
    ).update(status=ImportStatus.RUNNING, progress=0)
    if not claimed:
        return "skipped"
    job = ImportJob.objects.select_related("owner").get(pk=job_id)
    notes: list[str] = []
    try:
        data = backup.loads(bytes(job.payload))
        job.payload = b""  # the document is read: the bytes need not stay in memory
        _update(job_id, progress=READ)
        backup.check_document(data)
        _update(job_id, progress=CHECKED)
        campaign = backup.import_campaign(data, owner=job.owner, notes=notes)
    except backup.BackupError as error:
        return _fail(job_id, {"code": "invalid_backup", "message": error.message})
    except RuleViolation as error:
        return _fail(job_id, {"code": "rule", "message": error.message, "rule": error.rule})
    except Exception as error:  # a bug or a lost database: recorded on the job, and logged
        logger.exception("Import job %s failed", job_id)
        message = "The import stopped unexpectedly; nothing was imported."
        if type(error).__name__ == "SoftTimeLimitExceeded":
            message = "The import took too long; nothing was imported."
        return _fail(job_id, {"code": "import_failed", "message": message})
    _update(
        job_id,
        status=ImportStatus.DONE,
        progress=DONE,
        campaign=campaign,
        notes=notes,
        payload=b"",
        finished_at=timezone.now(),
    )
    return "done"


def _fail(job_id: int, error: dict) -> str:
    _update(
        job_id,
        status=ImportStatus.FAILED,
        error=error,
        payload=b"",
        finished_at=timezone.now(),
    )
    return "failed"
