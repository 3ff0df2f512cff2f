"""The import job's work: read, check and restore the stored backup, writing how it ends."""

from __future__ import annotations

import logging
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded

from campaigns import backup
from campaigns.jobs.work import claim, finish
from campaigns.models import IN_THE_MAKING, ImportJob, JobFailure
from legacy.errors import RuleViolation
from legacy.refusals import BY_SLUG
from legacy.wording import said
from legacy.words import Words as LegacyWords

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
        return _fail(job_id, {"code": "rule", **stored_refusal(error)})
    except Exception as error:  # a bug or a lost database: recorded on the job, and logged
        logger.exception("Import job %s failed", job_id)
        too_long = isinstance(error, SoftTimeLimitExceeded)
        code = JobFailure.TOO_LONG if too_long else JobFailure.STOPPED
        return _fail(job_id, {"code": "import_failed", "failure": code}, code)
    done = finish(
        ImportJob,
        job_id,
        attempt,
        progress=DONE,
        campaign=campaign,
        notes=[stored_note(note) for note in notes],
        payload=b"",
    )
    return "done" if done else "overtaken"


def stored_note(note: str) -> str | dict:
    """A note of the import as the job keeps it: its English and its names (``{"msgid",
    "params"}``), said again when read (``notes_in_language``); a note without them as it is."""
    if isinstance(note, backup.Words) and note.msgid:
        return {"msgid": note.msgid, "params": note.params or {}}
    return str(note)


def notes_in_language(notes: object) -> list[str]:
    """A job's notes in the active language. Jobs done before the notes were kept as their
    English and names hold their English sentences: those are shown as they are."""
    if not isinstance(notes, list):
        return []
    return [backup.reword(note) if isinstance(note, dict) else str(note) for note in notes]


def _fail(job_id: int, error: dict, code: str = JobFailure.REFUSED) -> str:
    """Failed, with the refusal the API shows (``error``) and the reason's code."""
    ImportJob.objects.filter(pk=job_id).update(
        **{**ImportJob.failed_fields(code), "error": error, "payload": b""}
    )
    return "failed"


def stored_refusal(refusal: RuleViolation) -> dict:
    """A refusal as a job keeps it: its rule, its names and its input, never its sentence
    (``error_in_language`` says it to its reader). A name of the box (``Words``) and a refusal
    inside it are kept marked as such, to be said in the reader's language too."""
    stored: dict[str, Any] = {"rule": str(refusal.rule), "params": {}}
    for name, value in refusal.params.items():
        stored["params"][name] = _stored_name(value)
    if refusal.field:
        stored["field"] = refusal.field
    return stored


def _stored_name(value: object) -> object:
    if isinstance(value, RuleViolation):
        return {"refusal": stored_refusal(value)}
    if isinstance(value, LegacyWords):
        return {"words": str(value)}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _refusal_of(stored: dict) -> RuleViolation | None:
    """The refusal a job kept (``stored_refusal``), or None for a rule this version lacks."""
    rule = BY_SLUG.get(str(stored.get("rule")))
    if rule is None:
        return None
    params = stored.get("params")
    params = params if isinstance(params, dict) else {}
    names = {}
    for name, value in params.items():
        if isinstance(value, dict) and isinstance(value.get("refusal"), dict):
            value = _refusal_of(value["refusal"]) or ""
        elif isinstance(value, dict) and "words" in value:
            value = LegacyWords(str(value["words"]))
        names[name] = value
    field = stored.get("field")
    return RuleViolation(rule, field=str(field) if field else None, **names)


def _rule_in_language(error: dict) -> dict:
    """A refusal by a rule, said in the active language. One kept before the rules' names were
    kept (an English ``message``, no ``params``) is said again only when its rule names
    nothing; otherwise its English stays."""
    refusal = _refusal_of(error)
    if refusal is None or ("params" not in error and "%(" in refusal.template):
        return error
    message = said(refusal)
    shown: dict[str, Any] = {"code": "rule", "message": message, "rule": refusal.rule}
    field = error.get("field") or next(iter(error.get("fields") or {}), None)
    if field:
        shown["fields"] = {field: [message]}
    return shown


def error_in_language(error: dict | None) -> dict | None:
    """A job's stored refusal as its reader reads it, in the active language: a refusal by a
    rule from its rule and names, a failure from its code, a refusal the checks worded from
    its words (a worker words those in the installation's language)."""
    if not isinstance(error, dict):
        return error
    if error.get("code") == "rule" and error.get("rule"):
        return _rule_in_language(error)
    if error.get("code") == "import_failed" and error.get("failure") in JobFailure.values:
        return {"code": "import_failed", "message": ImportJob.failure_sentence(error["failure"])}
    if not isinstance(error.get("words"), dict):
        return error
    wording = error["words"]
    shown = {key: value for key, value in error.items() if key != "words"}
    what = backup.reword(wording)
    where = str(wording.get("where") or "")
    shown["message"] = f"{where}: {what}" if where else what
    if where:
        shown["fields"] = {where: [what]}
    return shown
