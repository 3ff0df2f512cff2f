"""Downloading one of a campaign's automatic backups from its settings page (the owner's only)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from campaigns.backup.automatic import find_automatic_backup, read_automatic_backup
from web.views.common import campaign_view


@campaign_view(owner=True)
def automatic_backup_download(request, access, name: str):
    kept = find_automatic_backup(access.campaign.pk, name)
    if kept is None:
        raise Http404(_("This campaign has no such automatic backup."))
    body = read_automatic_backup(access.campaign.pk, kept)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{kept.filename}"'
    return response
