"""The campaign's own sealed components, and the living rulebook's stickers."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GameNumber, Slug, Text
from legacy.rulebook import SECTION_SLUGS, SETTING_SLUGS

# What a reader sees instead of the group's words when the campaign hides what its packets
# unlocked from them (``campaigns.access.sees_unlocked``).
HIDDEN_HELP = (
    "The group's own words; a neutral placeholder (and hidden: true) for a reader from whom the "
    "campaign hides what its packets unlocked."
)


class ComponentAddSerializer(serializers.Serializer):
    name = Text(max_length=60, help_text="Its name, as printed on it.")
    trigger = Text(max_length=300, help_text="When to open it, in your own words.")


class ComponentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField(
        allow_null=True,
        help_text="Open it with POST packets/ and this as 'packet'; null when hidden (it is "
        "made from the name).",
    )
    name = serializers.CharField(help_text=HIDDEN_HELP)
    trigger = serializers.CharField(help_text=HIDDEN_HELP)
    hidden = serializers.BooleanField()
    added_in_game = serializers.IntegerField(help_text="The last game set up when it was added.")
    opened_in_game = serializers.IntegerField(allow_null=True)
    voided = serializers.BooleanField()
    void_reason = serializers.CharField(allow_blank=True)


class StickerAddSerializer(serializers.Serializer):
    section = serializers.ChoiceField(
        choices=list(SECTION_SLUGS), help_text="The rulebook's section it is pasted into."
    )
    game = GameNumber(help_text="The game it was added in (0: before the first game).")
    title = Text(max_length=100)
    text = Text(max_length=5000, required=False, allow_blank=True, default="")
    packet = Slug(
        required=False,
        allow_blank=True,
        default="",
        help_text="The opened packet (or sealed component) that unlocked it, by slug.",
    )
    setting = serializers.ChoiceField(
        choices=["", *SETTING_SLUGS],
        required=False,
        default="",
        help_text="The campaign setting it changed, if it changed one Earthbook reads.",
    )


class StickerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    section = serializers.CharField()
    game = serializers.IntegerField(help_text="The game it was added in.")
    packet = serializers.CharField(
        allow_null=True,
        help_text="The packet whose opening unlocked it, by slug (a placeholder for a group's "
        "own component when hidden).",
    )
    title = serializers.CharField(help_text=HIDDEN_HELP)
    text = serializers.CharField(allow_blank=True, help_text=HIDDEN_HELP)
    hidden = serializers.BooleanField()
    setting = serializers.CharField(allow_blank=True)
    voided = serializers.BooleanField()
    void_reason = serializers.CharField(allow_blank=True)


class RuleStickerInPlaceSerializer(StickerSerializer):
    newest = serializers.BooleanField(help_text="Added in the game the rules are read as of.")


class SectionSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField(help_text="Our own short title, in the reader's language.")
    stickers = RuleStickerInPlaceSerializer(many=True)


class RulesSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The rules as of the end of this game.")
    sections = SectionSerializer(many=True)


class RulesQuerySerializer(serializers.Serializer):
    game = GameNumber(required=False, help_text="As of this game (default: the last one).")


class SettingStickerSerializer(serializers.Serializer):
    setting = serializers.CharField()
    sticker = StickerSerializer()
