"""The world's marks, and corrections to them."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GAME_NUMBER_MAX, Id, Text, Whole


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

    reason = Text(max_length=300)
    placed_in_game = Whole(min_value=0, max_value=GAME_NUMBER_MAX, required=False)
    placed_by = Id(required=False, allow_null=True)
    territory = Text(max_length=32, required=False, allow_null=True)
    faction = Text(max_length=40, required=False, allow_null=True)
    continent = Text(max_length=16, required=False)
    kind = Text(max_length=8, required=False, help_text="A city's kind.")
    name = Text(max_length=60, required=False)
    label = Text(max_length=60, required=False, allow_blank=True)
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
