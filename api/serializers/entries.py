"""The table's entries sent over the API: one input serializer per kind, and the answer."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import (
    Flag,
    Id,
    PlayerKeyedField,
    Slug,
    Text,
    Whole,
)
from api.serializers.games import EventSerializer
from legacy.rules import table_rules


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
        help_text="The entry (seq) that began the roll these missiles join: only the table "
        "knows two entries were one roll. Left out, the missiles are on a new roll of their "
        "own, even while the game's latest entry is a missile entry.",
    )
    new_roll = Flag(
        default=False,
        help_text="The missiles are on a new roll of their own: the default, said out loud "
        "(not with roll).",
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
    no_legal_start = Flag(
        default=False,
        help_text="A faction wiped out earlier, waiting to join the war again, has no legal "
        "start left: it is eliminated now (the legal-starts answer says eliminated). Not "
        "with can_rejoin (rule rejoin-with-no-start).",
    )

    def validate(self, attrs):
        # The service is asked nothing when the entry contradicts itself.
        table_rules.elimination_flags(
            can_rejoin=attrs.get("can_rejoin", False),
            no_legal_start=attrs.get("no_legal_start", False),
        )
        return attrs


class HqTakenEventSerializer(serializers.Serializer):
    player = Id(help_text="Who takes the HQ.")
    hq_of = Id(help_text="Whose HQ it is (the taker themselves when they retake their own).")


class CapitalFoundedEventSerializer(serializers.Serializer):
    territory = Text(max_length=32, help_text="A territory with no city.")
    name = Text(max_length=60, help_text="The World Capital's name.")
    player = Id(required=False, allow_null=True, help_text="Who founds it, if you say who.")


class RejoinEventSerializer(serializers.Serializer):
    player = Id()
    territory = Text(
        max_length=32,
        help_text="Where the faction places half its starting troops (4 of the 8; after "
        "Pack 1's draft, half of what it drafted), no HQ: a legal start, that is "
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
    # A field named like an attribute of Serializer: DRF's metaclass takes declared fields out
    # of the class, so nothing is overridden; the stubs see an assignment.
    label = Text(  # type: ignore[assignment]
        max_length=60, required=False, allow_blank=True, default=""
    )
    player = Id(required=False, allow_null=True)


class CityDestroyedEventSerializer(serializers.Serializer):
    territory = Text(max_length=32)


class FortificationAttackedEventSerializer(serializers.Serializer):
    territory = Text(max_length=32, help_text="The territory of the fortified city attacked.")
    player = Id(required=False, allow_null=True, help_text="The attacker, if you say who.")


class EventResultSerializer(serializers.Serializer):
    event = EventSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    red_star_to = serializers.IntegerField(allow_null=True)
