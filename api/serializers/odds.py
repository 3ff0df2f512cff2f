"""The odds of a battle on a territory of a campaign, as the campaign keeps it now."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.board import OddsSerializer
from api.serializers.common import Flag, Slug, Text, Whole, defender_missiles_field
from legacy import scar_effects


class CampaignOddsQuerySerializer(serializers.Serializer):
    territory = Slug(help_text="The defended territory (a slug of the board).")
    attacker_faction = Slug(required=False, allow_blank=True, default="")
    defender_faction = Slug(required=False, allow_blank=True, default="")
    attackers = Whole(
        min_value=-(10**6), max_value=10**6, help_text="Troops on the attacking territory."
    )
    defenders = Whole(min_value=-(10**6), max_value=10**6)
    missiles = Whole(default=0, min_value=-(10**6), max_value=10**6)
    defender_missiles = defender_missiles_field()
    stop_at = Whole(default=1, min_value=-(10**6), max_value=10**6)
    bear_first_attack = Flag(
        default=True,
        help_text="For an attacking Enclave of the Bear holding its power (a): is this the "
        "first territory it attacks this turn?",
    )


class ScarReadSerializer(serializers.Serializer):
    slug = serializers.CharField(
        allow_null=True, help_text="Null when the campaign hides what its packets unlocked."
    )
    name = Text()
    base = serializers.BooleanField()
    dice_effect = serializers.ChoiceField(choices=scar_effects.CHOICES)


class TerritoryReadSerializer(serializers.Serializer):
    slug = serializers.CharField()
    scar = ScarReadSerializer(allow_null=True)
    fortified = serializers.BooleanField(help_text="A fortification with a box still unmarked.")
    fortification_boxes = serializers.IntegerField(help_text="Boxes still unmarked.")
    defender_hq = serializers.BooleanField(
        help_text="The defending faction's starting HQ in the latest game."
    )


class PowerUsedSerializer(serializers.Serializer):
    faction = serializers.CharField()
    code = serializers.CharField()


class CampaignOddsSerializer(OddsSerializer):
    missile_orders = serializers.DictField(
        child=serializers.FloatField(),
        help_text="When both sides hold missiles: the chance of conquest by who chooses their "
        "missiles first after a roll (attacker-first, defender-first). Both while the campaign "
        "reads the order as declared at the table; the one order it fixed otherwise. Empty "
        "when the defender holds none.",
    )
    territory = TerritoryReadSerializer()
    attacker_faction = serializers.CharField(allow_null=True)
    defender_faction = serializers.CharField(allow_null=True)
    powers_used = PowerUsedSerializer(many=True)
