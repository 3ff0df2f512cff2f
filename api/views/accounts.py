"""Accounts: a token for a username and password (and its revocation), and who the caller is."""

from __future__ import annotations

from axes.helpers import get_cool_off
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from api.serializers.campaign import (
    MeSerializer,
    MyCampaignSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)
from api.throttling import LoginRateThrottle
from api.tokens import ExpiringTokenAuthentication, issue_token, revoke_token
from api.views.common import ApiView, errors, read_body
from campaigns.claims import my_campaigns
from campaigns.logins import authenticate_in_turn
from legacy.errors import RuleViolation
from legacy.refusals import ServiceRule


class TokenView(ApiView):
    """Trade a username and password for the token scripts send as ``Authorization: Token``
    (POST), or give the token up (DELETE).

    POST reads no credentials, so that a stale token in a script's headers cannot stand in the
    way of getting a fresh one; DELETE reads only the token it revokes."""

    def _method(self) -> str | None:
        # (The schema generator asks before it has given the view a request.)
        request = getattr(self, "request", None)
        return request.method if request is not None else None

    def get_authenticators(self):
        return [ExpiringTokenAuthentication()] if self._method() == "DELETE" else []

    def get_permissions(self):
        return [IsAuthenticated()] if self._method() == "DELETE" else [AllowAny()]

    def get_throttles(self):
        return [LoginRateThrottle()] if self._method() == "POST" else []

    @extend_schema(
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, **errors(400, 429)},
        tags=["accounts"],
        description=(
            "A new token for the device that signs in, good for API_TOKEN_TTL_HOURS (until "
            "'expiry'); the account's other devices keep theirs. A new password revokes them all."
        ),
    )
    def post(self, request):
        data = read_body(TokenRequestSerializer, request)
        # With the request, axes counts a failure for this username from this address, and
        # refuses (flagging the request) once there were too many within the cool-down.
        user = authenticate_in_turn(
            request._request, username=data["username"], password=data["password"]
        )
        if getattr(request._request, "axes_locked_out", False):
            cool_off = get_cool_off(request._request)
            raise exceptions.Throttled(
                cool_off.total_seconds() if cool_off else None,
                "Too many failed logins for this account from this address.",
            )
        if user is None or not user.is_active:
            raise RuleViolation(ServiceRule.CREDENTIALS, field="password")
        token, secret = issue_token(user)
        return Response({"token": secret, "expiry": token.expiry})

    @extend_schema(
        request=None,
        responses={204: None, **errors(401)},
        tags=["accounts"],
        description=(
            "Revoke the token sent in 'Authorization: Token ...' (this device signs out); it "
            "never works again. The account's other devices stay signed in."
        ),
    )
    def delete(self, request):
        revoke_token(request.auth)
        return Response(status=204)


class MeView(ApiView):
    """Who the token or session belongs to: a cheap check that credentials work."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer, **errors(401)}, tags=["accounts"])
    def get(self, request):
        return Response(MeSerializer(request.user).data)


def my_campaign_data(membership) -> dict:
    record = membership.record
    player = None
    if record is not None:
        seat = record.seat
        player = {
            "id": record.player,
            "name": record.name,
            "played": record.played,
            "won": record.won,
            "seat": None
            if seat is None
            else {
                "game": seat.game.number,
                "now": record.seat_now,
                "faction": record.faction,
                "faction_name": record.faction_name,
                "result": seat.result,
            },
        }
    return {
        "id": membership.campaign_id,
        "name": membership.campaign.name,
        "role": membership.role,
        "player": player,
    }


class MyCampaignsView(ApiView):
    """The caller's campaigns, newest first, with the roster name they are linked to in each,
    its seat in the game being played (else the last they played) and its record."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: MyCampaignSerializer(many=True), **errors(401)}, tags=["accounts"]
    )
    def get(self, request):
        return Response([my_campaign_data(m) for m in my_campaigns(request.user)])
