"""The campaign's statistics and its end poster."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.derived import TallySerializer
from campaigns.models import EndPoster, JobFailure


class PlayerTallySerializer(TallySerializer):
    id = serializers.IntegerField(help_text="The player's id.")
    name = serializers.CharField()


class FactionTallySerializer(TallySerializer):
    faction = serializers.CharField(help_text="The faction's slug.")
    name = serializers.CharField()
    unlocked = serializers.BooleanField(help_text="A faction the group unlocked from a packet.")


class StartTallySerializer(TallySerializer):
    territory = serializers.CharField(
        help_text="A territory's slug; 'played' counts the seats that started (had their HQ) "
        "there, the others how those seats ended."
    )


class HeatSerializer(serializers.Serializer):
    territory = serializers.CharField(help_text="A territory's slug.")
    scars = serializers.IntegerField(help_text="Scars ever placed there (voided ones left out).")
    cities = serializers.IntegerField(help_text="Cities ever founded there (voided ones left out).")


class SignaturesAfterSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    player = serializers.IntegerField(
        allow_null=True, help_text="The player who signed for this game, if anyone did."
    )
    total = serializers.IntegerField(help_text="Lines of the winners' section signed by then.")


class CardCoinsSerializer(serializers.Serializer):
    territory = serializers.CharField(help_text="The territory card's slug.")
    coins = serializers.IntegerField(help_text="Coins on the card now (1 to 6).")
    destroyed = serializers.BooleanField()


class CoinsAfterSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="0: before the first game.")
    coins = serializers.IntegerField(help_text="Coins on the territory cards still in the game.")
    cards = serializers.IntegerField(help_text="Territory cards still in the game.")


class StatisticsSerializer(serializers.Serializer):
    games_finished = serializers.IntegerField()
    players = PlayerTallySerializer(many=True)
    factions = FactionTallySerializer(many=True)
    starts = StartTallySerializer(many=True)
    heat = HeatSerializer(many=True, help_text="Only the territories that carried a mark.")
    signatures = SignaturesAfterSerializer(many=True, help_text="After each finished game.")
    coins = CardCoinsSerializer(many=True, help_text="Every territory card, in board order.")
    coins_over_games = CoinsAfterSerializer(many=True)


class PosterWinnerSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    name = serializers.CharField()
    faction = serializers.CharField(help_text="The faction's name, as the poster writes it.")


class PosterSerializer(serializers.Serializer):
    world_name = serializers.CharField()
    winners = PosterWinnerSerializer(many=True)
    status = serializers.ChoiceField(
        choices=EndPoster.public_statuses(),
        help_text="'queued' or 'drawing' until the task has stored it, then 'done'; 'failed' "
        "until it is asked for again.",
    )
    error = serializers.ChoiceField(
        choices=["", *JobFailure.values],
        help_text="Why it failed, as a code; empty unless it failed.",
    )
    error_message = serializers.CharField(help_text="Why it failed, in words.")
    image = serializers.URLField(allow_null=True, help_text="The PNG, once drawn.")
    finished_at = serializers.DateTimeField(
        allow_null=True, help_text="When it was drawn, or failed."
    )
