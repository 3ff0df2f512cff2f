"""Writes remembered by their ``Idempotency-Key`` (the IETF draft "The Idempotency-Key HTTP
Header Field"): the first request with a key is recorded and its answer kept; the same request
sent again with that key gets the same answer and records nothing.

``claim`` inserts the key's row for the request, with no answer yet. ``edge.idempotency``
asks for it in the transaction the write then runs in, before the write takes its campaign's
lock, and ``keep`` stores the answer in that transaction too: the claim, the write and the kept
answer are committed together, or none of them is (a worker killed mid-write leaves nothing, so
the phone's retry is simply the first). The unique constraint on (actor, key) decides between
two requests with one key, on SQLite and PostgreSQL alike: the second waits for the first's
transaction to end and then finds its answer (or, if it was rolled back, claims the key).
``release`` forgets the key when the answer should not be replayed (a refused login).

A view marked ``transaction.non_atomic_requests`` (the backup import) claims its key in a
transaction of its own and keeps its answer after its writes; its row is "in flight" (no
answer) meanwhile, and a request with its key is answered 409. Such a row still in flight after
``IDEMPOTENCY_LEASE_SECONDS`` lost its request (a worker killed mid-way): the next request with
the key takes it over (its ``attempt`` goes up by one) and runs again; the request that held it
before, if it was only slow, finds at ``keep`` that it no longer holds the key. Keys older than
``IDEMPOTENCY_KEY_TTL_HOURS`` are deleted as new ones come in; a kept refusal after
``IDEMPOTENCY_REFUSAL_TTL_MINUTES``, and past ``IDEMPOTENCY_REFUSALS_PER_ACCOUNT`` of an
account's the oldest go. A kept answer goes back only to
an account that a new request would let in (``may_be_replayed``).
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from campaigns.models import IdempotentRequest, Membership


class Claimed(enum.Enum):
    NEW = "new"  # the first request with this key: run it, then keep its answer
    REPLAY = "replay"  # answered before: answer the same again
    IN_FLIGHT = "in_flight"  # the first request with this key is still being worked on
    MISMATCH = "mismatch"  # the key came before with another request (method, path or body)


@dataclass(frozen=True)
class Claim:
    outcome: Claimed
    row: IdempotentRequest | None = None


def _cutoff():
    return timezone.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_TTL_HOURS)


# When this process last forgot the expired keys (``forget_expired``).
_swept_at = [float("-inf")]


def _refusals_cutoff():
    return timezone.now() - timedelta(minutes=settings.IDEMPOTENCY_REFUSAL_TTL_MINUTES)


def _expired(row: IdempotentRequest) -> bool:
    """Is ``row`` past its lifetime (``forget_expired``)? Such a key counts as never sent."""
    refusal = row.status is not None and row.status >= 400
    return row.created_at < (_refusals_cutoff() if refusal else _cutoff())


def forget_expired(*, now: bool = False) -> int:
    """Forget the keys past their lifetime: a kept refusal (400 or above) after
    ``IDEMPOTENCY_REFUSAL_TTL_MINUTES``, any other after ``IDEMPOTENCY_KEY_TTL_HOURS``. A
    process does it at most once every ``IDEMPOTENCY_SWEEP_SECONDS`` (unless ``now``), not at
    every keyed write: ``claim`` never replays a key past its lifetime, swept or not."""
    at = time.monotonic()
    if not now and at - _swept_at[0] < settings.IDEMPOTENCY_SWEEP_SECONDS:
        return 0
    _swept_at[0] = at
    deleted, _ = IdempotentRequest.objects.filter(
        Q(created_at__lt=_cutoff()) | Q(status__gte=400, created_at__lt=_refusals_cutoff())
    ).delete()
    return deleted


class AlreadyClaimed(Exception):
    """``claim_at_once`` found the key claimed before: the transaction it ran in is broken and
    must be left."""


def claim_at_once(*, actor: str, key: str, fingerprint: str, method: str, path: str) -> Claim:
    """The key claimed by the first statement of the caller's new transaction, with no
    savepoint of its own: a keyed write's usual case, a key never sent before. Raises
    ``AlreadyClaimed`` when it was sent before; the caller then leaves that transaction and
    asks ``claim`` in a new one what the first request left."""
    try:
        row = IdempotentRequest.objects.create(
            actor=actor, key=key, fingerprint=fingerprint, method=method, path=path[:2048]
        )
    except IntegrityError as error:
        raise AlreadyClaimed from error
    return Claim(Claimed.NEW, row)


def claim(*, actor: str, key: str, fingerprint: str, method: str, path: str) -> Claim:
    """The key claimed for this request, or what the request that claimed it before left.
    Inside a transaction (``edge.idempotency``), a request with a key that another open
    transaction has claimed waits for that one to end, then finds its answer. A key past its
    lifetime that no sweep has forgotten yet is forgotten here, and claimed anew."""
    row: IdempotentRequest | None
    for _attempt in range(2):
        try:
            with transaction.atomic():
                row = IdempotentRequest.objects.create(
                    actor=actor, key=key, fingerprint=fingerprint, method=method, path=path[:2048]
                )
            return Claim(Claimed.NEW, row)
        except IntegrityError:
            row = IdempotentRequest.objects.filter(actor=actor, key=key).first()
        if row is None or not _expired(row):
            break
        IdempotentRequest.objects.filter(pk=row.pk, created_at=row.created_at).delete()
    if row is None:  # forgotten between the two statements: the other request is still at it
        return Claim(Claimed.IN_FLIGHT)
    if row.fingerprint != fingerprint:
        return Claim(Claimed.MISMATCH, row)
    if row.status is None:
        return _take_over(row) or Claim(Claimed.IN_FLIGHT, row)
    return Claim(Claimed.REPLAY, row)


def _take_over(row: IdempotentRequest) -> Claim | None:
    """The claim of a row whose request was lost (in flight past its lease), now this
    request's; None while its lease lasts, or when another request took it first (or its
    answer was kept meanwhile)."""
    now = timezone.now()
    if row.created_at > now - timedelta(seconds=settings.IDEMPOTENCY_LEASE_SECONDS):
        return None
    taken = IdempotentRequest.objects.filter(
        pk=row.pk, status__isnull=True, attempt=row.attempt
    ).update(attempt=row.attempt + 1, created_at=now)
    if not taken:
        return None
    row.attempt, row.created_at = row.attempt + 1, now
    return Claim(Claimed.NEW, row)


def _held(row: IdempotentRequest):
    """The row, while this request still holds its key (nobody took it over)."""
    return IdempotentRequest.objects.filter(pk=row.pk, status__isnull=True, attempt=row.attempt)


def keep(row: IdempotentRequest, *, status: int, body: bytes, headers: dict[str, str]) -> bool:
    """Store the answer; False when the key was taken over meanwhile (the answer is not this
    request's to give: its write must be rolled back). A refusal kept makes the account's
    oldest refusals past ``IDEMPOTENCY_REFUSALS_PER_ACCOUNT`` forgotten."""
    kept = bool(_held(row).update(status=status, body=body, headers=headers))
    if kept and status >= 400:
        theirs = IdempotentRequest.objects.filter(actor=row.actor, status__gte=400)
        most = settings.IDEMPOTENCY_REFUSALS_PER_ACCOUNT
        older = list(theirs.order_by("-created_at", "-pk").values_list("pk", flat=True)[most:])
        if older:
            IdempotentRequest.objects.filter(pk__in=older).delete()
    return kept


def release(row: IdempotentRequest) -> None:
    _held(row).delete()


def may_be_replayed(actor: str, campaign_id: int | None) -> bool:
    """May a kept answer go back to ``actor`` (``user:<id>``)? As a new request would be let
    in: the account still active, and still a member of the campaign the write was about (a
    member removed since, or an account switched off, gets a new request's answer instead)."""
    _kind, _sep, user_id = actor.partition(":")
    if not user_id.isdigit():
        return False
    user_model = get_user_model()
    if not user_model._default_manager.filter(pk=int(user_id), is_active=True).exists():
        return False
    if campaign_id is None:
        return True
    return Membership.objects.filter(campaign_id=campaign_id, user_id=int(user_id)).exists()
