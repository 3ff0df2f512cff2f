"""Sealed packets and what they unlocked."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import Flag, Slug, Text, Whole
from api.serializers.rulebook import ComponentSerializer
from legacy import scar_effects
from legacy.box import PACKET_BY_SLUG
from legacy.models import ContentKind, ScarColour


class UnlockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=ContentKind.choices)
    title = Text(max_length=100)
    text = Text(max_length=10000, required=False, allow_blank=True, default="")
    cards = Whole(min_value=0, max_value=1000, required=False, default=0)
    on_faction_card = Flag(required=False, default=False)
    opens_pack_4 = Flag(required=False, default=False)
    scar_colour = serializers.ChoiceField(
        choices=ScarColour.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="For a new scar type: its stickers' colour. A yellow scar goes on a faction "
        "card (and one on a faction card is yellow).",
    )
    dice_effect = serializers.ChoiceField(
        choices=scar_effects.CHOICES,
        required=False,
        default=scar_effects.NONE,
        help_text="For a new scar type: what a scar of it on a territory does to the dice.",
    )
    colour = Text(
        max_length=7,
        required=False,
        allow_blank=True,
        default="",
        help_text='For a new faction: "#rrggbb", the colour its HQ is drawn in (omit: one is '
        "chosen).",
    )


class PacketOpenSerializer(serializers.Serializer):
    packet = Slug(
        help_text="One of the box's six packets (pack-1 ... pocket-2), or the slug of one of the "
        "campaign's own sealed components (packets/components/). Any other is refused."
    )
    trigger = Text(max_length=200, required=False, allow_blank=True, default="")
    earned_otherwise = Text(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="How the group earned a box packet whose trigger has not fired; without it "
        "such a packet is refused (409, rule packet-not-earned). Kept in the audit trail.",
    )
    # DRF hands max_length to the ListSerializer many=True makes; the stubs do not know it.
    unlocked = UnlockSerializer(  # type: ignore[call-arg]
        many=True, required=False, default=list, max_length=100
    )


class PacketSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    trigger = serializers.CharField()
    opened_at = serializers.CharField(help_text="When in a game the box says to open it.")
    opened_in_game = serializers.IntegerField(allow_null=True)


class PacketsSerializer(serializers.Serializer):
    to_open = serializers.ListField(
        child=serializers.CharField(), help_text="Triggered and still sealed: open them now."
    )
    packets = PacketSerializer(many=True)
    components = ComponentSerializer(
        many=True, help_text="The campaign's own sealed components (packets/components/)."
    )


class UnlockedContentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    packet = serializers.CharField(source="opening.packet")
    game = serializers.IntegerField(source="opening.placed_in_game")
    kind = serializers.ChoiceField(choices=ContentKind.choices)
    title = serializers.CharField()
    text = serializers.CharField(allow_blank=True)


class PacketOpenedSerializer(serializers.Serializer):
    packet = serializers.CharField()
    name = serializers.CharField()
    game = serializers.IntegerField()
    unlocked = UnlockedContentSerializer(many=True)


def packet_name(slug: str, own: str = "") -> str:
    """A box packet's name; ``own`` for one of the campaign's own sealed components."""
    known = PACKET_BY_SLUG.get(slug)
    return known.name if known else own or slug
