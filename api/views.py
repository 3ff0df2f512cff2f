"""REST views: thin. An input serializer checks the shape of the request, a service (or a pure
rule) decides, an output serializer renders. Access to a campaign is decided by ``api.access``
and every refusal is shaped by ``api.errors``.

Reads use a fixed number of queries whatever the size of the campaign: the world is one
``legacy.selectors.world_as_of`` call, lists prefetch what they render.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.db import transaction
from django.db.models import OuterRef, Prefetch, Subquery
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from api import serializers as s
from api.access import Access, Level, campaign_access, require_unlocked
from api.errors import ErrorSerializer
from api.pagination import AuditFilter, GameFilter, MarkFilter, Page
from api.parsers import SafeJSONParser
from api.throttling import LoginRateThrottle, failures_wait, record_failure
from campaigns import backup, members, services
from campaigns.game.derived import faction_card_backs, standings
from campaigns.game.finish import amend_game, finish_game, name_world
from campaigns.game.packets import open_packet, packets_to_open
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import (
    coin_pile_out,
    destroy_city,
    eliminate_faction,
    place_mark,
    place_scar,
    record_recruitment,
    rejoin_faction,
    use_missiles,
)
from campaigns.models import (
    AuditEntry,
    Campaign,
    Game,
    GameEvent,
    GameReward,
    Membership,
    Player,
    Seat,
)
from legacy import board, odds, rules
from legacy.box import BASE_TRADE_CHART, PACKETS, WINNERS_LINES
from legacy.corrections import COMMON_EDITABLE, EDITABLE, MARK_TYPES, TYPE_OF_MODEL
from legacy.errors import RuleViolation
from legacy.models import (
    City,
    Fortification,
    Mark,
    OtherMark,
    PacketOpening,
    Scar,
    Signature,
    UnlockedContent,
    WorldName,
)
from legacy.selectors import NOW, trade_chart, world_as_of

# --- Plumbing ----------------------------------------------------------------------------------


def errors(*codes: int) -> dict:
    """The documented refusals of an operation, all in the one error shape."""
    text = {
        400: "A broken rule of the box, or a field that is not valid.",
        401: "Not logged in (send 'Authorization: Token ...' or log in).",
        403: "Logged in, but your role does not allow it (or a missing CSRF token).",
        404: "No such campaign for you (private campaigns stay hidden), or no such item.",
        409: "The state of things refuses it (a game already finished, a stale amendment).",
        429: "Too many attempts: wait and try again.",
    }
    return {code: OpenApiResponse(ErrorSerializer, description=text[code]) for code in codes}


READ_ERRORS = (400, 401, 403, 404)
WRITE_ERRORS = (400, 401, 403, 404, 409)

SHARE = OpenApiParameter(
    "share",
    str,
    required=False,
    description="The campaign's share token, to read a shared campaign without an account.",
)


class ApiView(APIView):
    """JSON in, JSON out; nothing else is parsed, so no request arrives in a shape that the
    serializers did not expect. Token comes first among the schemes so that a refusal for want
    of a login is a 401 with a ``WWW-Authenticate: Token`` challenge (DRF asks the first
    scheme); a session still works, with its CSRF check on writes."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    parser_classes = [SafeJSONParser]
    # No OPTIONS self-description: the OpenAPI schema documents every operation, and DRF's
    # metadata needs a serializer_class these views do not have (OPTIONS is a 405).
    metadata_class = None
    renderer_classes = [JSONRenderer]


