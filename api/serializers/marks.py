"""The world's marks, and corrections to them."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GAME_NUMBER_MAX, Id


class MarkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    type = serializers.CharField()
    placed_in_game = serializers.IntegerField()
    placed_by = serializers.IntegerField(allow_null=True)
    entered_by = serializers.IntegerField(allow_null=True)
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

    reason = serializers.CharField(max_length=300)
    placed_in_game = serializers.IntegerField(
        min_value=0, max_value=GAME_NUMBER_MAX, required=False
    )
    placed_by = Id(required=False, allow_null=True)
    territory = serializers.CharField(max_length=32, required=False, allow_null=True)
    faction = serializers.CharField(max_length=40, required=False, allow_null=True)
    continent = serializers.CharField(max_length=16, required=False)
    kind = serializers.CharField(max_length=8, required=False, help_text="A city's kind.")
    name = serializers.CharField(max_length=60, required=False)
    label = serializers.CharField(max_length=60, required=False, allow_blank=True)
    text = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    trigger = serializers.CharField(max_length=200, required=False, allow_blank=True)
    boxes_used = serializers.IntegerField(min_value=0, max_value=100, required=False)
    coins_after = serializers.IntegerField(min_value=0, max_value=100, required=False)
    delta = serializers.IntegerField(min_value=-10, max_value=10, required=False)
    line = serializers.IntegerField(min_value=0, max_value=100, required=False)
    date = serializers.DateField(required=False)
    slogan = serializers.CharField(max_length=120, required=False, allow_blank=True)


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


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
