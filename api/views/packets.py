"""Sealed packets: which are due and opened, opening one, and what they unlocked."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from api.access import Level, campaign_access, require_unlocked
from api.serializers.packets import (
    PacketOpenedSerializer,
    PacketOpenSerializer,
    PacketsSerializer,
    UnlockedContentSerializer,
    packet_name,
)
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_body
from api.views.rulebook import components_data
from campaigns.game.packets import open_packet, packets_to_open
from campaigns.selectors import packets
from legacy.box import PACKETS


def own_name(access, slug: str) -> str:
    """The name of one of the campaign's own sealed components (the opener may see it)."""
    return packets.component_name(access.campaign.pk, slug)


class PacketListView(ApiView):
    """Every packet of the box: sealed or opened (in which game), and those to open now."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: PacketsSerializer, **errors(*READ_ERRORS)},
        tags=["packets"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        opened = packets.opened_in_game(access.campaign.pk)
        return Response(
            {
                "to_open": packets_to_open(access.campaign.pk),
                "packets": [
                    {
                        "slug": p.slug,
                        "name": p.name,
                        "trigger": p.trigger,
                        "opened_at": p.opened_at,
                        "opened_in_game": opened.get(p.slug),
                    }
                    for p in PACKETS
                ],
                "components": components_data(access),
            }
        )

    @extend_schema(
        request=PacketOpenSerializer,
        responses={201: PacketOpenedSerializer, **errors(*WRITE_ERRORS)},
        tags=["packets"],
        description="Open a sealed packet (one of the box's six, or one of the campaign's own "
        "sealed components, by slug) and enter, in your own words, what it unlocked. A box "
        "packet opens once its trigger has fired, or with earned_otherwise saying how the group "
        "earned it another way. While the campaign is being brought in, a packet brought in "
        "as opened takes what it unlocked here too (added to that opening).",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(PacketOpenSerializer, request)
        opening = open_packet(
            campaign=access.campaign,
            packet=data["packet"],
            unlocked=[dict(u) for u in data["unlocked"]],
            trigger=data["trigger"],
            earned_otherwise=data["earned_otherwise"],
            by=request.user,
        )
        contents = packets.unlocked_by(opening)
        return Response(
            {
                "packet": opening.packet,
                "name": packet_name(opening.packet, own_name(access, opening.packet)),
                "game": opening.placed_in_game,
                "unlocked": UnlockedContentSerializer(contents, many=True).data,
            },
            status=status.HTTP_201_CREATED,
        )


class UnlockedView(ApiView):
    """What the opened packets unlocked; members only when the campaign hides it."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: UnlockedContentSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["packets"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        # Hidden content is for the people who record the games: viewers and the share link
        # see that packets were opened, not what they held.
        require_unlocked(
            request, access, "This campaign shows its unlocked content to its owner and editors."
        )
        items = packets.unlocked(access.campaign.pk)
        return Response(UnlockedContentSerializer(items, many=True).data)
