"""The table's entries during a game. One view takes them all, a route per kind of entry the
registry of entries finds (``ROUTES``: its address, body and description are the entry's own);
each answers with the packets now due; any entry can be taken back with a reason.
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from dataclasses import dataclass
from typing import cast

from django.urls import path
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.entries import (
    ConfirmResultSerializer,
    EventResultSerializer,
    VoidEntrySerializer,
    VoidResultSerializer,
    entry_serializer,
)
from api.serializers.games import credited_to_data, event_summary
from api.views.common import WRITE_ERRORS, ApiView, errors, read_body
from campaigns import claims
from campaigns.game import late_entries, taking_back
from campaigns.game.common import NoSuchGame, game_to_lock
from campaigns.game.entries import registry
from campaigns.game.entries.recording import record_entry
from campaigns.game.event_words import void_reason_words
from legacy.errors import RuleViolation
from legacy.refusals.table import TableRule
from legacy.wording import said


def entry_data(event) -> dict:
    return {
        "seq": event.seq,
        "kind": event.kind,
        "at": event.at,
        "made_at": event.made_at,
        "player": event.seat.player_id if event.seat_id else None,
        "summary": event_summary(event, {}),
        "data": event.data,
        "status": late_entries.status_of(event).value,
        "voided": event.voided,
        "voided_at": event.voided_at,
        "void_reason": void_reason_words(event.void_reason),
        "credited_to": credited_to_data(event),
    }


def event_data(result) -> dict:
    event = result.event
    return {
        "event": entry_data(event),
        "status": late_entries.status_of(event).value,
        "would_change": late_entries.what_it_would_change(event)
        if event.awaiting_confirmation
        else [],
        "packets_to_open": result.packets_to_open,
        "red_star_to": result.red_star_to,
    }


@dataclass(frozen=True)
class EntryRoute:
    """A kind of entry as the API takes it: its address under ``events/``, the serializer that
    checks the body (its fields are the kind's parameters) and what the schema says of it."""

    path: str
    serializer: type[serializers.Serializer]
    description: str


# Every kind of entry the table records (``campaigns.game.entries.registry.RECORDED``), made
# from what its entry says of itself: the routes, their URL names (``event-<path>``) and their
# OpenAPI operations are made from these.
ROUTES: dict[str, EntryRoute] = {
    kind: EntryRoute(
        registry.entry(kind).path, entry_serializer(kind), registry.entry(kind).description
    )
    for kind in registry.RECORDED
}


# What every entry's operation says of a late entry, besides its own description.
LATE = (
    "Answered 201 with status 'recorded' when the entry takes its place in the log. An entry "
    "made before entries already logged (made_at) is checked at its place; when it would change "
    "what the log decided (another or an earlier win, a seat out at another entry, a later entry "
    "no longer possible), it is kept apart and answered 202 with status 'awaiting-confirmation' "
    "and would_change, the sentences every game page shows: the table confirms it "
    "(events/{seq}/confirm/) or takes it back (events/{seq}/void/). Sent again with its "
    "Idempotency-Key, it gets the same answer. Once the game's end is recorded, an entry is "
    "refused (409, rule 'late-after-the-end'): amend the end instead."
)


class MadeAt(serializers.Serializer):
    """What every kind of entry may also say: when it was made."""

    made_at = serializers.DateTimeField(
        required=False,
        help_text="When the entry was made at the table, by the sender's clock (ISO 8601 with "
        "its offset). The game's log is in this order, arrival breaking ties; the server's time "
        "when left out. More than 2 minutes ahead of the server's clock, or before the game "
        "started, is refused (400, rules 'made-in-the-future' and 'made-before-the-start').",
    )


@functools.cache
def with_made_at(serializer: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """A kind's body serializer with ``made_at`` (one class per kind, named as the kind's)."""
    return cast(
        "type[serializers.Serializer]",
        type(serializer.__name__, (serializer, MadeAt), {"__module__": serializer.__module__}),
    )


class EntrySchema(AutoSchema):
    """The OpenAPI operation of one kind of entry: its body is its route's serializer, its
    answer the entry and the packets due."""

    def route(self) -> EntryRoute:
        return ROUTES[cast("EntryView", self.view).kind]

    def get_request_serializer(self):
        return with_made_at(self.route().serializer)

    def get_response_serializers(self):
        return {
            201: EventResultSerializer,
            202: EventResultSerializer,
            **errors(*WRITE_ERRORS),
        }

    # drf-spectacular's AutoSchema asks for no path or method; the stub describes DRF's own.
    def get_description(self) -> str:  # type: ignore[override]
        return f"{self.route().description}\n\n{LATE}"

    def get_tags(self) -> list[str]:
        return ["game events"]


class EntryView(ApiView):
    """Any kind of entry of the table (``kind``, given by its route): the route's serializer
    checks the body's shape, ``record_entry`` records it with the kind's parameters."""

    permission_classes = [AllowAny]
    schema = EntrySchema()
    kind: str = ""

    def post(self, request, campaign_id, number):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = dict(read_body(with_made_at(ROUTES[self.kind].serializer), request))
        made_at = data.pop("made_at", None)
        params = registry.entry(self.kind).params(**data)
        # Who the entry is credited to needs no lock: read before it, so that a keyed entry
        # (whose answer is made while its write still holds the lock) reads nothing more there.
        linked = claims.linked_name(access.campaign.pk, request.user)
        # The entry reads the game once it holds the campaign's lock.
        game = game_to_lock(access.campaign, number)
        try:
            result = record_entry(
                self.kind, game=game, params=params, by=request.user, made_at=made_at
            )
        except NoSuchGame:
            raise NotFound(f"There is no game {number} in this campaign.") from None
        claims.credited_as(result.event, linked)
        answer = (
            status.HTTP_202_ACCEPTED
            if result.event.awaiting_confirmation
            else status.HTTP_201_CREATED
        )
        return Response(event_data(result), status=answer)


def entry_patterns() -> list:
    """A route per kind of entry the table records, named ``event-<path>``."""
    return [
        path(
            f"{ROUTES[kind].path}/", EntryView.as_view(kind=kind), name=f"event-{ROUTES[kind].path}"
        )
        for kind in registry.RECORDED
    ]


@contextmanager
def entry_in_the_address():
    """An entry the address names that its game does not have is not found (404, in the
    reader's language): a refusal of the address, not of what was sent."""
    try:
        yield
    except RuleViolation as refusal:
        if refusal.rule == TableRule.UNKNOWN_ENTRY:
            raise NotFound(said(refusal)) from None
        raise


class EventVoidView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=VoidEntrySerializer,
        responses={200: VoidResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["game events"],
        description="Take back an entry of a game in progress, with a reason. It stays in the "
        "log, struck out; holdings and the packets due are read without it, and what it put on "
        "the board is voided too. A packet already opened because of it stays opened.",
    )
    def post(self, request, campaign_id, number, seq):
        access = campaign_access(request, campaign_id, Level.EDIT)
        data = read_body(VoidEntrySerializer, request)
        game = game_to_lock(access.campaign, number)
        try:
            with entry_in_the_address():
                result = taking_back.void_event(
                    game=game, seq=seq, reason=data["reason"], by=request.user
                )
        except NoSuchGame:
            raise NotFound(f"There is no game {number} in this campaign.") from None
        return Response(
            {
                "event": entry_data(result.event),
                "packets_to_open": result.packets_to_open,
                "stays_opened": result.stays_opened,
            }
        )


class EventConfirmView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={200: ConfirmResultSerializer, **errors(*WRITE_ERRORS)},
        tags=["game events"],
        description="Confirm a late entry awaiting confirmation (status awaiting-confirmation): "
        "it takes its place in the log and the replay decides again. The later entries it makes "
        "impossible (made after the win it moves, or by a seat it puts out) are taken back, "
        "each with its reason, and listed in taken_back. Confirmed once: again, 409 (rule "
        "'entry-not-awaiting'); an entry taken back, 409 (rule 'entry-void-once'); an entry the "
        "game does not have, 404.",
    )
    def post(self, request, campaign_id, number, seq):
        access = campaign_access(request, campaign_id, Level.EDIT)
        game = game_to_lock(access.campaign, number)
        try:
            with entry_in_the_address():
                result = late_entries.confirm_entry(game=game, seq=seq, by=request.user)
        except NoSuchGame:
            raise NotFound(f"There is no game {number} in this campaign.") from None
        return Response({"event": entry_data(result.event), "taken_back": result.taken_back})
