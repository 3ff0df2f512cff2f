"""Before the first game, and the games themselves: listing, setting one up, reading, starting,
cancelling one set up by mistake and fixing its seats."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.pagination import GameFilter, GameQuerySerializer, Page
from api.serializers.games import (
    FirstGameResultSerializer,
    FirstGameSerializer,
    GameCancelledSerializer,
    GameCancelSerializer,
    GameDetailSerializer,
    GameSerializer,
    GameSetupSerializer,
    SeatFixSerializer,
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
from campaigns.game.setup import cancel_game, fix_seat, setup_game, start_game
from campaigns.models import (
    Campaign,
    Game,
)
from campaigns.selectors import games


class FirstGameView(ApiView):
    """Once per campaign: each faction keeps one starting power; the 12 coins go on cards."""

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


def campaign_game(access: Access, number: int) -> Game:
    game = games.with_seats(access.campaign, detail=True).filter(number=number).first()
    if game is None:
        raise exceptions.NotFound(f"There is no game {number} in this campaign.")
    return game


def fresh_game(campaign: Campaign, pk: int) -> Game:
    return games.with_seats(campaign, detail=True).get(pk=pk)


class GameListView(ApiView, GenericAPIView):
    """The games, oldest first; POST sets up the next one."""

    pagination_class = Page
    filterset_class = GameFilter
    queryset = games.no_games()

    @extend_schema(
        parameters=[SHARE, GameQuerySerializer],
        responses={200: GameSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        read_query(GameQuerySerializer, request)
        queryset = self.filter_queryset(games.with_seats(access.campaign).order_by("number"))
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
    @extend_schema(
        parameters=[SHARE],
        responses={200: GameDetailSerializer, **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.READ)
        context = {"sees_unlocked": access.sees_unlocked}
        return Response(GameDetailSerializer(campaign_game(access, number), context=context).data)


class GameStartView(ApiView):
    @extend_schema(
        request=None,
        responses={200: GameDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        game = start_game(game=campaign_game(access, number), by=request.user)
        return Response(GameDetailSerializer(fresh_game(access.campaign, game.pk)).data)


class GameCancelView(ApiView):
    @extend_schema(
        request=GameCancelSerializer,
        responses={200: GameCancelledSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Cancel a game set up by mistake, with a reason, until its first entry: the "
        "game and its seats are removed and the next setup takes its number again; the audit "
        "keeps that it was set up and cancelled. After its first entry (or once finished) the "
        "answer is 409 (rule 'game-played'): fix its seats instead.",
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(GameCancelSerializer, request)
        cancelled = cancel_game(
            game=campaign_game(access, number), reason=data["reason"], by=request.user
        )
        return Response({"cancelled": cancelled, "reason": data["reason"].strip()})


class SeatView(ApiView):
    @extend_schema(
        request=SeatFixSerializer,
        responses={200: GameDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Fix the seat the player in the path holds: its player, faction or HQ (send "
        "only what changes), with the checks of setup. Before the game's first entry a reason "
        "is optional; after it the fix is a correction and needs one (400, rule "
        "'seat-fix-reason'). The audit keeps who, when, why and the seat before and after; "
        "the faction cards' backs follow.",
    )
    def patch(self, request, campaign_id, number, player):
        access = campaign_access(request, campaign_id, Level.EDIT)
        game = campaign_game(access, number)
        if not any(s.player_id == player for s in game.seats.all()):
            raise exceptions.NotFound(f"Nobody with id {player} sits in game {number}.")
        data = read_body(SeatFixSerializer, request)
        fix_seat(
            game=game,
            player=player,
            new_player=data.get("player"),
            faction=data.get("faction"),
            hq=data.get("hq"),
            reason=data["reason"],
            by=request.user,
        )
        return Response(GameDetailSerializer(fresh_game(access.campaign, game.pk)).data)
