"""The ``Idempotency-Key`` request header on every write, the API's and the pages' alike.

A write (POST, PUT, PATCH, DELETE) sent by a signed-in account (a session or an API token) with
``Idempotency-Key: <key>`` is recorded once: sent again with the same key, method, path and
body, it is answered exactly as the first time (the same status and body) and nothing is
written again. The same key with another request is refused (422). A page's form may carry
its key in the field ``_idempotency_key`` instead, for a browser that posts it the plain way
(no header). The rows and their lifetime are ``campaigns.idempotency``; requests of visitors
carry no key.

The key's claim, the write and its kept answer are one transaction (``campaigns.idempotency``;
a new key is claimed by its first statement, with no savepoint):
a worker killed mid-request leaves none of them, and the same request sent again is recorded as
the first; sent while the first is still at work, it waits for it and gets its answer. An
answer that is not kept because the server failed (5xx) rolls the request's writes back too. A
view marked with Django's ``transaction.non_atomic_requests`` (one whose answer tells whether
its task could be queued, which happens once its writes are committed) claims its key first
and keeps its answer after its writes; a request with its key meanwhile is answered 409, and
after ``IDEMPOTENCY_LEASE_SECONDS`` the key is taken over. A kept answer is given back only as a
new request would be let in: the token live, the account active and still a member of the
campaign the write was about; otherwise the request is answered as a new one.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import lru_cache

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.http.request import RawPostDataException, UnreadablePostError
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.utils.translation import gettext as _
from knox.crypto import hash_token
from knox.models import AuthToken

from campaigns import idempotency
from campaigns.access import one_row
from campaigns.idempotency import Claimed
from edge.body_limits import over_the_limit
from edge.errors import error_body

logger = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
FORM_FIELD = "_idempotency_key"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_LENGTH = 255
# Left out of a form's fingerprint: a form's CSRF token is masked anew on every page.
NOT_THE_REQUEST = frozenset({"csrfmiddlewaretoken", FORM_FIELD})
# The headers a replay repeats; cookies and the like belong to the first answer only.
REPLAYED_HEADERS = (
    "Content-Type",
    "Content-Language",
    "Content-Disposition",
    "Location",
    "ETag",
    "Allow",
)
# Answers that are not the write's: the key is forgotten, so the request may be sent again.
NOT_KEPT = frozenset({401, 403, 429})
UNREADABLE = (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
    MultiPartParserError,
    RawPostDataException,
    UnreadablePostError,
)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def actor_of(request: HttpRequest) -> str | None:
    """``user:<id>`` of the account that sent the request, by its session or its API token."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    scheme, _sep, key = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() == "token" and key.strip():
        found = token_of(request, key.strip())
        if found is None or not found.user.is_active:
            return None
        if found.expiry is None or found.expiry > timezone.now():
            return f"user:{found.user_id}"
    return None


@lru_cache(maxsize=1)
def _tokens() -> QuerySet:
    """The API tokens with their accounts, not yet filtered: built once per process, as
    ``campaigns.access._readers_rows`` (every request sent with a token starts here). A token
    is found by its digest, its primary key, so the rows need no order."""
    return AuthToken.objects.select_related("user").order_by()


def token_of(request: HttpRequest | None, secret: str) -> AuthToken | None:
    """The API token whose secret is ``secret``, with its account, read once per request: the
    key's owner is told by it here, and the API's authentication takes it again
    (``api.tokens``)."""
    kept = getattr(request, "_earthbook_token", None)
    if kept is not None and kept[0] == secret:
        return kept[1]
    found = one_row(_tokens().filter(digest=hash_token(secret)))
    if request is not None:
        request._earthbook_token = (secret, found)  # type: ignore[attr-defined]
    return found


def view_taking(request: HttpRequest):
    """The view the address names, when it takes this method; None for no view, or a method
    its view refuses (405): such a request is answered as it would be without a key."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if match.url_name == "not-found":  # the API's answer for an address that names nothing
        return None
    method = (request.method or "").lower()
    actions = getattr(match.func, "actions", None)  # a DRF view set: its methods by action
    if actions:
        return match.func if method in actions else None
    view_class = getattr(match.func, "cls", None) or getattr(match.func, "view_class", None)
    return match.func if view_class is None or hasattr(view_class, method) else None


def campaign_of(request: HttpRequest) -> int | None:
    """The campaign a write's address names (``/api/v1/campaigns/<id>/...``, ``/c/<pk>/...``)."""
    try:
        kwargs = resolve(request.path_info).kwargs
    except Resolver404:
        return None
    found = kwargs.get("campaign_id", kwargs.get("pk") if request.path.startswith("/c/") else None)
    if isinstance(found, int):
        return found
    return int(found) if isinstance(found, str) and found.isdigit() else None


def in_one_transaction(view) -> bool:
    """Does the view run in one transaction with its kept answer? All do but those marked
    with ``transaction.non_atomic_requests`` (Django's own mark, as its ATOMIC_REQUESTS reads
    it)."""
    return DEFAULT_DB_ALIAS not in getattr(view, "_non_atomic_requests", ())


def key_of(request: HttpRequest) -> str | None:
    """The key as sent ("" when it was sent empty), or None when none was sent."""
    raw = request.headers.get(HEADER)
    if raw is None and not is_api(request) and _is_form(request):
        try:
            raw = request.POST.get(FORM_FIELD)
        except UNREADABLE:
            return None
    if raw is None:
        return None
    return raw.strip()