def read_body(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def read_query(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


# --- The board and the odds (no login) ---------------------------------------------------------


class BoardView(ApiView):
    """The printed board: continents with their base bonus, territories with their neighbours."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(responses=s.BoardSerializer, tags=["board"])
    def get(self, request):
        data = {
            "continents": [
                {"slug": c.slug, "name": c.name, "bonus": c.bonus} for c in board.CONTINENTS
            ],
            "territories": [
                {
                    "slug": t.slug,
                    "name": t.name,
                    "continent": t.continent,
                    "neighbors": sorted(board.neighbors(t.slug)),
                }
                for t in board.TERRITORIES
            ],
        }
        return Response(data)


MODIFIER_NAMES = (
    "bunker",
    "ammo_shortage",
    "fortified",
    "fortification_boxes",
    "mechaniker_hq",
    "mechaniker_double_six",
    "bear_lower_die",
    "bear_three_of_a_kind",
)


def _modifiers(data: dict) -> dict:
    return {name: data[name] for name in MODIFIER_NAMES}


class OddsView(ApiView):
    """Exact odds of one attack played to the end (``legacy.odds.battle_odds``)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        parameters=[s.OddsQuerySerializer],
        responses={200: s.OddsSerializer, **errors(400)},
        tags=["odds"],
    )
    def get(self, request):
        q = read_query(s.OddsQuerySerializer, request)
        result = odds.battle_odds(
            q["attackers"],
            q["defenders"],
            missiles=q["missiles"],
            stop_at=q["stop_at"],
            **_modifiers(q),
        )
        return Response(
            {
                "attackers": result.attackers,
                "defenders": result.defenders,
                "missiles": result.missiles,
                "stop_at": q["stop_at"],
                "modifiers": _modifiers(q),
                "p_conquer": result.p_conquer,
                "attackers_left": {str(k): v for k, v in result.attackers_left.items()},
                "defenders_left": {str(k): v for k, v in result.defenders_left.items()},
                "expected_attacker_losses": result.expected_attacker_losses,
                "expected_defender_losses": result.expected_defender_losses,
                "expected_missiles_used": result.expected_missiles_used,
                "p_conquered_outright": result.p_conquered_outright,
                "p_halted": result.p_halted,
            }
        )


class TroopsNeededView(ApiView):
    """The fewest troops on the attacking territory for at least a ``target`` chance."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        parameters=[s.TroopsNeededQuerySerializer],
        responses={200: s.TroopsNeededSerializer, **errors(400)},
        tags=["odds"],
    )
    def get(self, request):
        q = read_query(s.TroopsNeededQuerySerializer, request)
        troops = odds.troops_needed(
            q["defenders"],
            q["target"],
            missiles=q["missiles"],
            stop_at=q["stop_at"],
            **_modifiers(q),
        )
        return Response({"defenders": q["defenders"], "target": q["target"], "troops": troops})


# --- Accounts ----------------------------------------------------------------------------------


class TokenView(ApiView):
    """Trade a username and password for the token scripts send as ``Authorization: Token``."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [LoginRateThrottle]

    @extend_schema(
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, **errors(400, 429)},
        tags=["accounts"],
    )
    def post(self, request):
        data = read_body(s.TokenRequestSerializer, request)
        wait = failures_wait(data["username"])
        if wait is not None:
            raise exceptions.Throttled(wait, "Too many failed logins for this account.")
        user = authenticate(request._request, username=data["username"], password=data["password"])
        if user is None or not user.is_active:
            record_failure(data["username"])
            raise RuleViolation("Wrong username or password.", rule="credentials", field="password")
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class MeView(ApiView):
    """Who the token or session belongs to: a cheap check that credentials work."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: s.MeSerializer, **errors(401)}, tags=["accounts"])
    def get(self, request):
        return Response({"id": request.user.pk, "username": request.user.get_username()})


# --- Campaigns, members, players ---------------------------------------------------------------


def campaign_data(campaign: Campaign, role: str | None) -> dict:
    return {
        "id": campaign.pk,
        "name": campaign.name,
        "owner": campaign.owner.get_username(),
        "created_at": campaign.created_at,
        "prepared": campaign.prepared_at is not None,
        "shared": campaign.shared,
        "public": campaign.public,
        "hide_unlocked_content": campaign.hide_unlocked_content,
        "language": campaign.language,
        "my_role": role,
        "share_token": campaign.share_token if role == "owner" else None,
    }


class CampaignListView(ApiView, GenericAPIView):
    """The campaigns I am a member of, and opening a new one."""

    permission_classes = [IsAuthenticated]
    pagination_class = Page
    queryset = Campaign.objects.none()

    @extend_schema(
        responses={200: s.CampaignSerializer(many=True), **errors(401)}, tags=["campaigns"]
    )
    def get(self, request):
        mine = (
            Campaign.objects.filter(memberships__user=request.user)
            .select_related("owner")
            .annotate(
                my_role=Subquery(
                    Membership.objects.filter(campaign=OuterRef("pk"), user=request.user).values(
                        "role"
                    )[:1]
                )
            )
            .order_by("-created_at", "-id")
        )
        page = self.paginate_queryset(mine)
        return self.get_paginated_response([campaign_data(c, c.my_role) for c in page])

    @extend_schema(
        request=s.CampaignCreateSerializer,
        responses={201: s.CampaignSerializer, **errors(400, 401, 403)},
        tags=["campaigns"],
    )
    def post(self, request):
        data = read_body(s.CampaignCreateSerializer, request)
        campaign = services.create_campaign(
            owner=request.user,
            name=data["name"],
            players=data["players"],
            language=data["language"],
        )
        return Response(campaign_data(campaign, "owner"), status=status.HTTP_201_CREATED)


SHARING_FIELDS = {"shared", "public", "hide_unlocked_content", "new_share_link"}


class CampaignDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.CampaignSerializer, **errors(*READ_ERRORS)},
        tags=["campaigns"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(campaign_data(access.campaign, access.role))

    @extend_schema(
        request=s.CampaignUpdateSerializer,
        responses={200: s.CampaignSerializer, **errors(*WRITE_ERRORS)},
        tags=["campaigns"],
        description="The owner turns shared/public/hide_unlocked_content on or off, and sets the "
        "language of the board pictures; new_share_link replaces the share token, so the old "
        "link stops working.",
    )
    def patch(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        data = read_body(s.CampaignUpdateSerializer, request)
        current = access.campaign
        campaign = current
        with transaction.atomic():
            if set(data) & SHARING_FIELDS or "language" not in data:
                campaign = members.update_sharing(
                    campaign=current,
                    shared=data.get("shared", current.shared),
                    public=data.get("public", current.public),
                    hide_unlocked_content=data.get(
                        "hide_unlocked_content", current.hide_unlocked_content
                    ),
                    new_link=data.get("new_share_link", False),
                    by=request.user,
                )
            if "language" in data:
                campaign = members.set_language(
                    campaign=campaign, language=data["language"], by=request.user
                )
        campaign.owner = current.owner
        return Response(campaign_data(campaign, access.role))


class ExportView(ApiView):
    """The whole campaign as one versioned JSON document (``campaigns.backup``). Members only:
    it holds the audit trail and the members' usernames."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(*READ_ERRORS)}, tags=["campaigns"])
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        document = backup.export_campaign(access.campaign.pk)
        filename = f"earthbook-campaign-{access.campaign.pk}.json"
        return Response(
            document, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )


