"""The printed board, the battle odds and the troops needed."""

from __future__ import annotations

from rest_framework import serializers


class ContinentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    bonus = serializers.IntegerField()


class TerritorySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    continent = serializers.CharField()
    neighbors = serializers.ListField(child=serializers.CharField())


class BoardSerializer(serializers.Serializer):
    continents = ContinentSerializer(many=True)
    territories = TerritorySerializer(many=True)


class OddsModifiersSerializer(serializers.Serializer):
    bunker = serializers.BooleanField(default=False)
    ammo_shortage = serializers.BooleanField(default=False)
    fortified = serializers.BooleanField(default=False)
    fortification_boxes = serializers.IntegerField(
        default=10, min_value=-(10**6), max_value=10**6, help_text="Boxes still unmarked."
    )
    mechaniker_hq = serializers.BooleanField(default=False)
    mechaniker_double_six = serializers.BooleanField(default=False)
    bear_lower_die = serializers.BooleanField(default=False)
    bear_three_of_a_kind = serializers.BooleanField(default=False)
    missiles = serializers.IntegerField(default=0, min_value=-(10**6), max_value=10**6)
    stop_at = serializers.IntegerField(default=1, min_value=-(10**6), max_value=10**6)


class OddsQuerySerializer(OddsModifiersSerializer):
    attackers = serializers.IntegerField(
        min_value=-(10**6), max_value=10**6, help_text="Troops on the attacking territory."
    )
    defenders = serializers.IntegerField(min_value=-(10**6), max_value=10**6)


class TroopsNeededQuerySerializer(OddsModifiersSerializer):
    defenders = serializers.IntegerField(min_value=-(10**6), max_value=10**6)
    target = serializers.FloatField(help_text="The chance wanted, between 0 and 1.")


class OddsSerializer(serializers.Serializer):
    attackers = serializers.IntegerField()
    defenders = serializers.IntegerField()
    missiles = serializers.IntegerField()
    stop_at = serializers.IntegerField()
    modifiers = serializers.DictField()
    p_conquer = serializers.FloatField()
    attackers_left = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Troops left on the attacking territory -> chance.",
    )
    defenders_left = serializers.DictField(child=serializers.FloatField())
    expected_attacker_losses = serializers.FloatField()
    expected_defender_losses = serializers.FloatField()
    expected_missiles_used = serializers.FloatField()
    p_conquered_outright = serializers.FloatField()
    p_halted = serializers.FloatField()


class TroopsNeededSerializer(serializers.Serializer):
    defenders = serializers.IntegerField()
    target = serializers.FloatField()
    troops = serializers.IntegerField(
        allow_null=True, help_text="Fewest troops on the attacking territory; null: out of reach."
    )
