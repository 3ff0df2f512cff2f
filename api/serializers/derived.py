"""What is read off the games: winners, faction cards' backs, standings, the audit trail."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers.factions import FactionSerializer, PowerSerializer
from api.serializers.marks import CorrectionChangesSerializer, correction_changes_data
from campaigns.audit_words import audit_text


class WinnerLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    name = serializers.CharField()
    player = serializers.IntegerField(source="placed_by_id", allow_null=True)
    game = serializers.IntegerField(source="placed_in_game")
    date = serializers.DateField()
    slogan = serializers.CharField(allow_blank=True)


class WinnersSerializer(serializers.Serializer):
    world_name = serializers.CharField(allow_null=True)
    lines = WinnerLineSerializer(many=True)
    lines_left = serializers.IntegerField()


class DraftSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="Drafted turn order: 1 plays first.")
    placement = serializers.IntegerField(help_text="Drafted placement order.")
    troops = serializers.IntegerField(help_text="Starting troops.")
    coin_cards = serializers.IntegerField(help_text="Starting coin cards.")


class FactionCardLineSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    x = serializers.BooleanField(help_text="The faction sat this game out.")
    player = serializers.CharField(required=False)
    hq = serializers.CharField(required=False)
    result = serializers.CharField(required=False, allow_blank=True)
    draft = DraftSerializer(
        required=False, allow_null=True, help_text="The seat's picks in the draft, if entered."
    )


class FactionCardSerializer(FactionSerializer):
    faction = serializers.CharField(help_text="The faction's slug (as 'slug').")
    lines = FactionCardLineSerializer(many=True)
    powers = PowerSerializer(many=True, help_text="The powers the card holds (then).")


class TallySerializer(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    held_on = serializers.IntegerField()
    eliminated = serializers.IntegerField()


class StandingsSerializer(serializers.Serializer):
    players = serializers.DictField(child=TallySerializer())
    factions = serializers.DictField(child=TallySerializer())


class AuditEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    user = serializers.CharField(source="user.username", allow_null=True, default=None)
    action = serializers.CharField()
    summary = serializers.SerializerMethodField(
        help_text="What happened, in the request's language (Accept-Language), made from the "
        "action and its data; entries older than that keep the English words they were stored "
        "with."
    )
    # A field named like an attribute of Serializer: DRF's metaclass takes declared fields out
    # of the class, so nothing is overridden; the stubs see an assignment.
    data = serializers.DictField()  # type: ignore[assignment]
    correction = serializers.SerializerMethodField(
        help_text="For a correction of a mark: what it changed, field by field (null otherwise, "
        "and for entries older than this field)."
    )

    def get_summary(self, entry) -> str:
        return audit_text(entry, self.context.get("components", ()))

    @extend_schema_field(CorrectionChangesSerializer(allow_null=True))
    def get_correction(self, entry) -> dict | None:
        found = getattr(entry, "correction", None)
        return correction_changes_data(found) if found is not None else None
