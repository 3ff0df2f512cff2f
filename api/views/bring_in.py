"""Bringing a campaign in: what has been brought in so far, bringing in more (past games, marks,
packets, rule stickers), taking one out again, and saying it is done."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.parsers import SafeJSONParser, TooLarge
from api.serializers.bring_in import (
    BODY_LIMIT,
    BringInAnswerSerializer,
    BringInSerializer,
    BroughtInSerializer,
)
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_body
from campaigns.bring_in import (
    bring_in,
    bringing_in_done,
    start_bringing_in,
    take_out_game,
    take_out_mark,
)
from campaigns.selectors.bring_in import brought_so_far, mark_faction, mark_type, mark_words


class BringInParser(SafeJSONParser):
    """A request to bring things in takes at most ``BODY_LIMIT`` bytes."""

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        if length and str(length).isdigit() and int(length) > BODY_LIMIT:
            raise TooLarge(f"A request to bring things in takes at most {BODY_LIMIT} bytes.")
        return super().parse(stream, media_type, parser_context)


def mark_data(mark) -> dict:
    return {
        "type": mark_type(mark),
        "id": mark.pk,
        "game": mark.placed_in_game,
        "game_known": mark.brought_in == "known",
        "territory": getattr(mark, "territory", None),
        "faction": mark_faction(mark),
        "text": mark_words(mark),
    }


def brought_data(campaign) -> dict:
    so_far = brought_so_far(campaign)
    return {
        "games_played": so_far.games_played,
        "done": so_far.done,
        "missing": so_far.missing,
        "games": [
            {
                "number": g.number,
                "winner": g.winner.player.name,
                "faction": g.winner.faction,
                "seats": [
                    {"player": s.player.name, "faction": s.faction, "result": s.result}
                    for s in g.seats
                ],
            }
            for g in so_far.games
            if g.seats
        ],
        "marks": [mark_data(m) for m in so_far.marks],
        "packets": [
            {"packet": p.packet, "game": p.placed_in_game, "game_known": p.brought_in == "known"}
            for p in so_far.packets
        ],
        "packets_due": so_far.due,
    }


class BringInView(ApiView):
    """A campaign the group started before Earthbook, brought in."""

    parser_classes = [BringInParser]

    @extend_schema(
        parameters=[SHARE],
        responses={200: BroughtInSerializer, **errors(*READ_ERRORS)},
        tags=["bring-in"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(brought_data(access.campaign))

    @extend_schema(
        request=BringInSerializer,
        responses={201: BringInAnswerSerializer, **errors(*WRITE_ERRORS, 413)},
        tags=["bring-in"],
        description="Bring in past games (number, winner, faction, results), marks, opened "
        "packets and rule stickers, any part alone, as often as needed until bring-in/done/. "
        "A mark's game is null when the group does not know it: it then stands in the last "
        "brought-in game. Everything is kept, or nothing: a refusal (400) lists every problem "
        "in fields, each by its place (games.0.winner, marks.3.territory).",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        data = read_body(BringInSerializer, request)
        campaign = access.campaign
        if "games_played" in data:
            campaign = start_bringing_in(
                campaign=campaign,
                games=data["games_played"],
                world_name=data["world_name"],
                by=request.user,
            )
        brought = bring_in(
            campaign=campaign,
            games=[dict(g, results=[dict(r) for r in g["results"]]) for g in data["games"]],
            marks=[dict(m) for m in data["marks"]],
            packets=[dict(p) for p in data["packets"]],
            stickers=[dict(s) for s in data["stickers"]],
            by=request.user,
        )
        campaign.refresh_from_db()
        answer = brought_data(campaign) | {
            "recorded": {
                "games": [g.number for g in brought.games],
                "marks": [mark_data(m) for m in brought.marks],
                "packets": [p.packet for p in brought.packets],
                "stickers": [s.pk for s in brought.stickers],
            }
        }
        return Response(answer, status=status.HTTP_201_CREATED)


class BringInDoneView(ApiView):
    @extend_schema(
        request=None,
        responses={200: BroughtInSerializer, **errors(*WRITE_ERRORS)},
        tags=["bring-in"],
        description="Everything is brought in: from now on the past is fixed with corrections, "
        "and the next game set up is the one after the last brought in.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        campaign = bringing_in_done(campaign=access.campaign, by=request.user)
        return Response(brought_data(campaign))


class BroughtInGameView(ApiView):
    @extend_schema(request=None, responses={204: None, **errors(*WRITE_ERRORS)}, tags=["bring-in"])
    def delete(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.OWN)
        take_out_game(campaign=access.campaign, number=number, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BroughtInMarkView(ApiView):
    @extend_schema(request=None, responses={204: None, **errors(*WRITE_ERRORS)}, tags=["bring-in"])
    def delete(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        take_out_mark(
            campaign=access.campaign, mark_type=mark_type, mark_id=mark_id, by=request.user
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
