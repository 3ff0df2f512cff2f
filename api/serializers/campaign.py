"""Accounts, campaigns, members and players."""

from __future__ import annotations

from rest_framework import serializers

from api.errors import ErrorBodySerializer
from api.serializers.common import (
    GAME_NUMBER_MAX,
    Flag,
    StrictCharField,
    StrictIntegerField,
    Text,
    Whole,
)
from api.serializers.rulebook import SettingStickerSerializer
from campaigns.models import JobStatus, Role
from campaigns.vocabulary import READING_TITLES, READINGS
from legacy import names


class TokenRequestSerializer(serializers.Serializer):
    username = Text(max_length=150)
    password = Text(max_length=4096, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="The secret to send as 'Authorization: Token ...'.")
    expiry = serializers.DateTimeField(help_text="When the token stops working.")


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class MySeatSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game's number.")
    now = serializers.BooleanField(
        help_text="true: the game being set up or played; false: the last finished game played."
    )
    faction = serializers.CharField(
        help_text="The faction's slug; unlocked-faction for one the group unlocked, when the "
        "campaign hides what its packets unlocked from you."
    )
    faction_name = serializers.CharField(help_text="The faction's name in the request's language.")
    result = serializers.CharField(
        allow_blank=True, help_text="How the seat ended (blank: not yet)."
    )


class MyPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField(help_text="Finished games played under this name.")
    won = serializers.IntegerField(help_text="Of them, the games won.")
    seat = MySeatSerializer(allow_null=True)


class MyCampaignSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField()
    player = MyPlayerSerializer(
        allow_null=True,
        help_text="The roster name your account is linked to (claim your name); null: none.",
    )


LANGUAGE_HELP = "The language the board pictures are drawn in: en (English) or ru (Russian)."
HELD_ON_HELP = (
    "House rule: held-on rewards end for everyone once either stock (minor cities or coins) is "
    "empty (the rulebook's 'no more coins or minor cities'). false (the default): each reward "
    "ends with its own stock and the other stays."
)


class CampaignCreateSerializer(serializers.Serializer):
    name = Text(max_length=100)
    players = serializers.ListField(
        child=Text(max_length=60), max_length=50, required=False, default=list
    )
    language = serializers.ChoiceField(
        choices=list(names.LANGUAGES), required=False, default="en", help_text=LANGUAGE_HELP
    )
    brought_in_games = Whole(
        min_value=0,
        max_value=GAME_NUMBER_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="Bring the campaign in: the games the group already played before Earthbook "
        "(0 to 15; more with world_name). Omit for a campaign that starts at game 1.",
    )
    world_name = Text(
        max_length=60,
        required=False,
        allow_blank=True,
        default="",
        help_text="The world's name, when more than 15 games were brought in.",
    )


CAPITAL_START_HELP = (
    "House rule: a World Capital is a legal start for its founder, as a major city they founded "
    "is (default false: the rulebook says it is not)."
)
CAPITALS_HELP = (
    "House rule: how many World Capitals (population 5) may exist at once, once an opened "
    "packet allows founding them (default 1)."
)


def reading_field(name: str, **kwargs) -> serializers.ChoiceField:
    """One open point of the rulebook (RULES.md section 9) as a campaign setting."""
    reading = READINGS[name]
    words = "; ".join(f"{value}: {reading(value).label}" for value in reading.values)
    return serializers.ChoiceField(
        choices=reading.choices,
        help_text=f"House rule, {READING_TITLES[name]} ({words}; default {reading.values[0]}).",
        **kwargs,
    )


