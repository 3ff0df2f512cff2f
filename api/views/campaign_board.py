"""What a packet adds to a campaign's board: POST a territory (with its connections) or a
connection. The world read (``world/?as_of_game=N``) lists them from their game on."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.campaign_board import (
    AddConnectionSerializer,
    AddedConnectionSerializer,
    AddedTerritorySerializer,
    AddTerritorySerializer,
)
from api.views.common import WRITE_ERRORS, ApiView, errors, read_body
from campaigns.board import add_connection, add_territory


class AddedTerritoryView(ApiView):
    """A packet adds a territory: its name in the group's words, its continent, its card's
    coins, the territories it is joined to and the game it came in."""

    @extend_schema(
        request=AddTerritorySerializer,
        responses={201: AddedTerritorySerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(AddTerritorySerializer, request)
        t = add_territory(
            campaign=access.campaign,
            game=data["game"],
            name=data["name"],
            continent=data["continent"],
            connections=data["connections"],
            coins=data["coins"],
            x=data.get("x"),
            y=data.get("y"),
            by=request.user,
        )
        return Response(
            {
                "slug": t.slug,
                "name": t.name,
                "continent": t.continent,
                "coins": t.coins,
                "game": t.placed_in_game,
                "connections": list(data["connections"]),
                "x": t.x,
                "y": t.y,
            },
            status=status.HTTP_201_CREATED,
        )


class AddedConnectionView(ApiView):
    """A packet adds a connection between two territories on the board as of its game."""

    @extend_schema(
        request=AddConnectionSerializer,
        responses={201: AddedConnectionSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(AddConnectionSerializer, request)
        c = add_connection(
            campaign=access.campaign, game=data["game"], a=data["a"], b=data["b"], by=request.user
        )
        return Response(
            {"a": c.a, "b": c.b, "game": c.placed_in_game}, status=status.HTTP_201_CREATED
        )