class ImportView(ApiView):
    """A backup restored into a new campaign that the caller owns; all or nothing."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: s.ImportedSerializer, **errors(400, 401, 403)},
        tags=["campaigns"],
    )
    def post(self, request):
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError({"non_field_errors": ["A backup is one JSON object."]})
        notes: list[str] = []
        campaign = backup.import_campaign(request.data, owner=request.user, notes=notes)
        campaign = Campaign.objects.select_related("owner").get(pk=campaign.pk)
        return Response(
            {"campaign": campaign_data(campaign, "owner"), "notes": notes},
            status=status.HTTP_201_CREATED,
        )


def member_data(member: Membership) -> dict:
    return {
        "id": member.pk,
        "user_id": member.user_id,
        "username": member.user.get_username(),
        "role": member.role,
    }


class MemberListView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: s.MemberSerializer(many=True), **errors(*READ_ERRORS)}, tags=["members"]
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        members = Membership.objects.filter(campaign=access.campaign).select_related("user")
        return Response([member_data(m) for m in members.order_by("id")])

    @extend_schema(
        request=s.MemberAddSerializer,
        responses={201: s.MemberSerializer, **errors(*WRITE_ERRORS)},
        tags=["members"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        data = read_body(s.MemberAddSerializer, request)
        member = members.add_member(
            campaign=access.campaign, username=data["username"], role=data["role"], by=request.user
        )
        return Response(member_data(member), status=status.HTTP_201_CREATED)


class MemberDetailView(ApiView):
    permission_classes = [AllowAny]

    def _member(self, access: Access, member_id: int) -> Membership:
        member = Membership.objects.filter(campaign=access.campaign, pk=member_id).first()
        if member is None:
            raise exceptions.NotFound("There is no such member.")
        return member

    @extend_schema(
        request=s.MemberRoleSerializer,
        responses={200: s.MemberSerializer, **errors(*WRITE_ERRORS)},
        tags=["members"],
    )
    def patch(self, request, campaign_id, member_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        member = self._member(access, member_id)
        data = read_body(s.MemberRoleSerializer, request)
        member = members.set_role(
            campaign=access.campaign, membership=member, role=data["role"], by=request.user
        )
        return Response(member_data(member))

    @extend_schema(responses={204: None, **errors(*WRITE_ERRORS)}, tags=["members"])
    def delete(self, request, campaign_id, member_id):
        access = campaign_access(request, campaign_id, Level.OWN)
        member = self._member(access, member_id)
        members.remove_member(campaign=access.campaign, membership=member, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def player_data(player: Player) -> dict:
    return {"id": player.pk, "name": player.name, "user_id": player.user_id}


class PlayerListView(ApiView):
    """The roster: everyone who sits at this campaign's table."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.PlayerSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["players"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response([player_data(p) for p in Player.objects.filter(campaign=access.campaign)])

    @extend_schema(
        request=s.PlayerAddSerializer,
        responses={201: s.PlayerSerializer, **errors(*WRITE_ERRORS)},
        tags=["players"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.PlayerAddSerializer, request)
        player = services.add_player(campaign=access.campaign, name=data["name"], by=request.user)
        return Response(player_data(player), status=status.HTTP_201_CREATED)


# --- The world ---------------------------------------------------------------------------------


class WorldView(ApiView):
    """The world now, or at the end of any game: every territory, continent, signature."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[s.AsOfSerializer, SHARE],
        responses={200: s.WorldSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        q = read_query(s.AsOfSerializer, request)
        world = services.cached_world(access.campaign, q.get("as_of_game"))
        return Response(s.world_data(world))


class WorldNameView(ApiView):
    """After game 15: the player with the most signatures names the world."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=s.WorldNameSerializer,
        responses={201: s.WorldNamedSerializer, **errors(*WRITE_ERRORS)},
        tags=["world"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.WorldNameSerializer, request)
        mark = name_world(
            campaign=access.campaign, name=data["name"], rolls=data.get("rolls"), by=request.user
        )
        return Response(
            {"name": mark.name, "namer": mark.placed_by_id, "game": mark.placed_in_game},
            status=status.HTTP_201_CREATED,
        )


def _slugs(text: str, field: str) -> list[str]:
    slugs = [part.strip() for part in (text or "").split(",") if part.strip()]
    unknown = [slug for slug in slugs if slug not in board.TERRITORY_BY_SLUG]
    if unknown:
        raise exceptions.ValidationError({field: [f"There is no territory called {unknown[0]!r}."]})
    return slugs


def _roster_player(access: Access, player: int | None, field: str = "player") -> int | None:
    if (
        player is not None
        and not Player.objects.filter(campaign=access.campaign, pk=player).exists()
    ):
        raise exceptions.ValidationError({field: ["That player is not on this campaign's roster."]})
    return player


class LegalStartsView(ApiView):
    """Where a player may place an HQ now, given the HQs already placed."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[s.LegalStartsQuerySerializer, SHARE],
        responses={200: s.LegalStartsSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        q = read_query(s.LegalStartsQuerySerializer, request)
        player = _roster_player(access, q.get("player"))
        hqs = _slugs(q["hqs"], "hqs")
        world = world_as_of(access.campaign.pk)
        territories = rules.legal_starting_territories(world, player=player, hqs=hqs)
        return Response({"player": player, "territories": territories})


class RecruitmentView(ApiView):
    """Troops recruited for a player controlling some territories in this campaign's world."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[s.RecruitmentQuerySerializer, SHARE],
        responses={200: s.RecruitmentSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        q = read_query(s.RecruitmentQuerySerializer, request)
        player = _roster_player(access, q.get("player"))
        controlled = _slugs(q["controlled"], "controlled")
        world = world_as_of(access.campaign.pk)
        troops = rules.recruitment(
            world,
            player=player,
            controlled=controlled,
            trade_coins=q["trade_coins"],
            round_up=q["round_up"],
            trade_chart=trade_chart(access.campaign.pk) or BASE_TRADE_CHART,
        )
        return Response({"troops": troops})


# --- Marks and corrections ---------------------------------------------------------------------

COMMON_FIELDS = frozenset(
    {
        "id",
        "campaign",
        "placed_in_game",
        "placed_by",
        "entered_by",
        "entered_at",
        "removed_in_game",
        "removed_reason",
        "removed_note",
        "voided",
    }
)
RELATED = {Scar: ("kind",), OtherMark: ("kind",), Fortification: ("city",)}

MARK_TYPE = OpenApiParameter(
    "mark_type", str, OpenApiParameter.PATH, enum=list(MARK_TYPES), description="Type of mark."
)


MARK_FILTER_PARAMETERS = [
    OpenApiParameter(
        name,
        OpenApiTypes.BOOL
        if name in ("voided", "counting")
        else OpenApiTypes.STR
        if name == "territory"
        else OpenApiTypes.INT,
        required=False,
        description=str(f.label or ""),
    )
    for name, f in MarkFilter.base_filters.items()
]


def _jsonable(value):
    return value.isoformat() if hasattr(value, "isoformat") else value


def mark_data(mark: Mark) -> dict:
    model = type(mark)
    details = {}
    for f in model._meta.concrete_fields:
        if f.name in COMMON_FIELDS:
            continue
        if f.is_relation:
            details[f.name] = f.value_from_object(mark)
        else:
            details[f.name] = _jsonable(f.value_from_object(mark))
    if model in (Scar, OtherMark):
        details["kind"] = mark.kind.slug
    if model is Fortification:
        details["territory"] = mark.city.territory
        details["city_name"] = mark.city.name
    return {
        "id": mark.pk,
        "type": TYPE_OF_MODEL[model],
        "placed_in_game": mark.placed_in_game,
        "placed_by": mark.placed_by_id,
        "entered_by": mark.entered_by_id,
        "entered_at": mark.entered_at,
        "removed_in_game": mark.removed_in_game,
        "removed_reason": mark.removed_reason,
        "removed_note": mark.removed_note,
        "voided": mark.voided,
        "counts_now": mark.counts_now,
        "details": details,
    }


def correction_data(c) -> dict:
    return {
        "id": c.pk,
        "made_at": c.made_at,
        "reason": c.reason,
        "mark_type": c.mark_type,
        "voided_id": c.voided_id,
        "added_id": c.added_id,
        "before": c.before,
        "after": c.after,
    }


def _mark_model(mark_type: str) -> type[Mark]:
    model = MARK_TYPES.get(mark_type)
    if model is None:
        raise exceptions.NotFound(f"There is no type of mark called {mark_type!r}.")
    return model


class MarkListView(ApiView, GenericAPIView):
    """Every mark of one type, with filters: by game, player, territory, counting or voided."""

    permission_classes = [AllowAny]
    pagination_class = Page
    queryset = City.objects.none()

    @extend_schema(
        parameters=[MARK_TYPE, SHARE, *MARK_FILTER_PARAMETERS],
        responses={200: s.MarkSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["marks"],
    )
    def get(self, request, campaign_id, mark_type):
        access = campaign_access(request, campaign_id, Level.READ)
        model = _mark_model(mark_type)
        queryset = model.objects.filter(campaign=access.campaign).select_related(
            *RELATED.get(model, ())
        )
        filterset = MarkFilter(request.query_params, queryset=queryset)
        if not filterset.is_valid():
            raise exceptions.ValidationError(filterset.errors)
        page = self.paginate_queryset(filterset.qs.order_by("placed_in_game", "id"))
        return self.get_paginated_response([mark_data(m) for m in page])


def _existing_mark(access: Access, model: type[Mark], mark_id: int) -> None:
    if not model.objects.filter(campaign=access.campaign, pk=mark_id).exists():
        raise exceptions.NotFound("There is no such mark in this campaign.")


def _fresh_mark(model: type[Mark], mark_id: int) -> Mark:
    return model.objects.select_related(*RELATED.get(model, ())).get(pk=mark_id)


class MarkDetailView(ApiView):
    """One mark; PATCH corrects it (with a reason), keeping what it was in a Correction."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[MARK_TYPE, SHARE],
        responses={200: s.MarkSerializer, **errors(*READ_ERRORS)},
        tags=["marks"],
    )
    def get(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.READ)
        model = _mark_model(mark_type)
        mark = (
            model.objects.filter(campaign=access.campaign, pk=mark_id)
            .select_related(*RELATED.get(model, ()))
            .first()
        )
        if mark is None:
            raise exceptions.NotFound("There is no such mark in this campaign.")
        return Response(mark_data(mark))

    @extend_schema(
        parameters=[MARK_TYPE],
        request=s.MarkCorrectionSerializer,
        responses={200: s.CorrectedMarkSerializer, **errors(*WRITE_ERRORS)},
        tags=["marks"],
        description="Correct a mark entered wrongly. Send the reason and only the fields to "
        "change; which fields a type of mark has is listed in its details.",
    )
    def patch(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        model = _mark_model(mark_type)
        _existing_mark(access, model, mark_id)
        data = dict(read_body(s.MarkCorrectionSerializer, request))
        reason = data.pop("reason")
        allowed = EDITABLE[model] | COMMON_EDITABLE
        refused = sorted(set(data) - allowed)
        if refused:
            raise exceptions.ValidationError(
                {name: [f"A {mark_type} mark has no {name} to correct."] for name in refused}
            )
        if not data:
            raise exceptions.ValidationError({"non_field_errors": ["Nothing to correct."]})
        mark, correction = services.correct_mark(
            campaign=access.campaign,
            model=model,
            mark_id=mark_id,
            changes=data,
            reason=reason,
            by=request.user,
        )
        return Response(
            {
                "mark": mark_data(_fresh_mark(model, mark.pk)),
                "correction": correction_data(correction),
            }
        )


class MarkVoidView(ApiView):
    """A mark that should never have been entered stops counting in every game, with a reason."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[MARK_TYPE],
        request=s.ReasonSerializer,
        responses={200: s.CorrectedMarkSerializer, **errors(*WRITE_ERRORS)},
        tags=["marks"],
    )
    def post(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        model = _mark_model(mark_type)
        _existing_mark(access, model, mark_id)
        data = read_body(s.ReasonSerializer, request)
        mark, correction = services.void_mark(
            campaign=access.campaign,
            model=model,
            mark_id=mark_id,
            reason=data["reason"],
            by=request.user,
        )
        return Response(
            {
                "mark": mark_data(_fresh_mark(model, mark.pk)),
                "correction": correction_data(correction),
            }
        )


# --- Before the first game ---------------------------------------------------------------------


class FirstGameView(ApiView):
    """Once per campaign: each faction keeps one starting power; the 12 coins go on cards."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=s.FirstGameSerializer,
        responses={201: s.FirstGameResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.FirstGameSerializer, request)
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


# --- Games ---------------------------------------------------------------------------------------

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


def _game(access: Access, number: int) -> Game:
    game = _game_queryset(access.campaign, detail=True).filter(number=number).first()
    if game is None:
        raise exceptions.NotFound(f"There is no game {number} in this campaign.")
    return game


def _fresh_game(campaign: Campaign, pk: int) -> Game:
    return _game_queryset(campaign, detail=True).get(pk=pk)


class GameListView(ApiView, GenericAPIView):
    """The games, oldest first; POST sets up the next one."""

    permission_classes = [AllowAny]
    pagination_class = Page
    filterset_class = GameFilter
    queryset = Game.objects.none()

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.GameSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        queryset = self.filter_queryset(_game_queryset(access.campaign).order_by("number"))
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(s.GameSerializer(page, many=True).data)

    @extend_schema(
        request=s.GameSetupSerializer,
        responses={201: s.GameDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Set up the next game: seats in seating order, each with a faction and an "
        "HQ on a legal starting territory.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.GameSetupSerializer, request)
        game = setup_game(
            campaign=access.campaign,
            seats=[dict(seat) for seat in data["seats"]],
            played_on=data.get("played_on"),
            by=request.user,
        )
        return Response(
            s.GameDetailSerializer(_fresh_game(access.campaign, game.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class GameDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.GameDetailSerializer, **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(s.GameDetailSerializer(_game(access, number)).data)


class GameStartView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={200: s.GameDetailSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        game = start_game(game=_game(access, number), by=request.user)
        return Response(s.GameDetailSerializer(_fresh_game(access.campaign, game.pk)).data)


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
            "game": s.GameDetailSerializer(_fresh_game(access.campaign, result.game.pk)).data,
            "packets_to_open": result.packets_to_open,
            "world_to_be_named": result.world_to_be_named,
        }
    )


class GameFinishView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=s.FinishSerializer,
        responses={200: s.FinishResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="End the game: every result, the winner's reward, each held-on reward "
        "(clockwise from the winner); then which packets must be opened.",
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.FinishSerializer, request)
        result = finish_game(game=_game(access, number), by=request.user, **_finish_arguments(data))
        return _finish_response(access, result)


class GameAmendView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=s.AmendSerializer,
        responses={200: s.FinishResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Redo the end of the last finished game; send the revision you read.",
    )
    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.AmendSerializer, request)
        result = amend_game(
            game=_game(access, number),
            revision=data["revision"],
            reason=data["reason"],
            by=request.user,
            **_finish_arguments(data),
        )
        return _finish_response(access, result)


def event_data(result) -> dict:
    event = result.event
    return {
        "event": {
            "seq": event.seq,
            "kind": event.kind,
            "at": event.at,
            "player": event.seat.player_id if event.seat_id else None,
            "summary": event.summary,
            "data": event.data,
        },
        "packets_to_open": result.packets_to_open,
        "red_star_to": result.red_star_to,
    }


class _EventView(ApiView):
    """An in-game event: the input serializer checks the shape, ``record`` calls the service."""

    permission_classes = [AllowAny]
    input_serializer: type = s.RejoinEventSerializer

    def record(self, game: Game, data: dict, by):  # pragma: no cover - every subclass has one
        raise NotImplementedError

    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(self.input_serializer, request)
        game = _game(access, number)
        result = self.record(game, data, request.user)
        return Response(event_data(result), status=status.HTTP_201_CREATED)


def _event_schema(serializer, description: str):
    return extend_schema(
        request=serializer,
        responses={201: s.EventResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["game events"],
        description=description,
    )


class ScarEventView(_EventView):
    input_serializer = s.ScarEventSerializer

    @_event_schema(s.ScarEventSerializer, "A scar placed from a scar card (it is permanent).")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return place_scar(
            game=game,
            scar=data["scar"],
            territory=data.get("territory"),
            faction=data.get("faction"),
            player=data.get("player"),
            by=by,
        )


class MissilesEventView(_EventView):
    input_serializer = s.MissilesEventSerializer

    @_event_schema(s.MissilesEventSerializer, "Missiles played on one roll (3 open Pocket 1).")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return use_missiles(game=game, count=data["count"], player=data.get("player"), by=by)


class RecruitmentEventView(_EventView):
    input_serializer = s.RecruitmentEventSerializer

    @_event_schema(
        s.RecruitmentEventSerializer, "A big recruitment (30+ with a missile opens Pocket 2)."
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return record_recruitment(
            game=game,
            player=data["player"],
            troops=data["troops"],
            holds_missile=data["holds_missile"],
            by=by,
        )


class EliminationEventView(_EventView):
    input_serializer = s.EliminationEventSerializer

    @_event_schema(
        s.EliminationEventSerializer, "A faction wiped out (for good unless it may rejoin)."
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return eliminate_faction(
            game=game, player=data["player"], can_rejoin=data["can_rejoin"], by=by
        )


class RejoinEventView(_EventView):
    input_serializer = s.RejoinEventSerializer

    @_event_schema(s.RejoinEventSerializer, "A wiped-out faction joins the war again.")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return rejoin_faction(game=game, player=data["player"], by=by)


class CoinPileOutEventView(_EventView):
    input_serializer = s.CoinPileOutEventSerializer

    @_event_schema(
        s.CoinPileOutEventSerializer,
        "The coin-card pile ran out: the first time, a red star to the player with most "
        "territories.",
    )
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return coin_pile_out(game=game, territories=data["territories"], by=by)


class MarkEventView(_EventView):
    input_serializer = s.MarkEventSerializer

    @_event_schema(s.MarkEventSerializer, "A mark of a kind the group unlocked.")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return place_mark(
            game=game,
            kind=data["kind"],
            territory=data.get("territory"),
            faction=data.get("faction"),
            label=data["label"],
            player=data.get("player"),
            by=by,
        )


class CityDestroyedEventView(_EventView):
    input_serializer = s.CityDestroyedEventSerializer

    @_event_schema(s.CityDestroyedEventSerializer, "A city destroyed by unlocked content.")
    def post(self, request, campaign_id, number):
        return super().post(request, campaign_id, number)

    def record(self, game, data, by):
        return destroy_city(game=game, territory=data["territory"], by=by)


# --- Packets and unlocked content ---------------------------------------------------------------


def unlocked_data(item: UnlockedContent) -> dict:
    return {
        "id": item.pk,
        "packet": item.opening.packet,
        "game": item.opening.placed_in_game,
        "kind": item.kind,
        "title": item.title,
        "text": item.text,
    }


class PacketListView(ApiView):
    """Every packet of the box: sealed or opened (in which game), and those to open now."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.PacketsSerializer, **errors(*READ_ERRORS)},
        tags=["packets"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        opened = dict(
            PacketOpening.objects.filter(campaign=access.campaign, voided=False).values_list(
                "packet", "placed_in_game"
            )
        )
        return Response(
            {
                "to_open": packets_to_open(access.campaign.pk),
                "packets": [
                    {
                        "slug": p.slug,
                        "name": p.name,
                        "trigger": p.trigger,
                        "opened_at": p.opened_at,
                        "opened_in_game": opened.get(p.slug),
                    }
                    for p in PACKETS
                ],
            }
        )

    @extend_schema(
        request=s.PacketOpenSerializer,
        responses={201: s.PacketOpenedSerializer, **errors(*WRITE_ERRORS)},
        tags=["packets"],
        description="Open a sealed packet and enter, in your own words, what it unlocked.",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(s.PacketOpenSerializer, request)
        opening = open_packet(
            campaign=access.campaign,
            packet=data["packet"],
            unlocked=[dict(u) for u in data["unlocked"]],
            trigger=data["trigger"],
            by=request.user,
        )
        contents = UnlockedContent.objects.filter(opening=opening).select_related("opening")
        return Response(
            {
                "packet": opening.packet,
                "name": s.packet_name(opening.packet),
                "game": opening.placed_in_game,
                "unlocked": [unlocked_data(u) for u in contents.order_by("id")],
            },
            status=status.HTTP_201_CREATED,
        )


class UnlockedView(ApiView):
    """What the opened packets unlocked; members only when the campaign hides it."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.UnlockedContentSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["packets"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        # Hidden content is for the people who record the games: viewers and the share link
        # see that packets were opened, not what they held.
        require_unlocked(
            request, access, "This campaign shows its unlocked content to its owner and editors."
        )
        items = UnlockedContent.objects.filter(
            campaign=access.campaign, opening__voided=False
        ).select_related("opening")
        return Response([unlocked_data(u) for u in items])


# --- Derived views -----------------------------------------------------------------------------


class WinnersView(ApiView):
    """The winners' section of the board: fifteen lines, and the world's name once written."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.WinnersSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        lines = list(Signature.objects.filter(campaign=access.campaign).as_of(NOW).order_by("line"))
        world_name = WorldName.objects.filter(campaign=access.campaign).as_of(NOW).first()
        return Response(
            {
                "world_name": world_name.name if world_name else None,
                "lines": [
                    {
                        "line": x.line,
                        "name": x.name,
                        "player": x.placed_by_id,
                        "game": x.placed_in_game,
                        "date": x.date,
                        "slogan": x.slogan,
                    }
                    for x in lines
                ],
                "lines_left": max(0, WINNERS_LINES - len(lines)),
            }
        )


class FactionCardsView(ApiView):
    """The backs of the faction cards: each game, who played the faction, or an X."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.FactionCardSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        backs = faction_card_backs(access.campaign.pk)
        return Response([{"faction": f, "lines": lines} for f, lines in backs.items()])


class StandingsView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SHARE],
        responses={200: s.StandingsSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(standings(access.campaign.pk))


class AuditView(ApiView, GenericAPIView):
    """Every change to the campaign, newest first: who, when, what. Members only."""

    permission_classes = [AllowAny]
    pagination_class = Page
    filterset_class = AuditFilter
    queryset = AuditEntry.objects.none()

    @extend_schema(
        responses={200: s.AuditEntrySerializer(many=True), **errors(*READ_ERRORS)},
        tags=["campaigns"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        queryset = self.filter_queryset(
            AuditEntry.objects.filter(campaign=access.campaign)
            .select_related("user")
            .order_by("-at", "-id")
        )
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(s.AuditEntrySerializer(page, many=True).data)
