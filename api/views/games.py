"""Before the first game, and the games themselves: listing, setting one up, reading, starting."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.pagination import GameFilter, GameQuerySerializer, Page
from api.serializers.games import (
    FirstGameResultSerializer,
    FirstGameSerializer,
    GameDetailSerializer,
    GameSerializer,
    GameSetupSerializer,
)
from api.views.common import (
    READ_ERRORS,
    SHARE,
    WRITE_ERRORS,
    ApiView,
    errors,
    read_body,
    read_query,
)
from campaigns import services
from campaigns.game.setup import setup_game, start_game
from campaigns.models import (
    Campaign,
    Game,
    GameEvent,
    GameReward,
    Seat,
)


class FirstGameView(ApiView):
    """Once per campaign: each faction keeps one starting power; the 12 coins go on cards."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=FirstGameSerializer,
        responses={201: FirstGameResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(FirstGameSerializer, request)
        setup = services.prepare_first_game(
            campaign=access.campaign,
            powers=data["powers"],
            coins=data["coins"],
            random_coins=data["random_coins"],
            seed=data.get("seed"),
            by=request.user,
        )
        return Response(
            {"powers": setup.powers, "coins": setup.coins}, status=status.HTTP_201_CREATED
        )


SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("order"))


def _game_queryset(campaign: Campaign, detail: bool = False):
    queryset = Game.objects.filter(campaign=campaign).prefetch_related(SEATS)
    if detail:
        queryset = queryset.prefetch_related(
            Prefetch("events", queryset=GameEvent.objects.select_related("seat").order_by("seq")),
            Prefetch(
                "rewards", queryset=GameReward.objects.select_related("seat").order_by("order")
            ),
        )
    return queryset


def campaign_game(access: Access, number: int) -> Game:
    game = _game_queryset(access.campaign, detail=True).filter(number=number).first()
    if game is None:
        raise exceptions.NotFound(f"There is no game {number} in this campaign.")
    return game


def fresh_game(campaign: Campaign, pk: int) -> Game:
    return _game_queryset(campaign, detail=True).get(pk=pk)


class GameListView(ApiView, GenericAPIView):
    """The games, oldest first; POST sets up the next one."""

    permission_classes = [AllowAny]
    pagination_class = Page
    filterset_class = GameFilter
    queryset = Game.objects.none()

    @extend_schema(
        parameters=[SHARE, GameQuerySerializer],
        responses={200: GameSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        read_query(GameQuerySerializer, request)
        queryset = self.filter_queryset(_game_queryset(access.campaign).order_by("number"))
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(GameSerializer(page, many=True).data)

    @extend_schema(
        request=GameSetupSerializer,
        responses={201: GameDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Set up the next game: seats in seating order, each with a faction and an "
        "HQ on a legal starting territory.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(GameSetupSerializer, request)
        game = setup_game(
            campaign=access.campaign,
            seats=[dict(seat) for seat in data["seats"]],
            played_on=data.get("played_on"),
            by=request.user,
        )
        return Response(
            GameDetailSerializer(fresh_game(access.campaign, game.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class GameDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: GameDetailSerializer, **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(GameDetailSerializer(campaign_game(access, number)).data)


class GameStartView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={200: GameDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        game = start_game(game=campaign_game(access, number), by=request.user)
        return Response(GameDetailSerializer(fresh_game(access.campaign, game.pk)).data)
