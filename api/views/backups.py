"""A campaign's automatic backups (``campaigns.backup.automatic``): the owner's alone.

They hold everything the campaign hides and its members' usernames, so a member who is not the
owner, a viewer and a share-link reader are refused (in the reader's language).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.views.common import READ_ERRORS, ApiView, errors
from campaigns.backup.automatic import (
    AutomaticBackup,
    automatic_backups,
    find_automatic_backup,
    read_automatic_backup,
)


def owner_only(request, campaign_id: int) -> Access:
    """The campaign, for its owner; anyone else who may read it is refused."""
    access = campaign_access(request, campaign_id, Level.READ)
    if access.level < Level.OWN:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(
                _("Log in as the campaign's owner to see its automatic backups.")
            )
        raise exceptions.PermissionDenied(
            _("Only the campaign's owner may see and download its automatic backups.")
        )
    return access


def backup_data(request, campaign_id: int, kept: AutomaticBackup) -> dict:
    path = f"/api/v1/campaigns/{campaign_id}/backups/{kept.name}/"
    return {
        "name": kept.name,
        "game": kept.game,
        "made_at": kept.made_at,
        "download_url": request.build_absolute_uri(path),
    }


class AutomaticBackupSerializer(serializers.Serializer):
    """One automatic backup kept (the schema of the list's rows)."""

    name = serializers.CharField()
    game = serializers.IntegerField()
    made_at = serializers.DateTimeField()
    download_url = serializers.URLField()


class AutomaticBackupListView(ApiView):
    """The campaign's automatic backups, newest first: one after each finished game, the last
    ``EARTHBOOK_AUTOMATIC_BACKUPS_KEPT`` kept. The owner's only."""

    @extend_schema(
        operation_id="campaigns_backups_list",
        responses={200: AutomaticBackupSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["campaigns"],
        description="The automatic backups kept of the campaign (after each finished game), "
        "newest first, each with its game, when it was made and where to download it. Only the "
        "campaign's owner may list them (another member, a viewer or a share-link reader gets "
        "403, or 401 when not logged in).",
    )
    def get(self, request, campaign_id):
        access = owner_only(request, campaign_id)
        pk = access.campaign.pk
        return Response([backup_data(request, pk, kept) for kept in automatic_backups(pk)])


class AutomaticBackupView(ApiView):
    """One automatic backup, as the file to import (``POST /api/v1/campaigns/import/``)."""

    @extend_schema(
        operation_id="campaigns_backup_download",
        responses={200: OpenApiTypes.OBJECT, **errors(*READ_ERRORS)},
        tags=["campaigns"],
        description="The backup document itself, as a download. The campaign's owner only.",
    )
    def get(self, request, campaign_id, name):
        access = owner_only(request, campaign_id)
        kept = find_automatic_backup(access.campaign.pk, name)
        if kept is None:
            raise exceptions.NotFound(_("This campaign has no such automatic backup."))
        body = read_automatic_backup(access.campaign.pk, kept)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{kept.filename}"'
        return response
