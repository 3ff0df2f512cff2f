"""Accounts: a token for a username and password, and who the caller is."""

from __future__ import annotations

from axes.helpers import get_cool_off
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from api.serializers.campaign import MeSerializer, TokenRequestSerializer, TokenSerializer
from api.throttling import LoginRateThrottle
from api.views.common import ApiView, errors, read_body
from campaigns.logins import authenticate_in_turn
from legacy.errors import RuleViolation


class TokenView(ApiView):
    """Trade a username and password for the token scripts send as ``Authorization: Token``."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [LoginRateThrottle]

    @extend_schema(
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, **errors(400, 429)},
        tags=["accounts"],
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
            raise RuleViolation("Wrong username or password.", rule="credentials", field="password")
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class MeView(ApiView):
    """Who the token or session belongs to: a cheap check that credentials work."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer, **errors(401)}, tags=["accounts"])
    def get(self, request):
        return Response({"id": request.user.pk, "username": request.user.get_username()})
