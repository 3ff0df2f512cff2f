"""Scar types: the box's and those the packets unlocked, with their effect on the dice."""

from __future__ import annotations

from rest_framework import serializers

from legacy import scar_effects
from legacy.models import ScarColour


class ScarTypeSerializer(serializers.Serializer):
    slug = serializers.CharField(
        allow_null=True, help_text="Null when the campaign hides what its packets unlocked."
    )
    name = serializers.CharField()
    base = serializers.BooleanField(help_text="In the box from the start.")
    cards = serializers.IntegerField()
    on_faction_card = serializers.BooleanField()
    colour = serializers.ChoiceField(
        choices=ScarColour.choices,
        allow_blank=True,
        help_text="Its stickers' colour (yellow: a faction card's scar); empty when not said.",
    )
    dice_effect = serializers.ChoiceField(choices=scar_effects.CHOICES)


class DiceEffectSerializer(serializers.Serializer):
    dice_effect = serializers.ChoiceField(
        choices=scar_effects.CHOICES, help_text="What a scar of this type does to the dice."
    )
