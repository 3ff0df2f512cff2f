"""Before the first game, and the games: setup, seats, the end, amendments, the log read."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers.common import (
    CreditSerializer,
    Flag,
    Id,
    PlayerKeyedField,
    Text,
    Whole,
    credit_data,
)
from api.serializers.marks import (
    MARK_TYPE_OF_NAME,
    CorrectionChangesSerializer,
    correction_changes_data,
)
from campaigns import claims
from campaigns.game import event_words, late_entries
from campaigns.game.finish import read_reward_targets
from campaigns.game.holdings import ends_from_log, holdings_of
from campaigns.hiding import CITY_FOUNDED
from campaigns.models import EventKind, GameStatus, Result
from campaigns.vocabulary import EntryStatus
from legacy.box import FACTION_BY_SLUG
from legacy.rules import Reward


class FirstGameSerializer(serializers.Serializer):
    powers = serializers.DictField(
        child=serializers.ChoiceField(choices=["a", "b"]),
        required=False,
        default=dict,
        help_text=(
            "Each faction's kept starting power, by faction slug: 'a' or 'b'. A faction whose "
            "starting power was brought in is left out (all five brought in: only the coins)."
        ),
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
    powers = serializers.DictField(
        child=serializers.CharField(),
        help_text="Each faction's kept starting power, the ones brought in with them.",
    )
    coins = serializers.DictField(child=serializers.IntegerField())


class SeatPlanSerializer(serializers.Serializer):
    player = Id()
    faction = Text(max_length=40)
    hq = Text(max_length=32)


class GameSetupSerializer(serializers.Serializer):
    # DRF hands max_length to the ListSerializer many=True makes; the stubs do not know it.
    seats = SeatPlanSerializer(  # type: ignore[call-arg]
        many=True, max_length=10, help_text="In seating order."
    )
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
    draft_turn = serializers.IntegerField(
        allow_null=True, help_text="Drafted turn order (1 plays first); null: no draft entered."
    )
    draft_placement = serializers.IntegerField(allow_null=True)
    starting_troops = serializers.IntegerField(allow_null=True)
    starting_coin_cards = serializers.IntegerField(allow_null=True)


def event_summary(event, cache: dict, sees_unlocked: bool = True) -> str:
    """An entry's words in the request's language (``Accept-Language``), made from its kind and
    data as the pages make them, with the reader's hiding: a reader the campaign hides what its
    packets unlocked from (``sees_unlocked`` false) reads placeholders for those names, worded
    so here and not left to the scrub of the whole answer, and a World Capital as a city.
    ``cache`` keeps the campaign's names for the next entries."""
    key = (event.game.campaign_id, sees_unlocked)
    words = cache.get(key)
    if words is None:
        words = cache[key] = event_words.EventWords(key[0], sees_unlocked=sees_unlocked)
    return event_words.event_text(event, words)


