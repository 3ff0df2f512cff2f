"""What every template may read: the enums of the values a page shows, so that a template never
compares a status to a bare string (``{% if p.status == JobStatus.DONE %}``), and whether the page
is fetched by a script rather than opened by its reader."""

from __future__ import annotations

from campaigns.models import JobStatus


def vocabularies(request) -> dict:
    return {"JobStatus": JobStatus}


# The headers of a page fetched by a script, not opened by its reader: the live table fetching
# the page again (static/js/live.js) and the service worker keeping a page for reading offline
# (templates/sw.js).
SCRIPT_HEADERS = ("X-Earthbook-Live", "X-Earthbook-Keep")


def by_script(request) -> bool:
    """Is the page fetched by a script? Then it leaves what is shown once (the reader's
    messages, the quick log's "Noted") for the page the reader opens: a script's copy would use
    it up unseen."""
    return any(name in request.headers for name in SCRIPT_HEADERS)


def fetched_by_script(request) -> dict:
    """``by_script`` for the templates: such a page shows none of the reader's messages."""
    return {"by_script": by_script(request)}
