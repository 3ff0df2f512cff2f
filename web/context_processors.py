"""What every template may compare against: the enums of the values a page shows, so that a
template never compares a status to a bare string (``{% if p.status == JobStatus.DONE %}``)."""

from __future__ import annotations

from campaigns.models import JobStatus


def vocabularies(request) -> dict:
    return {"JobStatus": JobStatus}
