"""The printed board, the battle odds and the troops needed: no login, no campaign."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from api.serializers.board import (
    BoardSerializer,
    OddsQuerySerializer,
    OddsSerializer,
    TroopsNeededQuerySerializer,
    TroopsNeededSerializer,
)
from api.views.common import ApiView, errors, read_query
from legacy import board, odds


class BoardView(ApiView):
    """The printed board: continents with their base bonus, territories with their neighbours."""

    authentication_classes: list = []

    @extend_schema(responses=BoardSerializer, tags=["board"])
    def get(self, request):
        data = {
            "continents": [
                {"slug": c.slug, "name": c.name, "bonus": c.bonus} for c in board.CONTINENTS
            ],
            "territories": [
                {
                    "slug": t.slug,
                    "name": t.name,
                    "continent": t.continent,
                    "neighbors": sorted(board.neighbors(t.slug)),
                }
                for t in board.TERRITORIES
            ],
        }
        return Response(data)


MODIFIER_NAMES = (
    "bunker",
    "ammo_shortage",
    "scar_effect",
    "fortified",
    "fortification_boxes",
    "mechaniker_hq",
    "mechaniker_double_six",
    "bear_lower_die",
    "bear_three_of_a_kind",
    # The rulebook's open points: without a campaign, the question says its readings.
    "resort",
    "missile_six_is_natural",
    "bear_three_as_rolled",
    "clamp_each",
    "clamp_order",
    "defender_missiles_first",
    "bear_first_roll_only",
    "single_die_is_lower",
)


def _modifiers(data: dict) -> dict:
    return {name: data[name] for name in MODIFIER_NAMES}


class OddsView(ApiView):
    """Exact odds of one attack played to the end (``legacy.odds.battle_odds``)."""

    authentication_classes: list = []

    @extend_schema(
        parameters=[OddsQuerySerializer],
        responses={200: OddsSerializer, **errors(400)},
        tags=["odds"],
    )
    def get(self, request):
        q = read_query(OddsQuerySerializer, request)
        result = odds.battle_odds(
            q["attackers"],
            q["defenders"],
            missiles=q["missiles"],
            defender_missiles=q["defender_missiles"],
            stop_at=q["stop_at"],
            **_modifiers(q),
        )
        return Response(
            {
                "attackers": result.attackers,
                "defenders": result.defenders,
                "missiles": result.missiles,
                "defender_missiles": result.defender_missiles,
                "stop_at": q["stop_at"],
                "modifiers": _modifiers(q),
                "p_conquer": result.p_conquer,
                "attackers_left": {str(k): v for k, v in result.attackers_left.items()},
                "defenders_left": {str(k): v for k, v in result.defenders_left.items()},
                "expected_attacker_losses": result.expected_attacker_losses,
                "expected_defender_losses": result.expected_defender_losses,
                "expected_missiles_used": result.expected_missiles_used,
                "expected_defender_missiles_used": result.expected_defender_missiles_used,
                "p_conquered_outright": result.p_conquered_outright,
                "p_halted": result.p_halted,
            }
        )


class TroopsNeededView(ApiView):
    """The fewest troops on the attacking territory for at least a ``target`` chance."""

    authentication_classes: list = []

    @extend_schema(
        parameters=[TroopsNeededQuerySerializer],
        responses={200: TroopsNeededSerializer, **errors(400)},
        tags=["odds"],
    )
    def get(self, request):
        q = read_query(TroopsNeededQuerySerializer, request)
        troops = odds.troops_needed(
            q["defenders"],
            q["target"],
            missiles=q["missiles"],
            stop_at=q["stop_at"],
            **_modifiers(q),
        )
        return Response({"defenders": q["defenders"], "target": q["target"], "troops": troops})
