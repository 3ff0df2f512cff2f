"""The audit trail as the doors read it: every change and who made it, newest first, worded for
a reader from whom the campaign may hide what its packets unlocked (``campaigns.hiding``)."""

from __future__ import annotations

from django.db.models import QuerySet

from campaigns.hiding import audit_as_read
from campaigns.models import AuditEntry


def no_entries() -> QuerySet[AuditEntry]:
    """No entry at all: what a listing view describes itself by."""
    return AuditEntry.objects.none()


def audit_entries(campaign_id: int, sees_unlocked: bool) -> QuerySet[AuditEntry]:
    """The campaign's audit entries as this reader may read them, with who made each, newest
    first (a queryset, to filter and page)."""
    entries = audit_as_read(AuditEntry.objects.filter(campaign_id=campaign_id), sees_unlocked)
    return entries.select_related("user").order_by("-at", "-id")
