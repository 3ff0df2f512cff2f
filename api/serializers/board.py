"""The printed board, the battle odds and the troops needed."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import ChanceField, Flag, Whole, defender_missiles_field
from legacy import scar_effects


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
    bunker = Flag(default=False)
    ammo_shortage = Flag(default=False)
    scar_effect = serializers.ChoiceField(
        choices=scar_effects.CHOICES,
        default=scar_effects.NONE,
        help_text="The territory's scar's effect on the dice (instead of bunker or ammo_shortage).",
    )
    fortified = Flag(default=False)
    fortification_boxes = Whole(
        default=10, min_value=-(10**6), max_value=10**6, help_text="Boxes still unmarked."
    )
    mechaniker_hq = Flag(default=False)
    mechaniker_double_six = Flag(default=False)
    bear_lower_die = Flag(default=False)
    bear_three_of_a_kind = Flag(default=False)
    resort = Flag(
        default=True,
        help_text="Open point: dice are sorted again after modifiers and missiles (default) or "
        "kept in the order of the natural roll.",
    )
    missile_six_is_natural = Flag(
        default=False,
        help_text="Open point: a missile's 6 counts as a natural 6 for every power that asks "
        "for natural dice (the Die Mechaniker's double six, the Bear's three of a kind).",
    )
    bear_three_as_rolled = Flag(
        default=False,
        help_text="Open point: the Bear's three of a kind is read on the dice as rolled, a "
        "missile's 6 among them, not on natural dice only.",
    )
    clamp_each = Flag(
        default=False,
        help_text="Open point: a defence die is kept within 1..6 after each modifier instead "
        "of once, after adding them all.",
    )
    clamp_order = serializers.ChoiceField(
        choices=scar_effects.CLAMP_ORDERS,
        default=scar_effects.AS_THEY_COME,
        help_text="Open point: the order clamp_each takes a defence die's modifiers in: the "
        "territory's scar, the fortification, then a power (default); every +1 first; or "
        "every -1 first.",
    )
    defender_missiles_first = Flag(
        default=False,
        help_text="Open point: after a roll the defender chooses its missiles first and the "
        "attacker answers (by default the attacker chooses first). Only with defender_missiles.",
    )
    bear_first_roll_only = Flag(
        default=False,
        help_text="Open point: the Bear's power (a) counts on the battle's first roll only, not "
        "the whole battle.",
    )
    single_die_is_lower = Flag(
        default=True,
        help_text="A lone defence die is also the lower die for the Bear's power (a).",
    )
    missiles = Whole(default=0, min_value=-(10**6), max_value=10**6)
    stop_at = Whole(default=1, min_value=-(10**6), max_value=10**6)


class OddsQuerySerializer(OddsModifiersSerializer):
    attackers = Whole(
        min_value=-(10**6), max_value=10**6, help_text="Troops on the attacking territory."
    )
    defenders = Whole(min_value=-(10**6), max_value=10**6)
    defender_missiles = defender_missiles_field()


class TroopsNeededQuerySerializer(OddsModifiersSerializer):
    defenders = Whole(min_value=-(10**6), max_value=10**6)
    target = ChanceField(help_text="The chance wanted, between 0 and 1.")


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
    defender_missiles = serializers.IntegerField()
    expected_missiles_used = serializers.FloatField()
    expected_defender_missiles_used = serializers.FloatField()
    p_conquered_outright = serializers.FloatField()
    p_halted = serializers.FloatField()


class TroopsNeededSerializer(serializers.Serializer):
    defenders = serializers.IntegerField()
    target = serializers.FloatField()
    troops = serializers.IntegerField(
        allow_null=True, help_text="Fewest troops on the attacking territory; null: out of reach."
    )
