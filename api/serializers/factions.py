"""The campaign's factions (the box's five and those the group unlocked) and the powers on
their cards."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GAME_NUMBER_MAX, Flag, GameNumber, Id, Text, Whole
from legacy.box import PACKET_CHOICES
from legacy.models import PowerType


class FactionSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField(
        help_text="A placeholder when the campaign hides its unlocked content from you."
    )
    colour = serializers.CharField(help_text='"#rrggbb": how its HQ is drawn.')
    unlocked = serializers.BooleanField(help_text="Not one of the box's five.")
    appeared_in_game = serializers.IntegerField(help_text="0: before the first game.")
    text = serializers.CharField(allow_blank=True)


class FactionAddSerializer(serializers.Serializer):
    name = Text(max_length=60)
    colour = Text(
        max_length=7,
        required=False,
        allow_blank=True,
        default="",
        help_text='"#rrggbb"; omit and one is chosen.',
    )
    text = Text(max_length=2000, required=False, allow_blank=True, default="")


class PowerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    faction = serializers.CharField()
    slot = serializers.CharField(help_text="The power's type (its colour): one per card.")
    name = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    placed_in_game = serializers.IntegerField()
    unlocked_by = serializers.CharField(allow_null=True, help_text="The packet it came from.")
    removed_in_game = serializers.IntegerField(allow_null=True)
    removed_reason = serializers.CharField(allow_blank=True)


class PowersQuerySerializer(serializers.Serializer):
    game = Whole(
        min_value=0,
        max_value=GAME_NUMBER_MAX,
        required=False,
        help_text="The cards' powers at the end of this game (0: before the first game); omit "
        "for now.",
    )


class PowerPlaceSerializer(serializers.Serializer):
    faction = Text(max_length=40)
    slot = serializers.ChoiceField(
        choices=PowerType.choices, help_text="The power's type (its colour): one per card."
    )
    name = Text(max_length=60)
    text = Text(max_length=2000, required=False, allow_blank=True, default="")
    game = GameNumber(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="The game being played; omit (or null) between games.",
    )
    unlocked_by = serializers.ChoiceField(
        choices=PACKET_CHOICES,
        required=False,
        allow_null=True,
        default=None,
        help_text="The packet whose rule places it, if any.",
    )
    covers = Flag(
        required=False,
        default=False,
        help_text="It covers the power of the same type the card holds (that one stops counting).",
    )


class PowerDestroySerializer(serializers.Serializer):
    power = Id()
    game = GameNumber(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="The game being played; omit (or null) between games.",
    )