def credited_to_data(event) -> dict | None:
    """Who made the entry, credited to the player their account is linked to
    (``campaigns.claims.credit_of``)."""
    return credit_data(claims.credit_of(event, event.game.campaign_id))


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.ChoiceField(
        # "city-founded": a World Capital founded, as a reader the campaign hides it from reads
        # it (``campaigns.hiding``).
        choices=[*EventKind.choices, (CITY_FOUNDED, _("City founded"))],
        help_text="What kind of entry. A reader the campaign hides what its packets unlocked "
        "from reads a World Capital founded (capital-founded) as a city founded (city-founded).",
    )
    at = serializers.DateTimeField(help_text="When the entry reached the server.")
    made_at = serializers.DateTimeField(
        help_text="When the entry was made at the table (the sender's clock, or the server's "
        "time when none was sent). A game's entries are in this order, arrival breaking ties."
    )
    player = serializers.SerializerMethodField()
    summary = serializers.SerializerMethodField(
        help_text="What happened, in the request's language (Accept-Language), made from the "
        "kind and its data when the entry is read."
    )
    # A field named like an attribute of Serializer: DRF's metaclass takes declared fields out
    # of the class, so nothing is overridden; the stubs see an assignment.
    data = serializers.DictField()  # type: ignore[assignment]
    status = serializers.SerializerMethodField(
        help_text="Where the entry stands: recorded (counted), awaiting-confirmation (a late "
        "entry that would change what the log decided: not counted until the table confirms "
        "it, events/{seq}/confirm/, or takes it back, events/{seq}/void/) or taken-back."
    )
    voided = serializers.BooleanField(help_text="Taken back: it stays in the log, not counted.")
    voided_at = serializers.DateTimeField(allow_null=True)
    void_reason = serializers.CharField(allow_blank=True)
    credited_to = serializers.SerializerMethodField(
        help_text="Who made the entry: the player whose roster name their account is linked "
        "to, else their username; null when nobody is known (an import, a deleted account)."
    )

    @extend_schema_field(CreditSerializer(allow_null=True))
    def get_credited_to(self, event) -> dict | None:
        return credited_to_data(event)

    @extend_schema_field(serializers.ChoiceField(choices=EntryStatus.choices))
    def get_status(self, event) -> str:
        return late_entries.status_of(event).value

    def get_player(self, event) -> int | None:
        return event.seat.player_id if event.seat_id else None

    def get_summary(self, event) -> str:
        sees = self.context.get("sees_unlocked", True)
        # The context is the dict the view gave (here, a cache of words for every entry of the
        # page); the stubs type it read-only.
        words = self.context.setdefault("event_words", {})  # type: ignore[attr-defined]
        return event_summary(event, words, sees)


class MarkRefSerializer(serializers.Serializer):
    type = serializers.CharField(help_text="The type of mark, as in /marks/<type>/.")
    id = serializers.IntegerField()


class RewardTargetSerializer(serializers.Serializer):
    """Where the reward is now, read from the mark it placed (or, for a cancelled scar,
    covered): a correction of that mark moves the reward with it."""

    territory = serializers.CharField(allow_null=True)
    continent = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_blank=True)
    delta = serializers.IntegerField(allow_null=True)
    mark = MarkRefSerializer(allow_null=True, help_text="Null for a reward kept without it.")
    corrections = CorrectionChangesSerializer(
        many=True, help_text="The corrections of that mark, oldest first."
    )


def reward_target_data(target) -> dict:
    return {
        "territory": target.territory,
        "continent": target.continent,
        "name": target.name,
        "delta": target.delta,
        "mark": {"type": MARK_TYPE_OF_NAME[target.mark_type], "id": target.mark_id}
        if target.mark_type
        else None,
        "corrections": [correction_changes_data(c) for c in target.corrections],
    }


class GameRewardSerializer(serializers.Serializer):
    order = serializers.IntegerField()
    player = serializers.IntegerField(source="seat.player_id")
    kind = serializers.CharField()
    details = serializers.DictField(help_text="What the reward recorded when it was given.")
    target = serializers.SerializerMethodField()
    voided = serializers.BooleanField()

    @extend_schema_field(RewardTargetSerializer)
    def get_target(self, reward) -> dict:
        if not hasattr(reward, "target"):
            read_reward_targets([reward])
        return reward_target_data(reward.target)


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
    hqs = serializers.IntegerField(help_text="HQs controlled, its own included (1 at the start).")
    board_stars = serializers.IntegerField(
        help_text="Red stars on the board other than HQs (from unlocked content)."
    )
    red_stars_counted = serializers.IntegerField(
        help_text="Red stars as the box counts them: tokens held plus HQs controlled plus the "
        "other red stars on the board; 4 wins."
    )
    missiles = serializers.IntegerField()
    scar_cards = serializers.IntegerField(help_text="Scar cards not played yet (0 or 1).")
    scar_card_kind = serializers.CharField(
        allow_blank=True, help_text="The unplayed card's type, when the table said which."
    )
    out = serializers.BooleanField(help_text="Wiped out and not back in the war.")
    out_for_good = serializers.BooleanField(help_text="Eliminated: cannot rejoin this game.")


class LoggedResultSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    result = serializers.ChoiceField(choices=[Result.ELIMINATED, Result.WON])
    entry = serializers.IntegerField(
        allow_null=True,
        help_text="The entry that put the seat out of the game, or that won it the war.",
    )
    for_good = serializers.BooleanField(
        help_text="Eliminated for good; false: wiped out and never rejoined."
    )
    reason = serializers.CharField()


class GameDetailSerializer(GameSerializer):
    events = EventSerializer(many=True)
    rewards = serializers.SerializerMethodField()
    holdings = serializers.SerializerMethodField(
        help_text="What each seat holds now, read off its start and the entries not taken back."
    )
    results_from_log = serializers.SerializerMethodField(
        help_text="The seats whose result the log decides: the winner of the war (4 red stars, "
        "or the last faction standing) must finish 'won', and the seats it puts out of the game "
        "(eliminated for good, or wiped out and never rejoined) 'eliminated'; finishing or "
        "amending with another result is refused. Seats not listed are for the table to say."
    )

    @extend_schema_field(LoggedResultSerializer(many=True))
    def get_results_from_log(self, game) -> list[dict]:
        seats = sorted(game.seats.all(), key=lambda s: s.order)
        replayed = holdings_of(game, seats=seats, events=list(game.events.all()))
        return [
            {
                "player": end.player,
                "result": end.result,
                "entry": end.entry,
                "for_good": end.for_good,
                "reason": end.reason,
            }
            for end in ends_from_log(seats, replayed).values()
        ]

    @extend_schema_field(GameRewardSerializer(many=True))
    def get_rewards(self, game) -> list[dict]:
        rewards = list(game.rewards.all())
        read_reward_targets(rewards)
        # many=True makes a ListSerializer, whose data is a list; the stubs type it as one's.
        return GameRewardSerializer(rewards, many=True).data  # type: ignore[return-value]

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
        help_text="What each player who held on controlled at the end, by player id. A player "
        "who held on chooses one reward while any is legal; to give one none while a stock is "
        "left, list what they controlled (an empty list for nothing eligible).",
    )
    winner_reward = RewardSerializer(required=False, allow_null=True)
    held_on_rewards = PlayerKeyedField(
        child=RewardSerializer(),
        required=False,
        default=dict,
        help_text="One reward for each player who held on, by player id, while any is legal "
        "for them; the campaign's held_on_rewards_end_together decides whether both end once "
        "either stock is empty.",
    )
    slogan = Text(max_length=120, required=False, allow_blank=True, default="")
    signed_on = serializers.DateField(required=False, allow_null=True)


class AmendSerializer(FinishSerializer):
    revision = Whole(min_value=0, max_value=2**31 - 1)
    reason = Text(max_length=300)


class NoRewardSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    reason = serializers.CharField(help_text="Why no held-on reward was legal for them.")


class FinishResultSerializer(serializers.Serializer):
    game = GameDetailSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    world_to_be_named = serializers.BooleanField()
    no_held_on_rewards = NoRewardSerializer(
        many=True,
        help_text="Each player who held on and got no reward: allowed only when none was legal "
        "for them (the stocks are empty, or what they controlled takes none).",
    )


class GameCancelSerializer(serializers.Serializer):
    reason = Text(max_length=200, help_text="Why the game is cancelled (kept in the audit).")


class GameCancelledSerializer(serializers.Serializer):
    cancelled = serializers.IntegerField(help_text="The number of the game, free again.")
    reason = serializers.CharField()


class SeatFixSerializer(serializers.Serializer):
    player = Id(required=False, help_text="The player who sat there, if not the one in the path.")
    faction = Text(max_length=40, required=False)
    hq = Text(max_length=32, required=False)
    reason = Text(
        max_length=200,
        required=False,
        default="",
        allow_blank=True,
        help_text="Why: needed once the game has its first entry.",
    )
