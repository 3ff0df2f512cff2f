"""Campaigns, their members and players; exporting and importing a backup."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.access import Access, Level, campaign_access, require_unlocked
from api.errors import QueueUnavailable
from api.pagination import Page
from api.parsers import BackupUploadParser
from api.serializers.campaign import (
    CampaignCreateSerializer,
    CampaignDetailSerializer,
    CampaignSerializer,
    CampaignUpdateSerializer,
    ImportJobSerializer,
    MemberAddSerializer,
    MemberRoleSerializer,
    MemberSerializer,
    PlayerAddSerializer,
    PlayerSerializer,
)
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_body
from api.views.rulebook import sticker_data
from campaigns import backup, members, services
from campaigns.game.rulebook import setting_stickers
from campaigns.imports.jobs import error_in_language, notes_in_language
from campaigns.imports.start import start_import
from campaigns.models import (
    Campaign,
    ImportJob,
    JobFailure,
    JobStatus,
    Membership,
    Role,
)
from campaigns.selectors import media, people
from campaigns.vocabulary import READINGS


def campaign_data(campaign: Campaign, role: str | None) -> dict:
    return {
        "id": campaign.pk,
        "name": campaign.name,
        "owner": campaign.owner.get_username(),
        "created_at": campaign.created_at,
        "prepared": campaign.prepared_at is not None,
        "brought_in_games": campaign.brought_in_games,
        "bringing_in": campaign.bringing_in,
        "shared": campaign.shared,
        "public": campaign.public,
        "hide_unlocked_content": campaign.hide_unlocked_content,
        "held_on_rewards_end_together": campaign.held_on_rewards_end_together,
        "world_capitals_allowed": campaign.world_capitals_allowed,
        "world_capital_is_a_start": campaign.world_capital_is_a_start,
        **{name: getattr(campaign, name) for name in READINGS},
        "language": campaign.language,
        "world_number": campaign.world_number,
        "archived": campaign.archived,
        "my_role": role,
        "share_token": campaign.share_token if role == Role.OWNER else None,
    }


class CampaignListView(ApiView, GenericAPIView):
    """The campaigns I am a member of, and opening a new one."""

    permission_classes = [IsAuthenticated]
    pagination_class = Page
    queryset = people.no_campaigns()

    @extend_schema(
        responses={200: CampaignSerializer(many=True), **errors(400, 401)}, tags=["campaigns"]
    )
    def get(self, request):
        page = self.paginate_queryset(people.campaigns_of(request.user))
        return self.get_paginated_response([campaign_data(c, c.my_role) for c in page])

    @extend_schema(
        request=CampaignCreateSerializer,
        responses={201: CampaignSerializer, **errors(400, 401, 403)},
        tags=["campaigns"],
    )
    def post(self, request):
        data = read_body(CampaignCreateSerializer, request)
        campaign = services.create_campaign(
            owner=request.user,
            name=data["name"],
            players=data["players"],
            language=data["language"],
            brought_in_games=data.get("brought_in_games"),
            world_name=data["world_name"],
        )
        return Response(campaign_data(campaign, Role.OWNER), status=status.HTTP_201_CREATED)


SHARING_FIELDS = {"shared", "public", "hide_unlocked_content", "new_share_link"}
HOUSE_RULE = "held_on_rewards_end_together"
CAPITALS_RULE = "world_capitals_allowed"
CAPITAL_START_RULE = "world_capital_is_a_start"


def setting_links(access) -> dict:
    """The rule sticker that changed each setting, where the group named one."""
    stickers = setting_stickers(access.campaign.pk)
    return {
        "setting_stickers": [
            {"setting": setting, "sticker": sticker_data(access, sticker)}
            for setting, sticker in stickers.items()
        ]
    }


class CampaignDetailView(ApiView):
    @extend_schema(
        parameters=[SHARE],
        responses={200: CampaignDetailSerializer, **errors(*READ_ERRORS)},
        tags=["campaigns"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ, with_owner=True)
        return Response(campaign_data(access.campaign, access.role) | setting_links(access))

    @extend_schema(
        request=CampaignUpdateSerializer,
        responses={200: CampaignDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["campaigns"],
        description="The owner turns shared/public/hide_unlocked_content on or off, sets the "
        "language of the board pictures and the house rules (held_on_rewards_end_together, "
        "world_capitals_allowed, world_capital_is_a_start and the other open points of the "
        "rulebook: missiles_at_setup, bear_first_attack, bear_three_of_a_kind, "
        "missile_six_natural, missile_order, defence_dice_clamp, defence_clamp_order, "
        "dice_order_after_modifiers, "
        "cancelled_scar_territory, scar_on_hq_territory, city_over_mark); "
        "new_share_link replaces the share token, so the old link stops working. "
        "world_number is the box's printed world number (optional); archived true makes the "
        "campaign read-only (every change answers 409) until archived false.",
    )
    def patch(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.OWN, with_owner=True)
        data = read_body(CampaignUpdateSerializer, request)
        current = access.campaign
        campaign = current
        with transaction.atomic():
            if data.get("archived") is False:
                campaign = members.set_archived(campaign=campaign, archived=False, by=request.user)
            if "world_number" in data:
                campaign = members.set_world_number(
                    campaign=campaign, number=data["world_number"], by=request.user
                )
            if set(data) & SHARING_FIELDS or not set(data) & {
                "world_number",
                "archived",
                "language",
                HOUSE_RULE,
                CAPITALS_RULE,
                CAPITAL_START_RULE,
                *READINGS,
            }:
                campaign = members.update_sharing(
                    campaign=current,
                    shared=data.get("shared", current.shared),
                    public=data.get("public", current.public),
                    hide_unlocked_content=data.get(
                        "hide_unlocked_content", current.hide_unlocked_content
                    ),
                    new_link=data.get("new_share_link", False),
                    by=request.user,
                )
            if "language" in data:
                campaign = members.set_language(
                    campaign=campaign, language=data["language"], by=request.user
                )
            if set(data) & {HOUSE_RULE, CAPITALS_RULE, CAPITAL_START_RULE, *READINGS}:
                campaign = members.set_house_rules(
                    campaign=campaign,
                    held_on_rewards_end_together=data.get(HOUSE_RULE),
                    world_capitals_allowed=data.get(CAPITALS_RULE),
                    world_capital_is_a_start=data.get(CAPITAL_START_RULE),
                    readings={name: data[name] for name in READINGS if name in data},
                    by=request.user,
                )
            if data.get("archived"):
                campaign = members.set_archived(campaign=campaign, archived=True, by=request.user)
        campaign.owner = current.owner
        return Response(campaign_data(campaign, access.role) | setting_links(access))


class ExportView(ApiView):
    """The whole campaign as one versioned JSON document (``campaigns.backup``). Members only:
    it holds the audit trail and the members' usernames. It holds everything the packets
    unlocked too, so a campaign that hides that content exports to its editors and owner only."""

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(*READ_ERRORS)},
        tags=["campaigns"],
        description="The whole campaign as one JSON document, for the campaign's members. When "
        "the campaign hides what its packets unlocked (`hide_unlocked_content`), only its "
        "editors and its owner may export it: the document holds all of that content (a viewer "
        "gets 403).",
    )
    def get(self, request, campaign_id):
        access = require_unlocked(
            request, campaign_access(request, campaign_id, Level.MEMBER), HIDDEN_EXPORT
        )
        document = backup.export_campaign(access.campaign.pk)
        filename = f"earthbook-campaign-{access.campaign.pk}.json"
        return Response(
            document, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )


HIDDEN_EXPORT = (
    "This campaign keeps what its packets unlocked to its owner and editors, and the export "
    "holds all of it: only they may export the campaign."
)


def import_job_data(job: ImportJob) -> dict:
    return {
        "id": job.pk,
        "status": job.status,
        "progress": job.progress,
        "campaign_id": job.campaign_id,
        "notes": notes_in_language(job.notes),
        "error": error_in_language(job.error),
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }


def backup_limit_words() -> str:
    """The largest backup the import takes, as the documentation says it."""
    size = settings.BACKUP_UPLOAD_MAX_BYTES
    return f"{size / (1024 * 1024):g} MB ({size} bytes)"


class ImportView(ApiView):
    """A backup restored into a new campaign that the caller owns; all or nothing.

    The upload is stored and imported by a task; the answer is the job, to poll at its
    ``Location``. Without a task worker the import runs at once: the job is then already done,
    or the refusal is the answer (400)."""

    permission_classes = [IsAuthenticated]
    parser_classes = [BackupUploadParser]

    @classmethod
    def as_view(cls, **initkwargs):
        """Not run in one transaction with a kept answer (``edge.idempotency``): the answer
        tells whether the task could be queued, which is known once the job is committed."""
        return transaction.non_atomic_requests(super().as_view(**initkwargs))

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={202: ImportJobSerializer, **errors(400, 401, 403, 409, 413, 503)},
        tags=["campaigns"],
        description="Upload a backup (the document GET .../export/ gives). Answers 202 with an "
        "import job; poll GET /api/v1/imports/{id}/ until its status is done (with the new "
        "campaign) or failed (error, in the API's error shape). A backup larger than "
        f"{backup_limit_words()} (BACKUP_UPLOAD_MAX_BYTES) is refused with 413. While the task "
        "queue is out of reach the upload is refused with 503 (code unavailable, with "
        "Retry-After) and nothing is kept. An account with as many imports waiting or running "
        "as it may (EARTHBOOK_QUOTA_IMPORTS_IN_FLIGHT_PER_ACCOUNT) is refused with 409 (rule "
        "quota-imports-per-account) and nothing is kept.",
    )
    def post(self, request):
        payload = request.data
        # Read at once, before any job: a backup is one JSON object (the job reads the rest).
        if not isinstance(payload, bytes) or not payload.lstrip().startswith(b"{"):
            raise exceptions.ValidationError({"non_field_errors": ["A backup is one JSON object."]})
        job = start_import(owner=request.user, payload=payload)
        if job.status == JobStatus.FAILED and job.failure == JobFailure.NOT_QUEUED:
            job.delete()  # never a job that waits for a queue it was not put in
            raise QueueUnavailable(
                "The import could not be queued: the task queue is out of reach. Nothing was "
                "kept; send the backup again in a minute."
            )
        if job.status == JobStatus.FAILED:
            job.delete()  # refused at once: nothing stays behind, not even the job
            return Response(
                {"error": error_in_language(job.error)}, status=status.HTTP_400_BAD_REQUEST
            )
        location = reverse("api:import-job", kwargs={"job_id": job.pk})
        return Response(
            import_job_data(job), status=status.HTTP_202_ACCEPTED, headers={"Location": location}
        )


class ImportJobView(ApiView):
    """An import job of the caller's: how far it is, and how it ended."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ImportJobSerializer, **errors(401, 404)}, tags=["campaigns"])
    def get(self, request, job_id):
        job = media.import_job(job_id, request.user)
        if job is None:
            raise exceptions.NotFound("There is no such import job.")
        return Response(import_job_data(job))


