"""Starting an import job: the upload stored, the task queued (or run, in-process)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from campaigns import backup
from campaigns.imports.tasks import import_backup
from campaigns.models import ImportJob


def start_import(*, owner, payload: bytes) -> ImportJob:
    """Store an uploaded backup and queue its import; returns the job (refreshed, so an
    in-process import shows how it ended)."""
    limit = settings.BACKUP_UPLOAD_MAX_BYTES
    if len(payload) > limit:
        raise backup.BackupError(f"The backup is larger than {limit} bytes.")
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
