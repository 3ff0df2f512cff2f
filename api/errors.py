"""One shape for every refusal the API makes, whatever refused it.

A client (a script, the pages' JavaScript, a fuzzer) should never have to guess how an error
looks: every response that is not a success is ``{"error": {"code", "message", "rule"?,
"fields"?}}``. ``code`` is a short, stable word for the kind of refusal (``invalid``,
``rule``, ``conflict``, ``not_found`` ...), ``message`` is written for a person, ``rule`` names
the rule of the box that refused (from ``legacy.errors.RuleViolation``) and ``fields`` maps an
input to what is wrong with it.

DRF's own handler leaves a Django ``ValidationError`` (and our ``RuleViolation``) to become a
500, and shapes each DRF error differently; this handler maps all of them here, once.
"""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import (
    SuspiciousOperation,
)
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.http import Http404
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from campaigns.backup import BackupError
from campaigns.services import CampaignArchived
from edge.errors import BAD_REQUEST_MESSAGE, TOO_LARGE, TOO_LARGE_MESSAGE, error_body
from legacy.errors import RuleViolation
from legacy.odds import OddsInputError
from legacy.wording import said

logger = logging.getLogger(__name__)


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A short, stable word for the kind of refusal.")
    message = serializers.CharField(help_text="What went wrong, written for a person.")
    rule = serializers.CharField(
        required=False, help_text="The rule of the box that refused the request, if one did."
    )
    # A field named like an attribute of Serializer: DRF's metaclass takes declared fields out
    # of the class, so nothing is overridden; the stubs see an assignment.
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="For each input that is wrong, what is wrong with it.",
    )


class ErrorSerializer(serializers.Serializer):
    """The body of every refusal."""

    error = ErrorBodySerializer()


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as ``{"seats.0.player": ["..."]}``: one level, lists of text."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for k, v in _flatten(value, name).items():
                out.setdefault(k, []).extend(v)
    elif isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            out[prefix or "non_field_errors"] = [str(item) for item in detail]
        else:
            for i, item in enumerate(detail):
                name = f"{prefix}.{i}" if prefix else str(i)
                for k, v in _flatten(item, name).items():
                    out.setdefault(k, []).extend(v)
    else:
        out[prefix or "non_field_errors"] = [str(detail)]
    return {k: v for k, v in out.items() if v}


# DRF's exceptions by the code we show; anything not listed keeps DRF's own default code.
class QueueUnavailable(exceptions.APIException):
    """Work that is done by a task could not be queued: the broker is out of reach. Nothing
    was kept; the client asks again after ``Retry-After`` seconds."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "unavailable"
    default_detail = (
        "The work could not be queued: the task queue is out of reach. Nothing was kept; try "
        "again in a minute."
    )

    def __init__(self, detail=None, wait: int = 60):
        super().__init__(detail)
        self.wait = wait


_CODES = {
    exceptions.ParseError: "parse_error",
    exceptions.AuthenticationFailed: "not_authenticated",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}
# (Our own TooLarge keeps its default code, "too_large".)


def exception_handler(exc, context):
    """REST_FRAMEWORK["EXCEPTION_HANDLER"]: every refusal in the one shape.

    Anything not recognised here is a bug, and is left to become a 500 so that it is seen.
    """
    headers: dict[str, str] = {}
    if isinstance(exc, BackupError):
        status_code = status.HTTP_400_BAD_REQUEST
        body = error_body(
            "invalid_backup", exc.message, fields={exc.where: [exc.what]} if exc.where else None
        )
    elif isinstance(exc, OddsInputError):
        # A RuleViolation too, asked before one: a question for odds that makes no sense is
        # answered as an invalid input, as it always was, in the reader's language.
        status_code = status.HTTP_400_BAD_REQUEST
        message = said(exc)
        body = error_body(
            "invalid", message, rule=exc.rule, fields={exc.field: [message]} if exc.field else None
        )
    elif isinstance(exc, (RuleViolation, CampaignArchived)):
        status_code = status.HTTP_409_CONFLICT if exc.conflict else status.HTTP_400_BAD_REQUEST
        message = said(exc.refusal if isinstance(exc, CampaignArchived) else exc)
        fields = {exc.field: [message]} if exc.field else None
        # A refusal of many problems (bringing a campaign in) names each by its place.
        problems = getattr(exc, "problems", None)
        if problems:
            fields = {}
            for where, problem in problems:
                fields.setdefault(where, []).append(said(problem))
        body = error_body(
            "conflict" if exc.conflict else "rule", message, rule=exc.rule, fields=fields
        )
    elif isinstance(exc, exceptions.ValidationError):
        status_code = status.HTTP_400_BAD_REQUEST
        fields = _flatten(exc.detail)
        only = next(iter(fields.values()))[0] if len(fields) == 1 else None
        body = error_body(
            "invalid",
            only or "Some of what was sent is not valid: see fields.",
            fields=fields,
        )
    elif isinstance(exc, DjangoValidationError):
        status_code = status.HTTP_400_BAD_REQUEST
        fields = (
            {k: [str(m) for m in v] for k, v in exc.message_dict.items()}
            if hasattr(exc, "error_dict")
            else {"non_field_errors": [str(m) for m in exc.messages]}
        )
        body = error_body("invalid", " ".join(str(m) for m in exc.messages), fields=fields)
    elif isinstance(exc, IntegrityError):
        # Two writers raced past the same service check; the database's constraint held.
        status_code = status.HTTP_409_CONFLICT
        body = error_body(
            "conflict", "Someone else changed this at the same moment: reload and try again."
        )
    elif isinstance(exc, TOO_LARGE):
        # Django's own limits, met when something (the session's CSRF check) reads a form body.
        status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        body = error_body("too_large", TOO_LARGE_MESSAGE)
    elif isinstance(exc, SuspiciousOperation):
        status_code = status.HTTP_400_BAD_REQUEST
        body = error_body("bad_request", BAD_REQUEST_MESSAGE)
    elif isinstance(exc, Http404):
        status_code = status.HTTP_404_NOT_FOUND
        body = error_body("not_found", "Not found.")
    elif isinstance(exc, DjangoPermissionDenied):
        status_code = status.HTTP_403_FORBIDDEN
        body = error_body("forbidden", "You may not do that here.")
    elif isinstance(exc, exceptions.APIException):
        status_code = exc.status_code
        code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), str(exc.default_code))
        detail = exc.detail if not isinstance(exc.detail, dict | list) else exc.default_detail
        if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
            # DRF's view turned these into a 403 when no scheme can answer a challenge.
            code = "forbidden" if exc.status_code == 403 else code
        body = error_body(code, str(detail))
        # DRF's view sets these when a scheme (here: Token) can answer a challenge.
        auth_header = getattr(exc, "auth_header", None)
        if auth_header:
            headers["WWW-Authenticate"] = auth_header
        if getattr(exc, "wait", None) is not None:
            headers["Retry-After"] = str(int(exc.wait))
    else:
        return None
    set_rollback()
    return Response(body, status=status_code, headers=headers or None)