class MemberListView(ApiView):
    @extend_schema(
        responses={200: MemberSerializer(many=True), **errors(*READ_ERRORS)}, tags=["members"]
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        return Response(MemberSerializer(people.members(access.campaign.pk), many=True).data)

    @extend_schema(
        request=MemberAddSerializer,
        responses={201: MemberSerializer, **errors(*WRITE_ERRORS)},
        tags=["members"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        data = read_body(MemberAddSerializer, request)
        member = members.add_member(
            campaign=access.campaign, username=data["username"], role=data["role"], by=request.user
        )
        return Response(MemberSerializer(member).data, status=status.HTTP_201_CREATED)


class MemberDetailView(ApiView):
    def _member(self, access: Access, member_id: int) -> Membership:
        member = people.member(access.campaign.pk, member_id)
        if member is None:
            raise exceptions.NotFound("There is no such member.")
        return member

    @extend_schema(
        request=MemberRoleSerializer,
        responses={200: MemberSerializer, **errors(*WRITE_ERRORS)},
        tags=["members"],
    )
    def patch(self, request, campaign_id, member_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        member = self._member(access, member_id)
        data = read_body(MemberRoleSerializer, request)
        member = members.set_role(
            campaign=access.campaign, membership=member, role=data["role"], by=request.user
        )
        return Response(MemberSerializer(member).data)

    @extend_schema(responses={204: None, **errors(*WRITE_ERRORS)}, tags=["members"])
    def delete(self, request, campaign_id, member_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        member = self._member(access, member_id)
        members.remove_member(campaign=access.campaign, membership=member, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerListView(ApiView):
    """The roster: everyone who sits at this campaign's table."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: PlayerSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["players"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(PlayerSerializer(people.roster(access.campaign.pk), many=True).data)

    @extend_schema(
        request=PlayerAddSerializer,
        responses={201: PlayerSerializer, **errors(*WRITE_ERRORS)},
        tags=["players"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(PlayerAddSerializer, request)
        player = services.add_player(campaign=access.campaign, name=data["name"], by=request.user)
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)
