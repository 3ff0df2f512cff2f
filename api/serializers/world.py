"""The world as of a game, its name, and the calculators that read it."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers.common import GAME_NUMBER_MAX, Flag, Id, PlayerKeyedField, Slug, Text, Whole


class AsOfSerializer(serializers.Serializer):
    as_of_game = Whole(
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
    added_in_game = serializers.IntegerField(
        allow_null=True, help_text="The game a packet added it in; null: printed on the board."
    )


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
    for t in world.board.territories:
        state = world.territories[t.slug]
        city = state.city
        territories.append(
            {
                "slug": t.slug,
                "name": t.name,
                "continent": t.continent,
                "marked": world.is_marked(t.slug),
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
                "added_in_game": t.added_in,
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
        for c in world.board.continents
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
    name = Text(max_length=60)
    rolls = PlayerKeyedField(
        child=Whole(min_value=-1000, max_value=1000),
        required=False,
        help_text="On a tie for most signatures: each tied player's die roll, by player id.",
    )


class WorldNamedSerializer(serializers.Serializer):
    name = serializers.CharField()
    namer = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField()


class LegalStartsQuerySerializer(serializers.Serializer):
    player = Id(required=False, help_text="The player about to place an HQ, or joining the war.")
    hqs = Text(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        help_text="HQs already placed this setup, comma-separated territory slugs. An HQ's "
        "territory is occupied and, in setup, closes its neighbours too.",
    )
    occupied = Text(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        help_text="Territories occupied now (troops on them), comma-separated territory slugs. "
        "They are not legal starts, but unlike HQs they do not close their neighbours.",
    )
    joining = Flag(
        default=False,
        help_text="Answer for a player joining the war mid-game (half their starting troops, "
        "no HQ): HQs then "
        "count as occupied territories and close nothing around them.",
    )


class LegalStartsSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True)
    joining = serializers.BooleanField(help_text="The answer is for a player joining the war.")
    territories = serializers.ListField(child=serializers.CharField())
    eliminated = serializers.BooleanField(
        help_text="Joining the war with no legal start: the player is eliminated for this game, "
        "even if a legal start opens later."
    )
    troops = serializers.IntegerField(
        help_text="The troops the player places joining the war: half their starting troops, "
        "so half the 8 (4) until Pack 1's draft is in use, then half of what their seat in the "
        "game at the table drafted."
    )


class RecruitmentQuerySerializer(serializers.Serializer):
    player = Id(required=False)
    controlled = Text(
        max_length=2000, help_text="The territories the player controls, comma-separated slugs."
    )
    trade_coins = Whole(
        min_value=0, max_value=1000, default=0, help_text="Coins on the cards traded in."
    )
    round_up = Flag(
        default=False,
        help_text="What if: round up as Imperial Balkania's power (a) does, held or not.",
    )
    faction = Slug(
        required=False,
        allow_blank=True,
        default="",
        help_text="The player's faction (default: the one the player plays in the latest game): "
        "Imperial Balkania rounds up while it holds its power (a).",
    )


class RecruitmentSerializer(serializers.Serializer):
    troops = serializers.IntegerField()
