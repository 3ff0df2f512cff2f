"""The event and mission decks, their cards and where each card is; World Capitals."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import Id, Text
from campaigns.game.decks import STATES
from legacy.box import PACKET_CHOICES
from legacy.models import Deck

HIDDEN_HELP = (
    "A reader from whom the campaign hides what its packets unlocked gets a placeholder, "
    "'(hidden)', instead of the title and the text."
)


class CardAddSerializer(serializers.Serializer):
    deck = serializers.ChoiceField(choices=Deck.choices)
    title = Text(max_length=100, help_text="In the group's own words.")
    text = Text(max_length=2000, required=False, allow_blank=True, default="")
    packet = serializers.ChoiceField(
        choices=PACKET_CHOICES, help_text="The opened packet that added the card."
    )


class CardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    deck = serializers.ChoiceField(choices=Deck.choices)
    title = serializers.CharField(help_text=HIDDEN_HELP)
    text = serializers.CharField(allow_blank=True)
    packet = serializers.CharField(help_text="The packet that added it.")
    opened_in_game = serializers.IntegerField()
    state = serializers.ChoiceField(
        choices=list(STATES),
        help_text="in-deck; drawn or completed in the campaign's latest game; destroyed: out "
        "of its deck for good.",
    )
    game = serializers.IntegerField(
        allow_null=True, help_text="The game it was drawn, completed or destroyed in."
    )


class DecksSerializer(serializers.Serializer):
    event = CardSerializer(many=True)
    mission = CardSerializer(many=True)


class WorldCapitalSerializer(serializers.Serializer):
    territory = Text(max_length=32)
    name = Text(max_length=60)
    player = Id(required=False, allow_null=True, help_text="Its founder, if a player.")


class WorldCapitalFoundedSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The city's id, as in /marks/cities/.")
    territory = serializers.CharField()
    name = serializers.CharField()
    placed_in_game = serializers.IntegerField()
    founder = serializers.IntegerField(allow_null=True)
    allowed = serializers.IntegerField(help_text="World Capitals the campaign allows at once.")
    founded = serializers.IntegerField(help_text="World Capitals that count now.")
