"""The chronicle PDF job's work: write the HTML game by game, render it, store the file, and say
how far it is on the job's row; and serving the file once it is made.
"""

from __future__ import annotations

import logging

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.http import FileResponse
from django.utils.module_loading import import_string

from campaigns.chronicle.pdf import PdfError, html_to_pdf
from campaigns.jobs.work import claim, fail, finish
from campaigns.models import IN_THE_MAKING, Campaign, ChronicleExport, JobFailure, JobStatus

logger = logging.getLogger(__name__)

# Where a job stands, in percent: the games are written up to WRITTEN, then the PDF is rendered.
WRITTEN, RENDERED, DONE = 60, 90, 100


def _update(job_id: int, **fields) -> None:
    ChronicleExport.objects.filter(pk=job_id).update(**fields)


def file_name(job: ChronicleExport) -> str:
    return f"chronicles/campaign-{job.campaign_id}-{job.pk}-{job.language}.pdf"


def run_pdf(job_id: int) -> str:
    """Make the PDF of job ``job_id``; how it ended is written on the job, never raised.

    A job already done or failed is left as it is (a message delivered twice); a job found
    ``running`` is taken again: its worker died before it stored anything."""
    job = ChronicleExport.objects.filter(pk=job_id).first()
    attempt = claim(job, since=IN_THE_MAKING) if job is not None else None
    if attempt is None:
        return "skipped"
    assert job is not None  # claimed just above
    _update(job_id, progress=0)

    def on_game(done: int, total: int) -> None:
        _update(job_id, progress=WRITTEN * done // max(total, 1))

    try:
        write_html = import_string(settings.CHRONICLE_HTML)
        html = write_html(job.campaign_id, job.language, on_game)
        _update(job_id, progress=WRITTEN)
        pdf = html_to_pdf(html)
        _update(job_id, progress=RENDERED)
        name = default_storage.save(file_name(job), ContentFile(pdf))
    except PdfError as error:
        logger.warning("Chronicle PDF %s could not be rendered: %s", job_id, error)
        return fail_job(job_id, JobFailure.NOT_RENDERED)
    except Exception as error:  # a bug, a lost database or storage: recorded, and logged
        logger.exception("Chronicle PDF %s failed", job_id)
        timed_out = isinstance(error, SoftTimeLimitExceeded)
        return fail_job(job_id, JobFailure.TOO_LONG if timed_out else JobFailure.STOPPED)
    if not finish(ChronicleExport, job_id, attempt, progress=DONE, file=name):
        return "overtaken"
    sweep_superseded(job)
    return "done"


def sweep_superseded(job: ChronicleExport) -> int:
    """Delete the campaign's PDFs that ``job``, now made, supersedes: every finished job asked
    for before it (made or failed, in any language), rows and stored files. A job still in the
    making is left to finish. Returns how many rows went."""
    older = ChronicleExport.objects.filter(
        campaign_id=job.campaign_id,
        pk__lt=job.pk,
        status__in=(JobStatus.DONE, JobStatus.FAILED),
    )
    names = [name for name in older.values_list("file", flat=True) if name]
    deleted, _by_model = older.delete()
    for name in names:
        try:
            default_storage.delete(name)
        except (OSError, NotImplementedError):  # the row is gone: a file left is only space
            logger.warning("Could not delete the superseded chronicle %s", name, exc_info=True)
    return deleted


def fail_job(job_id: int, code: str) -> str:
    fail(ChronicleExport, code, pk=job_id)
    return "failed"


def latest_job(campaign: Campaign) -> ChronicleExport | None:
    """The job a reader of the campaign is shown now: the newest in the campaign's language."""
    return (
        ChronicleExport.objects.filter(campaign=campaign, language=campaign.language)
        .order_by("-created_at", "-id")
        .first()
    )


def pdf_response(job: ChronicleExport | None, download_name: str):
    """The stored PDF of a finished job, as an attachment; None when it is not made or its file
    is gone. Served by Django behind the campaign's access rules, never from a public folder."""
    name = job.file.name if job is not None else None
    if job is None or job.status != JobStatus.DONE or not name:
        return None
    try:
        file = default_storage.open(name, "rb")
    except OSError:
        logger.warning("Stored chronicle %s is missing", job.file.name)
        return None
    response = FileResponse(
        file, content_type="application/pdf", as_attachment=True, filename=download_name
    )
    response["Cache-Control"] = "private, no-cache"
    return response
