"""Serializers: input ones check the shape of what a client sends, output ones render answers.

Input serializers never write (no ``create``/``update``): a view hands their ``validated_data``
to a service, which enforces the rules of the box. Numbers that reach a database are bounded
here, so that no request can ask a database about a number it cannot hold.
"""

from __future__ import annotations

from rest_framework import serializers

from api.access import MAX_ID
from campaigns.models import EventKind, GameStatus, Result, Role
from legacy import board, names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG, PACKET_CHOICES
from legacy.models import ContentKind
from legacy.rules import Reward

GAME_NUMBER_MAX = 32767  # a PositiveSmallIntegerField holds no more


def Id(**kwargs):  # noqa: N802 - reads as a field type
    """A database id: a whole number that fits a 64-bit column."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def Slug(**kwargs):  # noqa: N802
    return serializers.CharField(max_length=40, **kwargs)


class PlayerKeyedField(serializers.DictField):
    """A JSON object keyed by player id (JSON keys are strings, so "12" is player 12)."""

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        out = {}
        for key, item in value.items():
            text = str(key)
            # ASCII digits only: str.isdigit() also says yes to "³", which int() refuses.
            if not text.isascii() or not text.isdigit() or len(text) > 18:
                raise serializers.ValidationError(f"{key!r} is not a player id.")
            out[int(text)] = item
        return out


# --- The board ---------------------------------------------------------------------------------


class ContinentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    bonus = serializers.IntegerField()


class TerritorySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    continent = serializers.CharField()
    neighbors = serializers.ListField(child=serializers.CharField())


class BoardSerializer(serializers.Serializer):
    continents = ContinentSerializer(many=True)
    territories = TerritorySerializer(many=True)


# --- Accounts ----------------------------------------------------------------------------------


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


# --- Campaigns, members, players ---------------------------------------------------------------


LANGUAGE_HELP = "The language the board pictures are drawn in: en (English) or ru (Russian)."


class CampaignCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    players = serializers.ListField(
        child=serializers.CharField(max_length=60), max_length=50, required=False, default=list
    )
    language = serializers.ChoiceField(
        choices=list(names.LANGUAGES), required=False, default="en", help_text=LANGUAGE_HELP
    )


class CampaignUpdateSerializer(serializers.Serializer):
    language = serializers.ChoiceField(
        choices=list(names.LANGUAGES),
        required=False,
        help_text=LANGUAGE_HELP + " Pictures already drawn are drawn again.",
    )
    shared = serializers.BooleanField(required=False)
    public = serializers.BooleanField(required=False)
    hide_unlocked_content = serializers.BooleanField(required=False)
    new_share_link = serializers.BooleanField(
        required=False, help_text="Replace the share token: old links stop working."
    )


class CampaignSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField(source="owner.username")
    created_at = serializers.DateTimeField()
    prepared = serializers.BooleanField(help_text="'Before the first game' is done.")
    shared = serializers.BooleanField()
    public = serializers.BooleanField()
    hide_unlocked_content = serializers.BooleanField()
    language = serializers.ChoiceField(choices=list(names.LANGUAGES), help_text=LANGUAGE_HELP)
    my_role = serializers.ChoiceField(
        choices=Role.choices, allow_null=True, help_text="Your role; null for a reader."
    )
    share_token = serializers.CharField(
        allow_null=True, help_text="Shown to the owner only: ?share=<token> reads the campaign."
    )


class ImportedSerializer(serializers.Serializer):
    campaign = CampaignSerializer()
    notes = serializers.ListField(
        child=serializers.CharField(), help_text="What was restored differently (unknown users)."
    )


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user_id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=Role.choices)


class MemberAddSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=[Role.EDITOR, Role.VIEWER], default=Role.VIEWER)


class MemberRoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=[Role.EDITOR, Role.VIEWER])


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    user_id = serializers.IntegerField(allow_null=True)


class PlayerAddSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60)


# --- The world ---------------------------------------------------------------------------------


class AsOfSerializer(serializers.Serializer):
    as_of_game = serializers.IntegerField(
        min_value=0,
        max_value=GAME_NUMBER_MAX,
        required=False,
        help_text="The world at the end of this game (0: before the first game); omit for now.",
    )


class CitySerializer(serializers.Serializer):
    kind = serializers.CharField()
    name = serializers.CharField()
    founder = serializers.IntegerField(allow_null=True)
    population = serializers.IntegerField()
    fortified = serializers.BooleanField()
    boxes_used = serializers.IntegerField()
    fortification_works = serializers.BooleanField()


class TerritoryStateSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    continent = serializers.CharField()
    marked = serializers.BooleanField()
    city = CitySerializer(allow_null=True)
    scar = serializers.CharField(allow_null=True)
    coins = serializers.IntegerField()
    card_destroyed = serializers.BooleanField()
    other_marks = serializers.ListField(child=serializers.CharField())


class ContinentStateSerializer(serializers.Serializer):
    slug = serializers.CharField()
    printed_name = serializers.CharField()
    name = serializers.CharField(allow_null=True, help_text="The name a winner gave it.")
    namer = serializers.IntegerField(allow_null=True)
    bonus = serializers.IntegerField()
    bonus_change = serializers.IntegerField()


class SignatureSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField()
    date = serializers.CharField()
    slogan = serializers.CharField(allow_blank=True)


class WorldSerializer(serializers.Serializer):
    as_of_game = serializers.IntegerField(allow_null=True)
    world_name = serializers.CharField(allow_null=True)
    world_namer = serializers.IntegerField(allow_null=True)
    territories = TerritoryStateSerializer(many=True)
    continents = ContinentStateSerializer(many=True)
    signatures = SignatureSerializer(many=True)
    faction_scars = serializers.DictField(child=serializers.CharField())
    faction_powers = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField())
    )
    packets_opened = serializers.ListField(child=serializers.CharField())
    stock_left = serializers.DictField(child=serializers.IntegerField())
    minor_cities_founded = serializers.IntegerField()


def world_data(world) -> dict:
    """A ``legacy.world.World`` as plain JSON-ready data, territories and continents in board
    order."""
    territories = []
    for t in board.TERRITORIES:
        state = world.territories[t.slug]
        city = state.city
        territories.append(
            {
                "slug": t.slug,
                "name": t.name,
                "continent": t.continent,
                "marked": state.marked,
                "city": None
                if city is None
                else {
                    "kind": city.kind,
                    "name": city.name,
                    "founder": city.founder,
                    "population": city.population,
                    "fortified": city.fortified,
                    "boxes_used": city.boxes_used,
                    "fortification_works": city.fortification_works,
                },
                "scar": state.scar,
                "coins": state.coins,
                "card_destroyed": state.card_destroyed,
                "other_marks": list(state.other_marks),
            }
        )
    continents = [
        {
            "slug": c.slug,
            "printed_name": c.name,
            "name": world.continents[c.slug].name,
            "namer": world.continents[c.slug].namer,
            "bonus": world.continents[c.slug].bonus,
            "bonus_change": world.continents[c.slug].bonus_change,
        }
        for c in board.CONTINENTS
    ]
    return {
        "as_of_game": world.as_of_game,
        "world_name": world.world_name,
        "world_namer": world.world_namer,
        "territories": territories,
        "continents": continents,
        "signatures": [
            {"line": s.line, "player": s.player, "game": s.game, "date": s.date, "slogan": s.slogan}
            for s in world.signatures
        ],
        "faction_scars": dict(world.faction_scars),
        "faction_powers": {k: list(v) for k, v in world.faction_powers.items()},
        "packets_opened": sorted(world.packets_opened),
        "stock_left": dict(world.stock_left),
        "minor_cities_founded": world.minor_cities_founded,
    }


class WorldNameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60)
    rolls = PlayerKeyedField(
        child=serializers.IntegerField(min_value=-1000, max_value=1000),
        required=False,
        help_text="On a tie for most signatures: each tied player's die roll, by player id.",
    )


class WorldNamedSerializer(serializers.Serializer):
    name = serializers.CharField()
    namer = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField()


class LegalStartsQuerySerializer(serializers.Serializer):
    player = Id(required=False, help_text="The player about to place an HQ.")
    hqs = serializers.CharField(
        max_length=2000,
        required=False,
        default="",
        help_text="HQs already placed this setup, comma-separated territory slugs.",
    )


class LegalStartsSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True)
    territories = serializers.ListField(child=serializers.CharField())


class RecruitmentQuerySerializer(serializers.Serializer):
    player = Id(required=False)
    controlled = serializers.CharField(
        max_length=2000, help_text="The territories the player controls, comma-separated slugs."
    )
    trade_coins = serializers.IntegerField(
        min_value=0, max_value=1000, default=0, help_text="Coins on the cards traded in."
    )
    round_up = serializers.BooleanField(default=False, help_text="Imperial Balkania's power.")


class RecruitmentSerializer(serializers.Serializer):
    troops = serializers.IntegerField()


# --- Marks and corrections ---------------------------------------------------------------------


class MarkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    type = serializers.CharField()
    placed_in_game = serializers.IntegerField()
    placed_by = serializers.IntegerField(allow_null=True)
    entered_by = serializers.IntegerField(allow_null=True)
    entered_at = serializers.DateTimeField()
    removed_in_game = serializers.IntegerField(allow_null=True)
    removed_reason = serializers.CharField(allow_blank=True)
    removed_note = serializers.CharField(allow_blank=True)
    voided = serializers.BooleanField()
    counts_now = serializers.BooleanField()
    details = serializers.DictField(help_text="What this type of mark holds (territory, name ...).")


class MarkCorrectionSerializer(serializers.Serializer):
    """A correction: the reason, and only the fields to change (which ones depends on the type
    of mark; the others are refused)."""

    reason = serializers.CharField(max_length=300)
    placed_in_game = serializers.IntegerField(
        min_value=0, max_value=GAME_NUMBER_MAX, required=False
    )
    placed_by = Id(required=False, allow_null=True)
    territory = serializers.CharField(max_length=32, required=False, allow_null=True)
    faction = serializers.CharField(max_length=40, required=False, allow_null=True)
    continent = serializers.CharField(max_length=16, required=False)
    kind = serializers.CharField(max_length=8, required=False, help_text="A city's kind.")
    name = serializers.CharField(max_length=60, required=False)
    label = serializers.CharField(max_length=60, required=False, allow_blank=True)
    text = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    trigger = serializers.CharField(max_length=200, required=False, allow_blank=True)
    boxes_used = serializers.IntegerField(min_value=0, max_value=100, required=False)
    coins_after = serializers.IntegerField(min_value=0, max_value=100, required=False)
    delta = serializers.IntegerField(min_value=-10, max_value=10, required=False)
    line = serializers.IntegerField(min_value=0, max_value=100, required=False)
    date = serializers.DateField(required=False)
    slogan = serializers.CharField(max_length=120, required=False, allow_blank=True)


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class CorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    made_at = serializers.DateTimeField()
    reason = serializers.CharField()
    mark_type = serializers.CharField()
    voided_id = serializers.IntegerField(allow_null=True)
    added_id = serializers.IntegerField(allow_null=True)
    before = serializers.DictField()
    after = serializers.DictField()


class CorrectedMarkSerializer(serializers.Serializer):
    mark = MarkSerializer()
    correction = CorrectionSerializer()


# --- Before the first game ---------------------------------------------------------------------


class FirstGameSerializer(serializers.Serializer):
    powers = serializers.DictField(
        child=serializers.ChoiceField(choices=["a", "b"]),
        help_text="Each faction's kept starting power, by faction slug: 'a' or 'b'.",
    )
    coins = serializers.ListField(
        child=serializers.CharField(max_length=32),
        max_length=100,
        required=False,
        default=list,
        help_text="Territory slugs, one per coin sticker (twice for two on one card).",
    )
    random_coins = serializers.BooleanField(default=False)
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, required=False)

    def validate_powers(self, value):
        unknown = sorted(set(value) - set(FACTION_BY_SLUG))
        if unknown:
            raise serializers.ValidationError(f"There is no faction called {unknown[0]!r}.")
        return value


class FirstGameResultSerializer(serializers.Serializer):
    powers = serializers.DictField(child=serializers.CharField())
    coins = serializers.DictField(child=serializers.IntegerField())


# --- Games ---------------------------------------------------------------------------------------


class SeatPlanSerializer(serializers.Serializer):
    player = Id()
    faction = serializers.CharField(max_length=40)
    hq = serializers.CharField(max_length=32)


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


class GameDetailSerializer(GameSerializer):
    events = EventSerializer(many=True)
    rewards = GameRewardSerializer(many=True)


class RewardSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[r.value for r in Reward])
    territory = serializers.CharField(max_length=32, required=False, allow_null=True)
    continent = serializers.CharField(max_length=16, required=False, allow_null=True)
    name = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    delta = serializers.IntegerField(min_value=-1, max_value=1, required=False, default=0)


class FinishSerializer(serializers.Serializer):
    results = PlayerKeyedField(
        child=serializers.ChoiceField(choices=Result.choices),
        help_text="Every seated player's result, by player id.",
    )
    controlled = PlayerKeyedField(
        child=serializers.ListField(child=serializers.CharField(max_length=32), max_length=42),
        required=False,
        default=dict,
        help_text="What each player who held on controlled at the end, by player id.",
    )
    winner_reward = RewardSerializer(required=False, allow_null=True)
    held_on_rewards = PlayerKeyedField(child=RewardSerializer(), required=False, default=dict)
    slogan = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    signed_on = serializers.DateField(required=False, allow_null=True)


class AmendSerializer(FinishSerializer):
    revision = serializers.IntegerField(min_value=0, max_value=2**31 - 1)
    reason = serializers.CharField(max_length=300)


class FinishResultSerializer(serializers.Serializer):
    game = GameDetailSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    world_to_be_named = serializers.BooleanField()


class ScarEventSerializer(serializers.Serializer):
    scar = Slug(help_text="The scar type's slug, e.g. bunker.")
    territory = serializers.CharField(max_length=32, required=False, allow_null=True)
    faction = serializers.CharField(max_length=40, required=False, allow_null=True)
    player = Id(required=False, allow_null=True)


class MissilesEventSerializer(serializers.Serializer):
    count = serializers.IntegerField(min_value=-1000, max_value=1000)
    player = Id(required=False, allow_null=True)


class RecruitmentEventSerializer(serializers.Serializer):
    player = Id()
    troops = serializers.IntegerField(min_value=-(10**6), max_value=10**6)
    holds_missile = serializers.BooleanField(default=False)


class EliminationEventSerializer(serializers.Serializer):
    player = Id()
    can_rejoin = serializers.BooleanField(default=False)


class RejoinEventSerializer(serializers.Serializer):
    player = Id()


class CoinPileOutEventSerializer(serializers.Serializer):
    territories = PlayerKeyedField(
        child=serializers.IntegerField(min_value=-1000, max_value=1000),
        help_text="Territories each player controls, by player id.",
    )


class MarkEventSerializer(serializers.Serializer):
    kind = Slug(help_text="The slug of a kind of mark the group unlocked.")
    territory = serializers.CharField(max_length=32, required=False, allow_null=True)
    faction = serializers.CharField(max_length=40, required=False, allow_null=True)
    label = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    player = Id(required=False, allow_null=True)


class CityDestroyedEventSerializer(serializers.Serializer):
    territory = serializers.CharField(max_length=32)


class EventResultSerializer(serializers.Serializer):
    event = EventSerializer()
    packets_to_open = serializers.ListField(child=serializers.CharField())
    red_star_to = serializers.IntegerField(allow_null=True)


# --- Packets and what they unlocked -------------------------------------------------------------


class UnlockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=ContentKind.choices)
    title = serializers.CharField(max_length=100)
    text = serializers.CharField(max_length=10000, required=False, allow_blank=True, default="")
    cards = serializers.IntegerField(min_value=0, max_value=1000, required=False, default=0)
    on_faction_card = serializers.BooleanField(required=False, default=False)
    opens_pack_4 = serializers.BooleanField(required=False, default=False)


class PacketOpenSerializer(serializers.Serializer):
    packet = serializers.ChoiceField(choices=PACKET_CHOICES)
    trigger = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    unlocked = UnlockSerializer(many=True, required=False, default=list, max_length=100)


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


def packet_name(slug: str) -> str:
    return PACKET_BY_SLUG[slug].name


# --- Derived views -----------------------------------------------------------------------------


class WinnerLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    name = serializers.CharField()
    player = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField()
    date = serializers.DateField()
    slogan = serializers.CharField(allow_blank=True)


class WinnersSerializer(serializers.Serializer):
    world_name = serializers.CharField(allow_null=True)
    lines = WinnerLineSerializer(many=True)
    lines_left = serializers.IntegerField()


class FactionCardLineSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    x = serializers.BooleanField(help_text="The faction sat this game out.")
    player = serializers.CharField(required=False)
    hq = serializers.CharField(required=False)
    result = serializers.CharField(required=False, allow_blank=True)


class FactionCardSerializer(serializers.Serializer):
    faction = serializers.CharField()
    lines = FactionCardLineSerializer(many=True)


class TallySerializer(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    held_on = serializers.IntegerField()
    eliminated = serializers.IntegerField()


class StandingsSerializer(serializers.Serializer):
    players = serializers.DictField(child=TallySerializer())
    factions = serializers.DictField(child=TallySerializer())


class AuditEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    user = serializers.CharField(source="user.username", allow_null=True, default=None)
    action = serializers.CharField()
    summary = serializers.CharField()
    data = serializers.DictField()


# --- Battle odds -------------------------------------------------------------------------------


class OddsModifiersSerializer(serializers.Serializer):
    bunker = serializers.BooleanField(default=False)
    ammo_shortage = serializers.BooleanField(default=False)
    fortified = serializers.BooleanField(default=False)
    fortification_boxes = serializers.IntegerField(
        default=10, min_value=-(10**6), max_value=10**6, help_text="Boxes still unmarked."
    )
    mechaniker_hq = serializers.BooleanField(default=False)
    mechaniker_double_six = serializers.BooleanField(default=False)
    bear_lower_die = serializers.BooleanField(default=False)
    bear_three_of_a_kind = serializers.BooleanField(default=False)
    missiles = serializers.IntegerField(default=0, min_value=-(10**6), max_value=10**6)
    stop_at = serializers.IntegerField(default=1, min_value=-(10**6), max_value=10**6)


class OddsQuerySerializer(OddsModifiersSerializer):
    attackers = serializers.IntegerField(
        min_value=-(10**6), max_value=10**6, help_text="Troops on the attacking territory."
    )
    defenders = serializers.IntegerField(min_value=-(10**6), max_value=10**6)


class TroopsNeededQuerySerializer(OddsModifiersSerializer):
    defenders = serializers.IntegerField(min_value=-(10**6), max_value=10**6)
    target = serializers.FloatField(help_text="The chance wanted, between 0 and 1.")


class OddsSerializer(serializers.Serializer):
    attackers = serializers.IntegerField()
    defenders = serializers.IntegerField()
    missiles = serializers.IntegerField()
    stop_at = serializers.IntegerField()
    modifiers = serializers.DictField()
    p_conquer = serializers.FloatField()
    attackers_left = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Troops left on the attacking territory -> chance.",
    )
    defenders_left = serializers.DictField(child=serializers.FloatField())
    expected_attacker_losses = serializers.FloatField()
    expected_defender_losses = serializers.FloatField()
    expected_missiles_used = serializers.FloatField()
    p_conquered_outright = serializers.FloatField()
    p_halted = serializers.FloatField()


class TroopsNeededSerializer(serializers.Serializer):
    defenders = serializers.IntegerField()
    target = serializers.FloatField()
    troops = serializers.IntegerField(
        allow_null=True, help_text="Fewest troops on the attacking territory; null: out of reach."
    )
