"""How a job stands, in a reader's words, on the pages that show it.

A job waits, is made, is ready or failed whatever its kind; only while it runs does each kind
say what is being done to what it makes (a poster is being drawn, a PDF is being made). These
are the only words for it: the pages ask ``status_words`` and keep no table of their own.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from campaigns.models import BackgroundJob, ChronicleExport, EndPoster, JobStatus

WAITING = _("Waiting for its turn")
READY = _("Ready")
# While it runs, by kind: what is being done to what it makes.
BEING_MADE = {
    EndPoster: _("Being drawn"),
    ChronicleExport: _("Being made"),
}


def status_words(kind: type[BackgroundJob], status: str) -> str | Promise:
    """A job of ``kind`` at ``status``, said for a reader ("Waiting for its turn", "Ready")."""
    if status == JobStatus.QUEUED:
        return WAITING
    if status == JobStatus.RUNNING:
        return BEING_MADE.get(kind, JobStatus.RUNNING.label)
    if status == JobStatus.DONE:
        return READY
    return JobStatus(status).label
