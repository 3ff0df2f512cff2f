"""Pagination and the query serializers of the lists that grow with a campaign (games, marks,
audit), with the filters that apply them.

Every query value is read strictly by a serializer first (``read_query``): an unknown word, a
number out of range or an empty value is a 400 that names the field; the filter sets below then
only ever meet values already checked.
"""

from __future__ import annotations

import datetime

import django_filters
from django import forms
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.pagination import LimitOffsetPagination

from api.serializers.common import Flag, GameNumber, Id, Text, Whole, refuse_repeated
from campaigns.models import AuditEntry, Game, GameStatus
from legacy.models import ACTIVE

SMALL_MAX = 32767
PAGE_MAX = 100
OFFSET_MAX = 2**31 - 1


class PageQuerySerializer(serializers.Serializer):
    limit = Whole(min_value=1, max_value=PAGE_MAX, required=False, help_text="Items per page.")
    offset = Whole(min_value=0, max_value=OFFSET_MAX, required=False, help_text="Items skipped.")


class Page(LimitOffsetPagination):
    """``?limit=&offset=``; an offset past the end is an empty page, never an error. A limit or
    offset that is not a number in range is refused, not replaced by the default."""

    default_limit = 20
    max_limit = PAGE_MAX

    def paginate_queryset(self, queryset, request, view=None):
        refuse_repeated(request.query_params, ("limit", "offset"))
        data = {
            k: request.query_params[k] for k in ("limit", "offset") if k in request.query_params
        }
        checked = PageQuerySerializer(data=data, context={"in_query": True})
        if not checked.is_valid():
            raise exceptions.ValidationError(checked.errors)
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "limit",
                "required": False,
                "in": "query",
                "description": "Items per page (20 unless said).",
                "schema": {"type": "integer", "minimum": 1, "maximum": PAGE_MAX},
            },
            {
                "name": "offset",
                "required": False,
                "in": "query",
                "description": "Items skipped.",
                "schema": {"type": "integer", "minimum": 0, "maximum": OFFSET_MAX},
            },
        ]


class UTCDateTimeField(django_filters.fields.IsoDateTimeField):
    """An ISO 8601 moment, turned into UTC before any database sees it: PostgreSQL refuses an
    offset beyond +-15:59 ("+23:06" is valid ISO), and a moment that leaves years 1..9999 in UTC
    is refused here rather than by the database."""

    def clean(self, value):
        moment = super().clean(value)
        if moment is None:
            return None
        try:
            return moment.astimezone(datetime.UTC)
        except (OverflowError, ValueError):
            raise forms.ValidationError("That moment is out of range.", code="invalid") from None


@extend_schema_field(OpenApiTypes.DATETIME)
class MomentField(Text):
    """An ISO 8601 moment in a query string, read as the audit filter reads it."""

    def to_internal_value(self, data):
        text = super().to_internal_value(data)
        try:
            UTCDateTimeField().clean(text)
        except forms.ValidationError as e:
            raise serializers.ValidationError(
                [str(m).replace("Enter", "Must be") for m in e.messages]
            ) from None
        return text


class GameQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=GameStatus.choices, required=False)
    number_min = GameNumber(required=False, help_text="Games from this number on.")
    number_max = GameNumber(required=False, help_text="Games up to this number.")
    played_after = serializers.DateField(required=False)
    played_before = serializers.DateField(required=False)


class AuditQuerySerializer(serializers.Serializer):
    action = Text(max_length=40, required=False, help_text="Only this kind of change.")
    since = MomentField(max_length=64, required=False)
    until = MomentField(max_length=64, required=False)


class MarkQuerySerializer(serializers.Serializer):
    placed_in_game = GameNumber(required=False, help_text="Placed in this game (0: before game 1).")
    placed_from = GameNumber(required=False, help_text="Placed in this game or later.")
    placed_until = GameNumber(required=False, help_text="Placed in this game or earlier.")
    placed_by = Id(required=False, help_text="Placed by this player.")
    territory = Text(max_length=32, required=False)
    voided = Flag(required=False, help_text="Voided by a correction.")
    counting = Flag(required=False, help_text="Counts now (neither voided nor removed).")
    as_of_game = GameNumber(required=False, help_text="Counted at the end of this game.")


def _number(field_name: str, lookup: str = "exact", help_text: str = ""):
    return django_filters.NumberFilter(
        field_name=field_name,
        lookup_expr=lookup,
        min_value=0,
        max_value=SMALL_MAX,
        label=help_text,
    )


class GameFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=GameStatus.choices)
    number_min = _number("number", "gte", "Games from this number on.")
    number_max = _number("number", "lte", "Games up to this number.")
    played_after = django_filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = django_filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = Game
        fields = ["status"]


class UTCDateTimeFilter(django_filters.IsoDateTimeFilter):
    field_class = UTCDateTimeField


class AuditFilter(django_filters.FilterSet):
    action = django_filters.CharFilter(max_length=40, label="Only this kind of change.")
    since = UTCDateTimeFilter(field_name="at", lookup_expr="gte")
    until = UTCDateTimeFilter(field_name="at", lookup_expr="lte")

    class Meta:
        model = AuditEntry
        fields = ["action"]


class MarkFilter(django_filters.FilterSet):
    """One filter set for every type of mark: the mark types share these columns, and a
    territory filter on a mark that sits on no territory (a signature) finds nothing."""

    placed_in_game = _number("placed_in_game", help_text="Placed in this game (0: before game 1).")
    placed_from = _number("placed_in_game", "gte", "Placed in this game or later.")
    placed_until = _number("placed_in_game", "lte", "Placed in this game or earlier.")
    placed_by = django_filters.NumberFilter(
        field_name="placed_by_id", min_value=1, max_value=2**63 - 1, label="Placed by this player."
    )
    territory = django_filters.CharFilter(method="on_territory", max_length=32)
    voided = django_filters.BooleanFilter(label="Voided by a correction.")
    counting = django_filters.BooleanFilter(
        method="counting_now", label="Counts now (neither voided nor removed)."
    )
    as_of_game = django_filters.NumberFilter(
        method="counting_as_of",
        min_value=0,
        max_value=SMALL_MAX,
        label="Counted at the end of this game.",
    )

    def on_territory(self, queryset, name, value):
        fields = {f.name for f in queryset.model._meta.get_fields()}
        if "territory" in fields:
            return queryset.filter(territory=value)
        if "city" in fields:  # a fortification sits on its city's territory
            return queryset.filter(city__territory=value)
        return queryset.none()

    def counting_now(self, queryset, name, value):
        return queryset.filter(ACTIVE) if value else queryset.exclude(ACTIVE)

    def counting_as_of(self, queryset, name, value):
        return queryset.as_of(int(value))
