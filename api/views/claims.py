"""REST: claim your name (``campaigns.claims``).

    POST /api/v1/campaigns/{id}/players/{player_id}/claim/          a member claims the name
    POST /api/v1/campaigns/{id}/players/{player_id}/claim/decide/   the owner: {"accept": bool}

The owner's own claim links at once; a member's waits for the owner. Linked, the player's
``user_id`` is the member's account.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.campaign import PlayerSerializer
from api.serializers.common import Flag
from api.views.common import WRITE_ERRORS, ApiView, errors, read_body
from campaigns import claims


class ClaimDecisionSerializer(serializers.Serializer):
    accept = Flag(help_text="true links the member who claimed it; false turns the claim down.")


def claim_data(player) -> dict:
    return {
        "id": player.pk,
        "name": player.name,
        "user_id": player.user_id,
        "claim_pending": player.claimed_by_id is not None,
    }


class ClaimView(ApiView):
    @extend_schema(
        request=None,
        responses={200: PlayerSerializer, **errors(*WRITE_ERRORS)},
        tags=["players"],
        description="Claim this roster name as yours (members): linked at once for the owner, "
        "else pending until the owner decides. A name linked to someone else, or a second name "
        "for you, answers 409.",
    )
    def post(self, request, campaign_id, player_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        player = claims.claim_name(campaign=access.campaign, player_id=player_id, by=request.user)
        return Response(claim_data(player))


class ClaimDecisionView(ApiView):
    @extend_schema(
        request=ClaimDecisionSerializer,
        responses={200: PlayerSerializer, **errors(*WRITE_ERRORS)},
        tags=["players"],
        description="The owner confirms a member's claim of this roster name, or turns it down.",
    )
    def post(self, request, campaign_id, player_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        data = read_body(ClaimDecisionSerializer, request)
        player = claims.decide_claim(
            campaign=access.campaign, player_id=player_id, accept=data["accept"], by=request.user
        )
        return Response(claim_data(player))
