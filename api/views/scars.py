"""Scar types and their effect on the dice: listed for readers, set by editors."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.serializers.scars import DiceEffectSerializer, ScarTypeSerializer
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_body
from api.views.odds import HIDDEN_NAME
from campaigns.game.scars import set_dice_effect
from campaigns.selectors import marks
from legacy.models import ScarKind


def scar_type_data(kind: ScarKind, access: Access) -> dict:
    shown = kind.base or access.sees_unlocked
    return {
        "slug": kind.slug if shown else None,
        "name": kind.name if shown else HIDDEN_NAME,
        "base": kind.base,
        "cards": kind.cards,
        "on_faction_card": kind.on_faction_card,
        "colour": kind.colour,
        "dice_effect": kind.dice_effect,
    }


class ScarTypeListView(ApiView):
    """This campaign's scar types: the box's two and any a packet unlocked (their names hidden
    from those the campaign hides unlocked content from)."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: ScarTypeSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["scar types"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        kinds = marks.scar_kinds(access.campaign.pk)
        return Response([scar_type_data(k, access) for k in kinds])


class ScarTypeDetailView(ApiView):
    """Set what a scar type does to the dice (editors); the change is in the audit log."""

    @extend_schema(
        request=DiceEffectSerializer,
        responses={200: ScarTypeSerializer, **errors(*WRITE_ERRORS)},
        tags=["scar types"],
    )
    def patch(self, request, campaign_id, scar):
        access = campaign_access(request, campaign_id, Level.EDIT)
        if not marks.has_scar_kind(access.campaign.pk, scar):
            raise exceptions.NotFound("This campaign has no such scar type.")
        data = read_body(DiceEffectSerializer, request)
        kind = set_dice_effect(
            campaign=access.campaign, scar=scar, dice_effect=data["dice_effect"], by=request.user
        )
        return Response(scar_type_data(kind, access))
