"""Before the first game, the games (setup, seats, the end, amendments) and the table's entries."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers.common import Flag, Id, PlayerKeyedField, Slug, Text, Whole
from campaigns.game.holdings import holdings_of
from campaigns.models import EventKind, GameStatus, Result
from legacy.box import FACTION_BY_SLUG
from legacy.rules import Reward


class FirstGameSerializer(serializers.Serializer):
    powers = serializers.DictField(
        child=serializers.ChoiceField(choices=["a", "b"]),
        help_text="Each faction's kept starting power, by faction slug: 'a' or 'b'.",
    )
    coins = serializers.ListField(
        child=Text(max_length=32),
        max_length=100,
        required=False,
        default=list,
        help_text="Territory slugs, one per coin sticker (twice for two on one card).",
    )
    random_coins = Flag(default=False)
    seed = Whole(min_value=0, max_value=2**63 - 1, required=False)

    def validate_powers(self, value):
        unknown = sorted(set(value) - set(FACTION_BY_SLUG))
        if unknown:
            raise serializers.ValidationError(f"There is no faction called {unknown[0]!r}.")
        return value


class FirstGameResultSerializer(serializers.Serializer):
    powers = serializers.DictField(child=serializers.CharField())
    coins = serializers.DictField(child=serializers.IntegerField())


class SeatPlanSerializer(serializers.Serializer):
    player = Id()
    faction = Text(max_length=40)
    hq = Text(max_length=32)


class GameSetupSerializer(serializers.Serializer):
    seats = SeatPlanSerializer(many=True, max_length=10, help_text="In seating order.")
    played_on = serializers.DateField(required=False)


class SeatSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField(source="player.name")
    faction = serializers.CharField()
    hq = serializers.CharField()
    order = serializers.IntegerField()
    red_stars = serializers.IntegerField()
    missiles = serializers.IntegerField()
    scar_card = serializers.BooleanField()
    result = serializers.CharField(allow_blank=True)
    controlled_at_end = serializers.ListField(child=serializers.CharField())


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=EventKind.choices)
    at = serializers.DateTimeField()
    player = serializers.SerializerMethodField()
    summary = serializers.CharField()
    data = serializers.DictField()
    voided = serializers.BooleanField(help_text="Taken back: it stays in the log, not counted.")
    voided_at = serializers.DateTimeField(allow_null=True)
    void_reason = serializers.CharField(allow_blank=True)

    def get_player(self, event) -> int | None:
        return event.seat.player_id if event.seat_id else None


class GameRewardSerializer(serializers.Serializer):
    order = serializers.IntegerField()
    player = serializers.IntegerField(source="seat.player_id")
    kind = serializers.CharField()
    details = serializers.DictField()
    voided = serializers.BooleanField()


class GameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    played_on = serializers.DateField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    scar_cards_dealt = serializers.BooleanField()
    revision = serializers.IntegerField(help_text="Send it back with an amendment.")
    seats = SeatSerializer(many=True)


class HoldingsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    red_stars = serializers.IntegerField(help_text="Red star tokens held (not HQs).")
    missiles = serializers.IntegerField()
    scar_cards = serializers.IntegerField(help_text="Scar cards not played yet (0 or 1).")
    scar_card_kind = serializers.CharField(
        allow_blank=True, help_text="The unplayed card's type, when the table said which."
    )
    out = serializers.BooleanField(help_text="Wiped out and not back in the war.")
    out_for_good = serializers.BooleanField(help_text="Eliminated: cannot rejoin this game.")


class GameDetailSerializer(GameSerializer):
    events = EventSerializer(many=True)
    rewards = GameRewardSerializer(many=True)
    holdings = serializers.SerializerMethodField(
        help_text="What each seat holds now, read off its start and the entries not taken back."
    )

    @extend_schema_field(HoldingsSerializer(many=True))
    def get_holdings(self, game) -> list[dict]:
        seats = list(game.seats.all())
        replayed = holdings_of(game, seats=seats, events=list(game.events.all()))
        return [
            {"player": s.player_id, **replayed.holdings[s.pk].as_dict()}
            for s in sorted(seats, key=lambda s: s.order)
        ]


class RewardSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[r.value for r in Reward])
    territory = Text(max_length=32, required=False, allow_null=True)
    continent = Text(max_length=16, required=False, allow_null=True)
    name = Text(max_length=60, required=False, allow_blank=True, default="")
    delta = Whole(min_value=-1, max_value=1, required=False, default=0)


class FinishSerializer(serializers.Serializer):
    results = PlayerKeyedField(
        child=serializers.ChoiceField(choices=Result.choices),
        help_text="Every seated player's result, by player id.",
    )
    controlled = PlayerKeyedField(
        child=serializers.ListField(child=Text(max_length=32), max_length=42),
        required=False,
        default=dict,
        help_text="What each player who held on controlled at the end, by player id.",
    )
    winner_reward = RewardSerializer(required=False, allow_null=True)
    held_on_rewards = PlayerKeyedField(child=RewardSerializer(), required=False, default=dict)
    slogan = Text(max_length=120, required=False, allow_blank=True, default="")
    signed_on = serializers.DateField(required=False, allow_null=True)


class AmendSerializer(FinishSerializer):
    revision = Whole(min_value=0, max_value=2**31 - 1)
    reason = Text(max_length=300)


class FinishResultSerializer(serializers.Serializer):
    game = GameDetailSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    world_to_be_named = serializers.BooleanField()


class ScarEventSerializer(serializers.Serializer):
    scar = Slug(help_text="The scar type's slug, e.g. bunker.")
    territory = Text(max_length=32, required=False, allow_null=True)
    faction = Text(max_length=40, required=False, allow_null=True)
    player = Id(
        required=False,
        allow_null=True,
        help_text="Who plays the scar card (needed unless without_card).",
    )
    without_card = Flag(
        default=False,
        help_text="Placed by unlocked content without a scar card; say which rule in reason.",
    )
    reason = Text(max_length=200, required=False, allow_blank=True, default="")


class MissilesEventSerializer(serializers.Serializer):
    count = Whole(min_value=-1000, max_value=1000)
    player = Id(help_text="Who plays them: the seat must hold that many missiles.")
    roll = Whole(
        min_value=1,
        max_value=2**31 - 1,
        required=False,
        allow_null=True,
        help_text="The entry (seq) that began this roll, when others' missiles are on it already.",
    )


class RecruitmentEventSerializer(serializers.Serializer):
    player = Id()
    troops = Whole(min_value=-(10**6), max_value=10**6)


class RedStarEventSerializer(serializers.Serializer):
    player = Id(help_text="Who trades 4 resource cards for a red star.")


class VoidEntrySerializer(serializers.Serializer):
    reason = Text(max_length=300, help_text="Why the entry is taken back.")


class VoidResultSerializer(serializers.Serializer):
    event = EventSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    stays_opened = serializers.ListField(
        child=serializers.CharField(),
        help_text="Packets opened because of the entry: they stay opened.",
    )


class EliminationEventSerializer(serializers.Serializer):
    player = Id()
    can_rejoin = Flag(default=False)


class RejoinEventSerializer(serializers.Serializer):
    player = Id()
    territory = Text(
        max_length=32,
        help_text="Where the faction places its 4 troops (no HQ): a legal start, that is "
        "unoccupied, and unmarked or a major city this player founded. HQs do not close their "
        "neighbours to a joining player.",
    )
    occupied = serializers.ListField(
        child=Text(max_length=32),
        max_length=42,
        required=False,
        default=list,
        help_text="Territory slugs occupied now, as the table sees them; the HQ territories of "
        "this game count as occupied without being listed.",
    )


class CoinPileOutEventSerializer(serializers.Serializer):
    territories = PlayerKeyedField(
        child=Whole(min_value=-1000, max_value=1000),
        help_text="Territories each player controls, by player id.",
    )


class MarkEventSerializer(serializers.Serializer):
    kind = Slug(help_text="The slug of a kind of mark the group unlocked.")
    territory = Text(max_length=32, required=False, allow_null=True)
    faction = Text(max_length=40, required=False, allow_null=True)
    label = Text(max_length=60, required=False, allow_blank=True, default="")
    player = Id(required=False, allow_null=True)


class CityDestroyedEventSerializer(serializers.Serializer):
    territory = Text(max_length=32)


class EventResultSerializer(serializers.Serializer):
    event = EventSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    red_star_to = serializers.IntegerField(allow_null=True)
