"""The world's marks, and corrections to them."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GAME_NUMBER_MAX, CreditSerializer, Id, Text, Whole
from campaigns.reasons import correction_reason
from legacy.corrections import TYPE_OF_MODEL, changed_fields

MARK_TYPE_OF_NAME = {model.__name__: slug for model, slug in TYPE_OF_MODEL.items()}


class MarkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    type = serializers.CharField()
    placed_in_game = serializers.IntegerField()
    placed_by = serializers.IntegerField(allow_null=True)
    entered_by = serializers.IntegerField(allow_null=True)
    credited_to = CreditSerializer(
        allow_null=True,
        help_text="Who entered the mark: the player whose roster name their account is linked "
        "to, else their username; null when nobody is known.",
    )
    entered_at = serializers.DateTimeField()
    removed_in_game = serializers.IntegerField(allow_null=True)
    removed_reason = serializers.CharField(allow_blank=True)
    removed_note = serializers.CharField(allow_blank=True)
    voided = serializers.BooleanField()
    counts_now = serializers.BooleanField()
    details = serializers.DictField(help_text="What this type of mark holds (territory, name ...).")


class MarkCorrectionSerializer(serializers.Serializer):
    """A correction: the reason, and only the fields to change (which ones depends on the type
    of mark; the others are refused)."""

    reason = Text(max_length=300)
    placed_in_game = Whole(min_value=0, max_value=GAME_NUMBER_MAX, required=False)
    placed_by = Id(required=False, allow_null=True)
    territory = Text(max_length=32, required=False, allow_null=True)
    faction = Text(max_length=40, required=False, allow_null=True)
    continent = Text(max_length=16, required=False)
    kind = Text(max_length=8, required=False, help_text="A city's kind.")
    name = Text(max_length=60, required=False)
    # A field named like an attribute of Serializer: DRF's metaclass takes declared fields out
    # of the class, so nothing is overridden; the stubs see an assignment.
    label = Text(max_length=60, required=False, allow_blank=True)  # type: ignore[assignment]
    text = Text(max_length=2000, required=False, allow_blank=True)
    trigger = Text(max_length=200, required=False, allow_blank=True)
    boxes_used = Whole(min_value=0, max_value=100, required=False)
    coins_after = Whole(min_value=0, max_value=100, required=False)
    delta = Whole(min_value=-10, max_value=10, required=False)
    line = Whole(min_value=0, max_value=100, required=False)
    date = serializers.DateField(required=False)
    slogan = Text(max_length=120, required=False, allow_blank=True)


class ReasonSerializer(serializers.Serializer):
    reason = Text(max_length=300)


class CorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    made_at = serializers.DateTimeField()
    reason = serializers.CharField()
    mark_type = serializers.CharField()
    voided_id = serializers.IntegerField(allow_null=True)
    added_id = serializers.IntegerField(allow_null=True)
    before = serializers.DictField()
    after = serializers.DictField()


class CorrectedMarkSerializer(serializers.Serializer):
    mark = MarkSerializer()
    correction = CorrectionSerializer()


class FieldChangeSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The mark's field, as a correction names it.")
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class CorrectionChangesSerializer(serializers.Serializer):
    """A correction of one mark, with what it changed, field by field."""

    id = serializers.IntegerField()
    made_at = serializers.DateTimeField()
    reason = serializers.CharField()
    mark_type = serializers.CharField(help_text="The type of mark, as in /marks/<type>/.")
    mark_id = serializers.IntegerField(allow_null=True)
    voided = serializers.BooleanField(help_text="The mark was voided (it changed nothing else).")
    changes = FieldChangeSerializer(many=True, help_text="Each field changed: before, after.")


def correction_changes_data(c) -> dict:
    return {
        "id": c.pk,
        "made_at": c.made_at,
        "reason": correction_reason(c),
        "mark_type": MARK_TYPE_OF_NAME.get(c.mark_type, c.mark_type),
        "mark_id": c.added_id if c.added_id is not None else c.voided_id,
        "voided": c.added_id is None,
        "changes": [
            {"field": f, "before": before, "after": after}
            for f, before, after in changed_fields(c.mark_type, c.before, c.after)
        ],
    }