def is_valid_key(key: str) -> bool:
    """1 to 255 visible characters as sent (the quotes of the draft's form included)."""
    return 0 < len(key) <= MAX_LENGTH and all(" " <= ch <= "~" for ch in key)


def unquoted(key: str) -> str:
    """The draft writes the key as a structured-field string: its quotes are not part of it."""
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] == '"' else key


def may_carry_a_key(request: HttpRequest) -> bool:
    """Whether a key may have been sent: in the header, or in a page's form (``key_of``). Told
    from the headers alone, so a write sent without a key costs nothing more (no body read, no
    address resolved)."""
    return HEADER in request.headers or (not is_api(request) and _is_form(request))


def _is_form(request: HttpRequest) -> bool:
    return request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data")


def fingerprint_of(request: HttpRequest) -> str:
    """SHA-256 of the method, the path with its query and the body: for a form, its fields and
    files (without the CSRF token), otherwise the body's bytes."""
    digest = hashlib.sha256()
    digest.update(f"{request.method} {request.get_full_path()}\n".encode())
    if _is_form(request):
        fields = sorted(
            (name, values) for name, values in request.POST.lists() if name not in NOT_THE_REQUEST
        )
        digest.update(json.dumps(fields, ensure_ascii=True).encode())
        for name in sorted(request.FILES):
            for upload in request.FILES.getlist(name):
                digest.update(f"\n{name} {upload.name} {upload.size}\n".encode())
                for chunk in upload.chunks():
                    digest.update(chunk)
    else:
        digest.update(request.body)
    return digest.hexdigest()


def refusal(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    if is_api(request):
        return JsonResponse(error_body(code, message), status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def in_flight(request: HttpRequest) -> HttpResponse:
    return refusal(
        request,
        409,
        "conflict",
        _("A request with this Idempotency-Key is still being worked on: ask again in a moment."),
    )


class IdempotencyKeyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in WRITES or not may_carry_a_key(request):
            return self.get_response(request)
        view = view_taking(request)
        if view is None:
            return self.get_response(request)
        if over_the_limit(request, view):
            # Refused by its view unread (config/body_limits.py): nothing is written to remember.
            return self.get_response(request)
        try:
            key = key_of(request)
        except UNREADABLE:
            key = None
        if key is None:
            return self.get_response(request)
        actor = actor_of(request)
        if actor is None:
            return self.get_response(request)
        if not is_valid_key(key) or not unquoted(key):
            return refusal(
                request,
                400,
                "invalid",
                _(
                    "The Idempotency-Key header must be 1 to %(n)d visible characters "
                    "(letters, digits and punctuation)."
                )
                % {"n": MAX_LENGTH},
            )
        key = unquoted(key)
        try:
            fingerprint = fingerprint_of(request)
        except UNREADABLE:
            # The write itself refuses a body it cannot read; there is nothing to remember.
            return self.get_response(request)
        idempotency.forget_expired()  # before the transaction: no request waits on another's
        given = {"actor": actor, "key": key, "fingerprint": fingerprint}
        given |= {"method": request.method or "", "path": request.get_full_path()}
        if in_one_transaction(view):
            try:
                with transaction.atomic():
                    claim = idempotency.claim_at_once(**given)
                    return self.answered_once(request, claim, atomic=True)
            except idempotency.AlreadyClaimed:
                pass  # that transaction is left; a new one reads what the key's request left
            with transaction.atomic():
                return self.answered_once(request, idempotency.claim(**given), atomic=True)
        return self.answered_once(request, idempotency.claim(**given), atomic=False)

    def answered_once(self, request: HttpRequest, claim, atomic: bool) -> HttpResponse:
        """The write's answer, kept with it (see the module); the answer kept before, or the
        refusal, when the key was claimed already. ``atomic``: in the transaction that made
        the claim, which the write and the kept answer then share."""
        if claim.outcome is Claimed.MISMATCH:
            return refusal(
                request,
                422,
                "idempotency_key_reused",
                _(
                    "This Idempotency-Key was already sent with another request: "
                    "send a new key with each new entry."
                ),
            )
        if claim.outcome is Claimed.IN_FLIGHT:
            return in_flight(request)
        row = claim.row
        assert row is not None
        if claim.outcome is Claimed.REPLAY:
            if not idempotency.may_be_replayed(row.actor, campaign_of(request)):
                # Let in no more (an account switched off, a member removed): answered as a
                # new request is, the kept answer left for nobody.
                idempotency.release(row)
                return self.get_response(request)
            replay = HttpResponse(bytes(row.body), status=row.status)
            for name, value in row.headers.items():
                replay[name] = value
            return replay
        try:
            response = self.get_response(request)
        except BaseException:
            if not atomic:  # in the transaction, the claim goes with everything else
                idempotency.release(row)
            raise
        status = response.status_code
        if atomic and status >= 500:
            transaction.set_rollback(True)  # no half of a failed write stays, nor its claim
        elif status >= 500 or status in NOT_KEPT or response.streaming:
            idempotency.release(row)
        elif not idempotency.keep(
            row,
            status=status,
            body=response.content,
            headers={n: response[n] for n in REPLAYED_HEADERS if n in response},
        ):
            response = self.taken_over(request, atomic)
        return response

    @staticmethod
    def taken_over(request: HttpRequest, atomic: bool) -> HttpResponse:
        """A request so slow that a retry took its key over: its writes go (the retry's
        stay), and it is told what any request finding the key at work is told."""
        if atomic:
            transaction.set_rollback(True)
        else:
            logger.warning("A write outlived its key's lease: %s %s", request.method, request.path)
        return in_flight(request)
