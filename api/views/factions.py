"""The campaign's factions and the powers on their cards: reading them (as of any game), adding
a faction between games, placing, covering and destroying powers."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.factions import (
    FactionAddSerializer,
    FactionSerializer,
    PowerDestroySerializer,
    PowerPlaceSerializer,
    PowerSerializer,
    PowersQuerySerializer,
)
from api.views.common import (
    READ_ERRORS,
    SHARE,
    WRITE_ERRORS,
    ApiView,
    errors,
    read_body,
    read_query,
    require_game,
)
from campaigns.game import factions as service
from campaigns.game.derived import FactionInfo, factions_of

HIDDEN_FACTION = "an unlocked faction"
HIDDEN_POWER = "an unlocked power"


def faction_data(f: FactionInfo, sees_unlocked: bool) -> dict:
    hidden = f.unlocked and not sees_unlocked
    return {
        "slug": f.slug,
        "name": HIDDEN_FACTION if hidden else f.name,
        "colour": "" if hidden else f.colour,  # its own colour is unlocked content too
        "unlocked": f.unlocked,
        "appeared_in_game": f.appeared_in_game,
        "text": "" if hidden else f.text,
    }


def power_data(p, sees_unlocked: bool, packets: dict[int, str]) -> dict:
    hidden = service.is_unlocked_content(p) and not sees_unlocked
    return {
        "id": p.pk,
        "faction": p.faction,
        "slot": p.slot,
        "name": HIDDEN_POWER if hidden else p.name,
        "text": "" if hidden else p.text,
        "placed_in_game": p.placed_in_game,
        "unlocked_by": packets.get(p.unlocked_by_id),
        "removed_in_game": p.removed_in_game,
        "removed_reason": p.removed_reason,
    }


class FactionListView(ApiView):
    """The campaign's factions: the box's five, then those the group unlocked."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: FactionSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        found = factions_of(access.campaign.pk)
        return Response([faction_data(f, access.sees_unlocked) for f in found.values()])

    @extend_schema(
        request=FactionAddSerializer,
        responses={201: FactionSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
        description="Between games: add a faction the rules unlocked, in your own words, with "
        "the colour its HQ is drawn in. It can be seated from the next game.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(FactionAddSerializer, request)
        row = service.add_faction(
            campaign=access.campaign,
            name=data["name"],
            colour=data["colour"],
            text=data["text"],
            by=request.user,
        )
        info = FactionInfo(row.slug, row.name, row.colour, True, row.appeared_in_game, row.text)
        return Response(faction_data(info, True), status=status.HTTP_201_CREATED)


class PowerListView(ApiView):
    """The powers on the faction cards, now or at the end of any game."""

    @extend_schema(
        parameters=[PowersQuerySerializer, SHARE],
        responses={200: PowerSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        q = read_query(PowersQuerySerializer, request)
        require_game(access.campaign, q.get("game"), "game")
        cards = service.powers_as_of(access.campaign.pk, q.get("game"))
        packets = service.packets_of(access.campaign.pk)
        return Response(
            [power_data(p, access.sees_unlocked, packets) for ps in cards.values() for p in ps]
        )

    @extend_schema(
        request=PowerPlaceSerializer,
        responses={201: PowerSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
        description="Place a power on a faction card, in the game being played or between "
        "games, as the rule that unlocked it says. A card holds one power of each type: a "
        "second of the same type is refused (409) unless 'covers' says it goes over the old one, "
        "which then stops counting ('covered').",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(PowerPlaceSerializer, request)
        power = service.place_power(campaign=access.campaign, by=request.user, **data)
        packets = {power.unlocked_by_id: data["unlocked_by"]} if power.unlocked_by_id else {}
        return Response(power_data(power, True, packets), status=status.HTTP_201_CREATED)


class PowerDestroyView(ApiView):
    """A power on a faction card destroyed."""

    @extend_schema(
        request=PowerDestroySerializer,
        responses={200: PowerSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
        description="A power on a faction card is destroyed: it stops counting from that game "
        "on, and stays in the card's history. A power entered by mistake is voided instead "
        "(marks/faction-powers/).",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(PowerDestroySerializer, request)
        power = service.destroy_power(campaign=access.campaign, by=request.user, **data)
        packets = service.packets_of(access.campaign.pk) if power.unlocked_by_id else {}
        return Response(power_data(power, True, packets))
