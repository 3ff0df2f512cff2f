"""REST: what the history says of each faction (``campaigns.selectors.faction_past``).

GET /api/v1/campaigns/{id}/factions/past/?as_of_game=N
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.common import StrictIntegerField
from api.views.common import READ_ERRORS, SHARE, ApiView, errors, read_query, require_game
from campaigns.game.derived import factions_of
from campaigns.selectors.faction_past import faction_past
from campaigns.vocabulary import UNLOCKED_FACTION


class FactionPastQuerySerializer(serializers.Serializer):
    as_of_game = StrictIntegerField(
        required=False, min_value=1, help_text="Only the games up to this one (default: all)."
    )


class StartSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    player = serializers.CharField()
    hq = serializers.CharField()
    continent = serializers.CharField(help_text="The HQ's continent (slug).")
    result = serializers.CharField()


class FactionPastSerializer(serializers.Serializer):
    faction = serializers.CharField(help_text="The faction's slug.")
    name = serializers.CharField()
    played = serializers.IntegerField(help_text="Finished games it played.")
    wins = serializers.IntegerField()
    won_in = serializers.ListField(child=serializers.IntegerField(), help_text="Games it won.")
    continents = serializers.DictField(
        child=serializers.IntegerField(), help_text="Games started on each continent (slug)."
    )
    won_from = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Games won after starting on each continent (slug).",
    )
    starts = StartSerializer(many=True)


class FactionPastView(ApiView):
    """Which factions have won, how often, and on which continent each started."""

    @extend_schema(
        parameters=[SHARE, FactionPastQuerySerializer],
        responses={200: FactionPastSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        query = read_query(FactionPastQuerySerializer, request)
        game = query.get("as_of_game")
        require_game(access.campaign, game)
        factions = factions_of(access.campaign.pk)
        out = []
        for past in faction_past(access.campaign.pk, game):
            info = factions.get(past.faction)
            hidden = info is not None and info.unlocked and not access.sees_unlocked
            name = info.name if info else past.faction
            out.append(
                {
                    "faction": past.faction,
                    "name": str(UNLOCKED_FACTION) if hidden else name,
                    "played": past.played,
                    "wins": past.wins,
                    "won_in": past.won_in,
                    "continents": past.continents,
                    "won_from": past.won_from,
                    "starts": [vars(s) for s in past.starts],
                }
            )
        return Response(out)
