"""What a packet adds to a campaign's board: a territory with its connections, or a connection."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GameNumber, Slug, Text, Whole
from api.serializers.common import StrictFloatField as Place


class AddTerritorySerializer(serializers.Serializer):
    name = Text(max_length=60, help_text="The territory's name, in the group's words.")
    continent = Slug(help_text="The continent it belongs to (a continent's slug).")
    connections = serializers.ListField(
        child=Slug(),
        min_length=1,
        max_length=42,
        help_text="The territories it is joined to (slugs), as of its game.",
    )
    coins = Whole(min_value=1, max_value=6, default=1, help_text="The coins on its card.")
    game = GameNumber(min_value=1, help_text="The game its packet came in.")
    x = Place(
        min_value=0, max_value=1, required=False, help_text="Where on the map, left to right."
    )
    y = Place(
        min_value=0, max_value=1, required=False, help_text="Where on the map, top to bottom."
    )


class AddedTerritorySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    continent = serializers.CharField()
    coins = serializers.IntegerField()
    game = serializers.IntegerField()
    connections = serializers.ListField(child=serializers.CharField())
    x = serializers.FloatField(allow_null=True)
    y = serializers.FloatField(allow_null=True)


class AddConnectionSerializer(serializers.Serializer):
    a = Slug(help_text="One territory (a slug), printed or added.")
    b = Slug(help_text="The other territory (a slug).")
    game = GameNumber(min_value=1, help_text="The game its packet came in.")


class AddedConnectionSerializer(serializers.Serializer):
    a = serializers.CharField()
    b = serializers.CharField()
    game = serializers.IntegerField()
