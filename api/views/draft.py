"""REST: the draft of a game (``campaigns.game.draft``).

    PUT /api/v1/campaigns/{id}/games/{n}/draft/   each seat's picks (editors and the owner)

The game's seats (``GET .../games/{n}/``) carry the picks: draft_turn, draft_placement,
starting_troops, starting_coin_cards (null until a draft is entered).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.common import StrictIntegerField
from api.serializers.games import SeatSerializer
from api.views.common import WRITE_ERRORS, ApiView, errors, read_body
from campaigns.game.draft import record_draft
from campaigns.selectors import games
from legacy.rules.draft import MOST_COIN_CARDS, MOST_TROOPS, DraftPick


class DraftPickSerializer(serializers.Serializer):
    player = StrictIntegerField(min_value=1, help_text="The seat's player id.")
    turn = StrictIntegerField(min_value=1, max_value=10)
    placement = StrictIntegerField(min_value=1, max_value=10)
    troops = StrictIntegerField(min_value=0, max_value=MOST_TROOPS)
    coin_cards = StrictIntegerField(min_value=0, max_value=MOST_COIN_CARDS)


class DraftInputSerializer(serializers.Serializer):
    seats = DraftPickSerializer(many=True)


class DraftView(ApiView):
    @extend_schema(
        request=DraftInputSerializer,
        responses={200: SeatSerializer(many=True), **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Enter the draft of a game that is set up or being played: every seat once, "
        "turn and placement orders 1..n once each (400, rule draft-every-seat, "
        "draft-turn-order or draft-placement-order); a finished game answers 409.",
    )
    def put(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        game = games.game(access.campaign.pk, number)
        if game is None:
            raise NotFound(f"There is no game {number} in this campaign.")
        data = read_body(DraftInputSerializer, request)
        picks = {
            p["player"]: DraftPick(
                turn=p["turn"],
                placement=p["placement"],
                troops=p["troops"],
                coin_cards=p["coin_cards"],
            )
            for p in data["seats"]
        }
        if len(picks) != len(data["seats"]):
            picks = {}  # a seat given twice: refused as a draft without every seat
        record_draft(game=game, picks=picks, by=request.user)
        seats = game.seats.select_related("player").order_by("order")
        return Response(SeatSerializer(seats, many=True).data)
