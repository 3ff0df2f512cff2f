"""Accounts: a token for a username and password (and its revocation), and who the caller is."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from api.serializers.campaign import MeSerializer, TokenRequestSerializer, TokenSerializer
from api.throttling import LoginRateThrottle, failures_wait, record_failure
from api.tokens import ExpiringTokenAuthentication, issue_token, revoke_tokens
from api.views.common import ApiView, errors, read_body
from legacy.errors import RuleViolation


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
            "The account's token, good for API_TOKEN_TTL_HOURS after it was issued; once it has "
            "expired, or was revoked, a new one. A new password revokes the token."
        ),
    )
    def post(self, request):
        data = read_body(TokenRequestSerializer, request)
        wait = failures_wait(data["username"])
        if wait is not None:
            raise exceptions.Throttled(wait, "Too many failed logins for this account.")
        user = authenticate(request._request, username=data["username"], password=data["password"])
        if user is None or not user.is_active:
            record_failure(data["username"])
            raise RuleViolation("Wrong username or password.", rule="credentials", field="password")
        return Response({"token": issue_token(user).key})

    @extend_schema(
        request=None,
        responses={204: None, **errors(401)},
        tags=["accounts"],
        description="Revoke the token sent in 'Authorization: Token ...'; it never works again.",
    )
    def delete(self, request):
        revoke_tokens(request.user)
        return Response(status=204)


class MeView(ApiView):
    """Who the token or session belongs to: a cheap check that credentials work."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer, **errors(401)}, tags=["accounts"])
    def get(self, request):
        return Response({"id": request.user.pk, "username": request.user.get_username()})
