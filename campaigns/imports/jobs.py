"""The import job's work: read, check and restore the stored backup, writing how it ends."""

from __future__ import annotations

import logging
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded

from campaigns import backup
from campaigns.jobs.work import claim, finish
from campaigns.models import IN_THE_MAKING, ImportJob, JobFailure
from legacy.errors import RuleViolation

logger = logging.getLogger(__name__)

# Where a job stands once each step is done, in percent.
READ, CHECKED, DONE = 20, 40, 100


def _update(job_id: int, **fields) -> None:
    ImportJob.objects.filter(pk=job_id).update(**fields)


def run_import(job_id: int) -> str:
    """Import the backup of job ``job_id``; how it ended is written on the job, never raised.

    A job already done or failed is left as it is (a message delivered twice); a job found
    ``running`` is taken again: its worker died, and its import, one transaction, left nothing.
    """
    job = ImportJob.objects.select_related("owner").filter(pk=job_id).first()
    attempt = claim(job, since=IN_THE_MAKING) if job is not None else None
    if attempt is None:
        return "skipped"
    assert job is not None  # claimed just above
    _update(job_id, progress=0)
    notes: list[str] = []
    try:
        data = backup.loads(bytes(job.payload))
        job.payload = b""  # the document is read: the bytes need not stay in memory
        _update(job_id, progress=READ)
        backup.check_document(data)
        _update(job_id, progress=CHECKED)
        campaign = backup.import_campaign(data, owner=job.owner, notes=notes)
    except backup.BackupError as error:
        refusal: dict[str, Any] = {"code": "invalid_backup", "message": error.message}
        if error.where:  # the place in the document, as the API's refusals name a field
            refusal["fields"] = {error.where: [error.what]}
        if error.words:  # worded again in its reader's language (``error_in_language``)
            refusal["words"] = {**error.words, "where": error.where}
        return _fail(job_id, refusal)
    except RuleViolation as error:
        refusal = {"code": "rule", "message": error.message, "rule": error.rule}
        if error.field:
            refusal["fields"] = {error.field: [error.message]}
        return _fail(job_id, refusal)
    except Exception as error:  # a bug or a lost database: recorded on the job, and logged
        logger.exception("Import job %s failed", job_id)
        message = "The import stopped unexpectedly; nothing was imported."
        if isinstance(error, SoftTimeLimitExceeded):
            message = "The import took too long; nothing was imported."
        code = JobFailure.TOO_LONG if "took too long" in message else JobFailure.STOPPED
        return _fail(job_id, {"code": "import_failed", "message": message}, code)
    done = finish(
        ImportJob, job_id, attempt, progress=DONE, campaign=campaign, notes=notes, payload=b""
    )
    return "done" if done else "overtaken"


def _fail(job_id: int, error: dict, code: str = JobFailure.REFUSED) -> str:
    """Failed, with the refusal the API shows (``error``) and the reason's code."""
    ImportJob.objects.filter(pk=job_id).update(
        **{**ImportJob.failed_fields(code), "error": error, "payload": b""}
    )
    return "failed"


def error_in_language(error: dict | None) -> dict | None:
    """A job's stored refusal as its reader reads it: a refusal the checks worded is worded
    again in the active language (a worker words it in the installation's)."""
    if not isinstance(error, dict) or not isinstance(error.get("words"), dict):
        return error
    wording = error["words"]
    shown = {key: value for key, value in error.items() if key != "words"}
    what = backup.reword(wording)
    where = str(wording.get("where") or "")
    shown["message"] = f"{where}: {what}" if where else what
    if where:
        shown["fields"] = {where: [what]}
    return shown
