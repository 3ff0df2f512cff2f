"""The world now or as of any game, its name, and the calculators that read it (legal starts,
troops to recruit).
"""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.serializers.world import (
    AsOfSerializer,
    LegalStartsQuerySerializer,
    LegalStartsSerializer,
    RecruitmentQuerySerializer,
    RecruitmentSerializer,
    WorldNamedSerializer,
    WorldNameSerializer,
    WorldSerializer,
    world_data,
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
from campaigns import services
from campaigns.game.draft import joining_troops_now
from campaigns.game.finish import name_world
from campaigns.game.odds import rounds_up
from campaigns.hiding import unknown_territory, world_as_read
from campaigns.selectors import people
from campaigns.services import campaign_world
from campaigns.versioned import cached_read
from legacy import board, rules
from legacy.box import BASE_TRADE_CHART
from legacy.selectors import trade_chart


class WorldView(ApiView):
    """The world now, or at the end of any game: every territory, continent, signature."""

    @extend_schema(
        parameters=[AsOfSerializer, SHARE],
        responses={200: WorldSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        # The world now (no game asked for, the common read) needs no serializer: the query's
        # other parameters (a share token) are not the serializer's to read.
        q = read_query(AsOfSerializer, request) if "as_of_game" in request.query_params else {}
        require_game(access.campaign, q.get("as_of_game"))
        return world_response(request, access, q.get("as_of_game"))


def world_response(request, access: Access, game: int | None):
    """The world as JSON. Its bytes are cached per marks version (like the world itself, see
    ``services.cached_world``), so a read of an unchanged world neither rebuilds nor
    re-serializes it; a browser asking for the browsable API, and a reader from whom the
    campaign hides unlocked content, get it rendered afresh."""
    campaign = access.campaign
    if request.accepted_renderer.format != "json" or not access.sees_unlocked:
        # A reader the campaign hides unlocked content from gets placeholders, put in by
        # ``ApiView.finalize_response`` on the response's data: never the cached bytes.
        world = services.cached_world(campaign, game)
        return Response(world_data(world_as_read(world, access.sees_unlocked)))
    body = cached_read(
        campaign,
        "world-bytes",
        ("now" if game is None else game, int(services.cancelled_scars_mark(campaign))),
        lambda: JSONRenderer().render(world_data(services.cached_world(campaign, game))),
        versions=(campaign.marks_version,),
        timeout=services.WORLD_TIMEOUT_SECONDS,
    )
    return HttpResponse(body, content_type="application/json")


class WorldNameView(ApiView):
    """After game 15: the player with the most signatures names the world."""

    @extend_schema(
        request=WorldNameSerializer,
        responses={201: WorldNamedSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(WorldNameSerializer, request)
        mark = name_world(
            campaign=access.campaign, name=data["name"], rolls=data.get("rolls"), by=request.user
        )
        return Response(
            {"name": mark.name, "namer": mark.placed_by_id, "game": mark.placed_in_game},
            status=status.HTTP_201_CREATED,
        )


def _slugs(
    text: str, field: str, on: board.Board = board.BOX, sees_unlocked: bool = True
) -> list[str]:
    """The territories a list names. To a reader the campaign hides what its packets unlocked
    from, a territory a packet added is one nobody made (``campaigns.hiding``)."""
    slugs = [part.strip() for part in (text or "").split(",") if part.strip()]
    if not sees_unlocked:
        hidden = [s for s in slugs if s not in board.TERRITORY_BY_SLUG]
        if hidden:
            raise unknown_territory(hidden[0], field, sees_unlocked)
    unknown = [slug for slug in slugs if not on.has(slug)]
    if unknown:
        raise exceptions.ValidationError({field: [f"There is no territory called {unknown[0]!r}."]})
    return slugs


def _roster_player(access: Access, player: int | None, field: str = "player") -> int | None:
    if player is not None and not people.on_roster(access.campaign.pk, player):
        raise exceptions.ValidationError({field: ["That player is not on this campaign's roster."]})
    return player


class LegalStartsView(ApiView):
    """Where a player may place an HQ now, given the HQs already placed and the territories
    occupied; or, with ``joining``, where a player joining the war mid-game may place half their
    starting troops (``troops``)."""

    @extend_schema(
        parameters=[LegalStartsQuerySerializer, SHARE],
        responses={200: LegalStartsSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        q = read_query(LegalStartsQuerySerializer, request)
        player = _roster_player(access, q.get("player"))
        world = world_as_read(campaign_world(access.campaign), access.sees_unlocked)
        hqs = _slugs(q["hqs"], "hqs", world.board, access.sees_unlocked)
        occupied = _slugs(q["occupied"], "occupied", world.board, access.sees_unlocked)
        if q["joining"]:
            territories = rules.legal_joining_territories(
                world,
                player=player,
                occupied=[*occupied, *hqs],
                capital_starts=access.campaign.world_capital_is_a_start,
            )
        else:
            territories = rules.legal_starting_territories(
                world,
                player=player,
                occupied=occupied,
                hqs=hqs,
                capital_starts=access.campaign.world_capital_is_a_start,
            )
        return Response(
            {
                "player": player,
                "joining": q["joining"],
                "territories": territories,
                "eliminated": q["joining"] and not territories,
                "troops": joining_troops_now(access.campaign.pk, player),
            }
        )


class RecruitmentView(ApiView):
    """Troops recruited for a player controlling some territories in this campaign's world."""

    @extend_schema(
        parameters=[RecruitmentQuerySerializer, SHARE],
        responses={200: RecruitmentSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        q = read_query(RecruitmentQuerySerializer, request)
        player = _roster_player(access, q.get("player"))
        world = world_as_read(campaign_world(access.campaign), access.sees_unlocked)
        controlled = _slugs(q["controlled"], "controlled", world.board, access.sees_unlocked)
        troops = rules.recruitment(
            world,
            player=player,
            controlled=controlled,
            trade_coins=q["trade_coins"],
            round_up=q["round_up"] or rounds_up(access.campaign.pk, q["faction"] or None, player),
            trade_chart=trade_chart(access.campaign.pk) or BASE_TRADE_CHART,
        )
        return Response({"troops": troops})