class CampaignUpdateSerializer(serializers.Serializer):
    language = serializers.ChoiceField(
        choices=list(names.LANGUAGES),
        required=False,
        help_text=LANGUAGE_HELP + " Pictures already drawn are drawn again.",
    )
    shared = Flag(required=False)
    public = Flag(required=False)
    hide_unlocked_content = Flag(required=False)
    held_on_rewards_end_together = Flag(required=False, help_text=HELD_ON_HELP)
    world_capitals_allowed = StrictIntegerField(
        required=False, min_value=0, max_value=42, help_text=CAPITALS_HELP
    )
    world_capital_is_a_start = Flag(required=False, help_text=CAPITAL_START_HELP)
    missiles_at_setup = reading_field("missiles_at_setup", required=False)
    bear_first_attack = reading_field("bear_first_attack", required=False)
    bear_three_of_a_kind = reading_field("bear_three_of_a_kind", required=False)
    missile_six_natural = reading_field("missile_six_natural", required=False)
    missile_order = reading_field("missile_order", required=False)
    defence_dice_clamp = reading_field("defence_dice_clamp", required=False)
    defence_clamp_order = reading_field("defence_clamp_order", required=False)
    dice_order_after_modifiers = reading_field("dice_order_after_modifiers", required=False)
    cancelled_scar_territory = reading_field("cancelled_scar_territory", required=False)
    scar_on_hq_territory = reading_field("scar_on_hq_territory", required=False)
    city_over_mark = reading_field("city_over_mark", required=False)
    new_share_link = Flag(
        required=False, help_text="Replace the share token: old links stop working."
    )
    world_number = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=30,
        help_text="The world number printed in the box (Earth #00001234); empty clears it.",
    )
    archived = Flag(
        required=False,
        help_text="Archive (true: read-only, every change refused with 409) or unarchive.",
    )


class CampaignSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    created_at = serializers.DateTimeField()
    prepared = serializers.BooleanField(help_text="'Before the first game' is done.")
    brought_in_games = serializers.IntegerField(
        allow_null=True, help_text="Games played before Earthbook, for a campaign brought in."
    )
    bringing_in = serializers.BooleanField(
        help_text="Past games and marks may still be brought in (until bring-in/done/)."
    )
    shared = serializers.BooleanField()
    public = serializers.BooleanField()
    hide_unlocked_content = serializers.BooleanField()
    held_on_rewards_end_together = serializers.BooleanField(help_text=HELD_ON_HELP)
    world_capitals_allowed = serializers.IntegerField(help_text=CAPITALS_HELP)
    world_capital_is_a_start = serializers.BooleanField(help_text=CAPITAL_START_HELP)
    missiles_at_setup = reading_field("missiles_at_setup")
    bear_first_attack = reading_field("bear_first_attack")
    bear_three_of_a_kind = reading_field("bear_three_of_a_kind")
    missile_six_natural = reading_field("missile_six_natural")
    missile_order = reading_field("missile_order")
    defence_dice_clamp = reading_field("defence_dice_clamp")
    defence_clamp_order = reading_field("defence_clamp_order")
    dice_order_after_modifiers = reading_field("dice_order_after_modifiers")
    cancelled_scar_territory = reading_field("cancelled_scar_territory")
    scar_on_hq_territory = reading_field("scar_on_hq_territory")
    city_over_mark = reading_field("city_over_mark")
    language = serializers.ChoiceField(choices=list(names.LANGUAGES), help_text=LANGUAGE_HELP)
    world_number = serializers.CharField(help_text="The box's printed world number, or empty.")
    archived = serializers.BooleanField(help_text="Read-only until its owner unarchives it.")
    my_role = serializers.ChoiceField(
        choices=Role.choices, allow_null=True, help_text="Your role; null for a reader."
    )
    share_token = serializers.CharField(
        allow_null=True, help_text="Shown to the owner only: ?share=<token> reads the campaign."
    )


class CampaignDetailSerializer(CampaignSerializer):
    setting_stickers = SettingStickerSerializer(
        many=True,
        help_text="Each setting above that a rule sticker says it changed, with that sticker "
        "(the newest that counts); settings no sticker changed are not listed.",
    )


class ImportJobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=JobStatus.choices,
        help_text="queued, running, then done (campaign_id is set) or failed (error is set).",
    )
    progress = serializers.IntegerField(min_value=0, max_value=100, help_text="Percent done.")
    campaign_id = serializers.IntegerField(
        allow_null=True, help_text="The new campaign, once the job is done."
    )
    notes = serializers.ListField(
        child=serializers.CharField(),
        help_text="What was restored differently (accounts unknown here or not yours to name).",
    )
    error = ErrorBodySerializer(
        allow_null=True, help_text="Why the backup was refused, once the job has failed."
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user_id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=Role.choices)


class MemberAddSerializer(serializers.Serializer):
    username = Text(max_length=150)
    role = serializers.ChoiceField(choices=[Role.EDITOR, Role.VIEWER], default=Role.VIEWER)


class MemberRoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=[Role.EDITOR, Role.VIEWER])


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    user_id = serializers.IntegerField(allow_null=True)
    claim_pending = serializers.BooleanField(
        required=False, help_text="A member claimed this name; the owner has not decided yet."
    )


class PlayerAddSerializer(serializers.Serializer):
    name = Text(max_length=60)
