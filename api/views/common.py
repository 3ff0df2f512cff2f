"""What every API view shares: the one error shape in the schema, the share-link parameter, and
reading a body or a query through a serializer (a bad one is a 400 in the API's error shape).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from api.errors import ErrorSerializer
from api.parsers import SafeJSONParser
from api.serializers.common import refuse_repeated
from api.tokens import ExpiringTokenAuthentication
from campaigns.hiding import secrets_for
from campaigns.services import last_game_number


def errors(*codes: int) -> dict:
    """The documented refusals of an operation, all in the one error shape."""
    text = {
        400: "A broken rule of the box, or a field that is not valid.",
        401: (
            "Not logged in, or the token has expired or was revoked (send 'Authorization: "
            "Token ...' or log in)."
        ),
        403: "Logged in, but your role does not allow it (or a missing CSRF token).",
        404: "No such campaign for you (private campaigns stay hidden), or no such item.",
        409: "The state of things refuses it (a game already finished, a stale amendment).",
        413: "The request body is larger than this installation takes.",
        429: "Too many attempts: wait and try again.",
        503: "The task queue is out of reach: nothing was kept; try again after Retry-After.",
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
    scheme); a session still works, with its CSRF check on writes.

    Anyone may reach a view: who may read or change a campaign is decided inside it, by
    ``api.access.campaign_access(request, campaign_id, Level.X)`` (404 for a campaign the
    caller may not read, 401 or 403 below the level the operation needs). A view that is
    about the caller's own account and not a campaign sets ``IsAuthenticated`` itself."""

    authentication_classes = [ExpiringTokenAuthentication, SessionAuthentication]
    permission_classes = [AllowAny]
    parser_classes = [SafeJSONParser]
    # No OPTIONS self-description: the OpenAPI schema documents every operation, and DRF's
    # metadata needs a serializer_class these views do not have (OPTIONS is a 405).
    metadata_class = None
    renderer_classes = [JSONRenderer]

    def finalize_response(self, request, response, *args, **kwargs):
        """Every answer about a campaign that hides what its packets unlocked from this reader
        (``api.access.decide`` remembers who reads) holds placeholders instead of the words the
        group entered for it (``campaigns.hiding``), whichever view shaped it."""
        response = super().finalize_response(request, response, *args, **kwargs)
        reader = getattr(request, "campaign_reader", None)
        data = getattr(response, "data", None)
        if reader is not None and data is not None:
            secrets = secrets_for(reader.campaign, reader.sees_unlocked)
            if secrets:
                response.data = secrets.scrub(data)
        return response


def read_body(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def read_query(serializer_class, request) -> dict:
    """A query string read strictly: as a plain mapping of single values, so that an empty
    value is a value to refuse, not a field left out as a form would have it."""
    data = dict(request.query_params.items())
    serializer = serializer_class(data=data, context={"in_query": True, "request": request})
    refuse_repeated(request.query_params, serializer.fields)  # the fields, built once
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def require_game(campaign, number: int | None, field: str = "as_of_game") -> None:
    """A game number past the campaign's last game names nothing: a 404 that says so."""
    if not number:
        return
    last = last_game_number(campaign.pk)
    if number > last:
        raise exceptions.NotFound(
            f"There is no game {number} in this campaign: the last is game {last}."
            if last
            else f"There is no game {number} in this campaign: no game has been set up."
        )
