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


def fetched_by_script(request) -> dict:
    """``by_script``: such a page leaves the reader's messages ("The claim is confirmed.") for
    the page the reader opens, which shows them; a script's copy would use them up unseen."""
    return {"by_script": any(name in request.headers for name in SCRIPT_HEADERS)}
