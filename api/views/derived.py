"""What is read off the games: the winners' section, the faction cards' backs, the standings and
the audit trail.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.pagination import AuditFilter, AuditQuerySerializer, Page
from api.serializers.derived import (
    AuditEntrySerializer,
    FactionCardSerializer,
    StandingsSerializer,
    WinnerLineSerializer,
    WinnersSerializer,
)
from api.serializers.factions import PowersQuerySerializer
from api.views.common import READ_ERRORS, SHARE, ApiView, errors, read_query, require_game
from api.views.factions import faction_data, power_data
from campaigns.game.derived import factions_of
from campaigns.game.factions import packets_of, powers_as_of
from campaigns.game.sealed import own_components
from campaigns.selectors import marks
from campaigns.selectors.audit import audit_entries, no_entries
from campaigns.selectors.cards import faction_card_backs
from campaigns.selectors.standings import standings
from campaigns.services import audit_corrections
from legacy.box import WINNERS_LINES


class WinnersView(ApiView):
    """The winners' section of the board: fifteen lines, and the world's name once written."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: WinnersSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        lines = marks.signatures_now(access.campaign.pk)
        world_name = marks.world_name_now(access.campaign.pk)
        return Response(
            {
                "world_name": world_name.name if world_name else None,
                "lines": WinnerLineSerializer(lines, many=True).data,
                "lines_left": max(0, WINNERS_LINES - len(lines)),
            }
        )


class FactionCardsView(ApiView):
    """The backs of the faction cards: each game, who played the faction, or an X."""

    @extend_schema(
        parameters=[PowersQuerySerializer, SHARE],
        responses={200: FactionCardSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["world"],
        description="Each card: its back (every game, who played it, or an X), its name and "
        "colour, and the powers it holds. With 'game': the cards at the end of that game.",
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        game = read_query(PowersQuerySerializer, request).get("game")
        require_game(access.campaign, game, "game")
        found = factions_of(access.campaign.pk, game)
        backs = faction_card_backs(access.campaign.pk, game, found)
        powers = powers_as_of(access.campaign.pk, game)
        packets = packets_of(access.campaign.pk)
        sees = access.sees_unlocked
        return Response(
            [
                {
                    **faction_data(found[slug], sees),
                    "faction": slug,
                    "lines": lines,
                    "powers": [power_data(p, sees, packets) for p in powers.get(slug, [])],
                }
                for slug, lines in backs.items()
            ]
        )


class StandingsView(ApiView):
    @extend_schema(
        parameters=[SHARE],
        responses={200: StandingsSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(standings(access.campaign.pk))


class AuditView(ApiView, GenericAPIView):
    """Every change to the campaign, newest first: who, when, what. Members only."""

    pagination_class = Page
    filterset_class = AuditFilter
    queryset = no_entries()

    @extend_schema(
        parameters=[AuditQuerySerializer],
        responses={200: AuditEntrySerializer(many=True), **errors(*READ_ERRORS)},
        tags=["campaigns"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        read_query(AuditQuerySerializer, request)
        queryset = self.filter_queryset(audit_entries(access.campaign.pk, access.sees_unlocked))
        page = self.paginate_queryset(queryset)
        found = audit_corrections(page)
        for entry in page:
            entry.correction = found.get(entry.pk)
        components = own_components(access.campaign.pk, access.sees_unlocked)
        return self.get_paginated_response(
            AuditEntrySerializer(page, many=True, context={"components": components}).data
        )
