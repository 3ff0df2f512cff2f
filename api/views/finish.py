"""The end of a game and amending it."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.serializers.games import (
    AmendSerializer,
    FinishResultSerializer,
    FinishSerializer,
    GameDetailSerializer,
)
from api.views.common import WRITE_ERRORS, ApiView, errors, read_body
from api.views.games import campaign_game, fresh_game
from campaigns.game.finish import amend_game, finish_game


def _finish_arguments(data: dict) -> dict:
    return {
        "results": data["results"],
        "controlled": data["controlled"],
        "winner_reward": data.get("winner_reward"),
        "held_on_rewards": data["held_on_rewards"],
        "slogan": data["slogan"],
        "signed_on": data.get("signed_on"),
    }


def _finish_response(access: Access, result) -> Response:
    return Response(
        {
            "game": GameDetailSerializer(fresh_game(access.campaign, result.game.pk)).data,
            "packets_to_open": result.packets_to_open,
            "world_to_be_named": result.world_to_be_named,
            "no_held_on_rewards": [
                {"player": p, "reason": none.text} for p, none in result.no_rewards.items()
            ],
        }
    )


class GameFinishView(ApiView):
    @extend_schema(
        request=FinishSerializer,
        responses={200: FinishResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="End the game: every result, the winner's reward, each held-on reward "
        "(clockwise from the winner); then which packets must be opened.",
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(FinishSerializer, request)
        result = finish_game(
            game=campaign_game(access, number), by=request.user, **_finish_arguments(data)
        )
        return _finish_response(access, result)


class GameAmendView(ApiView):
    @extend_schema(
        request=AmendSerializer,
        responses={200: FinishResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Redo the end of the last finished game; send the revision you read.",
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(AmendSerializer, request)
        result = amend_game(
            game=campaign_game(access, number),
            revision=data["revision"],
            reason=data["reason"],
            by=request.user,
            **_finish_arguments(data),
        )
        return _finish_response(access, result)
