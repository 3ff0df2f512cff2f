"""Bringing a campaign in: the past games, marks, packets and rule stickers a request brings,
and what has been brought in so far."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GAME_NUMBER_MAX, Flag, Slug, Text, Whole
from campaigns.bring_in import MarkToBringIn
from legacy.models import PowerType
from legacy.rulebook import SECTION_SLUGS

# The most items of each part one request takes (the body's own limit is BODY_LIMIT bytes).
MOST_ITEMS = 200
BODY_LIMIT = 256 * 1024

GAME_HELP = "The game it was made in (0: before the first game); null when the group does not know."


def MaybeGame(**kwargs):  # noqa: N802 - reads as a field type
    return Whole(
        min_value=0,
        max_value=GAME_NUMBER_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text=GAME_HELP,
        **kwargs,
    )


class PastResultSerializer(serializers.Serializer):
    player = Text(max_length=60, help_text="A roster name.")
    faction = Slug(help_text="The faction they played, by slug.")
    result = serializers.ChoiceField(choices=["held_on", "eliminated"])


class PastGameSerializer(serializers.Serializer):
    number = Whole(min_value=0, max_value=GAME_NUMBER_MAX, help_text="1 to the games played.")
    winner = Text(max_length=60, help_text="The winner's roster name.")
    faction = Slug(help_text="The faction the winner played, by slug.")
    results = serializers.ListField(
        child=PastResultSerializer(),
        required=False,
        default=list,
        max_length=5,
        help_text="Who else played, and whether they held on or were eliminated (optional).",
    )
    played_on = serializers.DateField(required=False, allow_null=True, default=None)


class PastMarkSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=MarkToBringIn.choices)
    game = MaybeGame()
    territory = Slug(required=False, allow_blank=True, default="")
    faction = Slug(
        required=False,
        allow_blank=True,
        default="",
        help_text="A scar on a faction card, a power's card, a starting power's faction.",
    )
    continent = Slug(required=False, allow_blank=True, default="")
    player = Text(
        max_length=60,
        required=False,
        allow_blank=True,
        default="",
        help_text="Who made it: a city's founder (needed for a major city), a continent's namer.",
    )
    name = Text(max_length=60, required=False, allow_blank=True, default="")
    scar_type = Slug(required=False, allow_blank=True, default="")
    delta = Whole(min_value=-1, max_value=1, required=False, default=0)
    boxes = Whole(
        min_value=0,
        max_value=100,
        required=False,
        default=0,
        help_text="The boxes a fortification had marked (0 to 10).",
    )
    slot = serializers.ChoiceField(
        choices=PowerType.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="A power's type (its colour): one per faction card.",
    )
    code = serializers.ChoiceField(
        choices=["a", "b"],
        required=False,
        allow_blank=True,
        default="",
        help_text="A starting power: the one of its faction's two ('a' or 'b') the faction "
        "kept before the first game (its game is 0, whatever game is given).",
    )
    text = Text(max_length=2000, required=False, allow_blank=True, default="")
    unlocked_by = Slug(
        required=False, allow_blank=True, default="", help_text="The packet that placed a power."
    )
    covers = Flag(
        required=False, default=False, help_text="A power placed over the card's power of its type."
    )
    connections = serializers.ListField(
        child=Slug(),
        required=False,
        default=list,
        max_length=42,
        help_text="An added territory's connections (slugs), at least one.",
    )
    coins = Whole(min_value=1, max_value=6, required=False, default=1)
    a = Slug(required=False, allow_blank=True, default="", help_text="An added connection's end.")
    b = Slug(required=False, allow_blank=True, default="", help_text="Its other end.")


class PastPacketSerializer(serializers.Serializer):
    packet = Slug(help_text="One of the box's packets, or one of the campaign's own, by slug.")
    game = MaybeGame()


class PastStickerSerializer(serializers.Serializer):
    section = serializers.ChoiceField(choices=list(SECTION_SLUGS))
    game = MaybeGame()
    title = Text(max_length=100)
    text = Text(max_length=5000, required=False, allow_blank=True, default="")
    packet = Slug(required=False, allow_blank=True, default="")


class BringInSerializer(serializers.Serializer):
    games_played = Whole(
        min_value=0,
        max_value=GAME_NUMBER_MAX,
        required=False,
        help_text="Say again how many games the group played before Earthbook (optional).",
    )
    world_name = Text(max_length=60, required=False, allow_blank=True, default="")
    games = serializers.ListField(
        child=PastGameSerializer(), required=False, default=list, max_length=MOST_ITEMS
    )
    marks = serializers.ListField(
        child=PastMarkSerializer(), required=False, default=list, max_length=MOST_ITEMS
    )
    packets = serializers.ListField(
        child=PastPacketSerializer(), required=False, default=list, max_length=20
    )
    stickers = serializers.ListField(
        child=PastStickerSerializer(), required=False, default=list, max_length=50
    )


class PastSeatSerializer(serializers.Serializer):
    player = serializers.CharField()
    faction = serializers.CharField()
    result = serializers.CharField()


class PastGameOutSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    winner = serializers.CharField()
    faction = serializers.CharField()
    seats = PastSeatSerializer(many=True)


class PastMarkOutSerializer(serializers.Serializer):
    type = serializers.CharField(help_text="The mark's type, as in /marks/{type}/{id}/.")
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    game_known = serializers.BooleanField()
    territory = serializers.CharField(allow_null=True)
    faction = serializers.CharField(
        allow_null=True,
        help_text="The faction whose card it is on, by slug: a starting power kept, a power "
        "placed, a scar on a faction card; null for a mark on the board.",
    )
    text = serializers.CharField(help_text="The mark, in the reader's language.")


class PastPacketOutSerializer(serializers.Serializer):
    packet = serializers.CharField()
    game = serializers.IntegerField()
    game_known = serializers.BooleanField()


class BroughtInSerializer(serializers.Serializer):
    games_played = serializers.IntegerField(allow_null=True)
    done = serializers.BooleanField()
    missing = serializers.ListField(
        child=serializers.IntegerField(), help_text="The games still without their winner."
    )
    games = PastGameOutSerializer(many=True)
    marks = PastMarkOutSerializer(many=True)
    packets = PastPacketOutSerializer(many=True)
    packets_due = serializers.ListField(
        child=serializers.CharField(),
        help_text="Packets whose trigger has passed and that are still sealed: open them now.",
    )


class RecordedSerializer(serializers.Serializer):
    games = serializers.ListField(child=serializers.IntegerField())
    marks = PastMarkOutSerializer(many=True)
    packets = serializers.ListField(child=serializers.CharField())
    stickers = serializers.ListField(child=serializers.IntegerField())


class BringInAnswerSerializer(BroughtInSerializer):
    recorded = RecordedSerializer(help_text="What this request brought in.")
