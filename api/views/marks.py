"""The world's marks one by one: listing them, correcting or voiding one with a reason."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from api.access import Access, Level, campaign_access
from api.pagination import MarkFilter, MarkQuerySerializer, Page
from api.serializers.common import credit_data
from api.serializers.marks import (
    CorrectedMarkSerializer,
    MarkCorrectionSerializer,
    MarkSerializer,
    ReasonSerializer,
)
from api.views.common import (
    READ_ERRORS,
    SHARE,
    WRITE_ERRORS,
    ApiView,
    errors,
    read_body,
    read_query,
    require_game,
)
from campaigns import claims, hiding, services
from campaigns.reasons import correction_reason, removed_note_words
from campaigns.selectors import marks
from legacy.corrections import COMMON_EDITABLE, EDITABLE, MARK_TYPES, TYPE_OF_MODEL
from legacy.models import (
    City,
    Fortification,
    Mark,
    OtherMark,
    Scar,
)

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


MARK_TYPE = OpenApiParameter(
    "mark_type", str, OpenApiParameter.PATH, enum=list(MARK_TYPES), description="Type of mark."
)


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
    # No model inherits from these, so asking the mark is asking its model.
    if isinstance(mark, (Scar, OtherMark)):
        details["kind"] = mark.kind.slug
    if isinstance(mark, Fortification):
        details["territory"] = mark.city.territory
        details["city_name"] = mark.city.name
    return {
        "id": mark.pk,
        "type": TYPE_OF_MODEL[model],
        "placed_in_game": mark.placed_in_game,
        "placed_by": mark.placed_by_id,
        "entered_by": mark.entered_by_id,
        "credited_to": credit_data(claims.credit_of(mark, mark.campaign_id)),
        "entered_at": mark.entered_at,
        "removed_in_game": mark.removed_in_game,
        "removed_reason": mark.removed_reason,
        "removed_note": removed_note_words(mark.removed_note),
        "voided": mark.voided,
        "counts_now": mark.counts_now,
        "details": details,
    }


def correction_data(c) -> dict:
    return {
        "id": c.pk,
        "made_at": c.made_at,
        "reason": correction_reason(c),
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

    pagination_class = Page
    queryset = marks.no_marks(City)

    @extend_schema(
        parameters=[MARK_TYPE, SHARE, MarkQuerySerializer],
        responses={200: MarkSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["marks"],
    )
    def get(self, request, campaign_id, mark_type):
        access = campaign_access(request, campaign_id, Level.READ)
        model = _mark_model(mark_type)
        query = read_query(MarkQuerySerializer, request)
        require_game(access.campaign, query.get("as_of_game"))
        queryset = claims.credited(
            marks.marks(model, access.campaign.pk),
            access.campaign.pk,
        )
        territory = request.query_params.get("territory")
        if territory and not hiding.printed_or_seen(territory, access.sees_unlocked):
            queryset = queryset.none()
        filterset = MarkFilter(request.query_params, queryset=queryset)
        if not filterset.is_valid():
            raise exceptions.ValidationError(filterset.errors)
        page = self.paginate_queryset(filterset.qs.order_by("placed_in_game", "id"))
        return self.get_paginated_response([mark_data(m) for m in page])


def _existing_mark(access: Access, model: type[Mark], mark_id: int) -> None:
    if not marks.mark_exists(model, access.campaign.pk, mark_id):
        raise exceptions.NotFound("There is no such mark in this campaign.")


def _fresh_mark(model: type[Mark], mark_id: int) -> Mark:
    return marks.mark_afresh(model, mark_id)


class MarkDetailView(ApiView):
    """One mark; PATCH corrects it (with a reason), keeping what it was in a Correction."""

    @extend_schema(
        parameters=[MARK_TYPE, SHARE],
        responses={200: MarkSerializer, **errors(*READ_ERRORS)},
        tags=["marks"],
    )
    def get(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.READ)
        model = _mark_model(mark_type)
        query = read_query(MarkQuerySerializer, request)
        require_game(access.campaign, query.get("as_of_game"))
        mark = marks.mark(model, access.campaign.pk, mark_id)
        if mark is None:
            raise exceptions.NotFound("There is no such mark in this campaign.")
        return Response(mark_data(mark))

    @extend_schema(
        parameters=[MARK_TYPE],
        request=MarkCorrectionSerializer,
        responses={200: CorrectedMarkSerializer, **errors(*WRITE_ERRORS)},
        tags=["marks"],
        description="Correct a mark entered wrongly. Send the reason and only the fields to "
        "change; which fields a type of mark has is listed in its details.",
    )
    def patch(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        model = _mark_model(mark_type)
        _existing_mark(access, model, mark_id)
        data = dict(read_body(MarkCorrectionSerializer, request))
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

    @extend_schema(
        parameters=[MARK_TYPE],
        request=ReasonSerializer,
        responses={200: CorrectedMarkSerializer, **errors(*WRITE_ERRORS)},
        tags=["marks"],
    )
    def post(self, request, campaign_id, mark_type, mark_id):
        access = campaign_access(request, campaign_id, Level.EDIT)
        model = _mark_model(mark_type)
        _existing_mark(access, model, mark_id)
        data = read_body(ReasonSerializer, request)
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
