"""Starting an import job: the upload stored, the task queued (or run, in-process)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from campaigns import backup
from campaigns.jobs.queue import enqueue_on_commit
from campaigns.jobs.quotas import check_import
from campaigns.models import ImportJob


def start_import(*, owner, payload: bytes) -> ImportJob:
    """Store an uploaded backup and queue its import; returns the job (refreshed, so an
    in-process import shows how it ended). Refused, nothing stored, when the account has as many
    imports waiting or running as it may (``QuotaReached``)."""
    limit = settings.BACKUP_UPLOAD_MAX_BYTES
    if len(payload) > limit:
        raise backup.BackupError(f"The backup is larger than {limit} bytes.")
    with transaction.atomic():
        check_import(account=owner)
        job = ImportJob.objects.create(owner=owner, payload=payload)
    # A worker must find the job: sent once it is committed; in-process, run at once, so that
    # the caller gets its end.
    enqueue_on_commit(job, at_once_in_process=True)
    job.refresh_from_db()
    return job
